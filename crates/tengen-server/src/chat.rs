//! A game's chat (docs/protocol.md, "Chat"): the players write, everyone watching reads.
//! Messages are events of the game's log, so they are stored with it, replayed after a
//! restart and shared by every server; they do not change the game (an action is not
//! stale because of one). Each is cleaned like a name (no control or text-direction
//! characters), at most [`MAX_CHARS`] long; a seat may send [`BURST`] messages in any
//! [`WINDOW_MS`], and a game keeps at most [`MAX_LINES`]. The limits are decided from the
//! log's own times, so every server decides alike.

use crate::error::ApiError;
use crate::events::Event;
use crate::live::{LiveGame, Millis};
use crate::settings::clean_text;
use axum::http::StatusCode;
use tengen::Color;

/// The longest message, in characters.
pub const MAX_CHARS: usize = 300;
/// The most messages a game keeps.
pub const MAX_LINES: usize = 200;
/// Messages one seat may send within [`WINDOW_MS`].
pub const BURST: usize = 5;
/// The window of the rate: [`BURST`] messages in any 10 seconds.
pub const WINDOW_MS: Millis = 10_000;

/// One message of the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatLine {
    /// The event that stored it.
    pub seq: i64,
    /// Who wrote it.
    pub color: Color,
    /// The message.
    pub text: String,
    /// When.
    pub at: Millis,
}

impl LiveGame {
    /// The event of `seat` saying `text` at `now`, or why not.
    pub(crate) fn decide_chat(
        &self,
        seat: Color,
        text: &str,
        now: Millis,
    ) -> Result<Option<Event>, ApiError> {
        let text = clean_text(text);
        if text.is_empty() {
            return Err(ApiError::bad_request(
                "text",
                "a chat message needs some text",
            ));
        }
        let chars = text.chars().count();
        if chars > MAX_CHARS {
            return Err(ApiError::bad_request(
                "text",
                format!("a chat message is at most {MAX_CHARS} characters, not {chars}"),
            ));
        }
        if self.chat.len() >= MAX_LINES {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "chat_full",
                format!("this game's chat holds its {MAX_LINES} messages already"),
            ));
        }
        if let Some(wait) = self.chat_wait(seat, now) {
            return Err(ApiError::rate_limited(
                format!("at most {BURST} chat messages in 10 seconds; wait a moment"),
                wait,
            ));
        }
        Ok(Some(Event::Chat {
            color: seat.into(),
            text,
        }))
    }

    /// How long `seat` must wait at `now` before its next message, if it must: the
    /// [`BURST`]-th latest of its messages must be older than the window.
    fn chat_wait(&self, seat: Color, now: Millis) -> Option<u64> {
        let recent = self
            .chat
            .iter()
            .rev()
            .filter(|l| l.color == seat)
            .nth(BURST - 1)?;
        let free_at = recent.at + WINDOW_MS;
        (free_at > now).then(|| u64::try_from(free_at - now).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::events::{Action, Side};
    use crate::live::tests::started;

    fn say(g: &LiveGame, seat: Color, text: &str, now: Millis) -> Result<Option<Event>, ApiError> {
        g.decide(&Action::Chat { text: text.into() }, seat, None, now)
    }

    /// Markup is kept as the text it is (the page shows it as text); control and
    /// text-direction characters go; the chat changes nothing in the game.
    #[test]
    fn a_message_is_cleaned_and_kept_with_the_game() {
        let mut g = started();
        let e = say(&g, Color::Black, " <b>hi</b>\u{202E}\u{7}  there ", 2000)
            .unwrap()
            .unwrap();
        assert_eq!(
            e,
            Event::Chat {
                color: Side::Black,
                text: "<b>hi</b> there".into()
            }
        );
        let game_seq = g.game_seq;
        g.apply(3, &e, 2000).unwrap();
        assert_eq!(g.chat.len(), 1);
        assert_eq!(g.chat[0].seq, 3);
        assert_eq!(g.game_seq, game_seq, "a message does not change the game");
        assert_eq!(
            say(&g, Color::White, "   ", 2000).unwrap_err().code,
            "bad_request"
        );
        let long = "x".repeat(MAX_CHARS + 1);
        assert_eq!(
            say(&g, Color::White, &long, 2000).unwrap_err().code,
            "bad_request"
        );
    }

    /// Five messages in ten seconds, then a wait until the first of them is ten seconds
    /// old; the other seat is not held back.
    #[test]
    fn a_seat_may_send_five_messages_in_ten_seconds() {
        let mut g = started();
        for k in 0..5 {
            let e = say(&g, Color::Black, "hello", 2000 + k * 100)
                .unwrap()
                .unwrap();
            g.apply(3 + k, &e, 2000 + k * 100).unwrap();
        }
        let e = say(&g, Color::Black, "again", 3000).unwrap_err();
        assert_eq!(e.code, "rate_limited");
        // The first message was at 2000: free again at 12000, 9000 ms after 3000.
        assert_eq!(e.extra["retry_after_ms"], 9000);
        assert!(say(&g, Color::White, "hi", 3000).is_ok());
        assert!(say(&g, Color::Black, "now", 12_000).is_ok());
    }

    /// The chat of a game is bounded.
    #[test]
    fn a_full_chat_takes_no_more() {
        let mut g = started();
        for k in 0..MAX_LINES as i64 {
            let e = Event::Chat {
                color: Side::White,
                text: "x".into(),
            };
            g.apply(3 + k, &e, 2000 + k * WINDOW_MS).unwrap();
        }
        let e = say(&g, Color::Black, "one more", i64::MAX / 2).unwrap_err();
        assert_eq!(e.code, "chat_full");
    }
}
