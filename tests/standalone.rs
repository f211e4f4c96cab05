//! A designer's own game, outside the repository: `protopress new` in an empty folder, the
//! commands run from a folder inside it, the built-in templates and icons used with no file
//! copied from the repository, and a project's own file winning over a built-in one.

mod common;

use std::path::Path;
use std::process::{Command, Output};

use common::pdf_text::{flat, pdf_lines};

/// `protopress ARGS` started in `dir`, with no `-C`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_protopress"))
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The kit's words, all pages.
fn kit_text(root: &Path, game: &str) -> String {
    let kit = std::fs::read(root.join("output").join(game).join("kit.pdf")).unwrap();
    flat(&pdf_lines(&kit))
}

#[test]
fn a_new_game_outside_the_repository_builds_from_any_folder_inside_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let new = run_in(root, &["new", "mygame"]);
    assert!(new.status.success(), "{}", text(&new.stderr));
    // Nothing of the repository is copied: the common templates and icons are built in.
    assert!(!root.join("templates/common").exists());
    let deck = root.join("data/mygame/deck.yaml");
    common::edit_file(
        &deck,
        "Trade one card",
        "Pay :coin: :life: to trade one card",
    );
    let inner = root.join("data/mygame/notes");
    std::fs::create_dir_all(&inner).unwrap();
    for args in [
        &["build"][..],
        &["check", "mygame"],
        &["check", "--format", "github"],
    ] {
        let out = run_in(&inner, args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    // Written at the project's root, not in the folder it was started from.
    assert!(root.join("output/mygame/kit.pdf").is_file());
    assert!(!inner.join("output").exists());
    // The credits name the built-in icons the kit draws, and only those.
    let kit = kit_text(root, "mygame");
    assert!(kit.contains("game-icons.net"), "{kit}");
    assert!(kit.contains("coin (two-coins), life (heart-plus)"), "{kit}");
    assert!(!kit.contains("weight") && !kit.contains("damage"), "{kit}");
    // `-C` starts the search elsewhere, as with cargo.
    let out = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .args(["-q", "-C"])
        .arg(root.join("templates/mygame"))
        .args(["build", "mygame", "--out", "kits"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(root.join("kits/mygame/kit.pdf").is_file());
}

#[test]
fn a_projects_own_file_wins_over_the_built_in_one() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert!(run_in(root, &["-q", "new", "mygame"]).status.success());
    // The game's own coin: the game-icons.net credit goes, the maker's own takes its place.
    let icons = root.join("templates/mygame/icons");
    std::fs::create_dir_all(&icons).unwrap();
    let coin = r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>"#;
    std::fs::write(icons.join("coin.svg"), coin).unwrap();
    // The project's own face wrapper replaces the built-in one.
    let face = root.join("templates/common/face.svg.tera");
    std::fs::create_dir_all(face.parent().unwrap()).unwrap();
    let own_face = "{% component face_svg(@face, bg=\"#ffffff\") -%}\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{{ face.width }}mm\" height=\"{{ face.height }}mm\" viewBox=\"{{ face.view_box }}\"><desc>own face</desc><rect width=\"{{ face.width }}\" height=\"{{ face.height }}\" fill=\"{{ bg }}\"/>{{ body }}</svg>\n{%- endcomponent face_svg %}\n";
    std::fs::write(&face, own_face).unwrap();
    let out = run_in(root, &["build", "mygame"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let kit = kit_text(root, "mygame");
    assert!(!kit.contains("game-icons.net"), "{kit}");
    assert!(kit.contains("Icons drawn or chosen by the game"), "{kit}");
    let listing = text(&run_in(root, &["icons", "mygame"]).stdout);
    assert!(
        listing.contains(":coin:   templates/mygame/icons/coin.svg"),
        "{listing}"
    );
    assert!(listing.contains(":life:   (built in)"), "{listing}");
}

#[test]
fn icons_lists_the_built_in_set_anywhere_and_writes_a_page() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_in(dir.path(), &["icons", "--page"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    for name in ["coin", "damage", "life", "weight"] {
        assert!(listing.contains(&format!(":{name}:")), "{listing}");
    }
    let page = std::fs::read_to_string(dir.path().join("output/icons.html")).unwrap();
    assert_eq!(page.matches("data:image/svg+xml;base64,").count(), 4);
    // A game that does not exist is named as such.
    let out = run_in(dir.path(), &["icons", "nothing"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_built_in_templates_error_names_it_as_built_in() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert!(run_in(root, &["-q", "new", "mygame"]).status.success());
    // A die face of 9 pips: the built-in pips fail, and say where.
    common::edit_file(
        &root.join("templates/mygame/card-back.svg.tera"),
        "{% </face_svg> %}",
        "{% <die_pips value={9} size={20}> %}{% </die_pips> %}\n{% </face_svg> %}",
    );
    let out = run_in(root, &["build", "mygame"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("(built in) templates/common/pips.svg.tera:"),
        "{err}"
    );
    assert!(err.contains("spots[value"), "the line is shown: {err}");
}

#[test]
fn completions_and_the_man_page_need_no_project() {
    let dir = tempfile::tempdir().unwrap();
    for (args, expect) in [
        (&["completions", "bash"][..], "_protopress()"),
        (&["completions", "zsh"], "#compdef protopress"),
        (&["completions", "fish"], "complete -c protopress"),
        (&["-C", "/no/such/folder", "man"], ".TH protopress 1"),
    ] {
        let out = run_in(dir.path(), args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stdout).contains(expect), "{args:?}");
    }
    let out = run_in(dir.path(), &["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A deck kept in a spreadsheet: `check --format github` annotates the row of the card at
/// fault, as it annotates a YAML card's line.
#[test]
fn github_annotations_name_the_spreadsheet_row_of_a_card() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert!(run_in(root, &["-q", "new", "mygame"]).status.success());
    let game = root.join("data/mygame");
    std::fs::write(
        game.join("deck.csv"),
        "name,count,kind,value,text\nScout,6,crew,1,Gain **1** :coin:.\nMerchant,4,crew,2,Trade for **2** :cion:.\nDragon,2,threat,5,Everyone loses gold.\n",
    )
    .unwrap();
    std::fs::remove_file(game.join("deck.yaml")).unwrap();
    common::edit_file(
        &game.join("game.yaml"),
        "cards: deck.yaml",
        "cards: deck.csv",
    );
    let out = run_in(&game, &["check", "--format", "github"]);
    assert_eq!(out.status.code(), Some(2));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("::error file=templates/mygame/card-front.svg.tera,line=9,col=4::mygame: template error: unknown icon `cion`"),
        "{stdout}"
    );
    assert!(
        stdout.contains("::error file=data/mygame/deck.csv,line=3::mygame: card `Merchant`: template error: unknown icon `cion` (did you mean `coin`?) (at templates/mygame/card-front.svg.tera:9)"),
        "{stdout}"
    );
    // A cell that cannot be read is annotated at its row and column.
    common::edit_file(&game.join("deck.csv"), ":cion:", ":coin:");
    common::edit_file(&game.join("deck.csv"), "Dragon,2,", "Dragon,two,");
    let out = run_in(&game, &["check", "--format", "github"]);
    assert!(
        text(&out.stdout).contains("::error file=data/mygame/deck.csv,line=4,col=2::"),
        "{}",
        text(&out.stdout)
    );
    // A face's preflight finding lands on its card's row.
    common::edit_file(&game.join("deck.csv"), "Dragon,two,", "Dragon,2,");
    common::edit_file(
        &root.join("templates/mygame/card-front.svg.tera"),
        "valign=\"middle\", fill=game.ink) }}",
        "valign=\"middle\", fill=\"#eeeeee\") }}",
    );
    let out = run_in(&game, &["check", "--format", "github"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).contains(
            "::error file=data/mygame/deck.csv,line=3,title=preflight contrast::mygame: deck/Merchant front"
        ),
        "{}",
        text(&out.stdout)
    );
}

/// `serve` without a game serves the project's only one; with two, it asks which.
#[test]
fn serve_needs_no_game_name_in_a_project_of_one() {
    use std::io::{BufRead, BufReader};
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert!(run_in(root, &["-q", "new", "mygame"]).status.success());
    let inner = root.join("templates/mygame");
    let mut child = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .current_dir(&inner)
        .args(["serve", "--port", "0"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let served = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .find(|l| l.starts_with("serving"));
    let _ = child.kill();
    let _ = child.wait();
    let served = served.expect("serve printed its address");
    assert!(
        served.starts_with("serving mygame at http://127.0.0.1:"),
        "{served}"
    );
    assert!(run_in(root, &["-q", "new", "other"]).status.success());
    let out = run_in(&inner, &["serve"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the project has 2 games: name the one to serve"));
}

/// In a project of one game, `icons` without a name lists that game's own icons too.
#[test]
fn icons_in_a_one_game_project_include_the_games_own() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    assert!(run_in(root, &["-q", "new", "bees"]).status.success());
    std::fs::create_dir_all(root.join("templates/bees/icons")).unwrap();
    std::fs::write(
        root.join("templates/bees/icons/honey.svg"),
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></svg>"#,
    )
    .unwrap();
    let out = run_in(root, &["icons"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = text(&out.stdout);
    assert!(
        listing.contains(":honey:") && listing.contains(":coin:"),
        "{listing}"
    );
}
