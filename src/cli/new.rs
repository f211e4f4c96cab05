//! `protopress new NAME`: start a game that builds and checks clean at once.

use protopress::{Project, Result};

use super::outcome::Outcome;
use super::ui::say;

/// Writes the game into the project the command was started in; in a folder inside no
/// project, that folder becomes one.
pub fn run(project: &Project, name: &str) -> Result<Outcome> {
    let files = protopress::scaffold::create(project.root(), name)?;
    say!("created the game `{name}` in {}:", project.root().display());
    for f in files {
        say!("  {}", f.display());
    }
    say!("from any folder inside it: protopress build, protopress check, protopress serve {name}");
    Ok(Outcome::Done)
}
