//! Bad input gets a clear error that points at the designer's file, and loses nothing: the
//! previous output stays as it was.

mod common;

use std::process::Command;

use common::{Project, deck_game};
use protopress::assemble::BuildOptions;

const CARDS: &str = "- name: Alpha\n  count: 2\n";

fn build(p: &Project) -> protopress::Result<()> {
    let opts = BuildOptions {
        paper: None,
        out_dir: p.out(),
        mark_printed: false,
        layout: None,
    };
    protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
        .build_game("fixture")
        .map(|_| ())
}

#[test]
fn unknown_game_field_names_file_line_and_nearest_field() {
    let p = deck_game("  paper: a4\n  bleeed_mm: 3", CARDS);
    let err = build(&p).unwrap_err();
    let text = err.to_string();
    assert!(text.contains("data/fixture/game.yaml:5:"), "{text}");
    assert!(text.contains("bleeed_mm"), "{text}");
    assert!(text.contains("did you mean `bleed_mm`"), "{text}");
}

#[test]
fn unknown_card_field_names_the_card_file_and_line() {
    let p = deck_game(
        "  paper: a4",
        "- name: Alpha\n  count: 2\n- name: Beta\n  txet: hi\n",
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("data/fixture/deck.yaml:4:3"), "{text}");
    assert!(text.contains("did you mean `text`"), "{text}");
    assert!(text.contains("component `deck`"), "{text}");
}

#[test]
fn malformed_yaml_points_at_the_line() {
    let p = deck_game("  paper: a4", "- name: Alpha\n  count: [2\n");
    let err = build(&p).unwrap_err();
    assert!(err.file.as_ref().unwrap().ends_with("deck.yaml"), "{err}");
    assert!(err.line.is_some(), "{err}");
}

#[test]
fn wrong_type_is_reported() {
    let p = deck_game("  paper: a4", "- name: Alpha\n  count: many\n");
    let err = build(&p).unwrap_err();
    assert_eq!(err.line, Some(2), "{err}");
}

#[test]
fn unknown_paper_suggests_the_right_one() {
    let p = deck_game("  paper: a6", CARDS);
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("a6") && text.contains("a4"), "{text}");
}

#[test]
fn missing_template_names_the_component() {
    let p = deck_game("  paper: a4", CARDS);
    std::fs::remove_file(p.root().join("templates/fixture/back.svg.tera")).unwrap();
    let err = build(&p).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("template `back.svg.tera` not found"),
        "{text}"
    );
    assert!(text.contains("component `deck`"), "{text}");
    // At the line of game.yaml that names it.
    assert!(text.contains("game.yaml"), "{text}");
    let yaml = std::fs::read_to_string(p.root().join("data/fixture/game.yaml")).unwrap();
    let line = yaml.lines().nth(err.line.unwrap() - 1).unwrap();
    assert!(line.contains("back.svg.tera"), "{line}");
}

#[test]
fn template_runtime_error_names_template_line_and_card() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}\n{{ card.missing | upper }}\n{% </face_svg> %}",
    );
    let err = build(&p).unwrap_err();
    let text = err.to_string();
    assert!(
        text.contains("templates/fixture/front.svg.tera:2"),
        "{text}"
    );
    assert!(text.contains("card `Alpha`"), "{text}");
}

#[test]
fn invalid_svg_from_a_template_names_the_card() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "<svg xmlns=\"http://www.w3.org/2000/svg\"><g></svg>",
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("invalid SVG"), "{text}");
    assert!(text.contains("card `alpha (front)`"), "{text}");
}

#[test]
fn text_that_cannot_fit_fails_the_build_naming_the_card() {
    let long = "word ".repeat(200);
    let p = deck_game(
        "  paper: a4",
        &format!("- name: Wordy Card\n  text: \"{long}\"\n"),
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("does not fit"), "{text}");
    assert!(text.contains("card `Wordy Card`"), "{text}");
    assert!(text.contains("`text`"), "{text}");
}

#[test]
fn overflow_warns_instead_when_the_profile_says_so() {
    let long = "word ".repeat(200);
    let p = deck_game(
        "  paper: a4\n  text_overflow: warn",
        &format!("- name: Wordy Card\n  text: \"{long}\"\n"),
    );
    let opts = BuildOptions {
        paper: None,
        out_dir: p.out(),
        mark_printed: false,
        layout: None,
    };
    let outcome =
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
            .build_game("fixture")
            .unwrap();
    assert!(
        outcome
            .report
            .warnings
            .iter()
            .any(|w| w.contains("Wordy Card") && w.contains("does not fit"))
    );
}

