//! Every command, described once.
//!
//! One [`CommandDef`] a command: its name, how the REPL writes its arguments, a one-line
//! summary, the details `help COMMAND` shows, its arguments as each front end spells them, and
//! examples that say the same thing in both. From these come the REPL's `help`, its Tab
//! completion and "did you mean", the README's command tables, and the command line's
//! `--help` texts (the clap definitions in `src/cli/` take their `about` from here, and a test
//! checks their options against [`CommandDef::args`]). The REPL's words and the command
//! line's arguments both parse into one [`Request`](super::Request), which one
//! [`run`](super::run) executes.

/// Which command: what the REPL's parser and the command line's arguments dispatch on, so
/// that no command's name is spelled anywhere but in its [`CommandDef`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CommandKind {
    /// `rep`
    Rep,
    /// `show`
    Show,
    /// `size`
    Size,
    /// `notation`
    Notation,
    /// `colours`
    Colours,
    /// `do`
    Do,
    /// `reset`
    Reset,
    /// `undo`
    Undo,
    /// `redo`
    Redo,
    /// `history`
    History,
    /// `scramble`
    Scramble,
    /// `invert`
    Invert,
    /// `mirror`
    Mirror,
    /// `load`
    Load,
    /// `solved?`
    Solved,
    /// `reps`
    Reps,
    /// `solve`
    Solve,
    /// `hint`
    Hint,
    /// `step`
    Step,
    /// `stage?`
    Stage,
    /// `pocket`
    Pocket,
    /// `compare`
    Compare,
    /// `paper`
    Paper,
    /// `order`
    Order,
    /// `cycles`
    Cycles,
    /// `effect`
    Effect,
    /// `expand`
    Expand,
    /// `simplify`
    Simplify,
    /// `count`
    Count,
    /// `tools`
    Tools,
    /// `draw`
    Draw,
    /// `view`
    View,
    /// `help`
    Help,
    /// `quit`
    Quit,
    /// `apl`
    Apl,
    /// `apply` (command line)
    Apply,
    /// `tables` (command line)
    Tables,
    /// `run` (command line)
    Run,
    /// `completions` (command line)
    Completions,
    /// `manpage` (command line)
    Manpage,
}

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

const fn both(repl: &'static str, cli: &'static str) -> Arg {
    Arg {
        repl: Some(repl),
        cli: Some(cli),
    }
}

const fn repl(repl: &'static str) -> Arg {
    Arg {
        repl: Some(repl),
        cli: None,
    }
}

const fn cli(cli: &'static str) -> Arg {
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

const fn ex(repl: &'static str, cli: &'static [&'static str]) -> Example {
    Example { repl, cli }
}

/// A command, described once.
#[derive(Clone, Copy, Debug)]
pub struct CommandDef {
    /// Which command.
    pub kind: CommandKind,
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
    /// Its arguments, as each front end spells them.
    pub args: &'static [Arg],
    /// Whether its REPL form ends with a sequence of moves (Tab then offers moves).
    pub takes_moves: bool,
    /// The same requests in both front ends.
    pub examples: &'static [Example],
}

impl CommandDef {
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

/// The command named `word` in the REPL (any letter case; aliases too).
pub fn find(word: &str) -> Option<&'static CommandDef> {
    let lower = word.to_lowercase();
    COMMANDS
        .iter()
        .filter(|c| c.surface.repl())
        .find(|c| c.name == lower || c.aliases.contains(&lower.as_str()))
}

/// The descriptor of a command.
pub fn def(kind: CommandKind) -> &'static CommandDef {
    COMMANDS
        .iter()
        .find(|c| c.kind == kind)
        .expect("every kind has its descriptor")
}

/// The REPL's commands, in the order `help` lists them.
pub fn repl_commands() -> impl Iterator<Item = &'static CommandDef> {
    COMMANDS.iter().filter(|c| c.surface.repl())
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
    let c = find(topic.trim()).ok_or_else(|| {
        super::usage(&format!(
            "no help for '{}': not a command",
            crate::base::text::echo(topic)
        ))
    })?;
    Ok(format!(
        "{} {}\n  {}{}{}",
        c.name,
        c.usage,
        c.summary,
        if c.details.is_empty() { "" } else { "\n\n" },
        c.details
    ) + &if c.kind == CommandKind::Apl {
        format!("\n{}", crate::apl::keys::glyph_table())
    } else {
        String::new()
    })
}

