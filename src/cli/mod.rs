//! The `protopress` commands, one file each; `args` holds the clap types, `ui` the output.

pub mod args;
mod build;
mod check;
mod export;
mod games;
mod http;
mod icons;
mod new;
mod outcome;
mod reprint;
mod schema;
mod serve;
mod shell;
mod simulate;
mod translations;
pub mod ui;
mod watch;

use std::path::Path;

use protopress::{Project, Result};

use args::{BuildArgs, Command, LayoutArg, PaperArg};
pub use outcome::Outcome;

/// Runs one command in the project that `start` lies in (see [`Project::find`]).
pub fn run(start: &Path, command: Option<Command>) -> Result<Outcome> {
    let command = command.unwrap_or_else(|| Command::Build(BuildArgs::default_all()));
    // These two are about the command itself: no project needed.
    let project = match command {
        Command::Completions { shell } => return shell::completions(shell),
        Command::Man => return shell::man(),
        _ => Project::find(start)?,
    };
    match command {
        Command::Completions { .. } | Command::Man => Ok(Outcome::Done),
        Command::Build(args) => build::run(&project, args),
        Command::New { name } => new::run(&project, &name),
        Command::Icons { game, page, out } => icons::run(&project, game.as_deref(), page, &out),
        Command::Schema { out } => schema::run(&project, &out),
        Command::Translations {
            games,
            lang,
            confirm,
        } => translations::run(&project, games, lang.as_deref(), confirm),
        Command::Simulate(args) => simulate::run(&project, args),
        Command::Watch {
            game,
            paper,
            out,
            lang,
        } => {
            let game = games::named_or_only(&project, game, "watch")?;
            watch::run(&project, &game, paper, &out, lang.as_deref())
        }
        Command::Serve(args) => serve::run(&project, args),
        Command::Check {
            games,
            out,
            format,
            lang,
            no_cache,
        } => check::run(&project, games, &out, format, lang.as_deref(), !no_cache),
        Command::Export(args) => export::run(&project, args),
        Command::Reprint {
            game,
            since,
            out,
            lang,
        } => reprint::run(&project, &game, since.as_deref(), &out, lang.as_deref()),
    }
}

impl BuildArgs {
    /// `protopress` with no command: build every game into `output/`.
    fn default_all() -> BuildArgs {
        BuildArgs {
            out: "output".into(),
            ..BuildArgs::default()
        }
    }
}

impl From<PaperArg> for protopress::model::print::Paper {
    fn from(p: PaperArg) -> Self {
        match p {
            PaperArg::A4 => Self::A4,
            PaperArg::A3 => Self::A3,
            PaperArg::A5 => Self::A5,
            PaperArg::Letter => Self::Letter,
            PaperArg::Legal => Self::Legal,
            PaperArg::Tabloid => Self::Tabloid,
        }
    }
}

impl From<LayoutArg> for protopress::model::print::Layout {
    fn from(l: LayoutArg) -> Self {
        match l {
            LayoutArg::Duplex => Self::Duplex,
            LayoutArg::GutterFold => Self::GutterFold,
            LayoutArg::PrintAndCut => Self::PrintAndCut,
        }
    }
}
