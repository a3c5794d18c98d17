//! Perft throughput of Tessera against a dedicated chess move generator.
//!
//! Measures perft speed (leaf nodes per second, single-threaded) for FIDE chess
//! written in Tessera's rule language (`games/chess.game`), with
//! [cozy-chess](https://crates.io/crates/cozy-chess), a bitboard chess move
//! generator, as the yardstick:
//!
//! | position  | depth | nodes     |
//! |-----------|-------|-----------|
//! | start     | 5     | 4,865,609 |
//! | Kiwipete  | 4     | 4,085,603 |
//!
//! Both engines bulk-count: at the last ply the legal moves are counted, not
//! made. Every run asserts the node count, so a wrong move generator fails the
//! benchmark loudly instead of reporting a meaningless speed.
//!
//! Criterion measures each (position, engine) pair with
//! `Throughput::Elements(nodes)`, so it reports elements (nodes) per second.
//! Since criterion does not compare benchmarks with each other, the bench then
//! prints a summary table with Tessera nodes/s, cozy-chess nodes/s and the ratio
//! tessera/cozy, timed with `std::time::Instant` in turns (a run of Tessera,
//! then cozy-chess runs for as long, over two seconds), keeping each engine's
//! best run, so a slow spell of the machine falls on both.
//! Last it times the start position of every seed variant in `games/` at the
//! depth that takes about a second, and prints their nodes per second.
//!
//! Run it with:
//!
//! ```text
//! cargo bench --bench perft
//! ```
//!
//! It takes about a minute on a 2-core machine, most of it in Tessera's perfts.
//! Criterion's own options go after `--`, e.g. `cargo bench --bench perft -- kiwipete`
//! runs only the Kiwipete benchmarks (the summary table always covers both
//! positions). `cargo test --benches` runs each perft once, as a test, and skips
//! the timing summary.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, SamplingMode, Throughput};

const CHESS: &str = include_str!("../../games/chess.game");

/// A perft test case.
struct Case {
    name: &'static str,
    fen: &'static str,
    depth: u16,
    nodes: u64,
}

const CASES: [Case; 2] = [
    Case {
        name: "startpos",
        fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        depth: 5,
        nodes: 4_865_609,
    },
    Case {
        name: "kiwipete",
        fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        depth: 4,
        nodes: 4_085_603,
    },
];

/// Criterion samples per benchmark (10 is criterion's minimum); each sample
/// runs the perft twice (see `window` in `main`).
const TESSERA_SAMPLES: usize = 10;
const COZY_SAMPLES: usize = 20;
/// Runs per engine and position for the summary table; the fastest counts.
const SUMMARY_RUNS: usize = 3;
/// How long the summary times each engine and position at least.
const SUMMARY_TIME: Duration = Duration::from_secs(1);
const MAX_RUNS: usize = 200;

/// Tessera's position for `case`: the rule file's own start position for the
/// start position (so `Position::start` is exercised too), else the FEN.
fn tessera_position<'g>(game: &'g tessera::Game, case: &Case) -> tessera::Position<'g> {
    if case.name == "startpos" {
        tessera::Position::start(game)
    } else {
        tessera::notation::fen::parse(game, case.fen)
            .unwrap_or_else(|e| panic!("Tessera rejects the {} FEN: {e:?}", case.name))
    }
}

fn cozy_position(case: &Case) -> cozy_chess::Board {
    cozy_chess::Board::from_fen(case.fen, false)
        .unwrap_or_else(|e| panic!("cozy-chess rejects the {} FEN: {e:?}", case.name))
}

/// Bulk-counted perft with cozy-chess (as in the crate's own perft example).
fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes = 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

fn run_tessera(pos: &mut tessera::Position<'_>, case: &Case) -> u64 {
    let n = tessera::perft(black_box(pos), black_box(case.depth));
    assert_eq!(
        n, case.nodes,
        "Tessera perft({}) of {} is wrong",
        case.depth, case.name
    );
    n
}

