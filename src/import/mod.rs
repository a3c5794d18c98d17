//! `tessera import`: Fairy-Stockfish's variants files (`variants.ini`) read as
//! Fairy-Stockfish reads them ([`ini`]), each section resolved against its
//! parent into a model of Fairy-Stockfish's `Variant` ([`variant`]), and
//! written as a rule file ([`emit`]) or refused, naming the option Tessera
//! cannot say yet. `docs/import.md` maps the keys onto the language.

pub mod emit;
pub mod ini;
pub mod limits;
pub mod title;
pub mod variant;

pub use limits::{MAX_FILE_BYTES, MAX_SECTIONS};
use std::collections::HashMap;
use std::sync::OnceLock;
use tessera::limits::{exceeded, thousands};
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
            "{file}: {}",
            exceeded(
                "the file",
                u128::from(size),
                "bytes",
                MAX_FILE_BYTES as u128
            )
        ));
    }
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Whether a section's name can name its rule file (`NAME.game`), a variant
/// the protocols offer (UCI's list of variants is separated by spaces,
/// XBoard's by commas) and a game of the studio (a path of its API): ASCII
/// letters, digits, `-`, `_`, `.` and `+`, not starting with `.`, at most
/// [`limits::MAX_NAME_BYTES`] bytes, and no device name of Windows (`con`,
/// `nul`, `com1`...). The importer refuses a section named otherwise, so a
/// section it writes always has such a name.
pub fn names_a_file(name: &str) -> bool {
    name_problem(name).is_none()
}

/// Why `name` cannot name a section's rule file, if it cannot.
fn name_problem(name: &str) -> Option<String> {
    if name.len() > limits::MAX_NAME_BYTES {
        return Some(exceeded(
            "the section's name",
            name.len() as u128,
            "bytes",
            limits::MAX_NAME_BYTES as u128,
        ));
    }
    let plain = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_.+".contains(c));
    if !plain || name.starts_with('.') {
        return Some(format!(
            "the name `{}` cannot name a file (ASCII letters, digits, `-`, `_`, `.` and `+`, not first a `.`)",
            shown(name)
        ));
    }
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    let device = matches!(stem.as_str(), "con" | "prn" | "aux" | "nul")
        || (stem.len() == 4
            && (stem.starts_with("com") || stem.starts_with("lpt"))
            && stem.as_bytes()[3].is_ascii_digit());
    device.then(|| format!("the name `{name}` is a device's on Windows and cannot name a file"))
}

/// How the header comment of a written rule file names the variants file
/// `file`: as given, with its `.` and `folder/..` steps dropped; an absolute
/// path relative to the current folder where it lies in it, else by the
/// file's name alone, so that a rule file names no folder of the machine that
/// wrote it.
pub fn shown_file(file: &str) -> String {
    use std::path::{Component, Path};
    let path = Path::new(file);
    let here = std::env::current_dir().ok();
    let relative = match here.as_deref().and_then(|h| path.strip_prefix(h).ok()) {
        Some(inside) => inside,
        None if path.has_root() => {
            return path
                .file_name()
                .map_or(file.to_string(), |n| n.to_string_lossy().into_owned())
        }
        None => path,
    };
    let mut parts: Vec<String> = Vec::new();
    for component in relative.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir if parts.last().is_some_and(|p| p != "..") => {
                parts.pop();
            }
            other => parts.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    if parts.is_empty() {
        return file.to_string();
    }
    parts.join("/")
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

impl Diagnostic {
    /// `FILE:LINE: error: MESSAGE` (or `warning:`), with a newline.
    pub fn render(&self, file: &str) -> String {
        let kind = if self.error { "error" } else { "warning" };
        format!("{file}:{}: {kind}: {}\n", self.line, self.message)
    }
}

/// Everything an import produced.
#[derive(Debug, Clone, Default)]
pub struct Import {
    /// One result per section, in the file's order.
    pub sections: Vec<SectionResult>,
    /// Errors and warnings, in the file's order: the first
    /// [`limits::MAX_DIAGNOSTICS`] of them.
    pub diagnostics: Vec<Diagnostic>,
    /// How many more there were.
    pub unshown: usize,
}

impl Import {
    /// The diagnostics rendered as `FILE:LINE: error: MESSAGE`, one a line,
    /// and how many more there were.
    pub fn render(&self, file: &str) -> String {
        let mut out: String = self.diagnostics.iter().map(|d| d.render(file)).collect();
        if self.unshown > 0 {
            out.push_str(&format!(
                "{file}: {} more warnings and errors not shown; the limit is {}\n",
                thousands(self.unshown as u128),
                thousands(limits::MAX_DIAGNOSTICS as u128)
            ));
        }
        out
    }

    /// Keeps `d`, or counts it past the limit.
    fn push(&mut self, d: Diagnostic) {
        if self.diagnostics.len() < limits::MAX_DIAGNOSTICS {
            self.diagnostics.push(d);
        } else {
            self.unshown += 1;
        }
    }

    /// Refuses `section` for `message`, said at `line`.
    fn refuse(&mut self, section: &ini::Section, line: usize, message: String) {
        self.push(Diagnostic {
            line,
            error: true,
            message: format!("[{}]: {message}", shown(&section.name)),
        });
        self.sections.push(SectionResult {
            name: section.name.clone(),
            line: section.line,
            outcome: Err(message),
        });
    }
}

/// A name as messages show it: cut after [`limits::MAX_NAME_BYTES`] bytes
/// (a longer one is refused), with control characters escaped.
fn shown(name: &str) -> String {
    let mut end = name.len().min(limits::MAX_NAME_BYTES);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    let cut = if end < name.len() { "…" } else { "" };
    let escaped: String = name[..end]
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    format!("{escaped}{cut}")
}

/// The built-ins the importer knows, resolved once per process.
fn builtins() -> &'static HashMap<String, Variant> {
    static BUILTINS: OnceLock<HashMap<String, Variant>> = OnceLock::new();
    BUILTINS.get_or_init(resolve_builtins)
}

