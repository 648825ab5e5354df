//! Life and death of a group shut in a small region, read to the end (docs/rules.md §5.1: a
//! stone is dead when it could be captured whatever its owner does).
//!
//! The random playouts of [`crate::estimate`] let a group in a corner live when its
//! attacker plays at random inside (M-76-3's White R17-S17, shut in by Black's wall with
//! eight empty points: any Black play at the vital point kills, but the playouts rarely
//! find one). A small region can be searched exhaustively instead: every play of both
//! players on its points, and passes, until the group is captured, has two eyes, or both
//! players pass (the group then lives, alone or in seki).
//!
//! What the search does not see: plays outside the region, but for the liberties of a
//! wall short of them (a wall with two liberties or fewer may be taken); the other walls
//! are taken as safe, so a caller asks only when they hold ([`Shut::held`]). Nor ko
//! threats: a ko is won by whoever may take it, as at the end of a game where no threats
//! are left. A search that runs out of budget or depth answers nothing.

use crate::position_map::PositionMap;
use crate::reading;
use crate::spares::Spares;
use tengen::board::{Board, Cell, Idx, CELLS};
use tengen::color::Color;

/// Regions with more empty points than this are not searched: the group is not shut in.
pub const MAX_EMPTY: usize = 30;

/// The search plays only on the points of the region this close to the group's stones
/// (in steps through the region): farther points are the opponent's own territory,
/// where the group has no room to live.
const REACH: u8 = 3;

/// Regions with more stones of the group's owner than this are not searched.
pub const MAX_STONES: usize = 14;

/// The same limit for a game ended by its passes ([`shut_in_up_to`]), where a bigger
/// group is read too (played-out record 678: White's 18-stone group, which Black kills
/// moving first, is shut in with five empty points). Asked on every record, a bigger limit
/// cost Honinbo records: the search then answers groups whose life hangs on who moves
/// first, and the playouts' verdict was the better one there.
pub const MAX_STONES_ENDED: usize = 30;

/// Walls with this many liberties or fewer are not taken as safe: the search plays on
/// their liberties outside the region too.
const SHORT_WALL: u16 = 2;

/// Regions with more points to play than this are not searched: they seldom finish
/// within the budget (on the records of goban-original-games, most searches of 25
/// points or more ran out of it).
const MAX_POINTS: usize = 24;

/// Positions one question may look at before it gives up.
const BUDGET: u32 = 10_000;

/// A group shut in a region of the board by the opponent's stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shut {
    /// The group's colour.
    pub owner: Color,
    /// The points of the region: its empty points, the owner's stones, and the opponent's
    /// stones that have every liberty inside it (captures empty them). Both players play
    /// only here.
    pub points: Vec<Idx>,
    /// The owner's stones in the region.
    pub stones: Vec<Idx>,
    /// The heads of the opponent chains around the region.
    pub walls: Vec<Idx>,
    /// Whether every wall has two liberties or more outside the region, or few enough
    /// liberties for the search to play them all: otherwise a wall's life hangs on the
    /// region too (a race or a seki with the group) and the search, which takes walls as
    /// safe, cannot answer.
    pub held: bool,
}

/// The region around the chain through `x`: the empty points and the stones of its owner
/// reachable from it without crossing an opponent stone. `None` if `x` is empty or the
/// region is too big to be shut in ([`MAX_EMPTY`], [`MAX_STONES`]).
pub fn shut_in(b: &Board, x: Idx) -> Option<Shut> {
    shut_in_up_to(b, x, MAX_STONES)
}

/// [`shut_in`], with up to `max_stones` stones of the group's owner in the region.
pub fn shut_in_up_to(b: &Board, x: Idx, max_stones: usize) -> Option<Shut> {
    let owner = b.cell(x).color()?;
    let Flood {
        mut seen,
        stones,
        empty,
        walls,
    } = flood(b, x, Cell::stone(owner), max_stones)?;
    // An opponent chain whose liberties are all inside is inside too.
    let (inner, walls): (Vec<Idx>, Vec<Idx>) = walls
        .into_iter()
        .partition(|&h| outside_liberties(b, h, &seen) == 0);
    for h in inner {
        b.for_each_stone(h, |s| seen[s as usize] = true);
    }
    if empty == 0 || walls.is_empty() {
        return None;
    }
    let mut points = near(b, &stones, &seen);
    // A wall short of liberties may be captured from outside: its liberties are played too.
    for &w in walls.iter().filter(|&&w| b.liberties(w) <= SHORT_WALL) {
        b.for_each_stone(w, |s| {
            for n in b.neighbours(s) {
                if b.cell(n) == Cell::Empty && !points.contains(&n) {
                    points.push(n);
                }
            }
        });
    }
    let held = walls
        .iter()
        .all(|&w| b.liberties(w) <= SHORT_WALL || outside_liberties(b, w, &seen) >= 2);
    Some(Shut {
        owner,
        points,
        stones,
        walls,
        held,
    })
}

