//! Drawing pages into a PDF with krilla: faces placed by the layout modules (`imposition`,
//! `tiling`, `nets`), cut and fold guides, the check ruler and the page label.
//!
//! Each unique face becomes one PDF form XObject (a krilla `Graphic`), created the first time it
//! is drawn and reused for every copy, so 40 copies of a card cost one face in the file.

use std::collections::HashMap;

use krilla::Document;
use krilla::geom::{PathBuilder, Point, Size, Transform};
use krilla::graphic::Graphic;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke, StrokeDash};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};

use crate::error::{Error, Result};
use crate::layout::imposition::{Band, BandSide, Grid, Line, Rect};
use crate::layout::nets::{DieNet, Standee};
use crate::layout::tiling::{LABEL_BAND, TILE_MARGIN, TileLayout};
use crate::model::print::{CropMarks, Duplex, Paper, PrintProfile, RevisionStamp, mm};
use crate::model::{TokenShape, Window};
use crate::render::faces::{CardCopy, Face};

/// Line width of cut guides, in points (a hairline that still prints on laser printers).
const CUT_PT: f32 = 0.3;
/// Font size of page labels, in points.
const LABEL_PT: f32 = 6.5;
/// Space between shapes (dice, standees) laid out on a page.
const SHAPE_GAP: f32 = 6.0;

/// How the pieces of a grid of faces are separated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CutStyle {
    /// Crop marks in the margin (cards, dashboards).
    CropMarks,
    /// An outline around every piece (tokens).
    Outline(TokenShape),
}

/// A deck of equal pieces to put on sheets.
pub struct DeckSheets<'a> {
    /// "Death to Decorum · Facility Deck", printed in the margin.
    pub title: String,
    pub revision: &'a str,
    pub grid: Grid,
    pub copies: &'a [CardCopy],
    pub print: &'a PrintProfile,
    pub cut: CutStyle,
    /// Dashboards: windows to cut out of the top layer (`copies[i].extra[0]`).
    pub windows: &'a [Window],
}

/// Where a component's pages ended up (1-based page numbers of its document).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PagesUsed {
    pub sheets: usize,
    pub pages: Vec<usize>,
}

/// One PDF being written.
pub struct SheetWriter<'a> {
    doc: Document,
    faces: &'a [Face],
    trees: &'a [usvg::Tree],
    graphics: HashMap<usize, Graphic>,
    label_font: Font,
    paper: Paper,
    pages: usize,
    /// Size of every page written, in mm.
    sizes: Vec<(f32, f32)>,
    /// Where each face lands on each page (whole face, bleed included), for previews.
    placed: Vec<Vec<Placed>>,
}

/// A face drawn on a page, for previews: the face and its full (bleed-included) rectangle,
/// and the part of it that shows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub face: usize,
    pub rect: Rect,
    pub clip: Rect,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Front,
    Back,
}

impl<'a> SheetWriter<'a> {
    pub fn new(
        faces: &'a [Face],
        trees: &'a [usvg::Tree],
        label_font: &[u8],
        paper: Paper,
    ) -> Result<Self> {
        let label_font = Font::new(label_font.to_vec().into(), 0)
            .ok_or_else(|| Error::new("the bundled label font could not be read"))?;
        Ok(SheetWriter {
            doc: Document::new(),
            faces,
            trees,
            graphics: HashMap::new(),
            label_font,
            paper,
            pages: 0,
            sizes: Vec::new(),
            placed: Vec::new(),
        })
    }

    pub fn page_count(&self) -> usize {
        self.pages
    }

    /// Counts a finished page as one more sheet of `used`.
    fn count_page(&mut self, used: &mut PagesUsed) {
        self.pages += 1;
        used.pages.push(self.pages);
        used.sheets += 1;
    }

    /// Width and height in mm of every page so far.
    pub fn page_sizes(&self) -> &[(f32, f32)] {
        &self.sizes
    }

