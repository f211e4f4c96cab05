//! Grid sheets: cards, tokens and dashboards, a fronts page and its backs page per sheet (or a
//! base and a top layer), with cut guides and the furniture band on each side.

use krilla::geom::{PathBuilder, Transform};
use krilla::surface::Surface;

use crate::error::Result;
use crate::layout::fold::{Fold, FoldLayout};
use crate::layout::imposition::{Grid, Line, Rect};
use crate::layout::plan::Role;
use crate::model::TokenShape;
use crate::model::print::{CropMarks, Duplex, mm};
use crate::pdf::draw::{
    corner_arcs, half_turn, page_settings, push_circle, push_clip, push_rect, quarter_turn,
    stroke_lines, stroke_lines_colour, stroke_path, stroke_path_grey,
};
use crate::pdf::furniture::{
    CUT_PT, LABEL_PT, draw_furniture, draw_label, draw_stamp, draw_stamp_at, draw_window,
    stamp_text, text_mm,
};
use crate::pdf::sheets::FormStamp;
use crate::pdf::sheets::{CutStyle, DeckSheets, PagesUsed, Placed, SheetWriter};
use crate::pdf::stamp::StampSpot;
use crate::pdf::words::fill;
use crate::render::faces::CardCopy;

/// Which layer of a sheet a page prints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Layer {
    Front,
    /// A dashboard's top layer: the fronts' positions, the second face, windows to cut out.
    Top,
    Back,
}

impl SheetWriter<'_> {
    /// Cards, tokens or dashboards on grid sheets: per sheet a fronts page and, with backs, a
    /// backs page right after it (duplex); a dual-layer dashboard's top layer follows on a
    /// single-sided page of its own.
    pub fn add_deck(&mut self, deck: &DeckSheets) -> Result<PagesUsed> {
        let grid = &deck.grid;
        let sheets: Vec<&[CardCopy]> = deck.copies.chunks(grid.per_sheet()).collect();
        let backs_printed =
            deck.print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
        // On a gutter-fold sheet the backs share the fronts' page.
        let folded = deck.fold.is_some() && backs_printed;
        let has_backs = backs_printed && !folded;
        let has_top = deck.copies.iter().any(|c| !c.extra.is_empty());
        let mut used = PagesUsed {
            sheets: sheets.len(),
            pages: Vec::new(),
        };
        let (first, of) = deck.numbering.unwrap_or((1, sheets.len()));
        let w = self.label_font.words.clone();
        let of = of.to_string();
        let rev = w.rev(deck.revision);
        for (n, copies) in sheets.iter().enumerate() {
            let n = (n + first).to_string();
            let sheet = fill(&w.sheet, &[("title", &deck.title), ("n", &n), ("of", &of)]);
            if folded {
                let label = format!("{sheet} · {} · {rev}", w.gutter_fold);
                used.pages.push(self.grid_page(
                    deck,
                    copies,
                    &[Layer::Front, Layer::Back],
                    &label,
                    Role::Single,
                )?);
            } else {
                let (what, role) = match (has_top, has_backs) {
                    (true, true) => (&w.base_layer, Role::Front),
                    (true, false) => (&w.base_layer_single_sided, Role::Single),
                    (false, true) => (&w.fronts, Role::Front),
                    (false, false) => (&w.single_sided, Role::Single),
                };
                let label = format!("{sheet} · {what} · {rev}");
                used.pages
                    .push(self.grid_page(deck, copies, &[Layer::Front], &label, role)?);
                if has_backs {
                    let label = format!("{sheet} · {} · {rev}", w.backs_page(deck.print.duplex));
                    used.pages.push(self.grid_page(
                        deck,
                        copies,
                        &[Layer::Back],
                        &label,
                        Role::Back,
                    )?);
                }
            }
            if has_top {
                let label = format!("{sheet} · {} · {rev}", w.top_layer);
                used.pages.push(self.grid_page(
                    deck,
                    copies,
                    &[Layer::Top],
                    &label,
                    Role::Single,
                )?);
            }
        }
        Ok(used)
    }

    fn grid_page(
        &mut self,
        deck: &DeckSheets,
        copies: &[CardCopy],
        layers: &[Layer],
        label: &str,
        role: Role,
    ) -> Result<usize> {
        let grid = &deck.grid;
        let (flip, offset) = deck.back_flip();
        // Work out the guides first: a back offset the margin cannot take is an error. A
        // gutter-fold page has the fronts' guides only.
        let lines = cut_guides(deck, copies.len(), layers[0])?;
        let band = match (layers, deck.fold) {
            ([Layer::Back], None) => grid.back_band(flip, offset),
            _ => grid.band,
        };
        let number = self.open(grid.paper_w, grid.paper_h, role);
        let mut page = self
            .doc
            .start_page_with(page_settings(grid.paper_w, grid.paper_h));
        let mut surface = page.surface();
        let mut placed = Vec::new();
        for &layer in layers {
            let mut art = Art {
                forms: &mut self.forms,
                stamps: &mut self.stamps,
                faces: self.faces,
                trees: self.trees,
                font: &self.label_font,
            };
            art.draw_layer(&mut surface, deck, copies, layer, &mut placed);
        }
        stroke_lines_colour(&mut surface, &lines, CUT_PT, None, deck.print.mark_rgb());
        if let CutStyle::Outline(shape) = deck.cut {
            outlines(&mut surface, grid, deck, layers[0], copies.len(), shape);
        }
        if layers[0] == Layer::Front && deck.cut == CutStyle::CropMarks && deck.print.corner_guides
        {
            let r = deck.corner_radius.unwrap_or(DEFAULT_CORNER_GUIDE);
            let mut pb = PathBuilder::new();
            for slot in 0..copies.len() {
                corner_arcs(&mut pb, grid.front_trim(slot), r);
            }
            stroke_path_grey(&mut surface, pb, CUT_PT * 0.5, None, 150);
        }
        if let Some(fold) = deck.fold
            && layers.len() > 1
        {
            let layout = FoldLayout {
                grid: grid.clone(),
                fold,
            };
            let line = layout.fold_line();
            stroke_lines(&mut surface, &[line], CUT_PT * 1.5, Some(&[4.0, 2.0]));
            fold_hint(&mut surface, &self.label_font, &layout, copies.len());
        }
        if let Some(band) = band {
            draw_furniture(&mut surface, &self.label_font, band, self.paper, label);
        }
        surface.finish();
        page.finish();
        for p in placed {
            self.note(p);
        }
        Ok(number)
    }
}

