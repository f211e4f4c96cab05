//! Shared single-sided sheets: die nets, fold-over standees, token sets without backs and
//! small boards of different components packed together (`layout::pack`), instead of a
//! mostly empty page each.

use std::collections::HashMap;

use krilla::geom::{PathBuilder, Transform};
use krilla::graphic::Graphic;
use krilla::surface::Surface;

use crate::layout::cut::{CutPath, CutSheet, cut_area, registration};
use crate::layout::imposition::{Line, MARK_GAP, Rect};
use crate::layout::nets::{DieNet, Standee};
use crate::layout::pack::{Spot, pack_grouped, pack_tidy, pages};
use crate::layout::plan::Role;
use crate::layout::share::MIN_FILL;
use crate::layout::tiling::{LABEL_BAND, TILE_MARK};
use crate::model::print::{Cutter, Duplex, PrintProfile, mm};
use crate::model::{TokenShape, Window};
use crate::pdf::draw::{
    fill_polygons_grey, fill_rect, half_turn, page_settings, push_circle, push_clip, push_rect,
    quarter_turn, stroke_lines, stroke_path,
};
use crate::pdf::furniture::{
    CUT_PT, bottom_band, draw_furniture, draw_stamp_at, draw_window, stamp_text,
};
use crate::pdf::shared_marks::{backs_band, cut_band, draw_registration, flipped_band, mirrored};
use crate::pdf::sheets::{PagesUsed, Placed, SheetWriter};
use crate::pdf::stamp::{StampSpot, cached};
use crate::pdf::words::{SheetWords, fill};
use crate::render::faces::{CardCopy, Face};

/// Space kept around a die net or a standee (they have no bleed of their own): tokens and
/// boards keep their bleed, which already parts their cuts from their neighbours'.
const PAD: f32 = 2.0;
/// Room around a small board's face for its crop marks.
const BOARD_MARKS: f32 = MARK_GAP + TILE_MARK + 0.5;

/// What a piece is, with its geometry: the one shape type of the shared and cut sheets, from
/// the routing that picks it (`assemble/shared.rs`, `assemble/cut.rs`) to the drawing here.
#[derive(Clone)]
pub enum Shape<'a> {
    Die(DieNet),
    Standee(Standee),
    /// A token of `w` × `h` mm with `bleed` all round, cut along its outline.
    Token {
        shape: TokenShape,
        w: f32,
        h: f32,
        bleed: f32,
    },
    /// A small board of `w` × `h` mm with `bleed`, cut at crop marks; `turned`, it lies a
    /// quarter turn clockwise (its top to the right).
    Board {
        w: f32,
        h: f32,
        bleed: f32,
        turned: bool,
    },
    /// Print-and-cut: a card, or a dashboard's base or top layer (its windows cut out), of
    /// `w` × `h` mm with `bleed`, cut along its trim with corners of `radius`; `turned`, it
    /// lies a quarter turn clockwise (its top to the right), to fit the cutter's area.
    Card {
        w: f32,
        h: f32,
        bleed: f32,
        radius: f32,
        top: bool,
        windows: &'a [Window],
        turned: bool,
    },
    /// A card (or dashboard) cut by hand from a shared sheet of a duplex layout: its face
    /// with its bleed and crop marks on its four cuts, as a small board, and its back behind.
    MarkedCard {
        w: f32,
        h: f32,
        bleed: f32,
    },
}

impl Shape<'_> {
    /// The room the piece takes on the page, with its padding.
    pub fn size(&self) -> (f32, f32) {
        match *self {
            Shape::Die(ref net) => (net.width + 2.0 * PAD, net.height + 2.0 * PAD),
            Shape::Standee(ref s) => (s.outline.w + 2.0 * PAD, s.outline.h + 2.0 * PAD),
            Shape::Card {
                w,
                h,
                bleed,
                turned: true,
                ..
            } => (h + 2.0 * bleed, w + 2.0 * bleed),
            Shape::Token { w, h, bleed, .. } | Shape::Card { w, h, bleed, .. } => {
                (w + 2.0 * bleed, h + 2.0 * bleed)
            }
            Shape::Board {
                w,
                h,
                bleed,
                turned: true,
            } => (
                h + 2.0 * (bleed + BOARD_MARKS),
                w + 2.0 * (bleed + BOARD_MARKS),
            ),
            Shape::Board { w, h, bleed, .. } | Shape::MarkedCard { w, h, bleed } => (
                w + 2.0 * (bleed + BOARD_MARKS),
                h + 2.0 * (bleed + BOARD_MARKS),
            ),
        }
    }

    /// The paper the piece's cut outline holds, in mm²: a die's six faces, a standee's two
    /// figures and bases, a round token's disc.
    pub fn trim_area(&self) -> f32 {
        match *self {
            Shape::Die(ref net) => 6.0 * net.edge * net.edge,
            Shape::Standee(ref s) => s.outline.w * s.outline.h,
            Shape::Token {
                shape: TokenShape::Circle,
                w,
                h,
                ..
            } => std::f32::consts::FRAC_PI_4 * w * h,
            Shape::Token { w, h, .. }
            | Shape::Board { w, h, .. }
            | Shape::MarkedCard { w, h, .. }
            | Shape::Card { w, h, .. } => w * h,
        }
    }
}

