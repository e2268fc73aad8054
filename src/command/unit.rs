//! What a command is: one [`CommandDef`] a command, written in its family's file beside the
//! code that runs it, holding its name, how the REPL writes its arguments, a one-line summary,
//! the details `help COMMAND` shows, its arguments as each front end spells them, examples
//! that say the same thing in both, and how the REPL's words after its name read into its
//! [`Request`]. The one list of them all is [`COMMANDS`](super::defs::COMMANDS).

use super::words::Line;
use super::{Request, Session};
use crate::answer::error::Result;

/// How a command's command-line arguments (read by clap into what [`Given`](super::one_shot::Given)
/// holds) read into what the command line does: its request and the small context it runs
/// in, or one of the command line's own jobs.
#[cfg(feature = "cli")]
pub(super) type CliReader = fn(&super::one_shot::Given) -> Result<super::one_shot::OneShot>;

/// How a command's REPL words (its [`Line`]) read into its request, on the session whose
/// notation, size and representations they are read in.
pub(super) type Reader = fn(&Line, &Session) -> Result<Request>;

/// Where a command can be given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Surface {
    /// In the REPL (and session files) and on the command line.
    Both,
    /// In the REPL and session files only: it works on the session's state.
    Repl,
    /// On the command line only.
    Cli,
}

impl Surface {
    /// Whether the REPL knows the command.
    pub fn repl(self) -> bool {
        self != Surface::Cli
    }

    /// Whether the command line knows it.
    pub fn cli(self) -> bool {
        self != Surface::Repl
    }
}

/// One argument of a command, as each front end spells it: the REPL's word (a keyword before
/// its value, such as `max`, or the words that are its values, such as `optimal|bfs`), and
/// how the command line takes it ([`CliArg`]: its long name, value, help). `None` where a
/// front end has no such argument: the REPL takes the notation and size from the session,
/// the command line has no session to `apply` a hint to.
#[derive(Clone, Copy, Debug)]
pub struct Arg {
    /// The REPL's word(s), `|` between alternatives.
    pub repl: Option<&'static str>,
    /// The command line's form of it.
    pub cli: Option<CliArg>,
}

pub(super) const fn both(repl: &'static str, cli: CliArg) -> Arg {
    Arg {
        repl: Some(repl),
        cli: Some(cli),
    }
}

pub(super) const fn repl(repl: &'static str) -> Arg {
    Arg {
        repl: Some(repl),
        cli: None,
    }
}

pub(super) const fn cli(cli: CliArg) -> Arg {
    Arg {
        repl: None,
        cli: Some(cli),
    }
}

/// How the command line takes one argument: all that clap needs to read it and to show it in
/// `--help`, the man page and the shell completions (`src/cli/` builds clap's `Arg` from it).
#[derive(Clone, Copy, Debug)]
pub struct CliArg {
    /// Its id, which is also its long name (`max-length`); a positional's name (`alg`).
    pub id: &'static str,
    /// Its one-letter name (`-o`), if any.
    pub short: Option<char>,
    /// Whether it is a flag, an option with a value, words, or subcommands.
    pub form: Form,
    /// The values it takes.
    pub value: Value,
    /// The name of its value in the help (`N`, `FILE`).
    pub value_name: &'static str,
    /// Its help, a paragraph.
    pub help: &'static str,
    /// Its value when not given.
    pub default: Option<&'static str>,
    /// The arguments it cannot be given with.
    pub conflicts: &'static [&'static str],
    /// The argument it needs.
    pub requires: Option<&'static str>,
}

/// What form a command-line argument takes.
#[derive(Clone, Copy, Debug)]
pub enum Form {
    /// `--name`, on or off.
    Flag,
    /// `--name VALUE`.
    Option,
    /// A word in its place (`FILE`), needed or not.
    Word {
        /// Whether it must be given.
        required: bool,
    },
    /// The rest of the words (`[ALG]...`), joined by spaces.
    Words {
        /// Whether at least one must be given.
        required: bool,
    },
    /// Subcommands (`pocket table|solve`).
    Subcommands {
        /// Whether one must be given.
        required: bool,
        /// The subcommands.
        subs: &'static [CliSub],
    },
}

