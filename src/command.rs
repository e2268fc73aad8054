//! The workbench's commands: what one line typed in the REPL (or read from a session file)
//! does. The REPL front-end ([`crate::repl`]) only reads lines and prints replies.
//!
//! A line is a command if its first word is one of [`COMMANDS`]; otherwise it is a sequence of
//! moves in the session's notation, applied to the current state and shown in the current
//! representation. Blank lines and lines starting with `#` do nothing.

use std::collections::VecDeque;

use crate::alg::Alg;
use crate::cube::Cube;
use crate::draw::{Camera, DrawError, Only, Picture, PictureFormat, ViewKind, Words};
use crate::error::{Error, Result};
use crate::face::Face;
use crate::input::Input;
use crate::metric::Metric;
use crate::moves::{Move, format_moves};
use crate::parser::{Notation, parse_alg, parse_sequence};
use crate::perm::OrderBy;
use crate::rep::{RepKind, Representation};
use crate::reports;
use crate::solve::report::Plan;
use crate::solve::twophase::TwoPhaseOptions;
use crate::text::echo;
use crate::tools;

/// A command: its name, its arguments, and what it does.
pub struct CommandInfo {
    /// The word that starts it.
    pub name: &'static str,
    /// Its arguments, as help shows them.
    pub args: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
}

/// Every command the REPL knows, in the order `help` lists them.
pub const COMMANDS: &[CommandInfo] = &[
    CommandInfo {
        name: "rep",
        args: "NAME",
        summary: "switch representation (numeric local composite visual vector 4d nested); the state carries over",
    },
    CommandInfo {
        name: "show",
        args: "[NAME|all|net|facelets|pieces]",
        summary: "show the state: in the current or a named representation, all seven, the net, or the facelet string",
    },
    CommandInfo {
        name: "size",
        args: "[N]",
        summary: "switch to the solved N×N×N cube (2 to 9) in the current representation, if it holds that size; without N, say the size",
    },
    CommandInfo {
        name: "notation",
        args: "standard|paper",
        summary: "switch the notation moves are read in",
    },
    CommandInfo {
        name: "do",
        args: "'MOVES'",
        summary: "run a paper DO string left to right, e.g. do 'F\u{304}D\u{304}FDRDR\u{304}'",
    },
    CommandInfo {
        name: "reset",
        args: "",
        summary: "back to the solved cube",
    },
    CommandInfo {
        name: "undo",
        args: "[N]",
        summary: "take back the last change (a line of moves, scramble, load, reset, invert), or the last N",
    },
    CommandInfo {
        name: "redo",
        args: "[N]",
        summary: "make the last undone change again, or the last N undone",
    },
    CommandInfo {
        name: "history",
        args: "",
        summary: "list the changes so far",
    },
    CommandInfo {
        name: "scramble",
        args: "[N] [seed S] | random [seed S]",
        summary: "the paper's SCRAMBLE: N random quarter-turns of the outer faces (17 by default); on the 4×4×4 and up, random outer and wide turns as the WCA's; random: a uniformly random state (2×2×2, 3×3×3)",
    },
    CommandInfo {
        name: "invert",
        args: "[ALG]",
        summary: "undo the whole history as one inverse sequence (the paper's INVERSE); with ALG, print ALG's inverse",
    },
    CommandInfo {
        name: "load",
        args: "FACELETS",
        summary: "load a facelet string (URFDLB order) of the current size: 54 letters on the 3×3×3, 6N² on the N×N×N",
    },
    CommandInfo {
        name: "solved?",
        args: "",
        summary: "is the cube solved?",
    },
    CommandInfo {
        name: "reps",
        args: "[size N]",
        summary: "list the representations at the current size (or N): shape, element, bytes, defined moves",
    },
    CommandInfo {
        name: "solve",
        args: "[optimal|bfs|beginner] [htm|qtm] [max N] [time S] [ALG]",
        summary: "solve the current cube (or ALG): two-phase by default, any cube in milliseconds; optimal, proven shortest (seconds to a minute or two; Ctrl-C or time S stops it with what it proved); bfs, a shortest solution within a depth limit; beginner, layer by layer, each stage with the cube after it",
    },
    CommandInfo {
        name: "hint",
        args: "[apply] | size 2 ALG | facelets S",
        summary: "the next move of a solution of the current cube (apply: make it); 2×2×2 states from the pocket table",
    },
    CommandInfo {
        name: "step",
        args: "",
        summary: "make the next stage of the beginner's method on the current cube and show what it did (undo takes it back)",
    },
    CommandInfo {
        name: "stage?",
        args: "",
        summary: "which of the beginner's method's seven stages are done, and how far the next one is",
    },
    CommandInfo {
        name: "pocket",
        args: "table [htm|qtm] [csv] | solve [htm|qtm] ALG|facelets S",
        summary: "the 2×2×2 solved completely: distance table, or an optimal solution",
    },
    CommandInfo {
        name: "compare",
        args: "[size N | sizes A..B] [TURNS]",
        summary: "time every representation's quarter-turns at the current size (or N), as defined and compiled; rank speed and space; with sizes, their cost against N",
    },
    CommandInfo {
        name: "paper",
        args: "[TURNS]",
        summary: "the paper's comparison table beside the measured ranks",
    },
    CommandInfo {
        name: "order",
        args: "[size N] [by colours|labels] ALG",
        summary: "how many repetitions of ALG bring the cube back, and why (lcm of cycle lengths)",
    },
    CommandInfo {
        name: "cycles",
        args: "[size N] ALG",
        summary: "ALG's permutation of the sticker tuple in cycle notation",
    },
    CommandInfo {
        name: "effect",
        args: "[size 3] ALG",
        summary: "where each corner, edge and centre goes under ALG, and how it twists or flips",
    },
    CommandInfo {
        name: "expand",
        args: "ALG",
        summary: "ALG with groups, commutators, conjugates and tools written out",
    },
    CommandInfo {
        name: "simplify",
        args: "ALG",
        summary: "ALG with cancelling and mergeable moves combined",
    },
    CommandInfo {
        name: "count",
        args: "[htm|qtm|stm] ALG",
        summary: "ALG's length in a metric (half-turn by default)",
    },
    CommandInfo {
        name: "tools",
        args: "[search]",
        summary: "the paper's SWITCH TWIST SNAP LIFT CYCLE FLIP as reconstructed; search re-runs the search",
    },
    CommandInfo {
        name: "draw",
        args: "FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]",
        summary: "draw the current cube to FILE (SVG; a .png name writes an image, an .html name a page that turns): in perspective, as a net, or in the current representation's layout",
    },
    CommandInfo {
        name: "view",
        args: "[yaw Y] [pitch P] [distance D]",
        summary: "set the angle `draw` sees the cube from, from then on (alone: show it)",
    },
    CommandInfo {
        name: "help",
        args: "[COMMAND]",
        summary: "this list, or more on one command",
    },
    CommandInfo {
        name: "quit",
        args: "",
        summary: "leave (also exit, or Ctrl-D)",
    },
];

