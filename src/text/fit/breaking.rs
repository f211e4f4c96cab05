//! Line breaking: the atoms of a text gathered into words measured at size 1, broken greedily
//! into lines of a box's width, and, for text that cannot fit, cut to the lines its box holds
//! with an ellipsis.

use super::boxes::BoxSpec;
use super::markup::{Atom, Style};
use super::shaping::TextEngine;

/// A word: consecutive atoms without a space, measured at size 1.
#[derive(Debug, Clone)]
pub(super) struct Word {
    pub(super) parts: Vec<(Atom, f32)>,
    pub(super) width: f32,
}

impl TextEngine {
    pub(super) fn words(&self, atoms: &[Atom], spec: &BoxSpec) -> Vec<Option<Word>> {
        // None marks a forced line break.
        let base = Style {
            bold: spec.bold,
            italic: spec.italic,
        };
        let mut out = Vec::new();
        let mut word: Option<Word> = None;
        for atom in atoms {
            match atom {
                Atom::Space => out.extend(word.take().map(Some)),
                Atom::Break => {
                    out.extend(word.take().map(Some));
                    out.push(None);
                }
                Atom::Text(t, s) => {
                    let style = Style {
                        bold: base.bold || s.bold,
                        italic: base.italic != s.italic,
                    };
                    let w = self.advance(&spec.family, style, t);
                    let entry = word.get_or_insert(Word {
                        parts: Vec::new(),
                        width: 0.0,
                    });
                    entry.parts.push((Atom::Text(t.clone(), style), w));
                    entry.width += w;
                }
                Atom::Icon(name) => {
                    let w = spec.icon_scale + 0.08;
                    let entry = word.get_or_insert(Word {
                        parts: Vec::new(),
                        width: 0.0,
                    });
                    entry.parts.push((Atom::Icon(name.clone()), w));
                    entry.width += w;
                }
            }
        }
        out.extend(word.map(Some));
        out
    }

    /// Breaks words into lines at size 1 for a box `width / size` wide; returns the line
    /// word ranges and whether every word fit.
    pub(super) fn break_lines(
        words: &[Option<Word>],
        space: f32,
        width: f32,
    ) -> (Vec<Vec<usize>>, bool) {
        let mut lines: Vec<Vec<usize>> = vec![Vec::new()];
        let mut line_w = 0.0f32;
        let mut ok = true;
        for (i, w) in words.iter().enumerate() {
            let Some(w) = w else {
                lines.push(Vec::new());
                line_w = 0.0;
                continue;
            };
            let cur = lines.last_mut().expect("lines is never empty");
            if cur.is_empty() {
                cur.push(i);
                line_w = w.width;
            } else if line_w + space + w.width <= width + 1e-4 {
                cur.push(i);
                line_w += space + w.width;
            } else {
                lines.push(vec![i]);
                line_w = w.width;
            }
            ok &= w.width <= width + 1e-4;
        }
        (lines, ok)
    }

    /// Text that does not fit even at its minimum size `size` (printed under `text_overflow:
    /// warn`) keeps the lines its box holds, within `max_lines` (one at least), the last ending
    /// in an ellipsis: it is cut where the proof shows it rather than run down past the box
    /// into the trim. (A single word wider than the box still reaches past its side; it is
    /// reported all the same.) `extent` is the font's ascent and descent in ems.
    pub(super) fn cut_to_box(
        &self,
        words: &mut Vec<Option<Word>>,
        mut lines: Vec<Vec<usize>>,
        space: f32,
        size: f32,
        extent: f32,
        spec: &BoxSpec,
    ) -> Vec<Vec<usize>> {
        let by_height = ((spec.height / size - extent) / spec.line_height).floor() + 1.0;
        let keep = spec.max_lines.min(by_height.max(1.0) as usize);
        if lines.len() <= keep {
            return lines;
        }
        lines.truncate(keep);
        let style = Style {
            bold: spec.bold,
            italic: spec.italic,
        };
        let width = self.advance(&spec.family, style, "…");
        words.push(Some(Word {
            parts: vec![(Atom::Text("…".to_owned(), style), width)],
            width,
        }));
        let room = spec.width / size;
        let last = lines.last_mut().expect("keep is at least one");
        let used = |line: &[usize]| -> f32 {
            let widths: f32 = line
                .iter()
                .filter_map(|&i| words[i].as_ref())
                .map(|w| w.width)
                .sum();
            widths + space * line.len() as f32
        };
        while last.len() > 1 && used(last) + width > room + 1e-4 {
            last.pop();
        }
        last.push(words.len() - 1);
        lines
    }
}
