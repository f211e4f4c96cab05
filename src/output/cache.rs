//! The build cache on disk: what is dear to remake (typeset documents, face thumbnails), kept
//! between command-line builds under `<out>/.cache/<game>/<kit>/`, by the digest of all it
//! depends on.
//!
//! `watch` and `serve` keep these in memory; a designer who runs `protopress build` after each
//! edit deserves the same. The cache is never trusted: an entry is used only when its own
//! digest matches its content and it was written by this very binary (a newer protopress may
//! typeset differently from the same inputs). A bad entry is a miss, and the build makes it
//! again, so the output is the same byte for byte with or without the cache, and deleting the
//! folder at any time is safe. Each kit's folder holds only what its last build used, so it
//! never grows past one build's worth.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use sha2::{Digest, Sha256};

use crate::digest::hex;
use crate::sync::lock;

/// The folder of the output root that holds every kit's cache.
pub const CACHE_DIR: &str = ".cache";

/// Entries larger than this are not read: no build makes one, so it is not ours.
const MAX_ENTRY_BYTES: u64 = 1 << 30;

/// The first bytes of every entry, with the format's version.
const MAGIC: &[u8; 8] = b"ppcache1";

/// One kit's cache folder: entries by kind and key, and the names used by this build.
pub struct DiskCache {
    dir: PathBuf,
    used: Mutex<HashSet<String>>,
    /// Entries made by this build, by file name, until it has succeeded.
    pending: Mutex<Vec<(String, Vec<u8>)>>,
    /// Entries read back whole (each counted once), and entries written, by this build.
    reused: AtomicUsize,
    written: AtomicUsize,
}

/// What one build did with its cache (for `--verbose` and the tests).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CacheUse {
    /// Entries taken from the cache.
    pub reused: usize,
    /// Entries made anew and kept.
    pub written: usize,
    /// Entries of an earlier build this one did not use, removed.
    pub pruned: usize,
}

impl DiskCache {
    /// The cache of `game`'s kit in `lang` (`None`: a game in one language) under the output
    /// root `out`. `None` when the folder or a folder on its way is a link: the cache writes
    /// only inside the output root, whatever a name says.
    pub fn open(out: &Path, game: &str, lang: Option<&str>) -> Option<DiskCache> {
        let plain =
            |name: &str| !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']);
        if !plain(game) || !lang.is_none_or(plain) {
            return None;
        }
        let dir = out.join(CACHE_DIR).join(game).join(lang.unwrap_or("kit"));
        let safe = [
            out.join(CACHE_DIR),
            out.join(CACHE_DIR).join(game),
            dir.clone(),
        ]
        .iter()
        .all(|d| std::fs::symlink_metadata(d).map_or(true, |m| m.is_dir()));
        safe.then_some(DiskCache {
            dir,
            used: Mutex::default(),
            pending: Mutex::default(),
            reused: AtomicUsize::new(0),
            written: AtomicUsize::new(0),
        })
    }

    /// The entry `kind`/`key`, when present, whole and written by this binary.
    pub fn get(&self, kind: &str, key: &str) -> Option<Vec<u8>> {
        let name = entry_name(kind, key);
        let path = self.dir.join(&name);
        // A plain file only: a link planted in the folder could lead out of it.
        let meta = std::fs::symlink_metadata(&path).ok()?;
        if !meta.is_file() || meta.len() > MAX_ENTRY_BYTES {
            return None;
        }
        let bytes = std::fs::read(&path).ok()?;
        let payload = unwrap_entry(bytes)?;
        if lock(&self.used).insert(name) {
            self.reused.fetch_add(1, Ordering::Relaxed);
        }
        Some(payload)
    }

    /// Keeps `payload` as the entry `kind`/`key`, written by [`commit`](Self::commit) once the
    /// build has succeeded: a failed build leaves the output root as it was, cache included.
    pub fn put(&self, kind: &str, key: &str, payload: &[u8]) {
        lock(&self.pending).push((entry_name(kind, key), wrap_entry(payload)));
    }

