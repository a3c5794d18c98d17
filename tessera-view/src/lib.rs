//! A position as the page sees it: the board's cells, the pieces on them and
//! in the pools, the legal moves (by their text in the game's notation and in
//! SAN, with the cells they join, so that clicks can find them), the state of
//! play and the position as text. The studio's server (`tessera serve`) and
//! the engine of exported pages (`tessera-wasm`) both answer their pages
//! with it, so the studio and an exported page see one and the same game.

use serde_json::{json, Value};
use tessera::engine::in_check;
use tessera::engine::outcome::{status_in_game, Status};
use tessera::engine::{Move, MoveKind, Position, Record};
use tessera::game::{code, kind_of, side_of, Code, Game, Kind, Side};
use tessera::notation::{fen, own, position, uci};

/// Everything the page draws and plays from one position; `record` holds the
/// positions of the game so far, `last` is the move that led to it, and
/// `flipped` turns the picture as Black sees it.
pub fn position_json(
    pos: &mut Position<'_>,
    record: &Record,
    last: Option<Move>,
    flipped: bool,
) -> Value {
    let game = pos.game();
    let mut listed: Vec<Value> = own::legal_moves_in(pos, pos.game().move_notation())
        .iter()
        .map(|(m, s)| move_json(pos, m, s))
        .collect();
    listed.sort_by(|a, b| a["text"].as_str().cmp(&b["text"].as_str()));
    let side = pos.side_to_move();
    json!({
        "title": game.title(),
        "axes": game.axis_names().collect::<Vec<_>>(),
        "cells": (0..game.cell_count() as u16).map(|c| json!({"name": game.cell_name(c), "coords": game.cell_coords(c)})).collect::<Vec<_>>(),
        "pieces": pieces_json(pos),
        "pools": pools_json(pos),
        "side_to_move": side.name(),
        "side_names": [game.side_name(Side::White), game.side_name(Side::Black)],
        "check": in_check(pos, side),
        "moves": listed,
        "status": status_json(status_in_game(pos, record)),
        "fen": fen::format(pos),
        "position": position::format(pos),
        "last": last.map(|m| json!({
            "from": cell_of(game, &m, m.origin()),
            "to": if m.kind() == MoveKind::Transfer { None } else { Some(game.cell_name(m.destination())) },
        })),
        "svg": board_svg(pos, last, flipped),
    })
}

/// The pieces on the board, each with its cell (and counter).
fn pieces_json(pos: &Position<'_>) -> Vec<Value> {
    let game = pos.game();
    (0..game.cell_count() as u16)
        .filter(|&c| pos.at(c) != 0)
        .map(|c| {
            let code = pos.at(c);
            let mut piece = piece_json(game, code);
            piece["cell"] = json!(game.cell_name(c));
            if game.kinds()[kind_of(code) as usize].has_counter() {
                piece["counter"] = json!(pos.state(c));
            }
            piece
        })
        .collect()
}

/// Each side's pools, each kind (and counter) with its count.
fn pools_json(pos: &Position<'_>) -> Vec<Value> {
    let game = pos.game();
    let mut pools = Vec::new();
    for (p, name) in game.pool_names().iter().enumerate() {
        for side in [Side::White, Side::Black] {
            let mut held: Vec<Value> = Vec::new();
            let mut last: Option<(Code, u8)> = None;
            for &(code, state) in pos.pool(p, side) {
                if last == Some((code, state)) {
                    let n = held.len() - 1;
                    let count = held[n]["count"].as_u64().unwrap_or(0);
                    held[n]["count"] = json!(count + 1);
                    continue;
                }
                last = Some((code, state));
                let mut piece = piece_json(game, code);
                piece["count"] = json!(1);
                if game.kinds()[kind_of(code) as usize].has_counter() {
                    piece["counter"] = json!(state);
                }
                held.push(piece);
            }
            pools.push(json!({"pool": name, "side": side.name(), "pieces": held}));
        }
    }
    pools
}

/// A piece as positions write it (`P`, `+p`), its side and its kind's name.
fn piece_json(game: &Game, code: Code) -> Value {
    let def = &game.kinds()[kind_of(code) as usize];
    let side = if def.is_neutral() {
        "neutral"
    } else {
        side_of(code).name()
    };
    json!({"piece": game.piece_text(code), "side": side, "kind": def.name()})
}

