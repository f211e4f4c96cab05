//! `--format pdf-cards`: one page per card face, MediaBox = the face with bleed, TrimBox = the
//! card, BleedBox set; each card's front, then its back.

use krilla::Document;

use super::files::{Output, no_copies};
use crate::assemble::{BuildOptions, Session};
use crate::error::{Error, Result};
use crate::model::ComponentKind;
use crate::pdf::figures::add_face_page;
use crate::pdf::sheets::written_error;
use crate::project::Project;

pub(super) const FILE: &str = "cards-one-per-page.pdf";

pub(super) fn export(project: &Project, id: &str, lang: Option<&str>) -> Result<Output> {
    let p = Session::new(project, &BuildOptions::default()).prepare_images_in(id, lang)?;
    let mut doc = Document::new();
    let mut out = Output::default();
    for deck in &p.faces.decks {
        let Some(comp) = p.game.components.get(deck.component) else {
            continue;
        };
        if comp.spec.kind != ComponentKind::Cards {
            if comp.printed() {
                out.skipped.push(format!(
                    "{}: not cards (a {}); only cards are exported one per page",
                    comp.spec.id,
                    comp.spec.kind.name()
                ));
            }
            continue;
        }
        let mut pages = 0;
        for (i, _) in comp.cards.iter().enumerate() {
            let Some(copy) = deck.copies.iter().find(|c| c.card == i) else {
                continue;
            };
            for face in std::iter::once(copy.front).chain(copy.back) {
                let (Some(f), Some(tree)) = (p.faces.faces.get(face), p.trees.get(face)) else {
                    continue;
                };
                add_face_page(&mut doc, face, f, tree)?;
                pages += 1;
            }
        }
        if pages == 0 {
            out.skipped.push(no_copies(&comp.spec.id));
            continue;
        }
        out.exported.push(format!(
            "{}: {pages} page{}",
            comp.spec.id,
            if pages == 1 { "" } else { "s" }
        ));
    }
    if out.exported.is_empty() {
        // An empty document would still be written as one blank page.
        return Err(Error::new(format!(
            "`{id}` has no card to export one per page"
        ))
        .help("pdf-cards exports decks of cards with a count above 0; see `export --help` for the other formats"));
    }
    let bytes = doc.finish().map_err(|e| written_error(e, &p.faces.faces))?;
    out.files.push((FILE.to_owned(), bytes));
    Ok(out)
}
