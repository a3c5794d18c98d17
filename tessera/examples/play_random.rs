//! A program that uses Tessera as a library, through its public API only:
//! it compiles a rule file, then plays a game between the search and a
//! random mover, printing each move and the result.
//!
//!     cargo run -p tessera --example play_random -- games/chess.game

use tessera::{
    compile_file, legal_moves, status_in_game, Limits, Position, Record, Searcher, Side, Status,
};

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "games/chess.game".into());
    let game = match compile_file(&path) {
        Ok(game) => game,
        Err(e) => {
            eprint!("{e}");
            std::process::exit(1);
        }
    };
    let mut pos = Position::start(&game);
    let mut record = Record::new(&pos);
    let mut searcher = Searcher::new(&game, 16);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    // A small linear congruential generator: reproducible, no dependency.
    let mut seed: u64 = 7;
    for ply in 0..200 {
        if let Status::Over { winner, reason, .. } = status_in_game(&mut pos, &record) {
            let who = match winner {
                Some(Side::White) => "White wins",
                Some(Side::Black) => "Black wins",
                None => "Draw",
            };
            println!("{who} ({reason:?}) after {ply} plies");
            return;
        }
        let mv = if pos.side_to_move() == Side::White {
            searcher
                .search(&mut pos, &record, &limits, |_| {})
                .unwrap()
                .pv[0]
        } else {
            let moves = legal_moves(&mut pos);
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            moves[(seed >> 33) as usize % moves.len()]
        };
        println!("{}. {}", ply / 2 + 1, mv.text(&game));
        pos.make(mv);
        record.push(&pos);
    }
    println!("No result after 200 plies: {pos}");
}
