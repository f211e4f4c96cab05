//! The rulebook corpus: every folder of tests/fixtures/rulebooks/ holds a rulebook
//! (`rules.md`), the manifest a designer would declare beside it, and the report a correct
//! check gives (`expect.yaml`: stated counts with their lines, each entry's status, and the
//! rules' own problems). The rules layer of the check must give exactly that.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use protopress::check::manifest::{ManifestFile, Status, check_rules};
use serde_json::{Value, json};

fn cases() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rulebooks");
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("expect.yaml").is_file())
        .collect();
    dirs.sort();
    dirs
}

/// What the check reports for one case, in the shape of `expect.yaml`.
fn actual(dir: &Path) -> Value {
    let manifest_src = std::fs::read_to_string(dir.join("manifest.yaml")).unwrap();
    let manifest: ManifestFile =
        protopress::model::parse_yaml(&manifest_src, Path::new("manifest.yaml")).unwrap();
    let rules = std::fs::read_to_string(dir.join("rules.md")).unwrap();
    let r = check_rules(&manifest, Some(&rules));
    let mut stated = BTreeMap::new();
    let mut status = BTreeMap::new();
    for row in &r.rows {
        let path = row.path.replace(" › ", " > ");
        let s: Vec<Value> = row
            .stated
            .iter()
            .map(|s| json!({"count": s.count, "line": s.line}))
            .collect();
        stated.insert(path.clone(), Value::Array(s));
        let word = match row.status() {
            Status::Ok | Status::Accepted => "ok",
            Status::Mismatch => "mismatch",
        };
        status.insert(path, Value::String(word.to_owned()));
    }
    let problems: Vec<Value> = r
        .problems
        .iter()
        .map(|p| json!({"line": p.line, "text": p.text}))
        .collect();
    json!({"stated": stated, "status": status, "problems": problems})
}

fn expected(dir: &Path) -> Value {
    let src = std::fs::read_to_string(dir.join("expect.yaml")).unwrap();
    let v: Value = serde_yaml::from_str(&src).unwrap();
    // Keys sorted like the actual report.
    serde_json::from_str(&serde_json::to_string(&v).unwrap()).unwrap()
}

#[test]
fn every_rulebook_layout_gives_its_expected_report() {
    let cases = cases();
    assert!(cases.len() >= 20, "the corpus has {} cases", cases.len());
    let mut failures = Vec::new();
    for dir in &cases {
        let (want, got) = (expected(dir), actual(dir));
        if want != got {
            failures.push(format!(
                "{}:\n  expected {want}\n  got      {got}",
                dir.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
