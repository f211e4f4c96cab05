//! Which component goes on which sheet: each deck routed by its kind to its file and there to
//! sheets of its own, mixed sheets at the end of a run of decks, the shared sheets or (in a
//! print-and-cut layout) the cut sheets; then each kind of sheet printed in turn.

use crate::assemble::cut::print_and_cut_shape;
use crate::assemble::finish::PDF_FILES;
use crate::assemble::mixed::{GridRun, GridRuns};
use crate::assemble::own_sheets::{
    deck_grid, grid_layout, locate_profile, print_component, print_grid,
};
use crate::assemble::shared::{
    SharedEntry, backed_tokens, describe, print_shared, settle_backed_tokens, shared_shape,
    take_in_mixed_sheets,
};
use crate::error::Result;
use crate::model::print::{Cutter, Ink};
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::pdf::shapes::Shape;
use crate::pdf::sheets::SheetWriter;
use crate::render::faces::{Deck, Faces};
use crate::render::trees::FaceTrees;
use crate::text::fonts::Fonts;

/// The sheet files being written: a writer each, made on first use, dry for the files `dry`
/// names ([`SheetWriter::dry`]).
pub struct SheetFiles<'a, 'd> {
    pub writers: Vec<(&'static str, SheetWriter<'a>)>,
    pub dry: &'d dyn Fn(&str) -> bool,
}

/// Prints every deck of `faces` into `files` (one per output file, as `route` decides by
/// kind) and reports each component. Bought parts are reported but not printed. Decks with
/// sheets of their own print their full sheets in order (the last cards of decks on one grid
/// go on mixed sheets after them, `mixed.rs`); the pieces sharing sheets (dice, standees,
/// tokens, small boards, the last cards when that saves paper, or every piece of a
/// print-and-cut layout) are packed together after them.
pub fn print_sheets<'a>(
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    files: &mut SheetFiles<'a, '_>,
    warnings: &mut Vec<String>,
    route: impl Fn(ComponentKind) -> Option<&'static str>,
) -> Result<Vec<ComponentReport>> {
    let mut printer = Printer {
        game,
        faces,
        trees,
        fonts,
        writers: &mut files.writers,
        dry: files.dry,
        warnings,
    };
    let mut runs = GridRuns::plan(
        game,
        faces,
        |deck| {
            deck_grid(game, deck)
                .ok()
                .filter(|(_, fold)| fold.is_none())
                .map(|(g, _)| g)
        },
        &route,
    );
    let mut routed = printer.route_decks(&runs, &route)?;
    let area = crate::pdf::shapes::shared_area(&game.file.print, true);
    settle_backed_tokens(game, faces, &routed.shared, &mut routed.backed, area);
    printer.print_backed_tokens(&mut routed, &route)?;
    if route(ComponentKind::Tokens).is_some() {
        take_in_mixed_sheets(game, faces, &mut runs, &mut routed.shared, area);
    }
    printer.print_mixed_sheets(&runs, &mut routed.components)?;
    printer.print_shared_groups(routed, &route)
}

/// A file's name as `route` gives it for a component kind (`None`: not printed).
type Route<'r> = &'r dyn Fn(ComponentKind) -> Option<&'static str>;

/// What printing the sheets works with: the game, its faces, and a sheet writer per file.
struct Printer<'p, 'a> {
    game: &'p Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
    writers: &'p mut Vec<(&'static str, SheetWriter<'a>)>,
    dry: &'p dyn Fn(&str) -> bool,
    warnings: &'p mut Vec<String>,
}

