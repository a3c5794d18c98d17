//! "Did you mean": the nearest known name or keyword to a misspelt word.

/// The words that start a statement.
pub const STATEMENT_KEYWORDS: &[&str] = &[
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
];

/// The words that start a line inside a piece.
pub const PIECE_KEYWORDS: &[&str] = &[
    "value", "royal", "counter", "promote", "step", "slide", "leap", "path", "hop", "neutral",
    "betza",
];

/// The keyword `word` is probably a misspelling of.
pub fn near_keyword(word: &str) -> Option<&'static str> {
    if word.len() < 3 || word.len() > crate::limits::MAX_SUGGESTED_NAME {
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
pub fn closest<'a>(text: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let len = text.chars().count();
    // Edit distance costs the product of the lengths: a huge name gets no hint.
    if len > crate::limits::MAX_SUGGESTED_NAME {
        return None;
    }
    let limit = (len / 3).max(1);
    known
        .map(|k| (edit_distance(text, k), k))
        // A one-letter name is near every other one: suggest only real neighbours.
        .filter(|(d, _)| *d <= limit && *d < len)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// Edit distance where swapping two neighbouring letters counts as one edit
/// (optimal string alignment), ignoring case.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
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
    fn spots_misspelt_keywords() {
        assert_eq!(near_keyword("peice"), Some("piece"));
        assert_eq!(near_keyword("piece"), None);
        assert_eq!(near_keyword("Rook"), None);
        assert_eq!(near_keyword("King"), None);
        assert_eq!(near_keyword("royal"), None);
        assert_eq!(near_keyword("dirction"), Some("direction"));
    }
}