    /// Writes the entries this build made and removes every entry it did not use, so the
    /// folder holds one build's worth; says what the build did with the cache. A cache that
    /// cannot be written is only slower.
    pub fn commit(&self) -> CacheUse {
        for (name, bytes) in std::mem::take(&mut *lock(&self.pending)) {
            if self.write(&name, &bytes) {
                lock(&self.used).insert(name);
                self.written.fetch_add(1, Ordering::Relaxed);
            }
        }
        let used = lock(&self.used);
        let pruned = std::fs::read_dir(&self.dir).map_or(0, |entries| {
            entries
                .flatten()
                .filter(|e| !used.contains(&*e.file_name().to_string_lossy()))
                .filter(|e| std::fs::remove_file(e.path()).is_ok())
                .count()
        });
        CacheUse {
            reused: self.reused.load(Ordering::Relaxed),
            written: self.written.load(Ordering::Relaxed),
            pruned,
        }
    }
}

impl DiskCache {
    /// Writes one entry by a temporary name and a rename, so a reader never meets half of it.
    fn write(&self, name: &str, bytes: &[u8]) -> bool {
        if std::fs::create_dir_all(&self.dir).is_err() {
            return false;
        }
        let tmp = self.dir.join(format!(".{name}.{}.tmp", std::process::id()));
        // `create_new`: a file (or link) already at the temporary name is not written through.
        let created = std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(&tmp);
        let written = created.and_then(|mut file| {
            file.write_all(bytes)?;
            std::fs::rename(&tmp, self.dir.join(name))
        });
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written.is_ok()
    }
}

/// `head` (a small JSON value) and `body` as one payload.
pub fn join_parts(head: &[u8], body: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(8 + head.len() + body.len());
    bytes.extend_from_slice(&(head.len() as u64).to_le_bytes());
    bytes.extend_from_slice(head);
    bytes.extend_from_slice(body);
    bytes
}

/// A payload made by [`join_parts`] split back into its head and body.
pub fn split_parts(mut payload: Vec<u8>) -> Option<(Vec<u8>, Vec<u8>)> {
    let len = u64::from_le_bytes(payload.get(..8)?.try_into().ok()?);
    let end = usize::try_from(len).ok()?.checked_add(8)?;
    let head = payload.get(8..end)?.to_vec();
    let body = payload.split_off(end);
    Some((head, body))
}

/// An entry's file name: its kind and the hex digest of its key (a key may be any text).
fn entry_name(kind: &str, key: &str) -> String {
    format!("{kind}-{}", hex(&Sha256::digest(key.as_bytes())))
}

/// The entry's bytes: magic, this binary's identity, the payload's digest, the payload.
fn wrap_entry(payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(payload.len() + 72);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(identity());
    bytes.extend_from_slice(&Sha256::digest(payload));
    bytes.extend_from_slice(payload);
    bytes
}

/// The payload of an entry, when its header says this binary wrote it and its digest matches.
fn unwrap_entry(mut bytes: Vec<u8>) -> Option<Vec<u8>> {
    const HEADER: usize = 8 + 32 + 32;
    if bytes.len() < HEADER || &bytes[..8] != MAGIC || &bytes[8..40] != identity() {
        return None;
    }
    let payload = bytes.split_off(HEADER);
    (Sha256::digest(&payload)[..] == bytes[40..HEADER]).then_some(payload)
}

