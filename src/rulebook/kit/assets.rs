//! The files of the Typst world the rulebook and the kit are typeset in: rules images, icons
//! and the faces of figures, resolved from the game's project (art a face links to placed
//! beside it, SVG art drawn into it), and texts found on a face for a figure's callouts.

use std::path::Path;
use std::sync::Arc;

use crate::model::Game;
use crate::project::Project;
use crate::render::faces::{Faces, Side};
use crate::render::shaped::ParsedFace;
use crate::render::trees::FaceTrees;
use crate::rulebook::figure::{self, FaceFile, FaceSource};
use crate::rulebook::markdown::Assets;
use crate::text::fonts::Fonts;

/// Resolves rules images, icons and figures into files of the Typst project.
pub(super) struct GameAssets<'a> {
    game: &'a Game,
    faces: &'a Faces,
    pub(super) files: Vec<(String, Vec<u8>)>,
    /// The game's fonts, for a figure that looks for a text on a face.
    fonts: &'a Fonts,
    /// The build's parsed faces, when it has them: a face parsed once serves both.
    trees: Option<&'a FaceTrees<'a>>,
}

impl<'a> GameAssets<'a> {
    pub(super) fn new(game: &'a Game, faces: &'a Faces, fonts: &'a Fonts) -> GameAssets<'a> {
        GameAssets {
            game,
            faces,
            files: Vec::new(),
            fonts,
            trees: None,
        }
    }

    /// Looks for texts on the faces `trees` holds rather than parsing them again.
    pub(super) fn sharing(mut self, trees: Option<&'a FaceTrees<'a>>) -> GameAssets<'a> {
        self.trees = trees;
        self
    }

    /// The parsed tree of face `index`: the build's when it has it, else parsed here.
    fn tree(&self, index: usize) -> std::result::Result<Arc<ParsedFace>, String> {
        if let Some(tree) = self.trees.and_then(|t| t.shared(index)) {
            return Ok(tree);
        }
        let face = &self.faces.faces[index];
        let tree = crate::render::shaped::parse_face(
            &face.svg,
            self.fonts,
            &self.game.project,
            &self.game.template_dir(),
        )
        .map_err(|e| e.to_string())?;
        Ok(Arc::new(tree))
    }

    /// The face named `component/card[/front|back]`: its index in `faces` and its file path.
    pub(super) fn face(&mut self, spec: &str) -> std::result::Result<(usize, String), String> {
        let mut parts = spec.split('/');
        let (comp, card) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let side = match parts.next() {
            None | Some("front") => Side::Front,
            Some("back") => Side::Back,
            Some(other) => {
                return Err(format!(
                    "`{other}` is not a side (front or back) in `{spec}`"
                ));
            }
        };
        let component = self
            .game
            .components
            .iter()
            .position(|c| c.spec.id == comp)
            .ok_or_else(|| format!("no component `{comp}` for `{spec}`"))?;
        let card_index = self.game.components[component]
            .cards
            .iter()
            .position(|c| c.id == card)
            .ok_or_else(|| format!("component `{comp}` has no card `{card}` for `{spec}`"))?;
        let deck = &self.faces.decks[component];
        let copy = deck
            .copies
            .iter()
            .find(|c| c.card == card_index)
            .ok_or_else(|| format!("card `{card}` of `{comp}` is not printed (count 0)"))?;
        let face = match side {
            Side::Back => copy.back.ok_or_else(|| format!("`{spec}` has no back"))?,
            _ => copy.front,
        };
        let path = format!(
            "faces/{comp}/{card}-{}.svg",
            if side == Side::Back { "back" } else { "front" }
        );
        if !self.has(&path) {
            let svg = for_typesetter(&self.faces.faces[face].svg);
            let svg = self.add_linked_images(svg, &format!("faces/{comp}"))?;
            self.files.push((path.clone(), svg.into_bytes()));
        }
        Ok((face, path))
    }

    /// Whether the project already holds a file at `path`.
    pub(super) fn has(&self, path: &str) -> bool {
        self.files.iter().any(|(p, _)| p == path)
    }