    /// The faces placed on every page so far.
    pub fn placements(&self) -> &[Vec<Placed>] {
        &self.placed
    }

    /// Serializes the document.
    pub fn finish(self) -> Result<Vec<u8>> {
        self.doc
            .finish()
            .map_err(|e| Error::new(format!("the PDF could not be written: {e:?}")))
    }

    /// Cards, tokens or dashboards on grid sheets: per sheet a fronts page, then a backs page
    /// (cards and tokens with backs) or a top-layer page (dual-layer dashboards).
    pub fn add_deck(&mut self, deck: &DeckSheets) -> PagesUsed {
        let grid = &deck.grid;
        let sheets: Vec<&[CardCopy]> = deck.copies.chunks(grid.per_sheet()).collect();
        let has_backs =
            deck.print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
        let has_top = deck.copies.iter().any(|c| !c.extra.is_empty());
        let mut used = PagesUsed {
            sheets: sheets.len(),
            pages: Vec::new(),
        };
        let of = sheets.len();
        for (n, copies) in sheets.iter().enumerate() {
            let what = if has_top { "base layer" } else { "fronts" };
            let label = format!(
                "{} · sheet {} of {of} · {what} · rev {}",
                deck.title,
                n + 1,
                deck.revision
            );
            self.grid_page(deck, copies, Side::Front, false, &label);
            used.pages.push(self.pages);
            if has_top {
                let label = format!(
                    "{} · sheet {} of {of} · top layer: cut out the hatched windows · rev {}",
                    deck.title,
                    n + 1,
                    deck.revision
                );
                self.grid_page(deck, copies, Side::Front, true, &label);
                used.pages.push(self.pages);
            }
            if has_backs {
                let flip = match deck.print.duplex {
                    Duplex::ShortEdge => "flip on the short edge",
                    _ => "flip on the long edge",
                };
                let label = format!(
                    "{} · sheet {} of {of} · backs ({flip}) · rev {}",
                    deck.title,
                    n + 1,
                    deck.revision
                );
                self.grid_page(deck, copies, Side::Back, false, &label);
                used.pages.push(self.pages);
            }
        }
        used
    }

    fn grid_page(
        &mut self,
        deck: &DeckSheets,
        copies: &[CardCopy],
        side: Side,
        top: bool,
        label: &str,
    ) {
        let grid = &deck.grid;
        let print = deck.print;
        self.sizes.push((grid.paper_w, grid.paper_h));
        self.placed.push(Vec::new());
        let mut page = self
            .doc
            .start_page_with(page_settings(grid.paper_w, grid.paper_h));
        let mut surface = page.surface();
        let place = |r: Rect| match side {
            Side::Front => r,
            Side::Back => grid.to_back(r, print.duplex, print.back_offset_mm),
        };
        for (slot, copy) in copies.iter().enumerate() {
            let face = match (side, top) {
                (Side::Front, false) => Some(copy.front),
                (Side::Front, true) => copy.extra.first().copied(),
                (Side::Back, _) => copy.back,
            };
            let Some(face) = face else { continue };
            let trim = place(grid.front_trim(slot));
            let clip = place(grid.front_bleed(slot));
            let graphic = graphic_for(
                &mut surface,
                &mut self.graphics,
                self.faces,
                self.trees,
                face,
            );
            surface.push_clip_path(&rect_path(clip), &FillRule::NonZero);
            surface.push_transform(&Transform::from_translate(
                mm(trim.x - grid.bleed),
                mm(trim.y - grid.bleed),
            ));
            surface.draw_graphic(graphic);
            let whole = trim.grow(grid.bleed, grid.bleed, grid.bleed, grid.bleed);
            if let Some(list) = self.placed.last_mut() {
                list.push(Placed {
                    face,
                    rect: whole,
                    clip,
                });
            }
            surface.pop();
            surface.pop();
            let shape = match deck.cut {
                CutStyle::Outline(shape) => shape,
                CutStyle::CropMarks => TokenShape::Square,
            };
            draw_stamp(
                &mut surface,
                &self.label_font,
                trim,
                shape,
                print,
                deck.revision,
                &self.faces[face].hash,
            );
            if top {
                for w in deck.windows {
                    let r = Rect {
                        x: trim.x + w.x_mm,
                        y: trim.y + w.y_mm,
                        w: w.w_mm,
                        h: w.h_mm,
                    };
                    draw_window(&mut surface, &self.label_font, r);
                }
            }
        }
        let mut lines: Vec<Line> = Vec::new();
        match deck.cut {
            CutStyle::CropMarks => {
                if print.crop_marks != CropMarks::None {
                    lines.extend(grid.crop_marks(copies.len()));
                }
                if print.crop_marks == CropMarks::Full {
                    lines.extend(grid.cut_lines(copies.len()));
                }
                if side == Side::Back {
                    for l in &mut lines {
                        *l = l.to_back(grid, print.duplex, print.back_offset_mm);
                    }
                }
                stroke_lines(&mut surface, &lines, CUT_PT, None);
            }
            CutStyle::Outline(shape) => {
                let mut pb = PathBuilder::new();
                for slot in 0..copies.len() {
                    let r = place(grid.front_trim(slot));
                    match shape {
                        TokenShape::Circle => push_circle(&mut pb, r),
                        TokenShape::Square => push_rect(&mut pb, r),
                    }
                }
                stroke_path(&mut surface, pb, CUT_PT, None);
            }
        }
        if let Some(band) = grid.band {
            draw_furniture(&mut surface, &self.label_font, band, self.paper, label);
        }
        surface.finish();
        page.finish();
        self.pages += 1;
    }

