//! What the clock's tests share: the clock's own in `tengen` and its text forms' in
//! `tengen-sgf` and `tengen-gtp`, which include this file with `#[path]` so that the helpers
//! and the strategy of time controls are written once. Each test file uses part of it.
#![allow(dead_code)]

use proptest::prelude::*;
use std::time::Duration;
use tengen::clock::{Clock, Remaining, TimeControl};
use tengen::Color;

/// Black, short.
pub const B: Color = Color::Black;
/// White, short.
pub const W: Color = Color::White;
/// One nanosecond, the clock's resolution.
pub const NS: Duration = Duration::from_nanos(1);

/// `n` seconds.
pub fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

/// `n` milliseconds.
pub fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// What `color`'s clock shows between turns.
pub fn now(clock: &Clock, color: Color) -> Remaining {
    clock.remaining(color, Duration::ZERO)
}

/// Controls with small times (in milliseconds), so that random moves cross every boundary.
/// Controls with small times (in milliseconds), so that random moves cross every boundary.
pub fn arb_control() -> impl Strategy<Value = TimeControl> {
    let t = |hi: u64| (0..hi).prop_map(ms);
    let p = |hi: u64| (1..hi).prop_map(ms);
    prop_oneof![
        Just(TimeControl::None),
        t(3000).prop_map(|main| TimeControl::Absolute { main }),
        (t(3000), 1..5u32, p(1500)).prop_map(|(main, periods, period)| TimeControl::ByoYomi {
            main,
            periods,
            period
        }),
        (t(3000), 1..5u32, p(2500)).prop_map(|(main, stones, period)| TimeControl::Canadian {
            main,
            stones,
            period
        }),
        (t(3000), t(800), prop::option::of(t(4000))).prop_map(|(main, increment, cap)| {
            TimeControl::Fischer {
                main,
                increment,
                cap,
            }
        }),
    ]
}
