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

    /// `text` shaped with no features, as `rustybuzz::shape` shapes it, in `direction` or
    /// the one its characters suggest.
    pub fn shape(&self, text: &str, direction: Option<Direction>) -> GlyphBuffer {
        self.shape_directed(text, direction).0
    }

    /// [`Shaper::shape`], with the direction it shaped in.
    pub fn shape_directed(
        &self,
        text: &str,
        direction: Option<Direction>,
    ) -> (GlyphBuffer, Direction) {
        (self.plans).shape(self.face.borrow_dependent(), text, direction)
    }

    /// The face's units per em, which the glyphs' advances and offsets are in.
    pub fn units_per_em(&self) -> i32 {
        self.face.borrow_dependent().units_per_em()
    }
}

/// What a shaping plan is made for, besides its face (and features, none here).
type Segment = (Direction, Option<Script>, Option<Language>);

/// The shaping plans of one face, by direction, script and language. Only ever given that
/// one face (its [`Shaper`]'s).
#[derive(Default)]
struct Plans(Mutex<HashMap<Segment, Arc<ShapePlan>>>);

impl Plans {
    /// `text` shaped in `face` (the face these plans are for) with no features, as
    /// `rustybuzz::shape` shapes it: in `direction` or the one its characters suggest, its
    /// script and language guessed, then the plan for them, made on first use. With the
    /// direction it was shaped in.
    fn shape(
        &self,
        face: &rustybuzz::Face,
        text: &str,
        direction: Option<Direction>,
    ) -> (GlyphBuffer, Direction) {
        let mut buffer = UnicodeBuffer::new();
        buffer.push_str(text);
        if let Some(direction) = direction {
            buffer.set_direction(direction);
        }
        buffer.guess_segment_properties();
        // The guess leaves the script unset for a run of none (digits, punctuation), and the
        // getter reads unset as unknown; the plan must be made for it unset, as rustybuzz
        // makes it.
        let script = Some(buffer.script()).filter(|&s| s != rustybuzz::script::UNKNOWN);
        let direction = buffer.direction();
        let key = (direction, script, buffer.language());
        let plan = Arc::clone(lock(&self.0).entry(key).or_insert_with_key(|key| {
            Arc::new(ShapePlan::new(face, key.0, key.1, key.2.as_ref(), &[]))
        }));
        (rustybuzz::shape_with_plan(face, &plan, buffer), direction)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glyphs(out: &GlyphBuffer) -> Vec<(u32, u32, [i32; 4])> {
        (out.glyph_infos().iter())
            .zip(out.glyph_positions())
            .map(|(i, p)| {
                let at = [p.x_advance, p.y_advance, p.x_offset, p.y_offset];
                (i.glyph_id, i.cluster, at)
            })
            .collect()
    }

    /// Shaped once or many times, in any order, every run gives the glyphs a fresh
    /// `rustybuzz::shape` gives: kerning, ligatures, right to left (guessed or set left to
    /// right, as the faces' runs are), both scripts in one run, no script at all.
    #[test]
    fn shapes_as_rustybuzz_does() {
        let (font, index) = (dejavu::sans_condensed::regular(), 0);
        let shaper = Shaper::new(Arc::new(font.to_vec()), index).unwrap();
        let face = rustybuzz::Face::from_slice(font, index).unwrap();
        let runs = [
            "AV To office",
            "123 / 45",
            "שלום עולם",
            "AV שלום 7",
            "Rückseite",
            "",
        ];
        for _ in 0..2 {
            for run in runs {
                for direction in [None, Some(Direction::LeftToRight)] {
                    let mut buffer = UnicodeBuffer::new();
                    buffer.push_str(run);
                    if let Some(d) = direction {
                        buffer.set_direction(d);
                    }
                    let theirs = glyphs(&rustybuzz::shape(&face, &[], buffer));
                    let ours = glyphs(&shaper.shape(run, direction));
                    assert_eq!(ours, theirs, "{run} {direction:?}");
                }
            }
        }
        // Latin, Hebrew both ways, and no script: made once each.
        assert_eq!(lock(&shaper.plans.0).len(), 4);
    }
}
