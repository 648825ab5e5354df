//! Which stones are dead: unconditional status where it answers, the playouts' ownership
//! elsewhere (after the passes, also chains stranded in the opponent's area), corrected
//! by reading chains short of liberties, capturing races, groups shut in small regions
//! (after the passes also those shut in by their owner's dead stones and the opponent's
//! settled area) and chains whose second eye is a dead stone's point.

use super::ownership::playout_ownership;
use super::{EstimateOptions, Reading};
use crate::enclosed;
use crate::reading::{Defence, Reader};
use crate::semeai;
use tengen::board::{Board, Cell, Idx};
use tengen::color::Color;
use tengen::grid::Grid;
use tengen::life::{self, Status};
use tengen::point::Point;

/// The dead stones of `board` (see [`super::estimate`]).
pub(super) fn read_dead(board: &Board, options: EstimateOptions) -> Reading {
    let grid = Grid::from_board(board);
    let ownership = playout_ownership(board, options);
    let status = life::unconditional_status(&grid, options.suicide);
    let settled = settled_ownership(&grid, &ownership);
    let settled_at = |i: Idx| settled[grid.k(board.point(i))];
    let mut dead = Vec::new();
    for chain in grid.areas() {
        let Some(c) = grid.get(chain.points[0]) else {
            continue;
        };
        match status[grid.k(chain.points[0])] {
            Status::Alive => continue,
            Status::Dead => {
                dead.extend(chain.points);
                continue;
            }
            _ => {}
        }
        let sign = if c == Color::Black { 1.0 } else { -1.0 };
        let own = sign * settled[grid.k(chain.points[0])];
        // Dead when the playouts give its points to the opponent more often than not
        // (thresholds of -0.8 to +0.3 were tried on the Honinbo records: 0 was best),
        // unless reading a chain short of liberties says otherwise.
        let stranded = || {
            options.ended
                && own < FIRM
                && stranded(
                    board,
                    board.idx(chain.points[0]),
                    &settled_at,
                    options.to_move,
                )
        };
        let by_playouts = own < 0.0 || stranded();
        if read_status(board, chain.points[0]).unwrap_or(by_playouts) {
            dead.extend(chain.points);
        }
    }
    dead.sort();
    let undecided = |i: Idx| status[grid.k(board.point(i))] == Status::Undecided;
    settle_races(board, &mut dead, undecided);
    settle_captures(board, &mut dead, undecided);
    let mut allowance = enclosed::Allowance::ESTIMATE;
    let asked = settle_enclosed(board, &mut dead, undecided, options.ended, &mut allowance);
    if options.ended {
        settle_hemmed_in(
            board,
            &mut dead,
            undecided,
            &settled_at,
            &asked,
            &mut allowance,
        );
    }
    Reading {
        ownership,
        status,
        dead,
    }
}

/// The playouts' ownership (from Black's side, by point as in `ownership`) of each empty
/// point, and for each stone the mean over its chain: how settled the chain is.
fn settled_ownership(grid: &Grid, ownership: &[f32]) -> Vec<f32> {
    let mut settled = ownership.to_vec();
    for chain in grid.areas() {
        if grid.get(chain.points[0]).is_some() {
            let k = |p| grid.k(p);
            let mean = chain.points.iter().map(|&p| ownership[k(p)]).sum::<f32>()
                / chain.points.len() as f32;
            chain.points.iter().for_each(|&p| settled[k(p)] = mean);
        }
    }
    settled
}

/// How firmly the playouts must give a chain to its owner (its mean ownership, from the
/// owner's side) for [`stranded`] to count it as settled.
const FIRM: f32 = 0.5;

/// Whether the chain through `x` is stranded in its opponent's area, which after the
/// passes makes it dead: flooding from it through empty points and stones of its colour
/// reaches no other chain that the playouts give firmly to its owner (a friend to join)
/// and no empty region that only its colour borders (an eye, or room for one), touches no
/// opponent chain that they do not give firmly to the opponent and that it could capture
/// with `first` resuming play (see [`capturable`]), and the empty points it reaches lean
/// to the opponent. The owner passed instead of making life, and her opponent had
/// nothing to fear there; a chain with two real eyes of its own is unconditionally alive
/// and never asked. Played-out record 427: Black's L3, M2 and M4 in White's open lower
/// right, which the playouts leave at an ownership of 0.0 and GNU Go's owl reading
/// kills. `settled_at` is the playouts'
/// ownership from Black's side: of the point if empty, of its chain if a stone (see
/// [`settled_ownership`]).
fn stranded(board: &Board, x: Idx, settled_at: &impl Fn(Idx) -> f32, first: Color) -> bool {
    let owner = board.cell(x).color().expect("a chain");
    let sign = if owner == Color::Black { 1.0 } else { -1.0 };
    let owned = |i: Idx| sign * settled_at(i);
    let head = board.chain_head(x);
    let opponent = Cell::stone(owner.opponent());
    let mut seen = vec![false; tengen::board::CELLS];
    seen[x as usize] = true;
    let mut stack = vec![x];
    let mut lean = 0.0;
    let mut classified = vec![false; tengen::board::CELLS];
    while let Some(i) = stack.pop() {
        let own_stone = board.cell(i).color().is_some();
        if own_stone && board.chain_head(i) != head && owned(i) >= FIRM {
            return false;
        }
        if !own_stone {
            lean += owned(i);
            // An empty region only its colour borders is an eye, or room for one: the
            // stones may yet live there, and their owner had no need to play.
            if !classified[i as usize] && owns_region(board, i, owner, &mut classified) {
                return false;
            }
        }
        for n in board.neighbours(i) {
            let cell = board.cell(n);
            if cell == opponent {
                // A weak opponent chain next to the stones is a capture they may live by
                // (played-out record 232: White's F8 G8 H6 H7 take Black's J7 J8), unless
                // its owner moves first and keeps it (record 518).
                if own_stone && -owned(n) < FIRM && capturable(board, n, first) {
                    return false;
                }
            } else if cell != Cell::Wall && !seen[n as usize] {
                seen[n as usize] = true;
                stack.push(n);
            }
        }
    }
    lean < 0.0
}