/// What [`flood`] reached.
struct Flood {
    /// The points reached, by padded index.
    seen: Vec<bool>,
    /// The owner's stones among them.
    stones: Vec<Idx>,
    /// How many of them are empty.
    empty: usize,
    /// The heads of the opponent chains next to them.
    walls: Vec<Idx>,
}

/// The points reachable from `x` through empty points and stones of `own`; `None` once
/// more than [`MAX_EMPTY`] empty points or `max_stones` stones are reached.
fn flood(b: &Board, x: Idx, own: Cell, max_stones: usize) -> Option<Flood> {
    let mut f = Flood {
        seen: vec![false; CELLS],
        stones: Vec::new(),
        empty: 0,
        walls: Vec::new(),
    };
    let mut queue = vec![x];
    f.seen[x as usize] = true;
    while let Some(i) = queue.pop() {
        if b.cell(i) == own {
            f.stones.push(i);
        } else {
            f.empty += 1;
        }
        if f.empty > MAX_EMPTY || f.stones.len() > max_stones {
            return None;
        }
        for n in b.neighbours(i) {
            match b.cell(n) {
                Cell::Wall => {}
                cell if cell == Cell::Empty || cell == own => {
                    if !f.seen[n as usize] {
                        f.seen[n as usize] = true;
                        queue.push(n);
                    }
                }
                _ => {
                    let h = b.chain_head(n);
                    if !f.walls.contains(&h) {
                        f.walls.push(h);
                    }
                }
            }
        }
    }
    Some(f)
}

/// How many liberties the chain through `w` has off the points marked in `region`.
fn outside_liberties(b: &Board, w: Idx, region: &[bool]) -> usize {
    let mut libs: Vec<Idx> = Vec::new();
    b.for_each_stone(w, |s| {
        for n in b.neighbours(s) {
            if b.cell(n) == Cell::Empty && !region[n as usize] && !libs.contains(&n) {
                libs.push(n);
            }
        }
    });
    libs.len()
}

/// The points marked in `region` at most [`REACH`] steps from the `stones` through its
/// empty points.
fn near(b: &Board, stones: &[Idx], region: &[bool]) -> Vec<Idx> {
    let mut dist = vec![u8::MAX; CELLS];
    let mut out: Vec<Idx> = stones.to_vec();
    for &s in stones {
        dist[s as usize] = 0;
    }
    let mut at = 0;
    while at < out.len() {
        let i = out[at];
        at += 1;
        let d = dist[i as usize];
        if d == REACH {
            continue;
        }
        for n in b.neighbours(i) {
            if region[n as usize] && dist[n as usize] == u8::MAX {
                // An opponent stone is a point of the region but no way through it.
                dist[n as usize] = if b.cell(n) == Cell::Empty {
                    d + 1
                } else {
                    REACH
                };
                out.push(n);
            }
        }
    }
    out
}

/// Whether the group shut in `shut` lives with `first` to move: `Some(true)` if the
/// opponent cannot capture its biggest chain, `Some(false)` if she can whatever its owner
/// does, `None` if the search runs out of budget or depth.
pub fn lives(b: &Board, shut: &Shut, first: Color) -> Option<bool> {
    if shut.points.len() > MAX_POINTS {
        return None;
    }
    let target = target(b, shut);
    let mut search = Search {
        owner: shut.owner,
        points: &shut.points,
        target,
        nodes: 0,
        known: PositionMap::default(),
        spare: Spares::default(),
    };
    let depth = (2 * shut.points.len() + 6).min(48) as u8;
    search.lives(b, first, false, depth)
}

/// The chain whose capture decides the search: the biggest of the group (the first of
/// the biggest).
pub fn target(b: &Board, shut: &Shut) -> Idx {
    *shut
        .stones
        .iter()
        .max_by_key(|&&s| (b.chain_len(s), std::cmp::Reverse(s)))
        .expect("a shut group has stones")
}

/// One search: the region, the chain that must not be captured, and the positions solved.
struct Search<'a> {
    owner: Color,
    points: &'a [Idx],
    target: Idx,
    nodes: u32,
    /// Solved positions: (hash, ko point, player to move, whether the last move passed).
    known: PositionMap<(u64, Idx, Color, bool), bool>,
    /// Boards to copy positions into.
    spare: Spares,
}

