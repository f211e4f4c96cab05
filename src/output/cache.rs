//! The build cache on disk: what is dear to remake (typeset documents, face thumbnails), kept
//! between command-line builds under `<out>/.cache/<game>/<kit>/`, by the digest of all it
//! depends on.
//!
//! `watch` and `serve` keep these in memory; a designer who runs `protopress build` after each
//! edit deserves the same. The cache is never trusted: an entry is used only when its own
//! checksum matches its content and it was written by this very binary (a newer protopress may
//! typeset differently from the same inputs). A bad entry is a miss, and the build makes it
//! again, so the output is the same byte for byte with or without the cache, and deleting the
//! folder at any time is safe. Each kit's folder holds only what its last build used, so it
//! never grows past one build's worth.

use std::collections::{BTreeMap, HashSet};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use sha2::{Digest, Sha256};

use super::staging::{Staged, Stager, staged_path, temporary_of, unlinked, write_new};
use crate::digest::hex;
use crate::sync::lock;

/// The folder of the output root that holds every kit's cache.
pub const CACHE_DIR: &str = ".cache";

/// The first bytes of every entry, with the format's version.
const MAGIC: &[u8; 8] = b"ppcache2";

/// Magic, the writer's identity, the payload's checksum.
const HEADER: usize = 8 + 32 + 4;

/// The checksum an entry's payload is written under and read back against: a CRC-32, which
/// tells a torn or damaged file as surely as a digest would (an entry is a file this very
/// binary wrote, never something to guard against), at a tenth of SHA-256's cost: hashing
/// every entry written and read was a tenth of a one-card rebuild of Death to Decorum.
fn checksum(payload: &[u8]) -> [u8; 4] {
    crc32fast::hash(payload).to_le_bytes()
}

/// What an entry holds: each kind has a name of its own in the folder and a size no entry of
/// it exceeds, so a file that claims more is not ours and is not read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// A typeset PDF with what was learnt laying it out (`rulebook::typeset`).
    Typeset,
    /// The fonts a document credited last: the next build's first guess.
    Credited,
    /// A face thumbnail's pixels (`output::index`).
    Thumb,
    /// A PNG of the index page's thumbnails packed together (`output::sprites`).
    Sprite,
    /// What parsing the faces found: their preflight findings, sizes (`assemble::notes_cache`).
    Notes,
    /// A sheet PDF, whole (`assemble::sheet_cache`).
    Sheet,
    /// The faces each sheet PDF drew (`assemble::sheet_cache`).
    Drawn,
    /// A PDF assembled from others' pages: the kit (`rulebook::kit`).
    Assembled,
    /// The faces a rulebook or kit pictures, drawn one a page (`rulebook::kit`).
    FacePages,
    /// The labels' pages of a document laid out and never written: a kit whose page numbers
    /// were guessed wrong (`rulebook::kit`), so the next build need not lay it out to learn so.
    Laid,
    /// An exported image, its file's bytes (`export::png`).
    Image,
    /// The faces as their templates rendered them (`assemble::renders_cache`).
    Renders,
}

impl Entry {
    const ALL: [Entry; 12] = [
        Entry::Typeset,
        Entry::Credited,
        Entry::Thumb,
        Entry::Sprite,
        Entry::Notes,
        Entry::Sheet,
        Entry::Drawn,
        Entry::Assembled,
        Entry::FacePages,
        Entry::Laid,
        Entry::Image,
        Entry::Renders,
    ];

    fn name(self) -> &'static str {
        match self {
            Entry::Typeset => "typeset",
            Entry::Credited => "credited",
            Entry::Thumb => "thumb",
            Entry::Sprite => "sprite",
            Entry::Notes => "notes",
            Entry::Sheet => "sheet",
            Entry::Drawn => "drawn",
            Entry::Assembled => "assembled",
            Entry::FacePages => "faces",
            Entry::Laid => "laid",
            Entry::Image => "image",
            Entry::Renders => "renders",
        }
    }

    fn max_payload(self) -> u64 {
        match self {
            Entry::Typeset => 256 << 20,
            Entry::Credited => 64 << 10,
            Entry::Thumb => 8 << 20,
            Entry::Sprite => 64 << 20,
            Entry::Notes => 64 << 20,
            Entry::Sheet => 1 << 30,
            Entry::Drawn => 64 << 20,
            Entry::Assembled => 1 << 30,
            Entry::FacePages => 256 << 20,
            Entry::Laid => 64 << 10,
            Entry::Image => 1 << 30,
            Entry::Renders => 64 << 20,
        }
    }
}

