//! Diagnostics: an error message tied to a span of a rule file.
//!
//! Spans are byte offsets; line and column are computed only when a diagnostic is
//! rendered, so the AST stays cheap to build and independent of the source text.

use std::fmt;

/// A half-open byte range `start..end` into a rule file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: u32,
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

/// One problem found in a rule file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
}

impl Diagnostic {
    /// Builds a diagnostic.
    pub fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
        }
    }

    /// Renders `FILE:LINE:COL: error: MESSAGE`, the source line and a caret line.
    pub fn render(&self, path: &str, src: &str) -> String {
        let start = (self.span.start as usize).min(src.len());
        let (line_no, line_start) = line_of(src, start);
        let line_end = src[line_start..]
            .find('\n')
            .map_or(src.len(), |i| line_start + i);
        let line = src[line_start..line_end].trim_end_matches('\r');
        let start = floor_char_boundary(src, start);
        let col = src[line_start..start].chars().count() + 1;
        let end = floor_char_boundary(
            src,
            (self.span.end as usize).clamp(start, line_start + line.len()),
        );
        let width = src[start..end].chars().count().max(1);
        let gutter = line_no.to_string();
        let pad = " ".repeat(gutter.len());
        let lead: String = line[..(start - line_start).min(line.len())]
            .chars()
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        format!(
            "{path}:{line_no}:{col}: error: {msg}\n{pad} |\n{gutter} | {line}\n{pad} | {lead}{carets}\n",
            msg = self.message,
            carets = "^".repeat(width)
        )
    }
}

/// Returns the 1-based line number holding byte `offset`, and the line's start.
fn line_of(src: &str, offset: usize) -> (usize, usize) {
    let before = &src[..floor_char_boundary(src, offset)];
    let line_no = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line_no, line_start)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// All the problems found in a rule file, in source order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Errors(pub Vec<Diagnostic>);

impl Errors {
    /// Renders every diagnostic, one after the other.
    pub fn render(&self, path: &str, src: &str) -> String {
        self.0.iter().map(|d| d.render(path, src)).collect()
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
        Errors(vec![d])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