fn run_cozy(board: &cozy_chess::Board, case: &Case) -> u64 {
    let n = cozy_perft(black_box(board), black_box(u32::from(case.depth)));
    assert_eq!(
        n, case.nodes,
        "cozy-chess perft({}) of {} is wrong",
        case.depth, case.name
    );
    n
}

/// The fastest run of `f`, over at least `SUMMARY_RUNS` runs and
/// `SUMMARY_TIME` in all, so that a perft of a few milliseconds is timed as
/// often as one of a tenth of a second fits (at most `MAX_RUNS` runs): on a
/// noisy machine both engines then get their best time.
fn best_of(mut f: impl FnMut() -> u64) -> Duration {
    let start = Instant::now();
    let mut best = Duration::MAX;
    let mut runs = 0;
    while runs < SUMMARY_RUNS || (start.elapsed() < SUMMARY_TIME && runs < MAX_RUNS) {
        let t = Instant::now();
        black_box(f());
        best = best.min(t.elapsed());
        runs += 1;
    }
    best
}

/// The fastest runs of `a` and `b`, timed in turns so that a slow spell of
/// the machine falls on both: rounds of one run of `a` and as many of `b` as
/// fill the same time, for at least `SUMMARY_RUNS` rounds and twice
/// `SUMMARY_TIME` in all.
fn best_of_both(mut a: impl FnMut() -> u64, mut b: impl FnMut() -> u64) -> (Duration, Duration) {
    let start = Instant::now();
    let (mut best_a, mut best_b) = (Duration::MAX, Duration::MAX);
    let mut rounds = 0;
    while rounds < SUMMARY_RUNS || (start.elapsed() < 2 * SUMMARY_TIME && rounds < MAX_RUNS) {
        let t = Instant::now();
        black_box(a());
        let took = t.elapsed();
        best_a = best_a.min(took);
        let round = Instant::now();
        loop {
            let t = Instant::now();
            black_box(b());
            best_b = best_b.min(t.elapsed());
            if round.elapsed() >= took {
                break;
            }
        }
        rounds += 1;
    }
    (best_a, best_b)
}

/// One line of the summary table.
struct Timing {
    tessera: Duration,
    cozy: Duration,
}

/// Whether criterion will really benchmark (`cargo bench`), rather than test
/// (`cargo test --benches`, `-- --test`) or list (`-- --list`) the benchmarks.
fn benchmarking() -> bool {
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    has("--bench") && !has("--test") && !has("--list") && !has("--profile-time")
}

fn nodes_per_sec(nodes: u64, time: Duration) -> f64 {
    nodes as f64 / time.as_secs_f64()
}

fn print_summary(timings: &[Timing]) {
    println!();
    println!(
        "perft summary: leaf nodes per second, single thread, each engine's best run, \
         the two timed in turns over at least {} s, bulk counting in both engines",
        2 * SUMMARY_TIME.as_secs()
    );
    println!(
        "{:<10} {:>5} {:>10} {:>18} {:>20} {:>14}",
        "position", "depth", "nodes", "tessera nodes/s", "cozy-chess nodes/s", "tessera/cozy"
    );
    for (case, t) in CASES.iter().zip(timings) {
        let tessera = nodes_per_sec(case.nodes, t.tessera);
        let cozy = nodes_per_sec(case.nodes, t.cozy);
        println!(
            "{:<10} {:>5} {:>10} {:>18.0} {:>20.0} {:>14.4}   (cozy-chess {:.1}x faster; \
             tessera {:.3} s, cozy-chess {:.4} s)",
            case.name,
            case.depth,
            case.nodes,
            tessera,
            cozy,
            tessera / cozy,
            cozy / tessera,
            t.tessera.as_secs_f64(),
            t.cozy.as_secs_f64(),
        );
    }
}

