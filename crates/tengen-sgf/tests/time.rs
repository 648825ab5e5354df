//! Clocks in SGF text and the command-line spec (docs/rules.md §7): `TM`, `OT`, `BL`/`WL`,
//! `OB`/`OW` and `byoyomi:600+5x30`, read into the clock and written back (moved here from
//! `tengen`'s clock tests with the parsers, every assertion kept).

#[path = "../../tengen/tests/common/clock.rs"]
mod clock;

use clock::{arb_control, ms, now, s, B, W};
use proptest::prelude::*;
use std::time::Duration;
use tengen::clock::{Clock, TimeControl};
use tengen_sgf::time::{from_sgf, overtime_left, time_left, to_ot, to_tm};
use tengen_sgf::time_spec::TimeSpec;

// ---------------------------------------------------------------------------------------
// SGF.

#[test]
fn sgf_tm_and_ot_are_written_as_kgs_and_ogs_write_them() {
    let forms = |tc: TimeControl| (to_tm(&tc), to_ot(&tc));
    let some = |t: &str| Some(t.to_string());
    assert_eq!(forms(TimeControl::None), (None, None));
    assert_eq!(forms(TimeControl::absolute(1800)), (some("1800"), None));
    assert_eq!(
        forms(TimeControl::byo_yomi(1800, 5, 30)),
        (some("1800"), some("5x30 byo-yomi"))
    );
    assert_eq!(
        forms(TimeControl::canadian(3600, 25, 600)),
        (some("3600"), some("25/600 Canadian"))
    );
    assert_eq!(
        forms(TimeControl::fischer(600, 10, None)),
        (some("600"), some("10 Fischer"))
    );
    assert_eq!(
        forms(TimeControl::fischer(600, 10, Some(900))),
        (some("600"), some("10 Fischer max 900"))
    );
}

#[test]
fn sgf_ot_is_read_leniently() {
    let byo = |n, p| Some(TimeControl::byo_yomi(600, n, p));
    let can = |st, p| Some(TimeControl::canadian(600, st, p));
    for (ot, expected) in [
        ("5x30 byo-yomi", byo(5, 30)),
        ("3x30 byo-yomi", byo(3, 30)),
        ("5x30", byo(5, 30)),
        ("5 x 30 Byo-Yomi", byo(5, 30)),
        ("5x1 min byo-yomi", byo(5, 60)),
        ("Japanese: 5 * 30 secs", byo(5, 30)),
        ("30 sec/move byo-yomi", byo(1, 30)),
        ("60 sec byo-yomi", byo(1, 60)),
        ("25/600 canadian", can(25, 600)),
        ("25/600 Canadian", can(25, 600)),
        ("10 moves / 5 min", can(10, 300)),
        ("25 moves / 600 sec", can(25, 600)),
        ("Canadian: 25 stones / 10 min", can(25, 600)),
        ("fischer 10", Some(TimeControl::fischer(600, 10, None))),
        ("10 Fischer", Some(TimeControl::fischer(600, 10, None))),
        ("Fischer +10s", Some(TimeControl::fischer(600, 10, None))),
        (
            "10 Fischer max 900",
            Some(TimeControl::fischer(600, 10, Some(900))),
        ),
        ("none", Some(TimeControl::absolute(600))),
        ("sudden death", Some(TimeControl::absolute(600))),
        ("", Some(TimeControl::absolute(600))),
        ("Mysterious", None),
        ("5x30 canadian", None),
        ("25/600 fischer", None),
        ("3 periods", None),
        ("5x30 byo-yomi then 25/600", None),
        ("5x-30", None),
    ] {
        assert_eq!(from_sgf(Some("600"), Some(ot)), expected, "{ot:?}");
    }
}

#[test]
fn sgf_tm_alone_missing_or_unreadable() {
    assert_eq!(from_sgf(None, None), None);
    assert_eq!(
        from_sgf(Some("1:30:00"), None),
        Some(TimeControl::absolute(5400))
    );
    assert_eq!(from_sgf(Some("0"), None), Some(TimeControl::None));
    assert_eq!(
        from_sgf(None, Some("5x30 byo-yomi")),
        Some(TimeControl::byo_yomi(0, 5, 30))
    );
    // KGS: no main time, only byo-yomi.
    assert_eq!(
        from_sgf(Some("0"), Some("2x10 byo-yomi")),
        Some(TimeControl::byo_yomi(0, 2, 10))
    );
    assert_eq!(from_sgf(Some("later"), Some("5x30 byo-yomi")), None);
}

