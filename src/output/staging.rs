//! Entries of the build cache written while the build goes on, under their temporary names,
//! for the commit to rename into place.
//!
//! Creating a file costs ext4 about 0.1 ms, more just after many were deleted, and a first
//! build makes an entry for each face thumbnail it draws: at 10,000 cards its 251 entries took
//! 55 ms to write at the very end of the build, on one core, after everything else. Each entry
//! is now written as soon as it is made, on a thread of its own, and the commit only renames
//! them. The thread is started with the build (`DiskCache::start_staging`), at its priority
//! (a thread takes its starter's): made to yield to the build's, it let a queue of entries
//! wait that held Death to Decorum's first build at 1.4 MB more, for no time gained.
//!
//! What is staged and not yet committed is known to the whole process ([`Live`]): a build that
//! fails removes its temporary files and the folders made for them once nothing else is in
//! them ([`Staged::discard`]), and so does one stopped for running out of memory
//! ([`discard_all`], before it exits). A build killed outright leaves its temporary files; the
//! next build's pruning removes them, their process being gone.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use crate::sync::lock;

/// The thread writing entries, until it is finished.
pub(super) struct Stager {
    sender: Option<mpsc::Sender<(String, Vec<u8>)>>,
    thread: Option<JoinHandle<Staged>>,
}

/// What a stager wrote into its folder: the entries under their temporary names.
#[derive(Default)]
pub(super) struct Staged {
    names: HashSet<String>,
    root: PathBuf,
    dir: PathBuf,
}

impl Stager {
    /// A thread writing entries into `dir`, a folder of the output root `root`, each only
    /// while every folder between them is a folder and not a link ([`unlinked`], asked before
    /// each file: a link may be planted while the build goes on).
    pub(super) fn start(root: &Path, dir: &Path) -> Stager {
        let (sender, receiver) = mpsc::channel::<(String, Vec<u8>)>();
        let mut staged = Staged {
            names: HashSet::new(),
            root: root.to_path_buf(),
            dir: dir.to_path_buf(),
        };
        let thread = std::thread::Builder::new()
            .name("cache writer".into())
            .spawn(move || {
                for (name, bytes) in receiver {
                    staged.write(name, &bytes);
                }
                crate::budget::settle();
                staged
            });
        match thread {
            Ok(thread) => Stager {
                sender: Some(sender),
                thread: Some(thread),
            },
            Err(_) => Stager {
                sender: None,
                thread: None,
            },
        }
    }

    /// Hands `bytes` (a whole entry file) to the thread to write as `name`; gives them back
    /// when the thread is gone or finished.
    pub(super) fn send(&self, name: String, bytes: Vec<u8>) -> Result<(), Vec<u8>> {
        match &self.sender {
            Some(sender) => sender.send((name, bytes)).map_err(|e| e.0.1),
            None => Err(bytes),
        }
    }

    /// Waits for the thread to write all it was given, and says what it wrote. Later entries
    /// are given back by [`Stager::send`].
    pub(super) fn finish(&mut self) -> Staged {
        self.sender = None;
        let joined = self.thread.take().map(JoinHandle::join);
        joined.and_then(Result::ok).unwrap_or_default()
    }
}

impl Staged {
    /// Whether the folders down to this one are still no links.
    fn unlinked(&self) -> bool {
        !self.dir.as_os_str().is_empty() && unlinked(&self.root, &self.dir)
    }

    /// Writes the entry `name` under its temporary name; a name written before is written
    /// again (the last entry made under a name is the one kept, as in memory).
    fn write(&mut self, name: String, bytes: &[u8]) {
        if !self.unlinked() || !make_dirs(&self.root, &self.dir) {
            return;
        }
        let path = staged_path(&self.dir, &name);
        if self.names.remove(&name) {
            let _ = std::fs::remove_file(&path);
            Live::forget_file(&path);
        }
        if write_new(&path, |file| file.write_all(bytes).map(|()| true)) {
            Live::note_file(&path);
            self.names.insert(name);
        }
    }

    /// Renames the staged entry `name` into place; whether it is there now.
    pub(super) fn commit(&mut self, name: &str) -> bool {
        if !self.names.remove(name) {
            return false;
        }
        let path = staged_path(&self.dir, name);
        let renamed = self.unlinked() && std::fs::rename(&path, self.dir.join(name)).is_ok();
        if !renamed {
            let _ = std::fs::remove_file(&path);
        }
        Live::forget_file(&path);
        renamed
    }

    /// The folders down to this one stay: the commit wrote into them.
    pub(super) fn keep_dirs(&self) {
        Live::keep_dirs_down_to(&self.dir);
    }

