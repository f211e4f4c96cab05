//! Fitting: the largest size from the box's `size` down to its `min_size` at which the text
//! fits the box's width, height and `max_lines`, found by bisection on a fine grid.

use super::boxes::{BoxSpec, Fitted};
use super::markup::{Style, parse_markup};
use super::shaping::TextEngine;

impl TextEngine {
    /// Fits `text` in the box: the largest size from `spec.size` down to `spec.min_size`
    /// (in steps of 1/40 of the range, at least 0.05) at which it fits width and height.
    pub fn fit(&self, text: &str, spec: &BoxSpec) -> std::result::Result<Fitted, String> {
        let atoms = parse_markup(text, &self.icons)?;
        let mut words = self.words(&atoms, spec);
        let space = self.advance(
            &spec.family,
            Style {
                bold: spec.bold,
                italic: spec.italic,
            },
            " ",
        );
        let (asc, desc) = self.metrics(&spec.family);
        let fits_at = |size: f32| -> Option<Vec<Vec<usize>>> {
            let (lines, ok) = Self::break_lines(&words, space, spec.width / size);
            let height = size * (asc + desc) + (lines.len() as f32 - 1.0) * size * spec.line_height;
            (ok && lines.len() <= spec.max_lines && height <= spec.height + 1e-4).then_some(lines)
        };
        // Fitting is monotonic in the size, so bisect on a fine grid.
        let step = ((spec.size - spec.min_size) / 40.0).max(0.05);
        let steps = ((spec.size - spec.min_size) / step).round().max(0.0) as i32;
        let size_at = |k: i32| spec.size - k as f32 * step;
        let (size, lines, fits) = if let Some(lines) = fits_at(spec.size) {
            (spec.size, lines, true)
        } else {
            let (mut lo, mut hi) = (0, steps); // invariant: lo fails
            match fits_at(size_at(hi)) {
                None => {
                    let s = spec.min_size;
                    let (lines, _) = Self::break_lines(&words, space, spec.width / s);
                    let lines = self.cut_to_box(&mut words, lines, space, s, asc + desc, spec);
                    (s, lines, false)
                }
                Some(_) => {
                    while hi - lo > 1 {
                        let mid = (lo + hi) / 2;
                        if fits_at(size_at(mid)).is_some() {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    let s = size_at(hi);
                    (s, fits_at(s).expect("checked above"), true)
                }
            }
        };
        Ok(self.place(&words, &lines, space, asc, desc, size, fits, spec))
    }
}
