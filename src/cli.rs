//! The command line: `check`, `moves`, `perft`, `show`, `test` and the
//! others. The only user of anyhow besides `main.rs`; everything is written to the given streams so tests can run
//! the commands in-process.

pub use crate::failure::Failure;
use crate::protocol::uci::info_line;
use crate::rule_files::RuleFile;
use clap::{Parser, Subcommand};
use std::io::Write;
use tessera::engine::legal::legal_moves;
use tessera::engine::perft::divide_parallel;
use tessera::engine::{Move, Position};
use tessera::game::{Game, MoveNotation, Side};
use tessera::notation::{self, fen, san, uci};
use tessera::search::{Limits, Searcher};

/// Tessera: a data-driven rules interpreter for chess variants.
#[derive(Parser, Debug)]
#[command(name = "tessera", version, about, long_about = None)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Import a Fairy-Stockfish variants file: each `[name]` or
    /// `[name:parent]` section becomes `DIR/name.game`, one line each on
    /// standard output (`name: written`, or why not); errors and warnings on
    /// standard error as `FILE:LINE: error: MESSAGE`.
    Import {
        /// The variants file (`variants.ini`).
        file: String,
        /// The folder to write the rule files into (created if missing).
        #[arg(long)]
        out: String,
    },
    /// Write a game as one web page that plays it in a browser with no
    /// server (`--html OUT.html`); a folder of rule files as a folder of
    /// pages with an `index.html`.
    Export {
        /// A rule file, a bundled game by name, or a folder of rule files.
        path: String,
        /// The page to write (for a folder: the folder to write the pages into).
        #[arg(long, value_name = "OUT")]
        html: String,
    },
    /// Validate rule files: one summary line each, or the errors; warnings
    /// (what compiles but cannot take effect) on standard error.
    Check {
        /// Rule files, folders of rule files (`games/`), or bundled games by name.
        #[arg(required = true)]
        files: Vec<String>,
        /// Print one JSON object instead (docs/json.md): each file with its
        /// game, warnings and errors.
        #[arg(long)]
        json: bool,
        /// Fail (exit status 1) when a file has warnings.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Print a shell's completion script for `tessera` (commands, options,
    /// values), to be sourced by the shell: `tessera completions bash >
    /// ~/.local/share/bash-completion/completions/tessera`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// List games, one line each: the name commands take and the title.
    /// Without arguments, the games built into the binary, which every
    /// command takes by name from any folder (`tessera play shogi`).
    List {
        /// Rule files or folders of rule files, instead of the bundled games.
        files: Vec<String>,
        /// Print one JSON object instead (docs/json.md): `{"games": [...]}`,
        /// each `{"name", "file", "title", "cells", "kinds"}` (`file` null
        /// for a bundled game).
        #[arg(long)]
        json: bool,
    },
    /// List the legal moves of a position, one a line, sorted.
    Moves {
        /// The rule file.
        file: String,
        /// The position to work on.
        #[command(flatten)]
        at: At,
        /// With any other than `uci`, each move is followed by its text in
        /// that notation (`g1f3 Nf3`; `own`: the game's own, as `notation
        /// moves` names it; `usi`: as USI writes it).
        #[arg(long, value_enum, default_value_t = Notation::Uci)]
        notation: Notation,
        /// Print one JSON object instead (docs/json.md): the game, the
        /// position and the moves.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal move tree (Stockfish's output format).
    Perft {
        /// The rule file.
        file: String,
        /// Plies to search (at most 65,535).
        depth: u16,
        /// The position to work on.
        #[command(flatten)]
        at: At,
        /// Print `MOVE: COUNT` for each root move first.
        #[arg(long)]
        divide: bool,
        /// Share the root moves out among this many threads.
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=256))]
        threads: u32,
        /// Print one JSON object instead (docs/json.md): the game, the
        /// position, the depth, the count, and with `--divide` each root
        /// move's count.
        #[arg(long)]
        json: bool,
    },
    /// Draw a position as text, or as an SVG picture.
    Show {
        /// The rule file.
        file: String,
        /// The position to work on.
        #[command(flatten)]
        at: At,
        /// List the pieces with their moves in Betza's notation instead.
        #[arg(long)]
        pieces: bool,
        /// Draw an SVG picture (the last of `--moves` marked) instead of text.
        #[arg(long)]
        svg: bool,
        /// Write the picture to this file rather than to standard output.
        #[arg(long, requires = "svg")]
        out: Option<String>,
        /// Draw the board as Black sees it.
        #[arg(long, requires = "svg")]
        flip: bool,
        /// Replay the first game of this PGN file and show where it ends.
        #[arg(long, conflicts_with_all = ["fen", "position", "moves", "setup", "seed", "pieces"])]
        pgn: Option<String>,
    },
    /// Search a position for the best move: an `info` line per finished
    /// depth (score, nodes, principal variation), then `bestmove`, as UCI
    /// engines print them. Without a limit, searches for one second.
    Bestmove {
        /// The rule file.
        file: String,
        /// The position to work on.
        #[command(flatten)]
        at: At,
        /// Search this many plies deep.
        #[arg(long)]
        depth: Option<u32>,
        /// Search this many milliseconds.
        #[arg(long)]
        movetime: Option<u64>,
        /// Search at most this many nodes.
        #[arg(long)]
        nodes: Option<u64>,
        /// With `san`, the principal variations and the best move in SAN.
        #[arg(long, value_enum, default_value_t = Notation::Uci)]
        notation: Notation,
    },
    /// Play a game in the terminal: against the AI (Black by default), AI
    /// against AI, or human against human. Type `help` during the game.
    Play {
        /// The rule file.
        file: String,
        /// The position to work on.
        #[command(flatten)]
        at: At,
        /// Which sides the AI plays.
        #[arg(long, value_enum, default_value_t = AiSides::Black)]
        ai: AiSides,
        /// The AI searches this many plies deep.
        #[arg(long)]
        depth: Option<u32>,
        /// The AI searches this many milliseconds a move (1000 by default).
        #[arg(long)]
        movetime: Option<u64>,
        /// Stop after this many plies.
        #[arg(long)]
        max_plies: Option<u32>,
        /// Keep the game in this file in PGN, written after every move.
        #[arg(long)]
        pgn: Option<String>,
        /// Colours: `auto` where standard output is a terminal and
        /// `NO_COLOR` is not set, `always` or `never`.
        #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
        color: ColorChoice,
    },
    /// Play a match of two engines on one rule file, Tessera the referee:
    /// one line per game, then the score with its 95% margin. An engine is
    /// `random`, `tessera` (the search) or `uci:COMMAND` (a UCI engine).
    Match(MatchArgs),
    /// Speak UCI on standard input and output, offering each rule file as a
    /// variant (`UCI_Variant`) named after its file; folders offer every
    /// `.game` file in them, and a Fairy-Stockfish variants file (`.ini`)
    /// its sections. Without arguments, the folder `games` where there is
    /// one, else every bundled game.
    Uci {
        /// Rule files, folders of rule files and variants files (`.ini`).
        files: Vec<String>,
    },
    /// Speak USI, the shogi programs' protocol, on standard input and
    /// output: positions in SFEN, moves as `7g7f`, `8h2b+`, `P*5e`. Offers
    /// each rule file SFEN can write (one rectangular board, at most one
    /// hand) as a variant (`USI_Variant`) named after its file, `shogi`
    /// first where it is offered. Without arguments, the folder `games`
    /// where there is one, else every bundled game.
    Usi {
        /// Rule files, folders of rule files and variants files (`.ini`).
        files: Vec<String>,
    },
    /// Speak the XBoard protocol (CECP 2) on standard input and output,
    /// offering each rule file FEN can write as a variant named after its
    /// file (chess as `normal`); for a variant XBoard does not know, `setup`
    /// gives it the board and the pieces; a Fairy-Stockfish variants file
    /// (`.ini`) offers its sections. Without arguments, the folder `games`
    /// where there is one, else every bundled game.
    Xboard {
        /// Rule files, folders of rule files and variants files (`.ini`).
        files: Vec<String>,
    },
    /// Serve the browser studio: the board, play against the AI, the rule
    /// file in an editor checked as you type. Without arguments, the folder
    /// `games` where there is one, else every bundled game; a Fairy-Stockfish variants file (`.ini`) offers its
    /// sections, converted in memory (not saved). Prints the page's address;
    /// Ctrl-C stops it.
    Serve {
        /// Rule files, folders of rule files and variants files (`.ini`).
        files: Vec<String>,
        /// The address to listen on (the studio can save rule files: keep it local).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The port; 0 for any free port.
        #[arg(long, default_value_t = 8000)]
        port: u16,
        /// A name the studio is reached by besides localhost and its IP
        /// addresses (requests naming any other host are refused); repeatable.
        #[arg(long = "allow-host", value_name = "NAME")]
        allow_host: Vec<String>,
    },
    /// Run the expectations of rule files (`NAME.tests` beside `NAME.game`);
    /// for a variants file (`.ini`), of each section `NAME` converted in
    /// memory (`NAME.tests` beside the `.ini`).
    Test {
        /// Expectation files, rule files, variants files, or folders of them (`games/`).
        #[arg(required_unless_present = "init")]
        paths: Vec<String>,
        /// Write a first `NAME.tests` beside this rule file (never over one):
        /// the start's perft counts, moves, picture and outcome, to review.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["paths", "filter", "deep", "review", "accept"])]
        init: Option<String>,
        /// Run only the expectations whose name (`chess: perft start 3`) contains this.
        #[arg(long)]
        filter: Option<String>,
        /// Also run the perft expectations of more than a million nodes.
        #[arg(long)]
        deep: bool,
        /// Then walk through the pending snapshots: accept, reject or skip each.
        #[arg(long, conflicts_with = "accept")]
        review: bool,
        /// Then accept every pending snapshot.
        #[arg(long)]
        accept: bool,
        /// Print one JSON object instead (docs/json.md): each expectation's
        /// name, file, status and detail, and the counts.
        #[arg(long, conflicts_with = "review")]
        json: bool,
    },
}

