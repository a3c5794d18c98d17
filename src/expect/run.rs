//! Expectations against a game: resolving the named positions, then
//! checking each expectation.

use super::parse::{reason_word, Check, End, Expectation, File, Outcome, Source};
use indexmap::IndexMap;
use tessera::engine::legal::legal_moves;
use tessera::engine::outcome::{status_in_game, Reason, Status};
use tessera::engine::{Position, Record};
use tessera::game::{Game, Side};
use tessera::notation::{self, fen, uci};
use tessera::Diagnostic;

/// An expectation file resolved against its game: every position built,
/// with the record of the moves that led to it (for repetitions), or why it
/// cannot be built.
pub struct Suite<'g> {
    positions: IndexMap<String, Result<(Position<'g>, Record), Unreachable>>,
    /// The expectations, in file order.
    pub expectations: Vec<Expectation>,
}

/// Why a named position cannot be built under the rules as they are now: its
/// FEN does not fit, or one of its moves is not legal, in it or in the position
/// it starts from. A change of rules does this, so it fails the expectations
/// on that position only, and the others still run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreachable {
    /// The position the expectation names.
    pub position: String,
    /// The unreachable position it is built from, if the cause lies there.
    pub via: Option<String>,
    /// The first problem met on the way, at its place in the expectation file.
    pub cause: Diagnostic,
}

/// What checking one expectation found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// It holds; with a note to show beside `ok`.
    Pass(Option<String>),
    /// It does not hold: what differs.
    Fail(String),
    /// Its position cannot be built, so it could not be checked.
    Unreachable(Unreachable),
    /// A snapshot expectation: the text to compare with the stored snapshot.
    Snapshot(String),
    /// Not run, and why.
    Skip(String),
}

/// Builds every named position of `file` and checks that each expectation
/// names one, and that no two expectations share a name.
///
/// A position whose FEN or moves the rules refuse is kept as [`Unreachable`]
/// rather than an error: those are the consequences of the rules that the
/// expectations are there to show.
///
/// # Errors
/// Every mistake of the file itself (a name given twice, an unknown name),
/// each with the span of the offending text.
pub fn resolve<'g>(game: &'g Game, file: &File) -> Result<Suite<'g>, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let mut positions: IndexMap<String, Result<(Position<'g>, Record), Unreachable>> =
        IndexMap::new();
    let start = Position::start(game);
    positions.insert("start".into(), Ok((start.clone(), Record::new(&start))));
    let mut declared = vec!["start"];
    declared.extend(file.positions.iter().map(|d| d.name.text.as_str()));
    for decl in &file.positions {
        if positions.contains_key(&decl.name.text) {
            errors.push(Diagnostic::new(
                decl.name.span,
                format!("position `{}` is named twice", decl.name.text),
            ));
            continue;
        }
        let unreachable = |cause: Diagnostic| Unreachable {
            position: decl.name.text.clone(),
            via: None,
            cause,
        };
        let from = match &decl.source {
            Source::Fen(w) => (if decl.unchecked {
                fen::parse_unchecked
            } else {
                fen::parse
            })(game, &w.text)
            .map(|p| {
                let r = Record::new(&p);
                (p, r)
            })
            .map_err(|e| unreachable(Diagnostic::new(w.span, format!("bad FEN: {e}")))),
            Source::Notation(w) => (if decl.unchecked {
                notation::position::parse_unchecked
            } else {
                notation::position::parse
            })(game, &w.text)
            .map(|p| {
                let r = Record::new(&p);
                (p, r)
            })
            .map_err(|e| unreachable(Diagnostic::new(w.span, format!("bad position: {e}")))),
            Source::Named(w) => match positions.get(&w.text) {
                Some(Ok(built)) => Ok(built.clone()),
                // Built from a position that cannot be built: the same cause.
                Some(Err(broken)) => Err(Unreachable {
                    via: Some(
                        broken
                            .via
                            .clone()
                            .unwrap_or_else(|| broken.position.clone()),
                    ),
                    ..unreachable(broken.cause.clone())
                }),
                None => {
                    errors.push(if declared.contains(&w.text.as_str()) {
                        Diagnostic::new(
                            w.span,
                            format!("position `{}` is named further down: name it first", w.text),
                        )
                    } else {
                        unknown_position(w, &declared)
                    });
                    continue;
                }
            },
        };
        let built = from.and_then(|(mut pos, mut record)| {
            for (i, w) in decl.moves.iter().enumerate() {
                let mv = uci::parse(&mut pos, &w.text).map_err(|e| {
                    unreachable(Diagnostic::new(w.span, format!("move {}: {e}", i + 1)))
                })?;
                pos.make(mv);
                record.push(&pos);
            }
            Ok((pos, record))
        });
        positions.insert(decl.name.text.clone(), built);
    }
    let mut names = std::collections::HashSet::new();
    for e in &file.expectations {
        // A position named further down is reported once, above.
        if !positions.contains_key(&e.position.text)
            && !declared.contains(&e.position.text.as_str())
        {
            errors.push(unknown_position(&e.position, &declared));
        }
        if !names.insert(e.name()) {
            errors.push(Diagnostic::new(
                e.span,
                format!("expectation `{}` is written twice", e.name()),
            ));
        }
    }
    if errors.is_empty() {
        Ok(Suite {
            positions,
            expectations: file.expectations.clone(),
        })
    } else {
        errors.sort_by_key(|d| (d.span.start, d.span.end));
        Err(errors)
    }
}