    /// A board: one page per tile, with overlap guides, registration crosses, trim marks and
    /// a label with a map of where the tile goes.
    pub fn add_board(
        &mut self,
        title: &str,
        revision: &str,
        face: usize,
        layout: &TileLayout,
    ) -> PagesUsed {
        let mut used = PagesUsed {
            sheets: 1,
            pages: Vec::new(),
        };
        for tile in &layout.tiles {
            self.sizes.push((layout.paper_w, layout.paper_h));
            self.placed.push(Vec::new());
            let mut page = self
                .doc
                .start_page_with(page_settings(layout.paper_w, layout.paper_h));
            let mut surface = page.surface();
            let graphic = graphic_for(
                &mut surface,
                &mut self.graphics,
                self.faces,
                self.trees,
                face,
            );
            surface.push_clip_path(&rect_path(tile.page_rect()), &FillRule::NonZero);
            surface.push_transform(&Transform::from_translate(
                mm(tile.page_x - tile.src.x),
                mm(tile.page_y - tile.src.y),
            ));
            surface.draw_graphic(graphic);
            if let Some(list) = self.placed.last_mut() {
                let rect = Rect {
                    x: tile.page_x - tile.src.x,
                    y: tile.page_y - tile.src.y,
                    w: layout.face_w,
                    h: layout.face_h,
                };
                list.push(Placed {
                    face,
                    rect,
                    clip: tile.page_rect(),
                });
            }
            surface.pop();
            surface.pop();
            stroke_lines(&mut surface, &layout.trim_marks(tile), CUT_PT, None);
            // Where the neighbours' edges go: dashed, drawn over the art.
            stroke_lines(
                &mut surface,
                &layout.alignment_lines(tile),
                CUT_PT * 1.5,
                Some(&[3.0, 2.0]),
            );
            let mut crosses = Vec::new();
            for (bx, by) in layout.registration_points(tile) {
                let (x, y) = tile.to_page(bx, by);
                crosses.push(Line {
                    x1: x - 2.5,
                    y1: y,
                    x2: x + 2.5,
                    y2: y,
                });
                crosses.push(Line {
                    x1: x,
                    y1: y - 2.5,
                    x2: x,
                    y2: y + 2.5,
                });
            }
            stroke_lines(&mut surface, &crosses, CUT_PT, None);
            let tiled = layout.tiles.len() > 1;
            let label = if tiled {
                format!(
                    "{title} · tile row {}, column {} of {} × {} · glue over the dashed strips, crosses on crosses · rev {revision}",
                    tile.row + 1,
                    tile.col + 1,
                    layout.rows,
                    layout.cols
                )
            } else {
                format!("{title} · rev {revision}")
            };
            let band = bottom_band(layout.paper_w, layout.paper_h);
            draw_furniture(&mut surface, &self.label_font, band, self.paper, &label);
            if tiled {
                draw_tile_map(&mut surface, layout, tile.row, tile.col);
            }
            surface.finish();
            page.finish();
            self.pages += 1;
            used.pages.push(self.pages);
        }
        used
    }

