//! The designer's own material: cards kept in spreadsheets, typed card fields, several designs
//! in one deck, art and its resolution, and kits in more than one language.

mod common;

use common::Project;
use protopress::assemble::{BuildOptions, Prepared, Session};

const FRONT: &str = "{% <face_svg bg=\"#eeeeee\"> %}{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3) }}{% if card.text %}{{ text_box(text=card.text, x=face.safe_left, y=40, width=face.safe_right - face.safe_left, height=20, size=4, min_size=3) }}{% endif %}{{ text_box(text=\"Tier \" ~ (card.tier + 1), x=face.safe_left, y=70, width=30, height=8, size=4) }}{% </face_svg> %}";
const BACK: &str = "{% <face_svg bg=\"#222266\"> %}<circle cx=\"{{ face.width / 2 }}\" cy=\"{{ face.height / 2 }}\" r=\"10\" fill=\"#fff\"/>{% </face_svg> %}";

const YAML_CARDS: &str = "- name: Alpha\n  count: 2\n  text: First card\n  tier: 1\n- name: Beta\n  text: Second card\n  tier: 2\n- name: Gamma\n  count: 3\n  tier: 3\n";
const CSV_CARDS: &str =
    "name,count,text,tier\nAlpha,2,First card,1\nBeta,1,Second card,2\nGamma,3,,3\n";
const XLSX: &[u8] = include_bytes!("fixtures/deck.xlsx");
const ODS: &[u8] = include_bytes!("fixtures/deck.ods");

/// A one-deck game whose cards come from `cards` (the file name in `game.yaml`), with typed
/// fields.
fn game(cards: &str, extra: &str) -> Project {
    let yaml = format!(
        "name: Fixture\nrevision: \"1\"\n{extra}components:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: {{ template: back.svg.tera }}\n    cards: {cards}\n    card_fields:\n      text: {{ type: markup, description: Rules text }}\n      tier: integer\n"
    );
    Project::new(&[
        ("data/fixture/game.yaml", &yaml),
        ("templates/fixture/front.svg.tera", FRONT),
        ("templates/fixture/back.svg.tera", BACK),
    ])
}

fn session(p: &Project) -> Session {
    let opts = BuildOptions {
        paper: None,
        out_dir: p.out(),
        mark_printed: false,
        layout: None,
    };
    Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
}

fn cards_pdf(p: &Project) -> Vec<u8> {
    let built = session(p).build_in_memory("fixture").unwrap();
    built.pdf("cards.pdf").unwrap().to_vec()
}

fn prepare(p: &Project) -> protopress::Result<Prepared> {
    session(p).prepare("fixture")
}

fn error(p: &Project) -> String {
    match prepare(p) {
        Ok(_) => panic!("the game loaded"),
        Err(e) => e.to_string(),
    }
}

/// Workbooks store every number as a float: an untyped or text field still prints `1`, as
/// the sheet shows it, not `1.0`.
#[test]
fn workbook_numbers_print_as_the_sheet_shows_them() {
    let front = FRONT.replace("(card.tier + 1)", "card.tier");
    for ty in ["any", "text"] {
        let yaml = game("deck.yaml", "");
        let untyped = |p: &Project| {
            p.edit(
                "data/fixture/game.yaml",
                "tier: integer",
                &format!("tier: {ty}"),
            );
            p.write("templates/fixture/front.svg.tera", &front);
        };
        untyped(&yaml);
        yaml.write(
            "data/fixture/deck.yaml",
            &YAML_CARDS
                .replace("tier: 1", "tier: \"1\"")
                .replace("tier: 2", "tier: \"2\"")
                .replace("tier: 3", "tier: \"3\""),
        );
        let want = cards_pdf(&yaml);
        for (file, bytes) in [("deck.xlsx", XLSX), ("deck.ods", ODS)] {
            let book = game(&format!("{file}#Loot"), "");
            untyped(&book);
            std::fs::write(book.root().join("data/fixture").join(file), bytes).unwrap();
            assert!(
                cards_pdf(&book) == want,
                "{file} with `{ty}` prints differently"
            );
        }
    }
}

