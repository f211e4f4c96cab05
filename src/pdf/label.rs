//! The sheet writer's own text (revision stamps, sheet labels, blank-page notes), each string
//! shaped once, or each of its runs of digits and of other text when it is Latin.
//!
//! krilla's `Surface::draw_text` parses the font and shapes the string again on every call;
//! a 10,000-card deck prints 10,000 stamps (one per card, 1,000 distinct with 1,000 unique
//! faces) and a few labels per sheet, and that took a seventh of the build. Here the font is
//! parsed once per document and the text shaped once, into the same glyphs krilla would make
//! (no features, direction guessed from the text), so the PDF is unchanged.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use krilla::geom::Point;
use krilla::surface::Surface;
use krilla::text::{Font, GlyphId, KrillaGlyph};

use crate::error::{Error, Result};

use crate::pdf::draw::{note_numbers, transform_numbers};
use crate::pdf::words::SheetWords;
use crate::sync::lock;
use crate::text::shaper::Shaper;

/// The label font of one document, with the strings it has shaped and the words it prints
/// (in the kit's language), so whatever draws the writer's own text has both at hand.
pub struct LabelFont {
    font: Font,
    shaper: Shaper,
    shaped: Mutex<HashMap<String, Arc<[KrillaGlyph]>>>,
    pub words: Arc<SheetWords>,
    /// Dry ([`LabelFont::dry`]): what would have been drawn, each size and string in turn.
    dry: Option<Mutex<Vec<u8>>>,
}

impl LabelFont {
    /// The first font in `data` (a bundled font's bytes, read in place: the PDF writer and
    /// the shaper share them, and no document copies them).
    pub fn new(data: &'static [u8]) -> Result<LabelFont> {
        let unreadable = || Error::new("the bundled label font could not be read");
        let bytes: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(data);
        let font = Font::new(krilla::Data::from(Arc::clone(&bytes)), 0).ok_or_else(unreadable)?;
        let shaper = Shaper::new(bytes, 0).ok_or_else(unreadable)?;
        Ok(LabelFont {
            font,
            shaper,
            shaped: Mutex::new(HashMap::new()),
            words: SheetWords::english(),
            dry: None,
        })
    }

    /// Makes the font dry, for a dry sheet writer: each string is noted rather than drawn,
    /// with where (the surface's transform and the point), its size and its fill. Drawing
    /// glyphs is krilla's slowest step per character, a quarter of a 10,000-card deck's sheets
    /// in stamps and labels, and a dry document is read only for its digest.
    pub fn dry(&mut self) {
        self.dry = Some(Mutex::new(Vec::new()));
    }

    /// Notes, when dry, that page `n` starts: each string noted after it is on that page.
    pub fn note_page(&self, n: usize) {
        if let Some(noted) = &self.dry {
            lock(noted).extend((n as u64).to_le_bytes());
        }
    }

    /// The strings a dry font was asked to draw, with where, their sizes and fills, in order.
    pub fn noted(&self) -> Vec<u8> {
        self.dry
            .as_ref()
            .map(|d| lock(d).clone())
            .unwrap_or_default()
    }

    /// Draws `text` at `size` pt with its baseline starting at `at`, in the surface's fill.
    pub fn draw(&self, surface: &mut Surface, at: Point, size: f32, text: &str) {
        if let Some(noted) = &self.dry {
            let mut noted = lock(noted);
            let place = transform_numbers(surface.ctm()).into_iter();
            note_numbers(&mut noted, place.chain([at.x, at.y, size]));
            // The fill's own bytes (what its `Hash` writes), not its `Debug` text: writing
            // that out, floats and all, was a twentieth of a 10,000-card deck's rebuild that
            // changed nothing.
            std::hash::Hash::hash(&surface.get_fill(), &mut Noting(&mut noted));
            noted.extend((text.len() as u64).to_le_bytes());
            noted.extend(text.as_bytes());
            return;
        }
        let glyphs = self.glyphs(text);
        surface.draw_glyphs(at, &glyphs, self.font.clone(), text, size, false);
    }

