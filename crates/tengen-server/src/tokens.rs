//! Seat secrets and invitations (docs/protocol.md, "Seats and invitations"): random
//! tokens, compared in constant time so that the time an answer takes says nothing about
//! how much of a guessed token was right.

use subtle::ConstantTimeEq;
use tengen::Color;

/// `N` bytes from the operating system's secure random source. Without one the server
/// cannot make secrets at all, so it stops rather than make guessable ones.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    if let Err(e) = getrandom::fill(&mut bytes) {
        panic!("the operating system gives no random bytes for secrets: {e}");
    }
    bytes
}

/// A fresh random token: 128 bits as 32 hexadecimal digits.
pub fn random_token() -> String {
    random_bytes::<16>()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `given` is the token `held` (never for an empty `held`: no token).
pub fn same_token(held: &str, given: &str) -> bool {
    !held.is_empty() && bool::from(held.as_bytes().ct_eq(given.as_bytes()))
}

/// What a token presented with a request stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holder {
    /// The seat's secret: acts for the seat.
    Seat(Color),
    /// The seat's invitation, not yet used: may only take the seat (`join`), which
    /// exchanges it for a fresh secret.
    Invitation(Color),
    /// An invitation already exchanged for the seat's secret: acts for nothing.
    SpentInvitation(Color),
}

/// An invitation to a seat: the token of the link the creator sends, and whether it has
/// been exchanged for the seat's secret.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    /// The token of the invitation link.
    pub token: String,
    /// Whether a join has exchanged it.
    pub spent: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_hex_digits_and_differ() {
        let a = random_token();
        let b = random_token();
        assert_eq!(a.len(), 32);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn only_the_same_token_matches_and_empty_never_does() {
        assert!(same_token("abc", "abc"));
        assert!(!same_token("abc", "abd"));
        assert!(!same_token("abc", "ab"));
        assert!(!same_token("", ""));
    }
}