#[test]
fn text_outside_the_safe_zone_is_an_error() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}{{ text_box(name=\"title\", text=card.name, x=1, y=1, width=20, height=8, size=4) }}{% </face_svg> %}",
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("safe zone"), "{text}");
}

#[test]
fn unknown_font_family_is_an_error_not_a_fallback() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}<text x=\"10\" y=\"10\" font-family=\"Papyrus\" font-size=\"4\">{{ card.name }}</text>{% </face_svg> %}",
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(
        text.contains("font family `Papyrus` is not loaded"),
        "{text}"
    );
}

/// A font only the game's `fonts` folder has: DejaVu Sans Mono renamed in its `name` table
/// to "Fixture Mono Ttf" (PostScript name "FixtureMonoTtf"), the names replaced in place by
/// strings of the same length so no offset moves. The Bitstream Vera licence DejaVu carries
/// allows modified copies under a name without "Bitstream" or "Vera", and asks that the
/// licence go with them: it is written beside the font.
fn renamed_mono() -> Vec<u8> {
    let mut font = dejavu::sans_mono::regular().to_vec();
    let utf16 = |s: &str| -> Vec<u8> { s.encode_utf16().flat_map(u16::to_be_bytes).collect() };
    let mut renamed = 0;
    for (from, to) in [
        ("DejaVu Sans Mono", "Fixture Mono Ttf"),
        ("DejaVuSansMono", "FixtureMonoTtf"),
    ] {
        for (from, to) in [
            (from.as_bytes().to_vec(), to.as_bytes().to_vec()),
            (utf16(from), utf16(to)),
        ] {
            assert_eq!(from.len(), to.len());
            while let Some(at) = font.windows(from.len()).position(|w| w == from.as_slice()) {
                font[at..at + to.len()].copy_from_slice(&to);
                renamed += 1;
            }
        }
    }
    assert!(renamed >= 4, "the font's names were not found");
    font
}

/// The names of the fonts a PDF embeds (`/BaseFont`, subset prefix and all).
fn base_fonts(pdf: &[u8]) -> Vec<String> {
    let doc = lopdf::Document::load_mem(pdf).unwrap();
    doc.objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter_map(|d| d.get(b"BaseFont").ok())
        .filter_map(|n| n.as_name().ok())
        .map(|n| String::from_utf8_lossy(n).into_owned())
        .collect()
}

#[test]
fn a_game_font_in_the_fonts_folder_is_usable() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}{{ text_box(text=card.name, x=8, y=8, width=40, height=10, size=4, family=\"Fixture Mono Ttf\") }}{% </face_svg> %}",
    );
    // No bundled font has the family: without the game's font the template is refused.
    let err = build(&p).unwrap_err().to_string();
    assert!(
        err.contains("font family `Fixture Mono Ttf` is not loaded"),
        "{err}"
    );
    std::fs::create_dir_all(p.root().join("data/fixture/fonts")).unwrap();
    std::fs::write(
        p.root().join("data/fixture/fonts/FixtureMono.ttf"),
        renamed_mono(),
    )
    .unwrap();
    let licence = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fonts/licenses/DejaVu-LICENSE.txt"),
    )
    .unwrap();
    assert!(licence.contains("Bitstream Vera"), "the DejaVu licence");
    p.write(
        "data/fixture/fonts/FixtureMono-LICENSE.txt",
        &format!(
            "Fixture Mono Ttf is DejaVu Sans Mono with its names changed, for a test.\n\n{licence}"
        ),
    );
    build(&p).unwrap_or_else(|e| panic!("{e}"));
    // The card sheets embed the game's font, and set the card's name in it.
    let pdf = std::fs::read(p.out().join("fixture/cards.pdf")).unwrap();
    let fonts = base_fonts(&pdf);
    assert!(
        fonts.iter().any(|f| f.ends_with("FixtureMonoTtf")),
        "the game's font is not embedded: {fonts:?}"
    );
    assert!(
        !fonts.iter().any(|f| f.contains("DejaVuSansMono")),
        "a bundled font stood in: {fonts:?}"
    );
}

