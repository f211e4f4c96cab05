//! The font faces text is set in: which face draws a character (the style's face, else the
//! first face that has it, as usvg chooses), the faces' bytes, and runs shaped into glyphs.
//!
//! One value per build, shared by the text fitter (which measures) and the face drawing
//! (which draws what was measured), so both choose the same face for every character.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use usvg::fontdb::{self, Database, ID};

use crate::sync::lock;
use crate::text::glyph_masks::{GlyphMasks, Placed};
use crate::text::shaper::Shaper;
use usvg::tiny_skia_path;

/// Raw font bytes of one face, shared between threads.
pub struct FaceData {
    /// The font file, shared with the database (none of the fonts is copied).
    pub data: Arc<dyn AsRef<[u8]> + Send + Sync>,
    pub index: u32,
    pub units_per_em: f32,
    pub ascender: f32,
    pub descender: f32,
    /// Whether its glyphs are plain outlines, drawn in the text's colour: no colour layers,
    /// bitmaps or SVG glyphs (an emoji font has them), and no variation axes (usvg sets a
    /// variable font's weight, slant and optical size from the text's style).
    pub plain: bool,
    /// The face as the PDF writer embeds it, made once for the whole build.
    pdf: std::sync::OnceLock<Option<krilla::text::Font>>,
    /// The face as rustybuzz shapes with it, made once for the whole build.
    shaper: std::sync::OnceLock<Option<Shaper>>,
    /// Glyph outlines in ems, y up, for drawing to pixels.
    outlines: Mutex<HashMap<u16, Option<Arc<tiny_skia_path::Path>>>>,
    /// Glyphs rasterised, for drawing to pixels.
    masks: GlyphMasks,
}

impl FaceData {
    /// The face as the PDF writer takes it.
    pub fn pdf_font(&self) -> Option<krilla::text::Font> {
        self.pdf
            .get_or_init(|| {
                krilla::text::Font::new(krilla::Data::from(Arc::clone(&self.data)), self.index)
            })
            .clone()
    }

    /// The face to shape runs with; none when rustybuzz cannot read it.
    pub fn shaper(&self) -> Option<&Shaper> {
        self.shaper
            .get_or_init(|| Shaper::new(Arc::clone(&self.data), self.index))
            .as_ref()
    }

    pub fn bytes(&self) -> &[u8] {
        (*self.data).as_ref()
    }

    /// The outline of glyph `glyph` in ems, y up; none when it draws nothing.
    pub fn outline(&self, glyph: u16) -> Option<Arc<tiny_skia_path::Path>> {
        if let Some(p) = lock(&self.outlines).get(&glyph) {
            return p.clone();
        }
        let path = (|| {
            let face = rustybuzz::ttf_parser::Face::parse(self.bytes(), self.index).ok()?;
            let mut builder = Outline(tiny_skia_path::PathBuilder::new());
            face.outline_glyph(rustybuzz::ttf_parser::GlyphId(glyph), &mut builder)?;
            let scale = 1.0 / self.units_per_em;
            let path = builder.0.finish()?;
            path.transform(tiny_skia_path::Transform::from_scale(scale, scale))
                .map(Arc::new)
        })();
        lock(&self.outlines).insert(glyph, path.clone());
        path
    }

    /// Glyph `glyph` rasterised for an em `scale`d to pixels (x right, y down) and its origin
    /// at pixel position `at`, as [`GlyphMasks::place`] places it (none: fill its outline).
    pub fn place_glyph(&self, glyph: u16, scale: (f32, f32), at: (f32, f32)) -> Option<Placed> {
        self.masks.place(glyph, scale, at, || self.outline(glyph))
    }
}

/// One glyph of a shaped run, in ems of the font size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShapedGlyph {
    pub id: u16,
    /// Byte offset in the run's text of the cluster it draws.
    pub cluster: u32,
    pub x_advance: f32,
    pub x_offset: f32,
    pub y_offset: f32,
}

/// Most shaped runs kept: card after card repeats the same lines, but a deck of unique text
/// must not grow memory with every card.
const MAX_SHAPED: usize = 8_192;
/// Longest run kept (bytes of text): a line of card text is far shorter, and a page-long run
/// a template writes is not worth a place that 8,192 of would make gigabytes.
const MAX_SHAPED_TEXT: usize = 512;