/// Whether the stranded stones could live by capturing the opponent chain through `n`,
/// which the playouts do not give firmly to the opponent, when play resumes with `first`
/// (docs/rules.md §5.1: the opponent of the last passer). With its owner moving first,
/// only if tactical reading finds it lost even so: otherwise she keeps it (or has no need
/// to), and the stones have nothing to take. Played-out record 518: Black's C3-C5 and A5
/// round White's lone B4 (three liberties), White to move.
fn capturable(board: &Board, n: Idx, first: Color) -> bool {
    board.cell(n).color() != Some(first) || Reader::new().defend(board, n) == Defence::Lost
}

/// Whether the empty region through `e` (a maximal connected set of empty points) is
/// bordered by stones of `owner` only: an eye, or room for one. Marks its points in
/// `classified`.
fn owns_region(board: &Board, e: Idx, owner: Color, classified: &mut [bool]) -> bool {
    let opponent = Cell::stone(owner.opponent());
    let mut stack = vec![e];
    classified[e as usize] = true;
    let mut own = true;
    while let Some(i) = stack.pop() {
        for n in board.neighbours(i) {
            let cell = board.cell(n);
            if cell == opponent {
                own = false;
            } else if cell == Cell::Empty && !classified[n as usize] {
                classified[n as usize] = true;
                stack.push(n);
            }
        }
    }
    own
}

/// Whether tactical reading finds the chain through `p`, with one or two liberties, lost
/// even with its owner to move (random playouts let such chains run): `Some(true)` then,
/// else `None` (reading does not decide). The converse, calling alive a chain that the
/// opponent cannot capture by playing on its liberties, was tried and lost a sixth of
/// the exact results on the Honinbo records: a dead chain inside the opponent's area
/// often cannot be taken that way at once (the capturing stone would be in atari), only
/// after an approach move that this reading does not try.
fn read_status(board: &Board, p: Point) -> Option<bool> {
    let i = board.idx(p);
    if board.liberties(i) > 2 {
        return None;
    }
    (Reader::new().defend(board, i) == Defence::Lost).then_some(true)
}

/// Corrects the playouts' verdict on chains in capturing races (see [`crate::semeai`],
/// read with approach plays): a chain called dead that wins or holds a race against a
/// neighbouring opponent chain even with the opponent moving first is not dead (a seki,
/// or a race it wins), and the opponent chain is dead if it is captured in that race. Only chains short of liberties
/// whose unconditional status is undecided (`undecided`, by a stone) race. A chain that wins only when it moves
/// first keeps the playouts' verdict: capturing a weak neighbour does not make a chain
/// inside the opponent's area alive (trying that lost exact results on the Honinbo
/// records). Nor does a single stone race: one left inside the opponent's area can look
/// like a seki with a neighbouring chain read alone, while the opponent gains liberties
/// by capturing other dead stones first (record 160 of the played-out set). A
/// neighbour called dead races too: two neighbouring chains of opposite colours both
/// called dead (played-out record 617: White's corner with two liberties beside Black's
/// chain in atari, which White takes) are a contradiction the race resolves.
fn settle_races(board: &Board, dead: &mut Vec<Point>, undecided: impl Fn(Idx) -> bool) {
    let is_dead = |dead: &[Point], i: Idx| called_dead(board, dead, i);
    let racing = |i: Idx| board.liberties(i) < semeai::ESCAPED && undecided(i);
    let heads: Vec<Idx> = board
        .indices()
        .filter(|&i| board.cell(i).color().is_some() && board.chain_head(i) == i)
        .collect();
    let mut alive: Vec<Idx> = Vec::new();
    let mut killed: Vec<Idx> = Vec::new();
    for &x in &heads {
        if !is_dead(dead, x) || !racing(x) || board.chain_len(x) < 2 {
            continue;
        }
        let owner = board.cell(x).color().expect("a chain");
        for y in neighbour_heads(board, x) {
            // Two neighbouring chains of two colours both called dead cannot both be
            // (one captures the other), so their race is read too, unless the dead
            // neighbour is a single stone, which does not race (see above).
            let lone_dead = is_dead(dead, y) && board.chain_len(y) < 2;
            if lone_dead || !racing(y) {
                continue;
            }
            // Safe even with the opponent moving first: the race is settled in its
            // favour (a seki, or a win that kills the opponent chain).
            let second = semeai::race_approaching(board, x, y, owner.opponent());
            if second.is_some_and(|o| o >= semeai::Outcome::Neither) {
                alive.push(x);
                if second == Some(semeai::Outcome::Won) {
                    killed.push(y);
                }
            }
        }
    }
    let points = |heads: &[Idx]| -> Vec<Point> {
        let mut out = Vec::new();
        for &h in heads {
            board.for_each_stone(h, |s| out.push(board.point(s)));
        }
        out
    };
    revise(dead, &points(&alive), points(&killed));
}

