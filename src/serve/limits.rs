//! The studio server's limits: what one request, one connection and one
//! client may cost. They are the server's, not the rule language's, so they
//! live here rather than in the library's `limits`.

use std::time::Duration;

/// The largest request body read: a rule file at its limit, escaped in JSON
/// (a few bytes per character at worst would not fit; a rule file of
/// ordinary text does), plus room for a position and moves. A longer
/// declared length gets 413 before a byte of the body is read.
pub const MAX_REQUEST_BODY_BYTES: usize = 2 * tessera::limits::MAX_RULE_FILE_BYTES + (64 << 10);

/// The most moves one request may replay.
pub const MAX_REQUEST_MOVES: usize = 10_000;

/// The longest search one request runs, in milliseconds; a perft stops after
/// as long, answering the root moves it finished.
pub const MAX_SEARCH_MS: u64 = 10_000;

/// The deepest perft one request runs.
pub const MAX_SERVE_PERFT_DEPTH: u32 = 6;

/// The most connections open at once. Each costs a task and a socket, not a
/// thread, so the bound is about file descriptors and memory, well under the
/// usual limit of 1,024 descriptors.
pub const MAX_CONNECTIONS: usize = 512;

/// How long a connection past [`MAX_CONNECTIONS`] waits for a place (the idle
/// ones are asked to close) before it is answered 503 and closed.
pub const ROOM_WAIT: Duration = Duration::from_secs(1);

/// The most bytes of a request line and headers; more is answered 431 and
/// the connection closed. Also the bound of
/// hyper's read buffer, so a line with no end holds no more than this.
pub const MAX_HEAD_BYTES: usize = 16 << 10;

/// The most header fields of a request.
pub const MAX_HEADERS: usize = 64;

/// How long a client has to send a request's line and headers, counted from
/// when the server starts waiting for them: on a kept-alive connection, from
/// the end of the previous reply, so it is the idle timeout too.
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a client has to send a whole body once its headers are in
/// (2 MiB at 200 KiB a second); then 408, and the connection closed.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a reply may wait for a client that does not read it.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// The heavy jobs (searches, perfts and compiles of a rule file not in the
/// cache) run at once, at most: one a core, and at least one.
pub fn most_heavy_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// How long a compile waits for a heavy job's slot before it is answered
/// 503; a search or a perft does not wait.
pub const COMPILE_SLOT_WAIT: Duration = Duration::from_secs(2);

/// How long after its start the work of a request is told to stop (a search
/// or perft answers what it has): the longest search, plus time to compile.
pub const JOB_BUDGET: Duration = Duration::from_millis(MAX_SEARCH_MS + 2_000);

/// How long the server waits for a request's work after telling it to stop,
/// before answering 503 without it (a compile cannot be stopped; it goes on,
/// holding its slot, and the client has its answer).
pub const JOB_GRACE: Duration = Duration::from_secs(3);

/// The threads that run requests' work (the async threads only read, route
/// and write); more requests queue for them.
pub const MAX_WORK_THREADS: usize = 64;

/// The most bytes of compiled games kept in the cache, as measured when
/// each was compiled ([`super::memory`]).
pub const MAX_CACHE_BYTES: usize = 256 << 20;

/// The most characters of a client's input quoted back in an error; longer
/// input is cut and ends with `…`.
pub const MAX_ECHO_CHARS: usize = 200;

/// The most characters of any error message sent back.
pub const MAX_ERROR_CHARS: usize = 2_000;

/// How long the server waits before accepting again after an accept failed
/// for want of resources (too many open files, no memory).
pub const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);
