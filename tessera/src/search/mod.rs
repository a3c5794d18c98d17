//! A search that plays any game: iterative deepening negamax with aspiration
//! windows and principal variation search, a transposition table, check
//! extensions, quiescence on captures and promotions, null-move, futility
//! and late-move pruning, late-move and internal iterative reductions, and
//! move ordering (the table's move, most valuable victim first, killers,
//! countermoves, history). docs/performance.md says what each part does.
//!
//! It knows no game: the end of a game and who won come from the goals
//! (`engine::outcome`), the worth of a position from the rule file
//! (`eval::Evaluator`). It depends on the engine only, and the command line,
//! the protocols and the terminal play on top of it.

pub mod clock;
pub mod eval;
mod exchange;

use crate::engine::attack::{in_check, is_attacked};
use crate::engine::keys;
use crate::engine::legal::{filter_legal, generate_legal};
use crate::engine::outcome::{rule_end, status, Status};
use crate::engine::pseudo::generate_pseudo_legal;
use crate::engine::{Move, MoveKind, Position, RawMove, Record};
use crate::game::{kind_of, Outcome};
use clock::Clock;
use eval::Evaluator;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A score at least this high is a won game (mate or another goal), the
/// distance to it in plies below.
pub const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1_000;
/// Deeper than any search goes.
const MAX_PLY: usize = 128;

/// When to stop searching. A field left `None` sets no limit, and
/// `Limits::default()` sets none at all: such a search deepens up to 120
/// plies, which in any real game means it runs until the searcher's
/// [`Searcher::stop`] flag is raised (as UCI's `go infinite` wants). Give a
/// depth, a number of nodes or a time ([`Limits::given`] gives a time where
/// none is given) for a search that ends by itself.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Search at most this many plies deep.
    pub depth: Option<u32>,
    /// Search at most this many nodes (checked every 1024 nodes).
    pub nodes: Option<u64>,
    /// Search at most this long, as the searcher's [`Clock`] tells. No new
    /// iteration starts once a share of it has passed: half of it, less
    /// while the best move stays the same from one iteration to the next
    /// (the time saved is the clock's for later moves), more when it
    /// changes or the score falls (see `time_share`). On a clock where no
    /// time passes ([`clock::StoppedClock`]) this alone never ends a search.
    pub time: Option<Duration>,
}

impl Limits {
    /// The limits a command gives: a depth, a number of nodes, milliseconds a
    /// move; `default_ms` milliseconds when it gives none of them.
    pub fn given(
        depth: Option<u32>,
        nodes: Option<u64>,
        movetime: Option<u64>,
        default_ms: u64,
    ) -> Limits {
        let unlimited = depth.is_none() && nodes.is_none();
        let ms = movetime.or(unlimited.then_some(default_ms));
        Limits {
            depth,
            nodes,
            time: ms.map(Duration::from_millis),
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug)]
pub struct Report {
    /// The depth of the iteration, in plies.
    pub depth: u32,
    /// For the side to move, in centipawns, or near [`WIN`] for a won game.
    pub score: i32,
    /// The nodes searched since the search started.
    pub nodes: u64,
    /// The time since the search started.
    pub elapsed: Duration,
    /// The principal variation, the best move first.
    pub pv: Vec<Move>,
}

impl Report {
    /// Plies to the end of a won (positive) or lost (negative) game, if the
    /// score is one.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score.abs() >= WIN - MAX_PLY as i32 {
            let plies = WIN - self.score.abs();
            Some(if self.score > 0 { plies } else { -plies })
        } else {
            None
        }
    }
}

/// A transposition table entry.
#[derive(Copy, Clone)]
struct Entry {
    key: u64,
    mv: Option<RawMove>,
    score: i32,
    depth: u8,
    bound: Bound,
    /// The search that wrote it (`Searcher::age`): entries of earlier
    /// searches give way to any new one.
    age: u8,
}

