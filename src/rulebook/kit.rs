//! The rulebook and the print-and-play kit, typeset with Typst.
//!
//! `rules.pdf` is the title page, contents and the game's rules. `kit.pdf` adds, in order, a
//! components page (every component, its count and its pages in the kit, the parts to buy and
//! the manifest check), a duplex calibration sheet (front and back), and every sheet of the
//! build, placed page by page from the sheet PDFs so their faces and fonts are stored once.
//! Page numbers in the components table come from Typst itself (labels on the sheet pages).

use std::path::Path;

use crate::check::manifest::CheckReport;
use crate::error::Result;
use crate::layout::plan::{Role, Slot, plan, plan_single_sided};
use crate::model::Game;
use crate::model::print::{Duplex, Layout, Paper};
use crate::output::report::{ComponentReport, KitPages};
use crate::project::Project;
use crate::render::faces::{Faces, Side};
use crate::render::rules::Rules;
use crate::rulebook::markdown::{self, Assets, escape, string};
use crate::rulebook::typeset::TypstWorld;

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
    pub rules: Option<&'a Rules>,
    pub faces: &'a Faces,
    pub components: &'a [ComponentReport],
    pub check: Option<&'a CheckReport>,
    /// The sheet PDFs by file name.
    pub sheet_pdfs: &'a [(String, Vec<u8>)],
    /// Every sheet page with its size, per component id, in kit order.
    pub sheet_pages: &'a [(String, Vec<SheetPage>)],
    pub date: (i32, u8, u8),
}

/// Resolves rules images and icons into files of the Typst project.
struct GameAssets<'a> {
    game: &'a Game,
    faces: &'a Faces,
    files: Vec<(String, Vec<u8>)>,
}