impl Search<'_> {
    /// `b` after `c` plays `m` (or passes, if `m` is `None`), on a spare board.
    fn after(&mut self, b: &Board, m: Option<Idx>, c: Color) -> Box<Board> {
        let mut next = self.spare.copy(b);
        match m {
            Some(m) => {
                next.play_unchecked(m, c);
            }
            None => next.clear_ko(),
        }
        next
    }

    /// Whether the group lives with `c` to move; `passed` if the last move was a pass.
    fn lives(&mut self, b: &Board, c: Color, passed: bool, depth: u8) -> Option<bool> {
        if b.cell(self.target) != Cell::stone(self.owner) {
            return Some(false);
        }
        if self.eyes(b) >= 2 {
            return Some(true);
        }
        let key = (b.hash(), b.ko_point().unwrap_or(0), c, passed);
        if let Some(&known) = self.known.get(&key) {
            return Some(known);
        }
        if depth == 0 || self.nodes >= BUDGET {
            return None;
        }
        self.nodes += 1;
        let result = if c == self.owner {
            self.owner_moves(b, passed, depth)
        } else {
            self.attacker_moves(b, depth)
        };
        if let Some(r) = result {
            self.known.insert(key, r);
        }
        result
    }

    /// The owner to move: she lives if one play, or a pass, lives.
    fn owner_moves(&mut self, b: &Board, passed: bool, depth: u8) -> Option<bool> {
        let mut unknown = false;
        for m in self.moves(b, self.owner) {
            let next = self.after(b, Some(m), self.owner);
            let r = self.lives(&next, self.owner.opponent(), false, depth - 1);
            self.spare.give(next);
            match r {
                Some(true) => return Some(true),
                None => unknown = true,
                Some(false) => {}
            }
        }
        // Two passes in a row: the group is still there, alive or in seki.
        let pass = if passed {
            Some(true)
        } else {
            let next = self.after(b, None, self.owner);
            let r = self.lives(&next, self.owner.opponent(), true, depth - 1);
            self.spare.give(next);
            r
        };
        match pass {
            Some(true) => Some(true),
            None => None,
            Some(false) => (!unknown).then_some(false),
        }
    }

    /// The attacker to move: the group dies if one of her plays kills it (her pass never
    /// does: the owner passes back).
    fn attacker_moves(&mut self, b: &Board, depth: u8) -> Option<bool> {
        let attacker = self.owner.opponent();
        let mut unknown = false;
        for m in self.moves(b, attacker) {
            let next = self.after(b, Some(m), attacker);
            let r = self.lives(&next, self.owner, false, depth - 1);
            self.spare.give(next);
            match r {
                Some(false) => return Some(false),
                None => unknown = true,
                Some(true) => {}
            }
        }
        (!unknown).then_some(true)
    }

    /// The legal plays of `c` in the region, captures first, then the points with the
    /// most empty neighbours (the vital points of an eye space). The owner does not fill
    /// a point all of whose neighbours are her stones (her own eye).
    fn moves(&self, b: &Board, c: Color) -> Vec<Idx> {
        let own = Cell::stone(self.owner);
        let mut moves: Vec<(u16, Idx)> = self
            .points
            .iter()
            .copied()
            .filter(|&i| reading::legal(b, i, c))
            .filter(|&i| {
                c != self.owner
                    || b.neighbours(i)
                        .iter()
                        .any(|&n| b.cell(n) != own && b.cell(n) != Cell::Wall)
            })
            .map(|i| {
                let captures = b.capture_count(i, c).min(1);
                (captures * 8 + b.neighbour_counts(i).empty() as u16, i)
            })
            .collect();
        moves.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        moves.into_iter().map(|(_, i)| i).collect()
    }

    /// The owner's true eyes of one point in the region: every neighbour her stone (or
    /// the edge), and at most one diagonal the opponent's (none on the edge).
    fn eyes(&self, b: &Board) -> usize {
        let own = Cell::stone(self.owner);
        let opp = Cell::stone(self.owner.opponent());
        let stride = b.stride() as isize;
        self.points
            .iter()
            .filter(|&&i| {
                if b.cell(i) != Cell::Empty
                    || b.neighbours(i)
                        .iter()
                        .any(|&n| b.cell(n) != own && b.cell(n) != Cell::Wall)
                {
                    return false;
                }
                let (mut edge, mut bad) = (false, 0);
                for d in [-stride - 1, -stride + 1, stride - 1, stride + 1] {
                    let j = i as isize + d;
                    let cell = if (0..CELLS as isize).contains(&j) {
                        b.cell(j as Idx)
                    } else {
                        Cell::Wall
                    };
                    edge |= cell == Cell::Wall;
                    bad += (cell == opp) as u8;
                }
                bad == 0 || (!edge && bad == 1)
            })
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::point::Point;

    fn board(text: &str) -> Board {
        Board::from_text(text).unwrap()
    }

    fn at(b: &Board, x: u8, y: u8) -> Idx {
        b.idx(Point { x, y })
    }

    // A White group on the edge shut in by Black with three points in a row of space:
    // Black's play in the middle leaves two points, one eye; White's there makes two eyes.
    const THREE_IN_A_ROW: &str = "\
        . . . . . . .\n\
        X X X X X X X\n\
        X O O O O O X\n\
        X O . . . O X\n";

    #[test]
    fn a_straight_three_lives_or_dies_by_who_plays_first() {
        let b = board(THREE_IN_A_ROW);
        let shut = shut_in(&b, at(&b, 1, 2)).expect("shut in");
        assert_eq!(shut.owner, Color::White);
        assert_eq!(shut.stones.len(), 7);
        assert_eq!(lives(&b, &shut, Color::Black), Some(false));
        assert_eq!(lives(&b, &shut, Color::White), Some(true));
    }

    // Two separate one-point eyes (c1 and e1): alive whoever moves first.
    const TWO_EYES: &str = "\
        . . . . . . .\n\
        X X X X X X X\n\
        X O O O O O X\n\
        X O . O . O X\n";

    #[test]
    fn two_eyes_live_whoever_moves_first() {
        let b = board(TWO_EYES);
        let shut = shut_in(&b, at(&b, 1, 2)).expect("shut in");
        assert_eq!(lives(&b, &shut, Color::Black), Some(true));
        assert_eq!(lives(&b, &shut, Color::White), Some(true));
    }

    // Seki: White's chain and Black's inner chain (d5, e5, f5) share their only two
    // liberties, c5 and g5. Whoever fills one is captured by the other: White's filling
    // loses her whole chain; Black's makes a straight four that White takes, leaving her
    // a straight-four eye space, which lives. So both pass and White lives without an eye.
    const SEKI: &str = "\
        X O . X X X . O X\n\
        X O O O O O O O X\n\
        X X X X X X X X X\n\
        . . . . . . . . .\n\
        . . . . . . . . .\n";

    #[test]
    fn a_seki_lives() {
        let b = board(SEKI);
        let shut = shut_in(&b, at(&b, 1, 0)).expect("shut in");
        // Black's inner chain has all its liberties inside: its points belong to the region.
        assert!(shut.points.contains(&at(&b, 4, 0)));
        assert_eq!(shut.walls.len(), 1);
        assert_eq!(lives(&b, &shut, Color::Black), Some(true));
        assert_eq!(lives(&b, &shut, Color::White), Some(true));
    }

    // Not a seki: Black's inner chain (d5, d4, e4) would make a square of four with e5.
    // Black plays there; White's capture leaves the square-four eye space, and Black's
    // play at its vital point leaves one eye. White dies whoever moves first.
    const SQUARE_FOUR_SACRIFICE: &str = "\
        X O . X . O X\n\
        X O O X X O X\n\
        X X O O O O X\n\
        . X X X X X X\n\
        . . . . . . .\n";

    #[test]
    fn a_sacrifice_that_leaves_a_square_four_kills() {
        let b = board(SQUARE_FOUR_SACRIFICE);
        let shut = shut_in(&b, at(&b, 1, 0)).expect("shut in");
        assert_eq!(lives(&b, &shut, Color::Black), Some(false));
        assert_eq!(lives(&b, &shut, Color::White), Some(false));
    }

    // Black's group (c5, a4-c4) has the two liberties a5 and b5 and no eye; White's wall
    // around it (d5 to a3) is in atari, its last liberty e5 outside the region. Read
    // inside the region alone, Black dies (White a5, Black b5 takes it, White a5 again
    // takes four); with the wall's liberty played too, Black takes the wall at e5.
    const SHORT_WALL_OUTSIDE: &str = "\
        . . X O . X\n\
        X X X O X .\n\
        O O O O X X\n\
        X X X X . .\n\
        . . . . . .\n";

    #[test]
    fn a_group_whose_wall_is_short_of_liberties_lives_by_taking_it() {
        let b = board(SHORT_WALL_OUTSIDE);
        let shut = shut_in(&b, at(&b, 2, 0)).expect("shut in");
        assert_eq!(shut.owner, Color::Black);
        assert!(
            shut.points.contains(&at(&b, 4, 0)),
            "the wall's liberty outside"
        );
        assert_eq!(lives(&b, &shut, Color::White), Some(true));
    }

    // White's a4-b4-b3 is shut in by Black's chain c5-c3-a2, which has three liberties:
    // b5 and a3 inside White's region, d2 outside. The wall's life hangs on the region
    // too (a race with White's group), so the search, which takes walls as safe, may not
    // answer for it.
    const WALL_WITH_ONE_LIBERTY_OUTSIDE: &str = "\
        . . X O O .\n\
        O O X O O .\n\
        . O X X O .\n\
        X X X . O .\n\
        O O O O O .\n";

    #[test]
    fn a_wall_with_one_liberty_outside_does_not_hold() {
        let b = board(WALL_WITH_ONE_LIBERTY_OUTSIDE);
        let shut = shut_in(&b, at(&b, 0, 1)).expect("shut in");
        assert_eq!(shut.owner, Color::White);
        assert_eq!(shut.walls, vec![b.chain_head(at(&b, 2, 0))]);
        assert!(!shut.held);
        // With a second liberty outside (d4 empty too), it holds.
        let mut open = b.clone();
        open.remove_stone(at(&b, 3, 1));
        assert!(shut_in(&open, at(&b, 0, 1)).expect("shut in").held);
    }

    #[test]
    fn a_group_in_open_space_is_not_shut_in() {
        let b = board(
            ". . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . O . . . .\n. . . . . . . . .\n\
             . . . . . . . . .\n. . . . . . . . .\n. . . . . . . . .\n",
        );
        assert_eq!(shut_in(&b, at(&b, 4, 4)), None);
        assert_eq!(
            shut_in(&b, at(&b, 0, 0)),
            None,
            "an empty point is no group"
        );
    }

    // Played-out record 111 (9x9), its White group made smaller where it has no
    // liberties (and Black's c9 b9 f3 added) so that the search takes it: White's group
    // has the points h9 j9 j8 j7 h7 h6 around its stone h8, and a lone stone j6; Black's
    // wall d7-f8 has two liberties, c7 and d8. The cleanup that made the record's truth
    // (GNU Go for both players) played Black j7, White h6, and White died; GNU Go's owl
    // reading calls the group a ko with Black first (j7). Read to the end, White answers
    // j7 at h7: Black's h6 takes j6 (a ko), White's c7 ataris the wall, Black's b7 takes
    // it, White's j6 takes back, and Black's j7 is in atari. White lives whoever moves
    // first; after j7 and h6 she dies.
    const RECORD_111: &str = "\
        . X X X O O O . .\n\
        . . X . X X O O .\n\
        . . . X X O O . .\n\
        X X X O X X O . O\n\
        X X X O O O O O X\n\
        X X X X X O X X X\n\
        X . X X X X X . .\n\
        X X X X X X X . .\n\
        . X . X X . X . .\n";

    /// Whether White's group through g8 lives on `b` with `first` to move.
    fn corner_lives(b: &Board, first: Color) -> Option<bool> {
        let g8 = b.idx(Point::from_gtp("G8", b.size()).unwrap());
        let shut = shut_in_up_to(b, g8, MAX_STONES_ENDED).expect("shut in");
        assert_eq!(shut.owner, Color::White);
        lives(b, &shut, first)
    }

    /// `b` after the plays `moves` (GTP names), Black first.
    fn after(b: &Board, moves: &[&str]) -> Board {
        let mut b = b.clone();
        for (k, m) in moves.iter().enumerate() {
            let c = if k % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let i = b.idx(Point::from_gtp(m, b.size()).unwrap());
            b.play_unchecked(i, c);
        }
        b
    }

    #[test]
    fn a_group_the_cleanup_killed_lives_with_the_right_answer() {
        let b = board(RECORD_111);
        assert_eq!(corner_lives(&b, Color::Black), Some(true));
        assert_eq!(corner_lives(&b, Color::White), Some(true));
        // Black's j7 must be answered: White passing dies, h7 lives, h6 dies.
        let j7 = after(&b, &["J7"]);
        assert_eq!(corner_lives(&j7, Color::Black), Some(false));
        assert_eq!(corner_lives(&j7, Color::White), Some(true));
        assert_eq!(
            corner_lives(&after(&b, &["J7", "H7"]), Color::Black),
            Some(true)
        );
        assert_eq!(
            corner_lives(&after(&b, &["J7", "H6"]), Color::Black),
            Some(false)
        );
        // Without the wall's weakness White has no threat for the ko, and dies.
        let mut strong = b.clone();
        strong.play_unchecked(
            b.idx(Point::from_gtp("C7", b.size()).unwrap()),
            Color::Black,
        );
        assert_eq!(corner_lives(&strong, Color::Black), Some(false));
    }
}
