//! What one client may ask of the server (docs/protocol.md, "Limits"): the sizes, rates,
//! connections and deadlines, and the token buckets that count requests and messages.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Limits on what one client may ask (docs/protocol.md, "Limits").
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest HTTP body, in bytes.
    pub body_bytes: usize,
    /// Largest WebSocket message, in bytes.
    pub ws_message_bytes: usize,
    /// Messages a second one WebSocket connection may send.
    pub ws_messages_per_second: u32,
    /// Unfinished games one client (address) may have created; 0 for no limit.
    pub open_games_per_client: i64,
    /// HTTP requests a second one client (address) may make on average; 0 for no limit.
    pub http_requests_per_second: u32,
    /// HTTP requests one client may make at once before the rate applies.
    pub http_burst: u32,
    /// Open connections one client (address) may have; 0 for no limit.
    pub connections_per_client: usize,
    /// How long a connection may take to send a request's head, counted from its opening
    /// or from the end of its previous response (so an idle keep-alive connection is
    /// closed after this long too).
    pub header_read_timeout: Duration,
    /// A WebSocket from which nothing (not even the answer to a ping) arrived for this long
    /// is closed; the server pings every third of it. Zero: never.
    pub ws_idle_timeout: Duration,
    /// A game whose seats are not both taken after this long is cancelled.
    pub waiting_game_expiry: Duration,
    /// Largest body of a review request (`POST /api/review`, `/api/review/sgf`), in bytes:
    /// a record with comments is larger than an action.
    pub review_bytes: usize,
    /// Reviews (and score estimates) read at once, over all clients; the others wait.
    pub reviews_at_once: usize,
    /// How long a review waits for its turn before it is refused as `busy`.
    pub review_wait: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            body_bytes: 64 * 1024,
            ws_message_bytes: 16 * 1024,
            ws_messages_per_second: 20,
            open_games_per_client: 20,
            http_requests_per_second: 20,
            http_burst: 60,
            connections_per_client: 64,
            header_read_timeout: Duration::from_secs(10),
            ws_idle_timeout: Duration::from_secs(90),
            waiting_game_expiry: Duration::from_secs(24 * 3600),
            review_bytes: 256 * 1024,
            reviews_at_once: 2,
            review_wait: Duration::from_secs(5),
        }
    }
}

/// A token bucket: `rate` tokens a second, holding at most `burst`.
#[derive(Clone, Debug)]
pub struct Bucket {
    rate: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub fn new(rate: u32, burst: u32) -> Bucket {
        let rate = f64::from(rate.max(1));
        let burst = f64::from(burst.max(1));
        Bucket {
            rate,
            burst,
            tokens: burst,
            last: Instant::now(),
        }
    }

    /// Takes a token at `now`; `Err` with the wait in milliseconds until one is there.
    pub fn take_at(&mut self, now: Instant) -> Result<(), u64> {
        let refill = now.saturating_duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(((1.0 - self.tokens) / self.rate * 1000.0).ceil() as u64)
        }
    }

    /// Takes a token now.
    pub fn take(&mut self) -> Result<(), u64> {
        self.take_at(Instant::now())
    }

    /// Whether the bucket would be full at `now` (its client has been quiet long enough
    /// to be forgotten).
    fn full_at(&self, now: Instant) -> bool {
        let refill = now.saturating_duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens + refill >= self.burst
    }
}

/// The client an address stands for: an IPv4 address, or the /64 network of an IPv6
/// address (one machine usually has a whole /64, so counting single IPv6 addresses would
/// let it be many clients).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

/// One token bucket per client: the HTTP request rate.
#[derive(Debug)]
pub struct ClientRates {
    rate: u32,
    burst: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl ClientRates {
    /// `rate` requests a second in bursts of `burst`; a rate of 0 lets everything through.
    pub fn new(rate: u32, burst: u32) -> ClientRates {
        ClientRates {
            rate,
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one request of the client at `ip`; `Err` with the wait in milliseconds.
    pub fn take(&self, ip: IpAddr) -> Result<(), u64> {
        if self.rate == 0 {
            return Ok(());
        }
        let Ok(mut map) = self.buckets.lock() else {
            return Ok(());
        };
        map.entry(client_key(ip))
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take()
    }

    /// Forgets the clients whose buckets have filled up again; the number forgotten.
    pub fn forget_quiet(&self) -> usize {
        let Ok(mut map) = self.buckets.lock() else {
            return 0;
        };
        let now = Instant::now();
        let before = map.len();
        map.retain(|_, b| !b.full_at(now));
        before - map.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bucket of 3 at 2 a second: three at once, then one every half second.
    #[test]
    fn a_bucket_lets_a_burst_through_then_the_rate() {
        let mut b = Bucket::new(2, 3);
        let t = Instant::now();
        assert!(b.take_at(t).is_ok());
        assert!(b.take_at(t).is_ok());
        assert!(b.take_at(t).is_ok());
        // Empty: the next token comes in 500 ms.
        assert_eq!(b.take_at(t), Err(500));
        assert_eq!(b.take_at(t + Duration::from_millis(250)), Err(250));
        assert!(b.take_at(t + Duration::from_millis(500)).is_ok());
        assert!(!b.full_at(t + Duration::from_millis(500)));
        assert!(b.full_at(t + Duration::from_millis(2000)));
    }

    #[test]
    fn ipv6_clients_are_their_64_bit_networks() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:bbbb::9".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(client_key(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_zero_rate_is_no_limit() {
        let r = ClientRates::new(0, 1);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..1000 {
            assert!(r.take(ip).is_ok());
        }
        let r = ClientRates::new(1, 2);
        assert!(r.take(ip).is_ok());
        assert!(r.take(ip).is_ok());
        assert!(r.take(ip).is_err());
        assert_eq!(r.forget_quiet(), 0);
    }
}