impl Assets for GameAssets<'_> {
    fn image(&mut self, dest: &str) -> std::result::Result<String, String> {
        if let Some(spec) = dest.strip_prefix("component:") {
            let mut parts = spec.split('/');
            let (comp, card) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            let side = match parts.next() {
                None | Some("front") => Side::Front,
                Some("back") => Side::Back,
                Some(other) => {
                    return Err(format!(
                        "`{other}` is not a side (front or back) in `{dest}`"
                    ));
                }
            };
            let component = self
                .game
                .components
                .iter()
                .position(|c| c.spec.id == comp)
                .ok_or_else(|| format!("no component `{comp}` for the image `{dest}`"))?;
            let card_index = self.game.components[component]
                .cards
                .iter()
                .position(|c| c.id == card)
                .ok_or_else(|| {
                    format!("component `{comp}` has no card `{card}` for the image `{dest}`")
                })?;
            let deck = &self.faces.decks[component];
            let copy = deck
                .copies
                .iter()
                .find(|c| c.card == card_index)
                .ok_or_else(|| format!("card `{card}` of `{comp}` is not printed (count 0)"))?;
            let face = match side {
                Side::Back => copy.back.ok_or_else(|| format!("`{dest}` has no back"))?,
                _ => copy.front,
            };
            let path = format!(
                "faces/{comp}/{card}-{}.svg",
                if side == Side::Back { "back" } else { "front" }
            );
            self.files.push((
                path.clone(),
                self.faces.faces[face].svg.clone().into_bytes(),
            ));
            return Ok(path);
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

/// The default style, title page and contents.
fn front_matter(game: &Game, with_kit: bool) -> String {
    let f = &game.file;
    let name = string(&f.name);
    let subtitle = f
        .subtitle
        .as_deref()
        .map(|s| {
            format!(
                "#v(0.4cm) #text(size: 15pt, style: \"italic\")[{}]",
                escape(s)
            )
        })
        .unwrap_or_default();
    let what = if with_kit {
        "Print-and-play kit"
    } else {
        "Rulebook"
    };
    format!(
        r##"#set document(title: {title}, author: {name}, keywords: ("rules", "print and play", "protopress"))
#set page({paper}, margin: (x: 2.2cm, top: 2.5cm, bottom: 2.2cm),
  header: context {{
    if here().page() > 1 {{
      set text(size: 8pt, fill: luma(90), font: "Noto Sans")
      [#{name} #h(1fr) {what} · revision {rev}]
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
#show heading: set text(font: ("Noto Sans", "Noto Emoji"), weight: "bold", hyphenate: false)
#show heading: set par(justify: false)
#show heading.where(level: 1): it => {{ v(0.5cm, weak: true); text(size: 17pt, fill: rgb("#1d1f24"), it); v(0.15cm) }}
#show heading.where(level: 2): set text(size: 13pt, fill: rgb("#8a5a12"))
#show heading.where(level: 3): set text(size: 11pt)
#set table(stroke: 0.5pt + luma(175), inset: (x: 6pt, y: 5pt), fill: (_, y) => if y == 0 {{ luma(228) }})
#show table.cell.where(y: 0): strong
#show table: set par(justify: false)
#show link: set text(fill: rgb("#1d4f91"))
#set list(indent: 0.5em, spacing: 0.7em)
#set enum(indent: 0.5em, spacing: 0.7em)
#show raw: set text(font: "DejaVu Sans Mono", size: 0.88em)
#show quote.where(block: true): it => block(inset: (left: 1em, y: 0.3em), stroke: (left: 2pt + luma(150)), emph(it.body))
#page(header: none, footer: none)[
  #v(4.5cm)
  #align(center)[
    #text(weight: "bold", size: 34pt)[#{name}]
    {subtitle}
    #v(1.4cm)
    #text(size: 13pt)[{what} · revision {rev}]
    #v(0.3cm)
    #text(size: 10pt, fill: luma(80))[Built on #datetime.today().display("[day] [month repr:long] [year]")]
  ]
  #v(1fr)
  #align(center, text(size: 8pt, fill: luma(100))[Made with protopress])
]
#outline(title: [Contents], depth: 2)
#pagebreak()
"##,
        title = string(&format!("{}: {}", f.name, what)),
        paper = paper_size(f.print.paper),
        rev = escape(&f.revision),
        lang = string(&f.language),
    )
}

/// A game's own style, appended after the default so its `set` and `show` rules win.
fn game_style(game: &Game) -> Result<String> {
    let rel = Path::new("data").join(&game.id).join("rules.typ");
    let style = game.project.read_optional_text(&rel)?;
    Ok(style.map_or_else(String::new, |s| format!("\n{s}\n")))
}

fn body(rules: &Rules, assets: &mut GameAssets) -> Result<String> {
    markdown::to_typst(&rules.markdown, &rules.file, assets).map_err(|e| e.game(&assets.game.id))
}

/// The rulebook alone.
pub fn rules_pdf(input: &KitInput, rules: &Rules) -> Result<(Vec<u8>, usize)> {
    let mut assets = GameAssets {
        game: input.game,
        faces: input.faces,
        files: Vec::new(),
    };
    let mut markup = front_matter(input.game, false);
    markup.push_str(&game_style(input.game)?);
    markup.push_str(&body(rules, &mut assets)?);
    let mut project = TypstWorld::new(markup, input.date);
    for (path, bytes) in assets.files {
        project.add_file(&path, bytes);
    }
    project
        .pdf(&format!("{}-rules", input.game.id))
        .map_err(|e| e.game(&input.game.id).in_file(&rules.file))
}

/// The whole kit: rules, components page, calibration, sheets.
pub fn kit_pdf(input: &KitInput) -> Result<(Vec<u8>, KitPages)> {
    let game = input.game;
    let mut assets = GameAssets {
        game,
        faces: input.faces,
        files: Vec::new(),
    };
    let mut markup = front_matter(game, true);
    markup = markup.replacen("#outline(", &format!("{}\n#outline(", guide_page(input)), 1);
    markup.push_str(&game_style(game)?);
    if let Some(rules) = input.rules {
        markup.push_str(&body(rules, &mut assets)?);
    }
    markup.push_str("\n#metadata(none) <kit-rules-end>\n");
    markup.push_str(&components_page(input));
    if game.file.print.single_sided() {
        // One single-sided job: no sheet has a back to keep in step with.
        markup.push_str("\n#metadata(none) <kit-components-end>\n");
    } else {
        // The printed sheets start on an odd page: pad the plain part to whole sheets.
        markup.push_str(&format!(
            "\n#metadata(none) <kit-components-end>\n#context if calc.odd(locate(<kit-components-end>).page()) {{ pagebreak(); {BLANK} }}\n"
        ));
    }
    let (sheets_markup, sheets) = sheet_pages(input);
    markup.push_str(&sheets_markup);

    let mut project = TypstWorld::new(markup, input.date);
    for (path, bytes) in assets.files {
        project.add_file(&path, bytes);
    }
    for (name, bytes) in input.sheet_pdfs {
        project.add_file(name, bytes.clone());
    }
    let (bytes, total) = project
        .pdf(&format!("{}-kit", game.id))
        .map_err(|e| e.game(&game.id))?;
    // The components page may run over; count it from the total.
    let rules_pages = match input.rules {
        Some(r) => rules_pdf(input, r)?.1,
        None => 2,
    };
    let calibration = if game.file.print.single_sided() { 0 } else { 2 };
    // `sheets` counts the calibration sheet too.
    let components = total.saturating_sub(rules_pages + sheets);
    Ok((
        bytes,
        KitPages {
            front_and_rules: rules_pages,
            components,
            calibration,
            sheets: sheets - calibration,
            total,
        },
    ))
}

/// What an intentionally blank page says.
const BLANK: &str =
    "align(center + horizon, text(size: 9pt, fill: luma(120))[This page is intentionally blank.])";

fn label(id: &str, which: &str) -> String {
    format!("sheet-{id}-{which}")
}

/// The components table, the parts to buy and the manifest check.
fn components_page(input: &KitInput) -> String {
    let mut s = String::from(
        "\n#pagebreak(weak: true)\n= Components <kit-components>\n\nEverything in this kit, with the pages of this PDF that hold it. Print the sheets at 100 % (actual size), duplex where a sheet has backs.\n\n",
    );
    s.push_str("#table(columns: (1fr, auto, auto, auto), align: (left, left, right, left), table.header([Component], [Kind], [Count], [Pages]),\n");
    for c in input.components.iter().filter(|c| c.kind != "bought") {
        let pages = if input
            .sheet_pages
            .iter()
            .any(|(id, p)| id == &c.id && !p.is_empty())
        {
            format!(
                "context {{ let a = locate(label({})).page(); let b = locate(label({})).page(); if a == b [#a] else [#a–#b] }}",
                string(&label(&c.id, "first")),
                string(&label(&c.id, "last"))
            )
        } else {
            "[—]".to_owned()
        };
        s.push_str(&format!(
            "  [{}], [{}], [{}], {},\n",
            escape(&c.name),
            escape(&c.kind),
            c.copies,
            pages
        ));
    }
    s.push_str(")\n\n");
    let bought: Vec<&crate::model::Card> = input
        .game
        .components
        .iter()
        .filter(|c| !c.printed())
        .flat_map(|c| c.cards.iter())
        .collect();
    if !bought.is_empty() {
        s.push_str("== Parts to buy\n\nNot printed. Buy them, or use the printed stand-in named beside each.\n\n");
        s.push_str("#table(columns: (auto, 1fr, 1fr), align: (right, left, left), table.header([Count], [Part], [Printed stand-in]),\n");
        for part in bought {
            let stand_in = part
                .fields
                .get("stand_in")
                .and_then(|v| v.as_str())
                .unwrap_or("");
            let stand_in = input
                .components
                .iter()
                .find(|c| c.id == stand_in)
                .map_or_else(|| stand_in.to_owned(), |c| c.name.clone());
            s.push_str(&format!(
                "  [{}], [{}], [{}],\n",
                part.count,
                escape(&part.name),
                escape(&stand_in)
            ));
        }
        s.push_str(")\n\n");
    }
    if let Some(check) = input.check {
        s.push_str(&format!(
            "== Manifest check\n\n{}\n\n",
            if check.passed {
                "Every entry of the manifest matches the data and the rules."
            } else {
                "Some entries disagree; see the status column."
            }
        ));
        s.push_str("#set text(size: 8.5pt)\n#table(columns: (1fr, auto, auto, auto, auto), align: (left, right, right, right, left), table.header([Entry], [Declared], [Produced], [Rules], [Status]),\n");
        for e in &check.entries {
            let produced = e.produced.map_or("—".to_owned(), |p| p.to_string());
            let stated = e.stated_text("—");
            let status = e.status.word();
            s.push_str(&format!(
                "  [{}], [{}], [{}], [{}], [{}],\n",
                escape(&e.path),
                e.declared,
                produced,
                escape(&stated),
                status
            ));
        }
        s.push_str(")\n#set text(size: 10.5pt)\n");
    }
    s
}

/// The front of the calibration sheet: a cross at the exact centre of the page (the one
/// point a flip maps onto itself). Held against the light, the back shows where the front's
/// cross landed: the readings are the back offset.
fn calibration_front() -> String {
    r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-first>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #heading(level: 1)[Duplex calibration] <kit-calibration>
    Print this page and the next one on one sheet of plain paper, duplex, with the same printer settings as your card sheets. Hold the sheet against a window or a lamp with the *scale side* facing you and read where this cross shows through.
  ])
  #place(center + horizon, line(length: 50mm, stroke: 0.6pt))
  #place(center + horizon, line(angle: 90deg, length: 50mm, stroke: 0.6pt))
  #place(center + horizon, circle(radius: 3mm, stroke: 0.6pt))
]
"##
    .to_owned()
}

/// The back of the calibration sheet: scales in x and y around the page centre.
fn calibration_back() -> String {
    let mut scale = String::new();
    for i in -20i32..=20 {
        let len = if i % 5 == 0 { 3.5 } else { 1.8 };
        scale.push_str(&format!(
            "  place(center + horizon, dx: {i}mm, line(angle: 90deg, length: {l}mm, stroke: 0.3pt))\n  place(center + horizon, dy: {i}mm, line(length: {l}mm, stroke: 0.3pt))\n",
            l = 2.0 * len
        ));
        if i % 5 == 0 && i != 0 {
            scale.push_str(&format!(
                "  place(center + horizon, dx: {i}mm, dy: 6mm, text(size: 7pt, \"{i}\"))\n  place(center + horizon, dx: 7mm, dy: {i}mm, text(size: 7pt, \"{i}\"))\n"
            ));
        }
    }
    format!(
        r##"
#page(margin: 0mm, header: none, footer: none)[
  #metadata(none) <kit-calibration-last>
  #place(top + left, dx: 22mm, dy: 22mm, block(width: 100% - 44mm)[
    #text(font: "Noto Sans", weight: "bold", size: 14pt)[Duplex calibration: the back]

    Where does the centre of the cross from the front fall on these scales? Write the two readings in millimetres into `game.yaml` as `back_offset_mm: [x, y]` (right and down are positive) and rebuild. When the cross sits on 0, 0 your backs line up with their fronts.
  ])
  #{{
{scale}  }}
  #place(center + horizon, dy: -25mm, text(size: 8pt)[x])
  #place(center + horizon, dx: 25mm, text(size: 8pt)[y])
]
"##
    )
}

