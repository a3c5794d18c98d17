//! `tessera test`: expectation files beside rule files, as a variant designer
//! uses them. Each test works on a scratch copy of the tutorial's Guard Chess
//! (`docs/guard-chess.game`) with an expectation file written for it, so that
//! it may change the rules and write snapshots freely.

mod common;

use common::tessera;
use std::path::{Path, PathBuf};

const GUARD_CHESS: &str = include_str!("../docs/guard-chess.game");

/// Expectations that hold for Guard Chess as the tutorial writes it.
const GOOD: &str = "\
# Guard Chess, by hand: ten first moves, each answered by ten.
position opening = start then d2d3 d5d4
position mated = fen \"R2k2/6/3K2/6/6/6 b - - 0 1\"

perft start 1 10, 2 100, 3 1182
perft opening 1 11
moves opening
outcome start goes on
outcome mated white wins by checkmate
illegal start c1c2 no-such-move
illegal opening d1e2 no-such-move
";

/// A scratch folder holding `guard-chess.game` and `guard-chess.tests`.
struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(name: &str, tests: &str) -> Scratch {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("expect-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let s = Scratch { dir };
        s.write("guard-chess.game", GUARD_CHESS);
        s.write("guard-chess.tests", tests);
        s
    }

    fn write(&self, file: &str, text: &str) {
        std::fs::write(self.dir.join(file), text).unwrap();
    }

    fn path(&self, file: &str) -> String {
        self.dir.join(file).to_string_lossy().into_owned()
    }

    fn exists(&self, file: &str) -> bool {
        self.dir.join(file).exists()
    }

    /// Runs `tessera test ARGS...` on this folder; returns the exit status and
    /// what it printed, with the folder's path written `TMP`.
    fn test(&self, args: &[&str]) -> (i32, String) {
        let folder = self.dir.to_string_lossy().into_owned();
        let mut all = vec!["test", folder.as_str()];
        all.extend(args);
        let out = tessera(&all);
        let text = format!("{}{}", out.stdout, out.stderr());
        (out.exit_code(), text.replace(&folder, "TMP"))
    }

    /// The Guard loses its diagonal step (`c1d2` goes, and some counts with it).
    fn drop_the_guards_diagonal_step(&self) {
        self.edit_rules(
            "  step orthogonal\n  step diagonal\n",
            "  step orthogonal\n",
        );
    }

    /// Changes a line of the rule file.
    fn edit_rules(&self, from: &str, to: &str) {
        assert!(GUARD_CHESS.contains(from), "{from}");
        self.write("guard-chess.game", &GUARD_CHESS.replace(from, to));
    }
}

const MOVES_SNAPSHOT: &str = "snapshots/guard-chess__moves__opening.snap";

