//! Which decks share their last grid sheets, and printing those mixed sheets.
//!
//! Decks of cards and dashboards that land in the same file on the same grid (same size,
//! bleed, gutters, corner guides, and backs or none) form a run. Each deck of a run prints
//! its full sheets on its own, in data order; the copies left over go on mixed sheets printed
//! after the run's last deck, each slot with its own back behind it (`layout::share` decides
//! how many copies each takes).

use std::ops::Range;

use crate::error::Result;
use crate::layout::imposition::Grid;
use crate::layout::share::{MIN_FILL, Shared, share};
use crate::model::print::{Duplex, Layout};
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::pdf::sheets::{CutStyle, DeckSheets, SheetWriter};
use crate::render::faces::{CardCopy, Deck, Faces};

/// Decks on one grid in one file.
pub struct GridRun {
    pub file: &'static str,
    pub grid: Grid,
    corner_radius: Option<f32>,
    /// The decks' indices in `Faces::decks`, in data order.
    pub members: Vec<usize>,
    pub shared: Shared,
}

/// Every run of a build, and where each deck stands in them.
#[derive(Default)]
pub struct GridRuns {
    pub runs: Vec<GridRun>,
    /// For each deck: its run and its place among the run's members.
    of_deck: Vec<Option<(usize, usize)>>,
}

impl GridRuns {
    /// Groups the decks of `faces` that print on grids into runs; `grid` gives a deck's grid
    /// (`None` for a deck printed otherwise), `route` its file.
    pub fn plan(
        game: &Game,
        faces: &Faces,
        grid: impl Fn(&Deck) -> Option<Grid>,
        route: impl Fn(ComponentKind) -> Option<&'static str>,
    ) -> GridRuns {
        let mut out = GridRuns {
            runs: Vec::new(),
            of_deck: vec![None; faces.decks.len()],
        };
        if game.file.print.layout != Layout::Duplex {
            return out;
        }
        for (d, deck) in faces.decks.iter().enumerate() {
            let spec = &game.components[deck.component].spec;
            let kind = spec.kind;
            // A sheet printed several times (`copies`) shares its pages with nothing.
            let poolable = matches!(kind, ComponentKind::Cards | ComponentKind::Dashboard)
                && game.components[deck.component].print_copies() == 1
                && !deck.copies.is_empty()
                && deck.copies.iter().all(|c| c.extra.is_empty());
            let (Some(file), true) = (route(kind), poolable) else {
                continue;
            };
            let Some(grid) = grid(deck) else { continue };
            let backs = game.file.print.duplex != Duplex::None
                && deck.copies.iter().any(|c| c.back.is_some());
            let radius = spec.corner_radius_mm;
            let run = out.runs.iter().position(|r| {
                r.file == file
                    && r.grid == grid
                    && r.corner_radius == radius
                    && backs_of(faces, r) == backs
            });
            let run = run.unwrap_or_else(|| {
                out.runs.push(GridRun {
                    file,
                    grid,
                    corner_radius: radius,
                    members: Vec::new(),
                    shared: Shared {
                        own: Vec::new(),
                        mixed: Vec::new(),
                    },
                });
                out.runs.len() - 1
            });
            out.of_deck[d] = Some((run, out.runs[run].members.len()));
            out.runs[run].members.push(d);
        }
        for run in &mut out.runs {
            let counts: Vec<usize> = run
                .members
                .iter()
                .map(|&d| faces.decks[d].copies.len())
                .collect();
            let (pw, ph) = (run.grid.paper_w, run.grid.paper_h);
            let m = run.grid.margin;
            let slot_fill = run.grid.card_w * run.grid.card_h / ((pw - 2.0 * m) * (ph - 2.0 * m));
            run.shared = share(&counts, run.grid.per_sheet(), slot_fill, MIN_FILL);
        }
        out
    }

    /// The run deck `d` belongs to, and how many of its copies print on sheets of its own.
    pub fn of(&self, d: usize) -> Option<(&GridRun, usize)> {
        let (run, member) = self.of_deck.get(d).copied().flatten()?;
        let run = &self.runs[run];
        Some((run, run.shared.own[member]))
    }

