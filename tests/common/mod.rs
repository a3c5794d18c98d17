//! Helpers shared by the integration tests: run the CLI in-process and name
//! fixtures by stable, crate-relative paths.

#![allow(dead_code)]

pub mod oracle;

use clap::Parser;
use std::path::Path;
use tessera_cli::cli::{run_to, Cli, Failure};

/// `n` legs joined by `then`, alternately `step n e s` and `step n e s w`:
/// legs that differ never repeat their cells, so a `jumping` movement of
/// them walks every leg from every origin, the costliest to tabulate.
pub fn unequal_legs(n: usize) -> String {
    (0..n)
        .map(|i| {
            if i % 2 == 0 {
                "step n e s"
            } else {
                "step n e s w"
            }
        })
        .collect::<Vec<_>>()
        .join(" then ")
}

/// Directions every test board uses: (file, rank) vectors.
pub const COMPASS: &str = "
direction n (0,1) s (0,-1) e (1,0) w (-1,0)
direction ne (1,1) nw (-1,1) se (1,-1) sw (-1,-1)
group orthogonal = n e s w
group diagonal = ne nw se sw
group all = orthogonal diagonal
mirror rank
";

/// The legal moves of `pos`, as the game writes them, sorted.
pub fn sorted_moves(pos: &mut tessera::Position<'_>) -> Vec<String> {
    let game = pos.game();
    let mut names: Vec<String> = tessera::legal_moves(pos)
        .iter()
        .map(|m| tessera::notation::uci::format(game, m))
        .collect();
    names.sort();
    names
}

