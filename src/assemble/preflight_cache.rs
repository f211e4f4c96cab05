//! Each face's preflight findings, kept in the command line's build cache for the next build.
//!
//! Looking at a face (rendering it small for contrast and bleed, measuring its text and lines)
//! was 40 % of a rebuild of Death to Decorum from the cache. The findings depend only on the
//! face and a few settings ([`cache_key`](crate::preflight::cache_key)), and are placed on
//! their card afterwards, so a face that did not change is not looked at again. All faces'
//! findings are one entry: 10,000 entries of a few bytes each cost the first build of a large
//! deck a third of a second to write, and 40 MB of disk.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use crate::model::Game;
use crate::output::cache::{DiskCache, Entry};
use crate::preflight::Finding;
use crate::preflight::report::{self as findings, Raw};
use crate::render::faces::Face;
use crate::render::shaped::ParsedFace;
use crate::sync::lock;

/// The entry's key: one per kit.
const KEY: &str = "faces";

/// The findings of the last build, and of this one for the next.
pub(super) struct KeptPreflight {
    disk: Arc<DiskCache>,
    /// The name of the game's own fonts.
    fonts: String,
    /// The last build's findings by face key, read when first asked.
    earlier: OnceLock<HashMap<String, Vec<Raw>>>,
    /// This build's, by face key.
    now: Mutex<BTreeMap<String, Vec<Raw>>>,
    /// Whether a face was looked at anew.
    made: AtomicBool,
}

impl KeptPreflight {
    pub(super) fn new(disk: Arc<DiskCache>, fonts: &str) -> KeptPreflight {
        KeptPreflight {
            disk,
            fonts: fonts.to_owned(),
            earlier: OnceLock::new(),
            now: Mutex::default(),
            made: AtomicBool::new(false),
        }
    }

    /// The findings of `face`: as the last build found them if it had the same face, else
    /// looked at now.
    pub(super) fn findings(&self, game: &Game, face: &Face, tree: &ParsedFace) -> Vec<Finding> {
        let key = crate::preflight::cache_key(game, face, &self.fonts);
        // A face parsed again after it was let go (for the index page's previews).
        if let Some(raw) = lock(&self.now).get(&key) {
            return crate::preflight::placed(game, face, raw.clone());
        }
        let earlier = self.earlier.get_or_init(|| {
            let read = |bytes: Vec<u8>| findings::map_from_bytes(&bytes);
            self.disk
                .get(Entry::Preflight, KEY, read)
                .unwrap_or_default()
        });
        let raw = match earlier.get(&key) {
            Some(raw) => raw.clone(),
            None => {
                self.made.store(true, Ordering::Relaxed);
                crate::preflight::raw(game, face, tree)
            }
        };
        lock(&self.now).insert(key, raw.clone());
        crate::preflight::placed(game, face, raw)
    }

    /// Keeps this build's findings for the next, unless they are the last build's.
    pub(super) fn keep(&self) {
        let now = lock(&self.now);
        let same = !self.made.load(Ordering::Relaxed)
            && self.earlier.get().map_or(0, HashMap::len) == now.len();
        if !same {
            self.disk
                .put(Entry::Preflight, KEY, &findings::map_to_bytes(&now));
        }
    }
}