fn resolve_builtins() -> HashMap<String, Variant> {
    let mut map: HashMap<String, Variant> = HashMap::new();
    let sections = ini::parse(BUILTINS_INI).expect("builtins.ini is within the limits");
    for section in sections {
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

/// A section of the file that Fairy-Stockfish adds, as its heirs see it.
struct Added {
    /// Its header's line.
    line: usize,
    /// How deep in its chain of inheritance within the file (1: it
    /// inherits a built-in or nothing).
    depth: usize,
    /// Its resolved values, while a later section names it as its parent
    /// (`None`: it cannot be resolved, nor can its heirs).
    variant: Option<Variant>,
    /// How many later sections name it as their parent and are still to come.
    heirs: usize,
}

/// What the compiler said of a rule file, whatever its header: the kinds
/// whose `promote stuck to nothing` says nothing, or why it does not compile.
type Compiled = Result<Vec<String>, String>;

/// Imports a variants file's text; `file` names it in header comments.
///
/// Each section is resolved once, in the file's order (Fairy-Stockfish reads
/// a parent only before its heirs, so no chain can loop), from a copy of its
/// parent's resolved values, which are kept only while a later section names
/// it; the rule file written for it is compiled once per text (sections that
/// differ only in their names share it). So the cost is linear in the file.
///
/// # Errors
/// The whole file is refused: it is larger than [`MAX_FILE_BYTES`], or has
/// more than [`MAX_SECTIONS`] sections.
pub fn import(file: &str, text: &str) -> Result<Import, Diagnostic> {
    if text.len() > MAX_FILE_BYTES {
        return Err(Diagnostic {
            line: 1,
            error: true,
            message: exceeded(
                "the file",
                text.len() as u128,
                "bytes",
                MAX_FILE_BYTES as u128,
            ),
        });
    }
    let shown_file = shown_file(file);
    let sections = ini::parse(text).map_err(|p| Diagnostic {
        line: p.line,
        error: true,
        message: p.message,
    })?;
    let builtins = builtins();
    let mut result = Import::default();
    // Where each name is first defined, and how many later sections name it
    // as their parent.
    let mut first: HashMap<&str, usize> = HashMap::new();
    let mut heirs: HashMap<&str, usize> = HashMap::new();
    for section in &sections {
        if let Some(p) = section.parent.as_deref().filter(|p| first.contains_key(p)) {
            *heirs.entry(p).or_default() += 1;
        }
        first.entry(&section.name).or_insert(section.line);
    }
    // The sections Fairy-Stockfish has added so far, and those it ignored.
    let mut added: HashMap<&str, Added> = HashMap::new();
    let mut ignored: HashMap<&str, usize> = HashMap::new();
    // Each added name in lower case, with its line, for names that differ
    // only in case.
    let mut lower: HashMap<String, (&str, usize)> = HashMap::new();
    let mut compiled: HashMap<String, Compiled> = HashMap::new();
    for section in &sections {
        for line in &section.ignored {
            result.push(Diagnostic {
                line: *line,
                error: false,
                message: "a line without `=`; Fairy-Stockfish ignores it".into(),
            });
        }
        let name = section.name.as_str();
        if name.is_empty() {
            result.refuse(section, section.line, "a section without a name".into());
            continue;
        }
        if let Some(earlier) = added.get(name) {
            let why = format!(
                "a section of this name comes first (line {}); Fairy-Stockfish ignores this one",
                earlier.line
            );
            result.refuse(section, section.line, why);
            continue;
        }
        if BUILTIN_NAMES.contains(&name) {
            let why = "a built-in variant has this name; Fairy-Stockfish ignores this section";
            result.refuse(section, section.line, why.into());
            continue;
        }
        // The parent's values: a section's, a built-in's, or the template.
        let parent = match section.parent.as_deref() {
            None => Ok((0, Some(Variant::template()))),
            Some(p) => match added.get_mut(p) {
                Some(a) => {
                    a.heirs = a.heirs.saturating_sub(1);
                    // The last heir takes the values; the others copy them.
                    let v = if a.heirs == 0 {
                        a.variant.take()
                    } else {
                        a.variant.clone()
                    };
                    Ok((a.depth, v))
                }
                // A built-in the importer does not know is added by
                // Fairy-Stockfish all the same: the section is, unreadable.
                None if BUILTIN_NAMES.contains(&p) => Ok((0, builtins.get(p).cloned())),
                None => Err(missing_parent(p, name, &first, &ignored, section.line)),
            },
        };
        let (depth, parent) = match parent {
            Ok((depth, parent)) => (depth + 1, parent),
            Err(why) => {
                result.refuse(section, section.line, why);
                ignored.insert(name, section.line);
                continue;
            }
        };
        // From here on Fairy-Stockfish adds the section (unless its board is
        // too large): a section refused below is added as one whose heirs
        // cannot be resolved either.
        let unreadable = Added {
            line: section.line,
            depth,
            variant: None,
            heirs: heirs.get(name).copied().unwrap_or(0),
        };
        let too_large = section
            .problem
            .as_ref()
            .map(|p| (p.line, p.message.clone()));
        let refusal = too_large
            .or_else(|| name_problem(name).map(|m| (section.line, m)))
            .or_else(|| {
                let (earlier, at) = lower.get(&name.to_ascii_lowercase())?;
                Some((section.line, format!(
                    "the name differs from `{earlier}`'s (line {at}) only in case: their rule files would be one where file names ignore case"
                )))
            })
            .or_else(|| {
                (depth > limits::MAX_INHERITANCE_DEPTH).then(|| {
                    (section.line, format!(
                        "the section is {} deep in a chain of inheritance within the file; the limit is {}",
                        thousands(depth as u128),
                        limits::MAX_INHERITANCE_DEPTH
                    ))
                })
            })
            .or_else(|| {
                parent.is_none().then(|| {
                    let p = section.parent.as_deref().unwrap_or_default();
                    let why = if BUILTIN_NAMES.contains(&p) && !builtins.contains_key(p) {
                        format!("inherits from the built-in `{p}`, which the importer does not know yet")
                    } else {
                        format!("inherits from `{}`, which could not be read", shown(p))
                    };
                    (section.line, why)
                })
            });
        if let Some((line, why)) = refusal {
            result.refuse(section, line, why);
            lower
                .entry(name.to_ascii_lowercase())
                .or_insert((name, section.line));
            added.insert(name, unreadable);
            continue;
        }
        let Some(mut v) = parent else { continue };
        for n in v.apply(section) {
            result.push(Diagnostic {
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
            let why = format!(
                "a board of {} files and {} ranks; Fairy-Stockfish plays at most 12 by 10 and ignores this section",
                v.max_file + 1,
                v.max_rank + 1
            );
            result.refuse(section, section.line, why);
            ignored.insert(name, section.line);
            continue;
        }
        let source = emit::Source {
            file: &shown_file,
            name,
            title: title::title(name, &section.comments),
            parent: section.parent.as_deref(),
            line: section.line,
        };
        let emitted = emit::emit(&v, &source);
        lower
            .entry(name.to_ascii_lowercase())
            .or_insert((name, section.line));
        if unreadable.heirs > 0 {
            added.insert(
                name,
                Added {
                    variant: Some(v),
                    ..unreadable
                },
            );
        } else {
            added.insert(name, unreadable);
        }
        match emitted {
            Ok(text) => match compile(text, &mut compiled) {
                Ok(text) => result.sections.push(SectionResult {
                    name: section.name.clone(),
                    line: section.line,
                    outcome: Ok(text),
                }),
                Err(why) => result.refuse(section, section.line, why),
            },
            Err(r) => result.refuse(section, r.line, r.message),
        }
    }
    result.diagnostics.sort_by_key(|d| d.line);
    Ok(result)
}

/// Why the parent `p` of the section `name` (at `line`) is not there.
fn missing_parent(
    p: &str,
    name: &str,
    first: &HashMap<&str, usize>,
    ignored: &HashMap<&str, usize>,
    line: usize,
) -> String {
    let p_shown = shown(p);
    if p == name {
        return "the section names itself as its parent; Fairy-Stockfish ignores it".into();
    }
    if let Some(at) = ignored.get(p) {
        return format!("the parent `{p_shown}` (line {at}) is ignored by Fairy-Stockfish, and so is this section");
    }
    match first.get(p) {
        Some(&at) if at > line => format!(
            "the parent `{p_shown}` comes after it (line {at}); Fairy-Stockfish reads a parent only before its heirs and ignores this section"
        ),
        _ => format!("the parent `{p_shown}` does not exist (yet); Fairy-Stockfish ignores this section"),
    }
}

/// Compiles the rule file `text`, written for a section, and returns it
/// with its idle `promote stuck to nothing` rules dropped, or why it does not
/// compile. Rule files that differ only in their first two lines (the header
/// comment and the title, which name the section) compile alike, so each
/// text is compiled once.
fn compile(text: String, compiled: &mut HashMap<String, Compiled>) -> Result<String, String> {
    let body = text.splitn(3, '\n').nth(2).unwrap_or_default();
    let outcome = match compiled.get(body) {
        Some(outcome) => outcome.clone(),
        None => {
            let outcome = match tessera::compile_str(&text) {
                Ok(game) => match start_problem(&game) {
                    None => Ok(idle_stuck_kinds(&game)),
                    Some(why) => Err(why),
                },
                Err(errors) => Err(compile_error(&text, &errors)),
            };
            compiled.insert(body.to_string(), outcome.clone());
            outcome
        }
    };
    match outcome {
        Ok(idle) => Ok(prune_stuck(text, &idle)),
        Err(why) => Err(why),
    }
}

/// Why the start position of a rule file the importer wrote could not arise
/// in play (a side not to move in check, a pawn where it could never
/// stand...), checked as every door for positions checks one: a file whose
/// start Tessera would refuse is not written.
fn start_problem(game: &tessera::Game) -> Option<String> {
    let pos = tessera::Position::start(game);
    tessera::engine::playable::check_playable(&pos)
        .err()
        .map(|e| format!("the start position could not arise in play: {e}"))
}

/// The first error of a rule file the importer wrote, with its line.
fn compile_error(text: &str, errors: &tessera::Errors) -> String {
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
    format!("Tessera cannot compile the rule file written for it: {first}")
}

/// The kinds that no cell leaves stuck (the gold, a knight...), whose rules
/// `promote stuck to nothing` would say nothing.
fn idle_stuck_kinds(game: &tessera::Game) -> Vec<String> {
    let cells = game.cell_count() as u16;
    game.zone_names()
        .iter()
        .enumerate()
        .filter(|(z, _)| {
            (0..cells).all(|c| {
                !game.in_zone(*z, tessera::Side::White, c)
                    && !game.in_zone(*z, tessera::Side::Black, c)
            })
        })
        .filter_map(|(_, n)| n.strip_prefix("stuck ").map(str::to_string))
        .collect()
}

/// Drops the rules `promote stuck to nothing` of the kinds `idle`.
fn prune_stuck(text: String, idle: &[String]) -> String {
    const RULE: &str = "  promote stuck to nothing\n";
    if idle.is_empty() || !text.contains(RULE) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    let mut piece = "";
    for line in text.split_inclusive('\n') {
        if let Some(rest) = line.strip_prefix("piece ") {
            piece = rest.split_whitespace().next().unwrap_or("");
        }
        if line == RULE && idle.iter().any(|k| k == piece) {
            continue;
        }
        out.push_str(line);
    }
    out
}
