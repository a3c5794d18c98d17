//! `tessera match`: two engines play a series of games of one rule file,
//! Tessera the referee, and the score is printed with its error margin and
//! the time each engine used.
//!
//! An engine is `random` (a uniformly random legal move), `tessera` (the
//! search), `uci:COMMAND` (an external UCI engine, told the variant by
//! `UCI_Variant` and each position as `position startpos moves ...`) or
//! `xboard:COMMAND` (an external engine speaking CECP, XBoard's protocol 2).
//! Each game starts from an opening (none, seeded random plies or a line of
//! a book), each opening played twice with the colours swapped. An engine
//! whose move is not legal, that stops answering, ends or claims a result
//! the rules do not give loses the game, the reason said; a resignation
//! loses too. A game that reaches the ply cap is a draw.

use crate::protocol::clock_share;
use crate::protocol::xboard::{from_xboard, to_xboard, xboard_name};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::Duration;
use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Status};
use tessera::engine::{Move, Position, Record};
use tessera::game::{Game, Side};
use tessera::notation::{fen, san, uci};
use tessera::search::clock::{Clock, SystemClock};
use tessera::search::{Limits, Searcher};

/// How long an engine may take to start (to answer `uci` or `protover 2`).
const START_TIME: Duration = Duration::from_secs(10);

/// The time an external engine may take beyond its own share of the clock
/// before it is taken for hung: the pipes and a loaded machine's delays.
const SLACK: Duration = Duration::from_secs(5);

/// How long a search to a fixed depth may take before its engine is taken
/// for hung.
const DEPTH_TIME: Duration = Duration::from_secs(120);

/// The time each move may take: a fixed depth, a fixed time a move, or a
/// clock that both engines run down.
#[derive(Clone, Debug, PartialEq)]
pub enum Control {
    /// Plies a move.
    Depth(u32),
    /// A fixed time a move.
    MoveTime(Duration),
    /// A clock: `base` to start with, `increment` added after each move,
    /// and `base` again after every `moves` moves where there are sessions.
    Clock(TimeControl),
}

/// A clock's settings, as `--tc` writes them: `40/60` (40 moves in 60 s,
/// repeated), `60+0.5` (60 s, and half a second added a move) or `300`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TimeControl {
    /// Moves a session, after which `base` is added again; none for sudden death.
    pub moves: Option<u32>,
    /// The time at the start (and of each session).
    pub base: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `[MOVES/]SECONDS[+INCREMENT]`.
    ///
    /// # Errors
    /// The reason, for a text not of that form.
    pub fn parse(text: &str) -> Result<TimeControl, String> {
        let bad = || {
            format!(
                "bad time control `{text}`: write MOVES/SECONDS (40/60), SECONDS+INCREMENT (60+0.5) or SECONDS"
            )
        };
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => (
                Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(bad)?),
                rest,
            ),
            None => (None, text),
        };
        let (base, inc) = rest.split_once('+').unwrap_or((rest, "0"));
        let seconds = |s: &str| {
            s.parse::<f64>()
                .ok()
                .filter(|x| x.is_finite() && *x >= 0.0 && *x < 1e7)
                .map(Duration::from_secs_f64)
                .ok_or_else(bad)
        };
        let base = seconds(base)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl {
            moves,
            base,
            increment: seconds(inc)?,
        })
    }

    /// The moves left in the current session for a side that has made
    /// `made` moves of the game, where there are sessions.
    fn moves_to_go(self, made: u32) -> Option<u32> {
        self.moves.map(|m| m - made % m)
    }
}

/// One engine's view of the clocks when it is to move.
pub struct Turn<'a> {
    /// The moves played from the start, in the game's coordinate notation.
    pub moves: &'a [String],
    /// How this engine's moves are timed.
    pub control: &'a Control,
    /// The time left on each side's clock (by [`Side::index`]), where there
    /// is a clock.
    pub left: [Duration; 2],
    /// The moves this engine's side has made in this game, the opening's
    /// included: sessions of a clock count the game's moves, as XBoard's
    /// `level` does.
    pub made: u32,
}

