//! What a command is: one [`CommandDef`] a command, written in its family's file beside the
//! code that runs it, holding its name, how the REPL writes its arguments, a one-line summary,
//! the details `help COMMAND` shows, its arguments as each front end spells them, examples
//! that say the same thing in both, and how the REPL's words after its name read into its
//! [`Request`]. The one list of them all is [`COMMANDS`](super::defs::COMMANDS).

use super::words::Line;
use super::{Request, Session};
use crate::answer::error::Result;

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
/// the command line's argument id (`max-length`, `alg`). `None` where a front end has no such
/// argument: the REPL takes the notation and size from the session, the command line has no
/// session to `apply` a hint to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// The REPL's word(s), `|` between alternatives.
    pub repl: Option<&'static str>,
    /// The command line's argument id (a flag's long name, or a positional's name).
    pub cli: Option<&'static str>,
}

pub(super) const fn both(repl: &'static str, cli: &'static str) -> Arg {
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

pub(super) const fn cli(cli: &'static str) -> Arg {
    Arg {
        repl: None,
        cli: Some(cli),
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
        takes_moves: false,
        in_apl_mode: false,
        examples: &[],
    };

    /// The REPL's words for its arguments (keywords and value words), for Tab completion.
    pub fn repl_words(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.args
            .iter()
            .filter_map(|a| a.repl)
            .flat_map(|w| w.split('|'))
            .filter(|w| {
                w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            })
    }

    /// The command line's argument ids.
    pub fn cli_args(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.args.iter().filter_map(|a| a.cli)
    }

    /// Whether its REPL argument is a command's name (`help COMMAND`): Tab then offers the
    /// commands.
    pub fn takes_command(&self) -> bool {
        self.args.iter().any(|a| a.repl == Some("COMMAND"))
    }
}

/// The notation of a command's moves (the command line's `--notation`; the REPL reads in the
/// session's).
pub(super) const NOTATION_ARG: Arg = cli("notation");
/// A cube's size (`size N`, `--size N`).
pub(super) const SIZE_ARG: Arg = both("size", "size");
/// A sequence of moves, the rest of the line.
pub(super) const ALG_ARG: Arg = both("ALG", "alg");
