//! What a command of the command line can fail with, and the exit status each
//! earns: shared by `cli` and the front ends it runs (`expect`), below both.

/// What went wrong, and which exit status it earns.
#[derive(Debug)]
pub enum Failure {
    /// A rule file has errors (exit status 1); the rendered diagnostics.
    Rules(String),
    /// Bad usage or input: a FEN, a move, an unreadable file (exit status 2).
    Usage(anyhow::Error),
    /// Several problems, already written out, with the exit status they earn.
    Report {
        /// The problems, as written out.
        text: String,
        /// The exit status they earn.
        code: i32,
    },
}

impl Failure {
    /// The process exit status for this failure: 1, 2, or the report's own.
    pub fn exit_code(&self) -> i32 {
        match self {
            Failure::Rules(_) => 1,
            Failure::Usage(_) => 2,
            Failure::Report { code, .. } => *code,
        }
    }
}
