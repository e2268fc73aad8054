//! What the benchmark binaries share.

use criterion::Criterion;

/// A benchmark binary's `main`: where the variable `var` is set (`APL_PROFILE`,
/// `MOVES_PROFILE`), `profile` of its value, a steady load for a profiler, instead of the
/// benchmarks; else `benches`, then criterion's summary.
pub fn run_or_profile(var: &str, profile: fn(&str), benches: fn()) {
    match std::env::var(var) {
        Ok(spec) => profile(&spec),
        Err(_) => {
            benches();
            Criterion::default().configure_from_args().final_summary();
        }
    }
}
