//! Game records to tengen games: the root's game information (size, komi, handicap, rules,
//! setup), then every move of a line of play checked under the rules. Problems are
//! reported with their place and the record is read on as far as it can be.

use crate::id::PropId;
use crate::tree::{GameTree, Node, Property};
use crate::value;
use tengen::rules::{Komi, RulesetName};

use tengen::{Board, Color, Game, Illegal, Move, Point, Rules, SetupError, Size};

/// What went wrong in a record, with the byte offset of the property concerned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordProblem {
    /// Byte offset in the decoded text (0 if the property was not read from text).
    pub offset: u32,
    /// What it is.
    pub kind: ProblemKind,
}

/// The kinds of problems in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// A move the rules refuse; it was recorded anyway so that reading goes on.
    IllegalMove {
        /// The move number (1 = the first move after the setup).
        number: usize,
        /// Who made it.
        color: Color,
        /// The move.
        mv: Move,
        /// The board size, for printing the move.
        size: Size,
        /// The rule that refuses it.
        why: Illegal,
    },
    /// A property value that cannot be understood; the property is ignored.
    BadValue {
        /// The property.
        id: String,
        /// The value.
        value: String,
    },
    /// `RU` names no known ruleset; the fallback rules were used.
    UnknownRules(String),
    /// Setup stones that do not make sense: a chain left without liberty (the setup is
    /// ignored), or setup in mid-game (the game restarts from the new position).
    Setup(String),
    /// Something legal in SGF but odd for a game record: two moves in a row by one
    /// player, moves after the game ended.
    Oddity(String),
}

impl std::fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProblemKind::IllegalMove {
                number,
                color,
                mv,
                size,
                why,
            } => {
                let sgf = match mv.point().and_then(|p| p.to_sgf()) {
                    Some(s) => format!(" [{s}]"),
                    None => String::new(),
                };
                let at = mv.to_gtp(*size).unwrap_or_else(|| "off the board".into());
                write!(
                    f,
                    "illegal move {number}: {} {at}{sgf}: {why}",
                    color.letter(),
                )
            }
            ProblemKind::BadValue { id, value } => write!(f, "bad value {id}[{value}] ignored"),
            ProblemKind::UnknownRules(r) => write!(f, "unknown ruleset RU[{r}]"),
            ProblemKind::Setup(s) | ProblemKind::Oddity(s) => f.write_str(s),
        }
    }
}

/// How to read a record.
#[derive(Clone, Debug, Default)]
pub struct ReadOptions {
    /// Rules to use when the record's `RU` is missing or unknown (or always, with
    /// `force_rules`). When `None`, a missing `RU` means Japanese rules, the SGF default
    /// for go.
    pub rules: Option<Rules>,
    /// Whether `rules` overrides a known `RU` too.
    pub force_rules: bool,
    /// Komi to use instead of the record's `KM` (and of the rules' default).
    pub komi: Option<Komi>,
    /// Variation choices at each branching (empty: the main line).
    pub variation: Vec<usize>,
    /// Stop after this many moves.
    pub max_moves: Option<usize>,
}

/// A record read into a game.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// The game after the last move read.
    pub game: Game,
    /// Moves read (plays and passes).
    pub moves: usize,
    /// The record's `RE`, if any.
    pub result: Option<String>,
    /// The problems found.
    pub problems: Vec<RecordProblem>,
}

/// The game information of a root node.
#[derive(Clone, Debug)]
pub struct GameInfo {
    /// Board size (`SZ`, default 19).
    pub size: Size,
    /// The rules: the `RU` ruleset (or the fallback), with `KM` as komi.
    pub rules: Rules,
    /// The `RU` value as written.
    pub ruleset_text: Option<String>,
    /// `HA`.
    pub handicap: u8,
}

fn bad(p: &Property) -> RecordProblem {
    RecordProblem {
        offset: p.offset,
        kind: ProblemKind::BadValue {
            id: p.id.to_string(),
            value: p.raw().to_string(),
        },
    }
}

