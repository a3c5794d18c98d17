//! Every example of the language reference compiles.
//!
//! docs/language.md says that each `tessera` block is checked: a block with a
//! `grid` is a whole rule file, any other a fragment added to the end of the
//! prelude, the page's first block.

use tessera::compile_str;

/// The `tessera` code blocks of a Markdown text, with the line each starts on.
fn blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        match (&mut current, line.trim_end()) {
            (None, "```tessera") => current = Some((i + 2, String::new())),
            (Some(_), "```") => out.extend(current.take()),
            (Some((_, text)), l) => {
                text.push_str(l);
                text.push('\n');
            }
            (None, _) => {}
        }
    }
    out
}

#[test]
fn every_example_of_the_language_reference_compiles() {
    let page = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let examples = blocks(&page);
    let (_, prelude) = examples.first().expect("the page starts with its prelude");
    assert!(examples.len() > 20, "found {} examples", examples.len());
    let mut failures = Vec::new();
    for (line, text) in &examples {
        let file = if text.contains("grid ") {
            text.clone()
        } else {
            format!("{prelude}{text}")
        };
        if let Err(e) = compile_str(&file) {
            failures.push(format!(
                "docs/language.md:{line}:\n{}",
                e.render("example", &file)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
