//! The measuring family: `compare` (the representations timed at one size or against N,
//! ranked) and `paper` (the paper's table beside the measured ranks). Their REPL words, their
//! runs — timed with a bar on stderr, from the rounds and the seed every timing here uses —
//! and the charts they draw.

use std::ops::RangeInclusive;
use std::path::Path;
use std::path::PathBuf;

use super::unit::{
    CliArg, CommandDef, PLOT_OPT, SIZE_OPT, Surface, Value, both, cli, ex, flag as switch, opt,
};
use super::words::{options, plot_option, size};
use super::{Front, Reply, Session, usage};
use crate::answer::error::Result;
use crate::answer::progress::timing_bar;
use crate::base::text::echo;
use crate::compare::{self, AplMeasure, Format, Measure, PiecesMeasure};
use crate::state::cube::Cube;

/// Rounds `compare` and `paper` time (after a warm-up round).
pub const ROUNDS: usize = 9;

/// The seed of the random quarter-turns every timing makes: runs time the same turns.
pub const SEED: u64 = 0xc0be;

/// Sizes `paper` times for its General column.
pub const PAPER_SIZES: RangeInclusive<usize> = 2..=7;

/// What is asked of the measure family.
#[derive(Clone, Debug, PartialEq)]
pub enum MeasureRequest {
    /// Time the representations.
    Compare {
        /// At this size (default: the session's).
        size: Option<usize>,
        /// Or against N over these sizes.
        sizes: Option<RangeInclusive<usize>>,
        /// How many quarter-turns (default 10,000).
        turns: Option<usize>,
        /// Table, Markdown or CSV.
        format: Format,
        /// Also a chart, to this file.
        plot: Option<PathBuf>,
        /// Also the quarter-turns run by the APL evaluator (3×3×3).
        apl: bool,
        /// Representations of one's own from this APL file (the REPL's are the session's).
        apl_file: Option<PathBuf>,
    },
    /// The paper's table beside the measured ranks.
    Paper {
        /// How many quarter-turns (default 2,000).
        turns: Option<usize>,
        /// Also Speed measured in APL.
        apl: bool,
        /// Table, Markdown or CSV.
        format: Format,
    },
}

/// `paper [apl] [TURNS]`.
fn paper_words(rest: &str) -> Result<MeasureRequest> {
    let (apl, rest) = flag(rest, "apl");
    parse_turns(rest.trim()).map(|turns| MeasureRequest::Paper {
        turns,
        format: Format::Table,
        apl,
    })
}

/// `compare`'s words.
fn compare_words(rest: &str) -> Result<MeasureRequest> {
    let (apl, rest) = flag(rest, "apl");
    let (plot, rest) = plot_option(&rest)?;
    let (opts, turns) = options(&rest, &["size", "sizes"])?;
    let turns = parse_turns(turns)?;
    let sizes = match opts.get("sizes") {
        Some(_) if opts.contains_key("size") => {
            return Err(usage("compare takes size N or sizes A..B, not both"));
        }
        Some(range) => {
            Some(compare::parse_sizes(range).map_err(|e| usage(&format!("sizes: {e}")))?)
        }
        None => None,
    };
    Ok(MeasureRequest::Compare {
        size: size(&opts)?,
        sizes,
        turns,
        format: Format::Table,
        plot,
        apl,
        apl_file: None,
    })
}

fn parse_turns(arg: &str) -> Result<Option<usize>> {
    if arg.is_empty() {
        return Ok(None);
    }
    arg.parse()
        .ok()
        .filter(|&n: &usize| (1..=crate::compare::MAX_TURNS).contains(&n))
        .map(Some)
        .ok_or_else(|| {
            usage(&format!(
                "'{}' is not a number of turns from 1 to 500,000",
                echo(arg)
            ))
        })
}

/// Whether the word `name` is among `rest`'s words, and the words without it.
fn flag(rest: &str, name: &str) -> (bool, String) {
    let words: Vec<&str> = rest.split_whitespace().collect();
    let kept: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.eq_ignore_ascii_case(name))
        .collect();
    (kept.len() != words.len(), kept.join(" "))
}

