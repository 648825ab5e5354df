//! The match's results: one row per game, totals per engine and per colour, as a table or
//! as JSON.

use super::referee::{LossKind, Outcome};
use serde::Serialize;
use std::fmt::Write as _;
use tengen::{Color, GameResult};

/// One finished game.
#[derive(Serialize)]
pub struct GameRow {
    /// From 1.
    pub number: usize,
    /// Engine names.
    pub black: String,
    pub white: String,
    /// SGF form: `W+12.5`, `B+R`, `W+F`, `0`, `Void`.
    pub result: String,
    /// The winning engine, if any.
    pub winner: Option<String>,
    pub moves: usize,
    /// How it ended, in words.
    pub how: String,
    /// A loss other than on the score.
    pub loss: Option<LossKind>,
    pub loser: Option<String>,
    /// The rules command each engine accepted (`None`: it knew none).
    pub rules_black: Option<String>,
    pub rules_white: Option<String>,
    pub sgf: Option<String>,
}

/// One engine's totals.
#[derive(Default, Serialize)]
pub struct EngineTotals {
    pub name: String,
    pub command: String,
    pub games: u32,
    pub wins: u32,
    pub losses: u32,
    /// Draws and games without result.
    pub other: u32,
    pub games_as_black: u32,
    pub wins_as_black: u32,
    pub games_as_white: u32,
    pub wins_as_white: u32,
    /// Its mean margin (positive: ahead) over the games decided by the score.
    pub mean_margin: Option<f64>,
    pub resignations: u32,
    pub illegal_moves: u32,
    pub time_losses: u32,
    pub no_answers: u32,
    pub crashes: u32,
    pub refusals: u32,
    pub restarts: u32,
    pub moves: u32,
    pub mean_seconds_per_move: Option<f64>,
    #[serde(skip)]
    margins: Vec<f64>,
    #[serde(skip)]
    seconds: f64,
}

/// Totals by colour.
#[derive(Default, Serialize)]
pub struct ColourTotals {
    pub black_wins: u32,
    pub white_wins: u32,
    pub draws: u32,
    pub no_result: u32,
    /// Black's mean margin (negative: White ahead) over the games decided by the score.
    pub mean_black_margin: Option<f64>,
    #[serde(skip)]
    margins: Vec<f64>,
}

/// The whole match.
#[derive(Serialize)]
pub struct Report {
    pub settings: String,
    pub engines: [EngineTotals; 2],
    pub colours: ColourTotals,
    pub games: Vec<GameRow>,
}

impl Report {
    /// An empty report for engines `names` (with their command lines).
    pub fn new(settings: String, engines: [(&str, &str); 2]) -> Report {
        let totals = |(name, command): (&str, &str)| EngineTotals {
            name: name.to_string(),
            command: command.to_string(),
            ..EngineTotals::default()
        };
        Report {
            settings,
            engines: engines.map(totals),
            colours: ColourTotals::default(),
            games: Vec::new(),
        }
    }

    /// Adds a game in which engine `slots[0]` played Black and `slots[1]` White.
    pub fn add(
        &mut self,
        number: usize,
        slots: [usize; 2],
        outcome: &Outcome,
        sgf: Option<String>,
    ) {
        let name = |c: Color| self.engines[slots[c.index()]].name.clone();
        let winner = outcome.result.winner();
        let row = GameRow {
            number,
            black: name(Color::Black),
            white: name(Color::White),
            result: outcome.result.to_string(),
            winner: winner.map(name),
            moves: outcome.game.move_number(),
            how: outcome.how.clone(),
            loss: outcome.loss.as_ref().map(|l| l.kind),
            loser: outcome.loss.as_ref().map(|l| name(l.color)),
            rules_black: outcome.rules_commands[0].clone(),
            rules_white: outcome.rules_commands[1].clone(),
            sgf,
        };
        let margin = black_margin(outcome.result);
        self.colours.add(outcome.result, margin);
        for color in Color::BOTH {
            let totals = &mut self.engines[slots[color.index()]];
            totals.add(color, outcome, margin);
        }
        self.games.push(row);
    }