/// What drawing faces needs from the writer.
struct Art<'w, 'a> {
    forms: &'w mut crate::pdf::sheets::Forms,
    stamps: &'w mut std::collections::HashMap<usize, Option<crate::pdf::stamp::StampSpot>>,
    faces: &'a [crate::render::faces::Face],
    trees: &'a crate::render::trees::FaceTrees<'a>,
    font: &'w crate::pdf::label::LabelFont,
}

impl<'w> Art<'w, '_> {
    /// The stamp to draw into `face`'s form, found at `spot` on a face placed upright: there
    /// its copies carry it without drawing it again (the form is only moved). None for a dry
    /// writer, which notes each stamp on the page; nor for a stamp reaching past the trim (a
    /// template may put one there), which the face's clip on the sheet could cut.
    fn stamp_in_form(
        &self,
        deck: &DeckSheets,
        face: usize,
        (text, spot): (&str, Option<Option<StampSpot>>),
    ) -> Option<FormStamp<'w>> {
        let spot = spot.flatten()?;
        if self.forms.is_dry() || deck.cut != CutStyle::CropMarks {
            return None;
        }
        let width = self.font.width_mm(text, spot.pt);
        let inside = crate::pdf::stamp::inside_trim(&self.faces[face], spot, width);
        inside.then(|| FormStamp {
            spot,
            text: text.to_owned(),
            font: self.font,
        })
    }

    /// Draws `face`'s form clipped to `clip` through `transform`, with `stamp` in it when
    /// given; a dry writer notes where it would go instead.
    fn draw_form(
        &mut self,
        surface: &mut Surface,
        face: usize,
        (clip, transform): (Rect, Transform),
        stamp: Option<&FormStamp>,
    ) {
        if self.forms.is_dry() {
            self.forms.place_dry(face, surface.ctm(), clip, transform);
            return;
        }
        let graphic = match stamp {
            Some(stamp) => {
                let (faces, trees) = (self.faces, self.trees);
                self.forms.get_stamped(surface, faces, trees, face, stamp)
            }
            None => self.forms.get(surface, self.faces, self.trees, face),
        };
        push_clip(surface, clip);
        surface.push_transform(&transform);
        surface.draw_graphic(graphic);
        surface.pop();
        surface.pop();
        self.forms.drawn_once(self.trees, face);
    }

    /// The faces of one layer of a sheet, with their stamps (and a top layer's windows).
    fn draw_layer(
        &mut self,
        surface: &mut Surface,
        deck: &DeckSheets,
        copies: &[CardCopy],
        layer: Layer,
        placed: &mut Vec<Placed>,
    ) {
        let grid = &deck.grid;
        let (flip, _) = deck.back_flip();
        for (slot, copy) in copies.iter().enumerate() {
            let face = match layer {
                Layer::Front => Some(copy.front),
                Layer::Top => copy.extra.first().copied(),
                Layer::Back => copy.back,
            };
            let Some(face) = face else { continue };
            let trim = place(grid, deck, layer, grid.front_trim(slot));
            let clip = place(grid, deck, layer, grid.front_bleed(slot, copies.len()));
            // The stamp goes where the face leaves room for it, on a face drawn upright. It is
            // found before the face is drawn: drawing lets go of the face's tree, and asking for
            // it after would parse the face a second time.
            let upright = !(grid.turned || layer == Layer::Back && flip == Duplex::ShortEdge);
            let text = stamp_text(deck.revision, &self.faces[face].hash);
            let spot = match upright {
                true => Some(crate::pdf::stamp::cached(
                    self.stamps,
                    (self.faces, self.forms.trees(self.trees)),
                    face,
                    deck.print,
                    &text,
                )),
                false => None,
            };
            let b = grid.bleed;
            let whole = trim.grow(b, b, b, b);
            let transform = face_transform(whole, grid.turned, layer, flip);
            let in_form = self.stamp_in_form(deck, face, (&text, spot));
            self.draw_form(surface, face, (clip, transform), in_form.as_ref());
            placed.push(Placed {
                face,
                rect: whole,
                clip,
                anticlockwise: anticlockwise(grid.turned, layer, flip),
            });
            decorate(
                surface,
                self.font,
                deck,
                trim,
                (
                    &text,
                    spot.map(|s| {
                        // Already in the face's form: none on the page.
                        s.filter(|_| in_form.is_none()).map(|s| StampSpot {
                            x: whole.x + s.x,
                            baseline: whole.y + s.baseline,
                            ..s
                        })
                    }),
                ),
                layer,
            );
        }
    }
}