/// One kit's cache folder: what this build read from it and what it made, until the kit is
/// written.
pub struct DiskCache {
    /// The output root, the folder of this kit's cache under it, and the folders between.
    root: PathBuf,
    dir: PathBuf,
    used: Mutex<HashSet<String>>,
    /// Entries made by this build, by file name, until its kit is written.
    pending: Mutex<BTreeMap<String, Pending>>,
    /// Entries read back whole, each counted once.
    reused: AtomicUsize,
    /// The thread writing the entries made as they come ([`staging`](super::staging)).
    staging: Mutex<Staging>,
}

/// Where the entries a build makes are written as they come: nowhere yet, by a stager's
/// thread, or written by one that has finished (their temporary files waiting for the commit).
#[derive(Default)]
enum Staging {
    #[default]
    Idle,
    Writing(Stager),
    Finished(Staged),
}

/// An entry made by this build: written under its temporary name by the stager, to be renamed
/// into place; or, when the stager could not take it, in memory, or parked on disk while the
/// other languages of the game are built (a game in many languages would otherwise hold every
/// kit's entries at once).
enum Pending {
    Staged,
    Held(Vec<u8>),
    Parked(PathBuf),
    /// One of the kit's own files (its name in the kit's folder) and its bytes' checksum:
    /// copied from the file once it is written, so a large PDF is not held twice in memory.
    Written(String, [u8; 4]),
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
    /// The cache of `game`'s kit `kit` (its language, or `kit` for a game in one language)
    /// under the output root `out`. `None` when a name would leave the folder, or the folder
    /// or one on its way is a link: the cache reads and writes only inside the output root.
    pub fn open(out: &Path, game: &str, kit: &str) -> Option<DiskCache> {
        let plain =
            |name: &str| !name.is_empty() && !name.starts_with('.') && !name.contains(['/', '\\']);
        let cache = DiskCache {
            root: out.to_path_buf(),
            dir: out.join(CACHE_DIR).join(game).join(kit),
            used: Mutex::default(),
            pending: Mutex::default(),
            reused: AtomicUsize::new(0),
            staging: Mutex::default(),
        };
        (plain(game) && plain(kit) && cache.unlinked()).then_some(cache)
    }

    /// The cache of `game`'s kit under the output root `out`, named as its output folder is
    /// (by its language, for a game in several): what `build` keeps and `check` reads.
    pub fn of_kit(out: &Path, game: &crate::model::Game) -> Option<DiskCache> {
        let kit = match game.is_multilingual() {
            true => game.langs.current.as_str(),
            false => "kit",
        };
        DiskCache::open(out, &game.id, kit)
    }

    /// The cache of `game`'s exports in `format` (its kit's, named as [`of_kit`](Self::of_kit)
    /// names it), in a folder of its own inside the kit's: each keeps what its own last run
    /// used, and neither prunes the other's entries.
    pub fn of_export(out: &Path, game: &crate::model::Game, format: &str) -> Option<DiskCache> {
        let mut cache = DiskCache::of_kit(out, game)?;
        cache.dir = cache.dir.join(format!("export-{format}"));
        cache.unlinked().then_some(cache)
    }

    /// Whether every folder from the output root down to this kit's is a folder (or not there
    /// yet), not a link. Asked again before each write (by the stager too): a link may have
    /// been planted meanwhile.
    fn unlinked(&self) -> bool {
        unlinked(&self.root, &self.dir)
    }

    /// The entry `kind`/`key` as `decode` reads it, when present, whole, written by this
    /// binary and read by `decode`; only then does it count as used.
    pub fn get<T>(
        &self,
        kind: Entry,
        key: &str,
        decode: impl FnOnce(Vec<u8>) -> Option<T>,
    ) -> Option<T> {
        let name = entry_name(kind, key);
        let payload = read_entry(&self.dir.join(&name), kind.max_payload())?;
        let value = decode(payload)?;
        if lock(&self.used).insert(name) {
            self.reused.fetch_add(1, Ordering::Relaxed);
        }
        Some(value)
    }

    /// Keeps the entry `kind`/`key` of an earlier build, though this one did not read it, for
    /// a later build that may (a face thumbnail under a sprite taken whole).
    pub fn keep(&self, kind: Entry, key: &str) {
        lock(&self.used).insert(entry_name(kind, key));
    }

