//! Legal moves of chosen positions: each `positions/*.txt` names a game, a position
//! (`fen:` or, for any board, `position:` in Tessera's general notation; neither
//! means the start position) and optionally moves to play from it, says in its first comment which rule it pins,
//! and gives the hand-counted number of legal moves (`count:`). The snapshot is the
//! sorted list `tessera moves` prints.
//!
//! Every list was checked by hand, piece by piece (the fixture's comment says how
//! the count comes about). For chess positions the test also compares the list,
//! and `perft 2 --divide`, with cozy-chess, an independent move generator.

mod common;

use common::{leading_comment, oracle, stdout_of, Fixture};

#[test]
fn legal_moves_of_positions() {
    insta::glob!("positions", "*.txt", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let what = leading_comment(&text);
        assert!(what.starts_with("Pins: "), "{path:?}: say what it pins");
        let fx = Fixture::parse(&text);

        let mut args = vec!["moves", fx.game.as_str()];
        args.extend(fx.position_args());
        let list = stdout_of(&args);
        let printed: Vec<&str> = list.lines().collect();
        assert_eq!(printed.len(), fx.count, "{path:?}: hand count\n{list}");
        let mut sorted = printed.clone();
        sorted.sort_unstable();
        assert_eq!(printed, sorted, "the list is sorted");

        if let (true, Some(fen)) = (fx.game == "games/chess.game", &fx.fen) {
            let line = fx.moves.as_deref().unwrap_or("");
            let oracle = oracle::legal_moves(fen, line);
            assert_eq!(printed, oracle, "{path:?}: tessera vs cozy-chess");
            // One ply deeper, move by move.
            let mut args = args.clone();
            args[0] = "perft";
            args.insert(2, "2");
            args.push("--divide");
            let divide = stdout_of(&args);
            let rows: Vec<&str> = divide.lines().take_while(|l| !l.is_empty()).collect();
            assert_eq!(rows, oracle::divide(fen, line, 2), "{path:?}: perft 2");
        }

        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => name, description => what }, {
            insta::assert_snapshot!(list);
        });
    });
}
