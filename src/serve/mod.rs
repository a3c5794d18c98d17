//! `tessera serve`: the browser studio. A local web server (tiny_http, a small
//! synchronous HTTP crate) answers one page (`web/`, built into the binary)
//! and a JSON API ([`api`]); docs/studio.md describes both.
//!
//! Hostile requests get errors, never a crash: bodies past
//! [`limits::MAX_REQUEST_BODY_BYTES`] get 413 before they are read, a POST
//! must say it carries JSON (so that another site's page cannot post to the
//! studio without the browser asking first) and come from the studio's own
//! origin if it names one, and a fixed pool of [`limits::SERVE_WORKERS`]
//! threads answers, so many clients wait their turn rather than start
//! threads without end.

pub mod api;
mod board;
pub mod library;
mod view;

use crate::limits;
use api::{Reply, Studio};
use std::io::{Read, Write};
use std::sync::Arc;

/// Where to listen and what to serve.
pub struct Options {
    /// Rule files and folders of rule files; the folder `games` when none.
    pub paths: Vec<String>,
    /// The address to listen on, as `127.0.0.1`.
    pub host: String,
    /// 0 for any free port.
    pub port: u16,
}

/// Serves until the process is stopped, first writing the page's address to
/// `out` (`Tessera studio: http://127.0.0.1:8000/`).
///
/// # Errors
/// A path that is neither a rule file nor a folder, or an address the server
/// cannot listen on.
pub fn run(options: &Options, out: &mut dyn Write) -> Result<(), String> {
    let library = library::Library::scan(&options.paths)?;
    if library.entries.is_empty() {
        return Err("no rule files to serve".to_string());
    }
    let server = tiny_http::Server::http((options.host.as_str(), options.port))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.host, options.port))?;
    let address = match server.server_addr() {
        tiny_http::ListenAddr::IP(a) => a.to_string(),
        #[allow(unreachable_patterns)]
        _ => format!("{}:{}", options.host, options.port),
    };
    let _ = writeln!(
        out,
        "Tessera studio: http://{address}/ ({} games; Ctrl-C stops it)",
        library.entries.len()
    );
    let _ = out.flush();
    // On a loopback address, only pages of a loopback name may ask: a page of
    // another site whose name an attacker points at 127.0.0.1 (DNS
    // rebinding) sends its own name as `Host`.
    let local_only = is_loopback(&options.host);
    let server = Arc::new(server);
    let studio = Arc::new(Studio::new(library));
    let workers: Vec<_> = (0..limits::SERVE_WORKERS)
        .map(|_| {
            let server = Arc::clone(&server);
            let studio = Arc::clone(&studio);
            std::thread::spawn(move || {
                while let Ok(request) = server.recv() {
                    answer(&studio, request, local_only);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    Ok(())
}

/// Reads one request, answers it and writes the reply.
fn answer(studio: &Studio, mut request: tiny_http::Request, local_only: bool) {
    let method = request.method().as_str().to_string();
    let reply = match refuse(&request, local_only) {
        Some(reply) => reply,
        None => match read_body(&mut request) {
            Ok(body) => {
                let url = request.url().to_string();
                // A panic would be a bug; it costs one request an error, not
                // the server a worker.
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    studio.respond(&method, &url, &body)
                }))
                .unwrap_or_else(|_| Reply::error(500, "internal error"))
            }
            Err(reply) => reply,
        },
    };
    let response = tiny_http::Response::from_string(reply.body)
        .with_status_code(reply.status)
        .with_header(header("Content-Type", reply.content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    // tiny_http reads and drops what is left of a refused body when the
    // request is dropped, so the connection can carry the next request.
    let _ = request.respond(response);
}

/// The reply to a request refused on its headers alone: too large a body, a
/// host name that is not local (when `local_only`), a POST that is not JSON,
/// or one from another site's page.
fn refuse(request: &tiny_http::Request, local_only: bool) -> Option<Reply> {
    let most = limits::MAX_REQUEST_BODY_BYTES;
    if request.body_length().is_some_and(|n| n > most) {
        return Some(too_large());
    }
    let value = |name: &'static str| {
        request
            .headers()
            .iter()
            .find(|h| h.field.equiv(name))
            .map(|h| h.value.as_str().to_string())
    };
    if local_only && !value("Host").is_some_and(|h| is_loopback(host_name(&h))) {
        return Some(Reply::error(
            403,
            "the studio answers requests for localhost and 127.0.0.1 only",
        ));
    }
    if *request.method() != tiny_http::Method::Post {
        return None;
    }
    let json = value("Content-Type")
        .is_some_and(|t| t.split(';').next().unwrap_or("").trim() == "application/json");
    if !json {
        return Some(Reply::error(
            415,
            "a request body must be JSON, with `Content-Type: application/json`",
        ));
    }
    if let (Some(origin), Some(host)) = (value("Origin"), value("Host")) {
        if origin != format!("http://{host}") {
            return Some(Reply::error(
                403,
                "requests from another site's page are refused",
            ));
        }
    }
    None
}

/// The body, at most [`limits::MAX_REQUEST_BODY_BYTES`].
fn read_body(request: &mut tiny_http::Request) -> Result<Vec<u8>, Reply> {
    let most = limits::MAX_REQUEST_BODY_BYTES;
    let mut body = Vec::new();
    request
        .as_reader()
        .take(most as u64 + 1)
        .read_to_end(&mut body)
        .map_err(|e| Reply::error(400, format!("cannot read the body: {e}")))?;
    if body.len() > most {
        return Err(too_large());
    }
    Ok(body)
}

fn too_large() -> Reply {
    Reply::error(
        413,
        format!(
            "the body is over {} bytes, the limit",
            limits::thousands(limits::MAX_REQUEST_BODY_BYTES as u128)
        ),
    )
}

fn header(name: &str, value: &str) -> tiny_http::Header {
    tiny_http::Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|()| unreachable!("fixed header `{name}` is valid"))
}

/// Whether a host name or address is this machine's loopback.
fn is_loopback(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_start_matches('[')
            .trim_end_matches(']')
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The name of a `Host` header without its port: `127.0.0.1`, `[::1]`.
fn host_name(host: &str) -> &str {
    match host.rsplit_once(':') {
        Some((name, port))
            if !name.is_empty() && port.bytes().all(|b| b.is_ascii_digit()) && !port.is_empty() =>
        {
            name
        }
        _ => host,
    }
}