#[derive(Copy, Clone, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// A search of one game, keeping its tables between searches. It searches
/// positions of its game only ([`Searcher::search`] refuses others).
pub struct Searcher<'g> {
    eval: Evaluator,
    keys: keys::Keys,
    table: Vec<Option<Entry>>,
    killers: Vec<[Option<RawMove>; 2]>,
    /// Per kind and destination cell: how often a quiet move cut off.
    history: Vec<i32>,
    /// Per kind and destination cell of a move (its `history_index`): the
    /// quiet move that last refuted it.
    countermoves: Vec<Option<RawMove>>,
    /// Per ply: the `history_index` of the move that led there, if any.
    previous: Vec<Option<usize>>,
    cells: usize,
    nodes: u64,
    limits: Limits,
    clock: Box<dyn Clock>,
    started: Duration,
    stopped: bool,
    /// The repetition keys (`Keys::repetition_key`) of the game's positions
    /// before the root, then of the positions on the path from the root:
    /// where repetitions are found.
    keys_before: Vec<u64>,
    path: Vec<u64>,
    /// Whether a null move may prune in this game (see `null_move_allowed`).
    null_moves: bool,
    /// Counts searches, so that the table prefers this search's entries.
    age: u8,
    /// The depth of the iteration under way.
    root_depth: i32,
    /// The best root move of the iteration under way and its score, once
    /// one is known: what a search stopped in mid-iteration plays.
    root_best: Option<(RawMove, i32)>,
    /// The smallest worth of a piece that counts (the game's pawn, in
    /// effect): the unit of the pruning margins, so that they scale with
    /// the game's own values.
    margin: i32,
    /// Late-move reductions by depth and move number (see `reductions`).
    reductions: Vec<u8>,
    /// Set from outside (a protocol's `stop`, a client gone) to end the
    /// search. The search never clears it, so a flag raised before the search
    /// starts ends it at once; a caller that reuses a flag clears it first.
    pub stop: std::sync::Arc<AtomicBool>,
    game: &'g crate::Game,
}