/// The arguments of `tessera match`.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The rule file; its name (without `.game`) is the variant external
    /// engines are told (XBoard's `normal` for `chess`).
    pub file: String,
    /// The first engine: `tessera`, `random`, `uci:COMMAND` or `xboard:COMMAND`.
    pub first: String,
    /// The second engine.
    pub second: String,
    /// Games to play; each opening is played twice, the engines changing sides.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Milliseconds a move (100 by default, 1000 where an XBoard engine
    /// plays, where neither `--depth` nor `--tc` is given); an XBoard
    /// engine's `st` takes whole seconds only.
    #[arg(long)]
    pub movetime: Option<u64>,
    /// Milliseconds a move of the second engine, if it differs (time odds).
    #[arg(long)]
    pub second_movetime: Option<u64>,
    /// A clock for both engines: `40/60` (40 moves in 60 s, repeated),
    /// `60+0.5` (60 s, plus 0.5 s a move) or `300` (sudden death).
    #[arg(long, conflicts_with_all = ["movetime", "depth"])]
    pub tc: Option<String>,
    /// The second engine's clock, if it differs (time odds).
    #[arg(long, requires = "tc")]
    pub second_tc: Option<String>,
    /// Plies a move, instead of a time.
    #[arg(long)]
    pub depth: Option<u32>,
    /// A game that lasts this many plies is a draw.
    #[arg(long, default_value_t = 300)]
    pub max_plies: u32,
    /// Seed of the random engine and of the random openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Each opening: this many random legal plies from the start.
    #[arg(long, default_value_t = 0, conflicts_with = "openings")]
    pub random_plies: u32,
    /// A book of openings, one a line: moves in coordinates or SAN.
    #[arg(long)]
    pub openings: Option<String>,
    /// The variant name external engines are told, instead of the rule file's.
    #[arg(long)]
    pub variant: Option<String>,
    /// Write every game to this file in PGN, as it ends.
    #[arg(long)]
    pub pgn: Option<String>,
    /// Print the games and the score as one JSON object (docs/json.md).
    #[arg(long)]
    pub json: bool,
}

/// The sides the AI plays in `play`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum AiSides {
    /// The AI plays White, you play Black.
    White,
    /// The AI plays Black, you play White.
    Black,
    /// The AI plays both sides.
    Both,
    /// Two humans play; no AI.
    None,
}

/// Whether the terminal game draws in colour.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Where standard output is a terminal and `NO_COLOR` is unset or empty.
    Auto,
    /// Always, even into a file or a pipe.
    Always,
    /// Never.
    Never,
}

