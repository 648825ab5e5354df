//! A hash map for the tables of searched positions (the race reader's and the shut-in
//! group search's), keyed by a board's Zobrist hash and a few small fields.
//!
//! The keys are already random (a Zobrist hash is an exclusive-or of random numbers), so
//! the standard library's SipHash, built to resist keys chosen by an adversary, spends
//! its rounds on nothing here; mixing each field in with one multiplication is enough.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A map from keys that begin with a Zobrist hash.
pub type PositionMap<K, V> = HashMap<K, V, BuildHasherDefault<PositionHasher>>;

/// Folds each written field into the state with a multiplication by an odd constant (the
/// 64-bit golden ratio) and a rotation, so that the small fields after the Zobrist hash
/// still move every bit of the result.
#[derive(Default)]
pub struct PositionHasher {
    state: u64,
}

impl PositionHasher {
    fn mix(&mut self, x: u64) {
        self.state = (self.state.rotate_left(5) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

impl Hasher for PositionHasher {
    fn finish(&self) -> u64 {
        self.state
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(b as u64);
        }
    }

    fn write_u8(&mut self, x: u8) {
        self.mix(x as u64);
    }

    fn write_u16(&mut self, x: u16) {
        self.mix(x as u64);
    }

    fn write_u32(&mut self, x: u32) {
        self.mix(x as u64);
    }

    fn write_u64(&mut self, x: u64) {
        self.mix(x);
    }

    fn write_usize(&mut self, x: usize) {
        self.mix(x as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{BuildHasher, Hash};
    use tengen::color::Color;

    fn hash_of(key: impl Hash) -> u64 {
        BuildHasherDefault::<PositionHasher>::default().hash_one(key)
    }

    #[test]
    fn keys_that_differ_only_in_a_small_field_hash_apart() {
        // The race reader's keys: the same position with another player to move, or
        // after a pass, is another entry, and must not share its bucket bits.
        let z = 0x1234_5678_9abc_def0_u64;
        let keys = [
            hash_of((z, Color::Black, false)),
            hash_of((z, Color::White, false)),
            hash_of((z, Color::Black, true)),
            hash_of((z, Color::White, true)),
            hash_of((z ^ 1, Color::Black, false)),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
                // The low bits pick the bucket: they differ too.
                assert_ne!(a & 0xffff, b & 0xffff);
            }
        }
    }

    #[test]
    fn the_map_finds_what_was_put_in() {
        let mut m: PositionMap<(u64, Color, bool), u8> = PositionMap::default();
        for i in 0..1000u64 {
            m.insert(
                (
                    i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    Color::Black,
                    i % 2 == 0,
                ),
                i as u8,
            );
        }
        for i in 0..1000u64 {
            let key = (
                i.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                Color::Black,
                i % 2 == 0,
            );
            assert_eq!(m.get(&key), Some(&(i as u8)));
        }
        assert_eq!(m.len(), 1000);
    }
}