/// More on each command, for `help COMMAND`.
fn details(name: &str) -> &'static str {
    match name {
        "rep" => {
            "The state is converted through the canonical cube, so nothing is lost; composite and visual then refuse X, Y, C and H (and the standard moves made of them), as the paper says. On other sizes than 3, a representation that does not hold the size says so and the session stays as it was."
        }
        "show" => {
            "show          the current representation's own display\nshow numeric  another representation's display of the same state\nshow all      all seven, one after another\nshow net      the unfolded net (coloured in a terminal)\nshow facelets the facelet string alone on its line"
        }
        "notation" => {
            "standard: U D L R F B, M E S, x y z, Rw/r, 2R, 3Rw; amounts 2 ' 2'.\npaper: L C R B H F U M D X Y Z, an inverse barred (R\u{305}, R\u{304}, R¯) or R'. Paper R is standard R'."
        }
        "do" => {
            "Runs a paper DO string (always in the paper's notation, whatever `notation` says), left to right, as one change."
        }
        "scramble" => {
            "scramble               17 random quarter-turns of U D B F L R and their inverses\nscramble 25            25 of them\nscramble seed 7        the same 17 every time for seed 7\nscramble random        the cube set to a state drawn uniformly from all 43 quintillion, shown as the at most 21 moves that make it from solved\nscramble random seed 7 the same random state every time for seed 7\nOn the 2×2×2, scramble random draws from all 3,674,160 states and shows the optimal moves that make it (from the pocket table). On the 4×4×4 and up, scramble makes random turns of the outer faces and of wide blocks up to half the cube deep, none merging with another, as the WCA's scrambles: 40 on the 4×4×4, 60, 80, 100 on the 5×5×5 to 7×7×7, twenty more a size beyond."
        }
        "solve" => {
            "solve                the current cube by the two-phase solver: at most 21 moves, in about a millisecond\nsolve R U F'         the cube those moves make, instead\nsolve max 20         at most 20 moves (slower; 19 and below can take long)\nsolve time 2         keep shortening for 2 seconds, then show the best\nsolve bfs [htm|qtm]  a shortest solution by breadth-first search from both ends (states within about 12 moves)\nsolve beginner       the layer-by-layer method on the current cube: each of its seven stages with its moves and the cube after it, then the whole solution simplified\nsolve beginner ALG   the same for ALG\nThe two-phase solver counts in the half-turn metric only."
        }
        "hint" => {
            "hint            the next move of a solution of the current cube, and the rest of that solution\nhint apply      make that move (follow the same solution hint by hint until solved)\nhint size 2 ALG the next move for the 2×2×2 that ALG makes, from the pocket table (optimal)\nhint facelets S the same for a facelet string (24 letters: 2×2×2; 54: 3×3×3)"
        }
        "invert" => {
            "Applies the inverse of every move made since the last reset or load, bringing the cube back; it is one change, so undo takes it back."
        }
        "load" => {
            "load UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB\nThe string is checked: 54 letters of U R F D L B, nine of each, centres of a real cube."
        }
        "step" | "stage?" => {
            "The beginner's method, one stage at a time, on the cube in front of you: step makes the next stage not yet done (its moves are those a learner makes, whole-cube turns included: z2 turns the cube over so the last face, blue here, is on top; y turns it about the vertical) and shows the cube after it; stage? lists the stages: 1 white cross, 2 white corners, 3 second layer, 4 blue cross, 5 blue edges, 6 blue corners placed, 7 blue corners oriented (where most guides' last face is yellow, this scheme's is blue)."
        }
        "compare" => {
            "Times one random sequence of single-layer quarter-turns (10000 by default) on every representation that holds the session's size (or size N), as defined (the ndarray transform) and compiled (the gather): a warm-up round, then nine rounds in which the representations take turns. Shows each median ns per turn with its quartiles, and speed and space ranks (speed ranks equal where the quartile ranges overlap), beside the paper's on the 3×3×3.\ncompare sizes 2..7 [TURNS]  every representation's ns per turn and bytes against N, and how they grow.\n`cubework compare --size N | --sizes A..B --format csv` prints the same as CSV."
        }
        "paper" => {
            "The paper's ranks (Complete, General, Simple, Concise, Display, Insight, Space, Speed) with this workbench's measured rank beside each one it can measure. General is measured from the sizes each representation holds (2 to 9, or 2 to 3), the extra lines of move definitions its N×N×N form needs, and how its bytes grow with N; it times N = 2 to 7 for how turns grow. `cubework paper --format markdown|csv` for other formats."
        }
        "size" => {
            "size 4   the solved 4×4×4 in the current representation (numeric local vector 4d nested hold 2 to 9; composite and visual 2 and 3)\nsize     the current size\nMoves, show, reps, load, reset, order, cycles and compare then work at that size; undo goes back to the cube before. solve, pocket and effect stay on their own sizes."
        }
        "draw" => {
            "draw cube.svg               the 3-D view from the angle `view` set (default: yaw 35 pitch 30)\ndraw cube.svg net           the unfolded net\ndraw cube.svg rep           the current representation's own layout, in colour\ndraw cube.svg yaw 200 pitch -30 back   another angle for this picture, and the view from behind\ndraw cube.svg only corners  only the corners in colour (also edges, centres, or a layer: U, E, 2R)\ndraw cube.svg arrows R U R' U'   arrows from where each piece R U R' U' moves is to where it goes (the rest of the line)\ndraw cube.html              a page with the 3-D view, sliders, drag and move buttons\ndraw -                      the SVG itself, printed\n`cubework draw --help` has more (--size, --from)."
        }
        "view" => {
            "view yaw 200 pitch -30   from then on, draw sees the cube from there\nview distance 8          farther away (flatter perspective), in cube edges (1.5 to 100)\nview                     the current angle\nYaw turns round the vertical axis from the front towards the right (-360 to 360); pitch is above the horizon (-90 to 90)."
        }
        _ => "",
    }
}

/// How many changes undo can take back. Older changes are forgotten.
pub const MAX_UNDO: usize = 1000;
/// How many moves, as written (`(R U)500` is two), the changes kept for undo and `invert`
/// may hold in all. Older changes are forgotten first.
pub const MAX_KEPT_MOVES: usize = 1_000_000;
/// The longest label a change keeps for `history`, in characters.
const LABEL_CHARS: usize = 80;

/// One change to the state, as undo and history see it. It keeps what undo and `invert` need
/// — the states before and after, and the moves as written (not their expansion) — and a
/// label cut to a readable length.
#[derive(Clone, Debug)]
struct Change {
    label: String,
    /// The moves it made, or `None` for a change that sets the state (load, reset).
    moves: Option<Alg>,
    before: Cube,
    after: Cube,
}

impl Change {
    /// The moves it holds, as written.
    fn size(&self) -> usize {
        self.moves.as_ref().map_or(0, Alg::written_len)
    }
}

/// A label of at most [`LABEL_CHARS`] characters, control characters escaped.
fn label(text: &str) -> String {
    let text = text.trim();
    let length = text.chars().count();
    let mut out = crate::text::cut(text, LABEL_CHARS);
    if length > LABEL_CHARS {
        out.push_str(&format!(" ({length} characters)"));
    }
    out
}

/// What a line produced.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    /// Text to print (may be empty).
    pub text: String,
    /// A remark for the error stream, printed before the text (`note: …`).
    pub note: Option<String>,
    /// The user asked to leave.
    pub quit: bool,
}

impl Reply {
    fn text(text: impl Into<String>) -> Reply {
        Reply {
            text: text.into(),
            ..Reply::default()
        }
    }
}

/// The note for a cube no turning can reach, naming why (the solvers' own reasons).
pub fn impossible_note(cube: &Cube) -> Option<String> {
    crate::cubies::check_real(cube)
        .err()
        .map(|e| format!("this cube cannot be reached by turning: {e}"))
}

/// A workbench session: the cube in the current representation, the notation, and the
/// history of changes.
///
/// ```
/// use cubework::command::Session;
/// let mut s = Session::new(false);
/// s.execute("rep numeric").unwrap();
/// let reply = s.execute("R R'").unwrap();
/// assert!(reply.text.starts_with("135 130 136"));
/// assert_eq!(s.execute("solved?").unwrap().text, "yes");
/// assert!(s.execute("R Q").is_err()); // one-line error, state unchanged
/// ```
pub struct Session {
    rep: Box<dyn Representation>,
    notation: Notation,
    past: VecDeque<Change>,
    future: Vec<Change>,
    /// Moves, as written, held by `past` and `future`.
    kept: usize,
    /// How many changes have been forgotten since the session began.
    forgotten: usize,
    color: bool,
    /// The solution `hint` follows, while the cube is where it left it.
    plan: Option<Plan>,
    /// Where `draw` sees the cube from.
    camera: Camera,
}

impl Session {
    /// A new session on the solved cube, in the vector representation and standard notation.
    /// `color` turns on the coloured net.
    pub fn new(color: bool) -> Session {
        Session {
            rep: RepKind::Vector.build(&Cube::solved()).expect("3×3×3"),
            notation: Notation::Standard,
            past: VecDeque::new(),
            future: Vec::new(),
            kept: 0,
            forgotten: 0,
            color,
            plan: None,
            camera: Camera::default(),
        }
    }

    /// Where `draw` sees the cube from (set by `view`).
    pub fn camera(&self) -> Camera {
        self.camera
    }

    /// The current state.
    pub fn cube(&self) -> Cube {
        self.rep.to_cube()
    }

    /// The current representation.
    pub fn rep(&self) -> RepKind {
        self.rep.kind()
    }