    /// Dice nets, as many to a page as fit.
    pub fn add_dice(
        &mut self,
        title: &str,
        revision: &str,
        copies: &[CardCopy],
        net: &DieNet,
    ) -> PagesUsed {
        let placements = shape_grid(self.paper, net.width, net.height);
        let mut used = PagesUsed::default();
        for chunk in copies.chunks(placements.len().max(1)) {
            let (pw, ph) = self.paper.size_mm();
            self.sizes.push((pw, ph));
            self.placed.push(Vec::new());
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            for (copy, &(ox, oy)) in chunk.iter().zip(&placements) {
                let faces: Vec<usize> = std::iter::once(copy.front)
                    .chain(copy.extra.iter().copied())
                    .collect();
                for (rect, &face) in net.faces.iter().zip(&faces) {
                    let g = graphic_for(
                        &mut surface,
                        &mut self.graphics,
                        self.faces,
                        self.trees,
                        face,
                    );
                    surface.push_transform(&Transform::from_translate(
                        mm(ox + rect.x),
                        mm(oy + rect.y),
                    ));
                    surface.draw_graphic(g);
                    if let Some(list) = self.placed.last_mut() {
                        let r = rect.translate(ox, oy);
                        list.push(Placed {
                            face,
                            rect: r,
                            clip: r,
                        });
                    }
                    surface.pop();
                }
                let shift = |l: &Line| l.translate(ox, oy);
                fill_polygons(&mut surface, &net.tabs, ox, oy);
                stroke_lines(
                    &mut surface,
                    &net.cuts.iter().map(shift).collect::<Vec<_>>(),
                    CUT_PT * 1.5,
                    None,
                );
                stroke_lines(
                    &mut surface,
                    &net.folds.iter().map(shift).collect::<Vec<_>>(),
                    CUT_PT,
                    Some(&[2.0, 1.5]),
                );
            }
            let label = format!(
                "{title} · cut the solid lines, fold the dashed ones, glue the grey tabs inside · rev {revision}"
            );
            draw_furniture(
                &mut surface,
                &self.label_font,
                bottom_band(pw, ph),
                self.paper,
                &label,
            );
            surface.finish();
            page.finish();
            self.count_page(&mut used);
        }
        used
    }