/// Runs `compare` and `paper`.
pub(super) fn run(session: &mut Session, request: MeasureRequest, _front: Front) -> Result<Reply> {
    match request {
        MeasureRequest::Compare {
            size,
            sizes,
            turns,
            format,
            plot,
            apl,
            apl_file,
        } => {
            let size = size.unwrap_or(session.size());
            users_with_file(session, apl_file.as_deref())
                .and_then(|users| {
                    let asked = Compare {
                        turns: turns.unwrap_or(10_000),
                        format,
                        plot: plot.as_deref(),
                        apl,
                        users: &users,
                    };
                    asked.answer(size, sizes)
                })
                .map(Reply::text)
        }
        MeasureRequest::Paper { turns, format, apl } => {
            paper(turns.unwrap_or(2_000), format, apl).map(Reply::text)
        }
    }
}

/// The session's representations of one's own, and those an APL file defines (`--apl-file`),
/// which replace any of the same name.
fn users_with_file(
    session: &Session,
    file: Option<&Path>,
) -> Result<Vec<crate::rep::user::UserRep>> {
    let mut users = session.apl_state().user_reps().to_vec();
    if let Some(path) = file {
        for u in user_reps_of_file(path)? {
            users.retain(|o| o.name != u.name);
            users.push(u);
        }
    }
    Ok(users)
}

/// The representations of one's own an APL file defines (its definitions, and its `)rep`
/// lines), read into the vector's paper workspace.
fn user_reps_of_file(path: &Path) -> Result<Vec<crate::rep::user::UserRep>> {
    let source =
        crate::apl::read_source(path).map_err(|source| crate::answer::error::Error::File {
            path: path.to_path_buf(),
            source,
        })?;
    let source = crate::apl::keys::expand_names(&source).map_err(|e| usage(&e.to_string()))?;
    let mut ws = crate::apl::paper::workspace("vector")
        .ok_or_else(|| usage("no APL definitions for vector"))?;
    crate::rep::user::load(&mut ws, &source)
        .map_err(|e| usage(&format!("{}: {e}", crate::base::text::echo_path(path))))
}

/// What `compare` was asked: how many turns, the answer's form, a chart's file, the APL
/// column, and representations of one's own (`users`) beside the seven on the 3×3×3.
struct Compare<'a> {
    turns: usize,
    format: Format,
    plot: Option<&'a Path>,
    apl: bool,
    users: &'a [crate::rep::user::UserRep],
}

impl Compare<'_> {
    /// At one size, or against N over `sizes`.
    fn answer(&self, size: usize, sizes: Option<RangeInclusive<usize>>) -> Result<String> {
        if self.apl && (sizes.is_some() || size != 3) {
            return Err(usage(
                "compare apl times the paper's APL definitions, which are the 3×3×3's: compare apl at size 3",
            ));
        }
        match sizes {
            Some(sizes) => self.sizes(sizes),
            None => self.at(size),
        }
    }

    /// `compare sizes A..B`: every representation's cost against N, with a chart when asked.
    fn sizes(&self, sizes: RangeInclusive<usize>) -> Result<String> {
        let turns = self.turns;
        let sweep = measure_sizes_with_progress(sizes, turns)?;
        let table = compare::sizes_table(&sweep, self.format);
        let Some(path) = self.plot else {
            return Ok(table);
        };
        let (defined, compiled) = crate::draw::chart::size_lines(&sweep);
        let note = format!(
            "{turns} random quarter-turns on the 3×3×3, fewer on bigger cubes; medians of samples from {ROUNDS} interleaved rounds"
        );
        let chart = crate::draw::chart::sizes_chart(&defined, &compiled, &note)?;
        let line = crate::draw::save_chart(path, &chart, "chart of ns per turn against N")?;
        Ok(format!("{line}\n{table}"))
    }

    /// `compare` at one size; with `apl`, the APL column.
    fn at(&self, size: usize) -> Result<String> {
        let turns = self.turns;
        Cube::check_size(size)?;
        let (measures, pieces) = measure_all_with_progress(size, turns)?;
        let users = if size == 3 { self.users } else { &[] };
        let user_measures = users
            .iter()
            .map(|u| compare::measure_user(u, turns, ROUNDS, SEED))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let timed = if self.apl {
            Some(measure_apl_with_progress(turns, users)?)
        } else {
            None
        };
        let extras = compare::Extras {
            pieces: pieces.as_ref(),
            users: &user_measures,
            apl: timed.as_deref(),
        };
        let table = compare::compare_table_with(&measures, &extras, self.format);
        let Some(path) = self.plot else {
            return Ok(table);
        };
        let bars = crate::draw::chart::speed_bars(&measures, pieces.as_ref());
        let note = format!(
            "{turns} random quarter-turns of the {size}×{size}×{size}, median of samples from {ROUNDS} interleaved rounds"
        );
        let chart = crate::draw::chart::speed_chart(&bars, &note)?;
        let line = crate::draw::save_chart(path, &chart, "chart of ns per turn")?;
        Ok(format!("{line}\n{table}"))
    }
}