/// Typst for "pages a–b" between two labels (one page: "a").
fn page_range(first: &str, last: &str) -> String {
    format!(
        "context {{ let a = locate(label({})).page(); let b = locate(label({})).page(); if a == b [#a] else [#a–#b] }}",
        string(first),
        string(last)
    )
}

/// What to do with a component's pieces once printed.
fn finishing(kind: &str, pages: &[SheetPage]) -> &'static str {
    match kind {
        "cards" => "Cut along the crop marks.",
        "tokens" => "Cut along the outlines.",
        "dashboard" if pages.len() > 1 && pages[1].role == Role::Single => {
            "Cut out the hatched windows of each top layer, glue it onto its base, cut along the crop marks."
        }
        "dashboard" => "Cut along the crop marks.",
        "board" if pages.len() > 1 => {
            "Cut each tile at its crop marks, lay each one over the dashed strip of its neighbour with crosses on crosses, glue."
        }
        "board" => "Cut along the crop marks.",
        "die" => "Cut the solid lines, fold the dashed ones, glue the grey tabs inside.",
        "standee" => "Cut out, fold on the dashed lines, fold the grey bases outwards.",
        _ => "Keep for reference.",
    }
}

/// The page a player follows: which pages, on which paper, duplex or single-sided, and what
/// to cut, fold and glue.
fn guide_page(input: &KitInput) -> String {
    let flip = match input.game.file.print.duplex {
        Duplex::ShortEdge => "duplex, flip on the short edge",
        _ => "duplex, flip on the long edge",
    };
    let print = &input.game.file.print;
    let simplex = print.single_sided();
    let job = if simplex {
        match print.layout {
            Layout::GutterFold => "The whole PDF prints as *one single-sided job*, at *100 % (actual size)*: no duplex printer needed. Card sheets are *gutter-fold*: fold each on its dashed line with the printed sides out, glue the blank sides together, then cut through both layers at the crop marks.".to_owned(),
            _ => format!("The whole PDF prints as *one single-sided job*, at *100 % (actual size)*. The sheets carry the registration marks of a {} cutting machine: cut each with its file from the `cut/` folder (docs/printing.md has the steps).", print.cutter.name()),
        }
    } else {
        format!("The whole PDF prints as *one duplex job* ({flip}), at *100 % (actual size)*: every card front is on an odd page with its back on the next page, and single-sided sheets are followed by a page marked _intentionally blank_, so nothing prints on their back.")
    };
    let mut s = format!(
        "#page(header: none, footer: none)[\n#text(font: \"Noto Sans\", weight: \"bold\", size: 17pt)[How to print this kit]\n\n{job} To print a part on its own, choose its pages below. Every sheet carries a ruler: measure it before cutting.\n\n#set text(size: 9pt)\n#table(columns: (auto, 1fr, auto, auto, 1.6fr), align: left, table.header([Pages], [What], [Paper], [Print], [Then]),\n"
    );
    s.push_str(
        "  [1–#context locate(<kit-components-end>).page()], [Rules and components], [plain], [duplex or single-sided], [Keep as the rulebook.],\n",
    );
    let calibration = format!(
        "  [#{}], [Duplex calibration], [plain], [{flip}], [Hold to the light, enter the readings as `back_offset_mm`, rebuild.],\n",
        page_range("kit-calibration-first", "kit-calibration-last")
    );
    let mut calibrated = simplex;
    let plain = |p: &[SheetPage]| p.iter().all(|s| s.role == Role::Plain);
    let (plain_parts, sheets): (Vec<_>, Vec<_>) =
        input.sheet_pages.iter().partition(|(_, p)| plain(p));
    for (id, pages) in plain_parts.into_iter().chain(sheets) {
        let Some(c) = input.components.iter().find(|c| &c.id == id) else {
            continue;
        };
        if pages.is_empty() {
            continue;
        }
        if !plain(pages) && !calibrated {
            s.push_str(&calibration);
            calibrated = true;
        }
        let (paper, print) = if plain(pages) {
            ("plain", "single-sided")
        } else if pages.iter().any(|p| p.role == Role::Back) {
            ("cardstock", flip)
        } else if simplex {
            ("cardstock", "single-sided")
        } else {
            ("cardstock", "single-sided (blank backs)")
        };
        let then = if c.layout.starts_with("gutter-fold") {
            "Fold on the dashed line, printed sides out; glue the blank sides; cut along the crop marks through both layers."
        } else if c.layout.contains("print-and-cut") {
            "Cut each sheet on the cutting machine with its file in `cut/` (the sheet label names it); fold the scored lines."
        } else {
            finishing(&c.kind, pages)
        };
        let what = if plain(pages) {
            "Parts to buy".to_owned()
        } else {
            format!("{} ({} {})", escape(&c.name), c.copies, escape(&c.kind))
        };
        s.push_str(&format!(
            "  [#{}], [{what}], [{paper}], [{print}], [{}],\n",
            page_range(&label(id, "first"), &label(id, "last")),
            then
        ));
    }
    if !calibrated {
        s.push_str(&calibration);
    }
    s.push_str(")\n]\n");
    s
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

/// The pages after the plain part, in the order of the print plan: plain pages (parts to
/// buy) first, then the calibration sheet, then every component's sheets, each front on an
/// odd page with its back next and a blank back behind single-sided pages. Returns the markup
/// and the number of pages it makes.
fn sheet_pages(input: &KitInput) -> (String, usize) {
    // A single-sided layout (gutter-fold, print-and-cut without backs) prints as one
    // single-sided job: no calibration sheet, no blank backs.
    let simplex = input.game.file.print.single_sided();
    let plain = |p: &[SheetPage]| !p.is_empty() && p.iter().all(|s| s.role == Role::Plain);
    let mut pages: Vec<KitPage> = Vec::new();
    let mut roles: Vec<Role> = Vec::new();
    let (plain_parts, sheets): (Vec<_>, Vec<_>) =
        input.sheet_pages.iter().partition(|(_, p)| plain(p));
    for (n, (id, list)) in plain_parts.iter().chain(&sheets).enumerate() {
        if n == plain_parts.len() && !simplex {
            pages.extend([KitPage::CalibrationFront, KitPage::CalibrationBack]);
            roles.extend([Role::Front, Role::Back]);
        }
        for (i, page) in list.iter().enumerate() {
            let mark = (id.as_str(), i == 0, i + 1 == list.len());
            // A shared sheet is printed once, under every component it holds.
            let seen = pages.iter_mut().find_map(|k| match k {
                KitPage::Sheet { page: p, marks } if p.file == page.file && p.page == page.page => {
                    Some(marks)
                }
                _ => None,
            });
            match seen {
                Some(marks) => marks.push(mark),
                None => {
                    pages.push(KitPage::Sheet {
                        page,
                        marks: vec![mark],
                    });
                    roles.push(page.role);
                }
            }
        }
    }
    if plain_parts.len() == input.sheet_pages.len() && !simplex {
        pages.extend([KitPage::CalibrationFront, KitPage::CalibrationBack]);
        roles.extend([Role::Front, Role::Back]);
    }
    let slots = if simplex {
        plan_single_sided(&roles)
    } else {
        plan(&roles)
    };
    let mut s = String::new();
    let mut size = (210.0, 297.0);
    for slot in &slots {
        match slot {
            Slot::Blank => s.push_str(&format!(
                "#page(width: {}mm, height: {}mm, margin: 0mm, header: none, footer: none)[#{BLANK}]\n",
                size.0, size.1
            )),
            Slot::Page(i) => {
                let (markup, wh) = kit_page(input, &pages[*i]);
                s.push_str(&markup);
                size = wh.unwrap_or(input.game.file.print.paper.size_mm());
            }
        }
    }
    (s, slots.len())
}

/// The markup of one page and its size (none for the calibration pages, which take the
/// paper's).
fn kit_page(input: &KitInput, page: &KitPage) -> (String, Option<(f32, f32)>) {
    let (p, marks) = match page {
        KitPage::CalibrationFront => return (calibration_front(), None),
        KitPage::CalibrationBack => return (calibration_back(), None),
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
        "#page(width: {w}mm, height: {h}mm, margin: 0mm, header: none, footer: none)[{labels}#image({file}, page: {page}, width: 100%)]\n",
        w = p.width_mm,
        h = p.height_mm,
        file = string(&p.file),
        page = p.page,
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
    fn dates_from_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_414), (2025, 11, 22));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
