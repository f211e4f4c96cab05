//! Entry points for the fuzz targets in `fuzz/`, kept in the library so the committed corpora
//! replay in `cargo test` (tests/fuzz_corpus.rs) through exactly the same code.
//!
//! Each takes arbitrary bytes and must return without panicking, whatever they hold.

use std::path::Path;

use crate::model::{GameFile, parse_cards, parse_yaml};
use crate::rulebook::markdown::{Assets, to_typst};

/// The YAML model loader: `game.yaml`, then the same bytes as a cards file.
pub fn model_loader(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // Numbers: whatever the file holds, checking them must not panic.
    if let Ok(game) = parse_yaml::<GameFile>(text, Path::new("game.yaml")) {
        let _ = crate::model::validate::check_profile(&game.print);
        for spec in &game.components {
            let _ = crate::model::validate::check_component(spec);
        }
    }
    let fields = vec!["kind".to_owned(), "value".to_owned(), "text".to_owned()];
    let _ = parse_cards(text, Path::new("cards.yaml"), &fields);
    let _ = parse_yaml::<crate::check::manifest::ManifestFile>(text, Path::new("manifest.yaml"));
}

struct NoAssets;

impl Assets for NoAssets {
    fn image(&mut self, dest: &str) -> Result<String, String> {
        if dest.len().is_multiple_of(2) {
            Ok(format!("img/{dest}"))
        } else {
            Err("no such image".to_owned())
        }
    }
    fn icon(&mut self, name: &str) -> Option<String> {
        (name == "coin").then(|| "icons/coin.svg".to_owned())
    }
}

/// The rules Markdown to Typst converter; the markup must also parse as Typst.
pub fn rules_markdown(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(markup) = to_typst(text, Path::new("rules.md"), &mut NoAssets) {
        // Escaping must leave no syntax error behind.
        let (errors, _) = typst::syntax::parse(&markup).errors_and_warnings();
        assert!(
            errors.is_empty(),
            "the converter made invalid Typst ({errors:?}):\n{markup}"
        );
    }
}

/// The manifest-line parser of the rulebook scan.
pub fn manifest_lines(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let known: Vec<crate::check::statements::Known> = [
        ("Facility Deck", None),
        ("Loot Cards", Some(0)),
        ("Tier 1", Some(1)),
        ("System Cards", None),
        ("Ops Cards", None),
    ]
    .iter()
    .map(|(n, parent)| crate::check::statements::Known {
        parent: *parent,
        names: vec![crate::check::numbers::words(
            n,
            &crate::check::vocab::ENGLISH,
        )],
    })
    .collect();
    let _ = crate::check::rulescan::scan(text, &known, &crate::check::vocab::ENGLISH);
    let _ = crate::check::rulescan::scan(text, &known, &crate::check::vocab::GERMAN);
}

/// Paths as a game names them (`cards:`, image links, template names): resolving one through
/// the project never panics and never yields a file outside the project.
pub fn project_paths(data: &[u8]) {
    use std::sync::OnceLock;
    static ROOT: OnceLock<Option<(tempfile::TempDir, crate::Project)>> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Some((_dir, project)) = ROOT.get_or_init(|| {
        let dir = tempfile::tempdir().ok()?;
        std::fs::create_dir_all(dir.path().join("p/data/g")).ok()?;
        std::fs::write(dir.path().join("p/data/g/game.yaml"), "name: G\n").ok()?;
        std::fs::write(dir.path().join("outside.txt"), "no").ok()?;
        let project = crate::Project::open(&dir.path().join("p")).ok()?;
        Some((dir, project))
    }) else {
        return;
    };
    let rel = Path::new(text);
    if let Ok(real) = project.resolve(rel) {
        assert!(
            real.starts_with(project.root()),
            "{text:?} resolved to {real:?}"
        );
    }
    let _ = project.read(rel);
    let _ = project.check_game(text);
    if let Ok(joined) = crate::render::svg::sandboxed(Path::new("templates/g"), text) {
        assert!(
            !joined.starts_with(".."),
            "{text:?} left the project: {joined:?}"
        );
    }
}
