//! Reprints after a tweak, on a copy of Death to Decorum: only what changed is printed, and the
//! changelog says what and how many.

mod common;

use std::path::Path;
use std::process::Command;

use common::{Pdf, copy_game};
use protopress::assemble::BuildOptions;
use protopress::output::record::{PrintRecord, record_of};
use protopress::reprint::{Change, Reprint, SectionChange, record_at_revision, reprint};

fn edit(dir: &Path, from: &str, to: &str) {
    let path = dir.join("data/death-to-decorum/facility.yaml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains(from));
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

/// On a copy of Death to Decorum with `game.yaml` changed from `from` to `to` before the print,
/// the reprint after Copper Wiring's flavour text changes.
fn reprint_changed_flavour(from: &str, to: &str) -> Reprint {
    let dir = copy_game("death-to-decorum");
    let game = dir.path().join("data/death-to-decorum/game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    assert!(yaml.contains(from));
    std::fs::write(&game, yaml.replacen(from, to, 1)).unwrap();
    let old = record(dir.path());
    edit(
        dir.path(),
        "Stripped from a wall that was still humming.",
        "Pulled from a wall that had gone quiet.",
    );
    reprint_dtd(dir.path(), &old)
}

/// The reprint of the copy of Death to Decorum in `dir` since `old`.
fn reprint_dtd(dir: &Path, old: &PrintRecord) -> Reprint {
    reprint(
        &protopress::Project::open(dir).unwrap(),
        "death-to-decorum",
        old,
    )
    .unwrap()
}

fn record(dir: &Path) -> PrintRecord {
    let p = protopress::assemble::Session::new(
        &protopress::Project::open(dir).unwrap(),
        &BuildOptions::default(),
    )
    .prepare("death-to-decorum")
    .unwrap();
    record_of(&p.game, &p.faces).unwrap()
}

#[test]
fn a_changed_card_reprints_exactly_its_copies_and_backs() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    edit(
        dir.path(),
        "Stripped from a wall that was still humming.",
        "Pulled from a wall that had gone quiet.",
    );
    let r = reprint_dtd(dir.path(), &old);
    assert_eq!(r.print.len(), 1);
    assert_eq!(
        r.print["facility"].iter().collect::<Vec<_>>(),
        vec![(&"copper-wiring".to_owned(), &5)]
    );
    let changed = r.changes.iter().find_map(|c| match c {
        Change::CardChanged { card, fields, .. } => Some((card.clone(), fields.clone())),
        _ => None,
    });
    let (card, fields) = changed.expect("a card change");
    assert_eq!(card, "Copper Wiring");
    assert_eq!(fields.len(), 1);
    assert_eq!(fields[0].0, "flavour");
    assert!(
        r.changes
            .iter()
            .any(|c| c.describe().contains("flavour") && c.describe().contains("reprint all 5"))
    );
    // Changelog page and its blank back, then one sheet: 5 fronts on page 3 and their 5 backs
    // on page 4, so the whole file prints as one duplex job.
    let pdf = Pdf::load(r.pdf.as_ref().unwrap());
    assert_eq!(pdf.pages.len(), 4);
    assert!(pdf.pages[1].placements.is_empty(), "page 2 is blank");
    assert_eq!(pdf.pages[2].placements.len(), 5);
    assert_eq!(pdf.pages[3].placements.len(), 5);
    let fronts: std::collections::HashSet<_> =
        pdf.pages[2].placements.iter().map(|p| p.2).collect();
    assert_eq!(fronts.len(), 1, "five copies of one face");
    assert!(
        pdf.pages[0].placements.is_empty(),
        "the first page is the changelog"
    );
}

#[test]
fn a_print_and_cut_reprint_comes_with_the_cut_files_of_its_pages() {
    let r = reprint_changed_flavour("print:\n", "print:\n  layout: print-and-cut\n");
    let pdf = Pdf::load(r.pdf.as_ref().unwrap());
    // The five changed copies are on the cut sheets (they were left out before).
    let placed: usize = pdf.pages.iter().map(|p| p.placements.len()).sum();
    assert!(placed >= 5, "{placed} pieces placed");
    let names: Vec<&str> = r.cut_files.iter().map(|(n, _)| n.as_str()).collect();
    assert!(!names.is_empty(), "no cut files");
    for (name, bytes) in &r.cut_files {
        let page: usize = name
            .strip_prefix("reprint-cut/reprint-page-")
            .and_then(|rest| rest.split('.').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}"));
        // Each file cuts a page of the reprint that holds pieces.
        assert!(!pdf.pages[page - 1].placements.is_empty(), "{name}");
        let text = String::from_utf8_lossy(bytes);
        assert!(text.contains("cut") || text.contains("CUT"), "{name}");
    }
    assert_eq!(
        names.iter().filter(|n| n.ends_with(".svg")).count(),
        names.iter().filter(|n| n.ends_with(".dxf")).count()
    );
}

/// A gutter-fold reprint is one single-sided job, as its kit is: no blank pages, the changed
/// card's fronts beside their backs on the sheets after the changelog.
#[test]
fn a_gutter_fold_reprint_has_no_blank_pages() {
    let r = reprint_changed_flavour("print:\n", "print:\n  layout: gutter-fold\n");
    let pdf = Pdf::load(r.pdf.as_ref().unwrap());
    assert!(pdf.pages[0].placements.is_empty(), "the changelog");
    for (n, page) in pdf.pages.iter().enumerate().skip(1) {
        assert!(!page.placements.is_empty(), "page {} is blank", n + 1);
    }
    // Five copies at four pairs a sheet (poker on A4): two folding sheets.
    assert_eq!(pdf.pages.len(), 3, "the changelog and two folding sheets");
}

#[test]
fn a_german_kit_gets_a_german_changelog() {
    let r = reprint_changed_flavour("language: en", "language: de");
    let doc = lopdf::Document::load_mem(r.pdf.as_ref().unwrap()).unwrap();
    let text = doc.extract_text(&[1]).unwrap();
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("Nachdruck für Revision"), "{flat}");
    assert!(flat.contains("alle 5 neu drucken"), "{flat}");
    assert!(!flat.contains("reprint all"), "{flat}");
    // The command line keeps speaking English.
    assert!(r.changes[0].describe().contains("reprint all 5"));
}

#[test]
fn count_changes_say_how_many_to_print_or_discard() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    edit(
        dir.path(),
        "- name: Spare Fuse\n  count: 5",
        "- name: Spare Fuse\n  count: 7",
    );
    edit(
        dir.path(),
        "- name: Ration Pack\n  count: 5",
        "- name: Ration Pack\n  count: 3",
    );
    let r = reprint_dtd(dir.path(), &old);
    let lines: Vec<String> = r.changes.iter().map(Change::describe).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Spare Fuse: count 5 -> 7, print 2 more")),
        "{lines:?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Ration Pack: count 5 -> 3, discard 2")),
        "{lines:?}"
    );
    assert_eq!(r.print["facility"].get("spare-fuse"), Some(&2));
    assert_eq!(r.print["facility"].get("ration-pack"), None);
    let pdf = Pdf::load(r.pdf.as_ref().unwrap());
    assert_eq!(pdf.pages[2].placements.len(), 2);
}

