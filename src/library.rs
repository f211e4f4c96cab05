//! The built-in library: the common templates (`face_svg`, the die pips, the quick-reference
//! card) and the bundled icon set, compiled into the binary as the fonts are, so a game made
//! anywhere with `protopress new` can use them with no file copied from the repository.
//!
//! A project's own file of the same name wins: `templates/common/face.svg.tera` replaces the
//! built-in `face_svg`, `templates/common/icons/coin.svg` (or the game's `icons/coin.svg`) the
//! built-in `:coin:`. The files are those of the repository's `templates/common/`; a test keeps
//! the two lists equal.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::error::Result;
use crate::project::Project;

/// How errors and listings name a built-in file: not a path of the project.
pub const BUILT_IN: &str = "(built in)";

/// The common templates, by their file name in `templates/common/`.
pub const TEMPLATES: &[(&str, &str)] = &[
    (
        "face.svg.tera",
        include_str!("../templates/common/face.svg.tera"),
    ),
    (
        "pips.svg.tera",
        include_str!("../templates/common/pips.svg.tera"),
    ),
    (
        "quickref.svg.tera",
        include_str!("../templates/common/quickref.svg.tera"),
    ),
];

/// The bundled icons, by name (their file is `<name>.svg`), sorted.
pub const ICONS: &[(&str, &str)] = &[
    ("coin", include_str!("../templates/common/icons/coin.svg")),
    (
        "damage",
        include_str!("../templates/common/icons/damage.svg"),
    ),
    ("life", include_str!("../templates/common/icons/life.svg")),
    (
        "weight",
        include_str!("../templates/common/icons/weight.svg"),
    ),
];

/// Where the bundled icons come from and under what licence: its first paragraph is the
/// credit a kit prints; its table maps each file to its game-icons.net name.
pub const ICON_CREDITS: &str = include_str!("../templates/common/icons/CREDITS.md");

/// The licence of the bundled icons, with their authors.
pub const ICON_LICENCE: &str = include_str!("../templates/common/icons/LICENSE-game-icons.txt");

/// The built-in common template of that file name (`face.svg.tera`).
pub fn template(file: &str) -> Option<&'static str> {
    TEMPLATES.iter().find(|(f, _)| *f == file).map(|(_, t)| *t)
}

/// The SVG text of the built-in icon `name`.
pub fn icon(name: &str) -> Option<&'static str> {
    ICONS.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// How errors name a built-in file: `(built in) templates/common/face.svg.tera`.
pub fn path_of(rel: &Path) -> PathBuf {
    PathBuf::from(format!("{BUILT_IN} {}", rel.display()))
}

/// The text of a file an error names, when it is built in (see [`path_of`]).
pub fn text_of(path: &Path) -> Option<&'static str> {
    let rel = path.to_str()?.strip_prefix(BUILT_IN)?.trim_start();
    let rel = rel.strip_prefix("templates/common/")?;
    match rel.strip_prefix("icons/") {
        Some(icon_file) => icon(icon_file.strip_suffix(".svg")?),
        None => template(rel),
    }
}

/// The game-icons.net name of each bundled icon, from the table of [`ICON_CREDITS`].
pub fn icon_source(name: &str) -> Option<&'static str> {
    let file = format!("{name}.svg");
    ICON_CREDITS.lines().find_map(|line| {
        let mut cells = line.split('|').map(str::trim).filter(|c| !c.is_empty());
        (cells.next()? == file).then_some(())?;
        cells.next()
    })
}

/// An icon a game can draw, and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IconEntry {
    pub name: String,
    /// The file it is read from, relative to the project, or `(built in)`.
    pub from: String,
    /// Its SVG file.
    pub svg: String,
}

/// Every icon that `game` (or, with none, any game of the project) can draw, by name: the
/// built-in set, replaced by the project's `templates/common/icons/`, replaced in turn by the
/// game's own `icons/`.
pub fn icons(project: &Project, game: Option<&str>) -> Result<Vec<IconEntry>> {
    let mut map = std::collections::BTreeMap::new();
    for (name, svg) in ICONS {
        let entry = IconEntry {
            name: (*name).to_owned(),
            from: BUILT_IN.to_owned(),
            svg: (*svg).to_owned(),
        };
        map.insert((*name).to_owned(), entry);
    }
    let mut dirs = vec![Project::common_dir().join("icons")];
    dirs.extend(game.map(|g| Project::templates_dir(g).join("icons")));
    for dir in dirs {
        for rel in project.files_under(&dir, ".svg")? {
            let Some(name) = rel.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            // Only the folder itself, as the build reads it.
            if rel.parent() != Some(dir.as_path()) {
                continue;
            }
            let entry = IconEntry {
                name: name.to_owned(),
                from: rel.display().to_string(),
                svg: project.read_text(&rel)?,
            };
            map.insert(name.to_owned(), entry);
        }
    }
    Ok(map.into_values().collect())
}

