//! Syntax: rule text to AST. The only module that knows pest.

pub mod ast;
mod expected;
mod hint;
mod lower;

use crate::diag::{Diagnostic, Span};
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/tessera.pest"]
struct TesseraParser;

/// Parses rule text into an AST.
///
/// # Errors
/// The first syntax error, with a span and an "expected ..." message.
pub fn parse(src: &str) -> Result<ast::File, Diagnostic> {
    let mut pairs = TesseraParser::parse(Rule::file, src).map_err(|e| to_diagnostic(src, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    lower::lower_file(file)
}

pub use crate::suggest::STATEMENT_KEYWORDS;

fn to_diagnostic(src: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    if let Some(d) = unterminated_string(src, pos) {
        return d;
    }
    let found = found_at(src, pos);
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives
                .iter()
                .filter_map(|r| expected::describe(*r))
                .collect();
            // Where a statement may start, one phrase stands for all of them.
            let statements = wanted.iter().filter(|w| expected::is_statement(w)).count();
            if statements > 1 {
                wanted.retain(|w| !expected::is_statement(w));
                wanted.push(expected::A_STATEMENT);
            }
            wanted.sort_unstable();
            wanted.dedup();
            match wanted.len() {
                0 => format!("unexpected {found}"),
                1 => format!("expected {}, found {found}", wanted[0]),
                _ => {
                    let (last, rest) = wanted.split_last().expect("at least two");
                    format!("expected {} or {last}, found {found}", rest.join(", "))
                }
            }
        }
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    let end = pos + found_len(src, pos);
    // Hints name only keywords that would let the parse go on.
    if let Some(k) = hint::at_error(src, pos) {
        return Diagnostic::new(
            Span::new(pos, end),
            format!("{message}; did you mean `{k}`?"),
        );
    }
    if let Some(d) = hint::before_error(src, pos) {
        return d;
    }
    Diagnostic::new(Span::new(pos, end), message)
}

/// A string opened on the error's line and never closed.
fn unterminated_string(src: &str, pos: usize) -> Option<Diagnostic> {
    let line_start = src[..pos.min(src.len())].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[line_start..]
        .find('\n')
        .map_or(src.len(), |i| line_start + i);
    let line = &src[line_start..line_end];
    let line = line.split('#').next().unwrap_or(line);
    if line.matches('"').count() % 2 == 1 {
        let open = line_start + line.rfind('"').expect("an odd count means one");
        return Some(Diagnostic::new(
            Span::new(open, open + 1),
            "this string has no closing `\"` on its line",
        ));
    }
    None
}

/// Describes the token at `pos` for an error message.
fn found_at(src: &str, pos: usize) -> String {
    let rest = &src[pos.min(src.len())..];
    match rest.chars().next() {
        None => "end of file".to_string(),
        Some('\n') | Some('\r') => "end of line".to_string(),
        Some(_) => format!("`{}`", &rest[..found_len(src, pos)]),
    }
}

fn found_len(src: &str, pos: usize) -> usize {
    let rest = &src[pos.min(src.len())..];
    let word: usize = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '\''))
        .map(char::len_utf8)
        .sum();
    if word > 0 {
        word
    } else {
        rest.chars().next().map_or(0, char::len_utf8)
    }
}
