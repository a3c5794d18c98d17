//! `tessera import`: Fairy-Stockfish's variants files (`variants.ini`) read as
//! Fairy-Stockfish reads them ([`ini`]), each section resolved against its
//! parent into a model of Fairy-Stockfish's `Variant` ([`variant`]), and
//! written as a rule file ([`emit`]) or refused, naming the option Tessera
//! cannot say yet. `docs/import.md` maps the keys onto the language.

pub mod emit;
pub mod ini;
pub mod variant;

use std::collections::HashMap;
use variant::Variant;

/// The built-in variants of Fairy-Stockfish 0.0.90 (pyffish), whose names a
/// section cannot take.
pub const BUILTIN_NAMES: &[&str] = &[
    "3check",
    "5check",
    "ai-wok",
    "almost",
    "amazon",
    "amazons",
    "antichess",
    "armageddon",
    "asean",
    "ataxx",
    "atomar",
    "atomic",
    "berolina",
    "breakthrough",
    "bughouse",
    "cambodian",
    "capablanca",
    "capahouse",
    "caparandom",
    "centaur",
    "chancellor",
    "chaturanga",
    "checkshogi",
    "chess",
    "chessgi",
    "chigorin",
    "clobber",
    "clobber10",
    "codrus",
    "coregal",
    "courier",
    "crazyhouse",
    "dobutsu",
    "dragon",
    "duck",
    "embassy",
    "euroshogi",
    "extinction",
    "fairy",
    "fischerandom",
    "flipello",
    "flipello10",
    "flipersi",
    "fox-and-hounds",
    "gardner",
    "georgian",
    "giveaway",
    "gorogoro",
    "gothic",
    "grand",
    "grasshopper",
    "gustav3",
    "hoppelpoppel",
    "horde",
    "isolation",
    "isolation7x7",
    "janggi",
    "janggicasual",
    "janggimodern",
    "janggitraditional",
    "janus",
    "jesonmor",
    "joust",
    "judkins",
    "karouk",
    "kinglet",
    "kingofthehill",
    "knightmate",
    "koedem",
    "kyotoshogi",
    "legan",
    "loop",
    "losalamos",
    "losers",
    "makpong",
    "makruk",
    "manchu",
    "micro",
    "mini",
    "minishogi",
    "minixiangqi",
    "misere",
    "modern",
    "newzealand",
    "nightrider",
    "nocastle",
    "nocheckatomic",
    "normal",
    "okisakishogi",
    "omicron",
    "opulent",
    "paradigm",
    "pawnback",
    "pawnsideways",
    "perfect",
    "petrified",
    "placement",
    "pocketknight",
    "raazuvaa",
    "racingkings",
    "seirawan",
    "shako",
    "shatar",
    "shatranj",
    "shogi",
    "shoshogi",
    "shouse",
    "sittuyin",
    "snailtrail",
    "sortofalmost",
    "spartan",
    "suicide",
    "supply",
    "tencubed",
    "threekings",
    "torishogi",
    "torpedo",
    "troitzky",
    "wolf",
    "xiangqi",
    "yarishogi",
];

const BUILTINS_INI: &str = include_str!("builtins.ini");

/// At most this many bytes of a variants file are read.
pub const MAX_FILE_BYTES: usize = 16 * 1024 * 1024;
/// At most this many sections are imported.
pub const MAX_SECTIONS: usize = 10_000;

/// The text of the variants file `file`, refused past [`MAX_FILE_BYTES`]
/// before it is read (invalid UTF-8 replaced, as FSF reads bytes).
///
/// # Errors
/// The file cannot be read, or is too large.
pub fn read_bounded(file: &str) -> Result<String, String> {
    let size = std::fs::metadata(file)
        .map_err(|e| format!("cannot read {file}: {e}"))?
        .len();
    if size > MAX_FILE_BYTES as u64 {
        return Err(format!(
            "{file} has {size} bytes; the limit is {MAX_FILE_BYTES}"
        ));
    }
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// What became of one section.
#[derive(Debug, Clone)]
pub struct SectionResult {
    /// The section's name.
    pub name: String,
    /// The header's line.
    pub line: usize,
    /// The rule file, or why there is none.
    pub outcome: Result<String, String>,
}

/// A message about a line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The line (1-based).
    pub line: usize,
    /// An error (the section is refused) or a warning.
    pub error: bool,
    /// What is wrong.
    pub message: String,
}