#[test]
fn csv_tsv_xlsx_and_ods_decks_print_the_same_cards_as_the_yaml_deck() {
    let yaml = game("deck.yaml", "");
    yaml.write("data/fixture/deck.yaml", YAML_CARDS);
    let csv = game("deck.csv", "");
    csv.write("data/fixture/deck.csv", CSV_CARDS);
    let xlsx = game("deck.xlsx#Loot", "");
    std::fs::write(xlsx.root().join("data/fixture/deck.xlsx"), XLSX).unwrap();
    let want = cards_pdf(&yaml);
    assert!(cards_pdf(&csv) == want, "the CSV deck prints differently");
    assert!(cards_pdf(&xlsx) == want, "the XLSX deck prints differently");
    let ods = game("deck.ods#Loot", "");
    std::fs::write(ods.root().join("data/fixture/deck.ods"), ODS).unwrap();
    assert!(cards_pdf(&ods) == want, "the ODS deck prints differently");
    let tsv = game("deck.tsv", "");
    tsv.write("data/fixture/deck.tsv", &CSV_CARDS.replace(',', "\t"));
    assert!(cards_pdf(&tsv) == want, "the TSV deck prints differently");
}

#[test]
fn a_wrong_value_in_a_sheet_names_file_row_and_column() {
    let p = game("deck.csv", "");
    p.write(
        "data/fixture/deck.csv",
        "name,count,text,tier\nAlpha,2,x,1\nBeta,1,y,two\n",
    );
    let text = error(&p);
    assert!(text.contains("data/fixture/deck.csv:3:4"), "{text}");
    assert!(text.contains("row 3, column D (tier)"), "{text}");
    assert!(text.contains("must be a whole number, not `two`"), "{text}");
    assert!(text.contains("card `Beta`"), "{text}");
}

#[test]
fn an_unknown_column_suggests_the_field() {
    let p = game("deck.csv", "");
    p.write("data/fixture/deck.csv", "name,count,txet\nAlpha,2,x\n");
    let text = error(&p);
    assert!(text.contains("data/fixture/deck.csv:1:3"), "{text}");
    assert!(text.contains("unknown column `txet`"), "{text}");
    assert!(text.contains("did you mean `text`"), "{text}");
}

#[test]
fn a_bad_count_and_a_missing_name_in_a_sheet_are_located() {
    let p = game("deck.csv", "");
    p.write("data/fixture/deck.csv", "name,count\nAlpha,lots\n");
    let text = error(&p);
    assert!(text.contains("deck.csv:2:2"), "{text}");
    p.write(
        "data/fixture/deck.csv",
        "name,count,tier\nAlpha,1,1\n,2,2\n",
    );
    let text = error(&p);
    assert!(text.contains("deck.csv:3:1"), "{text}");
    assert!(text.contains("no `name`"), "{text}");
}

#[test]
fn an_unknown_sheet_lists_the_sheets() {
    let p = game("deck.xlsx#Lot", "");
    std::fs::write(p.root().join("data/fixture/deck.xlsx"), XLSX).unwrap();
    let text = error(&p);
    assert!(text.contains("no sheet `Lot`"), "{text}");
    assert!(text.contains("did you mean `Loot`"), "{text}");
    // Without a sheet name the first sheet is read: here, notes without a `name` column.
    let p = game("deck.xlsx", "");
    std::fs::write(p.root().join("data/fixture/deck.xlsx"), XLSX).unwrap();
    assert!(error(&p).contains("no `name` column"));
}

#[test]
fn a_typed_field_in_yaml_fails_at_its_line() {
    let p = game("deck.yaml", "");
    p.write(
        "data/fixture/deck.yaml",
        "- name: Alpha\n  tier: 1\n- name: Beta\n  tier: two\n",
    );
    let text = error(&p);
    assert!(text.contains("data/fixture/deck.yaml:4:3"), "{text}");
    assert!(text.contains("`tier` must be a whole number"), "{text}");
}

#[test]
fn an_unknown_field_type_is_located_in_game_yaml() {
    let p = game("deck.yaml", "");
    p.write("data/fixture/deck.yaml", YAML_CARDS);
    let yaml = std::fs::read_to_string(p.root().join("data/fixture/game.yaml")).unwrap();
    p.write(
        "data/fixture/game.yaml",
        &yaml.replace("tier: integer", "tier: intger"),
    );
    let text = error(&p);
    assert!(text.contains("data/fixture/game.yaml:"), "{text}");
    assert!(text.contains("did you mean `integer`"), "{text}");
}