    /// The images a face links to (art next to the templates), placed where the typesetter
    /// looks for them: beside the face's own file in `dir`. SVG art is written into the face
    /// itself (a `data:` link), the one way the typesetter takes an SVG inside an SVG.
    fn add_linked_images(&mut self, svg: String, dir: &str) -> std::result::Result<String, String> {
        let base = self.game.template_dir();
        let mut inlined = Vec::new();
        for href in crate::render::svg::linked_files(&svg) {
            let href = href.as_str();
            let source = crate::render::svg::sandboxed(&base, href)?;
            let Some(target) = virtual_join(dir, href) else {
                return Err(format!("image `{href}` leaves the project"));
            };
            if self.has(&target) || inlined.iter().any(|(h, _)| h == href) {
                continue;
            }
            // Read as the faces read it: an image too large to decode is refused from its
            // header here too, before the typesetter would decode it.
            let bytes = crate::render::svg::load_image(&self.game.project, &base, href)?;
            let art_dir = source.parent().unwrap_or(&base).to_path_buf();
            match svg_art(&bytes, self.fonts, self.game, &art_dir) {
                Some(art) => inlined.push((href.to_owned(), data_link(&art))),
                None => self.files.push((target, bytes)),
            }
        }
        Ok(inlined.into_iter().fold(svg, |svg, (href, data)| {
            svg.replace(&format!("href=\"{href}\""), &format!("href=\"{data}\""))
                .replace(&format!("href='{href}'"), &format!("href='{data}'"))
        }))
    }
}

impl FaceSource for GameAssets<'_> {
    fn face(&mut self, spec: &str) -> std::result::Result<FaceFile, String> {
        let (index, path) = GameAssets::face(self, spec)?;
        let face = &self.faces.faces[index];
        Ok(FaceFile {
            path,
            trim_mm: (face.size.width_mm, face.size.height_mm),
            bleed_mm: face.bleed,
        })
    }

    fn locate(&mut self, spec: &str, find: &str) -> std::result::Result<[f32; 4], String> {
        let (index, _) = GameAssets::face(self, spec)?;
        let face = &self.faces.faces[index];
        let tree = self.tree(index)?;
        let scale = (face.size.width_mm + 2.0 * face.bleed) / tree.tree.size().width();
        find_on_face(&tree, tree.tree.root(), find)
            .map(|b| b.map(|v| v * scale))
            .ok_or_else(|| format!("`{find}` is neither a text nor an element id on `{spec}`"))
    }

    fn text(&mut self, text: &str) -> std::result::Result<String, String> {
        crate::rulebook::markdown::with_icons(text, self)
    }
}

