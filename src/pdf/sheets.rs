//! The sheet writer: one PDF being written with krilla, page by page, faces stored once.
//!
//! Each unique face becomes one PDF form XObject (a krilla `Graphic`), created the first time it
//! is drawn and reused for every copy, so 40 copies of a card cost one face in the file. Every
//! page records its size, the faces on it and its role in a duplex job ([`Role`]); a writer made
//! for a duplex job ([`SheetWriter::duplex_job`]) adds the blank pages itself so that every
//! front lands on an odd page with its back next. The pages of each kind are drawn by the
//! sibling modules: `cards` (grids of cards, tokens, dashboards), `boards` (tiles), `shapes`
//! (dice, standees), `lists` (plain pages).

use std::collections::HashMap;

use crate::pdf::label::LabelFont;
use krilla::Document;
use krilla::geom::{Point, Size};
use krilla::graphic::Graphic;
use krilla::paint::Fill;
use krilla::surface::Surface;

use crate::error::{Error, Result};
use crate::layout::cut::CutSheet;
use crate::layout::fold::Fold;
use crate::layout::imposition::{DEFAULT_MARGIN, Grid, Rect};
use crate::layout::plan::Role;
use crate::model::print::{Duplex, Paper, PrintProfile, mm};
use crate::model::{TokenShape, Window};
use crate::pdf::draw::page_settings;
use crate::pdf::furniture::text_mm;
use crate::render::faces::{CardCopy, Face};
use crate::render::shaped::ParsedFace;
use crate::render::trees::FaceTrees;

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
    /// Gutter-fold: each front's back on the same page, mirrored about this fold.
    pub fold: Option<Fold>,
    /// The component's `corner_radius_mm`, for corner guides.
    pub corner_radius: Option<f32>,
    /// The labels' numbering when these sheets are part of a longer run: the first sheet's
    /// number and the run's length (by default 1 and the number of sheets here).
    pub numbering: Option<(usize, usize)>,
}

impl DeckSheets<'_> {
    /// How backs are mirrored and moved: about the fold with no offset on a gutter-fold sheet
    /// (folding is not a printer's misregistration), else the duplex flip and back offset.
    pub fn back_flip(&self) -> (Duplex, [f32; 2]) {
        match self.fold {
            Some(f) => (f.flip(), [0.0, 0.0]),
            None => (self.print.duplex, self.print.back_offset_mm),
        }
    }
}

/// Where a component's pages ended up (1-based page numbers of its document).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct PagesUsed {
    pub sheets: usize,
    pub pages: Vec<usize>,
}

/// One PDF being written.
pub struct SheetWriter<'a> {
    pub(crate) doc: Document,
    pub(crate) faces: &'a [Face],
    pub(crate) trees: &'a FaceTrees<'a>,
    pub(crate) forms: Forms,
    pub(crate) label_font: LabelFont,
    pub(crate) paper: Paper,
    /// Distance from the paper edge that no mark or label crosses.
    pub(crate) margin: f32,
    /// Pad with blank pages so the document prints as one duplex job.
    job: bool,
    pages: usize,
    /// Size of every page written, in mm.
    sizes: Vec<(f32, f32)>,
    /// Where each face lands on each page (whole face, bleed included), for previews.
    placed: Vec<Vec<Placed>>,
    /// What each page is in a duplex job.
    roles: Vec<Role>,
    /// The paper under the pieces' cuts on a shared page (1-based), in mm², where the faces
    /// drawn do not tell it (a standee's bases, a die's six faces drawn as one net).
    pub(crate) trims: HashMap<usize, f32>,
    /// Where each face's revision stamp goes, found once per face.
    pub(crate) stamps: HashMap<usize, Option<crate::pdf::stamp::StampSpot>>,
    /// The cut file of every print-and-cut page.
    pub(crate) cut_sheets: Vec<CutSheet>,
    /// `ink: saver`: the writer's own fills (glue tabs, bases, tile maps) are drawn light.
    pub(crate) ink_saver: bool,
    /// The file this document becomes (`cards.pdf`), for cut files and labels.
    pub(crate) name: String,
}

/// A face drawn on a page, for previews: the face and its full (bleed-included) rectangle,
/// and the part of it that shows. A rectangle the other way round from the face holds it
/// turned a quarter: clockwise, unless `anticlockwise` (a turned card's back after a
/// long-edge flip).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed {
    pub face: usize,
    pub rect: Rect,
    pub clip: Rect,
    pub anticlockwise: bool,
}