fn main() {
    let started = Instant::now();
    let game = tessera::compile_str(CHESS)
        .unwrap_or_else(|e| panic!("games/chess.game does not compile: {e:?}"));
    let benchmarking = benchmarking();

    // Time the summary first: it also sizes criterion's measurement windows, so
    // the bench fits its time budget on slow and fast machines alike.
    let timings: Vec<Timing> = if benchmarking {
        CASES
            .iter()
            .map(|case| {
                let mut pos = tessera_position(&game, case);
                let board = cozy_position(case);
                let (tessera, cozy) =
                    best_of_both(|| run_tessera(&mut pos, case), || run_cozy(&board, case));
                Timing { tessera, cozy }
            })
            .collect()
    } else {
        Vec::new()
    };

    let mut criterion = Criterion::default().configure_from_args();
    let mut group = criterion.benchmark_group("perft");
    for (i, case) in CASES.iter().enumerate() {
        // Flat sampling runs ceil(window / samples / warm-up run time) iterations
        // per sample and warns whenever that is 1, so aim at 2 iterations per
        // sample: 1.5 runs' time per sample leaves room for noise either way.
        let window = |per_run: Option<Duration>, samples: usize| {
            per_run.map_or(Duration::from_secs(1), |t| {
                (t * samples as u32 * 3 / 2).max(Duration::from_secs(1))
            })
        };
        let timing = timings.get(i);
        group.throughput(Throughput::Elements(case.nodes));

        let mut pos = tessera_position(&game, case);
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(TESSERA_SAMPLES)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(window(timing.map(|t| t.tessera), TESSERA_SAMPLES));
        group.bench_function(BenchmarkId::new(case.name, "tessera"), |b| {
            b.iter(|| run_tessera(&mut pos, case))
        });

        let board = cozy_position(case);
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(COZY_SAMPLES)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(window(timing.map(|t| t.cozy), COZY_SAMPLES));
        group.bench_function(BenchmarkId::new(case.name, "cozy-chess"), |b| {
            b.iter(|| run_cozy(&board, case))
        });
    }
    group.finish();
    criterion.final_summary();

    if benchmarking {
        print_summary(&timings);
        print_variants();
        println!("\n(whole bench: {:.1} s)", started.elapsed().as_secs_f64());
    }
}

/// The seed variants' start positions, each at the depth that takes about a
/// second, with the node counts they must give.
const VARIANTS: &[(&str, &str, u16, u64)] = &[
    (
        "cycle-chess",
        include_str!("../../games/cycle-chess.game"),
        6,
        2_040_312,
    ),
    (
        "central-squares",
        include_str!("../../games/central-squares.game"),
        4,
        2_762_199,
    ),
    (
        "power-chess-98",
        include_str!("../../games/power-chess-98.game"),
        6,
        2_508_534,
    ),
    (
        "exile-chess",
        include_str!("../../games/exile-chess.game"),
        4,
        2_146_775,
    ),
];

/// Start-position perft of every seed variant, nodes per second, best of runs.
fn print_variants() {
    println!();
    println!(
        "seed variants: start-position perft, single thread, best run of at least \
         {SUMMARY_RUNS} over at least {} s",
        SUMMARY_TIME.as_secs()
    );
    println!(
        "{:<16} {:>5} {:>10} {:>16}",
        "game", "depth", "nodes", "tessera nodes/s"
    );
    for &(name, src, depth, nodes) in VARIANTS {
        let game = tessera::compile_str(src).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let mut pos = tessera::Position::start(&game);
        let time = best_of(|| {
            let n = tessera::perft(black_box(&mut pos), black_box(depth));
            assert_eq!(n, nodes, "Tessera perft({depth}) of {name} is wrong");
            n
        });
        println!(
            "{name:<16} {depth:>5} {nodes:>10} {:>16.0}",
            nodes_per_sec(nodes, time)
        );
    }
}
