//! What one move did: the record a game keeps of each move, enough to explain it, to
//! replay it and to take it back.

use crate::color::Color;
use crate::point::{Move, Point};
use std::fmt;

/// One move of the game as it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
    /// The stones the play removed: the opponent's (step 2) or, for a suicide, its own
    /// (step 3). A play never does both: a capture leaves the new stone a liberty.
    pub(crate) removed: Removed,
    /// Whether `removed` are the mover's own stones (a suicide).
    pub(crate) suicide: bool,
    /// For a pass: whether it handed a prisoner to the opponent (docs/rules.md §4).
    pub pass_stone: bool,
    /// For a pass: whether it made the preliminary end (docs/rules.md §4).
    pub preliminary_end: bool,
    /// For a play that took a ko: the point where an immediate one-stone retake would be.
    pub ko: Option<Point>,
}

impl MoveRecord {
    /// Opponent stones captured by step 2 (sorted).
    pub fn captured(&self) -> &[Point] {
        if self.suicide {
            &[]
        } else {
            self.removed.as_slice()
        }
    }

    /// Own stones removed by step 3, suicide (sorted).
    pub fn suicided(&self) -> &[Point] {
        if self.suicide {
            self.removed.as_slice()
        } else {
            &[]
        }
    }
}

/// The points of the stones one play removed, sorted. A few are kept in the record
/// itself: most plays remove nothing and most captures are small, so that recording a
/// move (every move of every record replayed) allocates nothing.
#[derive(Clone)]
pub(crate) enum Removed {
    /// Up to [`Removed::INLINE`] points; the slots from `len` on are unused.
    Inline {
        len: u8,
        points: [Point; Removed::INLINE],
    },
    /// More points.
    Heap(Box<[Point]>),
}

impl Removed {
    /// As many points as fit beside the length in the space the boxed list takes.
    const INLINE: usize = 11;

    /// No point.
    pub(crate) const NONE: Removed = Removed::Inline {
        len: 0,
        points: [Point::new(0, 0); Removed::INLINE],
    };

    /// The points of `sorted`.
    pub(crate) fn of(sorted: &[Point]) -> Removed {
        match sorted.len() {
            n @ 0..=Removed::INLINE => {
                let mut points = [Point::new(0, 0); Removed::INLINE];
                points[..n].copy_from_slice(sorted);
                Removed::Inline {
                    len: n as u8,
                    points,
                }
            }
            _ => Removed::Heap(sorted.into()),
        }
    }

    pub(crate) fn as_slice(&self) -> &[Point] {
        match self {
            Removed::Inline { len, points } => &points[..*len as usize],
            Removed::Heap(points) => points,
        }
    }
}

impl PartialEq for Removed {
    fn eq(&self, other: &Removed) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Removed {}

impl fmt::Debug for Removed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}
