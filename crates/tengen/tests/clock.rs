//! Clocks (RULES.md §7): the arithmetic of every time system at its boundaries, `flag_at`
//! against `spend`, a tick-by-tick reference model, and the GTP, SGF and command-line forms.

use proptest::prelude::*;
use std::time::Duration;
use tengen::clock::{Clock, Flag, Remaining, TimeControl};
use tengen::{Color, EndReason, Game, Phase, Rules, Size};

const B: Color = Color::Black;
const W: Color = Color::White;

fn s(n: u64) -> Duration {
    Duration::from_secs(n)
}

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

const NS: Duration = Duration::from_nanos(1);

fn now(clock: &Clock, color: Color) -> Remaining {
    clock.remaining(color, Duration::ZERO)
}

// ---------------------------------------------------------------------------------------
// No limit and absolute time.

#[test]
fn no_limit_never_flags_and_counts_time_used() {
    let mut c = Clock::new(TimeControl::None);
    assert_eq!(c.flag_at(B), None);
    for _ in 0..3 {
        c.spend(B, s(1_000_000)).unwrap();
    }
    c.check_time(W, Duration::MAX).unwrap();
    assert!(!c.remaining(B, Duration::MAX).flagged);
    assert_eq!((c.used(B), c.moves(B)), (s(3_000_000), 3));
    assert_eq!((c.used(W), c.moves(W)), (Duration::ZERO, 0));
    assert_eq!(c.describe(B), "no time limit");
    assert_eq!(c.gtp_time_left(B), None);
}

#[test]
fn absolute_time_flags_one_nanosecond_after_it_is_used_up() {
    let mut c = Clock::new(TimeControl::absolute(60));
    assert_eq!(c.flag_at(B), Some(s(60)));
    c.spend(B, s(59)).unwrap();
    assert_eq!(now(&c, B).main, s(1));
    // Exactly the time left is in time, and leaves nothing.
    c.spend(B, s(1)).unwrap();
    assert_eq!(now(&c, B).main, Duration::ZERO);
    assert!(!c.is_flagged(B));
    assert_eq!(c.flag_at(B), Some(Duration::ZERO));
    c.spend(B, Duration::ZERO).unwrap();
    let flag = c.spend(B, NS).unwrap_err();
    assert_eq!(
        flag,
        Flag {
            color: B,
            allowed: Duration::ZERO,
            elapsed: NS
        }
    );
    assert_eq!(
        flag.to_string(),
        "Black ran out of time (0.000000001s used, 0s allowed)"
    );
    // Out of time for good; White's clock is untouched.
    assert!(c.is_flagged(B));
    assert!(c.spend(B, Duration::ZERO).is_err());
    assert!(now(&c, B).flagged);
    assert_eq!(c.describe(B), "out of time");
    assert_eq!(now(&c, W).main, s(60));
    assert_eq!(c.moves(B), 3);
}

#[test]
fn absolute_time_overrun_in_one_move() {
    let mut c = Clock::new(TimeControl::absolute(60));
    let flag = c.spend(W, s(60) + ms(1)).unwrap_err();
    assert_eq!((flag.color, flag.allowed), (W, s(60)));
    assert!(c.is_flagged(W) && !c.is_flagged(B));
}

// ---------------------------------------------------------------------------------------
// Byo-yomi.

/// 10 s main time, then 3 periods of 5 s.
fn byo() -> Clock {
    Clock::new(TimeControl::byo_yomi(10, 3, 5))
}

#[test]
fn byo_yomi_main_time_used_exactly_then_periods() {
    let mut c = byo();
    assert_eq!(c.flag_at(B), Some(s(25)));
    let r = now(&c, B);
    assert_eq!((r.main, r.period, r.periods_left), (s(10), 0, Some(3)));
    c.spend(B, s(10)).unwrap();
    let r = now(&c, B);
    assert!(r.in_overtime());
    assert_eq!(
        (r.main, r.period, r.period_time, r.periods_left),
        (Duration::ZERO, 1, s(5), Some(3))
    );
    assert_eq!(c.flag_at(B), Some(s(15)));
    assert_eq!(c.describe(B), "byo-yomi period 1 of 3, 5s");
}

