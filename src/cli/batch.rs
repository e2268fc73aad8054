//! `cubework solve --batch FILE`: many states, one a line, each solved.

use std::process::ExitCode;

use crate::answer::error::Result;
use crate::answer::output;
use crate::command::one_shot::Batch;

/// `cubework solve --batch FILE`: one line on stdout for each input line (its solution, or
/// empty for a blank, comment or failed line), a line on stderr for each line that fails and
/// a summary at the end; exit status 130 if Ctrl-C stopped it, else 2 if any failed.
pub fn solve_batch(args: &Batch) -> Result<ExitCode> {
    crate::base::cancel::install();
    crate::command::refuse_unused_limits(args.method, &args.limits, true)?;
    let limits = crate::solve::Limits {
        threads: None,
        ..args.limits
    };
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
        threads: args.limits.threads,
        size: args.size,
    };
    // Stderr unlocked between writes: the solvers' threads say things there too (a table's
    // build, once), and one holding it for the whole batch would wait on them for ever.
    let summary = crate::answer::batch::run(lines, &mut out, &mut std::io::stderr(), &job);
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