/// Corner guides without a `corner_radius_mm`: a common small corner punch.
const DEFAULT_CORNER_GUIDE: f32 = 3.0;

/// What to do with a gutter-fold sheet, in small type beside the fold line, outside the cards.
fn fold_hint(
    surface: &mut Surface,
    font: &crate::pdf::label::LabelFont,
    layout: &FoldLayout,
    used: usize,
) {
    let g = &layout.grid;
    let block = g.block(used);
    let text = &font.words.fold_hint;
    let (x, y) = match layout.fold {
        // Above the backs, right of the fold (the backs have no marks); on a short-side fold,
        // left of the fronts just above the fold.
        Fold::LongSide => (g.paper_w / 2.0 + 1.5, (block.y - 1.2).max(g.margin + 2.0)),
        Fold::ShortSide => (g.margin + 1.0, g.paper_h / 2.0 - 1.0),
    };
    // Only where it touches no face: else it is left out.
    let clear = match layout.fold {
        Fold::LongSide => y < block.y - 0.2,
        Fold::ShortSide => {
            y > block.bottom() + 0.2 && g.margin + 1.0 + text_mm(text, LABEL_PT) < block.x
        }
    };
    if clear {
        draw_label(surface, font, mm(x), mm(y), text);
    }
}

/// The revision stamp (its words, `text`) of a face and, on a top layer, its windows.
fn decorate(
    surface: &mut Surface,
    font: &crate::pdf::label::LabelFont,
    deck: &DeckSheets,
    trim: Rect,
    (text, spot): (&str, Option<Option<StampSpot>>),
    layer: Layer,
) {
    match spot {
        // Tokens carry no revision stamp: on a small piece it reads as a misprint.
        _ if deck.cut != CutStyle::CropMarks => {}
        // Found on the face.
        Some(Some(spot)) => draw_stamp_at(surface, font, spot, text),
        // No clear place on it.
        Some(None) => {}
        // A face drawn turned: at its trim's foot.
        None => draw_stamp(surface, font, trim, deck.print, text),
    }
    if layer == Layer::Top {
        for w in deck.windows {
            // A turned top layer lies a quarter clockwise (`face_transform`): the face's
            // top runs down the trim's right edge.
            let r = match deck.grid.turned {
                false => Rect {
                    x: trim.x + w.x_mm,
                    y: trim.y + w.y_mm,
                    w: w.w_mm,
                    h: w.h_mm,
                },
                true => Rect {
                    x: trim.right() - w.y_mm - w.h_mm,
                    y: trim.y + w.x_mm,
                    w: w.h_mm,
                    h: w.w_mm,
                },
            };
            draw_window(surface, font, r);
        }
    }
}