impl ColorChoice {
    /// Whether to colour: `auto` asks whether standard output is a terminal
    /// and honours `NO_COLOR` (<https://no-color.org>).
    pub fn wanted(self) -> bool {
        use std::io::IsTerminal;
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// How moves are written: coordinates (UCI's or USI's), the game's own
/// notation, or one of the library's notations by its name
/// ([`MoveNotation::name`]), so that a notation the library gains is an
/// option here with nothing to add.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// Coordinates, as UCI writes them (`g1f3`).
    Uci,
    /// USI's coordinates (`7g7f`, `P*5e`).
    Usi,
    /// The game's own notation, as its rule file's `notation moves` names it
    /// (SAN where it names none).
    Own,
    /// A notation of the library.
    Named(MoveNotation),
}

/// Every value of `--notation`, in the order `--help` lists them: UCI, SAN,
/// the game's own, USI, then the library's other notations.
static NOTATIONS: std::sync::LazyLock<Vec<Notation>> = std::sync::LazyLock::new(|| {
    let mut all = vec![
        Notation::Uci,
        Notation::Named(MoveNotation::San),
        Notation::Own,
        Notation::Usi,
    ];
    all.extend(
        MoveNotation::ALL
            .into_iter()
            .filter(|&n| n != MoveNotation::San)
            .map(Notation::Named),
    );
    all
});

impl clap::ValueEnum for Notation {
    fn value_variants<'a>() -> &'a [Self] {
        &NOTATIONS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let value = match self {
            Notation::Uci => clap::builder::PossibleValue::new("uci"),
            Notation::Usi => clap::builder::PossibleValue::new("usi"),
            Notation::Own => clap::builder::PossibleValue::new("own"),
            Notation::Named(n) => clap::builder::PossibleValue::new(n.name()),
        };
        Some(value.help(self.help()))
    }
}

impl Notation {
    /// What `--help` says of it.
    fn help(self) -> &'static str {
        match self {
            Notation::Uci => "Coordinates, as UCI writes them (`g1f3`)",
            Notation::Usi => "USI's coordinates (`7g7f`, `P*5e`)",
            Notation::Own => {
                "The game's own notation, as its rule file's `notation moves` names it (SAN where it names none)"
            }
            Notation::Named(n) => match n {
                MoveNotation::San => {
                    "Standard algebraic notation (`Nf3`), as Fairy-Stockfish writes it"
                }
                MoveNotation::Lan => "Long algebraic notation (`Ng1-f3`)",
                MoveNotation::ShogiHodgesNumber => "Shogi's, files and ranks numbered (`P-76`)",
                MoveNotation::ShogiHodges => "Shogi's, ranks lettered (`P-7f`)",
                MoveNotation::ShogiHosking => "Shogi's, without the dash of a plain move (`P76`)",
                MoveNotation::XiangqiWxf => "Xiangqi's WXF (`C2=5`)",
                MoveNotation::Janggi => "Janggi's (`H02-83`)",
                MoveNotation::ThaiSan => "Thai SAN (`ม-ง๒`)",
                MoveNotation::ThaiLan => "Thai LAN (`บ ก๓-ก๔`)",
                _ => "A notation of the library, by the name `notation moves` gives it",
            },
        }
    }

    /// The notation of moves this names in `game`; `None` for coordinates.
    pub fn in_game(self, game: &Game) -> Option<MoveNotation> {
        match self {
            Notation::Uci | Notation::Usi => None,
            Notation::Own => Some(game.move_notation()),
            Notation::Named(n) => Some(n),
        }
    }

    /// `mv`, legal in `pos`, written in this notation.
    pub fn write(self, pos: &Position<'_>, mv: &Move) -> String {
        match self.in_game(pos.game()) {
            Some(MoveNotation::San) => san::format(pos, mv),
            Some(n) => notation::own::format_in(pos, mv, n),
            None if self == Notation::Usi => notation::usi::format(pos.game(), mv),
            None => uci::format(pos.game(), mv),
        }
    }
}

/// Which position a command works on.
#[derive(clap::Args, Debug)]
pub struct At {
    /// Start from this FEN instead of the rule file's setup (rectangular boards).
    #[arg(long, conflicts_with = "position")]
    pub fen: Option<String>,
    /// Start from this position in Tessera's general notation (any board), as
    /// `show` prints it: `Ra1,Kd1,q0 w a1 - 0 1`.
    #[arg(long)]
    pub position: Option<String>,
    /// Then play these moves (in the game's own notation, SAN or UCI style,
    /// separated by spaces).
    #[arg(long)]
    pub moves: Option<String>,
    /// The notation `moves` is read in first, where a command names one
    /// (`moves --notation`); the game's own otherwise.
    #[arg(skip)]
    pub notation: Option<MoveNotation>,
    /// Start from the setup of this number among those the rule file's
    /// `shuffle` draws (Chess960's numbering for Fischer random chess: 518 is
    /// the usual order).
    #[arg(long, conflicts_with_all = ["fen", "position", "seed"])]
    pub setup: Option<u64>,
    /// Start from a setup of the rule file's `shuffle` drawn at random from
    /// this seed (its number is printed on standard error).
    #[arg(long, conflicts_with_all = ["fen", "position"])]
    pub seed: Option<u64>,
    /// Read `--fen` or `--position` even where play could never reach it (a
    /// side without its king, the side not to move in check, a pawn on its
    /// first rank), for analysis; otherwise such a position is refused,
    /// with the reasons.
    #[arg(long)]
    pub unchecked: bool,
}

/// Runs a parsed command, writing results to `out` and warnings to
/// standard error.
///
/// # Errors
/// A [`Failure`] saying what went wrong and where.
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<(), Failure> {
    run_to(cli, out, &mut std::io::stderr())
}

/// [`run`], writing warnings to `err` (what a command reports beside its
/// result, without failing; a failure's own text is the [`Failure`]'s).
///
/// # Errors
/// A [`Failure`] saying what went wrong and where.
pub fn run_to(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Result<(), Failure> {
    match cli.command {
        Command::Import { file, out: dir } => import_ini(&file, &dir, out),
        Command::Check {
            files,
            json,
            deny_warnings,
        } => check(&files, json, deny_warnings, out, err),
        Command::List { files, json } => list_games(&files, json, out),
        Command::Export { path, html } => export_html(&path, &html, out),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "tessera", out);
            Ok(())
        }
        Command::Moves {
            file,
            at,
            notation,
            json,
        } => list_moves(file, at, notation, json, out),
        Command::Perft {
            file,
            depth,
            at,
            divide: by_move,
            threads,
            json,
        } => count_perft(file, depth, at, by_move, threads, json, out),
        Command::Show {
            file, pieces: true, ..
        } => show_pieces(file, out),
        Command::Show {
            file,
            at,
            svg: false,
            pgn,
            ..
        } => show_text(file, at, pgn, out),
        Command::Show {
            file,
            at,
            svg: true,
            out: path,
            flip,
            pgn,
            ..
        } => show_svg(file, at, pgn, path, flip, out),
        Command::Bestmove {
            file,
            at,
            depth,
            movetime,
            nodes,
            notation,
        } => best_move(file, at, depth, movetime, nodes, notation, out),
        Command::Play {
            file,
            at,
            ai,
            depth,
            movetime,
            max_plies,
            pgn,
            color,
        } => {
            let who = |side: AiSides| {
                if ai == side || ai == AiSides::Both {
                    crate::play::Player::Ai
                } else {
                    crate::play::Player::Human
                }
            };
            let options = crate::play::Options {
                players: [who(AiSides::White), who(AiSides::Black)],
                limits: Limits::given(depth, None, movetime, 1000),
                max_plies,
                pgn: pgn.map(Into::into),
                colour: color.wanted(),
            };
            play_in_terminal(file, at, &options, out)
        }
        Command::Match(args) => run_match(args, out),
        Command::Uci { files } => speak_uci(files, out),
        Command::Usi { files } => speak_usi(files, out),
        Command::Xboard { files } => speak_xboard(files, out),
        Command::Serve {
            files,
            host,
            port,
            allow_host,
        } => serve_studio(files, host, port, allow_host, out),
        Command::Test {
            init: Some(file), ..
        } => crate::expect::init::write_starter(&file, out),
        Command::Test {
            paths,
            filter,
            deep,
            review,
            accept,
            json,
            init: None,
        } => crate::expect::command::run(
            &crate::expect::command::Options {
                paths,
                filter,
                deep,
                review,
                accept,
                json,
            },
            out,
        ),
    }
}