/// `paper`: the paper's table beside the measured ranks (the 3×3×3, and N = 2 to 7 for
/// General), with a progress bar while timing; with `apl`, Speed measured in APL too.
pub fn paper(turns: usize, format: Format, apl: bool) -> Result<String> {
    let sweep = measure_sizes_with_progress(PAPER_SIZES, turns)?;
    let three: Vec<Measure> = sweep.iter().filter(|m| m.n == 3).cloned().collect();
    if !apl {
        return Ok(compare::paper_table(&three, &sweep, format));
    }
    let timed = measure_apl_with_progress(turns, &[])?;
    Ok(compare::paper_table_with(
        &three,
        &sweep,
        Some(&timed),
        format,
    ))
}

/// Every representation that holds size `n` timed on `turns` quarter-turns, and on the
/// 3×3×3 the piece-mapping one, with a progress bar.
pub fn measure_all_with_progress(
    n: usize,
    turns: usize,
) -> Result<(Vec<Measure>, Option<PiecesMeasure>)> {
    let measures = measure_with_progress(n, turns)?;
    let pieces = match n {
        3 => Some(compare::measure_pieces(turns, 7, SEED)?),
        _ => None,
    };
    Ok((measures, pieces))
}

/// The 3×3×3's quarter-turns run by the APL evaluator ([`compare::measure_apl`]), the
/// seven's and those of `users`, with a progress bar.
pub fn measure_apl_with_progress(
    turns: usize,
    users: &[crate::rep::user::UserRep],
) -> Result<Vec<AplMeasure>> {
    let bar = timing_bar(ROUNDS + 1);
    bar.set_message("APL".to_string());
    let measures = compare::measure_apl(turns, ROUNDS, SEED, users, |_| bar.inc(1));
    bar.finish_and_clear();
    Ok(measures?)
}

/// Times the representations at size `n` with a progress bar on stderr (hidden when it is
/// not a terminal).
pub fn measure_with_progress(n: usize, turns: usize) -> Result<Vec<Measure>> {
    let bar = timing_bar(ROUNDS + 1);
    bar.set_message(format!("{n}×{n}×{n}"));
    let measures = compare::measure(n, turns, ROUNDS, SEED, |_| bar.inc(1));
    bar.finish_and_clear();
    Ok(measures?)
}

/// Times the representations at each of `sizes` with a progress bar on stderr.
pub fn measure_sizes_with_progress(
    sizes: RangeInclusive<usize>,
    turns: usize,
) -> Result<Vec<Measure>> {
    let bar = timing_bar(sizes.clone().count() * (ROUNDS + 1));
    let measures = compare::measure_sizes(sizes, turns, ROUNDS, SEED, |n, _| {
        bar.set_message(format!("{n}×{n}×{n}"));
        bar.inc(1);
    });
    bar.finish_and_clear();
    Ok(measures?)
}

/// `--format`: how a table is written.
const FORMAT: CliArg = opt("format", Value::Format, "FORMAT", "Output format").default("table");
/// `--turns`: how many quarter-turns to time.
const TURNS: CliArg = opt("turns", Value::Turns, "TURNS", "");