    /// How wide `text` is set at `size` pt, in mm: its glyphs' advances.
    pub fn width_mm(&self, text: &str, size: f32) -> f32 {
        let ems: f32 = self.glyphs(text).iter().map(|g| g.x_advance).sum();
        ems * size * crate::preflight::measures::MM_PER_PT
    }

    /// `text`'s glyphs. Latin text ([`simple_runs`]) is shaped a run of digits and a run of
    /// the rest at a time, each run once, and its glyphs joined on each call: the sheet labels
    /// differ only by their numbers ("sheet 17 of 1110"), and shaping each whole was a tenth of
    /// the sheets' drawing at 10,000 cards, and kept every label. Other text is shaped once
    /// per string.
    fn glyphs(&self, text: &str) -> Arc<[KrillaGlyph]> {
        if let Some(glyphs) = lock(&self.shaped).get(text) {
            return Arc::clone(glyphs);
        }
        let runs = simple_runs(text);
        if runs.len() > 1 {
            let mut glyphs = Vec::with_capacity(text.len());
            for range in runs {
                let start = range.start;
                glyphs.extend(self.glyphs(&text[range]).iter().map(|g| KrillaGlyph {
                    text_range: g.text_range.start + start..g.text_range.end + start,
                    ..g.clone()
                }));
            }
            return glyphs.into();
        }
        let glyphs: Arc<[KrillaGlyph]> = shape(&self.shaper, text).into();
        lock(&self.shaped).insert(text.to_owned(), Arc::clone(&glyphs));
        glyphs
    }
}

/// The byte ranges of `text`'s runs of digits and of other characters, in order, when every
/// character is Latin (with its punctuation and spaces); one range for other text. In the
/// bundled label font Latin shapes the same a run at a time: it has no ligature, fraction or
/// kerning pair across a digit and its neighbour (a test checks every pair). The fraction
/// slash (U+2044) is left out all the same: a font that builds fractions needs the digits
/// around it shaped with it.
fn simple_runs(text: &str) -> Vec<std::ops::Range<usize>> {
    let simple = |c: char| {
        c.is_ascii()
            || ('\u{A0}'..='\u{24F}').contains(&c)
            || ('\u{2010}'..='\u{2027}').contains(&c)
            || ('\u{2030}'..='\u{2043}').contains(&c)
            || ('\u{2045}'..='\u{205E}').contains(&c)
    };
    if !text.chars().all(simple) {
        return std::iter::once(0..text.len()).collect();
    }
    let mut runs: Vec<std::ops::Range<usize>> = Vec::new();
    let mut digits = None;
    for (at, c) in text.char_indices() {
        let digit = c.is_ascii_digit();
        match runs.last_mut() {
            Some(run) if digits == Some(digit) => run.end = at + c.len_utf8(),
            _ => runs.push(at..at + c.len_utf8()),
        }
        digits = Some(digit);
    }
    runs
}

/// A hasher that keeps every byte hashed into it: the dry notes, which the sheets' cache key
/// digests whole.
struct Noting<'n>(&'n mut Vec<u8>);

impl std::hash::Hasher for Noting<'_> {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    fn finish(&self) -> u64 {
        0
    }
}

