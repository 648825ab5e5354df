//! Counting (RULES.md §5.2): area, territory and stone scoring with every modifier, on the
//! final position after the dead stones are removed. A report lists each term per player,
//! the owner of every point, and the result in SGF form.

use crate::color::Color;
use crate::game::{Game, GameResult};
use crate::grid::Grid;
use crate::life;
use crate::point::{Move, Point};
use crate::rules::{Compensation, FirstPassAdjustment, Scoring, SekiTerritory, Ties};
use std::fmt;

/// One player's score, term by term. Points are in half points so that komi is exact.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Stones on the board after dead stones are removed (area and stone scoring).
    pub stones: u32,
    /// Points of the regions that belong to her and count.
    pub territory: u32,
    /// Stones she captured during the game (territory scoring).
    pub captures: u32,
    /// Opponent stones removed as dead at the end (territory scoring).
    pub dead: u32,
    /// Pass stones she received (territory scoring).
    pub pass_stones: u32,
    /// Komi, in half points (White only).
    pub komi: i32,
    /// Handicap compensation (White only, RULES.md §6).
    pub compensation: i32,
    /// First-pass adjustment, in half points (RULES.md §5.2).
    pub adjustment: i32,
    /// Group tax, as a positive number of points taken away (RULES.md §5.2).
    pub group_tax: u32,
    /// Ikeda Territory II: non-immortal stones played after the preliminary end.
    pub late_stones: u32,
    /// The total, in half points.
    pub total: i32,
}

/// A score: both players' terms, the owner of each point, and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreReport {
    /// Black's terms.
    pub black: Terms,
    /// White's terms.
    pub white: Terms,
    /// For each point (row by row): the player it counts for, if any.
    pub owner: Vec<Option<Color>>,
    /// Stones removed as dead.
    pub dead: Vec<Point>,
    /// Stones in seki.
    pub seki: Vec<Point>,
    /// The result.
    pub result: GameResult,
    /// How the points were counted (which terms make the total).
    pub scoring: Scoring,
}