/// Everything an import produced.
#[derive(Debug, Clone, Default)]
pub struct Import {
    /// One result per section, in the file's order.
    pub sections: Vec<SectionResult>,
    /// Errors and warnings, in the file's order.
    pub diagnostics: Vec<Diagnostic>,
}

impl Import {
    /// The diagnostics rendered as `FILE:LINE: error: MESSAGE`, one a line.
    pub fn render(&self, file: &str) -> String {
        let mut out = String::new();
        for d in &self.diagnostics {
            let kind = if d.error { "error" } else { "warning" };
            out.push_str(&format!("{file}:{}: {kind}: {}\n", d.line, d.message));
        }
        out
    }
}

/// The built-ins the importer knows, resolved.
fn builtins() -> HashMap<String, Variant> {
    let mut map: HashMap<String, Variant> = HashMap::new();
    for section in ini::parse(BUILTINS_INI) {
        let mut v = match &section.parent {
            Some(p) => map[p].clone(),
            None => Variant::chess_base(),
        };
        v.apply(&section);
        if section
            .entries
            .get("freeDrops")
            .is_some_and(|e| e.value == "true")
        {
            v.set_free_drops();
        }
        if section
            .entries
            .get("kingType")
            .is_some_and(|e| e.value == "wazir")
        {
            v.king_wazir = true;
        }
        if let Some(e) = section.entries.get("fenSynonym") {
            for item in e.value.split_whitespace() {
                let known = item
                    .split_once(':')
                    .and_then(|(name, c)| Some((name, c.chars().next()?)))
                    .is_some_and(|(name, c)| v.set_synonym(name, c));
                assert!(known, "builtins.ini: fenSynonym {item}");
            }
        }
        // A built-in's own values have no line in the user's file.
        for origin in v.origin.values_mut() {
            origin.1 = 0;
        }
        map.insert(section.name.clone(), v);
    }
    map
}

