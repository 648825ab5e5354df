//! Counting (docs/rules.md §5.2): area, territory and stone scoring with every modifier, on the
//! final position after the dead stones are removed. A report lists each term per player,
//! the owner of every point, and the result in SGF form.

use crate::board::Board;
use crate::color::Color;
use crate::grid::Grid;
use crate::life;
use crate::point::Point;
use crate::result::GameResult;
use crate::rules::{Compensation, FirstPassAdjustment, Rules, Scoring, SekiTerritory, Ties};
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
    /// Handicap compensation (White only, docs/rules.md §6).
    pub compensation: i32,
    /// First-pass adjustment, in half points (docs/rules.md §5.2).
    pub adjustment: i32,
    /// Group tax, as a positive number of points taken away (docs/rules.md §5.2).
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

/// What a game contributed to its count besides the final position: the prisoners, pass
/// stones, handicap and passes that some rules count (docs/rules.md §5.2, §6). A game gives its
/// own with [`crate::Game::tally`]; a count of a bare position takes the default (nothing).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Stones each player (Black, White) captured during the game, suicided opponent stones
    /// included, pass stones not.
    pub captures: [u32; 2],
    /// Pass stones each player received (docs/rules.md §4).
    pub pass_stones: [u32; 2],
    /// Handicap stones Black placed (for compensation, docs/rules.md §6).
    pub handicap: u32,
    /// The player who passed first in the game (for first-pass adjustments, docs/rules.md §5.2).
    pub first_passer: Option<Color>,
    /// The plays made after Ikeda's preliminary end, in order, if there was one: Ikeda
    /// Territory II takes a point for each such stone still on the board that is not
    /// immortal (docs/rules.md §5.2).
    pub late_plays: Vec<(Point, Color)>,
}

/// Why a count was refused: its input does not describe this board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CountError {
    /// A point marked dead is off the board.
    OffBoard(Point),
    /// A point marked dead holds no stone.
    NoStone(Point),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::OffBoard(p) => {
                write!(f, "the dead point ({}, {}) is off the board", p.x, p.y)
            }
            CountError::NoStone(p) => {
                write!(f, "the dead point ({}, {}) holds no stone", p.x, p.y)
            }
        }
    }
}

impl std::error::Error for CountError {}

/// Counts `board` with the `dead` stones removed, under `rules`, with what the game
/// contributed in `tally`.
pub fn count(
    board: &Board,
    dead: &[Point],
    tally: &Tally,
    rules: &Rules,
) -> Result<ScoreReport, CountError> {
    count_with_fills(board, dead, &[], tally, rules)
}

/// As [`count`], with some empty points filled with stones, as the players would have done
/// to close open borders before counting (the estimator proposes such fills). The dead
/// stones are taken off first, so a fill may stand where a dead stone stood (it was
/// captured, then the point played, as when a player connects through it). A fill on a
/// live stone, on a dead stone of its own colour, or off the board, is ignored.
pub fn count_with_fills(
    board: &Board,
    dead: &[Point],
    fills: &[(Point, Color)],
    tally: &Tally,
    rules: &Rules,
) -> Result<ScoreReport, CountError> {
    let dead = checked_dead(board, dead)?;
    Ok(count_checked(board, dead, fills, tally, rules))
}

/// The dead points sorted and without repeats, or the first one that is no stone of the
/// board.
fn checked_dead(board: &Board, dead: &[Point]) -> Result<Vec<Point>, CountError> {
    let mut dead = dead.to_vec();
    dead.sort();
    dead.dedup();
    for &p in &dead {
        if !board.size().contains(p) {
            return Err(CountError::OffBoard(p));
        }
        if board.get(p).is_none() {
            return Err(CountError::NoStone(p));
        }
    }
    Ok(dead)
}

