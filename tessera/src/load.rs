//! Rule files from disk: read within the size limit, then compiled.

use crate::diag::Errors;
use crate::game::Game;
use crate::limits;
use std::fmt;
use std::io::Read;

/// Why a rule file could not be loaded.
#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read, or is not UTF-8.
    Io {
        /// The file's path.
        path: String,
        /// What reading it reported.
        error: std::io::Error,
    },
    /// The file is larger than [`limits::MAX_RULE_FILE_BYTES`]; it was not read whole.
    TooLarge {
        /// The file's path.
        path: String,
        /// The error message, naming the size and the limit.
        message: String,
    },
    /// The rules have errors; `source` is the text they point into.
    Rules {
        /// The file's path.
        path: String,
        /// The file's text.
        source: String,
        /// Every error found.
        errors: Errors,
    },
}

impl fmt::Display for LoadError {
    /// `cannot read ...`, or the rendered diagnostics with file, line,
    /// column and carets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { path, error } => write!(f, "cannot read `{path}`: {error}"),
            LoadError::TooLarge { path, message } => writeln!(f, "{path}: error: {message}"),
            LoadError::Rules {
                path,
                source,
                errors,
            } => f.write_str(&errors.render(path, source)),
        }
    }
}

impl std::error::Error for LoadError {
    /// The I/O error behind [`LoadError::Io`], or the rules' [`Errors`](crate::Errors).
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Io { error, .. } => Some(error),
            LoadError::Rules { errors, .. } => Some(errors),
            LoadError::TooLarge { .. } => None,
        }
    }
}

/// Reads a rule file, refusing one larger than [`limits::MAX_RULE_FILE_BYTES`]
/// before reading it whole: by its size where the file system knows it, else
/// (a pipe, a device) after reading one byte past the limit.
///
/// # Errors
/// [`LoadError::Io`] or [`LoadError::TooLarge`].
pub fn read_rule_file(path: &str) -> Result<String, LoadError> {
    let cannot = |error: std::io::Error| LoadError::Io {
        path: path.to_string(),
        error,
    };
    let too_large = |message: String| LoadError::TooLarge {
        path: path.to_string(),
        message,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    if let Some(message) = file
        .metadata()
        .ok()
        .and_then(|m| limits::check_rule_file_size(m.len()))
    {
        return Err(too_large(message));
    }
    let mut bytes = Vec::new();
    let most = limits::MAX_RULE_FILE_BYTES as u64;
    file.take(most + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() as u64 > most {
        return Err(too_large(format!(
            "the rule file has more than {} bytes; the limit is {}",
            limits::thousands(u128::from(most)),
            limits::thousands(u128::from(most))
        )));
    }
    String::from_utf8(bytes).map_err(|_| {
        cannot(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })
}

/// Reads and compiles the rule file at `path`, returning its text beside the game.
///
/// # Errors
/// Any [`LoadError`]; [`LoadError::Rules`] renders every diagnostic with the
/// file's name, line, column and a caret.
pub fn load_rule_file(path: &str) -> Result<(String, Game), LoadError> {
    let source = read_rule_file(path)?;
    match crate::compile_str(&source) {
        Ok(game) => Ok((source, game)),
        Err(errors) => Err(LoadError::Rules {
            path: path.to_string(),
            source,
            errors,
        }),
    }
}

/// Reads the pictures the game's pieces name (`look picture "NAME.svg"`)
/// from `folder`, the rule file's folder, so that pictures draw them.
/// A picture that cannot be read, has more than
/// [`limits::MAX_PICTURE_BYTES`] bytes or is not SVG is left out (its piece
/// is drawn as a disc with its letter) and is named in a warning at the
/// picture's name in the rule file.
pub fn load_pictures(game: &mut Game, folder: &std::path::Path) -> Vec<crate::Diagnostic> {
    let mut warnings = Vec::new();
    for look in &mut game.look.pieces {
        let crate::game::PieceLook::Picture { file, span, svg } = look else {
            continue;
        };
        let path = folder.join(&*file);
        let read = std::fs::File::open(&path).and_then(|f| {
            let mut bytes = Vec::new();
            f.take(limits::MAX_PICTURE_BYTES as u64 + 1)
                .read_to_end(&mut bytes)
                .map(|_| bytes)
        });
        let problem = match read {
            Err(e) => Some(format!("cannot read the picture `{file}`: {e}")),
            Ok(bytes) if bytes.len() > limits::MAX_PICTURE_BYTES => Some(format!(
                "the picture `{file}` has more than {} bytes; it is drawn as a lettered disc",
                limits::thousands(limits::MAX_PICTURE_BYTES as u128)
            )),
            Ok(bytes) => match String::from_utf8(bytes) {
                Ok(text) if text.contains("<svg") => {
                    *svg = Some(text);
                    None
                }
                _ => Some(format!("the picture `{file}` is not an SVG file")),
            },
        };
        if let Some(message) = problem {
            warnings.push(crate::Diagnostic::warning(*span, message));
        }
    }
    warnings
}
