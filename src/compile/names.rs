//! Name tables: declaration order kept, duplicates and unknown names reported.

use crate::diag::Diagnostic;
use crate::syntax::ast::Name;
use indexmap::IndexMap;

/// A table from names to dense ids, in declaration order.
#[derive(Debug)]
pub struct Names<T> {
    what: &'static str,
    map: IndexMap<String, (T, Name)>,
}

impl<T: Clone> Names<T> {
    /// An empty table for things called `what` ("piece", "zone", ...).
    pub fn new(what: &'static str) -> Names<T> {
        Names {
            what,
            map: IndexMap::new(),
        }
    }

    /// Adds `name`; a second declaration is reported and ignored.
    pub fn declare(&mut self, name: &Name, value: T, errors: &mut Vec<Diagnostic>) {
        if let Some((_, first)) = self.map.get(&name.text) {
            let _ = first;
            errors.push(Diagnostic::new(
                name.span,
                format!("{} `{}` is declared twice", self.what, name.text),
            ));
        } else {
            self.map.insert(name.text.clone(), (value, name.clone()));
        }
    }

    pub fn get(&self, text: &str) -> Option<&T> {
        self.map.get(text).map(|(v, _)| v)
    }

    pub fn contains(&self, text: &str) -> bool {
        self.map.contains_key(text)
    }

    /// Looks `name` up, or reports it as unknown with the closest known name.
    pub fn resolve(&self, name: &Name, errors: &mut Vec<Diagnostic>) -> Option<T> {
        match self.map.get(&name.text) {
            Some((v, _)) => Some(v.clone()),
            None => {
                errors.push(unknown(
                    self.what,
                    name,
                    self.map.keys().map(String::as_str),
                ));
                None
            }
        }
    }
}

/// "unknown piece `Quen`; did you mean `Queen`?"
pub fn unknown<'a>(what: &str, name: &Name, known: impl Iterator<Item = &'a str>) -> Diagnostic {
    let mut message = format!("unknown {what} `{}`", name.text);
    if let Some(best) = closest(&name.text, known) {
        message.push_str(&format!("; did you mean `{best}`?"));
    }
    Diagnostic::new(name.span, message)
}

/// The known name nearest to `text`, if it is near enough to be a likely typo.
fn closest<'a>(text: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    let limit = (text.chars().count() / 3).max(1);
    known
        .map(|k| (edit_distance(text, k), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur.push(sub.min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
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
    }
}
