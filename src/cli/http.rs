//! The least of HTTP/1.1 that `serve` needs, with every limit decided before reading: a
//! request head of at most [`MAX_HEAD`] bytes read within [`READ_TIMEOUT`], `GET` and `HEAD`
//! only, no request body ever read, one response per connection, and at most
//! [`MAX_CONNECTIONS`] connections at once.
//!
//! A general server library reads what a client declares: a `Content-Length` of 100 GB made
//! the one used before allocate it. A kit preview needs none of that, so nothing a request
//! says is trusted beyond its request line.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

/// The longest request head (request line and headers) read.
pub const MAX_HEAD: usize = 16 * 1024;
/// How long a client may take to send its request head.
pub const READ_TIMEOUT: Duration = Duration::from_secs(10);
/// Connections served at once; more are answered 503 and closed.
pub const MAX_CONNECTIONS: usize = 64;

/// A request that may be answered: its method was GET or HEAD.
pub struct Request {
    /// The path, without its query.
    pub path: String,
    pub head_only: bool,
}

/// A response: status, content type and body; always `Connection: close`.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
}

impl Response {
    pub fn ok(content_type: &'static str, body: Vec<u8>) -> Response {
        Response {
            status: 200,
            content_type,
            body,
        }
    }

    pub fn error(status: u16, text: &str) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: format!("{text}\n").into_bytes(),
        }
    }
}

/// Accepts connections on `listener` for ever, each served on a thread of its own by
/// `handle`, which gets the request and the connection to answer it on.
pub fn serve(listener: TcpListener, handle: impl Fn(Request, TcpStream) + Send + Sync + 'static) {
    let handle = Arc::new(handle);
    let open = Arc::new(AtomicUsize::new(0));
    for stream in listener.incoming().flatten() {
        if open.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            open.fetch_sub(1, Ordering::SeqCst);
            let mut stream = stream;
            let _ = write_response(
                &mut stream,
                &Response::error(503, "too many connections"),
                false,
            );
            continue;
        }
        let (handle, open) = (Arc::clone(&handle), Arc::clone(&open));
        std::thread::spawn(move || {
            let mut stream = stream;
            match read_request(&mut stream) {
                Ok(request) => handle(request, stream),
                Err(refusal) => {
                    let _ = write_response(&mut stream, &refusal, false);
                }
            }
            open.fetch_sub(1, Ordering::SeqCst);
            protopress::budget::settle();
        });
    }
}

/// Reads the request head, within its limits, and judges it.
fn read_request(stream: &mut TcpStream) -> Result<Request, Response> {
    stream
        .set_read_timeout(Some(READ_TIMEOUT))
        .map_err(|_| Response::error(500, "cannot read the request"))?;
    let head = read_head(stream)?;
    parse_head(&head)
}

fn read_head(stream: &mut impl Read) -> Result<Vec<u8>, Response> {
    let mut head = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        let n = stream
            .read(&mut chunk)
            .map_err(|_| Response::error(408, "the request was not sent in time"))?;
        if n == 0 {
            return Err(Response::error(
                400,
                "the request ended before its head did",
            ));
        }
        let from = head.len().saturating_sub(3);
        head.extend_from_slice(&chunk[..n]);
        if let Some(end) = find(&head[from..], b"\r\n\r\n") {
            head.truncate(from + end);
            return Ok(head);
        }
        if head.len() > MAX_HEAD {
            return Err(Response::error(431, "the request head is too long"));
        }
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The request line and the headers that matter: a body is refused, never read.
fn parse_head(head: &[u8]) -> Result<Request, Response> {
    let text = std::str::from_utf8(head).map_err(|_| Response::error(400, "bad request"))?;
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or_default();
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(Response::error(400, "bad request line"));
    };
    if !version.starts_with("HTTP/1.") || !target.starts_with('/') {
        return Err(Response::error(400, "bad request line"));
    }
    let head_only = match method {
        "GET" => false,
        "HEAD" => true,
        _ => return Err(Response::error(405, "only GET and HEAD are served")),
    };
    for header in lines {
        let (name, value) = header.split_once(':').unwrap_or((header, ""));
        let name = name.trim().to_ascii_lowercase();
        let body = (name == "content-length" && value.trim() != "0") || name == "transfer-encoding";
        if body {
            return Err(Response::error(413, "this server takes no request body"));
        }
    }
    let path = target.split(['?', '#']).next().unwrap_or("/");
    Ok(Request {
        path: percent_decode(path).ok_or_else(|| Response::error(400, "bad path"))?,
        head_only,
    })
}

/// `%20` and the like decoded; `None` for a bad escape or bytes that are not UTF-8.
fn percent_decode(path: &str) -> Option<String> {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Writes `response` and its body (none for `HEAD`).
pub fn write_response(
    stream: &mut impl Write,
    response: &Response,
    head_only: bool,
) -> std::io::Result<()> {
    let reason = match response.status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        413 => "Content Too Large",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        _ => "Error",
    };
    let allow = if response.status == 405 {
        "Allow: GET, HEAD\r\n"
    } else {
        ""
    };
    let head = format!(
        "HTTP/1.1 {} {reason}\r\nContent-Type: {}\r\nContent-Length: {}\r\n{allow}\
         Cache-Control: no-cache\r\nConnection: close\r\n\r\n",
        response.status,
        response.content_type,
        response.body.len()
    );
    stream.write_all(head.as_bytes())?;
    if !head_only {
        stream.write_all(&response.body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Request, u16> {
        parse_head(text.as_bytes()).map_err(|r| r.status)
    }

    #[test]
    fn only_get_and_head_without_a_body_are_answered() {
        let get = parse("GET /kit.pdf?x=1 HTTP/1.1\r\nHost: a").unwrap();
        assert_eq!((get.path.as_str(), get.head_only), ("/kit.pdf", false));
        assert!(parse("HEAD / HTTP/1.0").unwrap().head_only);
        assert_eq!(parse("POST / HTTP/1.1").err(), Some(405));
        assert_eq!(
            parse("GET / HTTP/1.1\r\nContent-Length: 99999999999").err(),
            Some(413)
        );
        assert_eq!(
            parse("GET / HTTP/1.1\r\ntransfer-encoding: chunked").err(),
            Some(413)
        );
        assert!(parse("GET / HTTP/1.1\r\nContent-Length: 0").is_ok());
        assert_eq!(parse("GET /a b HTTP/1.1").err(), Some(400));
        assert_eq!(parse("GET nowhere HTTP/1.1").err(), Some(400));
        assert_eq!(parse("GET /%zz HTTP/1.1").err(), Some(400));
        assert_eq!(parse("GET /a%20b.pdf HTTP/1.1").unwrap().path, "/a b.pdf");
    }

    #[test]
    fn a_head_past_its_limit_is_refused_having_read_only_the_limit() {
        // An endless header: reading stops just past the limit, whatever follows.
        let endless = std::io::repeat(b'a');
        let mut source = b"GET / HTTP/1.1\r\nX: ".chain(endless);
        assert_eq!(read_head(&mut source).err().map(|r| r.status), Some(431));
        let mut short = &b"GET / HTTP/1.1\r\nHost: a\r\n\r\nbody"[..];
        assert_eq!(read_head(&mut short).unwrap(), b"GET / HTTP/1.1\r\nHost: a");
        let mut cut = &b"GET / HTTP/1.1\r\n"[..];
        assert_eq!(read_head(&mut cut).err().map(|r| r.status), Some(400));
    }
}