#[test]
fn byo_yomi_a_move_taking_exactly_the_period_keeps_it() {
    let mut c = Clock::new(TimeControl::byo_yomi(0, 3, 5));
    for _ in 0..10 {
        c.spend(B, s(5)).unwrap();
        assert_eq!(now(&c, B).periods_left, Some(3));
    }
    // One millisecond more uses the period up and the move is made in the next.
    c.spend(B, s(5) + ms(1)).unwrap();
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.periods_left, r.period_time),
        (2, Some(2), s(5))
    );
    c.spend(B, s(5) + NS).unwrap();
    assert_eq!(now(&c, B).periods_left, Some(1));
    // The last period: exactly p is still in time, more loses.
    c.spend(B, s(5)).unwrap();
    assert_eq!(c.flag_at(B), Some(s(5)));
    let flag = c.spend(B, s(5) + NS).unwrap_err();
    assert_eq!(flag.allowed, s(5));
    assert_eq!(now(&c, B).periods_left, Some(0));
}

#[test]
fn byo_yomi_a_long_move_uses_several_periods() {
    let mut c = byo();
    // 12 s: main time, then 2 s of the first period, which is kept.
    c.spend(B, s(12)).unwrap();
    assert_eq!(now(&c, B).periods_left, Some(3));
    // 10 s: two whole periods, the move at the last instant of the second: one used up.
    c.spend(B, s(10)).unwrap();
    assert_eq!(now(&c, B).periods_left, Some(2));
    let mut c = byo();
    // 25 s: main time and three whole periods, the move at the last instant of the last.
    c.spend(B, s(25)).unwrap();
    let r = now(&c, B);
    assert_eq!((r.period, r.periods_left), (3, Some(1)));
    let mut c = byo();
    assert!(c.spend(B, s(25) + NS).is_err());
}

#[test]
fn byo_yomi_clock_during_a_turn() {
    let c = byo();
    let at = |e| c.remaining(B, e);
    assert_eq!((at(s(4)).main, at(s(4)).period), (s(6), 0));
    let r = at(s(12));
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, s(3), Some(3))
    );
    let r = at(s(15));
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, Duration::ZERO, Some(3))
    );
    let r = at(s(15) + ms(1));
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (2, s(5) - ms(1), Some(2))
    );
    let r = at(s(24));
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (3, s(1), Some(1))
    );
    assert!(!at(s(25)).flagged);
    assert!(at(s(25) + NS).flagged);
    // Looking does not change anything.
    assert_eq!(c, byo());
}

// ---------------------------------------------------------------------------------------
// Canadian overtime.

/// 10 s main time, then 3 stones in 6 s.
fn canadian() -> Clock {
    Clock::new(TimeControl::canadian(10, 3, 6))
}

#[test]
fn canadian_stones_within_the_period_then_a_fresh_period() {
    let mut c = canadian();
    c.spend(W, s(10)).unwrap(); // main time used exactly: the period starts next turn
    let r = now(&c, W);
    assert_eq!((r.period, r.period_time, r.stones_left), (1, s(6), Some(3)));
    c.spend(W, s(2)).unwrap();
    c.spend(W, s(1)).unwrap();
    let r = now(&c, W);
    assert_eq!((r.period, r.period_time, r.stones_left), (1, s(3), Some(1)));
    assert_eq!(c.describe(W), "Canadian period 1: 1 stones in 3s");
    assert_eq!(c.flag_at(W), Some(s(3)));
    // The third stone at the last instant: a new period with a fresh 6 s.
    c.spend(W, s(3)).unwrap();
    let r = now(&c, W);
    assert_eq!((r.period, r.period_time, r.stones_left), (2, s(6), Some(3)));
}

