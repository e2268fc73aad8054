//! Typing APL at the REPL as in TryAPL and RIDE: a backtick key becomes its glyph as it is
//! typed (`` ` `` then `r` shows `⍴` at once), and Tab completes the names of the session's
//! APL workspace. Both hold where APL is read: in APL mode, and on a line `apl …`.
//!
//! The backtick is a prefix, as an APL keyboard's is: it shows nothing, and the key after it
//! is typed as its glyph (`` ` `` twice is `⋄`); a key that names no glyph is typed after a
//! backtick, as typed. A key that types no character (Backspace, an arrow, Enter) drops the
//! prefix, and does what it does.
//!
//! The keys are [`crate::apl::defs::backtick`]'s, read from the table of glyphs. A backtick
//! key that reaches a line some other way (pasted, or typed where nothing is turned) is still
//! read as its glyph when the line runs ([`crate::apl::keys::expand_names`]); inside quotes
//! neither turns it.

use std::sync::{Arc, Mutex};

use rustyline::{Cmd, EventContext, KeyCode, KeyEvent, Modifiers};

use crate::command::Session;

/// What the REPL's keys need to know of the session, kept up to date after each line
/// ([`AplTyping::follow`]): whether it is in APL mode, and its workspace's names.
#[derive(Clone, Default)]
pub(crate) struct AplTyping {
    state: Arc<Mutex<Typing>>,
}

#[derive(Default)]
struct Typing {
    mode: bool,
    names: Vec<String>,
    /// A backtick was typed: the next key is a glyph's.
    prefix: bool,
}

impl AplTyping {
    /// Takes in the session as a line has left it.
    pub(crate) fn follow(&self, session: &Session) {
        if let Ok(mut s) = self.state.lock() {
            s.mode = session.in_apl();
            s.names = session.apl_names();
            s.prefix = false;
        }
    }

    /// What a key typed at the cursor does instead of its own action: a backtick where APL
    /// is read waits for the next key, which is typed as its glyph.
    pub(crate) fn key(&self, key: KeyEvent, ctx: &EventContext<'_>) -> Option<Cmd> {
        let mut s = self.state.lock().ok()?;
        let prefix = std::mem::take(&mut s.prefix);
        let KeyEvent(KeyCode::Char(c), Modifiers::NONE | Modifiers::SHIFT) = key else {
            return None;
        };
        if prefix {
            return Some(Cmd::Insert(1, after_backtick(c)));
        }
        let before = ctx.line().get(..ctx.pos())?;
        if c == '`' && reads_apl(s.mode, ctx.line()) && !in_quotes(before) {
            s.prefix = true;
            return Some(Cmd::Noop);
        }
        None
    }

    /// What Tab offers for the APL name before the cursor, and where it starts: the
    /// workspace's names that start with it, where APL is read; `None` where there are none.
    pub(crate) fn complete(&self, line: &str, pos: usize) -> Option<(usize, Vec<String>)> {
        let s = self.state.lock().ok()?;
        if !reads_apl(s.mode, line) {
            return None;
        }
        name_completions(line, pos, &s.names)
    }
}

/// Whether a line is read as APL: every line in APL mode, and `apl …` outside it.
fn reads_apl(mode: bool, line: &str) -> bool {
    mode || line
        .split_whitespace()
        .next()
        .is_some_and(|w| w.eq_ignore_ascii_case("apl"))
}

/// Whether the end of `before` is inside quotes (an APL string).
fn in_quotes(before: &str) -> bool {
    before.matches('\'').count() % 2 == 1
}

/// What a key typed after a backtick puts in the line: its glyph, or the backtick and the key
/// as typed when no glyph has that key.
fn after_backtick(key: char) -> String {
    match crate::apl::defs::backtick(key) {
        Some(glyph) => glyph.to_string(),
        None => format!("`{key}"),
    }
}

/// Whether `c` may be part of an APL name (letters, digits, `_`, `∆`, `⍙`, a barred letter,
/// the `⎕` of a system name).
fn in_name(c: char) -> bool {
    c.is_alphanumeric()
        || matches!(c, '_' | '∆' | '⍙' | '⎕')
        || crate::apl::bar::letter(c).is_some()
}

/// The names in `names` that start with the APL name ending at byte `pos` of `line`, and
/// where that name starts; `None` when no name is being typed there or none matches.
pub(crate) fn name_completions(
    line: &str,
    pos: usize,
    names: &[String],
) -> Option<(usize, Vec<String>)> {
    let before = line.get(..pos)?;
    let start = before
        .char_indices()
        .rev()
        .take_while(|&(_, c)| in_name(c))
        .last()
        .map(|(i, _)| i)?;
    let word = &before[start..];
    if word.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let found: Vec<String> = names
        .iter()
        .filter(|n| n.starts_with(word))
        .cloned()
        .collect();
    (!found.is_empty()).then_some((start, found))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_after_a_backtick_is_its_glyph_or_both_as_typed() {
        assert_eq!(after_backtick('r'), "⍴");
        assert_eq!(after_backtick('`'), "⋄");
        assert_eq!(after_backtick(' '), "` ");
        assert!(reads_apl(true, "R U"));
        assert!(reads_apl(false, "apl 1+`"));
        assert!(!reads_apl(false, "R `"));
        assert!(in_quotes("'a`") && !in_quotes("'a'`"));
    }

    #[test]
    fn tab_offers_the_workspace_names_that_start_with_the_name_typed() {
        let names: Vec<String> = ["CUBE", "average", "avg", "R"].map(String::from).to_vec();
        assert_eq!(
            name_completions("⍴av", "⍴av".len(), &names),
            Some(("⍴".len(), vec!["average".to_string(), "avg".to_string()]))
        );
        assert_eq!(
            name_completions("1+CU", 4, &names),
            Some((2, vec!["CUBE".to_string()]))
        );
        assert_eq!(name_completions("1+", 2, &names), None);
        assert_eq!(name_completions("zz", 2, &names), None);
        assert_eq!(name_completions("2", 1, &names), None);
    }
}