/// One piece to put on a shared sheet; `owner` indexes `SharedSheets::owners`.
pub struct Piece<'a> {
    pub owner: usize,
    pub copy: &'a CardCopy,
    pub shape: Shape<'a>,
}

/// The pieces of several components to pack together.
pub struct SharedSheets<'a> {
    /// "Death to Decorum".
    pub game: &'a str,
    pub revision: &'a str,
    /// The components' names.
    pub owners: Vec<String>,
    pub pieces: Vec<Piece<'a>>,
    pub print: &'a PrintProfile,
    /// Print-and-cut: the machine whose registration marks the pages carry, a cut file per
    /// page, and backs (when the pieces have them) on the page after, mirrored.
    pub cutter: Option<Cutter>,
    /// Corner radius of square tokens (print-and-cut), by owner.
    pub radii: Vec<f32>,
}

/// Print-and-cut: least room between neighbouring pieces (with their bleed) when the profile
/// sets no `piece_gap_mm`.
pub const CUT_GAP: f32 = 1.0;

/// What drawing a piece needs from the writer.
struct Ctx<'c, 'a> {
    forms: &'c mut crate::pdf::sheets::Forms,
    stamps: &'c mut HashMap<usize, Option<crate::pdf::stamp::StampSpot>>,
    faces: &'a [Face],
    trees: &'a crate::render::trees::FaceTrees<'a>,
    font: &'c crate::pdf::label::LabelFont,
    print: &'c PrintProfile,
    revision: &'c str,
    placed: Vec<Placed>,
    /// Print-and-cut: outlines are cut by the machine, not printed; they go here.
    machine: bool,
    cuts: Vec<CutPath>,
    scores: Vec<CutPath>,
    /// Light fills (`ink: saver`).
    saver: bool,
}

