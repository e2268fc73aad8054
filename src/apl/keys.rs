//! Typing APL without an APL keyboard: every glyph the evaluator reads has a name, typed as
//! `\name` — Tab turns it into the glyph in the REPL (`\rho⇥` gives `⍴`, as Julia's REPL does
//! for its symbols) — and most have a key typed after a backtick (`` `r `` is `⍴`, `` `i ``
//! is `⍳`: the prefix layout of TryAPL, RIDE and Dyalog). A line may keep either as it is:
//! [`expand_names`] reads them before the line is evaluated, so `\rho CUBE` and `` `r CUBE ``
//! are `⍴CUBE` everywhere APL is read. The names and keys are [`super::defs::GLYPHS`]'.

use super::defs::{GLYPHS, Kind};

/// The glyph named `name`.
///
/// ```
/// use cubework::apl::keys::glyph;
/// assert_eq!(glyph("rho"), Some('⍴'));
/// assert_eq!(glyph("transpose"), Some('⍉'));
/// assert_eq!(glyph("nothing"), None);
/// ```
pub fn glyph(name: &str) -> Option<char> {
    GLYPHS.iter().find(|g| g.name == name).map(|g| g.glyph)
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
        .filter(|g| g.name.starts_with(prefix))
        .map(|g| (g.name, g.glyph))
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

/// `line` with every `\name` and every backtick key (`` `r ``) replaced by its glyph. A
/// backslash followed by no letter is APL's own `\` (expand) and stays; inside quotes
/// nothing is replaced.
///
/// ```
/// use cubework::apl::keys::expand_names;
/// assert_eq!(expand_names(r"\rho CUBE").unwrap(), "⍴ CUBE");
/// assert_eq!(expand_names(r"(22\rho 1 0)\CUBE").unwrap(), r"(22⍴ 1 0)\CUBE");
/// assert_eq!(expand_names(r"'\rho'").unwrap(), r"'\rho'");
/// assert!(expand_names(r"\nothing 3").is_err());
/// assert_eq!(expand_names("`r`i 5").unwrap(), "⍴⍳ 5");
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
        if c == '`'
            && !quoted
            && let Some(g) = chars.get(i + 1).and_then(|&k| super::defs::backtick(k))
        {
            out.push(g);
            i += 2;
            continue;
        }
        // Counted only after a backslash: counting at every character made a long run of
        // letters (a 1 MiB string or comment) quadratic.
        let name_len = if c == '\\' && !quoted {
            chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_lowercase())
                .count()
        } else {
            0
        };
        if name_len > 0 {
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

/// `help apl`'s table of glyphs: the glyph, `\name`, its backtick key, and what it does.
pub fn glyph_table() -> String {
    GLYPHS
        .iter()
        .map(|g| {
            let shown = if g.glyph == '\u{304}' {
                "X\u{304}".to_string()
            } else {
                g.glyph.to_string()
            };
            let key = g.key.map_or(String::new(), |k| format!("`{k}"));
            let what = match (g.kind, g.monad, g.dyad) {
                (Kind::Function, Some(m), Some(d)) => format!("{m}; dyadic: {d}"),
                (Kind::Function, None, Some(d)) => format!("dyadic: {d}"),
                (_, Some(m), _) => m.to_string(),
                (_, None, d) => d.unwrap_or_default().to_string(),
            };
            format!("  {shown:<2} \\{:<13} {key:<3} {what}", g.name)
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
                assert_ne!(a.glyph, b.glyph);
                assert_ne!(a.name, b.name);
                assert!(a.key.is_none() || a.key != b.key, "{} {}", a.name, b.name);
            }
            assert_eq!(
                expand_names(&format!("\\{}", a.name)).unwrap(),
                a.glyph.to_string()
            );
            if let Some(k) = a.key {
                assert_eq!(expand_names(&format!("`{k}")).unwrap(), a.glyph.to_string());
            }
        }
    }
}