#[test]
fn canadian_unused_time_is_lost() {
    let mut c = Clock::new(TimeControl::canadian(0, 2, 10));
    c.spend(B, s(1)).unwrap();
    c.spend(B, s(1)).unwrap();
    // 8 s were left: the new period has 10 s, not 18.
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.stones_left),
        (2, s(10), Some(2))
    );
}

#[test]
fn canadian_running_out_mid_period_flags() {
    let mut c = canadian();
    c.spend(B, s(10) + s(4)).unwrap(); // 4 s of the first period: the first stone of it
    let r = now(&c, B);
    assert_eq!((r.period, r.period_time, r.stones_left), (1, s(2), Some(2)));
    assert_eq!(c.flag_at(B), Some(s(2)));
    assert!(c.check_time(B, s(2)).is_ok());
    assert!(!c.is_flagged(B));
    let flag = c.check_time(B, s(2) + ms(1)).unwrap_err();
    assert_eq!((flag.color, flag.allowed), (B, s(2)));
    assert!(c.is_flagged(B));
    assert_eq!(now(&c, B).stones_left, Some(0));
}

#[test]
fn canadian_overrun_of_main_time_needs_the_period() {
    let mut c = canadian();
    assert_eq!(c.flag_at(B), Some(s(16)));
    assert!(c.spend(B, s(16) + NS).is_err());
    let mut c = canadian();
    c.spend(B, s(16)).unwrap();
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.stones_left),
        (1, Duration::ZERO, Some(2))
    );
}

// ---------------------------------------------------------------------------------------
// Fischer.

#[test]
fn fischer_adds_the_increment_after_each_move() {
    let mut c = Clock::new(TimeControl::fischer(60, 10, None));
    c.spend(B, s(5)).unwrap();
    assert_eq!(now(&c, B).main, s(65));
    c.spend(B, s(65)).unwrap(); // exactly all: in time, then the increment
    assert_eq!(now(&c, B).main, s(10));
    assert_eq!(c.describe(B), "10s left, +10s a move");
    assert!(c.spend(B, s(10) + NS).is_err());
}

#[test]
fn fischer_cap() {
    let mut c = Clock::new(TimeControl::fischer(60, 10, Some(65)));
    c.spend(B, s(1)).unwrap();
    assert_eq!(now(&c, B).main, s(65)); // 69 capped
    c.spend(B, s(20)).unwrap();
    assert_eq!(now(&c, B).main, s(55));
    // A starting time above the cap is kept, the increment only fills up to it.
    let mut c = Clock::new(TimeControl::fischer(100, 10, Some(60)));
    c.spend(B, s(5)).unwrap();
    assert_eq!(now(&c, B).main, s(95));
    c.spend(B, s(40)).unwrap();
    assert_eq!(now(&c, B).main, s(60));
}

// ---------------------------------------------------------------------------------------
// Around the clock.

#[test]
fn a_flag_loses_the_game_on_time() {
    let mut game = Game::new(Size::square(9).unwrap(), Rules::named("japanese").unwrap());
    let mut clock = Clock::new(TimeControl::absolute(1));
    if let Err(flag) = clock.spend(game.to_move(), s(2)) {
        game.lose_on_time(flag.color).unwrap();
    }
    assert_eq!(game.phase(), &Phase::Ended(EndReason::Time { loser: B }));
}

#[test]
fn degenerate_overtime_is_absolute_time() {
    for tc in [
        TimeControl::byo_yomi(30, 0, 10),
        TimeControl::byo_yomi(30, 5, 0),
        TimeControl::canadian(30, 0, 10),
        TimeControl::canadian(30, 5, 0),
    ] {
        assert_eq!(tc.normalized(), TimeControl::absolute(30));
        let c = Clock::new(tc);
        assert_eq!(c.control(), &TimeControl::absolute(30));
        assert_eq!(c.flag_at(B), Some(s(30)));
    }
}

