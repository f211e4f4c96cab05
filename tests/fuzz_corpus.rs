//! The fuzz targets' committed corpora (and any crash reproducers added to them) replay here,
//! through the same entry points the fuzzers call, so a fixed crash stays fixed.

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let data = std::fs::read(entry.path()).unwrap();
        run(&data);
        n += 1;
    }
    assert!(n > 0, "no corpus for {target}");
}

#[test]
fn model_loader_corpus() {
    replay("model_loader", protopress::fuzzing::model_loader);
}

#[test]
fn rules_markdown_corpus() {
    replay("rules_markdown", protopress::fuzzing::rules_markdown);
}

#[test]
fn manifest_lines_corpus() {
    replay("manifest_lines", protopress::fuzzing::manifest_lines);
}

#[test]
fn project_paths_corpus() {
    replay("project_paths", protopress::fuzzing::project_paths);
}