/// Changes the rules text of the action cards `ids` in the copy of Death to Decorum in `dir`.
fn edit_actions(dir: &Path, ids: &[&str]) {
    let path = dir.join("data/death-to-decorum/actions.yaml");
    let mut lines: Vec<String> = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .map(str::to_owned)
        .collect();
    for id in ids {
        let at = lines
            .iter()
            .position(|l| l == &format!("- id: {id}"))
            .unwrap_or_else(|| panic!("no card {id}"));
        let text = (at..lines.len())
            .find(|&i| lines[i].starts_with("  text: "))
            .unwrap();
        lines[text] = format!("  text: \"Changed for the reprint of {id}.\"");
    }
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
}

/// The text lines of a page that name a sheet (`... · sheet 1 of 1 · fronts · rev XII`).
fn sheet_label(lines: &[common::pdf_text::Line]) -> Option<String> {
    lines
        .iter()
        .map(|l| l.text.clone())
        .find(|t| t.contains(" · rev "))
}

#[test]
fn reprints_keep_duplex_parity_with_single_sided_pieces() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    edit(
        dir.path(),
        "Stripped from a wall that was still humming.",
        "Pulled from a wall that had gone quiet.",
    );
    // Three action cards of three players: each has a back of its player's colour.
    edit_actions(dir.path(), &["red-move", "blue-push", "green-stay"]);
    // The ship card (a single-sided board) changes too.
    let game = dir.path().join("data/death-to-decorum/game.yaml");
    let text = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, text.replace("clone_fee: 35", "clone_fee: 40")).unwrap();
    let r = reprint_dtd(dir.path(), &old);
    assert!(r.print.contains_key("ship"), "{:?}", r.print);
    assert_eq!(r.print["actions"].len(), 3, "{:?}", r.print);
    let bytes = r.pdf.as_ref().unwrap();
    let pdf = Pdf::load(bytes);
    let text = common::pdf_text::pdf_lines(bytes);
    let n = pdf.pages.len();
    assert!(n.is_multiple_of(2), "{n} pages");
    let drawn = |k: usize| !pdf.pages[k].placements.is_empty();
    let blank = |k: usize| {
        !drawn(k)
            && text[k]
                .1
                .iter()
                .any(|l| l.text.contains("intentionally blank"))
    };
    // The players' colours, to tell an action card's player on its front and on its back.
    let players: Vec<[u8; 3]> = [
        "#c8323c", "#2f6db5", "#277a42", "#e0b422", "#7b4aa8", "#e07a22",
    ]
    .iter()
    .map(|h| {
        let v = u32::from_str_radix(&h[1..], 16).unwrap();
        [(v >> 16) as u8, (v >> 8) as u8, v as u8]
    })
    .collect();
    let player_of = |form| -> Vec<[u8; 3]> {
        let fills = pdf.form_fills(form);
        players
            .iter()
            .copied()
            .filter(|c| fills.contains(c))
            .collect()
    };
    let front_forms: Vec<lopdf::ObjectId> = (0..n)
        .step_by(2)
        .flat_map(|k| pdf.pages[k].placements.iter().map(|p| p.2))
        .collect();
    let (mut fronts_seen, mut action_pairs, mut single) = (0, 0, 0);
    for k in (0..n).step_by(2) {
        // Pages go in pairs: a page of faces is never a pair's second page unless it holds the
        // backs of the first.
        if !drawn(k) {
            assert!(
                !drawn(k + 1),
                "page {} has faces after a page of none",
                k + 2
            );
            continue;
        }
        let label = sheet_label(&text[k].1).expect("a sheet names itself");
        if label.contains("single-sided") {
            assert!(blank(k + 1), "page {} is not blank after {label}", k + 2);
            single += 1;
            continue;
        }
        assert!(label.contains(" · fronts · "), "page {}: {label}", k + 1);
        let back_label = sheet_label(&text[k + 1].1).expect("the backs name their sheet");
        assert_eq!(
            label.split(" · fronts").next(),
            back_label
                .contains(" · backs")
                .then(|| back_label.split(" · backs").next().unwrap()),
            "page {} is not the back of page {}",
            k + 2,
            k + 1
        );
        // Every front has a back behind it, mirrored on the long edge (a card is 63.5 mm
        // wide, 69.5 mm with its bleed), and that back is its own: for an action card, of its
        // player's colour; never a front.
        let (front, back) = (&pdf.pages[k], &pdf.pages[k + 1]);
        assert_eq!(front.placements.len(), back.placements.len());
        for &(x, y, f) in &front.placements {
            fronts_seen += 1;
            let want_x = front.width_mm - x - 69.5;
            let &(_, _, b) = back
                .placements
                .iter()
                .find(|p| (p.0 - want_x).abs() < 0.05 && (p.1 - y).abs() < 0.05)
                .unwrap_or_else(|| {
                    panic!("no back behind the front at ({x}, {y}) on page {}", k + 1)
                });
            assert!(
                !front_forms.contains(&b),
                "a front printed as a back on page {}",
                k + 2
            );
            let (pf, pb) = (player_of(f), player_of(b));
            assert_eq!(
                pf,
                pb,
                "the back behind the front at ({x}, {y}) on page {} is another player's",
                k + 1
            );
            if !pf.is_empty() {
                assert_eq!(pf.len(), 1, "{pf:?}");
                action_pairs += 1;
            }
        }
    }
    assert_eq!(single, 1, "the ship's one single-sided page");
    assert_eq!(action_pairs, 3);
    let copies: u32 = r.print.values().flat_map(|c| c.values()).sum();
    assert_eq!(
        fronts_seen as u32,
        copies - 1,
        "every copy but the ship has a front and back"
    );
}

