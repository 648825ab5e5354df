//! Benson's unconditional life on classic positions (docs/rules.md §5.1).

use tengen::grid::Grid;
use tengen::life::unconditional;
use tengen::rules::Suicide::{self, Allowed, Forbidden, MultiStone};
use tengen::{Board, Color, Game, Move, Point, Rules};

fn grid(text: &str) -> Grid {
    Grid::from_board(&Board::from_text(text).unwrap())
}

#[test]
fn two_eyes_live() {
    let g = grid("X . X . X\nX X X X X\n. . . . .\n. . . . .");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert_eq!(u.alive.len(), 8);
    assert_eq!(u.safe, vec![Point::new(1, 0), Point::new(3, 0)]);
    // The open side below is enclosed too, but White could live there: not safe.
    // The same shape with one eye is not alive.
    let g = grid("X . X X X\nX X X X X\n. . . . .\n. . . . .");
    assert!(unconditional(&g, Color::Black, Forbidden).alive.is_empty());
    // White has nothing.
    assert!(unconditional(&g, Color::White, Forbidden).alive.is_empty());
}

#[test]
fn a_false_eye_is_no_eye() {
    // The point B3 touches the lone stone A3, which has no other eye: A3 falls, and
    // with it the eye, leaving the big chain one real eye (E3).
    let g = grid("X . X X . X X\nO X X X X X X\n. . . . . . .");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert!(u.alive.is_empty(), "{:?}", u.alive);
    // With a second real eye the big chain lives; the lone stone and the false eye do not.
    let g = grid("X . X X . X .\nO X X X X X X\n. . . . . . .");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert_eq!(u.alive.len(), 9);
    assert!(!u.alive.contains(&Point::new(0, 0)));
    assert_eq!(u.safe, vec![Point::new(4, 0), Point::new(6, 0)]);
}

#[test]
fn opponent_stones_inside_an_eye() {
    // The region {B3 (white), C3} is vital: its one empty point is a liberty of the chain.
    let g = grid("X X X X .\nX O . X .\nX X X X .\n. X . X .");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert_eq!(u.alive.len(), 12);
    assert!(
        u.safe.contains(&Point::new(1, 1)),
        "the white stone stands in a safe region: it is dead"
    );
    // A larger eye with a white stone in it: every empty point touches the chain.
    let g = grid("X X X X X\nX O . . X\nX X X . X\nX . X X X");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert_eq!(u.alive.len(), 15);
    assert!(u.safe.contains(&Point::new(1, 3)) && u.safe.contains(&Point::new(2, 1)));
}

#[test]
fn two_chains_sharing_two_eyes_live_together() {
    // Neither chain has two eyes alone, but each eye is vital to both.
    let g = grid(". X . X .\nX X O X X");
    let u = unconditional(&g, Color::Black, Forbidden);
    assert_eq!(u.alive.len(), 6, "{:?}", u.alive);
}

/// Black's chain has two regions: {a4 (a white stone), b4, a3} and the eye c2. With suicide
/// forbidden both are vital (their empty points b4 and a3 are liberties of the chain), so
/// the chain lives. Where suicide of two or more stones is legal (New Zealand, Ing), White
/// empties a4 herself: b4 (her chain a4-b4 keeps the liberty a3), a3 (a three-stone
/// suicide: the chain still has c2, so nothing is captured and her stones are removed),
/// then b4 and a3 again, each with the liberty a4 now; Black's only liberty left is c2,
/// and White's c2 takes all twelve stones.
const CORNER_WITH_A_DEAD_STONE: &str = "
    O . X X
    . X X X
    X X . X
    X X X X";

#[test]
fn suicide_lets_the_opponent_empty_an_eye() {
    let black_stones = 12;
    let capture = |rules: &str| -> Result<usize, tengen::Illegal> {
        let board = Board::from_text(CORNER_WITH_A_DEAD_STONE).unwrap();
        let mut game = Game::from_position(board, Color::White, Rules::named(rules).unwrap());
        for v in ["B4", "A3", "B4", "A3", "C2"] {
            let p = Point::from_gtp(v, game.size()).unwrap();
            game.play(Move::Play(p))?;
            if game.board().stones_on_board(Color::Black) > 0 {
                game.pass()?;
            }
        }
        Ok(black_stones - game.board().stones_on_board(Color::Black) as usize)
    };
    // New Zealand rules (multi-stone suicide): White captures the chain.
    assert_eq!(capture("new-zealand").unwrap(), black_stones);
    // Chinese rules (suicide forbidden): White's second play, a3, is refused.
    assert!(capture("chinese").is_err());
    let g = grid(CORNER_WITH_A_DEAD_STONE);
    let alive = |s: Suicide| unconditional(&g, Color::Black, s).alive.len();
    assert_eq!(alive(Forbidden), black_stones);
    assert_eq!(alive(MultiStone), 0, "capturable by suicide and refilling");
    assert_eq!(alive(Allowed), 0);
    // White's stone is dead only where she cannot empty the region herself.
    let a4 = Point::new(0, 0);
    assert!(unconditional(&g, Color::Black, Forbidden)
        .safe
        .contains(&a4));
    assert!(!unconditional(&g, Color::Black, MultiStone)
        .safe
        .contains(&a4));
}

