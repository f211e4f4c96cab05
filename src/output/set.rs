//! Replacing a game's output folder as one set.
//!
//! A build writes several files that belong together (`cards.pdf` and the `kit.pdf` that holds
//! the same sheets). Replacing them one by one would leave a mix of new and old after a full
//! disk or a `kill -9`. Instead the new set is written into a staging folder beside the output
//! folder and the two folders are swapped by renames; files of other commands (`export/`,
//! `simulation.json`) are linked into the staging folder first, so they survive the swap. The
//! old folder stays whole until the swap; whatever a killed build leaves behind is cleaned up,
//! or put back, by the next one. A lock file keeps two builds out of one folder.

use std::fs::{self, File, TryLockError};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::error::{Error, Result};

/// Holds the lock of one output folder while a set is written.
pub struct OutputLock {
    _file: File,
    dir: PathBuf,
    /// The lock file, `.<folder>.lock` beside the folder.
    path: PathBuf,
}

impl Drop for OutputLock {
    /// Removes the lock file while still holding it, so that no hidden file is left beside
    /// the kit (a designer zips the output folder for a print shop). Only on Unix, where a
    /// process that opened the file before it went sees so by its inode ([`still_at`]);
    /// elsewhere the file stays, as a lock that is never removed needs no such check.
    fn drop(&mut self) {
        if cfg!(unix) {
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// Whether `file` is still the file at `path` (not removed, nor replaced, since it was opened).
#[cfg(unix)]
fn still_at(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(open), Ok(named)) => open.dev() == named.dev() && open.ino() == named.ino(),
        _ => false,
    }
}

/// Elsewhere the lock file is never removed: the file locked is the file at the path.
#[cfg(not(unix))]
fn still_at(_file: &File, _path: &Path) -> bool {
    true
}

impl OutputLock {
    /// Locks `dir` (a game's output folder) against other protopress processes, and repairs
    /// what a killed build left behind.
    pub fn acquire(dir: &Path) -> Result<OutputLock> {
        let parent = parent_of(dir)?;
        fs::create_dir_all(parent).map_err(|e| Error::io_write(parent, &e))?;
        let path = sibling(dir, "lock");
        // The holder removes the file when done. A file locked just as its holder removed it
        // is no longer the lock: open the path again and lock that.
        let file = loop {
            let file = File::options()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| Error::io_write(&path, &e))?;
            match file.try_lock() {
                Ok(()) if still_at(&file, &path) => break file,
                Ok(()) => continue,
                Err(TryLockError::WouldBlock) => {
                    return Err(Error::new(format!(
                        "another protopress is writing {}; wait for it to finish",
                        dir.display()
                    )));
                }
                Err(TryLockError::Error(e)) => return Err(Error::io_write(&path, &e)),
            }
        };
        let lock = OutputLock {
            _file: file,
            dir: dir.to_path_buf(),
            path,
        };
        lock.recover()?;
        Ok(lock)
    }

    /// Puts back an old set a killed build had moved aside, and removes stale staging.
    fn recover(&self) -> Result<()> {
        let old = sibling(&self.dir, "old");
        let staging = sibling(&self.dir, "staging");
        if old.exists() {
            if self.dir.exists() {
                remove_dir(&old)?;
            } else {
                fs::rename(&old, &self.dir).map_err(|e| Error::io_write(&old, &e))?;
            }
        }
        if staging.exists() {
            remove_dir(&staging)?;
        }
        Ok(())
    }

    /// Replaces the folder with `files` (name, bytes). Entries of the old folder named in
    /// `owned` belong to this writer and are dropped when the new set lacks them; every other
    /// entry is carried over unchanged.
    pub fn replace(&self, files: &[(String, Vec<u8>)], owned: &[&str]) -> Result<()> {
        let staging = sibling(&self.dir, "staging");
        fs::create_dir_all(&staging).map_err(|e| Error::io_write(&staging, &e))?;
        let result = self
            .fill(&staging, files, owned)
            .and_then(|()| self.swap(&staging));
        if result.is_err() {
            let _ = fs::remove_dir_all(&staging);
        }
        result
    }

    fn fill(&self, staging: &Path, files: &[(String, Vec<u8>)], owned: &[&str]) -> Result<()> {
        // Each folder once (a big kit has hundreds of thumbnails in one), then the files on
        // every core: the kernel's copying into the page cache is most of the time.
        let dirs: std::collections::BTreeSet<PathBuf> = files
            .iter()
            .filter_map(|(name, _)| staging.join(name).parent().map(Path::to_path_buf))
            .collect();
        for dir in &dirs {
            fs::create_dir_all(dir).map_err(|e| Error::io_write(dir, &e))?;
        }
        files
            .par_iter()
            .try_for_each(|(name, bytes)| write_file(&staging.join(name), bytes))?;
        let Ok(entries) = fs::read_dir(&self.dir) else {
            return Ok(());
        };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let name_str = name.to_string_lossy();
            // Stale temporaries of an interrupted single-file write go too.
            let ours = owned.contains(&name_str.as_ref())
                || name_str.ends_with(".tmp")
                || files.iter().any(|(f, _)| first_part(f) == name_str);
            if !ours {
                link_tree(&entry.path(), &staging.join(&name))?;
            }
        }
        Ok(())
    }

    /// Swaps the staging folder in: old aside, staging in place, old removed.
    fn swap(&self, staging: &Path) -> Result<()> {
        let old = sibling(&self.dir, "old");
        if self.dir.exists() {
            fs::rename(&self.dir, &old).map_err(|e| Error::io_write(&self.dir, &e))?;
        }
        if let Err(e) = fs::rename(staging, &self.dir) {
            let _ = fs::rename(&old, &self.dir);
            return Err(Error::io_write(&self.dir, &e));
        }
        if old.exists() {
            remove_dir(&old)?;
        }
        Ok(())
    }
}

