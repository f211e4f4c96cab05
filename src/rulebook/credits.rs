//! The credits a rulebook and a kit print: every font the finished PDF embeds (read from the
//! laid-out pages, the text of their SVG images included, or from a written PDF, so the body
//! font, the card fonts and the emoji font cannot be forgotten) and every icon set the game's
//! templates can use, from its `CREDITS.md`.

use std::collections::BTreeSet;
use std::path::Path;

use crate::error::Result;
use crate::model::Game;
use crate::project::Project;
use crate::rulebook::embedded::TYPESET_FONTS;
pub use crate::rulebook::embedded::pdf_font_families;
use crate::rulebook::markdown::escape;
use crate::rulebook::typeset::{Laid, Typeset, TypesetCache};
use crate::rulebook::words::{Credits, words};
use crate::text::fit::{IconOrigin, Icons};
use crate::text::fonts::BUNDLED;

const OFL: (&str, &str) = ("SIL Open Font License 1.1", "openfontlicense.org");
const DEJAVU: (&str, &str, &str) = (
    "Bitstream, Inc. and the DejaVu fonts team",
    "Bitstream Vera Fonts licence (DejaVu's changes in the public domain)",
    "dejavu-fonts.github.io/License.html",
);

/// A font's family, its authors, its licence and where to read the licence.
type FontLicence = (&'static str, &'static str, &'static str, &'static str);

/// Who made each font protopress and the typesetter bring, its licence by name and where a
/// reader finds the licence's text.
const FONT_LICENCES: [FontLicence; 7] = [
    ("Noto Sans", "Google", OFL.0, OFL.1),
    ("Noto Emoji", "Google", OFL.0, OFL.1),
    ("DejaVu Sans Condensed", DEJAVU.0, DEJAVU.1, DEJAVU.2),
    ("DejaVu Sans Mono", DEJAVU.0, DEJAVU.1, DEJAVU.2),
    ("DejaVu Sans", DEJAVU.0, DEJAVU.1, DEJAVU.2),
    (
        "Libertinus Serif",
        "The Libertinus Project Authors",
        OFL.0,
        OFL.1,
    ),
    (
        "New Computer Modern",
        "Antonis Tsolomitis",
        "GUST Font License",
        "www.gust.org.pl/projects/e-foundry/licenses",
    ),
];

/// The credit line of a font family: its name, its authors, its licence and where to read
/// it. A game's own font, whose licence protopress cannot know, is named as the game's own.
fn font_credit(family: &str, w: &Credits) -> String {
    FONT_LICENCES
        .iter()
        .find(|f| f.0 == family)
        .map(|(family, by, licence, url)| {
            let (by, licence) = (in_words(by, w), in_words(licence, w));
            format!("{family}, {by}: {licence}, {url}")
        })
        .or_else(|| {
            BUNDLED
                .iter()
                .find(|f| f.family == family)
                .map(|f| f.credit.to_owned())
        })
        .or_else(|| {
            TYPESET_FONTS
                .iter()
                .find(|f| f.1 == family)
                .map(|f| f.2.to_owned())
        })
        .unwrap_or_else(|| w.own_font.replace("{}", family))
}

/// A maker or licence of [`FONT_LICENCES`] in the kit's language: the names of the DejaVu
/// fonts' makers and licence are descriptions, the others proper names.
fn in_words<'a>(text: &'a str, w: &'a Credits) -> &'a str {
    match text {
        t if t == DEJAVU.0 => &w.dejavu_makers,
        t if t == DEJAVU.1 => &w.dejavu_licence,
        t => t,
    }
}

/// The credit lines of `fonts`, the families of one maker under one licence in one line
/// ("Noto Emoji and Noto Sans, Google: …"), in the order of their first family.
fn font_credits(fonts: &BTreeSet<String>, w: &Credits) -> Vec<String> {
    let mut known: Vec<(Vec<&str>, &FontLicence)> = Vec::new();
    let mut lines = Vec::new();
    for family in fonts {
        match FONT_LICENCES.iter().find(|f| f.0 == family) {
            Some(licence) => match known
                .iter_mut()
                .find(|(_, l)| (l.1, l.2, l.3) == (licence.1, licence.2, licence.3))
            {
                Some((families, _)) => families.push(family),
                None => {
                    // Its place among the lines, filled in once every family is known.
                    lines.push(String::new());
                    known.push((vec![family], licence));
                }
            },
            None => lines.push(font_credit(family, w)),
        }
    }
    let mut groups = known.into_iter();
    for line in lines.iter_mut().filter(|l| l.is_empty()) {
        let Some((families, (_, by, licence, url))) = groups.next() else {
            break;
        };
        let names = match families.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} {} {last}", rest.join(", "), w.and)
            }
            _ => families.join(""),
        };
        let (by, licence) = (in_words(by, w), in_words(licence, w));
        *line = format!("{names}, {by}: {licence}, {url}");
    }
    lines
}

