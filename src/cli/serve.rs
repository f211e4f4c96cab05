//! `protopress serve GAME`: the kit in a browser, rebuilt and reloaded on every save.
//!
//! A small blocking HTTP server (`http.rs`) on 127.0.0.1 serves the game's `index.html` with a
//! reload script, the files beside it (thumbnails, PDFs, JSON), and `/events`, a server-sent
//! event stream that says `reload` after each rebuild. A build error replaces the page with the
//! error itself (file, line, snippet) in plain HTML, so it shows even without JavaScript, and the
//! last good output stays on disk untouched.

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use protopress::assemble::{BuildOptions, Session};
use protopress::{Error, Project, Result};

use super::http::{self, Request, Response};

use super::args::ServeArgs;
use super::games::{kit_label, kit_languages};
use super::outcome::Outcome;
use super::ui::{self, say};

/// What the pages show: the build generation and its error, if the last build failed.
#[derive(Default)]
struct State {
    generation: u64,
    error: Option<String>,
}

type Shared = Arc<(Mutex<State>, Condvar)>;

pub fn run(project: &Project, args: ServeArgs) -> Result<Outcome> {
    let id = super::games::named_or_only(project, args.game.clone(), "serve")?;
    let id = id.as_str();
    project.check_game(id)?;
    // One page shows one kit: the language asked for, or the first.
    let all = kit_languages(project, id, args.lang.as_deref())?;
    let lang = all.into_iter().next().flatten();
    let lang = lang.as_deref();
    let opts = BuildOptions {
        paper: args.paper.map(Into::into),
        out_dir: project.output_root(&args.out)?,
        mark_printed: false,
        layout: None,
    };
    let host = args.host;
    let listener = TcpListener::bind((host, args.port))
        .map_err(|e| Error::new(format!("cannot listen on {host}:{}: {e}", args.port)))?;
    if !host.is_loopback() {
        ui::warning(&format!(
            "listening on {host}: any computer that can reach this one can read the kit"
        ));
    }
    let port = listener.local_addr().map_or(args.port, |a| a.port());
    let session = Session::with_cache(project, &opts);
    let state: Shared = Arc::default();
    // Watching starts before the first build, so a save made while it runs or just after the
    // page is served still reloads it.
    let saves = super::watch::Saves::watch(project, id, &opts.out_dir)?;
    rebuild(&session, id, lang, &state);
    // Always printed, even with --quiet: the address is the command's output.
    let label = kit_label(id, lang);
    let url = match host.is_unspecified() || host.is_loopback() {
        true => format!("http://127.0.0.1:{port}/"),
        false => format!("http://{host}:{port}/"),
    };
    println!("serving {label} at {url} (Ctrl-C to stop)");
    if args.open
        && let Err(e) = opener::open(&url)
    {
        ui::warning(&format!(
            "could not open a browser ({e}): open {url} yourself"
        ));
    }
    let mut dir = opts.out_dir.join(id);
    if let Some(l) = lang {
        dir = dir.join(l);
    }
    let served = Arc::clone(&state);
    std::thread::spawn(move || {
        http::serve(listener, move |request, stream| {
            respond(request, stream, &served, &dir)
        })
    });
    saves.each(|| rebuild(&session, id, lang, &state));
    Ok(Outcome::Done)
}

fn rebuild(session: &Session, id: &str, lang: Option<&str>, state: &Shared) {
    let start = Instant::now();
    let error = match session.build_game_in(id, lang) {
        Ok(outcome) => {
            say!(
                "rebuilt {} in {:.0} ms",
                kit_label(id, lang),
                start.elapsed().as_secs_f64() * 1000.0
            );
            outcome
                .check
                .filter(|c| !c.passed)
                .map(|c| format!("The manifest check failed:\n{}", c.table()))
        }
        Err(e) => {
            ui::error(&e);
            Some(e.to_string())
        }
    };
    let (lock, changed) = &**state;
    let mut s = protopress::sync::lock(lock);
    s.generation += 1;
    s.error = error;
    changed.notify_all();
}

fn respond(request: Request, mut stream: TcpStream, state: &Shared, dir: &Path) {
    let response = match request.path.as_str() {
        "/" | "/index.html" => page(state, dir),
        "/events" => return events(stream, state),
        path => file(dir, path),
    };
    let _ = http::write_response(&mut stream, &response, request.head_only);
}

/// The index page with its reload script, or the build error in its place.
fn page(state: &Shared, dir: &Path) -> Response {
    let error = state.0.lock().map(|s| s.error.clone()).unwrap_or_default();
    let body = match (error, std::fs::read_to_string(dir.join("index.html"))) {
        (Some(e), _) => error_page(&e),
        (None, Ok(html)) => html,
        (None, Err(_)) => error_page("The kit has not been built yet."),
    };
    let body = match body.rfind("</body>") {
        Some(at) => format!("{}{RELOAD}{}", &body[..at], &body[at..]),
        None => format!("{body}{RELOAD}"),
    };
    Response::ok("text/html; charset=utf-8", body.into_bytes())
}

/// Reloads the page when the server says a build finished.
const RELOAD: &str =
    "<script>new EventSource('/events').onmessage = () => location.reload();</script>\n";

fn error_page(message: &str) -> String {
    let escaped = protopress::xml::escape(message);
    format!(
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>protopress: build error</title>\
         <style>body{{font-family:system-ui,sans-serif;margin:2rem}}pre{{background:#fff3f3;\
         border-left:4px solid #c8323c;padding:1rem;white-space:pre-wrap}}</style></head><body>\
         <h1>The build failed</h1><p>Fix the file and save: this page reloads by itself. The last \
         good kit is still in the output folder.</p><pre>{escaped}</pre></body></html>"
    )
}

/// A regular file of the output folder; nothing outside it, no link, no device: the path is
/// judged before anything is opened.
fn file(dir: &Path, url: &str) -> Response {
    let rel = PathBuf::from(url.trim_start_matches('/'));
    let safe = rel.components().all(|c| matches!(c, Component::Normal(_)));
    let path = dir.join(&rel);
    let regular = safe && std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
    match regular.then(|| std::fs::read(&path).ok()).flatten() {
        Some(bytes) => Response::ok(mime(&rel), bytes),
        None => Response::error(404, "not found"),
    }
}

fn mime(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("png") => "image/png",
        Some("pdf") => "application/pdf",
        Some("json") => "application/json",
        Some("svg") => "image/svg+xml",
        Some("html") => "text/html; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// A server-sent event stream: `data: reload` after each build from now on, written straight
/// to the connection and flushed, so the browser hears it at once.
fn events(mut out: TcpStream, state: &Shared) {
    let mut seen = state.0.lock().map(|s| s.generation).unwrap_or(0);
    let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n\r\n: connected\n\n";
    if out
        .write_all(head.as_bytes())
        .and_then(|()| out.flush())
        .is_err()
    {
        return;
    }
    loop {
        let (lock, changed) = &**state;
        let guard = protopress::sync::lock(lock);
        let (guard, wait) = changed
            .wait_timeout_while(guard, Duration::from_secs(15), |s| s.generation == seen)
            .unwrap_or_else(|p| p.into_inner());
        let message: &[u8] = if wait.timed_out() {
            b": still here\n\n"
        } else {
            seen = guard.generation;
            b"data: reload\n\n"
        };
        drop(guard);
        // A closed tab ends the stream.
        if out.write_all(message).and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}
