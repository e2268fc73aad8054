//! CPU time: how long the process's threads have run, as the kernel counts it, for rates that
//! do not depend on what else the machine is doing (a search's nodes per CPU-second).

use std::time::Duration;

/// The CPU time every thread of this process has used so far (user and system), read with
/// `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`; `None` where that clock is not read (systems
/// other than Linux) or fails.
///
/// ```
/// let before = cubework::base::cpu::process_time();
/// let mut x = 0u64;
/// for i in 0..1_000_000u64 {
///     x = x.wrapping_add(std::hint::black_box(i));
/// }
/// std::hint::black_box(x);
/// if let (Some(a), Some(b)) = (before, cubework::base::cpu::process_time()) {
///     assert!(b >= a);
/// }
/// ```
pub fn process_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        clock(libc::CLOCK_PROCESS_CPUTIME_ID)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The time the Linux clock `id` reads, if it reads.
#[cfg(target_os = "linux")]
fn clock(id: libc::clockid_t) -> Option<Duration> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    let read = unsafe { libc::clock_gettime(id, &mut t) };
    (read == 0).then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
}

/// The CPU time this thread has used so far, read with
/// `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`: what a measurement on a busy machine times, since
/// it leaves out the time other processes had the core; `None` where that clock is not read.
pub fn thread_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        clock(libc::CLOCK_THREAD_CPUTIME_ID)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// The CPU time used since `start` (a [`process_time`]), if both are known.
pub fn since(start: Option<Duration>) -> Option<Duration> {
    Some(process_time()?.saturating_sub(start?))
}

/// A rate per CPU-second, in millions: `count` over `cpu`, if any CPU time was counted.
///
/// ```
/// use std::time::Duration;
/// use cubework::base::cpu::millions_per_cpu_second;
/// assert_eq!(millions_per_cpu_second(30_000_000, Some(Duration::from_secs(2))), Some(15.0));
/// assert_eq!(millions_per_cpu_second(30_000_000, Some(Duration::ZERO)), None);
/// assert_eq!(millions_per_cpu_second(30_000_000, None), None);
/// ```
pub fn millions_per_cpu_second(count: u64, cpu: Option<Duration>) -> Option<f64> {
    let secs = cpu?.as_secs_f64();
    (secs > 0.0).then(|| count as f64 / secs / 1e6)
}
