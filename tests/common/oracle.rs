//! Chess move lists and perft counts from cozy-chess, an independent move
//! generator, written the way Tessera writes them.

use cozy_chess::{Board, File, Move, Piece, Square};

/// The UCI text of `mv`, with castling as the king's two-square move (cozy-chess
/// writes it as the king taking its own rook).
fn standard(board: &Board, mv: Move) -> String {
    let castles = board.piece_on(mv.from) == Some(Piece::King)
        && board.color_on(mv.to) == Some(board.side_to_move());
    if castles {
        let file = if mv.to.file() > mv.from.file() {
            File::G
        } else {
            File::C
        };
        return format!("{}{}", mv.from, Square::new(file, mv.from.rank()));
    }
    mv.to_string()
}

fn moves(board: &Board) -> Vec<(String, Move)> {
    let mut out = Vec::new();
    board.generate_moves(|piece_moves| {
        out.extend(piece_moves.into_iter().map(|m| (standard(board, m), m)));
        false
    });
    out
}

/// The board after playing `line` (UCI moves separated by spaces) from `fen`.
fn board_after(fen: &str, line: &str) -> Board {
    let mut board = Board::from_fen(fen, false).expect("cozy-chess reads the FEN");
    for text in line.split_whitespace() {
        let mv = moves(&board)
            .into_iter()
            .find(|(t, _)| t == text)
            .unwrap_or_else(|| panic!("cozy-chess: `{text}` is not legal"))
            .1;
        board.play(mv);
    }
    board
}

/// The sorted legal moves after playing `line` from `fen`.
pub fn legal_moves(fen: &str, line: &str) -> Vec<String> {
    let mut names: Vec<String> = moves(&board_after(fen, line))
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    names.sort();
    names
}

fn perft(board: &Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    moves(board)
        .into_iter()
        .map(|(_, m)| {
            let mut next = board.clone();
            next.play_unchecked(m);
            perft(&next, depth - 1)
        })
        .sum()
}

/// `MOVE: COUNT` for each root move after playing `line` from `fen`, sorted by
/// move, as `perft --divide` prints them.
pub fn divide(fen: &str, line: &str, depth: u32) -> Vec<String> {
    let board = board_after(fen, line);
    let mut rows: Vec<String> = moves(&board)
        .into_iter()
        .map(|(t, m)| {
            let mut next = board.clone();
            next.play_unchecked(m);
            format!("{t}: {}", perft(&next, depth - 1))
        })
        .collect();
    rows.sort();
    rows
}
