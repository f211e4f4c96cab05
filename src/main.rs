//! The `protopress` command line: parse, run one command, print any error once, exit with a
//! code a script can act on. Each command lives in its own file under `cli/`.

mod cli;

use std::process::ExitCode;

use clap::Parser;
use protopress::allocator::{FastOrCompact, no_huge_pages};

use cli::Outcome;
use cli::args::{CheckFormat, Cli, Command};
use cli::ui::{self, Ui};

/// mimalloc, or the C library's allocator for a small game (`allocator`), counting what is
/// alive so a runaway input ends with a message (`budget`).
#[global_allocator]
static ALLOCATOR: protopress::budget::Budgeted<FastOrCompact> =
    protopress::budget::Budgeted(FastOrCompact);

/// Exit codes, as documented in `protopress --help`.
const CHECK_FAILED: u8 = 1;
const BAD_INPUT: u8 = 2;
const INTERNAL: u8 = 3;

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
