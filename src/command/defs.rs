//! Every command, in one list: [`COMMANDS`], from which the REPL's `help`, its Tab completion
//! and "did you mean", the README's command tables, the command line's subcommands (built with
//! clap's builder API), its man page and its shell completions all come. Each command is one
//! [`CommandDef`] in its family's file ([`super::unit`] says what one holds); adding a command
//! is writing it there and naming it here.

pub use super::unit::{Arg, CommandDef, Example, Surface};
use super::{algebra, apl, measure, picture, session, solving, tables};

/// The command named `word` in the REPL (any letter case; aliases too).
pub fn find(word: &str) -> Option<&'static CommandDef> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .copied()
        .filter(|c| c.surface.repl())
        .find(|c| c.name == lower || c.aliases.contains(&lower.as_str()))
}

/// The command of the command line only (`run`, `tables`, …) that `word` names, if any: the
/// REPL says so rather than read it as moves.
pub fn find_command_line_only(word: &str) -> Option<&'static CommandDef> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .copied()
        .filter(|c| !c.surface.repl())
        .find(|c| c.name == lower || c.aliases.contains(&lower.as_str()))
}

/// The REPL's commands, in the order `help` lists them.
pub fn repl_commands() -> impl Iterator<Item = &'static CommandDef> {
    COMMANDS.iter().copied().filter(|c| c.surface.repl())
}

/// The help text: all commands, or one in detail.
pub fn help(topic: &str) -> crate::answer::error::Result<String> {
    if topic.is_empty() {
        // Commands and their arguments in a column; a long one has its summary on the next
        // line, so that no line runs far past the others.
        const WIDTH: usize = 40;
        let mut out = String::from(
            "Type moves to turn the cube (standard: R U R' U' M2 x Rw; paper: notation paper, then L C R B H F U M D X Y Z).\nCommands:\n",
        );
        for c in repl_commands() {
            let head = format!("{} {}", c.name, c.usage);
            if head.chars().count() <= WIDTH {
                out.push_str(&format!("  {head:<WIDTH$}  {}\n", c.summary));
            } else {
                out.push_str(&format!("  {head}\n  {:WIDTH$}  {}\n", "", c.summary));
            }
        }
        out.push_str("help COMMAND says more.");
        return Ok(out);
    }
    let topic = topic.trim();
    // `tables`, `run`: commands of the command line, said to be so, as typing them says.
    let (c, shell) = match (find(topic), find_command_line_only(topic)) {
        (Some(c), _) => (c, ""),
        (None, Some(c)) => (c, "cubework "),
        (None, None) => {
            return Err(super::usage(&format!(
                "no help for '{}': not a command",
                crate::base::text::echo(topic)
            )));
        }
    };
    let note = if shell.is_empty() {
        String::new()
    } else {
        format!(
            "{} is a command of the command line only: in a shell,\n",
            c.name
        )
    };
    Ok(format!(
        "{note}{shell}{} {}\n  {}{}{}",
        c.name,
        c.usage,
        c.summary,
        if c.details.is_empty() { "" } else { "\n\n" },
        c.details
    ) + &c.more.map_or(String::new(), |more| format!("\n{}", more())))
}

/// Every command, in the order the REPL's `help` lists them (the command line's own come
/// last).
pub static COMMANDS: &[&CommandDef] = &[
    &session::REP,
    &session::SHOW,
    &session::SIZE,
    &session::NOTATION,
    &session::COLOURS,
    &session::DO,
    &session::RESET,
    &session::UNDO,
    &session::REDO,
    &session::HISTORY,
    &solving::SCRAMBLE,
    &algebra::INVERT,
    &session::LOAD,
    &session::SOLVED,
    &session::MOVES,
    &algebra::REPS,
    &solving::SOLVE,
    &solving::HINT,
    &solving::STEP,
    &solving::STAGE,
    &solving::POCKET,
    &measure::COMPARE,
    &measure::PAPER,
    &algebra::ORDER,
    &algebra::CYCLES,
    &algebra::EFFECT,
    &algebra::SAME,
    &algebra::MIRROR,
    &algebra::EXPAND,
    &algebra::SIMPLIFY,
    &algebra::COUNT,
    &algebra::TOOLS,
    &picture::DRAW,
    &picture::VIEW,
    &apl::APL,
    &session::HELP,
    &session::QUIT,
    &session::APPLY,
    &tables::TABLES,
    &session::RUN,
    &session::COMPLETIONS,
    &session::MANPAGE,
];