/// The sections of the variants file `file`, imported; a file past the
/// importer's bounds is refused (its size before it is read).
fn import_file(file: &str) -> Result<crate::import::Import, Failure> {
    let text = crate::import::read_bounded(file).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    crate::import::import(file, &text).map_err(|d| Failure::Rules(d.render(file)))
}

/// `tessera import FILE --out DIR`: a line per section, then the summary
/// (`written 140 of 143 sections, refused 3`). It fails (exit status 1) only
/// when no section could be written: a file some of whose sections are
/// refused still gives the others.
fn import_ini(file: &str, dir: &str, out: &mut dyn Write) -> Result<(), Failure> {
    use anyhow::Context;
    let result = import_file(file)?;
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create {dir}"))
        .map_err(Failure::Usage)?;
    let mut written = 0usize;
    for section in &result.sections {
        match &section.outcome {
            Ok(rules) => {
                // The importer writes only sections whose names name files.
                if !crate::import::names_a_file(&section.name) {
                    writeln!(
                        out,
                        "{}: not written: its name cannot name a file",
                        section.name
                    )
                    .map_err(io)?;
                    continue;
                }
                let path = std::path::Path::new(dir).join(format!("{}.game", section.name));
                std::fs::write(&path, rules)
                    .with_context(|| format!("cannot write {}", path.display()))
                    .map_err(Failure::Usage)?;
                written += 1;
                writeln!(out, "{}: written", section.name).map_err(io)?;
            }
            Err(why) => writeln!(out, "{}: not written: {why}", section.name).map_err(io)?,
        }
    }
    let total = result.sections.len();
    let sections = if total == 1 { "section" } else { "sections" };
    writeln!(
        out,
        "written {written} of {total} {sections}, refused {}",
        total - written
    )
    .map_err(io)?;
    let text = result.render(file);
    if written > 0 {
        eprint!("{text}");
        Ok(())
    } else {
        Err(Failure::Report { text, code: 1 })
    }
}

/// A failure to write the answer.
fn io(e: std::io::Error) -> Failure {
    Failure::Usage(e.into())
}

fn list_moves(
    file: String,
    at: At,
    notation: Notation,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let rule = RuleFile::named(&file);
    let (_, game) = load_rule(&rule)?;
    let mut at = at;
    at.notation = notation.in_game(&game);
    let mut pos = position(&game, &at)?;
    // Each move as UCI writes it, and its SAN when asked, sorted by the former.
    let mut moves: Vec<(String, Option<String>)> = if let Some(n) = notation.in_game(&game) {
        notation::own::legal_moves_in(&pos, n)
            .iter()
            .map(|(m, s)| (uci::format(&game, m), Some(s.clone())))
            .collect()
    } else if notation == Notation::Usi {
        let mut found = Vec::new();
        legal_moves(&mut pos, &mut found);
        found
            .iter()
            .map(|m| (uci::format(&game, m), Some(notation::usi::format(&game, m))))
            .collect()
    } else {
        let mut found = Vec::new();
        legal_moves(&mut pos, &mut found);
        found
            .iter()
            .map(|m| (uci::format(&game, m), None))
            .collect()
    };
    moves.sort();
    if json {
        let list: Vec<serde_json::Value> = moves
            .iter()
            .map(|(m, s)| match s {
                Some(s) if notation == Notation::Named(MoveNotation::San) => {
                    serde_json::json!({ "move": m, "san": s })
                }
                Some(s) => serde_json::json!({ "move": m, "written": s }),
                None => serde_json::json!({ "move": m }),
            })
            .collect();
        let value = serde_json::json!({
            "game": crate::json::game(&rule, &game),
            "position": crate::json::position(&pos),
            "moves": list,
        });
        return crate::json::print(out, &value).map_err(io);
    }
    for (m, s) in moves {
        match s {
            Some(s) => writeln!(out, "{m} {s}"),
            None => writeln!(out, "{m}"),
        }
        .map_err(io)?;
    }
    Ok(())
}

fn count_perft(
    file: String,
    depth: u16,
    at: At,
    by_move: bool,
    threads: u32,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let rule = RuleFile::named(&file);
    let (_, game) = load_rule(&rule)?;
    let pos = position(&game, &at)?;
    let progress = Progress::new();
    let rows = divide_parallel(&pos, depth, threads as usize, &|done, of, nodes| {
        progress.report(done, of, nodes)
    });
    progress.finish();
    // At depth 0 the root itself is the one leaf, and there are no rows.
    let total: u64 = if depth == 0 {
        1
    } else {
        rows.iter().map(|r| r.1).sum()
    };
    // Named only when shown: a root of millions of moves would otherwise
    // hold a string per move.
    let named = |rows: Vec<(Move, u64)>| {
        let mut named: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(m, n)| (uci::format(&game, &m), n))
            .collect();
        named.sort();
        named
    };
    if json {
        let mut value = serde_json::json!({
            "game": crate::json::game(&rule, &game),
            "position": crate::json::position(&pos),
            "depth": depth,
            "nodes": total,
        });
        if by_move {
            let divide: Vec<serde_json::Value> = named(rows)
                .into_iter()
                .map(|(m, n)| serde_json::json!({ "move": m, "nodes": n }))
                .collect();
            value["divide"] = divide.into();
        }
        return crate::json::print(out, &value).map_err(io);
    }
    if by_move {
        for (m, n) in &named(rows) {
            writeln!(out, "{m}: {n}").map_err(io)?;
        }
        writeln!(out).map_err(io)?;
    }
    writeln!(out, "Nodes searched: {total}").map_err(io)
}

fn show_pieces(file: String, out: &mut dyn Write) -> Result<(), Failure> {
    let (_, game) = load(&file)?;
    write!(out, "{}", tessera::show::pieces(&game)).map_err(io)
}

fn show_text(
    file: String,
    at: At,
    pgn: Option<String>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (_, game) = load(&file)?;
    let mut pos = match pgn {
        Some(path) => replayed(&game, &path)?.0,
        None => position(&game, &at)?,
    };
    write!(out, "{}", tessera::show::draw(&mut pos)).map_err(io)
}