impl SheetWriter<'_> {
    /// Packs the pieces onto shared pages (each with its backs page when some piece on it has
    /// a back); returns the pages of each owner.
    pub fn add_shared(&mut self, sheets: &SharedSheets) -> Vec<PagesUsed> {
        let (area, gap) = match sheets.cutter {
            Some(c) => (
                cut_area(c, self.paper),
                sheets.print.piece_gap_mm.unwrap_or(CUT_GAP),
            ),
            None => {
                let backs = sheets.pieces.iter().any(|p| back_of(p).is_some());
                (
                    shared_area(sheets.print, backs),
                    sheets.print.piece_gap_mm.unwrap_or(0.0),
                )
            }
        };
        let spots = pack_backed_first(sheets, area, gap);
        let count = pages(&spots);
        let mut used = vec![PagesUsed::default(); sheets.owners.len()];
        for n in 0..count {
            let on_page: Vec<(&Piece, Spot)> = sheets
                .pieces
                .iter()
                .zip(&spots)
                .filter_map(|(p, s)| s.filter(|s| s.page == n).map(|s| (p, s)))
                .collect();
            let numbers = self.shared_page(sheets, &on_page, n, count);
            let mut owners: Vec<usize> = on_page.iter().map(|(p, _)| p.owner).collect();
            owners.dedup();
            for o in owners {
                used[o].sheets += 1;
                used[o].pages.extend(&numbers);
            }
        }
        used
    }

    /// One shared page (and, for print-and-cut pieces with backs, its backs page): returns
    /// the page numbers.
    fn shared_page(
        &mut self,
        sheets: &SharedSheets,
        on_page: &[(&Piece, Spot)],
        n: usize,
        of: usize,
    ) -> Vec<usize> {
        let (pw, ph) = self.paper.size_mm();
        let print = sheets.print;
        let reg = sheets.cutter.map(|c| registration(c, pw, ph));
        let backs =
            print.duplex != Duplex::None && on_page.iter().any(|(p, _)| back_of(p).is_some());
        let number = self.open(pw, ph, if backs { Role::Front } else { Role::Single });
        let mut page = self.doc.start_page_with(page_settings(pw, ph));
        let mut surface = page.surface();
        let mut ctx = Ctx {
            forms: &mut self.forms,
            stamps: &mut self.stamps,
            faces: self.faces,
            trees: self.trees,
            font: &self.label_font,
            print,
            revision: sheets.revision,
            placed: Vec::new(),
            machine: reg.is_some(),
            cuts: Vec::new(),
            scores: Vec::new(),
            saver: self.ink_saver,
        };
        for (piece, spot) in on_page {
            let radius = sheets.radii.get(piece.owner).copied().unwrap_or(0.0);
            draw_piece(&mut surface, &mut ctx, piece, *spot, radius);
        }
        let band = match &reg {
            Some(r) => {
                draw_registration(&mut surface, r);
                cut_band(r)
            }
            None => bottom_band(pw, ph, self.margin),
        };
        let stem = CutSheet::stem_of(&self.name, number);
        let words = self.label_font.words.clone();
        let label = page_label(sheets, on_page, &words, (n, of), backs, &stem);
        draw_furniture(&mut surface, &self.label_font, band, self.paper, &label);
        let trims: f32 = on_page.iter().map(|(p, _)| p.shape.trim_area()).sum();
        let placed = std::mem::take(&mut ctx.placed);
        let (cuts, scores) = (
            std::mem::take(&mut ctx.cuts),
            std::mem::take(&mut ctx.scores),
        );
        surface.finish();
        page.finish();
        for p in placed {
            self.note(p);
        }
        self.trims.insert(number, trims);
        self.note_cut_sheet(sheets.cutter, number, (cuts, scores));
        let mut numbers = vec![number];
        if backs {
            numbers.push(self.backs_page(sheets, on_page, n, of));
        }
        numbers
    }

    /// Print-and-cut: the cut file of page `number`, with the cuts and scores its pieces drew.
    fn note_cut_sheet(
        &mut self,
        cutter: Option<Cutter>,
        number: usize,
        (cuts, scores): (Vec<CutPath>, Vec<CutPath>),
    ) {
        let Some(cutter) = cutter else { return };
        let (pw, ph) = self.paper.size_mm();
        self.cut_sheets.push(CutSheet {
            file: self.name.clone(),
            page: number,
            paper_w: pw,
            paper_h: ph,
            cutter,
            cuts,
            scores,
        });
    }

    /// The backs of a print-and-cut page: each piece's back mirrored with the sheet's flip and
    /// moved by the back offset, no marks (the machine reads the front).
    fn backs_page(
        &mut self,
        sheets: &SharedSheets,
        on_page: &[(&Piece, Spot)],
        n: usize,
        of: usize,
    ) -> usize {
        let (pw, ph) = self.paper.size_mm();
        let print = sheets.print;
        let number = self.open(pw, ph, Role::Back);
        let mut page = self.doc.start_page_with(page_settings(pw, ph));
        let mut surface = page.surface();
        let mut placed = Vec::new();
        for (piece, spot) in on_page {
            let Some(face) = back_of(piece) else { continue };
            let (w, h) = piece.shape.size();
            let box_ = Rect {
                x: spot.x,
                y: spot.y,
                w,
                h,
            };
            let whole = mirrored(print, pw, ph, box_);
            let g = self.forms.get(&mut surface, self.faces, self.trees, face);
            let turn = match piece.shape {
                Shape::Card { turned: true, .. } => Some(print.duplex),
                _ => None,
            };
            let f = &self.faces[face];
            let short_edge = print.duplex == Duplex::ShortEdge;
            placed.push(draw_back(&mut surface, g, face, f, whole, turn, short_edge));
        }
        let band = match sheets.cutter {
            Some(cutter) => backs_band(cutter, print.duplex, pw, ph),
            None => flipped_band(bottom_band(pw, ph, self.margin), print.duplex, ph),
        };
        let w = self.label_font.words.clone();
        let (sheet, of) = ((n + 1).to_string(), of.to_string());
        let at = [
            ("game", sheets.game),
            ("n", sheet.as_str()),
            ("of", of.as_str()),
        ];
        let sheet = match sheets.cutter {
            Some(_) => fill(&w.cut_sheet, &at),
            None => fill(&w.shared_sheet, &at),
        };
        let label = format!(
            "{sheet}: {} · {}",
            w.backs_page(print.duplex),
            w.rev(sheets.revision)
        );
        draw_furniture(&mut surface, &self.label_font, band, self.paper, &label);
        surface.finish();
        page.finish();
        for p in placed {
            self.note(p);
        }
        number
    }
}

