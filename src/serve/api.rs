//! The studio's HTTP API, apart from HTTP itself: a method, a path and a
//! body in, a status and a body out. docs/studio.md describes each request.
//!
//! The server keeps no game state: every request names a game (and may carry
//! the editor's text of its rule file), a start position and the moves played
//! since, so undo and redo are the page's business and any number of pages
//! may play at once.

use super::library::Library;
use super::view::position_json;
use crate::engine::legal::legal_moves;
use crate::engine::perft::perft;
use crate::engine::{Move, Position, Record};
use crate::game::Game;
use crate::limits;
use crate::notation::{fen, position, uci};
use crate::search::{Limits, Searcher};
use serde_json::{json, Map, Value};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// An answer: status, content type and body.
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header's value.
    pub content_type: &'static str,
    /// The body.
    pub body: String,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: value.to_string(),
        }
    }

    fn ok(value: &Value) -> Reply {
        Reply::json(200, value)
    }

    /// An error: `{"error": MESSAGE}`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply::json(status, &json!({"error": message.into()}))
    }

    fn asset(content_type: &'static str, body: &str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: body.to_string(),
        }
    }
}

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("../../web/studio.html");
const SCRIPT: &str = include_str!("../../web/studio.js");
const STYLE: &str = include_str!("../../web/studio.css");

/// What every request shares: the served games, and how many searches and
/// perfts run now.
pub struct Studio {
    /// The served rule files.
    pub library: Library,
    heavy: AtomicUsize,
    most_heavy: usize,
}

impl Studio {
    /// A studio serving `library`, running at most one search or perft per core.
    pub fn new(library: Library) -> Studio {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Studio {
            library,
            heavy: AtomicUsize::new(0),
            most_heavy: cores.clamp(1, limits::SERVE_WORKERS - 1),
        }
    }

    /// Answers one request.
    pub fn respond(&self, method: &str, path: &str, body: &[u8]) -> Reply {
        // The query string plays no part.
        let path = path.split(['?', '#']).next().unwrap_or("");
        match (method, path) {
            ("GET", "/" | "/index.html") => Reply::asset("text/html; charset=utf-8", PAGE),
            ("GET", "/studio.js") => Reply::asset("text/javascript; charset=utf-8", SCRIPT),
            ("GET", "/studio.css") => Reply::asset("text/css; charset=utf-8", STYLE),
            ("GET", "/api/games") => self.games(),
            ("GET", p) if p.starts_with("/api/games/") => self.game_file(&p["/api/games/".len()..]),
            ("POST", "/api/check") => self.with_body(body, &["rules"], |r| self.check(r)),
            ("POST", "/api/state") => {
                self.with_body(body, &["game", "rules", "start", "moves", "flipped"], |r| {
                    self.state(r)
                })
            }
            ("POST", "/api/bestmove") => self.with_body(
                body,
                &["game", "rules", "start", "moves", "movetime_ms", "depth"],
                |r| self.heavy(|| self.bestmove(r)),
            ),
            ("POST", "/api/perft") => {
                self.with_body(body, &["game", "rules", "start", "moves", "depth"], |r| {
                    self.heavy(|| self.perft(r))
                })
            }
            ("POST", "/api/save") => self.with_body(body, &["game", "rules"], |r| self.save(r)),
            (_, "/" | "/index.html" | "/studio.js" | "/studio.css" | "/api/games") => {
                Reply::error(405, format!("`{path}` answers GET only"))
            }
            (_, "/api/check" | "/api/state" | "/api/bestmove" | "/api/perft" | "/api/save") => {
                Reply::error(405, format!("`{path}` answers POST only"))
            }
            _ => Reply::error(404, format!("nothing at `{}`", printable(path))),
        }
    }

    fn games(&self) -> Reply {
        let games: Vec<Value> = self
            .library
            .entries
            .iter()
            .map(|e| {
                let file = e.path.file_name().map(|f| f.to_string_lossy().into_owned());
                json!({"name": e.name, "file": file})
            })
            .collect();
        Reply::ok(&json!({ "games": games }))
    }

    /// `GET /api/games/NAME`: the rule file's text, as it is on disk.
    fn game_file(&self, name: &str) -> Reply {
        let Some(entry) = self.library.entry(name) else {
            return unknown_game(name);
        };
        match self.library.read(entry) {
            Ok(text) => Reply::ok(&json!({"name": entry.name, "text": text})),
            Err(e) => Reply::error(500, e),
        }
    }

    /// Parses a JSON object body, refusing fields other than `allowed`.
    fn with_body(
        &self,
        body: &[u8],
        allowed: &[&str],
        answer: impl FnOnce(&Request) -> Result<Reply, Reply>,
    ) -> Reply {
        let value: Value = match serde_json::from_slice(body) {
            Ok(v) => v,
            Err(e) => return Reply::error(400, format!("malformed JSON: {e}")),
        };
        let Value::Object(fields) = value else {
            return Reply::error(400, "the body must be a JSON object");
        };
        if let Some(k) = fields.keys().find(|k| !allowed.contains(&k.as_str())) {
            return Reply::error(
                400,
                format!(
                    "unknown field `{}`; this request takes {}",
                    printable(k),
                    allowed.join(", ")
                ),
            );
        }
        answer(&Request(fields)).unwrap_or_else(|e| e)
    }

