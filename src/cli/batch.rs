//! `cubework solve --batch FILE`: many states, one a line, each solved.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use crate::answer::error::{Error, Result};
use crate::answer::output;
use crate::solve::Method;
use crate::turn::metric::Metric;
use crate::turn::notation::Notation;

/// A batch, as the command line asked for it.
#[derive(Clone, Debug)]
pub struct Batch {
    /// The file of states (`-`: standard input).
    pub file: PathBuf,
    /// How to solve them.
    pub method: Method,
    /// The metric (default: half-turn).
    pub metric: Option<Metric>,
    /// The longest solution accepted (two-phase), the depth limit (bfs).
    pub max_length: Option<u8>,
    /// How long to search each.
    pub time_limit: Option<Duration>,
    /// Threads to use.
    pub threads: Option<usize>,
    /// The notation of the lines' moves.
    pub notation: Notation,
    /// The colour scheme of the lines' colour-letter facelet strings.
    pub scheme: crate::turn::face::Scheme,
}

/// `cubework solve --batch FILE`: one line on stdout for each input line (its solution, or
/// empty for a blank, comment or failed line), a line on stderr for each line that fails and
/// a summary at the end; exit status 130 if Ctrl-C stopped it, else 2 if any failed.
pub fn solve_batch(args: &Batch) -> Result<ExitCode> {
    crate::base::cancel::install();
    let metric = args.metric.unwrap_or_default();
    let limits = batch_limits(args.method, metric, args.max_length, args.time_limit)?;
    let lines = open_lines(&args.file)?;
    // A whole line at a time: a write that fails part-way (a full disk) leaves no part of a
    // line in the output. A write past the file-size limit (`ulimit -f`) fails as a full
    // disk's does, instead of killing the process with SIGXFSZ mid-line.
    #[cfg(target_os = "linux")]
    // SAFETY: setting a signal's disposition to SIG_IGN installs no handler code.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
    #[cfg(unix)]
    let mut out = crate::answer::batch::WholeLines::stdout()?;
    #[cfg(not(unix))]
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let advise = |e| crate::command::with_advice(e, true);
    // Tables load with a bar; the solves themselves run without one, between the lines.
    let terminal = crate::answer::progress::Terminal::default();
    let tables = |e: &crate::solve::Event| {
        if e.is_table() {
            terminal.show(e);
        }
    };
    let job = crate::answer::batch::Job {
        method: args.method,
        limits,
        notation: args.notation,
        scheme: args.scheme,
        progress: crate::solve::Progress::new(&tables),
        advise: &advise,
        threads: args.threads,
    };
    let summary = crate::answer::batch::run(lines, &mut out, &mut std::io::stderr().lock(), &job);
    terminal.clear();
    let summary = summary?;
    std::io::Write::flush(&mut out)?;
    output::err(&summary);
    Ok(exit_status(&summary))
}

/// The lines of `file` (`-`: standard input), read on a thread of its own: standard input
/// itself, not its lock, which stays here.
fn open_lines(file: &std::path::Path) -> Result<Box<dyn std::io::BufRead + Send>> {
    Ok(if file.as_os_str() == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        Box::new(std::io::BufReader::new(super::open_file(file)?))
    })
}

/// How a batch ends: 130 if Ctrl-C stopped it, 2 if a line failed, 3 if every line was
/// answered but not every answer proven shortest.
fn exit_status(summary: &crate::answer::batch::Summary) -> ExitCode {
    if summary.stopped.is_some() {
        ExitCode::from(130)
    } else if summary.failed > 0 {
        ExitCode::from(2)
    } else if summary.unproven > 0 {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    }
}

/// The limits a batch solves with; an error for a limit its method does not take.
fn batch_limits(
    method: Method,
    metric: Metric,
    max_length: Option<u8>,
    time_limit: Option<Duration>,
) -> Result<crate::solve::Limits> {
    let refused = match method {
        Method::TwoPhase | Method::Pocket | Method::Reduction => false,
        Method::Optimal => max_length.is_some(),
        Method::Bfs => time_limit.is_some(),
        Method::Beginner => max_length.is_some() || time_limit.is_some(),
    };
    if refused {
        return Err(Error::Usage(
            "--time-limit is for the two-phase and optimal methods, --max-length for two-phase and bfs"
                .into(),
        ));
    }
    Ok(crate::solve::Limits {
        metric,
        max_length,
        time_limit,
        threads: None,
    })
}
