//! The rulebook and the print-and-play kit, typeset with Typst.
//!
//! `rules.pdf` is the title page, a contents page when the rules are long enough to need one,
//! the game's rules and a page of their credits. `kit.pdf` is its own cover, then `rules.pdf`'s
//! pages between its cover and its credits (taken as they are, not typeset again), then a
//! printing guide, a components page (every component, its count and its pages in the kit, and
//! the parts to buy), the kit's credits (the only ones it prints: they cover the rulebook's
//! fonts and icons too), a duplex calibration sheet (front and back), and every sheet of the
//! build. Every page speaks to the player who prints, cuts and plays; what the designer must
//! do goes to the build's own output. The rulebook's and the sheets' pages are placed page by
//! page from their PDFs, so faces and fonts are stored once; page numbers in the guide and the
//! components table come from Typst itself (labels on the empty pages they fill).
//! The words of the pages the kit writes itself follow the kit's language (`words`).

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::path::Path;
use std::sync::Arc;

use crate::check::manifest::CheckReport;
use crate::error::Result;
use crate::layout::plan::{Role, Slot, plan, plan_single_sided};
use crate::model::Game;
use crate::model::print::{Duplex, Layout, Paper};
use crate::output::report::{ComponentReport, KitPages};
use crate::pdf::import::{Bookmark, PageFill, bookmarks, fill_pages};
use crate::project::Project;
use crate::render::faces::{Faces, Side};
use crate::render::rules::Rules;
use crate::render::trees::FaceTrees;
use crate::rulebook::credits;
use crate::rulebook::figure::{self, FaceFile, FaceSource, trimmed_face};
use crate::rulebook::markdown::{self, Assets, escape, string};
use crate::rulebook::typeset::{
    Laid, Origin, TypesetCache, TypstWorld, source_end, source_marker, typst_lang,
};
use crate::rulebook::words::{Words, cover_facts, words};
use crate::text::fonts::Fonts;

/// One page of a sheet PDF, as the kit places it.
#[derive(Debug, Clone)]
pub struct SheetPage {
    pub file: String,
    /// 1-based page within `file`.
    pub page: usize,
    pub width_mm: f32,
    pub height_mm: f32,
    /// Its role in a duplex job.
    pub role: Role,
}

/// Everything the kit is made from.
pub struct KitInput<'a> {
    pub game: &'a Game,
    /// The typeset rulebook, whose pages (all but its cover) open the kit.
    pub rules: Option<&'a RulesBook>,
    pub faces: &'a Faces,
    pub fonts: &'a Fonts,
    pub components: &'a [ComponentReport],
    pub check: Option<&'a CheckReport>,
    /// The sheet PDFs by file name.
    pub sheet_pdfs: &'a [(String, Vec<u8>)],
    /// Every sheet page with its size, per component id, in kit order.
    pub sheet_pages: &'a [(String, Vec<SheetPage>)],
    pub date: (i32, u8, u8),
    pub cache: Option<&'a TypesetCache>,
}

/// What the rulebook alone is made from: it needs no sheet, so it is typeset while the sheets
/// are drawn.
#[derive(Clone, Copy)]
pub struct RulesInput<'a> {
    pub game: &'a Game,
    pub rules: &'a Rules,
    pub faces: &'a Faces,
    pub fonts: &'a Fonts,
    /// The faces the sheets parse, shared with a figure that looks for a text on a face.
    pub trees: Option<&'a FaceTrees<'a>>,
    pub date: (i32, u8, u8),
    pub cache: Option<&'a TypesetCache>,
}

/// `rules.pdf`, its page count, the fonts it embeds (and credits) and its outline, which the
/// kit takes over with its pages.
pub struct RulesBook {
    pub pdf: Vec<u8>,
    pub pages: usize,
    /// The pages its cover takes (one, unless the game's own cover takes more), which the kit
    /// replaces with its own cover.
    pub cover_pages: usize,
    pub fonts: std::collections::BTreeSet<String>,
    /// The icons its text and figures draw, which it credits.
    pub icons: std::collections::BTreeSet<String>,
    /// The pages its credits take at its end, which the kit leaves out: it credits everything
    /// it holds, the rulebook's fonts and icons included, once.
    pub credits_pages: usize,
    pub bookmarks: Vec<Bookmark>,
}

/// Resolves rules images, icons and figures into files of the Typst project.
struct GameAssets<'a> {
    game: &'a Game,
    faces: &'a Faces,
    files: Vec<(String, Vec<u8>)>,
    /// The game's fonts, for a figure that looks for a text on a face.
    fonts: &'a Fonts,
    /// The build's parsed faces, when it has them: a face parsed once serves both.
    trees: Option<&'a FaceTrees<'a>>,
}

impl<'a> GameAssets<'a> {
    fn new(game: &'a Game, faces: &'a Faces, fonts: &'a Fonts) -> GameAssets<'a> {
        GameAssets {
            game,
            faces,
            files: Vec::new(),
            fonts,
            trees: None,
        }
    }

    /// Looks for texts on the faces `trees` holds rather than parsing them again.
    fn sharing(mut self, trees: Option<&'a FaceTrees<'a>>) -> GameAssets<'a> {
        self.trees = trees;
        self
    }

    /// The parsed tree of face `index`: the build's when it has it, else parsed here.
    fn tree(&self, index: usize) -> std::result::Result<Arc<usvg::Tree>, String> {
        if let Some(tree) = self.trees.and_then(|t| t.shared(index)) {
            return Ok(tree);
        }
        let face = &self.faces.faces[index];
        let tree = crate::render::svg::parse(
            &face.svg,
            self.fonts,
            &self.game.project,
            &self.game.template_dir(),
        )
        .map_err(|e| e.to_string())?;
        Ok(Arc::new(tree))
    }

