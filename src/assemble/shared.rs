//! The shared sheets: dice, standees, tokens without backs, small boards and the last few
//! cards of decks (when that saves paper) of several components, packed together onto common
//! single-sided sheets instead of a mostly empty page each; and how many copies of the tokens
//! with backs join them.

use crate::layout::imposition::Rect;
use crate::layout::nets::{DieNet, Standee};
use crate::model::print::{Cutter, Duplex, Layout};
use crate::model::{ComponentKind, Game};
use crate::output::report::ComponentReport;
use crate::pdf::shapes::{Piece, Shape, SharedSheets};
use crate::pdf::sheets::SheetWriter;
use crate::render::faces::{CardCopy, Deck, Faces};

use super::mixed::GridRuns;
use super::own_sheets::deck_grid;

/// How a component lies on the shared sheets, for the build report.
pub(super) fn describe(shape: &Shape) -> String {
    match shape {
        Shape::Die(net) => format!("cube net, {} mm faces, shared sheets", net.edge),
        Shape::Standee(_) => "fold-over standee, shared sheets".to_owned(),
        Shape::Token { .. } => "tokens, shared sheets".to_owned(),
        Shape::Board { turned: false, .. } => "small board, shared sheets".to_owned(),
        Shape::Board { turned: true, .. } => {
            "small board, shared sheets, turned a quarter".to_owned()
        }
        Shape::Card { .. } => "cut sheets".to_owned(),
        Shape::MarkedCard { .. } => "shared sheets".to_owned(),
    }
}

/// A component's pieces on the shared sheets: its report's index, its deck, the shape its
/// pieces take and which of its copies go there.
pub(super) type SharedEntry<'a> = (usize, &'a Deck, Shape<'static>, &'a [CardCopy]);

/// The shared sheets take in the last mixed sheets of card runs: first where that saves a
/// sheet, then where it evens out a thin page.
pub(super) fn take_in_mixed_sheets<'a>(
    game: &Game,
    faces: &'a Faces,
    runs: &mut GridRuns,
    shared: &mut Vec<SharedEntry<'a>>,
    area: Rect,
) {
    if shared.is_empty() {
        return;
    }
    for evening in [false, true] {
        let pool = pool_sizes(shared);
        // The pool is packed once a pass; each trial packs the pool with its cards.
        let before = shared_summary(&pool, area);
        for (d, range) in runs.absorb(faces, |cards| {
            worth_taking(
                (&pool, before),
                &card_sizes(game, faces, cards),
                area,
                evening,
            )
        }) {
            let deck = &faces.decks[d];
            shared.push((d, deck, marked_card(game, deck), &deck.copies[range]));
        }
    }
}

/// A piece of the shared sheets: the room it takes (w, h) and the paper under its cut, mm².
type SizedPiece = ((f32, f32), f32);

/// The room each piece of the shared sheets takes, in order, and the paper under its cut.
fn pool_sizes(shared: &[SharedEntry]) -> Vec<SizedPiece> {
    shared
        .iter()
        .flat_map(|(_, _, shape, copies)| sized(shape, copies.len()))
        .collect()
}

/// The same for the given copies of cards (deck, copies) as marked cards on a shared sheet.
fn card_sizes(
    game: &Game,
    faces: &Faces,
    cards: &[(usize, std::ops::Range<usize>)],
) -> Vec<SizedPiece> {
    cards
        .iter()
        .flat_map(|(d, range)| {
            let deck = &faces.decks[*d];
            sized(&marked_card(game, deck), range.len())
        })
        .collect()
}

/// `n` pieces in `shape`: the room each takes and the paper under its cut.
fn sized(shape: &Shape, n: usize) -> std::iter::RepeatN<SizedPiece> {
    std::iter::repeat_n((shape.size(), shape.trim_area()), n)
}

/// Pages taken on shared sheets and the thinnest page's fill.
type Summary = Option<(usize, f32)>;

/// The pages `pieces` (each its room and the paper under its cut) take on shared sheets, and
/// the thinnest page's fill; `None` when a piece does not fit at all.
fn shared_summary(pieces: &[SizedPiece], area: Rect) -> Summary {
    use crate::layout::pack::pack_tidy;
    use crate::layout::share::MIN_FILL;
    let sizes: Vec<(f32, f32)> = pieces.iter().map(|p| p.0).collect();
    let trims: Vec<f32> = pieces.iter().map(|p| p.1).collect();
    let spots = pack_tidy(&sizes, &trims, &vec![0; sizes.len()], area, 0.0, MIN_FILL);
    let mut fill: Vec<f32> = Vec::new();
    for (s, trim) in spots.iter().zip(&trims) {
        let s = (*s)?;
        if fill.len() <= s.page {
            fill.resize(s.page + 1, 0.0);
        }
        fill[s.page] += trim / (area.w * area.h);
    }
    Some((fill.len(), fill.into_iter().fold(f32::MAX, f32::min)))
}

