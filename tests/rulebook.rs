//! The typeset rulebook and the assembled kit: page counts, bookmarks, text that survives
//! extraction, data quoted by the rules, component images, and errors that name rules.md.

mod common;

use std::path::Path;
use std::sync::OnceLock;

use common::{Pdf, Project, deck_game};
use lopdf::{Document, Object};
use protopress::assemble::{BuildOptions, Built};

fn opts(out: &Path) -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: out.to_path_buf(),
        mark_printed: false,
        layout: None,
    }
}

fn dtd() -> &'static Built {
    static BUILT: OnceLock<Built> = OnceLock::new();
    BUILT.get_or_init(|| {
        protopress::assemble::Session::new(
            &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
            &opts(&std::env::temp_dir()),
        )
        .build_in_memory("death-to-decorum")
        .unwrap()
    })
}

/// Every bookmark title of a PDF, depth first.
fn outline_titles(bytes: &[u8]) -> Vec<String> {
    let doc = Document::load_mem(bytes).unwrap();
    let root = doc
        .trailer
        .get(b"Root")
        .and_then(Object::as_reference)
        .unwrap();
    let catalog = doc.get_dictionary(root).unwrap();
    let Ok(outlines) = catalog.get(b"Outlines").and_then(Object::as_reference) else {
        return Vec::new();
    };
    let mut titles = Vec::new();
    fn walk(doc: &Document, id: lopdf::ObjectId, out: &mut Vec<String>) {
        let mut next = Some(id);
        while let Some(item) = next {
            let dict = doc.get_dictionary(item).unwrap();
            if let Ok(t) = dict.get(b"Title") {
                let raw = match t {
                    Object::String(b, _) => b.clone(),
                    _ => Vec::new(),
                };
                out.push(decode_pdf_string(&raw));
            }
            if let Ok(first) = dict.get(b"First").and_then(Object::as_reference) {
                walk(doc, first, out);
            }
            next = dict.get(b"Next").and_then(Object::as_reference).ok();
        }
    }
    if let Ok(first) = doc
        .get_dictionary(outlines)
        .unwrap()
        .get(b"First")
        .and_then(Object::as_reference)
    {
        walk(&doc, first, &mut titles);
    }
    titles
}

fn decode_pdf_string(raw: &[u8]) -> String {
    if raw.starts_with(&[0xFE, 0xFF]) {
        let units: Vec<u16> = raw[2..]
            .chunks(2)
            .map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)]))
            .collect();
        String::from_utf16_lossy(&units)
    } else {
        raw.iter().map(|&b| b as char).collect()
    }
}

/// The text of some pages; a page whose text cannot be read fails the test rather than read
/// as empty.
fn text_of(bytes: &[u8], pages: &[u32]) -> String {
    let doc = Document::load_mem(bytes).unwrap();
    doc.extract_text(pages)
        .unwrap_or_else(|e| panic!("the text of pages {pages:?} cannot be read: {e}"))
}

/// Page `page` of the kit reads as the same page of the rulebook, and has text to compare.
fn same_page_text(kit: &[u8], rules: &[u8], page: u32) {
    let (k, r) = (text_of(kit, &[page]), text_of(rules, &[page]));
    assert!(
        r.chars().filter(|c| c.is_alphanumeric()).count() >= 20,
        "page {page} of the rulebook has no text to compare: {r:?}"
    );
    assert_eq!(k, r, "page {page}");
}

/// The fixture game of `p`, built in memory.
fn build_fixture(p: &Project) -> Built {
    try_fixture(p).unwrap()
}

/// The error building the fixture game of `p` stops at.
fn fixture_error(p: &Project) -> protopress::error::Error {
    try_fixture(p).err().expect("the fixture was to fail")
}

fn try_fixture(p: &Project) -> protopress::error::Result<Built> {
    protopress::assemble::Session::new(
        &protopress::Project::open(p.root()).unwrap(),
        &opts(&p.out()),
    )
    .build_in_memory("fixture")
}

fn pages(bytes: &[u8]) -> usize {
    Pdf::load(bytes).pages.len()
}