/// What tells this binary from another: its version, and the size and time of its file (a
/// rebuilt protopress of the same version is another binary). Entries of another are misses.
fn identity() -> &'static [u8; 32] {
    static IDENTITY: OnceLock<[u8; 32]> = OnceLock::new();
    IDENTITY.get_or_init(|| {
        let mut h = Sha256::new();
        h.update(env!("CARGO_PKG_VERSION").as_bytes());
        let exe = std::env::current_exe().and_then(std::fs::metadata);
        match exe {
            Ok(meta) => {
                h.update(meta.len().to_le_bytes());
                let modified = meta.modified().ok();
                let since = modified.and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
                h.update(since.unwrap_or_default().as_nanos().to_le_bytes());
            }
            // Unknown: an identity no other run shares, so nothing is reused.
            Err(_) => h.update(std::process::id().to_le_bytes()),
        }
        h.finalize().into()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_comes_back_whole_and_a_damaged_one_is_a_miss() {
        let out = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(out.path(), "game", None).unwrap();
        assert_eq!(cache.get("typeset", "a"), None);
        cache.put("typeset", "a", b"the typeset pdf");
        assert_eq!(
            cache.get("typeset", "a"),
            None,
            "kept only once the build succeeds"
        );
        assert!(!out.path().join(CACHE_DIR).exists());
        cache.commit();
        assert_eq!(cache.get("typeset", "a").unwrap(), b"the typeset pdf");
        let file = out
            .path()
            .join(".cache/game/kit")
            .join(entry_name("typeset", "a"));
        let mut bytes = std::fs::read(&file).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        std::fs::write(&file, &bytes).unwrap();
        assert_eq!(cache.get("typeset", "a"), None, "a changed payload");
        std::fs::write(&file, &bytes[..20]).unwrap();
        assert_eq!(cache.get("typeset", "a"), None, "a cut entry");
        let mut other = wrap_entry(b"the typeset pdf");
        other[8] ^= 1;
        std::fs::write(&file, &other).unwrap();
        assert_eq!(cache.get("typeset", "a"), None, "another binary's entry");
    }

    #[test]
    fn pruning_keeps_what_this_build_used() {
        let out = tempfile::tempdir().unwrap();
        let first = DiskCache::open(out.path(), "game", Some("de")).unwrap();
        for key in ["a", "b", "c"] {
            first.put("thumb", key, key.as_bytes());
        }
        first.commit();
        let second = DiskCache::open(out.path(), "game", Some("de")).unwrap();
        assert!(second.get("thumb", "b").is_some());
        second.put("thumb", "d", b"d");
        let done = second.commit();
        assert_eq!(
            done,
            CacheUse {
                reused: 1,
                written: 1,
                pruned: 2
            }
        );
        let third = DiskCache::open(out.path(), "game", Some("de")).unwrap();
        let kept: Vec<bool> = ["a", "b", "c", "d"]
            .iter()
            .map(|k| third.get("thumb", k).is_some())
            .collect();
        assert_eq!(kept, [false, true, false, true]);
    }

    #[test]
    fn parts_come_apart_as_they_were_joined() {
        let joined = join_parts(b"{}", b"body");
        assert_eq!(
            split_parts(joined),
            Some((b"{}".to_vec(), b"body".to_vec()))
        );
        assert_eq!(split_parts(join_parts(b"", b"")), Some((vec![], vec![])));
        let mut long = join_parts(b"head", b"");
        long[0] = 200;
        assert_eq!(split_parts(long), None);
        assert_eq!(split_parts(vec![1, 2]), None);
    }

    #[test]
    fn names_that_would_leave_the_folder_get_no_cache() {
        let out = tempfile::tempdir().unwrap();
        for (game, lang) in [
            ("..", None),
            ("a/b", None),
            ("g", Some("../x")),
            ("g", Some("..")),
        ] {
            assert!(
                DiskCache::open(out.path(), game, lang).is_none(),
                "{game} {lang:?}"
            );
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_entry_is_neither_read_nor_written_through() {
        let out = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        let secret = elsewhere.path().join("secret");
        std::fs::write(&secret, wrap_entry(b"outside")).unwrap();
        let cache = DiskCache::open(out.path(), "game", None).unwrap();
        let dir = out.path().join(".cache/game/kit");
        std::fs::create_dir_all(&dir).unwrap();
        let name = entry_name("thumb", "a");
        std::os::unix::fs::symlink(&secret, dir.join(&name)).unwrap();
        assert_eq!(cache.get("thumb", "a"), None);
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&secret, &tmp).unwrap();
        cache.put("thumb", "a", b"inside");
        assert_eq!(cache.commit().written, 0);
        assert_eq!(std::fs::read(&secret).unwrap(), wrap_entry(b"outside"));
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_cache_folder_is_not_used() {
        let out = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), out.path().join(CACHE_DIR)).unwrap();
        assert!(DiskCache::open(out.path(), "game", None).is_none());
        std::fs::remove_file(out.path().join(CACHE_DIR)).unwrap();
        std::fs::create_dir_all(out.path().join(CACHE_DIR)).unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), out.path().join(".cache/game")).unwrap();
        assert!(DiskCache::open(out.path(), "game", None).is_none());
    }
}
