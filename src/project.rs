//! The project: the one place that knows where a project's folders are and reads its files.
//!
//! A project is shared as a git repository or a zip file, so its data, templates and names are
//! not trusted. Every read of a project file goes through [`Project::read`], which resolves the
//! real path (following links), refuses anything outside the project root or anything that is
//! not a regular file, and caps the size, so no game can print `/etc/passwd` into a PDF, read
//! `/dev/zero` until memory runs out or hang on a FIFO. Paths handed around the rest of the code
//! are relative to the root, which is also how errors name them.

use std::io::Read;
use std::path::{Component, Path, PathBuf};

use crate::error::{Error, Result, nearest};

/// Largest project file read, in bytes. Raise with `PROTOPRESS_MAX_FILE_MB`.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// A project folder: `data/<game>/`, `templates/<game>/`, `templates/common/`, `fonts/`.
#[derive(Debug, Clone)]
pub struct Project {
    /// Canonical absolute path of the project folder.
    root: PathBuf,
}

impl Project {
    /// Opens the project at `dir`, which must be an existing folder.
    pub fn open(dir: &Path) -> Result<Project> {
        let root = dir.canonicalize().map_err(|_| {
            Error::new(format!(
                "the project folder `{}` does not exist",
                dir.display()
            ))
            .help("pass the folder holding data/ and templates/ with -C")
        })?;
        if !root.is_dir() {
            return Err(Error::new(format!("`{}` is not a folder", dir.display())));
        }
        Ok(Project { root })
    }

    /// The project that `start` lies in, found as cargo finds its manifest: the nearest folder,
    /// `start` itself or one above it, that holds a game (`data/<game>/game.yaml`). A folder
    /// inside no project is taken as the project itself (where `new` starts one). Only folder
    /// listings are read on the way up, never a file.
    pub fn find(start: &Path) -> Result<Project> {
        let here = Project::open(start)?;
        let found = here.root.ancestors().find(|dir| holds_game(dir));
        match found {
            Some(dir) if dir != here.root => Project::open(dir),
            _ => Ok(here),
        }
    }

    /// The project folder, absolute.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `data/<game>`, relative to the root.
    pub fn data_dir(game: &str) -> PathBuf {
        Path::new("data").join(game)
    }

    /// `data/<game>/game.yaml`.
    pub fn game_file(game: &str) -> PathBuf {
        Self::data_dir(game).join("game.yaml")
    }

    /// `templates/<game>`.
    pub fn templates_dir(game: &str) -> PathBuf {
        Path::new("templates").join(game)
    }

    /// `templates/common`: pieces every game can use.
    pub fn common_dir() -> PathBuf {
        Path::new("templates").join(COMMON)
    }

    /// `locales/<code>`: the project's own words in the language `code`, over the shipped
    /// ones: `kit.ftl` for the kit (see `i18n`), `check.yaml` for the rules check.
    pub fn locale_dir(code: &str) -> PathBuf {
        Path::new("locales").join(code)
    }

    /// `locales/<code>/kit.ftl`.
    pub fn locale_file(code: &str) -> PathBuf {
        Project::locale_dir(code).join("kit.ftl")
    }

    /// Where icons are looked up, most specific first: the game's, then the shared ones.
    pub fn icon_dirs(game: &str) -> [PathBuf; 2] {
        [
            Self::templates_dir(game).join("icons"),
            Self::common_dir().join("icons"),
        ]
    }

    /// Font folders: project-wide, then the game's own.
    pub fn font_dirs(game: &str) -> [PathBuf; 2] {
        [PathBuf::from("fonts"), Self::data_dir(game).join("fonts")]
    }

    /// Every folder a build of `game` reads from, for watching.
    pub fn source_dirs(game: &str) -> Vec<PathBuf> {
        vec![
            Self::data_dir(game),
            Self::templates_dir(game),
            Self::common_dir(),
            PathBuf::from("fonts"),
        ]
    }