impl<'a> SheetWriter<'a> {
    pub fn new(
        faces: &'a [Face],
        trees: &'a FaceTrees<'a>,
        label_font: &'static [u8],
        paper: Paper,
    ) -> Result<Self> {
        let label_font = LabelFont::new(label_font)?;
        Ok(SheetWriter {
            doc: Document::new(),
            faces,
            trees,
            forms: Forms::default(),
            label_font,
            paper,
            margin: DEFAULT_MARGIN,
            job: false,
            pages: 0,
            sizes: Vec::new(),
            placed: Vec::new(),
            roles: Vec::new(),
            trims: HashMap::new(),
            stamps: HashMap::new(),
            cut_sheets: Vec::new(),
            ink_saver: false,
            name: String::new(),
        })
    }

    /// Makes the writer dry: each face is drawn as an empty form, and no face is parsed to
    /// draw it. What it writes is a fingerprint of the document but for the faces' drawings,
    /// which [`SheetWriter::drawn`] names: the build cache's key for the real document.
    pub fn dry(mut self) -> Self {
        self.forms.dry = true;
        self.label_font.dry();
        // Read only for its digest: its metadata and tags cost time for nothing. Its pages
        // stay compressed: uncompressed, a 10,000-card deck's dry sheets took longer (74 ms
        // against 67), copying and hashing three times the bytes.
        self.doc = Document::new_with(krilla::SerializeSettings {
            xmp_metadata: false,
            enable_tagging: false,
            ..krilla::SerializeSettings::default()
        });
        self
    }

    /// The parsed face `face`, to lay out by (a board's tiling keeps its marked regions
    /// whole). A dry writer lays out as the real one, so it parses the face too, but that one
    /// alone: the sheets' own reader parses a batch of the next faces with it.
    pub fn tree_to_lay_out(&self, face: usize) -> Option<std::sync::Arc<ParsedFace>> {
        match self.forms.dry {
            true => self.trees.shared(face),
            false => self.trees.get(face),
        }
    }

    /// The face of every form asked for so far, in order.
    pub fn drawn(&self) -> &[usize] {
        &self.forms.drawn
    }

    /// What a dry writer noted rather than drew, page by page: its own text (each string with
    /// where, its size and fill), then where it placed the faces of card grids. With its
    /// document, which shows the rest, what it would have drawn.
    pub fn noted(&self) -> Vec<u8> {
        let mut noted = self.label_font.noted();
        noted.extend(&self.forms.placed);
        noted
    }

    /// Names the file the document becomes.
    pub fn named(mut self, name: &str) -> Self {
        self.name = name.to_owned();
        self
    }

    /// Prints the writer's own words (sheet labels, blank pages) in `catalogue`'s language.
    pub fn in_language(mut self, catalogue: &crate::i18n::Catalogue) -> Self {
        self.label_font.words = std::sync::Arc::new(crate::pdf::words::SheetWords::of(catalogue));
        self
    }

    /// Draws the writer's own fills light (`ink: saver`).
    pub fn with_ink_saver(mut self, saver: bool) -> Self {
        self.ink_saver = saver;
        self
    }

    /// The cut files of the print-and-cut pages so far.
    pub fn cut_sheets(&self) -> &[CutSheet] {
        &self.cut_sheets
    }

    /// Keeps marks and labels `margin` mm inside the paper edge.
    pub fn with_margin(mut self, margin: f32) -> Self {
        self.margin = margin;
        self
    }

    /// Makes the document one duplex job: blank pages are added so that every front is on an
    /// odd page with its back next, and nothing prints on the back of a single-sided page.
    pub fn duplex_job(mut self) -> Self {
        self.job = true;
        self
    }

    pub fn page_count(&self) -> usize {
        self.pages
    }

    /// Width and height in mm of every page so far.
    pub fn page_sizes(&self) -> &[(f32, f32)] {
        &self.sizes
    }

    /// The faces placed on every page so far.
    pub fn placements(&self) -> &[Vec<Placed>] {
        &self.placed
    }

    /// The role of every page so far.
    pub fn roles(&self) -> &[Role] {
        &self.roles
    }

    /// The paper's width and height in mm.
    pub fn paper_size(&self) -> (f32, f32) {
        self.paper.size_mm()
    }