#[test]
fn kit_pages_are_rules_components_calibration_and_sheets() {
    let b = dtd();
    let kit = b.pdf("kit.pdf").unwrap();
    let rules = pages(b.pdf("rules.pdf").unwrap());
    let sheets: usize = ["cards.pdf", "boards.pdf", "tokens.pdf"]
        .iter()
        .map(|f| pages(b.pdf(f).unwrap()))
        .sum();
    let k = &b.report.kit;
    // All the rulebook's pages but its credits page: the kit's own credits name it all.
    assert_eq!(k.front_and_rules, rules - 1);
    // Every sheet page once, plus the blank backs of single-sided pages.
    assert!(k.sheets >= sheets && k.sheets <= 2 * sheets, "{k:?}");
    assert_eq!(k.calibration, 2);
    // The guide page, the components page (the manifest may run over) and the padding to a
    // whole sheet.
    assert!((2..=5).contains(&k.components), "{k:?}");
    assert_eq!(pages(kit), rules - 1 + k.components + 2 + k.sheets);
    assert_eq!(k.total, pages(kit));
    assert!(k.total.is_multiple_of(2), "{k:?}");
}

#[test]
fn the_outline_lists_every_heading() {
    let b = dtd();
    let titles = outline_titles(b.pdf("rules.pdf").unwrap());
    let rules = protopress::render::rules::load(&b.game).unwrap().unwrap();
    let headings: Vec<String> = rules
        .markdown
        .lines()
        .filter(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_owned())
        .collect();
    assert!(headings.len() > 10);
    for h in &headings {
        assert!(
            titles.iter().any(|t| t == h),
            "no bookmark for {h:?}; bookmarks: {titles:?}"
        );
    }
    // The kit takes the rulebook's bookmarks with its pages, and adds the components page,
    // the calibration and every printed component.
    let kit_titles = outline_titles(b.pdf("kit.pdf").unwrap());
    for h in &headings {
        assert!(kit_titles.contains(h), "the kit has no bookmark {h:?}");
    }
    for t in [
        "Components",
        "Duplex calibration",
        "Facility Deck",
        "Central Time Tracking Board",
        "Combat Die",
    ] {
        assert!(
            kit_titles.iter().any(|k| k == t),
            "kit has no bookmark {t:?}"
        );
    }
}

/// The named destinations of a PDF: name → 0-based page.
fn named_pages(doc: &Document) -> std::collections::HashMap<Vec<u8>, usize> {
    let pages: Vec<lopdf::ObjectId> = doc.get_pages().into_values().collect();
    let root = doc
        .trailer
        .get(b"Root")
        .and_then(Object::as_reference)
        .unwrap();
    let names = doc.get_dictionary(root).unwrap().get(b"Names").unwrap();
    let names = match names {
        Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
        other => other.as_dict().unwrap(),
    };
    let tree = doc
        .get_dictionary(names.get(b"Dests").unwrap().as_reference().unwrap())
        .unwrap();
    let pairs = tree.get(b"Names").unwrap().as_array().unwrap();
    pairs
        .chunks(2)
        .map(|p| {
            let dest = match &p[1] {
                Object::Reference(id) => doc.get_object(*id).unwrap(),
                other => other,
            };
            let page = dest.as_array().unwrap()[0].as_reference().unwrap();
            let index = pages.iter().position(|&q| q == page).unwrap();
            (p[0].as_str().unwrap().to_vec(), index)
        })
        .collect()
}

#[test]
fn the_kit_holds_the_rulebooks_own_pages_with_their_links() {
    // The Captain is Dead's rules are long enough for a contents page.
    let b = protopress::assemble::Session::new(
        &protopress::Project::open(Path::new(env!("CARGO_MANIFEST_DIR"))).unwrap(),
        &opts(&std::env::temp_dir()),
    )
    .build_in_memory("the-captain-is-dead")
    .unwrap();
    let (rules, kit) = (b.pdf("rules.pdf").unwrap(), b.pdf("kit.pdf").unwrap());
    let n = pages(rules) as u32;
    // Its own cover, then the rulebook's pages after the rulebook's cover, as they are, but
    // its last, the credits, which the kit's own credits replace.
    assert!(text_of(kit, &[1]).contains("Print-and-play kit"));
    assert!(text_of(rules, &[1]).contains("Rulebook"));
    assert!(text_of(rules, &[n]).contains("Typeset and imposed"));
    assert!(!text_of(kit, &[n]).contains("Typeset and imposed"));
    for page in 2..n {
        same_page_text(kit, rules, page);
    }
    // The contents page's entries still jump to their headings, now pages of the kit.
    let doc = Document::load_mem(kit).unwrap();
    let contents = doc.get_pages()[&2];
    let annots = doc
        .get_dictionary(contents)
        .unwrap()
        .get(b"Annots")
        .unwrap()
        .as_array()
        .unwrap();
    let dests = named_pages(&doc);
    assert!(annots.len() > 5, "{} links", annots.len());
    for a in annots {
        let link = match a {
            Object::Reference(id) => doc.get_dictionary(*id).unwrap(),
            other => other.as_dict().unwrap(),
        };
        let name = link.get(b"Dest").unwrap().as_str().unwrap();
        let page = dests[name];
        assert!(
            (1..n as usize).contains(&page),
            "{} → page {page}",
            String::from_utf8_lossy(name)
        );
    }
}

