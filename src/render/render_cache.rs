//! The faces' renders kept between builds, so a rebuild fills in only the templates whose
//! values changed: in memory by `watch` and `serve`, on disk by the command line
//! (`assemble::renders_cache`), by the hash of each face's template and values.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::render::shaped::ParsedFace;
use crate::sync::lock;

/// A face as its template rendered it: its SVG and the warnings fitting its text gave, which
/// a reuse of it gives again.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub svg: String,
    pub warnings: Vec<String>,
}

/// A render a build asked the cache for: its key and the warnings it gave.
pub struct Asked {
    pub key: String,
    pub warnings: Vec<String>,
}

/// The build's face a render gave, and the warnings it gave.
pub struct FaceAsked {
    pub face: usize,
    pub warnings: Vec<String>,
}

/// Rendered faces and parsed trees kept between builds, so a rebuild re-renders only faces
/// whose template or data changed: all of them by `watch` and `serve`; the renders alone by
/// the command line, read from its build cache and written back there.
#[derive(Default)]
pub struct RenderCache {
    /// Hash of (template source, context) -> the face rendered.
    renders: Mutex<HashMap<String, Rendered>>,
    /// Whether the cache takes in no new render ([`RenderCache::holding`]): its face holds its
    /// SVG, and [`RenderCache::asked`] says which face that is.
    read_only: bool,
    /// Each key the last build asked for, with the face it gave.
    asked: Mutex<BTreeMap<String, FaceAsked>>,
    /// SVG hash -> parsed tree.
    pub trees: Mutex<HashMap<String, Arc<ParsedFace>>>,
    /// Renders done and reused by the last build.
    pub rendered: AtomicUsize,
    pub reused: AtomicUsize,
}

impl RenderCache {
    pub fn new() -> RenderCache {
        RenderCache::default()
    }

    /// A cache of `renders`, by key, an earlier process's read back, which holds no other:
    /// holding this build's renders beside the faces made from them would double their SVG
    /// in memory (10,000 rich faces: 27 MB more at the build's peak).
    pub fn holding(renders: HashMap<String, Rendered>) -> RenderCache {
        RenderCache {
            renders: Mutex::new(renders),
            read_only: true,
            ..RenderCache::default()
        }
    }

    /// The render under `key`, when the cache has it (counted as reused). It stays for the
    /// next job that asks: the cards sharing a back a `backs` rule picks are one job each,
    /// every one under the back's key.
    pub(super) fn get(&self, key: &str) -> Option<Rendered> {
        let kept = lock(&self.renders).get(key).cloned()?;
        self.reused.fetch_add(1, Ordering::Relaxed);
        Some(kept)
    }

    /// Counts `rendered`, made now under `key`, and holds it unless the cache is read-only.
    pub(super) fn put(&self, key: &str, rendered: &Rendered) {
        self.rendered.fetch_add(1, Ordering::Relaxed);
        if !self.read_only {
            lock(&self.renders).insert(key.to_owned(), rendered.clone());
        }
    }

    /// Notes that the build's face `face` came from the render `asked` for.
    pub(super) fn asked_for(&self, asked: Asked, face: usize) {
        let warnings = asked.warnings;
        lock(&self.asked).insert(asked.key, FaceAsked { face, warnings });
    }

    /// What the last build asked for, in key order: each key's face and its warnings.
    pub fn asked(self) -> BTreeMap<String, FaceAsked> {
        self.asked.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn reset_counts(&self) {
        self.rendered.store(0, Ordering::Relaxed);
        self.reused.store(0, Ordering::Relaxed);
        lock(&self.asked).clear();
    }
}
