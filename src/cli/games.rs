//! Which games a command runs on, and which of their kits: every game of the project or the
//! named ones, each in every language or the one `--lang` names, and how messages name a kit.

use protopress::{Error, Project, Result};

/// The game named, or the project's only game (`serve` and `watch` in a one-game project).
pub(super) fn named_or_only(
    project: &Project,
    named: Option<String>,
    command: &str,
) -> Result<String> {
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
pub(super) fn games_or_all(project: &Project, games: Vec<String>) -> Result<Vec<String>> {
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
pub(super) fn kit_languages(
    project: &Project,
    id: &str,
    lang: Option<&str>,
) -> Result<Vec<Option<String>>> {
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
pub(super) fn kit_label(id: &str, lang: Option<&str>) -> String {
    lang.map_or_else(|| id.to_owned(), |l| format!("{id} ({l})"))
}
