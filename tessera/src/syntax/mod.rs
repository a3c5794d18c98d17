//! Syntax: rule text to AST. The only module that knows pest.

pub mod ast;
mod expected;
mod hint;
mod lower;
mod size;

use crate::diag::{Diagnostic, Span};
use pest::Parser;

// pest looks for the grammar beside the package's manifest first, where the
// workspace keeps it (`grammar/` at the repository's top), and then under
// `src/`, which finds `tessera/grammar/tessera.pest`: a link to the same file
// that `cargo package` copies into the library's package, so that the
// library builds alone too.
#[derive(pest_derive::Parser)]
#[grammar = "../grammar/tessera.pest"]
struct TesseraParser;

/// Parses rule text into an AST.
///
/// The file is read one statement at a time, and a piece one property at a
/// time, each lowered before the next is parsed: pest's tokens take some 80
/// bytes each, so holding those of a whole file would take about a hundred
/// times its size. Reading the units in turn accepts exactly what `file`
/// accepts (a repetition in a PEG takes one item after the other), but not
/// with the same error: pest reports what every rule tried at the furthest
/// position reached, and the unit before the one that failed may have tried
/// there too (`step n` followed by a bad word: a direction or `then` was
/// possible). No unit before that one tries past its successor's first word,
/// a reserved word that no list or option of theirs takes; so a failed file is
/// parsed again from the unit before the failed one, with the rule of what
/// may follow there, for the error the whole file gives.
///
/// # Errors
/// A statement past [`crate::limits::MAX_STATEMENT_TOKENS`], before anything
/// else; the first syntax error, with a span and an "expected ..." message;
/// else the first error found while lowering.
pub fn parse(src: &str) -> Result<ast::File, Diagnostic> {
    size::check(src)?;
    let mut file = ast::File::default();
    // A syntax error anywhere comes before an error of lowering.
    let mut lowering_error = None;
    let mut at = 0;
    let mut in_piece = false;
    // Where the last unit read began, and the rule for the rest of the file from there.
    let mut last = None;
    loop {
        let start = at;
        if in_piece {
            if let Some(prop) = parse_unit(Rule::next_piece_prop, src, &mut at) {
                let piece = file.pieces.last_mut().expect("a piece head came first");
                if let Err(e) = lower::lower_next_piece_prop(prop, piece) {
                    lowering_error.get_or_insert(e);
                }
                last = Some((start, Rule::rest_of_piece));
                continue;
            }
            in_piece = false;
        }
        let Some(unit) = parse_unit(Rule::next_statement, src, &mut at) else {
            drop(file);
            return Err(syntax_error(src, last));
        };
        last = Some((start, Rule::file));
        match lower::lower_unit(unit, &mut file) {
            Ok(lower::Unit::End) => break,
            Ok(lower::Unit::PieceHead) => in_piece = true,
            Ok(lower::Unit::Statement) => {}
            Err(e) => {
                lowering_error.get_or_insert(e);
            }
        }
    }
    match lowering_error {
        Some(e) => Err(e),
        None => Ok(file),
    }
}

/// The unit of `rule` at byte `at` of `src`, moving `at` past it; `None` if
/// none starts there.
fn parse_unit<'a>(rule: Rule, src: &'a str, at: &mut usize) -> Option<lower::P<'a>> {
    let base = *at;
    let pair = TesseraParser::parse(rule, &src[base..]).ok()?.next()?;
    *at = base + pair.as_span().end();
    Some(lower::P::new(pair, base))
}

/// The error of a file whose unit after `last` failed: the rest of the file
/// parsed again from `last` (where a unit began, and the rule for what follows
/// it), or the whole file when no unit was read.
fn syntax_error(src: &str, last: Option<(usize, Rule)>) -> Diagnostic {
    let (base, rule) = last.unwrap_or((0, Rule::file));
    match TesseraParser::parse(rule, &src[base..]) {
        Err(e) => to_diagnostic(src, base, e),
        // Not reached: the unit that failed fails again in the rest.
        Ok(_) => match parse_whole(src) {
            Err(e) => e,
            Ok(_) => unreachable!("a file whose units fail fails whole"),
        },
    }
}