    /// Takes the last mixed sheets off the runs, the last run first, for as long as `fits`
    /// says the shared sheets can hold their copies (with those taken already) at no cost in
    /// pages; returns the copies taken, as a deck and a range of its copies.
    pub fn absorb(
        &mut self,
        faces: &Faces,
        fits: impl Fn(&[(usize, Range<usize>)]) -> bool,
    ) -> Vec<(usize, Range<usize>)> {
        let mut taken: Vec<(usize, Range<usize>)> = Vec::new();
        for run in self.runs.iter_mut().rev() {
            while let Some(&last) = run.shared.mixed.last() {
                let mut trial = taken.clone();
                trial.extend(run.last_sheet(faces, last));
                if !fits(&trial) {
                    break;
                }
                run.shared.mixed.pop();
                taken = trial;
            }
        }
        taken
    }
}

impl GridRun {
    /// The copies of the run's last mixed sheet of `n` copies, deck by deck: the end of the
    /// decks' leftovers, which follow one another in data order.
    fn last_sheet(&self, faces: &Faces, n: usize) -> Vec<(usize, Range<usize>)> {
        let on_mixed: usize = self.shared.mixed.iter().sum();
        let (from, to) = (on_mixed - n, on_mixed);
        let mut out = Vec::new();
        let mut at = 0;
        for (&d, &own) in self.members.iter().zip(&self.shared.own) {
            let len = faces.decks[d].copies.len() - own;
            let (a, b) = (from.max(at), to.min(at + len));
            if a < b {
                out.push((d, own + a - at..own + b - at));
            }
            at += len;
        }
        out
    }
}

/// Whether the decks of a run print backs (all its decks agree).
fn backs_of(faces: &Faces, run: &GridRun) -> bool {
    run.members
        .first()
        .is_some_and(|&d| faces.decks[d].copies.iter().any(|c| c.back.is_some()))
}

impl GridRun {
    /// Prints the run's mixed sheets into `writer` and adds their pages to the reports of the
    /// decks with copies on them (`reports[i]` is deck `i`'s report).
    pub fn print_mixed(
        &self,
        game: &Game,
        faces: &Faces,
        writer: &mut SheetWriter,
        reports: &mut [ComponentReport],
    ) -> Result<()> {
        if self.shared.mixed.is_empty() {
            return Ok(());
        }
        // Every copy past a deck's own sheets, with the deck it comes from.
        let mut copies: Vec<CardCopy> = Vec::new();
        let mut owners: Vec<usize> = Vec::new();
        for (&d, &own) in self.members.iter().zip(&self.shared.own) {
            let tail = &faces.decks[d].copies[own..];
            copies.extend_from_slice(tail);
            owners.extend(std::iter::repeat_n(d, tail.len()));
        }
        // One sheet at a time, each labelled with the decks it holds.
        let print = &game.file.print;
        let total = self.shared.mixed.len();
        let mut start = 0;
        for (sheet, &n) in self.shared.mixed.iter().enumerate() {
            let mut on_sheet: Vec<usize> = owners[start..start + n].to_vec();
            on_sheet.dedup();
            let names: Vec<&str> = on_sheet.iter().map(|&d| reports[d].name.as_str()).collect();
            let sheets = DeckSheets {
                title: format!("{} · {}", game.file.name, names.join(", ")),
                revision: &game.file.revision,
                grid: self.grid.clone(),
                copies: &copies[start..start + n],
                print,
                cut: CutStyle::CropMarks,
                windows: &[],
                fold: None,
                corner_radius: self.corner_radius,
                numbering: Some((sheet + 1, total)),
            };
            let used = writer.add_deck(&sheets)?;
            for d in on_sheet {
                reports[d].sheets += 1;
                reports[d].pages.extend_from_slice(&used.pages);
                reports[d].file = Some(self.file.to_owned());
            }
            start += n;
        }
        Ok(())
    }
}
