//! Print records and reprints after a rule tweak.
//!
//! `build --mark-printed` writes `data/<game>/printed.json`: the content hash of every face,
//! every card's count and fields, and a hash per rules section. `reprint` compares the game as
//! it is now with that record (or with a git revision of the game) and prints only what changed:
//! all copies of a changed or new card with their backs, the extra copies of a card whose count
//! went up, and a changelog page, in the kit's language, that says what to print, what to
//! discard, and which rules sections changed.

pub mod words;

use std::collections::BTreeMap;
use std::process::Command;

use serde::Serialize;
use serde_json::Value;

use crate::assemble::{BuildOptions, Prepared, Session, SheetFiles, cut_files, print_sheets};
use crate::error::{Error, Result};
use crate::model::Game;
use crate::output::record::{CardRecord, ComponentRecord, PrintRecord, record_of};
use crate::pdf::import::Bookmark;
use crate::pdf::sheets::SheetWriter;
use crate::project::Project;
use crate::render::faces::{CardCopy, Deck, Faces};
use crate::render::trees::FaceTrees;
use crate::rulebook::kit::{RulesInput, build_date, rules_pdf};
use words::{ReprintWords, fill};

/// One line of the changelog.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
pub enum Change {
    ComponentAdded {
        component: String,
    },
    ComponentRemoved {
        component: String,
    },
    CardAdded {
        component: String,
        card: String,
        count: u32,
    },
    CardRemoved {
        component: String,
        card: String,
        count: u32,
    },
    /// The card's faces changed; `fields` lists (field, old, new) for changed data.
    CardChanged {
        component: String,
        card: String,
        count: u32,
        fields: Vec<(String, Value, Value)>,
    },
    /// Same faces under another id (an `id:` given to a card that had its name's): nothing to
    /// print for it, but what the print record knows it by changed.
    CardRenamed {
        component: String,
        card: String,
        from: String,
        to: String,
    },
    /// Same faces, another count: print the difference, or discard it.
    CountChanged {
        component: String,
        card: String,
        old: u32,
        new: u32,
    },
    RulesChanged {
        section: String,
        how: SectionChange,
        /// The section's first and last page in `rules.pdf` (1-based), to print again; none
        /// for a removed section, or one the rulebook's outline does not name.
        #[serde(skip_serializing_if = "Option::is_none")]
        pages: Option<(usize, usize)>,
    },
}

impl Change {
    /// The line in English, as the command line prints it.
    pub fn describe(&self) -> String {
        self.describe_in(&ReprintWords::of(&crate::i18n::Catalogue::english()))
    }

    /// The line in the words of `w`, as the changelog page prints it.
    pub fn describe_in(&self, w: &ReprintWords) -> String {
        let card_line = |template: &str, component: &str, card: &str, count: u32| {
            let count = count.to_string();
            let at = [("component", component), ("card", card), ("count", &count)];
            fill(template, &at)
        };
        match self {
            Change::ComponentAdded { component } => {
                fill(&w.component_added, &[("component", component)])
            }
            Change::ComponentRemoved { component } => {
                fill(&w.component_removed, &[("component", component)])
            }
            Change::CardAdded {
                component,
                card,
                count,
            } => card_line(&w.card_added, component, card, *count),
            Change::CardRemoved {
                component,
                card,
                count,
            } => card_line(&w.card_removed, component, card, *count),
            Change::CardChanged {
                component,
                card,
                count,
                fields,
            } => {
                let line = card_line(&w.card_changed, component, card, *count);
                fill(&line, &[("what", &changed_what(w, fields))])
            }
            Change::CardRenamed {
                component,
                card,
                from,
                to,
            } => fill(
                &w.card_renamed,
                &[
                    ("component", component),
                    ("card", card),
                    ("from", from),
                    ("to", to),
                ],
            ),
            Change::CountChanged {
                component,
                card,
                old,
                new,
            } => {
                let (template, n) = match new > old {
                    true => (&w.count_up, new - old),
                    false => (&w.count_down, old - new),
                };
                let (old, new, n) = (old.to_string(), new.to_string(), n.to_string());
                let at = [("component", component.as_str()), ("card", card)];
                let line = fill(template, &at);
                fill(&line, &[("old", &old), ("new", &new), ("n", &n)])
            }
            Change::RulesChanged {
                section,
                how,
                pages,
            } => rules_line(w, section, *how, *pages),
        }
    }
}

