//! Whether each piece fits the printable area of the paper, checked before anything is laid
//! out: a die net or standee larger than the sheet would run off the page, and a card larger
//! than the sheet belongs on tiles as a board.

use crate::error::{Error, Result};
use crate::layout::cut::{CUT_BLEED, cut_area};
use crate::layout::imposition::mark_zone;
use crate::layout::nets::{DieNet, Standee};
use crate::layout::tiling::LABEL_BAND;
use crate::model::print::Layout;
use crate::model::{Component, ComponentKind, Game};
use crate::project::Project;

/// Fails on the first component whose pieces do not fit the paper, naming `game.yaml`, the
/// component and its `size:` line.
pub fn check(game: &Game) -> Result<()> {
    for comp in game.components.iter().filter(|c| c.printed()) {
        if let Some(message) = misfit(game, comp) {
            return Err(locate(game, comp, Error::new(message)));
        }
    }
    Ok(())
}

/// What does not fit, if anything.
fn misfit(game: &Game, comp: &Component) -> Option<String> {
    let print = &game.file.print;
    let size = comp.spec.size?;
    let (pw, ph) = print.paper.size_mm();
    let margin = print.printable_margin_mm;
    // Nets, standees and tokens may be packed on shared sheets, upright, above the sheet's
    // label band; a grid of cards or dashboards needs crop marks on one side of each axis at
    // least (the grid's own rule), and cards and dashboards may lie turned in it.
    let (room_w, room_h, turns) = match comp.spec.kind {
        ComponentKind::Die | ComponentKind::Standee | ComponentKind::Tokens => {
            (pw - 2.0 * margin, ph - 2.0 * margin - LABEL_BAND, false)
        }
        kind => {
            let around = margin + mark_zone(margin);
            let turns = matches!(kind, ComponentKind::Cards | ComponentKind::Dashboard);
            (pw - around, ph - around, turns)
        }
    };
    let fits =
        |w: f32, h: f32| (w <= room_w && h <= room_h) || (turns && h <= room_w && w <= room_h);
    let (what, w, h, hint) = match comp.spec.kind {
        ComponentKind::Die => {
            let net = DieNet::new(size.width_mm);
            ("die net", net.width, net.height, "")
        }
        ComponentKind::Standee => {
            let s = Standee::new(
                size.width_mm,
                size.height_mm,
                comp.spec.base_mm.unwrap_or(15.0),
            );
            ("standee", s.outline.w, s.outline.h, "")
        }
        ComponentKind::Cards | ComponentKind::Tokens | ComponentKind::Dashboard => {
            let bleed = comp.bleed(print);
            let (w, h) = (size.width_mm + 2.0 * bleed, size.height_mm + 2.0 * bleed);
            (
                "piece with its bleed",
                w,
                h,
                "; make it a `board` to tile it over several sheets",
            )
        }
        ComponentKind::Board | ComponentKind::Bought => return None,
    };
    if cut_sheets_take(game, comp) {
        return None;
    }
    (!fits(w, h)).then(|| {
        format!(
            "the {what} is {w:.1} × {h:.1} mm and does not fit the room the paper has for it \
             ({room_w:.1} × {room_h:.1} mm inside the {margin} mm printable margin, with its \
             marks){hint}"
        )
    })
}

/// Whether a print-and-cut layout puts the component's pieces on its cut sheets: cards and
/// dashboards that fit the cutter's area, upright or turned a quarter, with the bleed a cut
/// sheet keeps. (A piece that does not is printed in a grid with crop marks, which the other
/// rules check.)
fn cut_sheets_take(game: &Game, comp: &Component) -> bool {
    let print = &game.file.print;
    let (Some(size), Layout::PrintAndCut) = (comp.spec.size, print.layout) else {
        return false;
    };
    if !matches!(
        comp.spec.kind,
        ComponentKind::Cards | ComponentKind::Dashboard
    ) {
        return false;
    }
    let area = cut_area(print.cutter, print.paper);
    let bleed = comp.bleed(print).min(CUT_BLEED);
    let (w, h) = (size.width_mm + 2.0 * bleed, size.height_mm + 2.0 * bleed);
    let within = |w: f32, h: f32| w <= area.w + 1e-3 && h <= area.h + 1e-3;
    within(w, h) || within(h, w)
}