    /// Fills in what needs every game (means, restarts).
    pub fn finish(&mut self, restarts: [u32; 2]) {
        for (t, r) in self.engines.iter_mut().zip(restarts) {
            t.restarts = r;
            t.mean_margin = mean(&t.margins);
            t.mean_seconds_per_move = (t.moves > 0).then(|| t.seconds / f64::from(t.moves));
        }
        self.colours.mean_black_margin = mean(&self.colours.margins);
    }

    /// The table printed at the end of a match.
    pub fn table(&self) -> String {
        let mut out = format!("{}\n\n", self.settings);
        let _ = writeln!(
            out,
            "{:<16} {:>5} {:>5} {:>6} {:>6} {:>7} {:>7} {:>5} {:>9} {:>6} {:>7} {:>8}",
            "engine",
            "games",
            "wins",
            "as B",
            "as W",
            "margin",
            "illegal",
            "time",
            "no answer",
            "crash",
            "refused",
            "s/move"
        );
        for t in &self.engines {
            let _ = writeln!(
                out,
                "{:<16} {:>5} {:>5} {:>6} {:>6} {:>7} {:>7} {:>5} {:>9} {:>6} {:>7} {:>8}",
                t.name,
                t.games,
                t.wins,
                format!("{}/{}", t.wins_as_black, t.games_as_black),
                format!("{}/{}", t.wins_as_white, t.games_as_white),
                signed(t.mean_margin),
                t.illegal_moves,
                t.time_losses,
                t.no_answers,
                t.crashes,
                t.refusals,
                t.mean_seconds_per_move
                    .map_or("-".into(), |s| format!("{s:.3}")),
            );
        }
        let c = &self.colours;
        let _ = write!(
            out,
            "\nby colour: Black {} wins, White {} wins, {} draws, {} without result; \
             mean margin for Black {}",
            c.black_wins,
            c.white_wins,
            c.draws,
            c.no_result,
            signed(c.mean_black_margin)
        );
        out
    }
}

impl EngineTotals {
    fn add(&mut self, color: Color, outcome: &Outcome, black_margin: Option<f64>) {
        self.games += 1;
        let won = outcome.result.winner().map(|w| w == color);
        match won {
            Some(true) => self.wins += 1,
            Some(false) => self.losses += 1,
            None => self.other += 1,
        }
        let (games, wins) = match color {
            Color::Black => (&mut self.games_as_black, &mut self.wins_as_black),
            Color::White => (&mut self.games_as_white, &mut self.wins_as_white),
        };
        *games += 1;
        *wins += u32::from(won == Some(true));
        if let Some(m) = black_margin {
            self.margins
                .push(if color == Color::Black { m } else { -m });
        }
        let thinking = outcome.thinking[color.index()];
        self.moves += thinking.moves;
        self.seconds += thinking.time.as_secs_f64();
        if let Some(loss) = outcome.loss.as_ref().filter(|l| l.color == color) {
            let counter = match loss.kind {
                LossKind::Resignation => &mut self.resignations,
                LossKind::Illegal => &mut self.illegal_moves,
                LossKind::Time => &mut self.time_losses,
                LossKind::NoAnswer => &mut self.no_answers,
                LossKind::Crash => &mut self.crashes,
                LossKind::Refusal => &mut self.refusals,
            };
            *counter += 1;
        }
    }
}

impl ColourTotals {
    fn add(&mut self, result: GameResult, black_margin: Option<f64>) {
        match result {
            GameResult::Void => self.no_result += 1,
            r => match r.winner() {
                Some(Color::Black) => self.black_wins += 1,
                Some(Color::White) => self.white_wins += 1,
                None => self.draws += 1,
            },
        }
        self.margins.extend(black_margin);
    }
}

/// Black's margin in points, for a game decided by the score.
fn black_margin(result: GameResult) -> Option<f64> {
    match result {
        GameResult::Score {
            winner,
            margin_halves,
        } => {
            let m = f64::from(margin_halves) / 2.0;
            Some(if winner == Some(Color::White) { -m } else { m })
        }
        _ => None,
    }
}

fn mean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| v.iter().sum::<f64>() / v.len() as f64)
}

fn signed(v: Option<f64>) -> String {
    v.map_or("-".into(), |m| format!("{m:+.1}"))
}
