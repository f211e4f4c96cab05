//! `protopress schema`: JSON Schemas for editor autocompletion.

use std::path::Path;

use protopress::model::Game;
use protopress::{Project, Result};

use super::outcome::Outcome;
use super::ui::say;

pub fn run(project: &Project, out: &Path) -> Result<Outcome> {
    // A project without games still gets the game and manifest schemas.
    let ids = project.games().unwrap_or_default();
    let games = ids
        .iter()
        .map(|id| Game::load(project, id))
        .collect::<Result<Vec<Game>>>()?;
    let files = protopress::scaffold::schema::write_all(&project.output_root(out)?, &games)?;
    say!("wrote {} schemas", files.len());
    Ok(Outcome::Done)
}