#[test]
fn statistics_count_moves_and_time() {
    let mut c = Clock::new(TimeControl::byo_yomi(10, 1, 1));
    c.spend(W, s(3)).unwrap();
    c.spend(W, ms(500)).unwrap();
    assert!(c.spend(W, s(100)).is_err());
    assert_eq!((c.moves(W), c.used(W)), (2, ms(103_500)));
}

// ---------------------------------------------------------------------------------------
// GTP.

#[test]
fn gtp_time_settings_is_canadian_with_two_special_cases() {
    let gtp = TimeControl::from_gtp_time_settings;
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
        let text = tc.gtp_time_settings();
        let n: Vec<u64> = text.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(gtp(s(n[0]), s(n[1]), n[2] as u32), same, "{text}");
        let (mut a, mut b) = (Clock::new(tc), Clock::new(same));
        for t in [500, 100, 30, 31, 29] {
            assert_eq!(a.spend(B, s(t)).is_ok(), b.spend(B, s(t)).is_ok());
            assert_eq!(a.flag_at(B), b.flag_at(B));
        }
    }
    assert_eq!(TimeControl::None.gtp_time_settings(), "0 1 0");
    assert_eq!(
        TimeControl::byo_yomi(600, 5, 30).gtp_time_settings(),
        "600 30 1"
    );
    assert_eq!(
        TimeControl::fischer(300, 10, None).gtp_time_settings(),
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
        let text = tc.kgs_time_settings();
        assert_eq!(TimeControl::from_kgs_time_settings(&text), Ok(tc), "{text}");
    }
    assert_eq!(
        TimeControl::byo_yomi(0, 5, 30).kgs_time_settings(),
        "byoyomi 0 30 5"
    );
    assert_eq!(
        TimeControl::fischer(300, 10, None).kgs_time_settings(),
        "absolute 300"
    );
    let kgs = |t: &str| TimeControl::from_kgs_time_settings(t);
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
    assert_eq!(c.gtp_time_left(B).as_deref(), Some("600 0"));
    c.spend(B, ms(59_700)).unwrap();
    assert_eq!(c.gtp_time_left(B).as_deref(), Some("540 0")); // 540.3 rounded down
                                                              // KGS: in byo-yomi the stones are the periods left.
    c.set_gtp_time_left(B, s(30), 3);
    let r = now(&c, B);
    assert_eq!(
        (r.main, r.period, r.period_time, r.periods_left),
        (Duration::ZERO, 3, s(30), Some(3))
    );
    assert_eq!(c.gtp_time_left(B).as_deref(), Some("30 3"));
    assert_eq!(c.flag_at(B), Some(s(90)));
    // Main time again.
    c.set_gtp_time_left(B, s(100), 0);
    assert_eq!(now(&c, B).period, 0);
    assert_eq!(c.flag_at(B), Some(s(250)));
    // `0 0`: main time has just run out, all the periods are left.
    c.set_gtp_time_left(B, Duration::ZERO, 0);
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, s(30), Some(5))
    );
    // Out-of-range reports are clamped.
    c.set_gtp_time_left(B, s(99), 9);
    let r = now(&c, B);
    assert_eq!(
        (r.period, r.period_time, r.periods_left),
        (1, s(30), Some(5))
    );
}

#[test]
fn gtp_time_left_canadian_and_absolute() {
    let mut c = Clock::new(TimeControl::canadian(600, 25, 300));
    c.set_gtp_time_left(W, ms(250_900), 12);
    let r = now(&c, W);
    assert_eq!((r.period_time, r.stones_left), (ms(250_900), Some(12)));
    assert_eq!(c.gtp_time_left(W).as_deref(), Some("250 12"));
    assert_eq!(c.flag_at(W), Some(ms(250_900)));
    c.set_gtp_time_left(W, Duration::ZERO, 0);
    assert_eq!(c.gtp_time_left(W).as_deref(), Some("300 25"));
    let mut c = Clock::new(TimeControl::absolute(60));
    c.set_gtp_time_left(W, s(12), 7); // stones mean nothing here
    assert_eq!(c.gtp_time_left(W).as_deref(), Some("12 0"));
    // A report brings a flagged player back (the controller is the referee).
    assert!(c.spend(W, s(13)).is_err());
    c.set_gtp_time_left(W, s(5), 0);
    assert!(!c.is_flagged(W));
}

