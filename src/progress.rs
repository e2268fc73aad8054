//! Long-running work as a terminal shows it: a spinner or a bar on stderr while it runs,
//! hidden when stderr is not a terminal. The library's searches and measurements report
//! their progress through callbacks; this module turns those into indicatif bars, for the
//! command line and the REPL alike.

use crate::compare::{Measure, measure};
use crate::error::Result;
use crate::input::Input;
use crate::metric::Metric;
use crate::rep::RepKind;

/// The 3×3×3 search solver with a progress line on stderr (hidden when it is not a terminal).
pub fn solve_with_progress(metric: Metric, input: &Input) -> Result<String> {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} {msg} [{elapsed}]")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    let answer = crate::solve::bfs_report(metric, input, &mut |p| {
        let what = match p.phase {
            crate::solve::Phase::Ball => format!(
                "states within {} of solved: {}",
                p.ball_radius, p.ball_states
            ),
            crate::solve::Phase::Search => {
                format!(
                    "searching depth {} of at most {}: {} nodes",
                    p.depth, p.limit, p.nodes
                )
            }
        };
        bar.set_message(what);
        bar.tick();
    });
    bar.finish_and_clear();
    Ok(answer?)
}

/// Times the representations with a progress bar on stderr (hidden when it is not a terminal).
pub fn measure_with_progress(turns: usize) -> Vec<Measure> {
    let bar = indicatif::ProgressBar::new(RepKind::ALL.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template("timing {msg:10} {bar:28} {pos}/{len}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let measures = measure(turns, 7, 0xc0be, |kind| {
        bar.set_message(kind.name());
        bar.inc(1);
    });
    bar.finish_and_clear();
    measures
}