/// `<parent>/.<name>.<what>`: hidden beside the folder, on the same file system.
fn sibling(dir: &Path, what: &str) -> PathBuf {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.with_file_name(format!(".{name}.{what}"))
}

fn parent_of(dir: &Path) -> Result<&Path> {
    dir.parent()
        .ok_or_else(|| Error::new(format!("{} has no parent folder", dir.display())))
}

fn first_part(name: &str) -> &str {
    name.split('/').next().unwrap_or(name)
}

fn remove_dir(dir: &Path) -> Result<()> {
    fs::remove_dir_all(dir).map_err(|e| Error::io_write(dir, &e))
}

/// Writes one file of the set, without syncing it to disk: the swap is what keeps a failed or
/// killed build from leaving a mix, and only a power cut would need the sync, after which the
/// build is simply run again. Syncing each of a kit's hundreds of files (thumbnails included)
/// cost more than building Death to Decorum. (The print record, which is the designer's own
/// data, is written by `write_atomic`, which does sync.)
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    fs::write(path, bytes)
        .map_err(|e| Error::new(format!("cannot write {}: {e}", path.display())).in_file(path))
}

/// Hard-links `from` (a file or a folder, recursively) to `to`; copies where links fail.
fn link_tree(from: &Path, to: &Path) -> Result<()> {
    let meta = fs::symlink_metadata(from).map_err(|e| Error::io(from, &e))?;
    if meta.is_dir() {
        fs::create_dir_all(to).map_err(|e| Error::io_write(to, &e))?;
        for entry in fs::read_dir(from)
            .map_err(|e| Error::io_write(from, &e))?
            .flatten()
        {
            link_tree(&entry.path(), &to.join(entry.file_name()))?;
        }
        return Ok(());
    }
    if fs::hard_link(from, to).is_err() {
        fs::copy(from, to).map_err(|e| Error::io_write(to, &e))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[(&str, &str)]) -> Vec<(String, Vec<u8>)> {
        names
            .iter()
            .map(|(n, b)| (n.to_string(), b.as_bytes().to_vec()))
            .collect()
    }

    #[test]
    fn replaces_owned_files_and_keeps_the_others() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("out/game");
        let lock = OutputLock::acquire(&dir).unwrap();
        lock.replace(&set(&[("a.pdf", "1"), ("b.pdf", "1")]), &["a.pdf", "b.pdf"])
            .unwrap();
        fs::create_dir_all(dir.join("export")).unwrap();
        fs::write(dir.join("export/x.png"), "png").unwrap();
        lock.replace(&set(&[("a.pdf", "2")]), &["a.pdf", "b.pdf"])
            .unwrap();
        assert_eq!(fs::read_to_string(dir.join("a.pdf")).unwrap(), "2");
        assert!(
            !dir.join("b.pdf").exists(),
            "a file the build no longer makes goes"
        );
        assert_eq!(fs::read_to_string(dir.join("export/x.png")).unwrap(), "png");
        let hidden: Vec<_> = fs::read_dir(tmp.path().join("out"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n != "game" && n != ".game.lock")
            .collect();
        assert!(hidden.is_empty(), "{hidden:?}");
    }

    #[test]
    fn a_second_writer_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("game");
        let first = OutputLock::acquire(&dir).unwrap();
        let second = OutputLock::acquire(&dir).err().unwrap().to_string();
        assert!(second.contains("another protopress"), "{second}");
        // Let go, the lock leaves no file behind, and the folder can be locked again.
        drop(first);
        assert_eq!(sibling(&dir, "lock").exists(), !cfg!(unix));
        let again = OutputLock::acquire(&dir).unwrap();
        assert!(sibling(&dir, "lock").exists());
        drop(again);
    }

    #[test]
    #[cfg(unix)]
    fn a_lock_file_removed_under_a_waiting_opener_is_not_taken() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("game");
        let path = sibling(&dir, "lock");
        fs::write(&path, "").unwrap();
        let opened = File::options().write(true).open(&path).unwrap();
        fs::remove_file(&path).unwrap();
        opened.try_lock().unwrap();
        assert!(!still_at(&opened, &path));
        // Another process holds a lock on the removed file: this one takes the path's new one.
        let lock = OutputLock::acquire(&dir).unwrap();
        assert!(still_at(&lock._file, &path));
    }

    #[test]
    fn a_killed_swap_is_put_back() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("game");
        // As a build killed between its two renames leaves it: old aside, staging full.
        fs::create_dir_all(sibling(&dir, "old")).unwrap();
        fs::write(sibling(&dir, "old").join("kit.pdf"), "old").unwrap();
        fs::create_dir_all(sibling(&dir, "staging")).unwrap();
        fs::write(sibling(&dir, "staging").join("kit.pdf"), "half").unwrap();
        let _lock = OutputLock::acquire(&dir).unwrap();
        assert_eq!(fs::read_to_string(dir.join("kit.pdf")).unwrap(), "old");
        assert!(!sibling(&dir, "staging").exists());
    }
}
