//! "Did you mean": the nearest known name or keyword to a misspelt word, for
//! the hints of the compiler's errors and of any front end's.

/// The words that start a statement.
pub(crate) const STATEMENT_KEYWORDS: &[&str] = &[
    "game",
    "grid",
    "cell",
    "remove",
    "direction",
    "group",
    "link",
    "mirror",
    "zone",
    "piece",
    "setup",
    "castling",
    "goal",
    "pool",
    "captured",
    "transfer",
    "drop",
    "phase",
    "forced",
    "check",
    "captures",
    "gating",
    "place",
    "pass",
    "count",
    "clock",
    "layout",
    "notation",
    "flip",
    "shuffle",
    "look",
];

/// The words that start a line inside a piece.
pub(crate) const PIECE_KEYWORDS: &[&str] = &[
    "value", "royal", "counter", "promote", "step", "slide", "leap", "path", "hop", "neutral",
    "betza", "look",
];

/// The keyword `word` is probably a misspelling of.
pub(crate) fn near_keyword(word: &str) -> Option<&'static str> {
    // Keywords are lowercase and names of kinds capitalised by custom: a
    // capitalised word one letter from a keyword (`Rook`, `look`) is a name.
    if word.len() < 3
        || word.len() > crate::limits::MAX_SUGGESTED_NAME
        || word.starts_with(|c: char| c.is_ascii_uppercase())
    {
        return None;
    }
    STATEMENT_KEYWORDS
        .iter()
        .chain(PIECE_KEYWORDS)
        .map(|k| (edit_distance(word, k), *k))
        // Short words are near many others: allow one edit below six letters.
        .filter(|(d, k)| *d > 0 && *d <= if word.len() < 6 { 1 } else { 2 } && *k != word)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The known name nearest to `text`, if it is near enough to be a likely typo.
///
/// The names are compared in the order given until [`MAX_HINT_PAIRS`] pairs
/// of characters have been compared, so one hint costs as little among a
/// hundred thousand zone names as among a handful; a name past that is not
/// compared.
///
/// [`MAX_HINT_PAIRS`]: crate::limits::MAX_HINT_PAIRS
pub fn closest<'a>(text: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let a: Vec<char> = text.to_lowercase().chars().collect();
    let len = text.chars().count();
    // Edit distance costs the product of the lengths: a huge name gets no hint.
    if len > crate::limits::MAX_SUGGESTED_NAME {
        return None;
    }
    let limit = (len / 3).max(1);
    let mut left = crate::limits::MAX_HINT_PAIRS;
    let mut rows = Rows::default();
    let mut best: Option<(usize, &str)> = None;
    for k in known {
        // Reading the name costs its length; comparing, its length times ours.
        let read = k.len().max(1) as u64;
        let Some(rest) = left.checked_sub(read) else {
            break;
        };
        left = rest;
        // The distance is at least the difference of the lengths.
        if k.chars().count().abs_diff(len) > limit {
            continue;
        }
        let Some(rest) = left.checked_sub(read * a.len().max(1) as u64) else {
            break;
        };
        left = rest;
        let d = rows.distance(&a, k);
        // A one-letter name is near every other one: suggest only real neighbours.
        if d <= limit && d < len && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, k));
        }
    }
    best.map(|(_, k)| k)
}

/// Edit distance where swapping two neighbouring letters counts as one edit
/// (optimal string alignment), ignoring case.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    Rows::default().distance(&a, b)
}

/// The last three rows of the table of [`edit_distance`], kept from one
/// comparison to the next so that comparing with many names allocates once.
#[derive(Default)]
struct Rows {
    b: Vec<char>,
    rows: [Vec<usize>; 3],
}

impl Rows {
    /// The distance from `a`, already in lower case, to `b`.
    fn distance(&mut self, a: &[char], b: &str) -> usize {
        self.b.clear();
        self.b.extend(b.to_lowercase().chars());
        let b = &self.b;
        for row in &mut self.rows {
            row.clear();
            row.resize(b.len() + 1, 0);
        }
        let [before, above, row] = &mut self.rows;
        for (j, cell) in above.iter_mut().enumerate() {
            *cell = j;
        }
        for i in 1..=a.len() {
            row[0] = i;
            for j in 1..=b.len() {
                let cost = usize::from(a[i - 1] != b[j - 1]);
                let mut best = (above[j] + 1).min(row[j - 1] + 1).min(above[j - 1] + cost);
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    best = best.min(before[j - 2] + 1);
                }
                row[j] = best;
            }
            // The rows move up by one: `before` is dropped, `row` is refilled.
            std::mem::swap(before, above);
            std::mem::swap(above, row);
        }
        above[b.len()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_near_names_only() {
        assert_eq!(
            closest("Quen", ["Queen", "Rook"].into_iter()),
            Some("Queen")
        );
        assert_eq!(closest("Zebra", ["Queen", "Rook"].into_iter()), None);
        assert_eq!(closest("R", ["n", "e"].into_iter()), None);
    }

    #[test]
    fn the_distance_counts_edits_and_swaps() {
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("", "ab"), 2);
        assert_eq!(edit_distance("Queen", "quen"), 1);
        assert_eq!(edit_distance("ab", "ba"), 1);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("abcd", "acbd"), 1);
    }

    #[test]
    fn a_hint_compares_a_bounded_number_of_names() {
        // Far more names than the budget compares, the near one last: it is
        // never reached. Placed first, it is found.
        let far: Vec<String> = (0..200_000).map(|i| format!("zone{i:06}")).collect();
        let names = || far.iter().map(String::as_str);
        assert_eq!(closest("zone199999x", names()), None);
        let first = std::iter::once("zone199999");
        assert_eq!(
            closest("zone199999x", first.chain(names())),
            Some("zone199999")
        );
    }

    #[test]
    fn spots_misspelt_keywords() {
        assert_eq!(near_keyword("peice"), Some("piece"));
        assert_eq!(near_keyword("piece"), None);
        assert_eq!(near_keyword("Rook"), None);
        assert_eq!(near_keyword("King"), None);
        assert_eq!(near_keyword("royal"), None);
        assert_eq!(near_keyword("dirction"), Some("direction"));
    }
}