/// Corrects the verdict on chains whose second eye is the point of a dead opponent stone:
/// a chain called dead that touches an opponent chain in atari, which reading finds lost
/// even with its owner to move, is alive when, that chain captured, it has two eyes
/// ([`eyes`]); the captured chain is dead. Random playouts rarely make the capture and
/// the eye together. Fresh played-out record 152 (13x13, built after round 36 as unseen
/// positions): White's corner L1-N5 has the eye N1 N2 and takes Black's N6 at N7 for the
/// second, which GNU Go's reading and its cleanup both leave alive.
fn settle_captures(board: &Board, dead: &mut Vec<Point>, undecided: impl Fn(Idx) -> bool) {
    let is_dead = |dead: &[Point], i: Idx| called_dead(board, dead, i);
    let mut alive: Vec<Point> = Vec::new();
    let mut killed: Vec<Point> = Vec::new();
    for x in board.indices() {
        if board.cell(x).color().is_none()
            || board.chain_head(x) != x
            || !is_dead(dead, x)
            || !undecided(x)
        {
            continue;
        }
        let owner = board.cell(x).color().expect("a chain");
        for y in neighbour_heads(board, x) {
            if board.liberties(y) != 1 {
                continue;
            }
            let l = crate::reading::liberties::<1>(board, y)[0];
            if !crate::reading::legal(board, l, owner)
                || Reader::new().defend(board, y) != Defence::Lost
            {
                continue;
            }
            let mut next = board.clone();
            next.play_unchecked(l, owner);
            if next.cell(x) != Cell::stone(owner) {
                continue;
            }
            let friendly = |i: Idx| {
                next.chain_head(i) == next.chain_head(x)
                    || (board.cell(i) == Cell::stone(owner) && !is_dead(dead, i))
                    || i == l
            };
            if eyes(&next, x, &friendly) >= 2 {
                board.for_each_stone(x, |s| alive.push(board.point(s)));
                board.for_each_stone(y, |s| killed.push(board.point(s)));
                break;
            }
        }
    }
    revise(dead, &alive, killed);
}

/// How many eyes the chain through `x` has: empty regions next to it all of whose points
/// are its liberties (Benson's vital regions) and whose bordering stones are all
/// `friendly` (the chain, or chains of its colour taken as alive: an eye shared with a
/// live chain is as good as its own).
fn eyes(b: &Board, x: Idx, friendly: &impl Fn(Idx) -> bool) -> usize {
    let head = b.chain_head(x);
    let mut seen = vec![false; tengen::board::CELLS];
    let mut count = 0;
    let libs: Vec<Idx> = {
        let mut v = Vec::new();
        b.for_each_stone(x, |s| {
            for n in b.neighbours(s) {
                if b.cell(n) == Cell::Empty && !v.contains(&n) {
                    v.push(n);
                }
            }
        });
        v
    };
    for &start in &libs {
        if seen[start as usize] {
            continue;
        }
        let mut stack = vec![start];
        seen[start as usize] = true;
        let mut ok = true;
        while let Some(i) = stack.pop() {
            let mut touches = false;
            for n in b.neighbours(i) {
                match b.cell(n) {
                    Cell::Empty => {
                        if !seen[n as usize] {
                            seen[n as usize] = true;
                            stack.push(n);
                        }
                    }
                    Cell::Wall => {}
                    _ => {
                        if b.chain_head(n) == head {
                            touches = true;
                        } else if !friendly(n) {
                            ok = false;
                        }
                    }
                }
            }
            ok &= touches;
        }
        count += ok as usize;
    }
    count
}

/// Whether the stone on `i` is in the sorted list of stones called `dead`.
fn called_dead(board: &Board, dead: &[Point], i: Idx) -> bool {
    dead.binary_search(&board.point(i)).is_ok()
}

/// Takes the `alive` stones out of the sorted `dead` list and puts the `killed` ones in.
fn revise(dead: &mut Vec<Point>, alive: &[Point], killed: Vec<Point>) {
    dead.retain(|p| !alive.contains(p));
    dead.extend(killed);
    dead.sort();
    dead.dedup();
}

/// Reads out the groups shut in small regions (see [`crate::enclosed`]): a group the
/// opponent cannot capture even moving first is alive (with every stone of its owner in
/// the region: M-75-7's corner), one she captures even with its owner moving first is
/// dead (M-76-3's corner). A group that lives only if its owner moves first keeps the
/// playouts' verdict: giving it to the player who starts the finishing cost 28 of the 216
/// exact results on the records of goban-original-games, to the other player 6 (most
/// such groups are stones left inside the opponent's area, which the search lets run out
/// of the region's reach). Only groups
/// whose unconditional status is `undecided` (by a stone) are read, and only when their
/// walls hold ([`enclosed::Shut::held`]) and none is called dead or is itself shut in a
/// small region (two groups racing: neither wall is safe, Hon-59-3).
///
/// After a game `ended` by its passes, nobody plays any more: a group that lives only if
/// its owner moves first is dead, as a confirmation with the opponent moving first would
/// find, and groups of up to [`enclosed::MAX_STONES_ENDED`] stones are read (played-out
/// record 678: White's 18 stones round a five-point eye space that Black kills moving
/// first; every stone right 99.89% -> 99.92% on the played-out set, no count changed).
/// Letting the player to move decide instead (she moves first on resumption, docs/rules.md
/// §5.1) lost stones: 99.89% and area exact 98.7% -> 98.1%. The records, which stop on a
/// play, do not move.
///
/// Returns, by stone, whether the search was asked about its group.
fn settle_enclosed(
    board: &Board,
    dead: &mut Vec<Point>,
    undecided: impl Fn(Idx) -> bool,
    ended: bool,
    allowance: &mut enclosed::Allowance,
) -> Vec<bool> {
    let (max_stones, effort) = if ended {
        (enclosed::MAX_STONES_ENDED, enclosed::EFFORT_ENDED)
    } else {
        (enclosed::MAX_STONES, enclosed::EFFORT)
    };
    let is_dead = |dead: &[Point], i: Idx| called_dead(board, dead, i);
    let mut read = vec![false; tengen::board::CELLS];
    let mut asked = vec![false; tengen::board::CELLS];
    let mut alive: Vec<Point> = Vec::new();
    let mut killed: Vec<Point> = Vec::new();
    for x in board.indices() {
        if read[x as usize] || board.cell(x).color().is_none() || !undecided(x) {
            continue;
        }
        let found = if ended {
            enclosed::shut_in_or_racing(board, x, max_stones)
        } else {
            enclosed::shut_in_up_to(board, x, max_stones)
        };
        let Some(shut) = found else {
            continue;
        };
        for &s in &shut.stones {
            read[s as usize] = true;
        }
        let unsafe_wall = |w: Idx| is_dead(dead, w) || enclosed::shut_in(board, w).is_some();
        if !shut.held || shut.walls.iter().any(|&w| unsafe_wall(w)) {
            continue;
        }
        if leans_on_dead(board, &shut, |i| is_dead(dead, i)) {
            continue;
        }
        for &s in &shut.stones {
            asked[s as usize] = true;
        }
        // After the passes the owner has no move left to defend: a group that dies with
        // the opponent moving first is dead.
        let mut lives = |first| enclosed::lives_within(board, &shut, first, effort, allowance);
        let verdict = match lives(shut.owner.opponent()) {
            Some(false) if !ended => lives(shut.owner).filter(|&l| !l),
            other => other,
        };
        let stones = shut.stones.iter().map(|&s| board.point(s));
        match verdict {
            Some(true) => alive.extend(stones),
            Some(false) => killed.extend(stones),
            None => {}
        }
    }
    revise(dead, &alive, killed);
    asked
}

