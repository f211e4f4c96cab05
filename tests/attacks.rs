//! Hostile input on every surface added since the first attack, as an attacker would write it:
//! spreadsheets, rules, images, filters, YAML, `serve`, translation catalogues and records. Each case runs the command line as a
//! fresh process under a 4 GB address-space limit, and asserts the exit code, a message that
//! names the cause, and the previous output untouched. No case asserts a speed (that belongs in
//! benchmarks); a watchdog only keeps a hung case from hanging the suite.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{Project, deck_game, snapshot};
use protopress::model::workbook::samples::{ods, xlsx};

const CARDS: &str = "- name: Alpha\n  count: 2\n  text: fine\n- name: Beta\n  text: also fine\n";

/// Runs `protopress -C root ARGS` with at most 4 GB of address space.
fn run_limited(root: &Path, args: &[&str]) -> Output {
    let child = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 4000000; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(root)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    finish(child, Duration::from_secs(300))
}

/// Waits for `child`, killing it (a process we own, never a number) past `limit`. Its output
/// is read while it runs: a child blocked on a full pipe would look hung.
fn finish(mut child: Child, limit: Duration) -> Output {
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("the command hung past the safety net of {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Output {
        status,
        stdout: stdout.join().unwrap(),
        stderr: stderr.join().unwrap(),
    }
}

