//! A memory budget the allocator keeps, so input that asks for unbounded memory ends with a
//! clear error instead of the operating system's abort.
//!
//! Some inputs cannot be bounded by looking at them first: a Typst `rules.typ` may build an
//! array of a billion numbers, and only running it shows that. The command line's allocator
//! ([`Budgeted`]) counts the bytes alive; past the process's limit, or past the allowance of
//! a stage such as typesetting a rulebook, it prints what was running and exits with the
//! bad-input code. The failure path allocates nothing: it runs inside an allocation.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering};

/// Bytes alive, as asked for (not counting the allocator's own overhead), give or take what
/// each thread has not passed on yet ([`SLACK`]). Signed: one thread may free what another
/// allocated before either has passed it on.
static LIVE: AtomicIsize = AtomicIsize::new(0);

/// How far a thread's own count may run before it is added to [`LIVE`]. One shared counter
/// touched by every allocation of two busy threads cost a twentieth of a build (its cache line
/// moving between the cores); counted per thread, it is touched once a quarter megabyte. The
/// budget is then kept to within this much a thread, nothing beside a limit of gigabytes. A
/// thread that ends passes on what it holds with [`settle`].
const SLACK: isize = 1 << 18;

thread_local! {
    /// Bytes this thread allocated, less those it freed, not yet added to [`LIVE`]. Constant
    /// initialisation and no destructor: safe to use inside the allocator.
    static PENDING: Cell<isize> = const { Cell::new(0) };
}
/// The smallest of the process limit and every open stage's limit.
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// The process limit alone.
static PROCESS_LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Set by the first thread to overrun: the others wait for the exit it makes.
static EXITING: AtomicBool = AtomicBool::new(false);
/// Open stages: what each is (for the message) and its limit.
static STAGES: Mutex<Vec<(String, usize)>> = Mutex::new(Vec::new());
/// What to undo before the process stops for its memory ([`before_exit`]).
static BEFORE_EXIT: std::sync::OnceLock<fn()> = std::sync::OnceLock::new();

/// Has `undo` run when the process stops for running out of memory, before it exits: the
/// build cache's temporary files go (`output::staging`), so the output root is left as it
/// was. One such step is kept, the first given.
pub fn before_exit(undo: fn()) {
    let _ = BEFORE_EXIT.set(undo);
}

/// The process limit when `PROTOPRESS_MEMORY_MB` is not set: well above the largest build
/// measured (10,000 unique rich faces, about 1 GB), well below what a machine has.
pub const DEFAULT_LIMIT_MB: usize = 3072;
/// What typesetting one rulebook may add to the memory alive when it started.
pub const RULEBOOK_ALLOWANCE_MB: usize = 1024;

/// The exit code of a budget overrun: the input asked for it.
const EXIT: i32 = 2;

/// An allocator that counts the bytes alive and ends the process past the budget.
pub struct Budgeted<A>(pub A);

unsafe impl<A: GlobalAlloc> GlobalAlloc for Budgeted<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        unsafe { self.0.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        charge(layout.size());
        unsafe { self.0.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        release(layout.size());
        unsafe { self.0.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size() {
            charge(new_size - layout.size());
        } else {
            release(layout.size() - new_size);
        }
        unsafe { self.0.realloc(ptr, layout, new_size) }
    }
}

/// Counts `size` bytes allocated; past the budget, ends the process.
fn charge(size: usize) {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    let pending = PENDING.with(|p| {
        let v = p.get().saturating_add(size);
        let pass = v >= SLACK;
        p.set(if pass { 0 } else { v });
        pass.then_some(v)
    });
    let Some(pending) = pending else { return };
    let live = LIVE
        .fetch_add(pending, Ordering::Relaxed)
        .saturating_add(pending);
    if live.max(0).unsigned_abs() > LIMIT.load(Ordering::Relaxed) {
        overrun(size.unsigned_abs());
    }
}

/// Counts `size` bytes freed.
fn release(size: usize) {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    PENDING.with(|p| {
        let v = p.get().saturating_sub(size);
        if v <= -SLACK {
            LIVE.fetch_add(v, Ordering::Relaxed);
            p.set(0);
        } else {
            p.set(v);
        }
    });
}

/// Passes on what this thread has counted and not passed on yet. Called by a thread that is
/// about to end (an HTTP request of `serve`, a build's helper thread): what it kept back would
/// otherwise be lost to [`LIVE`], a little more with every thread in a long session.
pub fn settle() {
    let pending = PENDING.with(|p| p.replace(0));
    LIVE.fetch_add(pending, Ordering::Relaxed);
}

/// Frees `value` on a thread of its own, which then settles what it counted ([`settle`]),
/// while the caller goes on: for what takes longer to free than what is left to do. Should no
/// thread start, `value` is freed here, with the closure that holds it.
pub fn free_beside<T: Send + 'static>(value: T) {
    let _ = std::thread::Builder::new()
        .name("letting go".into())
        .spawn(move || {
            drop(value);
            settle();
        });
}

/// Bytes alive, as far as [`LIVE`] knows.
fn live() -> usize {
    LIVE.load(Ordering::Relaxed).max(0).unsigned_abs()
}