#[test]
fn a_failed_build_leaves_the_previous_output_untouched() {
    let p = deck_game("  paper: a4", CARDS);
    build(&p).unwrap();
    let pdf = p.out().join("fixture/cards.pdf");
    let before = std::fs::read(&pdf).unwrap();
    p.write("data/fixture/deck.yaml", "- name: Alpha\n  count: -3\n");
    assert!(build(&p).is_err());
    assert_eq!(std::fs::read(&pdf).unwrap(), before);
    let leftovers: Vec<_> = std::fs::read_dir(p.out().join("fixture"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
}

#[test]
fn non_utf8_card_file_is_reported() {
    let p = deck_game("  paper: a4", CARDS);
    std::fs::write(
        p.root().join("data/fixture/deck.yaml"),
        b"- name: Al\xffpha\n",
    )
    .unwrap();
    let err = build(&p).unwrap_err();
    assert!(err.to_string().contains("not UTF-8"), "{err}");
    assert_eq!(err.line, Some(1));
}

#[test]
fn cli_exits_non_zero_with_the_error_on_stderr() {
    let p = deck_game("  paper: a4", "- name: Alpha\n  cuont: 2\n");
    let out = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .args(["build", "fixture", "-C"])
        .arg(p.root())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("deck.yaml:2:3"), "{stderr}");
    assert!(stderr.contains("did you mean `count`"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn cli_builds_and_reports() {
    let p = deck_game("  paper: a4", CARDS);
    let stdout = common::run_ok(p.root(), &["build", "--paper", "letter"]);
    assert!(p.out().join("fixture/cards.pdf").is_file());
    assert!(stdout.contains("built fixture"));
}

#[test]
fn clocks_render_in_templates_and_reject_impossible_segment_counts() {
    let p = deck_game("  paper: a4", CARDS);
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}{{ clock(cx=30, cy=40, r=12, segments=8, filled=3, fill=\"#c00\") }}{% </face_svg> %}",
    );
    build(&p).unwrap();
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg> %}\n{{ clock(cx=30, cy=40, r=12, segments=30) }}{% </face_svg> %}",
    );
    let err = build(&p).unwrap_err();
    assert!(err.to_string().contains("2 to 24 segments"), "{err}");
    assert_eq!(err.line, Some(2), "{err}");
}

#[test]
fn a_tile_with_an_unknown_doorway_edge_names_the_card() {
    let p = deck_game(
        "  paper: a4",
        "- name: Hall\n  text: n\n- name: Vault\n  text: up\n",
    );
    p.write(
        "templates/fixture/front.svg.tera",
        "{% <face_svg bg=\"#eeeeee\"> %}{{ walls(x=0, y=0, width=face.width, height=face.width, open=[card.text], thickness=3, door=12) }}{% </face_svg> %}",
    );
    let text = build(&p).unwrap_err().to_string();
    assert!(text.contains("unknown edge"), "{text}");
    assert!(text.contains("card `Vault`"), "{text}");
    assert!(text.contains("templates/fixture/front.svg.tera"), "{text}");
}

/// A number out of range is pointed at its own key, past the indentation.
#[test]
fn an_out_of_range_setting_points_at_its_key() {
    let p = deck_game("  paper: a4\n  gutter_mm: 50", CARDS);
    let err = build(&p).unwrap_err();
    assert!(err.message.contains("`gutter_mm` is 50"), "{err}");
    assert_eq!((err.line, err.column), (Some(5), Some(3)), "{err}");
}

/// A bought part's `stand_in` written as an id must name a printed component; a few words of
/// the designer's own are printed as they are.
#[test]
fn a_stand_in_that_names_no_component_is_an_error_at_its_line() {
    let p = deck_game("  paper: a4", CARDS);
    p.append(
        "data/fixture/game.yaml",
        "  - id: shop\n    name: Shop\n    kind: bought\n    cards: shop.yaml\n    card_fields: [stand_in]\n",
    );
    p.write(
        "data/fixture/shop.yaml",
        "- name: Timer\n  stand_in: a phone timer\n- name: Cube\n  count: 4\n  stand_in: dek\n",
    );
    let err = build(&p).unwrap_err();
    assert!(
        err.message
            .contains("`stand_in: dek` names no printed component"),
        "{err}"
    );
    assert!(err.message.contains("did you mean `deck`?"), "{err}");
    assert_eq!((err.line, err.column), (Some(5), Some(3)), "{err}");
    assert_eq!(err.card.as_deref(), Some("Cube"));
    p.write(
        "data/fixture/shop.yaml",
        "- name: Timer\n  stand_in: a phone timer\n- name: Cube\n  count: 4\n  stand_in: deck\n- name: Coin\n  stand_in: coins\n",
    );
    build(&p).unwrap();
}

/// A setting the component's kind never reads is refused at its key, not ignored.
#[test]
fn a_setting_the_kind_does_not_use_is_refused_at_its_key() {
    let p = deck_game("  paper: a4", CARDS);
    p.edit(
        "data/fixture/game.yaml",
        "    size: poker\n",
        "    size: poker\n    overlap_mm: 5\n",
    );
    let err = build(&p).unwrap_err();
    assert!(
        err.message
            .contains("a `cards` component does not use `overlap_mm` (only boards do)"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(9), Some(5)), "{err}");
    // `shape` has a default, yet one written on cards is refused too: it cuts no card.
    p.edit(
        "data/fixture/game.yaml",
        "    overlap_mm: 5\n",
        "    shape: square\n",
    );
    let err = build(&p).unwrap_err();
    assert!(
        err.message
            .contains("a `cards` component does not use `shape` (only tokens do)"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(9), Some(5)), "{err}");
}

/// A die with five faces is pointed at its own `faces:`, not at the file alone.
#[test]
fn a_die_without_six_faces_is_pointed_at_its_faces() {
    let p = deck_game("  paper: a4", CARDS);
    p.append(
        "data/fixture/game.yaml",
        "  - id: dice\n    name: Dice\n    kind: die\n    size: { width_mm: 16, height_mm: 16 }\n    front: front.svg.tera\n    cards: dice.yaml\n    card_fields: [faces]\n",
    );
    p.write(
        "data/fixture/dice.yaml",
        "- name: Red\n  faces: [1, 2, 3, 4, 5, 6]\n- name: Blue\n  count: 2\n  faces: [1, 2, 3, 4, 5]\n",
    );
    let err = build(&p).unwrap_err();
    assert!(
        err.message.contains("a die lists 6 `faces`, this one 5"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(5), Some(3)), "{err}");
    assert_eq!(err.card.as_deref(), Some("Blue"));
}

/// A dashboard window with no size, or outside the board, is named by its number and pointed
/// at `windows:`.
#[test]
fn a_bad_dashboard_window_is_named_at_its_windows() {
    let built = |window: &str| {
        let p = deck_game("  paper: a4", CARDS);
        p.append(
            "data/fixture/game.yaml",
            &format!("  - id: mats\n    name: Mats\n    kind: dashboard\n    size: {{ width_mm: 120, height_mm: 80 }}\n    front: front.svg.tera\n    top:\n      template: front.svg.tera\n      windows:\n        - {{ x_mm: 5, y_mm: 5, w_mm: 20, h_mm: 20 }}\n        - {window}\n    cards: deck.yaml\n"),
        );
        build(&p)
    };
    // A dashboard may have a back: it prints in its grid, duplex.
    let p = deck_game("  paper: a4", CARDS);
    p.append(
        "data/fixture/game.yaml",
        "  - id: mats\n    name: Mats\n    kind: dashboard\n    size: { width_mm: 120, height_mm: 80 }\n    front: front.svg.tera\n    back: back.svg.tera\n    cards: deck.yaml\n",
    );
    build(&p).unwrap();
    let built = |window: &str| built(window).unwrap_err();
    let err = built("{ x_mm: 50, y_mm: 5, w_mm: -30, h_mm: 20 }");
    assert!(
        err.message.contains("window 2 of `top` is -30 × 20 mm"),
        "{err}"
    );
    assert_eq!((err.line, err.column), (Some(20), Some(7)), "{err}");
    let err = built("{ x_mm: 110, y_mm: 5, w_mm: 30, h_mm: 20 }");
    assert!(
        err.message.contains("window 2 of `top`, at (110, 5)"),
        "{err}"
    );
    assert!(
        err.message
            .contains("lies outside the 120 × 80 mm dashboard"),
        "{err}"
    );
}

/// A misspelt field in a template (`card.txet`) points at the misspelling itself, not at the
/// call round it, and suggests the field meant, as a misspelt YAML field does; the card's own
/// line stays in the help.
#[test]
fn a_template_typo_points_at_itself_and_suggests_the_field() {
    let p = common::deck_game("  paper: a4", "- name: Alpha\n  text: fine\n");
    let front = p.root().join("templates/fixture/front.svg.tera");
    let text = std::fs::read_to_string(&front).unwrap();
    std::fs::write(&front, text.replace("text=card.text", "text=card.txet")).unwrap();
    let opts = protopress::assemble::BuildOptions {
        out_dir: p.out(),
        ..protopress::assemble::BuildOptions::default()
    };
    let err =
        protopress::assemble::Session::new(&protopress::Project::open(p.root()).unwrap(), &opts)
            .build_in_memory("fixture")
            .err()
            .expect("the typo fails the build");
    let line = std::fs::read_to_string(&front).unwrap();
    let col = line.find("card.txet").unwrap() + 1;
    assert_eq!((err.line, err.column), (Some(1), Some(col)), "{err}");
    let help = err.help.clone().unwrap_or_default();
    assert!(help.contains("did you mean `card.text`?"), "{help}");
    assert!(help.contains("deck.yaml:1"), "{help}");
}