    /// The face named `component/card[/front|back]`: its index in `faces` and its file path.
    fn face(&mut self, spec: &str) -> std::result::Result<(usize, String), String> {
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
    fn has(&self, path: &str) -> bool {
        self.files.iter().any(|(p, _)| p == path)
    }

    /// The images a face links to (art next to the templates), placed where the typesetter
    /// looks for them: beside the face's own file in `dir`. SVG art is written into the face
    /// itself (a `data:` link), the one way the typesetter takes an SVG inside an SVG.
    fn add_linked_images(&mut self, svg: String, dir: &str) -> std::result::Result<String, String> {
        let base = self.game.template_dir();
        let mut inlined = Vec::new();
        for href in crate::render::svg::linked_files(&svg) {
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
        let scale = (face.size.width_mm + 2.0 * face.bleed) / tree.size().width();
        find_on_face(tree.root(), find)
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
fn find_on_face(group: &usvg::Group, find: &str) -> Option<[f32; 4]> {
    for node in group.children() {
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
            && let Some(p) = find_on_face(g, find)
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
            .find(|p| project.is_file(p))?;
        let text = project.read_text(&found).ok()?;
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
            .collect();
        names.sort();
        names.dedup();
        names
    }

    fn figure(&mut self, yaml: &str) -> std::result::Result<String, String> {
        figure::to_typst(yaml, self)
    }
}

/// The kit's own words, in the kit's language.
fn kit_words(input: &KitInput) -> &'static Words {
    words(&input.game.file.language)
}

/// The Typst page size of `paper`: `paper: "a4"`, or a width and height.
fn paper_size(paper: Paper) -> String {
    let name = match paper {
        Paper::A4 => "a4",
        Paper::A3 => "a3",
        Paper::A5 => "a5",
        Paper::Letter => "us-letter",
        Paper::Legal => "us-legal",
        Paper::Tabloid => "us-tabloid",
        Paper::Custom { .. } => {
            let (w, h) = paper.size_mm();
            return format!("width: {w}mm, height: {h}mm");
        }
    };
    format!("paper: \"{name}\"")
}

/// The facts a box prints on its cover, as a Typst dictionary for `protopress-cover`.
fn cover_info(game: &Game, what: &str) -> String {
    let f = &game.file;
    let opt = |v: Option<String>| v.map_or_else(|| "none".to_owned(), |v| string(&v));
    let [players, minutes, ages] = cover_facts(&f.language);
    format!(
        "(name: {name}, subtitle: {sub}, players: {players}, time: {time}, age: {age}, what: {what}, revision: {rev}, edition: {edition})",
        name = string(&f.name),
        sub = opt(f.subtitle.clone()),
        players = opt(f.players.map(|p| players.replace("{}", &p.text()))),
        time = opt(f.play_time.map(|t| minutes.replace("{}", &t.text()))),
        age = opt(f.age.map(|a| ages.replace("{}", &a.to_string()))),
        what = string(what),
        rev = string(&f.revision),
        edition = string(&words(&f.language).edition(what, &f.revision)),
    )
}

/// The relative luminance (0 black to 1 white, as WCAG reckons contrast) of `#rgb` or
/// `#rrggbb`; none for anything else.
fn luminance(colour: &str) -> Option<f32> {
    let hex = colour.trim().strip_prefix('#')?;
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |s: &str| u8::from_str_radix(s, 16).ok().map(f32::from);
    let (r, g, b) = match hex.len() {
        3 => {
            let c = |i: usize| channel(&hex[i..=i]).map(|v| v * 17.0);
            (c(0)?, c(1)?, c(2)?)
        }
        6 => (
            channel(&hex[0..2])?,
            channel(&hex[2..4])?,
            channel(&hex[4..6])?,
        ),
        _ => return None,
    };
    let linear = |v: f32| {
        let v = v / 255.0;
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    Some(0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b))
}

/// Whether two colours stand apart enough to tell at a glance (a contrast ratio of 2.5).
fn apart(a: &str, b: &str) -> bool {
    match (luminance(a), luminance(b)) {
        (Some(a), Some(b)) => (a.max(b) + 0.05) / (a.min(b) + 0.05) >= 2.5,
        _ => false,
    }
}

/// The colours of protopress's own cover, from the game's `data:`: `ink` as the ground,
/// `paper` for the words, and `accent` (else the first other colour by name) for the
/// details, when it stands out from the ground. A game without them gets a dark ground and
/// light words; words that would not show on the ground are light.
fn cover_colours(game: &Game) -> (String, String, String) {
    let hex = |key: &str| {
        let value = game.file.data.get(key)?.as_str()?.trim().to_owned();
        luminance(&value).map(|_| value)
    };
    let ground = hex("ink").unwrap_or_else(|| "#22252b".to_owned());
    let words = hex("paper")
        .filter(|w| apart(w, &ground))
        .unwrap_or_else(|| "#f4f1ea".to_owned());
    let accent = std::iter::once("accent")
        .chain(
            game.file
                .data
                .keys()
                .map(String::as_str)
                .filter(|k| !matches!(*k, "ink" | "paper" | "accent")),
        )
        .filter_map(hex)
        .find(|a| apart(a, &ground));
    let rgb = |c: &str| format!("rgb(\"{c}\")");
    let accent = accent.map_or_else(
        || format!("{}.transparentize(45%)", rgb(&words)),
        |a| rgb(&a),
    );
    (rgb(&ground), rgb(&words), accent)
}

/// The pieces protopress's own cover shows: the back of the first component with backs and two
/// of its fronts, fanned out, as Typst (none when nothing prints a face).
fn cover_art(game: &Game, faces: &Faces, assets: &mut GameAssets) -> Option<String> {
    let edge = format!("0.5pt + {}.transparentize(55%)", cover_colours(game).1);
    let (index, deck) = game
        .components
        .iter()
        .enumerate()
        .filter(|(_, c)| c.printed())
        .find_map(|(i, _)| {
            let deck = faces.decks.iter().find(|d| d.component == i)?;
            deck.copies.first()?.back.map(|_| (i, deck))
        })
        .or_else(|| {
            faces
                .decks
                .iter()
                .find(|d| !d.copies.is_empty())
                .map(|d| (d.component, d))
        })?;
    let component = &game.components[index];
    // The first three different cards (a deck of 50,000 copies is not walked further).
    let mut cards: Vec<usize> = Vec::new();
    for copy in &deck.copies {
        if !cards.contains(&copy.card) {
            cards.push(copy.card);
            if cards.len() == 3 {
                break;
            }
        }
    }
    let first = deck.copies.first()?;
    let face = &faces.faces[first.front];
    let (tw, th) = (face.size.width_mm, face.size.height_mm);
    // At most 60 mm wide and 88 mm tall: three fit side by side on any paper.
    let width = (60.0f32).min(88.0 * tw / th);
    let mut shown: Vec<String> = Vec::new();
    let card_id = |n: usize| component.cards.get(n).map(|c| c.id.clone());
    let id = &component.spec.id;
    if first.back.is_some() {
        shown.push(format!("{id}/{}/back", card_id(first.card)?));
    }
    for &card in cards.iter().take(3 - shown.len()) {
        shown.push(format!("{id}/{}", card_id(card)?));
    }
    let n = shown.len() as f32;
    let mut art = format!(
        "block(width: 100%, height: {h}mm, {{\n",
        h = width * th / tw + 20.0
    );
    for (i, spec) in shown.iter().enumerate() {
        let (_, path) = GameAssets::face(assets, spec).ok()?;
        let at = i as f32 - (n - 1.0) / 2.0;
        let picture = trimmed_face(&path, (tw, th), face.bleed, width, &edge);
        art.push_str(&format!(
            "  place(center + horizon, dx: {dx}mm, dy: {dy}mm, rotate({r}deg, reflow: false, {picture}))\n",
            dx = at * width * 0.78,
            dy = at.abs() * 5.0,
            r = at * 9.0,
        ));
    }
    art.push_str("})");
    Some(art)
}

/// The default style and cover, the game's own style (`rules.typ`, whose `set`, `show` and
/// `let` rules win), and the cover page. protopress's cover is the game's: its colours and a
/// fan of its pieces (`art`), its name, facts and revision; no build date, which says nothing
/// to a player.
fn front_matter(game: &Game, with_kit: bool, style: &str, art: Option<&str>) -> String {
    let w = words(&game.file.language);
    let f = &game.file;
    let name = string(&f.name);
    let what = if with_kit { w.kit } else { w.rulebook };
    let colours = cover_colours(game);
    format!(
        r##"#set document(title: {title}, author: {name}, keywords: ("rules", "print and play", "protopress"))
#set page({paper}, margin: (x: 2.2cm, top: 2.5cm, bottom: 2.2cm),
  header: context {{
    if here().page() > 1 {{
      set text(size: 8pt, fill: luma(90), font: "Noto Sans")
      [#{name} #h(1fr) {edition}]
      v(-6pt)
      line(length: 100%, stroke: 0.4pt + luma(170))
    }}
  }},
  footer: context {{
    if here().page() > 1 {{
      set align(center)
      set text(size: 8pt, font: "Noto Sans")
      counter(page).display("1")
    }}
  }})
#set text(font: ("Libertinus Serif", "Noto Emoji"), size: 10.5pt, lang: {lang}, hyphenate: true)
#set par(justify: true, leading: 0.62em, spacing: 1.05em)
#set columns(gutter: 8mm)
#show heading: set text(font: ("Noto Sans", "Noto Emoji"), weight: "bold", hyphenate: false)
#show heading: set par(justify: false)
#show heading: set block(sticky: true)
#show heading.where(level: 1): set text(size: 16pt)
#show heading.where(level: 1): set block(above: 1.4em, below: 0.8em)
#show heading.where(level: 2): set text(size: 12.5pt)
#show heading.where(level: 3): set text(size: 11pt)
#show heading.where(level: 4): set text(size: 10.5pt)
#show heading: it => if it.level > 4 {{ text(size: 10.5pt, style: "italic", it) }} else {{ it }}
#set table(stroke: 0.5pt + luma(175), inset: (x: 5pt, y: 4pt), fill: (_, y) => if y == 0 {{ luma(228) }})
#show table.cell.where(y: 0): strong
#show table: set par(justify: false)
#show figure: set block(breakable: false)
#show figure.caption: set text(size: 8.5pt, style: "italic")
#show link: set text(fill: rgb("#1d4f91"))
#set list(indent: 0.5em, spacing: 0.7em)
#set enum(indent: 0.5em, spacing: 0.7em)
#show raw: set text(font: "DejaVu Sans Mono", size: 0.88em)
#show quote.where(block: true): it => block(inset: (left: 1em, y: 0.3em), stroke: (left: 2pt + luma(150)), emph(it.body))
// Columns of the rules pages: two keep a line between 45 and 75 characters.
#let rulebook-columns = 2
// The cover: a rules.typ may define its own `protopress-cover(info)` with the same fields.
#let protopress-facts(info, sep: [ #h(0.6em)·#h(0.6em) ]) = {{
  let facts = ()
  for key in ("players", "time", "age") {{
    if info.at(key) != none {{ facts.push(info.at(key)) }}
  }}
  facts.join(sep)
}}
#let protopress-cover(info) = page(header: none, footer: none, columns: 1, margin: 0mm, fill: {ground})[
  #set text(fill: {words}, font: "Noto Sans", hyphenate: false)
  #set par(justify: false)
  #place(top + left, rect(width: 100%, height: 7mm, fill: {accent}))
  #place(top + left, dx: 22mm, dy: 34mm, block(width: 100% - 44mm)[
    #text(weight: "bold", size: 36pt, info.name)
    #if info.subtitle != none [#v(0.3cm) #text(size: 15pt, style: "italic", info.subtitle)]
    #v(0.9cm)
    #if protopress-facts(info) != none [#block(stroke: 1.2pt + {accent}, inset: (x: 10pt, y: 7pt), radius: 2pt, text(size: 12pt, weight: "bold", protopress-facts(info)))]
  ])
  #place(horizon + left, dy: 22mm, {art})
  #place(bottom + left, dx: 22mm, dy: -16mm, text(size: 11pt)[#info.edition])
  #place(bottom + right, dx: -22mm, dy: -16mm, text(size: 8pt, fill: {words}.transparentize(35%))[{made_with}])
  #place(bottom + left, rect(width: 100%, height: 7mm, fill: {accent}))
]
{style}
#protopress-cover({info})
"##,
        title = string(&format!("{}: {}", f.name, what)),
        paper = paper_size(f.print.paper),
        edition = w.edition(what, &escape(&f.revision)),
        made_with = w.made_with,
        ground = colours.0,
        words = colours.1,
        accent = colours.2,
        art = art.unwrap_or("none"),
        lang = typst_lang(&f.language),
        info = cover_info(game, what),
    )
}

