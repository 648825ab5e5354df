//! John Tromp's counts, computed with the engine's own code (GUIDE.md, "How we test"):
//!
//! - `L(m, n)`, the number of legal positions on an `m x n` board (colourings of the points
//!   in which every chain has a liberty), by a depth-first search that puts stones on a
//!   [`Board`] one point at a time and prunes as soon as the board reports a chain without
//!   liberty (a chain never regains a liberty when more stones are added);
//! - the number of complete games under Tromp-Taylor rules (positional superko, suicide
//!   allowed, the game ends after two consecutive passes), by a depth-first search over
//!   [`Game`] with its own `legal_moves`, counting the move sequences that reach the end.
//!
//! Only L(4,4) is `#[ignore]`d (about 1.3 s in release, 25 s in a debug build, on one
//! 2.6 GHz core); run it with `cargo test --release -p tengen --test tromp -- --ignored`.
//! L(3,4), L(1,9) and L(1,10) run with the other tests: 0.5 s, 0.06 s together in debug.

use tengen::board::Idx;
use tengen::{Board, Color, Game, Phase, Rules, Size};

/// Counts the legal positions of a `w x h` board.
fn legal_positions(w: u8, h: u8) -> u64 {
    let size = Size::new(w, h).unwrap();
    let empty = Board::new(size);
    let points: Vec<Idx> = empty.indices().collect();
    // One board per number of stones placed so far: placing copies the board above it.
    let mut stack = vec![empty; points.len() + 1];
    count_from(&mut stack, 0, &points)
}

/// Legal completions of `stack[level]`, whose points before `points[0]` are decided (the
/// undecided ones are empty on the board, which only ever overstates liberties).
fn count_from(stack: &mut [Board], level: usize, points: &[Idx]) -> u64 {
    let Some((&i, rest)) = points.split_first() else {
        return 1;
    };
    // The point stays empty.
    let mut total = count_from(stack, level, rest);
    for c in Color::BOTH {
        let (done, todo) = stack.split_at_mut(level + 1);
        let board = &mut todo[0];
        board.clone_from(&done[level]);
        board.place_unchecked(i, c);
        // A stone changes the liberties of its own chain and its neighbours' chains only.
        let dead = std::iter::once(i)
            .chain(board.neighbours(i))
            .any(|n| board.cell(n).color().is_some() && board.liberties(n) == 0);
        if !dead {
            total += count_from(stack, level + 1, rest);
        }
    }
    total
}

#[test]
fn legal_positions_on_one_row() {
    let expected = [1, 5, 15, 41, 113, 313, 867, 2401];
    for (n, &l) in (1..=8).zip(&expected) {
        assert_eq!(legal_positions(1, n), l, "L(1,{n})");
        assert_eq!(legal_positions(n, 1), l, "L({n},1)");
    }
}

#[test]
fn legal_positions_on_small_boards() {
    assert_eq!(legal_positions(2, 2), 57);
    assert_eq!(legal_positions(2, 3), 489);
    assert_eq!(legal_positions(3, 2), 489);
    assert_eq!(legal_positions(3, 3), 12675);
}

#[test]
fn legal_positions_on_longer_rows() {
    assert_eq!(legal_positions(1, 9), 6649);
    assert_eq!(legal_positions(1, 10), 18413);
}

#[test]
fn legal_positions_3x4() {
    assert_eq!(legal_positions(3, 4), 321689);
    assert_eq!(legal_positions(4, 3), 321689);
}

#[test]
#[ignore = "slow in debug builds (about 25 s); about 1.3 s in release"]
fn legal_positions_4x4() {
    assert_eq!(legal_positions(4, 4), 24318165);
}

/// Counts the complete games from `game` on: every sequence of legal moves that ends the
/// game (here, by two consecutive passes).
fn complete_games(game: &Game) -> u64 {
    if let Phase::Ended(_) = game.phase() {
        return 1;
    }
    game.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = game.clone();
            next.play(m).expect("legal_moves gives legal moves");
            complete_games(&next)
        })
        .sum()
}

fn tromp_taylor_games(w: u8, h: u8) -> u64 {
    let rules = Rules::named("tromp-taylor").unwrap();
    complete_games(&Game::new(Size::new(w, h).unwrap(), rules))
}

#[test]
fn tromp_taylor_games_on_1x1_and_1x2() {
    // 1x1: only pass, pass (a stone there would recreate the empty board).
    assert_eq!(tromp_taylor_games(1, 1), 1);
    assert_eq!(tromp_taylor_games(1, 2), 9);
    assert_eq!(tromp_taylor_games(2, 1), 9);
}

#[test]
fn tromp_taylor_games_on_1x3() {
    assert_eq!(tromp_taylor_games(1, 3), 907);
}

// 1x4 has 2,098,407,841 complete games: far too many to enumerate in a test.