/// After the passes, reads the groups shut in once the opponent's hold round them is
/// counted ([`opponents_view`]): a group she captures moving first is dead, as in
/// [`settle_enclosed`]. Such a group's region reaches the open board only through its
/// owner's dead stones or the opponent's settled territory, where it has no room to live,
/// so the shut-in search, which takes the board as it stands, never asks. Fresh 19x19
/// played-out record 34: Black's ten stones in seven chains round a four-point space in
/// White's upper right, their region open through Black's dead K14 L14 and R10-R13; the
/// playouts leave them at an even 0.0, and GNU Go's owl reading and the cleanup kill them
/// (White's Q17 takes the eye at P16). Only a death is read: a life found there rests on
/// the opponent's hold, and the groups it would spare are those the playouts call dead.
///
/// A group shut in as the board stands is read here too when `settle_enclosed` did not
/// ask (`asked`, by stone): there a wall of hers is shut in itself, by the owner's dead
/// stones, and counted as unsafe; in her view those stones are hers and the wall is safe.
/// Played-out 13x13 set, record 37: Black's eyeless twelve stones round White's m2-n2 in
/// the lower right, which the playouts call alive (a seki to them); White's throw-in at n1
/// leaves Black a bent three to take back, and White's n2 kills it. Not read: a region
/// holding her own dead stones, which the group takes back if she captures it (record 54
/// of the 9x9 set: Black's lone j6 among White's dead h6-h8 j8).
fn settle_hemmed_in(
    board: &Board,
    dead: &mut Vec<Point>,
    undecided: impl Fn(Idx) -> bool,
    settled_at: &impl Fn(Idx) -> f32,
    asked: &[bool],
    allowance: &mut enclosed::Allowance,
) {
    let is_dead = |i: Idx| called_dead(board, dead, i);
    let mut killed: Vec<Point> = Vec::new();
    for owner in [Color::Black, Color::White] {
        let attacker = owner.opponent();
        let view = opponents_view(board, owner, is_dead, settled_at);
        let mut read = vec![false; tengen::board::CELLS];
        for x in board.indices() {
            if read[x as usize]
                || board.cell(x) != Cell::stone(owner)
                || !undecided(x)
                || is_dead(x)
                || asked[x as usize]
            {
                continue;
            }
            let Some(shut) = enclosed::shut_in_up_to(&view, x, enclosed::MAX_STONES_ENDED) else {
                continue;
            };
            for &s in &shut.stones {
                read[s as usize] = true;
            }
            let unsafe_wall = |w: Idx| {
                view.any_stone(w, |s| board.cell(s) == Cell::stone(attacker) && is_dead(s))
                    || enclosed::shut_in(&view, w).is_some()
            };
            // Her dead stones inside: the group takes them back if she captures it, a
            // line the search, which stops at the capture, does not read.
            let holds_dead = |p: &Idx| board.cell(*p) == Cell::stone(attacker) && is_dead(*p);
            if !shut.held
                || shut.walls.iter().any(|&w| unsafe_wall(w))
                || shut.points.iter().any(holds_dead)
            {
                continue;
            }
            let effort = enclosed::EFFORT_ENDED;
            if enclosed::lives_within(&view, &shut, attacker, effort, allowance) == Some(false) {
                killed.extend(shut.stones.iter().map(|&s| board.point(s)));
            }
        }
    }
    revise(dead, &[], killed);
}