fn unknown_position(w: &super::parse::Word, known: &[&str]) -> Diagnostic {
    let hint = tessera::suggest::closest(&w.text, known.iter().copied())
        .map_or(String::new(), |k| format!("; did you mean `{k}`?"));
    Diagnostic::new(w.span, format!("unknown position `{}`{hint}", w.text))
}

impl<'g> Suite<'g> {
    /// Checks one expectation of this suite. Perft expectations whose count is
    /// above `node_limit` are skipped.
    pub fn check(&self, e: &Expectation, node_limit: Option<u64>) -> Verdict {
        let (start, record) = match self.positions.get(&e.position.text) {
            Some(Ok(built)) => built,
            Some(Err(why)) => return Verdict::Unreachable(why.clone()),
            None => return Verdict::Fail(format!("no position `{}`", e.position.text)),
        };
        let mut pos = start.clone();
        match &e.check {
            Check::Perft { depth, nodes } => {
                if let Some(limit) = node_limit.filter(|&l| *nodes > l) {
                    return Verdict::Skip(format!(
                        "{nodes} nodes, above the limit of {limit}; --deep runs it"
                    ));
                }
                let got = tessera::perft(&mut pos, *depth);
                if got == *nodes {
                    Verdict::Pass(None)
                } else {
                    Verdict::Fail(format!("expected {nodes} nodes, counted {got}"))
                }
            }
            Check::Moves => {
                let game = pos.game();
                let mut moves = Vec::new();
                legal_moves(&mut pos, &mut moves);
                let mut names: Vec<String> = moves.iter().map(|m| uci::format(game, m)).collect();
                names.sort();
                let mut text = names.join("\n");
                text.push('\n');
                if names.is_empty() {
                    text = String::new();
                }
                Verdict::Snapshot(text)
            }
            Check::Show => Verdict::Snapshot(tessera::show::draw(&mut pos)),
            Check::Text(want) => {
                let got = notation::position::format(&pos);
                if &got == want {
                    Verdict::Pass(None)
                } else {
                    Verdict::Fail(format!("expected \"{want}\"\n   found \"{got}\""))
                }
            }
            Check::Outcome(want) => {
                let got = outcome_of(status_in_game(&mut pos, record));
                if got == *want {
                    Verdict::Pass(None)
                } else {
                    Verdict::Fail(format!(
                        "expected {}, but {}",
                        describe(*want),
                        describe(got)
                    ))
                }
            }
            Check::Illegal { mv, reason } => match (pos.illegality_of_text(mv), reason) {
                (None, _) => Verdict::Fail(format!("`{mv}` is legal here")),
                (Some(got), Some(want)) if got != *want => Verdict::Fail(format!(
                    "expected {}, but it is {}: {}",
                    reason_word(*want),
                    reason_word(got),
                    got
                )),
                (Some(got), _) => Verdict::Pass(Some(format!("{}: {got}", reason_word(got)))),
            },
        }
    }
}

/// The engine's status in the words of an expectation file.
pub fn outcome_of(s: Status) -> Outcome {
    match s {
        Status::Ongoing => Outcome::GoesOn,
        Status::Over { winner, reason, .. } => Outcome::Over {
            winner,
            end: match reason {
                Reason::Checkmate => End::Checkmate,
                Reason::Stalemate => End::Stalemate,
                Reason::BareRoyal => End::Bare,
                Reason::Extinction => End::Extinction,
                Reason::Reached => End::Zone,
                Reason::Checks => End::Checks,
                Reason::Facing => End::Facing,
                Reason::Passes => End::Passes,
                Reason::Repetition => End::Repetition,
                Reason::Clock => End::Clock,
                Reason::Material => End::Material,
            },
        },
    }
}

/// An outcome as the file writes it: `white wins by checkmate`.
pub fn describe(o: Outcome) -> String {
    match o {
        Outcome::GoesOn => "the game goes on".into(),
        Outcome::Over { winner: None, end } => format!("draw by {}", end.word()),
        Outcome::Over {
            winner: Some(side),
            end,
        } => format!(
            "{} wins by {}",
            match side {
                Side::White => "white",
                Side::Black => "black",
            },
            end.word()
        ),
    }
}