/// Where each piece goes. On cut sheets printed duplex, the pieces with backs are packed first:
/// their pages (each a front and its backs page) then come before the single-sided ones, as
/// on sheets of a duplex layout, so that the file prints as one duplex job; a single-sided page
/// before a pair would put the pair's front on its back.
/// Shared sheets of a duplex layout are packed tallest first, then evened out and centred
/// (`pack_tidy`); cut sheets keep their pieces where the machine's area starts.
fn pack_backed_first(sheets: &SharedSheets, area: Rect, gap: f32) -> Vec<Option<Spot>> {
    // Only cut sheets must keep their backed pages first: elsewhere each page is a front and its
    // backs or a single side with a blank back, whatever the order.
    let duplex = sheets.print.duplex != Duplex::None && sheets.cutter.is_some();
    let sizes: Vec<(f32, f32)> = sheets.pieces.iter().map(|p| p.shape.size()).collect();
    let groups: Vec<u8> = sheets
        .pieces
        .iter()
        .map(|p| u8::from(duplex && back_of(p).is_none()))
        .collect();
    match sheets.cutter {
        Some(_) => pack_grouped(&sizes, &groups, area, gap),
        None => {
            let trims: Vec<f32> = sheets.pieces.iter().map(|p| p.shape.trim_area()).collect();
            pack_tidy(&sizes, &trims, &groups, area, gap, MIN_FILL)
        }
    }
}

/// Where the pieces of a shared sheet (not a cut sheet) go: inside the printable margin, above
/// the label band, and, when some piece prints a `backs`, clear of the back offset on both
/// sides (a back lands mirrored and moved by it, so a front at either edge must leave room).
pub fn shared_area(print: &PrintProfile, backs: bool) -> Rect {
    let (pw, ph) = print.paper.size_mm();
    let m = print.printable_margin_mm;
    let area = Rect {
        x: m,
        y: m,
        w: pw - 2.0 * m,
        h: ph - 2.0 * m - LABEL_BAND,
    };
    if !backs || print.duplex == Duplex::None {
        return area;
    }
    let [dx, dy] = print.back_offset_mm.map(f32::abs);
    area.grow(-dx, -dy, -dx, -dy)
}

/// Draws a back face clipped to the piece's box `whole`, centred on it (the face's own bleed
/// may be wider than the piece keeps). The back of a piece lying turned (`turn`, with the
/// sheet's flip) lies so that it reads upright behind its front: a quarter turn anticlockwise
/// after a long-edge flip, which brings the front's right to the left; clockwise after a
/// short-edge flip.
fn draw_back(
    surface: &mut Surface,
    g: Graphic,
    face: usize,
    f: &Face,
    whole: Rect,
    turn: Option<Duplex>,
    short_edge: bool,
) -> Placed {
    push_clip(surface, whole);
    let (mut fw, mut fh) = (
        f.size.width_mm + 2.0 * f.bleed,
        f.size.height_mm + 2.0 * f.bleed,
    );
    if turn.is_some() {
        (fw, fh) = (fh, fw);
    }
    let rect = Rect {
        x: whole.x - (fw - whole.w) / 2.0,
        y: whole.y - (fh - whole.h) / 2.0,
        w: fw,
        h: fh,
    };
    let transform = match turn {
        None if short_edge => half_turn(rect),
        None => Transform::from_translate(mm(rect.x), mm(rect.y)),
        Some(duplex) => quarter_turn(rect, duplex == Duplex::LongEdge),
    };
    surface.push_transform(&transform);
    surface.draw_graphic(g);
    surface.pop();
    surface.pop();
    Placed {
        face,
        rect,
        clip: whole,
        anticlockwise: turn == Some(Duplex::LongEdge),
    }
}

