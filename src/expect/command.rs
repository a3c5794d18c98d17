//! `tessera test`: finds the expectation files, runs them, prints one line per
//! expectation and a summary, keeps the snapshot files, and walks through the
//! pending snapshots with `--review` or accepts them with `--accept`.

use super::parse::Check;
use super::run::{resolve, Verdict};
use super::snapshot;
use crate::failure::Failure;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// Perft expectations counting more nodes than this are skipped unless `--deep`.
pub const NODE_LIMIT: u64 = 1_000_000;

/// What `tessera test` was asked to do.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Expectation files, rule files or folders of them.
    pub paths: Vec<String>,
    /// Run only the expectations whose label (`chess: perft start 3`) contains this.
    pub filter: Option<String>,
    /// Run perft expectations of any size.
    pub deep: bool,
    /// Ask, for each pending snapshot, whether to accept it.
    pub review: bool,
    /// Accept every pending snapshot.
    pub accept: bool,
    /// Print one JSON object (docs/json.md) instead of the lines.
    pub json: bool,
}

/// A rule file and the expectation file beside it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pair {
    tests: PathBuf,
    game: PathBuf,
    /// Where the rule file comes from.
    source: Source,
}

/// The rule file of a pair: the file `game`, or a section of a variants
/// file converted in memory (`NAME.tests` beside `FILE.ini`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Source {
    /// The file `game`.
    File,
    /// The section's rule file, and the variants file and section it came
    /// from, as `FILE.ini [NAME]`.
    Converted(String, String),
    /// A section that did not import: the variants file and section, and why.
    Refused(String, String),
}

/// A snapshot written as pending by this run.
struct Pending {
    label: String,
    kind: &'static str,
    accepted: PathBuf,
    old: Option<String>,
    new: String,
}

/// The counts of the summary line, and each expectation's result for `--json`.
#[derive(Default)]
struct Tally {
    passed: usize,
    failed: usize,
    new: usize,
    skipped: usize,
    results: Vec<serde_json::Value>,
}

impl Tally {
    /// Counts one result, `ok`, `failed`, `new` or `skipped`, of the
    /// expectation `name` of the file `file`, with what differs or why.
    fn record(&mut self, status: &'static str, name: &str, file: &str, detail: Option<&str>) {
        match status {
            "ok" => self.passed += 1,
            "new" => self.new += 1,
            "skipped" => self.skipped += 1,
            _ => self.failed += 1,
        }
        self.results.push(serde_json::json!({
            "name": name,
            "file": file,
            "status": status,
            "detail": detail.map(str::trim_end),
        }));
    }
}

/// Runs `tessera test`.
///
/// # Errors
/// `Failure::Usage` for a path that is neither a folder nor a rule or
/// expectation file; `Failure::Report` (status 1, already printed) when an
/// expectation failed, a snapshot is new or pending, or a file has errors.
pub fn run(opts: &Options, out: &mut dyn Write) -> Result<(), Failure> {
    let io = |e: std::io::Error| Failure::Usage(e.into());
    let pairs = collect(&opts.paths)?;
    let progress = Progress::new();
    let mut tally = Tally::default();
    let mut pending = Vec::new();
    let mut matched = false;
    // With `--json` the lines go nowhere; the results are printed at the end.
    let mut lines = std::io::sink();
    let text: &mut dyn Write = if opts.json { &mut lines } else { &mut *out };
    for (i, pair) in pairs.iter().enumerate() {
        progress.file(i, pairs.len(), pair);
        matched |= run_pair(pair, opts, &mut tally, &mut pending, text).map_err(io)?;
    }
    progress.finish();
    if let (Some(f), false) = (&opts.filter, matched) {
        return Err(Failure::Usage(anyhow::anyhow!(
            "--filter: no expectation is named like `{f}`"
        )));
    }
    let mut summary = format!("{} passed, {} failed", tally.passed, tally.failed);
    if tally.new > 0 {
        summary.push_str(&format!(", {} new", tally.new));
    }
    if tally.skipped > 0 {
        summary.push_str(&format!(", {} skipped", tally.skipped));
    }
    writeln!(text, "\n{summary}").map_err(io)?;
    let open_snapshots = pending.len();
    let mut resolved = 0;
    if !pending.is_empty() {
        if opts.accept {
            for p in &pending {
                snapshot::accept(&p.accepted).map_err(io)?;
                writeln!(text, "accepted {}", p.label).map_err(io)?;
            }
            resolved = pending.len();
        } else if opts.review {
            resolved = review(&pending, text).map_err(io)?;
        } else {
            writeln!(
                text,
                "{} pending: `tessera test --review` to look at them, `--accept` to accept them all",
                snapshot::count(pending.len(), "snapshot")
            )
            .map_err(io)?;
        }
    }
    if opts.json {
        let value = serde_json::json!({
            "results": tally.results,
            "passed": tally.passed,
            "failed": tally.failed,
            "new": tally.new,
            "skipped": tally.skipped,
            "accepted": if opts.accept { resolved } else { 0 },
        });
        crate::json::print(out, &value).map_err(io)?;
    }
    let other_failures = tally.failed + tally.new - open_snapshots;
    if other_failures + open_snapshots - resolved == 0 {
        Ok(())
    } else {
        Err(Failure::Report {
            text: String::new(),
            code: 1,
        })
    }
}