    /// An output root: absolute as given, or relative to the project. Refused when it is the
    /// project itself or holds or lies in its sources (`data/`, `templates/`, `fonts/`): a
    /// build replaces what is in its game folders, and kit files would mix with the game's.
    pub fn output_root(&self, out: &Path) -> Result<PathBuf> {
        let root = match out.is_absolute() {
            true => out.to_path_buf(),
            false => self.root.join(out),
        };
        let (resolved, project) = (resolve_lexically(&root), resolve_lexically(&self.root));
        let sources = ["data", "templates", "fonts"].map(|s| project.join(s));
        let clash = resolved == project
            || project.starts_with(&resolved)
            || sources.iter().any(|s| resolved.starts_with(s));
        if clash {
            return Err(Error::new(format!(
                "--out {} is the project, one of its source folders (data, templates, fonts) or a folder holding the project",
                out.display()
            ))
            .help("write to a folder of its own beside them, such as `output`"));
        }
        // A file there, or on the way there, would stop the writing half-way with "not a
        // directory" or "file exists".
        if let Some(file) = root.ancestors().find(|a| a.exists() && !a.is_dir()) {
            return Err(Error::new(format!(
                "--out {}: {} is a file, not a folder",
                out.display(),
                file.display()
            ))
            .help("name a folder (a new one is made)"));
        }
        Ok(root)
    }

    /// The games of the project: every folder under `data/` holding a `game.yaml`, sorted.
    pub fn games(&self) -> Result<Vec<String>> {
        let entries = std::fs::read_dir(self.root.join("data")).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => Error::new(format!(
                "no game here: no data/<game>/game.yaml in {} or a folder above it",
                self.root.display()
            ))
            .help("start one with `protopress new NAME`, or run from a folder of a project (or pass -C DIR)"),
            _ => Error::io(Path::new("data"), &e),
        })?;
        let mut games: Vec<String> = entries
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|name| is_game_name(name) && self.is_file(&Self::game_file(name)))
            .collect();
        games.sort();
        Ok(games)
    }

    /// Checks that `name` is a game of this project; the error lists the games and suggests
    /// the nearest. A name is never taken as a path, so it cannot lead outside the project.
    pub fn check_game(&self, name: &str) -> Result<()> {
        if !is_game_name(name) {
            return Err(Error::new(format!(
                "`{name}` is not a game name: use lower-case letters, digits and dashes"
            ))
            .help("name a folder under data/, e.g. `protopress build death-to-decorum`"));
        }
        if name == COMMON {
            return Err(common_taken());
        }
        if self.is_file(&Self::game_file(name)) {
            return Ok(());
        }
        // A game folder that links out of the project is named as such, not as missing.
        let folder = std::fs::canonicalize(self.root.join(Self::data_dir(name)));
        let root = std::fs::canonicalize(&self.root);
        if let (Ok(folder), Ok(root)) = (folder, root)
            && !folder.starts_with(&root)
            && let Err(e) = self.resolve(&Self::game_file(name))
        {
            return Err(e);
        }
        let games = self.games().unwrap_or_default();
        let mut e = Error::new(format!("no game `{name}` in this project"));
        e = match nearest(name, games.iter().map(String::as_str)) {
            Some(near) => e.help(format!(
                "did you mean `{near}`? games: {}",
                games.join(", ")
            )),
            None if games.is_empty() => e.help(format!(
                "there is no data/<game>/game.yaml in {} or a folder above it; start one with `protopress new {name}`",
                self.root.display()
            )),
            None => e.help(format!("games: {}", games.join(", "))),
        };
        Err(e)
    }

    /// The real path of the project file `rel`, refusing any path that leads outside the
    /// project, through `..`, an absolute path or a link.
    pub fn resolve(&self, rel: &Path) -> Result<PathBuf> {
        let outside = || {
            Error::new(format!("`{}` is outside the project", rel.display()))
                .help("games may only use files inside their project folder")
        };
        // An absolute path into the project is refused too (the project must move as a
        // whole), but it is not "outside": say what to write instead.
        if rel.is_absolute() && rel.starts_with(&self.root) {
            return Err(Error::new(format!(
                "`{}` is an absolute path; the project reads only paths relative to it",
                rel.display()
            ))
            .help(
                "write it relative to the file that names it, e.g. `tokens.yaml` beside game.yaml",
            ));
        }
        if rel.is_absolute() || rel.has_root() || has_prefix(rel) || climbs_out(rel) {
            return Err(outside());
        }
        let real = self
            .root
            .join(rel)
            .canonicalize()
            .map_err(|e| Error::io(rel, &e))?;
        if !real.starts_with(&self.root) {
            return Err(outside());
        }
        Ok(real)
    }

    /// Whether `rel` is a regular file inside the project.
    pub fn is_file(&self, rel: &Path) -> bool {
        self.resolve(rel).is_ok_and(|p| p.is_file())
    }

    /// Whether `rel` is a folder inside the project.
    pub fn is_dir(&self, rel: &Path) -> bool {
        self.resolve(rel).is_ok_and(|p| p.is_dir())
    }

    /// Reads the project file `rel`: inside the project, a regular file, at most
    /// [`max_file_bytes`] long.
    pub fn read(&self, rel: &Path) -> Result<Vec<u8>> {
        let real = self.resolve(rel)?;
        let meta = std::fs::metadata(&real).map_err(|e| Error::io(rel, &e))?;
        if !meta.is_file() {
            let what = if meta.is_dir() {
                "a folder"
            } else {
                "not a regular file"
            };
            return Err(Error::new(format!("`{}` is {what}", rel.display()))
                .help("name a regular file inside the project"));
        }
        let limit = max_file_bytes();
        if meta.len() > limit {
            return Err(too_big(rel, limit));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        std::fs::File::open(&real)
            .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
            .map_err(|e| Error::io(rel, &e))?;
        if bytes.len() as u64 > limit {
            return Err(too_big(rel, limit));
        }
        Ok(bytes)
    }

    /// Reads the project file `rel` as UTF-8, pointing at the first bad byte if it is not.
    /// A byte-order mark (some Windows editors write one) is dropped: YAML and the templates
    /// would read it as text before the first key or tag.
    pub fn read_text(&self, rel: &Path) -> Result<String> {
        let bytes = self.read(rel)?;
        let bytes = match bytes.strip_prefix("\u{feff}".as_bytes()) {
            Some(rest) => rest.to_vec(),
            None => bytes,
        };
        String::from_utf8(bytes).map_err(|e| {
            let offset = e.utf8_error().valid_up_to();
            let text = String::from_utf8_lossy(&e.into_bytes()[..offset]).into_owned();
            let line = text.matches('\n').count() + 1;
            let column = text.len() - text.rfind('\n').map_or(0, |p| p + 1) + 1;
            Error::new("the file is not UTF-8 text")
                .in_file(rel)
                .at(line, column)
                .help("save the file with UTF-8 encoding")
        })
    }

    /// Reads `rel` as text when it exists at all; a folder, a special file or a link out of
    /// the project under that name is an error, never taken for "no such file".
    pub fn read_optional_text(&self, rel: &Path) -> Result<Option<String>> {
        match std::fs::symlink_metadata(self.root.join(rel)) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            _ => self.read_text(rel).map(Some),
        }
    }

    /// The files under the folder `dir` (recursively, sorted, relative to the root) whose
    /// names end in `suffix`. A missing folder has none; a folder that leads outside the project
    /// is an error.
    pub fn files_under(&self, dir: &Path, suffix: &str) -> Result<Vec<PathBuf>> {
        let mut out = Vec::new();
        if !self.root.join(dir).exists() {
            return Ok(out);
        }
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            let real = self.resolve(&d)?;
            let entries = std::fs::read_dir(&real).map_err(|e| Error::io(&d, &e))?;
            for entry in entries {
                let entry = entry.map_err(|e| Error::io(&d, &e))?;
                let rel = d.join(entry.file_name());
                // Follow links only to see what they are; reading them goes through `read`.
                let real_kind = std::fs::metadata(entry.path()).map_err(|e| Error::io(&rel, &e))?;
                if real_kind.is_dir() {
                    stack.push(rel);
                } else if rel.to_string_lossy().ends_with(suffix) {
                    out.push(rel);
                }
            }
        }
        out.sort();
        Ok(out)
    }
}

