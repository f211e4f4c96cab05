//! Print-and-cut: the shape each component's pieces take on the cut sheets, turned a quarter
//! when only that fits the area the cutting machine cuts on the paper.

use crate::assemble::shared::shared_shape;
use crate::model::print::Layout;
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::pdf::shapes::Shape;
use crate::render::faces::Deck;

/// In a print-and-cut layout, the shape a deck takes on the cut sheets, with the layout noted
/// in its report; `None` in other layouts, or (with a warning) for a piece larger than the
/// cutter's area, which is then printed with crop marks to cut by hand.
pub(super) fn print_and_cut_shape(
    game: &Game,
    deck: &Deck,
    report: &mut ComponentReport,
    warnings: &mut Vec<String>,
) -> Option<Shape<'static>> {
    let print = &game.file.print;
    if game.layout_of(deck.component) != Layout::PrintAndCut {
        return None;
    }
    let upright = cut_shape(game, deck)?;
    let fits = |s: &Shape| fits_cut_area(game, s);
    let turned_to_fit = turned(&upright).filter(|s| !fits(&upright) && fits(s));
    let Some(shape) = turned_to_fit.or_else(|| fits(&upright).then_some(upright)) else {
        warnings.push(format!(
            "{}: larger than the area the {} cuts on {}; printed with crop marks, to cut by hand",
            report.name,
            print.cutter.name(),
            print.paper.name().to_uppercase()
        ));
        return None;
    };
    report.layout = cut_layout(&shape, print.cutter.name());
    Some(shape)
}

/// How a piece lies on the cut sheets of `cutter`, for the build report.
fn cut_layout(shape: &Shape, cutter: &str) -> String {
    let net = match shape {
        Shape::Die(net) => format!("cube net, {} mm faces, ", net.edge),
        _ => String::new(),
    };
    let turn_note = match shape {
        Shape::Card { turned: true, .. } => ", turned a quarter to fit",
        _ => "",
    };
    format!("{net}print-and-cut sheets ({cutter}){turn_note}")
}

/// The piece turned a quarter, when it is one that can lie so: a card or dashboard, whose
/// cut is its trim (and windows) whichever way it lies.
fn turned<'s>(shape: &Shape<'s>) -> Option<Shape<'s>> {
    match *shape {
        Shape::Card {
            w,
            h,
            bleed,
            radius,
            top,
            windows,
            turned: false,
        } => Some(Shape::Card {
            w,
            h,
            bleed,
            radius,
            top,
            windows,
            turned: true,
        }),
        _ => None,
    }
}

/// Whether `shape` fits the area a cutting machine cuts on this paper, the way it lies.
fn fits_cut_area(game: &Game, shape: &Shape) -> bool {
    let print = &game.file.print;
    let area = crate::layout::cut::cut_area(print.cutter, print.paper);
    let (w, h) = shape.size();
    w <= area.w + 1e-3 && h <= area.h + 1e-3
}

/// Print-and-cut: every component but a board tiled over several pages goes on the cut
/// sheets, keeping [`crate::layout::cut::CUT_BLEED`] of its bleed at most.
fn cut_shape(game: &Game, deck: &Deck) -> Option<Shape<'static>> {
    let comp = &game.components[deck.component];
    let size = comp.size();
    let (w, h) = (size.width_mm, size.height_mm);
    let bleed = comp
        .bleed(&game.file.print)
        .min(crate::layout::cut::CUT_BLEED);
    match comp.spec.kind {
        ComponentKind::Cards | ComponentKind::Dashboard => Some(Shape::Card {
            w,
            h,
            bleed,
            radius: comp.spec.corner_radius_mm.unwrap_or(0.0),
            top: false,
            windows: &[],
            turned: false,
        }),
        ComponentKind::Tokens => Some(Shape::Token {
            shape: comp.spec.token_shape(),
            w,
            h,
            bleed,
        }),
        ComponentKind::Die | ComponentKind::Standee | ComponentKind::Board => {
            shared_shape(game, deck)
        }
        ComponentKind::Bought => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(turned: bool) -> Shape<'static> {
        Shape::Card {
            w: 63.0,
            h: 88.0,
            bleed: 1.0,
            radius: 3.0,
            top: false,
            windows: &[],
            turned,
        }
    }

    #[test]
    fn a_card_turns_once_and_keeps_its_size_crosswise() {
        let upright = card(false);
        let turned_card = turned(&upright).expect("a card can lie turned");
        assert!(matches!(turned_card, Shape::Card { turned: true, .. }));
        assert_eq!(turned_card.size(), (90.0, 65.0));
        assert!(turned(&turned_card).is_none());
    }

    #[test]
    fn tokens_do_not_turn() {
        let token = Shape::Token {
            shape: crate::model::TokenShape::Circle,
            w: 20.0,
            h: 20.0,
            bleed: 1.0,
        };
        assert!(turned(&token).is_none());
    }

    #[test]
    fn the_layout_names_the_cutter_and_a_quarter_turn() {
        assert_eq!(
            cut_layout(&card(false), "Cricut"),
            "print-and-cut sheets (Cricut)"
        );
        assert_eq!(
            cut_layout(&card(true), "Cricut"),
            "print-and-cut sheets (Cricut), turned a quarter to fit"
        );
    }
}
