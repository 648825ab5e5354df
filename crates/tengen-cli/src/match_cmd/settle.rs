//! Which stones are dead when the game ends by passes: the engines' answers to
//! `final_status_list dead`, and the ruleset's dispute procedure when they differ
//! (docs/rules.md §5.1).

use std::collections::BTreeSet;
use tengen::rules::DeadStones;
use tengen::{Game, Point};
use tengen_player::estimate::{estimate, EstimateOptions};

/// How many times play resumes for a dispute under the resume rules before the referee
/// counts the disputed stones as alive.
pub const MAX_RESUMPTIONS: u32 = 2;

/// What the referee does with the engines' dead stones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The engines agree (an engine that cannot say defers to the other): these stones
    /// are dead.
    Agreed {
        /// The stones removed.
        dead: Vec<Point>,
        /// Who said so, in words.
        how: &'static str,
    },
    /// Play resumes, the players cleaning up with `kgs-genmove_cleanup`.
    Resume,
    /// The referee settles the dispute: these stones are dead, for the reason given.
    Settled {
        /// The stones removed.
        dead: Vec<Point>,
        /// How they were found, in words.
        how: String,
    },
}

/// What to do with the engines' answers (`None`: an engine that does not know
/// `final_status_list` or failed it) after `resumptions` resumptions of this game. The
/// lists are read as whole chains of stones on the board; anything else is ignored.
/// `seed` seeds the dead-stone estimator.
pub fn decide(
    game: &Game,
    answers: [Option<Vec<Point>>; 2],
    resumptions: u32,
    seed: u64,
) -> Decision {
    let [a, b] = answers.map(|l| l.map(|l| chains(game, &l)));
    let agreed = |dead: BTreeSet<Point>, how| Decision::Agreed {
        dead: dead.into_iter().collect(),
        how,
    };
    match (a, b) {
        (None, None) => agreed(BTreeSet::new(), "neither engine lists dead stones"),
        (Some(l), None) => agreed(l, "Black's engine's dead stones (White's cannot say)"),
        (None, Some(l)) => agreed(l, "White's engine's dead stones (Black's cannot say)"),
        (Some(a), Some(b)) if a == b => agreed(a, "dead stones agreed"),
        (Some(a), Some(b)) => dispute(game, [a, b], resumptions, seed),
    }
}

/// The dispute procedure of the ruleset's dead-stone rule (docs/rules.md §5.1), for engines
/// whose dead stones differ:
///
/// - *agreement, then resume* (Chinese, AGA, Ing, New Zealand) and *resume once* (WMSG):
///   play resumes, the opponent of the last passer to move, and the referee asks for
///   `kgs-genmove_cleanup` moves, so that each engine captures the stones it calls dead.
///   When the game ends again the engines are asked again (WMSG's game then ends with every
///   stone alive by itself, as the rule says). After [`MAX_RESUMPTIONS`] resumptions the
///   stones still disputed are counted alive: only those both call dead are removed.
/// - *agreement, then confirmation* (Japanese, Korean): the final position stays, and
///   tengen's dead-stone estimator (docs/rules.md §5.1) stands in for confirmation play, which
///   engines cannot be asked to play (GTP has no sandbox and no confirmation ko rule): the
///   stones both engines call dead are dead, and of the disputed ones those the estimator
///   (seeded with `seed`) calls dead. Stones neither engine calls dead stay alive.
/// - *play-out*: every stone is alive; the referee never asks (the game ends without a
///   scoring phase).
pub fn dispute(game: &Game, lists: [BTreeSet<Point>; 2], resumptions: u32, seed: u64) -> Decision {
    let common = || lists[0].intersection(&lists[1]).copied();
    match game.rules().dead_stones {
        DeadStones::AgreeThenResume | DeadStones::AgreeThenResumeOnce
            if resumptions < MAX_RESUMPTIONS =>
        {
            Decision::Resume
        }
        DeadStones::AgreeThenResume | DeadStones::AgreeThenResumeOnce => Decision::Settled {
            dead: common().collect(),
            how: format!(
                "still disputed after {resumptions} resumptions: disputed stones count as alive"
            ),
        },
        DeadStones::AgreeThenConfirm => {
            let options = EstimateOptions {
                seed,
                ..EstimateOptions::for_game(game)
            };
            let estimated: BTreeSet<Point> =
                estimate(game.board(), options).dead.into_iter().collect();
            let disputed = &lists[0] ^ &lists[1];
            let mut dead: BTreeSet<Point> = common().collect();
            dead.extend(disputed.intersection(&estimated));
            Decision::Settled {
                dead: dead.into_iter().collect(),
                how: "disputed, settled by tengen's dead-stone estimator".into(),
            }
        }
        DeadStones::PlayOut => Decision::Settled {
            dead: Vec::new(),
            how: "play-out rules: every stone is alive".into(),
        },
    }
}

