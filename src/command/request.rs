//! What a user can ask for, as one typed value.
//!
//! The REPL's words ([`parse_line`](super::parse_line)) and the command line's arguments
//! (`src/cli/`) both parse into a [`Request`] before anything runs; [`run`](super::run) executes
//! it on a [`Session`](super::Session). Moves in a request are already parsed, in the notation
//! of the session (or of `--notation`); a state is a value ([`Input`], a [`Cube`]), never text
//! read again.

use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::Duration;

use crate::compare::Format;
use crate::draw::{Only, PictureFormat, ViewKind};
use crate::rep::RepKind;
use crate::sequence::alg::Alg;
use crate::sequence::input::Input;
use crate::solve::Method;
use crate::state::cube::Cube;
use crate::state::sticker_perm::OrderBy;
use crate::turn::metric::Metric;

/// What `show` shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShowWhat {
    /// The current representation's display.
    Current,
    /// Another representation's display of the same state.
    Rep(RepKind),
    /// A representation of one's own (`)rep`), by name, showing the same state.
    User(String),
    /// All seven.
    All,
    /// The unfolded net.
    Net,
    /// The facelet string.
    Facelets,
    /// The Ruby notes' piece map.
    Pieces,
}

/// How a one-request session (`cubework apply`, `cubework apl --show`) shows its cube.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Shown {
    /// The representation's own display, as in the paper.
    #[default]
    Native,
    /// The unfolded net.
    Net,
    /// The 54-character facelet string, alone on one line.
    Facelets,
}

/// `draw`: a picture of the session's cube.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DrawRequest {
    /// The file (`-`: standard output).
    pub output: PathBuf,
    /// 3-D, net or a representation's layout (default: 3-D, or rep with `rep`).
    pub view: Option<ViewKind>,
    /// The representation the rep view draws (default: the session's).
    pub rep: Option<RepKind>,
    /// Degrees round the vertical axis (default: the session's view).
    pub yaw: Option<f64>,
    /// Degrees above the horizon.
    pub pitch: Option<f64>,
    /// Distance in cube edges.
    pub distance: Option<f64>,
    /// Add the view from behind.
    pub back: bool,
    /// Colour only these stickers.
    pub only: Option<Only>,
    /// Arrows for this sequence.
    pub arrows: Option<Alg>,
    /// SVG or HTML (default: from the file name).
    pub format: Option<PictureFormat>,
    /// How many of the first moves since the session's start are a setup (a page plays
    /// them as its setup; `--from-url`).
    pub setup_moves: usize,
}

