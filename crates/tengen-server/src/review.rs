//! The review page's questions (docs/protocol.md, `POST /api/review`): any record read
//! under every named ruleset. The answer gives the moves of a line of play with their
//! captures (under the ruleset the page shows), every refusal of every move under every
//! ruleset, and at the end the table of [`crate::compare`] (what `tengen compare --json`
//! prints) with each ruleset's count. A variation is the record's first moves and then
//! moves of the page's: the same reading decides their legality, so the page never
//! applies a rule itself. `POST /api/review/sgf` writes the record back with the
//! variations as SGF branches.
//!
//! The work is bounded: the text by the request's size, the moves of a line and the
//! variations by [`Limits`](crate::Limits), and the reviews running at once by a
//! semaphore (see [`App::review`](crate::App)).

use crate::app::App;
use crate::compare::{compare_tree, tree_of, CompareOptions, Comparison, DeadStones, Row};
use crate::error::ApiError;
use crate::live::{rule_name, PhaseName};
use crate::settings::color_name;
use crate::snapshot::{board_rows, score_json};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::sync::Arc;
use tengen::rules::RulesetName;
use tengen::{Color, Game, Move, Point, Size};
use tengen_sgf::{Collection, GameTree, Node, ReadFile, ReadOptions, Severity};

/// The most moves of a line a review reads (the record's and a variation's together).
pub const MAX_MOVES: usize = 1000;
/// The most variations a record written back may carry.
pub const MAX_VARIATIONS: usize = 50;

/// A variation: the first `from` moves of the record's main line, then `moves`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variation {
    /// How many moves of the main line come first.
    pub from: usize,
    /// The variation's moves (GTP vertices or `pass`), the colours alternating from the
    /// player to move after move `from`.
    pub moves: Vec<String>,
}

/// Where the record comes from: its text, or a finished game of this server.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Source {
    /// The record's text (SGF, decoded).
    #[serde(default)]
    pub sgf: Option<String>,
    /// A finished game of this server.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Which game of the file, from 1 (default 1).
    #[serde(default)]
    pub tree: Option<usize>,
}

/// The body of `POST /api/review`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewRequest {
    /// The record's text.
    #[serde(default)]
    pub sgf: Option<String>,
    /// Or a finished game of this server.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Which game of the file, from 1 (default 1).
    #[serde(default)]
    pub tree: Option<usize>,
    /// A variation to read instead of the main line.
    #[serde(default)]
    pub variation: Option<Variation>,
    /// The ruleset whose reading gives the moves' captures (default: the record's `RU`,
    /// else Japanese).
    #[serde(default)]
    pub ruleset: Option<String>,
    /// Whether to score the end of the line (default true).
    #[serde(default)]
    pub score: Option<bool>,
    /// The stones dead at the end (default: the estimator's).
    #[serde(default)]
    pub dead: Option<Vec<String>>,
    /// A stone whose chain changes from alive to dead or back in `dead` (none given:
    /// every stone alive).
    #[serde(default)]
    pub toggle: Option<String>,
}

impl ReviewRequest {
    /// Where the record comes from.
    pub fn source(&self) -> Source {
        Source {
            sgf: self.sgf.clone(),
            game_id: self.game_id.clone(),
            tree: self.tree,
        }
    }
}

/// The body of `POST /api/review/sgf`.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DownloadRequest {
    /// The record's text.
    #[serde(default)]
    pub sgf: Option<String>,
    /// Or a finished game of this server.
    #[serde(default)]
    pub game_id: Option<String>,
    /// Which game of the file, from 1 (default 1).
    #[serde(default)]
    pub tree: Option<usize>,
    /// The variations to add as branches.
    #[serde(default)]
    pub variations: Vec<Variation>,
}

impl DownloadRequest {
    /// Where the record comes from.
    pub fn source(&self) -> Source {
        Source {
            sgf: self.sgf.clone(),
            game_id: self.game_id.clone(),
            tree: self.tree,
        }
    }
}

