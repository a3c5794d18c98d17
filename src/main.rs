//! The `tessera` binary: parses the command line and maps failures to exit codes.

use clap::Parser;
use std::process::ExitCode;
use tessera_cli::cli::{run, Cli, Failure};

/// Counts what each thread holds, so that the studio can bound its cache of
/// compiled games in bytes (`tessera_cli::serve::memory`).
#[global_allocator]
static ALLOCATOR: tessera_cli::serve::memory::Counting = tessera_cli::serve::memory::Counting;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match run(cli, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error worth a message.
        Err(Failure::Usage(e)) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(failure) => {
            match &failure {
                Failure::Rules(text) | Failure::Report { text, .. } => eprint!("{text}"),
                Failure::Usage(e) => eprintln!("error: {e:#}"),
            }
            ExitCode::from(failure.exit_code() as u8)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.downcast_ref::<std::io::Error>()
        .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
}