#[test]
fn rules_changes_are_listed_by_section_with_their_pages() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    let rules = dir.path().join("data/death-to-decorum/rules.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(
        &rules,
        text.replace(
            "Survive and pay all three days to win.",
            "Survive all three days to win.",
        ),
    )
    .unwrap();
    let r = reprint_dtd(dir.path(), &old);
    // With the page of rules.pdf it is on now (Quota, the last section, is on page 4 of 5:
    // the cover, three pages of rules, the credits; too short a rulebook for a contents page).
    assert_eq!(
        r.changes,
        vec![Change::RulesChanged {
            section: "Quota".into(),
            how: SectionChange::Changed,
            pages: Some((4, 4)),
        }]
    );
    assert_eq!(
        r.changes[0].describe(),
        "Rules, \"Quota\": text changed; it is now on page 4 of rules.pdf."
    );
    assert!(r.print.is_empty());
}

/// A card given an id of its own (`id: wiring`), its faces unchanged, is the same card
/// renamed: nothing to print or discard, and the changelog says what it is now called.
#[test]
fn a_card_given_another_id_is_renamed_not_reprinted() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    edit(
        dir.path(),
        "- name: Copper Wiring\n",
        "- name: Copper Wiring\n  id: wiring\n",
    );
    let r = reprint_dtd(dir.path(), &old);
    assert_eq!(
        r.changes,
        vec![Change::CardRenamed {
            component: "Facility Deck".into(),
            card: "Copper Wiring".into(),
            from: "copper-wiring".into(),
            to: "wiring".into(),
        }]
    );
    assert!(r.print.is_empty(), "{:?}", r.print);
    // Its count changed as well: the difference, under its new id.
    edit(
        dir.path(),
        "  id: wiring\n  count: 5\n",
        "  id: wiring\n  count: 7\n",
    );
    let r = reprint_dtd(dir.path(), &old);
    assert_eq!(r.print["facility"]["wiring"], 2, "{:?}", r.changes);
    assert!(
        !r.changes
            .iter()
            .any(|c| matches!(c, Change::CardRemoved { .. } | Change::CardAdded { .. })),
        "{:?}",
        r.changes
    );
}