/// A white stone next to the chain keeps its region vital under every suicide rule: in
/// {a4, b4 (white), c4} every point touches Black's chain, so however White fills and
/// empties it, a white chain there never has a liberty that is not also Black's, and she
/// cannot fill the last one without capturing nothing and dying.
#[test]
fn opponent_stones_next_to_the_chain_keep_the_region_vital() {
    let g = grid(
        ". O . X
         X X X X
         X X . X
         X X X X",
    );
    for s in [Forbidden, MultiStone, Allowed] {
        assert_eq!(unconditional(&g, Color::Black, s).alive.len(), 12, "{s:?}");
    }
}

/// On an open board (a professional game at move 100) nothing is in seki: filling the open
/// ground with one colour would leave the last liberties of its own long chains, which
/// are no shared liberties of a seki.
#[test]
fn no_seki_on_an_open_board() {
    let open = "
        . . . . . . . . . . . . . . . . . . .
        . . O X . . . . . . . . . . . . . . .
        . O O O X . . . . . . . . . O X . . .
        . . O X . X . . . . X X . O . X . . .
        . . O X . X . . . . X O O . X . X . .
        . . . X X . . . . . X . . . . . . . .
        . . . X . . . . . X O O . O . O . X .
        . . . . . . . X . . X O . O . . O X .
        . . . O . . O . . . X X . . . . . . .
        . O O X . . . . . . . . . . . . O . .
        . X X O O O . . . . . . . . . . . . .
        . X . X O . . . . . . . . . . . . . .
        . . X X O X . . . . . . . . . . . . .
        X X X O O . . . . . . . . X . . . . .
        . O O . . . . . X X . . . . . O O . .
        . . . . . O . O O X . X . . X X O . .
        . . . . O . . O X O O X . . . X X O .
        . . . . . . . O X . . O X . . X O O .
        . . . . . . . . . . . . . . . . . . .";
    assert_eq!(tengen::life::seki(&grid(open)), Vec::<Point>::new());
}

/// The statuses of a board as rows of letters: `A` alive, `D` dead, `b`/`w` black or
/// white territory, `.` undecided.
fn status_rows(text: &str, suicide: Suicide) -> String {
    use tengen::life::{unconditional_status, Status};
    let g = grid(text);
    let status = unconditional_status(&g, suicide);
    let mut out = String::new();
    for y in 0..g.size().height() {
        for x in 0..g.size().width() {
            out.push(match status[g.k(Point::new(x, y))] {
                Status::Alive => 'A',
                Status::Dead => 'D',
                Status::Territory(Color::Black) => 'b',
                Status::Territory(Color::White) => 'w',
                Status::Undecided => '.',
            });
        }
        out.push('\n');
    }
    out
}

/// Two eyes: the chain is alive and its eyes are territory. The open rows below are not:
/// White, moving while Black passes, can fill the second row and keep the first row's
/// five liberties; she could live in those ten points, so they stay undecided.
#[test]
fn status_of_two_eyes_over_open_ground() {
    let rows = status_rows(
        "X . X . X
         X X X X X
         . . . . .
         . . . . .",
        Forbidden,
    );
    assert_eq!(rows, "AbAbA\nAAAAA\n.....\n.....\n");
}

/// A white stone in an eye, and a one-point-wide strip on the right. Worked by filling as
/// White would: she plays every liberty of Black's chain she can: c3 would leave b3-c3
/// without liberty (suicide), a1 and c1 too; e4, e3 and e2 are legal, e1 would be suicide.
/// Her chains b3 and e4-e3-e2 are then in atari with no way to extend, and every empty
/// point is a liberty of Black's chain or the last liberty of a white chain in atari: all
/// of it is Black's territory, and b3 is dead.
#[test]
fn status_of_a_stone_in_an_eye_and_a_narrow_strip() {
    let text = "
        X X X X .
        X O . X .
        X X X X .
        . X . X .";
    assert_eq!(status_rows(text, Forbidden), "AAAAb\nADbAb\nAAAAb\nbAbAb\n");
}

/// Under multi-stone suicide the corner of `CORNER_WITH_A_DEAD_STONE` is no longer
/// Black's: the chain can be captured (see `suicide_lets_the_opponent_empty_an_eye`), so
/// nothing is decided; with suicide forbidden the chain lives, a4 is dead and the corner
/// and the eye c2 are Black's.
#[test]
fn status_follows_the_suicide_rule() {
    assert_eq!(
        status_rows(CORNER_WITH_A_DEAD_STONE, Forbidden),
        "DbAA\nbAAA\nAAbA\nAAAA\n"
    );
    assert_eq!(
        status_rows(CORNER_WITH_A_DEAD_STONE, MultiStone),
        "....\n....\n....\n....\n"
    );
}