/// The names of the game's icons (`icons`, as the faces were drawn with) that `svgs` draw (a
/// face, or a figure's face). An icon is drawn as a nested `<svg x=… viewBox=… color=…>`
/// holding the icon file's markup as it is, so that markup names it.
pub fn icons_drawn<'s>(icons: &Icons, svgs: impl IntoIterator<Item = &'s str>) -> BTreeSet<String> {
    let by_body: std::collections::HashMap<&str, &str> = icons
        .names()
        .filter_map(|name| Some((icons.get(name)?.body.as_str(), name)))
        .collect();
    let mut out = BTreeSet::new();
    if by_body.is_empty() {
        return out;
    }
    let start = memchr::memmem::Finder::new("<svg x=");
    let end = memchr::memmem::Finder::new("</svg>");
    for svg in svgs {
        for at in start.find_iter(svg.as_bytes()) {
            let rest = &svg[at..];
            let Some(open) = rest.find('>') else { continue };
            let body = &rest[open + 1..];
            let Some(close) = end.find(body.as_bytes()) else {
                continue;
            };
            if let Some(name) = by_body.get(&body[..close]) {
                out.insert((*name).to_owned());
            }
        }
    }
    out
}

/// The credit of each icon set whose icons are `drawn` (of `icons`): the first paragraph of a
/// folder's `CREDITS.md` (a plain line for a folder without one), and for the built-in set
/// its credit naming the icons of it the kit uses, each with its game-icons.net name.
pub fn icon_credits(game: &Game, icons: &Icons, drawn: &BTreeSet<String>) -> Result<Vec<String>> {
    let project: &Project = &game.project;
    let [game_dir, common_dir] = Project::icon_dirs(&game.id);
    let origin = |name: &str| icons.get(name).map(|icon| icon.origin);
    let w = &words(game).credits;
    let mut out = Vec::new();
    for (dir, from) in [
        (&game_dir, IconOrigin::Game),
        (&common_dir, IconOrigin::Common),
    ] {
        if !drawn.iter().any(|name| origin(name) == Some(from)) {
            continue;
        }
        let text = credits_file(project, dir, &game.langs.current)?;
        let credit = text.as_deref().and_then(first_paragraph);
        let credit = credit.unwrap_or_else(|| w.no_icon_credits.to_owned());
        if !out.contains(&credit) {
            out.push(credit);
        }
    }
    let built_in: Vec<String> = drawn
        .iter()
        .filter(|name| origin(name) == Some(IconOrigin::BuiltIn))
        .map(|name| match crate::library::icon_source(name) {
            Some(original) if original != name => format!("{name} ({original})"),
            _ => name.clone(),
        })
        .collect();
    if !built_in.is_empty() {
        let credit = &w.builtin_icons;
        let used = w.icons_used.replace("{}", &built_in.join(", "));
        out.push(format!("{credit} {used}"));
    }
    Ok(out)
}

/// An icon folder's credits in the kit's language: `CREDITS.de-CH.md`, `CREDITS.de.md`, then
/// `CREDITS.md`; none without any.
fn credits_file(project: &Project, dir: &Path, lang: &str) -> Result<Option<String>> {
    let base = crate::model::lang::base(lang);
    for name in [format!("CREDITS.{lang}.md"), format!("CREDITS.{base}.md")] {
        if let Some(text) = project.read_optional_text(&dir.join(name))? {
            return Ok(Some(text));
        }
    }
    project.read_optional_text(&dir.join("CREDITS.md"))
}

/// The first paragraph after the title of a Markdown file, on one line.
fn first_paragraph(md: &str) -> Option<String> {
    let para: Vec<&str> = md
        .lines()
        .skip_while(|l| l.trim().is_empty() || l.starts_with('#'))
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    (!para.is_empty()).then(|| para.join(" "))
}