#[test]
fn nothing_changed_means_no_pdf() {
    let dir = copy_game("death-to-decorum");
    let old = record(dir.path());
    let r = reprint_dtd(dir.path(), &old);
    assert!(r.changes.is_empty() && r.pdf.is_none());
}

/// Makes `dir` a git repository with everything in it committed.
fn commit_all(dir: &Path) {
    let git = |args: &[&str]| {
        let out = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "git {args:?}: {err}");
    };
    git(&["init", "-q"]);
    git(&["add", "-A"]);
    git(&[
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@t",
        "commit",
        "-q",
        "-m",
        "printed",
    ]);
}

#[test]
fn since_a_git_revision() {
    let dir = copy_game("death-to-decorum");
    commit_all(dir.path());
    edit(
        dir.path(),
        "- name: Spare Fuse\n  count: 5",
        "- name: Spare Fuse\n  count: 6",
    );
    let old = record_at_revision(
        &protopress::Project::open(dir.path()).unwrap(),
        "death-to-decorum",
        "HEAD",
        &dir.path().join("output"),
    )
    .unwrap();
    let r = reprint_dtd(dir.path(), &old);
    assert_eq!(r.print["facility"].get("spare-fuse"), Some(&1));
    // A bad revision is a plain message naming it, not git's output.
    let refused = |root: &Path, id: &str, rev: &str| match record_at_revision(
        &protopress::Project::open(root).unwrap(),
        id,
        rev,
        &root.join("output"),
    ) {
        Ok(_) => panic!("`{rev}` gave {id} a record"),
        Err(e) => e.to_string(),
    };
    let bad = |rev: &str| refused(dir.path(), "death-to-decorum", rev);
    let text = bad("no-such-rev");
    assert!(
        text.contains("--since no-such-rev: there is no such revision"),
        "{text}"
    );
    assert!(
        !text.contains("fatal") && !text.contains("ls-tree"),
        "{text}"
    );
    assert!(bad("--output=x").contains("is not a git revision"));
    // A game added after the revision: said so, not that it does not exist.
    common::copy_dir(
        &dir.path().join("data/death-to-decorum"),
        &dir.path().join("data/late"),
    );
    let text = refused(dir.path(), "late", "HEAD");
    assert!(
        text.contains(
            "the game `late` did not exist at revision HEAD (no data/late/game.yaml there)"
        ),
        "{text}"
    );
    // Outside a git repository.
    let plain = copy_game("death-to-decorum");
    let text = refused(plain.path(), "death-to-decorum", "HEAD");
    assert!(text.contains("not in a git repository"), "{text}");
}