/// The rule files and expectation files the paths name, each pair once.
fn collect(paths: &[String]) -> Result<Vec<Pair>, Failure> {
    let mut pairs = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let entries = std::fs::read_dir(path).map_err(|e| {
                Failure::Usage(anyhow::anyhow!("cannot read the folder `{p}`: {e}"))
            })?;
            let before = pairs.len();
            let mut inis = Vec::new();
            for entry in entries.flatten() {
                let file = entry.path();
                if matches!(ext(&file), "game" | "tests") {
                    pairs.push(pair_of(&file));
                } else if ext(&file) == "ini" {
                    inis.push(file);
                }
            }
            inis.sort();
            for ini in inis {
                let sections = ini_pairs(&ini)?;
                // A section's expectations are run with the section, not as
                // a pair without a rule file.
                pairs.retain(|p| {
                    p.source != Source::File
                        || p.game.exists()
                        || !sections.iter().any(|s| s.tests == p.tests)
                });
                pairs.extend(sections);
            }
            if pairs.len() == before {
                return Err(Failure::Usage(anyhow::anyhow!(
                    "the folder `{p}` holds no rule file (`.game`) and no expectation file (`.tests`)"
                )));
            }
        } else if ext(path) == "ini" {
            pairs.extend(ini_pairs(path)?);
        } else if matches!(ext(path), "game" | "tests") {
            if !path.exists() {
                return Err(Failure::Usage(anyhow::anyhow!(
                    "cannot read `{p}`: no such file"
                )));
            }
            pairs.push(pair_of(path));
        } else {
            return Err(Failure::Usage(anyhow::anyhow!(
                "`{p}` is neither a folder, a rule file (`.game`), a variants file (`.ini`) nor an expectation file (`.tests`)"
            )));
        }
    }
    pairs.sort();
    pairs.dedup();
    Ok(pairs)
}

/// The sections of the variants file `ini` that have expectations
/// (`NAME.tests` beside it), each converted in memory, or refused.
fn ini_pairs(ini: &Path) -> Result<Vec<Pair>, Failure> {
    let file = shown(ini);
    let text =
        crate::import::read_bounded(&file).map_err(|e| Failure::Usage(anyhow::anyhow!(e)))?;
    let result =
        crate::import::import(&file, &text).map_err(|d| Failure::Rules(d.render(&file)))?;
    let dir = ini.parent().unwrap_or(Path::new(""));
    let mut pairs = Vec::new();
    for section in result.sections {
        let tests = dir.join(format!("{}.tests", section.name));
        // Only names that make a file name; the others cannot have one.
        if !crate::import::names_a_file(&section.name) || !tests.is_file() {
            continue;
        }
        let origin = format!("{file} [{}]", section.name);
        let source = match section.outcome {
            Ok(rules) => Source::Converted(rules, origin),
            Err(why) => Source::Refused(origin, why),
        };
        pairs.push(Pair {
            game: tests.with_extension("game"),
            tests,
            source,
        });
    }
    Ok(pairs)
}

fn ext(p: &Path) -> &str {
    p.extension().and_then(|e| e.to_str()).unwrap_or("")
}

fn pair_of(path: &Path) -> Pair {
    Pair {
        tests: path.with_extension("tests"),
        game: path.with_extension("game"),
        source: Source::File,
    }
}

fn shown(p: &Path) -> String {
    p.to_string_lossy().replace('\\', "/")
}

