//! PDFs assembled from others (the kit filled with the sheets' pages, a book with its pictured
//! faces placed) kept in the build cache under a digest of everything they are made from.

use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::rulebook::typeset::TypesetCache;

/// The digest of `parts`, each taken whole (its length first, so no two lists of parts run
/// together into the same bytes).
pub(super) fn key_of<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    crate::digest::hex(&h.finalize())
}

/// The PDF an earlier build kept under `key`, else the one `make` makes, kept for the next
/// build: copied from the written `file` of the kit's folder. Without a cache on disk it is
/// made every time (`watch` and `serve` keep one kit in memory, not two).
pub(super) fn kept_or_made(
    cache: Option<&TypesetCache>,
    key: impl FnOnce() -> String,
    file: &str,
    make: impl FnOnce() -> Result<Vec<u8>>,
) -> Result<Vec<u8>> {
    let Some(cache) = cache.filter(|c| c.has_disk()) else {
        return make();
    };
    let key = key();
    if let Some(pdf) = cache.assembled(&key) {
        return Ok(pdf);
    }
    let pdf = make()?;
    cache.keep_assembled(&key, file, &pdf);
    Ok(pdf)
}