/// What changed on a card: its changed fields (`flavour: "a" -> "b"`), or that its faces
/// did when no field did.
fn changed_what(w: &ReprintWords, fields: &[(String, Value, Value)]) -> String {
    if fields.is_empty() {
        return w.faces_changed.to_owned();
    }
    let v = |x: &Value| match x {
        Value::String(s) => format!("\"{s}\""),
        Value::Null => w.none.to_owned(),
        other => other.to_string(),
    };
    fields
        .iter()
        .map(|(f, a, b)| format!("{f}: {} -> {}", v(a), v(b)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The changelog line of a rules section: how it changed and the pages it is on now.
fn rules_line(
    w: &ReprintWords,
    section: &str,
    how: SectionChange,
    pages: Option<(usize, usize)>,
) -> String {
    let how = match how {
        SectionChange::New => &w.section_new,
        SectionChange::Changed => &w.section_changed,
        SectionChange::Removed => &w.section_removed,
    };
    let pages = match pages {
        Some((a, b)) if a == b => fill(&w.rules_page, &[("page", &a.to_string())]),
        Some((a, b)) => fill(&w.rules_pages, &[("pages", &format!("{a}–{b}"))]),
        None => String::new(),
    };
    fill(
        &w.rules,
        &[("section", section), ("how", how), ("pages", &pages)],
    )
}

/// How a rulebook section changed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub enum SectionChange {
    #[serde(rename = "new section")]
    New,
    #[serde(rename = "text changed")]
    Changed,
    #[serde(rename = "removed")]
    Removed,
}

/// What changed between `old` and `new`, and the copies to print per component id
/// (card id -> copies).
pub fn diff(
    old: &PrintRecord,
    new: &PrintRecord,
) -> (Vec<Change>, BTreeMap<String, BTreeMap<String, u32>>) {
    let mut changes = Vec::new();
    let mut print: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
    for (cid, comp) in &new.components {
        let entry = print.entry(cid.clone()).or_default();
        match old.components.get(cid) {
            Some(before) => diff_cards(before, comp, &mut changes, entry),
            None => {
                changes.push(Change::ComponentAdded {
                    component: comp.name.clone(),
                });
                entry.extend(comp.cards.iter().map(|(k, c)| (k.clone(), c.count)));
            }
        }
    }
    for (cid, comp) in &old.components {
        if !new.components.contains_key(cid) {
            changes.push(Change::ComponentRemoved {
                component: comp.name.clone(),
            });
        }
    }
    diff_rules(old, new, &mut changes);
    print.retain(|_, cards| !cards.is_empty());
    (changes, print)
}

/// The cards of one component added, changed, recounted or removed; what to print of it goes
/// to `print` (card id to count).
fn diff_cards(
    before: &ComponentRecord,
    comp: &ComponentRecord,
    changes: &mut Vec<Change>,
    print: &mut BTreeMap<String, u32>,
) {
    let renamed = renamed_cards(before, comp);
    for (card_id, card) in &comp.cards {
        let (component, name) = (comp.name.clone(), card.name.clone());
        // A renamed card is compared with what it was under its old id.
        let from = renamed.get(card_id);
        if let Some(from) = from {
            changes.push(Change::CardRenamed {
                component: component.clone(),
                card: name.clone(),
                from: from.clone(),
                to: card_id.clone(),
            });
        }
        match before.cards.get(from.unwrap_or(card_id)) {
            None => {
                changes.push(Change::CardAdded {
                    component,
                    card: name,
                    count: card.count,
                });
                print.insert(card_id.clone(), card.count);
            }
            Some(was) if was.faces != card.faces => {
                changes.push(Change::CardChanged {
                    component,
                    card: name,
                    count: card.count,
                    fields: changed_fields(was, card),
                });
                print.insert(card_id.clone(), card.count);
            }
            Some(was) if was.count != card.count => {
                changes.push(Change::CountChanged {
                    component,
                    card: name,
                    old: was.count,
                    new: card.count,
                });
                if card.count > was.count {
                    print.insert(card_id.clone(), card.count - was.count);
                }
            }
            Some(_) => {}
        }
    }
    for (card_id, was) in &before.cards {
        if !comp.cards.contains_key(card_id) && !renamed.values().any(|from| from == card_id) {
            changes.push(Change::CardRemoved {
                component: comp.name.clone(),
                card: was.name.clone(),
                count: was.count,
            });
        }
    }
}

/// Cards that are gone under one id and new under another with the very same faces: the same
/// card renamed (new id to old id), each old card taken once, in id order.
fn renamed_cards(before: &ComponentRecord, comp: &ComponentRecord) -> BTreeMap<String, String> {
    let mut renamed = BTreeMap::new();
    let gone: Vec<(&String, &CardRecord)> = before
        .cards
        .iter()
        .filter(|(id, _)| !comp.cards.contains_key(*id))
        .collect();
    // A card of count 0 has no faces to tell it by.
    let new = comp
        .cards
        .iter()
        .filter(|(id, c)| !before.cards.contains_key(*id) && !c.faces.is_empty());
    for (id, card) in new {
        let taken = |old: &String| renamed.values().any(|v: &String| v == old);
        if let Some((old, _)) = gone
            .iter()
            .find(|(old, was)| was.faces == card.faces && !taken(old))
        {
            renamed.insert(id.clone(), (*old).clone());
        }
    }
    renamed
}

/// The fields (and the name) that differ between two records of a card: (field, was, is).
fn changed_fields(was: &CardRecord, card: &CardRecord) -> Vec<(String, Value, Value)> {
    let mut keys: Vec<&String> = was.fields.keys().chain(card.fields.keys()).collect();
    keys.sort();
    keys.dedup();
    let field = |k: &String| {
        let (a, b) = (
            was.fields.get(k).cloned().unwrap_or(Value::Null),
            card.fields.get(k).cloned().unwrap_or(Value::Null),
        );
        (a != b).then(|| (k.clone(), a, b))
    };
    let name = (was.name != card.name).then(|| {
        (
            "name".to_owned(),
            Value::String(was.name.clone()),
            Value::String(card.name.clone()),
        )
    });
    keys.into_iter().filter_map(field).chain(name).collect()
}

/// The rulebook's sections added, changed or removed.
fn diff_rules(old: &PrintRecord, new: &PrintRecord, changes: &mut Vec<Change>) {
    let changed = |section: &String, how| Change::RulesChanged {
        section: section.clone(),
        how,
        pages: None,
    };
    for (section, hash) in &new.rules {
        match old.rules.get(section) {
            None => changes.push(changed(section, SectionChange::New)),
            Some(h) if h != hash => changes.push(changed(section, SectionChange::Changed)),
            Some(_) => {}
        }
    }
    for section in old.rules.keys() {
        if !new.rules.contains_key(section) {
            changes.push(changed(section, SectionChange::Removed));
        }
    }
}

/// The record of a git revision of the game: its files at `rev`, rendered in a scratch
/// project inside `out` (the output folder: protopress writes nowhere else), removed after.
pub fn record_at_revision(
    project: &Project,
    id: &str,
    rev: &str,
    out: &std::path::Path,
) -> Result<PrintRecord> {
    project.check_game(id)?;
    let root = project.root();
    // Unique per call: two comparisons in one process must not share a scratch tree.
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let scratch = out.join(format!(".since-{}-{n}-{id}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    let git = |args: &[&str]| -> Result<Vec<u8>> {
        let out = Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .map_err(|e| Error::new(format!("cannot run git: {e}")))?;
        if !out.status.success() {
            return Err(Error::new(format!(
                "git {}: {}",
                args.join(" "),
                String::from_utf8_lossy(&out.stderr).trim()
            )));
        }
        Ok(out.stdout)
    };
    check_revision(root, rev)?;
    let dirs: Vec<String> = Project::source_dirs(id)
        .iter()
        .map(|d| d.to_string_lossy().replace('\\', "/"))
        .collect();
    // NUL-separated: git quotes a name with other than ASCII in it otherwise (`Würfel.png`).
    let mut args = vec!["ls-tree", "-r", "-z", "--name-only", rev, "--"];
    args.extend(dirs.iter().map(String::as_str));
    let listing = String::from_utf8_lossy(&git(&args)?).into_owned();
    let paths: Vec<&str> = listing.split('\0').filter(|p| !p.is_empty()).collect();
    // The shared templates may be there while the game is not: it was added later.
    let game_file = Project::game_file(id).to_string_lossy().replace('\\', "/");
    if !paths.contains(&game_file.as_str()) {
        return Err(Error::new(format!(
            "the game `{id}` did not exist at revision {rev} (no {game_file} there)"
        ))
        .help("name a later revision, or print the whole kit: protopress build"));
    }
    let copied = paths.iter().try_for_each(|path| {
        // `./`: relative to the project, which may be a folder inside the repository.
        let bytes = git(&["show", &format!("{rev}:./{path}")])?;
        let target = scratch.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| Error::io_write(parent, &e))?;
        }
        std::fs::write(&target, bytes).map_err(|e| Error::io_write(&target, &e))
    });
    let result = copied
        .and_then(|()| Project::open(&scratch))
        .and_then(|scratch| record_every_language(&scratch, id))
        .map_err(|e| {
            Error::new(format!(
                "the game at revision {rev} does not build: {}",
                e.message
            ))
        });
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// The print record of every kit of `id`: the first language's, with the others' under it.
fn record_every_language(project: &Project, id: &str) -> Result<PrintRecord> {
    let session = Session::new(project, &BuildOptions::default());
    let first = session.prepare(id)?;
    let mut record = record_of(&first.game, &first.faces)?;
    for lang in first.game.langs.all.iter().skip(1) {
        let kit = session.prepare_in(id, Some(lang))?;
        record = record.merge(record_of(&kit.game, &kit.faces)?);
    }
    Ok(record)
}

/// Refuses a revision git does not know with a plain message (not git's own output), and
/// one that git would read as an option.
fn check_revision(root: &std::path::Path, rev: &str) -> Result<()> {
    let help = "name a commit, branch or tag of the project's history, e.g. `--since HEAD~1` or `--since v1.0`";
    if rev.is_empty() || rev.starts_with('-') {
        return Err(Error::new(format!("`{rev}` is not a git revision")).help(help));
    }
    let git = |args: &[&str]| {
        Command::new("git")
            .arg("-C")
            .arg(root)
            .args(args)
            .output()
            .map_err(|e| Error::new(format!("--since needs git, which cannot be run: {e}")))
    };
    if !git(&["rev-parse", "--git-dir"])?.status.success() {
        return Err(Error::new(format!(
            "--since {rev}: the project folder is not in a git repository"
        ))
        .help("use `reprint` without --since to compare with data/<game>/printed.json"));
    }
    let commit = format!("{rev}^{{commit}}");
    if !git(&["rev-parse", "--verify", "--quiet", &commit])?
        .status
        .success()
    {
        return Err(Error::new(format!(
            "--since {rev}: there is no such revision in the project's git history"
        ))
        .help(help));
    }
    Ok(())
}

/// The outcome of a reprint.
pub struct Reprint {
    pub changes: Vec<Change>,
    /// The reprint PDF, when anything is to be printed or discarded.
    pub pdf: Option<Vec<u8>>,
    /// In a print-and-cut layout, the cutting machine's files for the reprint's pages, by
    /// their path in the game's output folder (`reprint-cut/reprint-page-3.svg`).
    pub cut_files: Vec<(String, Vec<u8>)>,
    /// Copies to print per component id and card id.
    pub print: BTreeMap<String, BTreeMap<String, u32>>,
}

/// Only the copies to print (card id to count, per component id), in the order of the build.
fn decks_to_print(
    game: &Game,
    faces: &Faces,
    print: &BTreeMap<String, BTreeMap<String, u32>>,
) -> Vec<Deck> {
    faces
        .decks
        .iter()
        .map(|deck| {
            let comp = &game.components[deck.component];
            let wanted = print.get(&comp.spec.id);
            let mut copies: Vec<CardCopy> = Vec::new();
            for (i, card) in comp.cards.iter().enumerate() {
                let n = wanted.and_then(|w| w.get(&card.id)).copied().unwrap_or(0) as usize;
                if let Some(copy) = deck.copies.iter().find(|c| c.card == i) {
                    copies.extend(std::iter::repeat_n(copy.clone(), n));
                }
            }
            Deck {
                component: deck.component,
                copies,
                unique_faces: deck.unique_faces,
            }
        })
        .collect()
}

/// `reprint.pdf`'s writer, its first page the changelog of `changes` since revision `since`.
fn with_changelog<'a>(
    writer: SheetWriter<'a>,
    game: &Game,
    changes: &[Change],
    since: &str,
) -> SheetWriter<'a> {
    let mut writer = writer
        .named("reprint.pdf")
        .with_margin(game.file.print.printable_margin_mm)
        .in_language(&game.catalogue);
    // One duplex job, as the kit is: the changelog padded to a whole sheet, every front on an
    // odd page. A single-sided layout (gutter-fold) has no backs to line up, and no blanks.
    if !game.single_sided() {
        writer = writer.duplex_job();
    }
    let w = &ReprintWords::of(&game.catalogue);
    let lines: Vec<String> = changes.iter().map(|c| c.describe_in(w)).collect();
    let title = [
        ("game", game.file.name.as_str()),
        ("rev", &game.file.revision),
    ];
    writer.add_list_page(
        &fill(&w.title, &title),
        &fill(&w.intro, &[("rev", since)]),
        &lines,
    );
    writer
}