    /// Runs a search or perft unless as many as there are cores run already.
    fn heavy(&self, work: impl FnOnce() -> Result<Reply, Reply>) -> Result<Reply, Reply> {
        let running = self.heavy.fetch_add(1, Ordering::SeqCst);
        let _done = Decrement(&self.heavy);
        if running >= self.most_heavy {
            return Err(Reply::error(
                503,
                format!(
                    "{running} searches run already, the most at once; try again when one ends"
                ),
            ));
        }
        work()
    }

    /// `POST /api/check {"rules"}`: the rule file's errors, or its summary.
    fn check(&self, r: &Request) -> Result<Reply, Reply> {
        let text = r.string("rules")?.ok_or_else(|| missing("rules"))?;
        Ok(Reply::ok(&match self.library.compile(text) {
            Ok(game) => {
                json!({"ok": true, "title": game.title, "summary": game.to_string(), "errors": []})
            }
            Err(errors) => json!({"ok": false, "errors": errors_json(&errors, text)}),
        }))
    }

    /// `POST /api/state`: the position after the moves.
    fn state(&self, r: &Request) -> Result<Reply, Reply> {
        let game = self.game(r)?;
        let (mut pos, record, last) = replay(&game, r)?;
        let flipped = match r.0.get("flipped") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(Reply::error(400, "`flipped` must be true or false")),
        };
        Ok(Reply::ok(&position_json(&mut pos, &record, last, flipped)))
    }

    /// `POST /api/bestmove`: the search's move, searching `movetime_ms`
    /// (1,000 by default) or `depth` plies, never longer than
    /// [`limits::MAX_SEARCH_MS`].
    fn bestmove(&self, r: &Request) -> Result<Reply, Reply> {
        let game = self.game(r)?;
        let (mut pos, record, _) = replay(&game, r)?;
        let depth = r.number("depth", 1, 64)?.map(|d| d as u32);
        let ms = r.number("movetime_ms", 1, limits::MAX_SEARCH_MS)?;
        let mut search_limits = Limits::given(depth, None, ms, 1000);
        search_limits.time = Some(
            search_limits
                .time
                .unwrap_or(Duration::from_millis(limits::MAX_SEARCH_MS)),
        );
        let mut searcher = Searcher::new(&game, 16);
        let report = searcher.search(&mut pos, &record, &search_limits, |_| {});
        Ok(Reply::ok(&json!({
            "move": report.pv.first().map(|m| uci::format(&game, m)),
            "score": report.score,
            "mate_in": report.mate_in(),
            "depth": report.depth,
            "nodes": report.nodes,
            "ms": report.elapsed.as_millis() as u64,
            "pv": report.pv.iter().map(|m| uci::format(&game, m)).collect::<Vec<_>>(),
        })))
    }

    /// `POST /api/perft`: the leaves under each legal move, stopping between
    /// root moves once [`limits::MAX_SEARCH_MS`] have passed.
    fn perft(&self, r: &Request) -> Result<Reply, Reply> {
        let game = self.game(r)?;
        let (mut pos, _, _) = replay(&game, r)?;
        let depth = r
            .number("depth", 1, u64::from(limits::MAX_SERVE_PERFT_DEPTH))?
            .ok_or_else(|| missing("depth"))? as u32;
        let started = Instant::now();
        let budget = Duration::from_millis(limits::MAX_SEARCH_MS);
        let mut roots = Vec::new();
        legal_moves(&mut pos, &mut roots);
        let mut rows: Vec<(String, u64)> = Vec::new();
        let mut complete = true;
        for m in roots {
            if started.elapsed() > budget {
                complete = false;
                break;
            }
            let undo = pos.make(m);
            let n = perft(&mut pos, depth - 1);
            pos.unmake(undo);
            rows.push((uci::format(&game, &m), n));
        }
        rows.sort();
        let total: u64 = rows.iter().map(|r| r.1).sum();
        Ok(Reply::ok(&json!({
            "depth": depth,
            "total": total,
            "complete": complete,
            "ms": started.elapsed().as_millis() as u64,
            "divide": rows.iter().map(|(m, n)| json!({"move": m, "nodes": n})).collect::<Vec<_>>(),
        })))
    }

    /// `POST /api/save {"game", "rules"}`: writes the text over the served
    /// file of that game, whether it compiles or not.
    fn save(&self, r: &Request) -> Result<Reply, Reply> {
        let name = r.string("game")?.ok_or_else(|| missing("game"))?;
        let entry = self.library.entry(name).ok_or_else(|| unknown_game(name))?;
        let text = r.string("rules")?.ok_or_else(|| missing("rules"))?;
        self.library
            .save(entry, text)
            .map_err(|e| Reply::error(413, e))?;
        let file = entry
            .path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned());
        Ok(Reply::ok(&json!({"saved": file, "bytes": text.len()})))
    }

    /// The game a request names, compiled from its `rules` or else its file.
    fn game(&self, r: &Request) -> Result<Arc<Game>, Reply> {
        let name = r.string("game")?.ok_or_else(|| missing("game"))?;
        let entry = self.library.entry(name).ok_or_else(|| unknown_game(name))?;
        let read;
        let text = match r.string("rules")? {
            Some(t) => t,
            None => {
                read = self.library.read(entry).map_err(|e| Reply::error(500, e))?;
                &read
            }
        };
        self.library.compile(text).map_err(|errors| {
            Reply::json(
                422,
                &json!({"error": "the rule file has errors", "errors": errors_json(&errors, text)}),
            )
        })
    }
}