impl ScoreReport {
    /// One player's terms.
    pub fn terms(&self, c: Color) -> &Terms {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// Scores the game's current position with `dead` stones removed, under its rules.
pub fn score(game: &Game, dead: &[Point]) -> ScoreReport {
    score_with_fills(game, dead, &[])
}

/// As [`score`], with some empty points first filled with stones, as the players would
/// have done to close open borders before counting (see [`crate::estimate`]).
pub fn score_with_fills(game: &Game, dead: &[Point], fills: &[(Point, Color)]) -> ScoreReport {
    let rules = game.rules();
    let mut grid = Grid::from_board(game.board());
    for &(p, c) in fills {
        if grid.get(p).is_none() {
            grid.set(p, Some(c));
        }
    }
    let mut dead: Vec<Point> = dead
        .iter()
        .copied()
        .filter(|&p| grid.get(p).is_some())
        .collect();
    dead.sort();
    dead.dedup();
    let mut terms = [Terms::default(), Terms::default()];
    for &p in &dead {
        if let Some(c) = grid.get(p) {
            terms[c.opponent().index()].dead += 1;
        }
        grid.set(p, None);
    }
    let seki = life::seki(&grid);
    let immortal: Vec<Vec<Point>> = Color::BOTH
        .iter()
        .map(|&c| life::unconditional(&grid, c, rules.suicide).alive)
        .collect();
    let mut owner: Vec<Option<Color>> = grid.cells.clone();
    for region in grid
        .areas()
        .into_iter()
        .filter(|a| grid.get(a.points[0]).is_none())
    {
        let Some(c) = region.owner() else { continue };
        let borders: Vec<Point> = region
            .points
            .iter()
            .flat_map(|&p| grid.neighbours(p))
            .filter(|&n| grid.get(n).is_some())
            .collect();
        // Japanese and Korean rules: no territory next to a chain in seki.
        if rules.seki_territory == SekiTerritory::NotCounted
            && borders.iter().any(|b| seki.contains(b))
        {
            continue;
        }
        // Ikeda Territory II: only regions surrounded by immortal stones alone.
        if rules.immortal_territory_only && !borders.iter().all(|b| immortal[c.index()].contains(b))
        {
            continue;
        }
        terms[c.index()].territory += region.points.len() as u32;
        for p in &region.points {
            owner[grid.k(*p)] = Some(c);
        }
    }
    for c in Color::BOTH {
        let t = &mut terms[c.index()];
        t.stones = grid.cells.iter().filter(|&&x| x == Some(c)).count() as u32;
        t.pass_stones = game
            .moves()
            .iter()
            .filter(|r| r.pass_stone && r.color == c.opponent())
            .count() as u32;
        t.captures = game.prisoners(c) - t.pass_stones;
    }
    if rules.group_tax {
        for c in Color::BOTH {
            terms[c.index()].group_tax = group_tax(&grid, c, &seki);
        }
    }
    if rules.immortal_territory_only {
        late_stones(game, &immortal, &mut terms);
    }
    modifiers(game, &mut terms);
    let total = |t: &mut Terms, scoring: Scoring| {
        let points = match scoring {
            Scoring::Area => t.stones + t.territory,
            Scoring::Territory => t.territory + t.captures + t.dead + t.pass_stones,
            Scoring::Stones => t.stones,
        } as i32;
        t.total = 2 * (points - t.group_tax as i32 - t.late_stones as i32)
            + t.komi
            + t.compensation
            + t.adjustment;
    };
    for t in terms.iter_mut() {
        total(t, rules.scoring);
    }
    let [black, white] = terms;
    let diff = black.total - white.total;
    let result = match diff.signum() {
        1 => GameResult::Score {
            winner: Some(Color::Black),
            margin_halves: diff.unsigned_abs(),
        },
        -1 => GameResult::Score {
            winner: Some(Color::White),
            margin_halves: diff.unsigned_abs(),
        },
        _ if rules.ties == Ties::BlackWins => GameResult::Score {
            winner: Some(Color::Black),
            margin_halves: 0,
        },
        _ => GameResult::Score {
            winner: None,
            margin_halves: 0,
        },
    };
    ScoreReport {
        black,
        white,
        owner,
        dead,
        seki,
        result,
        scoring: rules.scoring,
    }
}

/// Komi, handicap compensation and first-pass adjustments (RULES.md §5.2, §6).
fn modifiers(game: &Game, terms: &mut [Terms; 2]) {
    let rules = game.rules();
    let white = &mut terms[Color::White.index()];
    white.komi = rules.komi.0;
    let n = game.handicap().len() as i32;
    white.compensation = 2 * match rules.compensation {
        Compensation::None => 0,
        Compensation::N => n,
        Compensation::NMinusOne => (n - 1).max(0),
    };
    if game.pass_state().first_pass == Some(Color::White) {
        match rules.first_pass {
            FirstPassAdjustment::None => {}
            FirstPassAdjustment::HalfPoint => {
                terms[Color::Black.index()].adjustment = -1;
                terms[Color::White.index()].adjustment = 1;
            }
            FirstPassAdjustment::OnePoint => terms[Color::Black.index()].adjustment = -2,
        }
    }
}

/// RULES.md §5.2 group tax: 2 points per independently living group, 1 per group in seki
/// with one eye, 0 per group in seki without. A group with two eyes lives independently
/// even if some of its chains are in seki (one of its eyes shared with them): 2.
fn group_tax(grid: &Grid, c: Color, seki: &[Point]) -> u32 {
    life::groups(grid)
        .iter()
        .filter(|g| g.color == c)
        .map(|g| {
            let in_seki = g.stones.iter().any(|p| seki.contains(p));
            match g.eyes.len() {
                eyes if in_seki && eyes < 2 => eyes as u32,
                _ => 2,
            }
        })
        .sum()
}

/// Ikeda Territory II: each player loses a point per stone she played after the
/// preliminary end that is on the board and not immortal.
fn late_stones(game: &Game, immortal: &[Vec<Point>], terms: &mut [Terms; 2]) {
    let Some(start) = game.pass_state().preliminary_end else {
        return;
    };
    for r in &game.moves()[start..] {
        if let Move::Play(p) = r.mv {
            if game.board().get(p) == Some(r.color) && !immortal[r.color.index()].contains(&p) {
                terms[r.color.index()].late_stones += 1;
            }
        }
    }
}

impl Terms {
    /// The rows of a score table: a name and the value of this player's term.
    fn rows(&self) -> [(&'static str, String); 11] {
        let h = crate::rules::halves;
        let minus = |n: u32| {
            if n == 0 {
                "0".to_string()
            } else {
                format!("-{n}")
            }
        };
        [
            ("stones", self.stones.to_string()),
            ("territory", self.territory.to_string()),
            ("captures", self.captures.to_string()),
            ("dead stones taken", self.dead.to_string()),
            ("pass stones", self.pass_stones.to_string()),
            ("komi", h(self.komi)),
            ("compensation", h(self.compensation)),
            ("first-pass adjustment", h(self.adjustment)),
            ("group tax", minus(self.group_tax)),
            ("late non-immortal stones", minus(self.late_stones)),
            ("total", h(self.total)),
        ]
    }
}

/// Whether a row of the table is part of the total under `scoring` (the others would
/// only confuse: stones are not counted in territory scoring, captures not in area).
fn row_counts(name: &str, scoring: Scoring) -> bool {
    match name {
        "stones" => scoring != Scoring::Territory,
        "territory" => scoring != Scoring::Stones,
        "captures" | "dead stones taken" | "pass stones" => scoring == Scoring::Territory,
        _ => true,
    }
}

impl fmt::Display for ScoreReport {
    /// A table of the terms that make the total under this scoring method (modifiers only
    /// when they are not zero for both), then the result.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{:<26}{:>8}{:>8}", "", "Black", "White")?;
        for ((name, b), (_, w)) in self.black.rows().iter().zip(self.white.rows().iter()) {
            let modifier = !matches!(
                *name,
                "stones" | "territory" | "captures" | "dead stones taken" | "komi" | "total"
            );
            let zero = |v: &str| v == "0";
            if !row_counts(name, self.scoring) || (modifier && zero(b) && zero(w)) {
                continue;
            }
            writeln!(f, "{name:<26}{b:>8}{w:>8}")?;
        }
        write!(f, "result: {}", self.result)
    }
}
