//! `protopress new NAME`: start a game that builds and checks clean at once.

use protopress::{Project, Result};

use super::outcome::Outcome;
use super::ui::say;

pub fn run(project: &Project, name: &str) -> Result<Outcome> {
    let files = protopress::scaffold::create(project.root(), name)?;
    say!("created the game `{name}`:");
    for f in files {
        say!("  {}", f.display());
    }
    say!("build it with: protopress build {name}");
    Ok(Outcome::Done)
}