/// Whether the shared sheets should take `extra` pieces (a mixed card sheet's, a token
/// sheet's) beside `pool`, whose own pages and thinnest fill are `before`: when they need no
/// more pages than the pool alone (a sheet saved), or, `evening`, one more while the pool
/// alone leaves a page too thin and the two together leave none as thin (as many sheets, the
/// thinnest one fuller).
fn worth_taking(
    (pool, before): (&[SizedPiece], Summary),
    extra: &[SizedPiece],
    area: Rect,
    evening: bool,
) -> bool {
    let both: Vec<SizedPiece> = pool.iter().chain(extra).copied().collect();
    match (before, shared_summary(&both, area)) {
        (Some((a, _)), Some((b, _))) if b <= a => true,
        (Some((a, thin)), Some((b, least))) => {
            evening && b == a + 1 && thin < crate::layout::share::MIN_FILL && least > thin
        }
        _ => false,
    }
}

/// How many copies of each deck of tokens with backs print on grid sheets of their own: all
/// their full sheets, but the last one of a deck joins the shared sheets when they would
/// otherwise leave a page nearly blank and it evens them out at no cost in sheets.
pub(super) fn settle_backed_tokens(
    game: &Game,
    faces: &Faces,
    shared: &[SharedEntry],
    backed: &mut [(usize, usize, Shape<'static>)],
    area: Rect,
) {
    let mut pool = pool_sizes(shared);
    for (d, own, shape) in backed.iter() {
        pool.extend(sized(shape, faces.decks[*d].copies.len() - own));
    }
    let mut before = shared_summary(&pool, area);
    for (d, own, shape) in backed.iter_mut() {
        let deck = &faces.decks[*d];
        let per = deck_grid(game, deck).map_or(0, |(g, _)| g.per_sheet());
        if per == 0 || *own < per {
            continue;
        }
        let sheet: Vec<_> = sized(shape, per).collect();
        if worth_taking((&pool, before), &sheet, area, true) {
            *own -= per;
            pool.extend(sheet);
            before = shared_summary(&pool, area);
        }
    }
}

/// A card of `deck` as a shared sheet holds it: with its bleed and crop marks.
pub(super) fn marked_card(game: &Game, deck: &Deck) -> Shape<'static> {
    let comp = &game.components[deck.component];
    let size = comp.size();
    Shape::MarkedCard {
        w: size.width_mm,
        h: size.height_mm,
        bleed: comp.bleed(&game.file.print),
    }
}

/// Tokens with backs in a duplex layout fill whole grid sheets of their own; the copies left
/// over (all of them, short of a sheet) go on the shared sheets, each with its back behind it.
/// How many copies the grid takes, and the shape of the rest; `None` when none are left over.
pub(super) fn backed_tokens(game: &Game, deck: &Deck) -> Option<(usize, Shape<'static>)> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let backs = print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
    let duplex = game.layout_of(deck.component) == Layout::Duplex;
    if comp.spec.kind != ComponentKind::Tokens || !backs || !duplex {
        return None;
    }
    let (grid, _) = deck_grid(game, deck).ok()?;
    let own = deck.copies.len() / grid.per_sheet().max(1) * grid.per_sheet();
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let shape = Shape::Token {
        shape: comp.spec.token_shape(),
        w: size.width_mm,
        h: size.height_mm,
        bleed,
    };
    (own < deck.copies.len()).then_some((own, shape))
}

/// The largest share of a page a board on the shared sheets may take when it lies turned (it
/// then leaves a strip beside it for smaller pieces).
const SHARED_BOARD: f32 = 0.6;

/// Dice, standees, token sets without backs and boards smaller than half a page (or, turned,
/// three fifths of one) go on shared single-sided sheets; everything else has sheets of its
/// own.
pub(super) fn shared_shape(game: &Game, deck: &Deck) -> Option<Shape<'static>> {
    let comp = &game.components[deck.component];
    let print = &game.file.print;
    let (size, bleed) = (comp.size(), comp.bleed(print));
    let (w, h) = (size.width_mm, size.height_mm);
    match comp.spec.kind {
        ComponentKind::Die => Some(Shape::Die(DieNet::new(w))),
        ComponentKind::Standee => Some(Shape::Standee(Standee::new(
            w,
            h,
            comp.spec.base_mm.unwrap_or(15.0),
        ))),
        ComponentKind::Tokens => {
            let backs =
                print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
            (!backs).then_some(Shape::Token {
                shape: comp.spec.token_shape(),
                w,
                h,
                bleed,
            })
        }
        ComponentKind::Board => {
            let (pw, ph) = print.paper.size_mm();
            let m = print.printable_margin_mm;
            let room = (
                pw - 2.0 * m,
                ph - 2.0 * m - crate::layout::tiling::LABEL_BAND,
            );
            let marks = 2.0
                * (bleed
                    + crate::layout::imposition::MARK_GAP
                    + crate::layout::tiling::TILE_MARK
                    + 0.5);
            let (fw, fh) = (w + marks, h + marks);
            let small = fw <= room.0 && fh <= room.1 && fw * fh <= 0.5 * room.0 * room.1;
            // A board that fits only turned, and leaves room beside it, shares its page too.
            let beside = !small
                && fw > room.0
                && fh <= room.0
                && fw <= room.1
                && fw * fh <= SHARED_BOARD * room.0 * room.1;
            // A sheet printed several times (`copies`) has pages of its own.
            let alone = comp.print_copies() > 1;
            (!alone && (small || beside)).then_some(Shape::Board {
                w,
                h,
                bleed,
                turned: beside,
            })
        }
        _ => None,
    }
}

