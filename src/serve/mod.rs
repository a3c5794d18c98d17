//! `tessera serve`: the browser studio. A local web server answers one page
//! (`web/`, built into the binary) and a JSON API ([`api`]); docs/studio.md
//! describes both, and the limits that keep one client from taking the
//! server down ([`limits`]).
//!
//! `listen` accepts connections and has hyper (on tokio) read them, `http`
//! answers each request: a few async threads read and write every
//! connection, and the API's work (replaying positions, compiling,
//! searching) runs on a bounded pool of work threads, each request's within
//! a time, the heavy ones a few at once (`jobs`).

mod access;
pub mod api;
mod http;
pub mod jobs;
pub mod library;
pub mod limits;
mod listen;
pub mod memory;
mod stall;

use std::io::Write;
use std::sync::Arc;

/// Where to listen and what to serve.
pub struct Options {
    /// Rule files and folders of rule files; the folder `games` when none.
    pub paths: Vec<String>,
    /// The address to listen on, as `127.0.0.1`.
    pub host: String,
    /// 0 for any free port.
    pub port: u16,
    /// Names, besides localhost and IP addresses, that requests may name as
    /// their `Host` (the studio's name on a network).
    pub allowed_hosts: Vec<String>,
}

/// Serves until the process is stopped, first writing the page's address to
/// `out` (`Tessera studio: http://127.0.0.1:8000/`), and a warning for each
/// file of a served folder that it skips to stderr.
///
/// # Errors
/// A path that is neither a rule file nor a folder, or an address the server
/// cannot listen on.
pub fn run(options: &Options, out: &mut dyn Write) -> Result<(), String> {
    let library = library::Library::scan(&options.paths)?;
    for warning in &library.skipped {
        eprintln!("tessera serve: {warning}");
    }
    if library.entries.is_empty() {
        return Err("no rule files to serve".to_string());
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        .max_blocking_threads(limits::MAX_WORK_THREADS)
        .enable_io()
        .enable_time()
        .build()
        .map_err(|e| format!("cannot start the server's threads: {e}"))?;
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind((
            options.host.as_str(),
            options.port,
        )))
        .map_err(|e| format!("cannot listen on {}:{}: {e}", options.host, options.port))?;
    let address = listener.local_addr().map_or_else(
        |_| format!("{}:{}", options.host, options.port),
        |a| a.to_string(),
    );
    let _ = writeln!(
        out,
        "Tessera studio: http://{address}/ ({} games; Ctrl-C stops it)",
        library.entries.len()
    );
    let _ = out.flush();
    let shared = Arc::new(http::Shared {
        studio: Arc::new(api::Studio::new(library, limits::most_heavy_jobs())),
        access: access::Access::new(&options.host, &options.allowed_hosts),
    });
    runtime.block_on(listen::accept(listener, shared));
    Ok(())
}
