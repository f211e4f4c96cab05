//! `protopress translations [GAME]`: which translations are stale (their first-language text
//! changed since they were confirmed) or not confirmed yet; `--confirm` records them all as
//! they are now in `data/<game>/translated.json`.

use protopress::model::Game;
use protopress::model::translations::{self, TranslationRecord};
use protopress::output::write_atomic;
use protopress::{Project, Result};

use super::Outcome;
use super::games::{games_or_all, kit_languages};
use super::ui::say;

pub fn run(
    project: &Project,
    games: Vec<String>,
    lang: Option<&str>,
    confirm: bool,
) -> Result<Outcome> {
    let mut stale = 0;
    for id in games_or_all(project, games)? {
        let first = Game::load(project, &id)?;
        // `langs.all` always holds the language loaded.
        let first_lang = first.langs.current.clone();
        let others: Vec<String> = kit_languages(project, &id, lang)?
            .into_iter()
            .flatten()
            .filter(|l| *l != first_lang)
            .collect();
        if others.is_empty() {
            match first.is_multilingual() {
                true => say!(
                    "{id}: {first_lang} is the first language, which the others are translated from"
                ),
                false => say!("{id}: one language ({first_lang}), nothing translated"),
            }
            continue;
        }
        let mut record = translations::load(&first)?.unwrap_or_default();
        for l in &others {
            let game = Game::load_in(project, &id, Some(l))?;
            let status = translations::status(&game)?;
            stale += status.stale.len();
            report(&id, l, &first_lang, &status, confirm);
            if confirm {
                record = translations::confirm(record, &game);
            }
        }
        if confirm {
            write(project, &id, &record)?;
        }
    }
    Ok(match stale > 0 && !confirm {
        true => Outcome::CheckFailed,
        false => Outcome::Done,
    })
}

fn report(
    id: &str,
    lang: &str,
    first: &str,
    status: &translations::TranslationStatus,
    confirm: bool,
) {
    for s in &status.stale {
        say!("  {}", s.message(first));
    }
    let verdict = match (status.tracked, confirm) {
        (_, true) => "confirmed as they are now".to_owned(),
        (false, false) => "not tracked yet (run with --confirm once they are right)".to_owned(),
        (true, false) => format!(
            "{} stale, {} not confirmed yet",
            status.stale.len(),
            status.unconfirmed
        ),
    };
    say!("{id} ({lang}): translations {verdict}");
}

fn write(project: &Project, id: &str, record: &TranslationRecord) -> Result<()> {
    let path = translations::record_path(id);
    write_atomic(
        &project.root().join(&path),
        translations::to_json(record).as_bytes(),
    )?;
    say!("  recorded in {}", path.display());
    Ok(())
}
