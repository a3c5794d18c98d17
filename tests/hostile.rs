//! Hostile input: inputs that once crashed Tessera, hung it or exhausted its
//! memory, each with the answer it must give now. The first ones came from
//! fuzzing; the rest probe the limits of `src/limits.rs`.

use tessera::compile_str;
use tessera::notation::{fen, position};

fn chess() -> tessera::Game {
    compile_str(include_str!("../games/chess.game")).unwrap()
}

#[test]
fn a_fen_rank_with_an_enormous_run_of_empty_cells_is_an_error() {
    let game = chess();
    let fen = format!("{}B//\u{4}f/////", "3".repeat(90));
    assert!(fen::parse(&game, &fen).is_err());
}

#[test]
fn hostile_positions_are_errors_not_panics() {
    let game = chess();
    for text in [
        "",
        ",",
        "K",
        "Kz9",
        "Ke1:",
        "Ke1:300",
        "K@",
        "K@nowhere",
        "Ke1,Ke1",
        "- x",
    ] {
        assert!(position::parse(&game, text).is_err(), "{text:?}");
    }
}

#[test]
fn a_misspelt_keyword_after_a_multibyte_character_is_an_error() {
    // Found by the rule_file target: the word was cut inside the character
    // before it.
    let src = "#\u{7ac}e4\npoloacke9up whit$\u{2}\0\0\0\0\0\0poolacKing d4\n";
    let errors = compile_str(src).unwrap_err();
    assert!(!errors.0.is_empty());
    let text = "x\u{7ac}setu\n";
    assert!(compile_str(text).is_err());
}

// Part two (issue 13): every resource bounded, every limit enforced. Each case
// runs the CLI in-process, on a test thread's small stack, within a time limit,
// and pins what it prints.

mod common;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

/// A board of 8 x 8 with the four orthogonal directions, for generated files.
const BOARD: &str = "grid file a..h rank 1..8\ndirection n (0, 1) e (1, 0) s (0, -1) w (-1, 0)\n";

/// Writes `text` to `name` in a scratch folder, runs `tessera ARGS` with `FILE`
/// replaced by its path, and returns the exit status and what was printed, with
/// the folder left out of paths. Fails past `seconds`.
#[track_caller]
fn run(name: &str, text: &str, args: &[&str], seconds: u64) -> String {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let path = path.to_string_lossy().into_owned();
    let args: Vec<&str> = args
        .iter()
        .map(|a| if *a == "FILE" { path.as_str() } else { a })
        .collect();
    let started = Instant::now();
    let out = common::tessera(&args);
    let took = started.elapsed();
    assert!(took < Duration::from_secs(seconds), "{name}: {took:?}");
    let prefix = format!("{}/", dir.to_string_lossy());
    format!("exit {}\n{}{}", out.exit_code(), out.stdout, out.stderr()).replace(&prefix, "")
}

/// Two walkers, one per side, each going round its own ring of cells with
/// `step round`: one move per ply for ever.
const RINGS: &str = include_str!("data/rings.game");

