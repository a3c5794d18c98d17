//! Diagnostics: an error message tied to a span of a rule file.
//!
//! Spans are byte offsets; line and column are computed only when a diagnostic is
//! rendered, so the AST stays cheap to build and independent of the source text.

use crate::limits;
use std::fmt;

/// A half-open byte range `start..end` into a rule file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The byte offset of the first byte.
    pub start: u32,
    /// The byte offset just past the last byte.
    pub end: u32,
}

impl Span {
    /// Builds a span from byte offsets.
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
}

/// How serious a diagnostic is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The file is refused: nothing sensible can be meant.
    #[default]
    Error,
    /// The file compiles, but probably does not say what was meant (a box
    /// reaching past the board, a goal that can never be met).
    Warning,
}

impl Severity {
    /// `error` or `warning`, as diagnostics are rendered.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One problem found in a rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What is wrong, as one sentence without a final period.
    pub message: String,
    /// Where in the file.
    pub span: Span,
    /// An error, or only a warning.
    pub severity: Severity,
}

impl Diagnostic {
    /// Builds an error.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
            severity: Severity::Error,
        }
    }

    /// Builds a warning.
    pub fn warning(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::new(span, message)
        }
    }

    /// Renders `FILE:LINE:COL: error: MESSAGE` (or `warning:`), the source
    /// line and a caret line.
    pub fn render(&self, path: &str, src: &str) -> String {
        self.render_with(path, src, &Lines::new(src))
    }

    /// Where the diagnostic starts in `src`: its 1-based line and column (in
    /// characters), as [`Diagnostic::render`] prints them.
    pub fn line_col(&self, src: &str) -> (usize, usize) {
        line_col_of(src, self.span.start)
    }

    /// Where the diagnostic ends in `src` (just past its last character):
    /// its 1-based line and column, counted as [`Diagnostic::line_col`] counts.
    pub fn end_line_col(&self, src: &str) -> (usize, usize) {
        line_col_of(src, self.span.end.max(self.span.start))
    }

    /// Renders each of `diagnostics` in turn, as [`Diagnostic::render`] does.
    pub fn render_all(diagnostics: &[Diagnostic], path: &str, src: &str) -> String {
        let lines = Lines::new(src);
        diagnostics
            .iter()
            .map(|d| d.render_with(path, src, &lines))
            .collect()
    }

    /// [`Diagnostic::render`] with the line starts of `src` already found.
    ///
    /// The output is bounded whatever the input: a long message is cut at
    /// [`limits::MAX_MESSAGE_CHARS`] characters, and of a long line only
    /// [`limits::MAX_RENDERED_LINE`] characters around the span are shown.
    fn render_with(&self, path: &str, src: &str, lines: &Lines) -> String {
        let start = floor_char_boundary(src, (self.span.start as usize).min(src.len()));
        let (line_no, line_start) = lines.line_of(start);
        let line_end = src[line_start..]
            .find('\n')
            .map_or(src.len(), |i| line_start + i);
        let line = src[line_start..line_end].trim_end_matches('\r');
        // The span may start on the carriage return trimmed above, or past it.
        let start = start.min(line_start + line.len());
        let end = floor_char_boundary(
            src,
            (self.span.end as usize).clamp(start, line_start + line.len()),
        );
        let col = src[line_start..start].chars().count() + 1;
        let width = src[start..end].chars().count().max(1);
        // The window of the line shown: all of it, or the characters around the
        // span's start, with `...` where the line is cut.
        let chars: Vec<char> = line.chars().collect();
        let most = limits::MAX_RENDERED_LINE;
        let (from, to) = if chars.len() <= most {
            (0, chars.len())
        } else {
            let from = (col - 1).saturating_sub(most / 4).min(chars.len() - most);
            (from, from + most)
        };
        let mut shown: String = chars[from..to].iter().collect();
        let mut lead: String = if from > 0 {
            "...".into()
        } else {
            String::new()
        };
        if from > 0 {
            shown.insert_str(0, "...");
        }
        if to < chars.len() {
            shown.push_str("...");
        }
        lead.extend(chars[from..(col - 1).clamp(from, to)].iter().map(|&c| {
            if c == '\t' {
                '\t'
            } else {
                ' '
            }
        }));
        let width = width.min(to.saturating_sub(col - 1)).max(1);
        let gutter = line_no.to_string();
        let pad = " ".repeat(gutter.len());
        format!(
            "{path}:{line_no}:{col}: {severity}: {msg}\n{pad} |\n{gutter} | {shown}\n{pad} | {lead}{carets}\n",
            severity = self.severity.name(),
            msg = cut(&self.message, limits::MAX_MESSAGE_CHARS),
            carets = "^".repeat(width)
        )
    }
}

