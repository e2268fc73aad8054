//! The clock that timings, time limits and `⎕TS` read: std's `Instant` and `SystemTime`
//! natively; in the browser (wasm32-unknown-unknown, where std's panic on first use) the
//! page's own, `performance.now()` and `Date.now()`, through the `web-time` crate, which
//! has the same types and methods. Code that reads the time names it from here, so that one
//! line chooses the clock for every front end.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

use std::time::Duration;

/// The clock's step: the least of three gaps between one change of its reading and the next
/// (tens of nanoseconds natively; 0.1 ms in a page's worker, whose clock the browser coarsens
/// and jitters). A clock that does not move within ten million readings is taken to step by
/// a millisecond.
pub fn step() -> Duration {
    const READINGS: usize = 10_000_000;
    let next_change = |from: Instant| (0..READINGS).map(|_| Instant::now()).find(|&t| t != from);
    (0..3)
        .map(|_| {
            next_change(Instant::now())
                .and_then(|edge| next_change(edge).map(|after| after - edge))
                .unwrap_or(Duration::from_millis(1))
        })
        .min()
        .unwrap_or(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_native_clock_steps_finer_than_the_pages() {
        let step = step();
        assert!(
            step > Duration::ZERO && step < Duration::from_micros(50),
            "{step:?}"
        );
    }

    #[test]
    fn the_clock_goes_forward_and_knows_the_date() {
        let start = Instant::now();
        assert!(Instant::now() >= start);
        let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        assert!(since.as_secs() > 1_600_000_000, "{since:?}");
    }
}