#[test]
fn perft_to_a_huge_depth_does_not_overflow_the_stack() {
    // Each ply has one move, so the count is 1 at any depth; the walk is
    // 50,000 plies deep, far past what recursion on a test thread survives.
    let report = run("rings.game", RINGS, &["perft", "FILE", "50000"], 20);
    insta::assert_snapshot!(report, @r"
    exit 0
    Nodes searched: 1
    ");
    let report = run(
        "rings.game",
        RINGS,
        &["perft", "FILE", "4000", "--divide"],
        20,
    );
    insta::assert_snapshot!(report, @r"
    exit 0
    a1b1: 1

    Nodes searched: 1
    ");
}

#[test]
fn a_movement_of_ten_thousand_legs_is_refused() {
    // 30,000 words: within the limit of a statement, past the limit of legs.
    let legs = ["step n", "step s"].repeat(5_000).join(" then ");
    let text = format!("game \"Legs\"\n{BOARD}piece Walker W\n  {legs}\nsetup white Walker a1\n");
    let report = run("legs.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report.chars().take(400).collect::<String>());
}

#[test]
fn a_movement_at_the_leg_limit_is_played() {
    // 1,024 legs back and forth: the walker's paths end where they start, and
    // a path of 1,024 legs is followed without exhausting the stack.
    let legs = ["step n", "step s"].repeat(512).join(" then ");
    let text = format!(
        "game \"Legs\"\n{BOARD}piece Walker W\n  {legs}\n  step n\nsetup white Walker a1\n"
    );
    let report = run("legs.game", &text, &["perft", "FILE", "1"], 10);
    insta::assert_snapshot!(report, @r"
    exit 0
    Nodes searched: 1
    ");
}

#[test]
fn a_syntax_error_before_a_final_lone_carriage_return_is_reported() {
    let text = "game \"x\"\ngrid file a..h rank 1..8\npiece\r";
    let report = run("cr.game", text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report, @r"
    exit 1
    cr.game:3:6: error: expected a name, found end of file
      |
    3 | piece
      |      ^
    ");
}

#[test]
fn more_than_255_pools_are_refused() {
    let pools: Vec<String> = (0..300).map(|i| format!("p{i}")).collect();
    let text = format!(
        "game \"Pools\"\n{BOARD}pool {}\npiece King K royal\n  step n\nsetup white King a1 black King h8\n",
        pools.join(" ")
    );
    let report = run("pools.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report);
}

#[test]
fn more_than_65536_movements_are_refused() {
    let text = format!(
        "game \"Movements\"\n{BOARD}piece Walker W\n{}setup white Walker a1\n",
        "  step n\n".repeat(65_537)
    );
    let report = run("movements.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report);
}

#[test]
fn move_numbers_that_would_wrap_are_refused() {
    let chess = "games/chess.game";
    let position = "Ke1,ke8 w - - 0 4294967295";
    let report = common::tessera(&["moves", chess, "--position", position]).stderr();
    insta::assert_snapshot!(report, @"error: --position: counter `4294967295` is larger than the limit, 1,000,000,000");
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 4294967296 1";
    let report = common::tessera(&["moves", chess, "--fen", fen]).stderr();
    insta::assert_snapshot!(report, @"error: --fen: FEN counter `4294967296` is larger than the limit, 1,000,000,000");
    // At the limit, the position is read and played.
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1000000000";
    let report = common::tessera(&["show", chess, "--fen", fen, "--moves", "e1e2 e8e7"]);
    assert!(
        report.stdout.contains("w - - 2 1000000001"),
        "{}",
        report.stdout
    );
}

#[test]
fn a_box_with_huge_coordinates_costs_only_its_cells() {
    let text = format!(
        "game \"Box\"\n{BOARD}zone far a1..h999999999\nremove h-999999999..h1\npiece King K royal\n  step n: to far\nsetup white King a1 black King h8\n"
    );
    let report = run("box.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report, @r#"
    exit 0
    box.game: ok: "Box", 63 cells, 1 piece kind, 1 legal move, 2 warnings
    box.game:4:10: warning: box `a1..h999999999` reaches past the board (along `rank` the board runs from 1 to 8); only its cells on the board count
      |
    4 | zone far a1..h999999999
      |          ^^^^^^^^^^^^^^
    box.game:5:8: warning: box `h-999999999..h1` reaches past the board (along `rank` the board runs from 1 to 8); only its cells on the board count
      |
    5 | remove h-999999999..h1
      |        ^^^^^^^^^^^^^^^
    "#);
}

#[test]
fn a_board_wider_than_26_files_has_no_fen() {
    // Castling rights would name file 28 by the character after `Z`.
    let text = "game \"Wide\"
grid file 1..30 rank a..h
direction e (1, 0) w (-1, 0) n (0, 1)
piece King K royal
  step e w n
piece Rook R
  slide e w n
castling King Rook along e w: king 2, rook beside
setup white King 15a, Rook 1a 28a black King 15h, Rook 1h 30h
";
    let report = run("wide.game", text, &["show", "FILE"], 10);
    let tail: Vec<&str> = report.lines().rev().take(3).collect();
    insta::assert_snapshot!(tail.join("\n"), @r"
    Position: R1a,K15a,R28a,r1h,k15h,r30h w 1a,15a,28a,1h,15h,30h - 0 1
    White to move, move 1
       1  2  3  4  5  6  7  8  9  10  11  12  13  14  15  16  17  18  19  20  21  22  23  24  25  26  27  28  29  30
    ");
    let report = run(
        "wide.game",
        text,
        &[
            "moves",
            "FILE",
            "--fen",
            "30/30/30/30/30/30/30/30 w - - 0 1",
        ],
        10,
    );
    insta::assert_snapshot!(report, @r"
    exit 2
    error: --fen: FEN cannot hold this game's board, pools, piece counters or first-move rights; use --position
    ");
}

#[test]
fn thousands_of_errors_on_long_lines_render_in_bounded_space() {
    let mut text = format!("game \"Errors\"\n{BOARD}piece King K\n");
    for i in 0..3000 {
        let _ = writeln!(text, "  step {}{i}", "q".repeat(300));
    }
    text.push_str("setup white King a1\n");
    let report = run("errors.game", &text, &["check", "FILE"], 10);
    // 100 errors of 4 lines, then one line counting the rest.
    assert_eq!(report.lines().count(), 1 + 4 * 100 + 1);
    assert!(report.len() < 100 * 1000, "{} bytes", report.len());
    let first: Vec<&str> = report.lines().take(5).collect();
    let last = report.lines().last().unwrap_or_default();
    insta::assert_snapshot!(format!("{}\n...\n{last}", first.join("\n")));
}

#[test]
fn a_hundred_thousand_character_unknown_name_is_reported_quickly() {
    let name = "q".repeat(100_000);
    let text = format!("game \"Name\"\n{BOARD}piece King K\n  step {name}\nsetup white King a1\n");
    let report = run("name.game", &text, &["check", "FILE"], 5);
    insta::assert_snapshot!(report);
}

#[test]
fn a_rule_file_over_the_size_limit_is_refused_unread() {
    let text = format!("game \"Big\"\n{BOARD}{}", "# padding\n".repeat(120_000));
    let report = run("big.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report, @r"
    exit 1
    big.game: error: the rule file has 1,200,084 bytes; the limit is 1,048,576
    ");
    let errors = tessera::compile_str(&text).unwrap_err();
    insta::assert_snapshot!(errors.to_string(), @"the rule file has 1,200,084 bytes; the limit is 1,048,576");
}

#[test]
fn leaps_of_many_offsets_are_linear_or_refused() {
    // 512 knight-like offsets, 8 images each: 4,096 images, the limit.
    let offsets: Vec<String> = (1..=32)
        .flat_map(|i| (0..16).map(move |j| format!("({}, {})", i + 32, j + 1)))
        .collect();
    let text = format!(
        "game \"Leaps\"\n{BOARD}piece Leaper L\n  leap {}\nsetup white Leaper a1\n",
        offsets.join(" ")
    );
    let report = run("leaps.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report, @r#"
    exit 0
    leaps.game: ok: "Leaps", 64 cells, 1 piece kind, 0 legal moves
    "#);
    // One more offset: past the limit.
    let text = text.replace("leap (", "leap (1, 2) (");
    let report = run("leaps.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report.lines().take(2).collect::<Vec<_>>().join("\n"));
    // 6,000 offsets: past the limit on offsets, refused before any image.
    let offsets: Vec<String> = (1..61)
        .flat_map(|i| (0..100).map(move |j| format!("({i}, {j})")))
        .collect();
    let text = format!(
        "game \"Leaps\"\n{BOARD}piece Leaper L\n  leap {}\nsetup white Leaper a1\n",
        offsets.join(" ")
    );
    let report = run("leaps.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report.lines().take(2).collect::<Vec<_>>().join("\n"));
}

#[test]
fn the_longest_statements_parse_on_a_small_stack() {
    // The grammar nests nothing, and its repetitions, lowering and checks are
    // loops: statements of as many words as the limit allows parse on a test
    // thread's stack.
    let most = tessera::limits::MAX_STATEMENT_TOKENS;
    let files = [
        format!(
            "game \"Long\"\n{BOARD}piece Walker W\n  step{}\nsetup white Walker a1\n",
            " n".repeat(most - 1)
        ),
        format!(
            "game \"Long\"\n{BOARD}group g ={}\npiece Walker W\n  step g\nsetup white Walker a1\n",
            " n".repeat(most - 3)
        ),
        format!(
            "game \"Long\"\n{BOARD}piece Walker W\n  step n\nsetup white Walker{}\n",
            " b2".repeat(most - 3)
        ),
    ];
    for text in &files {
        let out = run("longest.game", text, &["check", "FILE"], 10);
        assert!(
            out.starts_with("exit 1\n") || out.starts_with("exit 0\n"),
            "{out}"
        );
        assert!(!out.contains("words and symbols"), "{out}");
    }
}

#[test]
fn a_jumping_movement_of_a_thousand_legs_is_quick() {
    // Compiled into one leap table: the cells reached after each leg repeat
    // with a period of two once the walk has spread over the board.
    let legs = vec!["step n e s w"; 1000].join(" then ");
    let text = format!(
        "game \"Jumps\"\ngrid file a..p rank 1..16\ndirection n (0, 1) e (1, 0) s (0, -1) w (-1, 0)\npiece Walker W\n  {legs}: jumping\nsetup white Walker a1 black Walker p16\n"
    );
    let report = run("jumps.game", &text, &["perft", "FILE", "2"], 5);
    // After an even number of legs a walker reaches the 127 other cells of its
    // colour, the other walker's among them: White's 126 quiet moves, each
    // answered by Black's 127 (its capture of White's walker included), and one
    // capture that leaves Black nothing: 126 * 127 = 16,002.
    insta::assert_snapshot!(report, @r"
    exit 0
    Nodes searched: 16002
    ");
}

/// A board of 4,096 cells, the most, as 16 levels of 16 x 16, with one walker
/// whose only movement is `legs: jumping`.
fn walker_on_the_largest_board(legs: &str) -> String {
    format!(
        "game \"Jumps\"\ngrid level A..P file a..p rank 1..16\ndirection n (0, 0, 1) e (0, 1, 0) s (0, 0, -1) w (0, -1, 0)\npiece Walker W\n  {legs}: jumping\nsetup white Walker Aa1 black Walker Pp16\n"
    )
}

#[test]
fn a_jumping_movement_of_many_legs_on_the_largest_board_is_one_leap_table() {
    // Once followed leg by leg at every move: a hundred legs over 4,096 cells.
    // The cells reached repeat after some thirty legs, so the table is quick.
    let legs = vec!["step n e s w"; 100].join(" then ");
    let text = walker_on_the_largest_board(&legs);
    let report = run("jumps-large.game", &text, &["perft", "FILE", "2"], 10);
    // After an even number of legs a walker reaches the other 127 cells of its
    // level of its colour; the two walkers stand on different levels.
    insta::assert_snapshot!(report, @r"
    exit 0
    Nodes searched: 16129
    ");
}

#[test]
fn a_jumping_movement_too_costly_to_tabulate_is_refused() {
    // Legs that differ never repeat their cells, so every one of the thousand
    // legs is walked from every origin: far past the limit, refused quickly.
    let legs = common::unequal_legs(1000);
    let text = walker_on_the_largest_board(&legs);
    let report = run("jumps-costly.game", &text, &["check", "FILE"], 10);
    let first = report.lines().take(2).collect::<Vec<_>>().join("\n");
    insta::assert_snapshot!(first, @r"
    exit 1
    jumps-costly.game:5:16999: error: turning this `jumping` movement into a leap table visits more cells than the limit, 67,108,864
    ");
}

#[test]
fn an_en_passant_movement_of_too_many_paths_is_refused() {
    let text = format!(
        "game \"Passing\"\n{BOARD}piece Pawn P\n  slide n e then slide n e then slide n e: sets en passant\n  step n: capture, takes en passant\nsetup white Pawn a1 black Pawn b3\n"
    );
    let report = run("passing.game", &text, &["check", "FILE"], 10);
    insta::assert_snapshot!(report);
}

#[test]
fn statements_of_a_megabyte_are_refused_before_they_are_parsed() {
    // Past the limit on words in a statement, counted on the text, so the
    // parser never holds the tokens of a megabyte.
    let most = tessera::limits::MAX_RULE_FILE_BYTES;
    let fill = |head: &str, unit: &str, tail: &str| {
        let n = (most - head.len() - tail.len()) / unit.len();
        format!("{head}{}{tail}", unit.repeat(n))
    };
    let files = [
        fill(
            &format!("game \"Long\"\n{BOARD}piece Walker W\n  step"),
            " n",
            "\nsetup white Walker a1\n",
        ),
        fill(
            &format!("game \"Long\"\n{BOARD}group g ="),
            " n",
            "\npiece Walker W\n  step g\nsetup white Walker a1\n",
        ),
        fill(
            &format!("game \"Long\"\n{BOARD}piece Walker W\n  step n"),
            " then step n",
            "\nsetup white Walker a1\n",
        ),
        fill(
            &format!("game \"Long\"\n{BOARD}piece Walker W\n  step n\nsetup white Walker"),
            " a1",
            "\n",
        ),
    ];
    let mut report = String::new();
    for text in &files {
        assert!(text.len() <= most);
        let out = run("long.game", text, &["check", "FILE"], 5);
        report.extend(out.lines().take(2).map(|l| format!("{l}\n")));
    }
    insta::assert_snapshot!(report);
}

#[cfg(target_os = "linux")]
#[test]
fn free_castling_on_a_line_of_4095_cells_lists_its_castlings_in_linear_time() {
    // About 8.4 million castlings (the king stops on any cell before its
    // partner, the partner on any cell behind it). Tested one by one along
    // the path they took 40 s; decided once per stop, well under a second.
    let text = "game \"Free castling line\"
grid file 1..4095
direction e (1) w (-1)
piece King K royal
  step e w
piece Rook R
  step e w
castling King Rook along e: king 1.., rook behind
setup white King 3, Rook 4095 black King 1
";
    let cost = measured("free-castling.game", text, &["check", "FILE"]);
    assert_eq!(
        cheap("free castling", &cost),
        "exit 0\nfree-castling.game: ok: \"Free castling line\", 4095 cells, 2 piece kinds, 8370188 legal moves"
    );
    // The 8.4 million moves themselves take 134 MB; nothing else grows.
    assert!(cost.peak_mb < 200, "{} MB", cost.peak_mb);
}

// Part three (issue 21): costs that grew with a product of the input. Each
// case runs the binary itself, so that its time and memory are its own.

/// What a run of the binary printed and cost.
#[cfg(target_os = "linux")]
struct Cost {
    report: String,
    seconds: f64,
    peak_mb: u64,
}

/// Runs the `tessera` binary with `args` (`FILE` replaced by the path of
/// `text`, written as `name`), its address space capped at 2 GiB and its
/// processor time at 60 s, so that a regression fails the test, not the
/// machine; returns what it printed, and the processor time and peak
/// resident memory that `wait4` reports: its own, whatever else the machine
/// runs, where wall-clock time would count the other tests' too.
#[cfg(target_os = "linux")]
fn measured(name: &str, text: &str, args: &[&str]) -> Cost {
    use std::os::unix::process::CommandExt;
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-measured");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let out_path = dir.join(format!("{name}.out"));
    let out = std::fs::File::create(&out_path).unwrap();
    let path = path.to_string_lossy().into_owned();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_tessera"));
    command
        .args(
            args.iter()
                .map(|a| if *a == "FILE" { path.as_str() } else { a }),
        )
        .stdin(std::process::Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out);
    // SAFETY: setrlimit is async-signal-safe, and nothing else runs between
    // fork and exec.
    unsafe {
        command.pre_exec(|| {
            for (resource, most) in [(libc::RLIMIT_AS, 2 << 30), (libc::RLIMIT_CPU, 60)] {
                let limit = libc::rlimit {
                    rlim_cur: most,
                    rlim_max: most,
                };
                if libc::setrlimit(resource, &limit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        });
    }
    // Waited for below by wait4, which reports what the child used.
    #[allow(clippy::zombie_processes)]
    let pid = command.spawn().expect("the binary runs").id() as libc::pid_t;
    let peak = watch_peak(pid);
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value, and wait4 fills it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the child is ours and not yet waited for; std waits for it
    // only when asked.
    let waited = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(waited, pid, "{name}: wait4 failed");
    let time = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let seconds = time(usage.ru_utime) + time(usage.ru_stime);
    let exit = if libc::WIFEXITED(status) {
        format!("exit {}", libc::WEXITSTATUS(status))
    } else {
        format!("killed by signal {}", libc::WTERMSIG(status))
    };
    let printed = std::fs::read_to_string(&out_path).unwrap();
    let prefix = format!("{}/", dir.to_string_lossy());
    Cost {
        report: format!("{exit}\n{printed}").replace(&prefix, ""),
        seconds,
        peak_mb: peak.join().unwrap() / 1024,
    }
}

/// The peak resident memory, in kilobytes, of the binary the child `pid`
/// runs: the high-water mark of its memory after its `exec`, read from
/// /proc until it exits. Not wait4's `ru_maxrss`, which also holds what the
/// child had before its `exec`: a copy of this test process, whose memory
/// the tests running beside it grow.
fn watch_peak(pid: libc::pid_t) -> std::thread::JoinHandle<u64> {
    let status = format!("/proc/{pid}/status");
    std::thread::spawn(move || {
        let mut peak = 0;
        // The file lasts while the child runs, and as a zombie (without
        // its memory lines) until wait4 reaps it.
        while let Ok(text) = std::fs::read_to_string(&status) {
            let field = |name: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(name))
                    .map(str::trim)
            };
            if field("State:").is_some_and(|s| s.starts_with('Z')) {
                break;
            }
            if field("Name:") == Some("tessera") {
                let kb = field("VmHWM:").and_then(|v| v.trim_end_matches("kB").trim().parse().ok());
                peak = peak.max(kb.unwrap_or(0));
            }
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        peak
    })
}

/// The most processor time and memory a case below may take. Each takes
/// well under a second and 250 MB (docs/performance.md lists them); the
/// margin is for a slower machine. Before issue 21 each took from 5 s to hours, or more
/// memory than the machine had.
#[cfg(target_os = "linux")]
const MOST_SECONDS: f64 = 2.0;
#[cfg(target_os = "linux")]
const MOST_MB: u64 = 400;

/// The first two lines of `cost`'s report, after checking its cost.
#[cfg(target_os = "linux")]
#[track_caller]
fn cheap(name: &str, cost: &Cost) -> String {
    assert!(
        cost.seconds < MOST_SECONDS && cost.peak_mb < MOST_MB,
        "{name}: {:.2} s, {} MB\n{}",
        cost.seconds,
        cost.peak_mb,
        cost.report.chars().take(1000).collect::<String>()
    );
    cost.report.lines().take(2).collect::<Vec<_>>().join("\n")
}

/// A board of 4,096 cells, the most, as 16 levels of 16 x 16.
const LARGEST: &str = "grid level A..P file a..p rank 1..16\ndirection n (0, 0, 1) e (0, 1, 0) s (0, 0, -1) w (0, -1, 0)\n";

/// `head`, then as many statements from `unit(i)` as fit in a rule file of
/// the largest size with `tail`.
fn megabyte(head: &str, unit: impl Fn(usize) -> String, tail: &str) -> String {
    let most = tessera::limits::MAX_RULE_FILE_BYTES - tail.len();
    let mut text = head.to_string();
    for i in 0.. {
        let next = unit(i);
        if text.len() + next.len() > most {
            break;
        }
        text.push_str(&next);
    }
    text.push_str(tail);
    text
}

#[cfg(target_os = "linux")]
#[test]
fn a_chain_of_betza_legs_is_refused_before_its_paths_are_built() {
    // Each `a` multiplies the paths by eight: ten of them are 4 * 8^10 paths,
    // once built until memory ran out. They are counted first.
    let text = format!(
        "game \"Legs\"\n{BOARD}piece King K royal\n  betza \"aaaaaaaaaaW\"\nsetup white King a1 black King h8\n"
    );
    let cost = measured("betza-legs.game", &text, &["check", "FILE"]);
    insta::assert_snapshot!(cheap("betza-legs", &cost), @r"
    exit 1
    betza-legs.game:5:9: error: piece `King` with this Betza string has 536,870,912 movements; the limit is 65,536
    ");
    // Strings each within the limit, as many as a megabyte holds: they share
    // the compile's budget.
    let text = megabyte(
        &format!("game \"Legs\"\n{BOARD}piece King K royal\n"),
        |_| "  betza \"aaaW\"\n".into(),
        "setup white King a1 black King h8\n",
    );
    let cost = measured("betza-many.game", &text, &["check", "FILE"]);
    insta::assert_snapshot!(cheap("betza-many", &cost));
}

#[cfg(target_os = "linux")]
#[test]
fn jumping_movements_past_their_limit_share_the_budget_of_the_compile() {
    // Each of these movements visits just more cells than the limit of one
    // movement before it is refused: a third of a second each, 31 s for the
    // hundred before they shared one budget.
    let legs = common::unequal_legs(40);
    let movement = format!("  {}: jumping\n", legs);
    let text = format!(
        "game \"Jumps\"\n{LARGEST}piece Walker W\n{}setup white Walker Aa1 black Walker Pp16\n",
        movement.repeat(100)
    );
    let cost = measured("jumps-100.game", &text, &["check", "FILE"]);
    let first = cheap("jumps-100", &cost);
    insta::assert_snapshot!(first, @r"
    exit 1
    jumps-100.game:5:679: error: turning this `jumping` movement into a leap table visits more cells than the limit, 67,108,864
    ");
    // The second movement goes past the budget of the whole compile, and the
    // others are not composed at all.
    assert!(
        cost.report.contains(
            "jumps-100.game:6:679: error: compiling this rule file takes more work than the limit, 100,000,000 units"
        ),
        "{}",
        cost.report
    );
    assert!(
        !cost.report.contains("jumps-100.game:7:"),
        "{}",
        cost.report
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_box_up_to_a_far_cell_costs_only_the_cells() {
    // The box's volume is three billion coordinates; it holds seven cells.
    let text = "game \"Far\"
grid file a..c rank 1..3
cell far at a999999999
zone top a2..c999999999
direction n (0, 1)
piece Walker W
  step n: to top
setup white Walker a1..c999999999
";
    let cost = measured("far-box.game", text, &["show", "FILE"]);
    let tail: Vec<&str> = cost
        .report
        .lines()
        .filter(|l| l.starts_with("Position"))
        .collect();
    cheap("far-box", &cost);
    insta::assert_snapshot!(tail.join("\n"), @"Position: Wa1,Wb1,Wc1,Wa2,Wb2,Wc2,Wa3,Wb3,Wc3,Wfar w - - 0 1");
}

#[cfg(target_os = "linux")]
#[test]
fn twenty_thousand_unknown_names_cost_only_the_errors_shown() {
    // Each unknown name was compared with the 4,082 cells for its "did you
    // mean", though only the first hundred errors are shown: 15 s.
    let names: Vec<String> = (0..20_000)
        .map(|i| format!("{}{}x", (b'a' + (i % 26) as u8) as char, 1 + i % 157))
        .collect();
    let zones: String = names
        .chunks(100)
        .enumerate()
        .map(|(i, chunk)| format!("zone z{i} {}\n", chunk.join(" ")))
        .collect();
    let text = format!(
        "game \"Names\"\ngrid file a..z rank 1..157\ndirection n (0, 1)\npiece King K royal\n  step n\n{zones}setup white King a1 black King z157\n"
    );
    let cost = measured("names.game", &text, &["check", "FILE"]);
    let first = cheap("names", &cost);
    insta::assert_snapshot!(first, @r"
    exit 1
    names.game:6:9: error: unknown cell `a1x`; did you mean `a1`?
    ");
    let last = cost.report.lines().last().unwrap_or_default();
    insta::assert_snapshot!(last, @"names.game: 19,900 more errors not shown; the limit is 100");
}

#[cfg(target_os = "linux")]
#[test]
fn files_whose_work_multiplies_are_refused_within_the_budget() {
    let piece = "piece King K royal\n  step n\n";
    let setup = "setup white King Aa1 black King Pp16\n";
    let head = format!("game \"Work\"\n{LARGEST}");
    let files = [
        // A table per distinct leap, from every one of the 4,096 cells.
        (
            "leaps",
            megabyte(
                &format!("{head}piece Leaper L\n"),
                |i| format!("  leap only ({}, {}, {})\n", 1 + i / 1600, i / 40 % 40, i % 40),
                setup.replace("King", "Leaper").as_str(),
            ),
        ),
        // A box of the whole board, over and over, in zones and in setups.
        (
            "zone-boxes",
            megabyte(
                &head,
                |i| format!("zone z{i}{}\n", " Aa1..Pp16".repeat(1000)),
                &format!("{piece}{setup}"),
            ),
        ),
        (
            "setup-boxes",
            megabyte(
                &format!("{head}{piece}"),
                |_| format!("setup white King{}\n", " Aa1..Pp16".repeat(1000)),
                "",
            ),
        ),
        // Movements, each with a run from every cell for each side.
        (
            "movements",
            megabyte(
                &head,
                |i| format!("piece P{i} {}\n{}", char::from(b'A' + i as u8 % 26), "  step n\n".repeat(7000)),
                "setup white P0 Aa1\n",
            ),
        ),
        // Each movement generated from every cell, where pieces are dropped.
        (
            "drops",
            format!(
                "{head}pool hand\ncaptured to hand\nzone all Aa1..Pp16\ndrop hand -> all\npiece King K royal\n{}{setup}",
                "  step n\n".repeat(60_000)
            ),
        ),
        // Edges of boxes, millions, once looked for among all from each cell.
        (
            "links",
            megabyte(
                &head,
                |_| format!("link far {}\n", vec!["Aa1..Pp16 -> Aa1..Pp16"; 100].join(", ")),
                &format!("{piece}{setup}"),
            ),
        ),
        // Legs of 250 directions, a thousand a movement, whose paths are
        // counted leg by leg; once each direction's widest step was sought
        // over every cell at every leg. (From a cell no piece stands on, so
        // that the start position's moves, generated leg by leg over sets of
        // cells, cost nothing: this is the compile's cost.)
        (
            "legs",
            megabyte(
                &format!(
                    "{head}{}group all ={}\nzone corner Pp16\npiece King K royal\n",
                    (0..250)
                        .map(|i| format!("direction d{i} ({}, {}, {})\n", i % 7 - 3, i / 7 % 7 - 3, i / 49 + 1))
                        .collect::<String>(),
                    (0..250).map(|i| format!(" d{i}")).collect::<String>()
                ),
                |_| format!("  {}: from corner\n", vec!["step all"; 1000].join(" then ")),
                setup,
            ),
        ),
    ];
    let mut report = String::new();
    for (name, text) in &files {
        let file = format!("{name}.game");
        let cost = measured(&file, text, &["check", "FILE"]);
        report.push_str(&cheap(name, &cost));
        report.push('\n');
    }
    insta::assert_snapshot!(report);
}

#[cfg(target_os = "linux")]
#[test]
fn statements_given_many_times_cost_their_number_not_its_square() {
    // Each `layout intersections` looked for a `layout hexagons` among all
    // the others (1.6 s), each drop rule for all kinds among the rules that
    // list kinds (1.3 s); now they take a tenth of a second.
    let head = format!(
        "game \"Many\"\n{BOARD}piece King K royal\n  step n\nsetup white King a1 black King h8\n"
    );
    let files = [
        (
            "layouts",
            megabyte(&head, |_| "layout intersections\n".into(), ""),
        ),
        (
            "drop-rules",
            megabyte(
                &format!("{head}pool h\ncaptured to h\nzone a a1..h8\n"),
                |i| {
                    if i % 2 == 0 {
                        "drop h -> a\n"
                    } else {
                        "drop h King -> a\n"
                    }
                    .into()
                },
                "",
            ),
        ),
    ];
    let mut report = String::new();
    for (name, text) in &files {
        let cost = measured(&format!("{name}.game"), text, &["check", "FILE"]);
        // Tighter than the others: the square of these statements took
        // about a second and a half.
        assert!(cost.seconds < 0.75, "{name}: {:.2} s", cost.seconds);
        report.push_str(&cheap(name, &cost));
        report.push('\n');
    }
    insta::assert_snapshot!(report, @r#"
    exit 0
    layouts.game: ok: "Many", 64 cells, 1 piece kind, 1 legal move
    exit 0
    drop-rules.game: ok: "Many", 64 cells, 1 piece kind, 1 legal move
    "#);
}

// Part four (issue 35): Fairy-Stockfish's variants files. Reading one is
// linear in its bytes; each section is resolved once, from its parent's
// values kept until its last heir, and its rule file compiled once per text;
// every size the importer reads is bounded (src/import/limits.rs). Before,
// a chain of 20,000 sections took 90 s and 100,000 one-line sections 134 s.
// Each case runs the binary, capped and measured as above.

/// `count` sections, each the text `unit(i)`.
fn variants(count: usize, unit: impl Fn(usize) -> String) -> String {
    (0..count).map(unit).collect()
}

/// Runs `tessera import` on `text` (written as `NAME.ini`) into a fresh
/// folder; what it printed and cost, and the folder.
#[cfg(target_os = "linux")]
fn imported(name: &str, text: &str) -> (Cost, std::path::PathBuf) {
    let out = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("hostile-imported")
        .join(name);
    let _ = std::fs::remove_dir_all(&out);
    let cost = measured(
        &format!("{name}.ini"),
        text,
        &["import", "FILE", "--out", &out.to_string_lossy()],
    );
    (cost, out)
}

#[cfg(target_os = "linux")]
#[test]
fn files_of_too_many_sections_are_refused_whole() {
    // The two files found from outside: a chain of 20,000 sections, each
    // inheriting the one before (90 s), and 100,000 one-line sections (134 s).
    let chain = format!(
        "[v0:chess]\n{}",
        variants(19_999, |i| format!("[v{}:v{i}]\n", i + 1))
    );
    let (cost, out) = imported("chain-20000", &chain);
    insta::assert_snapshot!(cheap("chain-20000", &cost), @r"
    exit 1
    chain-20000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000
    ");
    assert!(!out.exists(), "nothing is written");
    let lines = variants(100_000, |i| format!("[s{i}:chess]\n"));
    let (cost, _) = imported("lines-100000", &lines);
    insta::assert_snapshot!(cheap("lines-100000", &cost), @r"
    exit 2
    error: lines-100000.ini: the file has 1,488,890 bytes; the limit is 1,048,576
    ");
    // Within the size, past the count.
    let lines = variants(100_000, |i| format!("[{i}]\n"));
    let (cost, _) = imported("short-100000", &lines);
    insta::assert_snapshot!(cheap("short-100000", &cost), @r"
    exit 1
    short-100000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000
    ");
}

#[cfg(target_os = "linux")]
#[test]
fn the_cost_of_an_import_is_linear_in_its_sections() {
    // Chains of 50 sections, each setting a value of its own so that every
    // rule file differs and is compiled: twice the sections cost twice the
    // time (before, 2,000 sections cost 2.9 times what 1,000 did, and 5,000
    // nine times).
    let chains = |count: usize| {
        variants(count, |i| match i % 50 {
            0 => format!("[c{i}:chess]\nnMoveRule = {}\n", 10 + i),
            _ => format!("[c{i}:c{}]\nnMoveRule = {}\n", i - 1, 10 + i),
        })
    };
    let (half, _) = imported("chains-500", &chains(500));
    let (full, _) = imported("chains-1000", &chains(1000));
    for (cost, count) in [(&half, 500), (&full, 1000)] {
        assert!(cost.report.starts_with("exit 0\n"), "{}", cost.report);
        assert_eq!(cost.report.matches(": written\n").count(), count);
        assert!(cost.peak_mb < 100, "{} MB", cost.peak_mb);
    }
    let ratio = full.seconds / half.seconds;
    assert!(
        ratio < 2.6,
        "500 sections: {:.2} s, 1,000: {:.2} s",
        half.seconds,
        full.seconds
    );
    // Sections whose rule files differ only in their names are compiled once:
    // 1,000 heirs of shogi, the built-in whose rule file compiles slowest.
    let same = variants(1000, |i| format!("[s{i}:shogi]\n"));
    let (cost, _) = imported("same-1000", &same);
    cheap("same-1000", &cost);
    assert_eq!(cost.report.matches(": written\n").count(), 1000);
}

#[cfg(target_os = "linux")]
#[test]
fn a_chain_deeper_than_the_limit_is_refused_from_there() {
    let chain = format!(
        "[v1:chess]\n{}",
        variants(99, |i| format!("[v{}:v{}]\n", i + 2, i + 1))
    );
    let (cost, out) = imported("deep-100", &chain);
    cheap("deep-100", &cost);
    assert!(out.join("v64.game").exists());
    assert!(!out.join("v65.game").exists());
    let refused: Vec<&str> = cost
        .report
        .lines()
        .filter(|l| l.contains("error:"))
        .take(2)
        .collect();
    insta::assert_snapshot!(refused.join("\n"), @r"
    deep-100.ini:65: error: [v65]: the section is 65 deep in a chain of inheritance within the file; the limit is 64
    deep-100.ini:66: error: [v66]: the section is 66 deep in a chain of inheritance within the file; the limit is 64
    ");
}

#[cfg(target_os = "linux")]
#[test]
fn parents_that_loop_come_later_or_are_missing_are_errors_at_their_lines() {
    // Fairy-Stockfish reads a parent only before its heirs, so a loop is
    // sections whose parents come after them.
    let text = "[a:b]\n[b:a]\n[c:c]\n[d:nowhere]\n[e:d]\n[f:chess]\n";
    let (cost, _) = imported("loops", text);
    cheap("loops", &cost);
    let errors: Vec<&str> = cost
        .report
        .lines()
        .filter(|l| l.contains("error:"))
        .collect();
    insta::assert_snapshot!(errors.join("\n"), @r"
    loops.ini:1: error: [a]: the parent `b` comes after it (line 2); Fairy-Stockfish reads a parent only before its heirs and ignores this section
    loops.ini:2: error: [b]: the parent `a` (line 1) is ignored by Fairy-Stockfish, and so is this section
    loops.ini:3: error: [c]: the section names itself as its parent; Fairy-Stockfish ignores it
    loops.ini:4: error: [d]: the parent `nowhere` does not exist (yet); Fairy-Stockfish ignores this section
    loops.ini:5: error: [e]: the parent `d` (line 4) is ignored by Fairy-Stockfish, and so is this section
    ");
    assert!(cost.report.contains("f: written"), "{}", cost.report);
}

#[cfg(target_os = "linux")]
#[test]
fn names_keys_and_values_past_their_limits_refuse_their_section() {
    let fine = "[fine:chess]\n";
    let text = [
        format!("[{}:chess]\n", "n".repeat(65)),
        format!("[long-key:chess]\n{} = 1\n", "k".repeat(65)),
        format!("[long-fen:chess]\nstartFen = {}\n", "8/".repeat(150_000)),
        format!(
            "[long-betza:chess]\ncustomPiece1 = a:{}\n",
            "fW".repeat(50_000)
        ),
        format!(
            "[many-keys:chess]\n{}",
            variants(1001, |i| format!("k{i} = 1\n"))
        ),
        // A key given again replaces its value, at any count.
        format!("[repeated:chess]\n{}", "nMoveRule = 20\n".repeat(20_000)),
        fine.to_string(),
    ]
    .concat();
    let (cost, out) = imported("sizes", &text);
    cheap("sizes", &cost);
    let errors: Vec<String> = cost
        .report
        .lines()
        .filter(|l| l.contains("error:"))
        .map(|l| l.chars().take(160).collect())
        .collect();
    insta::assert_snapshot!(errors.join("\n"), @r"
    sizes.ini:1: error: [nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn…]: the section's name has 65 bytes; the limit is 64
    sizes.ini:3: error: [long-key]: a key has 65 bytes; the limit is 64
    sizes.ini:5: error: [long-fen]: the value of `startFen` has 300,000 bytes; the limit is 1,024
    sizes.ini:7: error: [long-betza]: the value of `customPiece1` has 100,002 bytes; the limit is 1,024
    sizes.ini:1009: error: [many-keys]: the section has more than 1,000 keys; the limit is 1,000
    ");
    assert!(out.join("repeated.game").exists() && out.join("fine.game").exists());
}

#[cfg(target_os = "linux")]
#[test]
fn long_lines_and_many_ignored_lines_cost_their_length() {
    // A comment of 500 kB, and 30,000 lines that Fairy-Stockfish ignores,
    // each a warning: the first thousand are kept, the rest counted.
    let text = format!(
        "[a:chess]\n#{}\n{}[b:a]\n",
        "x".repeat(500_000),
        "no equals sign\n".repeat(30_000)
    );
    let (cost, out) = imported("lines", &text);
    cheap("lines", &cost);
    assert!(out.join("b.game").exists());
    let last = cost.report.lines().last().unwrap_or_default();
    insta::assert_snapshot!(last, @"lines.ini: 29,000 more warnings and errors not shown; the limit is 1,000");
}

#[cfg(target_os = "linux")]
#[test]
fn numbers_out_of_range_and_garbage_are_warnings_or_refusals() {
    let text = format!(
        "[big:chess]\nmaxFile = 99999999999999999999\nmaxRank = -5\n[n:chess]\nnMoveRule = 99999999999999999999999\nextinctionPieceCount = -99999\n[region:chess]\nflagRegion = {}\n[fen:chess]\nstartFen = {}\n",
        "a1 ".repeat(300),
        "8/".repeat(500)
    );
    let (cost, _) = imported("numbers", &text);
    let first = cheap("numbers", &cost);
    // Sections written beside the refused one: success.
    assert!(first.starts_with("exit 0\n"), "{}", cost.report);
    assert!(
        cost.report.contains("big: not written: a board of"),
        "{}",
        cost.report
    );
    // Every byte a header, key or value may hold, mixed.
    let garbage: String = (0..500_000u32)
        .map(|i| char::from(b"[]:=#;\n ab*-+~/0123456789kK"[(i * 7919 % 27) as usize]))
        .collect();
    let (cost, _) = imported("garbage", &garbage);
    let first = cheap("garbage", &cost);
    assert!(first.starts_with("exit 1\n"), "{}", cost.report);
}

#[cfg(target_os = "linux")]
#[test]
fn the_costliest_pieces_a_section_can_hold_compile_within_the_budget() {
    // Every custom piece and the king, each with the longest Betza notation
    // a value may hold, on the largest board: riders of every kind.
    let atoms = ["WW", "FF", "NN", "fW7", "bF5", "lN3", "mcKK", "vW3", "sN2"];
    let betza: String = (0..)
        .map(|i| atoms[i % atoms.len()])
        .scan(0, |len, atom| {
            *len += atom.len();
            (*len <= 1024).then_some(atom)
        })
        .collect();
    let letters = "acdefghijlmnostuvwxyz";
    let pieces: String = letters
        .chars()
        .enumerate()
        .map(|(i, c)| format!("customPiece{} = {c}:{betza}\n", i + 1))
        .collect();
    let text = format!(
        "[riders:chess]\nmaxFile = 12\nmaxRank = 10\n{pieces}king = k:{betza}\nstartFen = k11/12/12/12/12/12/12/12/12/11K w - - 0 1\n"
    );
    let (cost, out) = imported("riders", &text);
    cheap("riders", &cost);
    assert!(out.join("riders.game").exists(), "{}", cost.report);
}

#[cfg(target_os = "linux")]
#[test]
fn section_names_that_cannot_name_files_are_refused() {
    let names = [
        "../../escaped",
        "a b",
        "a/b",
        "a\\b",
        ".hidden",
        "con",
        "LPT1.x",
        "small",
        "Small",
    ];
    let text: String = names.iter().map(|n| format!("[{n}:chess]\n")).collect();
    let (cost, out) = imported("names", &text);
    cheap("names", &cost);
    let written: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, ["small.game"]);
    assert!(!out.join("../../escaped.game").exists());
    insta::assert_snapshot!(cost.report, @r"
    exit 0
    ../../escaped: not written: the name `../../escaped` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    a b: not written: the name `a b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    a/b: not written: the name `a/b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    a\b: not written: the name `a\b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    .hidden: not written: the name `.hidden` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    con: not written: the name `con` is a device's on Windows and cannot name a file
    LPT1.x: not written: the name `LPT1.x` is a device's on Windows and cannot name a file
    small: written
    Small: not written: the name differs from `small`'s (line 8) only in case: their rule files would be one where file names ignore case
    written 1 of 9 sections, refused 8
    names.ini:1: error: [../../escaped]: the name `../../escaped` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    names.ini:2: error: [a b]: the name `a b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    names.ini:3: error: [a/b]: the name `a/b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    names.ini:4: error: [a\b]: the name `a\b` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    names.ini:5: error: [.hidden]: the name `.hidden` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)
    names.ini:6: error: [con]: the name `con` is a device's on Windows and cannot name a file
    names.ini:7: error: [LPT1.x]: the name `LPT1.x` is a device's on Windows and cannot name a file
    names.ini:9: error: [Small]: the name differs from `small`'s (line 8) only in case: their rule files would be one where file names ignore case
    ");
}

#[cfg(target_os = "linux")]
#[test]
fn the_front_ends_that_read_variants_files_refuse_hostile_ones_quickly() {
    let chain = format!(
        "[v0:chess]\n{}",
        variants(19_999, |i| format!("[v{}:v{i}]\n", i + 1))
    );
    // A file within the bounds whose every section compiles: the front ends
    // load it and wait for their input, which is empty.
    let many = variants(300, |i| format!("[s{i}:chess]\nnMoveRule = {}\n", 10 + i));
    let mut report = String::new();
    for args in [&["uci", "FILE"][..], &["xboard", "FILE"], &["test", "FILE"]] {
        for (name, text) in [("chain-20000.ini", &chain), ("many-300.ini", &many)] {
            let cost = measured(name, text, args);
            assert!(
                cost.seconds < 10.0 && cost.peak_mb < MOST_MB,
                "{args:?} {name}: {:.2} s, {} MB",
                cost.seconds,
                cost.peak_mb
            );
            let first = cost.report.lines().take(2).collect::<Vec<_>>().join(" / ");
            report.push_str(&format!("{} {name}: {}\n", args[0], first.trim_end()));
        }
    }
    insta::assert_snapshot!(report, @r"
    uci chain-20000.ini: exit 1 / chain-20000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000
    uci many-300.ini: exit 0
    xboard chain-20000.ini: exit 1 / chain-20000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000
    xboard many-300.ini: exit 0
    test chain-20000.ini: exit 1 / chain-20000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000
    test many-300.ini: exit 0 /
    ");
    // The studio reads it as it starts.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-measured");
    let path = dir.join("chain-20000.ini").to_string_lossy().into_owned();
    let started = Instant::now();
    let err = tessera_cli::serve::library::Library::scan(&[path])
        .err()
        .expect("refused");
    assert!(started.elapsed() < Duration::from_secs(5));
    assert!(err.ends_with("chain-20000.ini:1001: error: the file has more than 1,000 sections (this is section 1,001); the limit is 1,000"), "{err}");
}

// Part five (issue 35): numbers past their limits. Every number of a rule file
// is read in one place (`limits::read_number`) and refused there with its
// line and column, so none wraps, is cut, or turns into another number later.
// The first two were found from outside: `i64::MIN` slipped past a guard whose
// `abs()` wrapped, panicking in one case and compiling a piece that never
// moved east in the other.

/// A small game with `statement` added before its setup, as `check` reports it.
#[track_caller]
fn check_with(name: &str, statement: &str) -> String {
    let text = format!(
        "game \"Numbers\"\n{BOARD}piece King K royal\n  step n e s w\n{statement}\nsetup white King a1 black King h8\n"
    );
    run(name, &text, &["check", "FILE"], 10)
}

#[test]
fn the_smallest_64_bit_number_in_a_leap_or_a_direction_is_refused() {
    insta::assert_snapshot!(check_with("leap-around.game", "piece Leaper L\n  leap around (-9223372036854775808, 1)"), @r"
    exit 1
    leap-around.game:7:16: error: number `-9223372036854775808` is out of range (a direction's or an offset's components: -4,096 to 4,096)
      |
    7 |   leap around (-9223372036854775808, 1)
      |                ^^^^^^^^^^^^^^^^^^^^
    ");
    let text = format!(
        "game \"East\"\n{}piece King K royal\n  step n e s w\nsetup white King a1 black King h8\n",
        BOARD.replace("e (1, 0)", "e (-9223372036854775808, 0)")
    );
    insta::assert_snapshot!(run("direction.game", &text, &["check", "FILE"], 10), @r"
    exit 1
    direction.game:3:23: error: number `-9223372036854775808` is out of range (a direction's or an offset's components: -4,096 to 4,096)
      |
    3 | direction n (0, 1) e (-9223372036854775808, 0) s (0, -1) w (-1, 0)
      |                       ^^^^^^^^^^^^^^^^^^^^
    ");
}

#[test]
fn every_kind_of_number_past_its_limit_is_refused_where_it_stands() {
    // Each place the grammar takes a number, with one past the limit: the
    // error names the number, at its own line and column.
    let too_big = [
        ("value", "piece Rook R value 1001\n  slide n"),
        ("negative-value", "piece Rook R value -9223372036854775809\n  slide n"),
        ("offset", "piece Leaper L\n  leap (4097, 0)"),
        ("leap-only", "piece Leaper L\n  leap only (1, -4097)"),
        ("slide-limit", "piece Rook R\n  slide n up to 4294967296"),
        ("hop-limit", "piece Cannon C\n  hop n up to 18446744073709551616"),
        ("within", "piece Cannon C\n  hop n: within 4294967297"),
        ("counter", "piece Clock C\n  counter t 0..4294967296 start 0\n  step n"),
        ("on-capture", "piece Clock C\n  counter t 0..9 start 9\n  on capture lower t by 99999999999\n  step n"),
        ("clock", "setup clock 4294967296"),
        ("move", "setup move 1000000001"),
        ("check-royals", "check when at most 4294967296 royals"),
        ("phase", "phase moves 1..4294967296: only King"),
        ("checked", "goal checked 4294967296 times loses"),
        ("repeated", "goal repeated 9223372036854775808 times draws"),
        ("goal-clock", "goal clock 4294967296 draws"),
        ("at-most", "goal at most 4294967296 King loses"),
        ("count-bonus", "count bonus black 1000001.5"),
    ];
    let mut report = String::new();
    for (name, statement) in too_big {
        let file = format!("{name}.game");
        let out = check_with(&file, statement);
        let first = out.lines().nth(1).unwrap_or_default();
        assert!(out.starts_with("exit 1\n"), "{name}: {out}");
        writeln!(report, "{first}").unwrap();
    }
    insta::assert_snapshot!(report);
}

#[test]
fn numbers_at_their_limits_are_read_as_written() {
    // A component of 4,096 leaves every board but is a number the file may
    // write.
    let out = check_with(
        "at-limits.game",
        "piece Leaper L value 1000\n  leap (4096, -4096)\n  step n\nsetup clock 1000000000",
    );
    assert!(out.starts_with("exit 0\n"), "{out}");
}

#[test]
fn a_board_full_of_pieces_of_the_largest_value_is_searched() {
    // The search adds values up in 32-bit hundredths of a point; a value of
    // a million overflowed it with two pieces.
    let text = format!(
        "game \"Heavy\"\n{BOARD}piece King K royal\n  step n e s w\npiece Gold G value 1000\n  step n e s w\npiece Lead L value -1000\n  step n e s w\n\
         setup white King a1, Gold b1..h2, Lead a3..h3 black King h8, Gold a7..g8, Lead a6..h6\n"
    );
    let out = run(
        "heavy.game",
        &text,
        &["bestmove", "FILE", "--depth", "3"],
        30,
    );
    assert!(
        out.starts_with("exit 0\n") && out.contains("bestmove "),
        "{out}"
    );
}

#[test]
fn an_axis_label_past_the_limit_is_refused_and_a_huge_one_within_it_counts_its_cells() {
    let text = |grid: &str| {
        format!(
            "game \"Labels\"\n{grid}\ndirection n (0, 1)\npiece King K royal\n  step n\nsetup white King a1 black King a2\n"
        )
    };
    insta::assert_snapshot!(run("label.game", &text("grid file a..h rank 1..99999999999999999999"), &["check", "FILE"], 10), @r"
    exit 1
    label.game:2:24: error: number `99999999999999999999` is out of range (a rule file's numbers: -1,000,000,000 to 1,000,000,000)
      |
    2 | grid file a..h rank 1..99999999999999999999
      |                        ^^^^^^^^^^^^^^^^^^^^
    ");
    let out = run(
        "labels.game",
        &text("grid file a..h rank 0..1000000000"),
        &["check", "FILE"],
        10,
    );
    assert!(
        out.contains("the grid has 8,000,000,008 cells; the limit is 4,096"),
        "{out}"
    );
}

#[test]
fn a_cell_name_with_a_coordinate_past_the_limit_is_no_cell() {
    let out = check_with(
        "cell-name.game",
        "zone far a-9223372036854775808 h9223372036854775807",
    );
    assert!(out.starts_with("exit 1\n"), "{out}");
    assert!(!out.contains("panicked"), "{out}");
}
