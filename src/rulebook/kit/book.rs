//! `kit.pdf`: its cover, the rulebook's pages, the printing guide, the components page and
//! credits, calibration and every sheet, typeset with an empty page wherever a rulebook or
//! sheet page goes, then filled with those PDFs' own pages.

use std::collections::BTreeSet;

use crate::error::{Error, Result};
use crate::pdf::figures::FacePages;
use crate::pdf::import::{PageFill, fill_pages};
use crate::rulebook::credits;
use crate::rulebook::typeset::{Laid, Typeset, TypesetCache, TypstWorld};

use super::assets::{GameAssets, Pictured, stand_ins};
use super::checklist::components_page;
use super::cover::cover_art;
use super::credits::{credits_block, own_page_fonts};
use super::front_matter::{front_matter, game_style, own_cover};
use super::guide::guide_page;
use super::inputs::{KitBook, KitCount, KitInput, kit_words};
use super::kept::{kept_or_made, key_of};
use super::marks::{GUIDE_MARK, Numbers, PLAIN_END_MARK, RULES_MARK, SHEETS_START_MARK, Settled};
use super::plan::{KitPlan, RULES, blank, kit_plan, rules_pages, sheet_pages};

/// The whole kit: its cover, the rulebook's pages, the printing guide, the components page and
/// credits, calibration, sheets. The rulebook is not typeset again: the kit holds an empty page
/// for each of its pages, with its bookmarks, and takes `rules.pdf`'s own pages after Typst,
/// as it does the sheets'. Its credits name every font it embeds: those Typst sets on its own
/// pages, guessed from its own pages' fonts, and the rulebook's and sheets' it takes as they are.
pub fn kit_pdf(input: &KitInput) -> Result<KitBook> {
    let game = input.game;
    // The icons the kit draws: on its faces, and in the rulebook's text.
    let icons = &input.faces.icons;
    let mut drawn = credits::icons_drawn(icons, input.faces.faces.iter().map(|f| f.svg.as_str()));
    if let Some(book) = input.rules {
        drawn.extend(book.icons.iter().cloned());
    }
    let style = game_style(game)?;
    let plan = kit_plan(input);
    // The pages other PDFs fill, the same in every layout of the kit.
    let (rules_markup, rules_fills) = rules_pages(input);
    let (sheets_markup, sheets, sheet_fills) = sheet_pages(input, &plan);
    let first_sheet_slot = sheet_fills.first().map(|f| f.target);
    let mut fills = [rules_fills, sheet_fills].concat();
    let pictured = kit_pictured(input, &style, &plan);
    let own = KitOwn {
        style: &style,
        fonts: &BTreeSet::new(),
        drawn: &drawn,
        plan: &plan,
        filled: (&rules_markup, &sheets_markup),
        pictured: &pictured,
    };
    let (typeset, faces) = typeset_with_faces(input, &own)?;
    // The rulebook's pages follow the kit's cover, however long; the sheet pages are the last
    // `sheets` pages. Fill them with the rulebook's and sheets' own pages.
    let total = typeset.pages;
    if let Some(first) = first_sheet_slot {
        let at = typeset.marks.get(SHEETS_START_MARK).copied();
        check_sheet_pages(at, first, sheets, total).map_err(|e| e.game(&game.id))?;
    }
    let (rules_start, sheets_start) = (typeset.marks.get(RULES_MARK), total - sheets);
    for f in &mut fills {
        f.target += match f.file == RULES {
            true => rules_start.map_or(0, |p| p - 1),
            false => sheets_start,
        };
    }
    let sources = sources(input);
    let bytes = assembled(input.cache, &typeset.pdf, (&sources, &fills), &faces)
        .map_err(|e| e.game(&game.id))?;
    let guide = typeset.marks.get(GUIDE_MARK).copied();
    Ok(KitBook {
        pdf: bytes,
        count: KitCount {
            total,
            front_and_rules: guide.map_or(0, |p| p - 1),
            sheet_slots: sheets,
            calibration: if game.single_sided() { 0 } else { 2 },
        },
        laid_now: typeset.laid_now,
    })
}

/// The kit laid out crediting every font it embeds, with the faces its own pages picture
/// drawn to take their places. Those faces' fonts are the sheets' own, credited with them, but
/// for a face no sheet prints (the back of a deck printed single-sided, on the cover).
fn typeset_with_faces(input: &KitInput, own: &KitOwn) -> Result<(Typeset, FacePages)> {
    let (taken, all) = fonts_to_credit(input);
    let key = format!("{}-kit {}", input.game.id, input.game.file.language);
    let lay = |fonts: &BTreeSet<String>| lay_out_counted(input, &KitOwn { fonts, ..*own });
    let assets = GameAssets::new(input.game, input.faces, input.fonts);
    assets.typeset_with_faces(own.pictured, (input.cache, &key), (all, taken), lay)
}