fn show_svg(
    file: String,
    at: At,
    pgn: Option<String>,
    path: Option<String>,
    flip: bool,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (_, game) = load(&file)?;
    let (pos, last_move) = match pgn {
        Some(pgn) => replayed(&game, &pgn)?,
        None => {
            let (pos, _, last) = position_and_record(&game, &at)?;
            (pos, last)
        }
    };
    let options = tessera::svg::Options {
        last_move,
        flipped: flip,
        ..Default::default()
    };
    let picture = tessera::svg::draw(&pos, &options);
    match path {
        None => write!(out, "{picture}").map_err(io),
        Some(path) => std::fs::write(&path, picture)
            .map_err(|e| Failure::Usage(anyhow::anyhow!("cannot write `{path}`: {e}"))),
    }
}

fn best_move(
    file: String,
    at: At,
    depth: Option<u32>,
    movetime: Option<u64>,
    nodes: Option<u64>,
    notation: Notation,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (_, game) = load(&file)?;
    let (mut pos, record, _) = position_and_record(&game, &at)?;
    let root = pos.clone();
    let limits = Limits::given(depth, nodes, movetime, 1000);
    let mut searcher = Searcher::new(&game, 64);
    let mut lines = Vec::new();
    let report = searcher.search(&mut pos, &record, &limits, |r| {
        let line = info_line(&game, r);
        lines.push(match (notation, line.find(" pv ")) {
            (Notation::Named(MoveNotation::San), Some(at)) => {
                format!("{} pv {}", &line[..at], san::line(&root, &r.pv))
            }
            (n, Some(at)) if n != Notation::Uci => {
                format!("{} pv {}", &line[..at], written_line(&root, &r.pv, n))
            }
            _ => line,
        })
    });
    for line in lines {
        writeln!(out, "{line}").map_err(io)?;
    }
    let report = report.map_err(|e| io(std::io::Error::other(e)))?;
    match report.pv.first() {
        Some(m) => writeln!(out, "bestmove {}", notation.write(&root, m)),
        None => writeln!(out, "bestmove (none)"),
    }
    .map_err(io)
}

/// The moves of `line` from `pos`, each written in `notation`, separated by
/// spaces; a move that is not legal where it comes ends the line.
fn written_line(pos: &Position<'_>, line: &[Move], notation: Notation) -> String {
    let mut pos = pos.clone();
    let mut words = Vec::new();
    for mv in line {
        if !mv.fits(pos.game()) || !pos.is_legal(*mv) {
            break;
        }
        words.push(notation.write(&pos, mv));
        pos.make(*mv);
    }
    words.join(" ")
}

fn play_in_terminal(
    file: String,
    at: At,
    options: &crate::play::Options,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let (_, game) = load(&file)?;
    let (mut start, moves) = start_and_moves(&game, &at)?;
    let stdin = std::io::stdin();
    crate::play::run_after(&mut start, &moves, options, &mut stdin.lock(), out).map_err(io)
}

fn run_match(args: MatchArgs, out: &mut dyn Write) -> Result<(), Failure> {
    use crate::arena::{
        play_game, score_with_margin, xboard_time, Control, Engine, Openings, Result1, TimeControl,
    };
    use std::time::Duration;
    let usage = |e: String| Failure::Usage(anyhow::anyhow!(e));
    let (_, game) = load(&args.file)?;
    let variant = args.variant.clone().unwrap_or_else(|| {
        std::path::Path::new(&args.file)
            .file_stem()
            .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
    });
    let openings = match (&args.openings, args.random_plies) {
        (Some(path), _) => Openings::book(
            &std::fs::read_to_string(path)
                .map_err(|e| usage(format!("cannot read `{path}`: {e}")))?,
        ),
        (None, 0) => Openings::Start,
        (None, plies) => Openings::Random {
            plies,
            seed: args.seed,
        },
    };
    let clock = |tc: &Option<String>| -> Result<Option<Control>, Failure> {
        tc.as_deref()
            .map(|t| TimeControl::parse(t).map(Control::Clock).map_err(usage))
            .transpose()
    };
    let first_control = match (clock(&args.tc)?, args.depth, args.movetime) {
        (Some(c), _, _) => c,
        (None, Some(d), _) => Control::Depth(d),
        // XBoard's `st` counts whole seconds: with an XBoard engine, the
        // default is the shortest time it can be told.
        (None, None, ms) => Control::MoveTime(Duration::from_millis(
            ms.unwrap_or(
                if [&args.first, &args.second]
                    .iter()
                    .any(|e| e.starts_with("xboard:"))
                {
                    1000
                } else {
                    100
                },
            ),
        )),
    };
    let second_control = match (
        clock(&args.second_tc)?,
        args.second_movetime,
        &first_control,
    ) {
        (Some(c), _, _) => c,
        (None, Some(ms), Control::MoveTime(_)) => Control::MoveTime(Duration::from_millis(ms)),
        _ => first_control.clone(),
    };
    // What an XBoard engine cannot be told exactly is refused before any
    // engine starts, by the option that set it.
    let first_option = match (&args.tc, args.movetime) {
        (Some(tc), _) => format!("--tc {tc}"),
        (None, Some(ms)) => format!("--movetime {ms}"),
        (None, None) => String::new(),
    };
    let second_option = match (&args.second_tc, args.second_movetime) {
        (Some(tc), _) => format!("--second-tc {tc}"),
        (None, Some(ms)) if args.tc.is_none() && args.depth.is_none() => {
            format!("--second-movetime {ms}")
        }
        _ => first_option.clone(),
    };
    for (engine, control, option) in [
        (&args.first, &first_control, &first_option),
        (&args.second, &second_control, &second_option),
    ] {
        if engine.starts_with("xboard:") {
            xboard_time(control).map_err(|e| usage(format!("`{option}` for `{engine}`: {e}")))?;
        }
    }
    let mut a = Engine::named(&args.first, &game, &variant, args.seed).map_err(usage)?;
    let mut b =
        Engine::named(&args.second, &game, &variant, args.seed.wrapping_mul(31)).map_err(usage)?;
    let (first, second) = (args.first.as_str(), args.second.as_str());
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut time = [Duration::ZERO; 2];
    let mut made = [0u32; 2];
    let mut games_json = Vec::new();
    for i in 0..args.games {
        // Each opening twice, the first engine White, then Black.
        let side = if i % 2 == 0 { Side::White } else { Side::Black };
        let opening = openings.opening(&game, (i / 2) as usize).map_err(usage)?;
        let played = play_game(
            &game,
            [&mut a, &mut b],
            side,
            [&first_control, &second_control],
            &opening,
            args.max_plies,
        );
        if let Some(path) = &args.pgn {
            let text = match_record(&game, &played, side, [first, second], i + 1).to_string();
            // Each game is added as it ends, so that an interrupted match
            // keeps the games it finished.
            write_pgn(path, &text, i > 0)?;
        }
        for e in 0..2 {
            time[e] += played.time[e];
            made[e] += played.made[e];
        }
        // Said by engine, so that no reader takes `1-0` for White's win.
        let (verb, result) = match played.result {
            Result1::Win => {
                w += 1;
                ("beat", "win")
            }
            Result1::Draw => {
                d += 1;
                ("drew with", "draw")
            }
            Result1::Loss => {
                l += 1;
                ("lost to", "loss")
            }
        };
        if args.json {
            games_json.push(serde_json::json!({
                "round": i + 1,
                "first_side": side.name(),
                "result": result,
                "plies": played.plies,
                "reason": played.why,
                "opening": opening.iter().map(|m| notation::uci::format(&game, m)).collect::<Vec<_>>(),
                "seconds": played.time.map(|t| t.as_secs_f64()),
            }));
            continue;
        }
        let note = played.why.map(|x| format!(" ({x})")).unwrap_or_default();
        writeln!(
            out,
            "game {}: {first} ({}) {verb} {second} ({}), {} plies{note}",
            i + 1,
            side.name(),
            side.opposite().name(),
            played.plies
        )
        .map_err(io)?;
    }
    let (score, margin) = score_with_margin(w, d, l);
    let per_move = |e: usize| time[e].as_secs_f64() * 1000.0 / f64::from(made[e].max(1));
    if args.json {
        let engine = |e: usize, name: &str| {
            serde_json::json!({
                "name": name,
                "seconds": time[e].as_secs_f64(),
                "moves": made[e],
                "ms_per_move": per_move(e),
            })
        };
        let report = serde_json::json!({
            "variant": variant,
            "engines": [engine(0, first), engine(1, second)],
            "games": games_json,
            "wins": w,
            "draws": d,
            "losses": l,
            "score": score,
            "margin": margin,
        });
        return crate::json::print(out, &report).map_err(io);
    }
    writeln!(
        out,
        "{first} against {second}: +{w} ={d} -{l}, score {:.1}% ± {:.1}% ({})",
        score * 100.0,
        margin * 100.0,
        counted(args.games as usize, "game", "games")
    )
    .map_err(io)?;
    writeln!(
        out,
        "time used: {first} {:.1} s ({:.0} ms a move), {second} {:.1} s ({:.0} ms a move)",
        time[0].as_secs_f64(),
        per_move(0),
        time[1].as_secs_f64(),
        per_move(1)
    )
    .map_err(io)
}