    /// The current notation.
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The size N of the session's cube.
    pub fn size(&self) -> usize {
        self.rep.size()
    }

    /// The prompt the REPL shows: the representation, and the size when it is not 3.
    pub fn prompt(&self) -> String {
        match self.size() {
            3 => format!("{}> ", self.rep.name()),
            n => format!("{} {n}×{n}×{n}> ", self.rep.name()),
        }
    }

    /// Runs one line. Parse errors give their column in the line as typed.
    pub fn execute(&mut self, typed: &str) -> Result<Reply> {
        let line = typed.trim();
        self.run_line(line)
            .map_err(|e| e.shifted(column_of(typed, line)).in_repl())
    }

    fn run_line(&mut self, line: &str) -> Result<Reply> {
        if line.is_empty() || line.starts_with('#') {
            return Ok(Reply::default());
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        let lower = word.to_lowercase();
        let command = match lower.as_str() {
            "exit" => "quit",
            "?" => "help",
            other => other,
        };
        let Some(info) = COMMANDS.iter().find(|c| c.name == command) else {
            if Cube::is_facelet_shaped(line, self.size()) {
                // A pasted state, not moves to make: say so, and what is wrong with it.
                return Err(usage(&match Cube::from_facelets_n(line, self.size()) {
                    Ok(_) => "that is a facelet string, not moves: load it with `load FACELETS`"
                        .to_string(),
                    Err(e) => format!("{e} (a state is loaded with `load FACELETS`)"),
                }));
            }
            return self.moves(line, self.notation).map_err(|e| {
                match (&e, nearest_command(word)) {
                    // `clear`, `solved`: a word that is no move but looks like a command.
                    (Error::Parse(p), Some(command)) if p.column <= word.chars().count() => {
                        usage(&format!("{e} (did you mean the command `{command}`?)"))
                    }
                    _ => e,
                }
            });
        };
        // A command that takes nothing refuses what follows it, rather than ignore it.
        if info.args.is_empty() && !rest.is_empty() {
            return Err(usage(&format!(
                "{word} takes nothing after it, not '{}'",
                echo(rest)
            )));
        }
        match lower.as_str() {
            "rep" => self.switch_rep(rest),
            "size" => self.switch_size(rest),
            "show" => self.show(rest),
            "notation" => self.switch_notation(rest),
            "do" => {
                let text = strip_quotes(rest);
                within(
                    line,
                    text,
                    self.moves_labelled(text, Notation::Paper, &format!("do '{text}'")),
                )
            }
            "reset" => self.set_state("reset", Cube::solved_n(self.size())),
            "load" => {
                if rest.is_empty() {
                    return Err(usage("load needs a facelet string: load FACELETS"));
                }
                let cube = Cube::from_facelets_n(rest, self.size())?;
                let note = impossible_note(&cube);
                let mut reply = self.set_state(&format!("load {}", cube.facelets()), cube)?;
                reply.note = note;
                Ok(reply)
            }
            "undo" => self.undo(count(word, rest)?),
            "redo" => self.redo(count(word, rest)?),
            "history" => Ok(Reply::text(self.history())),
            "scramble" => self.scramble(rest),
            "invert" if rest.is_empty() => self.invert(),
            "invert" => Ok(Reply::text(within(
                line,
                rest,
                reports::invert_report(rest, self.notation),
            )?)),
            "order" => {
                let (opts, alg) = options(rest, &["size", "by"])?;
                let by = match opts.get("by").map(|s| s.to_lowercase()).as_deref() {
                    None | Some("colours") | Some("colors") => OrderBy::Colours,
                    Some("labels") => OrderBy::Labels,
                    Some(other) => {
                        return Err(usage(&format!(
                            "order by '{}'? (colours or labels)",
                            echo(other)
                        )));
                    }
                };
                let size = size(&opts, self.size())?;
                let report = reports::order_report(size, by, need_alg(alg)?, self.notation);
                Ok(Reply::text(within(line, alg, report)?))
            }
            "cycles" => {
                let (opts, alg) = options(rest, &["size"])?;
                let report = reports::cycles_report(
                    size(&opts, self.size())?,
                    need_alg(alg)?,
                    self.notation,
                );
                Ok(Reply::text(within(line, alg, report)?))
            }
            "effect" => {
                let (opts, alg) = options(rest, &["size"])?;
                let report = reports::effect_report(size(&opts, 3)?, need_alg(alg)?, self.notation);
                Ok(Reply::text(within(line, alg, report)?))
            }
            "expand" => Ok(Reply::text(within(
                line,
                rest,
                reports::expand_report(need_alg(rest)?, self.notation),
            )?)),
            "simplify" => Ok(Reply::text(within(
                line,
                rest,
                reports::simplify_report(need_alg(rest)?, self.notation),
            )?)),
            "count" => {
                let (metric, alg) = metric_prefix(rest);
                let report = reports::count_report(metric, need_alg(alg)?, self.notation);
                Ok(Reply::text(within(line, alg, report)?))
            }
            "solve"
                if rest
                    .split_whitespace()
                    .next()
                    .is_some_and(|w| w.eq_ignore_ascii_case("beginner")) =>
            {
                let (metric, alg) = metric_prefix(rest.trim_start()["beginner".len()..].trim());
                let cube = if alg.trim().is_empty() {
                    self.needs_three("solve beginner")?;
                    self.cube()
                } else {
                    Input::Moves(within(line, alg, parse_sequence(alg, self.notation))?)
                        .to_cube(3)
                        .map_err(crate::beginner::BeginnerError::from)?
                };
                let kind = self.rep.kind();
                let render = |c: &Cube| match kind.build(c) {
                    Ok(rep) => rep.render(),
                    Err(e) => e.to_string(),
                };
                Ok(Reply::text(crate::beginner::report::walkthrough(
                    &cube,
                    metric,
                    self.notation,
                    &render,
                )?))
            }
            "step" => {
                self.needs_three("step")?;
                self.step()
            }
            "stage?" => {
                self.needs_three("stage?")?;
                Ok(Reply::text(crate::beginner::report::stages(&self.cube())))
            }
            "solve" => {
                self.needs_three("solve")?;
                self.solve(line, rest)
            }
            "hint" => self.hint(line, rest),
            "pocket" => {
                let (what, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let (metric, after) = metric_prefix(after);
                match what.to_lowercase().as_str() {
                    "table" => match after.trim().to_lowercase().as_str() {
                        "" => Ok(Reply::text(crate::pocket::table_report(metric, false)?)),
                        "csv" => Ok(Reply::text(crate::pocket::table_report(metric, true)?)),
                        other => Err(usage(&format!(
                            "pocket table {}? (pocket table [htm|qtm] [csv])",
                            echo(other)
                        ))),
                    },
                    "solve" => {
                        let trimmed = after.trim();
                        let (word, string) = trimmed
                            .split_once(char::is_whitespace)
                            .unwrap_or((trimmed, ""));
                        let input = match word.to_lowercase().as_str() {
                            "facelets" if string.trim().is_empty() => {
                                return Err(usage(
                                    "pocket solve facelets needs a facelet string: pocket solve facelets S",
                                ));
                            }
                            "facelets" => Input::Facelets(string.trim().to_string()),
                            _ => Input::Moves(within(
                                line,
                                after,
                                parse_sequence(need_alg(after)?, self.notation),
                            )?),
                        };
                        Ok(Reply::text(crate::pocket::solve_report(
                            metric,
                            &input,
                            self.notation,
                        )?))
                    }
                    _ => Err(usage(
                        "pocket table [htm|qtm] [csv], or pocket solve [htm|qtm] ALG|facelets S",
                    )),
                }
            }
            "tools" => match rest.to_lowercase().as_str() {
                "" => Ok(Reply::text(reports::tools_report()?)),
                "search" => Ok(Reply::text(reports::tools_search_report()?)),
                other => Err(usage(&format!(
                    "tools {}? (tools, or tools search)",
                    echo(other)
                ))),
            },
            "solved?" => Ok(Reply::text(if self.cube().is_solved() {
                "yes"
            } else {
                "no"
            })),
            "reps" => {
                let (opts, extra) = options(rest, &["size"])?;
                if !extra.is_empty() {
                    return Err(usage(&format!("reps {}? (reps [size N])", echo(extra))));
                }
                let n = size(&opts, self.size())?;
                Cube::check_size(n)?;
                Ok(Reply::text(reports::reps_table(n)))
            }
            "compare" => {
                let (opts, turns) = options(rest, &["size", "sizes"])?;
                let turns = parse_turns(turns, 10_000)?;
                let table = crate::compare::Format::Table;
                if let Some(range) = opts.get("sizes") {
                    if opts.contains_key("size") {
                        return Err(usage("compare takes size N or sizes A..B, not both"));
                    }
                    let sizes = crate::compare::parse_sizes(range)
                        .map_err(|e| usage(&format!("sizes: {e}")))?;
                    return Ok(Reply::text(crate::progress::compare_sizes_with_progress(
                        sizes, turns, table,
                    )?));
                }
                let n = size(&opts, self.size())?;
                Cube::check_size(n)?;
                Ok(Reply::text(crate::progress::compare_with_progress(
                    n, turns, table,
                )?))
            }
            "paper" => {
                let turns = parse_turns(rest, 2_000)?;
                Ok(Reply::text(crate::progress::paper_with_progress(
                    turns,
                    crate::compare::Format::Table,
                )?))
            }
            "draw" => self.draw(rest),
            "view" => self.view(rest),
            "help" | "?" => help(rest).map(Reply::text),
            "quit" | "exit" => Ok(Reply {
                quit: true,
                ..Reply::default()
            }),
            _ => Err(usage(&format!("unknown command '{}'", echo(word)))),
        }
    }

    /// `draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back] [only WHAT] [arrows ALG]`
    /// (`arrows` takes the rest of the line).
    fn draw(&self, rest: &str) -> Result<Reply> {
        let mut words = rest.split_whitespace();
        let file = words.next().ok_or_else(|| {
            usage("draw needs a file: draw FILE [net|3d|rep] [yaw Y pitch P] [distance D] [back]")
        })?;
        let mut picture = Picture {
            rep: self.rep.kind(),
            camera: self.camera,
            format: PictureFormat::from_path(file),
            ..Picture::default()
        };
        let mut angles = CameraWords::new(self.camera);
        while let Some(word) = words.next() {
            if angles.take(word, &mut words)? {
                continue;
            }
            match word.to_lowercase().as_str() {
                "back" => picture.back = true,
                "only" => {
                    let what = words
                        .next()
                        .ok_or_else(|| usage("only needs corners, edges, centres or a layer"))?;
                    picture.only =
                        Some(Only::parse(what, 3, self.notation).map_err(in_repl_words)?);
                }
                "arrows" => {
                    let alg = words.by_ref().collect::<Vec<_>>().join(" ");
                    let moves = parse_sequence(need_alg(&alg)?, self.notation)
                        .map_err(|e| usage(&format!("arrows: {e}")))?;
                    picture.arrows = Some(moves);
                }
                other => picture.view = other.parse::<ViewKind>()?,
            }
        }
        picture.camera = angles.camera()?;
        let path = std::path::Path::new(file);
        let cube = self.cube();
        let text = crate::draw::draw(&cube, &picture).map_err(in_repl_words)?;
        Ok(Reply::text(crate::draw::save_drawn(
            &text,
            &picture,
            cube.size(),
            path,
        )?))
    }

    /// `view [yaw Y] [pitch P] [distance D]`.
    fn view(&mut self, rest: &str) -> Result<Reply> {
        let mut words = rest.split_whitespace();
        let mut angles = CameraWords::new(self.camera);
        while let Some(word) = words.next() {
            if !angles.take(word, &mut words)? {
                return Err(usage(&format!(
                    "view {}? (view [yaw Y] [pitch P] [distance D])",
                    echo(word)
                )));
            }
        }
        self.camera = angles.camera()?;
        let c = self.camera;
        Ok(Reply::text(format!(
            "view: yaw {} pitch {} distance {}",
            c.yaw(),
            c.pitch(),
            c.distance()
        )))
    }

    fn moves(&mut self, text: &str, notation: Notation) -> Result<Reply> {
        self.moves_labelled(text, notation, text)
    }

    fn moves_labelled(&mut self, text: &str, notation: Notation, label: &str) -> Result<Reply> {
        let alg = parse_alg(text, notation)?;
        self.make(label.to_string(), alg)
    }

    /// Makes `alg` as one change and replies with the new state. On error nothing changes.
    fn make(&mut self, label: String, alg: Alg) -> Result<Reply> {
        let expanded = alg.expanded_len();
        if expanded > crate::alg::MAX_EXPANDED {
            return Err(crate::alg::AlgebraError::TooLong {
                what: "a change",
                got: usize::try_from(expanded).unwrap_or(usize::MAX),
                limit: crate::alg::MAX_EXPANDED,
            }
            .into());
        }
        let before = self.cube();
        if let Err(e) = self.rep.apply_all(&alg.expand()) {
            self.load_state(&before)?;
            return Err(e.into());
        }
        let after = self.cube();
        self.record(Change {
            label: self::label(&label),
            moves: Some(alg),
            before,
            after,
        });
        Ok(Reply::text(self.rep.render()))
    }

    /// Records a change, and forgets the oldest ones beyond [`MAX_UNDO`] changes or
    /// [`MAX_KEPT_MOVES`] moves.
    fn record(&mut self, change: Change) {
        for undone in self.future.drain(..) {
            self.kept -= undone.size();
        }
        self.kept += change.size();
        self.past.push_back(change);
        while self.past.len() > MAX_UNDO || (self.kept > MAX_KEPT_MOVES && self.past.len() > 1) {
            if let Some(old) = self.past.pop_front() {
                self.kept -= old.size();
                self.forgotten += 1;
            }
        }
    }

    /// The state `cube` in the current representation; an error, changing nothing, if the
    /// representation does not hold its size.
    fn load_state(&mut self, cube: &Cube) -> Result<()> {
        self.rep = self.rep.kind().build(cube)?;
        Ok(())
    }

    fn set_state(&mut self, label: &str, cube: Cube) -> Result<Reply> {
        let before = self.cube();
        self.load_state(&cube)?;
        self.record(Change {
            label: self::label(label),
            moves: None,
            before,
            after: cube,
        });
        Ok(Reply::text(self.rep.render()))
    }

    fn switch_rep(&mut self, name: &str) -> Result<Reply> {
        if name.is_empty() {
            return Ok(Reply::text(format!("representation: {}", self.rep.name())));
        }
        if name.eq_ignore_ascii_case("pieces") {
            return Err(usage(
                "pieces cannot be the current representation: it is the Ruby notes' piece map, not one of the paper's arrays (no array transform to make or compile, outer faces only); `show pieces` shows the current cube in it",
            ));
        }
        let kind: RepKind = name.parse()?;
        self.rep = kind.build(&self.cube())?;
        Ok(Reply::text(self.rep.render()))
    }

    /// `size N`: the solved N×N×N cube in the current representation, as one change (undo
    /// goes back to the cube before).
    fn switch_size(&mut self, arg: &str) -> Result<Reply> {
        if arg.is_empty() {
            let n = self.size();
            return Ok(Reply::text(format!("size: {n}×{n}×{n}")));
        }
        let n = Cube::read_size(arg)?
            .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(arg))))?;
        self.set_state(&format!("size {n}"), Cube::solved_n(n))
    }

    /// An error naming `what` unless the session's cube is the 3×3×3.
    fn needs_three(&self, what: &str) -> Result<()> {
        match self.size() {
            3 => Ok(()),
            n => Err(usage(&format!(
                "{what} works on the 3×3×3; this session's cube is {n}×{n}×{n} (size 3 goes back)"
            ))),
        }
    }

    fn switch_notation(&mut self, name: &str) -> Result<Reply> {
        self.notation = match name.to_lowercase().as_str() {
            "" => return Ok(Reply::text(format!("notation: {}", self.notation))),
            "standard" | "std" => Notation::Standard,
            "paper" => Notation::Paper,
            other => {
                return Err(usage(&format!(
                    "unknown notation '{}' (expected standard or paper)",
                    echo(other)
                )));
            }
        };
        Ok(Reply::text(format!("notation: {}", self.notation)))
    }

    fn show(&self, what: &str) -> Result<Reply> {
        let cube = self.cube();
        Ok(Reply::text(match what.to_lowercase().as_str() {
            "" => self.rep.render(),
            "net" => self.net(&cube),
            "facelets" => cube.facelets(),
            "pieces" => crate::pieces::PieceCube::from_cube(&cube)?.render(),
            "all" => RepKind::ALL
                .iter()
                .map(|k| match k.build(&cube) {
                    Ok(rep) => format!("── {} ({}) ──\n{}", k.title(), k.name(), rep.render()),
                    Err(e) => format!("── {} ({}) ──\n{e}", k.title(), k.name()),
                })
                .collect::<Vec<_>>()
                .join("\n\n"),
            name => {
                let kind: RepKind = name.parse().map_err(|_| {
                    usage(&format!(
                        "show what? '{}' is not a representation, all, net, facelets or pieces",
                        echo(name)
                    ))
                })?;
                kind.build(&cube)?.render()
            }
        }))
    }

    /// The net, as coloured blocks when colour is on.
    pub fn net(&self, cube: &Cube) -> String {
        if self.color {
            cube.net_with(colour_block, 2)
        } else {
            cube.net()
        }
    }

    /// Takes back the last `n` changes, as one step: all of them, or (on error) none.
    fn undo(&mut self, n: usize) -> Result<Reply> {
        if self.past.is_empty() {
            return Err(usage(if self.forgotten > 0 {
                "nothing more to undo: older changes were forgotten (undo keeps 1000 changes)"
            } else {
                "nothing to undo"
            }));
        }
        let kept = self.past.len();
        if n > kept {
            return Err(usage(&format!(
                "undo {n}: there {} only {kept} {} to undo{}",
                if kept == 1 { "is" } else { "are" },
                if kept == 1 { "change" } else { "changes" },
                if self.forgotten > 0 {
                    " (older changes were forgotten: undo keeps 1000 changes)"
                } else {
                    ""
                }
            )));
        }
        let earliest = &self.past[kept - n];
        let (before, label) = (earliest.before.clone(), earliest.label.clone());
        if let Err(e) = self.load_state(&before) {
            return Err(usage(&format!(
                "can't undo '{label}' in this representation: {e}"
            )));
        }
        let mut text = String::new();
        for _ in 0..n {
            let change = self.past.pop_back().expect("n changes are kept");
            text.push_str(&format!("undid: {}\n", change.label));
            self.future.push(change);
        }
        Ok(Reply::text(text + &self.rep.render()))
    }

    /// Makes the last `n` undone changes again, as one step: all of them, or (on error) none.
    fn redo(&mut self, n: usize) -> Result<Reply> {
        let undone = self.future.len();
        if undone == 0 {
            return Err(usage("nothing to redo"));
        }
        if n > undone {
            return Err(usage(&format!(
                "redo {n}: there {} only {undone} undone {} to redo",
                if undone == 1 { "is" } else { "are" },
                if undone == 1 { "change" } else { "changes" },
            )));
        }
        let latest = &self.future[undone - n];
        let (after, label) = (latest.after.clone(), latest.label.clone());
        if let Err(e) = self.load_state(&after) {
            return Err(usage(&format!(
                "can't redo '{label}' in this representation: {e}"
            )));
        }
        let mut text = String::new();
        for _ in 0..n {
            let change = self.future.pop().expect("n changes are undone");
            text.push_str(&format!("redid: {}\n", change.label));
            self.past.push_back(change);
        }
        Ok(Reply::text(text + &self.rep.render()))
    }

    fn history(&self) -> String {
        if self.past.is_empty() {
            return "no changes yet".to_string();
        }
        self.past
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{:>3}  {}", self.forgotten + i + 1, c.label))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The moves made since the last reset or load, as written, one sequence per change; and
    /// what began them: the label of that reset or load, or `None` if the session's start (or
    /// changes forgotten since) came first.
    fn moves_since_origin(&self) -> (Vec<&Alg>, Option<&str>) {
        let origin = self.past.iter().rposition(|c| c.moves.is_none());
        let start = origin.map_or(0, |i| i + 1);
        let moves = self
            .past
            .range(start..)
            .filter_map(|c| c.moves.as_ref())
            .collect();
        (moves, origin.map(|i| self.past[i].label.as_str()))
    }

    fn invert(&mut self) -> Result<Reply> {
        let (moves, origin) = self.moves_since_origin();
        // Each change was at most the expansion limit, but together they may be far more
        // (150 lines of `(R U)500000` are 150 million moves): refused before anything is
        // expanded, as a line of them would be.
        let expanded = moves
            .iter()
            .fold(0u64, |sum, a| sum.saturating_add(a.expanded_len()));
        if expanded > crate::alg::MAX_EXPANDED {
            return Err(usage(&format!(
                "invert: the moves since {} expand to {} moves, more than the limit of {} made at once; undo takes back one change at a time, reset goes back to solved",
                match origin {
                    Some(label) => origin_name(label),
                    None => "the session began",
                },
                crate::text::thousands(expanded),
                crate::text::thousands(crate::alg::MAX_EXPANDED)
            )));
        }
        // Written in the notation in use, whatever each change was typed in; where one change's
        // last move and the next one's first turn the same layers, written as one (`U U` is
        // `U2`).
        let inverse = Alg {
            items: moves.iter().rev().flat_map(|a| a.invert().items).collect(),
        }
        .in_notation(self.notation)
        .merge_repeated_turns();
        if inverse.items.is_empty() {
            return Err(usage(&match origin {
                Some(label) if label.starts_with("scramble random") => format!(
                    "nothing to invert: no moves since {}, which set the state without turning it (undo goes back to the cube before; solve finds moves back to solved)",
                    origin_name(label)
                ),
                Some(label) => format!("nothing to invert: no moves since {}", origin_name(label)),
                None => "nothing to invert: no moves yet".to_string(),
            }));
        }
        let since = match origin {
            Some(label) if label.starts_with("load") => {
                " (the moves since the last load; the loaded state stays)".to_string()
            }
            Some(label) => format!(" (the moves since {})", origin_name(label)),
            None if self.forgotten > 0 => format!(
                " (the moves of the last {} changes; {} older ones were forgotten, so this goes back to the state before change {})",
                self.past.len(),
                self.forgotten,
                self.forgotten + 1
            ),
            None => String::new(),
        };
        let written = inverse.to_string();
        let label = format!("invert{since}: {}", self::label(&written));
        let reply = self.make(format!("invert: {written}"), inverse)?;
        Ok(Reply::text(format!("{label}\n{}", reply.text)))
    }

    /// `solve [bfs|twophase|optimal] [htm|qtm] [max N] [time S] [ALG]`.
    fn solve(&mut self, line: &str, rest: &str) -> Result<Reply> {
        let mut bfs = false;
        let mut optimal = false;
        let mut metric = None;
        let mut max_length = None;
        let mut time_limit = None;
        let mut alg = rest.trim_start();
        loop {
            let (word, after) = alg.split_once(char::is_whitespace).unwrap_or((alg, ""));
            let value = || after.split_whitespace().next();
            let skip_value = || {
                let after = after.trim_start();
                after
                    .split_once(char::is_whitespace)
                    .map_or("", |(_, r)| r)
                    .trim_start()
            };
            match word.to_lowercase().as_str() {
                "bfs" => (bfs, optimal) = (true, false),
                "twophase" | "two-phase" => (bfs, optimal) = (false, false),
                "optimal" => (bfs, optimal) = (false, true),
                "max" => {
                    let v = value().ok_or_else(|| usage("solve: max needs a number of moves"))?;
                    max_length = Some(v.parse::<u8>().map_err(|_| {
                        usage(&format!(
                            "solve: max '{}' is not a number of moves from 0 to 255",
                            echo(v)
                        ))
                    })?);
                    alg = skip_value();
                    continue;
                }
                "time" => {
                    let v = value().ok_or_else(|| usage("solve: time needs seconds"))?;
                    let t = v
                        .parse::<f64>()
                        .ok()
                        .filter(|t| *t > 0.0 && *t <= 3600.0)
                        .ok_or_else(|| {
                            usage(&format!(
                                "solve: time '{}' is not a number of seconds from 0 to 3600",
                                echo(v)
                            ))
                        })?;
                    time_limit = Some(std::time::Duration::from_secs_f64(t));
                    alg = skip_value();
                    continue;
                }
                w => match w.parse::<Metric>() {
                    Ok(m) => metric = Some(m),
                    Err(_) => break,
                },
            }
            alg = after.trim_start();
        }
        let input = if alg.trim().is_empty() {
            Input::Cube(self.cube())
        } else {
            Input::Moves(within(line, alg, parse_sequence(alg, self.notation))?)
        };
        if optimal {
            if max_length.is_some() {
                return Err(usage(
                    "solve optimal: max is for the two-phase and bfs solvers (the optimal one finds the shortest)",
                ));
            }
            let opts = crate::solve::optimal::OptimalOptions {
                metric: metric.unwrap_or(Metric::Htm),
                time_limit,
                ..Default::default()
            };
            return Ok(Reply::text(crate::progress::optimal_with_progress(
                &input,
                &opts,
                self.notation,
            )?));
        }
        if bfs {
            if time_limit.is_some() {
                return Err(usage("solve: time is for the two-phase solver, not bfs"));
            }
            let metric = metric.unwrap_or(Metric::Htm);
            let opts = crate::solve::SearchOptions {
                metric,
                depth_limit: max_length.unwrap_or(crate::solve::default_limit(metric)),
            };
            return Ok(Reply::text(crate::progress::solve_with_progress(
                &opts,
                &input,
                self.notation,
            )?));
        }
        crate::solve::report::check_metric(metric.unwrap_or(Metric::Htm))?;
        let mut opts = TwoPhaseOptions {
            time_limit,
            ..TwoPhaseOptions::default()
        };
        if let Some(n) = max_length {
            opts.max_length = n;
        }
        let cube = crate::solve::report::read_cube(&input)?;
        let tables = &crate::progress::twophase_tables().0;
        Ok(Reply::text(crate::solve::report::twophase_text(
            tables,
            &cube,
            &opts,
            self.notation,
        )?))
    }

    /// `hint`, `hint apply`, `hint size N ALG`, `hint facelets S`.
    fn hint(&mut self, line: &str, rest: &str) -> Result<Reply> {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let after = after.trim();
        let other = match word.to_lowercase().as_str() {
            "" | "apply" => None,
            "size" => {
                let (n, alg) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
                let n: usize = n
                    .parse()
                    .ok()
                    .filter(|n| (2..=3).contains(n))
                    .ok_or_else(|| {
                        usage(&format!(
                            "hint size '{}'? Hints are for the 2×2×2 and the 3×3×3",
                            echo(n)
                        ))
                    })?;
                let moves = within(line, alg, parse_sequence(alg, self.notation))?;
                Some(
                    Input::Moves(moves)
                        .to_cube(n)
                        .map_err(crate::solve::SolveError::from)?,
                )
            }
            "facelets" => Some(match after.chars().count() {
                24 => Cube::from_facelets_n(after, 2)?,
                54 => Cube::from_facelets_n(after, 3)?,
                n => {
                    return Err(usage(&format!(
                        "hint facelets takes 24 letters (a 2×2×2) or 54 (a 3×3×3), not {n}"
                    )));
                }
            }),
            other => {
                return Err(usage(&format!(
                    "hint {}? (hint, hint apply, hint size 2 ALG, hint facelets S)",
                    echo(other)
                )));
            }
        };
        let tables = || &crate::progress::twophase_tables().0;
        let pocket = || &crate::pocket::shared_table(Metric::Htm).0;
        if let Some(cube) = other {
            return Ok(Reply::text(Plan::make(&cube, tables, pocket)?.describe()));
        }
        let cube = self.cube();
        if !(2..=3).contains(&cube.size()) {
            let n = cube.size();
            return Err(usage(&format!(
                "hints are for the 2×2×2 and the 3×3×3; this session's cube is {n}×{n}×{n}"
            )));
        }
        let plan = match self.plan.take() {
            Some(p) if p.cube == cube => p,
            _ => Plan::make(&cube, tables, pocket)?,
        };
        if word.eq_ignore_ascii_case("apply") {
            let Some((m, next)) = plan.step() else {
                self.plan = Some(plan);
                return Ok(Reply::text("solved: no move needed"));
            };
            let label = format!("hint apply: {m}");
            let reply = self.make(label.clone(), Alg::from_moves(&[m]))?;
            self.plan = Some(next);
            return Ok(Reply::text(format!("{label}\n{}", reply.text)));
        }
        let text = plan.describe();
        self.plan = Some(plan);
        Ok(Reply::text(text))
    }

    /// Makes the next stage of the beginner's method as one change. The state is set from the
    /// cube after it, so that every representation follows its whole-cube turns.
    fn step(&mut self) -> Result<Reply> {
        let before = self.cube();
        let Some((stage, moves)) = crate::beginner::report::step(&before)? else {
            return Ok(Reply::text("solved: all seven stages done"));
        };
        let mut after = before.clone();
        after.apply_all(&moves)?;
        let line = crate::beginner::report::stage_line(stage, &moves, Metric::Htm, self.notation);
        self.load_state(&after)?;
        self.record(Change {
            label: self::label(&format!("step {line}")),
            moves: Some(Alg::from_moves(&moves)),
            before,
            after,
        });
        Ok(Reply::text(format!("{line}\n{}", self.rep.render())))
    }

    fn scramble(&mut self, args: &str) -> Result<Reply> {
        let (count, seed, random) = parse_scramble_args(args)?;
        let seed = seed.unwrap_or_else(tools::fresh_seed);
        let n = self.size();
        if random {
            let (cube, moves) = match n {
                2 => {
                    let table = &crate::pocket::shared_table(Metric::Htm).0;
                    let (state, scramble) = crate::pocket::random_state_scramble(table, seed)?;
                    let moves: Vec<Move> = scramble.iter().map(|m| m.to_move()).collect();
                    (state.to_cube(), moves)
                }
                3 => {
                    let tables = &crate::progress::twophase_tables().0;
                    let (state, scramble) =
                        crate::solve::report::random_state_scramble(tables, seed)?;
                    let moves: Vec<Move> = scramble.iter().map(|m| m.to_move()).collect();
                    (state.to_cube(), moves)
                }
                n => {
                    return Err(usage(&format!(
                        "scramble random is for the 2×2×2 and the 3×3×3, whose states the solvers know; this session's cube is {n}×{n}×{n}: scramble alone turns it at random"
                    )));
                }
            };
            let label = format!("scramble random seed {seed}: {}", format_moves(&moves));
            let reply = self.set_state(&label, cube)?;
            return Ok(Reply::text(format!("{label}\n{}", reply.text)));
        }
        let scramble = tools::scramble_of_size(n, count, seed);
        // The paper's letters have no wide turns: the bigger cubes' scrambles stay standard.
        let moves = if n <= 3 {
            tools::in_notation(&scramble, self.notation)
        } else {
            scramble
        };
        let count = moves.len();
        let label = format!("scramble {count} seed {seed}: {}", format_moves(&moves));
        let reply = self.make(label.clone(), Alg::from_moves(&moves))?;
        Ok(Reply::text(format!("{label}\n{}", reply.text)))
    }
}

