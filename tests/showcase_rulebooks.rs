//! The rulebooks and kits of the example games as a player meets them: a cover with players,
//! playing time and age; lines of a readable length; no heading left alone at the foot of a
//! column; every embedded font credited; a counting checklist in kit.pdf and the developer's
//! manifest table only in index.html. Text is read back from the PDFs themselves.

mod common;

use std::path::Path;

use common::pdf_text::{Line, flat, pdf_lines};
use protopress::assemble::{BuildOptions, Built};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn build(game: &str) -> Built {
    let opts = BuildOptions {
        paper: None,
        out_dir: std::env::temp_dir().join("protopress-showcase-unused"),
        mark_printed: false,
        layout: None,
    };
    protopress::assemble::Session::new(&protopress::Project::open(repo()).unwrap(), &opts)
        .build_in_memory(game)
        .unwrap_or_else(|e| panic!("{game}: {e}"))
}

use common::GAMES;

fn is_leader_line(text: &str) -> bool {
    text.contains(". . .") || text.contains("....")
}

#[test]
fn rulebooks_keep_a_readable_measure_a_cover_and_their_headings_with_their_text() {
    for game in GAMES {
        let built = build(game);
        let pdf = built.pdf("rules.pdf").unwrap();
        let pages = pdf_lines(pdf);

        // The cover names the game, the players, the playing time and the age.
        let cover = flat(&pages[..1]);
        let f = &built.game.file;
        let players = f.players.unwrap_or_else(|| panic!("{game}: no players"));
        let time = f
            .play_time
            .unwrap_or_else(|| panic!("{game}: no play_time"));
        let age = f.age.unwrap_or_else(|| panic!("{game}: no age"));
        for want in [
            format!("{} players", players.text()),
            format!("{} minutes", time.text()),
            format!("ages {age}+"),
        ] {
            assert!(
                cover.contains(&want),
                "{game}: the cover lacks {want:?}:\n{cover}"
            );
        }
        assert!(
            cover.to_lowercase().contains(&f.name.to_lowercase()),
            "{game}: the cover lacks the name:\n{cover}"
        );

        // Body lines (not the cover, nor the contents' leader lines) are 75 characters at most,
        // and most run well past a narrow strip.
        let mut lengths: Vec<usize> = pages[1..]
            .iter()
            .flat_map(|(_, lines)| lines.iter())
            .filter(|l| (8.5..=12.5).contains(&l.size) && !is_leader_line(&l.text))
            .map(|l| l.text.trim().chars().count())
            .filter(|&n| n > 0)
            .collect();
        lengths.sort_unstable();
        let longest = *lengths.last().unwrap();
        if longest > 75 {
            for (_, lines) in &pages[1..] {
                for l in lines.iter().filter(|l| l.text.trim().chars().count() > 75) {
                    eprintln!(
                        "{game} long line at x {} y {} size {}: {:?}",
                        l.x, l.y, l.size, l.text
                    );
                }
            }
        }
        let upper_quartile = lengths[lengths.len() * 3 / 4];
        assert!(longest <= 75, "{game}: a line of {longest} characters");
        assert!(
            upper_quartile >= 40,
            "{game}: full lines hold only {upper_quartile} characters"
        );

        // No heading is the last line of a column on any page but the last.
        let rules = protopress::render::rules::load(&built.game)
            .unwrap()
            .unwrap();
        let headings: Vec<String> = rules
            .markdown
            .lines()
            .filter_map(|l| l.strip_prefix('#'))
            .map(|h| h.trim_start_matches('#').trim().to_lowercase())
            .collect();
        // The check can see headings: most are a line of their own (a long one may wrap).
        let all_lines: Vec<String> = pages
            .iter()
            .flat_map(|(_, lines)| lines.iter().map(|l| l.text.trim().to_lowercase()))
            .collect();
        let seen = headings.iter().filter(|h| all_lines.contains(h)).count();
        assert!(
            seen * 5 >= headings.len() * 4,
            "{game}: only {seen} of {} headings read back",
            headings.len()
        );
        for (n, (width, lines)) in pages[1..pages.len() - 1].iter().enumerate() {
            // The contents page lists headings by their pages: a list, not a column of text.
            if lines
                .iter()
                .any(|l| l.text.trim().eq_ignore_ascii_case("contents"))
            {
                continue;
            }
            let body: Vec<&Line> = lines
                .iter()
                .filter(|l| (8.5..=24.0).contains(&l.size) && l.y > 75.0)
                .collect();
            for left_column in [true, false] {
                let last = body
                    .iter()
                    .filter(|l| (l.x < width / 2.0) == left_column)
                    .min_by(|a, b| a.y.total_cmp(&b.y));
                if let Some(l) = last {
                    let text = l.text.trim().to_lowercase();
                    assert!(
                        !headings.contains(&text),
                        "{game}: the heading {:?} ends a column on page {}",
                        l.text,
                        n + 2
                    );
                }
            }
        }
    }
}

#[test]
fn kits_count_their_pieces_credit_every_font_and_keep_the_manifest_for_developers() {
    for game in GAMES {
        let built = build(game);
        for name in ["kit.pdf", "rules.pdf"] {
            let pdf = built.pdf(name).unwrap();
            let text = flat(&pdf_lines(pdf));
            let embedded = protopress::rulebook::credits::pdf_font_families(pdf);
            // "Noto Sans, Google: …", or one of a maker's fonts: "Noto Emoji and Noto Sans".
            let credited = |family: &str| {
                text.contains(&format!("{family},")) || text.contains(&format!("{family} and "))
            };
            for family in &embedded {
                assert!(
                    credited(family),
                    "{game} {name}: the font {family} is not credited"
                );
            }
            // And no font is credited that the PDF does not embed.
            let bundled = protopress::text::fonts::BUNDLED.map(|f| f.family);
            for family in bundled.iter().chain(&["Libertinus Serif"]) {
                if credited(family) {
                    assert!(
                        embedded.contains(*family),
                        "{game} {name}: {family} is credited but not embedded"
                    );
                }
            }
            // The PDF maps a hyphen glyph to no text once it has served as a soft hyphen.
            assert!(
                text.replace(['-', ' '], "").contains("gameicons.net"),
                "{game} {name}: icons uncredited in {}",
                &text[text.len().saturating_sub(1500)..]
            );
            if name == "kit.pdf" {
                // The checklist: every printed component with its count.
                assert!(text.contains("One piece"), "{game}: no checklist header");
                for c in built
                    .report
                    .components
                    .iter()
                    .filter(|c| c.kind != "bought")
                {
                    assert!(
                        text.contains(&c.name),
                        "{game}: {} is missing from the checklist",
                        c.name
                    );
                }
                // The manifest check is for developers: not in the player's kit.
                for developer in ["Manifest check", "Declared", "Produced", "(line "] {
                    assert!(
                        !text.contains(developer),
                        "{game}: kit.pdf shows {developer:?}"
                    );
                }
            }
        }
        assert!(
            built.index_html.contains("Manifest check"),
            "{game}: index.html lost the manifest table"
        );
    }
}
