//! The command line's commands, built with clap's builder API from the one list of
//! descriptors ([`COMMANDS`]): each command's clap `Command` — its arguments, their help,
//! values and defaults, its one line — is made from its [`CommandDef`], so that `--help`, the
//! man page and the shell completions say what the descriptors say. What the arguments ask
//! for is read by the command's own reader, beside it in its family's file, into a
//! [`OneShot`]; [`act`] does it.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::builder::{EnumValueParser, PossibleValuesParser, ValueParser};
use clap::{Arg, ArgAction, ArgMatches, Command};

use super::args;
use crate::answer::error::{Error, Result};
use crate::answer::output;
use crate::command::defs::COMMANDS;
use crate::command::one_shot::{Given, OneShot};
use crate::command::unit::{self, CliArg, CommandDef, Form, Value};

/// The whole command line: `cubework` and every command of the command line, in the list's
/// order.
pub fn command() -> Command {
    let top = Command::new("cubework")
        .version(env!("CARGO_PKG_VERSION"))
        .about("An APL-style array-programming workbench for Rubik's Cube")
        .long_about(None);
    COMMANDS
        .iter()
        .filter(|c| c.surface.cli())
        .fold(top, |top, def| top.subcommand(subcommand(def)))
}

/// One command's clap `Command`, from its descriptor.
fn subcommand(def: &CommandDef) -> Command {
    with_args(
        Command::new(def.name).about(def.summary).long_about(None),
        def.args,
    )
}

/// `command` with the command-line form of `args`: clap's arguments, or its subcommands.
fn with_args(command: Command, args: &[unit::Arg]) -> Command {
    args.iter()
        .filter_map(|a| a.cli.as_ref())
        .fold(command, |command, a| match a.form {
            Form::Subcommands { required, subs } => subs
                .iter()
                .fold(command, |command, sub| {
                    command.subcommand(with_args(Command::new(sub.name).about(sub.about), sub.args))
                })
                .subcommand_required(required)
                .arg_required_else_help(required),
            _ => command.arg(arg(a)),
        })
}

/// One argument, as clap reads and shows it.
fn arg(a: &CliArg) -> Arg {
    let mut arg = Arg::new(a.id).help(a.help).conflicts_with_all(a.conflicts);
    arg = match a.form {
        Form::Flag => arg.long(a.id).action(ArgAction::SetTrue),
        Form::Option => arg.long(a.id).action(ArgAction::Set),
        Form::Word { required } => arg.action(ArgAction::Set).required(required),
        Form::Words { required } => arg.action(ArgAction::Append).required(required),
        Form::Subcommands { .. } => arg,
    };
    if !matches!(a.form, Form::Flag) {
        arg = arg.value_name(a.value_name);
    }
    if let Some(short) = a.short {
        arg = arg.short(short);
    }
    if let Some(default) = a.default {
        arg = arg.default_value(default);
    }
    if let Some(id) = a.requires {
        arg = arg.requires(id);
    }
    let (parser, negative) = parser(a.value);
    match parser {
        Some(parser) => arg
            .value_parser(parser)
            .allow_negative_numbers(negative == Sign::Numbers)
            .allow_hyphen_values(negative == Sign::Hyphens),
        None => arg,
    }
}

/// Which values starting with `-` an argument takes as values rather than flags.
#[derive(PartialEq)]
enum Sign {
    /// None.
    No,
    /// Negative numbers, refused by the value's own check with a reason.
    Numbers,
    /// Any.
    Hyphens,
}

