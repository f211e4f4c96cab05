//! Shaping: every run of text measured with rustybuzz on the build's font bytes, each
//! character in the face that draws it ([`FontFaces`]: the style's face, else the first face
//! that has it, as usvg chooses), widths cached across sizes and cards.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use usvg::fontdb::{Database, ID};

use crate::model::print::OverflowPolicy;
use crate::sync::lock;
use crate::text::faces::FontFaces;

use super::icons::Icons;
use super::markup::Style;

thread_local! {
    /// The warnings of the render running on this thread, when its caller keeps them apart
    /// ([`TextEngine::with_warnings`]).
    static KEPT_APART: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
}

/// Shapes and measures text with the build's fonts.
pub struct TextEngine {
    pub(super) db: Arc<Database>,
    /// The faces, shared with the drawing of what is fitted here.
    pub faces: Arc<FontFaces>,
    /// Widths of runs already shaped: fitting tries several sizes, and card after card
    /// repeats the same words.
    widths: Mutex<HashMap<(ID, String), f32>>,
    pub icons: Arc<Icons>,
    pub policy: OverflowPolicy,
    pub(super) warnings: Mutex<Vec<String>>,
}

impl TextEngine {
    pub fn new(faces: Arc<FontFaces>, icons: Icons, policy: OverflowPolicy) -> TextEngine {
        TextEngine {
            db: Arc::clone(&faces.db),
            faces,
            widths: Mutex::new(HashMap::new()),
            icons: Arc::new(icons),
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

    /// Records `warning`, for [`take_warnings`](Self::take_warnings) and for the render
    /// keeping its warnings apart on this thread, if one is.
    pub(super) fn warn(&self, warning: String) {
        KEPT_APART.with_borrow_mut(|kept| {
            if let Some(kept) = kept {
                kept.push(warning.clone());
            }
        });
        lock(&self.warnings).push(warning);
    }

    /// `render`'s result, with the warnings it recorded on this thread (recorded for
    /// [`take_warnings`](Self::take_warnings) as always): a render kept for the next build
    /// keeps its warnings with it, to give them again when it is reused. Text is fitted on the
    /// thread that renders (nothing in it hands work to another), so a warning recorded on
    /// this thread meanwhile is the render's own.
    pub fn with_warnings<T>(&self, render: impl FnOnce() -> T) -> (T, Vec<String>) {
        /// Puts back the capture `with_warnings` found however the render ends, a panic
        /// included, so the thread does not go on capturing for nobody.
        struct Outer(Option<Option<Vec<String>>>);
        impl Drop for Outer {
            fn drop(&mut self) {
                if let Some(outer) = self.0.take() {
                    KEPT_APART.set(outer);
                }
            }
        }
        let outer = Outer(Some(KEPT_APART.replace(Some(Vec::new()))));
        let value = render();
        let own = KEPT_APART.take().unwrap_or_default();
        drop(outer);
        KEPT_APART.with_borrow_mut(|outer| {
            if let Some(outer) = outer {
                outer.extend(own.iter().cloned());
            }
        });
        (value, own)
    }

    /// Records again the warnings of a render reused rather than run.
    pub fn warn_again(&self, warnings: &[String]) {
        for warning in warnings {
            self.warn(warning.clone());
        }
    }

    /// The face usvg would choose for this family and style.
    fn select(&self, family: &str, style: Style) -> Option<ID> {
        self.faces.select(family, style.bold, style.italic)
    }

    /// Advance width of `text` at font size 1, each character in the face that draws it.
    pub(super) fn advance(&self, family: &str, style: Style, text: &str) -> f32 {
        let Some(primary) = self.select(family, style) else {
            return 0.0;
        };
        self.faces
            .runs_by_face(primary, text)
            .into_iter()
            .map(|(face, run)| self.shape_width(face.unwrap_or(primary), run))
            .sum()
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
        let Some(fd) = self.faces.face_data(id) else {
            return 0.0;
        };
        let Some(shaper) = fd.shaper() else {
            return 0.0;
        };
        let shaped = shaper.shape(text, None);
        let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
        units as f32 / fd.units_per_em
    }

    /// Ascender and descender of the family's regular face, at size 1.
    pub(super) fn metrics(&self, family: &str) -> (f32, f32) {
        self.select(family, Style::default())
            .and_then(|id| self.faces.face_data(id))
            .map(|f| (f.ascender / f.units_per_em, f.descender / f.units_per_em))
            .unwrap_or((0.9, 0.25))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> TextEngine {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        TextEngine::new(fonts.faces.clone(), Icons::default(), OverflowPolicy::Warn)
    }

    /// Each render gets the warnings recorded while it ran, an enclosing one those of what it
    /// enclosed too; all are recorded for the build as well; and a render that panics leaves
    /// the thread capturing nothing.
    #[test]
    fn a_render_keeps_its_own_warnings_apart() {
        let e = engine();
        e.warn("before".into());
        let ((), outer) = e.with_warnings(|| {
            e.warn("outer".into());
            let ((), inner) = e.with_warnings(|| e.warn("inner".into()));
            assert_eq!(inner, ["inner"]);
        });
        assert_eq!(outer, ["outer", "inner"]);
        let render = || e.with_warnings(|| panic!("a render that fails"));
        let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(render));
        assert!(caught.is_err());
        assert!(KEPT_APART.with_borrow(Option::is_none));
        e.warn("after".into());
        assert_eq!(e.take_warnings(), ["after", "before", "inner", "outer"]);
    }
}