#[test]
fn first_run_writes_new_snapshots_as_pending_and_accept_makes_them_pass() {
    let s = Scratch::new("first-run", GOOD);
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1, "a new snapshot is not a pass: {out}");
    insta::assert_snapshot!(out, @r"
    ok      guard-chess: perft start 1
    ok      guard-chess: perft start 2
    ok      guard-chess: perft start 3
    ok      guard-chess: perft opening 1
    new     guard-chess: moves opening (written to TMP/snapshots/guard-chess__moves__opening.snap.new)
    ok      guard-chess: outcome start
    ok      guard-chess: outcome mated
    ok      guard-chess: illegal start c1c2 (no-such-move: no piece of the side to move moves so here)
    ok      guard-chess: illegal opening d1e2 (no-such-move: no piece of the side to move moves so here)

    8 passed, 0 failed, 1 new
    1 snapshot pending: `tessera test --review` to look at them, `--accept` to accept them all
    ");
    assert!(!s.exists(MOVES_SNAPSHOT));
    let pending = std::fs::read_to_string(s.path(&format!("{MOVES_SNAPSHOT}.new"))).unwrap();
    // The eleven moves of `tessera moves` after d2d3 d5d4, under a header.
    insta::assert_snapshot!(pending.replace(&s.path(""), "TMP/"), @r"
    # tessera snapshot: TMP/guard-chess.tests: moves opening
    a2a3
    b1a3
    b1c3
    b1d2
    b2b3
    c1d2
    c2c3
    d1d2
    e1f3
    e2e3
    f2f3
    ");

    let (code, out) = s.test(&["--accept"]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("accepted guard-chess: moves opening\n"),
        "{out}"
    );
    assert!(s.exists(MOVES_SNAPSHOT));
    assert!(!s.exists(&format!("{MOVES_SNAPSHOT}.new")));

    let (code, out) = s.test(&[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.ends_with("\n9 passed, 0 failed\n"), "{out}");
}

/// A scratch folder whose expectations all hold, snapshots accepted.
fn passing(name: &str) -> Scratch {
    let s = Scratch::new(name, GOOD);
    let (code, out) = s.test(&["--accept"]);
    assert_eq!(code, 0, "{out}");
    s
}

#[test]
fn a_changed_rule_fails_with_the_moves_added_and_removed() {
    let s = passing("changed-rule");
    // The Guard loses its diagonal step: c1d2 goes, and with it some counts.
    s.drop_the_guards_diagonal_step();
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out, @r"
    ok      guard-chess: perft start 1
    ok      guard-chess: perft start 2
    FAILED  guard-chess: perft start 3
        expected 1182 nodes, counted 1162
    FAILED  guard-chess: perft opening 1
        expected 11 nodes, counted 10
    FAILED  guard-chess: moves opening (the new text is in TMP/snapshots/guard-chess__moves__opening.snap.new)
        0 moves added, 1 removed
        - c1d2
    ok      guard-chess: outcome start
    ok      guard-chess: outcome mated
    ok      guard-chess: illegal start c1c2 (no-such-move: no piece of the side to move moves so here)
    ok      guard-chess: illegal opening d1e2 (no-such-move: no piece of the side to move moves so here)

    6 passed, 3 failed
    1 snapshot pending: `tessera test --review` to look at them, `--accept` to accept them all
    ");
    // The accepted snapshot is untouched until the new one is accepted.
    let accepted = std::fs::read_to_string(s.path(MOVES_SNAPSHOT)).unwrap();
    assert!(accepted.contains("c1d2\n"));
}

#[test]
fn a_position_the_changed_rules_cannot_reach_fails_only_its_own_checks() {
    let s = Scratch::new(
        "unreachable",
        "position opening = start then d2d3 d5d4\n\
         position guarded = opening then c1d2\n\
         position later = guarded then b5b4\n\
         perft start 1 10\n\
         perft guarded 1 11\n\
         moves opening\n\
         outcome later goes on\n",
    );
    let (code, out) = s.test(&["--accept"]);
    assert_eq!(code, 0, "{out}");
    // Without its diagonal step the Guard cannot go to d2: the positions built
    // through that move fail their checks, with the reason, and every other
    // check still runs, shows its difference and writes its pending snapshot.
    s.drop_the_guards_diagonal_step();
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out, @r"
    ok      guard-chess: perft start 1
    FAILED  guard-chess: perft guarded 1
        position `guarded` cannot be reached under these rules:
        TMP/guard-chess.tests:2:33: error: move 1: `c1d2` is not a legal move here
          |
        2 | position guarded = opening then c1d2
          |                                 ^^^^
    FAILED  guard-chess: moves opening (the new text is in TMP/snapshots/guard-chess__moves__opening.snap.new)
        0 moves added, 1 removed
        - c1d2
    FAILED  guard-chess: outcome later
        position `later` cannot be reached under these rules (it starts from `guarded`, which cannot):
        TMP/guard-chess.tests:2:33: error: move 1: `c1d2` is not a legal move here
          |
        2 | position guarded = opening then c1d2
          |                                 ^^^^

    1 passed, 3 failed
    1 snapshot pending: `tessera test --review` to look at them, `--accept` to accept them all
    ");
    assert!(s.exists(&format!("{MOVES_SNAPSHOT}.new")));
}

#[test]
fn accepting_a_changed_snapshot_leaves_the_other_failures_failing() {
    let s = passing("accept-changed");
    s.drop_the_guards_diagonal_step();
    let (code, out) = s.test(&["--accept"]);
    assert_eq!(code, 1, "the perft counts still fail: {out}");
    let accepted = std::fs::read_to_string(s.path(MOVES_SNAPSHOT)).unwrap();
    assert!(!accepted.contains("c1d2\n"));
    let (_, out) = s.test(&["--filter", "moves"]);
    assert_eq!(
        out,
        "ok      guard-chess: moves opening\n\n1 passed, 0 failed\n"
    );
}

/// Runs the binary's `tessera test --review` on the folder, answering `input`.
fn review(s: &Scratch, input: &str) -> (i32, String) {
    let folder = s.path("");
    let (code, out) = common::run_binary(&["test", &folder, "--review"], input);
    (code, out.replace(&folder, "TMP/"))
}

#[test]
fn review_asks_for_each_pending_snapshot() {
    let s = Scratch::new(
        "review",
        "position opening = start then d2d3 d5d4\nmoves opening\nmoves start\n",
    );
    // Reject the first, which stays unaccepted, accept the second.
    let (code, out) = review(&s, "r\na\n");
    assert_eq!(code, 1, "one snapshot is still missing: {out}");
    let tail = &out[out.find("[1/2]").expect("the review starts")..];
    insta::assert_snapshot!(tail, @r"
    [1/2] guard-chess: moves opening
    new snapshot:
        a2a3
        b1a3
        b1c3
        b1d2
        b2b3
        c1d2
        c2c3
        d1d2
        e1f3
        e2e3
        f2f3
    accept, reject or skip? [a/r/s] r

    [2/2] guard-chess: moves start
    new snapshot:
        a2a3
        b1a3
        b1c3
        b2b3
        c2c3
        d2d3
        e1d3
        e1f3
        e2e3
        f2f3
    accept, reject or skip? [a/r/s] a
    1 accepted, 1 rejected, 0 skipped
    ");
    assert!(!s.exists(MOVES_SNAPSHOT));
    assert!(!s.exists(&format!("{MOVES_SNAPSHOT}.new")));
    assert!(s.exists("snapshots/guard-chess__moves__start.snap"));

    // Skipping, or running out of answers, leaves the snapshot pending.
    let (code, out) = review(&s, "");
    assert_eq!(code, 1);
    assert!(out.contains("end of input: the rest stay pending"), "{out}");
    assert!(s.exists(&format!("{MOVES_SNAPSHOT}.new")));
    let (code, _) = review(&s, "a\n");
    assert_eq!(code, 0);
}

#[test]
fn a_bad_expectation_file_gets_located_errors() {
    let s = Scratch::new(
        "bad-file",
        "position opening = start then d2d3 d5d5\n\
         perft start 1 ten\n\
         outcome start white wins by mate\n\
         movs start\n\
         moves middle\n\
         text start \"unterminated\n",
    );
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out, @r#"
    FAILED  guard-chess: the expectation file has errors
        TMP/guard-chess.tests:2:15: error: expected a node count, found `ten`
          |
        2 | perft start 1 ten
          |               ^^^
        TMP/guard-chess.tests:3:29: error: unknown end `mate`: expected one of `checkmate`, `stalemate`, `bare`, `extinction`, `zone`, `checks`, `facing`, `passes`, `repetition`, `clock`, `material`
          |
        3 | outcome start white wins by mate
          |                             ^^^^
        TMP/guard-chess.tests:4:1: error: unknown statement `movs`: expected one of `position`, `perft`, `moves`, `show`, `text`, `outcome`, `illegal`; did you mean `moves`?
          |
        4 | movs start
          | ^^^^
        TMP/guard-chess.tests:6:12: error: unterminated string: a `"` is missing
          |
        6 | text start "unterminated
          |            ^^^^^^^^^^^^^

    0 passed, 1 failed
    "#);
    // Once the lines parse, the names and moves are checked against the game.
    s.write(
        "guard-chess.tests",
        "position opening = start then d2d3 d5d5\nmoves middle\nmoves opning\n",
    );
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out, @r"
    FAILED  guard-chess: the expectation file has errors
        TMP/guard-chess.tests:2:7: error: unknown position `middle`
          |
        2 | moves middle
          |       ^^^^^^
        TMP/guard-chess.tests:3:7: error: unknown position `opning`; did you mean `opening`?
          |
        3 | moves opning
          |       ^^^^^^

    0 passed, 1 failed
    ");
}

#[test]
fn exit_status_is_0_only_when_everything_passed() {
    let s = passing("exit-status");
    assert_eq!(s.test(&[]).0, 0);
    // A failed expectation.
    s.write(
        "guard-chess.tests",
        &format!("{GOOD}outcome opening white wins by checkmate\n"),
    );
    let (code, out) = s.test(&["--filter", "outcome"]);
    assert_eq!(code, 1);
    insta::assert_snapshot!(out, @r"
    ok      guard-chess: outcome start
    ok      guard-chess: outcome mated
    FAILED  guard-chess: outcome opening
        expected white wins by checkmate, but the game goes on

    2 passed, 1 failed
    ");
    // A move that is legal after all.
    s.write("guard-chess.tests", "illegal start d2d3\n");
    let (code, out) = s.test(&[]);
    assert_eq!(
        (code, out.lines().nth(1)),
        (1, Some("    `d2d3` is legal here"))
    );
    // Bad usage: a path that is no rule or expectation file, a filter that
    // matches nothing.
    let out = tessera(&["test", "README.md"]);
    assert_eq!(out.exit_code(), 2);
    assert_eq!(
        out.stderr(),
        "error: `README.md` is neither a folder, a rule file (`.game`), a variants file (`.ini`) nor an expectation file (`.tests`)\n"
    );
    let out = tessera(&["test", "games/no-such-game.tests"]);
    assert_eq!(out.exit_code(), 2);
    let out = tessera(&["test", "src"]);
    assert_eq!(
        out.stderr(),
        "error: the folder `src` holds no rule file (`.game`) and no expectation file (`.tests`)\n"
    );
    let (code, out) = s.test(&["--filter", "nothing-is-called-so"]);
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "error: --filter: no expectation is named like `nothing-is-called-so`\n"
    );
}

#[test]
fn a_rule_file_without_expectations_fails() {
    let s = passing("no-expectations");
    s.write("other.game", GUARD_CHESS);
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "FAILED  other: no expectations\n    `TMP/other.tests`: No such file or directory (os error 2)\n    every rule file gets expectations: write `TMP/other.tests`, or start one with `tessera test --init TMP/other.game`\n"
        ),
        "{out}"
    );
}

#[test]
fn init_starts_an_expectation_file_that_passes_once_its_snapshots_are_accepted() {
    let s = passing("init");
    s.write("other.game", GUARD_CHESS);
    let game = s.path("other.game");
    let out = tessera(&["test", "--init", &game]);
    assert!(out.result.is_ok(), "{:?}", out.result);
    assert!(out.stdout.starts_with("wrote `"), "{}", out.stdout);
    // The start's counts up to the last depth within a million nodes.
    assert_eq!(
        std::fs::read_to_string(s.path("other.tests")).unwrap(),
        "# Expectations of other.game: `tessera test other.game`.\n\
         # Started by `tessera test --init` from what the rules give now: review\n\
         # each line, then add the positions that matter to this game\n\
         # (docs/expectations.md).\n\n\
         perft start 1 10, 2 100, 3 1182, 4 13658, 5 175766\n\
         moves start\nshow start\noutcome start goes on\n"
    );
    // Its snapshots are new until reviewed; then it passes.
    assert_eq!(s.test(&[]).0, 1);
    assert_eq!(s.test(&["--accept"]).0, 0);
    assert_eq!(s.test(&[]).0, 0);
    // Never over a file that exists.
    let again = tessera(&["test", "--init", &game]);
    assert_eq!(again.exit_code(), 2);
    assert!(
        again.stderr().contains("exists already"),
        "{}",
        again.stderr()
    );
}

#[test]
fn big_perft_counts_wait_for_deep() {
    let s = Scratch::new("deep", "perft start 5 150000, 6 1000001\n");
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1, "the first count is wrong: {out}");
    insta::assert_snapshot!(out, @r"
    FAILED  guard-chess: perft start 5
        expected 150000 nodes, counted 175766
    skipped guard-chess: perft start 6 (1000001 nodes, above the limit of 1000000; --deep runs it)

    0 passed, 1 failed, 1 skipped
    ");
}

#[test]
fn show_snapshots_differ_by_lines_and_text_by_the_whole_position() {
    let s = Scratch::new(
        "show",
        "position opening = start then d2d3 d5d4\nshow opening\n\
         text opening \"Ra1,Nb1,Gc1,Kd1,Ne1,Rf1,Pa2,Pb2,Pc2,Pe2,Pf2,Pd3,pd4,pa5,pb5,pc5,pe5,pf5,ra6,nb6,gc6,kd6,ne6,rf6 w - - 0 2\"\n",
    );
    let (code, out) = s.test(&["--accept"]);
    assert_eq!(code, 0, "{out}");
    s.edit_rules("Knight b1 e1", "Knight b1, Rook e1");
    let (code, out) = s.test(&[]);
    assert_eq!(code, 1);
    // The drawing differs by lines, `-` accepted and `+` new; the position
    // text is shown whole.
    insta::assert_snapshot!(out, @r#"
    FAILED  guard-chess: show opening (the new text is in TMP/snapshots/guard-chess__show__opening.snap.new)
          Guard Chess
          6  r  n  g  k  n  r
          5  p  p  p  .  p  p
          4  .  .  .  p  .  .
          3  .  .  .  P  .  .
          2  P  P  P  .  P  P
        - 1  R  N  G  K  N  R
        + 1  R  N  G  K  R  R
             a  b  c  d  e  f
          White to move, move 2
        - Position: Ra1,Nb1,Gc1,Kd1,Ne1,Rf1,Pa2,Pb2,Pc2,Pe2,Pf2,Pd3,pd4,pa5,pb5,pc5,pe5,pf5,ra6,nb6,gc6,kd6,ne6,rf6 w - - 0 2
        - FEN: rngknr/ppp1pp/3p2/3P2/PPP1PP/RNGKNR w - - 0 2
        + Position: Ra1,Nb1,Gc1,Kd1,Re1,Rf1,Pa2,Pb2,Pc2,Pe2,Pf2,Pd3,pd4,pa5,pb5,pc5,pe5,pf5,ra6,nb6,gc6,kd6,ne6,rf6 w - - 0 2
        + FEN: rngknr/ppp1pp/3p2/3P2/PPP1PP/RNGKRR w - - 0 2
    FAILED  guard-chess: text opening
        expected "Ra1,Nb1,Gc1,Kd1,Ne1,Rf1,Pa2,Pb2,Pc2,Pe2,Pf2,Pd3,pd4,pa5,pb5,pc5,pe5,pf5,ra6,nb6,gc6,kd6,ne6,rf6 w - - 0 2"
           found "Ra1,Nb1,Gc1,Kd1,Re1,Rf1,Pa2,Pb2,Pc2,Pe2,Pf2,Pd3,pd4,pa5,pb5,pc5,pe5,pf5,ra6,nb6,gc6,kd6,ne6,rf6 w - - 0 2"

    0 passed, 2 failed
    1 snapshot pending: `tessera test --review` to look at them, `--accept` to accept them all
    "#);
}

/// The ends each goal of a rule file names, in the words of `outcome`.
fn goal_ends(rules: &str) -> Vec<&'static str> {
    let words = [
        ("checkmated", "checkmate"),
        ("stalemated", "stalemate"),
        ("bare", "bare"),
        ("extinct", "extinction"),
        ("reaches", "zone"),
        ("checked", "checks"),
        ("faces", "facing"),
        ("passed", "passes"),
    ];
    let mut ends = Vec::new();
    for line in rules.lines().map(str::trim) {
        let w: Vec<&str> = line.split_whitespace().collect();
        if w.first() == Some(&"goal") {
            for (word, end) in words {
                if w.contains(&word) && !ends.contains(&end) {
                    ends.push(end);
                }
            }
        }
    }
    ends
}

#[test]
fn every_game_has_expectations_and_a_finished_game_per_goal() {
    // The least each rule file's expectations must hold: an `outcome` of a
    // finished game for every way its goals end a game, or a comment
    // `# no finished game by END: WHY` saying why there is none.
    let mut missing = Vec::new();
    let mut games: Vec<PathBuf> = std::fs::read_dir("games")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    games.sort();
    assert!(games.len() > 30);
    for game in &games {
        let rules = std::fs::read_to_string(game).unwrap();
        let tests = game.with_extension("tests");
        let Ok(text) = std::fs::read_to_string(&tests) else {
            missing.push(format!("{}: no expectation file", tests.display()));
            continue;
        };
        for end in goal_ends(&rules) {
            let finished = text.lines().any(|l| {
                l.starts_with("outcome ") && l.ends_with(&format!(" by {end}"))
                    || l.starts_with(&format!("# no finished game by {end}: "))
            });
            if !finished {
                missing.push(format!("{}: no finished game by {end}", tests.display()));
            }
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

#[test]
fn hostile_expectation_files_give_errors_not_panics() {
    let s = Scratch::new("hostile", "");
    let texts: [&[u8]; 8] = [
        b"\xff\xfe not text",
        "perft start 99 1\nperft start 1 99999999999999999999999\n".as_bytes(),
        "position \u{e9}t\u{e9} = start\n\"\n,,,\n= = =\n".as_bytes(),
        "position a = b\nposition b = a\nposition c = c\n".as_bytes(),
        "illegal start\noutcome start\ntext start\nposition x = fen \"\"\n".as_bytes(),
        "position x = position \"Ra1,Kz9 w - - 0 1\"\nposition y = start then\n".as_bytes(),
        "moves start\r\nmoves start\r\nshow start extra\r\n".as_bytes(),
        "outcome start draw by\noutcome start white loses by checkmate\n".as_bytes(),
    ];
    for text in texts {
        std::fs::write(s.dir.join("guard-chess.tests"), text).unwrap();
        let (code, out) = s.test(&[]);
        assert_eq!(code, 1, "{out}");
        assert!(out.starts_with("FAILED  guard-chess: "), "{out}");
    }
}
