//! Every glyph of the APL this workbench reads, described once, in one table: the glyph, the
//! name typed as `\name` (Tab turns it into the glyph), the key typed after a backtick
//! (`` `r `` is `⍴`, the prefix layout of TryAPL, RIDE and Dyalog), what kind of word it is,
//! whether it is a scalar function, and what it does with one argument and with two; and the
//! system names (`⎕IO`, `⎕UCS`, …).
//!
//! The table is the macro call `primitives!` below, after uiua's `primitive!` table: it
//! makes [`Prim`] (the primitive functions), [`Operator`], [`SystemName`] and [`GLYPHS`]. The
//! lexer yields a [`Prim`]; the evaluator matches it exhaustively (no catch-all), so that a
//! row without its implementation does not compile. The glyph names, the backtick keys, `help
//! apl`'s table and the guide's table ([`guide_table`], checked by a test) are all read from
//! it.

/// What kind of word a glyph is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A primitive function.
    Function,
    /// An operator: it takes a function (`f/`, `f¨`, `f⍨`, `∘.f`, `f.g`, `f∘g`, `f⍣n`, `f⍤k`,
    /// `f⌸`, `f@g`).
    Operator,
    /// Part of the syntax (`←`, `⋄`, `⍵`, `¯`, …).
    Syntax,
}

/// Where a primitive function is a scalar function: applied to each simple scalar alone,
/// pervading nested arrays, with scalar extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// Scalar with one argument and with two (`+ - × ÷ …`).
    Both,
    /// Scalar with one argument only (`~`: without, of two, is not).
    Monad,
    /// Scalar with two arguments only (`= < ∧ …`; monadic `≠` is unique mask, not scalar).
    Dyad,
    /// Not a scalar function.
    No,
}

/// Whether a primitive function only arranges its argument's cells: picks them by position,
/// never by value, so that its result is a gather of the argument's cells that depends on the
/// argument's shape alone (and on its other operands, which must then be constants). A defined
/// function made of such primitives is run as one gather (`super::arranging`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arranges {
    /// Never: it computes on the values, or makes new ones.
    No,
    /// With one argument only (`⊣`).
    Monad,
    /// With two, the left a constant (`⍴` reshape, `↑ ↓`, `/ ⌿ \ ⍀`, `⌷`): not with one.
    Dyad,
    /// With one argument, and with two where the left is a constant (`⌽ ⊖ ⍉ ⊢`).
    Both,
    /// With one argument, and with two whose cells it joins, both arranged (`, ⍪`).
    Joins,
}

/// One glyph, described once.
#[derive(Clone, Copy, Debug)]
pub struct Glyph {
    /// The glyph.
    pub glyph: char,
    /// Its name, typed as `\name`.
    pub name: &'static str,
    /// The key typed after a backtick for it, if the prefix layout has one.
    pub key: Option<char>,
    /// What kind of word it is.
    pub kind: Kind,
    /// What it does with one argument (a function), or what it is.
    pub monad: Option<&'static str>,
    /// What it does with two arguments (a function).
    pub dyad: Option<&'static str>,
}

/// What a system name is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SystemKind {
    /// A variable the user may set (`⎕IO←0`).
    Variable,
    /// A constant or a reading of the clock, set by no one (`⎕A`, `⎕TS`).
    Niladic,
    /// A function (`⎕UCS 65`).
    Function,
}

const fn key(k: char) -> Option<char> {
    if k == ' ' { None } else { Some(k) }
}

/// A kind of glyph the table lists (primitive functions, operators): the enum of its rows,
/// every one in order, the one a character writes, and each one's glyph and typed name.
macro_rules! glyphs {
    (
        $(#[$doc:meta])*
        $kind:ident, $what:literal;
        $( $v:ident = $g:literal, $name:literal; )*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $kind {
            $(
                #[doc = concat!("`", $g, "` (`\\", $name, "`)")]
                $v,
            )*
        }

        impl $kind {
            #[doc = concat!("Every ", $what, ", in the table's order.")]
            pub const ALL: &'static [$kind] = &[$($kind::$v),*];

            #[doc = concat!("The ", $what, " written `c`.")]
            pub fn from_char(c: char) -> Option<$kind> {
                match c {
                    $( $g => Some($kind::$v), )*
                    _ => None,
                }
            }

            /// Its glyph.
            pub fn glyph(self) -> char {
                match self { $( $kind::$v => $g, )* }
            }

            /// Its name, typed as `\name`.
            pub fn name(self) -> &'static str {
                match self { $( $kind::$v => $name, )* }
            }
        }
    };
}

