//! Move latencies in an HDR histogram (hdrhistogram): three significant digits from 1 µs to
//! an hour, the maximum kept exactly; one histogram for the whole run and one for the last
//! progress window.

use hdrhistogram::Histogram;
use std::time::Duration;

/// The longest latency told apart, in microseconds (one hour); longer ones count as this.
const HIGHEST_MICROS: u64 = 3_600_000_000;

/// Latencies in microseconds.
#[derive(Clone)]
pub struct Latencies {
    histogram: Histogram<u64>,
    /// The largest latency exactly (the histogram knows it only within its precision).
    max: u64,
}

impl Latencies {
    /// No latency yet.
    pub fn new() -> Latencies {
        Latencies {
            histogram: Histogram::new_with_bounds(1, HIGHEST_MICROS, 3)
                .expect("1 µs to an hour with 3 significant digits are valid bounds"),
            max: 0,
        }
    }

    /// Counts one latency.
    pub fn record(&mut self, latency: Duration) {
        let micros = u64::try_from(latency.as_micros()).unwrap_or(u64::MAX);
        self.histogram.saturating_record(micros.max(1));
        self.max = self.max.max(micros.min(HIGHEST_MICROS));
    }

    /// How many latencies were counted.
    pub fn count(&self) -> u64 {
        self.histogram.len()
    }

    /// The `q` quantile (0..=1) in microseconds: the upper end of its bucket (within 0.1%),
    /// at most the maximum; `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<u64> {
        (self.count() > 0).then(|| self.histogram.value_at_quantile(q).min(self.max))
    }

    /// The largest latency in microseconds (longer than an hour counts as an hour); `None`
    /// when empty.
    pub fn max(&self) -> Option<u64> {
        (self.count() > 0).then_some(self.max)
    }

    /// The mean latency in microseconds; `None` when empty.
    pub fn mean(&self) -> Option<f64> {
        (self.count() > 0).then(|| self.histogram.mean())
    }
}

/// Microseconds as milliseconds with two decimals.
pub fn ms(micros: Option<u64>) -> Option<f64> {
    micros.map(|m| (m as f64 / 10.0).round() / 100.0)
}

/// Microseconds as `1.25 ms`, or `-` for none.
pub fn ms_text(micros: Option<u64>) -> String {
    ms(micros).map_or("-".to_string(), |m| format!("{m:.2} ms"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 1..=1000 µs once each: the median is 500 µs and the 99th percentile 990 µs (ranks
    /// 500 and 990 of 1000); three significant digits keep values below 2048 exact.
    #[test]
    fn quantiles() {
        let mut h = Latencies::new();
        assert_eq!(h.quantile(0.5), None);
        assert_eq!(h.max(), None);
        for v in 1..=1000 {
            h.record(Duration::from_micros(v));
        }
        let p50 = h.quantile(0.5).unwrap();
        let p99 = h.quantile(0.99).unwrap();
        assert!((495..=510).contains(&p50), "{p50}");
        assert!((985..=1000).contains(&p99), "{p99}");
        assert_eq!(h.quantile(1.0), Some(1000));
        assert_eq!(h.mean(), Some(500.5));
        h.record(Duration::from_micros(5000));
        assert_eq!(h.max(), Some(5000));
        assert_eq!(h.count(), 1001);
        assert_eq!(h.quantile(1.0), Some(5000));
    }

    /// Latencies beyond an hour count as an hour rather than being lost.
    #[test]
    fn long_latencies_saturate() {
        let mut h = Latencies::new();
        h.record(Duration::from_secs(7200));
        assert_eq!(h.count(), 1);
        assert_eq!(h.max(), Some(HIGHEST_MICROS));
    }

    #[test]
    fn milliseconds() {
        assert_eq!(ms(Some(1234)), Some(1.23));
        assert_eq!(ms_text(Some(1235)), "1.24 ms");
        assert_eq!(ms_text(None), "-");
    }
}