/// Runs shaped in a face, by face and text.
type ShapedRuns = HashMap<(ID, String), Arc<[ShapedGlyph]>>;

/// Glyph boxes in ems (x0, y0, x1, y1, y up) by face and glyph; none for a glyph that draws
/// nothing.
type GlyphBoxes = HashMap<(ID, u16), Option<[f32; 4]>>;

/// The faces of one build's fonts.
pub struct FontFaces {
    pub db: Arc<Database>,
    faces: Mutex<HashMap<ID, Arc<FaceData>>>,
    coverage: Mutex<HashMap<(ID, char), bool>>,
    chosen: Mutex<HashMap<(String, bool, bool), Option<ID>>>,
    shaped: Mutex<ShapedRuns>,
    boxes: Mutex<GlyphBoxes>,
}

impl FontFaces {
    pub fn new(db: Arc<Database>) -> FontFaces {
        FontFaces {
            db,
            faces: Mutex::new(HashMap::new()),
            coverage: Mutex::new(HashMap::new()),
            chosen: Mutex::new(HashMap::new()),
            shaped: Mutex::new(HashMap::new()),
            boxes: Mutex::new(HashMap::new()),
        }
    }

    /// The bytes and metrics of face `id`, read once.
    pub fn face_data(&self, id: ID) -> Option<Arc<FaceData>> {
        if let Some(f) = lock(&self.faces).get(&id) {
            return Some(Arc::clone(f));
        }
        let bytes: Arc<dyn AsRef<[u8]> + Send + Sync> = match self.db.face_source(id)? {
            (fontdb::Source::Binary(bytes), _) => bytes,
            _ => Arc::new(self.db.with_face_data(id, |data, _| data.to_vec())?),
        };
        let data = self.db.with_face_data(id, |data, index| {
            let face = rustybuzz::ttf_parser::Face::parse(data, index).ok()?;
            let tables = face.tables();
            Some(FaceData {
                data: Arc::clone(&bytes),
                index,
                units_per_em: f32::from(face.units_per_em()),
                ascender: f32::from(face.ascender()),
                descender: -f32::from(face.descender()),
                plain: tables.colr.is_none()
                    && tables.sbix.is_none()
                    && tables.svg.is_none()
                    && tables.cbdt.is_none()
                    && tables.fvar.is_none(),
                pdf: std::sync::OnceLock::new(),
                shaper: std::sync::OnceLock::new(),
                outlines: Mutex::new(HashMap::new()),
                masks: GlyphMasks::default(),
            })
        })??;
        let data = Arc::new(data);
        lock(&self.faces).insert(id, Arc::clone(&data));
        Some(data)
    }

    /// Whether face `id` has a glyph for `c` (cached: fallback search asks often).
    pub fn has_char(&self, id: ID, c: char) -> bool {
        let key = (id, c);
        if let Some(&known) = lock(&self.coverage).get(&key) {
            return known;
        }
        let has = self.face_data(id).is_some_and(|fd| {
            rustybuzz::ttf_parser::Face::parse(fd.bytes(), fd.index)
                .is_ok_and(|f| f.glyph_index(c).is_some())
        });
        lock(&self.coverage).insert(key, has);
        has
    }

    /// The face usvg would choose for this family and style.
    pub fn select(&self, family: &str, bold: bool, italic: bool) -> Option<ID> {
        let key = (family.to_owned(), bold, italic);
        if let Some(&id) = lock(&self.chosen).get(&key) {
            return id;
        }
        let families = [fontdb::Family::Name(family), fontdb::Family::Serif];
        let id = self.db.query(&fontdb::Query {
            families: &families,
            weight: if bold {
                fontdb::Weight::BOLD
            } else {
                fontdb::Weight::NORMAL
            },
            stretch: fontdb::Stretch::Normal,
            style: if italic {
                fontdb::Style::Italic
            } else {
                fontdb::Style::Normal
            },
        });
        lock(&self.chosen).insert(key, id);
        id
    }

    /// The fallback usvg would use for a character the main face lacks: the first face in
    /// load order that has it.
    pub fn fallback(&self, primary: ID, c: char) -> Option<ID> {
        self.db
            .faces()
            .find(|f| f.id != primary && self.has_char(f.id, c))
            .map(|f| f.id)
    }