/// The table, as a macro: it makes the enums and the tables from rows written once.
///
/// - `functions`: `Variant = 'glyph', "name", 'key', scalar-ness, arranging, identity, monad,
///   dyad;` — the arranging column is an [`Arranges`];
///   the key `' '` for none; the identity is what reducing an empty axis gives (`None`: a
///   DOMAIN ERROR); `monad` and `dyad` say what it does, `None` where it has no such valence.
/// - `operators`: `Variant = 'glyph', "name", 'key', what;`.
/// - `syntax`: `'glyph', "name", 'key', what;`.
/// - `system`: `Variant = "⎕NAME", kind, what;`.
macro_rules! primitives {
    (
        functions {
            $( $fv:ident = $fg:literal, $fname:literal, $fkey:literal, $fscalar:ident,
               $farr:ident, $fid:expr, $fm:expr, $fd:expr; )*
        }
        operators {
            $( $ov:ident = $og:literal, $oname:literal, $okey:literal, $odoc:literal; )*
        }
        syntax {
            $( $sg:literal, $sname:literal, $skey:literal, $sdoc:literal; )*
        }
        system {
            $( $qv:ident = $qname:literal, $qkind:ident, $qdoc:literal; )*
        }
    ) => {
        glyphs! {
            /// A primitive function, one of the table's rows.
            Prim, "primitive function";
            $( $fv = $fg, $fname; )*
        }

        impl Prim {
            /// The key typed after a backtick for it.
            pub fn key(self) -> Option<char> {
                match self { $( Prim::$fv => key($fkey), )* }
            }

            /// Where it is a scalar function.
            pub fn scalar(self) -> Scalar {
                match self { $( Prim::$fv => Scalar::$fscalar, )* }
            }

            /// Whether it only arranges its argument's cells, and with which arguments.
            pub fn arranges(self) -> Arranges {
                match self { $( Prim::$fv => Arranges::$farr, )* }
            }

            /// What reducing an empty axis with it gives, if anything.
            pub fn identity(self) -> Option<f64> {
                match self { $( Prim::$fv => $fid, )* }
            }

            /// What it does with one argument, if it takes one.
            pub fn monad(self) -> Option<&'static str> {
                match self { $( Prim::$fv => $fm, )* }
            }

            /// What it does with two arguments, if it takes two.
            pub fn dyad(self) -> Option<&'static str> {
                match self { $( Prim::$fv => $fd, )* }
            }
        }

        glyphs! {
            /// An operator, one of the table's rows.
            Operator, "operator";
            $( $ov = $og, $oname; )*
        }

        impl Operator {
            /// What it does.
            pub fn doc(self) -> &'static str {
                match self { $( Operator::$ov => $odoc, )* }
            }
        }

        /// A system name, one of the table's rows.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum SystemName {
            $(
                #[doc = concat!("`", $qname, "`")]
                $qv,
            )*
        }

        impl SystemName {
            /// Every system name, in the table's order.
            pub const ALL: &'static [SystemName] = &[$(SystemName::$qv),*];

            /// The system name spelled `name` (`⎕UCS`; Dyalog's names are any case).
            pub fn from_name(name: &str) -> Option<SystemName> {
                $( if name.eq_ignore_ascii_case($qname) { return Some(SystemName::$qv); } )*
                None
            }

            /// Its name, with its quad.
            pub fn name(self) -> &'static str {
                match self { $( SystemName::$qv => $qname, )* }
            }

            /// What kind of name it is.
            pub fn kind(self) -> SystemKind {
                match self { $( SystemName::$qv => SystemKind::$qkind, )* }
            }

            /// What it is or does.
            pub fn doc(self) -> &'static str {
                match self { $( SystemName::$qv => $qdoc, )* }
            }
        }

        /// Every glyph, in the order `help apl` lists them: the syntax, the functions, the
        /// operators.
        pub const GLYPHS: &[Glyph] = &[
            $( Glyph { glyph: $sg, name: $sname, key: key($skey), kind: Kind::Syntax,
                       monad: Some($sdoc), dyad: None }, )*
            $( Glyph { glyph: $fg, name: $fname, key: key($fkey), kind: Kind::Function,
                       monad: $fm, dyad: $fd }, )*
            $( Glyph { glyph: $og, name: $oname, key: key($okey), kind: Kind::Operator,
                       monad: Some($odoc), dyad: None }, )*
        ];
    };
}