/// Imports a variants file's text; `file` names it in header comments.
pub fn import(file: &str, text: &str) -> Import {
    let mut result = Import::default();
    if text.len() > MAX_FILE_BYTES {
        result.diagnostics.push(Diagnostic {
            line: 1,
            error: true,
            message: format!(
                "the file has {} bytes; the limit is {MAX_FILE_BYTES}",
                text.len()
            ),
        });
        return result;
    }
    let sections = ini::parse(text);
    let builtins = builtins();
    // What Fairy-Stockfish has added so far: a section's resolved variant, or
    // None for a built-in the importer cannot resolve.
    let mut known: HashMap<String, Option<Variant>> = HashMap::new();
    for name in BUILTIN_NAMES {
        known.insert(name.to_string(), builtins.get(*name).cloned());
    }
    let mut defined_at: HashMap<String, usize> = HashMap::new();
    for (index, section) in sections.iter().enumerate() {
        let refuse = |result: &mut Import, line: usize, message: String, error: bool| {
            result.diagnostics.push(Diagnostic {
                line,
                error,
                message: format!("[{}]: {message}", section.name),
            });
            result.sections.push(SectionResult {
                name: section.name.clone(),
                line: section.line,
                outcome: Err(message),
            });
        };
        if index >= MAX_SECTIONS {
            refuse(
                &mut result,
                section.line,
                format!("more than {MAX_SECTIONS} sections"),
                true,
            );
            continue;
        }
        for line in &section.ignored {
            result.diagnostics.push(Diagnostic {
                line: *line,
                error: false,
                message: "a line without `=`; Fairy-Stockfish ignores it".into(),
            });
        }
        if section.name.is_empty() {
            refuse(
                &mut result,
                section.line,
                "a section without a name".into(),
                true,
            );
            continue;
        }
        if known.contains_key(&section.name) {
            let why = match defined_at.get(&section.name) {
                Some(line) => format!("a section of this name comes first (line {line}); Fairy-Stockfish ignores this one"),
                None => "a built-in variant has this name; Fairy-Stockfish ignores this section".into(),
            };
            refuse(&mut result, section.line, why, true);
            continue;
        }
        let parent = match &section.parent {
            None => Some(Variant::template()),
            Some(p) => match known.get(p) {
                None => {
                    refuse(
                        &mut result,
                        section.line,
                        format!("the parent `{p}` does not exist (yet); Fairy-Stockfish ignores this section"),
                        true,
                    );
                    continue;
                }
                Some(v) => v.clone(),
            },
        };
        let Some(mut v) = parent else {
            let p = section.parent.clone().unwrap_or_default();
            let why = if BUILTIN_NAMES.contains(&p.as_str()) && !builtins.contains_key(&p) {
                format!("inherits from the built-in `{p}`, which the importer does not know yet")
            } else {
                format!("inherits from `{p}`, which could not be read")
            };
            refuse(&mut result, section.line, why, true);
            // Fairy-Stockfish adds it; its children cannot be resolved either.
            known.insert(section.name.clone(), None);
            defined_at.insert(section.name.clone(), section.line);
            continue;
        };
        let notes = v.apply(section);
        for n in notes {
            result.diagnostics.push(Diagnostic {
                line: n.line,
                error: false,
                message: n.message,
            });
        }
        if v.max_file >= variant::FILE_NB
            || v.max_rank >= variant::RANK_NB
            || v.max_file < 0
            || v.max_rank < 0
        {
            refuse(
                &mut result,
                section.line,
                format!(
                    "a board of {} files and {} ranks; Fairy-Stockfish plays at most 12 by 10 and ignores this section",
                    v.max_file + 1,
                    v.max_rank + 1
                ),
                true,
            );
            continue;
        }
        known.insert(section.name.clone(), Some(v.clone()));
        defined_at.insert(section.name.clone(), section.line);
        let source = emit::Source {
            file,
            name: &section.name,
            parent: section.parent.as_deref(),
            line: section.line,
        };
        match emit::emit(&v, &source) {
            Ok(text) => match tessera::compile_str(&text) {
                Ok(game) => result.sections.push(SectionResult {
                    name: section.name.clone(),
                    line: section.line,
                    outcome: Ok(prune_stuck(text, &game)),
                }),
                Err(errors) => {
                    let first = errors
                        .0
                        .first()
                        .map(|d| {
                            let line = text[..(d.span.start as usize).min(text.len())]
                                .matches('\n')
                                .count()
                                + 1;
                            let source_line = text.lines().nth(line - 1).unwrap_or("").trim();
                            format!("{} (in `{source_line}`)", d.message)
                        })
                        .unwrap_or_default();
                    refuse(
                        &mut result,
                        section.line,
                        format!("Tessera cannot compile the rule file written for it: {first}"),
                        true,
                    );
                }
            },
            Err(r) => refuse(&mut result, r.line, r.message, true),
        }
    }
    result.diagnostics.sort_by_key(|d| d.line);
    result
}

/// Drops the rules `promote stuck to nothing` of the kinds that no cell
/// leaves stuck (the gold, a knight...): they would say nothing.
fn prune_stuck(text: String, game: &tessera::Game) -> String {
    const RULE: &str = "  promote stuck to nothing\n";
    if !text.contains(RULE) {
        return text;
    }
    let cells = game.cell_count() as u16;
    let idle: Vec<&str> = game
        .zone_names()
        .iter()
        .enumerate()
        .filter(|(z, _)| {
            (0..cells).all(|c| {
                !game.in_zone(*z, tessera::Side::White, c)
                    && !game.in_zone(*z, tessera::Side::Black, c)
            })
        })
        .filter_map(|(_, n)| n.strip_prefix("stuck "))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut piece = "";
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("piece ") {
            piece = rest.split_whitespace().next().unwrap_or("");
        }
        if line == RULE && idle.contains(&piece) {
            continue;
        }
        out.push_str(line);
    }
    out
}