/// Parses the whole file at once, with the `file` rule.
fn parse_whole(src: &str) -> Result<ast::File, Diagnostic> {
    let mut pairs = TesseraParser::parse(Rule::file, src).map_err(|e| to_diagnostic(src, 0, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    lower::lower_file(lower::P::new(file, 0))
}

pub(crate) use crate::suggest::STATEMENT_KEYWORDS;

/// The diagnostic for pest's error `e` in the text that starts at byte `base` of `src`.
fn to_diagnostic(src: &str, base: usize, e: pest::error::Error<Rule>) -> Diagnostic {
    let pos = base
        + match e.location {
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
    if let Some(d) = hint::missing_punctuation(src, pos) {
        return d;
    }
    // What is found on a later line than the last word read: the statement
    // ended too soon, and the mistake is at its end, not on the next line.
    if let Some(at) = hint::end_of_line_before(src, pos) {
        let line = src[..pos.min(src.len())].matches('\n').count() + 1;
        let message = match found.as_str() {
            "end of file" => message,
            _ => format!("{message} on line {line}"),
        };
        return Diagnostic::new(Span::new(at, at), message);
    }
    Diagnostic::new(Span::new(pos, end), message)
}

/// Whether `text` starts with a movement modifier (`quiet`, `not to camp`):
/// for the compiler's hint on a modifier written without its colon.
pub fn starts_modifier(text: &str) -> bool {
    TesseraParser::parse(Rule::modifier, text).is_ok()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule file of `games/` and the tutorial, with the path.
    fn rule_files() -> Vec<(String, String)> {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        let mut paths: Vec<_> = std::fs::read_dir(format!("{root}/games"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "game"))
            .collect();
        paths.push(format!("{root}/docs/guard-chess.game").into());
        paths.sort();
        let files: Vec<_> = paths
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).unwrap();
                (p.display().to_string(), text)
            })
            .collect();
        assert!(files.len() > 30);
        files
    }

    #[test]
    fn reading_unit_by_unit_gives_the_tree_of_the_whole_file() {
        for (path, src) in rule_files() {
            let by_units = format!("{:?}", parse(&src).unwrap());
            let whole = format!("{:?}", parse_whole(&src).unwrap());
            assert_eq!(by_units, whole, "{path}");
        }
    }

    /// `parse` and `parse_whole` on `src`, which must agree.
    #[track_caller]
    fn agree(src: &str, what: &str) {
        let by_units = format!("{:?}", parse(src));
        let whole = format!("{:?}", parse_whole(src));
        assert_eq!(by_units, whole, "{what}");
    }

    #[test]
    fn a_file_cut_anywhere_has_the_error_of_the_whole_file() {
        for (path, src) in rule_files() {
            let cuts = (0..src.len())
                .step_by(7)
                .filter(|&i| src.is_char_boundary(i));
            for i in cuts {
                agree(&src[..i], &format!("{path} cut at {i}"));
            }
        }
    }

    #[test]
    fn a_file_cut_anywhere_and_ending_in_a_comment_has_the_error_of_the_whole_file() {
        // An error at the end of the file then lies inside the comment.
        for (path, src) in rule_files() {
            let cuts = (0..src.len())
                .step_by(13)
                .filter(|&i| src.is_char_boundary(i));
            for i in cuts {
                let text = format!("{} # a comment", &src[..i]);
                agree(&text, &format!("{path} cut at {i}, then a comment"));
            }
        }
    }

    #[test]
    fn a_file_with_a_word_put_anywhere_has_the_error_of_the_whole_file() {
        for (path, src) in rule_files() {
            let starts = src
                .char_indices()
                .filter(|&(i, c)| c.is_whitespace() && i % 5 == 0)
                .map(|(i, _)| i);
            for i in starts {
                for word in [" zz", " :", " step", " piece", " (1)", " ,"] {
                    let text = format!("{}{word}{}", &src[..i], &src[i..]);
                    agree(&text, &format!("{path} with `{word}` at {i}"));
                }
            }
        }
    }

    #[test]
    fn a_file_ending_in_a_comment_after_an_unfinished_statement_is_an_error() {
        // The error is at the end of the file, inside the comment: no code
        // follows it on its line to look for a missing comma in.
        let src = "grid file a..b rank 1..2\ngroup all =\n# a comment, then the end";
        let error = parse(src).unwrap_err();
        assert_eq!(error.message, "expected a name, found end of file");
        agree(src, "a comment after an unfinished statement");
    }

    #[test]
    fn a_syntax_error_comes_before_an_earlier_error_of_lowering() {
        let src = "grid file a..b rank 1..2\ngrid file a..b rank 1..2\npiece King K\n  step\n";
        let error = parse(src).unwrap_err();
        assert_eq!(error.message, "expected a name, found end of file");
        let src = "grid file a..b rank 1..2\ngrid file a..b rank 1..2\npiece King K\n  step n\n";
        let error = parse(src).unwrap_err();
        assert_eq!(error.message, "a rule file has at most one `grid`");
        assert_eq!(error.span.start, 25);
    }

    #[test]
    fn spans_count_from_the_start_of_the_file() {
        let src = "# a comment\npiece King K\n  step n\n  promote z to Queen\n";
        let file = parse(src).unwrap();
        let piece = &file.pieces[0];
        let at = |name: &ast::Name| &src[name.span.start as usize..name.span.end as usize];
        assert_eq!(at(&piece.name), "King");
        assert_eq!(at(&piece.promotions[0].zone), "z");
    }
}