impl<'g> Searcher<'g> {
    /// A searcher for `game` with a table of about `megabytes`, timed by the
    /// system's clock (none on `wasm32-unknown-unknown`: see
    /// [`clock::default_clock`] and [`Searcher::with_clock`]). Any size is
    /// safe: see [`Searcher::with_clock`].
    pub fn new(game: &'g crate::Game, megabytes: usize) -> Searcher<'g> {
        Searcher::with_clock(game, megabytes, clock::default_clock())
    }

    /// A searcher for `game` with a table of about `megabytes`, timed by `clock`.
    ///
    /// The table takes at most [`MAX_TABLE_MEGABYTES`], and where the
    /// allocator refuses that much, half as much again and again (down to a
    /// small table that always fits), so that no size a caller asks for
    /// panics or aborts; [`Searcher::table_megabytes`] says what it got.
    pub fn with_clock(
        game: &'g crate::Game,
        megabytes: usize,
        clock: Box<dyn Clock>,
    ) -> Searcher<'g> {
        let eval = Evaluator::new(game);
        let margin = eval.pawn();
        let mut searcher = Searcher {
            eval,
            keys: keys::Keys::new(game),
            table: table_of(megabytes),
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; game.pieces.len() * game.cell_count()],
            countermoves: vec![None; game.pieces.len() * game.cell_count()],
            previous: vec![None; MAX_PLY + 2],
            cells: game.cell_count(),
            nodes: 0,
            limits: Limits::default(),
            started: clock.now(),
            clock,
            stopped: false,
            keys_before: Vec::new(),
            path: vec![0; MAX_PLY + 1],
            null_moves: null_move_allowed(game),
            age: 0,
            root_depth: 0,
            root_best: None,
            margin: 0,
            reductions: reductions(),
            stop: std::sync::Arc::new(AtomicBool::new(false)),
            game,
        };
        searcher.margin = margin;
        searcher
    }

    /// The size of the transposition table, in megabytes (rounded down; 0
    /// for the smallest table, of less than one).
    pub fn table_megabytes(&self) -> usize {
        (self.table.len() * std::mem::size_of::<Option<Entry>>()) >> 20
    }

    /// Whether `pos` is a position of this searcher's game (or of a clone
    /// of it), the only positions it searches.
    pub fn plays(&self, pos: &Position<'_>) -> bool {
        pos.game().id() == self.game.id()
    }

    /// The evaluator, for callers that show a static score.
    pub fn evaluator(&self) -> &Evaluator {
        &self.eval
    }

    /// Searches `pos`, the last position of `record`, within `limits`,
    /// calling `on_iteration` after each finished depth; returns the last
    /// finished iteration (depth 0 with no move where the game is over).
    /// The moves of its reports carry the game's identity, as every move the
    /// library hands out does.
    ///
    /// # Errors
    /// [`OtherGame`] for a position of a game other than the searcher's
    /// (its tables, evaluation and keys are the searcher's game's); nothing
    /// is searched.
    pub fn search(
        &mut self,
        pos: &mut Position<'g>,
        record: &Record,
        limits: &Limits,
        mut on_iteration: impl FnMut(&Report),
    ) -> Result<Report, OtherGame> {
        if !self.plays(pos) {
            return Err(OtherGame);
        }
        let before = record.keys();
        self.keys_before.clear();
        self.keys_before
            .extend_from_slice(&before[..before.len().saturating_sub(1)]);
        self.limits = limits.clone();
        self.started = self.clock.now();
        self.nodes = 0;
        self.stopped = self.stop.load(Ordering::Relaxed);
        for k in &mut self.killers {
            *k = [None; 2];
        }
        self.previous[0] = None;
        for h in &mut self.history {
            *h /= 8;
        }
        self.age = self.age.wrapping_add(1);
        let mut roots = Vec::new();
        generate_legal(pos, &mut roots);
        let mut best = Report {
            depth: 0,
            score: self
                .static_end(pos)
                .unwrap_or_else(|| self.eval.evaluate(pos)),
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
        };
        if roots.is_empty() {
            return Ok(best);
        }
        // A move, whatever happens: the first legal one.
        best.pv = vec![roots[0].of(self.game)];
        let most = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        // Iterations in a row that kept the best move: the time to spend.
        let mut kept = 0u32;
        for depth in 1..=most {
            self.root_depth = depth as i32;
            self.root_best = None;
            let score = self.aspiration(pos, depth as i32, best.score);
            if self.stopped && depth > 1 {
                // A move this unfinished iteration found better than the
                // last iteration's best (searched first) is played.
                if let Some((mv, s)) = self.root_best {
                    let mv = mv.of(self.game);
                    if best.pv.first() != Some(&mv) {
                        best.pv = vec![mv];
                        best.score = s;
                    }
                }
                best.nodes = self.nodes;
                best.elapsed = self.elapsed();
                break;
            }
            // The moves a program receives carry the game's identity.
            let pv: Vec<Move> = (self.principal_variation(pos, depth as usize).into_iter())
                .map(|mv| mv.of(self.game))
                .collect();
            let last = (best.pv.first().copied(), best.score);
            kept = if depth > 1 && pv.first().copied() == last.0 {
                kept + 1
            } else {
                0
            };
            let falling = depth > 1 && score < last.1 - self.margin / 2;
            best = Report {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.elapsed(),
                pv: if pv.is_empty() { best.pv } else { pv },
            };
            on_iteration(&best);
            if self.stopped || score.abs() >= WIN - depth as i32 {
                break;
            }
            // Another iteration takes a few times the last: don't start one
            // that has little chance to finish or to change the move (an
            // unfinished one still may: see above).
            if let Some(t) = limits.time {
                if self.elapsed() > t.mul_f64(time_share(kept, falling)) {
                    break;
                }
            }
        }
        Ok(best)
    }

    /// The time since the search started, by the searcher's clock.
    fn elapsed(&self) -> Duration {
        self.clock.now().saturating_sub(self.started)
    }

    /// The score of a position whose game is over before anyone moves, if it is.
    fn static_end(&self, pos: &mut Position<'_>) -> Option<i32> {
        rule_end(pos).map(|s| end_score(pos, s, 0))
    }

    fn out_of_time(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.nodes.is_multiple_of(1024) {
            let late = self.limits.time.is_some_and(|t| self.elapsed() >= t);
            let many = self.limits.nodes.is_some_and(|n| self.nodes >= n);
            if late || many || self.stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
        }
        self.stopped
    }

    /// One iteration at the root, first within a window around the last
    /// iteration's score (most iterations land there, and a narrow window
    /// cuts more), widened on the side it fails until the score is inside.
    fn aspiration(&mut self, pos: &mut Position<'g>, depth: i32, last: i32) -> i32 {
        if depth < 4 || last.abs() >= WIN - MAX_PLY as i32 {
            return self.negamax(pos, depth, 0, -INFINITY, INFINITY);
        }
        let mut delta = (self.margin / 4).max(10);
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.negamax(pos, depth, 0, alpha, beta);
            if self.stopped {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITY);
            } else if score >= beta {
                beta = (score + delta).min(INFINITY);
            } else {
                return score;
            }
            delta = delta.saturating_mul(2);
            if delta > 8 * self.margin.max(50) {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }

    fn negamax(
        &mut self,
        pos: &mut Position<'g>,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if ply > 0 && self.out_of_time() {
            return 0;
        }
        if let Some(end) = rule_end(pos) {
            return end_score(pos, end, ply);
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.quiescence(pos, ply, alpha, beta, 0);
        }
        let key = self.keys.key(pos);
        // Repetitions are told apart as the game's record tells them.
        let repetition_key = self.keys.repetition_key_of(pos, key);
        self.path[ply] = repetition_key;
        if ply > 0 {
            if let Some(score) = self.record_goal_score(pos, repetition_key, ply) {
                return score;
            }
            // No line from here beats a win at this very ply or loses
            // faster than a loss here: a shorter win found elsewhere ends
            // the search of this node.
            alpha = alpha.max(-(WIN - ply as i32));
            beta = beta.min(WIN - ply as i32);
            if alpha >= beta {
                return alpha;
            }
        }
        let pv_node = beta - alpha > 1;
        let slot = (key as usize) & (self.table.len() - 1);
        let mut table_move = None;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
            table_move = e.mv;
            if ply > 0 && e.depth as i32 >= depth {
                let s = from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        // A node the table knows nothing of is searched a ply shallower
        // first (internal iterative reduction): if it matters, the next
        // iteration finds it again with a move to try first.
        let depth = if depth >= 4 && table_move.is_none() {
            depth - 1
        } else {
            depth
        };
        let checked = in_check(pos, pos.side_to_move());
        let static_eval = if checked {
            -INFINITY
        } else {
            self.eval.evaluate(pos)
        };
        let not_mate = |s: i32| s.abs() < WIN - MAX_PLY as i32;
        // Reverse futility: a position so far above beta that a few plies
        // will not bring it down is not searched.
        if !pv_node
            && !checked
            && ply > 0
            && depth <= 6
            && not_mate(beta)
            && static_eval - self.margin * depth >= beta
        {
            return static_eval;
        }
        // Null move: if passing the turn still leaves the side to move at or
        // above beta, a real move will too (a zugzwang is the exception,
        // hence only with pieces besides pawns and royal ones).
        if self.null_moves
            && !pv_node
            && ply > 0
            && depth >= 3
            && !checked
            && not_mate(beta)
            && static_eval >= beta
            && self.has_big_pieces(pos)
        {
            let reduction = 3 + depth / 4;
            let undo = pos.make_raw(RawMove::pass(crate::game::NO_CELL));
            self.previous[ply + 1] = None;
            let s = -self.negamax(pos, depth - 1 - reduction, ply + 1, -beta, -beta + 1);
            pos.unmake(undo);
            if self.stopped {
                return 0;
            }
            if s >= beta {
                return if not_mate(s) { s } else { beta };
            }
        }
        let mut moves = Vec::new();
        generate_legal(pos, &mut moves);
        if moves.is_empty() {
            let end = status(pos);
            return end_score(pos, end, ply);
        }
        self.order(pos, &mut moves, table_move, ply);
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut quiets_tried: Vec<RawMove> = Vec::new();
        // Quiet moves this far below alpha cannot reach it in a few plies.
        let futile = !checked && depth <= 3 && static_eval + self.margin * (1 + 2 * depth) <= alpha;
        let late_moves = 3 + 2 * depth * depth;
        for (i, &mv) in moves.iter().enumerate() {
            let quiet = !pos.captures(&mv) && !lasting_promotion(pos, &mv);
            let killer = killers.contains(&Some(mv));
            let history = if quiet { self.history_of(pos, &mv) } else { 0 };
            self.previous[ply + 1] = self.history_index(pos, &mv);
            let undo = pos.make_raw(mv);
            let gives_check = in_check(pos, pos.side_to_move());
            // At the last plies, late quiet moves and hopeless ones are not
            // searched at all, once a move has been (a check always is).
            if quiet
                && !gives_check
                && ply > 0
                && i > 0
                && not_mate(best_score)
                && depth <= 4
                && !killer
                && (futile || quiets_tried.len() as i32 >= late_moves)
            {
                pos.unmake(undo);
                continue;
            }
            // A check is searched a ply deeper (so that a mating attack is
            // followed), as long as the path stays within twice the depth.
            let extension = i32::from(gives_check && (ply as i32) < 2 * self.root_depth);
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.negamax(pos, new_depth, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves, ordered last for a reason, are searched
                // shallower first; one that surprises is searched again.
                let reduction = if quiet && depth >= 3 && i >= 2 && !checked && !gives_check {
                    let mut r = i32::from(self.reductions[reduction_index(depth, i)]);
                    r -= i32::from(pv_node) + i32::from(killer);
                    r += i32::from(history < 0);
                    r.clamp(0, new_depth - 1)
                } else {
                    0
                };
                // Principal variation search: prove the move is no better
                // with a null window, search it fully only if it is.
                let mut s = -self.negamax(pos, new_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if reduction > 0 && s > alpha {
                    s = -self.negamax(pos, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    -self.negamax(pos, new_depth, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            pos.unmake(undo);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
            }
            if score > alpha {
                alpha = score;
                if ply == 0 {
                    self.root_best = Some((mv, score));
                }
            }
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(pos, mv, &quiets_tried, depth, ply);
                }
                break;
            }
            if quiet {
                quiets_tried.push(mv);
            }
        }
        if best_score == -INFINITY {
            // Every move was pruned but the first cannot be: unreachable,
            // but a score all the same.
            best_score = alpha;
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        // An entry of this search at least as deep is kept: it cost more.
        let keep = self.table[slot]
            .is_some_and(|e| e.age == self.age && e.key != key && e.depth as i32 > depth);
        if !keep {
            self.table[slot] = Some(Entry {
                key,
                mv: best_move.or(table_move),
                score: to_table(best_score, ply),
                depth: depth.clamp(0, 255) as u8,
                bound,
                age: self.age,
            });
        }
        best_score
    }

    /// The score that the goals on the game's record give a position inside
    /// the tree, if they end it: a position seen before on the path or in the
    /// game counts as the repetition goal's outcome (a draw where the game has
    /// none, since going round in circles gains nothing); the clock and
    /// material goals as the engine states them, a mate taking precedence.
    fn record_goal_score(&mut self, pos: &mut Position<'g>, key: u64, ply: usize) -> Option<i32> {
        let goals = &self.game.goals.record_goals;
        let seen = self.path[..ply].contains(&key) || self.keys_before.contains(&key);
        if seen {
            let mut outcome = goals.repetition.map_or(Outcome::Draws, |(_, o)| o);
            // `repeated N times SIDE OUTCOME`: the other side's outcome turned.
            if goals
                .repetition_side
                .is_some_and(|s| s != pos.side_to_move())
            {
                outcome = match outcome {
                    Outcome::Wins => Outcome::Loses,
                    Outcome::Loses => Outcome::Wins,
                    o => o,
                };
            }
            return Some(outcome_score(outcome, ply));
        }
        if goals.clock.is_none() && goals.material.is_none() {
            return None;
        }
        let end = crate::engine::outcome::clock_or_material_end(pos)?;
        if in_check(pos, pos.side_to_move()) {
            let mut moves = Vec::new();
            generate_legal(pos, &mut moves);
            if moves.is_empty() {
                return None;
            }
        }
        Some(end_score(pos, end, ply))
    }

    /// Captures only, until the position is quiet; the side to move may
    /// also stand pat on the evaluation.
    fn quiescence(
        &mut self,
        pos: &mut Position<'g>,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        qdepth: u32,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        if let Some(end) = rule_end(pos) {
            return end_score(pos, end, ply);
        }
        let mut moves = Vec::new();
        let checked = in_check(pos, pos.side_to_move());
        if checked {
            // In check, every legal move, so that a mate is seen.
            generate_legal(pos, &mut moves);
            if moves.is_empty() {
                let end = status(pos);
                return end_score(pos, end, ply);
            }
        }
        let stand = self.eval.evaluate(pos);
        if stand >= beta || qdepth >= 8 || ply >= MAX_PLY {
            return stand;
        }
        alpha = alpha.max(stand);
        // Only captures and promotions; out of check, they alone are tested
        // for legality: the quiet moves, most of them, need no test.
        if !checked {
            generate_pseudo_legal(pos, &mut moves);
        }
        moves.retain(|m| pos.captures(m) || lasting_promotion(pos, m));
        if !checked {
            // A capture that even with its victim's worth and a margin
            // stays below alpha (delta pruning), or that loses the capturer
            // for less, is not tried; neither where captures are forced
            // (every move is one) or count against their maker.
            if !self.game.rules.forced_capture && self.eval.material_helps() {
                let floor = alpha - stand - 2 * self.margin;
                moves.retain(|m| {
                    lasting_promotion(pos, m)
                        || (self.eval.piece_worth(self.victim(pos, m)) > floor
                            && !self.loses_material(pos, m))
                });
            }
            filter_legal(pos, &mut moves);
        }
        self.order(pos, &mut moves, None, ply);
        for &mv in &moves {
            let undo = pos.make_raw(mv);
            let score = -self.quiescence(pos, ply + 1, -beta, -alpha, qdepth + 1);
            pos.unmake(undo);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The piece `mv` captures (0 for none).
    fn victim(&self, pos: &Position<'_>, mv: &RawMove) -> u8 {
        if mv.kind == MoveKind::EnPassant {
            pos.at(mv.aux)
        } else if (mv.to as usize) < self.cells {
            pos.at(mv.to)
        } else {
            0
        }
    }

    /// Whether the capture `mv` likely loses material: the capturer is
    /// worth clearly more than its victim and the opponent guards the cell
    /// (a static exchange cut short after the first recapture).
    fn loses_material(&self, pos: &Position<'_>, mv: &RawMove) -> bool {
        let gain = self.eval.piece_worth(self.victim(pos, mv));
        let risk = self.eval.piece_worth(self.mover(pos, mv));
        risk > gain + self.margin / 2
            && (mv.to as usize) < self.cells
            && is_attacked(pos, mv.to, pos.side_to_move().opposite())
    }

    /// Orders moves best first: the table's move, captures by most valuable
    /// victim and least valuable attacker, promotions, killers, history,
    /// and captures that likely lose material after the killers.
    fn order(
        &self,
        pos: &Position<'_>,
        moves: &mut [RawMove],
        table_move: Option<RawMove>,
        ply: usize,
    ) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let counter = self.previous[ply.min(MAX_PLY)].and_then(|i| self.countermoves[i]);
        let judge_captures = self.eval.material_helps();
        let mut keyed: Vec<(i32, RawMove)> = moves
            .iter()
            .map(|&mv| {
                let score = if Some(mv) == table_move {
                    1 << 30
                } else if pos.captures(&mv) {
                    let victim = self.victim(pos, &mv);
                    let attacker = self.mover(pos, &mv);
                    let mvv_lva =
                        16 * self.eval.piece_worth(victim) - self.eval.piece_worth(attacker) / 16;
                    if judge_captures && self.loses_material(pos, &mv) {
                        (1 << 25) + mvv_lva
                    } else {
                        (1 << 28) + mvv_lva
                    }
                } else if let Some(k) = mv.promotes_to() {
                    (1 << 27) + self.eval.worth[k as usize]
                } else if killers.contains(&Some(mv)) {
                    1 << 26
                } else if counter == Some(mv) {
                    (1 << 26) - 1
                } else {
                    self.history_of(pos, &mv)
                };
                (score, mv)
            })
            .collect();
        keyed.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        for (slot, (_, mv)) in moves.iter_mut().zip(keyed) {
            *slot = mv;
        }
    }

    /// The piece that moves (for drops, the dropped piece).
    fn mover(&self, pos: &Position<'_>, mv: &RawMove) -> u8 {
        if mv.is_from_pool() {
            mv.piece
        } else if mv.from as usize >= self.cells {
            0
        } else {
            pos.at(mv.from)
        }
    }

    fn history_index(&self, pos: &Position<'_>, mv: &RawMove) -> Option<usize> {
        let piece = self.mover(pos, mv);
        (piece != 0 && (mv.to as usize) < self.cells)
            .then(|| kind_of(piece) as usize * self.cells + mv.to as usize)
    }

    fn history_of(&self, pos: &Position<'_>, mv: &RawMove) -> i32 {
        self.history_index(pos, mv).map_or(0, |i| self.history[i])
    }

    /// A quiet move cut off: it becomes a killer and the countermove of the
    /// move before it, its history rises, and
    /// the quiet moves tried before it in vain fall. Each change moves the
    /// score part of the way to its bound (`HISTORY_MAX`), so that old
    /// successes fade and no score overflows.
    fn remember_cutoff(
        &mut self,
        pos: &Position<'_>,
        mv: RawMove,
        tried: &[RawMove],
        depth: i32,
        ply: usize,
    ) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 8);
        let nudge = |h: &mut i32, by: i32| *h += by - *h * by.abs() / HISTORY_MAX;
        if let Some(i) = self.history_index(pos, &mv) {
            nudge(&mut self.history[i], bonus);
        }
        if let Some(p) = self.previous[ply.min(MAX_PLY)] {
            self.countermoves[p] = Some(mv);
        }
        for m in tried {
            if let Some(i) = self.history_index(pos, m) {
                nudge(&mut self.history[i], -bonus);
            }
        }
    }

    /// The table's best moves from `pos`, as far as they are legal and known.
    fn principal_variation(&mut self, pos: &mut Position<'g>, most: usize) -> Vec<RawMove> {
        let mut pv = Vec::new();
        let mut undos = Vec::new();
        let mut moves = Vec::new();
        for _ in 0..most {
            let key = self.keys.key(pos);
            let slot = (key as usize) & (self.table.len() - 1);
            let Some(mv) = self.table[slot].filter(|e| e.key == key).and_then(|e| e.mv) else {
                break;
            };
            generate_legal(pos, &mut moves);
            if !moves.contains(&mv) {
                break;
            }
            pv.push(mv);
            undos.push(pos.make_raw(mv));
        }
        while let Some(u) = undos.pop() {
            pos.unmake(u);
        }
        pv
    }

    /// Whether the side to move has a piece worth more than a pawn besides
    /// its royal ones: without one, zugzwang is common and a null move lies.
    fn has_big_pieces(&self, pos: &Position<'_>) -> bool {
        let side = pos.side_to_move();
        let royals = pos.royals(side);
        pos.occupied(side)
            .iter()
            .any(|c| !royals.contains(c) && self.eval.piece_worth(pos.at(c)) > 150)
    }

    /// The game this searcher plays.
    pub fn game(&self) -> &'g crate::Game {
        self.game
    }
}

