//! The studio's HTTP API, apart from HTTP itself: a method, a path and a
//! body in, a status and a body out. docs/studio.md describes each request.
//!
//! The server keeps no game state: every request names a game (and may carry
//! the editor's text of its rule file), a start position and the moves played
//! since, so undo and redo are the page's business and any number of pages
//! may play at once.

use super::jobs::{Job, Slots};
use super::library::{Library, SaveError};
use super::limits;
use serde_json::{json, Map, Value};
use std::borrow::Cow;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tessera::engine::legal::legal_moves;
use tessera::engine::perft::perft_until;
use tessera::engine::{Move, Position, Record};
use tessera::game::Game;
use tessera::notation::pgn::{self, PgnGame};
use tessera::notation::{fen, own, position, uci};
use tessera::search::{Limits, Searcher};
use tessera_view::{kinds_json, position_json};

/// An answer: status, content type and body.
pub struct Reply {
    /// The HTTP status code.
    pub status: u16,
    /// The `Content-Type` header's value.
    pub content_type: &'static str,
    /// The body.
    pub body: Cow<'static, str>,
}

impl Reply {
    fn json(status: u16, value: &Value) -> Reply {
        Reply {
            status,
            content_type: "application/json; charset=utf-8",
            body: Cow::Owned(value.to_string()),
        }
    }

    fn ok(value: &Value) -> Reply {
        Reply::json(200, value)
    }

    /// An error: `{"error": MESSAGE}`, the message cut at
    /// [`limits::MAX_ERROR_CHARS`] characters.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        let message = message.into();
        Reply::json(
            status,
            &json!({"error": cut(&message, limits::MAX_ERROR_CHARS)}),
        )
    }

    fn asset(content_type: &'static str, body: &'static str) -> Reply {
        Reply {
            status: 200,
            content_type,
            body: Cow::Borrowed(body),
        }
    }
}

/// The page, its script and its style, built into the binary.
const PAGE: &str = include_str!("../../web/studio.html");
const SCRIPT: &str = include_str!("../../web/studio.js");
/// The board by clicks, shared with the exported pages.
const BOARD_SCRIPT: &str = include_str!("../../web/board.js");
const STYLE: &str = include_str!("../../web/studio.css");

/// What every request shares: the served games, and the slots of the heavy
/// jobs (searches, perfts, compiles).
pub struct Studio {
    /// The served rule files.
    pub library: Library,
    /// The heavy jobs' slots.
    pub slots: Arc<Slots>,
}

impl Studio {
    /// A studio serving `library`, running at most `most_heavy` heavy jobs
    /// at once ([`limits::most_heavy_jobs`]).
    pub fn new(library: Library, most_heavy: usize) -> Studio {
        Studio {
            library,
            slots: Arc::new(Slots::new(most_heavy)),
        }
    }

    /// Whether a request is answered from memory at once, with no work worth
    /// a thread of its own: the page, its script and style, the game list,
    /// and every refusal of a method or path.
    pub fn is_cheap(method: &str, path: &str) -> bool {
        method != "POST" && !path.starts_with("/api/games/")
    }

