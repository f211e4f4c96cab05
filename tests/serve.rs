//! `protopress serve`: the page, its files, the reload event after a save, and the build error
//! shown in the page itself.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use common::deck_game;

const CARDS: &str = "- name: Alpha\n  count: 2\n  text: fine\n- name: Beta\n  text: also fine\n";

/// How long any one wait may last before the test gives up on a hung server. A safety net
/// only, generous so that a slow machine never fails: no test asserts how fast anything is.
const HUNG: Duration = Duration::from_secs(300);

/// The server, owned: killed and reaped when the test ends, however it ends (a failed
/// assertion included), so no process outlives its test and no process number is reused
/// while it is still named.
struct Server {
    child: Child,
    /// The lines the server prints, read on a thread of their own so the pipe never fills.
    lines: Receiver<String>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Spawns `protopress -C root serve fixture args` with `env`.
    fn spawn(root: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_protopress"))
            .arg("-C")
            .arg(root)
            .args(["serve", "fixture"])
            .args(args)
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Server { child, lines }
    }

    /// The first line the server prints that contains `what`.
    fn line_with(&mut self, what: &str) -> String {
        loop {
            match self.lines.recv_timeout(HUNG) {
                Ok(line) if line.contains(what) => return line,
                Ok(_) => {}
                Err(RecvTimeoutError::Timeout) => panic!(
                    "the server printed no {what:?} in {} s: it seems hung",
                    HUNG.as_secs()
                ),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().unwrap();
                    panic!("the server ended ({status}) without printing {what:?}")
                }
            }
        }
    }
}

/// The port in a line like `serving http://127.0.0.1:4000/`.
fn port_in(line: &str) -> u16 {
    let url = line
        .split_whitespace()
        .find(|w| w.contains("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let digits: String = url
        .rsplit(':')
        .next()
        .unwrap()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .unwrap_or_else(|e| panic!("no port in {line:?}: {e}"))
}

/// Starts `serve` and returns the server and its port (read from what it prints).
fn start(root: &std::path::Path) -> (Server, u16) {
    start_with(root, &[])
}

/// Starts `serve fixture` with more arguments.
fn start_with(root: &std::path::Path, args: &[&str]) -> (Server, u16) {
    let mut server = Server::spawn(root, args, &[]);
    let port = port_in(&server.line_with("http://127.0.0.1:"));
    (server, port)
}

/// A connection to the server whose reads give up after the safety net with a clear error.
fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    s.set_read_timeout(Some(HUNG)).unwrap();
    s
}

/// A plain HTTP GET: status line and body.
fn get(port: u16, path: &str) -> (String, Vec<u8>) {
    let mut s = connect(port);
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("GET {path}: no whole answer ({e}): the server seems hung"));
    let split = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    (head, raw[split + 4..].to_vec())
}

fn text(port: u16, path: &str) -> String {
    String::from_utf8_lossy(&get(port, path).1).into_owned()
}

/// Reads the event stream until a line starts with `wanted`. The server writes keep-alive
/// lines while it waits, so each read is bounded and so is the whole wait: past the safety
/// net the server is taken as hung and the test fails saying so.
fn wait_for_line(r: &mut BufReader<TcpStream>, wanted: &str) -> String {
    let start = Instant::now();
    let mut line = String::new();
    loop {
        assert!(
            start.elapsed() < HUNG,
            "no {wanted:?} from the server in {} s: it seems hung",
            HUNG.as_secs()
        );
        line.clear();
        match r.read_line(&mut line) {
            Ok(0) => panic!("the event stream ended before {wanted:?}"),
            Ok(_) if line.contains(wanted) => return line,
            Ok(_) => {}
            Err(e) => panic!("no {wanted:?} from the server ({e}): it seems hung"),
        }
    }
}

/// Opens `/events` and returns a reader positioned after the headers.
fn events(port: u16) -> BufReader<TcpStream> {
    let mut s = connect(port);
    write!(s, "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n").unwrap();
    let mut r = BufReader::new(s);
    wait_for_line(&mut r, ": connected");
    r
}

/// Waits for the next reload event, however long it takes (up to the safety net).
fn wait_for_reload(r: &mut BufReader<TcpStream>) {
    wait_for_line(r, "data: reload");
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
    wait_for_reload(&mut stream);
    assert!(text(port, "/").contains("Fixture"));

    // A broken file: the page shows the error, with the file and line, without JavaScript.
    // Writing a file is not one step: the server may rebuild from the emptied file first
    // ("the cards file holds no cards") and then again from the whole one.
    p.write("data/fixture/deck.yaml", "- name: Alpha\n  cuont: 2\n");
    let mut page = String::new();
    for _ in 0..5 {
        wait_for_reload(&mut stream);
        page = text(port, "/");
        if page.contains("deck.yaml:2:3") {
            break;
        }
    }
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
        let mut server = Server::spawn(p.root(), args, &[("PATH", "")]);
        let line = server.line_with("http://");
        let port = port_in(&line);
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