impl Turn<'_> {
    /// The limits of Tessera's own search: the depth, the time a move, or
    /// its share of the clock.
    fn limits(&self, side: Side) -> Limits {
        match self.control {
            Control::Depth(d) => Limits {
                depth: Some(*d),
                nodes: None,
                time: None,
            },
            Control::MoveTime(t) => Limits {
                depth: None,
                nodes: None,
                time: Some(*t),
            },
            Control::Clock(tc) => Limits {
                depth: None,
                nodes: None,
                time: Some(clock_share(
                    millis(self.left[side.index()]),
                    millis(tc.increment),
                    tc.moves_to_go(self.made).map(u64::from),
                )),
            },
        }
    }

    /// How long an external engine may take before it is taken for hung.
    fn deadline(&self, side: Side) -> Duration {
        match self.control {
            Control::Depth(_) => DEPTH_TIME,
            Control::MoveTime(t) => *t * 2 + SLACK,
            Control::Clock(_) => self.left[side.index()] + SLACK,
        }
    }
}

/// The lines that tell an XBoard engine `control` at the start of a game,
/// as CECP 2 says it exactly: `sd` and no time limit for a depth, `st` (whole
/// seconds) for a time a move, `level MPS BASE INC` for a clock (BASE in
/// minutes:seconds, INC in seconds with its fraction).
///
/// # Errors
/// Why CECP cannot say `control` exactly: a time a move that is not whole
/// seconds (`st` counts seconds, and CECP has no shorter fixed time), or a
/// clock whose base is not whole seconds. Rounding would give the engine a
/// different time from its opponent's without a word.
pub fn xboard_time(control: &Control) -> Result<Vec<String>, String> {
    match control {
        Control::Depth(d) => Ok(vec![format!("sd {d}"), "level 0 10000 0".to_string()]),
        Control::MoveTime(t) if t.subsec_nanos() == 0 && t.as_secs() > 0 => {
            Ok(vec![format!("st {}", t.as_secs())])
        }
        Control::MoveTime(t) => Err(format!(
            "an XBoard engine cannot be given {} ms a move: its `st` counts whole seconds \
             and CECP has no shorter fixed time; give a multiple of 1000 ms, or a clock (`--tc`)",
            millis(*t)
        )),
        Control::Clock(tc) if tc.base.subsec_nanos() == 0 => {
            let base = tc.base.as_secs();
            Ok(vec![format!(
                "level {} {}:{:02} {}",
                tc.moves.unwrap_or(0),
                base / 60,
                base % 60,
                decimal_seconds(tc.increment)
            )])
        }
        Control::Clock(tc) => Err(format!(
            "an XBoard engine cannot be given a clock of {} s to start: `level` takes its base in \
             minutes and whole seconds; give a base of whole seconds",
            decimal_seconds(tc.base)
        )),
    }
}