/// A subcommand of a command (`pocket table`): its name, its one line, its arguments.
#[derive(Clone, Copy, Debug)]
pub struct CliSub {
    /// Its word.
    pub name: &'static str,
    /// What it does, one line.
    pub about: &'static str,
    /// Its arguments.
    pub args: &'static [Arg],
}

/// The values a command-line argument takes, each read and checked as the command line
/// parses (`src/cli/` maps each to its parser), into the type its command reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// None: a flag.
    None,
    /// Any text (`String`).
    Text,
    /// Any text, a leading `-` too (`String`: moves such as `--arrows "-"`).
    TextOrHyphen,
    /// A path (`PathBuf`).
    Path,
    /// A number, negative too (`f64`: angles, distances).
    Number,
    /// A whole number, as Rust reads it (`usize`).
    Usize,
    /// A cube size, 2 to 9 (`usize`).
    Size,
    /// A range of sizes, `A..B` (`RangeInclusive<usize>`).
    Sizes,
    /// A whole number, 0 or more, that fits a byte (`u8`).
    Byte,
    /// A whole number, 0 or more (`u64`).
    Whole,
    /// Seconds, more than 0 and at most an hour (`Duration`).
    Seconds,
    /// Threads, 1 to 64 (`usize`).
    Threads,
    /// Quarter-turns to time (`u32`).
    Turns,
    /// A number of turns or `random` (`TurnsOrRandom`).
    TurnsOrRandom,
    /// A notation (`Notation`).
    Notation,
    /// A metric, htm, qtm or stm (`Metric`).
    Metric,
    /// A metric the solvers search in, htm or qtm (`Metric`).
    SearchedMetric,
    /// A colour scheme (`Scheme`).
    Scheme,
    /// A table's format (`compare::Format`).
    Format,
    /// How a cube is shown (`Shown`).
    Shown,
    /// What an order is counted by (`OrderBy`).
    OrderBy,
    /// What a picture draws (`ViewKind`).
    View,
    /// A picture's file format (`PictureFormat`).
    PictureFormat,
    /// A solving method (`Method`).
    Method,
    /// The optimal solver's table size (`OptimalSize`).
    OptimalSize,
    /// `pocket table`'s output (`PocketFormat`).
    PocketFormat,
    /// A shell (`clap_complete::Shell`).
    Shell,
    /// One of these words (`String`).
    Choice(&'static [&'static str]),
}

/// `--ID`, a flag.
pub(super) const fn flag(id: &'static str, help: &'static str) -> CliArg {
    CliArg {
        id,
        short: None,
        form: Form::Flag,
        value: Value::None,
        value_name: "",
        help,
        default: None,
        conflicts: &[],
        requires: None,
    }
}

/// `--ID VALUE_NAME`, an option taking `value`.
pub(super) const fn opt(
    id: &'static str,
    value: Value,
    value_name: &'static str,
    help: &'static str,
) -> CliArg {
    CliArg {
        form: Form::Option,
        value,
        value_name,
        ..flag(id, help)
    }
}

/// `[VALUE_NAME]...`, the rest of the words.
pub(super) const fn words(
    id: &'static str,
    value_name: &'static str,
    help: &'static str,
) -> CliArg {
    CliArg {
        form: Form::Words { required: false },
        value: Value::Text,
        value_name,
        ..flag(id, help)
    }
}

/// Subcommands, one of which must be given if `required`.
pub(super) const fn subcommands(required: bool, subs: &'static [CliSub]) -> CliArg {
    CliArg {
        form: Form::Subcommands { required, subs },
        ..flag("subcommand", "")
    }
}