    /// Fold-over standees in rows.
    pub fn add_standees(
        &mut self,
        title: &str,
        revision: &str,
        copies: &[CardCopy],
        standee: &Standee,
    ) -> PagesUsed {
        let placements = shape_grid(self.paper, standee.outline.w, standee.outline.h);
        let mut used = PagesUsed::default();
        for chunk in copies.chunks(placements.len().max(1)) {
            let (pw, ph) = self.paper.size_mm();
            self.sizes.push((pw, ph));
            self.placed.push(Vec::new());
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            for (copy, &(ox, oy)) in chunk.iter().zip(&placements) {
                let front = standee.front.translate(ox, oy);
                let back = standee.back.translate(ox, oy);
                let g = graphic_for(
                    &mut surface,
                    &mut self.graphics,
                    self.faces,
                    self.trees,
                    copy.front,
                );
                surface.push_transform(&Transform::from_translate(mm(front.x), mm(front.y)));
                surface.draw_graphic(g.clone());
                if let Some(list) = self.placed.last_mut() {
                    list.push(Placed {
                        face: copy.front,
                        rect: front,
                        clip: front,
                    });
                }
                surface.pop();
                // The back reads upright once folded over the top: turn a back face by 180°;
                // without one, mirror the front top to bottom (its silhouette from behind).
                let (g, t) = match copy.back {
                    Some(b) => (
                        graphic_for(&mut surface, &mut self.graphics, self.faces, self.trees, b),
                        Transform::from_row(
                            -1.0,
                            0.0,
                            0.0,
                            -1.0,
                            mm(back.right()),
                            mm(back.bottom()),
                        ),
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
                    fill_rect(&mut surface, r, 0.85);
                }
                let outline = standee.outline.translate(ox, oy);
                let mut pb = PathBuilder::new();
                push_rect(&mut pb, outline);
                stroke_path(&mut surface, pb, CUT_PT * 1.5, None);
                let folds: Vec<Line> = standee.folds.iter().map(|l| l.translate(ox, oy)).collect();
                stroke_lines(&mut surface, &folds, CUT_PT, Some(&[2.0, 1.5]));
            }
            let label = format!(
                "{title} · cut out, fold on the dashed lines, fold the grey bases outwards · rev {revision}"
            );
            draw_furniture(
                &mut surface,
                &self.label_font,
                bottom_band(pw, ph),
                self.paper,
                &label,
            );
            surface.finish();
            page.finish();
            self.count_page(&mut used);
        }
        used
    }
}

impl SheetWriter<'_> {
    /// Plain list pages (the parts to buy, a changelog): a title, then one line per entry,
    /// continued on further pages as needed.
    pub fn add_list_page(&mut self, title: &str, intro: &str, rows: &[String]) -> PagesUsed {
        let (pw, ph) = self.paper.size_mm();
        // Wrap long rows (about 0.53 em a character at 9.5 pt) with a hanging indent.
        let max_chars = ((pw - 2.0 * TILE_MARGIN - 16.0) / 1.78).floor() as usize;
        let wrapped: Vec<String> = rows.iter().flat_map(|r| wrap(r, max_chars)).collect();
        let rows = &wrapped[..];
        let per_page = (((ph - 52.0 - 20.0) / 7.0).floor() as usize).max(1);
        let chunks: Vec<&[String]> = if rows.is_empty() {
            vec![&[][..]]
        } else {
            rows.chunks(per_page).collect()
        };
        let mut used = PagesUsed::default();
        for (n, chunk) in chunks.iter().enumerate() {
            self.sizes.push((pw, ph));
            self.placed.push(Vec::new());
            let mut page = self.doc.start_page_with(page_settings(pw, ph));
            let mut surface = page.surface();
            let x = mm(TILE_MARGIN + 8.0);
            surface.set_fill(Some(Fill::default()));
            let heading = if n == 0 {
                title.to_owned()
            } else {
                format!("{title} (continued)")
            };
            surface.draw_text(
                Point::from_xy(x, mm(30.0)),
                self.label_font.clone(),
                16.0,
                &heading,
                false,
                TextDirection::Auto,
            );
            surface.draw_text(
                Point::from_xy(x, mm(40.0)),
                self.label_font.clone(),
                9.0,
                intro,
                false,
                TextDirection::Auto,
            );
            for (i, row) in chunk.iter().enumerate() {
                let y = mm(52.0 + i as f32 * 7.0);
                surface.draw_text(
                    Point::from_xy(x, y),
                    self.label_font.clone(),
                    9.5,
                    row,
                    false,
                    TextDirection::Auto,
                );
            }
            surface.set_fill(None);
            surface.finish();
            page.finish();
            self.count_page(&mut used);
        }
        used
    }
}