// ---------------------------------------------------------------------------------------
// SGF.

#[test]
fn sgf_tm_and_ot_are_written_as_kgs_and_ogs_write_them() {
    let forms = |tc: TimeControl| (tc.to_sgf_tm(), tc.to_sgf_ot());
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
        assert_eq!(
            TimeControl::from_sgf(Some("600"), Some(ot)),
            expected,
            "{ot:?}"
        );
    }
}

#[test]
fn sgf_tm_alone_missing_or_unreadable() {
    assert_eq!(TimeControl::from_sgf(None, None), None);
    assert_eq!(
        TimeControl::from_sgf(Some("1:30:00"), None),
        Some(TimeControl::absolute(5400))
    );
    assert_eq!(
        TimeControl::from_sgf(Some("0"), None),
        Some(TimeControl::None)
    );
    assert_eq!(
        TimeControl::from_sgf(None, Some("5x30 byo-yomi")),
        Some(TimeControl::byo_yomi(0, 5, 30))
    );
    // KGS: no main time, only byo-yomi.
    assert_eq!(
        TimeControl::from_sgf(Some("0"), Some("2x10 byo-yomi")),
        Some(TimeControl::byo_yomi(0, 2, 10))
    );
    assert_eq!(
        TimeControl::from_sgf(Some("later"), Some("5x30 byo-yomi")),
        None
    );
}