#[test]
fn the_kit_is_untagged_and_the_rulebook_tagged() {
    // The kit is mostly other PDFs' pages, which a structure tree made for its empty pages
    // would describe wrongly; the rulebook alone keeps its tree for screen readers.
    let b = dtd();
    let catalog_has = |pdf: &[u8], key: &[u8]| {
        let doc = Document::load_mem(pdf).unwrap();
        let root = doc.trailer.get(b"Root").unwrap().as_reference().unwrap();
        doc.get_dictionary(root).unwrap().has(key)
    };
    assert!(!catalog_has(b.pdf("kit.pdf").unwrap(), b"StructTreeRoot"));
    assert!(!catalog_has(b.pdf("kit.pdf").unwrap(), b"MarkInfo"));
    assert!(catalog_has(b.pdf("rules.pdf").unwrap(), b"StructTreeRoot"));
}

/// A game made with `protopress new`, its `rules.typ` replaced by `style`, built in memory.
fn new_game_styled(id: &str, style: &str) -> Built {
    let dir = tempfile::tempdir().unwrap();
    protopress::scaffold::create(dir.path(), id).unwrap();
    let rules_typ = dir.path().join("data").join(id).join("rules.typ");
    std::fs::write(rules_typ, style).unwrap();
    protopress::assemble::Session::new(
        &protopress::Project::open(dir.path()).unwrap(),
        &opts(&dir.path().join("output")),
    )
    .build_in_memory(id)
    .unwrap()
}

#[test]
fn a_cover_of_two_pages_leaves_the_rulebook_whole_in_the_kit() {
    let built = new_game_styled(
        "two-covers",
        "#let protopress-cover(info) = {\n  page(header: none, footer: none)[#text(size: 30pt, info.name) #v(1cm) #info.what]\n  page(header: none, footer: none)[Inside cover of the #info.what.]\n}\n",
    );
    let (rules, kit) = (
        built.pdf("rules.pdf").unwrap(),
        built.pdf("kit.pdf").unwrap(),
    );
    let n = pages(rules) as u32;
    assert!(text_of(rules, &[1]).contains("Rulebook"));
    assert!(text_of(rules, &[2]).contains("Inside cover of the Rulebook"));
    // The kit's own two cover pages, then every rulebook page after its cover, once, then the
    // printing guide.
    assert!(text_of(kit, &[1]).contains("Print-and-play kit"));
    assert!(text_of(kit, &[2]).contains("Inside cover of the Print-and-play kit"));
    for page in 3..n {
        same_page_text(kit, rules, page);
    }
    // The rulebook's credits page stays out: the guide takes its place.
    assert!(text_of(kit, &[n]).contains("How to print this kit"));
    assert_eq!(built.report.kit.front_and_rules, n as usize - 1);
}

#[test]
fn a_cover_without_a_page_of_its_own_still_leaves_the_rules_in_the_kit() {
    let built = new_game_styled(
        "plain-cover",
        "#let protopress-cover(info) = [#text(size: 30pt, info.name) #v(1cm) #info.what]\n",
    );
    let (rules, kit) = (
        built.pdf("rules.pdf").unwrap(),
        built.pdf("kit.pdf").unwrap(),
    );
    // The rules start a page of their own (a rulebook this short has no contents page), which
    // the kit keeps.
    let first = text_of(rules, &[2]);
    assert!(
        !first.trim().is_empty() && !first.contains("Contents"),
        "{first}"
    );
    assert!(!text_of(rules, &[1]).contains(first.lines().nth(1).unwrap_or("")));
    assert!(text_of(kit, &[1]).contains("Print-and-play kit"));
    same_page_text(kit, rules, 2);
}