/// `d` in seconds, exactly, as `1.5` or `0.04`.
fn decimal_seconds(d: Duration) -> String {
    let fraction = format!("{:09}", d.subsec_nanos());
    let fraction = fraction.trim_end_matches('0');
    if fraction.is_empty() {
        d.as_secs().to_string()
    } else {
        format!("{}.{fraction}", d.as_secs())
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// An external engine's process: its input, and its output's lines as a
/// thread reads them, so that a silent engine can be waited for with a
/// deadline rather than forever.
pub struct Process {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    /// The last error the engine reported (`tellusererror`, `Error`), said
    /// with its failure.
    complaint: Option<String>,
}

/// Why an external engine gave no move.
enum Silence {
    /// Its output ended: it quit or crashed.
    Ended,
    /// It did not answer within the deadline.
    TimedOut(Duration),
}

impl Silence {
    /// A time-out, as the whole wait it ended rather than its last part.
    fn of(self, whole: Duration) -> Silence {
        match self {
            Silence::TimedOut(_) => Silence::TimedOut(whole),
            ended => ended,
        }
    }
}

impl Process {
    /// Starts `command`, split on spaces.
    fn start(command: &str) -> std::io::Result<Process> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| std::io::Error::other("no command"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no input pipe"))?;
        let output = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no output pipe"))?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Process {
            child,
            input,
            lines,
            complaint: None,
        })
    }

    /// Drops the lines already read: answers to what came before.
    fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to it ({e})"))
    }

    /// The next line, within `wait`.
    fn next_line(&mut self, wait: Duration) -> Result<String, Silence> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                let trimmed = line.trim();
                if trimmed.starts_with("tellusererror") || trimmed.starts_with("Error") {
                    self.complaint = Some(trimmed.to_string());
                }
                Ok(trimmed.to_string())
            }
            Err(RecvTimeoutError::Timeout) => Err(Silence::TimedOut(wait)),
            Err(RecvTimeoutError::Disconnected) => Err(Silence::Ended),
        }
    }

    /// Reads lines until one starts with the word `word`, within `wait`; that line.
    fn wait_for(&mut self, word: &str, wait: Duration) -> Result<String, String> {
        let clock = SystemClock::default();
        loop {
            let left = wait.saturating_sub(clock.now());
            let line = self
                .next_line(left)
                .map_err(|s| self.silence(&s.of(wait), word))?;
            if line.split_whitespace().next() == Some(word) {
                return Ok(line);
            }
        }
    }

    /// The reason an engine loses for `silence` while `awaited` was due.
    fn silence(&mut self, silence: &Silence, awaited: &str) -> String {
        let what = match silence {
            Silence::Ended => {
                // The output closes a moment before the process is reaped.
                let clock = SystemClock::default();
                let mut status = None;
                while status.is_none() && clock.now() < Duration::from_secs(1) {
                    status = self.child.try_wait().ok().flatten();
                    if status.is_none() {
                        std::thread::sleep(Duration::from_millis(10));
                    }
                }
                match status {
                    Some(s) => format!("ended ({s}) before `{awaited}`"),
                    None => format!("closed its output before `{awaited}`"),
                }
            }
            Silence::TimedOut(t) => format!("gave no `{awaited}` within {:.1} s", t.as_secs_f64()),
        };
        match &self.complaint {
            Some(c) => format!("{what}; it said `{c}`"),
            None => what,
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        // An engine that ignores `quit` is ended after a second.
        let _ = self.send("quit");
        let clock = SystemClock::default();
        while clock.now() < Duration::from_secs(1) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An external UCI engine.
pub struct Uci {
    process: Process,
}

impl Uci {
    /// Starts `command` and tells it the variant.
    fn start(command: &str, variant: &str) -> Result<Uci, String> {
        let process = Process::start(command).map_err(|e| e.to_string())?;
        let mut e = Uci { process };
        e.process.send("uci")?;
        e.process.wait_for("uciok", START_TIME)?;
        e.process
            .send(&format!("setoption name UCI_Variant value {variant}"))?;
        e.ready()?;
        Ok(e)
    }

    fn ready(&mut self) -> Result<(), String> {
        self.process.send("isready")?;
        self.process.wait_for("readyok", START_TIME).map(drop)
    }

    fn new_game(&mut self) -> Result<(), String> {
        self.process.send("ucinewgame")?;
        self.ready()
    }

    fn best_move(&mut self, turn: &Turn<'_>, side: Side) -> Result<String, String> {
        let p = &mut self.process;
        p.send(&format!("position startpos moves {}", turn.moves.join(" ")))?;
        let go = match turn.control {
            Control::Depth(d) => format!("go depth {d}"),
            Control::MoveTime(t) => format!("go movetime {}", millis(*t)),
            Control::Clock(tc) => {
                let [w, b] = turn.left.map(millis);
                let inc = millis(tc.increment);
                let to_go = tc
                    .moves_to_go(turn.made)
                    .map(|n| format!(" movestogo {n}"))
                    .unwrap_or_default();
                format!("go wtime {w} btime {b} winc {inc} binc {inc}{to_go}")
            }
        };
        p.send(&go)?;
        let line = p.wait_for("bestmove", turn.deadline(side))?;
        Ok(line.split_whitespace().nth(1).unwrap_or("").to_string())
    }
}

/// An external engine speaking CECP (XBoard's protocol, version 2).
pub struct Xboard {
    process: Process,
    /// The variant, as `variant` names it; none for `normal`.
    variant: Option<String>,
    /// The engine offered `setboard`: a game from an opening starts with its
    /// position, not its moves.
    setboard: bool,
    /// The engine wants moves as `usermove MOVE`.
    usermove: bool,
    /// The engine answers `ping N` with `pong N`.
    ping: bool,
    /// The engine wants `time` and `otim` before its moves.
    time: bool,
    /// The moves from the start this engine knows; none before its first
    /// move of a game.
    known: Option<usize>,
    pings: u32,
}

/// The `feature` line's pairs: `name=value` or `name="a value"`.
fn features(line: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = line.trim_start_matches("feature").trim();
    while let Some((name, after)) = rest.split_once('=') {
        let name = name.trim().to_string();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(' ').unwrap_or((after, "")),
        };
        pairs.push((name, value.to_string()));
        rest = next.trim();
    }
    pairs
}

impl Xboard {
    /// Starts `command`, reads its features and checks it plays `variant`.
    fn start(command: &str, variant: &str) -> Result<Xboard, String> {
        let process = Process::start(command).map_err(|e| e.to_string())?;
        let mut e = Xboard {
            process,
            variant: (variant != "normal").then(|| variant.to_string()),
            setboard: false,
            usermove: false,
            ping: false,
            time: true,
            known: None,
            pings: 0,
        };
        e.process.send("xboard")?;
        e.process.send("protover 2")?;
        // Protocol 2: an engine that says `done=0` is waited for until it
        // says `done=1`; one that says neither, two seconds.
        let clock = SystemClock::default();
        let mut wait = Duration::from_secs(2);
        let mut variants: Option<String> = None;
        loop {
            let line = match e.process.next_line(wait.saturating_sub(clock.now())) {
                Ok(line) => line,
                Err(Silence::TimedOut(_)) => break,
                Err(s) => return Err(e.process.silence(&s, "feature done=1")),
            };
            if !line.starts_with("feature") {
                continue;
            }
            let mut done = false;
            for (name, value) in features(&line) {
                let on = value == "1";
                match name.as_str() {
                    "setboard" => e.setboard = on,
                    "usermove" => e.usermove = on,
                    "ping" => e.ping = on,
                    "time" => e.time = on,
                    "variants" => variants = Some(value.clone()),
                    "done" => {
                        if on {
                            done = true;
                        } else {
                            wait = START_TIME;
                        }
                    }
                    _ => {}
                }
                // Moves in SAN are not offered: coordinates are XBoard's default.
                let answer = if name == "san" && on {
                    "rejected"
                } else {
                    "accepted"
                };
                e.process.send(&format!("{answer} {name}"))?;
            }
            if done {
                break;
            }
        }
        if let Some(list) = variants {
            if !list.split(',').any(|v| v.trim() == variant) {
                return Err(format!(
                    "it does not play the variant `{variant}` (it plays {list}; `--variant NAME` names it otherwise)"
                ));
            }
        }
        Ok(e)
    }

    fn new_game(&mut self, control: &Control) -> Result<(), String> {
        let p = &mut self.process;
        p.send("new")?;
        if let Some(v) = &self.variant {
            p.send(&format!("variant {v}"))?;
        }
        for line in xboard_time(control)? {
            p.send(&line)?;
        }
        // No pondering, no thinking output: the match reads moves only.
        p.send("easy")?;
        p.send("nopost")?;
        p.send("force")?;
        self.known = None;
        Ok(())
    }

    /// Sends a move, as the engine wants it.
    fn send_move(&mut self, game: &Game, text: &str) -> Result<(), String> {
        let text = to_xboard(game, text);
        if self.usermove {
            self.process.send(&format!("usermove {text}"))
        } else {
            self.process.send(&text)
        }
    }

    /// Waits for `pong` to the next `ping`: the lines before it answer what
    /// was sent before, and a move refused among them ends the game.
    fn sync(&mut self, game: &Game) -> Result<(), String> {
        if !self.ping {
            self.process.drain();
            return Ok(());
        }
        self.pings += 1;
        let n = self.pings;
        self.process.send(&format!("ping {n}"))?;
        let clock = SystemClock::default();
        loop {
            let line = self
                .process
                .next_line(START_TIME.saturating_sub(clock.now()))
                .map_err(|s| {
                    self.process
                        .silence(&s.of(START_TIME), &format!("pong {n}"))
                })?;
            if line.starts_with("Illegal move") {
                return Err(format!(
                    "refused a legal move: `{}`",
                    from_xboard(game, &line)
                ));
            }
            if line == format!("pong {n}") {
                return Ok(());
            }
        }
    }

    /// The engine's move in `pos`, in Tessera's notation, or why there is none.
    fn best_move(
        &mut self,
        pos: &Position<'_>,
        turn: &Turn<'_>,
        side: Side,
    ) -> Result<Reply, String> {
        let game = pos.game();
        self.process.send("force")?;
        match self.known {
            Some(known) => {
                for m in turn.moves.iter().skip(known) {
                    self.send_move(game, m)?;
                }
            }
            None => {
                let board = (self.setboard && !turn.moves.is_empty())
                    .then(|| fen::format(pos))
                    .flatten();
                match board {
                    Some(text) => self.process.send(&format!("setboard {text}"))?,
                    None => {
                        for m in turn.moves {
                            self.send_move(game, m)?;
                        }
                    }
                }
            }
        }
        self.known = Some(turn.moves.len());
        self.sync(game)?;
        if let (Control::Clock(_), true) = (turn.control, self.time) {
            let cs = |d: Duration| d.as_millis() / 10;
            self.process
                .send(&format!("time {}", cs(turn.left[side.index()])))?;
            self.process
                .send(&format!("otim {}", cs(turn.left[side.opposite().index()])))?;
        }
        self.process.send("go")?;
        let wait = turn.deadline(side);
        let clock = SystemClock::default();
        loop {
            let line = self
                .process
                .next_line(wait.saturating_sub(clock.now()))
                .map_err(|s| self.process.silence(&s.of(wait), "move"))?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["move", m, ..] => {
                    self.known = Some(turn.moves.len() + 1);
                    return Ok(Reply::Move(from_xboard(game, m)));
                }
                // The old style: `1. ... e7e5`.
                [_, "...", m, ..] => {
                    self.known = Some(turn.moves.len() + 1);
                    return Ok(Reply::Move(from_xboard(game, m)));
                }
                ["resign", ..] => return Ok(Reply::Resign),
                [result @ ("1-0" | "0-1" | "1/2-1/2"), ..] => {
                    let _ = result;
                    return Ok(Reply::Claim(line.clone()));
                }
                ["Illegal", "move", ..] => {
                    return Err(format!(
                        "refused a legal move: `{}`",
                        from_xboard(game, &line)
                    ))
                }
                _ => {}
            }
        }
    }
}