/// The parser of a value, into the type its command reads (see [`Value`]).
fn parser(value: Value) -> (Option<ValueParser>, Sign) {
    use Sign::*;
    let parser: ValueParser = match value {
        Value::None => return (None, No),
        Value::Text => ValueParser::string(),
        Value::TextOrHyphen => return (Some(ValueParser::string()), Hyphens),
        Value::Path => ValueParser::path_buf(),
        Value::Number => return (Some(clap::value_parser!(f64).into()), Hyphens),
        Value::Usize => clap::value_parser!(usize).into(),
        Value::Size => return (Some(ValueParser::new(args::size_arg)), Numbers),
        Value::Sizes => ValueParser::new(args::sizes_arg),
        Value::Byte => return (Some(ValueParser::new(args::whole::<u8>)), Numbers),
        Value::Whole => return (Some(ValueParser::new(args::whole::<u64>)), Numbers),
        Value::Seconds => return (Some(ValueParser::new(args::seconds_arg)), Numbers),
        Value::Threads => return (Some(ValueParser::new(args::threads_arg)), Numbers),
        Value::Turns => return (Some(ValueParser::new(args::turns_arg)), Numbers),
        Value::TurnsOrRandom => {
            return (Some(ValueParser::new(args::turns_or_random)), Numbers);
        }
        Value::Notation => enumerated::<crate::turn::notation::Notation>(),
        Value::Metric => enumerated::<crate::turn::metric::Metric>(),
        Value::SearchedMetric => args::searched_metric().into(),
        Value::Scheme => enumerated::<crate::turn::face::Scheme>(),
        Value::Format => enumerated::<crate::compare::Format>(),
        Value::Shown => enumerated::<crate::command::Shown>(),
        Value::OrderBy => enumerated::<crate::state::sticker_perm::OrderBy>(),
        Value::View => enumerated::<crate::draw::ViewKind>(),
        Value::PictureFormat => enumerated::<crate::draw::PictureFormat>(),
        Value::Method => enumerated::<crate::solve::Method>(),
        Value::OptimalSize => enumerated::<crate::command::tables::OptimalSize>(),
        Value::PocketFormat => enumerated::<crate::command::solving::PocketFormat>(),
        Value::Shell => enumerated::<clap_complete::Shell>(),
        Value::Choice(words) => PossibleValuesParser::new(words).into(),
    };
    (Some(parser), No)
}

/// The parser of a value one of `E`'s, each with its help.
fn enumerated<E: clap::ValueEnum + Clone + Send + Sync + 'static>() -> ValueParser {
    EnumValueParser::<E>::new().into()
}

/// The arguments read; `None` once `--help` or `--version` is printed.
pub fn parse(
    args: impl IntoIterator<Item = impl Into<OsString> + Clone>,
) -> Result<Option<ArgMatches>> {
    match command().try_get_matches_from(args) {
        Ok(matches) => Ok(Some(matches)),
        Err(e) if !e.use_stderr() => {
            // --help and --version: print as clap means them to be, and succeed.
            output::out_raw(e)?;
            Ok(None)
        }
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // `cubework pocket` alone: which subcommand? Its usage, as an error.
            Err(Error::Usage(format!(
                "a subcommand is needed here\n\n{}",
                e.render().to_string().trim_end()
            )))
        }
        // clap quotes the value given as it was: its control and invisible characters
        // escaped, as every error that quotes input escapes them.
        Err(e) => Err(Error::Usage(crate::base::text::cut(
            &one_line(&e.to_string()),
            usize::MAX,
        ))),
    }
}

/// What a command's arguments ask for, read by its own reader with the settings of
/// [`super::config`].
pub fn read(name: &str, matches: &ArgMatches) -> Result<OneShot> {
    let def = COMMANDS
        .iter()
        .find(|c| c.surface.cli() && c.name == name)
        .ok_or_else(|| Error::Usage(format!("{name} is not a command of the command line")))?;
    let colours = super::config::colours_file();
    let given = Given::new(matches, colours.as_deref(), super::config::use_colour());
    def.read_cli(&given).unwrap_or_else(|| {
        Err(Error::Usage(format!(
            "{name} is a command of the REPL only"
        )))
    })
}

/// Does what the command line asks: a request run once in its context and its answer
/// printed, or one of the command line's own jobs. The exit status it ends with.
pub fn act(asked: OneShot) -> Result<ExitCode> {
    match asked {
        OneShot::RunFile(file) => {
            let open = super::open_file(&file)?;
            super::repl::run_lines(std::io::BufReader::new(open), true, None)
        }
        OneShot::AplMode(context) => super::repl::run_interactive(Some(context)),
        OneShot::Completions(shell) => {
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut command(), "cubework", &mut script);
            output::out_raw(String::from_utf8_lossy(&script))?;
            Ok(ExitCode::SUCCESS)
        }
        OneShot::Manpage { command, all } => man_pages(command.as_deref(), all.as_deref()),
        OneShot::Batch(batch) => super::batch::solve_batch(&batch),
        OneShot::Request(context, request) => {
            crate::base::cancel::install();
            let reply = context.run(request)?;
            if let Some(note) = reply.note {
                output::err(format!("cubework: note: {note}"));
            }
            output::out(reply.text)?;
            // Work that Ctrl-C stopped with an answer (the optimal solver's best found) still
            // ends with the status of Ctrl-C.
            Ok(if crate::base::cancel::requested() {
                ExitCode::from(130)
            } else if reply.failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            })
        }
    }
}