/// Packs the shared components onto common sheets of `writer` and fills in their reports.
pub(super) fn print_shared(
    game: &Game,
    shared: &[SharedEntry],
    writer: &mut SheetWriter,
    file: &str,
    components: &mut [ComponentReport],
    cutter: Option<Cutter>,
) {
    let sheets = SharedSheets {
        game: &game.file.name,
        revision: &game.file.revision,
        owners: shared
            .iter()
            .map(|(i, _, _, _)| components[*i].name.clone())
            .collect(),
        pieces: shared_pieces(game, shared),
        print: &game.file.print,
        cutter,
        radii: shared
            .iter()
            .map(|(_, d, _, _)| {
                game.components[d.component]
                    .spec
                    .corner_radius_mm
                    .unwrap_or(0.0)
            })
            .collect(),
    };
    let used = writer.add_shared(&sheets);
    for ((i, _, _, _), pages) in shared.iter().zip(used) {
        let report = &mut components[*i];
        report.sheets += pages.sheets;
        match report.file.as_deref() {
            Some(own) if own != file && !report.pages.is_empty() => {
                report.also.push((file.to_owned(), pages.pages))
            }
            _ => {
                report.pages.extend(pages.pages);
                report.file = Some(file.to_owned());
            }
        }
    }
}

/// Every copy of the shared components as a piece, in order; a dashboard's copy with a top
/// layer (print-and-cut) is two pieces, its base and its top with the windows cut out.
fn shared_pieces<'a>(game: &'a Game, shared: &'a [SharedEntry]) -> Vec<Piece<'a>> {
    let mut pieces = Vec::new();
    for (owner, (_, deck, shape, copies)) in shared.iter().enumerate() {
        let spec = &game.components[deck.component].spec;
        let top = match (shape, spec.top.as_ref()) {
            (
                &Shape::Card {
                    w,
                    h,
                    bleed,
                    radius,
                    turned,
                    ..
                },
                Some(top),
            ) => Some(Shape::Card {
                w,
                h,
                bleed,
                radius,
                top: true,
                windows: &top.windows,
                turned,
            }),
            _ => None,
        };
        for copy in *copies {
            let shape = shape.clone();
            pieces.push(Piece { owner, copy, shape });
            if let Some(shape) = top.clone().filter(|_| !copy.extra.is_empty()) {
                pieces.push(Piece { owner, copy, shape });
            }
        }
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 200 × 100 mm area: two 100 × 100 pieces fill a page.
    const AREA: Rect = Rect {
        x: 0.0,
        y: 0.0,
        w: 200.0,
        h: 100.0,
    };

    fn squares(n: usize) -> Vec<SizedPiece> {
        vec![((100.0, 100.0), 100.0 * 100.0); n]
    }

    #[test]
    fn the_summary_counts_pages_and_the_thinnest_fill() {
        let (pages, thinnest) = shared_summary(&squares(3), AREA).unwrap();
        assert_eq!(pages, 2);
        assert!((thinnest - 0.5).abs() < 1e-6, "{thinnest}");
        assert_eq!(shared_summary(&[((300.0, 10.0), 3000.0)], AREA), None);
    }

    #[test]
    fn extra_pieces_are_taken_when_they_cost_no_page() {
        let pool = squares(3);
        let before = shared_summary(&pool, AREA);
        assert!(worth_taking((&pool, before), &squares(1), AREA, false));
        assert!(!worth_taking((&pool, before), &squares(2), AREA, false));
    }

    #[test]
    fn the_piece_describes_how_it_shares_its_sheets() {
        let board = Shape::Board {
            w: 100.0,
            h: 80.0,
            bleed: 3.0,
            turned: true,
        };
        assert_eq!(
            describe(&board),
            "small board, shared sheets, turned a quarter"
        );
        let die = Shape::Die(DieNet::new(16.0));
        assert_eq!(describe(&die), "cube net, 16 mm faces, shared sheets");
    }
}