/// What an external engine answered when it was to move.
enum Reply {
    /// A move, in Tessera's coordinate notation.
    Move(String),
    /// It resigned.
    Resign,
    /// It claimed the game over, without a move.
    Claim(String),
}

/// One side of a match.
pub enum Engine<'g> {
    /// Plays a random legal move, from a xorshift generator seeded with this (odd).
    Random(u64),
    /// Tessera's own search.
    Tessera(Box<Searcher<'g>>),
    /// An external UCI engine.
    Uci(Box<Uci>),
    /// An external XBoard engine.
    Xboard(Box<Xboard>),
}

/// The next number of a xorshift64 generator (`state` odd): reproducible
/// from its seed.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

impl<'g> Engine<'g> {
    /// The engine a name stands for: `random`, `tessera`, `uci:COMMAND` or
    /// `xboard:COMMAND`; `variant` is the name the external engine is told
    /// (for XBoard, `chess` is `normal`).
    pub fn named(
        spec: &str,
        game: &'g Game,
        variant: &str,
        seed: u64,
    ) -> Result<Engine<'g>, String> {
        let cannot = |cmd: &str, e: String| format!("cannot start `{cmd}`: {e}");
        if let Some(cmd) = spec.strip_prefix("uci:") {
            return Uci::start(cmd, variant)
                .map(|e| Engine::Uci(Box::new(e)))
                .map_err(|e| cannot(cmd, e));
        }
        if let Some(cmd) = spec.strip_prefix("xboard:") {
            return Xboard::start(cmd, xboard_name(variant))
                .map(|e| Engine::Xboard(Box::new(e)))
                .map_err(|e| cannot(cmd, e));
        }
        match spec {
            "random" => Ok(Engine::Random(seed | 1)),
            "tessera" => Ok(Engine::Tessera(Box::new(Searcher::new(game, 16)))),
            _ => Err(format!(
                "unknown engine `{spec}`: use `random`, `tessera`, `uci:COMMAND` or `xboard:COMMAND`"
            )),
        }
    }

    /// Readies the engine for a new game.
    fn new_game(&mut self, control: &Control) -> Result<(), String> {
        match self {
            Engine::Random(_) | Engine::Tessera(_) => Ok(()),
            Engine::Uci(e) => e.new_game(),
            Engine::Xboard(e) => e.new_game(control),
        }
    }

    /// This engine's move in `pos`, or why it loses instead.
    fn choose(
        &mut self,
        pos: &mut Position<'g>,
        record: &Record,
        turn: &Turn<'_>,
    ) -> Result<Move, String> {
        let side = pos.side_to_move();
        let text = match self {
            Engine::Random(state) => {
                let mut legal = Vec::new();
                legal_moves(pos, &mut legal);
                let n = legal.len().max(1) as u64;
                return legal
                    .get((xorshift(state) % n) as usize)
                    .copied()
                    .ok_or_else(|| "no move".to_string());
            }
            Engine::Tessera(s) => {
                let report = s
                    .search(pos, record, &turn.limits(side), |_| {})
                    .map_err(|e| e.to_string())?;
                return report
                    .pv
                    .first()
                    .copied()
                    .ok_or_else(|| "no move".to_string());
            }
            Engine::Uci(e) => e.best_move(turn, side)?,
            Engine::Xboard(e) => match e.best_move(pos, turn, side)? {
                Reply::Move(text) => text,
                Reply::Resign => return Err("resigned".to_string()),
                // A claim of its own loss is a resignation; any other claim
                // is false, since the referee found the game not over.
                Reply::Claim(claim) => {
                    let own_loss = match side {
                        Side::White => "0-1",
                        Side::Black => "1-0",
                    };
                    return Err(if claim.starts_with(own_loss) {
                        format!("resigned (`{claim}`)")
                    } else {
                        format!("claimed `{claim}`, which the rules do not give")
                    });
                }
            },
        };
        uci::parse(pos, &text).map_err(|_| format!("played `{text}`, which is not legal here"))
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
    /// The plies played, the opening's included.
    pub plies: u32,
    /// Why the game ended otherwise than by the rules or the ply cap (an
    /// engine's illegal move, failure, resignation or flag).
    pub why: Option<String>,
    /// The moves played from the start, the opening's included.
    pub moves: Vec<Move>,
    /// The time each engine (first, second) spent on its moves.
    pub time: [Duration; 2],
    /// The moves each engine (first, second) made.
    pub made: [u32; 2],
}

