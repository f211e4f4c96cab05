//! What parsing each face found, kept in the command line's build cache for the next build.
//!
//! Looking at a face (rendering it small for contrast and bleed, measuring its text and lines)
//! was 40 % of a rebuild of Death to Decorum from the cache; and a face whose sheets are taken
//! from the cache whole (`sheet_cache`) need not be parsed at all, if what its parse told the
//! build is kept too: its findings, its size and why its text fell back to the SVG reader. These
//! depend only on the face and a few settings ([`cache_key`](crate::preflight::cache_key)); the
//! findings are placed on their card afterwards, so a face that did not change is not looked
//! at again, by the next build or by `check` (`preflight_game`, in `parse.rs`, which reads the
//! notes and writes none). All faces' notes are one entry: 10,000 entries of a few bytes each
//! cost the first build of a large deck a third of a second to write, and 40 MB of disk.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::Game;
use crate::output::cache::{DiskCache, Entry};
use crate::preflight::report::{Kept, Raw};
use crate::render::faces::Face;
use crate::render::shaped::{FellBack, ParsedFace};
use crate::sync::lock;

/// The entry's key: one per kit.
const KEY: &str = "faces";

/// What parsing a face told the build, before its findings are placed on a card.
#[derive(Clone)]
pub(super) struct FaceNote {
    pub(super) raw: Vec<Raw>,
    /// The SVG's width and height, in its own units.
    pub(super) size: (f32, f32),
    pub(super) fell_back: Option<FellBack>,
}

impl FaceNote {
    /// What parsing `face` into `tree` found: its findings looked at now, with the face as the
    /// findings read it in pixels when they did (without its text: see
    /// [`crate::preflight::raw_and_pixels`]).
    pub(super) fn looked(
        game: &Game,
        face: &Face,
        tree: &ParsedFace,
    ) -> (FaceNote, Option<Looked>) {
        let (raw, pixels) = crate::preflight::raw_and_pixels(game, face, tree);
        let note = FaceNote {
            raw,
            size: (tree.tree.size().width(), tree.tree.size().height()),
            fell_back: tree.fell_back,
        };
        (note, pixels.map(|(pixmap, _)| pixmap))
    }
}

/// A face rendered for its preflight: without its text, over nothing.
pub(super) type Looked = resvg::tiny_skia::Pixmap;

/// A note as the entry keeps it: numbers by their bits, so that a note read back is the note
/// made, to the last digit of `check.json`.
#[derive(serde::Serialize, serde::Deserialize)]
struct KeptNote(Vec<Kept>, u32, u32, Option<FellBack>);

impl From<&FaceNote> for KeptNote {
    fn from(n: &FaceNote) -> KeptNote {
        let raw = n.raw.iter().map(Kept::from).collect();
        KeptNote(raw, n.size.0.to_bits(), n.size.1.to_bits(), n.fell_back)
    }
}

impl From<KeptNote> for FaceNote {
    fn from(KeptNote(raw, w, h, fell_back): KeptNote) -> FaceNote {
        FaceNote {
            raw: raw.into_iter().map(Raw::from).collect(),
            size: (f32::from_bits(w), f32::from_bits(h)),
            fell_back,
        }
    }
}

/// The notes of the last build, and of this one for the next.
pub(super) struct KeptNotes {
    disk: Arc<DiskCache>,
    /// The name of the game's own fonts, and the limits a face's parse is held to (a face
    /// found here is one that parses under them).
    fonts: String,
    /// The last build's notes by face key, read when first asked.
    earlier: OnceLock<HashMap<String, FaceNote>>,
    /// This build's, by face key.
    now: Mutex<BTreeMap<String, FaceNote>>,
    /// Whether a face was looked at anew.
    made: AtomicBool,
}

impl KeptNotes {
    pub(super) fn new(disk: Arc<DiskCache>, fonts: &str) -> KeptNotes {
        KeptNotes {
            disk,
            fonts: format!("{fonts} {}", crate::render::parse_limits()),
            earlier: OnceLock::new(),
            now: Mutex::default(),
            made: AtomicBool::new(false),
        }
    }

    /// Keeps `note`, made now for `face`, for the next build.
    pub(super) fn remember(&self, game: &Game, face: &Face, note: &FaceNote) {
        let key = crate::preflight::cache_key(game, face, &self.fonts);
        self.made.store(true, Ordering::Relaxed);
        lock(&self.now).insert(key, note.clone());
    }

    /// The note of `face` as this build or the last made it, if either did: then the face
    /// need not be parsed for it.
    pub(super) fn kept(&self, game: &Game, face: &Face) -> Option<FaceNote> {
        let key = crate::preflight::cache_key(game, face, &self.fonts);
        // A face parsed again after it was let go (for the index page's previews).
        if let Some(note) = lock(&self.now).get(&key) {
            return Some(note.clone());
        }
        let note = self.earlier().get(&key)?.clone();
        lock(&self.now).insert(key, note.clone());
        Some(note)
    }

    fn earlier(&self) -> &HashMap<String, FaceNote> {
        self.earlier.get_or_init(|| {
            self.disk
                .get(Entry::Notes, KEY, |bytes| map_from_bytes(&bytes))
                .unwrap_or_default()
        })
    }

    /// Keeps this build's notes for the next, unless they are the last build's.
    pub(super) fn keep(&self) {
        let now = lock(&self.now);
        let same = !self.made.load(Ordering::Relaxed)
            && self.earlier.get().map_or(0, HashMap::len) == now.len();
        if !same {
            self.disk.put(Entry::Notes, KEY, &map_to_bytes(&now));
        }
    }
}

/// Faces' notes, by face key, as bytes for the build cache.
fn map_to_bytes(map: &BTreeMap<String, FaceNote>) -> Vec<u8> {
    let kept: BTreeMap<&str, KeptNote> = map
        .iter()
        .map(|(key, note)| (key.as_str(), KeptNote::from(note)))
        .collect();
    serde_json::to_vec(&kept).unwrap_or_default()
}

/// Faces' notes by face key, from the build cache's bytes; none when they are not such.
fn map_from_bytes(bytes: &[u8]) -> Option<HashMap<String, FaceNote>> {
    let kept: HashMap<String, KeptNote> = serde_json::from_slice(bytes).ok()?;
    Some(kept.into_iter().map(|(k, n)| (k, n.into())).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::preflight::Class;

    #[test]
    fn a_note_read_back_is_the_note_made_to_the_last_bit() {
        let note = FaceNote {
            raw: vec![Raw {
                class: Class::Contrast,
                element: "text #rules".to_owned(),
                value: 2.0 / 3.0,
                limit: 4.5,
                message: "pale".to_owned(),
            }],
            size: (0.1 + 0.2, 88.0 / 7.0),
            fell_back: Some(FellBack::Drawing),
        };
        let map = BTreeMap::from([("k".to_owned(), note)]);
        let back = map_from_bytes(&map_to_bytes(&map)).unwrap();
        let got = &back["k"];
        assert_eq!(got.raw[0].value.to_bits(), (2.0f32 / 3.0).to_bits());
        assert_eq!(got.size.0.to_bits(), (0.1f32 + 0.2).to_bits());
        assert_eq!(got.size.1.to_bits(), (88.0f32 / 7.0).to_bits());
        assert_eq!(got.fell_back, Some(FellBack::Drawing));
        assert!(map_from_bytes(b"[1, 2]").is_none());
    }
}
