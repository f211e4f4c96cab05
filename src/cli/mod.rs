//! The `protopress` commands, one file each; `args` holds the clap types, `ui` the output.

pub mod args;
mod build;
mod check;
mod export;
mod http;
mod icons;
mod new;
mod reprint;
mod schema;
mod serve;
mod shell;
mod simulate;
pub mod ui;
mod watch;

use std::path::Path;

use protopress::{Error, Project, Result};

use args::{BuildArgs, Command, LayoutArg, PaperArg};

/// How a command ended, as the process exit code says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Done (exit 0).
    Done,
    /// The kit was written but its manifest check failed (exit 1).
    CheckFailed,
}

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
        Command::Simulate(args) => simulate::run(&project, args),
        Command::Watch {
            game,
            paper,
            out,
            lang,
        } => {
            let game = named_or_only(&project, game, "watch")?;
            watch::run(&project, &game, paper, &out, lang.as_deref())
        }
        Command::Serve(args) => serve::run(&project, args),
        Command::Check {
            games,
            out,
            format,
            lang,
        } => check::run(&project, games, &out, format, lang.as_deref()),
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

/// The game named, or the project's only game (`serve` and `watch` in a one-game project).
fn named_or_only(project: &Project, named: Option<String>, command: &str) -> Result<String> {
    if let Some(id) = named {
        return Ok(id);
    }
    let games = project.games()?;
    match games.as_slice() {
        [only] => Ok(only.clone()),
        _ => Err(Error::new(format!(
            "the project has {} games: name the one to {command}",
            games.len()
        ))
        .help(format!(
            "protopress {command} {}",
            games.first().map_or("GAME", String::as_str)
        ))),
    }
}

/// The named games (each checked against the project), or every game of the project.
fn games_or_all(project: &Project, games: Vec<String>) -> Result<Vec<String>> {
    if games.is_empty() {
        let all = project.games()?;
        if all.is_empty() {
            return Err(Error::new(format!(
                "no games found (no data/<game>/game.yaml under {})",
                project.root().display()
            )));
        }
        return Ok(all);
    }
    for g in &games {
        project.check_game(g)?;
    }
    Ok(games)
}

/// The kits a command works on for game `id`: `lang` alone when given (checked against the
/// game's languages), else one per language of a game in several (`Some`), else the game's
/// only kit (`None`).
fn kit_languages(project: &Project, id: &str, lang: Option<&str>) -> Result<Vec<Option<String>>> {
    let all = protopress::model::Game::languages_of(project, id)?;
    if let Some(lang) = lang {
        let Some(listed) = protopress::model::lang::resolve(&all, lang) else {
            return Err(Error::new(format!(
                "`{lang}` is not one of the languages of `{id}` ({})",
                all.join(", ")
            ))
            .help("name one of them with --lang, or leave --lang out for all of them"));
        };
        return Ok(vec![Some(listed.to_owned())]);
    }
    Ok(if all.len() > 1 {
        all.into_iter().map(Some).collect()
    } else {
        vec![None]
    })
}

/// `id`, or `id (de)` for one language's kit.
fn kit_label(id: &str, lang: Option<&str>) -> String {
    lang.map_or_else(|| id.to_owned(), |l| format!("{id} ({l})"))
}
