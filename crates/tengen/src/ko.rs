//! The repetition rules that compare whole positions: positional, situational, natural
//! situational and capture-positional superko (docs/rules.md §3). Simple ko is decided from the
//! board's ko point in `game`; the cycle-set rule lives in `cycle`.

use crate::color::Color;
use crate::history::Positions;
use crate::rules::KoRule;

/// Whether an earlier position `P_s` counts as repeated by a play of `mover` under `rule`,
/// given that the positions are equal.
fn counts(rule: KoRule, positions: &Positions, s: usize, mover: Color) -> bool {
    match rule {
        // PSK and Ikeda's rule 4: any earlier position.
        KoRule::Positional | KoRule::CapturePositional => true,
        // SSK: the same player to move, i.e. the mover's opponent (docs/rules.md §3).
        KoRule::Situational => positions.to_move(s) == Some(mover.opponent()),
        // NSSK: a position the mover created; P_0 has no creator.
        KoRule::NaturalSituational => positions.creator(s) == Some(mover),
        KoRule::Simple | KoRule::CycleSets => false,
    }
}

/// Whether some earlier position with `hash` counts under `rule` for a play of `mover`: a
/// candidate for repetition, to be confirmed exactly by [`repeated`].
pub(crate) fn may_repeat(rule: KoRule, positions: &Positions, mover: Color, hash: u64) -> bool {
    positions
        .with_hash(hash)
        .any(|s| counts(rule, positions, s, mover))
}

/// The earliest move `s` whose position the candidate would repeat under `rule`, if any.
/// `hash` is the candidate's Zobrist hash; `candidate` packs the candidate position and is
/// called only when some hash matches, so every verdict is confirmed exactly.
pub(crate) fn repeated(
    rule: KoRule,
    positions: &Positions,
    mover: Color,
    hash: u64,
    candidate: impl FnOnce() -> Vec<u64>,
) -> Option<usize> {
    let mut matches = positions
        .with_hash(hash)
        .filter(|&s| counts(rule, positions, s, mover))
        .peekable();
    // Nearly every candidate has no match: it costs one probe of the table, no allocation.
    matches.peek()?;
    let mut matches: Vec<usize> = matches.collect();
    let packed = candidate();
    matches.sort_unstable();
    matches
        .into_iter()
        .find(|&s| positions.packed(s).as_deref() == Some(packed.as_slice()))
}