/// The position of FEN `fen` (or the start, for `""`) after the moves of
/// `moves` (separated by spaces), panicking on a bad FEN or an illegal move.
#[track_caller]
pub fn position_after<'g>(
    game: &'g tessera::Game,
    fen: &str,
    moves: &str,
) -> tessera::Position<'g> {
    let mut pos = if fen.is_empty() {
        tessera::Position::start(game)
    } else {
        tessera::notation::fen::parse(game, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    };
    for m in moves.split_whitespace() {
        let mv = tessera::notation::uci::parse(&mut pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.make(mv);
    }
    pos
}

/// The sorted legal moves of the position `fen` after `moves`, in one line.
#[track_caller]
pub fn moves_after(game: &tessera::Game, fen: &str, moves: &[&str]) -> String {
    sorted_moves(&mut position_after(game, fen, &moves.join(" "))).join(" ")
}

/// The FEN of the position `fen` after `moves`.
#[track_caller]
pub fn fen_after(game: &tessera::Game, fen: &str, moves: &[&str]) -> String {
    let pos = position_after(game, fen, &moves.join(" "));
    tessera::notation::fen::format(&pos).expect("FEN holds the game")
}

/// Compiles `src` after [`COMPASS`], panicking with the rendered errors.
#[track_caller]
pub fn compass_game(src: &str) -> tessera::Game {
    let src = format!("{COMPASS}\n{src}");
    match tessera::compile_str(&src) {
        Ok(g) => g,
        Err(e) => panic!("{}", e.render("test.game", &src)),
    }
}

/// What one CLI run printed, and how it ended.
pub struct Output {
    pub stdout: String,
    /// What the command wrote to standard error beside its result (the
    /// warnings of `check`); a failure's own text is in `result`.
    pub warnings: String,
    pub result: Result<(), Failure>,
}

impl Output {
    /// The exit status the binary would give.
    pub fn exit_code(&self) -> i32 {
        self.result.as_ref().map_or_else(Failure::exit_code, |()| 0)
    }

    /// What the binary would print on stderr (see `src/main.rs`).
    pub fn stderr(&self) -> String {
        let failure = match &self.result {
            Ok(()) => String::new(),
            Err(Failure::Rules(text)) | Err(Failure::Report { text, .. }) => text.clone(),
            Err(Failure::Usage(e)) => format!("error: {e:#}\n"),
        };
        format!("{}{failure}", self.warnings)
    }
}

/// Runs `tessera ARGS...` in-process.
///
/// # Panics
/// When clap rejects the arguments: the tests only pass well-formed command lines.
pub fn tessera(args: &[&str]) -> Output {
    let cli = Cli::try_parse_from(std::iter::once("tessera").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("bad test command line {args:?}: {e}"));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let result = run_to(cli, &mut out, &mut err);
    Output {
        stdout: String::from_utf8(out).expect("the CLI prints UTF-8"),
        warnings: String::from_utf8(err).expect("the CLI prints UTF-8"),
        result,
    }
}

/// Runs `tessera ARGS...` and returns stdout, failing the test on any error.
#[track_caller]
pub fn stdout_of(args: &[&str]) -> String {
    let out = tessera(args);
    if out.result.is_err() {
        panic!("tessera {args:?} failed:\n{}", out.stderr());
    }
    out.stdout
}

/// `path` relative to the crate root, with `/` separators, as the tests pass it
/// to the CLI (tests run with the crate root as working directory).
pub fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = root.canonicalize().unwrap_or_else(|_| root.to_path_buf());
    let rel = path.strip_prefix(&root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// The text of the first `#` comment of a fixture: what it pins.
pub fn leading_comment(text: &str) -> String {
    text.lines()
        .take_while(|l| l.trim_start().starts_with('#'))
        .map(|l| l.trim_start().trim_start_matches('#').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A position fixture (`tests/positions/*.txt`): a game, a FEN, moves to play from
/// it, and the hand-counted number of legal moves.
pub struct Fixture {
    pub game: String,
    /// The position as FEN (`fen:`), or in the general notation (`position:`);
    /// with neither, the game's start position.
    pub fen: Option<String>,
    pub position: Option<String>,
    pub moves: Option<String>,
    pub count: usize,
}

impl Fixture {
    /// Reads the `key: value` lines of a fixture.
    pub fn parse(text: &str) -> Fixture {
        let field = |key: &str| {
            text.lines()
                .filter_map(|l| l.strip_prefix(key))
                .map(|v| v.trim().to_string())
                .next()
        };
        Fixture {
            game: field("game:").expect("a `game:` line"),
            fen: field("fen:"),
            position: field("position:"),
            moves: field("moves:"),
            count: field("count:")
                .expect("a `count:` line")
                .parse()
                .expect("`count:` is a number"),
        }
    }

    /// The command-line arguments that name the fixture's position: read
    /// unchecked, since a fixture tests generation on any position, possible
    /// in play or not.
    pub fn position_args(&self) -> Vec<&str> {
        let mut args = vec!["--unchecked"];
        if let Some(f) = &self.fen {
            args.extend(["--fen", f.as_str()]);
        }
        if let Some(p) = &self.position {
            args.extend(["--position", p.as_str()]);
        }
        if let Some(m) = &self.moves {
            args.extend(["--moves", m.as_str()]);
        }
        args
    }

    /// Every fixture in `tests/positions`, with its file name, sorted by name.
    pub fn all() -> Vec<(String, Fixture)> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/positions");
        let mut out: Vec<(String, Fixture)> = std::fs::read_dir(dir)
            .expect("tests/positions exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, Fixture::parse(&std::fs::read_to_string(&p).unwrap()))
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }
}

/// Runs the `tessera` binary with `args`, `input` on its standard input:
/// its exit status and what it printed on standard output.
pub fn run_binary(args: &[&str], input: &str) -> (i32, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_tessera"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let code = out.status.code().unwrap_or(-1);
    (code, String::from_utf8_lossy(&out.stdout).into_owned())
}

/// [`run_binary`], which must exit successfully; what it printed.
pub fn binary_with_input(args: &[&str], input: &str) -> String {
    let (code, out) = run_binary(args, input);
    assert_eq!(code, 0, "tessera {args:?} failed: {out}");
    out
}