/// Whether protopress draws the cover: the game's style defines none of its own.
fn own_cover(style: &str) -> bool {
    !style.contains("protopress-cover(")
}

/// A game's own style, `data/<game>/rules.typ`.
fn game_style(game: &Game) -> Result<String> {
    let rel = Path::new("data").join(&game.id).join("rules.typ");
    let style = game.project.read_optional_text(&rel)?;
    // Marked, so an error in it points at rules.typ's own line.
    Ok(style.map_or_else(String::new, |s| {
        let start = source_marker(&rel, 1, Origin::Lines);
        format!("{start}{s}{}", source_end())
    }))
}

/// A rulebook needs a contents page when its rules take more pages than this…
pub const CONTENTS_AFTER_PAGES: usize = 4;
/// …or have at least this many headings of the first two levels to find.
pub const CONTENTS_FROM_HEADINGS: usize = 20;

/// The contents page, listing the headings to depth 2, when the rulebook is long enough to
/// need one (see [`CONTENTS_AFTER_PAGES`]): a short one reads as well without. Typst decides
/// from the rules' first and last pages, which a contents page moves alike, and the number of
/// headings, so the choice never undoes itself.
fn contents(game: &Game) -> String {
    let w = words(&game.file.language);
    format!(
        "\n#context {{ let pages = locate(<{RULES_END_MARK}>).page() - locate(<{RULES_START_MARK}>).page() + 1; let headings = query(heading.where(outlined: true)).filter(h => h.level <= 2).len(); if pages > {CONTENTS_AFTER_PAGES} or headings >= {CONTENTS_FROM_HEADINGS} {{ outline(title: [{}], depth: 2) }} }}\n",
        w.contents
    )
}

/// The Typst file of the rulebook's credits, included at the end of the rules.
const RULES_CREDITS_FILE: &str = "/protopress-credits.typ";

/// The rules in the game's columns, then the credits on a page of their own (which the kit
/// leaves out for its own); ends back in one column on plain paper.
fn rules_body(rules: &RulesMarkup, assets: &mut GameAssets) -> String {
    let mut s = format!(
        "\n#pagebreak(weak: true)\n#set page(columns: rulebook-columns)\n#metadata(none) <{RULES_START_MARK}>\n"
    );
    s.push_str(&rules.typst);
    for (path, bytes) in &rules.files {
        if !assets.has(path) {
            assets.files.push((path.clone(), bytes.clone()));
        }
    }
    s.push_str(&format!("\n#metadata(none) <{RULES_END_MARK}>\n"));
    // The credits change between passes; in a file of their own, the rest stays as Typst
    // laid it out before. They keep the rules' columns, and their measure.
    s.push_str(&format!(
        "\n#pagebreak(weak: true)\n#metadata(none) <{CREDITS_MARK}>\n#include \"{RULES_CREDITS_FILE}\"\n"
    ));
    // What follows the rules is on plain paper, in one column (a tinted rulebook page must
    // not tint the margins of the card sheets).
    s.push_str("\n#set page(columns: 1, fill: none)\n");
    s
}

/// The credits, under the heading `label`: every font given, and the icon sets of the icons
/// `drawn`. The rulebook's credits are in its contents only as a bookmark (`outlined`): the
/// kit, which holds its contents page, leaves them out.
fn credits_block(
    game: &Game,
    fonts: &std::collections::BTreeSet<String>,
    drawn: &std::collections::BTreeSet<String>,
    label: &str,
    outlined: bool,
) -> Result<String> {
    let icons = credits::icon_credits(game, drawn)?;
    let w = words(&game.file.language);
    Ok(credits::markup(fonts, &icons, &w.credits, label, outlined))
}

/// The rules' Markdown as Typst, with the files it refers to (images, icons, the faces of
/// figures): converted once, then set in each pass of the rulebook.
struct RulesMarkup {
    typst: String,
    files: Vec<(String, Vec<u8>)>,
    /// The icons its text and the faces of its figures draw.
    icons: std::collections::BTreeSet<String>,
}

impl RulesMarkup {
    /// A kit whose rules fall back to another language's text hyphenates and quotes that text
    /// in its own language, and the rest of the kit in the kit's.
    fn new(input: &RulesInput) -> Result<RulesMarkup> {
        let (game, rules) = (input.game, input.rules);
        let mut assets = GameAssets::new(game, input.faces, input.fonts).sharing(input.trees);
        let markup = markdown::to_typst(&rules.markdown, &rules.file, &mut assets)
            .map_err(|e| e.game(&game.id))?;
        let (text_lang, kit_lang) = (game.rules_language(), &game.file.language);
        let typst = if text_lang == kit_lang {
            markup
        } else {
            format!(
                "\n#set text(lang: {})\n{markup}\n#set text(lang: {})\n",
                typst_lang(text_lang),
                typst_lang(kit_lang)
            )
        };
        // Icons in the text are files of their own; those on a figure's face are in its SVG.
        let mut icons = credits::icons_drawn(
            game,
            assets
                .files
                .iter()
                .filter(|(path, _)| path.starts_with("faces/") && path.ends_with(".svg"))
                .filter_map(|(_, bytes)| std::str::from_utf8(bytes).ok()),
        )?;
        icons.extend(assets.files.iter().filter_map(|(path, _)| {
            let name = path.strip_prefix("icons/")?.strip_suffix(".svg")?;
            Some(name.to_owned())
        }));
        Ok(RulesMarkup {
            typst,
            files: assets.files,
            icons,
        })
    }
}

