//! A game in two languages, made with `protopress new` in an empty folder and translated by
//! hand: every shipped language's kit holds none of the English sentences protopress writes
//! itself (sheet labels included); a project's own catalogue overrides a message and a broken
//! one is refused at its line; a reprint in French quotes French text; a changed English text
//! makes its French translation stale.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::pdf_text::{flat, pdf_lines};
use protopress::assemble::{BuildOptions, Built, Session};

const GAME: &str = "zz";

fn cli(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn edit(dir: &Path, file: &str, from: &str, to: &str) {
    common::edit_file(&dir.join("data").join(GAME).join(file), from, to);
}

fn write(dir: &Path, file: &str, text: &str) {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// `protopress new` in an empty folder, then the game put in English and `lang`: its name,
/// subtitle, component names and rules translated (with made-up words, so that no English
/// of the designer's is left on the pages protopress typesets; the card faces are not read).
fn new_game(lang: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let made = cli(dir.path(), &["new", GAME]);
    assert!(made.status.success(), "{made:?}");
    let d = dir.path();
    edit(
        d,
        "game.yaml",
        "name: Zz\n",
        &format!(
            "name: {{ en: Zz, {lang}: Qorvak }}\nsubtitle: {{ en: A small test, {lang}: Qorvak qorvak }}\nlanguages: [en, {lang}]\n"
        ),
    );
    edit(
        d,
        "game.yaml",
        "print:\n",
        "print:\n  missing_translation: first-language\n",
    );
    for (from, to) in [
        ("Main Deck", "Qordeck"),
        ("Gold Tokens", "Qortok"),
        ("Market Board", "Qorplan"),
    ] {
        edit(
            d,
            "game.yaml",
            &format!("name: {from}"),
            &format!("name: {{ en: {from}, {lang}: {to} }}"),
        );
    }
    write(d, &format!("data/{GAME}/rules.md"), "# Zz\n\nPlay well.\n");
    // Rules this short state no counts: the manifest would fail every kit.
    std::fs::remove_file(d.join(format!("data/{GAME}/manifest.yaml"))).unwrap();
    write(
        d,
        &format!("data/{GAME}/rules.{lang}.md"),
        "# Qorvak\n\nQorvak.\n",
    );
    dir
}

/// The merchant's text in English and French.
fn translate_merchant_text(d: &Path) {
    edit(
        d,
        "deck.yaml",
        "  text: \"Trade one card from your hand for **2** gold.\"",
        "  text:\n    en: \"Trade one card from your hand for **2** gold.\"\n    fr: \"Échangez une carte de votre main contre **2** pièces.\"",
    );
}

fn build(dir: &Path, lang: &str) -> Built {
    let project = protopress::Project::open(dir).unwrap();
    Session::new(&project, &BuildOptions::default())
        .build_in_memory_in(GAME, Some(lang))
        .unwrap_or_else(|e| panic!("{lang}: {e}"))
}

/// The lines every PDF of a kit draws itself (faces and imported sheets are forms, not read).
fn lines(built: &Built) -> Vec<String> {
    built
        .pdfs
        .iter()
        .flat_map(|(_, bytes)| pdf_lines(bytes))
        .flat_map(|(_, lines)| lines.into_iter().map(|l| l.text))
        .collect()
}

/// A line that says something in English: two words of three letters or more, and not a
/// licence or a font's proper name, which every language prints alike.
fn sentence(line: &str) -> bool {
    let words = line
        .split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3)
        .count();
    let shared = [
        "License",
        "openfontlicense",
        "creativecommons",
        "Play well",
        "Zz",
    ];
    words >= 2 && !shared.iter().any(|s| line.contains(s))
}

#[test]
fn every_shipped_language_kit_holds_no_english_sentence_of_protopress() {
    let english_dir = new_game("fr");
    let english: Vec<String> = lines(&build(english_dir.path(), "en"))
        .into_iter()
        .filter(|l| sentence(l))
        .collect();
    // The cover, the guide, the checklist, the calibration sheet, credits and every label.
    assert!(english.len() >= 40, "{english:#?}");
    for lang in ["de", "fr", "es", "it", "pl", "nl", "pt"] {
        let dir = new_game(lang);
        let built = build(dir.path(), lang);
        let text = lines(&built).join("\n");
        let left: Vec<&String> = english
            .iter()
            .filter(|e| text.contains(e.as_str()))
            .collect();
        assert!(left.is_empty(), "{lang} kit prints English: {left:#?}");
        assert!(
            text.contains("Qordeck"),
            "{lang}: the deck's name is translated"
        );
        let warnings = &built.report.warnings;
        assert!(
            !warnings.iter().any(|w| w.contains("catalogue")),
            "{lang}: {warnings:?}"
        );
    }
}

#[test]
fn a_language_without_a_catalogue_is_english_with_one_warning() {
    let dir = new_game("sv");
    let built = build(dir.path(), "sv");
    let catalogue: Vec<&String> = built
        .report
        .warnings
        .iter()
        .filter(|w| w.contains("catalogue"))
        .collect();
    assert_eq!(catalogue.len(), 1, "{catalogue:?}");
    assert!(catalogue[0].contains("`sv`") && catalogue[0].contains("locales/sv/kit.ftl"));
    let text = flat(&pdf_lines(built.pdf("kit.pdf").unwrap()));
    assert!(text.contains("How to print this kit"), "{text}");
}

#[test]
fn a_project_catalogue_overrides_a_message_and_a_missing_one_is_warned_of() {
    let dir = new_game("fr");
    // A project's own French words, over the shipped ones.
    write(
        dir.path(),
        "locales/fr/kit.ftl",
        "guide-title = Imprimer le kit, pas à pas\n",
    );
    let text = flat(&pdf_lines(build(dir.path(), "fr").pdf("kit.pdf").unwrap()));
    assert!(text.contains("Imprimer le kit, pas à pas"), "{text}");
    assert!(!text.contains("Comment imprimer ce kit"), "{text}");
    // A language of the project's own, with one message: the rest is English, each missing
    // message named once.
    let dir = new_game("sv");
    write(
        dir.path(),
        "locales/sv/kit.ftl",
        "guide-title = Så skriver du ut\n",
    );
    let built = build(dir.path(), "sv");
    let text = flat(&pdf_lines(built.pdf("kit.pdf").unwrap()));
    assert!(
        text.contains("Så skriver du ut") && text.contains("Credits"),
        "{text}"
    );
    let missing: Vec<&String> = built
        .report
        .warnings
        .iter()
        .filter(|w| w.contains("the `sv` catalogue has no"))
        .collect();
    assert!(missing.len() > 100, "{missing:?}");
    assert!(missing.iter().any(|w| w.contains("`checklist-title`")));
    assert!(!missing.iter().any(|w| w.contains("`guide-title`")));
}

#[test]
fn a_broken_project_catalogue_is_refused_at_its_line_and_the_kit_kept() {
    let dir = new_game("fr");
    let built = cli(dir.path(), &["build", "-q"]);
    assert!(built.status.success(), "{built:?}");
    let kit = dir.path().join(format!("output/{GAME}/fr/kit.pdf"));
    let before = std::fs::read(&kit).unwrap();
    for (ftl, says) in [
        (
            "guide-title = Titre\nsheet-sheet = { $title } · feuille { $numero }\n",
            "locales/fr/kit.ftl:2:",
        ),
        (
            "guide-title = Titre\nguide-titel = Titre\n",
            "locales/fr/kit.ftl:2:",
        ),
        ("guide-title = { $\n", "locales/fr/kit.ftl:1:"),
    ] {
        write(dir.path(), "locales/fr/kit.ftl", ftl);
        let out = cli(dir.path(), &["build", "-q"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{ftl}: {err}");
        assert!(err.contains(says), "{ftl}: {err}");
        assert_eq!(std::fs::read(&kit).unwrap(), before, "the kit is kept");
    }
}

#[test]
fn a_french_reprint_names_and_quotes_the_french_cards() {
    let dir = new_game("fr");
    let d = dir.path();
    translate_merchant_text(d);
    edit(
        d,
        "deck.yaml",
        "- name: Merchant",
        "- name: { en: Merchant, fr: Marchand }",
    );
    let printed = cli(d, &["build", "--mark-printed", "-q"]);
    assert!(printed.status.success(), "{printed:?}");
    edit(
        d,
        "deck.yaml",
        "contre **2** pièces.",
        "contre **3** pièces.",
    );
    let out = cli(d, &["reprint", GAME, "--lang", "fr", "-q"]);
    assert!(out.status.success(), "{out:?}");
    let pdf = std::fs::read(d.join(format!("output/{GAME}/fr/reprint.pdf"))).unwrap();
    let text = flat(&pdf_lines(&pdf)[..1]);
    assert!(text.contains("Qordeck › Marchand"), "{text}");
    assert!(text.contains("contre **3** pièces"), "{text}");
    assert!(
        !text.contains("Merchant") && !text.contains("reprint all"),
        "{text}"
    );
    // Only the French text changed: the English kit has nothing to reprint.
    let en = cli(d, &["reprint", GAME, "--lang", "en"]);
    assert!(
        String::from_utf8_lossy(&en.stdout).contains("nothing changed"),
        "{en:?}"
    );
}

#[test]
fn a_changed_english_text_makes_its_french_translation_stale() {
    let dir = new_game("fr");
    let d = dir.path();
    translate_merchant_text(d);
    let confirmed = cli(d, &["translations", "--confirm"]);
    assert!(confirmed.status.success(), "{confirmed:?}");
    let fresh = cli(d, &["check", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&fresh.stdout).unwrap();
    assert_eq!(doc["stale_translations"], serde_json::json!([]));
    edit(
        d,
        "deck.yaml",
        "for **2** gold.\"\n    fr",
        "for **3** gold.\"\n    fr",
    );
    let checked = cli(d, &["check", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_slice(&checked.stdout).unwrap();
    let stale = &doc["stale_translations"];
    assert_eq!(stale.as_array().map(Vec::len), Some(1), "{doc:#}");
    assert_eq!(stale[0]["stale"]["card"], "merchant");
    assert_eq!(stale[0]["stale"]["field"], "text");
    assert_eq!(stale[0]["stale"]["language"], "fr");
    let built = build(d, "fr");
    let warned = built.report.warnings.iter().any(|w| {
        w.contains("card `merchant`") && w.contains("`fr` text of `text`") && w.contains("changed")
    });
    assert!(warned, "{:?}", built.report.warnings);
    // The English kit has nothing stale; confirming clears the French one.
    assert!(
        !build(d, "en")
            .report
            .warnings
            .iter()
            .any(|w| w.contains("stale") || w.contains("changed since"))
    );
    assert!(cli(d, &["translations", "--confirm"]).status.success());
    let built = build(d, "fr");
    assert!(
        !built
            .report
            .warnings
            .iter()
            .any(|w| w.contains("changed since"))
    );
}

#[test]
fn regions_are_two_kits_that_read_their_base_language() {
    let dir = new_game("de-CH");
    let d = dir.path();
    edit(
        d,
        "game.yaml",
        "languages: [en, de-CH]",
        "languages: [en, de-CH, de-DE]",
    );
    edit(
        d,
        "game.yaml",
        "de-CH: Qordeck }",
        "de: Straßendeck, de-CH: Strassendeck }",
    );
    write(
        d,
        &format!("data/{GAME}/rules.de-DE.md"),
        "# Qorvak\n\nQorvak.\n",
    );
    let ch = flat(&pdf_lines(build(d, "de-CH").pdf("kit.pdf").unwrap()));
    let de = flat(&pdf_lines(build(d, "de-DE").pdf("kit.pdf").unwrap()));
    assert!(
        ch.contains("Strassendeck") && !ch.contains("Straßendeck"),
        "{ch}"
    );
    assert!(de.contains("Straßendeck"), "{de}");
    // Both read the German catalogue.
    assert!(ch.contains("So druckt ihr dieses Kit") && de.contains("So druckt ihr dieses Kit"));
}

#[test]
fn a_misspelt_language_key_is_named() {
    let dir = new_game("fr");
    edit(dir.path(), "game.yaml", "fr: Qordeck }", "frr: Qordeck }");
    let out = cli(dir.path(), &["build", "-q"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("`frr`") && err.contains("did you mean `fr`?"),
        "{err}"
    );
    assert!(err.contains("game.yaml:"), "{err}");
}

#[test]
fn a_region_without_its_own_rules_reads_its_base_languages() {
    let dir = new_game("de-CH");
    let d = dir.path();
    edit(
        d,
        "game.yaml",
        "  missing_translation: first-language\n",
        "",
    );
    std::fs::remove_file(d.join(format!("data/{GAME}/rules.de-CH.md"))).unwrap();
    write(
        d,
        &format!("data/{GAME}/rules.de.md"),
        "# Qorvak\n\nGrundregeln.\n",
    );
    let built = build(d, "de-CH");
    let rules = flat(&pdf_lines(built.pdf("rules.pdf").unwrap()));
    assert!(rules.contains("Grundregeln"), "{rules}");
}

#[test]
fn spreadsheet_columns_translate_untyped_fields_and_regions() {
    let dir = new_game("de-CH");
    let d = dir.path();
    write(
        d,
        &format!("data/{GAME}/deck.csv"),
        "name,name.de-CH,count,kind,value,text,text.de-CH\nScout,Späher,2,crew,1,Look.,Schau.\n",
    );
    edit(d, "game.yaml", "cards: deck.yaml", "cards: deck.csv");
    let out = cli(d, &["translations", "--confirm"]);
    assert!(out.status.success(), "{out:?}");
    let record = std::fs::read_to_string(d.join(format!("data/{GAME}/translated.json"))).unwrap();
    assert!(
        record.contains("deck/scout/text") && record.contains("deck/scout/name"),
        "{record}"
    );
}

#[test]
fn a_renamed_card_leaves_its_translations_unconfirmed_with_a_warning() {
    let dir = new_game("fr");
    let d = dir.path();
    edit(
        d,
        "deck.yaml",
        "- name: Merchant",
        "- name: { en: Merchant, fr: Marchand }",
    );
    assert!(cli(d, &["translations", "--confirm"]).status.success());
    assert!(
        !build(d, "fr")
            .report
            .warnings
            .iter()
            .any(|w| w.contains("not confirmed"))
    );
    edit(d, "deck.yaml", "en: Merchant,", "en: Trader,");
    let warnings = build(d, "fr").report.warnings;
    let unconfirmed = warnings
        .iter()
        .any(|w| w.contains("1 translated `fr` text(s) not confirmed"));
    assert!(unconfirmed, "{warnings:?}");
}

#[test]
fn a_damaged_print_record_is_an_error_not_overwritten() {
    let dir = new_game("fr");
    let d = dir.path();
    assert!(cli(d, &["build", "--mark-printed", "-q"]).status.success());
    let path = d.join(format!("data/{GAME}/printed.json"));
    let damaged = format!("<<<<<<< HEAD\n{}", std::fs::read_to_string(&path).unwrap());
    std::fs::write(&path, &damaged).unwrap();
    let out = cli(d, &["build", "--mark-printed", "-q"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("the print record is damaged") && err.contains("printed.json:1:"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), damaged);
}

#[test]
fn a_project_message_may_not_choose_forms_it_is_not_given_and_warns_of_a_dropped_name() {
    let dir = new_game("fr");
    let d = dir.path();
    write(
        d,
        "locales/fr/kit.ftl",
        "guide-title = Titre\nsheet-sheet =\n    { $n ->\n        [1] première feuille\n       *[other] feuille { $n }\n    }\n",
    );
    let out = cli(d, &["build", "-q"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("`sheet-sheet` chooses a form") && err.contains("kit.ftl:3:"),
        "{err}"
    );
    write(
        d,
        "locales/fr/kit.ftl",
        "guide-title = Titre\nsheet-sheet = { $title } · feuille\n",
    );
    let warnings = build(d, "fr").report.warnings;
    let dropped = warnings
        .iter()
        .any(|w| w.contains("locales/fr/kit.ftl:2: `sheet-sheet` leaves out { $n }, { $of }"));
    assert!(dropped, "{warnings:?}");
}