/// One piece of a shared sheet at its spot. `token_radius` rounds a square token's corners.
fn draw_piece(surface: &mut Surface, ctx: &mut Ctx, piece: &Piece, spot: Spot, token_radius: f32) {
    let (ox, oy) = (spot.x, spot.y);
    match piece.shape {
        Shape::Die(ref net) => draw_die(surface, ctx, piece.copy, net, ox + PAD, oy + PAD),
        Shape::Standee(ref s) => draw_standee(surface, ctx, piece.copy, s, ox + PAD, oy + PAD),
        Shape::Token { shape, w, h, bleed } => draw_token(
            surface,
            ctx,
            piece.copy.front,
            shape,
            (w, h, bleed),
            token_radius,
            ox,
            oy,
        ),
        Shape::Board {
            w,
            h,
            bleed,
            turned: true,
        } => {
            let frame = Quarter {
                x: ox + h + 2.0 * (bleed + BOARD_MARKS),
                y: oy,
            };
            frame.draw(surface, ctx, |surface, ctx| {
                draw_small_board(surface, ctx, piece.copy.front, (w, h, bleed), 0.0, 0.0)
            });
        }
        Shape::Board { w, h, bleed, .. } | Shape::MarkedCard { w, h, bleed } => {
            draw_small_board(surface, ctx, piece.copy.front, (w, h, bleed), ox, oy)
        }
        Shape::Card {
            w,
            h,
            bleed,
            radius,
            top,
            windows,
            turned,
        } => {
            let face = match top {
                true => piece
                    .copy
                    .extra
                    .first()
                    .copied()
                    .unwrap_or(piece.copy.front),
                false => piece.copy.front,
            };
            let windows = if top { windows } else { &[] };
            let card = (w, h, bleed, radius);
            match turned {
                true => draw_turned_card(surface, ctx, face, card, windows, ox, oy),
                false => draw_card(surface, ctx, face, card, windows, ox, oy),
            }
        }
    }
}

/// The label of a shared page: the components on it, each named once, and how to finish
/// them (folded, for a die or a standee, else cut).
fn page_label(
    sheets: &SharedSheets,
    on_page: &[(&Piece, Spot)],
    words: &SheetWords,
    at: (usize, usize),
    backs: bool,
    stem: &str,
) -> String {
    let mut names: Vec<&str> = on_page
        .iter()
        .map(|(p, _)| sheets.owners[p.owner].as_str())
        .collect();
    names.dedup();
    let folds = on_page
        .iter()
        .any(|(p, _)| matches!(p.shape, Shape::Die(_) | Shape::Standee(_)));
    shared_label(sheets, words, &names, at, (backs, folds), stem)
}

/// The label of shared sheet `n` of `of`: the game, the components on it and how to finish it.
fn shared_label(
    sheets: &SharedSheets,
    w: &SheetWords,
    names: &[&str],
    (n, of): (usize, usize),
    (backs, folds): (bool, bool),
    stem: &str,
) -> String {
    let (n, of) = ((n + 1).to_string(), of.to_string());
    let at = [
        ("game", sheets.game),
        ("n", n.as_str()),
        ("of", of.as_str()),
    ];
    let names = names.join(", ");
    let rev = w.rev(sheets.revision);
    match sheets.cutter {
        Some(c) => {
            let how = if backs {
                &w.duplex_cut_from_front
            } else {
                &w.single_sided
            };
            let cut = fill(
                &w.print_and_cut,
                &[("machine", c.name()), ("how", how), ("stem", stem)],
            );
            format!("{}: {names} · {cut} · {rev}", fill(&w.cut_sheet, &at))
        }
        None => format!(
            "{}: {names} · {} · {} · {rev}",
            fill(&w.shared_sheet, &at),
            if backs { &w.fronts } else { &w.single_sided },
            if folds {
                &w.shared_finish
            } else {
                &w.cut_finish
            }
        ),
    }
}

/// The back a print-and-cut piece prints behind it: cards, tokens and dashboard bases.
fn back_of(piece: &Piece) -> Option<usize> {
    match piece.shape {
        Shape::Card { top: false, .. } | Shape::Token { .. } | Shape::MarkedCard { .. } => {
            piece.copy.back
        }
        _ => None,
    }
}