/// A record's text read as a file: it is decoded already (the page decodes files by
/// their `CA`), so it is only parsed.
pub fn read_text(text: &str) -> ReadFile {
    let parsed = tengen_sgf::parse(text);
    ReadFile {
        text: text.to_string(),
        charset: "UTF-8",
        collection: parsed.collection,
        diagnostics: parsed.diagnostics,
    }
}

fn bad(field: &str, message: impl Into<String>) -> ApiError {
    ApiError::bad_request(field, message)
}

/// Whether a node makes a move, and how many (`B` and `W` in one node are two).
fn moves_in(node: &Node) -> usize {
    usize::from(node.get("B").is_some()) + usize::from(node.get("W").is_some())
}

/// The record's game `k` and its main line's moves, refused when the file holds no game
/// or the line is longer than a review reads.
fn main_line(file: &ReadFile, k: usize) -> Result<(&GameTree, usize), ApiError> {
    let tree = tree_of(file, "the record", k).map_err(|e| bad("tree", e))?;
    let moves: usize = tree.line(&[]).iter().map(|n| moves_in(n)).sum();
    if moves > MAX_MOVES {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("the record has {moves} moves; a review reads at most {MAX_MOVES}"),
        ));
    }
    Ok((tree, moves))
}

/// The nodes of the main line up to the one that makes move `from` (the nodes before the
/// first move for 0), cloned.
fn prefix(tree: &GameTree, from: usize) -> Vec<Node> {
    let mut out = Vec::new();
    let mut seen = 0;
    for node in tree.line(&[]) {
        let n = moves_in(node);
        if n > 0 && seen >= from {
            break;
        }
        seen += n;
        out.push(node.clone());
    }
    out
}

/// The player to move after the nodes `nodes`, and the board size.
fn next_player(nodes: &[Node]) -> (Color, Size) {
    let tree = GameTree {
        nodes: nodes.to_vec(),
        variations: Vec::new(),
    };
    let g = tengen_sgf::replay(&tree, &ReadOptions::default()).game;
    (g.to_move(), g.size())
}

/// The nodes of a variation's moves, the colours alternating from the player to move
/// after `before`; a vertex that is not a move of this board is refused (`field` names
/// the variation in the request).
fn variation_nodes(before: &[Node], moves: &[String], field: &str) -> Result<Vec<Node>, ApiError> {
    let (mut color, size) = next_player(before);
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let mv = Move::from_gtp(m, size).ok_or_else(|| {
            bad(
                &format!("{field}.moves[{i}]"),
                format!(
                    "{m:?} is not a point of this {}x{} board",
                    size.width(),
                    size.height()
                ),
            )
        })?;
        let mut node = Node::default();
        node.set(
            &color.letter().to_string(),
            &mv.to_sgf().unwrap_or_default(),
        );
        out.push(node);
        color = color.opponent();
    }
    Ok(out)
}

/// The line a review reads: the main line, or a variation's tree; with the number of the
/// main line's moves.
fn line_tree(
    tree: &GameTree,
    main: usize,
    variation: Option<&Variation>,
) -> Result<GameTree, ApiError> {
    let Some(v) = variation else {
        return Ok(GameTree {
            nodes: tree.line(&[]).into_iter().cloned().collect(),
            variations: Vec::new(),
        });
    };
    check_variation(v, main, "variation")?;
    let mut nodes = prefix(tree, v.from);
    let added = variation_nodes(&nodes, &v.moves, "variation")?;
    nodes.extend(added);
    Ok(GameTree {
        nodes,
        variations: Vec::new(),
    })
}

fn check_variation(v: &Variation, main: usize, field: &str) -> Result<(), ApiError> {
    if v.from > main {
        return Err(bad(
            &format!("{field}.from"),
            format!("the record's main line has {main} moves, not {}", v.from),
        ));
    }
    if v.from + v.moves.len() > MAX_MOVES {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("a line a review reads has at most {MAX_MOVES} moves"),
        ));
    }
    Ok(())
}

/// The ruleset the request names, or the record's, or Japanese (SGF's default).
fn shown_ruleset(asked: Option<&str>, root: Option<&Node>) -> Result<RulesetName, ApiError> {
    if let Some(name) = asked {
        return RulesetName::parse(name)
            .ok_or_else(|| bad("ruleset", format!("unknown ruleset {name:?}")));
    }
    let recorded = root
        .and_then(|r| r.text("RU"))
        .and_then(|ru| RulesetName::parse(ru.trim()));
    Ok(recorded.unwrap_or(RulesetName::Japanese))
}

