//! The engine of an exported page: one game, compiled once from its rule
//! text, and the position after any list of moves as the studio's view
//! (cells, pieces, pools, legal moves with their SAN, status, FEN, the
//! board's SVG), the kinds' pictures and the search's move.
//!
//! The interface is numbers and two byte buffers, so that a page calls it
//! with no bindings generator: the page asks [`input`] for room, writes its
//! UTF-8 text there, calls an entry point, and reads the answer (UTF-8 JSON,
//! or an error's text when the entry point returns 1) at [`output`], of
//! [`output_len`] bytes.

// `no_mangle` counts as unsafe code (two libraries may export one name); it
// is this crate's only such code, each entry point's name its own.
#![deny(unsafe_code)]

use serde_json::{json, Value};
use std::cell::RefCell;
use tessera::engine::{Move, Position, Record};
use tessera::notation::{fen, own, san, uci};
use tessera::search::{Limits, Searcher};
use tessera::Game;
use tessera_view as view;

/// The most moves a view replays: more than any game is played.
const MAX_MOVES: usize = 10_000;
/// The most nodes a search may be asked for.
const MAX_NODES: u64 = 50_000_000;

#[derive(Default)]
struct State {
    game: Option<&'static Game>,
    input: Vec<u8>,
    output: Vec<u8>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Room for `len` bytes of input; the page writes its text there.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn input(len: usize) -> *mut u8 {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.input.clear();
        s.input.resize(len, 0);
        s.input.as_mut_ptr()
    })
}

/// Where the last answer is.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn output() -> *const u8 {
    STATE.with(|s| s.borrow().output.as_ptr())
}

/// How many bytes the last answer has.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn output_len() -> usize {
    STATE.with(|s| s.borrow().output.len())
}

/// Compiles the rule text of the input as the page's game: 0, or 1 with the
/// errors as text.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn load() -> u32 {
    answer(|text, _| {
        let game = tessera::compile_str(text).map_err(|e| e.render("rules", text))?;
        let game: &'static Game = Box::leak(Box::new(game));
        STATE.with(|s| s.borrow_mut().game = Some(game));
        Ok(json!({
            "title": game.title(),
            "kinds": view::kinds_json(game),
        }))
    })
}

/// The position of the input (`{"start": FEN or null, "moves": [...],
/// "flipped": bool}`) as the studio's view, with the moves as noted (the
/// game's own notation).
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn view() -> u32 {
    answer(|text, game| {
        let game = game?;
        let request = Request::read(text)?;
        let (mut pos, record, moves) = request.replay(game)?;
        let mut view =
            view::position_json(&mut pos, &record, moves.last().copied(), request.flipped);
        view["san"] = json!(noted(game, &request, &moves)?);
        Ok(view)
    })
}

/// The search's move in the position of the input, to `depth` plies or
/// `nodes` nodes (0: no bound; at least one of them is needed, since the
/// page has no clock here): `{"move": TEXT}`, or null when there is none.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn best(depth: u32, nodes: u32) -> u32 {
    answer(|text, game| {
        let game = game?;
        let request = Request::read(text)?;
        let (mut pos, record, _) = request.replay(game)?;
        let limits = Limits {
            depth: (depth > 0).then_some(depth.min(64)),
            nodes: (nodes > 0).then_some(u64::from(nodes).min(MAX_NODES)),
            ..Limits::default()
        };
        if limits.depth.is_none() && limits.nodes.is_none() {
            return Err("a search needs a depth or a number of nodes".to_string());
        }
        let mut searcher = Searcher::new(game, 16);
        let report = searcher
            .search(&mut pos, &record, &limits, |_| {})
            .map_err(|e| e.to_string())?;
        Ok(json!({
            "move": report.pv.first().map(|m| uci::format(game, m)),
            "depth": report.depth,
        }))
    })
}

/// The deepest perft asked for: deeper counts take longer than a page waits.
const MAX_PERFT_DEPTH: u32 = 12;

/// The number of move paths `depth` plies deep from the position of the
/// input (`{"nodes": N}`), as `tessera perft` counts them.
#[allow(unsafe_code)]
#[no_mangle]
pub extern "C" fn perft(depth: u32) -> u32 {
    answer(|text, game| {
        let game = game?;
        if depth > MAX_PERFT_DEPTH {
            return Err(format!("perft goes at most {MAX_PERFT_DEPTH} plies deep"));
        }
        let (mut pos, _, _) = Request::read(text)?.replay(game)?;
        let nodes = tessera::engine::perft::perft(&mut pos, depth as u16);
        Ok(json!({ "nodes": nodes }))
    })
}

/// Runs `f` on the input text and the game, and writes its answer: 0 with
/// JSON, or 1 with the error's text.
fn answer(f: impl FnOnce(&str, Result<&'static Game, String>) -> Result<Value, String>) -> u32 {
    let (text, game) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let text = String::from_utf8(std::mem::take(&mut s.input));
        (text, s.game.ok_or_else(|| "no game is loaded".to_string()))
    });
    let result = match text {
        Ok(text) => f(&text, game),
        Err(_) => Err("the input is not UTF-8".to_string()),
    };
    let (code, bytes) = match result {
        Ok(v) => (0, v.to_string().into_bytes()),
        Err(e) => (1, e.into_bytes()),
    };
    STATE.with(|s| s.borrow_mut().output = bytes);
    code
}

/// A position as the page names it: a start and the moves since.
struct Request {
    start: Option<String>,
    moves: Vec<String>,
    flipped: bool,
}

impl Request {
    fn read(text: &str) -> Result<Request, String> {
        let v: Value = serde_json::from_str(text).map_err(|e| format!("request: {e}"))?;
        let moves: Vec<String> = match v.get("moves") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(list)) if list.len() <= MAX_MOVES => list
                .iter()
                .map(|m| m.as_str().map(String::from))
                .collect::<Option<_>>()
                .ok_or("`moves` must be a list of strings")?,
            Some(_) => {
                return Err(format!(
                    "`moves` must be a list of at most {MAX_MOVES} strings"
                ))
            }
        };
        Ok(Request {
            start: v.get("start").and_then(Value::as_str).map(String::from),
            moves,
            flipped: v.get("flipped").and_then(Value::as_bool).unwrap_or(false),
        })
    }

    fn start<'g>(&self, game: &'g Game) -> Result<Position<'g>, String> {
        match &self.start {
            None => Ok(Position::start(game)),
            Some(text) => fen::parse(game, text).map_err(|e| format!("FEN: {e}")),
        }
    }

    /// The position after the moves (each in coordinates or in SAN), the
    /// record of the positions played, and the moves.
    fn replay<'g>(&self, game: &'g Game) -> Result<(Position<'g>, Record, Vec<Move>), String> {
        let mut pos = self.start(game)?;
        let mut record = Record::new(&pos);
        let mut moves = Vec::new();
        for (i, text) in self.moves.iter().enumerate() {
            let mv = san::parse(&pos, text).map_err(|e| format!("move {}: {e}", i + 1))?;
            pos.play(mv).map_err(|e| format!("move {}: {e}", i + 1))?;
            record.push(&pos);
            moves.push(mv);
        }
        Ok((pos, record, moves))
    }
}

/// Each move of the request in the game's own notation (SAN where it names
/// none), as played from its start, as the studio's move list writes it.
fn noted(game: &Game, request: &Request, moves: &[Move]) -> Result<Vec<String>, String> {
    let mut pos = request.start(game)?;
    let mut out = Vec::with_capacity(moves.len());
    for mv in moves {
        out.push(own::format(&pos, mv));
        pos.make(*mv);
    }
    Ok(out)
}