/// Print-and-cut: a card or dashboard layer, its face clipped to the piece's box (the bleed it
/// keeps), its stamp, and its cut: the trim with rounded corners, and the windows.
fn draw_card(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    (w, h, b, radius): (f32, f32, f32, f32),
    windows: &[Window],
    ox: f32,
    oy: f32,
) {
    let (whole, trim) = piece_rects(ox, oy, (w, h, b));
    place_stamped(surface, ctx, face, whole);
    ctx.cuts.push(CutPath::Rect { rect: trim, radius });
    for win in windows {
        let r = Rect {
            x: trim.x + win.x_mm,
            y: trim.y + win.y_mm,
            w: win.w_mm,
            h: win.h_mm,
        };
        draw_window(surface, ctx.font, r);
        ctx.cuts.push(CutPath::Rect {
            rect: r,
            radius: 0.0,
        });
    }
}

/// Print-and-cut: a card or dashboard layer lying a quarter turn clockwise in its spot at
/// (`ox`, `oy`). It is drawn upright in a frame turned so, and what the drawing recorded (its
/// cuts, where its face lies) is then turned onto the page the same way.
fn draw_turned_card(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    card: (f32, f32, f32, f32),
    windows: &[Window],
    ox: f32,
    oy: f32,
) {
    let (_, h, b, _) = card;
    let frame = Quarter {
        x: ox + h + 2.0 * b,
        y: oy,
    };
    frame.draw(surface, ctx, |surface, ctx| {
        draw_card(surface, ctx, face, card, windows, 0.0, 0.0)
    });
}

/// A frame turned a quarter clockwise about the page point (`x`, `y`), in mm: the frame's
/// origin lies there and its x axis points down the page.
#[derive(Clone, Copy)]
struct Quarter {
    x: f32,
    y: f32,
}

impl Quarter {
    /// Draws with `draw` upright in this frame, then turns what the drawing recorded (its
    /// cuts, where its faces lie) onto the page the same way.
    fn draw(self, surface: &mut Surface, ctx: &mut Ctx, draw: impl FnOnce(&mut Surface, &mut Ctx)) {
        let (cuts, placed) = (ctx.cuts.len(), ctx.placed.len());
        surface.push_transform(&self.transform());
        draw(surface, ctx);
        surface.pop();
        for cut in &mut ctx.cuts[cuts..] {
            *cut = self.cut(cut);
        }
        for p in &mut ctx.placed[placed..] {
            (p.rect, p.clip) = (self.rect(p.rect), self.rect(p.clip));
        }
    }

    fn transform(self) -> Transform {
        Transform::from_row(0.0, 1.0, -1.0, 0.0, mm(self.x), mm(self.y))
    }

    /// Where a point drawn in the frame lies on the page.
    fn point(self, x: f32, y: f32) -> (f32, f32) {
        (self.x - y, self.y + x)
    }

    /// Where a rectangle drawn in the frame lies on the page.
    fn rect(self, r: Rect) -> Rect {
        let (x, y) = self.point(r.x, r.bottom());
        Rect {
            x,
            y,
            w: r.h,
            h: r.w,
        }
    }

    /// Where a cut drawn in the frame lies on the page.
    fn cut(self, cut: &CutPath) -> CutPath {
        match *cut {
            CutPath::Rect { rect, radius } => CutPath::Rect {
                rect: self.rect(rect),
                radius,
            },
            CutPath::Circle { cx, cy, r } => {
                let (cx, cy) = self.point(cx, cy);
                CutPath::Circle { cx, cy, r }
            }
            CutPath::Line(l) => {
                let ((x1, y1), (x2, y2)) = (self.point(l.x1, l.y1), self.point(l.x2, l.y2));
                CutPath::Line(Line { x1, y1, x2, y2 })
            }
        }
    }
}

/// A die net: six faces, grey glue tabs, solid cuts and dashed folds.
fn draw_die(surface: &mut Surface, ctx: &mut Ctx, copy: &CardCopy, net: &DieNet, ox: f32, oy: f32) {
    let faces: Vec<usize> = std::iter::once(copy.front)
        .chain(copy.extra.iter().copied())
        .collect();
    for (rect, &face) in net.faces.iter().zip(&faces) {
        let g = ctx.forms.get(surface, ctx.faces, ctx.trees, face);
        surface.push_transform(&Transform::from_translate(mm(ox + rect.x), mm(oy + rect.y)));
        surface.draw_graphic(g);
        let r = rect.translate(ox, oy);
        ctx.placed.push(Placed {
            face,
            rect: r,
            clip: r,
            anticlockwise: false,
        });
        surface.pop();
    }
    let shift = |l: &Line| l.translate(ox, oy);
    fill_polygons_grey(
        surface,
        &net.tabs,
        ox,
        oy,
        if ctx.saver { 240 } else { 215 },
    );
    let cuts: Vec<Line> = net.cuts.iter().map(shift).collect();
    let folds: Vec<Line> = net.folds.iter().map(shift).collect();
    if ctx.machine {
        ctx.cuts.extend(cuts.iter().map(|l| CutPath::Line(*l)));
        ctx.scores.extend(folds.iter().map(|l| CutPath::Line(*l)));
    } else {
        stroke_lines(surface, &cuts, CUT_PT * 1.5, None);
    }
    stroke_lines(surface, &folds, CUT_PT, Some(&[2.0, 1.5]));
}

