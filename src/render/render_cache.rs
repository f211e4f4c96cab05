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

/// Rendered faces and parsed trees kept between builds (`protopress watch`), so a rebuild
/// re-renders only faces whose template or data changed.
#[derive(Default)]
pub struct RenderCache {
    /// Hash of (template source, context) -> the face rendered.
    renders: Mutex<HashMap<String, Rendered>>,
    /// Whether the cache holds only the renders it was made with ([`RenderCache::holding`]):
    /// a new render is then not held beside its face, which [`RenderCache::asked`] finds it in.
    read_only: bool,
    /// Each key the last build asked for: the face it gave and the warnings of its render.
    asked: Mutex<BTreeMap<String, (usize, Vec<String>)>>,
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

    /// The render under `key`, when the cache has it (counted as reused).
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

    /// Notes that the build's face `face` came from the render under `key`, which gave
    /// `warnings`.
    pub(super) fn asked_for(&self, key: String, face: usize, warnings: Vec<String>) {
        lock(&self.asked).insert(key, (face, warnings));
    }

    /// What the last build asked for, in key order: each key's face and its warnings.
    pub fn asked(self) -> BTreeMap<String, (usize, Vec<String>)> {
        self.asked.into_inner().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn reset_counts(&self) {
        self.rendered.store(0, Ordering::Relaxed);
        self.reused.store(0, Ordering::Relaxed);
        lock(&self.asked).clear();
    }
}
