//! The title of an imported game: its section's name as players write it.
//!
//! A variants file names a section in one lower-case word (`kingofthehill`,
//! `semitorpedo`) and often says the name in words in the comment above it
//! (`# Semi-torpedo chess`). The title is the run of words of that comment
//! whose letters and digits spell the section's name, as the comment writes
//! them; where no comment spells it, the name's own words (split at `-` and
//! `_`), each capitalised but for the small words of English titles.

/// The title of the section `name`, from the comment lines above it.
///
/// # Examples
/// ```
/// use tessera_cli::import::title::title;
/// assert_eq!(title("semitorpedo", &["Semi-torpedo chess".into()]), "Semi-torpedo");
/// assert_eq!(title("kingofthehill", &["King of the Hill, with drops".into()]), "King of the Hill");
/// assert_eq!(title("caught-in-a-snag", &["https://www.chess.com/variants/caught-in-a-snag".into()]), "Caught in a Snag");
/// assert_eq!(title("capablanca", &[]), "Capablanca");
/// ```
pub fn title(name: &str, comments: &[String]) -> String {
    spelled_in(name, comments).unwrap_or_else(|| capitalised_words(name))
}

/// English words a title writes in lower case, but for its first word.
const SMALL_WORDS: &[&str] = &[
    "a", "an", "and", "as", "at", "by", "for", "in", "of", "on", "or", "the", "to", "vs", "with",
];

/// The first run of words of the comments whose letters and digits, in
/// lower case, are the name's, with its first letter in upper case.
fn spelled_in(name: &str, comments: &[String]) -> Option<String> {
    let key = squeezed(name);
    if key.is_empty() {
        return None;
    }
    for line in comments {
        // An address names a page, not the game: it breaks a run of words.
        for text in line
            .split(|c: char| c.is_whitespace())
            .collect::<Vec<_>>()
            .split(|w| is_address(w))
        {
            for start in 0..text.len() {
                let mut spelled = String::new();
                for end in start..text.len() {
                    spelled.push_str(&squeezed(text[end]));
                    if !key.starts_with(&spelled) {
                        break;
                    }
                    // A run starts and ends on a word that spells part of the name.
                    if spelled == key && !squeezed(text[start]).is_empty() {
                        let run = text[start..=end].join(" ");
                        let run = run.trim_matches(|c: char| !c.is_alphanumeric());
                        return Some(upper_first(run));
                    }
                }
            }
        }
    }
    None
}

/// `caught-in-a-snag` → `Caught in a Snag`.
fn capitalised_words(name: &str) -> String {
    let words: Vec<String> = name
        .split(['-', '_', ' '])
        .filter(|w| !w.is_empty())
        .enumerate()
        .map(|(i, w)| {
            if i > 0 && SMALL_WORDS.contains(&w.to_lowercase().as_str()) {
                w.to_lowercase()
            } else {
                upper_first(w)
            }
        })
        .collect();
    if words.is_empty() {
        return name.to_string();
    }
    words.join(" ")
}

/// The letters and digits of `text`, in lower case.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

fn is_address(word: &str) -> bool {
    word.contains("://") || word.starts_with("www.")
}

fn upper_first(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::title;

    fn comments(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_comment_that_spells_the_name_gives_its_words() {
        for (name, comment, expected) in [
            ("upsidedown", "Upside-down", "Upside-down"),
            ("peasant", "Peasant revolt", "Peasant"),
            ("indiangreat", "Indian great chess", "Indian great"),
            ("centaurking", "Centaurking", "Centaurking"),
            (
                "kingofthehill",
                "a King of the Hill variant",
                "King of the Hill",
            ),
            (
                "3check-crazyhouse",
                "3-check crazyhouse",
                "3-check crazyhouse",
            ),
        ] {
            assert_eq!(title(name, &comments(&[comment])), expected, "{name}");
        }
    }

    #[test]
    fn a_comment_that_does_not_spell_it_leaves_the_name_capitalised() {
        for (name, comment, expected) in [
            ("maharajah2", "Maharajah", "Maharajah2"),
            (
                "atomic-giveaway-hill",
                "Hybrid variant of atomic, giveaway, and king of the hill",
                "Atomic Giveaway Hill",
            ),
            (
                "caught-in-a-snag",
                "https://www.chess.com/variants/caught-in-a-snag",
                "Caught in a Snag",
            ),
            ("the_end", "", "The End"),
            ("capablanca", "", "Capablanca"),
            ("---", "", "---"),
        ] {
            assert_eq!(title(name, &comments(&[comment])), expected, "{name}");
        }
    }
}