/// The credits section in the words of `w`, its heading labelled `label`: the fonts in
/// `fonts`, the icon sets and the tool.
pub fn markup(
    fonts: &BTreeSet<String>,
    icons: &[String],
    w: &Credits,
    label: &str,
    outlined: bool,
) -> String {
    // One block: the credits never start at a page's foot and end on the next.
    let mut s = format!(
        "\n#block(breakable: false)[\n#set text(hyphenate: false)\n#set par(justify: false)\n#heading(level: 1, outlined: {outlined}, bookmarked: true)[{}] <{label}>\n\n",
        w.title
    );
    if !fonts.is_empty() {
        let list: Vec<String> = font_credits(fonts, w).iter().map(|c| escape(c)).collect();
        s.push_str(&format!("*{}* {}.\n\n", w.fonts, list.join("; ")));
    }
    for credit in icons {
        s.push_str(&format!("*{}* {}\n\n", w.icons, escape(credit)));
    }
    s.push_str(&format!("{}\n]\n\n", w.tool));
    s
}

/// Typesets with credits naming exactly the fonts of the result: lays out crediting `guess`,
/// takes the fonts the result embeds (with `elsewhere`, the fonts of pages added to it later)
/// and lays out again, crediting those, until the two agree. Only the last pass is written as
/// PDF; a good guess costs one pass. The result's `fonts` are those it embeds, with
/// `elsewhere` (the fonts it credits, once the passes agree).
pub fn typeset_crediting_fonts<'c>(
    guess: BTreeSet<String>,
    elsewhere: &BTreeSet<String>,
    mut typeset: impl FnMut(&BTreeSet<String>) -> Result<Laid<'c>>,
) -> Result<Typeset> {
    let mut fonts = guess;
    let mut laid = typeset(&fonts)?;
    // Laid out now if any pass was, though the last came from the cache.
    let mut laid_now = laid.laid_now;
    // The credits are set in the body font, so naming a font seldom brings another; should it
    // keep changing, the last passes credit every font seen rather than loop on.
    for pass in 0..4 {
        let found = &laid.fonts | elsewhere;
        if found == fonts {
            break;
        }
        fonts = if pass < 2 { found } else { &fonts | &found };
        laid = typeset(&fonts)?;
        laid_now |= laid.laid_now;
    }
    let mut out = laid.into_typeset()?;
    out.fonts = &out.fonts | elsewhere;
    out.laid_now = laid_now;
    Ok(out)
}

/// [`typeset_crediting_fonts`] for a document the cache knows as `key` (its ident and
/// language): the first guess is what it credited last time, else `fallback`, and what it
/// credits now is remembered for the next build. A wrong guess costs a layout of the whole
/// document, and only the last pass is kept in the cache.
pub fn typeset_crediting_remembered<'c>(
    cache: Option<&TypesetCache>,
    key: &str,
    fallback: impl FnOnce() -> BTreeSet<String>,
    elsewhere: &BTreeSet<String>,
    typeset: impl FnMut(&BTreeSet<String>) -> Result<Laid<'c>>,
) -> Result<Typeset> {
    let guess = cache.and_then(|c| c.credited(key)).unwrap_or_else(fallback);
    let out = typeset_crediting_fonts(guess, elsewhere, typeset)?;
    if let Some(cache) = cache {
        cache.remember_credited(key, &out.fonts);
    }
    Ok(out)
}

/// `typeset`, laid out once more by `lay` when it does not credit all of `elsewhere` (the
/// fonts of faces drawn beside its first layout, which may bring one of their own), then
/// crediting those too, and what it credits remembered for the next build under `key`; as it
/// is otherwise. Most of that pass is memoised.
pub fn credit_also<'c>(
    typeset: Typeset,
    elsewhere: &BTreeSet<String>,
    (cache, key): (Option<&TypesetCache>, &str),
    lay: impl FnMut(&BTreeSet<String>) -> Result<Laid<'c>>,
) -> Result<Typeset> {
    if elsewhere.is_subset(&typeset.fonts) {
        return Ok(typeset);
    }
    let mut again = typeset_crediting_fonts(&typeset.fonts | elsewhere, elsewhere, lay)?;
    again.laid_now |= typeset.laid_now;
    if let Some(cache) = cache {
        cache.remember_credited(key, &again.fonts);
    }
    Ok(again)
}

