//! Every glyph of the APL this workbench reads, described once: the glyph, the name typed
//! as `\name` (Tab turns it into the glyph), the key typed after a backtick (`` `r `` is
//! `⍴`, the prefix layout of TryAPL, RIDE and Dyalog), what kind of word it is, and what it
//! does with one argument and with two. The lexer's primitives, the glyph names, the
//! backtick keys and `help apl`'s table are all read from [`GLYPHS`]; a test applies each
//! function to arguments and fails if one glyph has no implementation of the valence it
//! claims.

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

const fn f(
    glyph: char,
    name: &'static str,
    key: char,
    monad: Option<&'static str>,
    dyad: Option<&'static str>,
) -> Glyph {
    Glyph {
        glyph,
        name,
        key: if key == ' ' { None } else { Some(key) },
        kind: Kind::Function,
        monad,
        dyad,
    }
}

const fn op(glyph: char, name: &'static str, key: char, what: &'static str) -> Glyph {
    Glyph {
        glyph,
        name,
        key: if key == ' ' { None } else { Some(key) },
        kind: Kind::Operator,
        monad: Some(what),
        dyad: None,
    }
}

const fn syn(glyph: char, name: &'static str, key: char, what: &'static str) -> Glyph {
    Glyph {
        glyph,
        name,
        key: if key == ' ' { None } else { Some(key) },
        kind: Kind::Syntax,
        monad: Some(what),
        dyad: None,
    }
}

