//! The JSON a client sees of a game: the snapshot sent on connecting and after every change
//! (docs/protocol.md, "The snapshot"), the score report, and the lobby's summary line.

use crate::live::{elapsed, millis, CancelReason, LiveGame, Millis};
use crate::settings::color_name;
use serde_json::{json, Value};
use tengen::clock::TimeControl;
use tengen::score::{ScoreReport, Terms};
use tengen::{Board, Color, Point, Size};
use tengen::{EndReason, Phase};
use tengen_sgf::time_spec::TimeSpec;

/// A board as rows of `.`, `X` and `O`, the top row first.
pub fn board_rows(board: &Board) -> Vec<String> {
    let size = board.size();
    (0..size.height())
        .map(|y| {
            (0..size.width())
                .map(|x| match board.get(Point::new(x, y)) {
                    None => '.',
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                })
                .collect()
        })
        .collect()
}

fn vertices(points: &[Point], size: Size) -> Vec<String> {
    points.iter().filter_map(|p| p.to_gtp(size)).collect()
}

/// Half points as a JSON number of points.
fn points(halves: i32) -> Value {
    if halves % 2 == 0 {
        json!(halves / 2)
    } else {
        json!(f64::from(halves) / 2.0)
    }
}

fn terms(t: &Terms) -> Value {
    json!({
        "stones": t.stones, "territory": t.territory, "captures": t.captures, "dead": t.dead,
        "pass_stones": t.pass_stones, "komi": points(t.komi),
        "compensation": points(t.compensation), "adjustment": points(t.adjustment),
        "group_tax": t.group_tax, "late_stones": t.late_stones, "total": points(t.total),
    })
}

