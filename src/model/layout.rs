//! How each component's sheets are laid out and printed: a component's own `layout:` over the
//! print profile's (one deck folded, the rest duplex, in one kit), and the `copies:` of a sheet
//! printed several times (a score pad). The build and the kit ask here, never the profile
//! alone.

use crate::model::print::{Duplex, Layout};
use crate::model::{Component, ComponentKind, Game};

pub use crate::model::print::SheetLayout;

pub use crate::model::print::MAX_PRINT_COPIES;

impl Component {
    /// How many times its pages are printed (`copies:`, 1 when not given).
    pub fn print_copies(&self) -> u32 {
        self.spec.copies.unwrap_or(1)
    }

    /// Whether it has backs to print (a back template, or backs picked by a field).
    fn has_backs(&self) -> bool {
        self.spec.back.is_some() || self.spec.backs.is_some()
    }
}

impl Game {
    /// The layout component `c` is printed in: its own `layout:`, else the profile's.
    pub fn layout_of(&self, c: usize) -> Layout {
        self.components
            .get(c)
            .and_then(|comp| comp.spec.layout)
            .map_or(self.file.print.layout, Layout::from)
    }

    /// Whether the kit is one single-sided job. A single-sided profile stays one unless a
    /// component with backs asks for `layout: duplex`, which makes the whole kit a duplex job
    /// (its single-sided sheets then get blank backs). A duplex profile becomes one when every
    /// component with backs folds its own (`layout: gutter-fold`): nothing is left to print on
    /// the back, so no calibration sheet, blank back or duplex wording.
    pub fn single_sided(&self) -> bool {
        let print = &self.file.print;
        let mut backed = self
            .components
            .iter()
            .enumerate()
            .filter(|(_, c)| c.has_backs() && c.spec.kind != ComponentKind::Bought)
            .peekable();
        if print.layout == Layout::Duplex {
            return backed.peek().is_some()
                && backed.all(|(i, _)| self.layout_of(i) == Layout::GutterFold);
        }
        print.single_sided()
            && !(print.duplex != Duplex::None
                && backed.any(|(_, c)| c.spec.layout == Some(SheetLayout::Duplex)))
    }

    /// Lays every component out in `layout` (`build --layout`): the command line overrides the
    /// profile and each component's own layout alike.
    pub fn override_layout(&mut self, layout: Layout) {
        self.file.print.layout = layout;
        for spec in &mut self.file.components {
            spec.layout = None;
        }
        for c in &mut self.components {
            c.spec.layout = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(print: &str, components: &str) -> Game {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data/g");
        std::fs::create_dir_all(&data).unwrap();
        let yaml = format!("name: G\nrevision: \"1\"\nprint:\n{print}components:\n{components}");
        std::fs::write(data.join("game.yaml"), yaml).unwrap();
        std::fs::write(data.join("a.yaml"), "- name: A\n").unwrap();
        let project = crate::Project::open(dir.path()).unwrap();
        let g = Game::load(&project, "g").unwrap_or_else(|e| panic!("{e}"));
        // The folder goes; the game was read whole.
        drop(dir);
        g
    }

    const DECK: &str =
        "  - { id: a, name: A, size: poker, front: f.svg.tera, back: b.svg.tera, cards: a.yaml";

    #[test]
    fn a_components_layout_wins_over_the_profiles() {
        let g = game(
            "  paper: a4\n",
            &format!("{DECK}, layout: gutter-fold }}\n{DECK} }}\n").replacen("id: a,", "id: b,", 1),
        );
        assert_eq!(g.layout_of(0), Layout::GutterFold);
        assert_eq!(g.layout_of(1), Layout::Duplex);
        assert!(!g.single_sided(), "the rest is duplex");
        let mut g = g;
        g.override_layout(Layout::GutterFold);
        assert_eq!(g.layout_of(1), Layout::GutterFold);
        assert!(g.single_sided());
    }

    #[test]
    fn one_duplex_deck_makes_a_folded_kit_a_duplex_job() {
        let g = game(
            "  layout: gutter-fold\n",
            &format!("{DECK}, layout: duplex }}\n"),
        );
        assert_eq!(g.layout_of(0), Layout::Duplex);
        assert!(!g.single_sided());
        let g = game("  layout: gutter-fold\n", &format!("{DECK} }}\n"));
        assert!(g.single_sided());
        // Without backs to print, nothing is duplex.
        let g = game(
            "  layout: gutter-fold\n  duplex: none\n",
            &format!("{DECK}, layout: duplex }}\n"),
        );
        assert!(g.single_sided());
    }

    #[test]
    fn a_duplex_kit_whose_backed_components_all_fold_prints_single_sided() {
        let deck = "  - { id: a, name: A, size: poker, front: f.svg.tera, back: { template: b.svg.tera }, cards: a.yaml, layout: gutter-fold }\n";
        let pad = "  - { id: p, name: P, kind: board, size: { width_mm: 100, height_mm: 140 }, front: p.svg.tera, cards: a.yaml, copies: 20 }\n";
        let g = game(
            "  paper: a4\n  duplex: long-edge\n",
            &format!("{deck}{pad}"),
        );
        assert!(g.single_sided());
        let both = deck.replace("layout: gutter-fold", "layout: duplex");
        assert!(
            !game(
                "  paper: a4\n  duplex: long-edge\n",
                &format!("{both}{pad}")
            )
            .single_sided()
        );
    }
}
