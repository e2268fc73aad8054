//! Typing APL without an APL keyboard: every glyph the evaluator reads has a name, typed as
//! `\name` — Tab turns it into the glyph in the REPL (`\rho⇥` gives `⍴`, as Julia's REPL does
//! for its symbols), and a line may keep the names as they are: [`expand_names`] reads them
//! before the line is evaluated, so `\rho CUBE` is `⍴CUBE` everywhere APL is read.

/// Every glyph with its name and what it does, in the order `help apl` lists them.
pub const GLYPHS: &[(char, &str, &str)] = &[
    ('⍵', "omega", "the right argument (the paper's ω)"),
    ('⍺', "alpha", "the left argument (the paper's α)"),
    ('←', "gets", "assignment, and indexed assignment"),
    ('⋄', "diamond", "between statements"),
    ('⍝', "comment", "the rest of the line is a comment"),
    ('¯', "neg", "high minus: ¯1"),
    (
        '\u{304}',
        "bar",
        "a bar over a name, as the paper's inverses X̄ Ȳ Z̄",
    ),
    (
        '⍉',
        "transpose",
        "transpose; dyadic: reorder the axes (2 1 3⍉)",
    ),
    (
        '⌽',
        "rotate",
        "reverse along the last axis; dyadic: rotate; ⌽[k] along axis k",
    ),
    (
        '⊖',
        "rotatefirst",
        "reverse along the first axis; dyadic: rotate along it",
    ),
    ('⍴', "rho", "shape; dyadic: reshape"),
    ('⍳', "iota", "the first N indices (⎕IO←1)"),
    ('⊤', "encode", "represent in a radix (3⍴10)⊤"),
    ('⊥', "decode", "evaluate in a radix 10⊥"),
    ('↑', "take", "take; monadic: first"),
    ('↓', "drop", "drop"),
    ('⊂', "enclose", "enclose"),
    ('⊃', "disclose", "disclose, pick"),
    ('¨', "each", "each: f¨"),
    ('≡', "match", "match, depth"),
    ('∘', "jot", "outer product: ∘.f"),
    ('×', "times", "times, signum"),
    ('÷', "divide", "divide, reciprocal"),
    ('⌈', "max", "maximum, ceiling"),
    ('⌊', "min", "minimum, floor"),
    ('≠', "ne", "not equal"),
    ('≤', "le", "less or equal"),
    ('≥', "ge", "greater or equal"),
    ('∧', "and", "and"),
    ('∨', "or", "or"),
    ('⌿', "slashbar", "compress along the first axis"),
    ('⍀', "backslashbar", "expand along the first axis"),
];

/// The glyph named `name`.
///
/// ```
/// use cubework::apl::keys::glyph;
/// assert_eq!(glyph("rho"), Some('⍴'));
/// assert_eq!(glyph("transpose"), Some('⍉'));
/// assert_eq!(glyph("nothing"), None);
/// ```
pub fn glyph(name: &str) -> Option<char> {
    GLYPHS.iter().find(|g| g.1 == name).map(|g| g.0)
}

/// The names that start with `prefix` and their glyphs (what Tab offers after `\prefix`).
///
/// ```
/// use cubework::apl::keys::names_starting;
/// assert_eq!(names_starting("rot"), [("rotate", '⌽'), ("rotatefirst", '⊖')]);
/// ```
pub fn names_starting(prefix: &str) -> Vec<(&'static str, char)> {
    GLYPHS
        .iter()
        .filter(|g| g.1.starts_with(prefix))
        .map(|g| (g.1, g.0))
        .collect()
}

/// A name typed as `\name` that names no glyph: where it starts (a character column, from
/// 0) and what it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no glyph is named '\\{name}' (help apl lists them)")]
pub struct UnknownName {
    /// The column of its backslash.
    pub column: usize,
    /// The name.
    pub name: String,
}

/// `line` with every `\name` replaced by its glyph. A backslash followed by no letter is
/// APL's own `\` (expand) and stays; inside quotes nothing is replaced.
///
/// ```
/// use cubework::apl::keys::expand_names;
/// assert_eq!(expand_names(r"\rho CUBE").unwrap(), "⍴ CUBE");
/// assert_eq!(expand_names(r"(22\rho 1 0)\CUBE").unwrap(), r"(22⍴ 1 0)\CUBE");
/// assert_eq!(expand_names(r"'\rho'").unwrap(), r"'\rho'");
/// assert!(expand_names(r"\nothing 3").is_err());
/// ```
pub fn expand_names(line: &str) -> Result<String, UnknownName> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = String::with_capacity(line.len());
    let mut quoted = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '\'' {
            quoted = !quoted;
        }
        let name_len = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_lowercase())
            .count();
        if c == '\\' && !quoted && name_len > 0 {
            let name: String = chars[i + 1..i + 1 + name_len].iter().collect();
            // The longest name that is a glyph's: `\rhoX` is not `\rho` and X, but an error;
            // a name followed by an upper-case letter (`\CUBE`) is APL's expand.
            match glyph(&name) {
                Some(g) => out.push(g),
                None => {
                    return Err(UnknownName { column: i, name });
                }
            }
            i += 1 + name_len;
            continue;
        }
        out.push(c);
        i += 1;
    }
    Ok(out)
}

/// `help apl`'s table of glyphs: the glyph, `\name`, and what it does.
pub fn glyph_table() -> String {
    GLYPHS
        .iter()
        .map(|(g, name, what)| {
            let shown = if *g == '\u{304}' {
                "X\u{304}".to_string()
            } else {
                g.to_string()
            };
            format!("  {shown:<2} \\{name:<13} {what}")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_has_one_name_and_every_name_one_glyph() {
        for (i, a) in GLYPHS.iter().enumerate() {
            for b in &GLYPHS[i + 1..] {
                assert_ne!(a.0, b.0);
                assert_ne!(a.1, b.1);
            }
            assert_eq!(
                expand_names(&format!("\\{}", a.1)).unwrap(),
                a.0.to_string()
            );
        }
    }
}