/// The count, once the dead points are known to be stones of the board (sorted).
pub(crate) fn count_checked(
    board: &Board,
    dead: Vec<Point>,
    fills: &[(Point, Color)],
    tally: &Tally,
    rules: &Rules,
) -> ScoreReport {
    let mut dead = dead;
    dead.sort();
    dead.dedup();
    let size = board.size();
    let mut grid = Grid::from_board(board);
    let mut terms = [Terms::default(), Terms::default()];
    for &p in &dead {
        if let Some(c) = grid.get(p) {
            terms[c.opponent().index()].dead += 1;
        }
        grid.set(p, None);
    }
    for &(p, c) in fills {
        // A fill of a dead stone's own colour on its point would bring it back to life.
        if size.contains(p) && grid.get(p).is_none() && board.get(p) != Some(c) {
            grid.set(p, Some(c));
        }
    }
    let seki = life::seki(&grid);
    // Immortal stones matter only to Ikeda Territory II; finding them is not free.
    let immortal: Vec<Vec<Point>> = Color::BOTH
        .iter()
        .map(|&c| match rules.immortal_territory_only {
            true => life::unconditional(&grid, c, rules.suicide).alive,
            false => Vec::new(),
        })
        .collect();
    let owner = territory(&grid, rules, &seki, &immortal, &mut terms);
    for c in Color::BOTH {
        let t = &mut terms[c.index()];
        t.stones = grid.cells().iter().filter(|&&x| x == Some(c)).count() as u32;
        t.pass_stones = tally.pass_stones[c.index()];
        t.captures = tally.captures[c.index()];
    }
    if rules.group_tax {
        for c in Color::BOTH {
            terms[c.index()].group_tax = group_tax(&grid, c, &seki);
        }
    }
    if rules.immortal_territory_only {
        late_stones(board, tally, &immortal, &mut terms);
    }
    modifiers(rules, tally, &mut terms);
    for t in terms.iter_mut() {
        t.total = total(t, rules.scoring);
    }
    let [black, white] = terms;
    let result = winner(black.total - white.total, rules.ties);
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

/// The regions that count as territory, added to `terms`; returns the owner of every
/// point: a stone's colour, or the player a counted region belongs to.
fn territory(
    grid: &Grid,
    rules: &Rules,
    seki: &[Point],
    immortal: &[Vec<Point>],
    terms: &mut [Terms; 2],
) -> Vec<Option<Color>> {
    let mut owner: Vec<Option<Color>> = grid.cells().to_vec();
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
    owner
}

/// A player's total in half points: the terms her scoring method counts, less group tax
/// and late stones, plus the modifiers (docs/rules.md §5.2).
fn total(t: &Terms, scoring: Scoring) -> i32 {
    let points = match scoring {
        Scoring::Area => t.stones + t.territory,
        Scoring::Territory => t.territory + t.captures + t.dead + t.pass_stones,
        Scoring::Stones => t.stones,
    } as i32;
    2 * (points - t.group_tax as i32 - t.late_stones as i32)
        + t.komi
        + t.compensation
        + t.adjustment
}

/// The result of a difference of totals, Black's minus White's, in half points.
fn winner(diff: i32, ties: Ties) -> GameResult {
    let winner = match diff.signum() {
        1 => Some(Color::Black),
        -1 => Some(Color::White),
        _ if ties == Ties::BlackWins => Some(Color::Black),
        _ if ties == Ties::WhiteWins => Some(Color::White),
        _ => None,
    };
    GameResult::Score {
        winner,
        margin_halves: diff.unsigned_abs(),
    }
}

/// Komi, handicap compensation and first-pass adjustments (docs/rules.md §5.2, §6).
fn modifiers(rules: &Rules, tally: &Tally, terms: &mut [Terms; 2]) {
    let white = &mut terms[Color::White.index()];
    white.komi = rules.komi.halves();
    let n = tally.handicap as i32;
    white.compensation = 2 * match rules.compensation {
        Compensation::None => 0,
        Compensation::N => n,
        Compensation::NMinusOne => (n - 1).max(0),
    };
    if tally.first_passer == Some(Color::White) {
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

/// docs/rules.md §5.2 group tax: 2 points per independently living group, 1 per group in seki
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
fn late_stones(board: &Board, tally: &Tally, immortal: &[Vec<Point>], terms: &mut [Terms; 2]) {
    for &(p, c) in &tally.late_plays {
        if board.get(p) == Some(c) && !immortal[c.index()].contains(&p) {
            terms[c.index()].late_stones += 1;
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
