//! Locks shared between a build's threads.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `m`, taking the value even from a lock a panicking thread left poisoned: the panic is
/// reported where it happened, and what the others hold (caches, notes, warnings) stays usable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Lowers the calling thread's priority (nice 10), for work that should only take what the
/// build's other threads leave of the cores: the dry sheets that find the cache's keys while
/// the changed files are drawn. Elsewhere than Linux, where nice is per process, nothing.
pub fn lower_this_thread() {
    // On Linux the nice value is the thread's own; `who` 0 is the calling thread.
    #[cfg(target_os = "linux")]
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}
