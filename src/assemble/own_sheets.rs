//! Components on sheets of their own: cards, tokens and dashboards on grid sheets (with their
//! backs, or folded beside them), and boards tiled over as many pages as they need.

use crate::error::{Error, Result};
use crate::layout::fold::{Fold, FoldLayout};
use crate::layout::imposition::Grid;
use crate::layout::tiling::TileLayout;
use crate::model::print::{Duplex, Layout};
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::pdf::sheets::{CutStyle, DeckSheets, PagesUsed, SheetWriter};
use crate::project::Project;
use crate::render::faces::{CardCopy, Deck};

/// Lays out one component's copies in `writer`, by kind, and notes its layout in `report`.
pub(super) fn print_component<'a>(
    game: &Game,
    deck: &'a Deck,
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Result<PagesUsed> {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    let pages = match spec.kind {
        ComponentKind::Cards | ComponentKind::Tokens | ComponentKind::Dashboard => {
            print_grid(game, deck, &deck.copies, writer, report, warnings)?
        }
        ComponentKind::Board => print_board(game, deck, writer, report, warnings),
        // Dice and standees always go on shared sheets (`print_shared`).
        ComponentKind::Die | ComponentKind::Standee => PagesUsed::default(),
        ComponentKind::Bought => unreachable!("bought parts have no output file"),
    };
    Ok(pages)
}

/// Cards, tokens and dashboards on grid sheets.
pub(super) fn print_grid<'a>(
    game: &Game,
    deck: &'a Deck,
    copies: &'a [CardCopy],
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Result<PagesUsed> {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    let print = &game.file.print;
    let err = |e: Error| e.game(&game.id).component(&spec.id);
    let (grid, fold) = deck_grid(game, deck).map_err(err)?;
    if grid.band.is_none() {
        warnings.push(format!(
            "{}: no room for the check ruler on its sheets",
            spec.id
        ));
    }
    report.layout = grid_layout(&grid, fold.as_ref());
    writer
        .add_deck(&DeckSheets {
            title: format!("{} · {}", game.file.name, spec.name),
            revision: &game.file.revision,
            grid,
            copies,
            print,
            cut: match spec.kind {
                ComponentKind::Tokens => CutStyle::Outline(spec.token_shape()),
                _ => CutStyle::CropMarks,
            },
            windows: spec.top.as_ref().map_or(&[][..], |t| &t.windows[..]),
            fold,
            corner_radius: spec.corner_radius_mm,
            numbering: None,
        })
        .map_err(|e| locate_profile(game, err(e)))
}

/// The grid a deck's sheets use, and in a gutter-fold layout of a deck with backs, the fold
/// that prints each back beside its front.
pub(super) fn deck_grid(game: &Game, deck: &Deck) -> Result<(Grid, Option<Fold>)> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    // Tokens keep their whole bleed on every side: always a double-bleed gutter.
    let gutter = match comp.spec.kind {
        ComponentKind::Tokens => Some(
            print
                .gutter_mm
                .unwrap_or(0.0)
                .max(2.0 * bleed)
                .max(print.piece_gap_mm.unwrap_or(0.0)),
        ),
        _ => print.gutter_mm,
    };
    let margin = print.printable_margin_mm;
    let cards = comp.spec.kind == ComponentKind::Cards;
    // Cards and dashboards may lie turned when that fits more to a sheet (or fits at all);
    // tokens stay upright.
    let turns = cards || comp.spec.kind == ComponentKind::Dashboard;
    let grid = match turns {
        true => Grid::turning(print.paper, size, bleed, gutter, margin),
        false => Grid::with_margin(print.paper, size, bleed, gutter, margin),
    }?;
    let has_backs = print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
    if game.layout_of(deck.component) == Layout::GutterFold && has_backs {
        let folded = FoldLayout::new(print.paper, size, bleed, gutter, margin, turns)?
            .with_mark_length(print.mark_length_mm);
        return Ok((folded.grid, Some(folded.fold)));
    }
    Ok((grid.with_mark_length(print.mark_length_mm), None))
}