/// The change that set the state (reset, load, size, scramble random), named from its label
/// for `invert`'s answers: `the last reset`, `the random-state scramble`.
fn origin_name(label: &str) -> &'static str {
    if label.starts_with("load") {
        "the last load"
    } else if label.starts_with("size") {
        "the size was set"
    } else if label.starts_with("scramble random") {
        "the random-state scramble"
    } else {
        "the last reset"
    }
}

/// `[N] [seed S]` or `random [seed S]`: the count, the seed, and whether it is a random state.
fn parse_scramble_args(args: &str) -> Result<(Option<usize>, Option<u64>, bool)> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut count = None;
    let mut seed = None;
    let mut random = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "random" if i == 0 => {
                random = true;
                i += 1;
            }
            "seed" => {
                let s = words
                    .get(i + 1)
                    .ok_or_else(|| usage("scramble: seed needs a number"))?;
                seed = Some(s.parse().map_err(|_| {
                    usage(&format!(
                        "scramble: seed '{}' is not a whole number",
                        echo(s)
                    ))
                })?);
                i += 2;
            }
            n => {
                count = Some(
                    n.parse()
                        .ok()
                        .filter(|&c: &usize| c <= 10_000)
                        .ok_or_else(|| {
                            usage(&format!(
                                "scramble: '{}' is not a count from 0 to 10000",
                                echo(n)
                            ))
                        })?,
                );
                i += 1;
            }
        }
    }
    if random && words.len() > 1 && words[1] != "seed" {
        return Err(usage(
            "scramble random takes a seed only: scramble random [seed S]",
        ));
    }
    Ok((count, seed, random))
}