    /// Starts the thread that writes the entries made as they come, unless it runs or ran.
    /// A build starts it as it begins, from a thread of the build's priority, which it takes:
    /// a first entry made on a thread that yields to the build's would start it yielding too.
    pub fn start_staging(&self) {
        let mut staging = lock(&self.staging);
        if let Staging::Idle = *staging {
            *staging = Staging::Writing(Stager::start(&self.root, &self.dir));
        }
    }

    /// Keeps `payload` as the entry `kind`/`key`: written at once under a temporary name
    /// ([`staging`](super::staging)) and put in place by [`commit`](Self::commit) once the kit
    /// is written. A failed build removes it again: the output root is left as it was.
    pub fn put(&self, kind: Entry, key: &str, payload: &[u8]) {
        let name = entry_name(kind, key);
        let bytes = wrap_entry(payload);
        self.start_staging();
        let staging = lock(&self.staging);
        let entry = match &*staging {
            Staging::Writing(stager) => match stager.send(name.clone(), bytes) {
                Ok(()) => Pending::Staged,
                Err(bytes) => Pending::Held(bytes),
            },
            _ => Pending::Held(bytes),
        };
        lock(&self.pending).insert(name, entry);
    }

    /// Keeps `payload`, which the kit writes as its file `file`, as the entry `kind`/`key`:
    /// copied from that file by [`commit_beside`](Self::commit_beside) once the kit is
    /// written, under the checksum of these very bytes (so a file changed meanwhile is a miss).
    pub fn put_written(&self, kind: Entry, key: &str, file: &str, payload: &[u8]) {
        let entry = Pending::Written(file.to_owned(), checksum(payload));
        lock(&self.pending).insert(entry_name(kind, key), entry);
    }

    /// Waits for the entries made so far to be written under their temporary names, and
    /// moves those held in memory (the stager could not take them) into `dir` (the kit's
    /// parking folder, inside the output root): all to be renamed into place by `commit`.
    pub fn park(&self, dir: &Path) -> crate::error::Result<()> {
        // The stager's thread goes: a game in many languages would keep one per kit.
        self.stop_staging();
        for (name, entry) in lock(&self.pending).iter_mut() {
            if let Pending::Held(bytes) = entry {
                let path = dir.join(name);
                crate::output::write_atomic(&path, bytes)?;
                *entry = Pending::Parked(path);
            }
        }
        Ok(())
    }

    /// Writes the entries this build made and removes every entry of ours it did not use, so
    /// the folder holds one build's worth; says what the build did with the cache. A cache
    /// that cannot be written is only slower. Entries of the kit's files are left out: see
    /// [`commit_beside`](Self::commit_beside).
    pub fn commit(&self) -> CacheUse {
        self.commit_in(None)
    }

    /// [`commit`](Self::commit), copying the entries of the kit's own files from `kit_dir`,
    /// where the kit was just written.
    pub fn commit_beside(&self, kit_dir: &Path) -> CacheUse {
        self.commit_in(Some(kit_dir))
    }

    fn commit_in(&self, kit_dir: Option<&Path>) -> CacheUse {
        let mut staged = self.take_staged();
        let pending = std::mem::take(&mut *lock(&self.pending));
        let mut done = CacheUse {
            reused: self.reused.load(Ordering::Relaxed),
            ..CacheUse::default()
        };
        if !self.unlinked() || std::fs::create_dir_all(&self.dir).is_err() {
            staged.discard();
            return done;
        }
        staged.keep_dirs();
        mark_as_cache(&self.root.join(CACHE_DIR));
        let mut used = lock(&self.used);
        for (name, entry) in pending {
            let kept = match entry {
                Pending::Held(bytes) => self.write(&name, &bytes),
                Pending::Staged => staged.commit(&name),
                Pending::Parked(path) => std::fs::rename(&path, self.dir.join(&name)).is_ok(),
                Pending::Written(file, sum) => {
                    kit_dir.is_some_and(|dir| self.copy(&name, &dir.join(file), &sum))
                }
            };
            if kept {
                used.insert(name);
                done.written += 1;
            }
        }
        // An entry whose pending place another took (none today) leaves no temporary file.
        staged.discard();
        done.pruned = std::fs::read_dir(&self.dir).map_or(0, |entries| {
            entries
                .flatten()
                .filter(|e| {
                    let name = e.file_name().to_string_lossy().into_owned();
                    is_ours(&name) && !used.contains(&name) && !staged_elsewhere(e)
                })
                .filter(|e| std::fs::remove_file(e.path()).is_ok())
                .count()
        });
        done
    }