    /// Answers one request; `path` is the request's path, still
    /// percent-encoded. `job` says when to stop and holds a heavy slot.
    pub fn respond(&self, method: &str, path: &str, body: &[u8], job: &Job) -> Reply {
        // The query string plays no part.
        let path = path.split(['?', '#']).next().unwrap_or("");
        match (method, path) {
            ("GET", "/" | "/index.html") => Reply::asset("text/html; charset=utf-8", PAGE),
            ("GET", "/studio.js") => Reply::asset("text/javascript; charset=utf-8", SCRIPT),
            ("GET", "/board.js") => Reply::asset("text/javascript; charset=utf-8", BOARD_SCRIPT),
            ("GET", "/studio.css") => Reply::asset("text/css; charset=utf-8", STYLE),
            ("GET", "/api/games") => self.games(),
            ("GET", p) if p.starts_with("/api/games/") => {
                match percent_decoded(&p["/api/games/".len()..]) {
                    Some(name) => self.game_file(&name),
                    None => Reply::error(404, format!("nothing at `{}`", printable(path))),
                }
            }
            ("POST", "/api/check") => self.with_body(body, &["rules"], |r| self.check(r, job)),
            ("POST", "/api/state") => self.with_body(
                body,
                &["game", "rules", "start", "moves", "pgn", "flipped"],
                |r| self.state(r, job),
            ),
            ("POST", "/api/bestmove") => self.with_body(
                body,
                &["game", "rules", "start", "moves", "movetime_ms", "depth"],
                |r| heavy(job, || self.bestmove(r, job)),
            ),
            ("POST", "/api/perft") => {
                self.with_body(body, &["game", "rules", "start", "moves", "depth"], |r| {
                    heavy(job, || self.perft(r, job))
                })
            }
            ("POST", "/api/pieces") => {
                self.with_body(body, &["game", "rules"], |r| self.pieces(r, job))
            }
            ("POST", "/api/save") => self.with_body(body, &["game", "rules"], |r| self.save(r)),
            (
                _,
                "/" | "/index.html" | "/studio.js" | "/board.js" | "/studio.css" | "/api/games",
            ) => Reply::error(405, format!("`{path}` answers GET only")),
            (
                _,
                "/api/check" | "/api/state" | "/api/bestmove" | "/api/perft" | "/api/pieces"
                | "/api/save",
            ) => Reply::error(405, format!("`{path}` answers POST only")),
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
        Reply::ok(&json!({ "games": games, "opening": self.library.opening }))
    }

    /// `GET /api/games/NAME`: the rule file's text, as it is on disk.
    fn game_file(&self, name: &str) -> Reply {
        let Some(entry) = self.library.entry(name) else {
            return self.unknown_game(name);
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

    /// The game compiled from `text`, from the cache, or else compiled as a
    /// heavy job (waiting a little for a slot).
    fn compile(&self, text: &str, job: &Job) -> Result<Result<Arc<Game>, tessera::Errors>, Reply> {
        if let Some(game) = self.library.cached(text) {
            return Ok(Ok(game));
        }
        job.heavy(limits::COMPILE_SLOT_WAIT).map_err(busy)?;
        Ok(self.library.compile(text))
    }

    /// `POST /api/check {"rules"}`: the rule file's errors, or its summary.
    fn check(&self, r: &Request, job: &Job) -> Result<Reply, Reply> {
        let text = r.string("rules")?.ok_or_else(|| missing("rules"))?;
        Ok(Reply::ok(&match self.compile(text, job)? {
            Ok(game) => {
                json!({"ok": true, "title": game.title(), "summary": game.to_string(), "errors": []})
            }
            Err(errors) => json!({"ok": false, "errors": errors_json(&errors, text)}),
        }))
    }

    /// `POST /api/state`: the position after the moves, or after the first
    /// game of a PGN text (`pgn`), with the game as a PGN record.
    fn state(&self, r: &Request, job: &Job) -> Result<Reply, Reply> {
        let game = self.game(r, job)?;
        let (start, texts, start_text) = match r.string("pgn")? {
            Some(text) => {
                let (replay, fen) = read_pgn(&game, text)?;
                let texts = replay
                    .moves
                    .iter()
                    .map(|m| uci::format(&game, m))
                    .collect::<Vec<_>>();
                (replay.start, texts, fen)
            }
            None => (
                start_of(&game, r)?,
                r.moves()?.into_iter().map(String::from).collect(),
                r.string("start")?.map(String::from),
            ),
        };
        let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
        let mut played = play_noted(start.clone(), &texts)?;
        let flipped = match r.0.get("flipped") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(Reply::error(400, "`flipped` must be true or false")),
        };
        let last = played.moves.last().copied();
        let mut view = position_json(&mut played.pos, &played.record, last, flipped);
        view["history"] = json!(played.noted);
        view["start"] = json!(start_text);
        let mut record = PgnGame::new(&start, &played.moves);
        record.set_tag("Event", "Tessera studio");
        view["pgn"] = json!(record.to_string());
        Ok(Reply::ok(&view))
    }

    /// `POST /api/bestmove`: the search's move, searching `movetime_ms`
    /// (1,000 by default) or `depth` plies, never longer than
    /// [`limits::MAX_SEARCH_MS`]; stopped, answering its best move so far,
    /// when the job is told to stop.
    fn bestmove(&self, r: &Request, job: &Job) -> Result<Reply, Reply> {
        let game = self.game(r, job)?;
        let (mut pos, record, _) = replay(&game, r)?;
        let root = pos.clone();
        let depth = r.number("depth", 1, 64)?.map(|d| d as u32);
        let ms = r.number("movetime_ms", 1, limits::MAX_SEARCH_MS)?;
        let mut search_limits = Limits::given(depth, None, ms, 1000);
        search_limits.time = Some(
            search_limits
                .time
                .unwrap_or(Duration::from_millis(limits::MAX_SEARCH_MS)),
        );
        let mut searcher = Searcher::new(&game, 16);
        // The search lowers its flag as it starts, so a client gone before
        // that is seen here.
        if job.stopped() {
            return Err(cancelled());
        }
        searcher.stop = Arc::clone(job.stop());
        let report = searcher
            .search(&mut pos, &record, &search_limits, |_| {})
            .map_err(|e| Reply::error(500, e.to_string()))?;
        Ok(Reply::ok(&json!({
            "move": report.pv.first().map(|m| uci::format(&game, m)),
            "san": report.pv.first().map(|m| own::format(&root, m)),
            "score": report.score,
            "mate_in": report.mate_in(),
            "depth": report.depth,
            "nodes": report.nodes,
            "ms": report.elapsed.as_millis() as u64,
            "pv": report.pv.iter().map(|m| uci::format(&game, m)).collect::<Vec<_>>(),
        })))
    }

    /// `POST /api/perft`: the leaves under each legal move, as many root
    /// moves as it finished when told to stop (`complete` false), which it
    /// sees within a few thousand nodes: once [`limits::MAX_SEARCH_MS`] have
    /// passed, or its client has gone.
    fn perft(&self, r: &Request, job: &Job) -> Result<Reply, Reply> {
        let game = self.game(r, job)?;
        let (mut pos, _, _) = replay(&game, r)?;
        let depth = r
            .number("depth", 1, u64::from(limits::MAX_SERVE_PERFT_DEPTH))?
            .ok_or_else(|| missing("depth"))? as u16;
        let started = Instant::now();
        let mut roots = Vec::new();
        legal_moves(&mut pos, &mut roots);
        let mut rows: Vec<(String, u64)> = Vec::new();
        let mut complete = true;
        for m in roots {
            // Shallow counts read no flag; they stop between root moves.
            if job.stopped() {
                complete = false;
                break;
            }
            let undo = pos.make(m);
            let n = perft_until(&mut pos, depth - 1, job.stop());
            pos.unmake(undo);
            let Some(n) = n else {
                complete = false;
                break;
            };
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

    /// `POST /api/pieces {"game", "rules"?}`: each kind of the game, for the
    /// page's legend, its hover and its chooser: name, letter, how it moves
    /// (as `tessera show --pieces` says it), value, and its pictures.
    fn pieces(&self, r: &Request, job: &Job) -> Result<Reply, Reply> {
        let game = self.game(r, job)?;
        Ok(Reply::ok(&json!({ "pieces": kinds_json(&game) })))
    }

    /// `POST /api/save {"game", "rules"}`: writes the text over the served
    /// file of that game, whether it compiles or not.
    fn save(&self, r: &Request) -> Result<Reply, Reply> {
        let name = r.string("game")?.ok_or_else(|| missing("game"))?;
        let entry = self
            .library
            .entry(name)
            .ok_or_else(|| self.unknown_game(name))?;
        let text = r.string("rules")?.ok_or_else(|| missing("rules"))?;
        self.library.save(entry, text).map_err(|e| match e {
            SaveError::TooLarge(m) => Reply::error(413, m),
            SaveError::NotWritable(m) => Reply::error(403, m),
            SaveError::Io(m) => Reply::error(500, m),
        })?;
        let file = entry
            .path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned());
        Ok(Reply::ok(&json!({"saved": file, "bytes": text.len()})))
    }

    /// A 404 for a game name that names none: the error, with the nearest
    /// served name, if one is near, as a hint and as `suggestion`.
    fn unknown_game(&self, name: &str) -> Reply {
        let near = self.library.closest(name);
        let hint = near.map_or_else(String::new, |n| format!("; did you mean `{n}`?"));
        let message = format!("no game is called `{}`{hint}", printable(name));
        Reply::json(
            404,
            &json!({"error": cut(&message, limits::MAX_ERROR_CHARS), "suggestion": near}),
        )
    }

    /// The game a request names, compiled from its `rules` or else its file.
    fn game(&self, r: &Request, job: &Job) -> Result<Arc<Game>, Reply> {
        let name = r.string("game")?.ok_or_else(|| missing("game"))?;
        let entry = self
            .library
            .entry(name)
            .ok_or_else(|| self.unknown_game(name))?;
        let read;
        let text = match r.string("rules")? {
            Some(t) => t,
            None => {
                read = self.library.read(entry).map_err(|e| Reply::error(500, e))?;
                &read
            }
        };
        self.compile(text, job)?.map_err(|errors| {
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
                tessera::limits::exceeded(
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
    let played = play_noted(start_of(game, r)?, &r.moves()?)?;
    let last = played.moves.last().copied();
    Ok((played.pos, played.record, last))
}

/// The start of a request: its `start`, else the rule file's setup.
fn start_of<'g>(game: &'g Game, r: &Request) -> Result<Position<'g>, Reply> {
    match r.string("start")? {
        None => Ok(Position::start(game)),
        Some(text) => read_position(game, text).map_err(|e| Reply::error(400, e)),
    }
}

/// The first game of a PGN text played out, with its `FEN` tag.
fn read_pgn<'g>(game: &'g Game, text: &str) -> Result<(pgn::Replay<'g>, Option<String>), Reply> {
    let bad = |e: String| Reply::error(400, format!("pgn: {e}"));
    let games = pgn::parse(text).map_err(|e| bad(e.to_string()))?;
    let first = games
        .first()
        .ok_or_else(|| bad("no game in the text".to_string()))?;
    if first.moves.len() > limits::MAX_REQUEST_MOVES {
        return Err(bad(tessera::limits::exceeded(
            "the game",
            first.moves.len() as u128,
            "moves",
            limits::MAX_REQUEST_MOVES as u128,
        )));
    }
    let replay = first.replay(game).map_err(|e| bad(e.to_string()))?;
    Ok((replay, first.tag("FEN").map(String::from)))
}

/// A game played from a start.
struct Played<'g> {
    /// The position after the moves.
    pos: Position<'g>,
    /// The positions played.
    record: Record,
    /// The moves.
    moves: Vec<Move>,
    /// Each move as the game's record notes it: its coordinates (`text`),
    /// its SAN, its move number and the side that played it.
    noted: Vec<Value>,
}

/// Plays the moves `texts` from `pos`; a move may be typed in SAN or in
/// coordinates.
fn play_noted<'g>(mut pos: Position<'g>, texts: &[&str]) -> Result<Played<'g>, Reply> {
    let game = pos.game();
    let mut record = Record::new(&pos);
    let mut moves = Vec::new();
    let mut noted = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let mv = own::parse(&pos, text)
            .map_err(|e| Reply::error(400, format!("move {}: {e}", i + 1)))?;
        noted.push(json!({
            "text": uci::format(game, &mv),
            "san": own::format(&pos, &mv),
            "number": pos.fullmove(),
            "side": pos.side_to_move().name(),
        }));
        pos.make(mv);
        record.push(&pos);
        moves.push(mv);
    }
    Ok(Played {
        pos,
        record,
        moves,
        noted,
    })
}