/// Vertices of points of `size`.
fn vertices(points: &[Point], size: Size) -> Vec<String> {
    points.iter().filter_map(|p| p.to_gtp(size)).collect()
}

/// The stones dead at the end for a scored review: the estimator's (`None`), or those
/// given, with the chain through `toggle` changed from alive to dead or back. Every
/// given point must be a stone of the final position.
fn dead_stones(req: &ReviewRequest, end: &Game) -> Result<DeadStones, ApiError> {
    if req.dead.is_none() && req.toggle.is_none() {
        return Ok(DeadStones::Auto);
    }
    let board = end.board();
    let size = end.size();
    let stone = |field: &str, v: &str| -> Result<Point, ApiError> {
        let p = Point::from_gtp(v, size)
            .ok_or_else(|| bad(field, format!("{v:?} is not a point of this board")))?;
        if board.get(p).is_none() {
            return Err(bad(field, format!("there is no stone on {v} at the end")));
        }
        Ok(p)
    };
    let mut dead: Vec<Point> = Vec::new();
    for v in req.dead.iter().flatten() {
        for q in board.chain(stone("dead", v)?) {
            dead.push(q);
        }
    }
    if let Some(t) = &req.toggle {
        let chain = board.chain(stone("toggle", t)?);
        if chain.iter().all(|q| dead.contains(q)) {
            dead.retain(|q| !chain.contains(q));
        } else {
            dead.extend(chain);
        }
    }
    dead.sort();
    dead.dedup();
    Ok(DeadStones::Marked(dead))
}

/// The root's game information, as written (for the page to show as text).
fn info(root: Option<&Node>) -> Value {
    let mut out = Map::new();
    let fields = [
        ("PB", "black"),
        ("PW", "white"),
        ("BR", "black_rank"),
        ("WR", "white_rank"),
        ("RE", "result"),
        ("RU", "rules"),
        ("KM", "komi"),
        ("HA", "handicap"),
        ("DT", "date"),
        ("EV", "event"),
        ("GN", "name"),
    ];
    for (id, key) in fields {
        if let Some(t) = root.and_then(|r| r.text(id)) {
            // Game information is short; a hostile record's is cut.
            let t: String = t.trim().chars().take(200).collect();
            out.insert(key.to_string(), json!(t));
        }
    }
    Value::Object(out)
}

/// The refusals of every move under every ruleset: for move `k` (from 1), the rulesets
/// that refuse it with their rule and explanation.
fn refusals(comparison: &Comparison, moves: usize) -> Vec<Vec<Value>> {
    let mut out = vec![Vec::new(); moves];
    for row in &comparison.rows {
        let name = RulesetName::parse(row.ruleset).unwrap_or(RulesetName::Japanese);
        for m in &row.illegal {
            if let Some(slot) = m.number.checked_sub(1).and_then(|i| out.get_mut(i)) {
                slot.push(json!({
                    "ruleset": row.ruleset,
                    "title": crate::settings::ruleset_title(name),
                    "rule": rule_name(&m.why),
                    "message": m.rule,
                    "earlier_move": m.why.earlier_move(),
                }));
            }
        }
    }
    out
}

/// The record's own problems that are not refusals (parse errors, bad values, setup
/// oddities), as `line:column: message` for the page.
fn problems(file: &ReadFile, row: &Row) -> Vec<String> {
    let mut out: Vec<String> = file
        .diagnostics
        .iter()
        .map(|d| {
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
            };
            format!("{}:{}: {level}: {}", d.line, d.column, d.message)
        })
        .collect();
    out.extend(row.problems.iter().cloned());
    out.truncate(20);
    out
}

