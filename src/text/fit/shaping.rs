//! Shaping: every run of text measured with rustybuzz on the very font bytes usvg renders
//! with, each character in the face usvg would draw it with (the style's face, else the first
//! face that has it), widths cached across sizes and cards.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use usvg::fontdb::{self, Database, ID};

use crate::model::print::OverflowPolicy;
use crate::sync::lock;

use super::icons::Icons;
use super::markup::Style;

/// Raw font bytes of one face, shared between threads.
struct FaceData {
    /// The font file, shared with the database (none of the fonts is copied).
    data: Arc<dyn AsRef<[u8]> + Send + Sync>,
    index: u32,
    units_per_em: f32,
    ascender: f32,
    descender: f32,
}

/// Shapes and measures text with the build's fonts.
pub struct TextEngine {
    pub(super) db: Arc<Database>,
    faces: Mutex<HashMap<ID, Arc<FaceData>>>,
    coverage: Mutex<HashMap<(ID, char), bool>>,
    /// Widths of runs already shaped: fitting tries several sizes, and card after card
    /// repeats the same words.
    widths: Mutex<HashMap<(ID, String), f32>>,
    pub icons: Icons,
    pub policy: OverflowPolicy,
    pub(super) warnings: Mutex<Vec<String>>,
}

impl TextEngine {
    pub fn new(db: Arc<Database>, icons: Icons, policy: OverflowPolicy) -> TextEngine {
        TextEngine {
            db,
            faces: Mutex::new(HashMap::new()),
            coverage: Mutex::new(HashMap::new()),
            widths: Mutex::new(HashMap::new()),
            icons,
            policy,
            warnings: Mutex::new(Vec::new()),
        }
    }

    /// Warnings recorded under `text_overflow: warn`, in no particular order.
    pub fn take_warnings(&self) -> Vec<String> {
        let mut w = std::mem::take(&mut *lock(&self.warnings));
        w.sort();
        w
    }

    fn face_data(&self, id: ID) -> Option<Arc<FaceData>> {
        let mut cache = lock(&self.faces);
        if let Some(f) = cache.get(&id) {
            return Some(Arc::clone(f));
        }
        let bytes: Arc<dyn AsRef<[u8]> + Send + Sync> = match self.db.face_source(id)? {
            (fontdb::Source::Binary(bytes), _) => bytes,
            _ => Arc::new(self.db.with_face_data(id, |data, _| data.to_vec())?),
        };
        let data = self.db.with_face_data(id, |data, index| {
            let face = rustybuzz::ttf_parser::Face::parse(data, index).ok()?;
            Some(FaceData {
                data: Arc::clone(&bytes),
                index,
                units_per_em: f32::from(face.units_per_em()),
                ascender: f32::from(face.ascender()),
                descender: -f32::from(face.descender()),
            })
        })??;
        let data = Arc::new(data);
        cache.insert(id, Arc::clone(&data));
        Some(data)
    }

    /// Whether face `id` has a glyph for `c` (cached: fallback search asks often).
    fn has_char(&self, id: ID, c: char) -> bool {
        let key = (id, c);
        if let Some(&known) = lock(&self.coverage).get(&key) {
            return known;
        }
        let has = self.face_data(id).is_some_and(|fd| {
            rustybuzz::ttf_parser::Face::parse((*fd.data).as_ref(), fd.index)
                .is_ok_and(|f| f.glyph_index(c).is_some())
        });
        lock(&self.coverage).insert(key, has);
        has
    }

    /// The face usvg would choose for this family and style.
    fn select(&self, family: &str, style: Style) -> Option<ID> {
        let families = [fontdb::Family::Name(family), fontdb::Family::Serif];
        self.db.query(&fontdb::Query {
            families: &families,
            weight: if style.bold {
                fontdb::Weight::BOLD
            } else {
                fontdb::Weight::NORMAL
            },
            stretch: fontdb::Stretch::Normal,
            style: if style.italic {
                fontdb::Style::Italic
            } else {
                fontdb::Style::Normal
            },
        })
    }

    /// The fallback usvg would use for a character the main face lacks: the first face in
    /// load order that has it.
    fn fallback(&self, primary: ID, c: char) -> Option<ID> {
        self.db
            .faces()
            .find(|f| f.id != primary && self.has_char(f.id, c))
            .map(|f| f.id)
    }

    /// Advance width of `text` at font size 1.
    pub(super) fn advance(&self, family: &str, style: Style, text: &str) -> f32 {
        let Some(primary) = self.select(family, style) else {
            return 0.0;
        };
        // Split into runs by the face that will draw each character.
        let mut total = 0.0;
        let mut run = String::new();
        let mut run_face = primary;
        for c in text.chars() {
            let face = if self.has_char(primary, c) || c.is_whitespace() {
                primary
            } else {
                // Variation selectors and joiners ride along with their base character.
                if matches!(c, '\u{FE0E}' | '\u{FE0F}' | '\u{200D}') {
                    run.push(c);
                    continue;
                }
                self.fallback(primary, c).unwrap_or(primary)
            };
            if face != run_face && !run.is_empty() {
                total += self.shape_width(run_face, &run);
                run.clear();
            }
            run_face = face;
            run.push(c);
        }
        if !run.is_empty() {
            total += self.shape_width(run_face, &run);
        }
        total
    }

    fn shape_width(&self, id: ID, text: &str) -> f32 {
        let key = (id, text.to_owned());
        if let Some(&w) = lock(&self.widths).get(&key) {
            return w;
        }
        let w = self.shape(id, text);
        lock(&self.widths).insert(key, w);
        w
    }

    fn shape(&self, id: ID, text: &str) -> f32 {
        let Some(fd) = self.face_data(id) else {
            return 0.0;
        };
        let Some(face) = rustybuzz::Face::from_slice((*fd.data).as_ref(), fd.index) else {
            return 0.0;
        };
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        let shaped = rustybuzz::shape(&face, &[], buffer);
        let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        units as f32 / fd.units_per_em
    }

    /// Ascender and descender of the family's regular face, at size 1.
    pub(super) fn metrics(&self, family: &str) -> (f32, f32) {
        self.select(family, Style::default())
            .and_then(|id| self.face_data(id))
            .map(|f| (f.ascender / f.units_per_em, f.descender / f.units_per_em))
            .unwrap_or((0.9, 0.25))
    }
}
