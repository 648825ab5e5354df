//! Zobrist keys: one random 64-bit key per (point index, colour), fixed at compile time so
//! that hashes are the same in every run and on every machine.

use crate::board::ARRAY;

/// SplitMix64, a small generator good enough to fill a key table.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; 2]; ARRAY] {
    let mut keys = [[0u64; 2]; ARRAY];
    let mut state = 0x7465_6E67_656E_u64; // "tengen"
    let mut i = 0;
    while i < ARRAY {
        let (s1, a) = splitmix(state);
        let (s2, b) = splitmix(s1);
        keys[i] = [a, b];
        state = s2;
        i += 1;
    }
    keys
}

/// `KEYS[index][colour]`: the key of a stone of that colour on that padded board index.
/// The table has a slot for every array slot of the board (indices past the largest board
/// are never used), so that a masked index needs no bounds check.
pub static KEYS: [[u64; 2]; ARRAY] = make_keys();
