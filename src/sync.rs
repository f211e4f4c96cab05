//! Locks shared between a build's threads.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks `m`, taking the value even from a lock a panicking thread left poisoned: the panic is
/// reported where it happened, and what the others hold (caches, notes, warnings) stays usable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