/// A fold-over standee: front, back turned over, grey bases, outline and folds.
fn draw_standee(
    surface: &mut Surface,
    ctx: &mut Ctx,
    copy: &CardCopy,
    standee: &Standee,
    ox: f32,
    oy: f32,
) {
    let front = standee.front.translate(ox, oy);
    let back = standee.back.translate(ox, oy);
    let g = ctx.forms.get(surface, ctx.faces, ctx.trees, copy.front);
    surface.push_transform(&Transform::from_translate(mm(front.x), mm(front.y)));
    surface.draw_graphic(g.clone());
    ctx.placed.push(Placed {
        face: copy.front,
        rect: front,
        clip: front,
        anticlockwise: false,
    });
    surface.pop();
    // The back reads upright once folded over the top: turn a back face by 180°;
    // without one, mirror the front top to bottom (its silhouette from behind).
    let (g, t) = match copy.back {
        Some(b) => (
            ctx.forms.get(surface, ctx.faces, ctx.trees, b),
            Transform::from_row(-1.0, 0.0, 0.0, -1.0, mm(back.right()), mm(back.bottom())),
        ),
        None => (
            g,
            Transform::from_row(1.0, 0.0, 0.0, -1.0, mm(back.x), mm(back.bottom())),
        ),
    };
    surface.push_transform(&t);
    surface.draw_graphic(g);
    surface.pop();
    for base in &standee.bases {
        let r = base.translate(ox, oy);
        fill_rect(surface, r, if ctx.saver { 0.95 } else { 0.85 });
    }
    let outline = standee.outline.translate(ox, oy);
    let folds: Vec<Line> = standee.folds.iter().map(|l| l.translate(ox, oy)).collect();
    if ctx.machine {
        ctx.cuts.push(CutPath::Rect {
            rect: outline,
            radius: 0.0,
        });
        ctx.scores.extend(folds.iter().map(|l| CutPath::Line(*l)));
    } else {
        let mut pb = PathBuilder::new();
        push_rect(&mut pb, outline);
        stroke_path(surface, pb, CUT_PT * 1.5, None);
    }
    stroke_lines(surface, &folds, CUT_PT, Some(&[2.0, 1.5]));
}

/// A token: its face with the whole bleed, its revision stamp and its cut outline.
#[allow(clippy::too_many_arguments)]
fn draw_token(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    shape: TokenShape,
    (w, h, b): (f32, f32, f32),
    radius: f32,
    ox: f32,
    oy: f32,
) {
    let (whole, trim) = piece_rects(ox, oy, (w, h, b));
    // Tokens carry no revision stamp: on a small piece it reads as a misprint.
    place_face_centred(surface, ctx, face, whole);
    if ctx.machine {
        ctx.cuts.push(match shape {
            TokenShape::Circle => CutPath::Circle {
                cx: trim.x + trim.w / 2.0,
                cy: trim.y + trim.h / 2.0,
                r: trim.w.min(trim.h) / 2.0,
            },
            TokenShape::Square => CutPath::Rect { rect: trim, radius },
        });
        return;
    }
    let mut pb = PathBuilder::new();
    match shape {
        TokenShape::Circle => push_circle(&mut pb, trim),
        TokenShape::Square => push_rect(&mut pb, trim),
    }
    stroke_path(surface, pb, CUT_PT, None);
}

