//! Clocks (docs/rules.md §7): the arithmetic of every time system at its boundaries, `flag_at`
//! against `spend`, and a tick-by-tick reference model. The text forms are tested where they
//! live: GTP's in `tengen-gtp/tests/time_settings.rs`, SGF's and the command-line spec's in
//! `tengen-sgf/tests/time.rs`.

#[path = "common/clock.rs"]
mod clock;

use clock::{arb_control, ms, now, s, B, NS, W};
use proptest::prelude::*;
use std::time::Duration;
use tengen::clock::{Clock, Flag, TimeControl};
use tengen::{Color, EndReason, Game, Phase, Rules, Size};

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
// Properties.

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
    /// at a time, written from docs/rules.md §7 alone.
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
}

/// docs/rules.md §7 run one millisecond at a time, for one player.
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
