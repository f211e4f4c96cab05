//! Icons for card text: SVG files in `templates/<game>/icons/` or `templates/common/icons/`,
//! or built in (see [`crate::library`]), by name, a game's own shadowing the common ones and
//! those the built-in ones.

use std::collections::BTreeMap;

use crate::error::{Error, Result};
use crate::project::Project;

/// An icon usable inline in text.
#[derive(Debug, Clone)]
pub struct Icon {
    pub view_box: String,
    pub body: String,
    /// Where it was loaded from: the kit credits each set its icons come from.
    pub origin: IconOrigin,
}

/// Where an icon comes from: the game's icons, the project's common icons or the built-in
/// set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IconOrigin {
    Game,
    Common,
    BuiltIn,
}

/// Whether `c` may be part of an icon's name, in card text and in the rules alike: an icon's
/// file may be named in any script (`münze.svg`, `コイン.svg`), with `-` and `_`.
pub fn icon_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '-' || c == '_'
}

/// Icons by name; a game's own icons shadow the common ones.
#[derive(Debug, Clone, Default)]
pub struct Icons {
    pub(super) map: BTreeMap<String, Icon>,
}

impl Icons {
    /// Loads the built-in icons, then `icons/*.svg` of the project's common templates, then
    /// of the game (each wins over the one before).
    pub fn load(project: &Project, game: &str) -> Result<Icons> {
        let mut map = BTreeMap::new();
        for (name, text) in crate::library::ICONS {
            let icon = parse_icon(text).expect("the built-in icons are valid SVG");
            map.insert((*name).to_owned(), icon);
        }
        let [game_dir, common_dir] = Project::icon_dirs(game);
        for (dir, origin) in [
            (common_dir, IconOrigin::Common),
            (game_dir, IconOrigin::Game),
        ] {
            for rel in project.files_under(&dir, ".svg")? {
                // Only the icons folder itself: subfolders are the designer's own business.
                if rel.parent() != Some(dir.as_path()) {
                    continue;
                }
                let name = rel
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned();
                let text = project.read_text(&rel)?;
                let icon = parse_icon(&text).map_err(|e| e.in_file(&rel))?;
                map.insert(name, Icon { origin, ..icon });
            }
        }
        Ok(Icons { map })
    }

    /// A digest of every icon (name and drawing): a face rendered with other icons is
    /// another face, for the render cache `watch` and `serve` keep.
    pub fn digest(&self) -> String {
        use sha2::Digest;
        let mut h = sha2::Sha256::new();
        for (name, icon) in &self.map {
            for part in [name, &icon.view_box, &icon.body] {
                h.update(part.len().to_le_bytes());
                h.update(part.as_bytes());
            }
        }
        crate::digest::hex(&h.finalize())
    }

    pub fn get(&self, name: &str) -> Option<&Icon> {
        self.map.get(name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> + Clone {
        self.map.keys().map(String::as_str)
    }
}

/// The root `viewBox` and inner markup of an icon file.
pub(super) fn parse_icon(text: &str) -> Result<Icon> {
    let doc = roxmltree::Document::parse(text)
        .map_err(|e| Error::new(format!("the icon is not valid SVG: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" {
        return Err(Error::new("the icon file's root element is not <svg>"));
    }
    let view_box = root
        .attribute("viewBox")
        .map(str::to_owned)
        .or_else(|| {
            let w = root.attribute("width")?;
            let h = root.attribute("height")?;
            Some(format!("0 0 {w} {h}"))
        })
        .ok_or_else(|| Error::new("the icon has no viewBox"))?;
    let mut children = root.children();
    let body = match (children.next(), root.last_child()) {
        (Some(first), Some(last)) => text[first.range().start..last.range().end].to_owned(),
        _ => String::new(),
    };
    Ok(Icon {
        view_box,
        body,
        origin: IconOrigin::BuiltIn,
    })
}