/// A deck of loot and hazards, each kind with its own front and back, and one card with a
/// front of its own.
fn two_designs() -> Project {
    let yaml = "name: Fixture\nrevision: \"1\"\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    fronts: { kind: { loot: loot.svg.tera, hazard: hazard.svg.tera } }\n    back: { template: back.svg.tera }\n    backs: { kind: { hazard: hazard-back.svg.tera } }\n    cards: deck.yaml\n    card_fields: { kind: [loot, hazard] }\n";
    let face = |label: &str, bg: &str| {
        format!(
            "{{% <face_svg bg=\"{bg}\"> %}}{{{{ text_box(text=\"{label} \" ~ card.name, x=face.safe_left, y=20, width=40, height=10, size=4) }}}}{{% </face_svg> %}}"
        )
    };
    let shared = |bg: &str| format!("{{% <face_svg bg=\"{bg}\"> %}}{{% </face_svg> %}}");
    Project::new(&[
        ("data/fixture/game.yaml", yaml),
        (
            "data/fixture/deck.yaml",
            "- name: Coin\n  kind: loot\n  count: 2\n- name: Gem\n  kind: loot\n- name: Pit\n  kind: hazard\n- name: Idol\n  kind: loot\n  front: special.svg.tera\n",
        ),
        ("templates/fixture/loot.svg.tera", &face("LOOT", "#ffeeaa")),
        (
            "templates/fixture/hazard.svg.tera",
            &face("HAZARD", "#ffaaaa"),
        ),
        (
            "templates/fixture/special.svg.tera",
            &face("SPECIAL", "#aaffaa"),
        ),
        ("templates/fixture/back.svg.tera", &shared("#222266")),
        ("templates/fixture/hazard-back.svg.tera", &shared("#662222")),
    ])
}

#[test]
fn one_deck_prints_several_designs() {
    let p = two_designs();
    let prepared = prepare(&p).unwrap();
    let faces = &prepared.faces;
    let deck = &faces.decks[0];
    let svg = |i: usize| faces.faces[i].svg.as_str();
    let fronts: Vec<&str> = deck.copies.iter().map(|c| svg(c.front)).collect();
    assert_eq!(fronts.len(), 5);
    assert!(fronts[0].contains("#ffeeaa") && fronts[2].contains("#ffeeaa"));
    assert!(
        fronts[3].contains("#ffaaaa"),
        "the hazard has the hazard front"
    );
    assert!(fronts[4].contains("#aaffaa"), "the idol has its own front");
    let backs: Vec<Option<usize>> = deck.copies.iter().map(|c| c.back).collect();
    assert_eq!(backs[0], backs[2], "loot cards share one back");
    assert_ne!(backs[0], backs[3], "the hazard has its own back");
    assert!(svg(backs[3].unwrap()).contains("#662222"));
    // Two backs for the deck, each rendered once.
    assert_eq!(deck.unique_faces, 4 + 2);
    session(&p).build_in_memory("fixture").unwrap();
}

#[test]
fn a_design_rule_is_checked_against_the_field() {
    let p = two_designs();
    let yaml = std::fs::read_to_string(p.root().join("data/fixture/game.yaml")).unwrap();
    p.write(
        "data/fixture/game.yaml",
        &yaml.replace("hazard: hazard.svg.tera", "hazzard: hazard.svg.tera"),
    );
    let text = error(&p);
    assert!(text.contains("`hazzard`"), "{text}");
    assert!(text.contains("data/fixture/game.yaml:"), "{text}");
    let p = two_designs();
    p.write(
        "data/fixture/deck.yaml",
        "- name: Coin\n  kind: loot\n  front: lot.svg.tera\n",
    );
    let text = error(&p);
    assert!(text.contains("template `lot.svg.tera` not found"), "{text}");
    assert!(text.contains("did you mean `loot.svg.tera`"), "{text}");
    assert!(text.contains("data/fixture/deck.yaml:1"), "{text}");
}

/// A square RGB PNG of `px` pixels.
fn png(px: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, px, px);
    enc.set_color(png::ColorType::Rgb);
    let mut w = enc.write_header().unwrap();
    let data: Vec<u8> = (0..px * px * 3).map(|i| (i % 251) as u8).collect();
    w.write_image_data(&data).unwrap();
    w.finish().unwrap();
    out
}

/// A deck whose cards carry art (an `image` field) drawn 10 mm square.
fn art_game(cards: &str) -> Project {
    let yaml = "name: Fixture\nrevision: \"1\"\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    cards: deck.yaml\n    card_fields: { art: image }\n";
    let front = "{% <face_svg bg=\"#ffffff\"> %}{{ text_box(text=card.name, x=face.safe_left, y=20, width=40, height=10, size=4) }}<image href=\"{{ card.art }}\" x=\"10\" y=\"40\" width=\"10\" height=\"10\"/>{% </face_svg> %}";
    let p = Project::new(&[
        ("data/fixture/game.yaml", yaml),
        ("data/fixture/deck.yaml", cards),
        ("templates/fixture/front.svg.tera", front),
        ("data/fixture/art/notes.txt", "not an image"),
    ]);
    std::fs::write(p.root().join("data/fixture/art/low.png"), png(40)).unwrap();
    std::fs::write(p.root().join("data/fixture/art/sharp.png"), png(200)).unwrap();
    p
}

