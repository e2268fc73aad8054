//! The clock that timings, time limits and `⎕TS` read: std's `Instant` and `SystemTime`
//! natively; in the browser (wasm32-unknown-unknown, where std's panic on first use) the
//! page's own, `performance.now()` and `Date.now()`, through the `web-time` crate, which
//! has the same types and methods. Code that reads the time names it from here, so that one
//! line chooses the clock for every front end.

pub use web_time::{Instant, SystemTime, UNIX_EPOCH};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_goes_forward_and_knows_the_date() {
        let start = Instant::now();
        assert!(Instant::now() >= start);
        let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap();
        assert!(since.as_secs() > 1_600_000_000, "{since:?}");
    }
}
