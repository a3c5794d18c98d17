//! Pathological rule files: huge boards, cycles of links, a thousand legs, long
//! slides, leaps with too many images, far-off cells, promotion chains. Each must
//! give a clear error or a bounded, correct answer, quickly. The snapshot is what
//! `check` prints and, for a valid file, `perft 2`.

mod common;

use common::{leading_comment, relative, tessera};
use std::time::{Duration, Instant};

#[test]
fn pathological_rule_files() {
    insta::glob!("pathological", "*.game", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let what = leading_comment(&text);
        let file = relative(path);
        let started = Instant::now();
        let check = tessera(&["check", &file]);
        let mut report = format!(
            "exit {}\n{}{}",
            check.exit_code(),
            check.stdout,
            check.stderr()
        );
        if check.exit_code() == 0 {
            let perft = tessera(&["perft", &file, "2"]);
            report.push_str(&perft.stdout);
        }
        let took = started.elapsed();
        assert!(took < Duration::from_secs(20), "{file}: {took:?}");
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({ snapshot_suffix => name, description => what }, {
            insta::assert_snapshot!(report);
        });
    });
}