#[test]
fn low_resolution_art_gets_a_warning_naming_card_and_dpi() {
    let p = art_game(
        "- name: Heron\n  art: art/low.png\n- name: Crane\n  art: art/low.png\n- name: Stork\n  art: art/sharp.png\n",
    );
    let prepared = prepare(&p).unwrap();
    let art: Vec<&String> = prepared
        .warnings
        .iter()
        .filter(|w| w.contains("dpi"))
        .collect();
    assert_eq!(art.len(), 1, "{art:?}");
    assert!(art[0].contains("deck/heron front"), "{}", art[0]);
    assert!(art[0].contains("art/low.png"), "{}", art[0]);
    assert!(art[0].contains("prints at 102 dpi"), "{}", art[0]);
    let built = session(&p).build_in_memory("fixture").unwrap();
    assert!(built.report.warnings.iter().any(|w| w.contains("102 dpi")));
    // Each image is embedded once, however many faces show it.
    let doc = lopdf::Document::load_mem(built.pdf("cards.pdf").unwrap()).unwrap();
    let images = doc
        .objects
        .values()
        .filter_map(|o| o.as_stream().ok())
        .filter(|s| {
            s.dict
                .get(b"Subtype")
                .and_then(|t| t.as_name())
                .is_ok_and(|n| n == b"Image")
        })
        .count();
    assert_eq!(images, 2, "two distinct images, each embedded once");
}

#[test]
fn an_image_field_must_name_an_image_of_the_game() {
    let p = art_game("- name: Heron\n  art: art/heron.png\n");
    let text = error(&p);
    assert!(text.contains("data/fixture/deck.yaml:2:3"), "{text}");
    assert!(
        text.contains("no file data/fixture/art/heron.png"),
        "{text}"
    );
    let p = art_game("- name: Heron\n  art: art/notes.txt\n");
    let text = error(&p);
    assert!(text.contains("not a PNG, JPEG, WebP or SVG"), "{text}");
    let p = art_game("- name: Heron\n  art: ../../../etc/passwd\n");
    assert!(prepare(&p).is_err());
}

/// A deck with English and German texts, and rules in both.
fn two_languages(print: &str, cards: &str) -> Project {
    let yaml = format!(
        "name: Fixture\nrevision: \"1\"\nlanguages: [en, de]\n{print}components:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: {{ template: back.svg.tera }}\n    cards: {cards}\n    card_fields: {{ text: markup, tier: integer }}\n"
    );
    Project::new(&[
        ("data/fixture/game.yaml", &yaml),
        (
            "data/fixture/deck.yaml",
            "- name: { en: Loot, de: Beute }\n  text: { en: Take it., de: Nimm es. }\n  tier: 1\n- name: Idol\n  text: { en: Keep it., de: Behalte es. }\n  tier: 2\n",
        ),
        ("data/fixture/rules.md", "# Fixture\n\nPlay the cards.\n"),
        (
            "data/fixture/rules.de.md",
            "# Fixture\n\nSpiele die Karten.\n",
        ),
        ("templates/fixture/front.svg.tera", FRONT),
        ("templates/fixture/back.svg.tera", BACK),
    ])
}

fn front_texts(p: &Project, lang: &str) -> Vec<String> {
    let prepared = session(p).prepare_in("fixture", Some(lang)).unwrap();
    let faces = &prepared.faces;
    faces.decks[0]
        .copies
        .iter()
        .map(|c| faces.faces[c.front].svg.clone())
        .collect()
}