/// Reads the game information of a root node.
pub fn game_info(
    root: &Node,
    options: &ReadOptions,
    problems: &mut Vec<RecordProblem>,
) -> GameInfo {
    let mut size = Size::NINETEEN;
    if let Some(p) = root.get("SZ") {
        match value::size(p.raw())
            .and_then(|(w, h)| Size::new(u8::try_from(w).ok()?, u8::try_from(h).ok()?))
        {
            Some(s) => size = s,
            None => problems.push(bad(p)),
        }
    }
    let ruleset_text = root.text("RU").map(|s| s.trim().to_string());
    let named = ruleset_text.as_deref().map(|t| (t, parse_ruleset_text(t)));
    let mut rules = match (&options.rules, named) {
        (Some(r), _) if options.force_rules => r.clone(),
        (_, Some((_, Some(r)))) => r,
        (fallback, Some((t, None))) => {
            let offset = root.get("RU").map_or(0, |p| p.offset);
            problems.push(RecordProblem {
                offset,
                kind: ProblemKind::UnknownRules(t.to_string()),
            });
            fallback
                .clone()
                .unwrap_or_else(|| RulesetName::Japanese.rules())
        }
        (Some(r), None) => r.clone(),
        (None, None) => RulesetName::Japanese.rules(),
    };
    if let Some(k) = options.komi {
        rules.komi = k;
    } else if let Some(p) = root.get("KM") {
        match value::real(p.raw()).and_then(Komi::from_points) {
            Some(k) => rules.komi = k,
            None => problems.push(bad(p)),
        }
    }
    let mut handicap = 0;
    if let Some(p) = root.get("HA") {
        match value::number(p.raw()).and_then(|n| u8::try_from(n).ok()) {
            Some(n) => handicap = n,
            None => problems.push(bad(p)),
        }
    }
    GameInfo {
        size,
        rules,
        ruleset_text,
        handicap,
    }
}

/// The `RU` text for rules: the ruleset's SGF name, followed by the values that differ from
/// it in parentheses when the rules are not exactly a named ruleset, e.g.
/// `Japanese (ko=positional, long-cycle=ignore)`. Komi goes in `KM`.
pub fn ruleset_text(rules: &Rules) -> String {
    let (base, differing) = rules.closest_named();
    if differing.is_empty() {
        return base.sgf_name().to_string();
    }
    let pairs: Vec<String> = differing
        .iter()
        .map(|k| format!("{k}={}", rules.get(k).unwrap_or_default()))
        .collect();
    format!("{} ({})", base.sgf_name(), pairs.join(", "))
}

/// Reads an `RU` text: a ruleset name in any known spelling, optionally followed by
/// overrides in parentheses as [`ruleset_text`] writes them.
pub fn parse_ruleset_text(text: &str) -> Option<Rules> {
    let text = text.trim();
    let (name, overrides) = match text.split_once('(') {
        Some((n, rest)) => (n.trim(), Some(rest.strip_suffix(')')?)),
        None => (text, None),
    };
    let mut rules = RulesetName::parse(name)?.rules();
    for pair in overrides
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        let (k, v) = pair.split_once('=')?;
        rules.set(k.trim(), v.trim()).ok()?;
    }
    Some(rules)
}

/// The setup stones of a node (`AB`, `AW`, `AE`) applied to `base`, or to an empty board
/// of `size` when there is none; `None` when the node has no setup.
fn setup(
    node: &Node,
    size: Size,
    base: Option<&Board>,
    problems: &mut Vec<RecordProblem>,
) -> Option<Board> {
    if !["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some()) {
        return None;
    }
    // One slot a point, row by row: a file may repeat big rectangles (`AB[aa:ss]`) any
    // number of times, and each must cost only its points.
    let w = size.width() as usize;
    let mut cells: Vec<Option<Color>> = match base {
        Some(board) => size.all_points().map(|p| board.get(p)).collect(),
        None => vec![None; size.points()],
    };
    for (id, c) in [
        ("AE", None),
        ("AB", Some(Color::Black)),
        ("AW", Some(Color::White)),
    ] {
        let Some(prop) = node.get(id) else { continue };
        match value::points(prop.values.iter().map(|v| v.as_str()), size) {
            Ok(points) => {
                for p in points {
                    if let Some(cell) = cells.get_mut(p.y as usize * w + p.x as usize) {
                        *cell = c;
                    }
                }
            }
            Err(_) => problems.push(bad(prop)),
        }
    }
    let placed: Vec<(Point, Color)> = size
        .all_points()
        .zip(cells)
        .filter_map(|(p, c)| c.map(|c| (p, c)))
        .collect();
    match Board::from_stones(size, &placed) {
        Ok(b) => Some(b),
        Err(e) => {
            let why = match e {
                SetupError::NoLiberty(p) => format!(
                    "setup leaves the chain at {} without liberty",
                    p.to_gtp(size).unwrap_or_default()
                ),
                other => other.to_string(),
            };
            problems.push(RecordProblem {
                offset: node.offset,
                kind: ProblemKind::Setup(format!("{why}: setup ignored")),
            });
            None
        }
    }
}

