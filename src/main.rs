//! The `protopress` command line: parse, run one command, print any error once, exit with a
//! code a script can act on. Each command lives in its own file under `cli/`.

mod cli;

use std::alloc::{GlobalAlloc, Layout, System};
use std::process::ExitCode;

use clap::Parser;

use cli::Outcome;
use cli::args::{CheckFormat, Cli, Command};
use cli::ui::{self, Ui};

/// mimalloc, or the C library's allocator for a small game (`budget::fit_allocator_to`),
/// counting what is alive so a runaway input ends with a message (`budget`).
#[global_allocator]
static ALLOCATOR: protopress::budget::Budgeted<FastOrCompact> =
    protopress::budget::Budgeted(FastOrCompact);

/// mimalloc (fast) or the C library's allocator (compact), as `budget` chose for the process:
/// a block comes from the one chosen when it is asked for, and goes back to the one it came
/// from (the blocks made before the choice are mimalloc's).
struct FastOrCompact;

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
        protopress::budget::compact() && !unsafe { mi_is_in_heap_region(ptr.cast()) }
    }
}

// SAFETY: each block is freed and resized by the allocator that made it (`compacts`), the
// choice being made once and only from mimalloc to the C library's (`budget`).
unsafe impl GlobalAlloc for FastOrCompact {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match protopress::budget::compact() {
            true => unsafe { System.alloc(layout) },
            false => unsafe { mimalloc::MiMalloc.alloc(layout) },
        }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        match protopress::budget::compact() {
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

/// Exit codes, as documented in `protopress --help`.
const CHECK_FAILED: u8 = 1;
const BAD_INPUT: u8 = 2;
const INTERNAL: u8 = 3;

/// Turns transparent huge pages off for this process. mimalloc asks for them on its arenas,
/// and a huge page counts whole in the memory a process holds as soon as one byte of it is
/// touched: Death to Decorum's `check` held 46 MB where 29 MB do, its build 156 MB where
/// 127 MB do, and no build measured ran faster with them.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE takes plain integers and touches no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() -> ExitCode {
    no_huge_pages();
    protopress::budget::limit_process();
    let cli = Cli::parse();
    let annotations = matches!(
        &cli.command,
        Some(Command::Check {
            format: CheckFormat::Github,
            ..
        })
    );
    ui::init(Ui {
        quiet: cli.quiet,
        verbose: cli.verbose,
        annotations,
    });
    // A panic is a bug of ours, never the designer's: say so with its own exit code.
    let run = std::panic::AssertUnwindSafe(|| cli::run(&cli.project, cli.command));
    let result = std::panic::catch_unwind(run);
    match result {
        Ok(Ok(Outcome::Done)) => ExitCode::SUCCESS,
        Ok(Ok(Outcome::CheckFailed)) => ExitCode::from(CHECK_FAILED),
        Ok(Err(e)) => {
            ui::error(&e);
            ExitCode::from(BAD_INPUT)
        }
        Err(_) => {
            eprintln!("internal error: protopress crashed; please report it with the game");
            ExitCode::from(INTERNAL)
        }
    }
}