/// Splits `text` into lines of at most `width` characters at spaces; continuation lines are
/// indented.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let cur = lines.last_mut().expect("never empty");
        if !cur.trim().is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
            lines.push(format!("    {word}"));
        } else {
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
        }
    }
    lines
}

fn page_settings(w_mm: f32, h_mm: f32) -> PageSettings {
    PageSettings::from_wh(mm(w_mm), mm(h_mm)).expect("paper sizes are positive")
}

/// Top-left corners of equal shapes laid out in rows on `paper`, leaving the label band.
fn shape_grid(paper: Paper, w: f32, h: f32) -> Vec<(f32, f32)> {
    let (pw, ph) = paper.size_mm();
    let usable_w = pw - 2.0 * TILE_MARGIN;
    let usable_h = ph - 2.0 * TILE_MARGIN - LABEL_BAND;
    let cols = (((usable_w + SHAPE_GAP) / (w + SHAPE_GAP)).floor() as usize).max(1);
    let rows = (((usable_h + SHAPE_GAP) / (h + SHAPE_GAP)).floor() as usize).max(1);
    let block_w = cols as f32 * w + (cols - 1) as f32 * SHAPE_GAP;
    let x0 = (pw - block_w) / 2.0;
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            out.push((
                x0 + c as f32 * (w + SHAPE_GAP),
                TILE_MARGIN + r as f32 * (h + SHAPE_GAP),
            ));
        }
    }
    out
}

/// The furniture band at the bottom of a page that has no grid.
fn bottom_band(pw: f32, ph: f32) -> Band {
    Band {
        side: BandSide::Bottom,
        start: TILE_MARGIN,
        length: pw - 2.0 * TILE_MARGIN,
        inner: ph - TILE_MARGIN - LABEL_BAND + 4.0,
    }
}

/// The form XObject of a face, made on first use.
fn graphic_for(
    surface: &mut Surface,
    cache: &mut HashMap<usize, Graphic>,
    faces: &[Face],
    trees: &[usvg::Tree],
    face: usize,
) -> Graphic {
    if let Some(g) = cache.get(&face) {
        return g.clone();
    }
    let f = &faces[face];
    let (w, h) = (
        f.size.width_mm + 2.0 * f.bleed,
        f.size.height_mm + 2.0 * f.bleed,
    );
    let mut builder = surface.stream_builder();
    let mut sub = builder.surface();
    sub.draw_svg(
        &trees[face],
        Size::from_wh(mm(w), mm(h)).expect("face sizes are positive"),
        SvgSettings::default(),
    );
    sub.finish();
    let graphic = Graphic::new(builder.finish(), false);
    cache.insert(face, graphic.clone());
    graphic
}

/// Size of the revision stamp, in points (about 1.2 mm capitals).
const STAMP_PT: f32 = 3.4;

/// The stamp text: revision and the first six hex digits of the face's content hash.
pub fn stamp_text(revision: &str, hash: &str) -> String {
    format!("{revision}·{}", &hash[..hash.len().min(6)])
}

/// Draws the revision stamp of a face placed at `trim`: bottom-left in the cut margin, or just
/// inside the safe zone; on round tokens, centred at the bottom.
fn draw_stamp(
    surface: &mut Surface,
    font: &Font,
    trim: Rect,
    shape: TokenShape,
    print: &PrintProfile,
    revision: &str,
    hash: &str,
) {
    let inset = match print.revision_stamp {
        RevisionStamp::None => return,
        RevisionStamp::Margin => (print.safe_zone_mm * 0.5).min(1.6),
        RevisionStamp::SafeZone => print.safe_zone_mm + 0.4,
    };
    let text = stamp_text(revision, hash);
    let baseline = trim.bottom() - inset;
    let x = match shape {
        // A circle is narrow near its bottom: centre the stamp (about 0.6 mm a character).
        TokenShape::Circle => trim.x + trim.w / 2.0 - text.chars().count() as f32 * 0.3,
        TokenShape::Square => trim.x + inset.max(1.5) + 0.5,
    };
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(110).into(),
        ..Fill::default()
    }));
    surface.draw_text(
        Point::from_xy(mm(x), mm(baseline)),
        font.clone(),
        STAMP_PT,
        &text,
        false,
        TextDirection::Auto,
    );
    surface.set_fill(None);
}