    /// Writes the entry `name` from the file at `from` (a plain file, never read through a
    /// link) under the header of the bytes the build made (`sum`, their checksum), streamed. A
    /// file changed since it was written is not checked here: its entry then fails its own
    /// checksum when read, as a damaged one does, and is a miss.
    fn copy(&self, name: &str, from: &Path, sum: &[u8; 4]) -> bool {
        let Some(mut source) = open_plain(from) else {
            return false;
        };
        self.write_with(name, |file| {
            file.write_all(MAGIC)?;
            file.write_all(identity())?;
            file.write_all(sum)?;
            std::io::copy(&mut source, file)?;
            Ok(true)
        })
    }

    /// Writes one entry whole.
    fn write(&self, name: &str, bytes: &[u8]) -> bool {
        self.write_with(name, |file| file.write_all(bytes).map(|()| true))
    }

    /// Writes the entry `name` by `fill` into a temporary file, renamed into place when `fill`
    /// says it is whole and right, so a reader never meets half of it; removed otherwise.
    fn write_with(
        &self,
        name: &str,
        fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<bool>,
    ) -> bool {
        let tmp = staged_path(&self.dir, name);
        let kept = write_new(&tmp, fill) && std::fs::rename(&tmp, self.dir.join(name)).is_ok();
        if !kept {
            let _ = std::fs::remove_file(&tmp);
        }
        kept
    }
}

impl DiskCache {
    /// Waits for the stager to write all it was given; entries made later are held.
    fn stop_staging(&self) {
        let mut staging = lock(&self.staging);
        if let Staging::Writing(stager) = &mut *staging {
            *staging = Staging::Finished(stager.finish());
        }
    }

    /// What the stager wrote, once it has written all it was given, to commit or discard.
    fn take_staged(&self) -> Staged {
        self.stop_staging();
        match &mut *lock(&self.staging) {
            Staging::Finished(staged) => std::mem::take(staged),
            _ => Staged::default(),
        }
    }
}

/// A cache that is never committed (its build failed) removes what it staged, and the folders
/// made for it once empty.
impl Drop for DiskCache {
    fn drop(&mut self) {
        self.take_staged().discard();
    }
}

/// Whether `entry` is the temporary file of another build still running (a build of the same
/// kit beside this one stages its entries while it goes): pruning leaves it. One left by a
/// build that was killed goes, its process being gone.
fn staged_elsewhere(entry: &std::fs::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy().into_owned();
    let pid = temporary_of(&name).and_then(|(_, pid)| pid.parse::<u32>().ok());
    pid.is_some_and(|pid| pid != std::process::id() && process_runs(pid, entry))
}