/// The PGN record of a game of `match`: the engines by name, the round, the
/// result the match gave (an adjudicated draw or a forfeit too), and why the
/// game ended where the rules did not end it.
fn match_record(
    game: &Game,
    played: &crate::arena::Played,
    first_side: Side,
    names: [&str; 2],
    round: u32,
) -> notation::pgn::PgnGame {
    use crate::arena::Result1;
    let mut record = notation::pgn::PgnGame::new(&Position::start(game), &played.moves);
    let [first, second] = names;
    let (white, black) = if first_side == Side::White {
        (first, second)
    } else {
        (second, first)
    };
    record.set_tag("Event", "tessera match");
    record.set_tag("Date", &today());
    record.set_tag("Round", &round.to_string());
    record.set_tag("White", white);
    record.set_tag("Black", black);
    let first_won = match played.result {
        Result1::Win => Some(true),
        Result1::Loss => Some(false),
        Result1::Draw => None,
    };
    let result = match first_won.map(|won| won == (first_side == Side::White)) {
        Some(true) => "1-0",
        Some(false) => "0-1",
        None => "1/2-1/2",
    };
    if record.result != result {
        let why = played
            .why
            .clone()
            .unwrap_or_else(|| format!("a draw after {} plies", played.plies));
        match record.moves.last_mut() {
            Some(last) => last.comment = Some(why),
            None => record.comment = Some(why),
        }
        record.set_result(result);
    }
    record
}

/// Today's date as PGN's `Date` tag writes it.
fn today() -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    notation::pgn::date(now)
}

/// Writes a PGN text to `path`, after what it holds when `append` is set.
fn write_pgn(path: &str, text: &str, append: bool) -> Result<(), Failure> {
    let written = if append {
        std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)
            .and_then(|mut f| write!(f, "\n{text}"))
    } else {
        std::fs::write(path, text)
    };
    written.map_err(|e| Failure::Usage(anyhow::anyhow!("cannot write `{path}`: {e}")))
}

fn speak_uci(files: Vec<String>, out: &mut dyn Write) -> Result<(), Failure> {
    let games = offered_games(&files)?;
    let stdin = std::io::BufReader::new(std::io::stdin());
    crate::protocol::uci::run(&games, stdin, out).map_err(io)
}

fn speak_usi(files: Vec<String>, out: &mut dyn Write) -> Result<(), Failure> {
    let mut games = offered_games(&files)?;
    // SFEN holds the positions of the others no more than FEN does.
    games.retain(|g| tessera::notation::sfen::has_sfen(&g.game));
    let stdin = std::io::BufReader::new(std::io::stdin());
    crate::protocol::usi::run(&games, stdin, out).map_err(io)
}

fn speak_xboard(files: Vec<String>, out: &mut dyn Write) -> Result<(), Failure> {
    let games = offered_games(&files)?;
    let stdin = std::io::BufReader::new(std::io::stdin());
    crate::protocol::xboard::run(&games, stdin, out).map_err(io)
}

fn serve_studio(
    files: Vec<String>,
    host: String,
    port: u16,
    allow_host: Vec<String>,
    out: &mut dyn Write,
) -> Result<(), Failure> {
    let options = crate::serve::Options {
        paths: files,
        host,
        port,
        allowed_hosts: allow_host,
    };
    crate::serve::run(&options, out).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))
}

/// The games named by files and folders (every `.game` file of a folder, in
/// name order), each named after its file; the folder `games` when none.
fn offered_games(paths: &[String]) -> Result<Vec<crate::protocol::Offered>, Failure> {
    let files =
        crate::rule_files::rule_files(paths).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    let mut games = Vec::new();
    for f in files {
        // A Fairy-Stockfish variants file offers its sections, converted in
        // memory; the ones refused are said on standard error.
        if f.is_ini() {
            games.extend(ini_games(&f.shown())?);
            continue;
        }
        let (_, game) = load_rule(&f)?;
        games.push(crate::protocol::Offered {
            name: f.name(),
            game,
        });
    }
    Ok(games)
}

/// The sections of a variants file that import as games, each named after
/// its section; the diagnostics of the others on standard error.
fn ini_games(file: &str) -> Result<Vec<crate::protocol::Offered>, Failure> {
    let result = import_file(file)?;
    eprint!("{}", result.render(file));
    let mut games = Vec::new();
    for section in result.sections {
        if let Ok(rules) = section.outcome {
            // The importer compiled it already; it compiles again here.
            if let Ok(game) = tessera::compile_str(&rules) {
                games.push(crate::protocol::Offered {
                    name: section.name,
                    game,
                });
            }
        }
    }
    Ok(games)
}