/// The rulebook alone, crediting every font it embeds: laid out once crediting none (or, in
/// watch and serve, the fonts of the last build) to find them, then with the credits (and
/// again should the credits bring a font of their own).
pub fn rules_pdf(input: &RulesInput) -> Result<RulesBook> {
    let style = game_style(input.game)?;
    let rules = RulesMarkup::new(input)?;
    // Within one process (watch, serve), the fonts credited last time are the first guess.
    let ident = format!("{}-rules", input.game.id);
    let guess_key = format!("{ident} {}", input.game.file.language);
    let guess = input.cache.and_then(|c| c.credited(&guess_key));
    let none = Default::default();
    let typeset = credits::typeset_crediting_fonts(guess.unwrap_or_default(), &none, |fonts| {
        rules_typeset(input, &rules, &style, fonts, &ident)
    })?;
    if let Some(cache) = input.cache {
        cache.remember_credited(&guess_key, &typeset.fonts);
    }
    let bookmarks = bookmarks(&typeset.pdf).map_err(|e| e.game(&input.game.id))?;
    // The contents page follows the cover.
    let cover_pages = typeset.marks.get(CONTENTS_MARK).map_or(1, |p| p - 1);
    let credits_pages = typeset
        .marks
        .get(CREDITS_MARK)
        .map_or(0, |p| typeset.pages + 1 - p);
    Ok(RulesBook {
        pdf: typeset.pdf,
        pages: typeset.pages,
        cover_pages: cover_pages.max(1),
        fonts: typeset.fonts,
        icons: rules.icons,
        credits_pages,
        bookmarks,
    })
}

fn rules_typeset<'c>(
    input: &RulesInput<'c>,
    rules: &RulesMarkup,
    style: &str,
    fonts: &std::collections::BTreeSet<String>,
    ident: &str,
) -> Result<Laid<'c>> {
    let mut assets = GameAssets::new(input.game, input.faces, input.fonts);
    let art = own_cover(style).then(|| cover_art(input.game, input.faces, &mut assets));
    let mut markup = front_matter(input.game, false, style, art.flatten().as_deref());
    // After the cover's last page, even one that does not end with a page break.
    markup.push_str(&format!(
        "\n#pagebreak(weak: true)\n#metadata(none) <{CONTENTS_MARK}>"
    ));
    markup.push_str(&contents(input.game));
    markup.push_str(&rules_body(rules, &mut assets));
    let mut project = TypstWorld::new(markup, input.date);
    project.add_include(
        RULES_CREDITS_FILE,
        credits_block(input.game, fonts, &rules.icons, "rules-credits", false)?,
    );
    for (path, bytes) in assets.files {
        project.add_file(&path, bytes);
    }
    project
        .lay_out(ident, input.cache)
        .map_err(|e| match e.file {
            Some(_) => e.game(&input.game.id),
            None => e.game(&input.game.id).in_file(&input.rules.file),
        })
}

/// Labels whose pages the typeset document reports: the rulebook's contents page, the kit's
/// first rulebook page and its printing guide. A heading's label is a slug, which never has a
/// colon, so these cannot be taken by the rules.
const CONTENTS_MARK: &str = "protopress:contents";
const RULES_MARK: &str = "protopress:rules";
const GUIDE_MARK: &str = "protopress:guide";
/// The first and last page of the rules' text in the rulebook, and its credits page.
const RULES_START_MARK: &str = "protopress:rules-start";
const RULES_END_MARK: &str = "protopress:rules-end";
const CREDITS_MARK: &str = "protopress:credits";

/// How the kit's pages divide.
#[derive(Debug, Clone, Copy)]
pub struct KitCount {
    pub total: usize,
    /// The cover, contents or rulebook pages and their credits, before the printing guide.
    pub front_and_rules: usize,
    /// The calibration sheet (none in a single-sided job) and every sheet page with its
    /// blank backs.
    pub sheet_slots: usize,
    pub calibration: usize,
}

impl KitCount {
    /// The kit's parts; the components pages are what the others leave.
    pub fn pages(self) -> KitPages {
        let calibration = self.calibration;
        let front = self.front_and_rules;
        KitPages {
            front_and_rules: front,
            components: self.total.saturating_sub(front + self.sheet_slots),
            calibration,
            sheets: self.sheet_slots - calibration,
            total: self.total,
        }
    }
}

/// The fonts the kit's own pages name: page headers and cover facts in Noto Sans, file names
/// in the printing guide in DejaVu Sans Mono, and, without a rulebook to bring its own, Typst's
/// default body font.
fn own_page_fonts(has_rules: bool) -> impl Iterator<Item = String> {
    let body = (!has_rules).then_some("Libertinus Serif");
    ["Noto Sans", "DejaVu Sans Mono"]
        .into_iter()
        .chain(body)
        .map(str::to_owned)
}

/// The whole kit: its cover, the rulebook's pages, the printing guide, the components page and
/// credits, calibration, sheets. The rulebook is not typeset again: the kit holds an empty page
/// for each of its pages, with its bookmarks, and takes `rules.pdf`'s own pages after Typst,
/// as it does the sheets'. Its credits name every font it embeds: those Typst sets on its own
/// pages, guessed from its own pages' fonts, and the rulebook's and sheets' it takes as they are.
pub fn kit_pdf(input: &KitInput) -> Result<(Vec<u8>, KitCount)> {
    let game = input.game;
    let mut taken = credits::fonts_of(input.sheet_pdfs.iter().map(|(_, b)| b.as_slice()));
    if let Some(book) = input.rules {
        taken.extend(book.fonts.iter().cloned());
    }
    let mut fonts = taken.clone();
    fonts.extend(own_page_fonts(input.rules.is_some()));
    // The icons the kit draws: on its faces, and in the rulebook's text.
    let mut drawn = credits::icons_drawn(game, input.faces.faces.iter().map(|f| f.svg.as_str()))?;
    if let Some(book) = input.rules {
        drawn.extend(book.icons.iter().cloned());
    }
    let style = game_style(game)?;
    let mut sheets = 0;
    let mut fills = Vec::new();
    let typeset = credits::typeset_crediting_fonts(fonts, &taken, |fonts| {
        let mut assets = GameAssets::new(game, input.faces, input.fonts);
        let art = own_cover(&style).then(|| cover_art(game, input.faces, &mut assets));
        let mut markup = front_matter(game, true, &style, art.flatten().as_deref());
        let (rules_markup, rules_fills) = rules_pages(input);
        markup.push_str(&rules_markup);
        markup.push_str("\n#set page(columns: 1, fill: none)\n");
        markup.push_str(&guide_page(input));
        markup.push_str(&components_page(input, &mut assets));
        markup.push_str(&credits_block(game, fonts, &drawn, "kit-credits", true)?);
        markup.push_str("\n#metadata(none) <kit-components-end>\n");
        if !game.file.print.single_sided() {
            // The printed sheets start on an odd page: pad the plain part to whole sheets.
            markup.push_str(&format!(
                "#context if calc.odd(locate(<kit-components-end>).page()) {{ pagebreak(); {} }}\n",
                blank(kit_words(input))
            ));
        }
        let (sheets_markup, sheet_count, sheet_fills) = sheet_pages(input);
        (sheets, fills) = (sheet_count, [rules_fills, sheet_fills].concat());
        markup.push_str(&sheets_markup);
        // The kit's pages are mostly other PDFs' pages: untagged, it claims no structure
        // that would not fit them.
        let mut project = TypstWorld::new(markup, input.date).untagged();
        for (path, bytes) in assets.files {
            project.add_file(&path, bytes);
        }
        project
            .lay_out(&format!("{}-kit", game.id), input.cache)
            .map_err(|e| e.game(&game.id))
    })?;
    // The rulebook's pages follow the kit's cover, however long; the sheet pages are the last
    // `sheets` pages. Fill them with the rulebook's and sheets' own pages.
    let total = typeset.pages;
    let (rules_start, sheets_start) = (typeset.marks.get(RULES_MARK), total - sheets);
    for f in &mut fills {
        f.target += match f.file == RULES {
            true => rules_start.map_or(0, |p| p - 1),
            false => sheets_start,
        };
    }
    let mut sources: Vec<(&str, &[u8])> = input
        .sheet_pdfs
        .iter()
        .map(|(name, b)| (name.as_str(), b.as_slice()))
        .collect();
    if let Some(book) = input.rules {
        sources.push((RULES, &book.pdf));
    }
    let bytes = fill_pages(&typeset.pdf, &sources, &fills).map_err(|e| e.game(&game.id))?;
    let guide = typeset.marks.get(GUIDE_MARK).copied();
    Ok((
        bytes,
        KitCount {
            total,
            front_and_rules: guide.map_or(0, |p| p - 1),
            sheet_slots: sheets,
            calibration: if game.file.print.single_sided() { 0 } else { 2 },
        },
    ))
}