/// Finds where each new or changed rules section lies in `rules.pdf`, typesetting the rulebook
/// as a build does, so that the changelog names the pages to print again.
fn rules_pages(prepared: &Prepared, changes: &mut [Change]) -> Result<()> {
    let in_print = |c: &Change| matches!(c, Change::RulesChanged { how, .. } if *how != SectionChange::Removed);
    if !changes.iter().any(in_print) {
        return Ok(());
    }
    let game = &prepared.game;
    let Some(rules) = crate::render::rules::load(game)? else {
        return Ok(());
    };
    let input = RulesInput {
        game,
        rules: &rules,
        faces: &prepared.faces,
        fonts: &prepared.fonts,
        trees: None,
        date: build_date(),
        cache: None,
    };
    // The pages are a help: a rulebook that does not typeset now (a build says why) leaves
    // the sections named without them rather than stopping the reprint of the cards.
    let Ok(book) = rules_pdf(&input) else {
        return Ok(());
    };
    for change in changes.iter_mut().filter(|c| in_print(c)) {
        if let Change::RulesChanged { section, pages, .. } = change {
            *pages = section_pages(&book.bookmarks, book.pages, section);
        }
    }
    Ok(())
}

/// The pages (1-based, first and last) of the section headed `section`: from its heading's page
/// to the page where the next heading starts, or the end of the rulebook.
fn section_pages(outline: &[Bookmark], total: usize, section: &str) -> Option<(usize, usize)> {
    let plain = |s: &str| s.replace(['*', '_', '`'], "").trim().to_owned();
    // A heading used twice is recorded by its last section, as `record` keeps it.
    let i = outline
        .iter()
        .rposition(|b| plain(&b.title) == plain(section))?;
    let first = outline[i].page;
    let last = outline
        .get(i + 1)
        .map_or(total.saturating_sub(1), |next| next.page.max(first));
    Some((first + 1, last + 1))
}