/// `tessera list`: each game's name and title, aligned, or as JSON.
fn list_games(paths: &[String], json: bool, out: &mut dyn Write) -> Result<(), Failure> {
    let files = if paths.is_empty() {
        crate::bundled::GAMES
            .iter()
            .map(RuleFile::Bundled)
            .collect()
    } else {
        crate::rule_files::rule_files(paths).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?
    };
    let mut rows = Vec::new();
    for rule in &files {
        let (_, game) = load_rule(rule)?;
        rows.push((rule, game));
    }
    let io = |e: std::io::Error| Failure::Usage(e.into());
    if json {
        let games: Vec<serde_json::Value> = rows
            .iter()
            .map(|(rule, game)| crate::json::game(rule, game))
            .collect();
        return crate::json::print(out, &serde_json::json!({ "games": games })).map_err(io);
    }
    let width = rows.iter().map(|(r, _)| r.name().len()).max().unwrap_or(0);
    for (rule, game) in &rows {
        writeln!(out, "{:<width$}  {}", rule.name(), game.title()).map_err(io)?;
    }
    Ok(())
}

/// `1 cell`, `64 cells`.
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `tessera check`: every file named is checked, whatever the others give.
/// The exit status is 2 where a file could not be read, else 1 where one
/// has errors (or, with `deny_warnings`, warnings), else 0.
fn check(
    paths: &[String],
    json: bool,
    deny_warnings: bool,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), Failure> {
    let files =
        crate::rule_files::rule_files(paths).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    let mut failed = String::new();
    let (mut unreadable, mut has_errors, mut warned) = (false, false, false);
    let mut entries = Vec::new();
    for rule in &files {
        let file = rule.shown();
        match compile_rule(rule) {
            Ok((src, compiled)) => {
                let game = &compiled.game;
                // Counted, not listed: a start with millions of moves
                // (castling along a long line) costs no list of them.
                let legal = tessera::engine::legal::legal_move_count(&mut Position::start(game));
                let warnings = &compiled.warnings;
                warned |= !warnings.is_empty();
                if json {
                    let mut entry = crate::json::game(rule, game);
                    entry["ok"] = true.into();
                    entry["legal_moves"] = legal.into();
                    entry["warnings"] = diagnostics_json(warnings, &file, &src);
                    entry["errors"] = serde_json::json!([]);
                    entries.push(entry);
                    continue;
                }
                write!(
                    err,
                    "{}",
                    tessera::Diagnostic::render_all(warnings, &file, &src)
                )
                .map_err(io)?;
                let noted = if warnings.is_empty() {
                    String::new()
                } else {
                    format!(", {}", counted(warnings.len(), "warning", "warnings"))
                };
                writeln!(
                    out,
                    "{file}: ok: \"{}\", {}, {}, {}{noted}",
                    game.title(),
                    counted(game.cell_count(), "cell", "cells"),
                    counted(game.declared_kinds(), "piece kind", "piece kinds"),
                    counted(legal as usize, "legal move", "legal moves"),
                )
                .map_err(io)?;
            }
            Err(not) => {
                let errors = match &not {
                    NotCompiled::Rules { source, errors } => {
                        has_errors = true;
                        diagnostics_json(&errors.0, &file, source)
                    }
                    NotCompiled::TooLarge(message) => {
                        has_errors = true;
                        serde_json::json!([crate::json::unplaced_error(message, &file)])
                    }
                    NotCompiled::Unreadable(e) => {
                        unreadable = true;
                        serde_json::json!([crate::json::unplaced_error(&format!("{e:#}"), &file)])
                    }
                };
                if json {
                    entries.push(serde_json::json!({
                        "name": rule.name(),
                        "file": crate::json::file(rule),
                        "title": null,
                        "cells": null,
                        "kinds": null,
                        "ok": false,
                        "legal_moves": null,
                        "warnings": [],
                        "errors": errors,
                    }));
                    continue;
                }
                match not.into_failure(&file) {
                    Failure::Rules(text) | Failure::Report { text, .. } => failed.push_str(&text),
                    Failure::Usage(e) => failed.push_str(&format!("error: {e:#}\n")),
                }
            }
        }
    }
    if json {
        crate::json::print(out, &serde_json::json!({ "files": entries })).map_err(io)?;
    }
    if unreadable {
        Err(Failure::Report {
            text: failed,
            code: 2,
        })
    } else if has_errors && !json {
        Err(Failure::Rules(failed))
    } else if has_errors || (deny_warnings && warned) {
        Err(Failure::Report {
            text: failed,
            code: 1,
        })
    } else {
        Ok(())
    }
}

/// The diagnostics of a rule file as a JSON array.
fn diagnostics_json(list: &[tessera::Diagnostic], file: &str, src: &str) -> serde_json::Value {
    list.iter()
        .map(|d| crate::json::diagnostic(d, file, src))
        .collect::<Vec<_>>()
        .into()
}

/// A progress line on standard error, for perft runs that take more than a few
/// seconds, and only when standard error is a terminal.
struct Progress {
    started: std::time::Instant,
    shown: std::sync::atomic::AtomicBool,
    enabled: bool,
}

impl Progress {
    fn new() -> Progress {
        use std::io::IsTerminal;
        Progress {
            started: std::time::Instant::now(),
            shown: std::sync::atomic::AtomicBool::new(false),
            enabled: std::io::stderr().is_terminal(),
        }
    }

    fn report(&self, done: usize, of: usize, nodes: u64) {
        let secs = self.started.elapsed().as_secs_f64();
        if self.enabled && secs > 3.0 {
            self.shown.store(true, std::sync::atomic::Ordering::Relaxed);
            let rate = nodes as f64 / secs / 1e6;
            eprint!(
                "\rperft: {done}/{of} root moves, {nodes} nodes, {secs:.1} s, {rate:.1} M nodes/s "
            );
        }
    }

    fn finish(&self) {
        if self.shown.load(std::sync::atomic::Ordering::Relaxed) {
            eprintln!();
        }
    }
}

/// Reads and compiles the rule file an argument names: a file, or a bundled
/// game by its name where no file of that name exists.
fn load(arg: &str) -> Result<(String, Game), Failure> {
    load_rule(&RuleFile::named(arg))
}

/// `tessera export PATH --html OUT`: one page, or a folder's pages and their
/// index; one line each on standard output (`OUT: TITLE`).
fn export_html(path: &str, html: &str, out: &mut dyn Write) -> Result<(), Failure> {
    let engine = crate::export::Engine::packed().map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    let folder = std::path::Path::new(path).is_dir();
    let rules = crate::rule_files::rule_files(&[path.to_string()])
        .map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    if folder {
        std::fs::create_dir_all(html)
            .map_err(|e| Failure::Usage(anyhow::anyhow!("cannot create `{html}`: {e}")))?;
    }
    let mut written = Vec::new();
    for rule in &rules {
        let (source, game) = load_rule(rule)?;
        let file = if folder {
            std::path::Path::new(html).join(format!("{}.html", rule.name()))
        } else {
            std::path::PathBuf::from(html)
        };
        let page = crate::export::page(&engine, game.title(), &source);
        write_file(&file, &page)?;
        writeln!(out, "{}: {}", file.display(), game.title()).map_err(io)?;
        written.push((game.title().to_string(), format!("{}.html", rule.name())));
    }
    if folder {
        let file = std::path::Path::new(html).join("index.html");
        write_file(&file, &crate::export::index(&written))?;
        writeln!(
            out,
            "{}: the index of {} games",
            file.display(),
            written.len()
        )
        .map_err(io)?;
    }
    Ok(())
}