/// Reads a game tree into a game.
pub fn replay(tree: &GameTree, options: &ReadOptions) -> Replayed {
    let mut problems = Vec::new();
    let nodes = tree.line(&options.variation);
    let empty = Node::default();
    let root = nodes.first().copied().unwrap_or(&empty);
    let info = game_info(root, options, &mut problems);
    let start = setup(root, info.size, None, &mut problems);
    let first = first_player(root, start.as_ref(), info.handicap);
    let board = start.map_or_else(|| Board::new_boxed(info.size), Box::new);
    let mut game = Game::from_position(board, first, info.rules);
    // At most one move a node: room for them all at once.
    game.reserve(nodes.len());
    let mut line = Line {
        game,
        size: info.size,
        moves: 0,
        last_color: None,
        problems,
    };
    for (k, node) in nodes.iter().enumerate() {
        if options.max_moves.is_some_and(|m| line.moves >= m) {
            break;
        }
        if let Some((color, p, offset)) = lone_move(node, line.size) {
            if line.last_color != Some(color) {
                line.play_point(color, p, offset);
                continue;
            }
        }
        let found = MoveProps::of(node);
        if found.setup || found.pl.is_some() {
            line.other_props(k, node, &found);
        }
        if let Some(prop) = found.black {
            line.play(prop, Color::Black);
        }
        if let Some(prop) = found.white {
            line.play(prop, Color::White);
        }
    }
    let result = root.text("RE").map(|s| s.trim().to_string());
    Replayed {
        game: line.game,
        moves: line.moves,
        result,
        problems: line.problems,
    }
}

/// A line of play being read into a game.
struct Line {
    game: Game,
    size: Size,
    /// Moves read so far.
    moves: usize,
    /// Who made the last move read.
    last_color: Option<Color>,
    problems: Vec<RecordProblem>,
}

impl Line {
    /// Reads the move property `prop` of `color`; a move the rules refuse is reported,
    /// then recorded anyway.
    #[inline]
    fn play(&mut self, prop: &Property, color: Color) {
        let Some(mv) = Move::from_sgf(trim(prop.raw()), self.size) else {
            self.problems.push(bad(prop));
            return;
        };
        if self.last_color == Some(color) {
            self.problems.push(RecordProblem {
                offset: prop.offset,
                kind: ProblemKind::Oddity(format!("two moves in a row by {color}")),
            });
        }
        self.record(color, mv, prop.offset);
    }

    /// [`Line::play`] for a play on `p` by `color`, the player who did not make the last
    /// move, found by [`lone_move`].
    #[inline(always)]
    fn play_point(&mut self, color: Color, p: Point, offset: u32) {
        self.record(color, Move::Play(p), offset);
    }

    /// Counts and plays the move `mv` of `color`, written at `offset`.
    #[inline(always)]
    fn record(&mut self, color: Color, mv: Move, offset: u32) {
        self.last_color = Some(color);
        self.moves += 1;
        play_checked(
            &mut self.game,
            color,
            mv,
            self.moves,
            offset,
            &mut self.problems,
        );
    }

    /// The setup and `PL` of node `k` (rare after the root): setup stones in mid-game
    /// restart the game from the new position; a bad `PL` is reported.
    #[inline(never)]
    fn other_props(&mut self, k: usize, node: &Node, found: &MoveProps) {
        if k > 0 && found.setup {
            let board = Some(self.game.board());
            if let Some(b) = setup(node, self.size, board, &mut self.problems) {
                self.problems.push(RecordProblem {
                    offset: node.offset,
                    kind: ProblemKind::Setup(
                        "setup stones in mid-game: the game restarts from the new position".into(),
                    ),
                });
                let rules = self.game.rules().clone();
                self.game = Game::from_position(b, self.game.to_move(), rules);
            }
        }
        // PL matters only in the root (who moves first from the setup, for situational
        // superko); later, every move names its own colour.
        if let Some(p) = found.pl {
            if value::color(p.raw()).is_none() {
                self.problems.push(bad(p));
            }
        }
    }
}

