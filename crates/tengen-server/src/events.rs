//! What clients ask for ([`Action`]) and what the server stores ([`Event`]). A game is its
//! settings plus its event log: replaying the events rebuilds the game, its clocks and its
//! scoring state exactly, which is what makes restarts and several servers safe.

use serde::{Deserialize, Serialize};
use tengen::Color;

/// A colour as the protocol spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Black.
    Black,
    /// White.
    White,
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }
}

/// One stored event of a game's log; points are GTP vertices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A player took (or renamed) a seat.
    Join {
        /// The seat.
        color: Side,
        /// The display name.
        name: String,
        /// The seat's fresh secret, when the join exchanged the seat's invitation for it
        /// (the invitation acts for nothing afterwards).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        token: Option<String>,
    },
    /// The creator cancelled the game before it started.
    Cancel {
        /// The creator's seat.
        color: Side,
    },
    /// Nobody took the open seat in time: the game is cancelled.
    Expire,
    /// A play or a pass (`"pass"`), in the game or in confirmation play.
    Play {
        /// Who moved.
        color: Side,
        /// The vertex or `pass`.
        point: String,
    },
    /// A player resigned.
    Resign {
        /// Who resigned.
        color: Side,
    },
    /// A player's clock ran out.
    Timeout {
        /// Who ran out of time.
        color: Side,
    },
    /// Black placed a free handicap.
    PlaceHandicap {
        /// The stones.
        points: Vec<String>,
    },
    /// The server proposed the estimator's dead stones at the start of the scoring phase.
    Propose {
        /// The stones proposed dead.
        dead: Vec<String>,
    },
    /// A player marked a chain dead or alive.
    Mark {
        /// Who marked.
        color: Side,
        /// A stone of the chain.
        point: String,
        /// Dead (true) or alive.
        dead: bool,
    },
    /// A player accepted the current marks.
    Accept {
        /// Who accepted.
        color: Side,
    },
    /// A player rejected the marks: play resumes or confirmation play starts.
    Reject {
        /// Who rejected.
        color: Side,
    },
    /// The scoring phase's time limit passed and the marks as they stood were accepted
    /// (stored by servers before [`Event::ScoringDeadline`]; replayed as it was).
    ScoringTimeout,
    /// The scoring phase ran out before both players accepted the same marks: the
    /// server's own proposal of dead stones settles the game.
    ScoringDeadline,
    /// A player asked to take back moves: her last move, and the opponent's answer to it
    /// if there is one.
    UndoRequest {
        /// Who asked.
        color: Side,
    },
    /// The opponent accepted the request: the moves are taken back.
    UndoAccept {
        /// Who accepted.
        color: Side,
    },
    /// The opponent declined the request.
    UndoDecline {
        /// Who declined.
        color: Side,
    },
    /// A player's chat message, kept with the game.
    Chat {
        /// Who wrote.
        color: Side,
        /// The message, cleaned.
        text: String,
    },
    /// A player allows (or no longer allows) score estimates during play.
    AllowEstimate {
        /// The player.
        color: Side,
        /// Allowed or not.
        allow: bool,
    },
    /// The server was down from `from` (its last sign of life) until `to` (its restart):
    /// that time is charged to nobody.
    Downtime {
        /// The server's last sign of life before the restart.
        from: i64,
        /// The restart.
        to: i64,
    },
}

/// An action a seat asks for (docs/protocol.md, `POST /api/games/{id}/actions`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Action {
    /// Take the seat, with a display name.
    Join {
        /// The display name.
        #[serde(default)]
        name: Option<String>,
    },
    /// Play on a vertex (or `pass`).
    Play {
        /// The vertex.
        point: String,
    },
    /// Pass.
    Pass,
    /// Resign.
    Resign,
    /// Place a free handicap (Black).
    PlaceHandicap {
        /// The stones.
        points: Vec<String>,
    },
    /// Mark the chain through a stone dead or alive (omit `dead` to toggle).
    Mark {
        /// A stone of the chain.
        point: String,
        /// Dead or alive; toggles when absent.
        #[serde(default)]
        dead: Option<bool>,
    },
    /// Accept the marks (as of `marks_seq`, if given).
    Accept {
        /// The event after which the accepted marks were last changed.
        #[serde(default)]
        marks_seq: Option<i64>,
    },
    /// Reject the marks.
    Reject,
    /// Cancel a game that has not started (its creator only).
    Cancel,
    /// Ask to take back one's last move (and the opponent's answer to it).
    Undo,
    /// Accept the opponent's request to take back moves.
    UndoAccept,
    /// Decline the opponent's request to take back moves.
    UndoDecline,
    /// Say something in the game's chat.
    Chat {
        /// The message.
        text: String,
    },
    /// Allow score estimates during play (shown when both players allow them), or not.
    AllowEstimate {
        /// Allowed or not.
        allow: bool,
    },
}

/// An action with its envelope: the seat token, an id to echo and the last event seen.
#[derive(Clone, Debug, Deserialize)]
pub struct Envelope {
    /// Echoed in the WebSocket reply.
    #[serde(default)]
    pub id: Option<serde_json::Value>,
    /// The seat's token (WebSocket; HTTP uses the Authorization header).
    #[serde(default)]
    pub token: Option<String>,
    /// The last event the client has seen: the action is stale if the game moved on.
    #[serde(default)]
    pub seq: Option<i64>,
    /// The action.
    #[serde(flatten)]
    pub action: Action,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_round_trip_as_tagged_json() {
        let e = Event::Play {
            color: Side::White,
            point: "D4".into(),
        };
        let text = serde_json::to_string(&e).unwrap();
        assert_eq!(text, r#"{"type":"play","color":"white","point":"D4"}"#);
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), e);
        let t = serde_json::to_string(&Event::ScoringTimeout).unwrap();
        assert_eq!(
            serde_json::from_str::<Event>(&t).unwrap(),
            Event::ScoringTimeout
        );
    }

    /// A join stored before invitations were exchanged has no token, and still reads.
    #[test]
    fn joins_carry_a_token_only_when_an_invitation_was_exchanged() {
        let old: Event =
            serde_json::from_str(r#"{"type":"join","color":"white","name":"Bob"}"#).unwrap();
        assert_eq!(
            old,
            Event::Join {
                color: Side::White,
                name: "Bob".into(),
                token: None
            }
        );
        assert_eq!(
            serde_json::to_string(&old).unwrap(),
            r#"{"type":"join","color":"white","name":"Bob"}"#
        );
        let new = Event::Join {
            color: Side::White,
            name: "Bob".into(),
            token: Some("t".into()),
        };
        let text = serde_json::to_string(&new).unwrap();
        assert_eq!(serde_json::from_str::<Event>(&text).unwrap(), new);
    }

    #[test]
    fn envelopes_carry_the_action_and_its_extras() {
        let e: Envelope =
            serde_json::from_str(r#"{"id": 3, "type": "mark", "point": "C3", "seq": 9}"#).unwrap();
        assert_eq!(e.seq, Some(9));
        assert_eq!(
            e.action,
            Action::Mark {
                point: "C3".into(),
                dead: None
            }
        );
        assert!(serde_json::from_str::<Envelope>(r#"{"type": "fly"}"#).is_err());
    }
}