/// The name the rulebook's pages are filled from.
const RULES: &str = "rules.pdf";

/// After the kit's cover, an empty page for each page of the rulebook but its cover, carrying
/// the rulebook's bookmarks; or, without a rulebook, a contents page. The fills' targets count
/// from the first of these pages.
fn rules_pages(input: &KitInput) -> (String, Vec<PageFill>) {
    // Without a rulebook, the printing guide is the kit's contents.
    let Some(book) = input.rules else {
        return (String::new(), Vec::new());
    };
    let (w, h) = input.game.file.print.paper.size_mm();
    let mut s = String::new();
    let mut fills = Vec::new();
    let cover = book.cover_pages;
    // The rulebook's credits stay out: the kit's own credit all it holds, theirs included.
    for page in cover..book.pages - book.credits_pages {
        let mut marks = match page == cover {
            true => format!("#metadata(none) <{RULES_MARK}>"),
            false => String::new(),
        };
        let headings = book
            .bookmarks
            .iter()
            // A bookmark to the rulebook's cover goes with its first page after it.
            .filter(|b| b.page.max(cover) == page)
            .map(|b| {
                format!(
                    "#place(hide(heading(level: {}, numbering: none, outlined: true)[{}]))",
                    b.level,
                    escape(&b.title)
                )
            });
        marks.extend(headings);
        s.push_str(&format!(
            "#page(width: {w}mm, height: {h}mm, margin: 0mm, header: none, footer: none, columns: 1, fill: none)[{marks}]\n"
        ));
        fills.push(PageFill {
            target: page - cover,
            file: RULES.to_owned(),
            page: page + 1,
        });
    }
    (s, fills)
}

/// What an intentionally blank page says.
fn blank(w: &Words) -> String {
    format!(
        "align(center + horizon, text(size: 9pt, fill: luma(120))[{}])",
        w.blank
    )
}

fn label(id: &str, which: &str) -> String {
    format!("sheet-{id}-{which}")
}

/// A tick box to mark a piece as counted.
const TICK: &str = "box(width: 3.6mm, height: 3.6mm, stroke: 0.7pt + luma(40), radius: 0.5mm)";

/// A picture of one piece of a component (its first printed front, trimmed), at most
/// `max_w` × `max_h` mm; none for a component that prints nothing.
fn piece_picture(
    input: &KitInput,
    assets: &mut GameAssets,
    id: &str,
    (max_w, max_h): (f32, f32),
) -> Option<String> {
    let index = input.game.components.iter().position(|c| c.spec.id == id)?;
    let deck = input.faces.decks.iter().find(|d| d.component == index)?;
    let copy = deck.copies.first()?;
    let face = &input.faces.faces[copy.front];
    let card = &input.game.components[index].cards.get(copy.card)?.id;
    let (_, path) = GameAssets::face(assets, &format!("{id}/{card}")).ok()?;
    let (tw, th) = (face.size.width_mm, face.size.height_mm);
    let width = tw * (max_w / tw).min(max_h / th);
    Some(trimmed_face(
        &path,
        (tw, th),
        face.bleed,
        width,
        "0.3pt + luma(150)",
    ))
}

/// The player's components page: a counting checklist (tick box, a picture of one piece, the
/// name, the count and its pages), then the parts to buy with their printed stand-ins.
fn components_page(input: &KitInput, assets: &mut GameAssets) -> String {
    let w = kit_words(input);
    let l = &w.checklist;
    let mut s = format!(
        "\n#pagebreak(weak: true)\n= {} <kit-components>\n\n{}\n\n",
        l.title, l.intro
    );
    let [piece, component, count] = l.heads;
    s.push_str(&format!("#table(columns: (auto, 26mm, 1fr, auto), align: (center + horizon, center + horizon, left + horizon, right + horizon), stroke: (x, y) => (bottom: 0.4pt + luma(190)), table.header([], [{piece}], [{component}], [{count}]),\n"));
    for c in input.components.iter().filter(|c| c.kind != "bought") {
        let pages = if input
            .sheet_pages
            .iter()
            .any(|(id, p)| id == &c.id && !p.is_empty())
        {
            format!("[ · {}]", pages_of(&c.id, (l.page, l.pages)))
        } else {
            "[]".to_owned()
        };
        let picture =
            piece_picture(input, assets, &c.id, (24.0, 16.0)).unwrap_or_else(|| "[—]".to_owned());
        s.push_str(&format!(
            "  {TICK}, {picture}, [*{}* \\ #text(size: 8pt, fill: luma(90))[{}{pages}]], [#text(size: 13pt, weight: \"bold\")[{}]],\n",
            escape(&c.name),
            escape(w.kind(&c.kind)),
            c.copies,
            pages = format_args!("#{pages}"),
        ));
    }
    s.push_str(")\n\n");
    s.push_str(&parts_to_buy(input, assets));
    s
}

/// The parts a player buys, each with its printed stand-in and a tick box.
fn parts_to_buy(input: &KitInput, assets: &mut GameAssets) -> String {
    let bought: Vec<&crate::model::Card> = input
        .game
        .components
        .iter()
        .filter(|c| !c.printed())
        .flat_map(|c| c.cards.iter())
        .collect();
    if bought.is_empty() {
        return String::new();
    }
    let l = &kit_words(input).checklist;
    // One block: the heading never ends a page without its table.
    let mut s = format!(
        "#block(breakable: false)[\n== {}\n\n{}\n\n",
        l.buy_title, l.buy_intro
    );
    let [part, count, stand_in] = l.buy_heads;
    s.push_str(&format!("#table(columns: (auto, 1fr, auto, 1fr), align: (center + horizon, left + horizon, right + horizon, left + horizon), stroke: (x, y) => (bottom: 0.4pt + luma(190)), table.header([], [{part}], [{count}], [{stand_in}]),\n"));
    for part in bought {
        let stand_in = part
            .fields
            .get("stand_in")
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let stand_in_name = input
            .components
            .iter()
            .find(|c| c.id == stand_in)
            .map_or_else(|| stand_in.to_owned(), |c| c.name.clone());
        let stand_in_cell = match piece_picture(input, assets, stand_in, (10.0, 10.0)) {
            Some(picture) => format!(
                "grid(columns: (auto, 1fr), column-gutter: 2mm, align: horizon, {picture}, [{}])",
                escape(&stand_in_name)
            ),
            None => format!("[{}]", escape(&stand_in_name)),
        };
        s.push_str(&format!(
            "  {TICK}, [{}], [*{}*], {stand_in_cell},\n",
            escape(&part.name),
            part.count,
        ));
    }
    s.push_str(")\n]\n\n");
    s
}