/// Runs one expectation file; returns whether any expectation matched the filter.
fn run_pair(
    pair: &Pair,
    opts: &Options,
    tally: &mut Tally,
    pending: &mut Vec<Pending>,
    out: &mut dyn Write,
) -> std::io::Result<bool> {
    let stem = pair
        .tests
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let (tests_path, mut game_path) = (shown(&pair.tests), shown(&pair.game));
    let tests_file = shown(&pair.tests);
    let mut fail = |out: &mut dyn Write, what: &str, detail: &str| {
        tally.record(
            "failed",
            &format!("{stem}: {what}"),
            &tests_file,
            Some(detail),
        );
        writeln!(out, "FAILED  {stem}: {what}")?;
        write!(out, "{}", indent(detail))
    };
    let read = match &pair.source {
        Source::File => std::fs::read_to_string(&pair.game),
        Source::Converted(rules, origin) => {
            game_path.clone_from(origin);
            Ok(rules.clone())
        }
        Source::Refused(origin, why) => {
            fail(
                out,
                "the section was not imported",
                &format!("{origin}: {why}\n"),
            )?;
            return Ok(opts.filter.is_none());
        }
    };
    let game_src = match read {
        Ok(s) => s,
        Err(e) => {
            fail(
                out,
                "no rule file",
                &format!("cannot read `{game_path}`: {e}\n"),
            )?;
            return Ok(opts.filter.is_none());
        }
    };
    let tests_src = match std::fs::read_to_string(&pair.tests) {
        Ok(s) => s,
        Err(_) if opts.filter.is_some() => return Ok(false),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            fail(
                out,
                "unreadable expectations",
                &format!("cannot read `{tests_path}`: {e}\n"),
            )?;
            return Ok(true);
        }
        Err(e) => {
            let why = format!(
                "`{tests_path}`: {e}\nevery rule file gets expectations: write `{tests_path}`, or start one with `tessera test --init {game_path}`\n"
            );
            fail(out, "no expectations", &why)?;
            return Ok(true);
        }
    };
    let game = match tessera::compile_str(&game_src) {
        Ok(g) => g,
        Err(errors) => {
            fail(
                out,
                "the rule file has errors",
                &errors.render(&game_path, &game_src),
            )?;
            return Ok(true);
        }
    };
    let suite = match super::parse::parse(&tests_src).and_then(|f| resolve(&game, &f)) {
        Ok(s) => s,
        Err(errors) => {
            let text: String = errors
                .iter()
                .map(|d| d.render(&tests_path, &tests_src))
                .collect();
            fail(out, "the expectation file has errors", &text)?;
            return Ok(true);
        }
    };
    let limit = (!opts.deep).then_some(NODE_LIMIT);
    let mut matched = false;
    for e in &suite.expectations {
        let name = e.name();
        let label = format!("{stem}: {name}");
        if opts
            .filter
            .as_ref()
            .is_some_and(|f| !label.contains(f.as_str()))
        {
            continue;
        }
        matched = true;
        match suite.check(e, limit) {
            Verdict::Pass(note) => {
                tally.record("ok", &label, &tests_path, note.as_deref());
                let note = note.map_or(String::new(), |n| format!(" ({n})"));
                writeln!(out, "ok      {label}{note}")?;
            }
            Verdict::Fail(why) => {
                tally.record("failed", &label, &tests_path, Some(&why.to_string()));
                writeln!(out, "FAILED  {label}")?;
                write!(out, "{}", indent(&format!("{why}\n")))?;
            }
            Verdict::Unreachable(why) => {
                writeln!(out, "FAILED  {label}")?;
                let via = why.via.as_ref().map_or(String::new(), |v| {
                    format!(" (it starts from `{v}`, which cannot)")
                });
                let detail = format!(
                    "position `{}` cannot be reached under these rules{via}:\n{}",
                    why.position,
                    why.cause.render(&tests_path, &tests_src)
                );
                tally.record("failed", &label, &tests_path, Some(&detail));
                write!(out, "{}", indent(&detail))?;
            }
            Verdict::Skip(why) => {
                tally.record("skipped", &label, &tests_path, Some(&why.to_string()));
                writeln!(out, "skipped {label} ({why})")?;
            }
            Verdict::Snapshot(text) => {
                let kind = e.check.keyword();
                let accepted = snapshot::accepted_path(&pair.tests, &name);
                let old = snapshot::read(&accepted)?;
                if old.as_deref() == Some(text.as_str()) {
                    tally.record("ok", &label, &tests_path, None);
                    snapshot::discard_pending(&accepted)?;
                    writeln!(out, "ok      {label}")?;
                    continue;
                }
                snapshot::write_pending(&accepted, &format!("{tests_path}: {name}"), &text)?;
                let new_file = shown(&snapshot::pending_path(&accepted));
                match &old {
                    None => {
                        let detail = format!("written to {new_file}");
                        tally.record("new", &label, &tests_path, Some(&detail));
                        writeln!(out, "new     {label} ({detail})")?;
                    }
                    Some(old) => {
                        let diff = snapshot::diff(kind, old, &text);
                        let detail = format!("the new text is in {new_file}\n{diff}");
                        tally.record("failed", &label, &tests_path, Some(&detail));
                        writeln!(out, "FAILED  {label} (the new text is in {new_file})")?;
                        write!(out, "{}", indent(&diff))?;
                    }
                }
                pending.push(Pending {
                    label,
                    kind: if matches!(e.check, Check::Moves) {
                        "moves"
                    } else {
                        "show"
                    },
                    accepted,
                    old,
                    new: text,
                });
            }
        }
    }
    Ok(matched)
}