#[test]
fn a_game_in_two_languages_builds_a_kit_for_each() {
    let p = two_languages("", "deck.yaml");
    let outcome = session(&p).build_game("fixture").unwrap();
    for lang in ["en", "de"] {
        let dir = p.out().join("fixture").join(lang);
        for file in ["cards.pdf", "rules.pdf", "kit.pdf", "index.html"] {
            assert!(dir.join(file).is_file(), "{lang}/{file}");
            assert!(outcome.files.contains(&dir.join(file)), "{lang}/{file}");
        }
    }
    let de = front_texts(&p, "de");
    assert!(
        de[0].contains("Beute") && de[0].contains("Nimm"),
        "{}",
        de[0]
    );
    assert!(de[1].contains("Idol") && de[1].contains("Behalte"));
    assert!(front_texts(&p, "en")[0].contains("Loot"));
    let index = std::fs::read_to_string(p.out().join("fixture/de/index.html")).unwrap();
    assert!(
        index.contains("lang=\"de\""),
        "the German kit says it is German"
    );
    let prepared = session(&p).prepare_in("fixture", Some("de")).unwrap();
    assert!(prepared.game.rules_file().ends_with("rules.de.md"));
    assert_eq!(prepared.game.components[0].cards[0].id, "loot");
}

#[test]
fn a_missing_translation_names_the_card_and_field_or_falls_back() {
    let p = two_languages("", "deck.yaml");
    p.write(
        "data/fixture/deck.yaml",
        "- name: Loot\n  text: { en: Take it., de: Nimm es. }\n- name: Idol\n  tier: 2\n  text: { en: Keep it. }\n",
    );
    let err = session(&p).prepare_in("fixture", Some("de")).err().unwrap();
    let text = err.to_string();
    assert!(
        text.contains("card field `text` has no `de` translation"),
        "{text}"
    );
    assert!(text.contains("card `Idol`"), "{text}");
    assert!(text.contains("data/fixture/deck.yaml:5:3"), "{text}");
    let p = two_languages(
        "print: { missing_translation: first-language }\n",
        "deck.yaml",
    );
    p.write(
        "data/fixture/deck.yaml",
        "- name: Idol\n  tier: 2\n  text: { en: Keep it. }\n",
    );
    std::fs::remove_file(p.root().join("data/fixture/rules.de.md")).unwrap();
    assert!(front_texts(&p, "de")[0].contains(">Keep it.<"));
    let prepared = session(&p).prepare_in("fixture", Some("de")).unwrap();
    assert!(prepared.game.rules_file().ends_with("rules.md"));
}

#[test]
fn missing_rules_in_a_language_and_unknown_languages_are_errors() {
    let p = two_languages("", "deck.yaml");
    std::fs::remove_file(p.root().join("data/fixture/rules.de.md")).unwrap();
    let text = session(&p)
        .prepare_in("fixture", Some("de"))
        .err()
        .unwrap()
        .to_string();
    assert!(text.contains("rules.de.md"), "{text}");
    let text = session(&p)
        .prepare_in("fixture", Some("fr"))
        .err()
        .unwrap()
        .to_string();
    assert!(text.contains("no language `fr`"), "{text}");
    let p = game("deck.yaml", "language: xx\n");
    p.write("data/fixture/deck.yaml", YAML_CARDS);
    let text = error(&p);
    assert!(text.contains("`xx` is not a language code"), "{text}");
    assert!(text.contains("data/fixture/game.yaml:3"), "{text}");
}

#[test]
fn a_sheet_carries_translations_in_language_columns() {
    let p = two_languages("", "deck.csv");
    p.write(
        "data/fixture/deck.csv",
        "name,name.de,text,text.de,tier\nLoot,Beute,Take it.,Nimm es.,1\n",
    );
    let de = front_texts(&p, "de");
    assert!(
        de[0].contains("Beute") && de[0].contains(">Nimm es.<"),
        "{}",
        de[0]
    );
    p.write(
        "data/fixture/deck.csv",
        "name,text,text.fr\nLoot,Take it.,Prends-le.\n",
    );
    let text = session(&p)
        .prepare_in("fixture", Some("de"))
        .err()
        .unwrap()
        .to_string();
    assert!(
        text.contains("`fr` is not one of the game's languages"),
        "{text}"
    );
}

#[test]
fn veil_runners_ships_a_german_exploration_deck() {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let session = Session::new(
        &protopress::Project::open(repo).unwrap(),
        &BuildOptions::default(),
    );
    assert_eq!(session.languages("veil-runners").unwrap(), ["en", "de"]);
    let p = session.prepare_in("veil-runners", Some("de")).unwrap();
    let comp = p
        .game
        .components
        .iter()
        .position(|c| c.spec.id == "exploration")
        .unwrap();
    assert_eq!(p.game.components[comp].cards[0].name, "Überlebende");
    assert_eq!(p.game.components[comp].cards[0].id, "survivors");
    let deck = p.faces.decks.iter().find(|d| d.component == comp).unwrap();
    let front = &p.faces.faces[deck.copies[0].front].svg;
    assert!(
        front.contains("Überlebende") && front.contains("ERKUNDUNG"),
        "{front}"
    );
}

