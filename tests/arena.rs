//! `tessera match`: engines play a series of games, Tessera the referee.

mod common;

use common::tessera;
use tessera_cli::arena::score_with_margin;

#[test]
fn the_search_beats_a_random_mover() {
    let out = tessera(&[
        "match",
        "games/gardner.game",
        "tessera",
        "random",
        "--games",
        "2",
        "--depth",
        "2",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert!(
        lines[0].starts_with("game 1: tessera (white) beat random (black), "),
        "{}",
        out.stdout
    );
    assert!(
        lines[1].starts_with("game 2: tessera (black) beat random (white), "),
        "{}",
        out.stdout
    );
    assert_eq!(
        lines[2],
        "tessera against random: +2 =0 -0, score 100.0% ± 0.0% (2 games)"
    );
}

#[test]
fn a_game_at_the_ply_cap_is_a_draw() {
    let out = tessera(&[
        "match",
        "games/chess.game",
        "random",
        "random",
        "--games",
        "1",
        "--max-plies",
        "4",
    ]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "game 1: random (white) drew with random (black), 4 plies",
            "random against random: +0 =1 -0, score 50.0% ± 0.0% (1 game)"
        ]
    );
    assert!(lines[2].starts_with("time used: random "), "{}", out.stdout);
}

#[test]
fn an_unknown_engine_is_a_usage_error() {
    let out = tessera(&["match", "games/chess.game", "stockfish", "random"]);
    assert_eq!(out.exit_code(), 2);
}

#[test]
fn the_margin_is_the_95_percent_interval_of_the_score() {
    // 15 wins, 2 draws, 3 losses: 80%; the variance of a game's points is
    // (15 * 0.2² + 2 * 0.3² + 3 * 0.8²) / 20 = 0.135, so the margin is
    // 1.96 * sqrt(0.135 / 20) = 0.1610.
    let (score, margin) = score_with_margin(15, 2, 3);
    assert!((score - 0.8).abs() < 1e-9);
    assert!((margin - 0.1610).abs() < 1e-3, "{margin}");
}

/// A log file of its own for one fake engine of one test.
fn log_path(name: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("tessera-arena-{name}-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path.to_string_lossy().into_owned()
}

/// The fake XBoard engine (tests/arena/fake_xboard.py) playing `moves`, with
/// more options after them.
fn fake(moves: &str, more: &str) -> String {
    format!("xboard:python3 tests/arena/fake_xboard.py --moves {moves} {more}")
}

fn lines_of(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn two_xboard_engines_play_fools_mate_and_the_referee_scores_it() {
    // White wants `usermove` and answers pings; Black answers in the old
    // style (`1. ... e7e5`) and does not ping.
    let (white_log, black_log) = (log_path("fool-w"), log_path("fool-b"));
    let white = fake(
        "f2f3,g2g4",
        &format!("--features usermove=1,ping=1 --log {white_log}"),
    );
    let black = fake("e7e5,d8h4", &format!("--old-style --log {black_log}"));
    let out = tessera(&[
        "match",
        "games/chess.game",
        &white,
        &black,
        "--games",
        "1",
        "--movetime",
        "1000",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let first = out.stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("game 1: xboard:")
            && first.contains(" lost to ")
            && first.ends_with(", 4 plies"),
        "{}",
        out.stdout
    );
    let w = lines_of(&white_log);
    // The handshake, the features accepted, a new game of normal chess (no
    // `variant` line), `st 1` for 1000 ms, no pondering, and the moves.
    assert_eq!(&w[..2], ["xboard", "protover 2"], "{w:?}");
    assert!(w.contains(&"accepted usermove".to_string()), "{w:?}");
    assert!(w.contains(&"accepted ping".to_string()), "{w:?}");
    assert!(
        w.contains(&"new".to_string()) && w.contains(&"st 1".to_string()),
        "{w:?}"
    );
    assert!(!w.iter().any(|l| l.starts_with("variant")), "{w:?}");
    assert!(w.contains(&"usermove e7e5".to_string()), "{w:?}");
    assert!(w.iter().any(|l| l.starts_with("ping ")), "{w:?}");
    let b = lines_of(&black_log);
    assert!(
        b.contains(&"f2f3".to_string()) && b.contains(&"g2g4".to_string()),
        "{b:?}"
    );
    assert!(
        !b.iter()
            .any(|l| l.starts_with("usermove") || l.starts_with("ping")),
        "{b:?}"
    );
}

#[test]
fn a_ten_rank_board_speaks_xboard_ranks_from_zero() {
    // XBoard numbers the ranks of xiangqi 0 to 9: the cannon on Tessera's h3
    // is its h2, the horse on h10 its h9. Unshifted, `h9g7` would name an
    // empty cell and lose.
    let black_log = log_path("xiangqi-b");
    let white = fake("h2e2,RESIGN", "--variants xiangqi");
    let black = fake("h9g7", &format!("--variants xiangqi --log {black_log}"));
    let out = tessera(&[
        "match",
        "games/xiangqi.game",
        &white,
        &black,
        "--games",
        "1",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    assert!(
        out.stdout.starts_with("game 1: ") && out.stdout.contains(", 2 plies (resigned)\n"),
        "{}",
        out.stdout
    );
    let b = lines_of(&black_log);
    assert!(b.contains(&"variant xiangqi".to_string()), "{b:?}");
    assert!(b.contains(&"h2e2".to_string()), "{b:?}");
}

#[test]
fn an_engine_that_offers_setboard_gets_the_opening_as_a_position() {
    let (with, without) = (log_path("setboard-1"), log_path("setboard-0"));
    let a = fake(
        "g1f3,RESIGN",
        &format!("--features setboard=1 --log {with}"),
    );
    let b = fake("b8c6", &format!("--log {without}"));
    let out = tessera(&[
        "match",
        "games/chess.game",
        &a,
        &b,
        "--games",
        "1",
        "--openings",
        "tests/arena/two-lines.txt",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let a = lines_of(&with);
    assert!(
        a.contains(
            &"setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2".to_string()
        ) || a.contains(
            &"setboard rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2".to_string()
        ),
        "{a:?}"
    );
    assert!(!a.contains(&"e2e4".to_string()), "{a:?}");
    let b = lines_of(&without);
    assert!(
        b.contains(&"e2e4".to_string()) && b.contains(&"e7e5".to_string()),
        "{b:?}"
    );
    assert!(!b.iter().any(|l| l.starts_with("setboard")), "{b:?}");
}

/// The one game's line of a match of `white` (a fake) against a resigning fake.
fn verdict(white: &str, extra: &[&str]) -> String {
    let black = fake("RESIGN", "");
    let mut args = vec!["match", "games/chess.game", white, &black, "--games", "1"];
    args.extend_from_slice(extra);
    let out = tessera(&args);
    assert!(out.result.is_ok(), "{:?}", out.result);
    out.stdout.lines().next().unwrap_or_default().to_string()
}

#[test]
fn an_illegal_move_loses_by_forfeit_with_its_reason() {
    let line = verdict(&fake("e2e5", ""), &[]);
    assert!(
        line.ends_with(", 0 plies (played `e2e5`, which is not legal here)"),
        "{line}"
    );
    assert!(line.contains(" lost to "), "{line}");
}

#[test]
fn an_engine_that_ends_loses_by_forfeit() {
    let line = verdict(&fake("CRASH", ""), &[]);
    assert!(
        line.contains(" lost to ") && line.contains("ended (exit status: 3) before `move`"),
        "{line}"
    );
}

#[test]
fn an_engine_that_never_answers_loses_after_its_time_and_the_slack() {
    // Twice its second a move, and 5 s.
    let line = verdict(&fake("SILENT", ""), &["--movetime", "1000"]);
    assert!(
        line.contains(" lost to ") && line.contains("gave no `move` within 7.0 s"),
        "{line}"
    );
}

#[test]
fn a_claim_the_rules_do_not_give_loses_and_resigning_loses() {
    let line = verdict(&fake("CLAIM:1-0_{White_mates}", ""), &[]);
    assert!(
        line.contains(" lost to ")
            && line.contains("claimed `1-0 {White mates}`, which the rules do not give"),
        "{line}"
    );
    let line = verdict(&fake("CLAIM:0-1_{White_resigns}", ""), &[]);
    assert!(
        line.contains(" lost to ") && line.contains("(resigned (`0-1 {White resigns}`))"),
        "{line}"
    );
    let line = verdict(&fake("RESIGN", ""), &[]);
    assert!(
        line.contains(" lost to ") && line.ends_with("(resigned)"),
        "{line}"
    );
}

#[test]
fn a_clock_is_given_as_level_time_and_otim_and_a_flag_falls() {
    let log = log_path("clock");
    let white = fake("e2e4,RESIGN", &format!("--log {log}"));
    let line = verdict(&white, &["--tc", "40/60+1"]);
    assert!(
        line.contains(" beat ") && line.ends_with(", 1 plies (resigned)"),
        "{line}"
    );
    let w = lines_of(&log);
    assert!(w.contains(&"level 40 1:00 1".to_string()), "{w:?}");
    assert!(
        w.contains(&"time 6000".to_string()) && w.contains(&"otim 6000".to_string()),
        "{w:?}"
    );
    // One second for the game, and a move that takes a second and a half.
    let line = verdict(&fake("SLEEP:1.5,e2e4", ""), &["--tc", "1"]);
    assert!(
        line.contains(" lost to ") && line.contains("lost on time"),
        "{line}"
    );
}

/// What a fake XBoard engine (White, against a resigning fake) is told of
/// the time with `options`: its `st`, `sd` and `level` lines.
fn time_told(name: &str, options: &[&str]) -> Vec<String> {
    let log = log_path(name);
    verdict(&fake("RESIGN", &format!("--log {log}")), options);
    lines_of(&log)
        .into_iter()
        .filter(|l| ["st ", "sd ", "level "].iter().any(|w| l.starts_with(w)))
        .collect()
}

/// The usage error of a match of a fake XBoard engine (`first` or second)
/// against `tessera` with `options`, and whether the fake ever started.
fn refused(name: &str, xboard_first: bool, options: &[&str]) -> (String, bool) {
    let log = log_path(name);
    let engine = fake("RESIGN", &format!("--log {log}"));
    let (first, second) = if xboard_first {
        (engine.as_str(), "tessera")
    } else {
        ("tessera", engine.as_str())
    };
    let mut args = vec!["match", "games/chess.game", first, second, "--games", "1"];
    args.extend_from_slice(options);
    let out = tessera(&args);
    assert_eq!(out.exit_code(), 2, "{options:?}: {}", out.stdout);
    (out.stderr(), std::path::Path::new(&log).exists())
}

#[test]
fn a_time_a_move_is_told_an_xboard_engine_as_st_in_whole_seconds() {
    assert_eq!(time_told("st2", &["--movetime", "2000"]), ["st 2"]);
    // Where no time is given, an XBoard engine's match is timed 1 s a move
    // (for both engines), the shortest `st` can say.
    assert_eq!(time_told("st-default", &[]), ["st 1"]);
    assert_eq!(
        time_told("sd", &["--depth", "3"]),
        ["sd 3", "level 0 10000 0"]
    );
}

#[test]
fn a_time_a_move_st_cannot_say_is_refused_before_any_game() {
    for (first, options, named) in [
        (true, &["--movetime", "250"][..], "`--movetime 250`"),
        (true, &["--movetime", "1500"][..], "`--movetime 1500`"),
        (false, &["--movetime", "100"][..], "`--movetime 100`"),
        (
            false,
            &["--movetime", "1000", "--second-movetime", "100"][..],
            "`--second-movetime 100`",
        ),
    ] {
        let (error, started) = refused("st-refused", first, options);
        assert!(
            error.contains(named) && error.contains("`st` counts whole seconds"),
            "{options:?}: {error}"
        );
        assert!(!started, "{options:?}: the engine was started");
    }
}

#[test]
fn a_clock_is_told_an_xboard_engine_as_level_with_minutes_seconds_and_the_exact_increment() {
    assert_eq!(
        time_told("level-inc", &["--tc", "4+0.04"]),
        ["level 0 0:04 0.04"]
    );
    assert_eq!(
        time_told("level-mps", &["--tc", "40/90+1.5"]),
        ["level 40 1:30 1.5"]
    );
    assert_eq!(time_told("level-sd", &["--tc", "300"]), ["level 0 5:00 0"]);
}

#[test]
fn a_clock_base_level_cannot_say_is_refused_before_any_game() {
    for (first, options, named) in [
        (true, &["--tc", "4.5+0.1"][..], "`--tc 4.5+0.1`"),
        (false, &["--tc", "0.5"][..], "`--tc 0.5`"),
        (
            false,
            &["--tc", "60", "--second-tc", "59.9"][..],
            "`--second-tc 59.9`",
        ),
    ] {
        let (error, started) = refused("level-refused", first, options);
        assert!(
            error.contains(named) && error.contains("whole seconds"),
            "{options:?}: {error}"
        );
        assert!(!started, "{options:?}: the engine was started");
    }
}

#[test]
fn an_engine_without_the_variant_cannot_start() {
    let out = tessera(&["match", "games/xiangqi.game", &fake("", ""), "random"]);
    assert_eq!(out.exit_code(), 2);
    assert!(
        out.stderr().contains("does not play the variant `xiangqi`"),
        "{}",
        out.stderr()
    );
    // Named otherwise, it does.
    let out = tessera(&[
        "match",
        "games/xiangqi.game",
        &fake("RESIGN", ""),
        "random",
        "--variant",
        "normal",
        "--games",
        "1",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
}

#[test]
fn each_opening_is_played_twice_with_the_colours_swapped() {
    let json = |args: &[&str]| {
        let mut all = vec![
            "match",
            "games/chess.game",
            "random",
            "random",
            "--games",
            "4",
            "--max-plies",
            "6",
            "--json",
        ];
        all.extend_from_slice(args);
        let out = tessera(&all);
        assert!(out.result.is_ok(), "{:?}", out.result);
        let v: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
        v["games"]
            .as_array()
            .expect("games")
            .iter()
            .map(|g| {
                (
                    g["first_side"].as_str().unwrap_or("").to_string(),
                    g["opening"].to_string(),
                )
            })
            .collect::<Vec<_>>()
    };
    let book = json(&["--openings", "tests/arena/two-lines.txt"]);
    assert_eq!(book[0].1, r#"["e2e4","e7e5"]"#);
    assert_eq!(book[1].1, book[0].1);
    assert_eq!(book[2].1, r#"["d2d4","d7d5","c2c4"]"#);
    assert_eq!(book[3].1, book[2].1);
    assert_eq!((book[0].0.as_str(), book[1].0.as_str()), ("white", "black"));
    let random = json(&["--random-plies", "4", "--seed", "7"]);
    assert_eq!(random[0].1, random[1].1);
    assert_eq!(random[2].1, random[3].1);
    assert_ne!(random[0].1, random[2].1);
    assert_eq!(random[0].1.matches(',').count(), 3, "{random:?}");
    assert_eq!(
        random,
        json(&["--random-plies", "4", "--seed", "7"]),
        "the seed decides"
    );
}

#[test]
fn time_controls_read_as_sessions_or_increments() {
    use std::time::Duration;
    use tessera_cli::arena::TimeControl;
    let tc = TimeControl::parse("40/60").expect("40/60");
    assert_eq!(
        (tc.moves, tc.base, tc.increment),
        (Some(40), Duration::from_secs(60), Duration::ZERO)
    );
    let tc = TimeControl::parse("60+0.5").expect("60+0.5");
    assert_eq!(
        (tc.moves, tc.base, tc.increment),
        (None, Duration::from_secs(60), Duration::from_millis(500))
    );
    for bad in ["", "0", "x", "0/60", "60+", "-1", "40/", "1e30"] {
        assert!(TimeControl::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_short_game_against_fairy_max() {
    let fairymax = "/usr/games/fairymax";
    if !std::path::Path::new(fairymax).exists() {
        eprintln!("skipped: {fairymax} is missing (Debian package fairymax)");
        return;
    }
    let out = tessera(&[
        "match",
        "games/chess.game",
        "tessera",
        &format!("xboard:{fairymax}"),
        "--games",
        "2",
        "--depth",
        "2",
        "--max-plies",
        "16",
        "--random-plies",
        "2",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let lines: Vec<&str> = out.stdout.lines().collect();
    // Both games reach the cap or a real end: no forfeit, no failure.
    for line in &lines[..2] {
        assert_eq!(line.matches('(').count(), 2, "{}", out.stdout);
    }
    assert!(
        lines[3].starts_with("time used: tessera "),
        "{}",
        out.stdout
    );
}

#[test]
fn a_session_counts_the_games_moves_the_opening_included() {
    // 2 moves in 60 s: White's first move after `e2e4` is the game's second,
    // which ends the session, so the clock White is told next holds about
    // two minutes, as XBoard's `level` counts.
    let log = log_path("session");
    let white = fake("g1f3,RESIGN", &format!("--log {log}"));
    let black = fake("b8c6", "");
    let out = tessera(&[
        "match",
        "games/chess.game",
        &white,
        &black,
        "--games",
        "1",
        "--tc",
        "2/60",
        "--openings",
        "tests/arena/two-lines.txt",
    ]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    let times: Vec<u64> = lines_of(&log)
        .iter()
        .filter_map(|l| l.strip_prefix("time ").and_then(|t| t.parse().ok()))
        .collect();
    assert_eq!(times.len(), 2, "{times:?}");
    assert_eq!(times[0], 6000);
    assert!((11_000..=12_000).contains(&times[1]), "{times:?}");
}
