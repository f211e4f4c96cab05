//! `rules.pdf`: the rulebook alone, typeset from the rules' Markdown with the front matter and
//! a page of credits, until the fonts it credits are the fonts it embeds.

use std::collections::BTreeSet;

use crate::error::Result;
use crate::pdf::figures::FacePages;
use crate::pdf::import::{bookmarks, place_faces};
use crate::rulebook::credits;
use crate::rulebook::markdown;
use crate::rulebook::typeset::{Laid, TypesetCache, TypstWorld, typst_lang};

use super::assets::{GameAssets, Pictured, stand_ins};
use super::cover::cover_art;
use super::credits::credits_block;
use super::front_matter::{contents, front_matter, game_style, own_cover};
use super::inputs::{RulesBook, RulesInput};
use super::kept::{kept_or_made, key_of};
use super::marks::{CONTENTS_MARK, CREDITS_MARK, RULES_END_MARK, RULES_START_MARK};
use super::plan::RULES;

/// The Typst file of the rulebook's credits, included at the end of the rules.
const RULES_CREDITS_FILE: &str = "/protopress-credits.typ";

/// The rules in the game's columns, then the credits on a page of their own (which the kit
/// leaves out for its own); ends back in one column on plain paper.
fn rules_body(rules: &RulesMarkup, files: &mut Vec<(String, Vec<u8>)>) -> String {
    let mut s = format!(
        "\n#pagebreak(weak: true)\n#set page(columns: rulebook-columns)\n#metadata(none) <{RULES_START_MARK}>\n"
    );
    s.push_str(&rules.typst);
    for (path, bytes) in &rules.files {
        if !files.iter().any(|(p, _)| p == path) {
            files.push((path.clone(), bytes.clone()));
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

/// The rules' Markdown as Typst, with the files it refers to (images, icons, the faces of
/// figures): converted once, then set in each pass of the rulebook.
struct RulesMarkup {
    typst: String,
    files: Vec<(String, Vec<u8>)>,
    /// The icons its text and the faces it pictures draw (its cover's too, once made).
    icons: BTreeSet<String>,
    /// The faces its figures and images picture.
    pictured: Pictured,
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
        // Icons in the text are files of their own; those on a pictured face are in its SVG.
        let faces = &input.faces.faces;
        let mut icons = credits::icons_drawn(
            &input.faces.icons,
            assets.pictured.values().map(|&i| faces[i].svg.as_str()),
        );
        icons.extend(assets.files.iter().filter_map(|(path, _)| {
            let name = path.strip_prefix("icons/")?.strip_suffix(".svg")?;
            Some(name.to_owned())
        }));
        Ok(RulesMarkup {
            typst,
            files: assets.files,
            icons,
            pictured: assets.pictured,
        })
    }
}

/// The rulebook alone, crediting every font it embeds: laid out first crediting the fonts it
/// credited last (remembered by the build cache, or in watch and serve by the session), else
/// none, then again until its credits name all it embeds. The faces it pictures are drawn into
/// it after Typst, and their fonts credited with Typst's.
pub fn rules_pdf(input: &RulesInput) -> Result<RulesBook> {
    let style = game_style(input.game)?;
    let mut rules = RulesMarkup::new(input)?;
    let front = Front::new(input, &style, &mut rules)?;
    let assets = GameAssets::new(input.game, input.faces, input.fonts).sharing(input.trees);
    // The fonts credited last time (in this process, or kept on disk) are the first guess.
    let ident = format!("{}-rules", input.game.id);
    let key = format!("{ident} {}", input.game.file.language);
    let lay =
        |fonts: &BTreeSet<String>| rules_typeset(input, (&rules, &front), &style, fonts, &ident);
    // Faces the cache did not keep are drawn beside Typst (by the other core once the sheets
    // are done). The faces' fonts, which Typst does not embed (each face is a stand-in
    // to it), are credited at once when the cache kept the faces: crediting only Typst's
    // first, then the faces' again, laid out a rulebook that changed nothing twice.
    let no_fonts = (BTreeSet::new(), BTreeSet::new());
    let (typeset, faces) =
        assets.typeset_with_faces(&front.pictured, (input.cache, &key), no_fonts, lay)?;
    let bookmarks = bookmarks(&typeset.pdf).map_err(|e| e.game(&input.game.id))?;
    // The contents page follows the cover.
    let cover_pages = typeset.marks.get(CONTENTS_MARK).map_or(1, |p| p - 1);
    let credits_pages = typeset
        .marks
        .get(CREDITS_MARK)
        .map_or(0, |p| typeset.pages + 1 - p);
    let pdf = with_faces(input.cache, typeset.pdf, &faces).map_err(|e| e.game(&input.game.id))?;
    Ok(RulesBook {
        pdf,
        pages: typeset.pages,
        cover_pages: cover_pages.max(1),
        fonts: typeset.fonts,
        icons: rules.icons,
        credits_pages,
        bookmarks,
        laid_now: typeset.laid_now,
    })
}

/// The typeset rulebook with its pictured faces in their stand-ins' places, or the same kept
/// by an earlier build.
fn with_faces(
    cache: Option<&TypesetCache>,
    typeset: Vec<u8>,
    faces: &FacePages,
) -> Result<Vec<u8>> {
    if faces.faces.is_empty() {
        return Ok(typeset);
    }
    let key = || key_of([typeset.as_slice(), &faces.pdf]);
    kept_or_made(cache, key, RULES, || place_faces(&typeset, faces))
}

/// What the rulebook holds besides its rules, the same in every pass: its cover when
/// protopress draws it, the faces it pictures (the cover's and the rules'), and the files of
/// its world beside the rules' own (the cover's, and every picture's stand-in).
struct Front {
    art: Option<String>,
    pictured: Pictured,
    files: Vec<(String, Vec<u8>)>,
}

impl Front {
    /// Made once; the icons on the cover's faces join those `rules` credits.
    fn new(input: &RulesInput, style: &str, rules: &mut RulesMarkup) -> Result<Front> {
        let mut cover = GameAssets::new(input.game, input.faces, input.fonts).sharing(input.trees);
        let art = own_cover(style)
            .then(|| cover_art(input.game, input.faces, &mut cover))
            .flatten();
        let faces = &input.faces.faces;
        let on_cover = cover.pictured.values().map(|&i| faces[i].svg.as_str());
        let icons = credits::icons_drawn(&input.faces.icons, on_cover);
        rules.icons.extend(icons);
        let mut pictured = rules.pictured.clone();
        pictured.extend(cover.pictured);
        let mut files = cover.files;
        files.extend(stand_ins(&pictured)?);
        Ok(Front {
            art,
            pictured,
            files,
        })
    }
}

fn rules_typeset<'c>(
    input: &RulesInput<'c>,
    (rules, front): (&RulesMarkup, &Front),
    style: &str,
    fonts: &BTreeSet<String>,
    ident: &str,
) -> Result<Laid<'c>> {
    let mut markup = front_matter(input.game, false, style, front.art.as_deref());
    // After the cover's last page, even one that does not end with a page break.
    markup.push_str(&format!(
        "\n#pagebreak(weak: true)\n#metadata(none) <{CONTENTS_MARK}>"
    ));
    markup.push_str(&contents(input.game));
    let mut files = front.files.clone();
    markup.push_str(&rules_body(rules, &mut files));
    let mut project = TypstWorld::new(markup, input.date);
    project.add_include(
        RULES_CREDITS_FILE,
        credits_block(
            (input.game, &input.faces.icons),
            fonts,
            &rules.icons,
            "rules-credits",
            false,
        )?,
    );
    for (path, bytes) in files {
        project.add_file(&path, bytes);
    }
    project
        .lay_out(ident, input.cache)
        .map_err(|e| match e.file {
            Some(_) => e.game(&input.game.id),
            None => e.game(&input.game.id).in_file(&input.rules.file),
        })
}