primitives! {
    functions {
        Plus = '+', "plus", ' ', Both, No, Some(0.0), Some("conjugate (the number itself)"), Some("add");
        Minus = '-', "minus", ' ', Both, No, Some(0.0), Some("negate"), Some("subtract");
        Times = '×', "times", '-', Both, No, Some(1.0), Some("signum"), Some("multiply");
        Divide = '÷', "divide", '=', Both, No, Some(1.0), Some("reciprocal"), Some("divide");
        Stile = '|', "stile", 'm', Both, No, Some(0.0), Some("magnitude"), Some("residue: ⍺|⍵");
        Max = '⌈', "max", 's', Both, No, Some(f64::MIN), Some("ceiling"), Some("maximum");
        Min = '⌊', "min", 'd', Both, No, Some(f64::MAX), Some("floor"), Some("minimum");
        // `*` and `!` as APL2: 1 is `*`'s right identity and `!`'s left one.
        Star = '*', "star", 'p', Both, No, Some(1.0), Some("exponential"), Some("power");
        Log = '⍟', "log", '*', Both, No, None, Some("natural logarithm"),
            Some("logarithm: base ⍟ number");
        Bang = '!', "bang", '_', Both, No, Some(1.0), Some("factorial"),
            Some("binomial: ⍺!⍵ ways to choose ⍺ of ⍵");
        Circle = '○', "circle", 'o', Both, No, None, Some("pi times"),
            Some("circular functions: 1○ sine, 2○ cosine, 3○ tangent, ¯1 ¯2 ¯3 their inverses");
        Query = '?', "query", 'q', No, No, None, Some("roll: a random integer from 1 to ⍵"),
            Some("deal: ⍺ distinct integers from 1 to ⍵");
        Equal = '=', "equal", '5', Dyad, No, Some(1.0), None, Some("equal");
        NotEqual = '≠', "ne", '8', Dyad, No, Some(0.0),
            Some("unique mask: 1 where a major cell is met first"), Some("not equal");
        Less = '<', "less", '3', Dyad, No, Some(0.0), None, Some("less than");
        LessEqual = '≤', "le", '4', Dyad, No, Some(1.0), None, Some("less or equal");
        Greater = '>', "greater", '7', Dyad, No, Some(0.0), None, Some("greater than");
        GreaterEqual = '≥', "ge", '6', Dyad, No, Some(1.0), None, Some("greater or equal");
        And = '∧', "and", '0', Dyad, No, Some(1.0), None, Some("and");
        Or = '∨', "or", '9', Dyad, No, Some(0.0), None, Some("or");
        Nand = '⍲', "nand", ')', Dyad, No, None, None, Some("nand: not both");
        Nor = '⍱', "nor", '(', Dyad, No, None, None, Some("nor: neither");
        Tilde = '~', "tilde", 't', Monad, No, None, Some("not"),
            Some("without: the items of ⍺ not in ⍵");
        Transpose = '⍉', "transpose", '^', No, Both, None, Some("transpose"),
            Some("reorder the axes (2 1 3⍉); a repeated axis takes a diagonal (1 1⍉)");
        Rotate = '⌽', "rotate", '%', No, Both, None,
            Some("reverse along the last axis (⌽[k] along axis k)"), Some("rotate");
        RotateFirst = '⊖', "rotatefirst", '&', No, Both, None, Some("reverse along the first axis"),
            Some("rotate along the first axis");
        Rho = '⍴', "rho", 'r', No, Dyad, None, Some("shape"), Some("reshape");
        Iota = '⍳', "iota", 'i', No, No, None,
            Some("the first ⍵ indices (from ⎕IO); of a vector of two or more, the index vector of each place of an array of that shape"),
            Some("index of: where each item of ⍵ is first found in ⍺ (⍺ a matrix: each row of ⍵ among ⍺'s rows)");
        Comma = ',', "comma", ' ', No, Joins, None, Some("ravel"),
            Some("catenate (,[k] along axis k; ,[k.5] laminates)");
        CommaBar = '⍪', "commabar", '<', No, Joins, None,
            Some("table: a matrix of the major cells, each one row"),
            Some("catenate along the first axis");
        Encode = '⊤', "encode", 'n', No, No, None, None, Some("represent in a radix: (3⍴10)⊤");
        Decode = '⊥', "decode", 'b', No, No, None, None, Some("evaluate in a radix: 10⊥");
        Take = '↑', "take", 'y', No, Dyad, None, Some("first (disclose each and pad: mix)"),
            Some("take");
        Drop = '↓', "drop", 'u', No, Dyad, None, Some("split into rows"), Some("drop");
        Enclose = '⊂', "enclose", 'z', No, No, None, Some("enclose"), Some("partition (APL2)");
        Nest = '⊆', "nest", 'Z', No, No, None,
            Some("nest: enclose if simple, else the array itself"),
            Some("partition (Dyalog's ⊆, APL2's ⊂): a new item where ⍺ rises, none under 0");
        Disclose = '⊃', "disclose", 'x', No, No, None, Some("first"), Some("pick");
        Match = '≡', "match", ':', No, No, None, Some("depth"), Some("match");
        Squad = '⌷', "squad", 'L', No, Dyad, None, Some("materialise: the array itself"),
            Some("index: ⍺'s items index ⍵'s first axes (2 1⌷M is M[2;1])");
        NotMatch = '≢', "notmatch", '"', No, No, None, Some("tally: the number of major cells"),
            Some("not match");
        Epsilon = '∊', "epsilon", 'e', No, No, None, Some("enlist: every atom, in order"),
            Some("membership");
        Find = '⍷', "find", 'E', No, No, None, None, Some("find: where ⍺ starts in ⍵");
        Where = '⍸', "where", 'I', No, No, None, Some("where: the indices of the ones"),
            Some("interval index: how many items of the ascending ⍺ are at most each item of ⍵ (less 1, plus ⎕IO)");
        Union = '∪', "union", 'v', No, No, None, Some("unique"), Some("union");
        Intersection = '∩', "intersection", 'c', No, No, None, None, Some("intersection");
        GradeUp = '⍋', "gradeup", '$', No, No, None,
            Some("grade up: the indices that sort ⍵ ascending"),
            Some("grade up by a collating sequence ⍺");
        GradeDown = '⍒', "gradedown", '#', No, No, None,
            Some("grade down: the indices that sort ⍵ descending"),
            Some("grade down by a collating sequence ⍺");
        Format = '⍕', "format", '\'', No, No, None, Some("format: the array as characters"),
            Some("format numbers: width and decimals");
        Execute = '⍎', "execute", ';', No, No, None,
            Some("execute: the characters as a line of APL, in this workspace"), None;
        Domino = '⌹', "domino", '+', No, No, None,
            Some("matrix inverse (of more rows than columns, the least-squares left inverse)"),
            Some("matrix divide: X such that ⍵+.×X is ⍺, least squares if ⍵ has more rows than columns");
        Right = '⊢', "right", '\\', No, Both, None, Some("the argument itself"),
            Some("the right argument");
        Left = '⊣', "left", '|', No, Monad, None, Some("the argument itself"), Some("the left argument");
        Slash = '/', "slash", ' ', No, Dyad, None, None, Some("replicate, compress; f/ reduces, n f/ each window of n (2+/⍳5)");
        Backslash = '\\', "backslash", ' ', No, Dyad, None, None, Some("expand; f\\ scans");
        SlashBar = '⌿', "slashbar", '/', No, Dyad, None, None,
            Some("replicate along the first axis; f⌿ reduces along it, n f⌿ N-wise");
        BackslashBar = '⍀', "backslashbar", '.', No, Dyad, None, None,
            Some("expand along the first axis; f⍀ scans along it");
    }
    operators {
        Each = '¨', "each", '1', "each: f¨ applies f to each item";
        Commute = '⍨', "commute", 'T', "commute: ⍺ f⍨ ⍵ is ⍵ f ⍺, f⍨ ⍵ is ⍵ f ⍵";
        Jot = '∘', "jot", 'j', "compose f∘g (⍺ f g ⍵), bind A∘f and f∘B; outer product ∘.f";
        Dot = '.', "dot", ' ', "inner product: f.g (+.× is the matrix product)";
        Power = '⍣', "power", 'P',
            "power: f⍣n applies f n times; f⍣g until (f x) g x (f⍣≡, a fixpoint)";
        Rank = '⍤', "rank", 'J',
            "rank: f⍤k applies f to the cells of rank k (⍤1 rows); f⍤g is atop, f (⍺ g ⍵)";
        Key = '⌸', "key", 'K',
            "key: ⍺ f⌸ ⍵ applies f to each unique major cell of ⍺ and ⍵'s cells where it is (f⌸⍵: and its indices)";
        At = '@', "at", ' ',
            "at: A@I ⍵ (or f@I) replaces the major cells at I; A@g and f@g where g ⍵ is 1; ⍺ f@g ⍵ puts ⍺ f of them";
    }
    syntax {
        '⍵', "omega", 'w', "the right argument (the paper's ω)";
        '⍺', "alpha", 'a', "the left argument (the paper's α)";
        '←', "gets", '[', "assignment, and indexed assignment; ⎕← prints";
        '⋄', "diamond", '`', "between statements";
        '⍝', "comment", ',', "the rest of the line is a comment";
        '¯', "neg", '2', "high minus: ¯1";
        '\u{304}', "bar", ' ',
            "a bar over a name, as the paper's inverses X̄ Ȳ Z̄; in a string a letter and its bar are one character: ⍴'F̄D̄' is 2";
        '⍬', "zilde", '}', "the empty numeric vector";
        '∇', "del", 'g',
            "the function itself, inside {…}; ∇Z←A F B;L opens a traditional function, ∇ alone closes it";
        '→', "branch", ']', "go to a line of a traditional function (→0 leaves)";
        '⎕', "quad", 'l', "system names: ⎕IO ⎕RL ⎕A ⎕D ⎕TS ⎕EN ⎕DM ⎕UCS ⎕FMT ⎕NC; ⎕← prints";
    }
    system {
        Io = "⎕IO", Variable, "the index origin, 1 or 0";
        Rl = "⎕RL", Variable, "the seed of the random numbers ? draws";
        A = "⎕A", Niladic, "the alphabet: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'";
        D = "⎕D", Niladic, "the digits: '0123456789'";
        Ts = "⎕TS", Niladic, "the time stamp, UTC: year month day hour minute second millisecond";
        En = "⎕EN", Niladic, "the event number of the last error, as Dyalog numbers it (0 before any): 1 WS FULL, 2 SYNTAX, 3 INDEX, 4 RANK and AXIS, 5 LENGTH, 6 VALUE, 10 LIMIT, 11 DOMAIN";
        Dm = "⎕DM", Niladic, "the last error's message: its headline, its line and a caret under the place (three character vectors)";
        Ucs = "⎕UCS", Function, "characters to their Unicode code points, and code points to characters";
        Nc = "⎕NC", Function,
            "name class of each name (a vector, a matrix's rows, or a vector of vectors): 2 a variable, 3 a function, 4 an operator, 0 nothing, ¯1 no name";
        Fmt = "⎕FMT", Function,
            "format: ⎕FMT ⍵ the display as a character matrix; 'I5' or 'F8.2' ⎕FMT ⍵ each column so (specs I, F, comma-separated)";
    }
}

