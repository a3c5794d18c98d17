//! The work of one request, as the API runs it on a work thread: a flag that
//! tells it to stop (its time is up, or its client has gone) and at most one
//! slot among the heavy jobs (searches, perfts, compiles), so that a few
//! expensive requests cannot take every core.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// The slots of heavy jobs, shared by every request.
pub struct Slots {
    running: Mutex<usize>,
    freed: Condvar,
    most: usize,
}

impl Slots {
    /// `most` heavy jobs at once (at least one).
    pub fn new(most: usize) -> Slots {
        Slots {
            running: Mutex::new(0),
            freed: Condvar::new(),
            most: most.max(1),
        }
    }

    /// How many heavy jobs may run at once.
    pub fn most(&self) -> usize {
        self.most
    }

    /// A slot, waiting at most `wait` for one to be free.
    fn take(self: &Arc<Self>, wait: Duration) -> Option<Slot> {
        let deadline = Instant::now() + wait;
        let mut running = self.running.lock().unwrap_or_else(|e| e.into_inner());
        while *running >= self.most {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return None;
            }
            running = self
                .freed
                .wait_timeout(running, left)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        *running += 1;
        Some(Slot(Arc::clone(self)))
    }
}

/// A heavy job's slot, given back when dropped, whether the job ended or
/// its thread unwound.
pub struct Slot(Arc<Slots>);

impl Drop for Slot {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().unwrap_or_else(|e| e.into_inner());
        *running -= 1;
        self.0.freed.notify_one();
    }
}

/// One request's work: whether to stop, and its slot once it has one.
pub struct Job {
    stop: Arc<AtomicBool>,
    slots: Arc<Slots>,
    slot: Mutex<Option<Slot>>,
}

impl Job {
    /// A job that stops when `stop` is set.
    pub fn new(slots: Arc<Slots>, stop: Arc<AtomicBool>) -> Job {
        Job {
            stop,
            slots,
            slot: Mutex::new(None),
        }
    }

    /// A job that is never told to stop, for callers without a client.
    pub fn unbounded(slots: Arc<Slots>) -> Job {
        Job::new(slots, Arc::new(AtomicBool::new(false)))
    }

    /// The flag that tells the job to stop.
    pub fn stop(&self) -> &Arc<AtomicBool> {
        &self.stop
    }

    /// Whether the job has been told to stop.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Makes this a heavy job, waiting at most `wait` for a slot; a job that
    /// holds one already keeps it (a perft that compiles its game takes one
    /// slot, not two). `Err` with the number of heavy jobs when none is free.
    pub fn heavy(&self, wait: Duration) -> Result<(), usize> {
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        if slot.is_none() {
            *slot = Some(self.slots.take(wait).ok_or(self.slots.most)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_counted_and_given_back() {
        let slots = Arc::new(Slots::new(2));
        let a = Job::unbounded(Arc::clone(&slots));
        let b = Job::unbounded(Arc::clone(&slots));
        let c = Job::unbounded(Arc::clone(&slots));
        assert_eq!(a.heavy(Duration::ZERO), Ok(()));
        assert_eq!(a.heavy(Duration::ZERO), Ok(()), "a job keeps its slot");
        assert_eq!(b.heavy(Duration::ZERO), Ok(()));
        assert_eq!(c.heavy(Duration::from_millis(20)), Err(2));
        // A waiting job gets the slot of one that ends.
        std::thread::scope(|scope| {
            let waiting = scope.spawn(|| c.heavy(Duration::from_secs(10)));
            std::thread::sleep(Duration::from_millis(50));
            drop(a);
            assert_eq!(waiting.join().unwrap(), Ok(()));
        });
    }
}