#[test]
fn rules_text_survives_extraction() {
    let b = dtd();
    // Too short for a contents page, its rules start on the page after the cover.
    let text = text_of(b.pdf("rules.pdf").unwrap(), &[2]);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    // Death to Decorum's look sets its headings in capitals.
    assert!(flat.contains("WELCOME TO THE FACILITY"), "{flat}");
    assert!(flat.contains("120-card Main Facility Deck"), "{flat}");
}

#[test]
fn a_changed_price_in_the_data_changes_the_rules() {
    let dir = common::copy_game("death-to-decorum");
    let game = dir.path().join("data/death-to-decorum/game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    assert!(yaml.contains("{ name: Medkit, price: 12,"));
    std::fs::write(
        &game,
        yaml.replace("{ name: Medkit, price: 12,", "{ name: Medkit, price: 17,"),
    )
    .unwrap();
    let built = protopress::assemble::Session::new(
        &protopress::Project::open(dir.path()).unwrap(),
        &opts(&dir.path().join("output")),
    )
    .build_in_memory("death-to-decorum")
    .unwrap();
    let rules = built.pdf("rules.pdf").unwrap();
    let all_pages: Vec<u32> = (1..=pages(rules) as u32).collect();
    let all = text_of(rules, &all_pages);
    let flat = all.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Medkit 17c"), "{flat}");
    assert!(!flat.contains("Medkit 12c"), "{flat}");
}

fn rules_game(rules: &str) -> Project {
    let p = deck_game("  paper: a4", "- name: Alpha\n  count: 2\n");
    p.write("data/fixture/rules.md", rules);
    p
}

#[test]
fn markdown_of_every_kind_typesets() {
    let p = rules_game(
        "# Rules\n\nA *justified* paragraph with **bold**, `code`, emoji ☠️ 🪓 and a [link](#setup).\n\n## Setup\n\n1. First\n   - nested *bullet*\n   - another\n2. Second\n\n> A block quote.\n\n---\n\n| Wide column with long text that wraps | n |\n| --- | ---: |\n| A cell with several words in it | 3 |\n\nThe card: ![Alpha](component:deck/alpha)\n\nSpecial # $ * _ < > @ [ ] ~ / = - + characters stay text.\n",
    );
    let built = build_fixture(&p);
    let rules = built.pdf("rules.pdf").unwrap();
    let flat = text_of(rules, &[2])
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        flat.contains("Special # $ * _ < > @ [ ] ~ / = - + characters stay text."),
        "{flat}"
    );
    // The component face is placed as a vector image (a form XObject), not a bitmap.
    let doc = Document::load_mem(rules).unwrap();
    let images = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream().is_ok_and(|s| {
                s.dict
                    .get(b"Subtype")
                    .and_then(Object::as_name)
                    .is_ok_and(|n| n == b"Image")
            })
        })
        .count();
    assert_eq!(images, 0, "the face must stay vector");
    assert!(outline_titles(rules).contains(&"Setup".to_owned()));
}

#[test]
fn raw_html_in_the_rules_names_the_line() {
    let p = rules_game("# Rules\n\nFine.\n\n<b>no</b>\n");
    let err = fixture_error(&p);
    assert!(err.file.as_ref().unwrap().ends_with("rules.md"), "{err}");
    assert_eq!(err.line, Some(5), "{err}");
}

#[test]
fn an_unknown_component_image_is_an_error() {
    let p = rules_game("# Rules\n\n![x](component:deck/omega)\n");
    let err = fixture_error(&p);
    assert!(err.message.contains("no card `omega`"), "{err}");
    assert!(!err.message.contains("did you mean"), "{err}");
    assert_eq!(err.line, Some(3));
    // A near miss of a card or a component is named.
    for (wrong, meant) in [("deck/alpah", "alpha"), ("dek/alpha", "deck")] {
        let p = rules_game(&format!("# Rules\n\n![x](component:{wrong})\n"));
        let err = fixture_error(&p);
        assert!(
            err.message.contains(&format!("(did you mean `{meant}`?)")),
            "{err}"
        );
    }
}