/// A clap error on one line: what is wrong and any tip, without the usage and help lines.
fn one_line(message: &str) -> String {
    message
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| l.trim_start_matches("error: "))
        .fold(String::new(), |mut out, l| {
            if !out.is_empty() {
                out.push_str(if l.starts_with("tip:") { "; " } else { " " });
            }
            out.push_str(l);
            out
        })
}

/// `manpage`: cubework's page, or `name`'s (`cubework-NAME`, or `cubework-NAME-SUB` for the
/// words `NAME SUB`), printed; with `all`, every page written into that directory
/// (`cubework.1`, `cubework-NAME.1` for each command, `cubework-NAME-SUB.1` for each of its
/// subcommands: every page a page's SUBCOMMANDS names). An unknown name is refused with the
/// list of the commands.
fn man_pages(name: Option<&str>, all: Option<&std::path::Path>) -> Result<ExitCode> {
    let pages = man_commands();
    let page_of = |cmd: &Command| -> Result<Vec<u8>> {
        let mut page = Vec::new();
        clap_mangen::Man::new(cmd.clone()).render(&mut page)?;
        Ok(page)
    };
    let Some(dir) = all else {
        let words: Vec<&str> = name.map_or_else(Vec::new, |n| n.split_whitespace().collect());
        let (_, cmd) = pages
            .iter()
            .find(|(path, _)| path.iter().map(String::as_str).eq(words.iter().copied()))
            .ok_or_else(|| {
                let names: Vec<String> = pages.iter().skip(1).map(|(p, _)| p.join(" ")).collect();
                Error::Usage(format!(
                    "manpage: no command '{}' (the commands: {})",
                    crate::base::text::echo(&words.join(" ")),
                    names.join(", ")
                ))
            })?;
        output::out_raw(String::from_utf8_lossy(&page_of(cmd)?))?;
        return Ok(ExitCode::SUCCESS);
    };
    let file_error = |path: std::path::PathBuf| move |source| Error::File { path, source };
    std::fs::create_dir_all(dir).map_err(file_error(dir.to_path_buf()))?;
    for (_, cmd) in &pages {
        let path = dir.join(format!(
            "{}.1",
            cmd.get_display_name().unwrap_or("cubework")
        ));
        let page = page_of(cmd)?;
        crate::base::table_cache::write_atomic(&path, &page).map_err(file_error(path.clone()))?;
    }
    output::out(format!(
        "wrote {} man pages to {}",
        pages.len(),
        crate::base::text::echo_path(dir)
    ))?;
    Ok(ExitCode::SUCCESS)
}

/// Every command that has a man page, with the words that name it (none: cubework's own):
/// cubework, each command, and each command's subcommands (`pocket solve`), without clap's
/// `help` subcommands (whose pages would be `--help`'s), so that every page a page's
/// SUBCOMMANDS names is one of these.
fn man_commands() -> Vec<(Vec<String>, Command)> {
    fn walk(path: Vec<String>, cmd: Command, out: &mut Vec<(Vec<String>, Command)>) {
        let subs: Vec<Command> = cmd
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .cloned()
            .collect();
        let title = std::iter::once("cubework").chain(path.iter().map(String::as_str));
        let cmd = cmd
            .disable_help_subcommand(true)
            .display_name(title.clone().collect::<Vec<_>>().join("-"))
            .bin_name(title.collect::<Vec<_>>().join(" "));
        out.push((path.clone(), cmd));
        for sub in subs {
            let mut named = path.clone();
            named.push(sub.get_name().to_string());
            walk(named, sub, out);
        }
    }
    let mut out = Vec::new();
    walk(Vec::new(), command(), &mut out);
    out
}