/// Whether the process `pid`, which wrote `entry`, still runs: on Linux, whether it has a
/// folder under `/proc`; elsewhere, whether the file is younger than ten minutes.
fn process_runs(pid: u32, entry: &std::fs::DirEntry) -> bool {
    if cfg!(target_os = "linux") {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    let age = entry.metadata().and_then(|m| m.modified()).ok();
    age.and_then(|t| t.elapsed().ok())
        .is_some_and(|age| age < std::time::Duration::from_secs(600))
}

/// Tags the cache folder as one (the Cache Directory Tagging convention), so backup and
/// archiving tools that know it leave it out.
fn mark_as_cache(dir: &Path) {
    let tag = dir.join("CACHEDIR.TAG");
    if std::fs::symlink_metadata(&tag).is_err() {
        let text = "Signature: 8a477f597d28d172789f06886806bc55\n\
            # protopress's build cache: safe to delete, made again by the next build.\n";
        let _ = std::fs::write(tag, text);
    }
}

/// The payload of the entry file at `path`, read only when it is a plain file (never through
/// a link, which could lead out of the folder), no larger than `max` holds, written by this
/// binary (its header read first, so a stranger's large file is not read whole) and whole.
fn read_entry(path: &Path, max: u64) -> Option<Vec<u8>> {
    let mut file = open_plain(path)?;
    let meta = file.metadata().ok()?;
    if meta.len() > max + HEADER as u64 {
        return None;
    }
    let mut header = [0u8; HEADER];
    file.read_exact(&mut header).ok()?;
    if &header[..8] != MAGIC || &header[8..40] != identity() {
        return None;
    }
    let mut payload = Vec::with_capacity((meta.len() as usize).saturating_sub(HEADER));
    file.take(max).read_to_end(&mut payload).ok()?;
    (checksum(&payload)[..] == header[40..]).then_some(payload)
}

/// The plain file at `path`, open to read: never through a link (which could lead out of the
/// folder), and never waiting on a pipe planted under its name, which a plain open would until
/// something writes to it (the build would hang).
fn open_plain(path: &Path) -> Option<std::fs::File> {
    let mut options = std::fs::File::options();
    options.read(true);
    #[cfg(target_os = "linux")]
    std::os::unix::fs::OpenOptionsExt::custom_flags(
        &mut options,
        libc::O_NOFOLLOW | libc::O_NONBLOCK,
    );
    // Elsewhere (libc is a dependency on Linux alone) a look first: only a race could pass.
    #[cfg(not(target_os = "linux"))]
    if !std::fs::symlink_metadata(path).ok()?.is_file() {
        return None;
    }
    let file = options.open(path).ok()?;
    file.metadata().ok()?.is_file().then_some(file)
}

/// Whether a file of a kit's cache folder is one protopress made there: an entry, or the
/// temporary file of one. Pruning removes nothing else.
fn is_ours(name: &str) -> bool {
    let entry = |n: &str| {
        Entry::ALL.iter().any(|k| {
            n.strip_prefix(k.name())
                .and_then(|rest| rest.strip_prefix('-'))
                .is_some_and(|digest| {
                    digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit())
                })
        })
    };
    let temporary = temporary_of(name)
        .is_some_and(|(n, pid)| entry(n) && pid.bytes().all(|b| b.is_ascii_digit()));
    entry(name) || temporary
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
    // The body stays where it is: a PDF is not copied to take its head off.
    payload.drain(..end);
    Some((head, payload))
}

/// An entry's file name: its kind and the hex digest of its key (a key may be any text).
fn entry_name(kind: Entry, key: &str) -> String {
    format!("{}-{}", kind.name(), hex(&Sha256::digest(key.as_bytes())))
}

/// The entry's bytes: magic, this binary's identity, the payload's checksum, the payload.
fn wrap_entry(payload: &[u8]) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(payload.len() + HEADER);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(identity());
    bytes.extend_from_slice(&checksum(payload));
    bytes.extend_from_slice(payload);
    bytes
}