/// `path` with `.` and `..` resolved one part at a time, each existing part through its link
/// first (so `art/..` is the real parent of what `art` links to, as the system takes it).
fn resolve_lexically(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => {
                out.push(other);
                if let Ok(real) = out.canonicalize() {
                    out = real;
                }
            }
        }
    }
    out
}

/// The folder under `templates/` that every game shares, which no game may be named after.
pub const COMMON: &str = "common";

/// Why a game may not be named [`COMMON`].
pub fn common_taken() -> Error {
    Error::new(
        "a game cannot be named `common`: templates/common holds the templates every game shares",
    )
    .help("rename data/common (and its templates) to the game's own name, e.g. `my-game`")
}

/// Whether `dir` holds a game of a project: a `data/<game>/game.yaml` whose folder is a game's
/// name (what [`Project::games`] lists).
fn holds_game(dir: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(dir.join("data")) else {
        return false;
    };
    entries.flatten().any(|e| {
        let name = e.file_name();
        name.to_str().is_some_and(is_game_name) && e.path().join("game.yaml").is_file()
    })
}

/// The rule for game names (the folder under `data/`): lower-case ASCII letters, digits and
/// dashes, starting with a letter or digit. It keeps a name from ever being a path.
pub fn is_game_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('-')
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

/// The read limit in force: [`MAX_FILE_BYTES`], or `PROTOPRESS_MAX_FILE_MB` megabytes.
pub fn max_file_bytes() -> u64 {
    std::env::var("PROTOPRESS_MAX_FILE_MB")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
        .map_or(MAX_FILE_BYTES, |mb| mb.saturating_mul(1024 * 1024))
}