/// A position in FEN or in Tessera's notation, whichever reads it.
fn read_position<'g>(game: &'g Game, text: &str) -> Result<Position<'g>, String> {
    let fen_error = if fen::has_fen(game) {
        match fen::parse(game, text) {
            Ok(pos) => return Ok(pos),
            // A FEN that reads but could not arise in play: say why.
            Err(tessera::ParseFenError::Impossible(why)) => {
                return Err(format!("impossible position: {why}"))
            }
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
fn errors_json(errors: &tessera::Errors, text: &str) -> Vec<Value> {
    errors
        .0
        .iter()
        .take(tessera::limits::MAX_RENDERED_ERRORS)
        .map(|d| {
            let (line, column) = d.line_col(text);
            let end = tessera::Diagnostic::new(
                tessera::Span::new(d.span.end as usize, d.span.end as usize),
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

/// Runs a search or perft if a heavy job's slot is free now.
fn heavy(job: &Job, work: impl FnOnce() -> Result<Reply, Reply>) -> Result<Reply, Reply> {
    job.heavy(Duration::ZERO).map_err(busy)?;
    work()
}

fn busy(most: usize) -> Reply {
    Reply::error(
        503,
        format!(
            "{most} searches, perfts or compiles run already, the most at once; \
             try again when one ends"
        ),
    )
}

fn cancelled() -> Reply {
    Reply::error(503, "the request was cancelled")
}

/// Input from a request, cut at [`limits::MAX_ECHO_CHARS`] characters and
/// with control characters escaped, fit to quote in a message.
fn printable(text: &str) -> String {
    cut(text, limits::MAX_ECHO_CHARS).escape_debug().to_string()
}

/// `text`, or its first `most` characters and `…`.
fn cut(text: &str, most: usize) -> Cow<'_, str> {
    match text.char_indices().nth(most) {
        None => Cow::Borrowed(text),
        Some((end, _)) => Cow::Owned(format!("{}…", &text[..end])),
    }
}

/// A path segment with its `%XX` escapes decoded, if they are all well
/// formed and decode to UTF-8: `my%20game`, `%C3%A9checs`, `50%25`.
fn percent_decoded(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            if !hex.iter().all(u8::is_ascii_hexdigit) {
                return None;
            }
            decoded.push(u8::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?);
            i += 3;
        } else {
            decoded.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(decoded).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Compiles of a text not in the cache, perfts and searches share the
    /// heavy jobs' slots: with the one slot taken, a compile waits for it
    /// and gives up with 503, a perft gives up at once, and a game in the
    /// cache needs no slot.
    #[test]
    fn compiles_perfts_and_searches_share_the_heavy_slots() {
        let library = Library::scan(&["games/chess.game".to_string()]).unwrap();
        let studio = Studio::new(library, 1);
        let free = Job::unbounded(Arc::clone(&studio.slots));
        let cached = r#"{"game": "chess"}"#;
        assert_eq!(
            studio
                .respond("POST", "/api/state", cached.as_bytes(), &free)
                .status,
            200
        );
        // That compile took the slot; its job ends.
        drop(free);
        let holder = Job::unbounded(Arc::clone(&studio.slots));
        holder.heavy(Duration::ZERO).unwrap();
        let job = Job::unbounded(Arc::clone(&studio.slots));
        let started = Instant::now();
        let edited = serde_json::json!({"rules": "# edited\n".to_string() + &std::fs::read_to_string("games/chess.game").unwrap()}).to_string();
        let reply = studio.respond("POST", "/api/check", edited.as_bytes(), &job);
        assert_eq!(reply.status, 503, "{}", reply.body);
        assert!(started.elapsed() >= limits::COMPILE_SLOT_WAIT);
        let perft = r#"{"game": "chess", "depth": 1}"#;
        let started = Instant::now();
        assert_eq!(
            studio
                .respond("POST", "/api/perft", perft.as_bytes(), &job)
                .status,
            503
        );
        assert!(started.elapsed() < Duration::from_millis(500));
        assert_eq!(
            studio
                .respond("POST", "/api/state", cached.as_bytes(), &job)
                .status,
            200
        );
        // The slot given back, the same requests are answered.
        drop(holder);
        assert_eq!(
            studio
                .respond("POST", "/api/check", edited.as_bytes(), &job)
                .status,
            200
        );
        assert_eq!(
            studio
                .respond("POST", "/api/perft", perft.as_bytes(), &job)
                .status,
            200
        );
    }

    #[test]
    fn paths_are_percent_decoded() {
        assert_eq!(percent_decoded("chess").as_deref(), Some("chess"));
        assert_eq!(percent_decoded("my%20game").as_deref(), Some("my game"));
        assert_eq!(percent_decoded("%C3%A9checs").as_deref(), Some("échecs"));
        assert_eq!(percent_decoded("50%25").as_deref(), Some("50%"));
        assert_eq!(percent_decoded("..%2F..%2Fx").as_deref(), Some("../../x"));
        for bad in ["50%", "50%2", "%zz", "%C3", "%+1"] {
            assert_eq!(percent_decoded(bad), None, "{bad}");
        }
    }

    #[test]
    fn echoes_are_cut() {
        assert_eq!(cut("short", 200), "short");
        let long = "é".repeat(1000);
        let echoed = printable(&long);
        assert_eq!(echoed.chars().count(), limits::MAX_ECHO_CHARS + 1);
        assert!(echoed.ends_with('…'));
        let reply = Reply::error(400, "x".repeat(1 << 20));
        assert!(
            reply.body.len() < limits::MAX_ERROR_CHARS + 100,
            "{}",
            reply.body.len()
        );
    }
}