/// `yaw Y`, `pitch P` and `distance D` read from a line's words, over a starting camera.
struct CameraWords {
    yaw: f64,
    pitch: f64,
    distance: f64,
}

impl CameraWords {
    fn new(c: Camera) -> CameraWords {
        CameraWords {
            yaw: c.yaw(),
            pitch: c.pitch(),
            distance: c.distance(),
        }
    }

    /// Takes `word` and its value from `rest` if it is one of the three; false otherwise.
    fn take<'a>(&mut self, word: &str, rest: &mut impl Iterator<Item = &'a str>) -> Result<bool> {
        let name = word.to_lowercase();
        let slot = match name.as_str() {
            "yaw" => &mut self.yaw,
            "pitch" => &mut self.pitch,
            "distance" => &mut self.distance,
            _ => return Ok(false),
        };
        let value = rest
            .next()
            .ok_or_else(|| usage(&format!("{name} needs a number")))?;
        *slot = value
            .parse()
            .map_err(|_| usage(&format!("{name} '{}' is not a number", echo(value))))?;
        Ok(true)
    }

    /// The camera, if the values are in range.
    fn camera(&self) -> Result<Camera> {
        Ok(Camera::new(self.yaw, self.pitch, self.distance)?)
    }
}

/// The count after `undo` or `redo`: 1 when none is given.
fn count(word: &str, arg: &str) -> Result<usize> {
    if arg.is_empty() {
        return Ok(1);
    }
    arg.parse().ok().filter(|&n: &usize| n >= 1).ok_or_else(|| {
        usage(&format!(
            "{word} '{}'? ({word}, or {word} N for the last N changes)",
            echo(arg)
        ))
    })
}