/// The answer to a review of `text` (the record's text).
pub fn review(text: &str, req: &ReviewRequest) -> Result<Value, ApiError> {
    let file = read_text(text);
    let (tree, main) = main_line(&file, req.tree.unwrap_or(1))?;
    let root = tree.root();
    let shown = shown_ruleset(req.ruleset.as_deref(), root)?;
    let line = line_tree(tree, main, req.variation.as_ref())?;
    let score = req.score.unwrap_or(true);
    let mut options = CompareOptions {
        game: req.tree.unwrap_or(1),
        skip_scoring: true,
        ..CompareOptions::default()
    };
    // The moves and their refusals first; the end is scored once its dead stones are
    // known (marked stones must be stones of the shown ruleset's final position).
    let mut comparison = compare_tree(&file, &line, "the record", &options);
    let shown_index = crate::compare::row_index(shown);
    let end = comparison.rows[shown_index]
        .game
        .clone()
        .ok_or_else(|| ApiError::internal("a comparison row without its game"))?;
    let read = comparison.moves;
    if end.moves().len() != read {
        return Err(ApiError::new(
            axum::http::StatusCode::UNPROCESSABLE_ENTITY,
            "unsupported_record",
            "the record puts setup stones in mid-game, which the review page cannot step through",
        ));
    }
    let mut dead = Vec::new();
    if score {
        options.skip_scoring = false;
        options.dead = dead_stones(req, &end)?;
        comparison = compare_tree(&file, &line, "the record", &options);
        if let Some(report) = &comparison.rows[shown_index].report {
            dead = report.dead.clone();
        }
    }
    let size = end.size();
    let start = tengen_sgf::replay(
        &line,
        &ReadOptions {
            rules: Some(shown.rules()),
            force_rules: true,
            max_moves: Some(0),
            ..ReadOptions::default()
        },
    )
    .game;
    let refused = refusals(&comparison, read);
    let moves: Vec<Value> = end
        .moves()
        .iter()
        .zip(refused)
        .map(|(r, refused)| {
            json!({
                "color": color_name(r.color),
                "point": r.mv.to_gtp(size),
                "captures": vertices(r.captured(), size),
                "refused": refused,
            })
        })
        .collect();
    let scores: Map<String, Value> = comparison
        .rows
        .iter()
        .filter_map(|r| Some((r.ruleset.to_string(), score_json(r.report.as_ref()?, size))))
        .collect();
    Ok(json!({
        "size": size.width(),
        "ruleset": shown.name(),
        "record_ruleset": root.and_then(|r| r.text("RU")).and_then(|ru| RulesetName::parse(ru.trim())).map(|n| n.name()),
        "info": info(root),
        "first": color_name(start.to_move()),
        "setup": board_rows(start.board()),
        "main_moves": main,
        "variation": req.variation.as_ref().map(|v| json!({"from": v.from, "moves": v.moves})),
        "moves": moves,
        "final": board_rows(end.board()),
        "comparison": score.then_some(&comparison),
        "scores": score.then_some(scores),
        "dead": vertices(&dead, size),
        "problems": problems(&file, &comparison.rows[shown_index]),
    }))
}

/// The record `text` written back with `variations` as branches of its game.
pub fn with_variations(text: &str, req: &DownloadRequest) -> Result<String, ApiError> {
    let file = read_text(text);
    let k = req.tree.unwrap_or(1);
    let (tree, main) = main_line(&file, k)?;
    if req.variations.len() > MAX_VARIATIONS {
        return Err(ApiError::new(
            axum::http::StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            format!("a record written back carries at most {MAX_VARIATIONS} variations"),
        ));
    }
    let mut branches = Vec::with_capacity(req.variations.len());
    for (i, v) in req.variations.iter().enumerate() {
        let field = format!("variations[{i}]");
        check_variation(v, main, &field)?;
        let before = prefix(tree, v.from);
        let nodes = variation_nodes(&before, &v.moves, &field)?;
        if !nodes.is_empty() {
            branches.push((before.len(), nodes));
        }
    }
    let mut collection = Collection {
        trees: file.collection.trees.clone(),
    };
    let target = &mut collection.trees[k - 1];
    for (after, nodes) in branches {
        branch(target, after, nodes);
    }
    Ok(tengen_sgf::write(&collection))
}