/// Every glyph, in the order `help apl` lists them.
pub const GLYPHS: &[Glyph] = &[
    syn('⍵', "omega", 'w', "the right argument (the paper's ω)"),
    syn('⍺', "alpha", 'a', "the left argument (the paper's α)"),
    syn(
        '←',
        "gets",
        '[',
        "assignment, and indexed assignment; ⎕← prints",
    ),
    syn('⋄', "diamond", '`', "between statements"),
    syn('⍝', "comment", ',', "the rest of the line is a comment"),
    syn('¯', "neg", '2', "high minus: ¯1"),
    syn(
        '\u{304}',
        "bar",
        ' ',
        "a bar over a name, as the paper's inverses X̄ Ȳ Z̄; in a string a letter and its bar are one character: ⍴'F̄D̄' is 2",
    ),
    syn('⍬', "zilde", '}', "the empty numeric vector"),
    syn(
        '∇',
        "del",
        'g',
        "the function itself, inside {…}; ∇Z←A F B;L opens a traditional function, ∇ alone closes it",
    ),
    syn(
        '→',
        "branch",
        ']',
        "go to a line of a traditional function (→0 leaves)",
    ),
    syn('⎕', "quad", 'l', "system names: ⎕IO ⎕RL; ⎕← prints"),
    f(
        '+',
        "plus",
        ' ',
        Some("conjugate (the number itself)"),
        Some("add"),
    ),
    f('-', "minus", ' ', Some("negate"), Some("subtract")),
    f('×', "times", '-', Some("signum"), Some("multiply")),
    f('÷', "divide", '=', Some("reciprocal"), Some("divide")),
    f('|', "stile", 'm', Some("magnitude"), Some("residue: ⍺|⍵")),
    f('⌈', "max", 's', Some("ceiling"), Some("maximum")),
    f('⌊', "min", 'd', Some("floor"), Some("minimum")),
    f('*', "star", 'p', Some("exponential"), Some("power")),
    f(
        '⍟',
        "log",
        '*',
        Some("natural logarithm"),
        Some("logarithm: base ⍟ number"),
    ),
    f(
        '!',
        "bang",
        '_',
        Some("factorial"),
        Some("binomial: ⍺!⍵ ways to choose ⍺ of ⍵"),
    ),
    f(
        '○',
        "circle",
        'o',
        Some("pi times"),
        Some("circular functions: 1○ sine, 2○ cosine, 3○ tangent, ¯1 ¯2 ¯3 their inverses"),
    ),
    f(
        '?',
        "query",
        'q',
        Some("roll: a random integer from 1 to ⍵"),
        Some("deal: ⍺ distinct integers from 1 to ⍵"),
    ),
    f('=', "equal", '5', None, Some("equal")),
    f('≠', "ne", '8', None, Some("not equal")),
    f('<', "less", '3', None, Some("less than")),
    f('≤', "le", '4', None, Some("less or equal")),
    f('>', "greater", '7', None, Some("greater than")),
    f('≥', "ge", '6', None, Some("greater or equal")),
    f('∧', "and", '0', None, Some("and")),
    f('∨', "or", '9', None, Some("or")),
    f(
        '~',
        "tilde",
        't',
        Some("not"),
        Some("without: the items of ⍺ not in ⍵"),
    ),
    f(
        '⍉',
        "transpose",
        '^',
        Some("transpose"),
        Some("reorder the axes (2 1 3⍉); a repeated axis takes a diagonal (1 1⍉)"),
    ),
    f(
        '⌽',
        "rotate",
        '%',
        Some("reverse along the last axis (⌽[k] along axis k)"),
        Some("rotate"),
    ),
    f(
        '⊖',
        "rotatefirst",
        '&',
        Some("reverse along the first axis"),
        Some("rotate along the first axis"),
    ),
    f('⍴', "rho", 'r', Some("shape"), Some("reshape")),
    f(
        '⍳',
        "iota",
        'i',
        Some("the first ⍵ indices (from ⎕IO)"),
        Some("index of: where each item of ⍵ is first found in ⍺"),
    ),
    f(
        ',',
        "comma",
        ' ',
        Some("ravel"),
        Some("catenate (,[k] along axis k; ,[k.5] laminates)"),
    ),
    f(
        '⊤',
        "encode",
        'n',
        None,
        Some("represent in a radix: (3⍴10)⊤"),
    ),
    f('⊥', "decode", 'b', None, Some("evaluate in a radix: 10⊥")),
    f(
        '↑',
        "take",
        'y',
        Some("first (disclose each and pad: mix)"),
        Some("take"),
    ),
    f('↓', "drop", 'u', Some("split into rows"), Some("drop")),
    f(
        '⊂',
        "enclose",
        'z',
        Some("enclose"),
        Some("partition (APL2)"),
    ),
    f('⊃', "disclose", 'x', Some("first"), Some("pick")),
    f('≡', "match", ':', Some("depth"), Some("match")),
    f(
        '⌷',
        "squad",
        'L',
        Some("materialise: the array itself"),
        Some("index: ⍺'s items index ⍵'s first axes (2 1⌷M is M[2;1])"),
    ),
    f(
        '≢',
        "notmatch",
        '"',
        Some("tally: the number of major cells"),
        Some("not match"),
    ),
    f(
        '∊',
        "epsilon",
        'e',
        Some("enlist: every atom, in order"),
        Some("membership"),
    ),
    f('⍷', "find", 'E', None, Some("find: where ⍺ starts in ⍵")),
    f(
        '⍸',
        "where",
        'I',
        Some("where: the indices of the ones"),
        None,
    ),
    f('∪', "union", 'v', Some("unique"), Some("union")),
    f('∩', "intersection", 'c', None, Some("intersection")),
    f(
        '⍋',
        "gradeup",
        '$',
        Some("grade up: the indices that sort ⍵ ascending"),
        Some("grade up by a collating sequence ⍺"),
    ),
    f(
        '⍒',
        "gradedown",
        '#',
        Some("grade down: the indices that sort ⍵ descending"),
        Some("grade down by a collating sequence ⍺"),
    ),
    f(
        '⍕',
        "format",
        '\'',
        Some("format: the array as characters"),
        Some("format numbers: width and decimals"),
    ),
    f(
        '⍎',
        "execute",
        ';',
        Some("execute: the characters as a line of APL, in this workspace"),
        None,
    ),
    f(
        '⊢',
        "right",
        '\\',
        Some("the argument itself"),
        Some("the right argument"),
    ),
    f(
        '⊣',
        "left",
        '|',
        Some("the argument itself"),
        Some("the left argument"),
    ),
    f(
        '/',
        "slash",
        ' ',
        None,
        Some("replicate, compress; f/ reduces"),
    ),
    f('\\', "backslash", ' ', None, Some("expand; f\\ scans")),
    f(
        '⌿',
        "slashbar",
        '/',
        None,
        Some("replicate along the first axis; f⌿ reduces along it"),
    ),
    f(
        '⍀',
        "backslashbar",
        '.',
        None,
        Some("expand along the first axis; f⍀ scans along it"),
    ),
    op('¨', "each", '1', "each: f¨ applies f to each item"),
    op(
        '⍨',
        "commute",
        'T',
        "commute: ⍺ f⍨ ⍵ is ⍵ f ⍺, f⍨ ⍵ is ⍵ f ⍵",
    ),
    op(
        '∘',
        "jot",
        'j',
        "compose f∘g (⍺ f g ⍵), bind A∘f and f∘B; outer product ∘.f",
    ),
    op(
        '.',
        "dot",
        ' ',
        "inner product: f.g (+.× is the matrix product)",
    ),
    op(
        '⍣',
        "power",
        'P',
        "power: f⍣n applies f n times; f⍣g until (f x) g x (f⍣≡, a fixpoint)",
    ),
    op(
        '⍤',
        "rank",
        'J',
        "rank: f⍤k applies f to the cells of rank k (⍤1 rows); f⍤g is atop, f (⍺ g ⍵)",
    ),
    op(
        '⌸',
        "key",
        'K',
        "key: ⍺ f⌸ ⍵ applies f to each unique major cell of ⍺ and ⍵'s cells where it is (f⌸⍵: and its indices)",
    ),
    op(
        '@',
        "at",
        ' ',
        "at: A@I ⍵ (or f@I) replaces the major cells at I; A@g and f@g where g ⍵ is 1",
    ),
];

/// The glyph described as `c`, if the evaluator reads it.
pub fn find(c: char) -> Option<&'static Glyph> {
    GLYPHS.iter().find(|g| g.glyph == c)
}

/// Whether `c` is a primitive function.
pub fn is_function(c: char) -> bool {
    find(c).is_some_and(|g| g.kind == Kind::Function)
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