/// Plays one game from the start through `opening`, the first engine taking
/// `first_side`, each engine timed by its own control. An illegal move, a
/// failure or a fallen flag loses.
pub fn play_game<'g>(
    game: &'g Game,
    engines: [&mut Engine<'g>; 2],
    first_side: Side,
    controls: [&Control; 2],
    opening: &[Move],
    max_plies: u32,
) -> Played {
    let mut pos = Position::start(game);
    let mut record = Record::new(&pos);
    let mut moves: Vec<String> = Vec::new();
    let mut played: Vec<Move> = Vec::new();
    // The opening's moves by colour: the sessions of a clock count them.
    let mut opening_moves = [0u32; 2];
    for &mv in opening {
        opening_moves[pos.side_to_move().index()] += 1;
        moves.push(uci::format(game, &mv));
        played.push(mv);
        pos.make(mv);
        record.push(&pos);
    }
    // Indexed by engine: 0 the first, 1 the second.
    let mut time = [Duration::ZERO; 2];
    let mut made = [0u32; 2];
    // The game's moves by each engine's side, the opening's included: the
    // sessions of a clock count these.
    let mut side_moves = [0u32; 2];
    let mut left = controls.map(|c| match c {
        Control::Clock(tc) => tc.base,
        _ => Duration::ZERO,
    });
    let [a, b] = engines;
    let mut pair = [a, b];
    let by_side = |engine: usize| {
        if engine == 0 {
            first_side
        } else {
            first_side.opposite()
        }
    };
    for (i, n) in side_moves.iter_mut().enumerate() {
        *n = opening_moves[by_side(i).index()];
    }
    let mut failed = None;
    for (i, engine) in pair.iter_mut().enumerate() {
        if let Err(why) = engine.new_game(controls[i]) {
            failed.get_or_insert((i, why));
        }
    }
    let mut ply = played.len() as u32;
    let result_for = |loser: usize| {
        if loser == 0 {
            Result1::Loss
        } else {
            Result1::Win
        }
    };
    let ended = |result, plies, why, moves, time, made| Played {
        result,
        plies,
        why,
        moves,
        time,
        made,
    };
    if let Some((i, why)) = failed {
        return ended(result_for(i), ply, Some(why), played, time, made);
    }
    while ply < max_plies {
        if let Status::Over { winner, .. } = status_in_game(&mut pos, &record) {
            let r = match winner {
                None => Result1::Draw,
                Some(w) if w == first_side => Result1::Win,
                Some(_) => Result1::Loss,
            };
            return ended(r, ply, None, played, time, made);
        }
        let side = pos.side_to_move();
        let i = if side == first_side { 0 } else { 1 };
        // The clocks by side, as the engines are told them.
        let mut by_colour = [Duration::ZERO; 2];
        by_colour[by_side(0).index()] = left[0];
        by_colour[by_side(1).index()] = left[1];
        let turn = Turn {
            moves: &moves,
            control: controls[i],
            left: by_colour,
            made: side_moves[i],
        };
        let clock = SystemClock::default();
        let chosen = pair[i].choose(&mut pos, &record, &turn);
        let used = clock.now();
        time[i] += used;
        let mv = match chosen {
            Ok(mv) => mv,
            Err(why) => return ended(result_for(i), ply, Some(why), played, time, made),
        };
        made[i] += 1;
        side_moves[i] += 1;
        if let Control::Clock(tc) = controls[i] {
            if used > left[i] {
                let why = format!(
                    "lost on time: {:.2} s for a move with {:.2} s left",
                    used.as_secs_f64(),
                    left[i].as_secs_f64()
                );
                return ended(result_for(i), ply, Some(why), played, time, made);
            }
            left[i] = left[i] - used + tc.increment;
            if tc.moves.is_some_and(|m| side_moves[i] % m == 0) {
                left[i] += tc.base;
            }
        }
        moves.push(uci::format(game, &mv));
        played.push(mv);
        pos.make(mv);
        record.push(&pos);
        ply += 1;
    }
    ended(Result1::Draw, ply, None, played, time, made)
}

