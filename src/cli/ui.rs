//! How the command line talks: normal output (silenced by `--quiet`), errors on stderr in
//! colour where the terminal takes it (anstream honours `NO_COLOR` and pipes), and a spinner
//! on long steps that only a terminal sees.

use std::sync::OnceLock;
use std::time::Duration;

use anstyle::{AnsiColor, Style};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How chatty the command is.
#[derive(Clone, Copy, Default)]
pub struct Ui {
    pub quiet: bool,
    pub verbose: bool,
    /// Output a CI reads as workflow commands (`check --format github`): every message on every
    /// stream is kept to one line, so no text from a game can start a command of its own.
    pub annotations: bool,
}

static UI: OnceLock<Ui> = OnceLock::new();

/// Sets the chattiness once, at start.
pub fn init(ui: Ui) {
    UI.set(ui).ok();
}

pub fn ui() -> Ui {
    UI.get().copied().unwrap_or_default()
}

/// Prints a line of normal output unless `--quiet`.
macro_rules! say {
    ($($arg:tt)*) => {
        if !$crate::cli::ui::ui().quiet {
            anstream::println!($($arg)*);
        }
    };
}
pub(crate) use say;

/// Prints an error on stderr, `error:` in bold red on a terminal.
pub fn error(e: &dyn std::fmt::Display) {
    let style = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
    anstream::eprintln!("{style}error{style:#}: {}", one_line(&e.to_string()));
}

/// `text` as CI annotations need it: with `annotations` on, `%`, CR and LF escaped as GitHub's
/// workflow commands escape them, so a line of it can never begin a command; as it is else.
fn one_line(text: &str) -> String {
    match ui().annotations {
        true => text
            .replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A"),
        false => text.to_owned(),
    }
}

/// Prints a warning on stderr unless `--quiet`.
pub fn warning(w: &dyn std::fmt::Display) {
    if !ui().quiet {
        let style = Style::new().bold().fg_color(Some(AnsiColor::Yellow.into()));
        anstream::eprintln!("  {style}warning{style:#}: {}", one_line(&w.to_string()));
    }
}

/// A spinner with a message on a terminal; invisible when stderr is not one or `--quiet`.
pub fn spinner(message: String) -> ProgressBar {
    let bar = if ui().quiet {
        ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden())
    } else {
        ProgressBar::new_spinner()
    };
    if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
        bar.set_style(style);
    }
    bar.set_message(message);
    bar.enable_steady_tick(Duration::from_millis(120));
    bar
}

/// "1 change", "2 changes".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