/// Points `e` at the component's `size:` line in `game.yaml`.
fn locate(game: &Game, comp: &Component, e: Error) -> Error {
    let e = e
        .in_file(Project::game_file(&game.id))
        .game(&game.id)
        .component(&comp.spec.id);
    game.at_component_line(&comp.spec.id, "size:", e)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(layout: &str, components: &str) -> Game {
        game_in(&tempfile::tempdir().unwrap(), layout, components)
    }

    /// The game in `dir`, which the caller keeps while it reads the game's files again.
    fn game_in(dir: &tempfile::TempDir, layout: &str, components: &str) -> Game {
        let data = dir.path().join("data/g");
        std::fs::create_dir_all(&data).unwrap();
        let yaml = format!(
            "name: G\nrevision: \"1\"\nprint:\n  paper: a4\n  layout: {layout}\ncomponents:\n{components}"
        );
        std::fs::write(data.join("game.yaml"), yaml).unwrap();
        std::fs::write(data.join("a.yaml"), "- name: A\n").unwrap();
        let project = crate::Project::open(dir.path()).unwrap();
        Game::load(&project, "g").unwrap_or_else(|e| panic!("{e}"))
    }

    const PIECES: &str = "  - { id: cards, name: C, size: poker, front: f.svg.tera, cards: a.yaml }
  - { id: dash, name: D, kind: dashboard, size: { width_mm: 100, height_mm: 70 }, front: f.svg.tera, cards: a.yaml }
  - { id: tokens, name: T, kind: tokens, size: { width_mm: 20, height_mm: 20 }, front: f.svg.tera, cards: a.yaml }
  - { id: big, name: B, size: { width_mm: 250, height_mm: 180 }, front: f.svg.tera, cards: a.yaml }
";

    /// Which pieces go on a cutter's sheets: cards and dashboards that fit its area, upright
    /// or turned; never tokens (they pack on shared sheets) and nothing outside print-and-cut.
    #[test]
    fn cut_sheets_take_cards_and_dashboards_that_fit_the_cutter() {
        let g = game("print-and-cut", PIECES);
        let taken: Vec<bool> = g
            .components
            .iter()
            .map(|c| cut_sheets_take(&g, c))
            .collect();
        assert_eq!(taken, [true, true, false, false]);
        let g = game("duplex", PIECES);
        assert!(g.components.iter().all(|c| !cut_sheets_take(&g, c)));
    }

    /// What does not fit, per component, with the room each kind has on A4 (5 mm margin).
    fn misfits(components: &str) -> Vec<Option<String>> {
        let g = game("duplex", components);
        g.components.iter().map(|c| misfit(&g, c)).collect()
    }

    /// The start of the message for a piece of `w` × `h` mm in a room of `rw` × `rh` mm.
    fn says(what: &str, (w, h): (f32, f32), (rw, rh): (f32, f32)) -> String {
        format!(
            "the {what} is {w:.1} × {h:.1} mm and does not fit the room the paper has for it ({rw:.1} × {rh:.1} mm"
        )
    }

    #[test]
    fn each_kind_fits_the_room_it_has_and_is_named_when_it_does_not() {
        let piece = |id: &str, kind: &str, w: f32, h: f32| {
            format!(
                "  - {{ id: {id}, name: N, kind: {kind}, size: {{ width_mm: {w}, height_mm: {h} }}, front: f.svg.tera, cards: a.yaml }}\n"
            )
        };
        // Tokens (1.5 mm of bleed) pack upright above the label band, inside the margins.
        let band = LABEL_BAND;
        let token_room = (200.0, 287.0 - band);
        let found = misfits(
            &(piece("fits", "tokens", 197.0, 284.0 - band)
                + &piece("wide", "tokens", 198.0, 20.0)
                + &piece("tall", "tokens", 20.0, 285.0 - band)),
        );
        assert_eq!(found[0], None, "exactly the room, bleed and all");
        let wide = found[1].as_deref().unwrap_or_default();
        assert!(
            wide.starts_with(&says("piece with its bleed", (201.0, 23.0), token_room)),
            "{wide}"
        );
        assert!(found[2].is_some(), "one millimetre too tall");
        // Cards (3 mm of bleed) keep room for crop marks, and may lie turned.
        let around = 5.0 + mark_zone(5.0);
        let card_room = (210.0 - around, 297.0 - around);
        let (rw, rh) = card_room;
        let found = misfits(
            &(piece("upright", "cards", rw - 6.0, rh - 6.0)
                + &piece("turned", "cards", rh - 6.0, rw - 6.0)
                + &piece("neither", "cards", rh - 5.0, rw - 6.0)
                + &piece("dash", "dashboard", rh - 6.0, rw - 6.0)),
        );
        assert_eq!(
            found[..2],
            [None, None],
            "upright and turned, bleed and all"
        );
        let neither = found[2].as_deref().unwrap_or_default();
        assert!(
            neither.starts_with(&says("piece with its bleed", (rh + 1.0, rw), card_room)),
            "{neither}"
        );
        assert!(
            neither.ends_with("make it a `board` to tile it over several sheets"),
            "{neither}"
        );
        assert_eq!(found[3], None, "a dashboard turns too");
    }

    /// `check` fails on a piece too large for the paper, at its component's `size:` line in
    /// `game.yaml`.
    #[test]
    fn check_fails_on_a_piece_too_large_at_its_size_line() {
        let big = "  - id: big\n    name: B\n    size: { width_mm: 250, height_mm: 250 }\n    front: f.svg.tera\n    cards: a.yaml\n";
        let dir = tempfile::tempdir().unwrap();
        let g = game_in(&dir, "duplex", big);
        let err = check(&g).unwrap_err().to_string();
        assert!(
            err.contains("the piece with its bleed is 256.0 × 256.0 mm"),
            "{err}"
        );
        // The component's `size:`, on the ninth line of the file.
        assert!(err.contains("game.yaml:9:"), "{err}");
        assert!(err.contains("`big`"), "{err}");
        let fits = game("duplex", PIECES);
        assert!(check(&fits).is_ok());
    }

    /// A cut sheet takes a card as wide as the cutter's area with its bleed (to the
    /// thousandth), or turned when that fits, and not half a millimetre more.
    #[test]
    fn cut_sheets_take_a_card_exactly_as_wide_as_the_cutter_area_and_no_wider() {
        let g = game("print-and-cut", PIECES);
        let area = cut_area(g.file.print.cutter, g.file.print.paper);
        // A card's 3 mm of bleed is cut down to the cut sheet's.
        let b = 2.0 * CUT_BLEED;
        let piece = |id: &str, w: f32, h: f32| {
            format!(
                "  - {{ id: {id}, name: N, size: {{ width_mm: {w}, height_mm: {h} }}, front: f.svg.tera, cards: a.yaml }}\n"
            )
        };
        let g = game(
            "print-and-cut",
            &[
                // As tall as the area too: it cannot lie turned.
                piece("wide", area.w - b, area.h - b),
                piece("wider", area.w - b + 0.5, area.h - b),
                piece("tall", 50.0, area.h - b),
                piece("taller", 50.0, area.h - b + 0.5),
                piece("turned", area.h - b, 50.0),
                piece("too-long", area.h - b + 0.5, 50.0),
            ]
            .concat(),
        );
        let taken: Vec<bool> = g
            .components
            .iter()
            .map(|c| cut_sheets_take(&g, c))
            .collect();
        assert_eq!(taken, [true, false, true, false, true, false]);
    }
}
