//! Zobrist keys: one random 64-bit key per (point index, colour), fixed at compile time so
//! that hashes are the same in every run and on every machine.

use crate::rng::Rng;

/// Slots of the key table: one for every slot of the board's per-index arrays (the board
/// takes its array size from here, a power of two above the largest padded board).
pub(crate) const SLOTS: usize = 1024;

const fn make_keys() -> [[u64; 2]; SLOTS] {
    let mut keys = [[0u64; 2]; SLOTS];
    let mut rng = Rng::new(0x7465_6E67_656E); // "tengen"
    let mut i = 0;
    while i < SLOTS {
        keys[i] = [rng.next_u64(), rng.next_u64()];
        i += 1;
    }
    keys
}

/// `KEYS[index][colour]`: the key of a stone of that colour on that padded board index.
/// The table has a slot for every array slot of the board (indices past the largest board
/// are never used), so that a masked index needs no bounds check.
pub static KEYS: [[u64; 2]; SLOTS] = make_keys();