/// The faces the kit's own pages picture: its cover's and its components page's, found by
/// the functions that write those pages (the page numbers it prints change none of them).
fn kit_pictured(input: &KitInput, style: &str, plan: &KitPlan) -> Pictured {
    let mut assets = GameAssets::new(input.game, input.faces, input.fonts);
    if own_cover(style) {
        cover_art(input.game, input.faces, &mut assets);
    }
    components_page(input, &mut assets, (plan, first_numbers(input)));
    assets.pictured
}

/// What the kit is laid out from: its own pages' style, fonts to credit and icons drawn, the
/// print plan of the pages after them, and the markup of the empty pages other PDFs fill (the
/// rulebook's, the sheets').
#[derive(Clone, Copy)]
struct KitOwn<'a> {
    style: &'a str,
    fonts: &'a BTreeSet<String>,
    drawn: &'a BTreeSet<String>,
    plan: &'a KitPlan<'a>,
    filled: (&'a str, &'a str),
    /// The faces its pages picture, whose stand-ins its world holds.
    pictured: &'a Pictured,
}

/// The laid-out kit with its page numbers counted ([`Numbers`]): from a guess at the plain
/// part's length, then from what Typst laid out, which settles at once unless a number's
/// width moved a page. Should it never settle, or the pages not be laid out as counted, Typst
/// looks the numbers up itself.
fn lay_out_counted<'c>(input: &KitInput<'c>, own: &KitOwn) -> Result<Laid<'c>> {
    let mut numbers = first_numbers(input);
    let ident = format!("{}-kit", input.game.id);
    for _ in 0..3 {
        let world = kit_world(input, own, numbers)?;
        // A plain part's length found wrong before is not laid out again to find so.
        if let Some(marks) = world.laid_marks(&ident, input.cache)
            && let Some(next) = numbers.retry(marks.get(PLAIN_END_MARK).copied())
        {
            numbers = next;
            continue;
        }
        let laid = lay_out(&world, input, &ident)?;
        let end = laid.marks.get(PLAIN_END_MARK).copied();
        match numbers.settled(end, laid.pages, own.plan.slots.len()) {
            Settled::Yes => return Ok(laid),
            Settled::Retry(next) => {
                world.remember_marks(&ident, input.cache, &laid.marks);
                numbers = next;
            }
            Settled::LookUp => break,
        }
    }
    let world = kit_world(input, own, numbers.looked_up())?;
    lay_out(&world, input, &ident)
}

/// The page numbers the kit is first laid out with: counted from a guess at its plain part.
fn first_numbers(input: &KitInput) -> Numbers {
    Numbers::Counted {
        plain: plain_pages_guess(input),
        duplex: !input.game.single_sided(),
    }
}

/// The kit's Typst document, with its page numbers written as `numbers` says.
fn kit_world(input: &KitInput, own: &KitOwn, numbers: Numbers) -> Result<TypstWorld> {
    let game = input.game;
    let mut assets = GameAssets::new(game, input.faces, input.fonts);
    let art = own_cover(own.style).then(|| cover_art(game, input.faces, &mut assets));
    let mut markup = front_matter(game, true, own.style, art.flatten().as_deref());
    let (rules_markup, sheets_markup) = own.filled;
    markup.push_str(rules_markup);
    markup.push_str("\n#set page(columns: 1, fill: none)\n");
    markup.push_str(&guide_page(input, own.plan, numbers));
    markup.push_str(&components_page(input, &mut assets, (own.plan, numbers)));
    let icons = &input.faces.icons;
    let credits = credits_block((game, icons), own.fonts, own.drawn, "kit-credits", true)?;
    markup.push_str(&credits);
    // The printed sheets start on an odd page: the plain part is padded to whole sheets.
    markup.push_str(&numbers.plain_part_end(&blank(&kit_words(input))));
    markup.push_str(sheets_markup);
    // The kit's pages are mostly other PDFs' pages: untagged, it claims no structure that
    // would not fit them.
    let mut project = TypstWorld::new(markup, input.date).untagged();
    // The stand-ins are those of the faces `kit_pictured` found, the ones drawn: a face
    // pictured here and not there would have no stand-in, and Typst would stop on a missing
    // file the designer never wrote.
    if let Some(path) = assets
        .pictured
        .keys()
        .find(|p| !own.pictured.contains_key(*p))
    {
        let missing = format!("internal: the kit pictures {path}, which was not drawn for it");
        return Err(Error::new(missing).game(&game.id));
    }
    for (path, bytes) in assets.files.into_iter().chain(stand_ins(own.pictured)?) {
        project.add_file(&path, bytes);
    }
    Ok(project)
}