/// Art is printed content: a changed image reprints the faces that show it, although no
/// template or data changed.
#[test]
fn a_changed_image_reprints_the_faces_that_show_it() {
    let dir = copy_game("death-to-decorum");
    // The image is on the Facility back (shared by the Facility Deck and the Apex Stalkers)
    // and on the ship card too.
    let art = common::facility_back_with_art(dir.path());
    let ship = dir.path().join("templates/death-to-decorum/ship.svg.tera");
    let text = std::fs::read_to_string(&ship).unwrap();
    let with_art = text.replacen(
        "{% </face_svg> %}",
        "<image href=\"art.png\" x=\"20\" y=\"20\" width=\"10\" height=\"10\"/>{% </face_svg> %}",
        1,
    );
    assert_ne!(with_art, text, "the ship template has a closing face_svg");
    std::fs::write(&ship, with_art).unwrap();
    let old = record(dir.path());
    std::fs::write(&art, common::gray_png(230)).unwrap();
    let r = reprint_dtd(dir.path(), &old);
    assert!(!r.changes.is_empty(), "the changed image went unnoticed");
    // Every copy of every component showing the image, and nothing else.
    let mut want = std::collections::BTreeMap::new();
    for id in ["facility", "apex", "ship"] {
        let cards: std::collections::BTreeMap<String, u32> = old.components[id]
            .cards
            .iter()
            .filter(|(_, c)| c.count > 0)
            .map(|(card, c)| (card.clone(), c.count))
            .collect();
        assert!(!cards.is_empty(), "{id}");
        want.insert(id.to_owned(), cards);
    }
    assert_eq!(r.print, want);
}

/// `--since` reads the game at a revision when the project is a folder inside its repository
/// and a file has a name beyond ASCII (git quotes such names unless asked not to).
#[test]
fn since_a_revision_of_a_project_inside_its_repository() {
    let repo = tempfile::tempdir().unwrap();
    let game = copy_game("veil-runners");
    let project = repo.path().join("games/veil");
    common::copy_dir(game.path(), &project);
    std::fs::write(
        project.join("data/veil-runners/Würfel notes.txt"),
        "six sides",
    )
    .unwrap();
    commit_all(repo.path());
    let project = protopress::Project::open(&project).unwrap();
    let old = record_at_revision(
        &project,
        "veil-runners",
        "HEAD",
        &project.root().join("output"),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let r = reprint(&project, "veil-runners", &old).unwrap();
    assert!(r.changes.is_empty(), "{:?}", r.changes.len());
    // The scratch copy of the revision was made in the output folder and is gone.
    let left: Vec<_> = std::fs::read_dir(project.root().join("output"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "{left:?}");
}