/// The folder of the reprint's cut files, beside `reprint.pdf` and apart from the build's
/// `cut/`, which every build replaces.
pub const CUT_DIR: &str = "reprint-cut";

/// Compares the game with `old` and lays out what to reprint.
pub fn reprint(project: &Project, id: &str, old: &PrintRecord) -> Result<Reprint> {
    reprint_in(project, id, old, None)
}

/// [`reprint`] with the sheets in `lang`. A kit in another language than the first is
/// compared with its own record of the last print, so its changelog names its cards, quotes
/// its texts and finds its rules sections in its own rulebook; a print recorded before
/// languages had records of their own is compared in the first language, and its sections
/// are left without pages rather than guessed.
pub fn reprint_in(
    project: &Project,
    id: &str,
    old: &PrintRecord,
    lang: Option<&str>,
) -> Result<Reprint> {
    let session = Session::new(project, &BuildOptions::default());
    let first = session.prepare(id)?;
    let first_language = lang.is_none_or(|l| first.game.langs.current == l);
    let own_record = lang.and_then(|l| old.languages.get(l));
    let (prepared, (mut changes, print)) = if first_language {
        let new = record_of(&first.game, &first.faces)?;
        (first, diff(old, &new))
    } else {
        let kit = session.prepare_in(id, lang)?;
        let changes = match own_record {
            Some(own) => diff(own, &record_of(&kit.game, &kit.faces)?),
            None => diff(old, &record_of(&first.game, &first.faces)?),
        };
        (kit, changes)
    };
    if changes.is_empty() {
        return Ok(Reprint {
            changes,
            pdf: None,
            cut_files: Vec::new(),
            print,
        });
    }
    if first_language || own_record.is_some() {
        rules_pages(&prepared, &mut changes)?;
    }
    let game = &prepared.game;
    let faces = Faces {
        faces: prepared.faces.faces.clone(),
        decks: decks_to_print(game, &prepared.faces, &print),
        icons: prepared.faces.icons.clone(),
    };
    let trees = FaceTrees::new(prepared.trees.clone());
    let writer = SheetWriter::new(
        &faces.faces,
        &trees,
        prepared.fonts.label,
        game.file.print.paper,
    )?;
    let writer = with_changelog(writer, game, &changes, &old.revision);
    let mut files = SheetFiles {
        writers: vec![("reprint.pdf", writer)],
        dry: &|_| false,
    };
    let mut warnings = Vec::new();
    print_sheets(
        game,
        &faces,
        &trees,
        &prepared.fonts,
        &mut files,
        &mut warnings,
        |k| (k != crate::model::ComponentKind::Bought).then_some("reprint.pdf"),
    )?;
    let (_, writer) = files.writers.remove(0);
    let cut_files = cut_files(&writer, CUT_DIR);
    Ok(Reprint {
        changes,
        pdf: Some(writer.finish()?),
        cut_files,
        print,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_runs_from_its_heading_to_the_next_heading_or_the_end() {
        let mark = |title: &str, page| Bookmark {
            level: 1,
            title: title.to_owned(),
            page,
        };
        let outline = [mark("Setup", 1), mark("Turn", 1), mark("End", 3)];
        assert_eq!(section_pages(&outline, 6, "Setup"), Some((2, 2)));
        assert_eq!(section_pages(&outline, 6, "Turn"), Some((2, 4)));
        assert_eq!(section_pages(&outline, 6, "End"), Some((4, 6)));
        // Markdown emphasis in the heading is no part of the outline's title.
        assert_eq!(section_pages(&outline, 6, "**Turn**"), Some((2, 4)));
        assert_eq!(section_pages(&outline, 6, "Scoring"), None);
    }
}
