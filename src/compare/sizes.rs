//! A range of cube sizes, as `--sizes` and `compare sizes` read it and the tables write it.

use std::ops::RangeInclusive;

use crate::state::cube::Cube;

/// A range of cube sizes as typed, `A..B` (or `A..=B`, `A-B`, or one size), each 2 to 9.
///
/// ```
/// use cubework::compare::parse_sizes;
/// assert_eq!(parse_sizes("2..7"), Ok(2..=7));
/// assert_eq!(parse_sizes("4"), Ok(4..=4));
/// assert!(parse_sizes("2..12").unwrap_err().contains("2 to 9"));
/// assert!(parse_sizes("7..2").is_err());
/// ```
pub fn parse_sizes(s: &str) -> Result<RangeInclusive<usize>, String> {
    let t = s.trim();
    let (a, b) = t
        .split_once("..=")
        .or_else(|| t.split_once(".."))
        .or_else(|| t.split_once('-'))
        .unwrap_or((t, t));
    let size = |v: &str| -> Result<usize, String> {
        let n: usize = v.trim().parse().map_err(|_| {
            format!(
                "'{}' is not a cube size (2 to 9)",
                crate::base::text::echo(v)
            )
        })?;
        Cube::check_size(n).map_err(|e| e.to_string())?;
        Ok(n)
    };
    let (a, b) = (size(a)?, size(b)?);
    if a > b {
        return Err(format!(
            "{a} is above {b}: give the smaller size first (2..7)"
        ));
    }
    Ok(a..=b)
}

/// The sizes a representation holds, in words: `2–9`, `2–3`.
pub(super) fn sizes_text(sizes: &RangeInclusive<usize>) -> String {
    format!("{}–{}", sizes.start(), sizes.end())
}
