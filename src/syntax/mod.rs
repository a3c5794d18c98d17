//! Syntax: rule text to AST. The only module that knows pest.

pub mod ast;
mod expected;
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

fn to_diagnostic(src: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let found = found_at(src, pos);
    let message = match &e.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives
                .iter()
                .filter_map(|r| expected::describe(*r))
                .collect();
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
    Diagnostic::new(Span::new(pos, end), message)
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
