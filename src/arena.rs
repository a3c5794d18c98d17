//! `tessera match`: two engines play a series of games of one rule file,
//! Tessera the referee, and the score is printed with its error margin.
//!
//! An engine is `random` (a uniformly random legal move), `tessera` (the
//! search, with the match's time or depth a move), or `uci:COMMAND` (an
//! external UCI engine, told the variant by `UCI_Variant` and each position
//! as `position startpos moves ...`). Sides alternate from game to game; a
//! game that reaches the ply cap is a draw.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Status};
use tessera::engine::{Move, Position, Record};
use tessera::game::{Game, Side};
use tessera::notation::uci;
use tessera::search::{Limits, Searcher};

/// One side of a match.
pub enum Engine<'g> {
    /// Plays a random legal move, from a xorshift generator seeded with this (odd).
    Random(u64),
    /// Tessera's own search.
    Tessera(Box<Searcher<'g>>),
    /// An external UCI engine.
    Uci(Box<External>),
}

/// An external UCI engine process.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    /// The engine's name in reports: the command that started it.
    pub name: String,
}

impl External {
    /// Starts `command` (split on spaces) and tells it the variant.
    pub fn start(command: &str, variant: &str) -> std::io::Result<External> {
        let mut words = command.split_whitespace();
        let program = words.next().unwrap_or_default();
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = BufReader::new(child.stdout.take().expect("piped"));
        let mut e = External {
            child,
            input,
            output,
            name: command.to_string(),
        };
        e.send("uci")?;
        e.wait_for("uciok")?;
        e.send(&format!("setoption name UCI_Variant value {variant}"))?;
        e.send("isready")?;
        e.wait_for("readyok")?;
        Ok(e)
    }

    fn send(&mut self, line: &str) -> std::io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    /// Reads lines until one starts with `word`; that line.
    fn wait_for(&mut self, word: &str) -> std::io::Result<String> {
        let mut line = String::new();
        loop {
            line.clear();
            if self.output.read_line(&mut line)? == 0 {
                return Err(std::io::Error::other(format!(
                    "the engine ended before `{word}`"
                )));
            }
            if line.starts_with(word) {
                return Ok(line.trim().to_string());
            }
        }
    }

    fn best_move(&mut self, moves: &[String], limits: &Limits) -> std::io::Result<String> {
        self.send(&format!("position startpos moves {}", moves.join(" ")))?;
        let go = match (limits.depth, limits.time) {
            (Some(d), _) => format!("go depth {d}"),
            (_, Some(t)) => format!("go movetime {}", t.as_millis()),
            _ => "go movetime 100".to_string(),
        };
        self.send(&go)?;
        let line = self.wait_for("bestmove")?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

impl<'g> Engine<'g> {
    /// The engine a name stands for: `random`, `tessera` or `uci:COMMAND`.
    pub fn named(
        spec: &str,
        game: &'g Game,
        variant: &str,
        seed: u64,
    ) -> Result<Engine<'g>, String> {
        match spec {
            "random" => Ok(Engine::Random(seed | 1)),
            "tessera" => Ok(Engine::Tessera(Box::new(Searcher::new(game, 16)))),
            _ => match spec.strip_prefix("uci:") {
                Some(cmd) => External::start(cmd, variant)
                    .map(|e| Engine::Uci(Box::new(e)))
                    .map_err(|e| format!("cannot start `{cmd}`: {e}")),
                None => Err(format!(
                    "unknown engine `{spec}`: use `random`, `tessera` or `uci:COMMAND`"
                )),
            },
        }
    }

    /// This engine's move in `pos`, reached by `moves` from the start.
    fn choose(
        &mut self,
        pos: &mut Position<'g>,
        record: &Record,
        moves: &[String],
        limits: &Limits,
    ) -> Result<Move, String> {
        let game = pos.game();
        let mut legal = Vec::new();
        legal_moves(pos, &mut legal);
        match self {
            Engine::Random(state) => {
                // xorshift64: reproducible from the seed.
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                Ok(legal[(*state % legal.len() as u64) as usize])
            }
            Engine::Tessera(s) => {
                let report = s
                    .search(pos, record, limits, |_| {})
                    .map_err(|e| e.to_string())?;
                report
                    .pv
                    .first()
                    .copied()
                    .ok_or_else(|| "no move".to_string())
            }
            Engine::Uci(e) => {
                let text = e.best_move(moves, limits).map_err(|x| x.to_string())?;
                legal
                    .iter()
                    .find(|m| uci::format(game, m) == text)
                    .copied()
                    .ok_or_else(|| format!("{} played `{text}`, which is not legal here", e.name))
            }
        }
    }
}

/// How one game ended, for the first engine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Result1 {
    /// The first engine won.
    Win,
    /// The game was drawn.
    Draw,
    /// The first engine lost.
    Loss,
}

/// One game of a match, as it was played.
pub struct Played {
    /// The result for the first engine.
    pub result: Result1,
    /// The plies played.
    pub plies: u32,
    /// Why the game ended otherwise than by the rules or the ply cap (an
    /// engine's illegal move or failure).
    pub why: Option<String>,
    /// The moves played from the start.
    pub moves: Vec<Move>,
}

/// Plays one game from the start, the first engine taking `first_side`,
/// each engine searching within its own limits. An illegal move loses.
pub fn play_game<'g>(
    game: &'g Game,
    engines: [&mut Engine<'g>; 2],
    first_side: Side,
    limits: [&Limits; 2],
    max_plies: u32,
) -> Played {
    let mut pos = Position::start(game);
    let mut record = Record::new(&pos);
    let mut moves: Vec<String> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    let ended = |result, plies, why, moves| Played {
        result,
        plies,
        why,
        moves,
    };
    let [a, b] = engines;
    let [la, lb] = limits;
    let (mut pair, limits): ([&mut Engine<'g>; 2], [&Limits; 2]) = if first_side == Side::White {
        ([a, b], [la, lb])
    } else {
        ([b, a], [lb, la])
    };
    for ply in 0..max_plies {
        if let Status::Over { winner, .. } = status_in_game(&mut pos, &record) {
            let r = match winner {
                None => Result1::Draw,
                Some(w) if w == first_side => Result1::Win,
                Some(_) => Result1::Loss,
            };
            return ended(r, ply, None, played);
        }
        let side = pos.side_to_move();
        let engine = &mut pair[side.index()];
        match engine.choose(&mut pos, &record, &moves, limits[side.index()]) {
            Ok(mv) => {
                moves.push(uci::format(game, &mv));
                played.push(mv);
                pos.make(mv);
                record.push(&pos);
            }
            Err(why) => {
                let r = if side == first_side {
                    Result1::Loss
                } else {
                    Result1::Win
                };
                return ended(r, ply, Some(why), played);
            }
        }
    }
    ended(Result1::Draw, max_plies, None, played)
}

/// The score of the first engine, as a fraction, with the half-width of its
/// 95% confidence interval (normal approximation, draws counted).
pub fn score_with_margin(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let s = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - s).powi(2)
        + f64::from(draws) * (0.5 - s).powi(2)
        + f64::from(losses) * s.powi(2))
        / n;
    (s, 1.96 * (var / n).sqrt())
}
