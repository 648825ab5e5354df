//! Clocks in GTP text (docs/rules.md §7): `time_settings`, kgsGtp's `kgs-time_settings` and
//! `time_left`, read into the clock and written back (moved here from `tengen`'s clock tests
//! with the parsers, every assertion kept).

#[path = "../../tengen/tests/common/clock.rs"]
mod clock;

use clock::{arb_control, ms, now, s, B, W};
use proptest::prelude::*;
use std::time::Duration;
use tengen::clock::{Clock, TimeControl};
use tengen_gtp::time_settings::{
    from_kgs_time_settings, from_time_settings, kgs_time_settings, set_time_left, time_left,
    time_settings,
};

// ---------------------------------------------------------------------------------------
// GTP.

#[test]
fn gtp_time_settings_is_canadian_with_two_special_cases() {
    let gtp = from_time_settings;
    assert_eq!(gtp(s(600), s(300), 25), TimeControl::canadian(600, 25, 300));
    assert_eq!(gtp(s(1800), s(0), 0), TimeControl::absolute(1800));
    assert_eq!(gtp(s(1800), s(0), 25), TimeControl::absolute(1800));
    assert_eq!(gtp(s(0), s(1), 0), TimeControl::None);
    assert_eq!(gtp(s(0), s(0), 0), TimeControl::absolute(0));
    // Back to the arguments, exact where GTP can say it (byo-yomi with one period is
    // Canadian overtime with one stone).
    for (tc, same) in [
        (TimeControl::None, TimeControl::None),
        (TimeControl::absolute(1800), TimeControl::absolute(1800)),
        (
            TimeControl::canadian(600, 25, 300),
            TimeControl::canadian(600, 25, 300),
        ),
        (
            TimeControl::byo_yomi(600, 1, 30),
            TimeControl::canadian(600, 1, 30),
        ),
    ] {
        let text = time_settings(&tc);
        let n: Vec<u64> = text.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(gtp(s(n[0]), s(n[1]), n[2] as u32), same, "{text}");
        let (mut a, mut b) = (Clock::new(tc), Clock::new(same));
        for t in [500, 100, 30, 31, 29] {
            assert_eq!(a.spend(B, s(t)).is_ok(), b.spend(B, s(t)).is_ok());
            assert_eq!(a.flag_at(B), b.flag_at(B));
        }
    }
    assert_eq!(time_settings(&TimeControl::None), "0 1 0");
    assert_eq!(
        time_settings(&TimeControl::byo_yomi(600, 5, 30)),
        "600 30 1"
    );
    assert_eq!(
        time_settings(&TimeControl::fischer(300, 10, None)),
        "300 0 0"
    );
}

#[test]
fn kgs_time_settings_round_trip() {
    for tc in [
        TimeControl::None,
        TimeControl::absolute(1800),
        TimeControl::byo_yomi(600, 5, 30),
        TimeControl::canadian(600, 25, 300),
    ] {
        let text = kgs_time_settings(&tc);
        assert_eq!(from_kgs_time_settings(&text), Ok(tc), "{text}");
    }
    assert_eq!(
        kgs_time_settings(&TimeControl::byo_yomi(0, 5, 30)),
        "byoyomi 0 30 5"
    );
    assert_eq!(
        kgs_time_settings(&TimeControl::fischer(300, 10, None)),
        "absolute 300"
    );
    let kgs = from_kgs_time_settings;
    assert_eq!(
        kgs("BYOYOMI 600 30.5 5"),
        Ok(TimeControl::ByoYomi {
            main: s(600),
            periods: 5,
            period: ms(30_500)
        })
    );
    assert_eq!(kgs("byoyomi 600 30 0"), Ok(TimeControl::absolute(600)));
    assert_eq!(kgs("canadian 600 0 25"), Ok(TimeControl::absolute(600)));
    for (bad, message) in [
        (
            "",
            "expected `kgs-time_settings none|absolute|byoyomi|canadian ...`, not \"\"",
        ),
        (
            "byoyomi 600 30",
            "expected `kgs-time_settings byoyomi MAIN PERIOD_TIME PERIODS`, not \"byoyomi 600 30\"",
        ),
        (
            "none 5",
            "expected `kgs-time_settings none`, not \"none 5\"",
        ),
        ("absolute -5", "\"-5\" is not a number of seconds"),
        (
            "canadian 600 30 2.5",
            "\"2.5\" is not a non-negative integer",
        ),
        (
            "fischer 300 10",
            "unknown time system \"fischer\" (known: none, absolute, byoyomi, canadian)",
        ),
    ] {
        assert_eq!(kgs(bad).unwrap_err().to_string(), message, "{bad:?}");
    }
}