/// Where a match's games start from.
pub enum Openings {
    /// Every game from the start position.
    Start,
    /// Seeded random legal plies from the start: this many, from this seed.
    Random {
        /// Plies each opening plays.
        plies: u32,
        /// The seed of the first opening; the others follow from it.
        seed: u64,
    },
    /// The lines of a book, in turn.
    Book(Vec<Vec<String>>),
}

impl Openings {
    /// Reads a book: one opening a line, its moves in the game's
    /// coordinate notation or in SAN, separated by spaces; move numbers
    /// (`1.`), blank lines and lines starting with `#` are skipped.
    pub fn book(text: &str) -> Openings {
        let lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| {
                l.split_whitespace()
                    .filter(|w| !w.ends_with('.'))
                    .map(str::to_string)
                    .collect()
            })
            .collect();
        Openings::Book(lines)
    }

    /// The moves of opening number `n` (from 0), or why it cannot be played.
    ///
    /// # Errors
    /// A book line with a move that is not legal, said with its place.
    pub fn opening(&self, game: &Game, n: usize) -> Result<Vec<Move>, String> {
        match self {
            Openings::Start => Ok(Vec::new()),
            Openings::Random { plies, seed } => Ok(random_opening(game, *plies, *seed, n)),
            Openings::Book(lines) => {
                if lines.is_empty() {
                    return Ok(Vec::new());
                }
                let line = &lines[n % lines.len()];
                let mut pos = Position::start(game);
                let mut moves = Vec::new();
                for text in line {
                    let mv = uci::parse(&mut pos, text)
                        .or_else(|_| san::parse(&pos, text).map_err(|e| e.to_string()))
                        .map_err(|_| {
                            format!(
                                "the opening `{}` (line {} of the book): `{text}` is not legal there",
                                line.join(" "),
                                n % lines.len() + 1
                            )
                        })?;
                    pos.make(mv);
                    moves.push(mv);
                }
                Ok(moves)
            }
        }
    }
}

/// `plies` random legal plies from the start, drawn from `seed` and the
/// opening's number; a line that ends the game is drawn again (a few times,
/// then cut short before its end).
fn random_opening(game: &Game, plies: u32, seed: u64, n: usize) -> Vec<Move> {
    let mut state = (seed ^ (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
    let mut best = Vec::new();
    for _attempt in 0..20 {
        let mut pos = Position::start(game);
        let mut record = Record::new(&pos);
        let mut line = Vec::new();
        let mut legal = Vec::new();
        for _ in 0..plies {
            legal.clear();
            legal_moves(&mut pos, &mut legal);
            if legal.is_empty() {
                break;
            }
            let mv = legal[(xorshift(&mut state) % legal.len() as u64) as usize];
            pos.make(mv);
            record.push(&pos);
            if matches!(status_in_game(&mut pos, &record), Status::Over { .. }) {
                break;
            }
            line.push(mv);
        }
        if line.len() as u32 == plies {
            return line;
        }
        if line.len() > best.len() {
            best = line;
        }
    }
    best
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
