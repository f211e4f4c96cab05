//! The files of the Typst world the rulebook and the kit are typeset in: rules images and
//! icons resolved from the game's project, a stand-in for each face pictured (drawn in its
//! place after Typst, `pdf::figures`), and texts found on a face for a figure's callouts.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::error::{Error, Result};
use crate::model::{ComponentKind, Game, TokenShape};
use crate::pdf::figures::{FacePages, faces_pdf, stand_in_png};
use crate::project::Project;
use crate::render::faces::{Faces, Side};
use crate::render::shaped::ParsedFace;
use crate::render::trees::FaceTrees;
use crate::rulebook::credits;
use crate::rulebook::figure::{self, FaceFile, FaceSource};
use crate::rulebook::markdown::Assets;
use crate::rulebook::typeset::{Laid, Typeset, TypesetCache};
use crate::text::fonts::Fonts;

/// The faces a document pictures (their indices among the build's faces), by the paths of
/// their stand-ins. A stand-in names its picture's place in this order, the paths' own: a
/// card added or removed elsewhere in the game moves no picture, and lays out no book again.
pub(super) type Pictured = BTreeMap<String, usize>;

/// The stand-in files of the faces a document pictures, for its Typst world.
pub(super) fn stand_ins(pictured: &Pictured) -> Result<Vec<(String, Vec<u8>)>> {
    let png = |place| stand_in_png(place).ok_or_else(|| Error::new("too many faces pictured"));
    let files = pictured.keys().enumerate();
    files
        .map(|(place, path)| Ok((path.clone(), png(place)?)))
        .collect()
}

/// The families of the fonts the faces of `pages` are drawn in, which the document they are
/// placed in credits.
pub(super) fn drawn_fonts(pages: &FacePages) -> BTreeSet<String> {
    match pages.faces.is_empty() {
        true => BTreeSet::new(),
        false => crate::rulebook::credits::fonts_of([pages.pdf.as_slice()]),
    }
}

/// " (did you mean `…`?)" naming the id among `ids` nearest to `wrong`, when one is near.
fn meant<'i>(wrong: &str, ids: impl IntoIterator<Item = &'i str>) -> String {
    crate::error::nearest(wrong, ids)
        .map_or_else(String::new, |m| format!(" (did you mean `{m}`?)"))
}

/// Resolves rules images, icons and figures into files of the Typst project.
pub(super) struct GameAssets<'a> {
    game: &'a Game,
    faces: &'a Faces,
    pub(super) files: Vec<(String, Vec<u8>)>,
    /// The game's fonts, for a figure that looks for a text on a face.
    fonts: &'a Fonts,
    /// The build's parsed faces, when it has them: a face parsed once serves both.
    trees: Option<&'a FaceTrees<'a>>,
    /// The faces pictured, by their stand-ins' paths.
    pub(super) pictured: Pictured,
    /// Each stand-in's face, its trim and its cut, by path: its pixels tell none of them.
    files_of_faces: Vec<FaceFile>,
}

impl<'a> GameAssets<'a> {
    pub(super) fn new(game: &'a Game, faces: &'a Faces, fonts: &'a Fonts) -> GameAssets<'a> {
        GameAssets {
            game,
            faces,
            files: Vec::new(),
            fonts,
            trees: None,
            pictured: Pictured::new(),
            files_of_faces: Vec::new(),
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
        let components = &self.game.components;
        let component = components
            .iter()
            .position(|c| c.spec.id == comp)
            .ok_or_else(|| {
                let ids = components.iter().map(|c| c.spec.id.as_str());
                format!("no component `{comp}` for `{spec}`{}", meant(comp, ids))
            })?;
        let cards = &components[component].cards;
        let card_index = cards.iter().position(|c| c.id == card).ok_or_else(|| {
            let ids = cards.iter().map(|c| c.id.as_str());
            let meant = meant(card, ids);
            format!("component `{comp}` has no card `{card}` for `{spec}`{meant}")
        })?;
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
            "faces/{comp}/{card}-{}.png",
            if side == Side::Back { "back" } else { "front" }
        );
        if !self.pictured.contains_key(&path) {
            let f = &self.faces.faces[face];
            let spec = &self.game.components[component].spec;
            self.files_of_faces.push(FaceFile {
                path: path.clone(),
                trim_mm: (f.size.width_mm, f.size.height_mm),
                bleed_mm: f.bleed,
                round: spec.kind == ComponentKind::Tokens
                    && spec.token_shape() == TokenShape::Circle,
            });
            self.pictured.insert(path.clone(), face);
        }
        Ok((face, path))
    }

    /// A document typeset crediting every font it embeds, with the faces `pictured` drawn to
    /// take their stand-ins' places. `lay` lays it out crediting the fonts it is given; `all`
    /// (with the kept faces' fonts) is the first guess at them when the cache remembers none
    /// under `key`, and `taken` the fonts of what it takes from other PDFs, always credited.
    /// Faces the build cache kept are credited at once, so a document that changed nothing is
    /// laid out once, as it was. Faces drawn now are drawn beside the layout, and should they
    /// bring a font of their own it is laid out once more, crediting it, most of that pass
    /// memoised.
    pub(super) fn typeset_with_faces<'c>(
        &self,
        pictured: &Pictured,
        (cache, key): (Option<&TypesetCache>, &str),
        (all, taken): (BTreeSet<String>, BTreeSet<String>),
        lay: impl Fn(&BTreeSet<String>) -> Result<Laid<'c>> + Sync,
    ) -> Result<(Typeset, FacePages)> {
        if let Some(faces) = self.kept_face_pages(pictured, cache) {
            let on_faces = drawn_fonts(&faces);
            let (taken, all) = (&taken | &on_faces, &all | &on_faces);
            let typeset = credits::typeset_crediting_remembered(cache, key, || all, &taken, &lay)?;
            return Ok((typeset, faces));
        }
        let (typeset, faces) = rayon::join(
            || credits::typeset_crediting_remembered(cache, key, || all.clone(), &taken, &lay),
            || self.face_pages(pictured, cache),
        );
        let (typeset, faces) = (typeset?, faces?);
        let taken = &taken | &drawn_fonts(&faces);
        let typeset = credits::credit_also(typeset, &taken, (cache, key), &lay)?;
        Ok((typeset, faces))
    }