/// `dir/href` with `.` and `..` resolved, as the typesetter resolves a relative link; none
/// when it climbs above the root.
fn virtual_join(dir: &str, href: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in href.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// A face's SVG as the typesetter must read it. Typst knows the bundled condensed DejaVu by
/// its typographic family, "DejaVu Sans" (the only DejaVu Sans cut bundled), where templates
/// write "DejaVu Sans Condensed"; without this the face would fall back to the body font.
fn for_typesetter(svg: &str) -> String {
    svg.replace("DejaVu Sans Condensed", "DejaVu Sans")
}

/// SVG art as the typesetter must read it; none for a raster image. Its text is drawn as
/// outlines: the typesetter loses the fonts of an SVG inside an SVG. A gzipped `.svgz` goes
/// as it is.
fn svg_art(bytes: &[u8], fonts: &Fonts, game: &Game, base: &Path) -> Option<Vec<u8>> {
    if bytes.starts_with(&[0x1f, 0x8b]) {
        return Some(bytes.to_vec());
    }
    let text = std::str::from_utf8(bytes).ok()?;
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if !(start.starts_with('<') && text.contains("<svg")) {
        return None;
    }
    let outlined = crate::render::svg::parse(text, fonts, &game.project, base)
        .map(|tree| tree.to_string(&usvg::WriteOptions::default()));
    Some(
        outlined
            .unwrap_or_else(|_| for_typesetter(text))
            .into_bytes(),
    )
}

/// An SVG as a `data:` link.
fn data_link(svg: &[u8]) -> String {
    use base64::Engine;
    let encoded = base64::engine::general_purpose::STANDARD.encode(svg);
    format!("data:image/svg+xml;base64,{encoded}")
}

/// The centre (canvas units) of the first text containing `find`, or of the element whose id
/// is `find`.
fn find_on_face(face: &ParsedFace, group: &usvg::Group, find: &str) -> Option<[f32; 4]> {
    for node in group.children() {
        if let usvg::Node::Group(g) = node
            && let Some(text) = face.text_of(g)
        {
            if squeeze(&text.words()).contains(&squeeze(find))
                && let Some([x0, y0, x1, y1]) = text.ink_on_canvas()
            {
                return Some([x0, y0, x1 - x0, y1 - y0]);
            }
            continue;
        }
        let hit = match node {
            usvg::Node::Text(t) => {
                // A line may be several chunks (a `tspan` for each style): compare without spaces.
                let text: String = t.chunks().iter().map(|c| c.text()).collect();
                squeeze(&text).contains(&squeeze(find)) || node.id() == find
            }
            _ => !node.id().is_empty() && node.id() == find,
        };
        if hit {
            let b = node.abs_bounding_box();
            return Some([b.x(), b.y(), b.width(), b.height()]);
        }
        if let usvg::Node::Group(g) = node
            && let Some(p) = find_on_face(face, g, find)
        {
            return Some(p);
        }
    }
    None
}

fn squeeze(text: &str) -> String {
    // Bidi isolate marks (`text_box` puts them around right-to-left runs) are no text.
    let mark = |c: &char| ('\u{2066}'..='\u{2069}').contains(c);
    text.chars()
        .filter(|c| !c.is_whitespace() && !mark(c))
        .collect()
}

impl Assets for GameAssets<'_> {
    fn image(&mut self, dest: &str) -> std::result::Result<String, String> {
        if let Some(spec) = dest.strip_prefix("component:") {
            return GameAssets::face(self, spec).map(|(_, path)| path);
        }
        if dest.contains("://") {
            return Err(format!(
                "image `{dest}`: network images are not allowed; put the file next to rules.md"
            ));
        }
        let rel = Path::new(dest);
        if rel.is_absolute()
            || rel
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
        {
            return Err(format!(
                "image `{dest}` must be a path inside data/{}/",
                self.game.id
            ));
        }
        let file = Path::new("data").join(&self.game.id).join(rel);
        let bytes = self
            .game
            .project
            .read(&file)
            .map_err(|e| format!("image `{dest}`: {}", e.message))?;
        crate::render::svg::refuse_huge_image(dest, &bytes)?;
        let path = format!("images/{dest}");
        self.files.push((path.clone(), bytes));
        Ok(path)
    }

    fn icon(&mut self, name: &str) -> Option<String> {
        let project = &self.game.project;
        let found = Project::icon_dirs(&self.game.id)
            .map(|d| d.join(format!("{name}.svg")))
            .into_iter()
            .find(|p| project.is_file(p));
        let text = match found {
            Some(file) => project.read_text(&file).ok()?,
            None => crate::library::icon(name)?.to_owned(),
        };
        let path = format!("icons/{name}.svg");
        self.files.push((path.clone(), text.into_bytes()));
        Some(path)
    }

    fn icon_names(&mut self) -> Vec<String> {
        let project = &self.game.project;
        let mut names: Vec<String> = Project::icon_dirs(&self.game.id)
            .iter()
            .flat_map(|dir| project.files_under(dir, ".svg").unwrap_or_default())
            .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
            .chain(crate::library::ICONS.iter().map(|(n, _)| (*n).to_owned()))
            .collect();
        names.sort();
        names.dedup();
        names
    }

    fn figure(&mut self, yaml: &str) -> std::result::Result<String, String> {
        figure::to_typst(yaml, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn linked_images_land_where_the_typesetter_looks() {
        assert_eq!(
            virtual_join("faces/facility", "art.png").as_deref(),
            Some("faces/facility/art.png")
        );
        assert_eq!(
            virtual_join("faces/facility", "./img/../art/a.png").as_deref(),
            Some("faces/facility/art/a.png")
        );
        assert_eq!(
            virtual_join("faces/facility", "../../x.png").as_deref(),
            Some("x.png")
        );
        assert_eq!(virtual_join("faces/facility", "../../../x.png"), None);
    }
}
