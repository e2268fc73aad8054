//! A statement typed or read over several lines, as a Dyalog programmer writes a dfn:
//!
//! ```text
//! f←{
//!   ⍺←1       ⍝ a default left argument
//!   ⍺+⍵
//! }
//! ```
//!
//! A line whose braces are left open goes on to the next ([`brace_balance`]), and the lines so
//! gathered are one statement, each line break inside the braces a statement separator `⋄`
//! ([`join`]), as Dyalog reads a dfn of many lines. Quotes and comments are APL's: a brace in a
//! string or after `⍝` opens nothing.

/// The code of `line`: what comes before its comment (`⍝` outside a string).
fn code(line: &str) -> &str {
    let mut quoted = false;
    for (at, c) in line.char_indices() {
        match c {
            '\'' => quoted = !quoted,
            '⍝' if !quoted => return &line[..at],
            _ => {}
        }
    }
    line
}

/// The braces `line` opens less those it closes, outside strings and comments.
///
/// ```
/// use cubework::apl::lines::brace_balance;
/// assert_eq!(brace_balance("f←{"), 1);
/// assert_eq!(brace_balance("g←{⍵} ⋄ h←{"), 1);
/// assert_eq!(brace_balance("'{' ⍝ {"), 0);
/// assert_eq!(brace_balance("}"), -1);
/// ```
pub fn brace_balance(line: &str) -> i64 {
    let mut quoted = false;
    let mut balance = 0;
    for c in code(line).chars() {
        match c {
            '\'' => quoted = !quoted,
            '{' if !quoted => balance += 1,
            '}' if !quoted => balance -= 1,
            _ => {}
        }
    }
    balance
}

/// The lines of `text` (one statement over several lines) as one line: each line's comment
/// left out, and a `⋄` between two lines unless the first ends a brace's opening or the
/// second starts with its close. A text of one line is itself.
///
/// ```
/// use cubework::apl::lines::join;
/// assert_eq!(join("f←{\n  ⍺←1 ⍝ default\n  ⍺+⍵\n}"), "f←{⍺←1 ⋄ ⍺+⍵}");
/// assert_eq!(join("g←{\n  h←{\n    ⍵×2\n  }\n  h ⍵\n}"), "g←{h←{⍵×2} ⋄ h ⍵}");
/// assert_eq!(join("'a⍝b'"), "'a⍝b'");
/// ```
pub fn join(text: &str) -> String {
    if !text.contains('\n') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split('\n').map(|l| code(l).trim()) {
        if line.is_empty() {
            continue;
        }
        if !(out.is_empty() || out.ends_with('{') || line.starts_with('}')) {
            out.push_str(" ⋄ ");
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_quote_doubled_in_a_string_keeps_the_string_open() {
        assert_eq!(brace_balance("'it''s {' ⋄ {"), 1);
        assert_eq!(
            join("f←{\n'it''s ⍝ not a comment'\n}"),
            "f←{'it''s ⍝ not a comment'}"
        );
    }

    #[test]
    fn blank_and_comment_only_lines_inside_a_dfn_are_left_out() {
        assert_eq!(join("f←{\n\n  ⍝ why\n  ⍵+1\n\n}"), "f←{⍵+1}");
    }

    proptest! {
        #![proptest_config(crate::proptest_config(200))]
        /// A dfn of many statements written one to a line reads as the same dfn on one line.
        #[test]
        fn a_dfn_written_over_lines_joins_to_its_one_line_form(
            body in proptest::collection::vec("[a-z⍵⍺+×←0-9 ]{1,8}", 1..6)
        ) {
            let statements: Vec<String> = body.iter().map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty()).collect();
            prop_assume!(!statements.is_empty());
            let lines = format!("f←{{\n{}\n}}", statements.join("\n"));
            prop_assert_eq!(join(&lines), format!("f←{{{}}}", statements.join(" ⋄ ")));
            prop_assert_eq!(lines.lines().map(brace_balance).sum::<i64>(), 0);
        }
    }
}
