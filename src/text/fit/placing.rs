//! Placing the fitted lines in the box: aligned or justified, the block set to the top,
//! middle or bottom, and each line's words run together into pieces of one style.

use super::bidi::{isolate_right_to_left, mirror, right_to_left};
use super::boxes::{Align, BoxSpec, Fitted, LaidLine, Piece, VAlign};
use super::breaking::Word;
use super::markup::Atom;
use super::shaping::TextEngine;

impl TextEngine {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn place(
        &self,
        words: &[Option<Word>],
        lines: &[Vec<usize>],
        space: f32,
        asc: f32,
        desc: f32,
        size: f32,
        fits: bool,
        spec: &BoxSpec,
    ) -> Fitted {
        let block_h = size * (asc + desc) + (lines.len() as f32 - 1.0) * size * spec.line_height;
        let top = match spec.valign {
            VAlign::Top => spec.y,
            VAlign::Middle => spec.y + (spec.height - block_h) / 2.0,
            VAlign::Bottom => spec.y + spec.height - block_h,
        };
        let mut out = Vec::with_capacity(lines.len());
        for (n, line) in lines.iter().enumerate() {
            let baseline = top + size * asc + n as f32 * size * spec.line_height;
            let natural: f32 = line
                .iter()
                .filter_map(|&i| words[i].as_ref())
                .map(|w| w.width)
                .sum::<f32>()
                + space * line.len().saturating_sub(1) as f32;
            let width = natural * size;
            let last_of_paragraph = n + 1 == lines.len()
                || lines[n + 1]
                    .first()
                    .is_some_and(|&i| i > 0 && words[i - 1].is_none())
                || lines[n + 1].is_empty();
            let gap = match spec.align {
                Align::Justify if line.len() > 1 && !last_of_paragraph => {
                    (spec.width - width) / (line.len() - 1) as f32 + space * size
                }
                _ => space * size,
            };
            let x = match spec.align {
                Align::Left | Align::Justify => spec.x,
                Align::Center => spec.x + (spec.width - width) / 2.0,
                Align::Right => spec.x + spec.width - width,
            };
            let pieces = self.line_pieces(words, line, x, gap, size, spec);
            out.push(LaidLine {
                baseline,
                width,
                pieces,
            });
        }
        Fitted {
            size,
            lines: out,
            fits,
        }
    }

    /// A line's pieces from `x`, its words `gap` apart. Words of one style run on in one
    /// piece, spaced by `word_spacing`: a drawing program shapes a run once, where it would
    /// shape each word of its own again, and draws it as one. An icon ends a run.
    pub(super) fn line_pieces(
        &self,
        words: &[Option<Word>],
        line: &[usize],
        mut x: f32,
        gap: f32,
        size: f32,
        spec: &BoxSpec,
    ) -> Vec<Piece> {
        let mut pieces: Vec<Piece> = Vec::new();
        // Where each piece starts and ends on the line (an icon: its slot).
        let mut extents: Vec<(f32, f32)> = Vec::new();
        // Whether the last piece is text the next may join.
        let mut open = false;
        for (k, &i) in line.iter().enumerate() {
            let Some(word) = &words[i] else {
                open = false;
                continue;
            };
            if k > 0 {
                x += gap;
            }
            for (p, (atom, w)) in word.parts.iter().enumerate() {
                let end = x + w * size;
                match atom {
                    Atom::Text(t, s) => {
                        // A space kept inside a word (`10\ gold`) must not widen with the gaps
                        // between words: such a part runs on with nothing.
                        let kept_space = t.contains(char::is_whitespace);
                        let joins = match pieces.last_mut() {
                            Some(Piece::Text {
                                text, bold, italic, ..
                            }) if open && !kept_space && (*bold, *italic) == (s.bold, s.italic) => {
                                if k > 0 && p == 0 {
                                    text.push(' ');
                                }
                                text.push_str(t);
                                true
                            }
                            _ => false,
                        };
                        if joins {
                            extents.last_mut().expect("a piece to join").1 = end;
                        } else {
                            // The run's own space, set to the gap the words were placed by.
                            let space = self.advance(&spec.family, *s, " ") * size;
                            pieces.push(Piece::Text {
                                x,
                                text: t.clone(),
                                bold: s.bold,
                                italic: s.italic,
                                word_spacing: if kept_space { 0.0 } else { gap - space },
                            });
                            extents.push((x, end));
                        }
                        open = !kept_space;
                    }
                    Atom::Icon(name) => {
                        pieces.push(Piece::Icon {
                            x: x + 0.04 * size,
                            name: name.clone(),
                        });
                        extents.push((x, end));
                        open = false;
                    }
                    _ => {}
                }
                x = end;
            }
        }
        if line.first().is_some_and(|&i| right_to_left(words, i)) {
            mirror(&mut pieces, &extents);
            isolate_right_to_left(&mut pieces);
        }
        pieces
    }
}