#[test]
fn sgf_time_left_after_each_move() {
    let mut c = Clock::new(TimeControl::byo_yomi(60, 5, 30));
    c.spend(B, ms(1_529)).unwrap();
    let r = now(&c, B);
    assert_eq!(
        (r.sgf_time_left(), r.sgf_overtime_left()),
        ("58.471".into(), None)
    );
    c.spend(B, ms(58_471 + 30_001)).unwrap(); // main time and one period
    let r = now(&c, B);
    assert_eq!(
        (r.sgf_time_left(), r.sgf_overtime_left()),
        ("30".into(), Some(4))
    );
    // Read back: BL and OB set the clock.
    let mut d = Clock::new(TimeControl::byo_yomi(60, 5, 30));
    d.set_time_left(B, s(30), Some(4));
    assert_eq!(now(&d, B), now(&c, B));
    let mut c = Clock::new(TimeControl::canadian(0, 25, 600));
    c.spend(W, Duration::from_micros(12_345_678)).unwrap();
    let r = now(&c, W);
    assert_eq!(
        (r.sgf_time_left(), r.sgf_overtime_left()),
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
        assert_eq!(tc.to_string(), text);
        assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
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
        assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{text}");
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
        let err = text.parse::<TimeControl>().unwrap_err().to_string();
        assert!(
            err.starts_with(&format!(
                "invalid time control {text:?}: {why} (expected none, absolute:T"
            )),
            "{text}: {err}"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Properties.

/// Controls with small times (in milliseconds), so that random moves cross every boundary.
fn arb_control() -> impl Strategy<Value = TimeControl> {
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

/// A thinking time chosen near a boundary of the clock's state, or at random: `value % 4`
/// picks the offset from the boundary (0, 1 ns, 1 ms, 7 ms), `value % 8 < 4` its sign.
fn think(clock: &Clock, color: Color, kind: u8, value: u32) -> Duration {
    let offsets = [Duration::ZERO, NS, ms(1), ms(7)];
    let offset = offsets[(value % 4) as usize];
    let near = |t: Duration| {
        if value % 8 < 4 {
            t.saturating_sub(offset)
        } else {
            t + offset
        }
    };
    let r = clock.remaining(color, Duration::ZERO);
    match (kind % 4, clock.control()) {
        (0, _) => ms(u64::from(value % 6000)),
        (1, _) => near(clock.flag_at(color).unwrap_or(s(1))),
        (2, _) => near(r.main),
        (_, TimeControl::ByoYomi { period, .. }) => {
            near(r.main + r.period_time.max(*period) * (value / 8 % 4))
        }
        (_, _) => near(r.main + r.period_time),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    /// `spend` flags exactly when the elapsed time exceeds what `flag_at` said, and
    /// `remaining` and `check_time` agree.
    #[test]
    fn flag_at_agrees_with_spend(
        control in arb_control(),
        turns in prop::collection::vec((any::<bool>(), any::<u8>(), any::<u32>()), 1..40),
    ) {
        let mut clock = Clock::new(control);
        for (white, kind, value) in turns {
            let color = if white { W } else { B };
            if clock.is_flagged(color) {
                prop_assert!(clock.spend(color, Duration::ZERO).is_err());
                continue;
            }
            let limit = clock.flag_at(color);
            let elapsed = think(&clock, color, kind, value);
            let late = limit.is_some_and(|l| elapsed > l);
            prop_assert_eq!(clock.remaining(color, elapsed).flagged, late);
            let mut checked = clock;
            prop_assert_eq!(checked.check_time(color, elapsed).is_err(), late);
            prop_assert_eq!(checked == clock, !late, "check_time changes only a flag");
            let result = clock.spend(color, elapsed);
            prop_assert_eq!(result.is_err(), late, "{:?} after {:?}, limit {:?}", control, elapsed, limit);
            if let Err(flag) = result {
                prop_assert_eq!(Some(flag.allowed), limit);
                prop_assert!(clock.is_flagged(color));
            }
        }
    }

    /// Byo-yomi and Canadian overtime against a model that runs the clock one millisecond
    /// at a time, written from RULES.md §7 alone.
    #[test]
    fn overtime_agrees_with_a_tick_model(
        control in arb_control(),
        moves in prop::collection::vec((any::<u8>(), 0..3u32, any::<u32>()), 1..30),
    ) {
        let mut clock = Clock::new(control);
        let mut model = Model::new(control);
        for (kind, offset, value) in moves {
            // Whole milliseconds for the model: offsets 0, 1 and 7 ms around a boundary.
            let elapsed = millis(think(&clock, B, kind, (value & !3) | [0, 2, 3][offset as usize]));
            let got = clock.spend(B, ms(elapsed)).is_ok();
            let want = model.spend(elapsed);
            prop_assert_eq!(got, want, "{:?} after {} ms", control, elapsed);
            if !got {
                break;
            }
            let r = clock.remaining(B, Duration::ZERO);
            prop_assert_eq!(model.report(), (r.main, r.period_time, r.period, r.periods_left.or(r.stones_left)));
        }
    }

    #[test]
    fn spec_round_trip(control in arb_control()) {
        prop_assert_eq!(control.to_string().parse::<TimeControl>(), Ok(control));
    }

    #[test]
    fn kgs_round_trip(control in arb_control()) {
        let back = TimeControl::from_kgs_time_settings(&control.kgs_time_settings()).unwrap();
        match control {
            TimeControl::Fischer { main, .. } => prop_assert_eq!(back, TimeControl::Absolute { main }),
            _ => prop_assert_eq!(back, control),
        }
    }

    #[test]
    fn sgf_round_trip(control in arb_control()) {
        let tm = control.to_sgf_tm();
        let ot = control.to_sgf_ot();
        let back = TimeControl::from_sgf(tm.as_deref(), ot.as_deref());
        match control {
            TimeControl::None => prop_assert_eq!(back, None),
            TimeControl::Absolute { main } if main.is_zero() => prop_assert_eq!(back, Some(TimeControl::None)),
            _ => prop_assert_eq!(back, Some(control)),
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
        let Some(text) = clock.gtp_time_left(W) else {
            prop_assert_eq!(control, TimeControl::None);
            return Ok(());
        };
        let (t, k) = text.split_once(' ').unwrap();
        let mut other = Clock::new(control);
        other.set_gtp_time_left(W, s(t.parse().unwrap()), k.parse().unwrap());
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

/// RULES.md §7 run one millisecond at a time, for one player.
struct Model {
    control: TimeControl,
    main: u64,
    /// In overtime (a byo-yomi or Canadian period has begun).
    overtime: bool,
    period: u32,
    left_in_period: u64,
    periods_left: u32,
    stones_left: u32,
}

fn millis(d: Duration) -> u64 {
    d.as_millis() as u64
}

impl Model {
    fn new(control: TimeControl) -> Model {
        let (periods, stones, p) = match control {
            TimeControl::ByoYomi {
                periods, period, ..
            } => (periods, 0, millis(period)),
            TimeControl::Canadian { stones, period, .. } => (0, stones, millis(period)),
            _ => (0, 0, 0),
        };
        let main = millis(control.main());
        let has_overtime = periods > 0 || stones > 0;
        Model {
            control,
            main,
            overtime: main == 0 && has_overtime,
            period: u32::from(main == 0 && has_overtime),
            left_in_period: p,
            periods_left: periods,
            stones_left: stones,
        }
    }

    fn p(&self) -> u64 {
        match self.control {
            TimeControl::ByoYomi { period, .. } | TimeControl::Canadian { period, .. } => {
                millis(period)
            }
            _ => 0,
        }
    }

    /// Thinks `elapsed` ms and moves: false if out of time.
    fn spend(&mut self, elapsed: u64) -> bool {
        for _ in 0..elapsed {
            if self.main > 0 {
                self.main -= 1;
                continue;
            }
            match self.control {
                TimeControl::None => {}
                TimeControl::Absolute { .. } | TimeControl::Fischer { .. } => return false,
                TimeControl::ByoYomi { .. } => {
                    if !self.overtime {
                        self.overtime = true;
                        self.period = 1;
                    }
                    if self.left_in_period == 0 {
                        // The period is over; the next one begins.
                        self.periods_left -= 1;
                        if self.periods_left == 0 {
                            return false;
                        }
                        self.period += 1;
                        self.left_in_period = self.p();
                    }
                    self.left_in_period -= 1;
                }
                TimeControl::Canadian { .. } => {
                    if !self.overtime {
                        self.overtime = true;
                        self.period = 1;
                    }
                    if self.left_in_period == 0 {
                        return false;
                    }
                    self.left_in_period -= 1;
                }
            }
        }
        let in_main_time = !self.overtime;
        if self.main == 0 && !self.overtime {
            // Main time used up exactly by this move: overtime starts next turn.
            if matches!(
                self.control,
                TimeControl::ByoYomi { .. } | TimeControl::Canadian { .. }
            ) {
                self.overtime = true;
                self.period = 1;
            }
        }
        match self.control {
            TimeControl::ByoYomi { .. } if self.overtime => self.left_in_period = self.p(),
            TimeControl::Canadian { stones, .. } if !in_main_time => {
                self.stones_left -= 1;
                if self.stones_left == 0 {
                    self.period += 1;
                    self.stones_left = stones;
                    self.left_in_period = self.p();
                }
            }
            TimeControl::Fischer { increment, cap, .. } => {
                let with = self.main + millis(increment);
                self.main = match cap {
                    Some(c) if with > millis(c) => millis(c).max(self.main),
                    _ => with,
                };
            }
            _ => {}
        }
        true
    }

    fn report(&self) -> (Duration, Duration, u32, Option<u32>) {
        let left = match self.control {
            TimeControl::ByoYomi { .. } => Some(self.periods_left),
            TimeControl::Canadian { .. } => Some(self.stones_left),
            _ => None,
        };
        let period_time = if self.overtime {
            ms(self.left_in_period)
        } else {
            Duration::ZERO
        };
        (ms(self.main), period_time, self.period, left)
    }
}