/// The share of a search's time after which no new iteration starts, from
/// the iterations in a row that kept the best move and whether the last
/// one's score fell: a settled move is played sooner, a doubtful one is
/// given the time to be resolved.
fn time_share(kept: u32, falling: bool) -> f64 {
    let share = match kept {
        0 => 0.6,
        1 => 0.5,
        2 | 3 => 0.4,
        _ => 0.3,
    };
    if falling {
        share + 0.2
    } else {
        share
    }
}

/// The bound of a history score, either way.
const HISTORY_MAX: i32 = 1 << 14;

/// Late-move reductions, in plies, by depth and move number (each below
/// 64): half a ply plus the product of their logarithms over 2.25, so that
/// deep searches skim their late moves and shallow ones hardly.
fn reductions() -> Vec<u8> {
    let mut table = vec![0u8; 64 * 64];
    for d in 1..64usize {
        for i in 1..64usize {
            let r = 0.5 + (d as f64).ln() * (i as f64).ln() / 2.25;
            table[d * 64 + i] = r as u8;
        }
    }
    table
}

fn reduction_index(depth: i32, i: usize) -> usize {
    depth.clamp(0, 63) as usize * 64 + i.min(63)
}

/// The largest transposition table a searcher takes, in megabytes: 1 GiB,
/// which a search of minutes does not fill.
pub const MAX_TABLE_MEGABYTES: usize = 1024;