/// The front of the calibration sheet: a cross at the exact centre of the page (the one
/// point a flip maps onto itself). Held against the light, the back shows where the front's
/// cross landed: the readings are the back offset.
fn calibration_front(w: &Words) -> String {
    format!(
        r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-first>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #heading(level: 1)[{}] <kit-calibration>
    {}
  ])
  #place(center + horizon, line(length: 50mm, stroke: 0.6pt))
  #place(center + horizon, line(angle: 90deg, length: 50mm, stroke: 0.6pt))
  #place(center + horizon, circle(radius: 3mm, stroke: 0.6pt))
]
"##,
        w.calibration.title, w.calibration.front
    )
}

/// The back of the calibration sheet: scales in x and y around the page centre.
fn calibration_back(w: &Words) -> String {
    let mut scale = String::new();
    for i in -20i32..=20 {
        let len = if i % 5 == 0 { 3.5 } else { 1.8 };
        scale.push_str(&format!(
            "  place(center + horizon, dx: {i}mm, line(angle: 90deg, length: {l}mm, stroke: 0.3pt))\n  place(center + horizon, dy: {i}mm, line(length: {l}mm, stroke: 0.3pt))\n",
            l = 2.0 * len
        ));
        if i % 5 == 0 && i != 0 {
            // The labels of the two scales turn like a pinwheel (x: below on the right, above
            // on the left; y: left going down, right going up), so no two labels meet where
            // the scales cross.
            let below = if i > 0 { 6 } else { -6 };
            let beside = if i > 0 { -7 } else { 7 };
            scale.push_str(&format!(
                "  place(center + horizon, dx: {i}mm, dy: {below}mm, text(size: 7pt, \"{i}\"))\n  place(center + horizon, dx: {beside}mm, dy: {i}mm, text(size: 7pt, \"{i}\"))\n"
            ));
        }
    }
    format!(
        r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-last>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #text(font: "Noto Sans", weight: "bold", size: 14pt)[{title}]

    {text}
  ])
  #{{
{scale}  }}
  #place(center + horizon, dx: 29mm, text(size: 8pt)[*x* →])
  #place(center + horizon, dy: 27mm, text(size: 8pt)[*y* ↓])
]
"##,
        title = w.calibration.back_title,
        text = w.calibration.back,
    )
}

/// Typst for "pages a–b" between two labels (one page: "a").
fn page_range(first: &str, last: &str) -> String {
    page_range_named(first, last, ("", ""))
}

/// Typst for a component's "page a" or "pages a–b". A language with one word for both keeps
/// the word outside the page lookup, in the same text run as what precedes it.
fn pages_of(id: &str, (one, many): (&str, &str)) -> String {
    let (first, last) = (label(id, "first"), label(id, "last"));
    if one == many {
        format!("{many} #{}", page_range(&first, &last))
    } else {
        format!("#{}", page_range_named(&first, &last, (one, many)))
    }
}

/// Typst for "page a" or "pages a–b" between two labels, with the words for one page and for
/// several (each followed by a space unless empty).
fn page_range_named(first: &str, last: &str, (one, many): (&str, &str)) -> String {
    let word = |w: &str| {
        if w.is_empty() {
            String::new()
        } else {
            format!("{w} ")
        }
    };
    format!(
        // A component spread over shared sheets may have its last-made page before its first.
        "context {{ let (a, b) = (locate(label({})).page(), locate(label({})).page()); let (a, b) = (calc.min(a, b), calc.max(a, b)); if a == b [{}#a] else [{}#a–#b] }}",
        string(first),
        string(last),
        word(one),
        word(many)
    )
}

/// What to do with a component's pieces once printed: a dashboard with a top layer is glued
/// onto its base; a board printed on more pages than it has copies is tiled.
fn finishing(input: &KitInput, w: &Words, c: &ComponentReport) -> &'static str {
    let f = &w.guide.finishing;
    let spec = input.game.components.iter().find(|k| k.spec.id == c.id);
    let layered = spec.is_some_and(|k| k.spec.top.is_some());
    let tiled = c.pages.len() > c.copies as usize;
    if c.layout.starts_with("gutter-fold") {
        return f.gutter_fold;
    }
    if c.layout.contains("print-and-cut") {
        return match c.kind.as_str() {
            "die" | "standee" => f.print_and_cut_fold,
            "dashboard" if layered => f.print_and_cut_layered,
            _ => f.print_and_cut,
        };
    }
    match c.kind.as_str() {
        "cards" => f.crop_marks,
        "tokens" => f.outlines,
        "dashboard" if layered => f.layered_dashboard,
        "dashboard" => f.crop_marks,
        "board" if tiled => f.tiled_board,
        "board" => f.crop_marks,
        "die" => f.die,
        "standee" => f.standee,
        _ => f.other,
    }
}

/// The page a player follows: how many sheets of which paper, then which pages, on which
/// paper, duplex or single-sided, and what to cut, fold and glue, row by row in the order the
/// pages come in the kit. Parts on the very same pages (a shared sheet) share a row.
fn guide_page(input: &KitInput) -> String {
    let g = &kit_words(input).guide;
    let print = &input.game.file.print;
    let flip = match print.duplex {
        Duplex::ShortEdge => g.short_edge,
        _ => g.long_edge,
    };
    let [pages, what, paper, print_head, then] = g.heads;
    let mut s = format!(
        "#page(header: none, footer: none, columns: 1, margin: (x: 2.2cm, top: 2.5cm, bottom: 2.2cm))[\n#metadata(none) <{GUIDE_MARK}>\n#text(font: \"Noto Sans\", weight: \"bold\", size: 17pt)[{title}]\n\n{job} {sheets} {parts}\n\n#set text(size: 9pt)\n#table(columns: (auto, 1fr, auto, auto, 1.6fr), align: left, table.header([{pages}], [{what}], [{paper}], [{print_head}], [{then}]),\n",
        title = g.title,
        job = print_job(g, input, flip),
        sheets = sheet_count(input, g),
        parts = g.parts,
    );
    s.push_str(&format!(
        "  [#context [1–#locate(<kit-components-end>).page()]], [{}], [{}], [{}], [{}],\n",
        g.rules_and_components, g.plain, g.duplex_or_single, g.keep
    ));
    for row in guide_rows(input, flip) {
        s.push_str(&row);
    }
    s.push_str(")\n]\n");
    s
}

/// "The kit takes 43 sheets of A4, printed on both sides: 5 of plain paper, 38 of cardstock."
/// The plain part's length is Typst's to know (`kit-components-end`), the rest is counted
/// from the print plan: in a duplex job a sheet is a pair of pages, cardstock when either
/// side is a printed sheet's page.
fn sheet_count(input: &KitInput, g: &crate::rulebook::words::Guide) -> String {
    let (pages, slots) = kit_plan(input);
    let simplex = input.game.file.print.single_sided();
    let plain_page = |slot: &Slot| match slot {
        Slot::Blank => true,
        Slot::Page(i) => match &pages[*i] {
            KitPage::CalibrationFront | KitPage::CalibrationBack => true,
            KitPage::Sheet { page, .. } => page.role == Role::Plain,
        },
    };
    let per_sheet = if simplex { 1 } else { 2 };
    let (mut plain, mut card) = (0, 0);
    for sheet in slots.chunks(per_sheet) {
        match sheet.iter().all(plain_page) {
            true => plain += 1,
            false => card += 1,
        }
    }
    let front = match simplex {
        true => "locate(<kit-components-end>).page()".to_owned(),
        false => "calc.ceil(locate(<kit-components-end>).page() / 2)".to_owned(),
    };
    let text = if simplex {
        g.sheets_single
    } else {
        g.sheets_duplex
    };
    let text = text
        .replace("{total}", &format!("#(front + {})", plain + card))
        .replace("{plain}", &format!("#(front + {plain})"))
        .replace("{card}", &card.to_string())
        .replace("{paper}", &escape(&paper_name(input.game.file.print.paper)));
    format!("#context {{ let front = {front}; [{text}] }}")
}

