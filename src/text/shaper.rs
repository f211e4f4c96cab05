//! Shaping with rustybuzz, each face parsed once and each shaping plan made once.
//!
//! `rustybuzz::shape` makes a shaping plan (the face's substitution and positioning lookups
//! for the text's direction, script and language) on every call, and every call parsed the
//! face's tables for rustybuzz first: together about 3 % of Death to Decorum's build, for runs
//! that are almost all one script in a handful of faces. The same glyphs come out: a plan
//! depends on nothing but the face, those three properties and the features (none here).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rustybuzz::{Direction, GlyphBuffer, Language, Script, ShapePlan, UnicodeBuffer};

use crate::sync::lock;

type FaceOf<'a> = rustybuzz::Face<'a>;

self_cell::self_cell!(
    /// A face's tables as rustybuzz reads them, parsed once, with the font bytes they borrow.
    struct OwnedFace {
        owner: Arc<dyn AsRef<[u8]> + Send + Sync>,
        #[covariant]
        dependent: FaceOf,
    }
);

/// One face, ready to shape with.
pub struct Shaper {
    face: OwnedFace,
    plans: Plans,
}

impl Shaper {
    /// Face `index` of the font file `data`; none when rustybuzz cannot read it.
    pub fn new(data: Arc<dyn AsRef<[u8]> + Send + Sync>, index: u32) -> Option<Shaper> {
        let face = OwnedFace::try_new(data, |data| {
            rustybuzz::Face::from_slice((**data).as_ref(), index).ok_or(())
        })
        .ok()?;
        Some(Shaper {
            face,
            plans: Plans::default(),
        })
    }

    /// `buffer` shaped with no features, as `rustybuzz::shape` shapes it.
    pub fn shape(&self, buffer: UnicodeBuffer) -> GlyphBuffer {
        self.plans.shape(self.face.borrow_dependent(), buffer)
    }
}

/// What a shaping plan is made for, besides its face (and features, none here).
type Segment = (Direction, Script, Option<Language>);

/// The shaping plans of one face, by direction, script and language.
#[derive(Default)]
pub struct Plans(Mutex<HashMap<Segment, Arc<ShapePlan>>>);

impl Plans {
    /// `buffer` shaped in `face` (the face these plans are for) with no features, as
    /// `rustybuzz::shape` shapes it: its segment properties guessed where unset, then the
    /// plan for them, made on first use.
    pub fn shape(&self, face: &rustybuzz::Face, mut buffer: UnicodeBuffer) -> GlyphBuffer {
        buffer.guess_segment_properties();
        let script = buffer.script();
        // A run of no script at all (digits, punctuation) leaves the buffer's script unset,
        // which its getter cannot tell from an unknown one: shaped as rustybuzz would.
        if script == rustybuzz::script::UNKNOWN {
            return rustybuzz::shape(face, &[], buffer);
        }
        let key = (buffer.direction(), script, buffer.language());
        let plan = Arc::clone(lock(&self.0).entry(key).or_insert_with_key(|key| {
            Arc::new(ShapePlan::new(
                face,
                key.0,
                Some(key.1),
                key.2.as_ref(),
                &[],
            ))
        }));
        rustybuzz::shape_with_plan(face, &plan, buffer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyphs(out: &GlyphBuffer) -> Vec<(u32, u32, i32, i32, i32)> {
        (out.glyph_infos().iter())
            .zip(out.glyph_positions())
            .map(|(i, p)| (i.glyph_id, i.cluster, p.x_advance, p.x_offset, p.y_offset))
            .collect()
    }

    /// Shaped once or many times, in any order, every run gives the glyphs a fresh
    /// `rustybuzz::shape` gives: kerning, ligatures, right to left, no script at all.
    #[test]
    fn shapes_as_rustybuzz_does() {
        // DejaVu Sans Condensed: kerning, ligatures and Hebrew.
        let font = crate::text::fonts::bundled_data()[4];
        let data: Arc<dyn AsRef<[u8]> + Send + Sync> = Arc::new(font.to_vec());
        let shaper = Shaper::new(Arc::clone(&data), 0).expect("the bundled font");
        let face = rustybuzz::Face::from_slice(font, 0).unwrap();
        let runs = [
            "AV To office",
            "123 / 45",
            "שלום עולם",
            "Rückseite",
            "AV To office",
            "",
        ];
        for _ in 0..2 {
            for run in runs {
                let buffer = || {
                    let mut b = UnicodeBuffer::new();
                    b.push_str(run);
                    b
                };
                let ours = glyphs(&shaper.shape(buffer()));
                assert_eq!(
                    ours,
                    glyphs(&rustybuzz::shape(&face, &[], buffer())),
                    "{run}"
                );
            }
        }
        assert_eq!(
            lock(&shaper.plans.0).len(),
            2,
            "one plan for Latin, one for Hebrew"
        );
    }
}
