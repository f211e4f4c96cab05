//! Right-to-left text: a paragraph whose first letter with a direction reads right to left
//! is laid out from the right, its pieces marked as right-to-left isolates.

use super::boxes::Piece;
use super::breaking::Word;
use super::markup::Atom;

/// Whether the paragraph holding word `i` reads right to left: its first letter with a
/// direction (Hebrew, Arabic…) says so, as a reader's bidi algorithm decides.
pub(super) fn right_to_left(words: &[Option<Word>], i: usize) -> bool {
    let start = words[..i]
        .iter()
        .rposition(Option::is_none)
        .map_or(0, |p| p + 1);
    let texts = words[start..]
        .iter()
        .map_while(Option::as_ref)
        .flat_map(|w| &w.parts)
        .filter_map(|(atom, _)| match atom {
            Atom::Text(t, _) => Some(t.as_str()),
            _ => None,
        });
    for text in texts {
        match unicode_bidi::get_base_direction(text) {
            unicode_bidi::Direction::Rtl => return true,
            unicode_bidi::Direction::Ltr => return false,
            unicode_bidi::Direction::Mixed => {}
        }
    }
    false
}

/// Marks each text piece of a right-to-left paragraph as a right-to-left isolate
/// (U+2067 … U+2069): the drawing program orders a piece's words and punctuation for a reader
/// starting on the left unless told otherwise, which put a sentence's full stop on its right.
/// The marks draw nothing and take no room.
pub(super) fn isolate_right_to_left(pieces: &mut [Piece]) {
    for piece in pieces {
        if let Piece::Text { text, .. } = piece {
            *text = format!("\u{2067}{text}\u{2069}");
        }
    }
}

/// Lays a line's pieces out from the right: the first piece read ends where the line ends.
/// Within a piece the drawing program orders the words itself; across pieces (a bold word in
/// a Hebrew sentence) only the order given here says which comes first.
pub(super) fn mirror(pieces: &mut [Piece], extents: &[(f32, f32)]) {
    let (Some(&(left, _)), Some(&(_, right))) = (extents.first(), extents.last()) else {
        return;
    };
    for (piece, &(start, end)) in pieces.iter_mut().zip(extents) {
        let shift = left + right - end - start;
        match piece {
            Piece::Text { x, .. } | Piece::Icon { x, .. } => *x += shift,
        }
    }
}