/// The paper as a player names it at the printer.
fn paper_name(paper: Paper) -> String {
    match paper {
        Paper::A4 => "A4".to_owned(),
        Paper::A3 => "A3".to_owned(),
        Paper::A5 => "A5".to_owned(),
        Paper::Letter => "Letter".to_owned(),
        Paper::Legal => "Legal".to_owned(),
        Paper::Tabloid => "Tabloid".to_owned(),
        Paper::Custom { .. } => {
            let (w, h) = paper.size_mm();
            format!("{w} × {h} mm")
        }
    }
}

/// The guide's rows after the rules: the calibration sheet and every component, in the order
/// of their first page in the kit (then of their last); components on exactly the same pages
/// make one row.
fn guide_rows(input: &KitInput, flip: &'static str) -> Vec<String> {
    let w = kit_words(input);
    let g = &w.guide;
    let (pages, slots) = kit_plan(input);
    // Each component's first and last slot, and the calibration sheet's.
    let mut span: HashMap<&str, (usize, usize)> = HashMap::new();
    let mut calibration = None;
    for (n, slot) in slots.iter().enumerate() {
        let Slot::Page(i) = slot else { continue };
        match &pages[*i] {
            KitPage::CalibrationFront => calibration = Some(n),
            KitPage::CalibrationBack => {}
            KitPage::Sheet { marks, .. } => {
                for (id, _, _) in marks {
                    span.entry(id).and_modify(|s| s.1 = n).or_insert((n, n));
                }
            }
        }
    }
    struct Row {
        span: (usize, usize),
        pages: String,
        what: Vec<String>,
        paper: &'static str,
        print: String,
        then: Vec<&'static str>,
    }
    let mut rows: Vec<Row> = Vec::new();
    if let Some(n) = calibration {
        rows.push(Row {
            span: (n, n + 1),
            pages: page_range("kit-calibration-first", "kit-calibration-last"),
            what: vec![w.calibration.title.to_owned()],
            paper: g.plain,
            print: flip.to_owned(),
            then: vec![g.calibrate],
        });
    }
    for (id, sheet_pages) in input.sheet_pages {
        let (Some(c), Some(&span)) = (
            input.components.iter().find(|c| &c.id == id),
            span.get(id.as_str()),
        ) else {
            continue;
        };
        let (what, paper, print) = guide_part(input, c, sheet_pages, flip);
        let then = finishing(input, w, c);
        let pages = page_range(&label(id, "first"), &label(id, "last"));
        match rows
            .iter_mut()
            .find(|r| r.span == span && r.paper == paper && r.print == print)
        {
            Some(row) => {
                row.what.push(what);
                if !row.then.contains(&then) {
                    row.then.push(then);
                }
            }
            None => rows.push(Row {
                span,
                pages,
                what: vec![what],
                paper,
                print: print.to_owned(),
                then: vec![then],
            }),
        }
    }
    // Stable: parts that start and end on the same pages keep the data's order.
    rows.sort_by_key(|r| r.span);
    rows.into_iter()
        .map(|r| {
            format!(
                "  [#{}], [{}], [{}], [{}], [{}],\n",
                r.pages,
                r.what.join(", "),
                r.paper,
                r.print,
                r.then.join(" ")
            )
        })
        .collect()
}

/// How the whole PDF prints: one duplex job, or one single-sided job for a gutter-fold or
/// print-and-cut kit.
fn print_job(g: &crate::rulebook::words::Guide, input: &KitInput, flip: &str) -> String {
    let print = &input.game.file.print;
    if !print.single_sided() {
        return g.duplex_job.replace("{flip}", flip);
    }
    match print.layout {
        Layout::GutterFold => g.gutter_fold_job.to_owned(),
        _ => g.print_and_cut_job.replace("{cutter}", print.cutter.name()),
    }
}

/// What the guide says of one component: what it is, its paper and how it prints.
fn guide_part(
    input: &KitInput,
    c: &ComponentReport,
    pages: &[SheetPage],
    flip: &'static str,
) -> (String, &'static str, &'static str) {
    let w = kit_words(input);
    let g = &w.guide;
    let plain = pages.iter().all(|s| s.role == Role::Plain);
    let (paper, print) = if plain {
        (g.plain, g.single)
    } else if pages.iter().any(|p| p.role == Role::Back) {
        (g.cardstock, flip)
    } else if input.game.file.print.single_sided() {
        (g.cardstock, g.single)
    } else {
        (g.cardstock, g.single_blank_backs)
    };
    let what = if plain {
        g.parts_to_buy.to_owned()
    } else {
        g.component
            .replace("{name}", &escape(&c.name))
            .replace("{pieces}", &escape(&w.pieces(c.copies, &c.kind)))
    };
    (what, paper, print)
}

/// One page after the plain part of the kit.
enum KitPage<'a> {
    CalibrationFront,
    CalibrationBack,
    /// A sheet page, with the components it is the first or last page of (a shared sheet
    /// holds several components).
    Sheet {
        page: &'a SheetPage,
        marks: Vec<(&'a str, bool, bool)>,
    },
}

/// The sheet pages of `parts` (components and their pages), each printed once however many
/// components share it, in their files' order (files as the components first name them, pages
/// as the file numbers them), each marked as the first or last page of the components on it.
fn sheet_run<'a>(parts: &[&'a (String, Vec<SheetPage>)]) -> Vec<KitPage<'a>> {
    // By index, not by search: a 50,000-card deck has 22,000 sheet pages, and finding each
    // page and each component's first and last page by scanning made the kit quadratic.
    let mut files: Vec<&str> = Vec::new();
    let mut taken: Vec<(&SheetPage, Vec<&str>)> = Vec::new();
    let mut at: HashMap<(&str, usize), usize> = HashMap::new();
    for (id, list) in parts {
        for page in list {
            if !files.contains(&page.file.as_str()) {
                files.push(&page.file);
            }
            match at.entry((page.file.as_str(), page.page)) {
                Entry::Occupied(e) => taken[*e.get()].1.push(id),
                Entry::Vacant(e) => {
                    e.insert(taken.len());
                    taken.push((page, vec![id]));
                }
            }
        }
    }
    let file_rank = |f: &str| files.iter().position(|x| *x == f).unwrap_or(usize::MAX);
    taken.sort_by_key(|(p, _)| (file_rank(&p.file), p.page));
    // Each component's first and last page in the run.
    let mut span: HashMap<&str, (usize, usize)> = HashMap::new();
    for (n, (_, ids)) in taken.iter().enumerate() {
        for id in ids {
            span.entry(id).and_modify(|s| s.1 = n).or_insert((n, n));
        }
    }
    taken
        .iter()
        .enumerate()
        .map(|(n, (page, ids))| KitPage::Sheet {
            page,
            marks: ids
                .iter()
                .map(|id| {
                    let (first, last) = span[id];
                    (*id, first == n, last == n)
                })
                .collect(),
        })
        .collect()
}