/// The check ruler ("this bar must measure 50 mm") and the page label, in a band beyond the
/// crop marks.
fn draw_furniture(surface: &mut Surface, font: &Font, band: Band, paper: Paper, label: &str) {
    let (ruler_mm, ruler_name) = paper.check_length_mm();
    // Local frame: u along the band, v away from the cards, both in mm.
    let frame = match band.side {
        BandSide::Bottom => Transform::from_translate(mm(band.start), mm(band.inner)),
        BandSide::Right => Transform::from_row(
            0.0,
            -1.0,
            1.0,
            0.0,
            mm(band.inner),
            mm(band.start + band.length),
        ),
    };
    surface.push_transform(&frame);
    let bar_h = 1.6;
    let mut pb = PathBuilder::new();
    push_rect(
        &mut pb,
        Rect {
            x: 0.0,
            y: 0.0,
            w: ruler_mm,
            h: bar_h,
        },
    );
    // A tick every 10 mm (every 1/4 in on Letter).
    let step = if paper == Paper::A4 { 10.0 } else { 25.4 / 4.0 };
    let mut u = step;
    while u < ruler_mm - 0.01 {
        pb.move_to(mm(u), 0.0);
        pb.line_to(mm(u), mm(bar_h * 0.6));
        u += step;
    }
    stroke_path(surface, pb, CUT_PT, None);
    let check = format!("Print at 100 % (actual size): this bar must measure {ruler_name}.");
    draw_label(surface, font, mm(ruler_mm + 2.0), mm(bar_h), &check);
    draw_label(surface, font, 0.0, mm(bar_h + 3.2), label);
    surface.pop();
}

fn draw_label(surface: &mut Surface, font: &Font, x: f32, y: f32, text: &str) {
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        opacity: NormalizedF32::ONE,
        ..Fill::default()
    }));
    surface.draw_text(
        Point::from_xy(x, y),
        font.clone(),
        LABEL_PT,
        text,
        false,
        TextDirection::Auto,
    );
    surface.set_fill(None);
}

/// A small map of the tiles with this one filled, at the right end of the label band.
fn draw_tile_map(surface: &mut Surface, layout: &TileLayout, row: usize, col: usize) {
    let cell = 3.0;
    let x0 = layout.paper_w - TILE_MARGIN - layout.cols as f32 * cell;
    let y0 = layout.paper_h - TILE_MARGIN - layout.rows as f32 * cell;
    let mut pb = PathBuilder::new();
    for r in 0..layout.rows {
        for c in 0..layout.cols {
            push_rect(
                &mut pb,
                Rect {
                    x: x0 + c as f32 * cell,
                    y: y0 + r as f32 * cell,
                    w: cell,
                    h: cell,
                },
            );
        }
    }
    stroke_path(surface, pb, CUT_PT, None);
    fill_rect(
        surface,
        Rect {
            x: x0 + col as f32 * cell,
            y: y0 + row as f32 * cell,
            w: cell,
            h: cell,
        },
        0.2,
    );
}