/// The board as `owner`'s opponent holds it after the passes: `owner`'s stones called
/// dead are hers (she takes them, and their points are her territory), and so is every
/// empty point the playouts give her firmly ([`FIRM`]; `settled_at` is their ownership
/// from Black's side), where a stone of hers is put unless it would leave a chain
/// without a liberty.
fn opponents_view(
    board: &Board,
    owner: Color,
    is_dead: impl Fn(Idx) -> bool,
    settled_at: &impl Fn(Idx) -> f32,
) -> Board {
    let attacker = owner.opponent();
    let mut view = Board::new(board.size());
    for i in board.indices() {
        if let Some(c) = board.cell(i).color() {
            // Her stone where `owner`'s dead one stands.
            let c = if c == owner && is_dead(i) {
                attacker
            } else {
                c
            };
            view.place_unchecked(i, c);
        }
    }
    let sign = if attacker == Color::Black { 1.0 } else { -1.0 };
    for i in board.indices() {
        if view.cell(i) == Cell::Empty
            && sign * settled_at(i) >= FIRM
            && keeps_liberties(&view, i, attacker)
        {
            view.place_unchecked(i, attacker);
        }
    }
    view
}

/// Whether a stone of `c` put on the empty point `i` (setup, capturing nothing) leaves
/// every chain, its own too, a liberty.
fn keeps_liberties(b: &Board, i: Idx, c: Color) -> bool {
    let own = Cell::stone(c);
    let ns = b.neighbours(i);
    ns.iter()
        .all(|&n| b.cell(n) != Cell::stone(c.opponent()) || b.liberties(n) > 1)
        && ns
            .iter()
            .any(|&n| b.cell(n) == Cell::Empty || (b.cell(n) == own && b.liberties(n) > 1))
}

/// Whether the group shut in `shut` would join, by capturing an opponent chain inside its
/// region, stones of its owner outside the region that are called dead: the search takes
/// them as safe, so the life it finds there may be theirs to lose (fresh played-out
/// record 96: White's group lives by taking Black's chain that touches her dead stones).
fn leans_on_dead(board: &Board, shut: &enclosed::Shut, called_dead: impl Fn(Idx) -> bool) -> bool {
    let own = Cell::stone(shut.owner);
    let opp = Cell::stone(shut.owner.opponent());
    shut.points.iter().any(|&p| {
        board.cell(p) == opp
            && board
                .neighbours(p)
                .iter()
                .any(|&n| board.cell(n) == own && !shut.stones.contains(&n) && called_dead(n))
    })
}