/// Places a face on its whole (bleed-included) rectangle. A turned card lies a quarter turn
/// clockwise, its top to the right; its back lies so that it reads upright behind the front: a
/// quarter turn anticlockwise after a long-edge flip (which brings the front's right to the
/// left), clockwise after a short-edge flip.
fn face_transform(whole: Rect, turned: bool, layer: Layer, duplex: Duplex) -> Transform {
    if !turned {
        // A sheet turned over its short edge comes back upside down: its backs are drawn so,
        // and read upright on a card turned over sideways (a turned card's quarter turn
        // already allows for it).
        if layer == Layer::Back && duplex == Duplex::ShortEdge {
            return half_turn(whole);
        }
        return Transform::from_translate(mm(whole.x), mm(whole.y));
    }
    quarter_turn(whole, anticlockwise(turned, layer, duplex))
}

/// Whether a face on `layer` lies a quarter turn anticlockwise: a turned card's back after a
/// long-edge flip.
fn anticlockwise(turned: bool, layer: Layer, duplex: Duplex) -> bool {
    turned && layer == Layer::Back && duplex == Duplex::LongEdge
}

/// Where a front-side rectangle lands on `layer`.
fn place(grid: &Grid, deck: &DeckSheets, layer: Layer, r: Rect) -> Rect {
    match layer {
        Layer::Back => {
            let (flip, offset) = deck.back_flip();
            grid.to_back(r, flip, offset)
        }
        _ => r,
    }
}

/// Crop marks (and full cut lines) of a sheet of `used` pieces on `layer`; none for tokens,
/// which get outlines. A gutter-fold sheet has the fronts' guides on their outer sides only.
fn cut_guides(deck: &DeckSheets, used: usize, layer: Layer) -> Result<Vec<Line>> {
    let (grid, print) = (&deck.grid, deck.print);
    // Whatever the guides, an offset must leave the backs on the page and off their ruler.
    if layer == Layer::Back && deck.fold.is_none() {
        grid.check_back_offset(print.duplex, print.back_offset_mm)?;
    }
    if deck.cut != CutStyle::CropMarks || print.crop_marks == CropMarks::None {
        return Ok(Vec::new());
    }
    if let Some(fold) = deck.fold {
        let layout = FoldLayout {
            grid: grid.clone(),
            fold,
        };
        return Ok(match print.crop_marks {
            CropMarks::Lines => layout.sheet_lines(used),
            CropMarks::Full => {
                let mut lines = layout.crop_marks(used);
                lines.extend(grid.cut_lines(used));
                lines
            }
            _ => layout.crop_marks(used),
        });
    }
    let (flip, offset) = (print.duplex, print.back_offset_mm);
    if print.crop_marks == CropMarks::Lines {
        let lines = grid.sheet_lines(used);
        return Ok(match layer {
            Layer::Back => {
                let backs: Vec<Line> = lines
                    .iter()
                    .map(|l| l.to_back(grid, flip, offset))
                    .collect();
                grid.on_back_page(&backs, flip, offset)
            }
            _ => lines,
        });
    }
    let mut lines = match layer {
        Layer::Back => grid.back_marks(used, flip, offset)?,
        _ => grid.crop_marks(used),
    };
    if print.crop_marks == CropMarks::Full {
        lines.extend(grid.cut_lines(used).iter().map(|l| match layer {
            Layer::Back => l.to_back(grid, flip, offset),
            _ => *l,
        }));
    }
    Ok(lines)
}

/// The cut outline of every token on the page.
fn outlines(
    surface: &mut Surface,
    grid: &Grid,
    deck: &DeckSheets,
    layer: Layer,
    used: usize,
    shape: TokenShape,
) {
    if layer == Layer::Back && deck.fold.is_some() {
        return;
    }
    let mut pb = PathBuilder::new();
    for slot in 0..used {
        let r = place(grid, deck, layer, grid.front_trim(slot));
        match shape {
            TokenShape::Circle => push_circle(&mut pb, r),
            TokenShape::Square => push_rect(&mut pb, r),
        }
    }
    stroke_path(surface, pb, CUT_PT, None);
}