/// Adds `nodes` as a variation after the first `after` nodes of `tree`'s main line (at
/// least the root). A branch at the main line's end continues it.
fn branch(tree: &mut GameTree, after: usize, nodes: Vec<Node>) {
    let new = GameTree {
        nodes,
        variations: Vec::new(),
    };
    // The segment of the main line that holds the branching node, and its index there.
    let mut seg = tree;
    let mut at = after.max(1);
    while at > seg.nodes.len() && !seg.variations.is_empty() {
        at -= seg.nodes.len();
        seg = &mut seg.variations[0];
    }
    let at = at.min(seg.nodes.len());
    if at < seg.nodes.len() {
        let rest = GameTree {
            nodes: seg.nodes.split_off(at),
            variations: std::mem::take(&mut seg.variations),
        };
        seg.variations = vec![rest, new];
    } else {
        seg.variations.push(new);
    }
}

impl App {
    /// The text of the record a review reads: the one given, or a finished game's.
    async fn review_text(self: &Arc<App>, source: &Source) -> Result<String, ApiError> {
        match (&source.sgf, &source.game_id) {
            (Some(_), Some(_)) => Err(bad(
                "game_id",
                "give the record's text (sgf) or a game of this server (game_id), not both",
            )),
            (None, None) => Err(bad(
                "sgf",
                "a review needs the record's text (sgf) or a finished game (game_id)",
            )),
            (Some(text), None) => Ok(text.clone()),
            (None, Some(id)) => {
                let cell = self.cell(id).await?;
                let g = cell.state.lock().await;
                if g.phase() != PhaseName::Finished {
                    return Err(ApiError::wrong_phase(
                        "a game of this server is reviewed once it is finished",
                    ));
                }
                Ok(crate::sgf::record(&g))
            }
        }
    }

