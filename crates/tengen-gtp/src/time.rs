//! How long to think about the next move, from the clock (docs/rules.md §7): the budget a
//! search player is given by [`crate::Engine::time_budget`].
//!
//! The formula, with `reserve(t) = min(t / 5, 1 s)` kept back from any deadline for lag and
//! `usable(t) = t - reserve(t)`:
//!
//! | clock | budget |
//! |---|---|
//! | no time limit | 1 s ([`NO_LIMIT`]) |
//! | absolute, main time M | `M / 30`, at most `usable(M)` |
//! | Fischer, M left, increment i | `M / 30 + i`, at most `usable(M)` |
//! | byo-yomi, main time M, periods of p | `max(M / 30, usable(p))`, at most `M + usable(p)` |
//! | byo-yomi, in a period with q left | `usable(q)` |
//! | Canadian, main time M, s stones in p | `max(M / 30, usable(p) / s)`, at most `M + usable(p) / s` |
//! | Canadian, k stones in q left | `usable(q) / k` |
//! | out of time | 0 |
//!
//! 30 ([`MOVES_TO_PLAN`]) is the number of moves main time is shared over: each move gets a
//! thirtieth of what is left, so the budget shrinks as the game goes on without ever running
//! out. With overtime ahead, thinking less than a move will get in overtime is pointless, so
//! the overtime share is a floor, and the cap keeps the move inside the first period.

use std::time::Duration;
use tengen::clock::{Clock, TimeControl};
use tengen::Color;

/// The moves over which the main time left is shared.
pub const MOVES_TO_PLAN: u32 = 30;

/// The budget without a time limit.
pub const NO_LIMIT: Duration = Duration::from_secs(1);

/// The most kept back from a deadline for lag.
pub const MAX_RESERVE: Duration = Duration::from_secs(1);

/// Kept back from `t`: a fifth of it, at most [`MAX_RESERVE`].
fn reserve(t: Duration) -> Duration {
    (t / 5).min(MAX_RESERVE)
}

/// `t` minus the reserve.
fn usable(t: Duration) -> Duration {
    t - reserve(t)
}

/// The thinking time for `color`'s next move (see the module documentation).
pub fn budget(clock: &Clock, color: Color) -> Duration {
    let r = clock.remaining(color, Duration::ZERO);
    if r.flagged {
        return Duration::ZERO;
    }
    let share = r.main / MOVES_TO_PLAN;
    match *clock.control() {
        TimeControl::None => NO_LIMIT,
        TimeControl::Absolute { .. } => share.min(usable(r.main)),
        TimeControl::Fischer { increment, .. } => {
            share.saturating_add(increment).min(usable(r.main))
        }
        TimeControl::ByoYomi { period, .. } => {
            if r.in_overtime() {
                usable(r.period_time)
            } else {
                share
                    .max(usable(period))
                    .min(r.main.saturating_add(usable(period)))
            }
        }
        TimeControl::Canadian { stones, period, .. } => {
            if r.in_overtime() {
                usable(r.period_time) / r.stones_left.unwrap_or(1).max(1)
            } else {
                let per_stone = usable(period) / stones;
                share.max(per_stone).min(r.main.saturating_add(per_stone))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(n: u64) -> Duration {
        Duration::from_secs(n)
    }

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    fn fresh(tc: TimeControl) -> Duration {
        budget(&Clock::new(tc), Color::Black)
    }

    #[test]
    fn no_limit_and_absolute() {
        assert_eq!(fresh(TimeControl::None), NO_LIMIT);
        assert_eq!(fresh(TimeControl::absolute(1800)), s(60));
        assert_eq!(fresh(TimeControl::absolute(3)), ms(100));
        assert_eq!(fresh(TimeControl::absolute(0)), Duration::ZERO);
        // The share shrinks as main time goes.
        let mut c = Clock::new(TimeControl::absolute(1800));
        c.spend(Color::Black, s(300)).unwrap();
        assert_eq!(budget(&c, Color::Black), s(50));
        assert_eq!(budget(&c, Color::White), s(60));
    }

    #[test]
    fn fischer_adds_the_increment_but_keeps_a_reserve() {
        assert_eq!(fresh(TimeControl::fischer(300, 10, None)), s(20));
        // 5 s left: 5/30 + 10 s would lose; at most 5 s - 1 s.
        assert_eq!(fresh(TimeControl::fischer(5, 10, None)), s(4));
        // 1 s left: the reserve is a fifth.
        assert_eq!(fresh(TimeControl::fischer(1, 10, None)), ms(800));
    }

    #[test]
    fn byo_yomi_main_time_and_periods() {
        // 600/30 = 20 s, but a period gives 29 s anyway.
        assert_eq!(fresh(TimeControl::byo_yomi(600, 5, 30)), s(29));
        assert_eq!(fresh(TimeControl::byo_yomi(3600, 5, 30)), s(120));
        // Almost no main time: still most of a period, which the first period covers.
        assert_eq!(fresh(TimeControl::byo_yomi(2, 5, 30)), s(29));
        // In overtime: most of the period, whatever the periods left.
        let mut c = Clock::new(TimeControl::byo_yomi(0, 5, 30));
        assert_eq!(budget(&c, Color::Black), s(29));
        c.set_time_left(Color::Black, s(30), Some(1));
        assert_eq!(budget(&c, Color::Black), s(29));
        // Short periods keep a fifth back.
        assert_eq!(fresh(TimeControl::byo_yomi(0, 3, 1)), ms(800));
    }

    #[test]
    fn canadian_shares_the_period_between_its_stones() {
        // 600/30 = 20 s against 299/25 s a stone.
        assert_eq!(fresh(TimeControl::canadian(600, 25, 300)), s(20));
        assert_eq!(fresh(TimeControl::canadian(60, 25, 300)), ms(11_960));
        let mut c = Clock::new(TimeControl::canadian(600, 25, 300));
        c.set_time_left(Color::White, s(251), Some(10));
        assert_eq!(budget(&c, Color::White), s(25));
        c.set_time_left(Color::White, ms(500), Some(1));
        assert_eq!(budget(&c, Color::White), ms(400));
    }

    #[test]
    fn out_of_time_is_zero() {
        let mut c = Clock::new(TimeControl::absolute(10));
        assert!(c.spend(Color::Black, s(11)).is_err());
        assert_eq!(budget(&c, Color::Black), Duration::ZERO);
    }

    #[test]
    fn the_budget_never_loses_on_time() {
        for tc in [
            TimeControl::absolute(1),
            TimeControl::absolute(1000),
            TimeControl::fischer(1, 1, None),
            TimeControl::fischer(100, 5, Some(120)),
            TimeControl::byo_yomi(1, 3, 1),
            TimeControl::byo_yomi(100, 1, 10),
            TimeControl::canadian(1, 5, 2),
            TimeControl::canadian(100, 25, 300),
        ] {
            let mut c = Clock::new(tc);
            for _ in 0..500 {
                let b = budget(&c, Color::Black);
                assert!(c.flag_at(Color::Black).is_some_and(|l| b <= l), "{tc:?}");
                c.spend(Color::Black, b).unwrap();
            }
        }
    }
}
