//! The German kit of Veil Runners speaks German on the pages protopress writes itself (cover
//! lines, contents, printing guide, checklist, calibration sheet, blank pages, credits), read
//! back from kit.pdf; the English kit keeps its English words.

mod common;

use std::path::Path;

use common::pdf_text::{flat, pdf_lines};
use protopress::assemble::{BuildOptions, Built, Session};

fn build_in(root: &Path, game: &str, lang: &str) -> Built {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-kit-language-unused"),
        mark_printed: false,
        layout: None,
    };
    Session::new(&protopress::Project::open(root).unwrap(), &opts)
        .build_in_memory_in(game, Some(lang))
        .unwrap_or_else(|e| panic!("{game} in {lang}: {e}"))
}

/// All the text kit.pdf's pages draw themselves, lines joined by spaces.
fn kit_text(built: &Built) -> String {
    flat(&pdf_lines(built.pdf("kit.pdf").unwrap()))
}

/// The text of the pages protopress typesets itself, up to the printed sheets: cover,
/// guide, contents, rules, credits, checklist and the calibration sheet (Veil Runners buys no
/// parts, so the calibration follows the checklist). The sheets' own labels are not read.
fn own_pages_text(built: &Built) -> String {
    let k = &built.report.kit;
    let pages = pdf_lines(built.pdf("kit.pdf").unwrap());
    assert_eq!(pages.len(), k.total);
    flat(&pages[..k.front_and_rules + k.components + k.calibration])
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

const GERMAN: [&str; 17] = [
    "Print-and-Play-Kit · Fassung 1",
    "Inhalt",
    "So druckt ihr dieses Kit",
    "ein beidseitiger Druckauftrag",
    "Danach",
    "Regeln und Spielmaterial",
    "Normalpapier",
    "Karton",
    "beidseitig, lange Kante",
    "An den Schnittmarken schneiden.",
    "Spielmaterial",
    "Bestandteil",
    "Tableau · Seiten 13–25",
    "Spielplan · Seite 17",
    "Duplex-Kalibrierung: die Rückseite",
    "Nachweise",
    "Gesetzt und ausgeschossen mit protopress.",
];

const ENGLISH: [&str; 12] = [
    "Print-and-play kit · revision",
    "How to print this kit",
    "Contents",
    "intentionally blank",
    "Credits",
    "cardstock",
    "flip on the long edge",
    "Cut along",
    "One piece",
    "Duplex calibration",
    "Typeset and imposed",
    "Icons.",
];

#[test]
fn the_german_kit_writes_its_own_pages_in_german() {
    let built = build_in(repo(), "veil-runners", "de");
    let text = own_pages_text(&built);
    // The blank backs between the sheets are the kit's own pages too.
    let whole = kit_text(&built);
    assert!(whole.contains("Diese Seite bleibt absichtlich leer."));
    assert!(!whole.contains("intentionally blank"));
    for phrase in GERMAN {
        assert!(text.contains(phrase), "no {phrase:?} in the German kit");
    }
    for phrase in ENGLISH {
        assert!(
            !text.contains(phrase),
            "the German kit still says {phrase:?}"
        );
    }
}

/// The sheet writer's own words: the label and ruler line in every sheet's margin, in the
/// sheet PDFs and on the kit's sheet pages.
#[test]
fn the_german_sheets_label_their_margins_in_german() {
    let built = build_in(repo(), "veil-runners", "de");
    for file in ["cards.pdf", "boards.pdf", "tokens.pdf", "kit.pdf"] {
        let text = flat(&pdf_lines(built.pdf(file).unwrap()));
        for phrase in [
            "Mit 100 % (Originalgröße) drucken: dieser Balken muss 50 mm messen.",
            " · Rev. ",
        ] {
            assert!(text.contains(phrase), "{file}: no {phrase:?}");
        }
        for phrase in [
            "Print at 100 %",
            "this bar must measure",
            " · rev ",
            "sheet 1 of",
        ] {
            assert!(!text.contains(phrase), "{file} still says {phrase:?}");
        }
    }
    let cards = flat(&pdf_lines(built.pdf("cards.pdf").unwrap()));
    for phrase in [
        "Bogen 1 von 2 · Vorderseiten",
        "Rückseiten (an der langen Kante wenden)",
    ] {
        assert!(cards.contains(phrase), "cards.pdf: no {phrase:?}");
    }
    let tokens = flat(&pdf_lines(built.pdf("tokens.pdf").unwrap()));
    assert!(tokens.contains("Sammelbogen 1 von"), "{tokens}");
}

#[test]
fn the_english_kit_keeps_its_english_words() {
    let text = kit_text(&build_in(repo(), "veil-runners", "en"));
    assert!(text.contains("This page is intentionally blank."));
    for phrase in ENGLISH {
        assert!(text.contains(phrase), "no {phrase:?} in the English kit");
    }
    for phrase in ["So druckt ihr", "Nachweise", "absichtlich leer"] {
        assert!(!text.contains(phrase), "the English kit says {phrase:?}");
    }
}

/// protopress's own cover (a game whose `rules.typ` does not draw its own) speaks German, and
/// prints the revision, not the day of the build, which says nothing to a player.
#[test]
fn the_default_cover_speaks_german_and_carries_no_build_date() {
    let dir = common::copy_game("veil-runners");
    std::fs::remove_file(dir.path().join("data/veil-runners/rules.typ")).unwrap();
    let built = build_in(dir.path(), "veil-runners", "de");
    let pages = pdf_lines(built.pdf("kit.pdf").unwrap());
    let cover = flat(&pages[..1]);
    for phrase in ["Gemacht mit protopress", "Print-and-Play-Kit · Fassung 1"] {
        assert!(
            cover.contains(phrase),
            "no {phrase:?} on the cover: {cover}"
        );
    }
    let (year, month, _) = protopress::rulebook::kit::build_date();
    let german = protopress::i18n::Catalogue::shipped("de").unwrap();
    let month_name = german.template(&format!("date-month-{month}"));
    for phrase in [
        "Built on",
        "Erstellt am",
        "Made with",
        "revision",
        &month_name,
        &year.to_string(),
    ] {
        assert!(
            !cover.contains(phrase),
            "the cover says {phrase:?}: {cover}"
        );
    }
}