/// The glyph described as `c`, if the evaluator reads it.
pub fn find(c: char) -> Option<&'static Glyph> {
    GLYPHS.iter().find(|g| g.glyph == c)
}

/// Whether `c` is a primitive function.
pub fn is_function(c: char) -> bool {
    Prim::from_char(c).is_some()
}

/// The glyph typed as backtick then `key`.
///
/// ```
/// use cubework::apl::defs::backtick;
/// assert_eq!(backtick('r'), Some('⍴'));
/// assert_eq!(backtick('i'), Some('⍳'));
/// assert_eq!(backtick('w'), Some('⍵'));
/// assert_eq!(backtick('Q'), None);
/// ```
pub fn backtick(key: char) -> Option<char> {
    GLYPHS.iter().find(|g| g.key == Some(key)).map(|g| g.glyph)
}

impl Prim {
    /// Whether it is a scalar function of two arguments.
    pub fn is_scalar_dyad(self) -> bool {
        matches!(self.scalar(), Scalar::Both | Scalar::Dyad)
    }

    /// Whether it is a scalar function of one argument.
    pub fn is_scalar_monad(self) -> bool {
        matches!(self.scalar(), Scalar::Both | Scalar::Monad)
    }
}

/// What APL2 or Dyalog has that is not read here, and why: the glyph or name, and the reason.
pub const NOT_READ: &[(&str, &str)] = &[
    (
        "⌺",
        "stencil: not read (a dfn over `⍵[…]` windows does its work)",
    ),
    (
        "⍥",
        "over: not read (`f⍥g` is `(g ⍺) f g ⍵`; write the dfn)",
    ),
    ("⍠", "variant: not read (no primitive here takes options)"),
    (
        "⌶",
        "I-beam: not read (it reaches into Dyalog's interpreter)",
    ),
    ("&", "spawn: not read (an evaluation runs on one thread)"),
    (
        "dyadic ⍎",
        "execute in a namespace: not read (there are no namespaces)",
    ),
    (
        "⍵⍵",
        "an operator's right operand in a dfn: operators of one's own take one operand",
    ),
    (
        "⎕CT",
        "comparison tolerance: not read (comparisons are exact, `=` and the hashed search alike)",
    ),
    (
        "⎕PP",
        "print precision: not read (numbers print to 10 significant digits, Dyalog's default)",
    ),
    (
        "⎕ML",
        "migration level: not read (the meanings are Dyalog's at its default, with APL2's ⊂)",
    ),
    (
        "⎕AV",
        "atomic vector: not read (characters are Unicode: ⎕UCS)",
    ),
    (
        "⎕NL ⎕EX ⎕CR ⎕FX",
        "the workspace's names: not read (the REPL's `)fns` and `)vars` list them)",
    ),
    (
        "⎕NGET ⎕NPUT ⎕SH ⎕CMD",
        "files and the shell: not read (APL here touches neither; `)load` reads a file)",
    ),
    (
        "⎕DL ⎕AI",
        "delay and accounting: not read (a line is bounded by its steps, not its time)",
    ),
    (
        "⎕R ⎕S ⎕JSON ⎕CSV ⎕DR ⎕SIGNAL ⎕TC",
        "not read; any ⎕ name not in this table is a VALUE ERROR",
    ),
];

