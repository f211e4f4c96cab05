//! `check` reads a components section written in each shipped language (its heading, a table
//! with headers in that language, number words, an "in all" total in a later section) with no
//! false mismatch, and catches a wrong count planted in each of those places. A project's own
//! `locales/<code>/check.yaml` adds a language; a broken one is bad input, at its line.

mod common;

use std::process::Command;

use common::Project;
use serde_json::Value;

/// One language's rulebook for the fixture: 78 cards (48 red, 30 blue) and 12 tokens.
struct Lang {
    code: &'static str,
    /// Manifest names: the deck, its red and blue parts, the tokens.
    names: [&'static str; 4],
    heading: &'static str,
    /// Table headers: the name column, the count column.
    headers: [&'static str; 2],
    /// `78 cards` and `12 tokens` in words, as list items.
    words: [&'static str; 2],
    /// 79 in words, to plant.
    wrong_words: &'static str,
    later_heading: &'static str,
    /// The total of the cards in a later section, with `{n}` for the count.
    total: &'static str,
}

const LANGS: [Lang; 8] = [
    Lang {
        code: "en",
        names: ["Cards", "Red cards", "Blue cards", "Tokens"],
        heading: "Components",
        headers: ["Component", "Qty"],
        words: ["seventy-eight cards", "a dozen tokens"],
        wrong_words: "seventy-nine cards",
        later_heading: "Setup",
        total: "In all, {n} cards.",
    },
    Lang {
        code: "de",
        names: ["Karten", "Rote Karten", "Blaue Karten", "Marker"],
        heading: "Spielmaterial",
        headers: ["Komponente", "Anzahl"],
        words: ["achtundsiebzig Karten", "zwölf Marker"],
        wrong_words: "neunundsiebzig Karten",
        later_heading: "Spielaufbau",
        total: "Insgesamt {n} Karten.",
    },
    Lang {
        code: "fr",
        names: ["Cartes", "Cartes rouges", "Cartes bleues", "Jetons"],
        heading: "Matériel",
        headers: ["Composant", "Quantité"],
        words: ["soixante-dix-huit cartes", "une douzaine de jetons"],
        wrong_words: "soixante-dix-neuf cartes",
        later_heading: "Mise en place",
        total: "En tout, {n} cartes.",
    },
    Lang {
        code: "es",
        names: ["Cartas", "Cartas rojas", "Cartas azules", "Fichas"],
        heading: "Componentes",
        headers: ["Componente", "Cantidad"],
        words: ["setenta y ocho cartas", "una docena de fichas"],
        wrong_words: "setenta y nueve cartas",
        later_heading: "Preparación",
        total: "En total, {n} cartas.",
    },
    Lang {
        code: "it",
        names: ["Carte", "Carte rosse", "Carte blu", "Segnalini"],
        heading: "Componenti",
        headers: ["Componente", "Quantità"],
        words: ["settantotto carte", "dodici segnalini"],
        wrong_words: "settantanove carte",
        later_heading: "Preparazione",
        total: "In totale, {n} carte.",
    },
    Lang {
        code: "pl",
        names: ["Karty", "Karty czerwone", "Karty niebieskie", "Żetony"],
        heading: "Elementy gry",
        headers: ["Element", "Liczba"],
        words: ["siedemdziesiąt osiem kart", "dwanaście żetonów"],
        wrong_words: "siedemdziesiąt dziewięć kart",
        later_heading: "Przygotowanie",
        total: "Łącznie {n} kart.",
    },
    Lang {
        code: "nl",
        names: ["Kaarten", "Rode kaarten", "Blauwe kaarten", "Fiches"],
        heading: "Spelmateriaal",
        headers: ["Onderdeel", "Aantal"],
        words: ["achtenzeventig kaarten", "twaalf fiches"],
        wrong_words: "negenenzeventig kaarten",
        later_heading: "Voorbereiding",
        total: "In totaal {n} kaarten.",
    },
    Lang {
        code: "pt",
        names: ["Cartas", "Cartas vermelhas", "Cartas azuis", "Fichas"],
        heading: "Componentes",
        headers: ["Componente", "Quantidade"],
        words: ["setenta e oito cartas", "uma dúzia de fichas"],
        wrong_words: "setenta e nove cartas",
        later_heading: "Preparação",
        total: "No total, {n} cartas.",
    },
];

impl Lang {
    /// The rulebook, its table saying `blue` blue cards and its total saying `total` cards.
    fn rules(&self, blue: u32, total: u32) -> String {
        let [_, red, blue_name, _] = self.names;
        let [name, qty] = self.headers;
        format!(
            "# Rules\n\n## {}\n\n| {name} | {qty} |\n| --- | --- |\n| {red} | 48 |\n| {blue_name} | {blue} |\n\n- {}\n- {}\n\n## {}\n\n{}\n",
            self.heading,
            self.words[0],
            self.words[1],
            self.later_heading,
            self.total.replace("{n}", &total.to_string()),
        )
    }

    fn manifest(&self) -> String {
        let [deck, red, blue, tokens] = self.names;
        format!(
            "entries:\n  - name: {deck}\n    count: 78\n    component: deck\n    parts:\n      - {{ name: {red}, count: 48, where: {{ text: red }} }}\n      - {{ name: {blue}, count: 30, where: {{ text: blue }} }}\n  - name: {tokens}\n    count: 12\n    component: tokens\n"
        )
    }
}

/// A game in `code` with a 78-card deck (48 red, 30 blue) and 12 tokens.
fn game(code: &str, manifest: &str, rules: &str) -> Project {
    let game = format!(
        "name: Fixture\nrevision: \"1\"\nlanguage: {code}\nprint:\n  paper: a4\ncomponents:\n  - id: deck\n    name: Deck\n    size: poker\n    front: front.svg.tera\n    back: back.svg.tera\n    cards: deck.yaml\n    card_fields: [text]\n  - id: tokens\n    name: Tokens\n    size: poker\n    front: front.svg.tera\n    back: back.svg.tera\n    cards: tokens.yaml\n    card_fields: [text]\n"
    );
    Project::new(&[
        ("data/fixture/game.yaml", &game),
        (
            "data/fixture/deck.yaml",
            "- name: Red\n  count: 48\n  text: red\n- name: Blue\n  count: 30\n  text: blue\n",
        ),
        (
            "data/fixture/tokens.yaml",
            "- name: Token\n  count: 12\n  text: token\n",
        ),
        ("data/fixture/manifest.yaml", manifest),
        ("data/fixture/rules.md", rules),
        (
            "templates/fixture/front.svg.tera",
            "{% <face_svg bg=\"#ffffff\"> %}{{ text_box(text=card.name, x=face.safe_left, y=face.safe_top, width=face.safe_right - face.safe_left, height=10, size=5, min_size=3) }}{% </face_svg> %}",
        ),
        (
            "templates/fixture/back.svg.tera",
            "{% <face_svg bg=\"#222266\"> %}<circle cx=\"{{ face.width / 2 }}\" cy=\"{{ face.height / 2 }}\" r=\"10\" fill=\"#fff\"/>{% </face_svg> %}",
        ),
    ])
}

/// Runs `check --format json`: the exit code, the fixture's report and stderr.
fn check(p: &Project) -> (i32, Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .current_dir(p.root())
        .args(["check", "fixture", "--format", "json"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    let report = doc["games"][0].clone();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), report, stderr)
}

/// The entry at `path` in a report.
fn entry<'r>(report: &'r Value, path: &str) -> &'r Value {
    let entries = report["entries"].as_array().expect("a report with entries");
    entries
        .iter()
        .find(|e| e["path"] == path)
        .unwrap_or_else(|| panic!("no entry {path} in {report:#}"))
}

/// The counts the rules state for `path`, in order.
fn stated(report: &Value, path: &str) -> Vec<u64> {
    let stated = entry(report, path)["stated"].as_array().cloned();
    stated
        .unwrap_or_default()
        .iter()
        .filter_map(|s| s["count"].as_u64())
        .collect()
}

#[test]
fn every_language_reads_its_components_section_without_a_false_mismatch() {
    for lang in &LANGS {
        let p = game(lang.code, &lang.manifest(), &lang.rules(30, 78));
        let (code, report, stderr) = check(&p);
        assert_eq!(code, 0, "{}: {report:#} {stderr}", lang.code);
        let [deck, red, blue, tokens] = lang.names;
        // The words in the list and the total in the later section are both read.
        assert_eq!(stated(&report, deck), [78, 78], "{}: {report:#}", lang.code);
        let red_path = format!("{deck} › {red}");
        let blue_path = format!("{deck} › {blue}");
        assert_eq!(stated(&report, &red_path), [48], "{}", lang.code);
        assert_eq!(stated(&report, &blue_path), [30], "{}", lang.code);
        assert_eq!(stated(&report, tokens), [12], "{}", lang.code);
    }
}

#[test]
fn every_language_catches_a_wrong_count_in_the_table_the_words_or_the_total() {
    for lang in &LANGS {
        let [deck, _, blue, _] = lang.names;
        let right = lang.rules(30, 78);
        let planted = [
            (lang.rules(31, 78), format!("{deck} › {blue}")),
            (
                right.replace(lang.words[0], lang.wrong_words),
                deck.to_owned(),
            ),
            (lang.rules(30, 79), deck.to_owned()),
        ];
        for (rules, wrong) in planted {
            assert_ne!(rules, right);
            let p = game(lang.code, &lang.manifest(), &rules);
            let (code, report, stderr) = check(&p);
            assert_eq!(code, 1, "{}: {rules}\n{report:#} {stderr}", lang.code);
            let e = entry(&report, &wrong);
            assert_eq!(e["status"], "mismatch", "{}: {rules}\n{e:#}", lang.code);
            let problems = e["problems"].to_string();
            assert!(
                problems.contains("31") || problems.contains("79"),
                "{}: {problems}",
                lang.code
            );
        }
    }
}

/// The shipped English vocabulary with a Swedish section word and `tolv` (twelve).
fn swedish() -> String {
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let en = std::fs::read_to_string(repo.join("i18n/en/check.yaml")).unwrap();
    en.replacen("section_words: [", "section_words: [komponenter, ", 1)
        .replacen("12: [twelve]", "12: [twelve, tolv]", 1)
}

#[test]
fn a_project_adds_a_language_with_its_own_vocabulary_file() {
    let lang = &LANGS[0];
    let rules = lang
        .rules(30, 78)
        .replace("## Components", "## Komponenter")
        .replace("a dozen tokens", "tolv tokens");
    let p = game("sv", &lang.manifest(), &rules);
    // Without the file Swedish is read with English words: `tolv` is no count.
    let (code, report, _) = check(&p);
    assert_eq!(code, 1, "{report:#}");
    assert_eq!(entry(&report, "Tokens")["status"], "mismatch");
    p.write("locales/sv/check.yaml", &swedish());
    let (code, report, stderr) = check(&p);
    assert_eq!(code, 0, "{report:#} {stderr}");
    assert_eq!(stated(&report, "Tokens"), [12]);
    // A mistake in it is bad input, named with its file and line.
    p.write(
        "locales/sv/check.yaml",
        &swedish().replacen("articles: [a, an]", "articles: [A, an]", 1),
    );
    let (code, _, stderr) = check(&p);
    assert_eq!(code, 2, "{stderr}");
    let line = swedish()
        .lines()
        .position(|l| l.starts_with("articles:"))
        .unwrap()
        + 1;
    assert!(
        stderr.contains("check.yaml") && stderr.contains(&format!(":{line}")),
        "{stderr}"
    );
}