impl CliArg {
    /// With this value when not given.
    pub(super) const fn default(self, default: &'static str) -> CliArg {
        CliArg {
            default: Some(default),
            ..self
        }
    }

    /// Not to be given with these.
    pub(super) const fn conflicts(self, conflicts: &'static [&'static str]) -> CliArg {
        CliArg { conflicts, ..self }
    }

    /// Only with `id`.
    pub(super) const fn requires(self, id: &'static str) -> CliArg {
        CliArg {
            requires: Some(id),
            ..self
        }
    }

    /// With a one-letter name too.
    pub(super) const fn short(self, short: char) -> CliArg {
        CliArg {
            short: Some(short),
            ..self
        }
    }

    /// Needed: words, at least one; a word, given.
    pub(super) const fn required(self) -> CliArg {
        let form = match self.form {
            Form::Words { .. } => Form::Words { required: true },
            _ => Form::Word { required: true },
        };
        CliArg { form, ..self }
    }

    /// Not needed: words that may be left out.
    pub(super) const fn optional(self) -> CliArg {
        CliArg {
            form: Form::Words { required: false },
            ..self
        }
    }

    /// One word, not the rest of them.
    pub(super) const fn one(self, value: Value) -> CliArg {
        let required = matches!(self.form, Form::Words { required: true });
        CliArg {
            form: Form::Word { required },
            value,
            ..self
        }
    }

    /// With other help.
    pub(super) const fn help(self, help: &'static str) -> CliArg {
        CliArg { help, ..self }
    }
}

/// The same request written in both front ends: a REPL line and command-line arguments
/// (after `cubework`), which a test parses and compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// The REPL's line.
    pub repl: &'static str,
    /// The command line's arguments.
    pub cli: &'static [&'static str],
}

pub(super) const fn ex(repl: &'static str, cli: &'static [&'static str]) -> Example {
    Example { repl, cli }
}

/// A command, described once.
#[derive(Clone, Copy, Debug)]
pub struct CommandDef {
    /// The word that starts it, in the REPL and on the command line.
    pub name: &'static str,
    /// Other words the REPL takes for it.
    pub aliases: &'static [&'static str],
    /// Where it can be given.
    pub surface: Surface,
    /// Its arguments as the REPL's help shows them.
    pub usage: &'static str,
    /// One line saying what it does (the REPL's help, `cubework COMMAND --help`, the README).
    pub summary: &'static str,
    /// More, for `help COMMAND`.
    pub details: &'static str,
    /// What `help COMMAND` shows after the details, made when asked (`apl`'s table of glyphs).
    pub more: Option<fn() -> String>,
    /// Its arguments, as each front end spells them.
    pub args: &'static [Arg],
    /// How the REPL's words after its name read into its request: `None` for a command of
    /// the command line only.
    pub(super) read: Option<Reader>,
    /// How the command line's arguments read into what it does: `None` for a command of the
    /// REPL only.
    #[cfg(feature = "cli")]
    pub(super) read_cli: Option<CliReader>,
    /// Whether its REPL form ends with a sequence of moves (Tab then offers moves).
    pub takes_moves: bool,
    /// Whether it is read in APL mode too, where other lines are APL (`quit` and `help`,
    /// which a newcomer types there too).
    pub in_apl_mode: bool,
    /// The same requests in both front ends.
    pub examples: &'static [Example],
}

impl CommandDef {
    /// What a descriptor leaves out (`..CommandDef::NONE`): no name, usage or summary yet, no
    /// other words, details, arguments, reader or examples, of the REPL only, not taking
    /// moves, not read in APL mode.
    pub(super) const NONE: CommandDef = CommandDef {
        name: "",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "",
        details: "",
        more: None,
        args: &[],
        read: None,
        #[cfg(feature = "cli")]
        read_cli: None,
        takes_moves: false,
        in_apl_mode: false,
        examples: &[],
    };

