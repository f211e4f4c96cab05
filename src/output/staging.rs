//! Entries of the build cache written while the build goes on, under their temporary names,
//! for the commit to rename into place.
//!
//! Creating a file costs ext4 about 0.1 ms, more just after many were deleted, and a first
//! build makes an entry for each face thumbnail it draws: at 10,000 cards its 251 entries took
//! 55 ms to write at the very end of the build, on one core, after everything else. Each entry
//! is now written as soon as it is made, on a thread of its own at a low priority: mostly while
//! the kit is typeset, when a core waits on Typst. The commit only renames them. A build that
//! fails, or never commits, removes what it staged and the folders it made for it
//! ([`Staged::discard`]): the output root is left as it was.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::thread::JoinHandle;

/// The thread writing entries, until it is finished.
pub(super) struct Stager {
    sender: Option<mpsc::Sender<(String, Vec<u8>)>>,
    thread: Option<JoinHandle<Staged>>,
}

/// What the thread wrote: the entries under their temporary names, and the folders it made.
#[derive(Default)]
pub(super) struct Staged {
    pub(super) names: HashSet<String>,
    made_dirs: Vec<PathBuf>,
    dir: PathBuf,
}

impl Stager {
    /// A thread writing entries into `dir`, a folder of the output root `root`, once every
    /// folder between them is checked to be a folder and not a link (`unlinked`).
    pub(super) fn start(root: &Path, dir: &Path, unlinked: fn(&Path, &Path) -> bool) -> Stager {
        let (sender, receiver) = mpsc::channel::<(String, Vec<u8>)>();
        let (root, dir) = (root.to_path_buf(), dir.to_path_buf());
        let thread = std::thread::Builder::new()
            .name("cache writer".into())
            .spawn(move || {
                crate::sync::lower_this_thread();
                let mut staged = Staged {
                    dir: dir.clone(),
                    ..Staged::default()
                };
                if !unlinked(&root, &dir) || !staged.make_dirs(&root) {
                    return staged;
                }
                for (name, bytes) in receiver {
                    if !staged.names.contains(&name) && write_new(&staged_path(&dir, &name), &bytes)
                    {
                        staged.names.insert(name);
                    }
                }
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
    /// when the thread is gone.
    pub(super) fn send(&self, name: String, bytes: Vec<u8>) -> Result<(), Vec<u8>> {
        match &self.sender {
            Some(sender) => sender.send((name, bytes)).map_err(|e| e.0.1),
            None => Err(bytes),
        }
    }

    /// Waits for the thread to write all it was given, and says what it wrote.
    pub(super) fn finish(&mut self) -> Staged {
        self.sender = None;
        let joined = self.thread.take().map(JoinHandle::join);
        joined.and_then(Result::ok).unwrap_or_default()
    }
}

impl Staged {
    /// Makes `self.dir` and the folders above it, down from `root`, noting the ones it made.
    fn make_dirs(&mut self, root: &Path) -> bool {
        let mut missing: Vec<PathBuf> = Vec::new();
        let mut path = self.dir.as_path();
        while !path.exists() && path.starts_with(root) {
            missing.push(path.to_path_buf());
            match path.parent() {
                Some(parent) => path = parent,
                None => break,
            }
        }
        for dir in missing.into_iter().rev() {
            if std::fs::create_dir(&dir).is_err() {
                return dir.is_dir();
            }
            self.made_dirs.push(dir);
        }
        true
    }

    /// Renames the staged entry `name` into place; whether it is there now.
    pub(super) fn commit(&mut self, name: &str) -> bool {
        self.names.remove(name)
            && std::fs::rename(staged_path(&self.dir, name), self.dir.join(name)).is_ok()
    }

    /// Removes every entry still staged, and the folders made for them if they are empty.
    pub(super) fn discard(&mut self) {
        for name in self.names.drain() {
            let _ = std::fs::remove_file(staged_path(&self.dir, &name));
        }
        // The deepest first: a folder goes only once nothing is left in it.
        for dir in self.made_dirs.drain(..).rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }

    /// The folders made for the entries stay: the commit wrote into them.
    pub(super) fn keep_dirs(&mut self) {
        self.made_dirs.clear();
    }
}

/// Where the entry `name` of the folder `dir` is written before it is renamed into place.
pub(super) fn staged_path(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to a new file at `path` (never through a file or link already there);
/// whether it is whole. A file cut short is removed.
fn write_new(path: &Path, bytes: &[u8]) -> bool {
    let created = std::fs::File::options()
        .write(true)
        .create_new(true)
        .open(path);
    let written = created.and_then(|mut file| file.write_all(bytes)).is_ok();
    if !written {
        let _ = std::fs::remove_file(path);
    }
    written
}