/// The pages after the plain part and the print plan that orders them: plain pages (parts to
/// buy) first, then the calibration sheet, then every component's sheets.
fn kit_plan<'a>(input: &KitInput<'a>) -> (Vec<KitPage<'a>>, Vec<Slot>) {
    // A single-sided layout (gutter-fold, print-and-cut without backs) prints as one
    // single-sided job: no calibration sheet, no blank backs.
    let simplex = input.game.file.print.single_sided();
    let plain = |p: &[SheetPage]| !p.is_empty() && p.iter().all(|s| s.role == Role::Plain);
    let (plain_parts, sheets): (Vec<_>, Vec<_>) =
        input.sheet_pages.iter().partition(|(_, p)| plain(p));
    let mut pages: Vec<KitPage> = sheet_run(&plain_parts);
    // The calibration sheet goes before the first two-sided sheet, or last of all.
    if !simplex {
        pages.extend([KitPage::CalibrationFront, KitPage::CalibrationBack]);
    }
    pages.extend(sheet_run(&sheets));
    let roles: Vec<Role> = pages
        .iter()
        .map(|k| match k {
            KitPage::CalibrationFront => Role::Front,
            KitPage::CalibrationBack => Role::Back,
            KitPage::Sheet { page, .. } => page.role,
        })
        .collect();
    let slots = if simplex {
        plan_single_sided(&roles)
    } else {
        plan(&roles)
    };
    (pages, slots)
}

/// The pages after the plain part, in the order of the print plan: plain pages (parts to
/// buy) first, then the calibration sheet, then every component's sheets, each front on an
/// odd page with its back next and a blank back behind single-sided pages. Returns the markup,
/// the number of pages it makes and which of them (counted from the first) take which sheet
/// page.
fn sheet_pages(input: &KitInput) -> (String, usize, Vec<PageFill>) {
    let (pages, slots) = kit_plan(input);
    let mut s = String::new();
    let mut fills = Vec::new();
    let mut size = (210.0, 297.0);
    for (n, slot) in slots.iter().enumerate() {
        match slot {
            Slot::Blank => s.push_str(&format!(
                "#page(width: {}mm, height: {}mm, margin: 0mm, header: none, footer: none)[#{}]\n",
                size.0,
                size.1,
                blank(kit_words(input))
            )),
            Slot::Page(i) => {
                let (markup, wh) = kit_page(input, &pages[*i]);
                s.push_str(&markup);
                size = wh.unwrap_or(input.game.file.print.paper.size_mm());
                if let KitPage::Sheet { page, .. } = &pages[*i] {
                    fills.push(PageFill {
                        target: n,
                        file: page.file.clone(),
                        page: page.page,
                    });
                }
            }
        }
    }
    (s, slots.len(), fills)
}

/// The markup of one page and its size (none for the calibration pages, which take the
/// paper's). A sheet page is left empty here, with its labels and outline entries, and takes
/// the sheet's own page after Typst (`pdf::import`).
fn kit_page(input: &KitInput, page: &KitPage) -> (String, Option<(f32, f32)>) {
    let (p, marks) = match page {
        KitPage::CalibrationFront => return (calibration_front(kit_words(input)), None),
        KitPage::CalibrationBack => return (calibration_back(kit_words(input)), None),
        KitPage::Sheet { page, marks } => (*page, marks),
    };
    let mut labels = String::new();
    for &(id, first, last) in marks {
        let name = input
            .components
            .iter()
            .find(|c| c.id == id)
            .map_or(id, |c| c.name.as_str());
        if first {
            labels.push_str(&format!("#metadata(none) <{}>", label(id, "first")));
            labels.push_str(&format!(
                "#place(hide(heading(level: 1, outlined: true)[{}]))",
                escape(name)
            ));
        }
        if last {
            labels.push_str(&format!("#metadata(none) <{}>", label(id, "last")));
        }
    }
    let markup = format!(
        "#page(width: {w}mm, height: {h}mm, margin: 0mm, header: none, footer: none)[{labels}]\n",
        w = p.width_mm,
        h = p.height_mm,
    );
    (markup, Some((p.width_mm, p.height_mm)))
}

/// Today's date, or `SOURCE_DATE_EPOCH`'s when set (for reproducible builds).
pub fn build_date() -> (i32, u8, u8) {
    let secs = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.trim().parse::<i64>().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs() as i64)
        });
    civil_from_days(secs.div_euclid(86_400))
}

/// Days since 1970-01-01 to a (year, month, day) date (proleptic Gregorian).
fn civil_from_days(z: i64) -> (i32, u8, u8) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    ((if m <= 2 { y + 1 } else { y }) as i32, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_sheets_go_in_their_files_order_whatever_the_components_order() {
        let page = |file: &str, page: usize| SheetPage {
            file: file.to_owned(),
            page,
            width_mm: 210.0,
            height_mm: 297.0,
            role: Role::Single,
        };
        // The pawns are on all three token sheets; the bars only on the third, and first.
        let parts = [
            ("bars".to_owned(), vec![page("tokens.pdf", 3)]),
            (
                "pawns".to_owned(),
                vec![
                    page("tokens.pdf", 3),
                    page("tokens.pdf", 1),
                    page("tokens.pdf", 2),
                ],
            ),
            ("board".to_owned(), vec![page("boards.pdf", 1)]),
        ];
        let refs: Vec<&(String, Vec<SheetPage>)> = parts.iter().collect();
        let run = sheet_run(&refs);
        type Marked<'a> = (String, usize, Vec<(&'a str, bool, bool)>);
        let got: Vec<Marked> = run
            .iter()
            .map(|k| match k {
                KitPage::Sheet { page, marks } => (page.file.clone(), page.page, marks.clone()),
                _ => unreachable!(),
            })
            .collect();
        assert_eq!(
            got,
            [
                ("tokens.pdf".to_owned(), 1, vec![("pawns", true, false)]),
                ("tokens.pdf".to_owned(), 2, vec![("pawns", false, false)]),
                (
                    "tokens.pdf".to_owned(),
                    3,
                    vec![("bars", true, true), ("pawns", false, true)]
                ),
                ("boards.pdf".to_owned(), 1, vec![("board", true, true)]),
            ]
        );
    }

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

    #[test]
    fn cover_colours_stand_apart_from_their_ground() {
        assert_eq!(luminance("#000"), Some(0.0));
        assert!((luminance("#ffffff").unwrap() - 1.0).abs() < 1e-6);
        assert_eq!(luminance("#12345"), None);
        assert_eq!(luminance("red"), None);
        // A dark hull on a dark ink is no accent; a gold one is.
        assert!(!apart("#2b3340", "#14181f"));
        assert!(apart("#d4a017", "#14181f"));
        assert!(apart("#f2f0ea", "#14181f"));
    }

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }

    /// Every `place(center + horizon, dx: …, dy: …, text(…))` of the calibration back, as
    /// (dx, dy, text) in mm.
    fn back_labels() -> Vec<(f32, f32, String)> {
        let page = calibration_back(&crate::rulebook::words::ENGLISH);
        let num = |s: &str, key: &str| -> f32 {
            s.split(key)
                .nth(1)
                .map(|r| r.split("mm").next().unwrap().trim().parse().unwrap())
                .unwrap_or(0.0)
        };
        page.lines()
            .filter(|l| l.contains("text(size"))
            .map(|l| {
                let text = l.rsplit("text(size").next().unwrap().to_owned();
                (num(l, "dx:"), num(l, "dy:"), text)
            })
            .collect()
    }

    #[test]
    fn calibration_axes_are_named_at_their_own_ends() {
        let labels = back_labels();
        let x = labels.iter().find(|l| l.2.contains("*x*")).unwrap();
        let y = labels.iter().find(|l| l.2.contains("*y*")).unwrap();
        // x runs left to right: its name sits on the horizontal scale, past its end.
        assert!(x.0 > 20.0 && x.1 == 0.0, "{x:?}");
        // y runs top to bottom: its name sits on the vertical scale, below its end.
        assert!(y.1 > 20.0 && y.0 == 0.0, "{y:?}");
    }

    #[test]
    fn calibration_scale_labels_keep_apart() {
        let labels = back_labels();
        assert!(labels.len() >= 16, "{labels:?}");
        for (i, a) in labels.iter().enumerate() {
            for b in &labels[i + 1..] {
                let apart = (a.0 - b.0).abs() >= 4.0 || (a.1 - b.1).abs() >= 4.0;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
    }
}