    /// The faces `pictured` drawn one a page in their pictures' order, to take their
    /// stand-ins' places after Typst: as the build cache kept them, else drawn from the
    /// build's parsed faces (parsed here when it has let them go).
    pub(super) fn face_pages(
        &self,
        pictured: &Pictured,
        cache: Option<&TypesetCache>,
    ) -> Result<FacePages> {
        if let Some(pages) = self.kept_face_pages(pictured, cache) {
            return Ok(pages);
        }
        let trees = pictured
            .values()
            .map(|&i| self.tree(i).map(|tree| (i, tree)))
            .collect::<std::result::Result<Vec<_>, String>>()
            .map_err(|m| Error::new(m).game(&self.game.id))?;
        let faces = &self.faces.faces;
        let drawn: Vec<_> = trees.iter().map(|(i, t)| (*i, &faces[*i], &**t)).collect();
        let pages = faces_pdf(&drawn, faces).map_err(|e| e.game(&self.game.id))?;
        if let Some(cache) = cache {
            cache.keep_face_pages(&self.face_pages_key(pictured), &pages);
        }
        Ok(pages)
    }

    /// The faces `pictured` drawn one a page as an earlier build drew them, the same faces in
    /// the same fonts (whatever their numbers among the build's faces now), when the build
    /// cache kept them; no pages when nothing is pictured.
    pub(super) fn kept_face_pages(
        &self,
        pictured: &Pictured,
        cache: Option<&TypesetCache>,
    ) -> Option<FacePages> {
        if pictured.is_empty() {
            return Some(FacePages::default());
        }
        let mut pages = cache?.face_pages(&self.face_pages_key(pictured))?;
        if pages.faces.len() != pictured.len() {
            return None;
        }
        pages.faces = pictured.values().copied().collect();
        Some(pages)
    }

    /// What the drawings of `pictured` are made of: in the pictures' order, each face's
    /// content hash (covering the art it links), size and bleed; and the fonts.
    fn face_pages_key(&self, pictured: &Pictured) -> String {
        let mut h = Sha256::new();
        h.update(self.fonts.digest.as_bytes());
        for &i in pictured.values() {
            let face = &self.faces.faces[i];
            h.update(face.hash.as_bytes());
            for n in [face.size.width_mm, face.size.height_mm, face.bleed] {
                h.update(n.to_bits().to_le_bytes());
            }
        }
        crate::digest::hex(&h.finalize())
    }
}

impl FaceSource for GameAssets<'_> {
    fn face(&mut self, spec: &str) -> std::result::Result<FaceFile, String> {
        let (_, path) = GameAssets::face(self, spec)?;
        let file = self.files_of_faces.iter().find(|f| f.path == path);
        file.cloned()
            .ok_or_else(|| format!("internal: `{spec}` is pictured without its file"))
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

    fn picture(&self, path: &str, height_mm: f32) -> Option<String> {
        let face = self.files_of_faces.iter().find(|f| f.path == path)?;
        let width = height_mm * face.trim_mm.0 / face.trim_mm.1;
        Some(figure::trimmed_face(face, width, "0.4pt + luma(140)"))
    }
}
