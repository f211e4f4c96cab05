//! `protopress serve`: the page, its files, the reload event after a save, and the build error
//! shown in the page itself.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::deck_game;

const CARDS: &str = "- name: Alpha\n  count: 2\n  text: fine\n- name: Beta\n  text: also fine\n";

/// Kills the server when the test ends, however it ends.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `serve` and returns the server and its port (read from what it prints).
fn start(root: &std::path::Path) -> (Server, u16) {
    start_with(root, &[])
}

/// Starts `serve fixture` with more arguments.
fn start_with(root: &std::path::Path, args: &[&str]) -> (Server, u16) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_protopress"))
        .arg("-C")
        .arg(root)
        .args(["serve", "fixture"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    // A hung server fails the test instead of hanging it.
    let pid = child.id();
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_secs(90));
        let _ = Command::new("kill").arg(pid.to_string()).status();
    });
    let server = Server(child);
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if let Some(at) = line.find("http://127.0.0.1:") {
            let port = line[at + 17..].trim_end_matches(|c: char| !c.is_ascii_digit());
            let port = port.split('/').next().unwrap().parse().unwrap();
            return (server, port);
        }
    }
    panic!("serve printed no address");
}

/// A plain HTTP GET: status line and body.
fn get(port: u16, path: &str) -> (String, Vec<u8>) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    (head, raw[split + 4..].to_vec())
}

fn text(port: u16, path: &str) -> String {
    String::from_utf8_lossy(&get(port, path).1).into_owned()
}

/// Opens `/events` and returns a reader positioned after the headers.
fn events(port: u16) -> BufReader<TcpStream> {
    let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(s, "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut r = BufReader::new(s);
    let mut line = String::new();
    while r.read_line(&mut line).unwrap() > 0 {
        if line.contains(": connected") {
            return r;
        }
        line.clear();
    }
    panic!("no event stream");
}

fn wait_for_reload(r: &mut BufReader<TcpStream>) -> Duration {
    let start = Instant::now();
    let mut line = String::new();
    while r.read_line(&mut line).unwrap() > 0 {
        if line.starts_with("data: reload") {
            return start.elapsed();
        }
        line.clear();
    }
    panic!("the stream ended without a reload");
}

#[test]
fn serves_the_kit_and_reloads_after_a_save() {
    let p = deck_game("  paper: a4", CARDS);
    let (_server, port) = start(p.root());
    let page = text(port, "/");
    assert!(page.contains("Fixture · revision 1"), "{page}");
    assert!(page.contains("new EventSource('/events')"));
    let (head, png) = get(port, "/thumbs/faces-1.png");
    assert!(head.contains("200") && head.contains("image/png"), "{head}");
    assert!(png.starts_with(b"\x89PNG"));
    let (head, _) = get(port, "/../../etc/passwd");
    assert!(head.contains("404"), "{head}");

    let mut stream = events(port);
    p.write(
        "data/fixture/deck.yaml",
        &CARDS.replace("also fine", "changed"),
    );
    let waited = wait_for_reload(&mut stream);
    assert!(waited < Duration::from_secs(10), "{waited:?}");
    assert!(text(port, "/").contains("Fixture"));

    // A broken file: the page shows the error, with the file and line, without JavaScript.
    p.write("data/fixture/deck.yaml", "- name: Alpha\n  cuont: 2\n");
    wait_for_reload(&mut stream);
    let page = text(port, "/");
    assert!(page.contains("The build failed"), "{page}");
    assert!(page.contains("deck.yaml:2:3"), "{page}");
    // The last good kit is still there.
    assert!(p.out().join("fixture/cards.pdf").is_file());
}

/// A game in two languages serves the first language's kit, or the one `--lang` names.
#[test]
fn serve_shows_the_kit_of_one_language() {
    let p = deck_game("  paper: a4", "- name: { en: Loot, de: Beute }\n");
    let game = p.root().join("data/fixture/game.yaml");
    let yaml = std::fs::read_to_string(&game).unwrap();
    std::fs::write(&game, format!("languages: [en, de]\n{yaml}")).unwrap();
    p.write("data/fixture/rules.md", "# Rules\n\nPlay.\n");
    p.write("data/fixture/rules.de.md", "# Regeln\n\nSpielt.\n");
    for (args, lang, name) in [
        (&[][..], "en", "Loot"),
        (&["--lang", "de"][..], "de", "Beute"),
    ] {
        let (_server, port) = start_with(p.root(), args);
        let page = text(port, "/");
        assert!(page.contains(&format!("lang=\"{lang}\"")), "{lang}: {page}");
        assert!(page.contains(name), "{lang}: {name} is not on the page");
        assert!(p.out().join(format!("fixture/{lang}/index.html")).is_file());
    }
}

/// Where the server on `port` listens, from the kernel's table of TCP sockets: the local
/// address as the kernel writes it (`0100007F` is 127.0.0.1, `00000000` every interface).
fn listening_on(port: u16) -> Vec<String> {
    let table = std::fs::read_to_string("/proc/net/tcp").unwrap();
    let end = format!(":{port:04X}");
    table
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .filter(|a| a.ends_with(&end))
        .map(|a| a.trim_end_matches(&end).to_owned())
        .collect()
}

/// `--open` opens a browser, as in mdBook and Zola, and listens on this computer only;
/// listening beyond it takes `--host`. (No browser here: the child finds none on an empty
/// PATH, warns and serves on.)
#[test]
fn open_listens_on_this_computer_only_and_host_goes_further() {
    let p = deck_game("  paper: a4", CARDS);
    for (args, want) in [
        (&["--open"][..], "0100007F"),
        (&["--host", "0.0.0.0"][..], "00000000"),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_protopress"))
            .arg("-C")
            .arg(p.root())
            .args(["serve", "fixture"])
            .args(args)
            .env("PATH", "")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let server = Server(child);
        let line = BufReader::new(stdout)
            .lines()
            .map(Result::unwrap)
            .find(|l| l.contains("http://"))
            .expect("serve printed no address");
        let port: u16 = line
            .rsplit(':')
            .next()
            .unwrap()
            .trim_end_matches(|c: char| !c.is_ascii_digit())
            .split('/')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(
            listening_on(port),
            vec![want.to_owned()],
            "{args:?}: {line}"
        );
        drop(server);
    }
}

/// Only regular files of the output folder are served, judged by their path before anything is
/// opened: a climb out of it, a link out of it and a device are refused, and the server answers
/// the next request as before (#40).
#[test]
fn serve_refuses_paths_out_of_the_output_folder_before_reading_them() {
    let p = deck_game("  paper: a4", CARDS);
    let (_server, port) = start(p.root());
    let kit = p.root().join("output/fixture");
    std::os::unix::fs::symlink("/dev/zero", kit.join("zero.pdf")).unwrap();
    std::os::unix::fs::symlink("/etc/hostname", kit.join("host.json")).unwrap();
    for path in [
        "/host.json",
        "/../../../../../../dev/zero",
        "/%2e%2e/%2e%2e/dev/zero",
        "/thumbs",
        "/zero.pdf",
    ] {
        let (head, body) = get(port, path);
        assert!(head.contains(" 404"), "{path}: {head}");
        assert!(body.len() < 100, "{path}: {} bytes", body.len());
    }
    let (head, _) = get(port, "/kit.pdf");
    assert!(head.contains(" 200"), "{head}");
}