/// `text` shaped with no features; advances and offsets in ems, each glyph with the byte
/// range of the characters it draws (its cluster up to the next cluster in reading order).
fn shape(shaper: &Shaper, text: &str) -> Vec<KrillaGlyph> {
    let (out, direction) = shaper.shape_directed(text, None);
    let forward = matches!(
        direction,
        rustybuzz::Direction::LeftToRight | rustybuzz::Direction::TopToBottom
    );
    let (infos, positions) = (out.glyph_infos(), out.glyph_positions());
    let em = shaper.units_per_em() as f32;
    let cluster = |i: usize| infos[i].cluster as usize;
    (0..infos.len())
        .map(|i| {
            let start = cluster(i);
            // The glyphs are in visual order: a right-to-left run reads backwards.
            let end = if forward {
                (i + 1..infos.len()).map(cluster).find(|&c| c != start)
            } else {
                (0..i).rev().map(cluster).find(|&c| c != start)
            }
            .unwrap_or(text.len());
            let p = positions[i];
            KrillaGlyph::new(
                GlyphId::new(infos[i].glyph_id),
                p.x_advance as f32 / em,
                p.x_offset as f32 / em,
                p.y_offset as f32 / em,
                p.y_advance as f32 / em,
                start..end,
                None,
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One page with `texts` drawn one under the other, by `draw`.
    fn page(draw: impl Fn(&mut Surface, Point, &str)) -> Vec<u8> {
        let texts = [
            "sheet 3 of 12 · fronts · rev 1",
            "Rückseiten (an der langen Kante wenden) · Rev. Ⅻ",
            "fi ffl AV To 50 mm",
            "שלום עולם",
            "",
        ];
        let mut doc = krilla::Document::new();
        let mut page = doc.start_page_with(crate::pdf::draw::page_settings(100.0, 100.0));
        let mut surface = page.surface();
        for (i, text) in texts.iter().enumerate() {
            draw(
                &mut surface,
                Point::from_xy(10.0, 20.0 + 15.0 * i as f32),
                text,
            );
        }
        surface.finish();
        page.finish();
        doc.finish().unwrap()
    }

    #[test]
    fn draws_the_same_pdf_as_krillas_own_text_drawing() {
        // Shaping here must match krilla's `draw_text` glyph for glyph, or a krilla upgrade
        // could change the sheets unnoticed.
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let font = LabelFont::new(fonts.label).unwrap();
        let ours = page(|s, at, text| font.draw(s, at, 9.0, text));
        let krillas = page(|s, at, text| {
            let direction = krilla::text::TextDirection::Auto;
            s.draw_text(at, font.font.clone(), 9.0, text, false, direction);
        });
        assert!(ours == krillas, "the label text differs from krilla's");
    }

    #[test]
    fn shapes_each_run_once_and_covers_the_text() {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let font = LabelFont::new(fonts.label).unwrap();
        let a = font.glyphs("sheet · fronts");
        assert!(Arc::ptr_eq(&a, &font.glyphs("sheet · fronts")));
        let text = "sheet 3 of 12 · fronts";
        let a = font.glyphs(text);
        assert_eq!(a.len(), text.chars().count());
        assert_eq!(a[0].text_range, 0..1);
        // "·" is two bytes: its glyph covers both.
        let dot = "sheet 3 of 12 ".len();
        assert!(a.iter().any(|g| g.text_range == (dot..dot + 2)));
        assert_eq!(a.last().unwrap().text_range.end, text.len());
        assert!(a.iter().all(|g| g.x_advance > 0.0 && g.x_advance < 1.5));
        // Its runs are kept, not the label.
        assert!(lock(&font.shaped).contains_key(" of "));
        assert!(!lock(&font.shaped).contains_key(text));
    }

    /// Shaped a run at a time, a Latin label is the glyphs it is shaped whole, in every
    /// language the kit ships; other text is shaped whole.
    #[test]
    fn labels_shaped_by_runs_are_the_labels_shaped_whole() {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let font = LabelFont::new(fonts.label).unwrap();
        let mut texts = vec![
            "Big Deck · Deck · sheet 17 of 1110 · backs (flip on the long edge) · rev 1".to_owned(),
            "T1 7. V2 \u{201C}4\u{201D} L10 f1 fi9 99% 1\u{2013}2 \u{2030}3".to_owned(),
            "1·26e6d0".to_owned(),
        ];
        for code in ["de", "en", "es", "fr", "it", "nl", "pl", "pt"] {
            let catalogue = crate::i18n::Catalogue::shipped(code).unwrap();
            let words = crate::pdf::words::SheetWords::of(&catalogue);
            for n in ["1", "17", "204", "1110"] {
                let values = [("title", "Żółw Ärger"), ("n", n), ("of", "1110")];
                let sheet = crate::pdf::words::fill(&words.sheet, &values);
                texts.push(format!(
                    "{sheet} · {} · {}",
                    words.backs_page(crate::model::print::Duplex::LongEdge),
                    words.rev("12")
                ));
            }
        }
        for text in &texts {
            assert!(simple_runs(text).len() > 1, "{text}");
            let whole = shape(&font.shaper, text);
            let ours = font.glyphs(text);
            let key = |g: &KrillaGlyph| (g.glyph_id, g.text_range.clone(), g.x_advance, g.x_offset);
            let (whole, ours): (Vec<_>, Vec<_>) = (
                whole.iter().map(key).collect(),
                ours.iter().map(key).collect(),
            );
            assert_eq!(ours, whole, "{text}");
        }
        assert_eq!(simple_runs("שלום 12"), vec![0.."שלום 12".len()]);
        assert_eq!(simple_runs("Rev. Ⅻ 3"), vec![0.."Rev. Ⅻ 3".len()]);
    }

    /// Why Latin may be shaped a run at a time: in the label font, no character that
    /// [`simple_runs`] lets through shapes differently beside a digit, on either side.
    #[test]
    fn no_latin_character_shapes_differently_beside_a_digit() {
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let font = LabelFont::new(fonts.label).unwrap();
        let latin = (' '..='\u{205E}').filter(|&c| simple_runs(&format!("{c}1")).len() > 1);
        let key = |g: &KrillaGlyph| (g.glyph_id, g.x_advance, g.x_offset, g.y_offset);
        let whole = |text: &str| {
            shape(&font.shaper, text)
                .iter()
                .map(key)
                .collect::<Vec<_>>()
        };
        let apart = |text: &str| {
            (text.chars())
                .flat_map(|ch| shape(&font.shaper, &ch.to_string()))
                .map(|g| key(&g))
                .collect::<Vec<_>>()
        };
        // A kerned pair tells: the comparison sees kerning.
        assert_ne!(whole("AV"), apart("AV"));
        let mut checked = 0;
        for c in latin {
            for d in '0'..='9' {
                for pair in [format!("{c}{d}"), format!("{d}{c}")] {
                    assert_eq!(whole(&pair), apart(&pair), "{pair:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 5000, "{checked} pairs");
    }

    /// A dry font's notes tell every fill apart: none, black, another colour, the same colour
    /// fainter; and the same fill notes the same bytes.
    #[test]
    fn dry_notes_tell_fills_apart() {
        use krilla::color::rgb;
        use krilla::num::NormalizedF32;
        let fonts = crate::text::fonts::Fonts::bundled().unwrap();
        let mut font = LabelFont::new(fonts.label).unwrap();
        font.dry();
        let black = krilla::paint::Fill {
            paint: rgb::Color::black().into(),
            ..Default::default()
        };
        let red = krilla::paint::Fill {
            paint: rgb::Color::new(200, 0, 0).into(),
            ..Default::default()
        };
        let faint = krilla::paint::Fill {
            opacity: NormalizedF32::new(0.5).unwrap(),
            ..red.clone()
        };
        let fills = [None, Some(black), Some(red.clone()), Some(faint), Some(red)];
        let mut notes = Vec::new();
        for fill in fills {
            let before = font.noted().len();
            page(|s, at, text| {
                if text.is_empty() {
                    s.set_fill(fill.clone());
                    font.draw(s, at, 9.0, "x");
                }
            });
            notes.push(font.noted()[before..].to_vec());
        }
        for (i, a) in notes.iter().enumerate() {
            for (j, b) in notes.iter().enumerate().skip(i + 1) {
                assert_eq!(a == b, (i, j) == (2, 4), "fills {i} and {j}");
            }
        }
    }
}