/// The fields of a request body.
struct Request(Map<String, Value>);

impl Request {
    /// A string field, if present.
    fn string(&self, key: &str) -> Result<Option<&str>, Reply> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(Reply::error(400, format!("`{key}` must be a string"))),
        }
    }

    /// A whole number field within `low..=high`, if present.
    fn number(&self, key: &str, low: u64, high: u64) -> Result<Option<u64>, Reply> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => match v.as_u64() {
                Some(n) if (low..=high).contains(&n) => Ok(Some(n)),
                _ => Err(Reply::error(
                    400,
                    format!("`{key}` must be a whole number from {low} to {high}"),
                )),
            },
        }
    }

    /// The `moves` field: a list of moves as text.
    fn moves(&self) -> Result<Vec<&str>, Reply> {
        let list = match self.0.get("moves") {
            None | Some(Value::Null) => return Ok(Vec::new()),
            Some(Value::Array(list)) => list,
            Some(_) => return Err(Reply::error(400, "`moves` must be a list of strings")),
        };
        if list.len() > limits::MAX_REQUEST_MOVES {
            return Err(Reply::error(
                400,
                limits::exceeded(
                    "`moves`",
                    list.len() as u128,
                    "moves",
                    limits::MAX_REQUEST_MOVES as u128,
                ),
            ));
        }
        list.iter()
            .map(|m| {
                m.as_str()
                    .ok_or_else(|| Reply::error(400, "`moves` must be a list of strings"))
            })
            .collect()
    }
}

/// The position of a request: its `start` (FEN where the game has one, or
/// Tessera's notation; the rule file's setup when absent), then its `moves`;
/// with the record of the positions played and the last move.
fn replay<'g>(game: &'g Game, r: &Request) -> Result<(Position<'g>, Record, Option<Move>), Reply> {
    let mut pos = match r.string("start")? {
        None => Position::start(game),
        Some(text) => read_position(game, text).map_err(|e| Reply::error(400, e))?,
    };
    let mut record = Record::new(&pos);
    let mut last = None;
    for (i, text) in r.moves()?.into_iter().enumerate() {
        let mv = uci::parse(&mut pos, text)
            .map_err(|e| Reply::error(400, format!("move {}: {e}", i + 1)))?;
        pos.make(mv);
        record.push(&pos);
        last = Some(mv);
    }
    Ok((pos, record, last))
}

/// A position in FEN or in Tessera's notation, whichever reads it.
fn read_position<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, String> {
    let fen_error = if fen::has_fen(game) {
        match fen::parse(game, text) {
            Ok(pos) => return Ok(pos),
            Err(e) => Some(e),
        }
    } else {
        None
    };
    position::parse(game, text).map_err(|e| match fen_error {
        Some(f) => format!("not a FEN ({f}), nor a position in Tessera's notation ({e})"),
        None => format!("not a position in Tessera's notation: {e}"),
    })
}

/// Each error with its line and column (1-based, in characters), the end of
/// its span on the same line, and its rendering as `tessera check` prints it.
fn errors_json(errors: &crate::Errors, text: &str) -> Vec<Value> {
    errors
        .0
        .iter()
        .take(limits::MAX_RENDERED_ERRORS)
        .map(|d| {
            let (line, column) = d.line_col(text);
            let end = crate::Diagnostic::new(
                crate::Span::new(d.span.end as usize, d.span.end as usize),
                "",
            );
            let (end_line, end_column) = end.line_col(text);
            json!({
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
                "message": d.message,
                "rendered": d.render("rules", text),
            })
        })
        .collect()
}

fn missing(key: &str) -> Reply {
    Reply::error(400, format!("`{key}` is missing"))
}

fn unknown_game(name: &str) -> Reply {
    Reply::error(404, format!("no game is called `{}`", printable(name)))
}

/// A name from a request, cut and with control characters escaped, fit to
/// quote in a message.
fn printable(text: &str) -> String {
    let cut: String = text.chars().take(100).collect();
    let mut s = cut.escape_default().to_string();
    if text.chars().nth(100).is_some() {
        s.push('…');
    }
    s
}

/// Lowers a counter when dropped.
struct Decrement<'a>(&'a AtomicUsize);

impl Drop for Decrement<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}