/// The 1-based line and column (in characters) of byte `offset` of `src`.
fn line_col_of(src: &str, offset: u32) -> (usize, usize) {
    let at = floor_char_boundary(src, (offset as usize).min(src.len()));
    let (line_no, line_start) = Lines::new(src).line_of(at);
    (line_no, src[line_start..at].chars().count() + 1)
}

/// The starts of the lines of a text, to find a byte's line by binary search.
struct Lines(Vec<usize>);

impl Lines {
    fn new(src: &str) -> Lines {
        let breaks = src.bytes().enumerate().filter(|(_, b)| *b == b'\n');
        Lines(
            std::iter::once(0)
                .chain(breaks.map(|(i, _)| i + 1))
                .collect(),
        )
    }

    /// The 1-based line number holding byte `offset`, and the line's start.
    fn line_of(&self, offset: usize) -> (usize, usize) {
        let i = self.0.partition_point(|&start| start <= offset).max(1);
        (i, self.0[i - 1])
    }
}

/// `text` cut to `most` characters, with `…` marking a cut.
fn cut(text: &str, most: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(most) {
        None => text.into(),
        Some((i, _)) => format!("{}…", &text[..i]).into(),
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The problems found in a rule file, in source order: the first ones, and
/// how many more there were beyond them (a compilation keeps only the first
/// [`limits::MAX_RENDERED_ERRORS`]; see `Diagnostics`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(
    /// The errors kept, in source order.
    pub Vec<Diagnostic>,
    /// How many errors were found beyond those.
    pub usize,
);

/// The errors of a compilation, collected as they are found, in bounded
/// memory: the first [`limits::MAX_RENDERED_ERRORS`] in source order, each
/// once, and a count of the others. Keeping them all, to sort them and show a
/// hundred, took more memory than the rest of the compilation (a setup of
/// 349,000 placements on one cell gives as many errors).
#[derive(Default)]
pub struct Diagnostics {
    /// The errors kept, the last in source order on top, to be dropped first.
    kept: std::collections::BinaryHeap<InOrder>,
    /// A fingerprint of each distinct error pushed, so that an error found
    /// twice (by two passes over one name) is counted once.
    seen: std::collections::HashSet<u64>,
    /// Distinct errors pushed.
    count: usize,
    /// The warnings, collected the same way (bounded, each once, in source
    /// order); made at the first warning.
    warnings: Option<Box<Diagnostics>>,
}

/// A diagnostic ordered by its span, then by when it was pushed, as a stable
/// sort by span would order it.
struct InOrder(Span, usize, Diagnostic);

impl Diagnostics {
    /// Pushes `d`: an error, or a warning kept apart (see [`Diagnostics::warn`]).
    pub fn push(&mut self, d: Diagnostic) {
        if d.severity == Severity::Warning {
            return self.warn(d);
        }
        self.push_hinted(d, || None);
    }

    /// Pushes `d`, with `hint` after its message if it is kept: a hint
    /// ("did you mean ...") compares names, so it is worked out only for an
    /// error that is among the first so far, not for the thousands past them
    /// that are only counted. An error is the same as another by its span
    /// and its message without the hint.
    pub fn push_hinted(&mut self, mut d: Diagnostic, hint: impl FnOnce() -> Option<String>) {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        (d.span, &d.message).hash(&mut hasher);
        if !self.seen.insert(hasher.finish()) {
            return;
        }
        self.count += 1;
        let full = self.kept.len() >= limits::MAX_RENDERED_ERRORS;
        // Kept errors are ordered by span, then by when they came: a later
        // error with the last kept one's span would be dropped at once.
        if full
            && self
                .kept
                .peek()
                .is_some_and(|last| last.span_key() <= span_key(d.span))
        {
            return;
        }
        if let Some(hint) = hint() {
            d.message.push_str(&hint);
        }
        self.kept.push(InOrder(d.span, self.count - 1, d));
        if self.kept.len() > limits::MAX_RENDERED_ERRORS {
            self.kept.pop();
        }
    }

    /// Pushes a warning: it does not refuse the file, and is kept apart
    /// from the errors.
    pub fn warn(&mut self, d: Diagnostic) {
        self.warnings
            .get_or_insert_with(Default::default)
            .push_hinted(
                Diagnostic {
                    severity: Severity::Warning,
                    ..d
                },
                || None,
            );
    }

    /// Whether no error was pushed (warnings aside).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The warnings kept (the first [`limits::MAX_RENDERED_ERRORS`] in
    /// source order), taken out of the collector.
    pub fn take_warnings(&mut self) -> Vec<Diagnostic> {
        self.warnings
            .take()
            .map_or_else(Vec::new, |w| w.into_errors().0)
    }

    /// The errors kept, in source order, and the count of the others.
    pub fn into_errors(self) -> Errors {
        let kept: Vec<Diagnostic> = self
            .kept
            .into_sorted_vec()
            .into_iter()
            .map(|InOrder(_, _, d)| d)
            .collect();
        let more = self.count - kept.len();
        Errors(kept, more)
    }
}

impl InOrder {
    fn key(&self) -> (u32, u32, usize) {
        (self.0.start, self.0.end, self.1)
    }

    fn span_key(&self) -> (u32, u32) {
        span_key(self.0)
    }
}

fn span_key(span: Span) -> (u32, u32) {
    (span.start, span.end)
}

impl PartialEq for InOrder {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for InOrder {}

impl PartialOrd for InOrder {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for InOrder {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl Errors {
    /// Renders every diagnostic, one after the other, up to
    /// [`limits::MAX_RENDERED_ERRORS`]; a last line counts the others.
    pub fn render(&self, path: &str, src: &str) -> String {
        let lines = Lines::new(src);
        let most = limits::MAX_RENDERED_ERRORS;
        let mut out: String = self
            .0
            .iter()
            .take(most)
            .map(|d| d.render_with(path, src, &lines))
            .collect();
        let more = self.0.len().saturating_sub(most) + self.1;
        if more > 0 {
            out.push_str(&format!(
                "{path}: {} more errors not shown; the limit is {most}\n",
                limits::thousands(more as u128)
            ));
        }
        out
    }
}

impl fmt::Display for Errors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{}", d.message)?;
        }
        Ok(())
    }
}

impl std::error::Error for Errors {}

impl From<Diagnostic> for Errors {
    fn from(d: Diagnostic) -> Errors {
        Errors(vec![d], 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_span_on_a_final_carriage_return_points_past_the_line() {
        let src = "piece\r";
        let d = Diagnostic::new(Span::new(6, 6), "expected a name");
        assert_eq!(
            d.render("x.game", src),
            "x.game:1:6: error: expected a name\n  |\n1 | piece\n  |      ^\n"
        );
    }

    #[test]
    fn a_long_line_is_shown_around_the_span() {
        let src = format!("{}BAD{}\n", "a".repeat(1000), "b".repeat(1000));
        let d = Diagnostic::new(Span::new(1000, 1003), "bad");
        let text = d.render("x.game", &src);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "x.game:1:1001: error: bad");
        // The caret line's carets sit under `BAD` in the shown window.
        let at = lines[2].find("BAD").unwrap();
        assert_eq!(lines[3].find('^'), Some(at));
        assert!(lines[3].ends_with("^^^"));
        assert!(lines[2].len() < limits::MAX_RENDERED_LINE + 20);
    }

    #[test]
    fn line_and_column_are_those_rendered() {
        let src = "grid file a..h\npiece Foo\n";
        let d = Diagnostic::new(Span::new(21, 24), "bad thing");
        assert_eq!(d.line_col(src), (2, 7));
        assert!(d.render("x.game", src).starts_with("x.game:2:7:"));
    }

    #[test]
    fn a_compilation_keeps_its_first_errors_in_order_and_counts_the_others() {
        let mut errors = Diagnostics::default();
        // Pushed from the last to the first, each twice.
        for i in (0..1000).rev() {
            for _ in 0..2 {
                errors.push(Diagnostic::new(Span::new(i, i + 1), format!("error {i}")));
            }
        }
        errors.push(Diagnostic::new(Span::new(0, 1), "another at the start"));
        let Errors(kept, more) = errors.into_errors();
        assert_eq!(kept.len(), limits::MAX_RENDERED_ERRORS);
        assert_eq!(more, 1001 - limits::MAX_RENDERED_ERRORS);
        assert_eq!(kept[0].message, "error 0");
        assert_eq!(kept[1].message, "another at the start");
        assert_eq!(kept[2].message, "error 1");
        let rendered = Errors(kept, more).render("x.game", &"x".repeat(1001));
        assert!(rendered.ends_with("x.game: 901 more errors not shown; the limit is 100\n"));
    }

    #[test]
    fn hints_are_worked_out_only_for_the_errors_kept() {
        let mut errors = Diagnostics::default();
        let mut hinted = 0;
        // The first hundred by span are kept; the rest, later in the file,
        // are counted without their hint; earlier ones, from a later pass,
        // displace the last kept.
        for i in (100..400).chain((0..50).rev()).chain([1000, 60]) {
            let d = Diagnostic::new(Span::new(i, i + 1), format!("unknown `x{i}`"));
            errors.push_hinted(d, || {
                hinted += 1;
                Some("; did you mean `y`?".into())
            });
        }
        // The same error again, from a second pass: counted once, no hint.
        let again = Diagnostic::new(Span::new(5, 6), "unknown `x5`");
        errors.push_hinted(again, || panic!("an error seen before needs no hint"));
        assert_eq!(hinted, 100 + 50 + 1);
        let Errors(kept, more) = errors.into_errors();
        assert_eq!(kept.len(), 100);
        assert_eq!(more, 352 - 100);
        assert_eq!(kept[0].message, "unknown `x0`; did you mean `y`?");
        assert_eq!(kept[50].message, "unknown `x60`; did you mean `y`?");
        assert_eq!(kept[99].message, "unknown `x148`; did you mean `y`?");
    }

    #[test]
    fn lines_are_found_by_binary_search() {
        let lines = Lines::new("ab\ncd\n\nef");
        assert_eq!(lines.line_of(0), (1, 0));
        assert_eq!(lines.line_of(2), (1, 0));
        assert_eq!(lines.line_of(3), (2, 3));
        assert_eq!(lines.line_of(6), (3, 6));
        assert_eq!(lines.line_of(9), (4, 7));
    }

    #[test]
    fn renders_line_column_and_caret() {
        let src = "grid file a..h\npiece Foo\n";
        let d = Diagnostic::new(Span::new(21, 24), "bad thing");
        assert_eq!(
            d.render("x.game", src),
            "x.game:2:7: error: bad thing\n  |\n2 | piece Foo\n  |       ^^^\n"
        );
    }
}
