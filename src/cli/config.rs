//! The command line's settings, in one place: whether to draw in colour, the colour scheme
//! (`--colours`, `CUBEWORK_COLOURS`, the choice `colours` keeps), and where the REPL keeps
//! what lasts between sessions (its history, the APL workspace, the colour scheme), under
//! `CUBEWORK_DATA_DIR` or the user's data directory.

use std::io::IsTerminal;
use std::path::PathBuf;

use crate::answer::error::Result;

/// Whether to draw in colour: only on a terminal, and never when `NO_COLOR` is set.
pub fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// Where the REPL keeps its history: `$CUBEWORK_DATA_DIR/history.txt` if that is set and not
/// empty, else the user's data directory.
pub fn history_file() -> Option<PathBuf> {
    history_file_from(std::env::var_os("CUBEWORK_DATA_DIR"))
}

/// Where the REPL keeps the APL workspace between sessions: `workspace.apl` beside the
/// history file ([`Session::keep_workspace`](crate::command::Session::keep_workspace)).
pub fn workspace_file() -> Option<PathBuf> {
    history_file().map(|h| h.with_file_name("workspace.apl"))
}

/// Where `colours` keeps the chosen colour scheme between sessions: `colours.txt` beside the
/// history file, read by [`chosen_colours`].
pub fn colours_file() -> Option<PathBuf> {
    history_file().map(|h| h.with_file_name("colours.txt"))
}

/// The colour scheme to show things in: `flag` (`--colours`), else `CUBEWORK_COLOURS`, else
/// the choice kept in [`colours_file`], else the paper's. A bad `CUBEWORK_COLOURS` is bad
/// input, as a bad `--colours` is (exit status 2); a bad word in the file is a note on
/// stderr (naming the file, the line and the word), and the paper's (or the file's good
/// word) is used.
pub fn chosen_colours(
    flag: Option<crate::turn::face::Scheme>,
) -> Result<crate::turn::face::Scheme> {
    let (scheme, notes) = crate::turn::face::Scheme::chosen(flag, colours_file().as_deref())
        .map_err(crate::answer::error::Error::Usage)?;
    crate::command::one_shot::say_colour_notes(&notes);
    Ok(scheme)
}

fn history_file_from(env: Option<std::ffi::OsString>) -> Option<PathBuf> {
    match env {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir).join("history.txt")),
        _ => directories::ProjectDirs::from("", "", "cubework")
            .map(|d| d.data_dir().join("history.txt")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_data_directory_variable_counts_as_unset() {
        assert_eq!(
            history_file_from(Some("/d".into())),
            Some(PathBuf::from("/d/history.txt"))
        );
        assert_ne!(
            history_file_from(Some("".into())),
            Some(PathBuf::from("history.txt"))
        );
        assert_eq!(history_file_from(Some("".into())), history_file_from(None));
    }
}
