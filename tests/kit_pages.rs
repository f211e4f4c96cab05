//! Every page of kit.pdf speaks to the person who prints, cuts and plays (issue #38): read back
//! from the written kits of the example games, no page names the designer's files or settings,
//! the credits come once, the printing guide lists its parts in the kit's page order and says
//! how many sheets the kit takes, and a rulebook has a contents page only when it is long
//! enough to need one.

mod common;

use std::path::Path;

use common::pdf_text::{Line, flat, pdf_lines};
use protopress::assemble::{BuildOptions, Built, Session};

use common::GAMES;

fn build_in(root: &Path, game: &str, lang: Option<&str>) -> Built {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-kit-pages-unused"),
        mark_printed: false,
        layout: None,
    };
    Session::new(&protopress::Project::open(root).unwrap(), &opts)
        .build_in_memory_in(game, lang)
        .unwrap_or_else(|e| panic!("{game}: {e}"))
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The example kits: every game, Veil Runners in English and in German.
fn example_kits() -> Vec<(String, Built)> {
    let mut kits: Vec<(String, Built)> = GAMES
        .iter()
        .map(|g| (g.to_string(), build_in(repo(), g, None)))
        .collect();
    kits.push((
        "veil-runners (de)".to_owned(),
        build_in(repo(), "veil-runners", Some("de")),
    ));
    kits
}

/// Words a player has no use for: the designer's files, settings and commands.
const DESIGNER_WORDS: [&str; 8] = [
    "back_offset_mm",
    "game.yaml",
    "templates/",
    "LICENSE-",
    "docs/",
    "rebuild",
    "print profile",
    "CREDITS.md",
];

/// Whether a line is the credits heading, however a game's style sets it (`CREDITS`).
fn is_credits_heading(line: &Line) -> bool {
    let t = line.text.trim();
    t.eq_ignore_ascii_case("Credits") || t.eq_ignore_ascii_case("Nachweise")
}

#[test]
fn no_page_of_an_example_kit_speaks_to_the_designer_and_credits_come_once() {
    for (name, built) in example_kits() {
        let pages = pdf_lines(built.pdf("kit.pdf").unwrap());
        for (n, page) in pages.iter().enumerate() {
            let text = flat(std::slice::from_ref(page));
            for word in DESIGNER_WORDS {
                assert!(
                    !text.to_lowercase().contains(&word.to_lowercase()),
                    "{name}: kit page {} says {word:?}: {text}",
                    n + 1
                );
            }
        }
        let headings: Vec<usize> = pages
            .iter()
            .enumerate()
            .filter(|(_, (_, lines))| lines.iter().any(is_credits_heading))
            .map(|(n, _)| n + 1)
            .collect();
        assert_eq!(headings.len(), 1, "{name}: credits on pages {headings:?}");
        let whole = flat(&pages);
        for tool in [
            "Typeset and imposed with protopress",
            "Gesetzt und ausgeschossen mit protopress",
        ] {
            assert!(whole.matches(tool).count() <= 1, "{name}: {tool:?} twice");
        }
        // Each font by its makers and licence, with where to read it.
        assert!(
            whole.contains("SIL Open Font License 1.1, openfontlicense.org"),
            "{name}: {whole}"
        );
        // The rulebook alone still credits what it uses.
        let rules = flat(&pdf_lines(built.pdf("rules.pdf").unwrap()));
        assert!(
            rules.contains("Typeset and imposed with protopress")
                || rules.contains("Gesetzt und ausgeschossen mit protopress"),
            "{name}: rules.pdf credits nothing"
        );
    }
}

/// The calibration sheet tells a player what to do, in the kit's language.
#[test]
fn the_calibration_sheet_tells_a_player_what_to_do() {
    for (lang, phrases) in [
        ("en", ["image shift", "print this sheet again", "0, 0"]),
        (
            "de",
            ["Bildverschiebung", "druckt diesen Bogen zur Probe", "0, 0"],
        ),
    ] {
        let built = build_in(repo(), "veil-runners", Some(lang));
        let k = &built.report.kit;
        let pages = pdf_lines(built.pdf("kit.pdf").unwrap());
        let own = flat(&pages[..k.front_and_rules + k.components + k.calibration]);
        for phrase in phrases {
            assert!(own.contains(phrase), "{lang}: no {phrase:?}");
        }
    }
}

/// The page range that opens a guide row: "11–24" or "83".
fn page_span(text: &str) -> Option<(usize, usize)> {
    let text = text.trim();
    match text.split_once('–') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => text.parse().ok().map(|n| (n, n)),
    }
}

