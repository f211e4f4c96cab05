//! The fonts every build has, loaded once into memory.
//!
//! No system font is ever consulted: a kit must look the same on every machine. The default
//! set comes from crates (so `cargo build` is the whole install); a game may add its own font
//! files in `fonts/` (project-wide) or `data/<game>/fonts/`.
//!
//! Order matters: usvg falls back to the first loaded font that has a glyph, so the text faces
//! come first and the emoji font last (its space is emoji-wide, it must never set a line).

use std::path::PathBuf;
use std::sync::Arc;

use usvg::fontdb;

use crate::error::{Error, Result};
use crate::project::Project;

/// The family templates get when they name none.
pub const DEFAULT_FAMILY: &str = "Noto Sans";

/// A font family shipped with protopress, with the credit a kit prints for it.
pub struct BundledFamily {
    pub family: &'static str,
    pub credit: &'static str,
    pub licence_file: &'static str,
}

/// Credits for the bundled fonts; the licence texts are in `fonts/licenses/`.
pub const BUNDLED: [BundledFamily; 4] = [
    BundledFamily {
        family: "Noto Sans",
        credit: "Noto Sans, Google, SIL Open Font License 1.1",
        licence_file: "fonts/licenses/NotoSans-OFL.txt",
    },
    BundledFamily {
        family: "DejaVu Sans Condensed",
        credit: "DejaVu Sans Condensed, DejaVu fonts (Bitstream Vera licence, public domain changes)",
        licence_file: "fonts/licenses/DejaVu-LICENSE.txt",
    },
    BundledFamily {
        family: "DejaVu Sans Mono",
        credit: "DejaVu Sans Mono, DejaVu fonts (Bitstream Vera licence, public domain changes)",
        licence_file: "fonts/licenses/DejaVu-LICENSE.txt",
    },
    BundledFamily {
        family: "Noto Emoji",
        credit: "Noto Emoji, Google, SIL Open Font License 1.1",
        licence_file: "fonts/licenses/NotoEmoji-OFL.txt",
    },
];

/// The bundled font files, in fallback order (also given to the rulebook's typesetter).
pub fn bundled_data() -> [&'static [u8]; 9] {
    [
        notosans::REGULAR_TTF,
        notosans::BOLD_TTF,
        notosans::ITALIC_TTF,
        notosans::BOLD_ITALIC_TTF,
        dejavu::sans_condensed::regular(),
        dejavu::sans_condensed::bold(),
        dejavu::sans_mono::regular(),
        dejavu::sans_mono::bold(),
        uzor_fonts::NOTO_EMOJI,
    ]
}

/// A bundled font as the database's source, read in place: copying the fonts into the heap
/// cost a build a few megabytes of fresh memory (a thousand page faults) before any work.
fn bundled(bytes: &'static [u8]) -> fontdb::Source {
    fontdb::Source::Binary(Arc::new(bytes))
}

/// DejaVu Sans Condensed calls itself "DejaVu Sans" (typographic family) with a condensed
/// stretch; designers write `font-family="DejaVu Sans Condensed"`, so register it under that
/// name too.
fn name_condensed_family(db: &mut fontdb::Database) {
    let condensed: Vec<fontdb::FaceInfo> = db
        .faces()
        .filter(|f| f.post_script_name.starts_with("DejaVuSansCondensed"))
        .cloned()
        .collect();
    for mut face in condensed {
        db.remove_face(face.id);
        face.families = vec![(
            "DejaVu Sans Condensed".to_owned(),
            fontdb::Language::English_UnitedStates,
        )];
        db.push_face_info(face);
    }
}

/// The font database of one game build, shared by every SVG parse and by text measuring.
#[derive(Clone)]
pub struct Fonts {
    pub db: Arc<fontdb::Database>,
    /// The faces of `db`, shared by the text fitter and the drawing of fitted text.
    pub faces: Arc<crate::text::faces::FontFaces>,
    /// Regular text face for sheet furniture (labels, the check ruler), read in place.
    pub label: &'static [u8],
    /// Families added from the game's own font files.
    pub extra_families: Vec<String>,
    /// A hash of the game's own font files: parsed faces cached by `watch` are only valid
    /// for the same fonts.
    pub digest: String,
}