use CommandKind as K;

const NOTATION: Arg = cli("notation");
const SIZE: Arg = both("size", "size");
const ALG: Arg = both("ALG", "alg");

/// Every command, in the order the REPL's `help` lists them (the command line's own come
/// last).
pub const COMMANDS: &[CommandDef] = &[
    CommandDef {
        kind: K::Rep,
        name: "rep",
        aliases: &[],
        surface: Surface::Repl,
        usage: "NAME",
        summary: "switch representation (numeric local composite visual vector 4d nested); the state carries over",
        details: "The state is converted through the canonical cube, so nothing is lost; composite and visual then refuse X, Y, C and H (and the standard moves made of them), as the paper says. On other sizes than 3, a representation that does not hold the size says so and the session stays as it was.\nrep NAME also switches to a representation of your own (`)rep NAME ENCODE` in APL mode): the cube shown in your array as APL displays it, turned by its moves compiled by conjugation, on the 3×3×3; in APL mode CUBE is then your array.",
        args: &[repl("numeric|local|composite|visual|vector|4d|nested")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Show,
        name: "show",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[NAME|all|net|facelets|pieces]",
        summary: "show the state: in the current or a named representation, all seven, the net, or the facelet string",
        details: "show          the current representation's own display\nshow numeric  another representation's display of the same state\nshow all      all seven, one after another (then your own)\nshow M69      a representation of your own (`)rep`)\nshow net      the unfolded net (coloured in a terminal)\nshow facelets the facelet string alone on its line",
        args: &[repl(
            "numeric|local|composite|visual|vector|4d|nested|all|net|facelets|pieces",
        )],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Size,
        name: "size",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[N]",
        summary: "switch to the solved N×N×N cube (2 to 9) in the current representation, if it holds that size; without N, say the size",
        details: "size 4   the solved 4×4×4 in the current representation (numeric local vector 4d nested hold 2 to 9; composite and visual 2 and 3)\nsize     the current size\nMoves, show, reps, load, reset, order, cycles and compare then work at that size; undo goes back to the cube before. solve, pocket and effect stay on their own sizes.",
        args: &[repl("N")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Notation,
        name: "notation",
        aliases: &[],
        surface: Surface::Repl,
        usage: "standard|paper",
        summary: "switch the notation moves are read in",
        details: "standard: U D L R F B, M E S, x y z, Rw/r, 2R, 3Rw; amounts 2 ' 2'.\npaper: L C R B H F U M D X Y Z, an inverse barred (R\u{305}, R\u{304}, R¯) or R'. Paper R is standard R'.",
        args: &[repl("standard|paper")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Colours,
        name: "colours",
        aliases: &["colors"],
        surface: Surface::Repl,
        usage: "paper|wca",
        summary: "switch the colours nets, pictures and colour letters are shown in",
        details: "paper: the paper's scheme, the default: up white, down blue, back red, front orange, left green, right yellow.\nwca: the scheme of every cube sold and every cubing site: up white, front green, right red, down yellow, left orange, back blue.\nThe choice applies to the net, pictures and pages (draw), facelet strings in colour letters (load, hint facelets, pocket solve facelets, and on the command line --from, --facelets and solve --batch), the beginner's method's words and the representations' displays that show colour letters (every one but numeric, whose digits are the paper's numbers and stay); facelet strings in face letters (URFDLB) and the arrays APL turns (CUBE) stay as they are. It is kept (colours.txt in the data directory): later sessions and command-line calls use it too, until `colours paper`; CUBEWORK_COLOURS=wca or --colours wca choose for one call, over it.",
        args: &[repl("paper|wca")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Do,
        name: "do",
        aliases: &[],
        surface: Surface::Repl,
        usage: "'MOVES'",
        summary: "run a paper DO string left to right, e.g. do 'F\u{304}D\u{304}FDRDR\u{304}'",
        details: "Runs a paper DO string (always in the paper's notation, whatever `notation` says), left to right, as one change.",
        args: &[repl("MOVES")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Reset,
        name: "reset",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "back to the solved cube",
        details: "",
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Undo,
        name: "undo",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[N]",
        summary: "take back the last change (a line of moves, scramble, load, reset, invert), or the last N (all there are, if fewer)",
        details: "",
        args: &[repl("N")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Redo,
        name: "redo",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[N]",
        summary: "make the last undone change again, or the last N undone (all there are, if fewer)",
        details: "",
        args: &[repl("N")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::History,
        name: "history",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "list the changes so far",
        details: "",
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Scramble,
        name: "scramble",
        aliases: &[],
        surface: Surface::Both,
        usage: "[N] [seed S] | random [seed S]",
        summary: "the paper's SCRAMBLE: N random quarter-turns of the outer faces (17 by default); on the 4×4×4 and up, random outer and wide turns as the WCA's; random: a uniformly random state (2×2×2, 3×3×3)",
        details: "scramble               17 random quarter-turns of U D B F L R and their inverses\nscramble 25            25 of them\nscramble seed 7        the same 17 every time for seed 7\nscramble random        the cube set to a state drawn uniformly from all 43 quintillion, shown as the at most 21 moves that make it from solved\nscramble random seed 7 the same random state every time for seed 7\nOn the 2×2×2, scramble random draws from all 3,674,160 states and shows the optimal moves that make it (from the pocket table). On the 4×4×4 and up, scramble makes random turns of the outer faces and of wide blocks up to half the cube deep, none merging with another, as the WCA's scrambles: 40 on the 4×4×4, 60, 80, 100 on the 5×5×5 to 7×7×7, twenty more a size beyond.\nIn the REPL it turns the session's cube (of the session's size); `cubework scramble` prints it.",
        args: &[
            both("N", "count"),
            both("seed", "seed"),
            both("random", "random_state"),
            cli("size"),
            NOTATION,
        ],
        takes_moves: false,
        examples: &[
            ex("scramble 25 seed 7", &["scramble", "25", "--seed", "7"]),
            ex(
                "scramble random seed 3",
                &["scramble", "--random-state", "--seed", "3"],
            ),
        ],
    },
    CommandDef {
        kind: K::Invert,
        name: "invert",
        aliases: &[],
        surface: Surface::Both,
        usage: "[ALG]",
        summary: "the inverse of ALG (the paper's INVERSE); in the REPL without ALG, undo the whole history as one inverse sequence",
        details: "Without ALG (REPL), applies the inverse of every move made since the last reset or load, bringing the cube back; it is one change, so undo takes it back.",
        args: &[ALG, NOTATION],
        takes_moves: true,
        examples: &[ex("invert [R, U] F", &["invert", "[R, U] F"])],
    },
    CommandDef {
        kind: K::Load,
        name: "load",
        aliases: &[],
        surface: Surface::Repl,
        usage: "FACELETS",
        summary: "load a facelet string (URFDLB order) of the current size: 54 letters on the 3×3×3, 6N² on the N×N×N",
        details: "load UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nThe string is checked: 54 letters of U R F D L B, nine of each, centres of a real cube.",
        args: &[repl("FACELETS")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Solved,
        name: "solved?",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "is the cube solved?",
        details: "",
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Reps,
        name: "reps",
        aliases: &[],
        surface: Surface::Both,
        usage: "[size N]",
        summary: "list the representations at a size (the session's, or N): shape, element, bytes, defined moves, and which do not hold it and why",
        details: "In the REPL, your own representations (`)rep` in APL mode) are listed after the seven.",
        args: &[SIZE],
        takes_moves: false,
        examples: &[ex("reps size 4", &["reps", "--size", "4"])],
    },
    CommandDef {
        kind: K::Solve,
        name: "solve",
        aliases: &[],
        surface: Surface::Both,
        usage: "[optimal|bfs|beginner] [htm|qtm] [max N] [time S] [ALG]",
        summary: "solve a 3×3×3 (the current cube, or ALG): two-phase by default, any cube in milliseconds; optimal, proven shortest (seconds to a minute or two; Ctrl-C or a time limit stops it with what it proved); bfs, a shortest solution within a depth limit; beginner, layer by layer, each stage with the cube after it",
        details: "solve                the current cube by the two-phase solver: at most 21 moves, in about a millisecond\nsolve R U F'         the cube those moves make, instead\nsolve max 20         at most 20 moves (slower; 19 and below can take long)\nsolve time 2         keep shortening for 2 seconds, then show the best\nsolve bfs [htm|qtm]  a shortest solution by breadth-first search from both ends (states within about 12 moves)\nsolve beginner       the layer-by-layer method on the current cube: each of its seven stages with its moves and the cube after it, then the whole solution simplified\nsolve beginner ALG   the same for ALG\nThe two-phase solver counts in the half-turn metric only. The last line of every answer is the whole solution from the state given, whole-cube turns included.\nOn a 2×2×2 session, solve alone finds a shortest solution of the current cube from the pocket table (as hint follows).",
        args: &[
            both("twophase|optimal|bfs|beginner", "method"),
            both("htm|qtm", "metric"),
            both("max", "max_length"),
            both("time", "time_limit"),
            cli("threads"),
            cli("facelets"),
            cli("batch"),
            ALG,
            NOTATION,
            cli("colours"),
        ],
        takes_moves: true,
        examples: &[
            ex("solve R U F", &["solve", "R U F"]),
            ex(
                "solve twophase max 20 time 1 R U",
                &[
                    "solve",
                    "--method",
                    "twophase",
                    "--max-length",
                    "20",
                    "--time-limit",
                    "1",
                    "R",
                    "U",
                ],
            ),
            ex(
                "solve optimal qtm R U",
                &["solve", "--method", "optimal", "--metric", "qtm", "R U"],
            ),
            ex(
                "solve bfs htm F R",
                &["solve", "--method", "bfs", "--metric", "htm", "F R"],
            ),
            ex(
                "solve beginner R U",
                &["solve", "--method", "beginner", "R U"],
            ),
        ],
    },
    CommandDef {
        kind: K::Hint,
        name: "hint",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[apply] | size 2 ALG | facelets S",
        summary: "the next move of a solution of the current cube (apply: make it); 2×2×2 states from the pocket table",
        details: "hint            the next move of a solution of the current cube, and the rest of that solution\nhint apply      make that move (follow the same solution hint by hint until solved)\nhint size 2 ALG the next move for the 2×2×2 that ALG makes, from the pocket table (optimal)\nhint facelets S the same for a facelet string (24 letters: 2×2×2; 54: 3×3×3)",
        args: &[repl("apply"), repl("size"), repl("facelets"), repl("ALG")],
        takes_moves: true,
        examples: &[],
    },
    CommandDef {
        kind: K::Step,
        name: "step",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "make the next stage of the beginner's method on the current cube and show what it did (undo takes it back)",
        details: STAGES,
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Stage,
        name: "stage?",
        aliases: &[],
        surface: Surface::Repl,
        usage: "",
        summary: "which of the beginner's method's seven stages are done, and how far the next one is",
        details: STAGES,
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Pocket,
        name: "pocket",
        aliases: &[],
        surface: Surface::Both,
        usage: "table [htm|qtm] [csv] | solve [htm|qtm] ALG|facelets S",
        summary: "the 2×2×2 solved completely: its distance table and God's number, or an optimal solution in moves of U, R and F",
        details: "pocket table            the distance distribution of all 3,674,160 states (half-turn metric)\npocket table qtm csv    in the quarter-turn metric, as CSV (depth,count)\npocket solve R U F      an optimal solution of the 2×2×2 those moves make\npocket solve facelets S the same for a 24-letter facelet string",
        args: &[
            both("table|solve", "subcommand"),
            both("htm|qtm", "metric"),
            both("csv", "format"),
            both("facelets", "facelets"),
            cli("plot"),
            ALG,
            NOTATION,
        ],
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
    },
    CommandDef {
        kind: K::Compare,
        name: "compare",
        aliases: &[],
        surface: Surface::Both,
        usage: "[size N | sizes A..B] [apl] [TURNS]",
        summary: "time every representation's quarter-turns (as defined and compiled) at a size, and rank speed and space; with sizes, their cost against N",
        details: "Times one random sequence of single-layer quarter-turns (10000 by default) on every representation that holds the session's size (or size N), as defined (the ndarray transform) and compiled (the gather): a warm-up round, then nine rounds in which the representations take turns. Shows each median ns per turn with its quartiles, and speed and space ranks (speed ranks equal where the quartile ranges overlap), beside the paper's on the 3×3×3.\ncompare apl [TURNS]  also the 3×3×3's quarter-turns run by the APL evaluator from the paper's definitions (the first 1,000 of the sequence), with their own ranks: the setting the paper ranked them in.\nRepresentations of your own (APL mode: )rep NAME ENCODE [DECODE], or )load a file with such lines) are measured beside the seven on the 3×3×3, marked (user), compiled by conjugation and not ranked; `cubework compare --apl-file FILE` measures those FILE defines.\ncompare sizes 2..7 [TURNS]  every representation's ns per turn and bytes against N, and how they grow.\n`cubework compare --size N | --sizes A..B --format csv` prints the same as CSV.",
        args: &[
            SIZE,
            both("sizes", "sizes"),
            both("apl", "apl"),
            both("TURNS", "turns"),
            cli("format"),
            cli("plot"),
            cli("apl_file"),
        ],
        takes_moves: false,
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
    },
    CommandDef {
        kind: K::Paper,
        name: "paper",
        aliases: &[],
        surface: Surface::Both,
        usage: "[apl] [TURNS]",
        summary: "the paper's comparison table beside this workbench's measured ranks",
        details: "The paper's ranks (Complete, General, Simple, Concise, Display, Insight, Space, Speed) with this workbench's measured rank beside each one it can measure. General is measured from the sizes each representation holds (2 to 9, or 2 to 3), the extra lines of move definitions its N×N×N form needs, and how its bytes grow with N; it times N = 2 to 7 for how turns grow. paper apl (--apl) adds Speed in APL: the paper's Speed rank beside the rank of the same quarter-turns run by the APL evaluator from the paper's definitions. `cubework paper --format markdown|csv` for other formats.",
        args: &[both("apl", "apl"), both("TURNS", "turns"), cli("format")],
        takes_moves: false,
        examples: &[
            ex("paper 100", &["paper", "--turns", "100"]),
            ex("paper apl 100", &["paper", "--apl", "--turns", "100"]),
        ],
    },
    CommandDef {
        kind: K::Order,
        name: "order",
        aliases: &[],
        surface: Surface::Both,
        usage: "[size N] [by colours|labels] ALG",
        summary: "how many repetitions of ALG bring the cube back, and why (lcm of cycle lengths)",
        details: "order R U           how many times R U brings the cube back to looking as it did (by colours)\norder by labels ALG  back when every sticker is home, not only when the colours are\norder size 4 ALG     on the 4×4×4",
        args: &[SIZE, both("by", "by"), cli("plot"), ALG, NOTATION],
        takes_moves: true,
        examples: &[ex(
            "order size 4 by labels R U",
            &["order", "--size", "4", "--by", "labels", "R U"],
        )],
    },
    CommandDef {
        kind: K::Cycles,
        name: "cycles",
        aliases: &[],
        surface: Surface::Both,
        usage: "[size N] ALG",
        summary: "ALG's permutation of the sticker tuple, in cycle notation",
        details: "",
        args: &[SIZE, ALG, NOTATION],
        takes_moves: true,
        examples: &[ex("cycles size 2 R", &["cycles", "--size", "2", "R"])],
    },
    CommandDef {
        kind: K::Effect,
        name: "effect",
        aliases: &[],
        surface: Surface::Both,
        usage: "[size 3] ALG",
        summary: "where each corner, edge and centre of the 3×3×3 goes under ALG, and how it twists or flips",
        details: "",
        args: &[SIZE, ALG, NOTATION],
        takes_moves: true,
        examples: &[ex(
            "effect size 3 R U R' U'",
            &["effect", "--size", "3", "R U R' U'"],
        )],
    },
    CommandDef {
        kind: K::Mirror,
        name: "mirror",
        aliases: &[],
        surface: Surface::Both,
        usage: "ALG",
        summary: "ALG seen in a mirror between L and R: the left-hand version of an algorithm",
        details: "R and L change places and every quarter turn reverses except those about the L–R axis: R U R' becomes L' U' L, and U2 stays U2. Brackets are kept; a tool is written as its moves; the answer is in the notation in use.",
        args: &[ALG, NOTATION],
        takes_moves: true,
        examples: &[ex("mirror [R, U] M", &["mirror", "[R, U] M"])],
    },
    CommandDef {
        kind: K::Expand,
        name: "expand",
        aliases: &[],
        surface: Surface::Both,
        usage: "ALG",
        summary: "ALG with groups, commutators, conjugates and tools written out",
        details: "",
        args: &[ALG, NOTATION],
        takes_moves: true,
        examples: &[ex("expand [R: U]", &["expand", "[R: U]"])],
    },
    CommandDef {
        kind: K::Simplify,
        name: "simplify",
        aliases: &[],
        surface: Surface::Both,
        usage: "ALG",
        summary: "ALG with cancelling and mergeable moves combined",
        details: "",
        args: &[ALG, NOTATION],
        takes_moves: true,
        examples: &[ex("simplify U D U", &["simplify", "U D U"])],
    },
    CommandDef {
        kind: K::Count,
        name: "count",
        aliases: &[],
        surface: Surface::Both,
        usage: "[htm|qtm|stm] ALG",
        summary: "ALG's length in a metric (half-turn by default)",
        details: "",
        args: &[both("htm|qtm|stm", "metric"), ALG, NOTATION],
        takes_moves: true,
        examples: &[
            ex(
                "count qtm R U2 M'",
                &["count", "--metric", "qtm", "R U2 M'"],
            ),
            ex("count htm R U2", &["count", "--metric", "htm", "R U2"]),
            ex("count stm M E", &["count", "--metric", "stm", "M E"]),
        ],
    },
    CommandDef {
        kind: K::Tools,
        name: "tools",
        aliases: &[],
        surface: Surface::Both,
        usage: "[search]",
        summary: "the paper's tools (SWITCH TWIST SNAP LIFT CYCLE FLIP) as reconstructed; search re-runs the reconstruction and shows its working",
        details: "",
        args: &[both("search", "search")],
        takes_moves: false,
        examples: &[ex("tools search", &["tools", "--search"])],
    },
    CommandDef {
        kind: K::Draw,
        name: "draw",
        aliases: &[],
        surface: Surface::Both,
        usage: "FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]",
        summary: "draw the cube to FILE (SVG; a .png name writes an image, an .html name a page that turns): in perspective, as a net, or in a representation's layout",
        details: "draw cube.svg               the 3-D view from the angle `view` set (default: yaw 35 pitch 30)\ndraw cube.svg net           the unfolded net\ndraw cube.svg rep           the current representation's own layout, in colour\ndraw cube.svg yaw 200 pitch -30 back   another angle for this picture, and the view from behind\ndraw cube.svg only corners  only the corners in colour (also edges, centres, or a layer: U, E, 2R)\ndraw cube.svg arrows R U R' U'   arrows from where each piece R U R' U' moves is to where it goes (the rest of the line)\ndraw cube.html              a page with the 3-D view, sliders, drag and move buttons\ndraw -                      the SVG itself, printed\n`cubework draw --help` has more (--size, --from).",
        args: &[
            both("FILE", "output"),
            both("net|3d|rep", "view"),
            both("yaw", "yaw"),
            both("pitch", "pitch"),
            both("distance", "distance"),
            both("back", "back"),
            both("only", "only"),
            both("arrows", "arrows"),
            cli("size"),
            cli("from"),
            cli("rep"),
            cli("format"),
            cli("alg"),
            NOTATION,
            cli("colours"),
            cli("from_url"),
        ],
        takes_moves: false,
        examples: &[
            ex(
                "draw - net yaw 20 pitch 10 distance 8 back only corners arrows R U",
                &[
                    "draw",
                    "-o",
                    "-",
                    "--view",
                    "net",
                    "--yaw",
                    "20",
                    "--pitch",
                    "10",
                    "--distance",
                    "8",
                    "--back",
                    "--only",
                    "corners",
                    "--arrows",
                    "R U",
                ],
            ),
            ex(
                "draw cube.svg 3d",
                &["draw", "--output", "cube.svg", "--view", "3d"],
            ),
            ex(
                "draw cube.svg rep",
                &["draw", "-o", "cube.svg", "--view", "rep"],
            ),
        ],
    },
    CommandDef {
        kind: K::View,
        name: "view",
        aliases: &[],
        surface: Surface::Repl,
        usage: "[yaw Y] [pitch P] [distance D]",
        summary: "set the angle `draw` sees the cube from, from then on (alone: show it)",
        details: "view yaw 200 pitch -30   from then on, draw sees the cube from there\nview distance 8          farther away (flatter perspective), in cube edges (1.5 to 100)\nview                     the current angle\nYaw turns round the vertical axis from the front towards the right (-360 to 360); pitch is above the horizon (-90 to 90).",
        args: &[repl("yaw"), repl("pitch"), repl("distance")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Apl,
        name: "apl",
        aliases: &[],
        surface: Surface::Both,
        usage: "[EXPR]",
        summary: "the paper's APL, running: CUBE is the current representation's array and the paper's moves (X Y Z L C R B H F U M D, X\u{304} for an inverse) are defined; alone, enter APL mode, which )off or the word moves leaves; with EXPR, evaluate that line",
        details: "apl                 APL mode, prompt indented six spaces as APL sessions are: CUBE←R CUBE, CUBE←B F L R CUBE, ⍴CUBE run as the paper prints them\nCUBE←…              changes the session's cube (one change: undo takes it back) only if the array is a state of the representation; otherwise an error says why, and nothing changes\nT: ⍵[;;,2 1 3]      defines a function of your own; so do F←{⍺+⍵} (a dfn: guards c:x, ∇ itself, ⍺←default) and ∇Z←A F B;L … ∇ (a traditional function, typed a line at a time, → branching)\n)fns )vars          the functions and variables defined\n)erase NAME         forgets one\n)clear              forgets all of yours; the paper's stay\n)compile NAME       runs your function once on the cells' indices: is it a permutation, which move is it, its order and cycles; from then on NAME runs compiled (a gather) on arrays of the representation's shape, until it or a function it calls is redefined or erased\n)rep NAME ENCODE [DECODE]   a representation of your own: ENCODE takes the vector's 54 stickers to your array (it must rearrange them, blanks allowed: run on ⍳54 each cell holds a sticker's index or 0), DECODE takes it back (derived if not given); checked on random states, its moves by conjugation; compare measures it as NAME (user). )rep alone lists them\n)save FILE )load FILE   your functions, variables, )rep and )compile lines as plain text (a save replaces only a file a save wrote)\n)copy FILE [NAMES]  brings in the names given (all when none) from a saved file\n)off or moves       back to moves (quit and help work in APL mode too); your workspace stays through rep, size and )off, and the REPL keeps it between sessions (workspace.apl in the data directory: values of any size; a line that does not run is named and kept; merged with what another session wrote there)\nGlyphs by name: \\rho then Tab gives ⍴, or by key: `r (the backtick layout of TryAPL and Dyalog); a name or key left as it is is read too:",
        args: &[
            both("EXPR", "expr"),
            cli("rep"),
            cli("from"),
            cli("file"),
            cli("show"),
            cli("colours"),
        ],
        takes_moves: false,
        examples: &[ex("apl ⍴CUBE", &["apl", "⍴CUBE"])],
    },
    CommandDef {
        kind: K::Help,
        name: "help",
        aliases: &["?"],
        surface: Surface::Repl,
        usage: "[COMMAND]",
        summary: "this list, or more on one command",
        details: "",
        args: &[repl("COMMAND")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Quit,
        name: "quit",
        aliases: &["exit"],
        surface: Surface::Repl,
        usage: "",
        summary: "leave (also exit, or Ctrl-D)",
        details: "",
        args: &[],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Apply,
        name: "apply",
        aliases: &[],
        surface: Surface::Cli,
        usage: "[MOVES]",
        summary: "apply moves to the solved cube (or to --from) and print the result",
        details: "",
        args: &[
            cli("rep"),
            cli("size"),
            cli("from"),
            cli("show"),
            cli("moves"),
            NOTATION,
            cli("colours"),
        ],
        takes_moves: true,
        examples: &[],
    },
    CommandDef {
        kind: K::Tables,
        name: "tables",
        aliases: &[],
        surface: Surface::Cli,
        usage: "[build [--optimal [--size S]] [--twophase-size small|large] | check]",
        summary: "the solver tables cached on disk: name, size, state, path; `tables build` builds them, `tables check` reads each one whole through its checksum",
        details: "",
        args: &[
            cli("action"),
            cli("optimal"),
            cli("size"),
            cli("twophase_size"),
        ],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Run,
        name: "run",
        aliases: &[],
        surface: Surface::Cli,
        usage: "FILE",
        summary: "run a session file: each line as typed in the REPL, without prompts or colour",
        details: "",
        args: &[cli("file")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Completions,
        name: "completions",
        aliases: &[],
        surface: Surface::Cli,
        usage: "SHELL",
        summary: "print shell completions for cubework, generated from the same definitions as --help",
        details: "",
        args: &[cli("shell")],
        takes_moves: false,
        examples: &[],
    },
    CommandDef {
        kind: K::Manpage,
        name: "manpage",
        aliases: &[],
        surface: Surface::Cli,
        usage: "",
        summary: "print cubework's man page (roff), generated from the same definitions as --help",
        details: "",
        args: &[],
        takes_moves: false,
        examples: &[],
    },
];

const STAGES: &str = "The beginner's method, one stage at a time, on the cube in front of you: step makes the next stage not yet done (its moves are those a learner makes, whole-cube turns included: z2 turns the cube over so the last face, blue here, is on top; y turns it about the vertical) and shows the cube after it; stage? lists the stages: 1 white cross, 2 white corners, 3 second layer, 4 blue cross, 5 blue edges, 6 blue corners placed, 7 blue corners oriented (where most guides' last face is yellow, this scheme's is blue).";
