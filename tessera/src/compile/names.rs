//! Name tables: declaration order kept, duplicates and unknown names reported.

use crate::diag::{Diagnostic, Diagnostics};
use crate::suggest::{closest, near_keyword};
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
    pub fn declare(&mut self, name: &Name, value: T, errors: &mut Diagnostics) {
        if let Some((_, first)) = self.map.get(name.text.as_str()) {
            let _ = first;
            errors.push(Diagnostic::new(
                name.span,
                format!("{} `{}` is declared twice", self.what, name.text),
            ));
        } else {
            self.map
                .insert(name.text.to_string(), (value, name.clone()));
        }
    }

    pub fn get(&self, text: &str) -> Option<&T> {
        self.map.get(text).map(|(v, _)| v)
    }

    pub fn contains(&self, text: &str) -> bool {
        self.map.contains_key(text)
    }

    /// Looks `name` up, or reports it as unknown with the closest known name.
    pub fn resolve(&self, name: &Name, errors: &mut Diagnostics) -> Option<T> {
        match self.map.get(name.text.as_str()) {
            Some((v, _)) => Some(v.clone()),
            None => {
                unknown(self.what, name, self.map.keys().map(String::as_str), errors);
                None
            }
        }
    }
}

/// Reports "unknown piece `Quen`; did you mean `Queen`?", the hint worked out
/// only if the error is among those kept (see [`Diagnostics::push_hinted`]).
pub fn unknown<'a>(
    what: &str,
    name: &Name,
    known: impl Iterator<Item = &'a str>,
    errors: &mut Diagnostics,
) {
    let message = format!("unknown {what} `{}`", name.text);
    errors.push_hinted(Diagnostic::new(name.span, message), || {
        if let Some(best) = closest(&name.text, known) {
            Some(format!("; did you mean `{best}`?"))
        } else {
            near_keyword(&name.text)
                .map(|keyword| format!("; did you mean the keyword `{keyword}`?"))
        }
    });
}