fn parse_turns(arg: &str, default: usize) -> Result<usize> {
    if arg.is_empty() {
        return Ok(default);
    }
    arg.parse()
        .ok()
        .filter(|&n: &usize| (1..=crate::compare::MAX_TURNS).contains(&n))
        .ok_or_else(|| {
            usage(&format!(
                "'{}' is not a number of turns from 1 to 500,000",
                crate::text::echo(arg)
            ))
        })
}

/// Leading `NAME VALUE` options (from `names`) and the rest of the line.
fn options<'a>(
    rest: &'a str,
    names: &[&str],
) -> Result<(std::collections::HashMap<String, String>, &'a str)> {
    let mut opts = std::collections::HashMap::new();
    let mut rest = rest.trim_start();
    loop {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if !names.contains(&word.to_lowercase().as_str()) {
            return Ok((opts, rest));
        }
        let after = after.trim_start();
        let (value, tail) = after.split_once(char::is_whitespace).unwrap_or((after, ""));
        if value.is_empty() {
            return Err(usage(&format!("{word} needs a value")));
        }
        opts.insert(word.to_lowercase(), value.to_string());
        rest = tail.trim_start();
    }
}

/// An optional leading metric name (htm, qtm, stm; half-turn by default) and the rest.
fn metric_prefix(rest: &str) -> (Metric, &str) {
    let rest = rest.trim_start();
    let (first, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    match first.parse::<Metric>() {
        Ok(m) => (m, after),
        Err(_) => (Metric::Htm, rest),
    }
}

/// The `size N` option, or `default`.
fn size(opts: &std::collections::HashMap<String, String>, default: usize) -> Result<usize> {
    match opts.get("size") {
        None => Ok(default),
        Some(v) => Cube::read_size(v)?
            .ok_or_else(|| usage(&format!("size '{}' is not a whole number", echo(v)))),
    }
}

fn need_alg(alg: &str) -> Result<&str> {
    if alg.trim().is_empty() {
        Err(usage("this command needs a sequence, e.g. R U R' U'"))
    } else {
        Ok(alg)
    }
}

fn strip_quotes(s: &str) -> &str {
    let s = s.trim();
    for q in ['\'', '"', '‘', '“'] {
        if let Some(inner) = s.strip_prefix(q) {
            let close = match q {
                '‘' => '’',
                '“' => '”',
                other => other,
            };
            return inner.strip_suffix(close).unwrap_or(inner);
        }
    }
    s
}

/// The command a mistyped word most likely meant: one a letter or two away (`solved` for
/// `solved?`, `rest` for `reset`), or a word other programs use for it (`clear` for `reset`).
fn nearest_command(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    let synonym = match word.as_str() {
        "clear" | "new" | "restart" | "init" => Some("reset"),
        "print" | "display" | "state" | "view?" => Some("show"),
        "back" => Some("undo"),
        "bye" | "q" => Some("quit"),
        "solve?" | "done" | "done?" => Some("solved?"),
        _ => None,
    };
    synonym.or_else(|| {
        COMMANDS
            .iter()
            .map(|c| {
                (
                    edit_distance(&word, c.name),
                    !c.name.starts_with(&word),
                    c.name,
                )
            })
            .filter(|&(d, _, name)| d <= 2 && d < name.len() / 2 + 1)
            .min()
            .map(|(_, _, name)| name)
    })
}

/// Levenshtein distance between two words, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &y) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(x != y))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Whether `word` names a command (in any letter case; `exit` and `?` too): no move sequence
/// starts with one.
fn is_command(word: &str) -> bool {
    let lower = word.to_lowercase();
    COMMANDS.iter().any(|c| c.name == lower) || matches!(lower.as_str(), "exit" | "?")
}

/// Whether `line` starts with a command word, so that it cannot go on with a sequence whose
/// bracket a line before left open (see [`lines::Joiner`](crate::lines::Joiner)).
///
/// ```
/// use cubework::command::starts_with_command;
/// assert!(starts_with_command("  Reset"));
/// assert!(starts_with_command("show facelets"));
/// assert!(!starts_with_command("R U) // reset"));
/// assert!(!starts_with_command("resets"));
/// ```
pub fn starts_with_command(line: &str) -> bool {
    line.split_whitespace().next().is_some_and(is_command)
}

/// The column (from 0, in characters) at which `part`, a slice of `line`, starts in it; 0 if
/// it is not a slice of it.
fn column_of(line: &str, part: &str) -> usize {
    let offset = (part.as_ptr() as usize).wrapping_sub(line.as_ptr() as usize);
    match line.get(..offset) {
        Some(before) if offset + part.len() <= line.len() => before.chars().count(),
        _ => 0,
    }
}

/// `result`, with a parse error's column counted from the start of `line` rather than of
/// `part`, the slice of it that was parsed.
fn within<T, E: Into<Error>>(line: &str, part: &str, result: Result<T, E>) -> Result<T> {
    result.map_err(|e| e.into().shifted(column_of(line, part)))
}

fn usage(message: &str) -> Error {
    Error::Usage(message.to_string())
}

/// A drawing error as the REPL says it: options named by the REPL's words (`back`, `3d`),
/// not the command line's flags; a cube of the wrong size keeps its own kind.
fn in_repl_words(e: DrawError) -> Error {
    match e {
        DrawError::WrongSize(_) => e.into(),
        other => usage(&other.in_words(Words::Repl)),
    }
}

/// The help text: all commands, or one in detail.
pub fn help(topic: &str) -> Result<String> {
    if topic.is_empty() {
        // Commands and their arguments in a column; a long one has its summary on the next
        // line, so that no line runs far past the others.
        const WIDTH: usize = 40;
        let mut out = String::from(
            "Type moves to turn the cube (standard: R U R' U' M2 x Rw; paper: notation paper, then L C R B H F U M D X Y Z).\nCommands:\n",
        );
        for c in COMMANDS {
            let head = format!("{} {}", c.name, c.args);
            if head.chars().count() <= WIDTH {
                out.push_str(&format!("  {head:<WIDTH$}  {}\n", c.summary));
            } else {
                out.push_str(&format!("  {head}\n  {:WIDTH$}  {}\n", "", c.summary));
            }
        }
        out.push_str("help COMMAND says more.");
        return Ok(out);
    }
    let name = topic.trim().to_lowercase();
    let c = COMMANDS
        .iter()
        .find(|c| c.name == name)
        .ok_or_else(|| usage(&format!("no help for '{}': not a command", echo(topic))))?;
    let more = details(c.name);
    Ok(format!(
        "{} {}\n  {}{}{}",
        c.name,
        c.args,
        c.summary,
        if more.is_empty() { "" } else { "\n\n" },
        more
    ))
}

/// A sticker as a coloured block two columns wide (ANSI 256-colour background).
pub fn colour_block(face: Face) -> String {
    let code = match face {
        Face::U => 15,  // white
        Face::R => 226, // yellow
        Face::F => 208, // orange
        Face::D => 21,  // blue
        Face::L => 34,  // green
        Face::B => 196, // red
    };
    format!("\x1b[48;5;{code}m  \x1b[0m")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(s: &mut Session, line: &str) -> String {
        s.execute(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .text
    }

    #[test]
    fn moves_undo_redo_and_invert() {
        let mut s = Session::new(false);
        run(&mut s, "R U");
        run(&mut s, "F2");
        assert!(!s.cube().is_solved());
        run(&mut s, "undo");
        run(&mut s, "redo");
        assert_eq!(run(&mut s, "history"), "  1  R U\n  2  F2");
        let text = run(&mut s, "invert");
        assert!(text.starts_with("invert: F2' U' R'"), "{text}");
        assert!(s.cube().is_solved());
        run(&mut s, "undo");
        assert!(!s.cube().is_solved());
    }

    #[test]
    fn rep_switch_keeps_state_and_errors_keep_it_too() {
        let mut s = Session::new(false);
        run(&mut s, "R U R'");
        let before = s.cube();
        run(&mut s, "rep composite");
        assert_eq!(s.cube(), before);
        assert!(s.execute("M2 x").is_err()); // x needs X, undefined for composite
        assert_eq!(s.cube(), before);
        assert!(s.execute("rep cubic").is_err());
        assert_eq!(s.rep(), RepKind::Composite);
    }

    #[test]
    fn paper_do_strings_and_notation() {
        let mut s = Session::new(false);
        run(&mut s, "do 'F\u{304}D\u{304}FDRDR\u{304}'");
        let mut other = Session::new(false);
        run(&mut other, "notation paper");
        run(&mut other, "F' D' F D R D R'");
        assert_eq!(s.cube(), other.cube());
        // Paper F̄ D̄ F D R D R̄ is standard F D F' D' R' D' R (paper F, D, R are F', D', R').
        let mut standard = Session::new(false);
        run(&mut standard, "F D F' D' R' D' R");
        assert_eq!(standard.cube(), s.cube());
    }

    #[test]
    fn scramble_is_seeded_and_load_checks() {
        let mut a = Session::new(false);
        let mut b = Session::new(false);
        run(&mut a, "scramble seed 9");
        run(&mut b, "scramble 17 seed 9");
        assert_eq!(a.cube(), b.cube());
        assert!(a.execute("scramble many").is_err());
        assert!(a.execute("load UUU").is_err());
        let solved = Cube::solved().facelets();
        run(&mut a, &format!("load {solved}"));
        assert!(a.cube().is_solved());
    }

    #[test]
    fn history_keeps_moves_as_written_and_forgets_the_oldest() {
        let mut s = Session::new(false);
        run(&mut s, "(R U)500000");
        assert_eq!(
            s.kept, 2,
            "a change keeps the sequence as written, not its million moves"
        );
        run(&mut s, "undo");
        run(&mut s, "redo");
        for _ in 0..MAX_UNDO {
            run(&mut s, "R U");
        }
        assert_eq!(s.past.len(), MAX_UNDO);
        assert_eq!(s.forgotten, 1);
        assert_eq!(s.kept, 2 * MAX_UNDO);
        // Invert now goes back only as far as what is kept, and says so.
        let text = run(&mut s, "invert");
        assert!(text.contains("1 older ones were forgotten"), "{text}");
        assert!(
            text.starts_with("invert (the moves of the last 1000 changes;"),
            "{text}"
        );
        assert!(text.lines().next().unwrap().chars().count() < 400, "{text}");
        assert_eq!(s.cube(), {
            let mut c = Cube::solved();
            c.apply_all(&parse_sequence("(R U)500000", Notation::Standard).unwrap())
                .unwrap();
            c
        });
    }

    #[test]
    fn a_long_line_is_labelled_short() {
        let mut s = Session::new(false);
        let line = "R U ".repeat(5000);
        run(&mut s, &line);
        let history = run(&mut s, "history");
        assert!(history.len() < 200, "{history}");
        assert!(history.contains("(20000 characters)") || history.contains("characters)"));
    }

    #[test]
    fn invert_writes_a_turn_repeated_across_changes_as_one() {
        let mut s = Session::new(false);
        run(&mut s, "R U'");
        run(&mut s, "U'");
        let text = run(&mut s, "invert");
        assert!(text.starts_with("invert: U2 R'\n"), "{text}");
        assert!(s.cube().is_solved());
    }

    #[test]
    fn invert_after_load_says_it_undoes_only_what_came_after() {
        let mut s = Session::new(false);
        run(&mut s, "F");
        let after_f = s.cube().facelets();
        run(&mut s, &format!("load {after_f}"));
        run(&mut s, "R U");
        let text = run(&mut s, "invert");
        assert!(
            text.starts_with("invert (the moves since the last load"),
            "{text}"
        );
        assert_eq!(s.cube().facelets(), after_f);
    }

    #[test]
    fn commands_that_take_nothing_refuse_the_words_after_them() {
        let mut s = Session::new(false);
        run(&mut s, "R");
        let after_r = s.cube();
        for line in [
            "reset R U",
            "history foo",
            "quit now",
            "exit now",
            "step 3",
            "stage? all",
            "solved? x",
        ] {
            let e = s.execute(line).unwrap_err().to_string();
            let (word, rest) = line.split_once(' ').unwrap();
            assert_eq!(e, format!("{word} takes nothing after it, not '{rest}'"));
            assert_eq!(s.cube(), after_r, "{line} changed nothing");
        }
        assert_eq!(run(&mut s, "history"), "  1  R");
        // Alone, each still works.
        run(&mut s, "reset");
        assert!(s.cube().is_solved());
        assert!(s.execute("quit").unwrap().quit);
    }

    #[test]
    fn undo_and_redo_take_a_count_and_do_all_or_nothing() {
        let mut s = Session::new(false);
        for line in ["R", "U", "F", "D"] {
            run(&mut s, line);
        }
        let after_r = {
            let mut c = Cube::solved();
            c.apply_all(&parse_sequence("R", Notation::Standard).unwrap())
                .unwrap();
            c
        };
        let all = s.cube();
        assert_eq!(
            run(&mut s, "undo 3").lines().take(3).collect::<Vec<_>>(),
            ["undid: D", "undid: F", "undid: U"]
        );
        assert_eq!(s.cube(), after_r);
        assert_eq!(run(&mut s, "history"), "  1  R");
        // More than there are: refused, and nothing changes.
        let e = s.execute("undo 2").unwrap_err().to_string();
        assert_eq!(e, "undo 2: there is only 1 change to undo");
        let e = s.execute("redo 4").unwrap_err().to_string();
        assert_eq!(e, "redo 4: there are only 3 undone changes to redo");
        assert_eq!(s.cube(), after_r);
        for bad in ["undo 0", "undo x", "redo -1", "undo 2 3"] {
            let e = s.execute(bad).unwrap_err().to_string();
            assert!(e.contains("N for the last N changes"), "{bad}: {e}");
        }
        assert_eq!(s.cube(), after_r);
        assert_eq!(
            run(&mut s, "redo 2").lines().take(2).collect::<Vec<_>>(),
            ["redid: U", "redid: F"]
        );
        run(&mut s, "redo");
        assert_eq!(s.cube(), all);
        assert_eq!(run(&mut s, "history"), "  1  R\n  2  U\n  3  F\n  4  D");
        run(&mut s, "undo 4");
        assert!(s.cube().is_solved());
    }

    #[test]
    fn help_knows_every_command() {
        for c in COMMANDS {
            assert!(help(c.name).unwrap().starts_with(c.name));
        }
        assert!(help("frobnicate").is_err());
    }
}