/// A small board: its face with the whole bleed and crop marks on its four cuts.
fn draw_small_board(
    surface: &mut Surface,
    ctx: &mut Ctx,
    face: usize,
    (w, h, b): (f32, f32, f32),
    ox: f32,
    oy: f32,
) {
    let (whole, trim) = piece_rects(ox + BOARD_MARKS, oy + BOARD_MARKS, (w, h, b));
    place_face(surface, ctx, face, whole);
    if ctx.machine {
        ctx.cuts.push(CutPath::Rect {
            rect: trim,
            radius: 0.0,
        });
    }
    let mut marks = Vec::new();
    for x in [trim.x, trim.right()] {
        for (from, dir) in [(whole.y, -1.0), (whole.bottom(), 1.0)] {
            marks.push(Line {
                x1: x,
                y1: from + dir * MARK_GAP,
                x2: x,
                y2: from + dir * (MARK_GAP + TILE_MARK),
            });
        }
    }
    for y in [trim.y, trim.bottom()] {
        for (from, dir) in [(whole.x, -1.0), (whole.right(), 1.0)] {
            marks.push(Line {
                x1: from + dir * MARK_GAP,
                y1: y,
                x2: from + dir * (MARK_GAP + TILE_MARK),
                y2: y,
            });
        }
    }
    stroke_lines(surface, &marks, CUT_PT, None);
}

/// A face centred on `whole`, with the revision stamp at its trim.
fn place_stamped(surface: &mut Surface, ctx: &mut Ctx, face: usize, whole: Rect) {
    place_face_centred(surface, ctx, face, whole);
    let text = stamp_text(ctx.revision, &ctx.faces[face].hash);
    let spot = cached(
        ctx.stamps,
        (ctx.faces, ctx.forms.trees(ctx.trees)),
        face,
        ctx.print,
        &text,
    );
    // The face is centred in `whole`: its own top-left corner.
    let f = &ctx.faces[face];
    let (fw, fh) = (
        f.size.width_mm + 2.0 * f.bleed,
        f.size.height_mm + 2.0 * f.bleed,
    );
    let (ox, oy) = (
        whole.x - (fw - whole.w) / 2.0,
        whole.y - (fh - whole.h) / 2.0,
    );
    if let Some(s) = spot {
        let at = StampSpot {
            x: ox + s.x,
            baseline: oy + s.baseline,
            ..s
        };
        draw_stamp_at(surface, ctx.font, at, &text);
    }
}

/// A piece at (`ox`, `oy`): its whole face, bleed included, and its trim `w` × `h` inside.
fn piece_rects(ox: f32, oy: f32, (w, h, b): (f32, f32, f32)) -> (Rect, Rect) {
    let whole = Rect {
        x: ox,
        y: oy,
        w: w + 2.0 * b,
        h: h + 2.0 * b,
    };
    let trim = Rect {
        x: ox + b,
        y: oy + b,
        w,
        h,
    };
    (whole, trim)
}

/// Draws a face centred on `whole` and clipped to it: a piece that keeps less bleed than its
/// face has (print-and-cut) shows the middle of the face; the same as [`place_face`] otherwise.
fn place_face_centred(surface: &mut Surface, ctx: &mut Ctx, face: usize, whole: Rect) {
    let f = &ctx.faces[face];
    let (fw, fh) = (
        f.size.width_mm + 2.0 * f.bleed,
        f.size.height_mm + 2.0 * f.bleed,
    );
    if (fw - whole.w).abs() < 1e-4 && (fh - whole.h).abs() < 1e-4 {
        place_face(surface, ctx, face, whole);
        return;
    }
    let rect = Rect {
        x: whole.x - (fw - whole.w) / 2.0,
        y: whole.y - (fh - whole.h) / 2.0,
        w: fw,
        h: fh,
    };
    let g = ctx.forms.get(surface, ctx.faces, ctx.trees, face);
    push_clip(surface, whole);
    surface.push_transform(&Transform::from_translate(mm(rect.x), mm(rect.y)));
    surface.draw_graphic(g);
    surface.pop();
    surface.pop();
    ctx.placed.push(Placed {
        face,
        rect,
        clip: whole,
        anticlockwise: false,
    });
}

/// Draws a whole face (bleed included) at `whole`, clipped to it.
fn place_face(surface: &mut Surface, ctx: &mut Ctx, face: usize, whole: Rect) {
    let g = ctx.forms.get(surface, ctx.faces, ctx.trees, face);
    push_clip(surface, whole);
    surface.push_transform(&Transform::from_translate(mm(whole.x), mm(whole.y)));
    surface.draw_graphic(g);
    surface.pop();
    surface.pop();
    ctx.placed.push(Placed {
        face,
        rect: whole,
        clip: whole,
        anticlockwise: false,
    });
}
