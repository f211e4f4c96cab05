//! Drawing sheets into a PDF with krilla: faces placed by the imposition, crop marks, the check
//! ruler and the sheet label.
//!
//! Each unique face becomes one PDF form XObject (a krilla `Graphic`), created the first time it
//! is drawn and reused for every copy, so 40 copies of a card cost one face in the file.

use std::collections::HashMap;

use krilla::Document;
use krilla::geom::{PathBuilder, Point, Size, Transform};
use krilla::graphic::Graphic;
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, FillRule, Stroke};
use krilla::surface::Surface;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};

use crate::error::{Error, Result};
use crate::faces::{CardCopy, Face};
use crate::imposition::{Band, BandSide, Grid, Line, Rect};
use crate::print::{CropMarks, Duplex, PrintProfile, mm};

/// Line width of crop marks, in points (a hairline that still prints on laser printers).
const MARK_WIDTH_PT: f32 = 0.3;
/// Font size of sheet labels, in points.
const LABEL_PT: f32 = 6.5;

/// A deck to put on sheets.
pub struct DeckSheets<'a> {
    /// "Death to Decorum · Facility Deck", printed in the margin.
    pub title: String,
    pub revision: &'a str,
    pub grid: Grid,
    pub copies: &'a [CardCopy],
    pub print: &'a PrintProfile,
}

/// Where a deck's pages ended up (1-based page numbers of the document).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PagesUsed {
    pub sheets: usize,
    pub pages: Vec<usize>,
}

/// One PDF of sheets being written.
pub struct SheetWriter<'a> {
    doc: Document,
    faces: &'a [Face],
    trees: &'a [usvg::Tree],
    graphics: HashMap<usize, Graphic>,
    label_font: Font,
    pages: usize,
}

impl<'a> SheetWriter<'a> {
    pub fn new(faces: &'a [Face], trees: &'a [usvg::Tree], label_font: &[u8]) -> Result<Self> {
        let label_font = Font::new(label_font.to_vec().into(), 0)
            .ok_or_else(|| Error::new("the bundled label font could not be read"))?;
        Ok(SheetWriter {
            doc: Document::new(),
            faces,
            trees,
            graphics: HashMap::new(),
            label_font,
            pages: 0,
        })
    }

    /// Adds the front (and back) pages of a deck.
    pub fn add_deck(&mut self, deck: &DeckSheets) -> PagesUsed {
        let grid = &deck.grid;
        let sheets: Vec<&[CardCopy]> = deck.copies.chunks(grid.per_sheet()).collect();
        let has_backs =
            deck.print.duplex != Duplex::None && deck.copies.iter().any(|c| c.back.is_some());
        let mut used = PagesUsed {
            sheets: sheets.len(),
            pages: Vec::new(),
        };
        for (n, copies) in sheets.iter().enumerate() {
            let label = format!(
                "{} · sheet {} of {} · fronts · rev {}",
                deck.title,
                n + 1,
                sheets.len(),
                deck.revision
            );
            self.sheet_page(deck, copies, Side::Front, &label);
            used.pages.push(self.pages);
            if has_backs {
                let flip = match deck.print.duplex {
                    Duplex::ShortEdge => "flip on the short edge",
                    _ => "flip on the long edge",
                };
                let label = format!(
                    "{} · sheet {} of {} · backs ({flip}) · rev {}",
                    deck.title,
                    n + 1,
                    sheets.len(),
                    deck.revision
                );
                self.sheet_page(deck, copies, Side::Back, &label);
                used.pages.push(self.pages);
            }
        }
        used
    }

    fn sheet_page(&mut self, deck: &DeckSheets, copies: &[CardCopy], side: Side, label: &str) {
        let grid = &deck.grid;
        let print = deck.print;
        let settings = PageSettings::from_wh(mm(grid.paper_w), mm(grid.paper_h))
            .expect("paper sizes are positive");
        let mut page = self.doc.start_page_with(settings);
        let mut surface = page.surface();
        let place = |r: Rect| match side {
            Side::Front => r,
            Side::Back => grid.to_back(r, print.duplex, print.back_offset_mm),
        };
        for (slot, copy) in copies.iter().enumerate() {
            let face = match side {
                Side::Front => Some(copy.front),
                Side::Back => copy.back,
            };
            let Some(face) = face else { continue };
            let trim = place(grid.front_trim(slot));
            let clip = place(grid.front_bleed(slot));
            // The clip is mirrored with the slot, the face itself never is.
            let graphic = graphic_for(
                &mut surface,
                &mut self.graphics,
                self.faces,
                self.trees,
                face,
                grid.bleed,
            );
            surface.push_clip_path(&rect_path(clip), &FillRule::NonZero);
            surface.push_transform(&Transform::from_translate(
                mm(trim.x - grid.bleed),
                mm(trim.y - grid.bleed),
            ));
            surface.draw_graphic(graphic);
            surface.pop();
            surface.pop();
        }

        let mut lines: Vec<Line> = Vec::new();
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
        stroke_lines(&mut surface, &lines, MARK_WIDTH_PT);
        if let Some(band) = grid.band {
            draw_furniture(&mut surface, &self.label_font, band, grid, label);
        }
        surface.finish();
        page.finish();
        self.pages += 1;
    }