    /// The paper under the cuts of shared page `page` (1-based), in mm², when it was noted.
    pub fn trim_area(&self, page: usize) -> Option<f32> {
        self.trims.get(&page).copied()
    }

    /// The printable margin the writer keeps, in mm.
    pub fn margin(&self) -> f32 {
        self.margin
    }

    /// Records a new page of `role` and returns its number; in a duplex job, first adds a
    /// blank page when the new one would land on the wrong side.
    pub(crate) fn open(&mut self, w: f32, h: f32, role: Role) -> usize {
        if self.job {
            let next_is_back = self.pages % 2 == 1;
            let pad = match role {
                Role::Back => !next_is_back,
                Role::Plain => next_is_back && self.roles.last() != Some(&Role::Plain),
                Role::Blank => false,
                Role::Front | Role::Single => next_is_back,
            };
            if pad {
                self.blank_page(w, h);
            }
        }
        self.sizes.push((w, h));
        self.placed.push(Vec::new());
        self.roles.push(role);
        self.pages += 1;
        self.mark_page();
        self.pages
    }

    /// In a dry writer's notes, where a new page starts: each note then belongs to its page.
    fn mark_page(&mut self) {
        if self.forms.dry {
            let mark = (self.pages as u64).to_le_bytes();
            self.forms.placed.extend(mark);
            self.label_font.note_page(self.pages);
        }
    }

    /// Notes a face drawn on the current page.
    pub(crate) fn note(&mut self, placed: Placed) {
        if let Some(list) = self.placed.last_mut() {
            list.push(placed);
        }
    }

    /// A page left blank on purpose, saying so.
    pub fn blank_page(&mut self, w: f32, h: f32) {
        self.sizes.push((w, h));
        self.placed.push(Vec::new());
        self.roles.push(Role::Blank);
        self.pages += 1;
        self.mark_page();
        let mut page = self.doc.start_page_with(page_settings(w, h));
        let mut surface = page.surface();
        surface.set_fill(Some(Fill {
            paint: krilla::color::luma::Color::new(120).into(),
            ..Fill::default()
        }));
        let words = self.label_font.words.clone();
        let text = &words.blank;
        let at = Point::from_xy(mm((w - text_mm(text, 9.0)) / 2.0), mm(h / 2.0));
        self.label_font.draw(&mut surface, at, 9.0, text);
        surface.set_fill(None);
        surface.finish();
        page.finish();
    }

    /// Serializes the document (a duplex job is padded to a whole sheet).
    pub fn finish(mut self) -> Result<Vec<u8>> {
        if self.job
            && self.pages % 2 == 1
            && let Some(&(w, h)) = self.sizes.last()
        {
            self.blank_page(w, h);
        }
        let faces = self.faces;
        self.doc.finish().map_err(|e| written_error(e, faces))
    }
}

/// Where a face is drawn, for the writer to name it in an error it meets later: an image is
/// decoded only when the PDF is written, long after its face was drawn.
pub(crate) fn face_location(face: usize) -> krilla::surface::Location {
    krilla::surface::Location::new(face as u64 + 1).expect("one more than an index is not 0")
}

/// The writer's error in words, naming the face an image that cannot be read is on.
pub(crate) fn written_error(e: krilla::error::KrillaError, faces: &[Face]) -> Error {
    use krilla::error::KrillaError;
    let face = |location: Option<krilla::surface::Location>| {
        faces.get(usize::try_from(location?.get()).ok()? - 1)
    };
    match e {
        KrillaError::Image(_, location, why) => {
            let face = face(location);
            let on = face.map_or_else(
                || "on a face".to_owned(),
                |f| format!("on {}/{} ({})", f.component, f.card, f.side.name()),
            );
            // A face may draw several: name its raster files, and its data: URLs if it has
            // any (krilla knows the image, not its name; an SVG image is not decoded so).
            let mut files: Vec<String> = face
                .map(|f| crate::render::svg::linked_files(&f.svg))
                .unwrap_or_default();
            files.retain(|f| !f.to_ascii_lowercase().ends_with(".svg"));
            files.sort_unstable();
            files.dedup();
            let mut named: Vec<String> = files.iter().map(|f| format!("`{f}`")).collect();
            if face.is_some_and(|f| f.svg.contains("data:image/")) {
                named.push("an image in a data: URL".to_owned());
            }
            let which = match named.as_slice() {
                [] => "the image".to_owned(),
                [one] => one.clone(),
                many => format!("one of {}", many.join(", ")),
            };
            Error::new(format!("an image {on} could not be read: {why}"))
                .help(format!("{which} is damaged or cut short: export it again"))
        }
        other => Error::new(format!("the PDF could not be written: {other:?}")),
    }
}