    /// The REPL's words for its arguments (keywords and value words, its subcommands'
    /// too, each once), for Tab completion.
    pub fn repl_words(&self) -> Vec<&'static str> {
        let mut found = Vec::new();
        for word in all_args(self.args)
            .filter_map(|a| a.repl)
            .flat_map(|w| w.split('|'))
            .filter(|w| {
                w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
        {
            if !found.contains(&word) {
                found.push(word);
            }
        }
        found
    }

    /// The command line's argument ids, its subcommands' too (`subcommand` for the
    /// subcommands themselves).
    pub fn cli_args(&self) -> impl Iterator<Item = &'static str> + '_ {
        all_args(self.args).filter_map(|a| a.cli).map(|a| a.id)
    }

    /// Whether its REPL argument is a command's name (`help COMMAND`): Tab then offers the
    /// commands.
    pub fn takes_command(&self) -> bool {
        self.args.iter().any(|a| a.repl == Some("COMMAND"))
    }

    /// How the command line's arguments read into what it does, if it is a command of the
    /// command line.
    #[cfg(feature = "cli")]
    pub fn read_cli(
        &self,
        given: &super::one_shot::Given,
    ) -> Option<Result<super::one_shot::OneShot>> {
        self.read_cli.map(|read| read(given))
    }
}

/// `args` and their subcommands' arguments, each after the argument that holds it.
fn all_args(args: &'static [Arg]) -> Box<dyn Iterator<Item = &'static Arg>> {
    Box::new(args.iter().flat_map(|a| {
        let subs: &'static [CliSub] = match a.cli {
            Some(CliArg {
                form: Form::Subcommands { subs, .. },
                ..
            }) => subs,
            _ => &[],
        };
        std::iter::once(a).chain(subs.iter().flat_map(|s| all_args(s.args)))
    }))
}

/// The notation of a command's moves (the command line's `--notation`; the REPL reads in the
/// session's).
pub(super) const NOTATION_OPT: CliArg =
    opt("notation", Value::Notation, "NOTATION", "Notation of ALG").default("standard");
/// `--notation` as an argument of a command.
pub(super) const NOTATION_ARG: Arg = cli(NOTATION_OPT);
/// A cube's size (`--size N`).
pub(super) const SIZE_OPT: CliArg =
    opt("size", Value::Size, "SIZE", "Cube size N (2 to 9)").default("3");
/// A cube's size (`size N`, `--size N`).
pub(super) const SIZE_ARG: Arg = both("size", SIZE_OPT);
/// A sequence of moves, the rest of the line.
pub(super) const ALG_WORDS: CliArg = words("alg", "ALG", "The sequence").required();
/// A sequence of moves, the rest of the line, in both front ends.
pub(super) const ALG_ARG: Arg = both("ALG", ALG_WORDS);
/// The state a command starts from (`--from FACELETS`).
pub(super) const FROM_ARG: Arg = cli(opt(
    "from",
    Value::Text,
    "FACELETS",
    "Start from this facelet string (URFDLB order) instead of solved",
));
/// The colour scheme of what a command shows or draws (`--colours paper|wca`).
pub(super) const COLOURS_ARG: Arg = cli(opt(
    "colours",
    Value::Scheme,
    "SCHEME",
    "Colours to show and draw in: paper (white up, orange front, yellow right; the default) or wca (white up, green front, red right). Default: CUBEWORK_COLOURS, else the REPL's last `colours` choice, else paper",
));
/// The representation a command shows or works in (`--rep NAME`).
pub(super) const REP_OPT: CliArg = opt(
    "rep",
    Value::Text,
    "REP",
    "Representation: numeric local composite visual vector 4d nested (3×3×3 only)",
);
/// A chart of what a command found, to a file (`--plot FILE`).
pub(super) const PLOT_OPT: CliArg = opt(
    "plot",
    Value::Path,
    "FILE",
    "Also draw the cycle lengths as a chart to this file (SVG; PNG for a .png name)",
);
