//! The fast board against a slow reference: random plays (suicide included) on many board
//! sizes, checking after every play that the stones, captures, liberty counts, chains and
//! hash agree with a recomputation from scratch, and that the look-ahead queries
//! (`hash_after`, `capture_count`, `suicide_count`, `would_capture`) predict the play.

use tengen::board::Cell;
use tengen::{Board, Color, Point, Size};

/// A plain grid that plays by the rules of docs/rules.md §1.5 with flood fills.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Reference {
    w: usize,
    h: usize,
    g: Vec<Option<Color>>,
}

impl Reference {
    fn new(w: usize, h: usize) -> Reference {
        Reference {
            w,
            h,
            g: vec![None; w * h],
        }
    }

    fn neighbours(&self, p: usize) -> Vec<usize> {
        let (x, y) = (p % self.w, p / self.w);
        let mut v = Vec::new();
        if x > 0 {
            v.push(p - 1);
        }
        if x + 1 < self.w {
            v.push(p + 1);
        }
        if y > 0 {
            v.push(p - self.w);
        }
        if y + 1 < self.h {
            v.push(p + self.w);
        }
        v
    }

    /// The chain through `p` and its number of liberties.
    fn chain(&self, p: usize) -> (Vec<usize>, usize) {
        let c = self.g[p];
        let mut chain = vec![p];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < chain.len() {
            for n in self.neighbours(chain[k]) {
                if self.g[n] == c && !chain.contains(&n) {
                    chain.push(n);
                } else if self.g[n].is_none() && !libs.contains(&n) {
                    libs.push(n);
                }
            }
            k += 1;
        }
        (chain, libs.len())
    }

    /// Plays and returns (captured, suicided).
    fn play(&mut self, p: usize, c: Color) -> (usize, usize) {
        self.g[p] = Some(c);
        let mut captured = 0;
        for n in self.neighbours(p) {
            if self.g[n] == Some(c.opponent()) {
                let (chain, libs) = self.chain(n);
                if libs == 0 {
                    captured += chain.len();
                    for s in chain {
                        self.g[s] = None;
                    }
                }
            }
        }
        let (chain, libs) = self.chain(p);
        let mut suicided = 0;
        if libs == 0 {
            suicided = chain.len();
            for s in chain {
                self.g[s] = None;
            }
        }
        (captured, suicided)
    }
}

fn agree(board: &Board, r: &Reference) {
    board.check_invariants().unwrap();
    for y in 0..r.h {
        for x in 0..r.w {
            let p = Point::new(x as u8, y as u8);
            assert_eq!(board.get(p), r.g[x + y * r.w], "at {p:?}\n{board:?}");
            if r.g[x + y * r.w].is_some() {
                let (chain, libs) = r.chain(x + y * r.w);
                let i = board.idx(p);
                assert_eq!(
                    board.liberties(i) as usize,
                    libs,
                    "liberties at {p:?}\n{board:?}"
                );
                assert_eq!(
                    board.chain_len(i) as usize,
                    chain.len(),
                    "chain at {p:?}\n{board:?}"
                );
            }
        }
    }
}

#[test]
fn random_plays_match_the_reference() {
    let mut rng = tengen::Rng::new(2024);
    // (width, height, games): small boards often, large ones once (the reference is slow).
    let sizes = [
        (1, 1, 4),
        (1, 2, 4),
        (2, 1, 4),
        (1, 5, 4),
        (2, 2, 8),
        (3, 3, 8),
        (4, 3, 6),
        (5, 5, 6),
        (7, 4, 4),
        (9, 9, 3),
        (19, 19, 1),
        (25, 3, 1),
        (3, 25, 1),
    ];
    for (w, h, games) in sizes {
        let size = Size::new(w, h).unwrap();
        for game in 0..games {
            let mut board = Board::new(size);
            let mut r = Reference::new(w as usize, h as usize);
            let mut c = if game % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            // Checking every invariant after every play is slow on large boards in debug builds.
            let cap = if w as usize * h as usize > 100 {
                120
            } else {
                200
            };
            for _ in 0..(w as usize * h as usize * 4).min(cap) {
                let empties: Vec<_> = board
                    .indices()
                    .filter(|&i| board.cell(i) == Cell::Empty)
                    .collect();
                if empties.is_empty() {
                    break;
                }
                let i = empties[rng.index(empties.len())];
                let p = board.point(i);
                let predicted_hash = board.hash_after(i, c);
                let predicted_captures = board.capture_count(i, c);
                let predicted_suicide = board.suicide_count(i, c);
                let would_capture = board.would_capture(i, c);
                let mut removed = 0;
                let played = board.play_unchecked_with(i, c, |_, _| removed += 1);
                let (captured, suicided) = r.play(p.x as usize + p.y as usize * w as usize, c);
                assert_eq!(
                    (played.captured as usize, played.suicided as usize),
                    (captured, suicided)
                );
                assert_eq!(removed as usize, captured + suicided);
                assert_eq!(predicted_hash, board.hash());
                assert_eq!(predicted_captures as usize, captured);
                assert_eq!(would_capture, captured > 0);
                assert_eq!(predicted_suicide as usize, suicided);
                agree(&board, &r);
                if let Some(k) = board.ko_point() {
                    assert_eq!(captured, 1);
                    assert_eq!(board.cell(k), Cell::Empty);
                    assert_eq!(
                        board.capture_count(k, c.opponent()),
                        1,
                        "retaking at the ko point captures one stone"
                    );
                }
                c = c.opponent();
            }
            // A copy equals its original, whether made afresh or into a used board.
            let mut copy = Board::new(size);
            copy.clone_from(&board);
            assert_eq!(copy, board);
            copy.check_invariants().unwrap();
            let mut other = Board::new(Size::square(3).unwrap());
            other.clone_from(&board);
            assert_eq!(other, board);
            other.check_invariants().unwrap();
            assert_eq!(board.clone(), board);
        }
    }
}

#[test]
fn setup_and_removal_keep_counts_exact() {
    let mut rng = tengen::Rng::new(77);
    for n in [2u8, 3, 5, 9, 19] {
        let size = Size::square(n).unwrap();
        for _ in 0..20 {
            let mut stones: Vec<(Point, Color)> = Vec::new();
            for p in size.all_points() {
                match rng.below(3) {
                    0 => {}
                    1 => stones.push((p, Color::Black)),
                    _ => stones.push((p, Color::White)),
                }
            }
            let Ok(mut board) = Board::from_stones(size, &stones) else {
                continue;
            };
            board.check_invariants().unwrap();
            let occupied: Vec<_> = board
                .indices()
                .filter(|&i| board.cell(i) != Cell::Empty)
                .collect();
            if let Some(&i) = occupied.first() {
                board.remove_stone(i);
                board.check_invariants().unwrap();
                assert_eq!(board.cell(i), Cell::Empty);
            }
        }
    }
}
