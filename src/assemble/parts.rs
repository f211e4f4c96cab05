//! The parts to buy: every bought part with its count and the printed stand-in that can
//! replace it, on a list page of `tokens.pdf`.

use crate::assemble::routing::{SheetFiles, writer_for};
use crate::error::Result;
use crate::model::{Component, Game};
use crate::output::report::ComponentReport;
use crate::render::faces::Faces;
use crate::render::trees::FaceTrees;
use crate::text::fonts::Fonts;

/// The sourcing list: every bought part with its count and the printed stand-in that can
/// replace it, on a page of `tokens.pdf`.
pub(super) fn add_parts_to_buy<'a>(
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    files: &mut SheetFiles<'a, '_>,
    components: &mut [ComponentReport],
) -> Result<()> {
    let bought: Vec<&Component> = game.components.iter().filter(|c| !c.printed()).collect();
    if bought.is_empty() {
        return Ok(());
    }
    let mut rows = Vec::new();
    for comp in &bought {
        for part in &comp.cards {
            let stand_in = part.fields.get("stand_in").and_then(|v| v.as_str());
            rows.push(part_row(part.count, &part.name, stand_in, components));
        }
    }
    let file = "tokens.pdf";
    let writers = &mut files.writers;
    let pos = writer_for(
        writers,
        (file, (files.dry)(file)),
        game,
        faces,
        trees,
        fonts,
    )?;
    let used = writers[pos].1.add_list_page(
        &format!("{}: parts to buy", game.file.name),
        "Not printed. Buy these, or use the printed stand-ins named beside them.",
        &rows,
    );
    for comp in bought {
        if let Some(report) = components.iter_mut().find(|c| c.id == comp.spec.id) {
            report.file = Some(file.to_owned());
            report.pages = used.pages.clone();
        }
    }
    Ok(())
}

/// One line of the list: the count, the part, and the printed component that can stand in
/// for it (with its file and first page, once printed), named by `stand_in`.
fn part_row(
    count: u32,
    name: &str,
    stand_in: Option<&str>,
    components: &[ComponentReport],
) -> String {
    let instead = match stand_in {
        Some(id) => match components.iter().find(|c| c.id == id) {
            Some(c) => format!(
                "print instead: {} ({}, page {})",
                c.name,
                c.file.as_deref().unwrap_or("-"),
                c.pages.first().copied().unwrap_or(0)
            ),
            None => format!("instead: {id}"),
        },
        None => String::new(),
    };
    format!("{count:>3} × {name}    {instead}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(id: &str, name: &str, file: &str, pages: &[usize]) -> ComponentReport {
        ComponentReport {
            id: id.to_owned(),
            name: name.to_owned(),
            kind: "tokens".to_owned(),
            size: None,
            cards: 1,
            copies: 1,
            unique_faces: 1,
            sheets: 1,
            file: Some(file.to_owned()),
            pages: pages.to_vec(),
            also: Vec::new(),
            layout: String::new(),
        }
    }

    #[test]
    fn a_row_names_the_printed_stand_in_with_its_file_and_first_page() {
        let components = [printed("coins", "Coins", "tokens.pdf", &[3, 4])];
        assert_eq!(
            part_row(12, "Brass coin", Some("coins"), &components),
            " 12 × Brass coin    print instead: Coins (tokens.pdf, page 3)"
        );
    }

    #[test]
    fn a_stand_in_that_is_not_printed_is_named_as_written() {
        assert_eq!(
            part_row(2, "d6", Some("glass-beads"), &[]),
            "  2 × d6    instead: glass-beads"
        );
        assert_eq!(part_row(150, "Meeple", None, &[]), "150 × Meeple    ");
    }
}
