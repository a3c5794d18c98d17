//! The `tessera` binary: parses the command line and maps failures to exit codes.

use clap::Parser;
use std::process::ExitCode;
use tessera::cli::{run, Cli, Failure};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(cli, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            match &failure {
                Failure::Rules(text) => eprint!("{text}"),
                Failure::Usage(e) => eprintln!("error: {e:#}"),
            }
            ExitCode::from(failure.exit_code() as u8)
        }
    }
}
