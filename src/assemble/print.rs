//! Every component onto its sheets in one pass, finished into the sheet PDFs, with the
//! components' reports: the pass a build makes, real or dry (`sheet_cache`), whichever files
//! it writes for real.

use crate::assemble::finish::{PDF_FILES, Sheets, finish_sheets};
use crate::assemble::parts::add_parts_to_buy;
use crate::assemble::routing::{SheetFiles, print_sheets};
use crate::error::{Error, Result};
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::render::faces::Faces;
use crate::render::trees::FaceTrees;
use crate::text::fonts::Fonts;

/// Every component onto its sheets, finished into PDFs, with the components' reports; the
/// files `dry` names written dry ([`SheetWriter::dry`](crate::pdf::sheets::SheetWriter::dry)).
pub(super) fn print_all<'a>(
    game: &'a Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    dry: &dyn Fn(&str) -> bool,
    warnings: &mut Vec<String>,
) -> Result<(Vec<ComponentReport>, Sheets)> {
    let id = game.id.as_str();
    let mut files = SheetFiles {
        writers: Vec::new(),
        dry,
    };
    // A face that does not parse is the error to show, before anything it broke on the sheets;
    // a dry pass parses none (and may run beside the real one, which finds them).
    let all_dry = PDF_FILES.iter().all(|file| dry(file));
    let parse_first = |e: Error| match all_dry {
        true => e,
        false => trees.finish().err().unwrap_or(e),
    };
    let route = |k: ComponentKind| k.output_file();
    let mut components = print_sheets(game, faces, trees, fonts, &mut files, warnings, route)
        .map_err(parse_first)?;
    add_parts_to_buy(game, faces, trees, fonts, &mut files, &mut components)
        .map_err(parse_first)?;
    warnings.extend(empty_component_warnings(&components));
    if let Some(c) = unplaced_component(&components) {
        return Err(Error::new(format!(
            "{} was placed on no sheet: its pieces do not fit the paper's printable area",
            c.name
        ))
        .game(id)
        .component(&c.id));
    }
    Ok((components, finish_sheets(files.writers, &faces.faces, id)?))
}

/// A warning for each printed component whose every count is 0: more likely a slip than a
/// wish (a manifest would catch it; not every game has one).
fn empty_component_warnings(components: &[ComponentReport]) -> Vec<String> {
    components
        .iter()
        .filter(|c| c.kind != "bought" && c.copies == 0)
        // Entries, not cards: tokens, dice and boards are counted alike.
        .map(|c| match c.cards {
            1 => format!("{} prints nothing: its one entry's count is 0", c.name),
            n => format!(
                "{} prints nothing: the count of each of its {n} entries is 0",
                c.name
            ),
        })
        .collect()
}

/// The first printed component with copies that no sheet took: it would vanish from the kit
/// while its count checks out.
fn unplaced_component(components: &[ComponentReport]) -> Option<&ComponentReport> {
    components
        .iter()
        .find(|c| c.kind != "bought" && c.copies > 0 && c.pages.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(
        name: &str,
        kind: &str,
        cards: usize,
        copies: u32,
        pages: &[usize],
    ) -> ComponentReport {
        ComponentReport {
            id: name.to_lowercase(),
            name: name.to_owned(),
            kind: kind.to_owned(),
            size: None,
            cards,
            copies,
            unique_faces: 0,
            sheets: 0,
            file: None,
            pages: pages.to_vec(),
            also: Vec::new(),
            layout: String::new(),
        }
    }

    #[test]
    fn a_component_counted_to_nothing_is_warned_of_by_its_entries() {
        let components = [
            report("Coins", "tokens", 1, 0, &[]),
            report("Deck", "cards", 3, 0, &[]),
            report("Dice", "bought", 2, 0, &[]),
            report("Board", "board", 1, 1, &[1]),
        ];
        assert_eq!(
            empty_component_warnings(&components),
            [
                "Coins prints nothing: its one entry's count is 0",
                "Deck prints nothing: the count of each of its 3 entries is 0",
            ]
        );
    }

    #[test]
    fn a_printed_component_on_no_page_is_found_but_bought_parts_are_not() {
        let components = [
            report("Dice", "bought", 1, 6, &[]),
            report("Deck", "cards", 3, 9, &[1, 2]),
            report("Board", "board", 1, 1, &[]),
            report("Map", "board", 1, 1, &[]),
        ];
        assert_eq!(
            unplaced_component(&components).map(|c| c.name.as_str()),
            Some("Board")
        );
        assert!(unplaced_component(&components[..2]).is_none());
    }
}
