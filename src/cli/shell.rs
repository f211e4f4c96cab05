//! `protopress completions SHELL` and `protopress man`: the shell's completions and the manual
//! page, generated from the clap definitions of `args`, so they never fall behind the
//! commands. Both print to stdout; nothing is read from a project.

use std::io::Write;

use clap::CommandFactory;
use clap_complete::Shell;

use protopress::{Error, Result};

use super::Outcome;
use super::args::Cli;

/// The completion script for `shell` on stdout.
pub fn completions(shell: Shell) -> Result<Outcome> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "protopress", &mut out);
    print(&out)
}

/// The man page (roff) on stdout: the command, its options and every subcommand.
pub fn man() -> Result<Outcome> {
    let mut out = Vec::new();
    page(&mut out)?;
    print(&out)
}

/// Writes the man page to `out`.
fn page(out: &mut Vec<u8>) -> Result<()> {
    clap_mangen::Man::new(Cli::command())
        .render(out)
        .map_err(|e| Error::new(format!("the man page could not be written: {e}")))
}

fn print(bytes: &[u8]) -> Result<Outcome> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(bytes)
        .and_then(|()| stdout.flush())
        .map_err(|e| Error::new(format!("cannot write to stdout: {e}")))?;
    Ok(Outcome::Done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_man_page_names_every_command() {
        let mut out = Vec::new();
        page(&mut out).unwrap();
        let page = String::from_utf8(out).unwrap();
        assert!(page.starts_with(".ie"), "roff: {}", &page[..40]);
        for command in ["build", "check", "serve", "new", "icons", "completions"] {
            assert!(page.contains(command), "{command}");
        }
    }

    #[test]
    fn completions_cover_the_subcommands() {
        for shell in [Shell::Bash, Shell::Zsh, Shell::Fish] {
            let mut out = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "protopress", &mut out);
            let script = String::from_utf8(out).unwrap();
            assert!(
                script.contains("serve") && script.contains("format"),
                "{shell}"
            );
        }
    }
}