/// Writes `text` to `file`, or says why not.
fn write_file(file: &std::path::Path, text: &str) -> Result<(), Failure> {
    std::fs::write(file, text)
        .map_err(|e| Failure::Usage(anyhow::anyhow!("cannot write `{}`: {e}", file.display())))
}

/// Reads and compiles a rule file.
fn load_rule(rule: &RuleFile) -> Result<(String, Game), Failure> {
    let shown = rule.shown();
    compile_rule(rule)
        .map(|(src, compiled)| (src, compiled.game))
        .map_err(|not| not.into_failure(&shown))
}

/// Why a rule file gave no game.
enum NotCompiled {
    /// It cannot be read: a usage error.
    Unreadable(anyhow::Error),
    /// It is larger than the library reads; the message says so.
    TooLarge(String),
    /// Its rules have errors.
    Rules {
        /// The file's text.
        source: String,
        /// Its errors.
        errors: tessera::Errors,
    },
}

impl NotCompiled {
    /// The failure of a command given the rule file shown as `file`: a usage
    /// error, or a rules error with the rendered diagnostics.
    fn into_failure(self, file: &str) -> Failure {
        match self {
            NotCompiled::Unreadable(e) => Failure::Usage(e),
            NotCompiled::TooLarge(message) => Failure::Rules(format!("{file}: error: {message}\n")),
            NotCompiled::Rules { source, errors } => Failure::Rules(errors.render(file, &source)),
        }
    }
}

/// Reads and compiles a rule file, with its warnings.
fn compile_rule(rule: &RuleFile) -> Result<(String, tessera::Compiled), NotCompiled> {
    let source = match rule {
        RuleFile::Path(path) if !path.exists() => {
            let shown = path.to_string_lossy();
            let hint = crate::bundled::closest(&shown)
                .map_or_else(String::new, |name| format!("; did you mean `{name}`?"));
            return Err(NotCompiled::Unreadable(anyhow::anyhow!(
                "cannot read `{shown}`: no such file, and no bundled game of that name{hint} (`tessera list` lists them)"
            )));
        }
        RuleFile::Path(path) => match tessera::read_rule_file(&path.to_string_lossy()) {
            Ok(text) => text,
            Err(tessera::LoadError::TooLarge { message, .. }) => {
                return Err(NotCompiled::TooLarge(message))
            }
            Err(e) => return Err(NotCompiled::Unreadable(anyhow::anyhow!("{e}"))),
        },
        RuleFile::Bundled(b) => b.text.to_string(),
    };
    match tessera::compile_with_warnings(&source) {
        Ok(mut compiled) => {
            // A piece's own picture stands beside its rule file.
            if let RuleFile::Path(path) = rule {
                let folder = path.parent().unwrap_or(std::path::Path::new(""));
                let folder = if folder.as_os_str().is_empty() {
                    std::path::Path::new(".")
                } else {
                    folder
                };
                let warnings = tessera::load_pictures(&mut compiled.game, folder);
                compiled.warnings.extend(warnings);
            }
            Ok((source, compiled))
        }
        Err(errors) => Err(NotCompiled::Rules { source, errors }),
    }
}

/// The position named by `--fen` and `--moves`.
fn position<'g>(game: &'g Game, at: &At) -> Result<Position<'g>, Failure> {
    position_and_record(game, at).map(|(pos, _, _)| pos)
}

/// The position at the end of the first game of the PGN file `path`, with
/// its last move.
fn replayed<'g>(game: &'g Game, path: &str) -> Result<(Position<'g>, Option<Move>), Failure> {
    let input = |e: String| Failure::Usage(anyhow::anyhow!("--pgn {path}: {e}"));
    let text = std::fs::read_to_string(path).map_err(|e| input(e.to_string()))?;
    let games = notation::pgn::parse(&text).map_err(|e| input(e.to_string()))?;
    let first = games
        .first()
        .ok_or_else(|| input("no game in the file".to_string()))?;
    let replay = first.replay(game).map_err(|e| input(e.to_string()))?;
    Ok((replay.end, replay.moves.last().copied()))
}

/// The position of the options, with the record of the moves that led there
/// and the last of them.
fn position_and_record<'g>(
    game: &'g Game,
    at: &At,
) -> Result<(Position<'g>, tessera::engine::Record, Option<Move>), Failure> {
    let (mut pos, moves) = start_and_moves(game, at)?;
    let mut record = tessera::engine::Record::new(&pos);
    for &mv in &moves {
        pos.make(mv);
        record.push(&pos);
    }
    Ok((pos, record, moves.last().copied()))
}

/// The start position of the options and the moves `--moves` plays from it
/// (each read where it comes, the first that is not legal refused).
fn start_and_moves<'g>(game: &'g Game, at: &At) -> Result<(Position<'g>, Vec<Move>), Failure> {
    let start = match (&at.fen, &at.position) {
        (Some(f), _) => {
            let read = if at.unchecked {
                fen::parse_unchecked
            } else {
                fen::parse
            };
            read(game, f).map_err(|e| Failure::Usage(anyhow::anyhow!("--fen: {e}")))?
        }
        (None, Some(p)) => {
            let read = if at.unchecked {
                notation::position::parse_unchecked
            } else {
                notation::position::parse
            };
            read(game, p).map_err(|e| Failure::Usage(anyhow::anyhow!("--position: {e}")))?
        }
        (None, None) => match (at.setup, at.seed) {
            (Some(n), _) => Position::start_numbered(game, n)
                .map_err(|e| Failure::Usage(anyhow::anyhow!("--setup: {e}")))?,
            (None, Some(seed)) => {
                let (pos, n) = Position::start_drawn(game, seed)
                    .map_err(|e| Failure::Usage(anyhow::anyhow!("--seed: {e}")))?;
                let count = game.shuffle().map_or(0, |s| s.count());
                eprintln!("setup {n} of {count}");
                pos
            }
            (None, None) => Position::start(game),
        },
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    if let Some(list) = &at.moves {
        for (i, text) in list.split_whitespace().enumerate() {
            let mv =
                notation::own::parse_in(&pos, text, at.notation.unwrap_or(game.move_notation()))
                    .map_err(|e| Failure::Usage(anyhow::anyhow!("--moves: move {}: {e}", i + 1)))?;
            pos.make(mv);
            moves.push(mv);
        }
    }
    Ok((start, moves))
}