/// Where routing sent each deck: the components' reports (each deck's at its index), and the
/// pieces that wait for the shared sheets, the cut sheets or, tokens with backs, the settling
/// of how many of them join the shared sheets.
#[derive(Default)]
struct Routed<'a> {
    components: Vec<ComponentReport>,
    shared: Vec<SharedEntry<'a>>,
    /// Print-and-cut: (report index, deck, shape, file).
    cut: Vec<(usize, &'a Deck, Shape<'static>, &'static str)>,
    /// Tokens with backs: (deck, copies on grid sheets of their own, the shape of the rest).
    backed: Vec<(usize, usize, Shape<'static>)>,
}

impl<'a> Printer<'_, 'a> {
    /// The writer of `file`, made on first use: its index in `writers`.
    fn writer(&mut self, file: &'static str) -> Result<usize> {
        writer_for(
            self.writers,
            (file, (self.dry)(file)),
            self.game,
            self.faces,
            self.trees,
            self.fonts,
        )
    }

    /// Routes every deck in data order, printing those with sheets of their own at once.
    fn route_decks(&mut self, runs: &GridRuns, route: Route) -> Result<Routed<'a>> {
        let mut routed = Routed::default();
        let faces = self.faces;
        for (d, deck) in faces.decks.iter().enumerate() {
            let mut report = component_report(self.game, deck);
            let kind = self.game.components[deck.component].spec.kind;
            if let Some(file) = route(kind).filter(|_| !deck.copies.is_empty()) {
                self.route_deck((d, deck), file, runs, &mut report, &mut routed)?;
            }
            routed.components.push(report);
        }
        Ok(routed)
    }

    /// Routes deck `d` to `file`: to the cut sheets, the shared sheets, its run's grid sheets,
    /// or sheets of its own (tokens with backs wait for the shared sheets to settle).
    fn route_deck(
        &mut self,
        (d, deck): (usize, &'a Deck),
        file: &'static str,
        runs: &GridRuns,
        report: &mut ComponentReport,
        routed: &mut Routed<'a>,
    ) -> Result<()> {
        let index = routed.components.len();
        if let Some(shape) = print_and_cut_shape(self.game, deck, report, self.warnings) {
            routed.cut.push((index, deck, shape, file));
        } else if let Some(shape) = shared_shape(self.game, deck) {
            report.layout = describe(&shape);
            routed.shared.push((index, deck, shape, &deck.copies[..]));
        } else if let Some((run, own)) = runs.of(d) {
            report.file = Some(file.to_owned());
            self.print_own_share_of_run(deck, run, own, file, report)?;
        } else {
            match backed_tokens(self.game, deck) {
                // Full grid sheets (how many is settled with the shared sheets), the rest
                // beside the shared pieces.
                Some((own, shape)) => routed.backed.push((index, own, shape)),
                None => {
                    let pos = self.writer(file)?;
                    let writer = &mut self.writers[pos].1;
                    let pages = print_component(self.game, deck, writer, report, self.warnings)?;
                    report.sheets = pages.sheets;
                    report.pages = pages.pages;
                }
            }
            report.file = Some(file.to_owned());
        }
        Ok(())
    }

    /// The first `own` copies of `deck` on a grid of sheets of their own in `file`.
    fn print_first_copies(
        &mut self,
        deck: &'a Deck,
        own: usize,
        file: &'static str,
        report: &mut ComponentReport,
    ) -> Result<()> {
        let pos = self.writer(file)?;
        let copies = &deck.copies[..own];
        let writer = &mut self.writers[pos].1;
        let pages = print_grid(self.game, deck, copies, writer, report, self.warnings)?;
        report.sheets = pages.sheets;
        report.pages = pages.pages;
        Ok(())
    }

    /// A deck of a run: its first `own` copies on full sheets of its own, the rest left for
    /// the run's mixed sheets.
    fn print_own_share_of_run(
        &mut self,
        deck: &'a Deck,
        run: &GridRun,
        own: usize,
        file: &'static str,
        report: &mut ComponentReport,
    ) -> Result<()> {
        if own > 0 {
            self.print_first_copies(deck, own, file, report)?;
        } else {
            report.layout = grid_layout(&run.grid, None);
        }
        if own < deck.copies.len() {
            report
                .layout
                .push_str(", the last copies on sheets shared with other decks");
        }
        Ok(())
    }

    /// Tokens with backs: their full sheets on a grid of their own, the rest joining the
    /// shared sheets.
    fn print_backed_tokens(&mut self, routed: &mut Routed<'a>, route: Route) -> Result<()> {
        let faces = self.faces;
        for &(d, own, ref shape) in &routed.backed {
            let deck = &faces.decks[d];
            let report = &mut routed.components[d];
            if own > 0 {
                let file = route(ComponentKind::Tokens).unwrap_or("tokens.pdf");
                self.print_first_copies(deck, own, file, report)?;
                report.layout.push_str(", the rest on shared sheets");
            } else {
                report.layout = describe(shape);
            }
            routed
                .shared
                .push((d, deck, shape.clone(), &deck.copies[own..]));
        }
        Ok(())
    }

    /// The mixed sheets the shared sheets left, after their files' own sheets.
    fn print_mixed_sheets(
        &mut self,
        runs: &GridRuns,
        components: &mut [ComponentReport],
    ) -> Result<()> {
        let game = self.game;
        for run in runs.runs.iter().filter(|r| !r.shared.mixed.is_empty()) {
            let pos = self.writer(run.file)?;
            run.print_mixed(game, self.faces, &mut self.writers[pos].1, components)
                .map_err(|e| locate_profile(game, e.game(&game.id)))?;
        }
        Ok(())
    }

    /// The shared sheets, then the cut sheets of each file; returns every component's report.
    fn print_shared_groups(
        &mut self,
        routed: Routed<'a>,
        route: Route,
    ) -> Result<Vec<ComponentReport>> {
        let Routed {
            mut components,
            shared,
            cut,
            ..
        } = routed;
        let mut groups = Vec::new();
        if let Some(file) = route(ComponentKind::Tokens).filter(|_| !shared.is_empty()) {
            groups.push((file, shared, None));
        }
        groups.extend(cut_groups(&cut, self.game.file.print.cutter));
        for (file, group, cutter) in groups {
            let pos = self.writer(file)?;
            let writer = &mut self.writers[pos].1;
            print_shared(self.game, &group, writer, file, &mut components, cutter);
        }
        Ok(components)
    }
}