/// The guide's table of the APL read (in `src/guide/representations.md`, between the marks
/// `<!-- apl table -->` and `<!-- end apl table -->`): every primitive function, operator and
/// system name with what it does, or that it is not read. A test checks the guide holds it.
pub fn guide_table() -> String {
    let mut out = String::from("| | name | with one argument | with two |\n|---|---|---|---|\n");
    let cell = |d: Option<&str>| d.map_or("—".to_string(), markdown);
    for p in Prim::ALL {
        let glyph = match p.glyph() {
            '|' => "`\\|`".to_string(),
            g => format!("`{g}`"),
        };
        out.push_str(&format!(
            "| {glyph} | `\\{}` | {} | {} |\n",
            p.name(),
            cell(p.monad()),
            cell(p.dyad())
        ));
    }
    for o in Operator::ALL {
        out.push_str(&format!(
            "| `{}` | `\\{}` | operator | {} |\n",
            o.glyph(),
            o.name(),
            markdown(o.doc())
        ));
    }
    for s in SystemName::ALL {
        let kind = match s.kind() {
            SystemKind::Variable => "system variable",
            SystemKind::Niladic => "system constant",
            SystemKind::Function => "system function",
        };
        out.push_str(&format!(
            "| `{}` | | {kind} | {} |\n",
            s.name(),
            markdown(s.doc())
        ));
    }
    for (what, why) in NOT_READ {
        out.push_str(&format!(
            "| {} | | not read | {} |\n",
            markdown(what),
            markdown(why)
        ));
    }
    out
}

