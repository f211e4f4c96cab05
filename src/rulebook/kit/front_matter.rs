//! What opens the rulebook and the kit: the default style, the game's own (`rules.typ`),
//! the cover page and, for a long rulebook, the contents page.

use std::path::Path;

use crate::error::Result;
use crate::model::Game;
use crate::model::print::Paper;
use crate::rulebook::markdown::{escape, string};
use crate::rulebook::source_map::{Origin, source_end, source_marker};
use crate::rulebook::typeset::typst_lang;
use crate::rulebook::words::words;

use super::cover::{cover_colours, cover_info};
use super::marks::{RULES_END_MARK, RULES_START_MARK};

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

/// The default style and cover, the game's own style (`rules.typ`, whose `set`, `show` and
/// `let` rules win), and the cover page. protopress's cover is the game's: its colours and a
/// fan of its pieces (`art`), its name, facts and revision; no build date, which says nothing
/// to a player.
pub(super) fn front_matter(game: &Game, with_kit: bool, style: &str, art: Option<&str>) -> String {
    let w = words(game);
    let what = if with_kit { &w.kit } else { &w.rulebook };
    format!(
        "{}{}{style}\n#protopress-cover({info})\n",
        default_style(game, what),
        cover_definition(game, art),
        info = cover_info(game, what),
    )
}

/// The document's metadata and the default style of its pages, text, headings, tables and
/// figures, for the rulebook or the kit (`what`).
fn default_style(game: &Game, what: &str) -> String {
    let w = words(game);
    let f = &game.file;
    let name = string(&f.name);
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
"##,
        title = string(&format!("{}: {}", f.name, what)),
        paper = paper_size(f.print.paper),
        edition = w.edition(what, &escape(&f.revision)),
        lang = typst_lang(&f.language),
    )
}

/// protopress's cover as a Typst function, `protopress-cover(info)`, in the game's colours
/// with the fan of its pieces (`art`); a `rules.typ` may define its own.
fn cover_definition(game: &Game, art: Option<&str>) -> String {
    let w = words(game);
    let colours = cover_colours(game);
    format!(
        r##"// The cover: a rules.typ may define its own `protopress-cover(info)` with the same fields.
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
"##,
        made_with = w.made_with,
        ground = colours.0,
        words = colours.1,
        accent = colours.2,
        art = art.unwrap_or("none"),
    )
}

/// Whether protopress draws the cover: the game's style defines none of its own.
pub(super) fn own_cover(style: &str) -> bool {
    !style.contains("protopress-cover(")
}

/// A game's own style, `data/<game>/rules.typ`.
pub(super) fn game_style(game: &Game) -> Result<String> {
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
pub(super) fn contents(game: &Game) -> String {
    let w = words(game);
    format!(
        "\n#context {{ let pages = locate(<{RULES_END_MARK}>).page() - locate(<{RULES_START_MARK}>).page() + 1; let headings = query(heading.where(outlined: true)).filter(h => h.level <= 2).len(); if pages > {CONTENTS_AFTER_PAGES} or headings >= {CONTENTS_FROM_HEADINGS} {{ outline(title: [{}], depth: 2) }} }}\n",
        w.contents
    )
}
