//! `protopress check`: the manifest check alone, writing `check.json`.

use std::path::Path;

use protopress::build::write_check;
use protopress::model::Game;
use protopress::{Error, Project, Result};

use super::ui::{self, say};
use super::{Outcome, games_or_all};

pub fn run(project: &Project, games: Vec<String>, out: &Path) -> Result<Outcome> {
    let games = games_or_all(project, games)?;
    let out_dir = project.output_root(out);
    let mut errors = 0;
    let mut failed = 0;
    for id in &games {
        match Game::load(project, id).and_then(|game| write_check(&game, &out_dir)) {
            Ok(Some(report)) => {
                say!("{id}:\n{}", report.table());
                if !report.passed {
                    failed += 1;
                }
            }
            Ok(None) => say!("{id}: no manifest.yaml, nothing to check"),
            Err(e) => {
                errors += 1;
                ui::error(&e);
            }
        }
    }
    if errors > 0 {
        return Err(Error::new(format!(
            "{errors} of {} could not be checked",
            ui::plural(games.len(), "game", "games")
        )));
    }
    Ok(if failed > 0 {
        Outcome::CheckFailed
    } else {
        Outcome::Done
    })
}