impl Fonts {
    /// The bundled fonts alone.
    pub fn bundled() -> Result<Fonts> {
        Self::load(Vec::new())
    }

    /// The bundled fonts plus the game's: `.ttf`/`.otf`/`.ttc` files in `fonts/` and
    /// `data/<game>/fonts/`, read through the project's sandbox.
    pub fn of_game(project: &Project, game: &str) -> Result<Fonts> {
        let mut files = Vec::new();
        for dir in Project::font_dirs(game) {
            for path in project.files_under(&dir, "")? {
                let ext = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .map(str::to_ascii_lowercase);
                if matches!(ext.as_deref(), Some("ttf" | "otf" | "ttc")) {
                    let bytes = project.read(&path)?;
                    files.push((path, bytes));
                }
            }
        }
        Self::load(files)
    }

    /// The bundled fonts plus the given font files (path for errors, bytes).
    pub fn load(mut extra: Vec<(PathBuf, Vec<u8>)>) -> Result<Fonts> {
        let mut db = fontdb::Database::new();
        // Emoji last: see the module comment.
        let data = bundled_data();
        let (emoji, text) = data.split_last().expect("bundled fonts are not empty");
        for &bytes in text {
            db.load_font_source(bundled(bytes));
        }
        name_condensed_family(&mut db);
        let before: usize = db.faces().count();
        // Directory order differs between machines; font order must not.
        extra.sort_by(|a, b| a.0.cmp(&b.0));
        let digest = {
            use sha2::Digest;
            let mut h = sha2::Sha256::new();
            for (path, bytes) in &extra {
                h.update(path.to_string_lossy().as_bytes());
                h.update(bytes);
            }
            crate::digest::hex(&h.finalize())
        };
        for (path, bytes) in extra {
            let count = db.faces().count();
            db.load_font_data(bytes);
            if db.faces().count() == count {
                return Err(
                    Error::new("not a usable font file (TrueType or OpenType)").in_file(&path)
                );
            }
        }
        let mut extra_families: Vec<String> = db
            .faces()
            .skip(before)
            .filter_map(|f| f.families.first().map(|(name, _)| name.clone()))
            .collect();
        extra_families.dedup();
        db.load_font_source(bundled(emoji));

        db.set_sans_serif_family(DEFAULT_FAMILY);
        db.set_serif_family(DEFAULT_FAMILY);
        db.set_monospace_family("DejaVu Sans Mono");
        db.set_cursive_family(DEFAULT_FAMILY);
        db.set_fantasy_family("DejaVu Sans Condensed");

        let db = Arc::new(db);
        Ok(Fonts {
            faces: Arc::new(crate::text::faces::FontFaces::new(Arc::clone(&db))),
            db,
            label: notosans::REGULAR_TTF,
            extra_families,
            digest,
        })
    }

    /// Whether a family of that name is loaded.
    pub fn has_family(&self, family: &str) -> bool {
        self.db.faces().any(|f| {
            f.families
                .iter()
                .any(|(name, _)| name.eq_ignore_ascii_case(family))
        })
    }

    /// Every loaded family name, in load order, without repeats.
    pub fn families(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for face in self.db.faces() {
            for (name, _) in &face.families {
                if !out.contains(name) {
                    out.push(name.clone());
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bundled_families_are_all_present() {
        let fonts = Fonts::bundled().unwrap();
        for fam in BUNDLED {
            assert!(fonts.has_family(fam.family), "{} missing", fam.family);
        }
        // The emoji font is the last resort, never the first.
        assert_eq!(
            fonts.families().last().map(String::as_str),
            Some("Noto Emoji")
        );
        assert_eq!(
            fonts.families().first().map(String::as_str),
            Some("Noto Sans")
        );
    }

    #[test]
    fn a_broken_font_file_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("fonts")).unwrap();
        std::fs::write(dir.path().join("fonts/bad.ttf"), b"not a font").unwrap();
        let project = Project::open(dir.path()).unwrap();
        let err = Fonts::of_game(&project, "g").err().unwrap();
        assert!(err.to_string().contains("bad.ttf"), "{err}");
    }
}