#[test]
fn sgf_time_left_after_each_move() {
    let mut c = Clock::new(TimeControl::byo_yomi(60, 5, 30));
    c.spend(B, ms(1_529)).unwrap();
    let r = now(&c, B);
    assert_eq!((time_left(&r), overtime_left(&r)), ("58.471".into(), None));
    c.spend(B, ms(58_471 + 30_001)).unwrap(); // main time and one period
    let r = now(&c, B);
    assert_eq!((time_left(&r), overtime_left(&r)), ("30".into(), Some(4)));
    // Read back: BL and OB set the clock.
    let mut d = Clock::new(TimeControl::byo_yomi(60, 5, 30));
    d.set_time_left(B, s(30), Some(4));
    assert_eq!(now(&d, B), now(&c, B));
    let mut c = Clock::new(TimeControl::canadian(0, 25, 600));
    c.spend(W, Duration::from_micros(12_345_678)).unwrap();
    let r = now(&c, W);
    assert_eq!(
        (time_left(&r), overtime_left(&r)),
        ("587.654".into(), Some(24))
    );
}

// ---------------------------------------------------------------------------------------
// The command-line spec.

#[test]
fn spec_display_and_parse() {
    for (text, tc) in [
        ("none", TimeControl::None),
        ("absolute:1800", TimeControl::absolute(1800)),
        ("byoyomi:600+5x30", TimeControl::byo_yomi(600, 5, 30)),
        ("canadian:600+25/300", TimeControl::canadian(600, 25, 300)),
        ("fischer:300+10", TimeControl::fischer(300, 10, None)),
        (
            "fischer:300+10max600",
            TimeControl::fischer(300, 10, Some(600)),
        ),
        (
            "fischer:0.5+0.25",
            TimeControl::Fischer {
                main: ms(500),
                increment: ms(250),
                cap: None,
            },
        ),
    ] {
        assert_eq!(TimeSpec(tc).to_string(), text);
        assert_eq!(text.parse::<TimeSpec>(), Ok(TimeSpec(tc)), "{text}");
    }
    for (text, tc) in [
        ("Byo-Yomi: 10m + 5x30s", TimeControl::byo_yomi(600, 5, 30)),
        ("japanese:1h+3x1m", TimeControl::byo_yomi(3600, 3, 60)),
        ("canadian:0+25/10m", TimeControl::canadian(0, 25, 600)),
        (
            "fischer:5m+10s max 10m",
            TimeControl::fischer(300, 10, Some(600)),
        ),
        ("absolute:1.5h", TimeControl::absolute(5400)),
        (" NONE ", TimeControl::None),
    ] {
        assert_eq!(text.parse::<TimeSpec>(), Ok(TimeSpec(tc)), "{text}");
    }
    for (text, why) in [
        (
            "byoyomi:600+0x30",
            "the number of periods must be a positive integer, not \"0\"",
        ),
        ("byoyomi:600+5x0", "the period must be longer than zero"),
        (
            "byoyomi:600",
            "expected the main time, `+` and the overtime",
        ),
        (
            "byoyomi:600+5/30",
            "byo-yomi is written NxP: N periods of P",
        ),
        (
            "canadian:600+25x300",
            "Canadian overtime is written S/P: S stones in P",
        ),
        ("absolute:-5", "the time \"-5\" is not a time"),
        ("absolute:5y", "the time \"5y\" is not a time"),
        ("hourglass:60", "unknown time system"),
        ("none:5", "no time limit takes no value"),
    ] {
        let err = text.parse::<TimeSpec>().unwrap_err().to_string();
        assert!(
            err.starts_with(&format!(
                "invalid time control {text:?}: {why} (expected none, absolute:T"
            )),
            "{text}: {err}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn spec_round_trip(control in arb_control()) {
        prop_assert_eq!(TimeSpec(control).to_string().parse::<TimeSpec>(), Ok(TimeSpec(control)));
    }


    #[test]
    fn sgf_round_trip(control in arb_control()) {
        let tm = to_tm(&control);
        let ot = to_ot(&control);
        let back = from_sgf(tm.as_deref(), ot.as_deref());
        match control {
            TimeControl::None => prop_assert_eq!(back, None),
            TimeControl::Absolute { main } if main.is_zero() => prop_assert_eq!(back, Some(TimeControl::None)),
            _ => prop_assert_eq!(back, Some(control)),
        }
    }
}