    /// Removes every entry still staged, then every folder a stager made that is empty.
    pub(super) fn discard(&mut self) {
        let unlinked = self.unlinked();
        for name in self.names.drain() {
            let path = staged_path(&self.dir, &name);
            if unlinked {
                let _ = std::fs::remove_file(&path);
            }
            Live::forget_file(&path);
        }
        Live::remove_empty_dirs(Some(&self.root));
    }
}

/// Where the entry `name` of the folder `dir` is written before it is renamed into place.
pub(super) fn staged_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

/// The entry's name and the writer's process id of a temporary file's name, as
/// [`staged_path`] makes it (`.{name}.{pid}.tmp`), when it is one.
pub(super) fn temporary_of(file: &str) -> Option<(&str, &str)> {
    file.strip_prefix('.')?
        .strip_suffix(".tmp")?
        .rsplit_once('.')
}

/// Makes `dir` and the folders above it, down from `root`, noting in [`Live`] the ones made.
fn make_dirs(root: &Path, dir: &Path) -> bool {
    let mut missing: Vec<&Path> = Vec::new();
    let mut path = dir;
    while !path.exists() && path.starts_with(root) {
        missing.push(path);
        match path.parent() {
            Some(parent) => path = parent,
            None => break,
        }
    }
    for dir in missing.into_iter().rev() {
        match std::fs::create_dir(dir) {
            Ok(()) => Live::note_dir(root, dir),
            // Made meanwhile by another build: it is not ours to remove.
            Err(_) if dir.is_dir() => {}
            Err(_) => return false,
        }
    }
    true
}

/// Makes a new file at `path` (never writing through a file or link already there) and has
/// `fill` write it; whether `fill` says it is whole. A file it made and `fill` did not fill
/// is removed.
pub(super) fn write_new(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<bool>,
) -> bool {
    let Ok(mut file) = std::fs::File::options()
        .write(true)
        .create_new(true)
        .open(path)
    else {
        return false;
    };
    let filled = matches!(fill(&mut file), Ok(true));
    if !filled {
        let _ = std::fs::remove_file(path);
    }
    filled
}

static LIVE: OnceLock<Mutex<Live>> = OnceLock::new();

/// The temporary files staged and the folders made for them, by every stager of the
/// process, until committed or removed.
#[derive(Default)]
struct Live {
    files: HashSet<PathBuf>,
    /// Each folder made, with the output root it is in.
    dirs: Vec<(PathBuf, PathBuf)>,
}

impl Live {
    fn get() -> std::sync::MutexGuard<'static, Live> {
        lock(LIVE.get_or_init(|| {
            crate::budget::before_exit(discard_all);
            Mutex::default()
        }))
    }

    fn note_file(path: &Path) {
        Live::get().files.insert(path.to_path_buf());
    }

    fn forget_file(path: &Path) {
        Live::get().files.remove(path);
    }

    fn note_dir(root: &Path, dir: &Path) {
        Live::get()
            .dirs
            .push((root.to_path_buf(), dir.to_path_buf()));
    }

    /// The folders from the output root down to `dir` are kept: forgotten here.
    fn keep_dirs_down_to(dir: &Path) {
        Live::get().dirs.retain(|(_, d)| !dir.starts_with(d));
    }

    /// Removes each folder made in the output root `root` (in any, for `None`) that is empty
    /// now, the deepest first, so that a folder shared by the caches of a game's languages goes
    /// with the last of them.
    fn remove_empty_dirs(root: Option<&Path>) {
        Live::get().remove_empty_dirs_held(root);
    }

    fn remove_empty_dirs_held(&mut self, only: Option<&Path>) {
        self.dirs
            .sort_by_key(|(_, d)| std::cmp::Reverse(d.components().count()));
        self.dirs.retain(|(root, d)| {
            let mine = only.is_none_or(|only| only == root);
            let gone = mine && unlinked(root, d) && std::fs::remove_dir(d).is_ok();
            !gone && d.is_dir()
        });
    }
}

/// Removes every temporary file staged and every folder made for them, for a process about
/// to exit without committing (`budget`'s stop when memory runs out). Skipped when a stager
/// holds the list at that moment: waiting could be waiting on the very thread that stops.
fn discard_all() {
    let Some(live) = LIVE.get() else {
        return;
    };
    let Ok(mut live) = live.try_lock() else {
        return;
    };
    for file in live.files.drain() {
        let _ = std::fs::remove_file(file);
    }
    live.remove_empty_dirs_held(None);
}

/// Whether every folder from `root` down to `dir` is a folder (or not there yet), not a link.
pub(super) fn unlinked(root: &Path, dir: &Path) -> bool {
    let below = dir.strip_prefix(root).unwrap_or(dir);
    let mut path = root.to_path_buf();
    below.components().all(|c| {
        path.push(c);
        std::fs::symlink_metadata(&path).map_or(true, |m| m.is_dir())
    })
}