/// Everything a user can ask of the workbench.
#[derive(Clone, Debug, PartialEq)]
pub enum Request {
    /// Make moves (a line of moves, or `do 'STRING'`), as one change labelled `label`.
    Moves {
        /// The moves, as written.
        alg: Alg,
        /// How history names the change.
        label: String,
    },
    /// Switch representation, or (`None`) say which.
    Rep(Option<RepKind>),
    /// Switch to the representation of one's own (`)rep`) of this name.
    UserRep(String),
    /// Show the state.
    Show(ShowWhat),
    /// Switch to the solved N×N×N, or (`None`) say the size.
    Size(Option<usize>),
    /// Switch notation, or (`None`) say which.
    Notation(Option<crate::turn::notation::Notation>),
    /// Switch colour scheme, or (`None`) say which.
    Colours(Option<crate::turn::face::Scheme>),
    /// Back to solved.
    Reset,
    /// Take back the last N changes.
    Undo(usize),
    /// Make the last N undone changes again.
    Redo(usize),
    /// List the changes.
    History,
    /// Set the state to a facelet string's cube.
    Load(Cube),
    /// Is the cube solved?
    Solved,
    /// A scramble: in the REPL it turns the session's cube, from the command line it is
    /// printed.
    Scramble {
        /// How many turns (default by size).
        count: Option<usize>,
        /// The random generator's seed (default: a fresh one).
        seed: Option<u64>,
        /// A uniformly random state instead.
        random: bool,
    },
    /// The inverse of a sequence, or (`None`) of the session's moves, made.
    Invert(Option<Alg>),
    /// The representations at a size (default: the session's).
    Reps {
        /// The size.
        size: Option<usize>,
    },
    /// Solve a 3×3×3.
    Solve {
        /// How.
        method: Method,
        /// The metric (default: half-turn).
        metric: Option<Metric>,
        /// The longest solution accepted (two-phase), the depth limit (bfs).
        max_length: Option<u8>,
        /// How long to search.
        time_limit: Option<Duration>,
        /// Threads to search on (default: one a core).
        threads: Option<usize>,
        /// The state (default: the session's cube).
        state: Option<Input>,
    },
    /// The next move of a solution.
    Hint {
        /// Make it.
        apply: bool,
        /// Another cube than the session's (a 2×2×2 or a 3×3×3).
        state: Option<Cube>,
    },
    /// Make the next stage of the beginner's method.
    Step,
    /// Which stages are done.
    Stage,
    /// The 2×2×2's distance table.
    PocketTable {
        /// The metric.
        metric: Metric,
        /// As CSV.
        csv: bool,
        /// Also a chart, to this file.
        plot: Option<PathBuf>,
    },
    /// An optimal solution of a 2×2×2.
    PocketSolve {
        /// The metric.
        metric: Metric,
        /// The state.
        state: Input,
    },
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
    /// The order of a sequence.
    Order {
        /// On this size (default: the session's).
        size: Option<usize>,
        /// By colours or labels.
        by: OrderBy,
        /// The sequence.
        alg: Alg,
        /// Also a chart, to this file.
        plot: Option<PathBuf>,
    },
    /// A sequence's sticker cycles.
    Cycles {
        /// On this size (default: the session's).
        size: Option<usize>,
        /// The sequence.
        alg: Alg,
    },
    /// Where the 3×3×3's pieces go.
    Effect {
        /// The size asked for (3 only).
        size: Option<usize>,
        /// The sequence.
        alg: Alg,
    },
    /// A sequence written out.
    Expand(Alg),
    /// A sequence simplified.
    Simplify(Alg),
    /// A sequence's length.
    Count {
        /// In this metric.
        metric: Metric,
        /// The sequence.
        alg: Alg,
    },
    /// The paper's tools.
    Tools {
        /// Re-run the reconstruction's search.
        search: bool,
    },
    /// A picture of the cube.
    Draw(DrawRequest),
    /// Set (or, all `None`, say) the angle `draw` sees from.
    View {
        /// Yaw.
        yaw: Option<f64>,
        /// Pitch.
        pitch: Option<f64>,
        /// Distance.
        distance: Option<f64>,
    },
    /// Help: all commands, or one.
    Help(Option<String>),
    /// Leave.
    Quit,
    /// The APL workspace.
    Apl(AplRequest),
    /// The session's cube, shown as asked (`cubework apply`).
    Apply(Shown),
    /// The cached tables: listed, or built.
    Tables {
        /// Build those missing.
        build: bool,
        /// The optimal solver's too: this one.
        optimal: Option<crate::solve::optimal_table::SliceKind>,
        /// Instead, read every built table whole through its checks.
        check: bool,
    },
}

/// What is asked of the APL workspace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AplRequest {
    /// Enter APL mode.
    Enter,
    /// Evaluate a line (a definition, or statements).
    Line(String),
    /// Leave APL mode (`)off`, `moves`).
    Leave,
    /// `)fns`: the functions defined.
    Fns,
    /// `)vars`: the variables.
    Vars,
    /// `)erase NAME`.
    Erase(String),
    /// `)compile NAME`: a function of one's own, run on the cells' indices and identified.
    Compile(String),
    /// `)rep NAME ENCODE [DECODE]`: a representation of one's own (alone: those defined).
    Rep(String),
    /// `)save FILE`: the definitions as plain text.
    Save(PathBuf),
    /// `)load FILE`: definitions read from a file.
    Load(PathBuf),
    /// `)copy FILE [NAMES]`: the named functions and variables of a saved workspace (all
    /// of them when none is named) brought into this one.
    Copy(PathBuf, Vec<String>),
    /// `)clear`: the user's functions, variables and representations forgotten.
    Clear,
}
