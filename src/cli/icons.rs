//! `protopress icons [GAME]`: the icons card text and rules can draw, with where each comes
//! from; `--page` writes them all to a page to look at.

use std::path::Path;

use protopress::{Project, Result};

use super::Outcome;
use super::ui::say;

pub fn run(project: &Project, game: Option<&str>, page: bool, out: &Path) -> Result<Outcome> {
    if let Some(g) = game {
        project.check_game(g)?;
    }
    // In a project of one game, its own icons are the ones the designer means.
    let only = match game {
        None => super::games::named_or_only(project, None, "icons").ok(),
        Some(_) => None,
    };
    let game = game.or(only.as_deref());
    let icons = protopress::library::icons(project, game)?;
    let width = icons.iter().map(|i| i.name.len()).max().unwrap_or(0) + 2;
    for icon in &icons {
        say!("{:width$} {}", format!(":{}:", icon.name), icon.from);
    }
    if page {
        let title = match game {
            Some(g) => format!("Icons of {g}"),
            None => "protopress icons".to_owned(),
        };
        let file = match game {
            Some(g) => format!("icons-{g}.html"),
            None => "icons.html".to_owned(),
        };
        let path = project.output_root(out)?.join(file);
        let html = protopress::library::icons_page(&title, &icons);
        protopress::output::write_atomic(&path, html.as_bytes())?;
        say!("wrote {} ({} icons)", path.display(), icons.len());
    }
    Ok(Outcome::Done)
}
