//! GTP's end-of-game commands: `final_score`, `final_status_list` (GNU Go's statuses
//! included) and `kgs-genmove_cleanup`, from tengen's dead-stone estimator.

use tengen::score::ScoreReport;
use tengen::{Color, Game, Move, Point};
use tengen_player::estimate::{estimate, Estimate, EstimateOptions};
use tengen_player::Rng;

/// The estimate of the current position, with the same seed every time so that
/// `final_score` and `final_status_list` agree.
pub fn current_estimate(game: &Game) -> Estimate {
    estimate(game.board(), EstimateOptions::for_game(game))
}

/// The score of the current position with the estimated dead stones removed.
pub fn final_score(game: &Game) -> ScoreReport {
    counted(game, &current_estimate(game))
}

/// The count of `game` with the estimate `e` of its position: the estimate's dead points
/// are stones of that position, so the count takes them (were it to refuse them, the
/// position as it stands is counted).
fn counted(game: &Game, e: &Estimate) -> ScoreReport {
    e.score(game).unwrap_or_else(|_| game.score())
}

/// The points with a GTP status: `alive`, `dead`, `seki`, and GNU Go's
/// `black_territory`, `white_territory` and `dame`. `None` for an unknown status.
pub fn status_list(game: &Game, status: &str) -> Option<Vec<Point>> {
    let e = current_estimate(game);
    let board = game.board();
    let size = board.size();
    let stones = || size.all_points().filter(|&p| board.get(p).is_some());
    let report = || counted(game, &e);
    // Seki as the score sees it: after the estimator's border fills and with its dead
    // stones removed.
    let seki = || report().seki;
    let fills = e.fills_for(game);
    let empty_owned = |c: Option<Color>| {
        let r = report();
        let w = size.width() as usize;
        size.all_points()
            .filter(|&p| board.get(p).is_none() || e.dead.contains(&p))
            .filter(|p| !fills.iter().any(|f| f.0 == *p) || c.is_none())
            .filter(|p| r.owner[p.y as usize * w + p.x as usize] == c)
            .collect::<Vec<_>>()
    };
    let mut points: Vec<Point> = match status.to_ascii_lowercase().as_str() {
        "alive" => {
            let s = seki();
            stones()
                .filter(|p| !e.dead.contains(p) && !s.contains(p))
                .collect()
        }
        "dead" => e.dead.clone(),
        "seki" => seki(),
        "black_territory" => empty_owned(Some(Color::Black)),
        "white_territory" => empty_owned(Some(Color::White)),
        "dame" => empty_owned(None),
        _ => return None,
    };
    // GNU Go's order: the board's, top row first.
    points.sort_by_key(|p| (p.y, p.x));
    Some(points)
}

/// `kgs-genmove_cleanup` of the random player: like `genmove`, but while opponent stones
/// the estimator calls dead remain on the board it plays on their liberties first, to
/// capture them, and it never passes then. Without dead stones left it is the random
/// player's move. (The Monte-Carlo player takes [`capture_target`] and otherwise its own
/// move: see the engine.)
pub fn cleanup_move(game: &Game, color: Color, rng: &mut Rng) -> Move {
    let e = current_estimate(game);
    let board = game.board();
    let size = board.size();
    let dead = dead_opponent(game, &e, color);
    if dead.is_empty() {
        return tengen_player::random::choose(game, color, rng);
    }
    if let Some(p) = first_legal_liberty(game, color, &dead) {
        return Move::Play(p);
    }
    // Then any other play the random player would make, then any legal play at all.
    let legal = |p: &Point| game.legal_as(color, Move::Play(*p)).is_ok();
    match tengen_player::random::choose(game, color, rng) {
        Move::Pass => size
            .all_points()
            .find(|p| board.get(*p).is_none() && legal(p))
            .map_or(Move::Pass, Move::Play),
        play => play,
    }
}

/// A legal play of `color` on a liberty of opponent stones the estimator calls dead, the
/// first in the board's order: what cleanup plays while such stones remain.
pub fn capture_target(game: &Game, color: Color) -> Option<Point> {
    let e = current_estimate(game);
    first_legal_liberty(game, color, &dead_opponent(game, &e, color))
}

/// The opponent stones of `color` that the estimate `e` calls dead.
fn dead_opponent(game: &Game, e: &Estimate, color: Color) -> Vec<Point> {
    let board = game.board();
    e.dead
        .iter()
        .copied()
        .filter(|&p| board.get(p) == Some(color.opponent()))
        .collect()
}

/// The first liberty of the chains of `stones` where `color` may play.
fn first_legal_liberty(game: &Game, color: Color, stones: &[Point]) -> Option<Point> {
    let board = game.board();
    let mut targets: Vec<Point> = stones
        .iter()
        .flat_map(|&p| board.chain_liberties(p))
        .collect();
    targets.sort();
    targets.dedup();
    targets
        .into_iter()
        .find(|p| game.legal_as(color, Move::Play(*p)).is_ok())
}