/// The text of a kit's `rules.pdf` from `first` to the end of the last `last`, as its lines
/// break: the rules alone, without the cover, contents and credits, which speak the kit's
/// language.
fn rules_text(p: &Project, lang: &str, (first, last): (&str, &str)) -> String {
    let built = session(p)
        .build_in_memory_in("fixture", Some(lang))
        .unwrap();
    let doc = lopdf::Document::load_mem(built.pdf("rules.pdf").unwrap()).unwrap();
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).unwrap();
    let start = text.find(first).expect("the rules' first word");
    let end = text.rfind(last).expect("the rules' last word") + last.len();
    text[start..end].to_owned()
}

/// A German kit whose rules fall back to the English `rules.md` hyphenates them as English:
/// its rulebook breaks lines exactly as the English kit's does, while the same text typeset
/// as German breaks differently.
#[test]
fn fallback_rules_are_hyphenated_in_their_own_language() {
    let long = "Notwithstanding characteristically incomprehensible circumstances, the \
        extraordinarily conscientious quartermaster reconsidered, accommodating \
        interdisciplinary responsibilities; unquestionably, uncharacteristically \
        disproportionate accountabilities overwhelmed the representatives. "
        .repeat(6);
    let p = two_languages(
        "print: { missing_translation: first-language }\n",
        "deck.yaml",
    );
    p.write("data/fixture/rules.md", &format!("# Fixture\n\n{long}\n"));
    std::fs::remove_file(p.root().join("data/fixture/rules.de.md")).unwrap();
    let span = ("Notwithstanding", "representatives.");
    let english = rules_text(&p, "en", span);
    assert_eq!(
        rules_text(&p, "de", span),
        english,
        "the fallback rules broke lines as German"
    );
    // Control: the same text as German rules breaks lines differently.
    p.write(
        "data/fixture/rules.de.md",
        &format!("# Fixture\n\n{long}\n"),
    );
    assert_ne!(
        rules_text(&p, "de", span),
        english,
        "the text does not tell the languages apart"
    );
}

/// `check` reads each language's rules with its own number words and names, and points at
/// that language's file and line.
#[test]
fn each_language_is_checked_against_its_own_rules() {
    let p = two_languages("", "deck.yaml");
    p.write(
        "data/fixture/manifest.yaml",
        "entries:\n  - name: Loot Cards\n    names: { de: [Beutekarten] }\n    count: 2\n    component: deck\n",
    );
    p.write(
        "data/fixture/rules.md",
        "# Fixture\n\n## Components\n\n- Two Loot Cards\n",
    );
    p.write(
        "data/fixture/rules.de.md",
        "# Fixture\n\n## Spielmaterial\n\n- Zwei Beutekarten\n",
    );
    let check = |lang: &str| {
        let game = protopress::model::Game::load_in(
            &protopress::Project::open(p.root()).unwrap(),
            "fixture",
            Some(lang),
        )
        .unwrap();
        protopress::check::manifest::check_game(&game, None)
            .unwrap()
            .unwrap()
    };
    for lang in ["en", "de"] {
        let r = check(lang);
        assert!(r.passed, "{lang}: {}", r.table());
        assert_eq!(r.entries[0].stated[0].count, 2);
        assert_eq!(r.lang.as_deref(), Some(lang));
    }
    p.write(
        "data/fixture/rules.de.md",
        "# Fixture\n\n## Spielmaterial\n\n- Drei Beutekarten\n",
    );
    let r = check("de");
    assert!(!r.passed);
    assert_eq!(r.rules.as_deref(), Some("data/fixture/rules.de.md"));
    let problem = &r.entries[0].problems[0];
    assert!(
        problem.contains("rules.de.md line 5 says 3, the manifest 2"),
        "{problem}"
    );
    assert!(check("en").passed, "the English rules were read as German");
    // An accept for the German rules accepts there and is no stale accept in English.
    p.write(
        "data/fixture/manifest.yaml",
        "entries:\n  - name: Loot Cards\n    names: { de: [Beutekarten] }\n    count: 2\n    component: deck\n    accept: [{ line: 5, lang: de, reason: a typo in the German proof }]\n",
    );
    let r = check("de");
    assert!(r.passed, "{}", r.table());
    assert_eq!(r.entries[0].accepted.len(), 1);
    assert!(check("en").passed, "{}", check("en").table());
}