/// The heads of the opponent chains next to the chain through `x`.
pub(super) fn neighbour_heads(board: &Board, x: Idx) -> Vec<Idx> {
    let opp = board.cell(x).color().map(|c| Cell::stone(c.opponent()));
    let mut out = Vec::new();
    board.for_each_stone(x, |s| {
        for n in board.neighbours(s) {
            if Some(board.cell(n)) == opp {
                let h = board.chain_head(n);
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::rules::Suicide;

    #[test]
    fn a_group_that_lives_by_taking_a_chain_next_to_its_dead_stones_leans_on_them() {
        // Fresh played-out record 96, turned: White's g3 g2 and e1 f1 are shut in with
        // the points g1 h1 h2 h3 j1-j4 and Black's g4 h4 h5 j5, whose liberties are all
        // inside. Taking that chain joins White's group to her f4 g5 h6 j6 outside the
        // region, which the search takes as safe: if they are called dead, the group's
        // life there is not its own.
        let b = Board::from_text(
            ". . . . . . X . .
             . O . . . X X X O
             . X O O O O X O .
             X . X X O O X O O
             . X . . X O O X X
             . . X X O O X X .
             . . X O O X O . .
             . X X X X X O . .
             . X . X O O . . .",
        )
        .unwrap();
        let at = |s: &str| b.idx(Point::from_gtp(s, b.size()).unwrap());
        let shut = enclosed::shut_in_up_to(&b, at("G3"), enclosed::MAX_STONES_ENDED).unwrap();
        assert_eq!(shut.owner, Color::White);
        assert!(shut.points.contains(&at("H4")), "Black's inner chain");
        assert!(!leans_on_dead(&b, &shut, |_| false));
        let outside = b.chain_head(at("G5"));
        assert!(leans_on_dead(&b, &shut, |i| b.chain_head(i) == outside));
        // Stones of the group itself called dead are no outside help.
        let own = b.chain_head(at("G3"));
        assert!(!leans_on_dead(&b, &shut, |i| b.chain_head(i) == own));
    }

    #[test]
    fn a_chain_whose_second_eye_is_a_dead_stones_point_is_alive() {
        // White's corner e1 f1 f2 f3 g3 g4 g5 has the eye g1 g2 and touches Black's g6,
        // whose one liberty is g7, where Black's stone would be suicide: White takes g6 at
        // g7, and g6 becomes her second eye, shared with her f6 f7 g7. Called dead (as
        // the playouts may), the corner is alive and g6 dead.
        let b = Board::from_text(
            ". . . . . O .
             . . . . X O X
             . . . . X X O
             . . . . X X O
             . . . . X O O
             . . . X X O .
             . . . X O O .",
        )
        .unwrap();
        let pt = |s| Point::from_gtp(s, b.size()).unwrap();
        let corner = ["E1", "F1", "F2", "F3", "G3", "G4", "G5"].map(pt);
        let settled = |called: &[Point]| {
            let mut dead = called.to_vec();
            dead.sort();
            settle_captures(&b, &mut dead, |_| true);
            dead
        };
        let mut called = corner.to_vec();
        called.push(pt("G6"));
        assert_eq!(settled(&called), vec![pt("G6")]);
        // With f6 f7 called dead too, g6's point is no eye of White's: nothing changes.
        called.extend(["F6", "F7"].map(pt));
        called.sort();
        assert_eq!(settled(&called), called);
        // Without White's f7, her f6 is in atari too and Black saves g6 by taking it at
        // f7: no certain capture, no change.
        let mut open = b.clone();
        open.remove_stone(open.idx(pt("F7")));
        let mut dead = corner.to_vec();
        dead.push(pt("G6"));
        dead.sort();
        let before = dead.clone();
        settle_captures(&open, &mut dead, |_| true);
        assert_eq!(dead, before);
    }

    #[test]
    fn reading_calls_dead_a_chain_that_cannot_escape() {
        // Black's three stones at the bottom have two liberties, c1 and e1; White to move
        // takes either, and Black to move only makes a bigger chain with one liberty.
        let b = Board::from_text(
            ". . . . . . .
             O O O O O O O
             O O O O O O O
             X O X X O O .
             . O . X . X .",
        )
        .unwrap();
        let p = |b: &Board, s| Point::from_gtp(s, b.size()).unwrap();
        assert_eq!(read_status(&b, p(&b, "D1")), Some(true));
        // The lone stone on f1 crawls along the edge and dies too.
        assert_eq!(read_status(&b, p(&b, "F1")), Some(true));
        // A chain with more liberties is left to the playouts, and so is one that can
        // be saved.
        assert_eq!(read_status(&b, p(&b, "B3")), None);
        let open = Board::from_text(
            ". . . . .
             . . . . .
             . O X . .
             . . O . .
             . . . . .",
        )
        .unwrap();
        assert_eq!(read_status(&open, p(&open, "C3")), None);
    }

    #[test]
    fn a_chain_without_a_friend_an_eye_or_a_capturable_neighbour_in_the_opponents_area_is_stranded()
    {
        // White's wall on column e shuts in the right side; Black's g6 and h4 stand alone
        // in it. The ownership is made up: White's wall and the empty points of the right
        // side lean to White (-1 and -0.8), Black's stones are undecided (0), the left
        // side is Black's (+0.8).
        let b = Board::from_text(
            ". . . . O . . . .
             . . . . O . . . .
             . . . . O . . . .
             . . . . O . X . .
             . . . . O . . . .
             . . . . O . . X .
             . . . . O . . . .
             . . . . O . . . .
             . . . . O . . . .",
        )
        .unwrap();
        let p = |b: &Board, s| b.idx(Point::from_gtp(s, b.size()).unwrap());
        let made_up = |b: &Board, set: &[(&str, f32)]| {
            let mut own = vec![0.0f32; 81];
            for i in b.indices() {
                let q = b.point(i);
                own[q.y as usize * 9 + q.x as usize] = match b.cell(i) {
                    Cell::White => -1.0,
                    Cell::Black => 0.0,
                    _ if q.x < 4 => 0.8,
                    _ => -0.8,
                };
            }
            for &(s, v) in set {
                let q = Point::from_gtp(s, b.size()).unwrap();
                own[q.y as usize * 9 + q.x as usize] = v;
            }
            own
        };
        let at = |own: Vec<f32>, b: &Board| {
            let b = b.clone();
            move |i: Idx| {
                let q = b.point(i);
                own[q.y as usize * 9 + q.x as usize]
            }
        };
        let own = at(made_up(&b, &[]), &b);
        assert!(stranded(&b, p(&b, "G6"), &own, Color::Black));
        assert!(stranded(&b, p(&b, "H4"), &own, Color::Black));
        // A friend the playouts give to Black, reachable through the empty points: not
        // stranded, and neither is the friend's neighbour.
        let own = at(made_up(&b, &[("H4", 0.9)]), &b);
        assert!(!stranded(&b, p(&b, "G6"), &own, Color::Black));
        // The empty points leaning to Black instead: Black's area, not White's.
        let mut open = made_up(&b, &[]);
        open.iter_mut()
            .filter(|v| **v == -0.8)
            .for_each(|v| *v = 0.3);
        assert!(!stranded(&b, p(&b, "G6"), &at(open, &b), Color::Black));
        // A White stone next to g6 that the playouts do not give firmly to White: g6 may
        // live by capturing it.
        let mut weak = b.clone();
        weak.place_unchecked(p(&weak, "G5"), Color::White);
        let own = at(made_up(&weak, &[("G5", -0.2)]), &weak);
        assert!(!stranded(&weak, p(&weak, "G6"), &own, Color::Black));
        // With White to move when play resumes, she keeps it (three liberties): nothing
        // to capture, g6 is stranded.
        assert!(stranded(&weak, p(&weak, "G6"), &own, Color::White));
        // Unless it is lost even with White to move: Black's f5 h5 f4 g3 (and h4) leave it
        // the one liberty g4, where White's stone would be suicide.
        let mut lost = weak.clone();
        for s in ["F5", "H5", "F4", "G3"] {
            lost.place_unchecked(p(&lost, s), Color::Black);
        }
        let own = at(made_up(&lost, &[("G5", -0.2)]), &lost);
        assert!(!stranded(&lost, p(&lost, "G6"), &own, Color::White));
        // The same stone firmly White's: g6 is stranded again; h4, which it does not
        // touch, is regardless.
        let own = at(made_up(&weak, &[]), &weak);
        assert!(stranded(&weak, p(&weak, "G6"), &own, Color::Black));
        assert!(stranded(&weak, p(&weak, "H4"), &own, Color::Black));
        // Black's g1 j1 h2 round the empty h1, an eye: not stranded, however the
        // playouts see them (here undecided, like g6), and neither is g6, which can reach
        // them.
        let mut eye = b.clone();
        for s in ["G1", "J1", "H2"] {
            eye.place_unchecked(p(&eye, s), Color::Black);
        }
        let own = at(made_up(&eye, &[]), &eye);
        assert!(!stranded(&eye, p(&eye, "G1"), &own, Color::Black));
        assert!(!stranded(&eye, p(&eye, "H2"), &own, Color::Black));
        assert!(!stranded(&eye, p(&eye, "G6"), &own, Color::Black));
        // The eye filled by White, a dead stone perhaps: g1 j1 h2 are stranded again.
        let mut filled = eye.clone();
        filled.place_unchecked(p(&filled, "H1"), Color::White);
        let own = at(made_up(&filled, &[("H1", -1.0)]), &filled);
        assert!(stranded(&filled, p(&filled, "G1"), &own, Color::Black));
    }

    #[test]
    fn two_neighbouring_chains_both_called_dead_are_read_as_a_race() {
        // Played-out record 617 (Black to move after two passes). In the bottom left,
        // White's corner chain b1 c1 b2 a3 b3 c3 d3 c4 b5 c5 b6 c6 is shut in by Black and
        // has two liberties, a1 and a2; next to it Black's d4 d5 d6 e5 e6 f5 is shut in by
        // White and has one, e7. Worked by hand: White moving first takes the six stones at
        // e7 and joins her stones around them; Black moving first cannot stop it (a2 or a1
        // is self-atari and still leaves White e7). So the corner lives and the six are
        // dead, as GNU Go's cleanup played it. The playouts called both dead (the count
        // W+1.5 against the truth's W+22.5).
        let b = Board::from_text(
            ". . . . O X X . X X X O O O O O O X .
             . . . O . O X X X O O O . O X O X X .
             . . . O . O O X O . O X O O X X . . .
             . . . . . O X X O O . X . . O X . . .
             O O O O O O O X O . X . . O O X . . .
             O X O O X X X X O X . . . . O X . . .
             X X X O O X . X O . . . O O X X . . .
             . . X X X . . . X O O . . O O X . . .
             . . . . . X X X X X O . O X X . X . X
             . . X . . X O X . X O . O X X . . X O
             . X . . X O O O X X X O O X . X X O O
             . O X X O . O . O X X X O O X . X X O
             X X X O . O . . . O O X X O X X O X O
             X O O X X O . O . O O O O O O O O O O
             X O O X X X O . O X X O O O O X X O .
             X X O X O O O O X . . X O X X X X O .
             O O O O X X O X X . X X O X O X X O .
             . O X X . X X . . . . X X X O O O . .
             . O O X X . . . . . . X O O O . . . .",
        )
        .unwrap();
        let p = |s: &str| Point::from_gtp(s, b.size()).unwrap();
        let grid = Grid::from_board(&b);
        let status = life::unconditional_status(&grid, Suicide::Forbidden);
        let undecided = |i: Idx| status[grid.k(b.point(i))] == Status::Undecided;
        let corner = [
            "B1", "C1", "B2", "A3", "B3", "C3", "D3", "C4", "B5", "C5", "B6", "C6",
        ];
        let six = ["D4", "D5", "D6", "E5", "E6", "F5"];
        let mut dead: Vec<Point> = corner.iter().chain(&six).map(|s| p(s)).collect();
        dead.sort();
        settle_races(&b, &mut dead, undecided);
        let mut want: Vec<Point> = six.iter().map(|s| p(s)).collect();
        want.sort();
        assert_eq!(dead, want);
    }

    // Black's chain round the straight three d6 e6 f6 inside White's wall, which has a gap
    // at g4 where Black's g3 stands, open below: the group's region runs out through g3
    // to the whole bottom of the board. White to move plays e6, the vital point, and
    // Black has one eye (she fills g4 next and takes the chain at last); Black to move
    // plays e6 and has two.
    const HEMMED_IN: &str = "\
        . . . . . . . . .
        . O O O O O O O .
        . O X X X X X O .
        . O X . . . X O .
        . O X X X X X O .
        . O O O O O . O .
        . . . . . O X O .
        . . . . . . . . .
        . . . . . . . . .";

    fn hemmed_in_after(
        b: &Board,
        called: &[&str],
        settled_at: impl Fn(Point) -> f32,
    ) -> Vec<Point> {
        hemmed_in_unless_asked(b, called, settled_at, &[])
    }

    /// [`settle_hemmed_in`], with the groups of the stones `asked` about already.
    fn hemmed_in_unless_asked(
        b: &Board,
        called: &[&str],
        settled_at: impl Fn(Point) -> f32,
        asked_about: &[&str],
    ) -> Vec<Point> {
        let p = |s: &str| Point::from_gtp(s, b.size()).unwrap();
        let mut dead: Vec<Point> = called.iter().map(|&s| p(s)).collect();
        dead.sort();
        let mut asked = vec![false; tengen::board::CELLS];
        for &s in asked_about {
            b.for_each_stone(b.idx(p(s)), |i| asked[i as usize] = true);
        }
        let mut allowance = enclosed::Allowance::ESTIMATE;
        let allowance = &mut allowance;
        settle_hemmed_in(
            b,
            &mut dead,
            |_| true,
            &|i| settled_at(b.point(i)),
            &asked,
            allowance,
        );
        dead
    }

    /// The `HEMMED_IN` board with White's g4 closing the gap (the group is shut in as
    /// the board stands) and `more` stones of `c` put on it.
    fn closed_hemmed_in(more: &[(&str, Color)]) -> Board {
        let mut b = Board::from_text(HEMMED_IN).unwrap();
        let mut put = |s: &str, c: Color| {
            let i = b.idx(Point::from_gtp(s, b.size()).unwrap());
            b.place_unchecked(i, c);
        };
        put("G4", Color::White);
        for &(s, c) in more {
            put(s, c);
        }
        b
    }

    #[test]
    fn a_shut_in_group_the_search_was_not_asked_about_is_read_in_the_opponents_view() {
        // Shut in as the board stands, the straight three dies with White first. Where
        // `settle_enclosed` asked already, it is left alone; where it did not (a wall of
        // White's shut in by Black's dead stones), it is read here.
        let b = closed_hemmed_in(&[]);
        let c7 = b.idx(Point::from_gtp("C7", b.size()).unwrap());
        assert!(enclosed::shut_in_up_to(&b, c7, enclosed::MAX_STONES_ENDED).is_some());
        let mut group: Vec<Point> = Vec::new();
        b.for_each_stone(c7, |s| group.push(b.point(s)));
        group.sort();
        assert_eq!(hemmed_in_after(&b, &[], |_| 0.0), group);
        assert!(hemmed_in_unless_asked(&b, &[], |_| 0.0, &["C7"]).is_empty());
    }

    #[test]
    fn a_region_holding_the_attackers_dead_stones_is_not_read() {
        // White's d6 inside the eye space: read, the group dies with White first (her
        // e6 joins d6, Black takes two and is left a two-point eye). Called dead, d6 is
        // a stone the group would take back, a line the search does not read: no verdict.
        let b = closed_hemmed_in(&[("D6", Color::White)]);
        let c7 = b.idx(Point::from_gtp("C7", b.size()).unwrap());
        let mut group: Vec<Point> = Vec::new();
        b.for_each_stone(c7, |s| group.push(b.point(s)));
        group.sort();
        assert_eq!(hemmed_in_after(&b, &[], |_| 0.0), group);
        let d6 = vec![Point::from_gtp("D6", b.size()).unwrap()];
        assert_eq!(hemmed_in_after(&b, &["D6"], |_| 0.0), d6);
    }

    #[test]
    fn after_the_passes_a_group_open_only_through_its_dead_stones_is_read_as_shut_in() {
        let b = Board::from_text(HEMMED_IN).unwrap();
        let group = b.idx(Point::from_gtp("C7", b.size()).unwrap());
        // As the board stands, the region is the whole open bottom: nothing is read.
        assert!(enclosed::shut_in_up_to(&b, group, enclosed::MAX_STONES_ENDED).is_none());
        assert_eq!(hemmed_in_after(&b, &[], |_| 0.0), Vec::<Point>::new());
        // With g3 dead, g4 is White's to hold and the group dies with White to move.
        let mut want: Vec<Point> = vec![Point::from_gtp("G3", b.size()).unwrap()];
        b.for_each_stone(group, |s| want.push(b.point(s)));
        want.sort();
        assert_eq!(b.chain_len(group), 12);
        assert_eq!(hemmed_in_after(&b, &["G3"], |_| 0.0), want);
        // With a stone on e6, the group has two eyes, d6 and f6: it is not killed.
        let mut two_eyes = b.clone();
        two_eyes.place_unchecked(
            b.idx(Point::from_gtp("E6", b.size()).unwrap()),
            Color::Black,
        );
        let g3 = vec![Point::from_gtp("G3", b.size()).unwrap()];
        assert_eq!(hemmed_in_after(&two_eyes, &["G3"], |_| 0.0), g3);
    }

    #[test]
    fn after_the_passes_a_group_open_only_into_the_opponents_settled_area_is_read_as_shut_in() {
        // The same group without Black's g3: its region runs out through g4 into the
        // bottom, which the playouts give firmly to White (ownership -1 on the bottom
        // three rows) or leave open (0).
        let mut b = Board::from_text(HEMMED_IN).unwrap();
        b.remove_stone(b.idx(Point::from_gtp("G3", b.size()).unwrap()));
        let group = b.idx(Point::from_gtp("C7", b.size()).unwrap());
        assert_eq!(hemmed_in_after(&b, &[], |_| 0.0), Vec::<Point>::new());
        let whites = |p: Point| if p.y >= 6 { -1.0 } else { 0.0 };
        let mut want: Vec<Point> = Vec::new();
        b.for_each_stone(group, |s| want.push(b.point(s)));
        want.sort();
        assert_eq!(hemmed_in_after(&b, &[], whites), want);
        // Given to Black, the bottom is no wall of White's.
        assert_eq!(
            hemmed_in_after(&b, &[], |p| -whites(p)),
            Vec::<Point>::new()
        );
    }

    #[test]
    fn the_opponents_view_takes_dead_stones_and_settled_points_but_no_last_liberty() {
        // Black's a1 has one liberty, b1. The playouts give every empty point to White.
        let b = Board::from_text(
            ". . . .
             . . . .
             O . O .
             X . . .",
        )
        .unwrap();
        let p = |s: &str| b.idx(Point::from_gtp(s, b.size()).unwrap());
        let view = opponents_view(&b, Color::Black, |_| false, &|_| -1.0);
        // Every empty point is White's but b1, Black's last liberty...
        assert_eq!(view.cell(p("B1")), Cell::Empty);
        assert_eq!(view.cell(p("A1")), Cell::stone(Color::Black));
        for q in ["A3", "A4", "B2", "B3", "C1", "D1", "D4"] {
            assert_eq!(view.cell(p(q)), Cell::stone(Color::White), "{q}");
        }
        // ...and every chain keeps a liberty.
        assert!(view
            .indices()
            .all(|i| view.cell(i).color().is_none() || view.liberties(i) > 0));
        // Black's a1 called dead becomes White's; given to Black, no point is filled.
        let view = opponents_view(&b, Color::Black, |i| i == p("A1"), &|_| 1.0);
        assert_eq!(view.cell(p("A1")), Cell::stone(Color::White));
        assert_eq!(view.cell(p("B1")), Cell::Empty);
        assert_eq!(view.cell(p("D4")), Cell::Empty);
    }
}