/// A file's pieces for its shared or cut sheets, and the cutting machine of cut sheets.
type CutGroup<'a> = (&'static str, Vec<SharedEntry<'a>>, Option<Cutter>);

/// Print-and-cut: the pieces of each file packed onto its cut sheets, the files in the
/// build's order (a reprint has one file of its own).
fn cut_groups<'a>(
    cut: &[(usize, &'a Deck, Shape<'static>, &'static str)],
    cutter: Cutter,
) -> Vec<CutGroup<'a>> {
    let mut cut_to: Vec<&str> = cut.iter().map(|(_, _, _, f)| *f).collect();
    cut_to.sort_by_key(|f| PDF_FILES.iter().position(|p| p == f));
    cut_to.dedup();
    let mut groups = Vec::new();
    for file in cut_to {
        let group: Vec<_> = cut
            .iter()
            .filter(|(_, _, _, f)| *f == file)
            .map(|(i, d, s, _)| (*i, *d, s.clone(), &d.copies[..]))
            .collect();
        if !group.is_empty() {
            groups.push((file, group, Some(cutter)));
        }
    }
    groups
}

/// A component's report before it is printed: what it is and how many pieces it has.
fn component_report(game: &Game, deck: &Deck) -> ComponentReport {
    let comp = &game.components[deck.component];
    let spec = &comp.spec;
    ComponentReport {
        id: spec.id.clone(),
        name: spec.name.to_string(),
        kind: spec.kind.name().to_owned(),
        size: spec.size,
        cards: comp.cards.len(),
        copies: comp.copies(),
        unique_faces: deck.unique_faces,
        sheets: 0,
        file: None,
        pages: Vec::new(),
        also: Vec::new(),
        layout: String::new(),
    }
}

/// A sheet writer for `file`, made on first use.
pub(super) fn writer_for<'a>(
    writers: &mut Vec<(&'static str, SheetWriter<'a>)>,
    (file, dry): (&'static str, bool),
    game: &Game,
    faces: &'a Faces,
    trees: &'a FaceTrees<'a>,
    fonts: &'a Fonts,
) -> Result<usize> {
    if let Some(p) = writers.iter().position(|(f, _)| *f == file) {
        return Ok(p);
    }
    let print = &game.file.print;
    let writer = SheetWriter::new(&faces.faces, trees, fonts.label, print.paper)?
        .with_margin(print.printable_margin_mm)
        .named(file)
        .with_ink_saver(print.ink == Ink::Saver)
        .in_language(&game.catalogue);
    writers.push((file, if dry { writer.dry() } else { writer }));
    Ok(writers.len() - 1)
}