/// Sets the process limit from `PROTOPRESS_MEMORY_MB` (or the default). Called once by the
/// command line before any work; a library user who never calls it has no limit.
pub fn limit_process() {
    let mb = std::env::var("PROTOPRESS_MEMORY_MB")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .unwrap_or(DEFAULT_LIMIT_MB);
    PROCESS_LIMIT.store(mb.saturating_mul(1 << 20), Ordering::Relaxed);
    recompute(&lock());
}

/// A stage with an allowance of its own: while it is open, the memory alive may grow by at
/// most `allowance_mb` over what it was when the stage opened. Closing it (dropping the
/// guard) lifts its limit.
pub struct Stage {
    id: usize,
}

impl Stage {
    pub fn open(what: String, allowance_mb: usize) -> Stage {
        let limit = live().saturating_add(allowance_mb.saturating_mul(1 << 20));
        let mut stages = lock();
        stages.push((what, limit));
        recompute(&stages);
        Stage {
            id: stages.len() - 1,
        }
    }
}

impl Drop for Stage {
    fn drop(&mut self) {
        let mut stages = lock();
        // Stages may close out of order when two run on two threads: mark, then trim.
        if let Some(stage) = stages.get_mut(self.id) {
            stage.1 = usize::MAX;
            stage.0.clear();
        }
        while stages.last().is_some_and(|s| s.1 == usize::MAX) {
            stages.pop();
        }
        recompute(&stages);
    }
}

fn lock() -> std::sync::MutexGuard<'static, Vec<(String, usize)>> {
    STAGES.lock().unwrap_or_else(|e| e.into_inner())
}

fn recompute(stages: &[(String, usize)]) {
    let limit = stages
        .iter()
        .map(|s| s.1)
        .fold(PROCESS_LIMIT.load(Ordering::Relaxed), usize::min);
    LIMIT.store(limit, Ordering::Relaxed);
}

/// Prints what ran past which budget and exits. Runs inside an allocation: it formats into
/// a buffer on the stack and never allocates.
#[cold]
fn overrun(asked: usize) -> ! {
    if EXITING.swap(true, Ordering::SeqCst) {
        loop {
            std::thread::park();
        }
    }
    let mut buf = [0u8; 1024];
    let mut out = Cursor {
        buf: &mut buf,
        len: 0,
    };
    let mb = |b: usize| b >> 20;
    let _ = write!(
        out,
        "error: protopress stopped: the work asked for more memory than its budget allows \
         ({} MB more, with {} MB in use)",
        mb(asked),
        mb(live())
    );
    // Never wait for the lock: the thread holding it may be the one allocating.
    let stages = STAGES.try_lock();
    let stage = stages.as_ref().ok().and_then(|s| {
        s.iter()
            .rev()
            .find(|s| s.1 != usize::MAX && s.1 == LIMIT.load(Ordering::Relaxed))
    });
    match stage {
        Some((what, limit)) => {
            let _ = write!(
                out,
                "\n  = while {what}, whose allowance ends at {} MB in use\n  = help: {what} \
                 looks unbounded (a loop that builds a huge array or text?); find what grows \
                 without end",
                mb(*limit)
            );
        }
        None => {
            let _ = write!(
                out,
                "\n  = the limit is {} MB\n  = help: a larger game may need more: set \
                 PROTOPRESS_MEMORY_MB (e.g. PROTOPRESS_MEMORY_MB=8192)",
                mb(PROCESS_LIMIT.load(Ordering::Relaxed))
            );
        }
    }
    let _ = out.write_all(b"\n");
    let len = out.len;
    // What the exit itself allocates must pass.
    LIMIT.store(usize::MAX, Ordering::SeqCst);
    if let Some(undo) = BEFORE_EXIT.get() {
        undo();
    }
    let _ = std::io::stderr().write_all(&buf[..len]);
    std::process::exit(EXIT)
}

/// A `Write` into a fixed buffer that drops what does not fit.
struct Cursor<'a> {
    buf: &'a mut [u8],
    len: usize,
}

impl Write for Cursor<'_> {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        let room = self.buf.len() - self.len;
        let n = data.len().min(room);
        self.buf[self.len..self.len + n].copy_from_slice(&data[..n]);
        self.len += n;
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The allocator is the command line's only: in the library's tests nothing else charges.
    #[test]
    fn a_thread_passes_its_count_on_in_steps_and_when_it_settles() {
        std::thread::spawn(|| {
            let before = LIVE.load(Ordering::Relaxed);
            charge(1000);
            assert_eq!(LIVE.load(Ordering::Relaxed), before, "held back");
            charge(SLACK.unsigned_abs());
            let passed = before + 1000 + SLACK;
            assert_eq!(
                LIVE.load(Ordering::Relaxed),
                passed,
                "passed on at the step"
            );
            release(400);
            assert_eq!(LIVE.load(Ordering::Relaxed), passed);
            settle();
            assert_eq!(LIVE.load(Ordering::Relaxed), passed - 400, "settled");
            release((1000 + SLACK - 400).unsigned_abs());
            settle();
            assert_eq!(LIVE.load(Ordering::Relaxed), before);
        })
        .join()
        .unwrap();
    }
}