/// The fonts of the given PDFs together.
pub fn fonts_of<'a>(pdfs: impl IntoIterator<Item = &'a [u8]>) -> BTreeSet<String> {
    pdfs.into_iter().flat_map(pdf_font_families).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulebook::words::shipped_words;

    /// A pass of the crediting loop, standing for a document with `pdf`'s fonts.
    fn pass(pdf: &[u8], pages: usize) -> Laid<'static> {
        Laid::written(pdf.to_vec(), pages, pdf_font_families(pdf))
    }

    #[test]
    fn families_come_from_postscript_names() {
        let pdf = b"<< /BaseFont /ABCDEF+LibertinusSerif-Italic >> << /BaseFont/QWERTY+DejaVuSansCondensed-Bold >> /BaseFont /NotoSans-Bold /BaseFont /XYZABC+MyGameFont-Regular << /Type /FontDescriptor /FontName /KLMNOP+ColourEmoji >>";
        let fams: Vec<String> = pdf_font_families(pdf).into_iter().collect();
        assert_eq!(
            fams,
            [
                "ColourEmoji",
                "DejaVu Sans Condensed",
                "Libertinus Serif",
                "MyGameFont",
                "Noto Sans"
            ]
        );
        let (english, german) = (shipped_words("en"), shipped_words("de"));
        let (en, de) = (&english.credits, &german.credits);
        assert!(font_credit("Libertinus Serif", en).contains("Open Font License"));
        assert!(font_credit("MyGameFont", en).contains("the game's own typeface"));
        assert!(font_credit("MyGameFont", de).starts_with("MyGameFont, die eigene Schrift"));
        // Bundled fonts name their makers, licence and where to read it; one maker's fonts
        // under one licence share a line.
        let fonts: BTreeSet<String> = ["Noto Sans", "DejaVu Sans Mono", "Noto Emoji", "MyGameFont"]
            .map(str::to_owned)
            .into_iter()
            .collect();
        assert_eq!(
            font_credits(&fonts, en),
            [
                "DejaVu Sans Mono, Bitstream, Inc. and the DejaVu fonts team: Bitstream Vera Fonts licence (DejaVu's changes in the public domain), dejavu-fonts.github.io/License.html",
                "MyGameFont, the game's own typeface, under the licence of its makers",
                "Noto Emoji and Noto Sans, Google: SIL Open Font License 1.1, openfontlicense.org",
            ]
        );
        assert!(font_credits(&fonts, de)[2].starts_with("Noto Emoji und Noto Sans, Google"));
    }

    #[test]
    fn credits_list_every_font_and_icon_set() {
        let fonts: BTreeSet<String> = ["Noto Sans".to_owned(), "Libertinus Serif".to_owned()]
            .into_iter()
            .collect();
        let m = markup(
            &fonts,
            &["Icons by someone, CC BY 3.0.".to_owned()],
            &shipped_words("en").credits,
            "rules-credits",
            false,
        );
        assert!(m.contains("Libertinus Serif, The Libertinus"), "{m}");
        assert!(
            m.contains("Noto Sans, Google: SIL Open Font License 1\\.1, openfontlicense"),
            "{m}"
        );
        assert!(m.contains("CC BY 3\\.0"), "{m}");
        assert_eq!(
            first_paragraph("# Title\n\nLine one\nline two.\n\nMore.").as_deref(),
            Some("Line one line two.")
        );
    }

    #[test]
    fn german_credits_use_german_labels() {
        let fonts: BTreeSet<String> = ["Noto Sans".to_owned()].into_iter().collect();
        let m = markup(
            &fonts,
            &["Icons.".to_owned()],
            &shipped_words("de").credits,
            "kit-credits",
            true,
        );
        assert!(m.contains("[Nachweise] <kit-credits>"), "{m}");
        assert!(m.contains("*Schriften.* Noto Sans"), "{m}");
        assert!(m.contains("*Symbole.* Icons"), "{m}");
        assert!(
            m.contains("*Gesetzt und ausgeschossen* mit protopress"),
            "{m}"
        );
        assert!(!m.contains("Credits") && !m.contains("Type."), "{m}");
    }

    #[test]
    fn the_laid_out_pages_name_the_fonts_the_pdf_embeds() {
        use crate::rulebook::typeset::TypstWorld;
        // Body text, emoji by fallback, text in a tiling, and an SVG image whose text is set in
        // fonts the document itself never uses: plain, in a pattern, in a filtered group (drawn
        // as a picture) and in a clip path (drawn as outlines), the last two embedding no font.
        let svg = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
            <defs>
              <pattern id="p" width="8" height="8" patternUnits="userSpaceOnUse"><text y="6" font-family="DejaVu Sans Mono" font-size="6">x</text></pattern>
              <filter id="blur"><feGaussianBlur stdDeviation="1"/></filter>
            </defs>
            <text x="2" y="14" font-family="DejaVu Sans" font-size="10">Card</text>
            <rect width="40" height="4" fill="url(#p)"/>
            <g filter="url(#blur)"><text y="19" font-family="New Computer Modern" font-size="4">shadow</text></g>
            <clipPath id="c"><text y="12" font-family="New Computer Modern" font-size="12">CLIP</text></clipPath>
            <rect width="40" height="20" fill="#c33" clip-path="url(#c)"/>
          </svg>"##;
        let markup = "Text ☠️.\n\n#rect(width: 2cm, height: 1cm, fill: tiling(size: (1cm, 1cm), text(font: \"Noto Sans\")[x]))\n\n#image(\"face.svg\", width: 2cm)\n";
        let mut world = TypstWorld::new(markup.to_owned(), (2026, 1, 1));
        world.add_file("face.svg", svg.as_bytes().to_vec());
        let laid = world.lay_out("t", None).unwrap();
        let from_pages = laid.fonts.clone();
        let from_pdf = pdf_font_families(&laid.into_pdf().unwrap());
        assert_eq!(from_pages, from_pdf);
        for family in [
            "Libertinus Serif",
            "Noto Emoji",
            "DejaVu Sans Mono",
            "Noto Sans",
            "DejaVu Sans Condensed",
        ] {
            assert!(from_pages.contains(family), "{family}: {from_pages:?}");
        }
        assert!(
            !from_pages.contains("New Computer Modern"),
            "{from_pages:?}"
        );
    }

    #[test]
    fn a_guessed_font_the_result_does_not_embed_is_not_credited() {
        let guess: BTreeSet<String> = ["Noto Sans".to_owned(), "Unused Font".to_owned()]
            .into_iter()
            .collect();
        let mut credited = Vec::new();
        typeset_crediting_fonts(guess, &BTreeSet::new(), |fonts| {
            credited.push(fonts.clone());
            Ok(pass(b"/BaseFont /AAAAAA+NotoSans", 1))
        })
        .unwrap();
        assert_eq!(credited.len(), 2);
        assert_eq!(credited[1].iter().collect::<Vec<_>>(), ["Noto Sans"]);
    }

    #[test]
    fn fonts_of_pages_added_later_stay_credited() {
        // The kit's sheet pages are spliced in after typesetting: their fonts are never in the
        // typeset PDF, yet the finished kit embeds them.
        let sheets: BTreeSet<String> = ["Sheet Font".to_owned()].into_iter().collect();
        let mut credited = Vec::new();
        typeset_crediting_fonts(BTreeSet::new(), &sheets, |fonts| {
            credited.push(fonts.clone());
            Ok(pass(b"/BaseFont /AAAAAA+NotoSans", 1))
        })
        .unwrap();
        let last = credited.last().unwrap();
        assert!(
            last.contains("Sheet Font") && last.contains("Noto Sans"),
            "{last:?}"
        );
    }

    #[test]
    fn typesetting_repeats_until_every_font_is_credited() {
        let mut calls = 0;
        let out = typeset_crediting_fonts(BTreeSet::new(), &BTreeSet::new(), |fonts| {
            calls += 1;
            let mut pdf = b"/BaseFont /AAAAAA+NotoSans".to_vec();
            if fonts.contains("Noto Sans") {
                pdf.extend_from_slice(b" /BaseFont /BBBBBB+LibertinusSerif-Bold");
            }
            Ok(pass(&pdf, calls))
        })
        .unwrap();
        assert_eq!(out.pages, 3);
        // The fonts of the result come back with it.
        assert_eq!(
            out.fonts.into_iter().collect::<Vec<_>>(),
            ["Libertinus Serif", "Noto Sans"]
        );
    }
}
