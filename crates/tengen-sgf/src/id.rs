//! Property identifiers (SGF `FF[4]` §3, `PropIdent`): `B`, `AB`, `KM`...
//!
//! Every identifier a record uses is one or two letters, kept in the identifier itself;
//! longer ones (damaged files' stray words) go on the heap. An identifier is 16 bytes, so
//! that a node with two properties fits in 128 (a record is a list of such nodes, each
//! copied into it once), and comparing two is comparing a few bytes.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// The longest identifier kept inline.
const INLINE: usize = 14;

/// A property identifier, compared and printed as the string it is.
#[derive(Clone, PartialEq, Eq)]
pub struct PropId(Repr);

#[derive(Clone, PartialEq, Eq)]
enum Repr {
    /// The bytes of a string of up to [`INLINE`] bytes, the rest zero.
    Inline { len: u8, bytes: [u8; INLINE] },
    /// A longer one. (Boxed twice, so that this variant takes one word, not two.)
    Long(Box<LongId>),
}

#[derive(Clone, PartialEq, Eq)]
struct LongId(String);

impl PropId {
    /// Black's move.
    pub const B: PropId = PropId::inline("B");
    /// White's move.
    pub const W: PropId = PropId::inline("W");

    /// The identifier `s` (any text: the parser gives upper-case letters).
    pub fn new(s: &str) -> PropId {
        if s.len() <= INLINE {
            let mut bytes = [0; INLINE];
            bytes[..s.len()].copy_from_slice(s.as_bytes());
            PropId(Repr::Inline {
                len: s.len() as u8,
                bytes,
            })
        } else {
            PropId(Repr::Long(Box::new(LongId(s.to_string()))))
        }
    }

    /// [`PropId::new`] for a short constant (longer ones are cut to [`INLINE`] bytes).
    const fn inline(s: &'static str) -> PropId {
        let s = s.as_bytes();
        let mut bytes = [0; INLINE];
        let mut k = 0;
        while k < s.len() && k < INLINE {
            bytes[k] = s[k];
            k += 1;
        }
        PropId(Repr::Inline {
            len: k as u8,
            bytes,
        })
    }

    /// The identifier's bytes (as the string's, without checking them again).
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { len, bytes } => &bytes[..*len as usize],
            Repr::Long(long) => long.0.as_bytes(),
        }
    }

    /// The identifier as a string.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Made from a string's first bytes, all of them: valid UTF-8.
            Repr::Inline { len, bytes } => {
                std::str::from_utf8(&bytes[..*len as usize]).unwrap_or_default()
            }
            Repr::Long(long) => &long.0,
        }
    }
}

impl Deref for PropId {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for PropId {
    fn from(s: &str) -> PropId {
        PropId::new(s)
    }
}

impl PartialEq<str> for PropId {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for PropId {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl Hash for PropId {
    /// As the string hashes, so that it agrees with comparing strings.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl fmt::Display for PropId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for PropId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Identifiers of every length are kept whole, compare as their strings do, and the
    /// constants are the identifiers they name.
    #[test]
    fn identifiers_are_their_strings() {
        assert_eq!(std::mem::size_of::<PropId>(), 16);
        let texts = [
            "",
            "B",
            "AB",
            "ABCDEFGHIJKLMN",
            "ABCDEFGHIJKLMNO",
            "ÉCOLE",
            "X",
        ];
        for a in texts {
            let id = PropId::new(a);
            assert_eq!(id.as_str(), a);
            assert_eq!(&*id, a);
            assert_eq!(id.to_string(), a);
            assert_eq!(format!("{id:?}"), format!("{a:?}"));
            for b in texts {
                assert_eq!(id == PropId::new(b), a == b, "{a} {b}");
                assert_eq!(id == b, a == b, "{a} {b}");
            }
        }
        assert_eq!(PropId::B, PropId::new("B"));
        assert_eq!(PropId::W, PropId::new("W"));
    }
}