    pub fn page_count(&self) -> usize {
        self.pages
    }

    /// Serializes the document.
    pub fn finish(self) -> Result<Vec<u8>> {
        self.doc
            .finish()
            .map_err(|e| Error::new(format!("the PDF could not be written: {e:?}")))
    }
}

/// The check ruler ("this bar is 50 mm long at 100 %") and the sheet label, in the band
/// beyond the crop marks.
fn draw_furniture(surface: &mut Surface, font: &Font, band: Band, grid: &Grid, label: &str) {
    let paper = if (grid.paper_w - 210.0).abs() < 0.5 {
        crate::print::Paper::A4
    } else {
        crate::print::Paper::Letter
    };
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
    // The bar: outline with a tick every 10 mm (every 1/4 in on Letter).
    let bar_h = 1.6;
    let mut pb = PathBuilder::new();
    pb.push_rect(krilla::geom::Rect::from_xywh(0.0, 0.0, mm(ruler_mm), mm(bar_h)).unwrap());
    let step = if paper == crate::print::Paper::A4 {
        10.0
    } else {
        25.4 / 4.0
    };
    let mut u = step;
    while u < ruler_mm - 0.01 {
        pb.move_to(mm(u), 0.0);
        pb.line_to(mm(u), mm(bar_h * 0.6));
        u += step;
    }
    if let Some(path) = pb.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            width: MARK_WIDTH_PT,
            ..Stroke::default()
        }));
        surface.draw_path(&path);
    }
    surface.set_stroke(None);
    surface.set_fill(Some(Fill {
        opacity: NormalizedF32::ONE,
        ..Fill::default()
    }));
    let check = format!("Print at 100 % (actual size): this bar must measure {ruler_name}.");
    surface.draw_text(
        Point::from_xy(mm(ruler_mm + 2.0), mm(bar_h)),
        font.clone(),
        LABEL_PT,
        &check,
        false,
        TextDirection::Auto,
    );
    surface.draw_text(
        Point::from_xy(0.0, mm(bar_h + 3.2)),
        font.clone(),
        LABEL_PT,
        label,
        false,
        TextDirection::Auto,
    );
    surface.set_fill(None);
    surface.pop();
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Front,
    Back,
}

/// The form XObject of a face, made on first use.
fn graphic_for(
    surface: &mut Surface,
    cache: &mut HashMap<usize, Graphic>,
    faces: &[Face],
    trees: &[usvg::Tree],
    face: usize,
    bleed: f32,
) -> Graphic {
    if let Some(g) = cache.get(&face) {
        return g.clone();
    }
    let size = faces[face].size;
    let (w, h) = (size.width_mm + 2.0 * bleed, size.height_mm + 2.0 * bleed);
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

fn rect_path(r: Rect) -> krilla::geom::Path {
    let mut pb = PathBuilder::new();
    pb.push_rect(
        krilla::geom::Rect::from_xywh(mm(r.x), mm(r.y), mm(r.w), mm(r.h))
            .expect("layout rectangles are positive"),
    );
    pb.finish().expect("a rectangle is a path")
}

fn stroke_lines(surface: &mut Surface, lines: &[Line], width_pt: f32) {
    if lines.is_empty() {
        return;
    }
    let mut pb = PathBuilder::new();
    for l in lines {
        pb.move_to(mm(l.x1), mm(l.y1));
        pb.line_to(mm(l.x2), mm(l.y2));
    }
    if let Some(path) = pb.finish() {
        surface.set_fill(None);
        surface.set_stroke(Some(Stroke {
            width: width_pt,
            ..Stroke::default()
        }));
        surface.draw_path(&path);
        surface.set_stroke(None);
    }
}