/// A transposition table of about `megabytes` (at most
/// [`MAX_TABLE_MEGABYTES`]), a power of two of entries, halved until the
/// allocator grants it, and of 1,024 entries at the least.
fn table_of(megabytes: usize) -> Vec<Option<Entry>> {
    let bytes = megabytes.clamp(1, MAX_TABLE_MEGABYTES) << 20;
    let mut entries = (bytes / std::mem::size_of::<Option<Entry>>()).next_power_of_two() / 2;
    loop {
        entries = entries.max(1024);
        let mut table = Vec::new();
        if entries == 1024 || table.try_reserve_exact(entries).is_ok() {
            table.resize(entries, None);
            return table;
        }
        entries /= 2;
    }
}

/// A position refused by [`Searcher::search`]: of a game other than the
/// searcher's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OtherGame;

impl std::fmt::Display for OtherGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the position is of another game than the searcher's")
    }
}

impl std::error::Error for OtherGame {}

/// Whether `mv` promotes a piece on the board for good: not a demotion, not
/// a promotion the new piece can take back (the tiles of kyoto shogi, which
/// turn over with every move), not a piece dropped as its promoted form. The
/// quiescence search follows these with the captures.
fn lasting_promotion(pos: &Position<'_>, mv: &RawMove) -> bool {
    match mv.promotes_to() {
        Some(k) if !mv.is_from_pool() && !mv.demotes() => {
            let mover = &pos.game().pieces[kind_of(pos.at(mv.from)) as usize];
            mover.undoable_promotions & 1u128 << k == 0
        }
        _ => false,
    }
}