    /// `text` cut into runs by the face that draws each character: `primary` where it has
    /// the character (or it is a space), else the first face that has it. A character no
    /// face has is drawn by none: its run's face is `None`.
    pub fn runs_by_face<'t>(&self, primary: ID, text: &'t str) -> Vec<(Option<ID>, &'t str)> {
        let mut runs: Vec<(Option<ID>, &str)> = Vec::new();
        let mut start = 0;
        let mut run_face = Some(primary);
        for (at, c) in text.char_indices() {
            let face = if c.is_whitespace() || self.has_char(primary, c) {
                Some(primary)
            } else if matches!(c, '\u{FE0E}' | '\u{FE0F}' | '\u{200D}') {
                // Variation selectors and joiners ride along with their base character.
                continue;
            } else {
                self.fallback(primary, c)
            };
            if face != run_face && at > start {
                runs.push((run_face, &text[start..at]));
                start = at;
            }
            run_face = face;
        }
        if start < text.len() {
            runs.push((run_face, &text[start..]));
        }
        runs
    }

    /// `text` shaped in face `id`, left to right; none when the face cannot be read.
    pub fn shape(&self, id: ID, text: &str) -> Option<Arc<[ShapedGlyph]>> {
        let key = (id, text.to_owned());
        if let Some(g) = lock(&self.shaped).get(&key) {
            return Some(Arc::clone(g));
        }
        let fd = self.face_data(id)?;
        let shaped = (fd.shaper()?).shape(text, Some(rustybuzz::Direction::LeftToRight));
        let em = fd.units_per_em;
        let glyphs: Arc<[ShapedGlyph]> = shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, pos)| ShapedGlyph {
                id: u16::try_from(info.glyph_id).unwrap_or(0),
                cluster: info.cluster,
                x_advance: pos.x_advance as f32 / em,
                x_offset: pos.x_offset as f32 / em,
                y_offset: pos.y_offset as f32 / em,
            })
            .collect();
        if text.len() <= MAX_SHAPED_TEXT {
            let mut cache = lock(&self.shaped);
            if cache.len() >= MAX_SHAPED {
                cache.clear();
            }
            cache.insert(key, Arc::clone(&glyphs));
        }
        Some(glyphs)
    }

    /// Where each of `glyphs` puts ink, drawn from a pen at 0 in face `id`: (x0, y0, x1, y1)
    /// in ems, y up; glyphs that draw nothing (spaces) left out.
    pub fn ink_boxes(&self, id: ID, glyphs: &[ShapedGlyph]) -> Vec<[f32; 4]> {
        let Some(fd) = self.face_data(id) else {
            return Vec::new();
        };
        let mut boxes = lock(&self.boxes);
        let mut parsed = None;
        let mut out = Vec::new();
        let mut pen = 0.0;
        for g in glyphs {
            let b = *boxes.entry((id, g.id)).or_insert_with(|| {
                let face = parsed.get_or_insert_with(|| {
                    rustybuzz::ttf_parser::Face::parse(fd.bytes(), fd.index).ok()
                });
                let r = face
                    .as_ref()?
                    .glyph_bounding_box(rustybuzz::ttf_parser::GlyphId(g.id))?;
                let em = fd.units_per_em;
                Some([r.x_min, r.y_min, r.x_max, r.y_max].map(|v| f32::from(v) / em))
            });
            if let Some([x0, y0, x1, y1]) = b {
                let (dx, dy) = (pen + g.x_offset, g.y_offset);
                out.push([x0 + dx, y0 + dy, x1 + dx, y1 + dy]);
            }
            pen += g.x_advance;
        }
        out
    }
}

/// A glyph's outline collected into a path.
struct Outline(tiny_skia_path::PathBuilder);

impl rustybuzz::ttf_parser::OutlineBuilder for Outline {
    fn move_to(&mut self, x: f32, y: f32) {
        self.0.move_to(x, y);
    }
    fn line_to(&mut self, x: f32, y: f32) {
        self.0.line_to(x, y);
    }
    fn quad_to(&mut self, x1: f32, y1: f32, x: f32, y: f32) {
        self.0.quad_to(x1, y1, x, y);
    }
    fn curve_to(&mut self, x1: f32, y1: f32, x2: f32, y2: f32, x: f32, y: f32) {
        self.0.cubic_to(x1, y1, x2, y2, x, y);
    }
    fn close(&mut self) {
        self.0.close();
    }
}