/// Asks about each pending snapshot on standard input; returns how many were
/// accepted.
fn review(pending: &[Pending], out: &mut dyn Write) -> std::io::Result<usize> {
    use std::io::IsTerminal;
    let stdin = std::io::stdin();
    // Answers typed on a terminal are echoed by it; piped ones are echoed here,
    // so that a transcript reads like the session.
    let echo = !stdin.is_terminal();
    let mut lines = stdin.lock().lines();
    let mut accepted = 0;
    let (mut rejected, mut skipped) = (0, 0);
    for (i, p) in pending.iter().enumerate() {
        writeln!(out, "\n[{}/{}] {}", i + 1, pending.len(), p.label)?;
        match &p.old {
            None => {
                writeln!(out, "new snapshot:")?;
                write!(out, "{}", indent(&p.new))?;
            }
            Some(old) => {
                writeln!(out, "changed snapshot (- accepted, + new):")?;
                write!(out, "{}", indent(&snapshot::diff(p.kind, old, &p.new)))?;
            }
        }
        loop {
            write!(out, "accept, reject or skip? [a/r/s] ")?;
            out.flush()?;
            let Some(answer) = lines.next().transpose()? else {
                writeln!(out, "\nend of input: the rest stay pending")?;
                skipped += pending.len() - i;
                writeln!(
                    out,
                    "{accepted} accepted, {rejected} rejected, {skipped} skipped"
                )?;
                return Ok(accepted);
            };
            if echo {
                writeln!(out, "{}", answer.trim())?;
            }
            match answer.trim() {
                "a" | "accept" => {
                    snapshot::accept(&p.accepted)?;
                    accepted += 1;
                }
                "r" | "reject" => {
                    snapshot::discard_pending(&p.accepted)?;
                    rejected += 1;
                }
                "s" | "skip" => skipped += 1,
                _ => continue,
            }
            break;
        }
    }
    writeln!(
        out,
        "{accepted} accepted, {rejected} rejected, {skipped} skipped"
    )?;
    Ok(accepted)
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    {l}\n")).collect()
}

/// The file being run, on standard error, for runs of more than a second, and
/// only when standard error is a terminal.
struct Progress {
    started: std::time::Instant,
    enabled: bool,
    shown: std::cell::Cell<bool>,
}

impl Progress {
    fn new() -> Progress {
        use std::io::IsTerminal;
        Progress {
            started: std::time::Instant::now(),
            enabled: std::io::stderr().is_terminal(),
            shown: std::cell::Cell::new(false),
        }
    }

    fn file(&self, i: usize, of: usize, pair: &Pair) {
        if self.enabled && self.started.elapsed().as_secs_f64() > 1.0 {
            self.shown.set(true);
            let secs = self.started.elapsed().as_secs_f64();
            eprint!(
                "\rtest: file {}/{of}, {}, {secs:.0} s\x1b[K",
                i + 1,
                shown(&pair.tests)
            );
        }
    }

    fn finish(&self) {
        if self.shown.get() {
            eprint!("\r\x1b[K");
        }
    }
}