/// The score of a finished game for the side to move at `ply`: a win nearer
/// the root is better, a loss further away less bad.
fn end_score(pos: &Position<'_>, s: Status, ply: usize) -> i32 {
    match s {
        Status::Ongoing => 0,
        Status::Over { winner: None, .. } => 0,
        Status::Over {
            winner: Some(w), ..
        } => {
            if w == pos.side_to_move() {
                WIN - ply as i32
            } else {
                -(WIN - ply as i32)
            }
        }
    }
}

/// Whether passing the turn is a fair test in this game: not where passes,
/// turns of several parts or a placed neutral piece give the turn meaning
/// beyond the move, nor where captures are forced or moves are few by rule.
fn null_move_allowed(game: &crate::Game) -> bool {
    !game.rules.pass
        && game.goals.facing.is_none()
        && game.goals.passes_goal.is_none()
        && game.rules.phases.is_empty()
        && game.rules.walling.is_none()
        && !game.rules.forced_capture
        && game.rules.gating.is_none()
}

/// The score of an outcome for the side to move at `ply`, where nothing is
/// counted: a win, a loss or a draw.
fn outcome_score(outcome: Outcome, ply: usize) -> i32 {
    match outcome {
        Outcome::Wins => WIN - ply as i32,
        Outcome::Loses => -(WIN - ply as i32),
        Outcome::Draws | Outcome::Counts => 0,
    }
}

/// Win scores are stored as distances from the node, not from the root.
fn to_table(score: i32, ply: usize) -> i32 {
    if score >= WIN - MAX_PLY as i32 {
        score + ply as i32
    } else if score <= -(WIN - MAX_PLY as i32) {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score >= WIN - MAX_PLY as i32 {
        score - ply as i32
    } else if score <= -(WIN - MAX_PLY as i32) {
        score + ply as i32
    } else {
        score
    }
}
