//! Where the search reads the time. The search asks a [`Clock`] the caller
//! chooses, never the system directly, so that the same search runs natively
//! (on [`SystemClock`]), in tests on a clock they drive, and in WebAssembly
//! without a system clock (`wasm32-unknown-unknown` has none: reading
//! `std::time::Instant` there traps).

use std::time::Duration;

/// A source of time: how long has passed since some fixed moment of its own.
/// Only differences between two readings matter to the search, and readings
/// must never go backwards.
pub trait Clock: Send {
    /// The time passed since the clock's own start.
    fn now(&self) -> Duration;
}

/// The system's monotonic clock.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
#[derive(Clone, Copy, Debug)]
pub struct SystemClock {
    origin: std::time::Instant,
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Default for SystemClock {
    fn default() -> SystemClock {
        SystemClock {
            origin: std::time::Instant::now(),
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
impl Clock for SystemClock {
    fn now(&self) -> Duration {
        self.origin.elapsed()
    }
}

/// A clock on which no time passes: where the platform has no clock and the
/// caller gives none, a search is limited by depth or nodes only, and a time
/// limit alone never ends it (`Limits` says so).
#[derive(Clone, Copy, Debug, Default)]
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn now(&self) -> Duration {
        Duration::ZERO
    }
}

/// A clock that moves on by a fixed step each time it is read: deterministic
/// time for tests, and for platforms where counting readings is the only
/// measure of work there is.
#[derive(Debug, Default)]
pub struct SteppingClock {
    step: Duration,
    readings: std::sync::atomic::AtomicU32,
}

impl SteppingClock {
    /// A clock that reads `step` later at each reading, starting from zero.
    pub fn new(step: Duration) -> SteppingClock {
        SteppingClock {
            step,
            readings: std::sync::atomic::AtomicU32::new(0),
        }
    }
}

impl Clock for SteppingClock {
    fn now(&self) -> Duration {
        let n = self
            .readings
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.step.saturating_mul(n)
    }
}

/// The clock a search uses when not given one: the system's where there is
/// one, else a stopped clock.
pub fn default_clock() -> Box<dyn Clock> {
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    return Box::new(SystemClock::default());
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    return Box::new(StoppedClock);
}