fn too_big(rel: &Path, limit: u64) -> Error {
    Error::new(format!(
        "`{}` is larger than {} MB",
        rel.display(),
        limit / (1024 * 1024)
    ))
    .help("set PROTOPRESS_MAX_FILE_MB to raise the limit")
}

/// Whether `..` parts take a relative path above its starting folder.
fn climbs_out(p: &Path) -> bool {
    let mut depth = 0usize;
    for part in p.components() {
        match part {
            Component::ParentDir if depth == 0 => return true,
            Component::ParentDir => depth -= 1,
            Component::Normal(_) => depth += 1,
            _ => {}
        }
    }
    false
}

fn has_prefix(p: &Path) -> bool {
    p.components().any(|c| matches!(c, Component::Prefix(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> (tempfile::TempDir, Project) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("p/data/g")).unwrap();
        std::fs::write(dir.path().join("p/data/g/game.yaml"), "name: G\n").unwrap();
        std::fs::write(dir.path().join("secret.txt"), "secret").unwrap();
        let p = Project::open(&dir.path().join("p")).unwrap();
        (dir, p)
    }

    #[test]
    fn reads_inside_only() {
        let (dir, p) = project();
        assert_eq!(
            p.read_text(Path::new("data/g/game.yaml")).unwrap(),
            "name: G\n"
        );
        assert!(p.read(Path::new("../secret.txt")).is_err());
        assert!(p.read(&dir.path().join("secret.txt")).is_err());
        assert!(p.read(Path::new("data/g/../../../secret.txt")).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn refuses_links_out_and_special_files() {
        let (dir, p) = project();
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), p.root().join("data/g/x"))
            .unwrap();
        let e = p.read(Path::new("data/g/x")).unwrap_err().to_string();
        assert!(e.contains("outside the project"), "{e}");
        assert!(!e.contains("secret"), "{e}");
        // A game folder that links out is named as outside, not as a missing game.
        std::fs::create_dir(dir.path().join("elsewhere")).unwrap();
        std::fs::write(dir.path().join("elsewhere/game.yaml"), "name: E\n").unwrap();
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), p.root().join("data/linked"))
            .unwrap();
        let e = p.check_game("linked").unwrap_err().to_string();
        assert!(e.contains("outside the project"), "{e}");
        // A folder without a game.yaml is no game, and said so.
        std::fs::create_dir(p.root().join("data/empty")).unwrap();
        let e = p.check_game("empty").unwrap_err().to_string();
        assert!(e.contains("no game `empty`"), "{e}");
        assert!(!p.games().unwrap().contains(&"linked".to_owned()));
        std::os::unix::fs::symlink("/dev/zero", p.root().join("data/g/zero")).unwrap();
        assert!(p.read(Path::new("data/g/zero")).is_err());
        let e = p.read(Path::new("data/g")).unwrap_err().to_string();
        assert!(e.contains("a folder"), "{e}");
        // A link that stays inside is fine.
        std::os::unix::fs::symlink("game.yaml", p.root().join("data/g/alias.yaml")).unwrap();
        assert!(p.read(Path::new("data/g/alias.yaml")).is_ok());
    }

    #[test]
    fn an_output_root_that_is_a_file_is_refused_as_such() {
        let (_dir, p) = project();
        std::fs::write(p.root().join("kits"), "not a folder").unwrap();
        for out in ["kits", "kits/deeper"] {
            let e = p.output_root(Path::new(out)).unwrap_err().to_string();
            assert!(e.contains("is a file, not a folder"), "{e}");
        }
        assert!(p.output_root(Path::new("new/folder")).is_ok());
    }

    #[test]
    fn game_names_are_never_paths() {
        let (_dir, p) = project();
        assert!(p.check_game("g").is_ok());
        for bad in ["../templates/x", "/etc", "G", "", "a/b", ".", "-x"] {
            assert!(p.check_game(bad).is_err(), "{bad}");
        }
        let e = p.check_game("h").unwrap_err().to_string();
        assert!(e.contains("no game `h`"), "{e}");
    }
}