/// The colour, point and offset of a node that is only a play written plainly
/// (`;B[pd]`: one move property, one value of two letters on the board), as nearly every
/// node of a record is; `None` for any other node (a pass, a bad value, other
/// properties), which [`MoveProps`] and [`Line::play`] read in full.
#[inline(always)]
fn lone_move(node: &Node, size: Size) -> Option<(Color, Point, u32)> {
    let [prop] = node.props.as_slice() else {
        return None;
    };
    let color = if prop.id == PropId::B {
        Color::Black
    } else if prop.id == PropId::W {
        Color::White
    } else {
        return None;
    };
    let [value] = prop.values.as_slice() else {
        return None;
    };
    // Two letters, on the board: `tt` on boards up to 19x19 is off it, so a pass
    // goes the general way.
    let p = Point::from_sgf(value.as_str(), size)?;
    Some((color, p, prop.offset))
}

/// `raw` without white space around it. Move values nearly always begin and end with a
/// letter, and are then returned at once (`str::trim` looks for any Unicode space).
#[inline]
fn trim(raw: &str) -> &str {
    let b = raw.as_bytes();
    match (b.first(), b.last()) {
        (Some(f), Some(l)) if f.is_ascii_graphic() && l.is_ascii_graphic() => raw,
        _ => raw.trim(),
    }
}

/// The properties of a node that replaying looks at, found in one pass over it (this
/// runs for every node of every record).
#[derive(Default)]
struct MoveProps<'a> {
    black: Option<&'a Property>,
    white: Option<&'a Property>,
    pl: Option<&'a Property>,
    /// `AB`, `AW` or `AE` is there.
    setup: bool,
}

impl<'a> MoveProps<'a> {
    fn of(node: &'a Node) -> MoveProps<'a> {
        let mut found = MoveProps::default();
        for p in &node.props {
            // The first of a repeated identifier counts, as with `Node::get`.
            let slot = match p.id.as_bytes() {
                b"B" => &mut found.black,
                b"W" => &mut found.white,
                b"PL" => &mut found.pl,
                b"AB" | b"AW" | b"AE" => {
                    found.setup = true;
                    continue;
                }
                _ => continue,
            };
            slot.get_or_insert(p);
        }
        found
    }
}

/// Who moves first: `PL` if given, else White after handicap stones, else Black.
fn first_player(root: &Node, setup: Option<&Board>, handicap: u8) -> Color {
    if let Some(c) = root.raw("PL").and_then(value::color) {
        return c;
    }
    let has_moves = root.get("B").is_some() || root.get("W").is_some();
    let black_set_up = setup.is_some_and(|b| b.stones_on_board(Color::Black) > 0);
    let handicap_stones = handicap >= 2 && black_set_up && !has_moves;
    let white_moves_first = root.get("W").is_some() && root.get("B").is_none();
    if handicap_stones || white_moves_first {
        Color::White
    } else {
        Color::Black
    }
}

/// Plays one move of the record; an illegal one is reported, then recorded anyway.
#[inline(always)]
fn play_checked(
    game: &mut Game,
    color: Color,
    mv: Move,
    number: usize,
    offset: u32,
    problems: &mut Vec<RecordProblem>,
) {
    if game.is_over() {
        problems.push(RecordProblem {
            offset,
            kind: ProblemKind::Oddity(format!("move {number} comes after the end of the game")),
        });
        // `force` refuses only points off the board, and moves are read against its size.
        let _ = game.force(color, mv);
        return;
    }
    if let Err(why) = game.play_as(color, mv) {
        let kind = ProblemKind::IllegalMove {
            number,
            color,
            mv,
            size: game.size(),
            why,
        };
        problems.push(RecordProblem { offset, kind });
        let _ = game.force(color, mv);
    }
}