/// The stones of every chain through a listed point that holds a stone.
fn chains(game: &Game, list: &[Point]) -> BTreeSet<Point> {
    let board = game.board();
    list.iter()
        .filter(|&&p| game.size().contains(p) && board.get(p).is_some())
        .flat_map(|&p| board.chain(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen::{Move, Rules, Size};

    /// A 5x5 game ended by two passes: a white stone alone at A1, black stones at C3 and D3.
    fn ended(rules: &str) -> Game {
        let mut g = Game::new(Size::square(5).unwrap(), Rules::named(rules).unwrap());
        for v in ["C3", "A1", "D3", "pass", "pass", "pass"] {
            if !g.is_over() {
                g.play(Move::from_gtp(v, g.size()).unwrap()).unwrap();
            }
        }
        g
    }

    fn p(g: &Game, v: &str) -> Point {
        Point::from_gtp(v, g.size()).unwrap()
    }

    #[test]
    fn agreement_is_read_as_whole_chains() {
        let g = ended("chinese");
        let (c3, d3, a1) = (p(&g, "C3"), p(&g, "D3"), p(&g, "A1"));
        // One stone of a chain stands for the chain; empty points and junk are ignored.
        let d = decide(
            &g,
            [Some(vec![c3, a1]), Some(vec![d3, a1, p(&g, "E5")])],
            0,
            1,
        );
        let mut all = vec![c3, d3, a1];
        all.sort();
        assert!(matches!(d, Decision::Agreed { dead, .. } if dead == all));
        // An engine that cannot say defers to the other.
        let d = decide(&g, [None, Some(vec![a1])], 0, 1);
        assert!(matches!(d, Decision::Agreed { dead, .. } if dead == vec![a1]));
        let d = decide(&g, [None, None], 0, 1);
        assert!(matches!(d, Decision::Agreed { dead, .. } if dead.is_empty()));
    }

    #[test]
    fn area_rules_resume_then_count_disputed_stones_alive() {
        let g = ended("chinese");
        let a1 = p(&g, "A1");
        let lists = || [Some(vec![a1]), Some(vec![])];
        assert_eq!(decide(&g, lists(), 0, 1), Decision::Resume);
        assert_eq!(decide(&g, lists(), 1, 1), Decision::Resume);
        let last = decide(&g, lists(), MAX_RESUMPTIONS, 1);
        assert!(matches!(last, Decision::Settled { ref dead, .. } if dead.is_empty()));
    }

    #[test]
    fn territory_rules_ask_the_estimator_about_disputed_stones_only() {
        let g = ended("japanese");
        let (a1, c3, d3) = (p(&g, "A1"), p(&g, "C3"), p(&g, "D3"));
        // The lone white stone at A1 is dead by any estimate; C3-D3 is Black's only chain
        // and lives.
        let d = decide(&g, [Some(vec![]), Some(vec![a1, c3])], 0, 1);
        assert!(
            matches!(d, Decision::Settled { ref dead, .. } if *dead == vec![a1]),
            "{d:?}"
        );
        // Stones both call dead are dead whatever the estimate.
        let d = decide(&g, [Some(vec![c3]), Some(vec![d3, a1])], 0, 1);
        let mut both = vec![c3, d3, a1];
        both.sort();
        assert!(
            matches!(d, Decision::Settled { ref dead, .. } if *dead == both),
            "{d:?}"
        );
    }
}
