//! `pocket`: the 2×2×2 solved completely — its descriptor, its REPL words and command-line
//! arguments, and its runs: the distance table (with its chart) and optimal solutions.

use super::*;

/// `pocket table [htm|qtm] [csv] [--plot FILE]`, `pocket solve [htm|qtm] ALG|facelets S`.
pub(super) fn pocket_words(line: &Line) -> Result<SolvingRequest> {
    let rest = line.rest;
    let (what, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let (metric, after) = metric_prefix(after);
    match what.to_lowercase().as_str() {
        "table" => {
            let (plot, after) = plot_option(after)?;
            match after.to_lowercase().as_str() {
                "" | "csv" => Ok(SolvingRequest::PocketTable {
                    metric,
                    csv: !after.is_empty(),
                    plot,
                }),
                other => Err(usage(&format!(
                    "pocket table {}? (pocket table [htm|qtm] [csv] [--plot FILE])",
                    echo(other)
                ))),
            }
        }
        "solve" => {
            let trimmed = after.trim();
            let (word, string) = trimmed
                .split_once(char::is_whitespace)
                .unwrap_or((trimmed, ""));
            let state = match word.to_lowercase().as_str() {
                "facelets" if string.trim().is_empty() => {
                    return Err(usage(
                        "pocket solve facelets needs a facelet string: pocket solve facelets S",
                    ));
                }
                "facelets" => Input::Facelets(string.trim().to_string(), line.scheme),
                _ => Input::Moves(line.moves(need_alg(after)?)?),
            };
            Ok(SolvingRequest::PocketSolve { metric, state })
        }
        _ => Err(usage(
            "pocket table [htm|qtm] [csv], or pocket solve [htm|qtm] ALG|facelets S",
        )),
    }
}

/// `pocket table`, with a chart of the distances to `plot` when asked.
pub(super) fn pocket_table(
    metric: Metric,
    csv: bool,
    plot: Option<&std::path::Path>,
) -> Result<Reply> {
    let report = crate::solve::search::pocket::table_report(metric, csv)?;
    Ok(Reply::text(match plot {
        Some(path) => format!("{}\n{report}", pocket_chart(path)?),
        None => report,
    }))
}

/// `pocket solve`: a shortest solution of the 2×2×2 `state`.
pub(super) fn pocket_solve(notation: Notation, metric: Metric, state: &Input) -> Result<Reply> {
    // Read the state first, so that a bad one is reported without building a table.
    let cube = state
        .to_cube(2)
        .map_err(crate::solve::search::pocket::PocketError::from)?;
    let limits = Limits {
        metric,
        ..Limits::default()
    };
    let solution = solve_with_progress(&cube, Method::Pocket, &limits)?;
    Ok(Reply::text(solution_text(&solution, notation)))
}

/// `pocket table --plot FILE`: the distance distribution in both metrics, drawn to `path`.
fn pocket_chart(path: &Path) -> Result<String> {
    let htm = crate::solve::search::pocket::shared_table(Metric::Htm)
        .0
        .distribution()
        .to_vec();
    let qtm = crate::solve::search::pocket::shared_table(Metric::Qtm)
        .0
        .distribution()
        .to_vec();
    let chart = crate::draw::chart::distance_chart(&htm, &qtm)?;
    crate::draw::save_chart(path, &chart, "chart of the distances in both metrics")
}

/// `pocket`'s metric, one it searches in.
const POCKET_METRIC: crate::command::unit::Arg = both(
    "htm|qtm",
    opt(
        "metric",
        Value::SearchedMetric,
        "METRIC",
        "Quarter-turn or half-turn metric",
    )
    .default("htm"),
);

/// Output of `pocket table`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum PocketFormat {
    /// A table for the terminal.
    #[default]
    Table,
    /// `depth,count` rows.
    Csv,
}

/// `pocket`: what it is (its descriptor) and how the REPL's words read into its request.
pub static POCKET: CommandDef = CommandDef {
    name: "pocket",
    surface: Surface::Both,
    usage: "table [htm|qtm] [csv] [--plot FILE] | solve [htm|qtm] ALG|facelets S",
    summary: "the 2×2×2 solved completely: its distance table and God's number, or an optimal solution in moves of U, R and F",
    details: "pocket table            the distance distribution of all 3,674,160 states (half-turn metric)\npocket table qtm csv    in the quarter-turn metric, as CSV (depth,count)\npocket solve R U F      an optimal solution of the 2×2×2 those moves make\npocket solve facelets S the same for a 24-letter facelet string",
    args: &[both(
        "table|solve",
        subcommands(
            true,
            &[
                CliSub {
                    name: "table",
                    about: "The distance distribution of all 3,674,160 states, and God's number",
                    args: &[
                        POCKET_METRIC,
                        both(
                            "csv",
                            opt(
                                "format",
                                Value::PocketFormat,
                                "FORMAT",
                                "A table, or CSV with the header `depth,count`",
                            )
                            .default("table"),
                        ),
                        cli(PLOT_OPT.help("Also draw the distribution in both metrics as a chart to this file (SVG; PNG for a .png name)")),
                    ],
                },
                CliSub {
                    name: "solve",
                    about: "An optimal solution in moves of U, R and F",
                    args: &[
                        POCKET_METRIC,
                        NOTATION_ARG,
                        both(
                            "facelets",
                            FACELETS.help("The state as a 24-letter facelet string instead of ALG"),
                        ),
                        both("ALG", STATE_MOVES),
                    ],
                },
            ],
        ),
    )],
    #[cfg(feature = "cli")]
    read_cli: Some(|given| match given.subcommand() {
        Some(("table", table)) => table.plain(SolvingRequest::PocketTable {
            metric: table.value("metric"),
            csv: table.value::<PocketFormat>("format") == PocketFormat::Csv,
            plot: table.one("plot"),
        }),
        Some((_, solve)) => solve.plain(SolvingRequest::PocketSolve {
            metric: solve.value("metric"),
            state: solve.input()?,
        }),
        None => Err(usage("pocket needs table or solve")),
    }),
    read: Some(|line, _| pocket_words(line).map(Into::into)),
    takes_moves: true,
    examples: &[
        ex(
            "pocket table qtm csv",
            &["pocket", "table", "--metric", "qtm", "--format", "csv"],
        ),
        ex(
            "pocket solve htm R U F",
            &["pocket", "solve", "--metric", "htm", "R U F"],
        ),
        ex(
            "pocket solve qtm facelets UFUFRRRRFDFDDBDBLLLLUBUB",
            &[
                "pocket",
                "solve",
                "--metric",
                "qtm",
                "--facelets",
                "UFUFRRRRFDFDDBDBLLLLUBUB",
            ],
        ),
    ],
    ..CommandDef::NONE
};