/// The picture of a piece in the legend and the chooser, in pixels.
const PICTURE_SIZE: f64 = 40.0;

/// Each kind of the game, as the page's legend, hover and chooser show it:
/// its name, its letter as positions write it (`N`, `+P`, `Q~`), how it
/// moves as `tessera show --pieces` says it, its value, whether it is royal,
/// and its pictures. A copy the compiler made (`Q~`) is marked `copy`: the
/// legend leaves it out, as `show --pieces` does, but a piece on the board
/// may be one.
pub fn kinds_json(game: &Game) -> Vec<Value> {
    game.kinds()
        .iter()
        .enumerate()
        .map(|(k, def)| {
            let picture = |side| tessera::svg::piece(game, code(k as Kind, side), PICTURE_SIZE);
            let pictures = if def.is_neutral() {
                json!({ "neutral": picture(Side::White) })
            } else {
                json!({ "white": picture(Side::White), "black": picture(Side::Black) })
            };
            json!({
                "kind": def.name(),
                "letter": game.piece_text(code(k as Kind, Side::White)),
                "moves": tessera::show::piece_moves(def),
                "value": def.value(),
                "royal": def.is_royal(),
                "copy": def.is_copy(),
                "pictures": pictures,
            })
        })
        .collect()
}

/// A legal move: its text, its SAN, and where it goes from and to for
/// clicks; a promotion names the kind it makes, for the chooser.
fn move_json(pos: &Position<'_>, m: &Move, san: &str) -> Value {
    let game = pos.game();
    let promotion = m
        .promotes_to()
        .map(|k| game.piece_text(code(k, pos.side_to_move())));
    let promotion_kind = m.promotes_to().and_then(|k| game.kind(k)).map(|d| d.name());
    let (pool, piece) = if m.is_from_pool() {
        (
            Some(game.pool_names()[m.origin() as usize].as_str()),
            m.pool_piece().map(|p| game.piece_text(p)),
        )
    } else {
        (None, None)
    };
    json!({
        "text": uci::format(game, m),
        "san": san,
        "from": cell_of(game, m, m.origin()),
        "to": if m.kind() == MoveKind::Transfer { None } else { cell_of(game, m, m.destination()) },
        "to_pool": (m.kind() == MoveKind::Transfer).then(|| game.pool_names()[m.destination() as usize].as_str()),
        "pool": pool,
        "piece": piece,
        "promotion": promotion,
        "promotion_kind": promotion_kind,
        "capture": pos.is_capture(m),
        "pass": m.kind() == MoveKind::Pass,
    })
}

/// The name of a cell a move leaves or reaches; none for a pool or a pass
/// without a royal piece.
fn cell_of<'g>(game: &'g Game, m: &Move, c: u16) -> Option<&'g str> {
    if m.is_from_pool() && c == m.origin() || c == tessera::engine::moves::NO_CELL {
        return None;
    }
    Some(game.cell_name(c))
}

/// The state of play: over or not, who won, and the result as text
/// (`White is checkmated; Black wins (0-1)`).
fn status_json(s: Status) -> Value {
    let Status::Over { winner, .. } = s else {
        return json!({"over": false});
    };
    let result = match winner {
        Some(Side::White) => "1-0",
        Some(Side::Black) => "0-1",
        None => "1/2-1/2",
    };
    let line = tessera::show::game_over_line(s).unwrap_or_default();
    let text = line.strip_prefix("Game over: ").unwrap_or(&line);
    json!({"over": true, "winner": winner.map(Side::name), "result": result, "text": format!("{text} ({result})")})
}

/// The picture of the board sent to the page: the library's SVG drawing
/// (`svg::draw`), whose `data-cell`, `data-piece` and `data-pool` attributes
/// the page's clicks use (the page marks a piece's legal destinations
/// itself, on top of the picture), the last move marked, turned as Black
/// sees it when `flipped`; without a caption, since the page writes the
/// state of play.
fn board_svg(pos: &Position<'_>, last: Option<Move>, flipped: bool) -> String {
    let options = tessera::svg::Options {
        last_move: last,
        flipped,
        caption: false,
        ..tessera::svg::Options::default()
    };
    tessera::svg::draw(pos, &options)
}