/// A revision stamp drawn into a face's form (`spot` from the face's top-left corner, bleed
/// included), for a face placed upright: every copy then carries it without its glyphs being
/// drawn again. Drawing each copy's stamp was a sixth of a 10,000-card deck's sheets.
pub(crate) struct FormStamp<'f> {
    pub(crate) spot: crate::pdf::stamp::StampSpot,
    pub(crate) text: String,
    pub(crate) font: &'f LabelFont,
}

impl FormStamp<'_> {
    fn draw(&self, surface: &mut Surface) {
        crate::pdf::furniture::draw_stamp_at(surface, self.font, self.spot, &self.text);
    }
}

/// A stamp drawn into a form: its words and place.
type StampKey = (String, crate::pdf::stamp::StampSpot);

/// The faces' PDF forms of one document.
#[derive(Default)]
pub(crate) struct Forms {
    /// Each face's form, made on first use and kept for its next copies.
    made: HashMap<usize, Graphic>,
    /// Each face's forms with a stamp drawn in, by the stamp's words and place.
    stamped: HashMap<usize, Vec<(StampKey, Graphic)>>,
    /// Forms are drawn empty, from no tree ([`SheetWriter::dry`]).
    dry: bool,
    /// The face of every form asked for, in order.
    drawn: Vec<usize>,
    /// Where a dry writer placed faces rather than draw them ([`Forms::place_dry`]).
    placed: Vec<u8>,
}

impl Forms {
    /// The form XObject of `face`, made on first use.
    pub(crate) fn get(
        &mut self,
        surface: &mut Surface,
        faces: &[Face],
        trees: &FaceTrees,
        face: usize,
    ) -> Graphic {
        self.drawn.push(face);
        if let Some(g) = self.made.get(&face) {
            return g.clone();
        }
        let graphic = self.make(surface, faces, trees, face, None);
        self.made.insert(face, graphic.clone());
        graphic
    }

    /// [`Forms::get`] with `stamp` drawn into the form over the face. A dry writer's forms stay
    /// empty: it notes the stamp where it places the face, as it did before stamps went into
    /// forms, so its key still holds the stamp's words.
    ///
    /// The face is drawn with its stamp in one form: a second form placing the face's form and
    /// drawing the stamp cost more than the stamps it saved (each small stream is compressed on
    /// its own). Only when the face's own form is made already (placed without a stamp too) is
    /// it placed in such a second form, rather than drawn again. A face drawn stamped first and
    /// then asked for without a stamp (its own back, turned), or with another stamp (shared by
    /// decks of other revisions), is drawn again, and parsed again if its tree was let go.
    pub(crate) fn get_stamped(
        &mut self,
        surface: &mut Surface,
        faces: &[Face],
        trees: &FaceTrees,
        face: usize,
        stamp: &FormStamp,
    ) -> Graphic {
        self.drawn.push(face);
        let same = |(text, spot): &StampKey| *text == stamp.text && *spot == stamp.spot;
        let mut kept = self.stamped.get(&face).into_iter().flatten();
        if let Some((_, g)) = kept.find(|(key, _)| same(key)) {
            return g.clone();
        }
        let graphic = match self.made.get(&face).cloned() {
            Some(plain) => {
                let mut builder = surface.stream_builder();
                let mut sub = builder.surface();
                sub.draw_graphic(plain);
                stamp.draw(&mut sub);
                sub.finish();
                Graphic::new(builder.finish(), false)
            }
            None => self.make(surface, faces, trees, face, Some(stamp)),
        };
        let key = (stamp.text.clone(), stamp.spot);
        self.stamped
            .entry(face)
            .or_default()
            .push((key, graphic.clone()));
        graphic
    }

