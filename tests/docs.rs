//! The language reference holds true: every example compiles, and its list
//! of reserved keywords is the grammar's.
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

/// The words a `keyword = @{ ... }` rule of the grammar reserves, in its order.
fn grammar_keywords(grammar: &str) -> Vec<String> {
    let start = grammar
        .find("\nkeyword = @{")
        .expect("the grammar has a `keyword` rule");
    let rule = &grammar[start..];
    let body = &rule[..rule.find("\n}").expect("the `keyword` rule ends")];
    body.split('"')
        .skip(1)
        .step_by(2)
        .map(String::from)
        .collect()
}

/// The words of each line of the language reference that says which words
/// are reserved: those of its first code span.
fn documented_keyword_lists(page: &str) -> Vec<Vec<String>> {
    page.lines()
        .filter(|l| l.contains("are reserved"))
        .map(|l| {
            let list = l.split('`').nth(1).unwrap_or("");
            list.split_whitespace().map(String::from).collect()
        })
        .collect()
}

#[test]
fn the_reserved_keywords_of_the_language_reference_are_the_grammars() {
    let grammar = std::fs::read_to_string("grammar/tessera.pest").expect("the grammar");
    let page = std::fs::read_to_string("docs/language.md").expect("docs/language.md");
    let mut reserved = grammar_keywords(&grammar);
    assert!(reserved.len() > 40, "found {reserved:?}");
    let lists = documented_keyword_lists(&page);
    assert_eq!(lists.len(), 1, "docs/language.md lists the keywords once");
    let mut documented = lists[0].clone();
    reserved.sort();
    documented.sort();
    assert_eq!(
        documented, reserved,
        "docs/language.md's reserved keywords against grammar/tessera.pest's `keyword` rule"
    );
}

/// The grammar stands at the repository's top; the library's package
/// carries it through a link (`tessera/grammar/tessera.pest`), which
/// `cargo package -p tessera` copies, so that the library builds alone.
#[test]
fn the_library_package_links_to_the_top_level_grammar() {
    let top = std::fs::read_to_string("grammar/tessera.pest").expect("grammar/tessera.pest");
    let link = std::path::Path::new("tessera/grammar/tessera.pest");
    assert!(
        std::fs::symlink_metadata(link).is_ok_and(|m| m.file_type().is_symlink()),
        "{} is a link to the top-level grammar, not a second copy",
        link.display()
    );
    assert_eq!(std::fs::read_to_string(link).expect("the link reads"), top);
}