/// How a deck lies on its sheets, for the build report.
pub(super) fn grid_layout(grid: &Grid, fold: Option<&Fold>) -> String {
    let turned = if grid.turned { ", turned" } else { "" };
    match fold {
        Some(f) => format!(
            "gutter-fold, {} × {} pairs per sheet, {}{turned}",
            grid.cols,
            grid.rows,
            f.describe()
        ),
        None => format!("{} × {} per sheet{turned}", grid.cols, grid.rows),
    }
}

/// A board's copies, each tiled over as many pages as it needs, with the seams kept off what
/// its face marks to keep whole (and off its words) where the tiles leave room.
fn print_board<'a>(
    game: &Game,
    deck: &'a Deck,
    writer: &mut SheetWriter<'a>,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> PagesUsed {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let overlap = comp.spec.overlap_mm.unwrap_or(10.0);
    let mut used = PagesUsed::default();
    for copy in &deck.copies {
        let face_w = size.width_mm + 2.0 * bleed;
        let keep = writer
            .tree_to_lay_out(copy.front)
            .map(|t| crate::render::keep::keep_whole(&t, face_w))
            .unwrap_or_default();
        let layout = TileLayout::keeping(
            print.paper,
            (size.width_mm, size.height_mm, bleed),
            overlap,
            print.printable_margin_mm,
            (
                &keep.marked.iter().map(|(_, r)| *r).collect::<Vec<_>>(),
                &keep.words,
            ),
        );
        report.layout = format!(
            "{} × {} tiles{}",
            layout.cols,
            layout.rows,
            if layout.rotated { ", turned" } else { "" }
        );
        let name = &comp.cards[copy.card].name;
        let cut = keep
            .marked
            .iter()
            .filter(|(_, r)| layout.cuts(r))
            .map(|(id, _)| format!("`{id}`"))
            .collect::<Vec<_>>();
        if !cut.is_empty() {
            warnings.push(format!(
                "{name}: a seam between its tiles crosses {}: larger than the room the tiles leave to move a seam; mark a smaller region, or make the board fit fewer pages",
                cut.join(", ")
            ));
        }
        let p = writer.add_board(
            &format!("{} · {name}", game.file.name),
            &game.file.revision,
            copy.front,
            &layout,
        );
        used.sheets += p.pages.len();
        used.pages.extend(p.pages);
    }
    used
}

/// Points a print-profile error at the `print:` block of `game.yaml`.
pub(super) fn locate_profile(game: &Game, e: Error) -> Error {
    let path = Project::game_file(&game.id);
    let e = e.in_file(&path);
    let Ok(source) = game.project.read_text(&path) else {
        return e;
    };
    let line = source
        .lines()
        .position(|l| l.trim_start().starts_with("back_offset_mm:"))
        .or_else(|| source.lines().position(|l| l.starts_with("print:")));
    match line {
        Some(l) => e.at(l + 1, 1).with_source(&source),
        None => e,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::print::{CardSize, Paper};

    fn poker_on_a4() -> Grid {
        Grid::new(Paper::A4, CardSize::named("poker").unwrap(), 3.0, None).unwrap()
    }

    #[test]
    fn the_layout_names_the_grid() {
        assert_eq!(grid_layout(&poker_on_a4(), None), "3 × 3 per sheet");
    }

    #[test]
    fn the_layout_says_when_the_cards_lie_turned() {
        let grid = Grid {
            turned: true,
            ..poker_on_a4()
        };
        assert_eq!(grid_layout(&grid, None), "3 × 3 per sheet, turned");
    }

    #[test]
    fn a_gutter_fold_layout_counts_pairs_and_names_its_fold() {
        assert_eq!(
            grid_layout(&poker_on_a4(), Some(&Fold::LongSide)),
            "gutter-fold, 3 × 3 pairs per sheet, fold along the long side"
        );
    }
}