/// `world` laid out, an error named after the game.
fn lay_out<'c>(world: &TypstWorld, input: &KitInput<'c>, ident: &str) -> Result<Laid<'c>> {
    (world.lay_out(ident, input.cache)).map_err(|e| e.game(&input.game.id))
}

/// A first guess at the pages of the kit's plain part: the cover, the rulebook's pages, the
/// printing guide, and the components page and credits, which take a page and one more for
/// each dozen components. A wrong guess costs one more layout, most of it memoised. The guess
/// is the input's alone, never the last build's: should two lengths both bear themselves out,
/// the same game must still reach the same one.
fn plain_pages_guess(input: &KitInput) -> usize {
    let rules = input.rules.map_or(0, |b| {
        b.pages
            .saturating_sub(b.cover_pages)
            .saturating_sub(b.credits_pages)
    });
    let components = input.components.len() / 12 + 1;
    1 + rules + 1 + components
}

/// The fonts of the pages the kit takes from other PDFs (the sheets' and the rulebook's), and
/// with them its own pages': the first guess at the fonts it credits when it credited none
/// before. Whichever the guess, it ends in the same credits: each pass credits what the last
/// embedded, and a font's name, set in the body font, embeds nothing of its own.
fn fonts_to_credit(input: &KitInput) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut taken = credits::fonts_of(input.sheet_pdfs.iter().map(|(_, b)| b.as_slice()));
    if let Some(book) = input.rules {
        taken.extend(book.fonts.iter().cloned());
    }
    let mut all = taken.clone();
    all.extend(own_page_fonts(input.rules.is_some()));
    (taken, all)
}

/// `target` with the pages `fills` names filled from `sources` and its pictured faces placed,
/// or the same taken from the build cache, where an earlier build kept the kit it filled from
/// these very bytes: filling is a third of a 10,000-card deck's rebuild that changed nothing.
fn assembled(
    cache: Option<&TypesetCache>,
    target: &[u8],
    (sources, fills): (&[(&str, &[u8])], &[PageFill]),
    faces: &FacePages,
) -> Result<Vec<u8>> {
    let key = || {
        let fills: Vec<String> = fills
            .iter()
            .map(|f| format!("{} {} {}", f.target, f.file, f.page))
            .collect();
        let named = sources
            .iter()
            .flat_map(|(name, bytes)| [name.as_bytes(), bytes]);
        key_of(
            [target, &faces.pdf]
                .into_iter()
                .chain(named)
                .chain(fills.iter().map(|f| f.as_bytes())),
        )
    };
    kept_or_made(cache, key, super::KIT_PDF, || {
        fill_pages(target, sources, fills, faces)
    })
}

/// The PDFs whose pages fill the kit's empty ones: the sheets, and the rulebook if any.
fn sources<'a>(input: &'a KitInput) -> Vec<(&'a str, &'a [u8])> {
    let mut sources: Vec<(&str, &[u8])> = input
        .sheet_pdfs
        .iter()
        .map(|(name, b)| (name.as_str(), b.as_slice()))
        .collect();
    if let Some(book) = input.rules {
        sources.push((RULES, &book.pdf));
    }
    sources
}

/// Checks that Typst laid out every sheet page: the first, labelled at page `at`, must stand
/// where the pages after it say, counted back from the kit's `total` pages (the `sheets`
/// places of the sheet part, the first sheet page at place `first`). A lost page would
/// otherwise put every sheet after it one page off, fronts on backs.
fn check_sheet_pages(at: Option<usize>, first: usize, sheets: usize, total: usize) -> Result<()> {
    let help = "this is a fault in protopress, not in the game, and the sheet PDFs beside the \
                kit are right: print those, and report it with `protopress --version` and the \
                game's folder";
    let Some(at) = at else {
        return Err(Error::new("internal: the kit's first sheet page lost its label").help(help));
    };
    if at + sheets == total + 1 + first {
        return Ok(());
    }
    Err(Error::new(format!(
        "internal: the kit laid out {} pages from its first sheet page on, for {} sheet and \
         blank pages",
        (total + 1).saturating_sub(at),
        sheets - first
    ))
    .help(help))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sheet_page_lost_or_a_label_missing_fails_the_kit() {
        // 10 plain pages, then 2 calibration pages and 20 sheet pages: the first sheet page
        // (place 2) is page 13 of 32.
        assert!(check_sheet_pages(Some(13), 2, 22, 32).is_ok());
        let lost = check_sheet_pages(Some(13), 2, 22, 31)
            .unwrap_err()
            .to_string();
        assert!(
            lost.contains("laid out 19 pages") && lost.contains("for 20"),
            "{lost}"
        );
        let unlabelled = check_sheet_pages(None, 2, 22, 32).unwrap_err().to_string();
        assert!(unlabelled.contains("lost its label"), "{unlabelled}");
    }
}