    /// A new form of `face` (empty, for a dry writer), with `stamp` over it.
    fn make(
        &self,
        surface: &mut Surface,
        faces: &[Face],
        trees: &FaceTrees,
        face: usize,
        stamp: Option<&FormStamp>,
    ) -> Graphic {
        let f = &faces[face];
        let (w, h) = (
            f.size.width_mm + 2.0 * f.bleed,
            f.size.height_mm + 2.0 * f.bleed,
        );
        let size = Size::from_wh(mm(w), mm(h)).expect("face sizes are positive");
        let mut builder = surface.stream_builder();
        let mut sub = builder.surface();
        if self.dry {
            // The face's whole rectangle: where its form lands is in the document.
            let mut pb = krilla::geom::PathBuilder::new();
            pb.push_rect(
                krilla::geom::Rect::from_xywh(0.0, 0.0, size.width(), size.height())
                    .expect("face sizes are positive"),
            );
            if let Some(path) = pb.finish() {
                sub.draw_path(&path);
            }
        } else {
            sub.set_location(face_location(face));
            // A forgotten tree is recorded by `trees` and fails the build; the form stays
            // empty.
            if let Some(tree) = trees.get(face) {
                crate::render::shaped::draw::to_pdf(&mut sub, &tree, size);
            }
            sub.reset_location();
            if let Some(stamp) = stamp {
                stamp.draw(&mut sub);
            }
        }
        sub.finish();
        let graphic = Graphic::new(builder.finish(), false);
        if !self.dry {
            trees.drawn(face);
        }
        graphic
    }

    /// Whether the forms are drawn empty ([`SheetWriter::dry`]).
    pub(crate) fn is_dry(&self) -> bool {
        self.dry
    }

    /// Notes, for a dry writer, a face placed clipped to `clip` through `transform` on a
    /// surface whose own transform is `ctm`: a card grid's thousands of faces cost the dry
    /// pass more as clips, transforms and forms than as these numbers, which say the same.
    pub(crate) fn place_dry(
        &mut self,
        face: usize,
        ctm: krilla::geom::Transform,
        clip: crate::layout::imposition::Rect,
        transform: krilla::geom::Transform,
    ) {
        self.drawn.push(face);
        self.placed.extend((face as u64).to_le_bytes());
        let [a, b] = [ctm, transform].map(crate::pdf::draw::transform_numbers);
        let clip = [clip.x, clip.y, clip.w, clip.h];
        crate::pdf::draw::note_numbers(&mut self.placed, a.into_iter().chain(b).chain(clip));
    }

    /// Counts a drawing of `face` and lets go of its form after the last the decks ask for:
    /// it holds the face's drawing uncompressed (a deck of unique faces would hold them all).
    /// A dry writer counts nothing: the count is the real writer's.
    pub(crate) fn drawn_once(&mut self, trees: &FaceTrees, face: usize) {
        if !self.dry && trees.last_draw(face) {
            self.made.remove(&face);
            self.stamped.remove(&face);
        }
    }

    /// The trees that place things on a face (a revision stamp clear of its art): none when
    /// dry, which places a stamp as on a face without art (its key covers the face).
    pub(crate) fn trees<'t, 'a>(&self, trees: &'t FaceTrees<'a>) -> Option<&'t FaceTrees<'a>> {
        (!self.dry).then_some(trees)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::imposition::Rect;
    use krilla::geom::Transform;

    /// What a dry grid notes for one face placed so.
    fn noted(face: usize, ctm: Transform, clip: Rect, t: Transform) -> Vec<u8> {
        let mut forms = Forms {
            dry: true,
            ..Forms::default()
        };
        forms.place_dry(face, ctm, clip, t);
        assert_eq!(forms.drawn, [face]);
        forms.placed
    }

    #[test]
    fn a_dry_grid_notes_every_number_that_places_a_face() {
        let clip = Rect {
            x: 10.0,
            y: 12.0,
            w: 63.0,
            h: 88.0,
        };
        let (id, moved) = (Transform::identity(), Transform::from_translate(1.0, 0.0));
        let base = noted(3, id, clip, moved);
        assert_eq!(
            base,
            noted(3, id, clip, moved),
            "the same placing, the same note"
        );
        assert_ne!(base, noted(4, id, clip, moved), "another face");
        assert_ne!(
            base,
            noted(3, moved, clip, moved),
            "another surface transform"
        );
        assert_ne!(base, noted(3, id, clip, id), "another face transform");
        let wider = Rect { w: 64.0, ..clip };
        assert_ne!(base, noted(3, id, wider, moved), "another clip");
    }
}