#[test]
fn the_guide_lists_its_rows_in_page_order_and_counts_the_sheets() {
    for (name, built) in example_kits() {
        let k = &built.report.kit;
        let pages = pdf_lines(built.pdf("kit.pdf").unwrap());
        // The guide is the page after the rules.
        let (width, lines) = &pages[k.front_and_rules];
        let guide = flat(std::slice::from_ref(&pages[k.front_and_rules]));
        assert!(
            guide.contains("How to print this kit") || guide.contains("So druckt ihr"),
            "{name}: page {} is not the guide",
            k.front_and_rules + 1
        );
        // The Pages column: the spans at the left of the table, top to bottom.
        let mut rows: Vec<&Line> = lines
            .iter()
            .filter(|l| l.x < width * 0.2 && page_span(&l.text).is_some())
            .collect();
        rows.sort_by(|a, b| b.y.total_cmp(&a.y));
        let spans: Vec<(usize, usize)> = rows.iter().filter_map(|l| page_span(&l.text)).collect();
        assert!(
            spans.len() >= 4,
            "{name}: rows {spans:?} in {:?}",
            lines.iter().map(|l| (l.x, &l.text)).collect::<Vec<_>>()
        );
        assert_eq!(
            spans[0].0,
            1,
            "{name}: the rules come first: {spans:?} in {:?}",
            lines.iter().map(|l| (l.x, &l.text)).collect::<Vec<_>>()
        );
        // The numbers stand where the pages are: the print plan's first page follows the plain
        // part, and a blank back after an odd number of plain pages in a duplex kit.
        let first_place = k.total - (k.calibration + k.sheets) + 1;
        assert_eq!(spans[1].0, first_place, "{name}: {spans:?}");
        let plain_end = first_place - 1 - usize::from(k.calibration > 0 && spans[0].1 % 2 == 1);
        assert_eq!(spans[0].1, plain_end, "{name}: {spans:?}");
        for pair in spans.windows(2) {
            assert!(
                pair[0] <= pair[1],
                "{name}: the guide lists {:?} before {:?}: {spans:?}",
                pair[0],
                pair[1]
            );
        }
        // Every printed page is in some row.
        let last = spans.iter().map(|s| s.1).max().unwrap();
        assert!(
            last + 1 >= k.total,
            "{name}: rows end on {last} of {}",
            k.total
        );
        // How many sheets of which paper: a duplex kit is two pages to a sheet.
        let sheets = k.total / 2;
        let said = [
            format!("The kit takes {sheets} sheets of A4, printed on both sides"),
            format!("Das Kit braucht {sheets} Bogen A4, beidseitig bedruckt"),
        ];
        assert!(
            said.iter().any(|s| guide.contains(s.as_str())),
            "{name}: the guide does not say {:?}: {guide}",
            said[0]
        );
    }
}

/// Whether page `n` (0-based) of a PDF is a contents page: a line that is only its title.
fn has_contents_page(pdf: &[u8], n: usize) -> bool {
    let pages = pdf_lines(pdf);
    pages[n].1.iter().any(|l| {
        let t = l.text.trim();
        t.eq_ignore_ascii_case("Contents") || t == "Inhalt"
    })
}

#[test]
fn only_a_long_rulebook_has_a_contents_page() {
    // Death to Decorum's rules take three pages and a dozen headings: no contents page, in
    // the rulebook or in the kit.
    let short = build_in(repo(), "death-to-decorum", None);
    assert!(!has_contents_page(short.pdf("rules.pdf").unwrap(), 1));
    assert!(!has_contents_page(short.pdf("kit.pdf").unwrap(), 1));
    // The same rules and ten more pages of them: a contents page after the cover.
    let dir = common::copy_game("death-to-decorum");
    let mut more = String::new();
    for n in 1..=6 {
        more.push_str(&format!("\n\n## Appendix {n}\n\n"));
        for _ in 0..12 {
            more.push_str("The crew keeps a log of every room it clears, every coin it spends and every peg it loses to the clock, and reads it aloud when the ship sets off for home. ");
        }
    }
    let rules = dir.path().join("data/death-to-decorum/rules.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(&rules, text + &more).unwrap();
    let long = build_in(dir.path(), "death-to-decorum", None);
    assert!(has_contents_page(long.pdf("rules.pdf").unwrap(), 1));
    assert!(has_contents_page(long.pdf("kit.pdf").unwrap(), 1));
}