#[test]
fn a_tera_error_in_the_rules_names_the_line() {
    let p = rules_game("# Rules\n\nCosts {{ components.deck.nope.price }} coins.\n");
    let err = fixture_error(&p);
    assert!(err.file.as_ref().unwrap().ends_with("rules.md"), "{err}");
    assert_eq!(err.line, Some(3), "{err}");
}

#[test]
fn the_rulebook_is_deterministic() {
    let p = rules_game("# Rules\n\nSame every time.\n");
    let a = build_fixture(&p);
    let b = build_fixture(&p);
    assert_eq!(a.pdf("rules.pdf"), b.pdf("rules.pdf"));
    assert_eq!(a.pdf("kit.pdf"), b.pdf("kit.pdf"));
}

/// SVG art on a face the rulebook pictures is drawn as the sheets draw it, its text as text in
/// its own font, which the rulebook then credits. Both books used to fail on it (Typst takes
/// no SVG linked from an SVG).
#[test]
fn svg_art_on_a_pictured_face_is_typeset_with_its_text() {
    let books = |art_text: &str| {
        let p = rules_game("# Rules\n\nThe card: ![Alpha](component:deck/alpha)\n");
        p.write(
            "templates/fixture/front.svg.tera",
            "{% <face_svg bg=\"#ffffff\"> %}<image href=\"art/sigil.svg\" x=\"2\" y=\"20\" width=\"60\" height=\"30\"/>{% </face_svg> %}",
        );
        p.write(
            "templates/fixture/art/sigil.svg",
            &format!("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 20\"><circle cx=\"35\" cy=\"10\" r=\"4\" fill=\"#c33\"/>{art_text}</svg>"),
        );
        let built = build_fixture(&p);
        let ink = |name: &str| {
            protopress::pdf::ink::coverage(built.pdf(name).unwrap(), 72.0)
                .unwrap()
                .pages
        };
        (ink("rules.pdf"), ink("kit.pdf"))
    };
    let (rules, kit) = books(
        "<text x=\"1\" y=\"15\" font-size=\"14\" font-weight=\"bold\" font-family=\"DejaVu Sans Condensed\">Sigil</text>",
    );
    let (bare_rules, bare_kit) = books("");
    // The word's ink: on the cover (whose fan of pieces shows the card), the rulebook's
    // figure page and its credits (naming the word's font); in the kit, on the first two, on
    // the components page (a picture of the card) and on the card sheet (the kit's credits
    // named the font already: the sheets have always drawn the word in it).
    let gained = |with: &[f32], without: &[f32]| {
        with.iter()
            .zip(without)
            .filter(|(a, b)| *a - *b > 0.0005)
            .count()
    };
    assert_eq!(gained(&rules, &bare_rules), 3, "{rules:?} {bare_rules:?}");
    assert_eq!(gained(&kit, &bare_kit), 4, "{kit:?} {bare_kit:?}");
}