/// `compare`: what it is (its descriptor) and how the REPL's words read into its request.
pub static COMPARE: CommandDef = CommandDef {
    name: "compare",
    surface: Surface::Both,
    usage: "[size N | sizes A..B] [apl] [--plot FILE] [TURNS]",
    summary: "time every representation's quarter-turns (as defined and compiled) at a size, and rank speed and space; with sizes, their cost against N",
    details: "Times one random sequence of single-layer quarter-turns (10000 by default) on every representation that holds the session's size (or size N), as defined (the ndarray transform) and compiled (the gather): a warm-up round, then nine rounds in which the representations take turns. Shows each median ns per turn with its quartiles, and speed and space ranks (speed ranks equal where the quartile ranges overlap), beside the paper's on the 3×3×3.\ncompare apl [TURNS]  also the 3×3×3's quarter-turns run by the APL evaluator from the paper's definitions (the first 1,000 of the sequence), with their own ranks: the setting the paper ranked them in.\nRepresentations of your own (APL mode: )rep NAME ENCODE [DECODE], or )load a file with such lines) are measured beside the seven on the 3×3×3, marked (user), compiled by conjugation and not ranked; `cubework compare --apl-file FILE` measures those FILE defines.\ncompare sizes 2..7 [TURNS]  every representation's ns per turn and bytes against N, and how they grow.\n`cubework compare --size N | --sizes A..B --format csv` prints the same as CSV.",
    args: &[
        cli(FORMAT),
        both(
            "TURNS",
            TURNS
                .help("Random quarter-turns to time (with --sizes: on the 3×3×3, fewer on bigger cubes)")
                .default("10000"),
        ),
        both(
            "size",
            SIZE_OPT.help("Cube size N (2 to 9): the table at that size")
                .conflicts(&["sizes"]),
        ),
        both(
            "sizes",
            opt(
                "sizes",
                Value::Sizes,
                "A..B",
                "A range of sizes, e.g. 2..7: every representation's ns per turn and bytes against N",
            ),
        ),
        cli(PLOT_OPT.help("Also draw ns per turn as a chart to this file (SVG; PNG for a .png name): by representation, or with --sizes against N")),
        both(
            "apl",
            switch(
                "apl",
                "Also time the quarter-turns run by the APL evaluator from the paper's definitions, with their own ranks (3×3×3)",
            )
            .conflicts(&["sizes"]),
        ),
        cli(opt(
            "apl-file",
            Value::Path,
            "FILE",
            "Measure the representations of your own an APL file defines (definitions, and `)rep NAME ENCODE [DECODE]` lines) beside the seven (3×3×3)",
        )
        .conflicts(&["sizes"])),
    ],
    read: Some(|line, _| compare_words(line.rest).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let sizes: Option<RangeInclusive<usize>> = given.one("sizes");
        given.plain(MeasureRequest::Compare {
            size: given.one("size").filter(|_| sizes.is_none()),
            sizes,
            turns: given.one("turns"),
            format: given.value("format"),
            plot: given.one("plot"),
            apl: given.flag("apl"),
            apl_file: given.one("apl-file"),
        })
    }),
    examples: &[
        ex(
            "compare size 2 50",
            &["compare", "--size", "2", "--turns", "50"],
        ),
        ex(
            "compare sizes 2..3 50",
            &["compare", "--sizes", "2..3", "--turns", "50"],
        ),
        ex(
            "compare size 3 apl 50",
            &["compare", "--size", "3", "--apl", "--turns", "50"],
        ),
    ],
    ..CommandDef::NONE
};

/// `paper`: what it is (its descriptor) and how the REPL's words read into its request.
pub static PAPER: CommandDef = CommandDef {
    name: "paper",
    surface: Surface::Both,
    usage: "[apl] [TURNS]",
    summary: "the paper's comparison table beside this workbench's measured ranks",
    details: "The paper's ranks (Complete, General, Simple, Concise, Display, Insight, Space, Speed) with this workbench's measured rank beside each one it can measure. General is measured from the sizes each representation holds (2 to 9, or 2 to 3), the extra lines of move definitions its N×N×N form needs, and how its bytes grow with N; it times N = 2 to 7 for how turns grow. paper apl (--apl) adds Speed in APL: the paper's Speed rank beside the rank of the same quarter-turns run by the APL evaluator from the paper's definitions. `cubework paper --format markdown|csv` for other formats.",
    args: &[
        cli(FORMAT),
        both(
            "TURNS",
            TURNS
                .help("Random quarter-turns to time for the Speed column")
                .default("2000"),
        ),
        both(
            "apl",
            switch(
                "apl",
                "Also Speed measured in APL: the quarter-turns run by the APL evaluator from the paper's definitions, ranked",
            ),
        ),
    ],
    read: Some(|line, _| paper_words(line.rest).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        given.plain(MeasureRequest::Paper {
            turns: given.one("turns"),
            format: given.value("format"),
            apl: given.flag("apl"),
        })
    }),
    examples: &[
        ex("paper 100", &["paper", "--turns", "100"]),
        ex("paper apl 100", &["paper", "--apl", "--turns", "100"]),
    ],
    ..CommandDef::NONE
};