/// A page showing every icon of `icons` at a readable size with its name, as card text writes
/// it, and where it comes from: one HTML file, its images inside it, nothing fetched.
pub fn icons_page(title: &str, icons: &[IconEntry]) -> String {
    let esc = crate::xml::escape;
    let mut s = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 2em; color: #222; }}\n\
         ul {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(9em, 1fr)); gap: 1em; padding: 0; list-style: none; }}\n\
         li {{ border: 1px solid #ccc; border-radius: 6px; padding: 0.8em; text-align: center; }}\n\
         img {{ width: 64px; height: 64px; }}\n\
         code {{ display: block; margin-top: 0.4em; font-size: 1.1em; }}\n\
         small {{ color: #777; word-break: break-all; }}\n</style>\n</head>\n<body>\n<h1>{}</h1>\n\
         <p>Write <code style=\"display:inline\">:name:</code> in card text or the rules to draw an icon. A file of the same name in <code style=\"display:inline\">templates/common/icons/</code> or <code style=\"display:inline\">templates/&lt;game&gt;/icons/</code> replaces a built-in one.</p>\n<ul>\n",
        esc(title),
        esc(title)
    );
    for icon in icons {
        let drawing = icon_markup(&icon.svg);
        let _ = writeln!(
            s,
            "<li>{drawing}<code>:{}:</code><small>{}</small></li>",
            esc(&icon.name),
            esc(&icon.from)
        );
    }
    s.push_str("</ul>\n</body>\n</html>\n");
    s
}

/// An icon file as an image of the page: a data address in an `<img>`, where a script an icon
/// file might hold never runs.
fn icon_markup(svg: &str) -> String {
    use base64::Engine as _;
    let data = base64::engine::general_purpose::STANDARD.encode(svg.as_bytes());
    format!("<img src=\"data:image/svg+xml;base64,{data}\" alt=\"\">")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the files of `dir` in the repository ending in `suffix`, sorted.
    fn on_disk(dir: &str, suffix: &str) -> Vec<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut names: Vec<String> = std::fs::read_dir(root)
            .unwrap()
            .flatten()
            .filter_map(|e| e.file_name().to_str().map(str::to_owned))
            .filter(|n| n.ends_with(suffix))
            .collect();
        names.sort();
        names
    }

    #[test]
    fn the_library_holds_every_common_file() {
        let templates: Vec<&str> = TEMPLATES.iter().map(|(f, _)| *f).collect();
        assert_eq!(templates, on_disk("templates/common", ".tera"));
        let icons: Vec<String> = ICONS.iter().map(|(n, _)| format!("{n}.svg")).collect();
        assert_eq!(icons, on_disk("templates/common/icons", ".svg"));
        for (name, _) in ICONS {
            assert!(
                icon_source(name).is_some(),
                "{name} has no line in CREDITS.md"
            );
        }
    }

    #[test]
    fn built_in_files_are_found_by_the_name_errors_give_them() {
        let face = path_of(Path::new("templates/common/face.svg.tera"));
        assert_eq!(face, Path::new("(built in) templates/common/face.svg.tera"));
        assert!(text_of(&face).unwrap().contains("face_svg"));
        let coin = path_of(Path::new("templates/common/icons/coin.svg"));
        assert_eq!(text_of(&coin), icon("coin"));
        assert_eq!(text_of(Path::new("templates/common/face.svg.tera")), None);
        assert_eq!(icon_source("coin"), Some("two-coins"));
        assert_eq!(icon_source("nothing"), None);
    }

    #[test]
    fn a_project_icon_replaces_the_built_in_one_of_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let icons_dir = dir.path().join("templates/g/icons");
        std::fs::create_dir_all(&icons_dir).unwrap();
        let own = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>"#;
        std::fs::write(icons_dir.join("coin.svg"), own).unwrap();
        std::fs::write(icons_dir.join("star.svg"), own).unwrap();
        let project = Project::open(dir.path()).unwrap();
        let all = icons(&project, Some("g")).unwrap();
        let names: Vec<&str> = all.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["coin", "damage", "life", "star", "weight"]);
        assert_eq!(all[0].from, "templates/g/icons/coin.svg");
        assert_eq!(all[0].svg, own);
        assert_eq!(all[1].from, BUILT_IN);
        // Without a game, only the built-in and common ones.
        assert_eq!(icons(&project, None).unwrap().len(), ICONS.len());
        // Every built-in icon is valid SVG to the text engine (which loads them unchecked).
        let loaded = crate::text::fit::Icons::load(&project, "other").unwrap();
        assert_eq!(loaded.names().count(), ICONS.len());
        let page = icons_page("Icons & more", &all);
        assert!(page.contains("<title>Icons &amp; more</title>"), "{page}");
        assert!(page.contains("<code>:star:</code>"), "{page}");
        assert_eq!(page.matches("<li>").count(), 5);
        assert!(
            page.contains("<img src=\"data:image/svg+xml;base64,"),
            "{page}"
        );
        assert!(
            !page.contains("<svg"),
            "icons are images, never markup of the page"
        );
    }
}