    /// Runs `work` on a blocking thread when its turn comes: at most
    /// [`Limits::reviews_at_once`](crate::Limits) at a time; after
    /// [`Limits::review_wait`](crate::Limits) without a turn, `busy`.
    pub async fn in_turn<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let wait = self.limits.review_wait;
        let permit = tokio::time::timeout(wait, self.reviews.clone().acquire_owned())
            .await
            .map_err(|_| {
                ApiError::busy(
                    "the server is reading other records right now; try again in a moment",
                    1000,
                )
            })?
            .map_err(ApiError::internal)?;
        tokio::task::spawn_blocking(move || {
            let _turn = permit;
            work()
        })
        .await
        .map_err(ApiError::internal)
    }

    /// `POST /api/review`.
    pub async fn review(self: &Arc<App>, req: ReviewRequest) -> Result<Value, ApiError> {
        let text = self.review_text(&req.source()).await?;
        self.in_turn(move || review(&text, &req)).await?
    }

    /// `POST /api/review/sgf`.
    pub async fn review_sgf(self: &Arc<App>, req: DownloadRequest) -> Result<String, ApiError> {
        let text = self.review_text(&req.source()).await?;
        self.in_turn(move || with_variations(&text, &req)).await?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Three kos on a 9x9 board (drawn in web/tests/fixtures/triple-ko.sgf): each move is
    /// a ko capture and none retakes the ko taken just before, so simple ko allows all
    /// six; the sixth brings back the starting position (each ko was taken and retaken
    /// once), which positional superko forbids. Worked out by hand from the diagrams.
    pub const TRIPLE_KO: &str = include_str!("../../../web/tests/fixtures/triple-ko.sgf");

    fn request() -> ReviewRequest {
        ReviewRequest {
            score: Some(false),
            ..Default::default()
        }
    }

    #[test]
    fn a_repetition_is_refused_by_superko_rules_only() {
        let r = review(TRIPLE_KO, &request()).unwrap();
        let moves = r["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 8);
        // Moves 1 to 5 are legal everywhere.
        for m in &moves[..5] {
            assert_eq!(m["refused"], json!([]), "{m}");
        }
        let refused: Vec<&str> = moves[5]["refused"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["ruleset"].as_str().unwrap())
            .collect();
        assert!(refused.contains(&"chinese"), "{refused:?}");
        assert!(!refused.contains(&"japanese"), "{refused:?}");
        assert!(!refused.contains(&"korean"), "{refused:?}");
        let chinese = moves[5]["refused"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["ruleset"] == "chinese")
            .unwrap();
        assert_eq!(chinese["rule"], "positional superko");
        assert_eq!(chinese["earlier_move"], 0);
        assert_eq!(
            chinese["message"],
            "positional superko: this play would recreate the starting position"
        );
        // Each capture takes one stone: move 1 (Black C8) takes White's B8.
        assert_eq!(moves[0]["point"], "C8");
        assert_eq!(moves[0]["captures"], json!(["B8"]));
        assert_eq!(r["setup"], r["final"]);
    }

    /// A variation's legality is the server's: a play on a stone is refused under every
    /// ruleset, a retake of the ko just taken only under the ko rules.
    #[test]
    fn a_variation_is_read_like_the_record() {
        let mut req = request();
        req.variation = Some(Variation {
            from: 1,
            moves: vec!["B8".into()],
        });
        let r = review(TRIPLE_KO, &req).unwrap();
        let moves = r["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 2);
        assert_eq!(moves[1]["color"], "white");
        // White retakes the ko Black took at move 1 at once: every ruleset refuses it.
        assert_eq!(moves[1]["refused"].as_array().unwrap().len(), 14);
        req.variation = Some(Variation {
            from: 9,
            moves: vec![],
        });
        assert_eq!(review(TRIPLE_KO, &req).unwrap_err().code, "bad_request");
        req.variation = Some(Variation {
            from: 0,
            moves: vec!["Z99".into()],
        });
        let e = review(TRIPLE_KO, &req).unwrap_err();
        assert_eq!(e.extra["field"], "variation.moves[0]");
    }

    /// Clicking a stone at the end marks its whole chain dead for every ruleset, and
    /// clicking it again brings it back.
    #[test]
    fn toggled_chains_are_dead_under_every_ruleset() {
        let text = "(;GM[1]SZ[5]KM[0.5];B[bb];W[dd];B[bc];W[];B[])";
        let mut req = ReviewRequest {
            toggle: Some("B4".into()),
            ..Default::default()
        };
        let r = review(text, &req).unwrap();
        // Points come top row first.
        assert_eq!(r["dead"], json!(["B4", "B3"]));
        // Under Chinese rules White's one stone owns the whole board: 25 + 0.5.
        let chinese = &r["comparison"]["rows"][1];
        assert_eq!(chinese["ruleset"], "chinese");
        assert_eq!(chinese["result"], "W+25.5");
        req.dead = Some(vec!["B4".into(), "B3".into()]);
        req.toggle = Some("B3".into());
        let r = review(text, &req).unwrap();
        assert_eq!(r["dead"], json!([]));
        req.toggle = Some("C3".into());
        assert_eq!(review(text, &req).unwrap_err().extra["field"], "toggle");
    }

    #[test]
    fn variations_are_written_back_as_branches() {
        let req = DownloadRequest {
            variations: vec![
                Variation {
                    from: 2,
                    moves: vec!["E5".into(), "pass".into()],
                },
                Variation {
                    from: 8,
                    moves: vec!["A1".into()],
                },
            ],
            ..Default::default()
        };
        let text = with_variations(TRIPLE_KO, &req).unwrap();
        let again = read_text(&text);
        let tree = &again.collection.trees[0];
        // The main line is as it was (and goes on with the variation added at its end),
        // and move 3 has a sibling: Black E5, White pass.
        let before = read_text(TRIPLE_KO);
        let old = before.collection.trees[0].line(&[]);
        let main = tree.line(&[]);
        assert_eq!(main[..old.len()], old[..]);
        assert_eq!(main.len(), old.len() + 1);
        let line = tree.line(&[1]);
        let tail: Vec<_> = line.iter().rev().take(2).collect();
        assert_eq!(tail[1].raw("B"), Some("ee"));
        assert_eq!(tail[0].raw("W"), Some(""));
        // After the last move (White's pass) the variation continues the game: Black A1.
        let end = tree.line(&[0, 0]);
        assert_eq!(end.last().unwrap().raw("B"), Some("ai"));
    }
}