/// A fixture game built once, so each attack can show its output is left as it was.
fn built_game() -> Project {
    let p = deck_game("  paper: a4", CARDS);
    let out = run_limited(p.root(), &["build", "fixture"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    p
}

/// The attack ends with exit 2, a message holding `cause`, and the old output intact.
fn refused(p: &Project, args: &[&str], cause: &str) {
    let before = snapshot(&p.out());
    let out = run_limited(p.root(), args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(cause),
        "the message does not name `{cause}`:\n{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(snapshot(&p.out()) == before, "the previous output changed");
}

fn use_cards_file(p: &Project, name: &str, bytes: &[u8]) {
    std::fs::write(p.root().join("data/fixture").join(name), bytes).unwrap();
    p.edit(
        "data/fixture/game.yaml",
        "cards: deck.yaml",
        &format!("cards: {name}"),
    );
}

fn text_cell(at: &str, text: &str) -> String {
    format!(r#"<c r="{at}" t="inlineStr"><is><t>{text}</t></is></c>"#)
}

#[test]
fn a_workbook_cell_far_down_the_sheet_is_read_sparse_not_allocated_whole() {
    let p = built_game();
    let rows = format!(
        r#"<row r="1">{}</row><row r="2">{}</row><row r="1048576">{}</row>"#,
        text_cell("A1", "name"),
        text_cell("A2", "Alpha"),
        text_cell("XFD1048576", "x")
    );
    use_cards_file(&p, "deck.xlsx", &xlsx(&rows));
    // Before: an abort allocating 550 GB. Now the stray cell is located.
    refused(&p, &["build", "fixture"], "row 1048576, column XFD");
}

#[test]
fn a_formula_without_a_saved_result_is_named_not_printed_empty() {
    let p = built_game();
    let rows = format!(
        r#"<row r="1">{}{}</row><row r="2">{}<c r="B2"><f>6*2</f></c></row>"#,
        text_cell("A1", "name"),
        text_cell("B1", "count"),
        text_cell("A2", "Alpha")
    );
    use_cards_file(&p, "deck.xlsx", &xlsx(&rows));
    refused(
        &p,
        &["build", "fixture"],
        "the formula `=6*2` has no saved result",
    );
    refused(
        &p,
        &["check", "fixture"],
        "the formula `=6*2` has no saved result",
    );
}

#[test]
fn a_workbook_part_that_inflates_without_end_is_refused_before_it_is_read() {
    let p = built_game();
    let padding = " ".repeat(70 << 20);
    let rows = format!(r#"<row r="1">{}</row>{padding}"#, text_cell("A1", "name"));
    use_cards_file(&p, "deck.xlsx", &xlsx(&rows));
    refused(&p, &["build", "fixture"], "inflates past the limit");
}

#[test]
fn an_ods_cell_repeated_a_billion_times_is_refused_before_it_is_expanded() {
    let p = built_game();
    let rows = r#"<table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="16000" office:value-type="string"><text:p>x</text:p></table:table-cell></table:table-row>"#;
    use_cards_file(&p, "deck.ods", &ods(rows));
    refused(
        &p,
        &["build", "fixture"],
        "spans 1000000 rows by 16000 columns",
    );
}

#[test]
fn a_rules_typ_that_loops_into_memory_ends_with_a_message_not_an_abort() {
    let p = built_game();
    p.write("data/fixture/rules.md", "# Rules\n\nPlay.\n");
    p.write(
        "data/fixture/rules.typ",
        "#let a = range(1000000000)\n#a.len()\n",
    );
    refused(
        &p,
        &["build", "fixture"],
        "more memory than its budget allows",
    );
}

#[test]
fn rules_longer_than_the_limit_are_refused_before_typesetting() {
    let p = built_game();
    let line = "Players take turns placing tokens and scoring points. ".repeat(20);
    let rules = format!("# Rules\n\n{}", format!("{line}\n\n").repeat(1100));
    p.write("data/fixture/rules.md", &rules);
    refused(
        &p,
        &["build", "fixture"],
        "more than the 1024 KB a rulebook may have",
    );
}

#[test]
fn a_png_claiming_a_huge_size_is_refused_from_its_header() {
    let p = built_game();
    p.write("data/fixture/rules.md", "# Rules\n\n![A map](map.png)\n");
    // A PNG header saying 30,000 pixels square, with no pixels behind it.
    let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    png.extend(30_000u32.to_be_bytes());
    png.extend(30_000u32.to_be_bytes());
    png.extend([8, 0, 0, 0, 0, 0, 0, 0, 0]);
    std::fs::write(p.root().join("data/fixture/map.png"), png).unwrap();
    refused(&p, &["build", "fixture"], "30000 × 30000 pixels");
}

#[test]
fn filters_too_costly_to_draw_are_refused_naming_the_card() {
    let p = built_game();
    let layers: String = (0..10)
        .map(|i| format!(r#"<rect x="{i}" width="60" height="80" filter="url(#m)"/>"#))
        .collect();
    p.write(
        "templates/fixture/front.svg.tera",
        &format!(
            r##"{{% <face_svg bg="#eeeeee"> %}}<filter id="m" x="-50%" y="-50%" width="200%" height="200%"><feMorphology radius="40"/></filter>{layers}{{% </face_svg> %}}"##
        ),
    );
    refused(
        &p,
        &["build", "fixture"],
        "filters would take too long to draw",
    );
}

#[test]
fn tab_indented_yaml_is_named_as_a_tab() {
    let p = built_game();
    p.write(
        "data/fixture/deck.yaml",
        "- name: Alpha\n\tcount: 2\n\ttext: fine\n",
    );
    refused(&p, &["build", "fixture"], "line 2 is indented with a tab");
}

#[test]
fn a_catalogue_nested_a_hundred_thousand_deep_is_refused_before_it_is_parsed() {
    let p = built_game();
    // Fluent's parser recurses once a brace: this overflowed its stack.
    let deep = "{ ".repeat(100_000) + "\"x\"" + &" }".repeat(100_000);
    p.write("locales/en/kit.ftl", &format!("guide-title = {deep}\n"));
    refused(&p, &["build", "fixture"], "locales/en/kit.ftl:1:");
    refused(&p, &["check", "fixture"], "braces nest deeper than");
}

#[test]
fn a_damaged_translation_record_is_named_at_its_line() {
    let p = built_game();
    let nested = "[".repeat(100_000);
    p.write(
        "data/fixture/translated.json",
        &format!("{{\n\"fr\": {nested}"),
    );
    refused(&p, &["build", "fixture"], "data/fixture/translated.json:2:");
}

/// One request, its whole answer (or what came before the server closed).
fn request(port: u16, raw: &[u8]) -> String {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let _ = s.write_all(raw);
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

struct Served(Child);

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn serve_answers_the_next_request_after_each_hostile_one() {
    let p = built_game();
    let mut child = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(p.root())
        .args(["serve", "fixture", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let served = Served(child);
    let printed = std::io::BufRead::lines(stdout)
        .map_while(Result::ok)
        .find(|line| line.contains("127.0.0.1:"))
        .expect("serve printed no address");
    let at = printed.find("127.0.0.1:").unwrap() + 10;
    let port: u16 = printed[at..]
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let page = b"GET / HTTP/1.1\r\nHost: x\r\n\r\n";
    let huge_header = [&b"GET / HTTP/1.1\r\nX: "[..], &vec![b'a'; 1 << 20]].concat();
    let hostile: [(&[u8], &str); 5] = [
        (
            b"GET / HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\n",
            "413",
        ),
        (b"POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\nabc", "405"),
        (b"GET /../../../../dev/zero HTTP/1.1\r\n\r\n", "404"),
        (b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\n\r\n", "404"),
        (&huge_header, ""),
    ];
    for (raw, status) in hostile {
        let answer = request(port, raw);
        assert!(answer.contains(status), "{answer}");
        let next = request(port, page);
        assert!(
            next.starts_with("HTTP/1.1 200"),
            "no answer after a bad request: {next}"
        );
    }
    drop(served);
}