/// A score report: each player's terms, the result, the dead and seki stones, and the
/// owner of every point as rows.
pub fn score_json(report: &ScoreReport, size: Size) -> Value {
    let w = usize::from(size.width());
    let owner: Vec<String> = report
        .owner
        .chunks(w)
        .map(|row| {
            row.iter()
                .map(|o| match o {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect();
    json!({
        "black": terms(&report.black),
        "white": terms(&report.white),
        "result": report.result.to_string(),
        "dead": vertices(&report.dead, size),
        "seki": vertices(&report.seki, size),
        "owner": owner,
    })
}

fn clock_side(g: &LiveGame, c: Color, now: Millis) -> Value {
    let running = g.running() == Some(c);
    let thinking = match (running, g.turn_started) {
        (true, Some(s)) => elapsed(s, now),
        _ => std::time::Duration::ZERO,
    };
    let r = g.clock.remaining(c, thinking);
    let flag_in = match (running, g.clock.flag_at(c)) {
        (true, Some(allowed)) => Some((millis(allowed) - millis(thinking)).max(0)),
        _ => None,
    };
    json!({
        "main_ms": millis(r.main), "period": r.period, "period_ms": millis(r.period_time),
        "periods_left": r.periods_left, "stones_left": r.stones_left, "flagged": r.flagged,
        "flag_in_ms": flag_in, "used_ms": millis(g.clock.used(c)),
    })
}

fn clock_json(g: &LiveGame, now: Millis) -> Value {
    if *g.clock.control() == TimeControl::None {
        return Value::Null;
    }
    json!({
        "control": TimeSpec(*g.clock.control()).to_string(),
        "running": g.running().map(color_name),
        "server_time": now,
        "black": clock_side(g, Color::Black, now),
        "white": clock_side(g, Color::White, now),
    })
}

fn moves_json(records: &[tengen::MoveRecord], times: &[u64], size: Size) -> Vec<Value> {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            json!({
                "color": color_name(r.color),
                "point": r.mv.to_gtp(size),
                "captures": vertices(r.captured(), size),
                "time_ms": times.get(i),
            })
        })
        .collect()
}

fn scoring_json(g: &LiveGame) -> Value {
    let (Some(marks), Some(settlement)) = (g.marks(), g.settlement.as_ref()) else {
        return Value::Null;
    };
    let dead: Vec<Point> = marks.iter().copied().collect();
    let report = settlement.score();
    json!({
        "dead": vertices(&dead, g.size()),
        "marks_seq": g.marks_seq,
        "proposed": g.proposed,
        "accepted": {"black": g.accepted(Color::Black), "white": g.accepted(Color::White)},
        "deadline": g.deadline(),
        "score": score_json(&report, g.size()),
    })
}

fn confirming_json(g: &LiveGame) -> Value {
    let Some(sandbox) = g.sandbox() else {
        return Value::Null;
    };
    json!({
        "board": board_rows(sandbox.board()),
        "to_move": color_name(sandbox.to_move()),
        "moves": moves_json(sandbox.moves(), &[], g.size()),
    })
}

fn end_name(g: &LiveGame) -> Value {
    match g.cancelled {
        Some(CancelReason::Creator) => return json!("cancelled"),
        Some(CancelReason::Expired) => return json!("expired"),
        None => {}
    }
    match g.game.phase() {
        Phase::Ended(EndReason::Passes) => json!("passes"),
        Phase::Ended(EndReason::Resignation { .. }) => json!("resignation"),
        Phase::Ended(EndReason::Time { .. }) => json!("time"),
        Phase::Ended(EndReason::Forfeit { .. }) => json!("forfeit"),
        Phase::Ended(EndReason::LongCycle { .. }) => json!("long_cycle"),
        _ => Value::Null,
    }
}

/// The final score, when the game ended by counting.
pub fn final_score(g: &LiveGame) -> Option<ScoreReport> {
    matches!(g.game.phase(), Phase::Ended(EndReason::Passes)).then(|| g.game.score())
}

fn players(g: &LiveGame) -> Value {
    let bot = g.settings.bot_color();
    let seat = |c: Color| json!({"name": g.names[c.index()], "bot": bot == Some(c), "joined": g.joined[c.index()]});
    json!({"black": seat(Color::Black), "white": seat(Color::White)})
}

/// The pending request to take back moves, or null.
fn undo_json(g: &LiveGame) -> Value {
    match g.undo {
        Some(r) => json!({"by": color_name(r.by), "moves": r.count}),
        None => Value::Null,
    }
}

/// The chat, oldest first.
fn chat_json(g: &LiveGame) -> Value {
    g.chat
        .iter()
        .map(|l| json!({"seq": l.seq, "color": color_name(l.color), "text": l.text, "at": l.at}))
        .collect()
}

/// Who allows score estimates during play, and whether both do.
fn estimate_json(g: &LiveGame) -> Value {
    let [b, w] = g.estimate_allowed;
    json!({"black": b, "white": w, "allowed": b && w})
}

/// The seat a stranger may take in an open challenge, if there is one.
pub fn open_seat(g: &LiveGame) -> Option<Color> {
    if !g.settings.public || g.phase() != crate::live::PhaseName::Waiting {
        return None;
    }
    [Color::Black, Color::White].into_iter().find(|c| {
        !g.joined[c.index()] && g.invitations[c.index()].as_ref().is_some_and(|i| !i.spent)
    })
}

/// The full snapshot at `now`.
pub fn snapshot(g: &LiveGame, now: Millis) -> Value {
    let size = g.size();
    let rules = g.game.rules();
    let name = g.settings.ruleset_name();
    let last = g.game.moves().last();
    let final_report = final_score(g);
    json!({
        "id": g.id,
        "seq": g.seq,
        "size": g.settings.size,
        "ruleset": name.name(),
        "ruleset_title": crate::settings::ruleset_title(name),
        "summary": name.summary(),
        "rules": rules.entries().into_iter().collect::<std::collections::BTreeMap<_, _>>(),
        "komi": rules.komi.points(),
        "handicap": g.settings.handicap,
        "placement": rules.handicap_placement.name(),
        "phase": g.phase().as_str(),
        "to_move": color_name(g.to_move()),
        "board": board_rows(g.game.board()),
        "move_number": g.game.moves().len(),
        "moves": moves_json(g.game.moves(), &g.move_times, size),
        "last_move": last.map(|r| r.mv.to_gtp(size)),
        "ko": last.and_then(|r| r.ko).map(|p| p.to_gtp(size)),
        "prisoners": {"black": g.game.prisoners(Color::Black), "white": g.game.prisoners(Color::White)},
        "players": players(g),
        "clock": clock_json(g, now),
        "scoring": scoring_json(g),
        "confirming": confirming_json(g),
        "result": g.game.result().map(|r| r.to_string()),
        "end": end_name(g),
        "score": final_report.map(|r| score_json(&r, size)),
        "notice": g.notice.map(|n| json!({"code": n.code(), "message": n.message()})),
        "resumptions": g.resumptions,
        "public": g.settings.public,
        "open_seat": open_seat(g).map(color_name),
        "undo": undo_json(g),
        "can_undo": {"black": g.may_ask_undo(Color::Black), "white": g.may_ask_undo(Color::White)},
        "chat": chat_json(g),
        "estimate": estimate_json(g),
        "created": g.created,
        "updated": g.updated,
    })
}

/// The lobby's line for a game.
pub fn summary(g: &LiveGame) -> Value {
    json!({
        "id": g.id,
        "size": g.settings.size,
        "ruleset": g.settings.ruleset_name().name(),
        "ruleset_title": crate::settings::ruleset_title(g.settings.ruleset_name()),
        "komi": g.game.rules().komi.points(),
        "handicap": g.settings.handicap,
        "time": g.settings.time,
        "phase": g.phase().as_str(),
        "result": g.game.result().map(|r| r.to_string()),
        "moves": g.game.moves().len(),
        "players": players(g),
        "public": g.settings.public,
        "open_seat": open_seat(g).map(color_name),
        "created": g.created,
        "updated": g.updated,
    })
}