/// A window to cut out of a dashboard's top layer: solid cut line, hatching, "cut out".
fn draw_window(surface: &mut Surface, font: &Font, r: Rect) {
    fill_rect(surface, r, 1.0);
    surface.push_clip_path(&rect_path(r), &FillRule::NonZero);
    let mut hatch = Vec::new();
    let mut d = -r.h;
    while d < r.w {
        hatch.push(Line {
            x1: r.x + d,
            y1: r.bottom(),
            x2: r.x + d + r.h,
            y2: r.y,
        });
        d += 2.5;
    }
    stroke_lines(surface, &hatch, 0.25, None);
    surface.pop();
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    stroke_path(surface, pb, CUT_PT * 2.0, None);
    if r.w > 14.0 && r.h > 4.0 {
        fill_rect(
            surface,
            Rect {
                x: r.x + r.w / 2.0 - 6.5,
                y: r.y + r.h / 2.0 - 1.8,
                w: 13.0,
                h: 3.4,
            },
            1.0,
        );
        draw_label(
            surface,
            font,
            mm(r.x + r.w / 2.0 - 5.6),
            mm(r.y + r.h / 2.0 + 0.9),
            "CUT OUT",
        );
    }
}

fn rect_path(r: Rect) -> krilla::geom::Path {
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    pb.finish().expect("a rectangle is a path")
}

fn push_rect(pb: &mut PathBuilder, r: Rect) {
    if let Some(rect) = krilla::geom::Rect::from_xywh(mm(r.x), mm(r.y), mm(r.w), mm(r.h)) {
        pb.push_rect(rect);
    }
}

/// A circle inscribed in `r`, as four Bézier quarter arcs.
fn push_circle(pb: &mut PathBuilder, r: Rect) {
    let (cx, cy, rad) = (
        mm(r.x + r.w / 2.0),
        mm(r.y + r.h / 2.0),
        mm(r.w.min(r.h) / 2.0),
    );
    let k = 0.552_284_8 * rad;
    pb.move_to(cx + rad, cy);
    pb.cubic_to(cx + rad, cy + k, cx + k, cy + rad, cx, cy + rad);
    pb.cubic_to(cx - k, cy + rad, cx - rad, cy + k, cx - rad, cy);
    pb.cubic_to(cx - rad, cy - k, cx - k, cy - rad, cx, cy - rad);
    pb.cubic_to(cx + k, cy - rad, cx + rad, cy - k, cx + rad, cy);
    pb.close();
}

fn fill_rect(surface: &mut Surface, r: Rect, lightness: f32) {
    let mut pb = PathBuilder::new();
    push_rect(&mut pb, r);
    let Some(path) = pb.finish() else { return };
    let l = (lightness.clamp(0.0, 1.0) * 255.0) as u8;
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(l).into(),
        ..Fill::default()
    }));
    surface.draw_path(&path);
    surface.set_fill(None);
}

fn fill_polygons(surface: &mut Surface, polys: &[[(f32, f32); 4]], ox: f32, oy: f32) {
    let mut pb = PathBuilder::new();
    for q in polys {
        pb.move_to(mm(q[0].0 + ox), mm(q[0].1 + oy));
        for p in &q[1..] {
            pb.line_to(mm(p.0 + ox), mm(p.1 + oy));
        }
        pb.close();
    }
    let Some(path) = pb.finish() else { return };
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        paint: krilla::color::luma::Color::new(215).into(),
        ..Fill::default()
    }));
    surface.draw_path(&path);
    surface.set_fill(None);
}

fn stroke_path(surface: &mut Surface, pb: PathBuilder, width_pt: f32, dash: Option<&[f32]>) {
    let Some(path) = pb.finish() else { return };
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke {
        width: width_pt,
        dash: dash.map(|d| StrokeDash {
            array: d.iter().map(|v| mm(*v)).collect(),
            offset: 0.0,
        }),
        ..Stroke::default()
    }));
    surface.draw_path(&path);
    surface.set_stroke(None);
}

fn stroke_lines(surface: &mut Surface, lines: &[Line], width_pt: f32, dash: Option<&[f32]>) {
    if lines.is_empty() {
        return;
    }
    let mut pb = PathBuilder::new();
    for l in lines {
        pb.move_to(mm(l.x1), mm(l.y1));
        pb.line_to(mm(l.x2), mm(l.y2));
    }
    stroke_path(surface, pb, width_pt, dash);
}
