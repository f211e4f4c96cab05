//! Rebuilds reuse the faces whose template and data did not change (what `watch` relies on).

mod common;

use std::sync::atomic::Ordering;

use protopress::Project;
use protopress::assemble::{BuildOptions, Built, Session};

/// Every output file of `a` is byte for byte that of `b`.
fn same_files(a: &Built, b: &Built) {
    let names = |x: &Built| -> Vec<String> {
        x.pdfs
            .iter()
            .chain(&x.extras)
            .map(|(n, _)| n.clone())
            .collect()
    };
    assert_eq!(names(a), names(b));
    for ((name, x), (_, y)) in a
        .pdfs
        .iter()
        .chain(&a.extras)
        .zip(b.pdfs.iter().chain(&b.extras))
    {
        assert!(
            x == y,
            "{name} differs between the cached and the cold build"
        );
    }
    assert!(a.index_html == b.index_html, "index.html differs");
}

/// A build into the game's own `output/`, with its print profile as it is.
fn options(root: &std::path::Path) -> BuildOptions {
    BuildOptions {
        paper: None,
        out_dir: root.join("output"),
        mark_printed: false,
        layout: None,
    }
}

#[test]
fn only_changed_faces_are_rendered_again_and_the_output_is_the_same() {
    let dir = common::copy_game("death-to-decorum");
    let opts = options(dir.path());
    let project = Project::open(dir.path()).unwrap();
    let session = Session::with_cache(&project, &opts);
    let cache = session.cache().unwrap();
    let first = session.build_in_memory("death-to-decorum").unwrap();
    let all = cache.rendered.load(Ordering::Relaxed);
    assert!(all > 100);

    let again = session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 0);
    assert_eq!(first.pdf("cards.pdf"), again.pdf("cards.pdf"));

    // One card's text: one face.
    let deck = dir.path().join("data/death-to-decorum/facility.yaml");
    let text = std::fs::read_to_string(&deck).unwrap();
    std::fs::write(
        &deck,
        text.replace(
            "Best before the incident.",
            "Best before the second incident.",
        ),
    )
    .unwrap();
    let edited = session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(cache.rendered.load(Ordering::Relaxed), 1);
    // The cached build prints exactly what a cold build prints.
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    assert_eq!(edited.pdf("cards.pdf"), cold.pdf("cards.pdf"));
    // The rulebook and kit (typeset PDFs kept between builds) and the thumbnails too.
    same_files(&edited, &cold);

    // A rules edit typesets the rulebook and the kit again.
    let rules = dir.path().join("data/death-to-decorum/rules.md");
    let text = std::fs::read_to_string(&rules).unwrap();
    std::fs::write(
        &rules,
        text.replacen("The **lead explorer**", "The **leading explorer**", 1),
    )
    .unwrap();
    let ruled = session.build_in_memory("death-to-decorum").unwrap();
    assert_ne!(ruled.pdf("rules.pdf"), edited.pdf("rules.pdf"));
    assert_ne!(ruled.pdf("kit.pdf"), edited.pdf("kit.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    same_files(&ruled, &cold);

    // One template: only that template's faces.
    let tpl = dir.path().join("templates/death-to-decorum/ship.svg.tera");
    let text = std::fs::read_to_string(&tpl).unwrap();
    std::fs::write(&tpl, text.replace("#2f6db5", "#2f6db6")).unwrap();
    session.build_in_memory("death-to-decorum").unwrap();
    assert_eq!(
        cache.rendered.load(Ordering::Relaxed),
        1,
        "the ship card is one face"
    );
}

/// Art is an input like any other: a changed PNG reaches the next `watch` build.
#[test]
fn a_changed_image_is_parsed_again() {
    let dir = common::copy_game("death-to-decorum");
    let project = Project::open(dir.path()).unwrap();
    let opts = options(dir.path());
    let art = common::facility_back_with_art(dir.path());
    let session = Session::with_cache(&project, &opts);
    let first = session.build_in_memory("death-to-decorum").unwrap();
    std::fs::write(&art, common::gray_png(230)).unwrap();
    let second = session.build_in_memory("death-to-decorum").unwrap();
    assert_ne!(first.pdf("cards.pdf"), second.pdf("cards.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    assert_eq!(second.pdf("cards.pdf"), cold.pdf("cards.pdf"));
}

/// An icon is an input of the faces that draw it: a changed icon file re-renders them in the
/// next `watch` build, which then prints what a cold build prints.
#[test]
fn a_changed_icon_renders_its_faces_again() {
    let dir = common::copy_game("death-to-decorum");
    let project = Project::open(dir.path()).unwrap();
    let opts = options(dir.path());
    let session = Session::with_cache(&project, &opts);
    let cache = session.cache().unwrap();
    let first = session.build_in_memory("death-to-decorum").unwrap();
    let icon = dir.path().join("templates/death-to-decorum/icons/kill.svg");
    std::fs::write(
        &icon,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#,
    )
    .unwrap();
    let second = session.build_in_memory("death-to-decorum").unwrap();
    assert!(
        cache.rendered.load(Ordering::Relaxed) > 0,
        "no face was rendered again after the icon changed"
    );
    assert_ne!(first.pdf("cards.pdf"), second.pdf("cards.pdf"));
    let cold = Session::new(&project, &opts)
        .build_in_memory("death-to-decorum")
        .unwrap();
    same_files(&second, &cold);
}