/// The components marker the check documents (`<!-- components -->` … `<!-- /components -->`)
/// is read by `check` and typesets as nothing in `build`: both commands take the same rules.
#[test]
fn the_components_marker_builds_and_checks() {
    let dir = common::copy_game("veil-runners");
    let rules = dir.path().join("data/veil-runners/rules.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    let (head, tail) = text.split_at(text.find("## What Is in the Kit").unwrap());
    let list = tail.find("\n- ").unwrap();
    let end = list + tail[list..].find("\n\n").unwrap();
    let marked = format!(
        "{head}{}\n\n<!-- components -->\n{}\n\n<!-- /components -->{}",
        &tail[..list],
        &tail[list..end],
        &tail[end..]
    );
    std::fs::write(&rules, marked).unwrap();
    let opts = BuildOptions {
        out_dir: dir.path().join("output"),
        ..BuildOptions::default()
    };
    let built =
        protopress::assemble::Session::new(&protopress::Project::open(dir.path()).unwrap(), &opts)
            .build_in_memory_in("veil-runners", Some("en"))
            .unwrap_or_else(|e| panic!("{e}"));
    let check = built.check.as_ref().expect("a manifest");
    assert!(check.failing().is_empty(), "{:?}", check.failing());
    // The marked list is the one the check read: its Crew Sheets line, 5, at its line.
    assert!(
        check
            .entries
            .iter()
            .any(|e| e.path == "Crew Sheets" && !e.stated.is_empty())
    );
    let text = common::pdf_text::flat(&common::pdf_text::pdf_lines(
        built.pdf("rules.pdf").unwrap(),
    ));
    assert!(
        text.contains("Crew Sheets") && !text.contains("components"),
        "{text}"
    );
}

/// A back no sheet prints (print-and-cut without backs) still shows on the kit's cover, drawn
/// there after Typst: its font is embedded and credited like any other the kit embeds. Shown
/// failing by crediting only the fonts of the sheets and the rulebook (the font was embedded,
/// uncredited).
#[test]
fn a_pictured_back_no_sheet_prints_has_its_font_credited() {
    let p = deck_game(
        "  paper: a4\n  layout: print-and-cut\n  duplex: none\n",
        "- name: Alpha\n",
    );
    p.write("templates/fixture/back.svg.tera", CONDENSED_BACK);
    let built = build_fixture(&p);
    embeds_and_credits(built.pdf("kit.pdf").unwrap(), "DejaVu Sans Condensed");
}

/// A face the rulebook pictures is drawn beside its layout, so its fonts are known only after
/// Typst's first pass: one the rules do not set (the back's DejaVu Sans Condensed) is still
/// embedded and credited in `rules.pdf`. Shown failing by keeping the first pass's credits.
#[test]
fn a_font_only_a_pictured_face_brings_is_credited_in_the_rulebook() {
    let p = back_pictured_in_the_rules();
    let built = build_fixture(&p);
    embeds_and_credits(built.pdf("rules.pdf").unwrap(), "DejaVu Sans Condensed");
}

/// The rulebook of the fixture above, built again with nothing changed, is taken from the
/// build cache as it was: laid out by Typst no more, and nothing made in the cache. Shown
/// failing by crediting only Typst's fonts first when the faces are kept, then the face's
/// again: each rebuild wrote the rulebook's credits again ("1 made").
#[test]
fn a_rulebook_whose_face_brings_a_font_is_kept_whole_by_a_rebuild() {
    let p = back_pictured_in_the_rules();
    let build = || common::run_dated(p.root(), &["-v", "build"]);
    let first = build();
    assert!(
        first.contains("laid out by Typst: rules.pdf, kit.pdf"),
        "{first}"
    );
    // The first build laid the rulebook out crediting Typst's fonts alone, then the face's
    // too (the face's font is one Typst does not embed): that first pass is let go.
    let again = build();
    assert!(again.contains("laid out by Typst: none"), "{again}");
    assert!(
        again.contains(" 0 made, ") && !again.contains(" 0 of an earlier"),
        "{again}"
    );
    let third = build();
    assert!(
        third.contains(" 0 made, 0 of an earlier build let go"),
        "{third}"
    );
    let rules = std::fs::read(p.out().join("fixture/rules.pdf")).unwrap();
    embeds_and_credits(&rules, "DejaVu Sans Condensed");
}

/// A fixture whose rulebook pictures its back, set in DejaVu Sans Condensed
/// ([`CONDENSED_BACK`]).
fn back_pictured_in_the_rules() -> Project {
    let p = deck_game("  paper: a4\n", "- name: Alpha\n");
    p.write("templates/fixture/back.svg.tera", CONDENSED_BACK);
    p.write(
        "data/fixture/rules.md",
        "# Fixture\n\nEach card has a back.\n\n```figure\ncaption: A back.\nwidth_mm: 40\nheight_mm: 60\npieces:\n  - face: deck/alpha/back\n    at_mm: [0, 0]\n    width_mm: 30\n```\n",
    );
    p
}

/// A fixture's back set in DejaVu Sans Condensed, a font no other page of it sets.
const CONDENSED_BACK: &str = "{% <face_svg bg=\"#222266\"> %}<text x=\"10\" y=\"40\" font-size=\"8\" font-family=\"DejaVu Sans Condensed\" fill=\"#ffffff\">BACK</text>{% </face_svg> %}";

/// Asserts that `pdf` embeds `font` and names it in its text (its credits).
fn embeds_and_credits(pdf: &[u8], font: &str) {
    let embedded = protopress::rulebook::credits::pdf_font_families(pdf);
    assert!(embedded.contains(font), "{embedded:?}");
    let all: Vec<u32> = (1..=pages(pdf) as u32).collect();
    let text = text_of(pdf, &all);
    assert!(text.contains(font), "{font} is not credited: {text}");
}