/// Text as a Markdown table cell shows it: outside code spans, the characters Markdown would
/// read as a table's edge, a link, emphasis or a tag are escaped (`2 1⌷M is M[2;1]`).
fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut code = false;
    for c in text.chars() {
        if c == '`' {
            code = !code;
        } else if c == '|' || (!code && matches!(c, '[' | ']' | '*' | '_' | '<' | '>')) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guide's table is [`guide_table`]: a primitive added to the table and not to the
    /// guide (or the other way round) fails here. The table wanted is written to
    /// `apl_table.md` in the temporary directory, to paste.
    #[test]
    fn the_guides_apl_table_is_the_one_table() {
        let guide = include_str!("../guide/representations.md");
        let (_, rest) = guide
            .split_once("<!-- apl table -->\n")
            .expect("the guide's apl table mark");
        let (table, _) = rest
            .split_once("<!-- end apl table -->")
            .expect("the guide's end of the apl table");
        let want = guide_table();
        if table != want {
            let _ = std::fs::write(std::env::temp_dir().join("apl_table.md"), &want);
        }
        assert_eq!(table, want);
    }

    #[test]
    fn every_row_names_a_different_glyph_name_and_key() {
        for (i, p) in Prim::ALL.iter().enumerate() {
            assert_eq!(Prim::from_char(p.glyph()), Some(*p));
            for q in &Prim::ALL[i + 1..] {
                assert_ne!(p.glyph(), q.glyph());
                assert_ne!(p.name(), q.name());
            }
        }
        for s in SystemName::ALL {
            assert_eq!(SystemName::from_name(s.name()), Some(*s));
        }
    }
}
