//! The command line's allocator: mimalloc, or the C library's for a small game, chosen once
//! by the first game loaded; and no transparent huge pages for either.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether new memory comes from the compact allocator (the C library's) rather than the fast
/// one (mimalloc): see [`fit_to`]. Set once, never unset: until then every block freed is the
/// fast allocator's, and [`FastOrCompact`] frees it without asking whose it is.
static COMPACT: AtomicBool = AtomicBool::new(false);
/// Whether the allocator was chosen (by the first game loaded).
static CHOSEN: AtomicBool = AtomicBool::new(false);

/// Printed pieces up to which a game is built with the compact allocator.
pub const COMPACT_PIECES: u64 = 1000;

/// Chooses the allocator for the process by the first game it loads, of `pieces` printed
/// pieces: the compact one up to [`COMPACT_PIECES`], else the fast one. Later calls change
/// nothing.
///
/// mimalloc keeps pages of its own for each thread and returns freed memory late: Death to
/// Decorum's build held 110 MB under it and 95 MB under the C library's allocator, in the same
/// time. From a few thousand faces on, mimalloc is the faster by a third (10,000 cards: 0.33 s
/// against 0.45). The command line's allocator ([`FastOrCompact`]) frees a block into the
/// allocator it came from by asking mimalloc whether it is one of its own. mimalloc cannot
/// tell that of a block it took from the system alone (past a gigabyte), so the choice is made
/// once, before any such block, and only ever from mimalloc to the C library's: every block
/// mimalloc made by then is one of the small ones it knows.
pub fn fit_to(pieces: u64) {
    if CHOSEN.swap(true, Ordering::SeqCst) || pieces > COMPACT_PIECES {
        return;
    }
    keep_what_is_freed();
    COMPACT.store(true, Ordering::SeqCst);
}

/// Has the C library's allocator keep up to 64 MB it grew by rather than give it back at each
/// free, and serve blocks up to 32 MB from its heap rather than map each on its own: each
/// return or map made every page of it fault in again when used next (Death to Decorum's
/// build 0.183 → 0.172 s, in the same memory). And no more heaps (arenas) than cores, two at
/// least: by default each thread gets one of its own at its first allocation, up to eight a
/// core, and each keeps what is freed in it (Death to Decorum's first build 103.4 → 101.3 MB
/// with the limit set through `GLIBC_TUNABLES`, in the same time; one heap for all held
/// 99.3 MB but took 40 ms longer, its threads waiting on it). A limit the user set stays.
fn keep_what_is_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
        let heaps = libc::c_int::try_from(cores).unwrap_or(libc::c_int::MAX);
        let user_set = ["MALLOC_ARENA_MAX", "GLIBC_TUNABLES"]
            .iter()
            .any(|v| std::env::var_os(v).is_some());
        // SAFETY: mallopt takes plain integers; it only sets how the allocator keeps memory.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
            libc::mallopt(libc::M_TRIM_THRESHOLD, 64 << 20);
            if !user_set {
                libc::mallopt(libc::M_ARENA_MAX, heaps);
            }
        }
    }
}

/// Whether memory comes from the compact allocator (since it was chosen; before, all came
/// from the fast one).
fn compact() -> bool {
    COMPACT.load(Ordering::SeqCst)
}

/// mimalloc (fast) or the C library's allocator (compact), as [`fit_to`] chose for the process:
/// a block comes from the one chosen when it is asked for, and goes back to the one it came
/// from (the blocks made before the choice are mimalloc's).
pub struct FastOrCompact;

unsafe extern "C" {
    /// mimalloc's own test of whether a block is one of its (its arenas and segments).
    fn mi_is_in_heap_region(p: *const std::ffi::c_void) -> bool;
}

impl FastOrCompact {
    /// Whether `ptr` came from the C library's allocator: once it was chosen, any block
    /// mimalloc does not know. mimalloc knows every block it made before the choice, which
    /// comes with the first game, long before any block of a gigabyte (the only kind it would
    /// not know, taken from the system outside its own ranges).
    fn compacts(ptr: *mut u8) -> bool {
        // SAFETY: mimalloc's query reads only its own maps, for any address.
        compact() && !unsafe { mi_is_in_heap_region(ptr.cast()) }
    }
}

// SAFETY: each block is freed and resized by the allocator that made it (`compacts`), the
// choice being made once and only from mimalloc to the C library's ([`fit_to`]).
unsafe impl GlobalAlloc for FastOrCompact {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match compact() {
            true => unsafe { System.alloc(layout) },
            false => unsafe { mimalloc::MiMalloc.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match compact() {
            true => unsafe { System.alloc_zeroed(layout) },
            false => unsafe { mimalloc::MiMalloc.alloc_zeroed(layout) },
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match Self::compacts(ptr) {
            true => unsafe { System.dealloc(ptr, layout) },
            false => unsafe { mimalloc::MiMalloc.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        match Self::compacts(ptr) {
            true => unsafe { System.realloc(ptr, layout, new_size) },
            false => unsafe { mimalloc::MiMalloc.realloc(ptr, layout, new_size) },
        }
    }
}

/// Turns transparent huge pages off for this process. mimalloc asks for them on its arenas,
/// and a huge page counts whole in the memory a process holds as soon as one byte of it is
/// touched: Death to Decorum's `check` held 46 MB where 29 MB do, its build 156 MB where
/// 127 MB do, and no build measured ran faster with them. This comes too late for the arena
/// mimalloc maps at the runtime's first allocation, before `main`; its `no_thp` feature keeps
/// mimalloc from asking for huge pages there.
pub fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}