#[test]
fn gtp_time_left_main_time_and_overtime() {
    let mut c = Clock::new(TimeControl::byo_yomi(600, 5, 30));
    assert_eq!(time_left(&c, B).as_deref(), Some("600 0"));
    c.spend(B, ms(59_700)).unwrap();
    assert_eq!(time_left(&c, B).as_deref(), Some("540 0")); // 540.3 rounded down
                                                            // KGS: in byo-yomi the stones are the periods left.
    set_time_left(&mut c, B, s(30), 3);
    let r = now(&c, B);
    assert_eq!(
        (r.main, r.period, r.period_time, r.periods_left),
        (Duration::ZERO, 3, s(30), Some(3))
    );
    assert_eq!(time_left(&c, B).as_deref(), Some("30 3"));
    assert_eq!(c.flag_at(B), Some(s(90)));
    // Main time again.
    set_time_left(&mut c, B, s(100), 0);
    assert_eq!(now(&c, B).period, 0);
    assert_eq!(c.flag_at(B), Some(s(250)));
    // `0 0`: main time has just run out, all the periods are left.
    set_time_left(&mut c, B, Duration::ZERO, 0);
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, s(30), Some(5))
    );
    // Out-of-range reports are clamped.
    set_time_left(&mut c, B, s(99), 9);
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, s(30), Some(5))
    );
}

#[test]
fn gtp_time_left_canadian_and_absolute() {
    let mut c = Clock::new(TimeControl::canadian(600, 25, 300));
    set_time_left(&mut c, W, ms(250_900), 12);
    let r = now(&c, W);
    assert_eq!((r.period_time, r.stones_left), (ms(250_900), Some(12)));
    assert_eq!(time_left(&c, W).as_deref(), Some("250 12"));
    assert_eq!(c.flag_at(W), Some(ms(250_900)));
    set_time_left(&mut c, W, Duration::ZERO, 0);
    assert_eq!(time_left(&c, W).as_deref(), Some("300 25"));
    let mut c = Clock::new(TimeControl::absolute(60));
    set_time_left(&mut c, W, s(12), 7); // stones mean nothing here
    assert_eq!(time_left(&c, W).as_deref(), Some("12 0"));
    // A report brings a flagged player back (the controller is the referee).
    assert!(c.spend(W, s(13)).is_err());
    set_time_left(&mut c, W, s(5), 0);
    assert!(!c.is_flagged(W));
}

#[test]
fn no_limit_has_no_time_left() {
    // From the clock tests of `tengen`: without a limit there is nothing to tell an engine.
    let mut c = Clock::new(TimeControl::None);
    c.spend(B, s(1_000_000)).unwrap();
    assert_eq!(time_left(&c, B), None);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn kgs_round_trip(control in arb_control()) {
        let back = from_kgs_time_settings(&kgs_time_settings(&control)).unwrap();
        match control {
            TimeControl::Fischer { main, .. } => prop_assert_eq!(back, TimeControl::Absolute { main }),
            _ => prop_assert_eq!(back, control),
        }
    }


    /// A clock written to GTP `time_left` and read back plans the same, up to GTP's whole
    /// seconds.
    #[test]
    fn gtp_time_left_round_trip(
        control in arb_control().prop_map(|c| scale(c, 1000)),
        moves in prop::collection::vec(0..4000u64, 0..10),
    ) {
        let mut clock = Clock::new(control);
        for m in moves {
            if clock.spend(W, s(m)).is_err() {
                return Ok(());
            }
        }
        let Some(text) = time_left(&clock, W) else {
            prop_assert_eq!(control, TimeControl::None);
            return Ok(());
        };
        let (t, k) = text.split_once(' ').unwrap();
        let mut other = Clock::new(control);
        set_time_left(&mut other, W, s(t.parse().unwrap()), k.parse().unwrap());
        // GTP does not say which Canadian period it is.
        let seen = |c: &Clock| {
            let mut r = c.remaining(W, Duration::ZERO);
            if matches!(control, TimeControl::Canadian { .. }) {
                r.period = r.period.min(1);
            }
            r
        };
        prop_assert_eq!(seen(&other), seen(&clock));
    }
}

/// Milliseconds become seconds: controls in whole seconds for GTP's integers.
fn scale(control: TimeControl, by: u32) -> TimeControl {
    match control {
        TimeControl::None => TimeControl::None,
        TimeControl::Absolute { main } => TimeControl::Absolute { main: main * by },
        TimeControl::ByoYomi {
            main,
            periods,
            period,
        } => TimeControl::ByoYomi {
            main: main * by,
            periods,
            period: period * by,
        },
        TimeControl::Canadian {
            main,
            stones,
            period,
        } => TimeControl::Canadian {
            main: main * by,
            stones,
            period: period * by,
        },
        TimeControl::Fischer {
            main,
            increment,
            cap,
        } => TimeControl::Fischer {
            main: main * by,
            increment: increment * by,
            cap: cap.map(|c| c * by),
        },
    }
}