/// What tells this binary from another: its version, and its file's size, times and place (a
/// rebuilt or reinstalled protopress of the same version is another binary; the change time
/// cannot be set back, as a copy that keeps the modification time does). Entries another
/// binary wrote are misses. Hashing the 80 MB binary itself would cost more than a build.
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
                #[cfg(unix)]
                {
                    use std::os::unix::fs::MetadataExt;
                    for n in [
                        meta.dev(),
                        meta.ino(),
                        meta.ctime() as u64,
                        meta.ctime_nsec() as u64,
                    ] {
                        h.update(n.to_le_bytes());
                    }
                }
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

    fn bytes(payload: Vec<u8>) -> Option<Vec<u8>> {
        Some(payload)
    }

    /// A named pipe where an entry belongs is a miss at once, not a build that waits.
    #[cfg(target_os = "linux")]
    #[test]
    fn a_pipe_in_place_of_an_entry_is_a_miss() {
        let out = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        cache.put(Entry::Notes, "faces", b"findings");
        cache.commit();
        let file = out
            .path()
            .join(".cache/game/kit")
            .join(entry_name(Entry::Notes, "faces"));
        std::fs::remove_file(&file).unwrap();
        let path = std::ffi::CString::new(file.as_os_str().as_encoded_bytes()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(path.as_ptr(), 0o600) }, 0);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let got = cache.get(Entry::Notes, "faces", bytes);
            let _ = tx.send(got);
        });
        let got = rx.recv_timeout(std::time::Duration::from_secs(5));
        assert_eq!(
            got,
            Ok(None),
            "a pipe is not an entry, and is not waited on"
        );
    }

    #[test]
    fn an_entry_comes_back_whole_and_a_damaged_one_is_a_miss() {
        let out = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        assert_eq!(cache.get(Entry::Typeset, "a", bytes), None);
        cache.put(Entry::Typeset, "a", b"the typeset pdf");
        assert_eq!(
            cache.get(Entry::Typeset, "a", bytes),
            None,
            "kept once the kit is"
        );
        let entry = out
            .path()
            .join(".cache/game/kit")
            .join(entry_name(Entry::Typeset, "a"));
        assert!(!entry.exists(), "in place only once committed");
        cache.commit();
        let got = cache.get(Entry::Typeset, "a", bytes);
        assert_eq!(got.unwrap(), b"the typeset pdf");
        assert!(out.path().join(".cache/CACHEDIR.TAG").is_file());
        let file = out
            .path()
            .join(".cache/game/kit")
            .join(entry_name(Entry::Typeset, "a"));
        let mut damaged = std::fs::read(&file).unwrap();
        *damaged.last_mut().unwrap() ^= 1;
        std::fs::write(&file, &damaged).unwrap();
        assert_eq!(
            cache.get(Entry::Typeset, "a", bytes),
            None,
            "a changed payload"
        );
        std::fs::write(&file, &damaged[..20]).unwrap();
        assert_eq!(cache.get(Entry::Typeset, "a", bytes), None, "a cut entry");
        let mut other = wrap_entry(b"the typeset pdf");
        other[8] ^= 1;
        std::fs::write(&file, &other).unwrap();
        assert_eq!(
            cache.get(Entry::Typeset, "a", bytes),
            None,
            "another binary's"
        );
        // Larger than any entry of its kind: not read.
        let mut large = wrap_entry(&vec![0; 70 << 10]);
        std::fs::write(&file, &large).unwrap();
        let file = file.with_file_name(entry_name(Entry::Credited, "a"));
        std::fs::write(&file, &large).unwrap();
        assert_eq!(cache.get(Entry::Credited, "a", bytes), None, "too large");
        large.truncate(HEADER + 10);
        std::fs::write(&file, &large).unwrap();
        assert_eq!(
            cache.get(Entry::Credited, "a", bytes),
            None,
            "shorter than said"
        );
    }

    /// An entry of a kit's file is copied from the file as written, and read back only when
    /// it holds the bytes the build made: not a file changed since, nor one behind a link.
    #[test]
    fn an_entry_of_a_written_file_is_copied_only_as_made() {
        let out = tempfile::tempdir().unwrap();
        let kit = out.path().join("game");
        std::fs::create_dir_all(&kit).unwrap();
        let made = vec![7u8; 3 << 20];
        std::fs::write(kit.join("cards.pdf"), &made).unwrap();
        std::fs::write(kit.join("tokens.pdf"), b"changed since").unwrap();
        std::fs::write(out.path().join("elsewhere.pdf"), b"boards").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(out.path().join("elsewhere.pdf"), kit.join("boards.pdf"))
            .unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        cache.put_written(Entry::Sheet, "cards", "cards.pdf", &made);
        cache.put_written(Entry::Sheet, "tokens", "tokens.pdf", b"as made");
        cache.put_written(Entry::Sheet, "boards", "boards.pdf", b"boards");
        // The changed file is copied, and refused when read; the link is not followed.
        assert_eq!(cache.commit_beside(&kit).written, 2, "not through the link");
        let again = DiskCache::open(out.path(), "game", "kit").unwrap();
        assert_eq!(again.get(Entry::Sheet, "cards", bytes), Some(made));
        assert_eq!(again.get(Entry::Sheet, "tokens", bytes), None);
        assert_eq!(again.get(Entry::Sheet, "boards", bytes), None);
        let dir = out.path().join(".cache/game/kit");
        assert_eq!(
            std::fs::read_dir(dir).unwrap().count(),
            2,
            "no file left behind"
        );
    }

    #[test]
    fn an_entry_its_reader_refuses_is_not_counted_as_used() {
        let out = tempfile::tempdir().unwrap();
        let first = DiskCache::open(out.path(), "game", "kit").unwrap();
        first.put(Entry::Thumb, "a", b"pixels");
        first.commit();
        let second = DiskCache::open(out.path(), "game", "kit").unwrap();
        assert_eq!(second.get(Entry::Thumb, "a", |_| None::<()>), None);
        assert_eq!(second.commit().reused, 0);
    }

    #[test]
    fn pruning_keeps_what_this_build_used_and_only_removes_its_own() {
        let out = tempfile::tempdir().unwrap();
        let first = DiskCache::open(out.path(), "game", "de").unwrap();
        for key in ["a", "b", "c"] {
            first.put(Entry::Thumb, key, key.as_bytes());
        }
        first.put(Entry::Thumb, "a", b"a again");
        assert_eq!(first.commit().written, 3, "one entry per name");
        let dir = out.path().join(".cache/game/de");
        std::fs::write(dir.join("notes.txt"), "mine").unwrap();
        let second = DiskCache::open(out.path(), "game", "de").unwrap();
        assert!(second.get(Entry::Thumb, "b", bytes).is_some());
        second.put(Entry::Thumb, "d", b"d");
        let done = second.commit();
        let want = CacheUse {
            reused: 1,
            written: 1,
            pruned: 2,
        };
        assert_eq!(done, want);
        let third = DiskCache::open(out.path(), "game", "de").unwrap();
        let kept: Vec<bool> = ["a", "b", "c", "d"]
            .iter()
            .map(|k| third.get(Entry::Thumb, k, bytes).is_some())
            .collect();
        assert_eq!(kept, [false, true, false, true]);
        assert!(dir.join("notes.txt").is_file(), "a file not ours stays");
    }

    #[test]
    fn entries_leave_memory_at_once_and_land_in_the_cache() {
        let tmp = tempfile::tempdir().unwrap();
        // A first build: not even the output root is there yet.
        let out = &tmp.path().join("output");
        let parking = out.join(".parked");
        let cache = DiskCache::open(out, "game", "en").unwrap();
        cache.put(Entry::Typeset, "a", b"pdf");
        cache.park(&parking).unwrap();
        assert!(matches!(
            lock(&cache.pending).values().next(),
            Some(Pending::Staged)
        ));
        assert_eq!(cache.commit().written, 1);
        let again = DiskCache::open(out, "game", "en").unwrap();
        assert_eq!(again.get(Entry::Typeset, "a", bytes).unwrap(), b"pdf");
        let dir = out.join(CACHE_DIR).join("game").join("en");
        let names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            names,
            [entry_name(Entry::Typeset, "a")],
            "no temporary left"
        );
    }

    #[test]
    fn a_cache_never_committed_leaves_the_output_root_as_it_was() {
        let out = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(out.path(), "game", "en").unwrap();
        cache.put(Entry::Thumb, "a", b"pixels");
        cache.put(Entry::Thumb, "b", b"more pixels");
        drop(cache);
        assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
        // Nor does it leave an output root that was not there.
        let root = out.path().join("output");
        let cache = DiskCache::open(&root, "game", "en").unwrap();
        cache.put(Entry::Thumb, "a", b"pixels");
        drop(cache);
        assert!(!root.exists());
    }

    #[test]
    fn only_names_protopress_gives_are_its_own() {
        let digest = "0".repeat(64);
        assert!(is_ours(&format!("thumb-{digest}")));
        assert!(is_ours(&format!(".typeset-{digest}.123.tmp")));
        assert!(!is_ours(&format!("thumb-{}", "0".repeat(63))));
        assert!(!is_ours(&format!("photo-{digest}")));
        assert!(!is_ours(&format!(".typeset-{digest}.x.tmp")));
        assert!(!is_ours("CACHEDIR.TAG"));
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
        for (game, kit) in [
            ("..", "kit"),
            ("a/b", "kit"),
            ("g", "../x"),
            ("g", ".."),
            ("", "kit"),
        ] {
            assert!(
                DiskCache::open(out.path(), game, kit).is_none(),
                "{game} {kit}"
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
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        let dir = out.path().join(".cache/game/kit");
        std::fs::create_dir_all(&dir).unwrap();
        let name = entry_name(Entry::Thumb, "a");
        std::os::unix::fs::symlink(&secret, dir.join(&name)).unwrap();
        assert_eq!(cache.get(Entry::Thumb, "a", bytes), None);
        let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
        std::os::unix::fs::symlink(&secret, &tmp).unwrap();
        cache.put(Entry::Thumb, "a", b"inside");
        assert_eq!(cache.commit().written, 0);
        assert_eq!(std::fs::read(&secret).unwrap(), wrap_entry(b"outside"));
    }

    #[cfg(unix)]
    #[test]
    fn a_linked_cache_folder_is_not_used_even_when_linked_late() {
        let out = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), out.path().join(CACHE_DIR)).unwrap();
        assert!(DiskCache::open(out.path(), "game", "kit").is_none());
        std::fs::remove_file(out.path().join(CACHE_DIR)).unwrap();
        std::fs::create_dir_all(out.path().join(CACHE_DIR)).unwrap();
        let game = out.path().join(".cache/game");
        std::os::unix::fs::symlink(elsewhere.path(), &game).unwrap();
        assert!(DiskCache::open(out.path(), "game", "kit").is_none());
        // Opened before the link was planted: nothing is written through it either.
        std::fs::remove_file(&game).unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &game).unwrap();
        cache.put(Entry::Thumb, "a", b"pixels");
        assert_eq!(cache.commit().written, 0);
        assert_eq!(std::fs::read_dir(elsewhere.path()).unwrap().count(), 0);
    }

    /// The stager writes while the build goes on: a link planted between two entries is not
    /// written through, nor is anything removed through it when the build fails.
    #[cfg(unix)]
    #[test]
    fn a_link_planted_while_entries_are_written_is_not_followed() {
        let out = tempfile::tempdir().unwrap();
        let elsewhere = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(elsewhere.path().join("kit")).unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        cache.put(Entry::Thumb, "a", b"pixels");
        // Once the first entry is written (the link is planted between two writes, as a
        // build sees it, not within one).
        let first = super::super::staging::staged_path(
            &out.path().join(".cache/game/kit"),
            &entry_name(Entry::Thumb, "a"),
        );
        while !first.is_file() {
            std::thread::yield_now();
        }
        let game = out.path().join(".cache/game");
        std::fs::rename(&game, out.path().join("moved")).unwrap();
        std::os::unix::fs::symlink(elsewhere.path(), &game).unwrap();
        cache.put(Entry::Thumb, "b", b"more pixels");
        let later = DiskCache::open(out.path(), "game", "kit");
        assert!(later.is_none(), "the linked folder is not opened");
        drop(cache);
        let there: Vec<_> = std::fs::read_dir(elsewhere.path().join("kit"))
            .unwrap()
            .collect();
        assert!(
            there.is_empty(),
            "nothing written or removed through the link"
        );
        assert!(elsewhere.path().join("kit").is_dir(), "its folder stays");
    }

    #[test]
    fn the_last_entry_made_under_a_name_is_the_one_kept() {
        let out = tempfile::tempdir().unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        cache.put(Entry::Notes, "a", b"first");
        cache.put(Entry::Notes, "a", b"second");
        assert_eq!(cache.commit().written, 1);
        let again = DiskCache::open(out.path(), "game", "kit").unwrap();
        assert_eq!(again.get(Entry::Notes, "a", bytes).unwrap(), b"second");
    }

    /// A game in several languages has a cache per kit under one folder of the game: when its
    /// build fails, the last kit's cache to go takes the shared folders with it.
    #[test]
    fn failed_kits_of_one_game_leave_no_folder() {
        let out = tempfile::tempdir().unwrap();
        let en = DiskCache::open(out.path(), "game", "en").unwrap();
        let fr = DiskCache::open(out.path(), "game", "fr").unwrap();
        en.put(Entry::Thumb, "a", b"pixels");
        fr.put(Entry::Thumb, "b", b"pixels");
        en.park(&out.path().join(".parked")).unwrap();
        fr.stop_staging();
        assert!(out.path().join(".cache/game/fr").is_dir());
        drop(en);
        drop(fr);
        let left: Vec<_> = std::fs::read_dir(out.path()).unwrap().collect();
        assert!(left.is_empty(), "left behind: {left:?}");
    }

    /// The temporary file of a build that was killed goes with the next build's pruning; one
    /// of a build still running (this test's own parent process stands for it) stays.
    #[cfg(target_os = "linux")]
    #[test]
    fn pruning_takes_a_dead_builds_temporaries_and_leaves_a_running_ones() {
        let out = tempfile::tempdir().unwrap();
        let dir = out.path().join(".cache/game/kit");
        std::fs::create_dir_all(&dir).unwrap();
        let name = entry_name(Entry::Thumb, "a");
        let dead = dir.join(format!(".{name}.{}.tmp", u32::MAX - 1));
        let running = dir.join(format!(
            ".{name}.{}.tmp",
            std::os::unix::process::parent_id()
        ));
        std::fs::write(&dead, b"half").unwrap();
        std::fs::write(&running, b"half").unwrap();
        let cache = DiskCache::open(out.path(), "game", "kit").unwrap();
        assert_eq!(cache.commit().pruned, 1);
        assert!(!dead.exists() && running.exists());
    }
}
