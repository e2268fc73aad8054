//! What `)copy` says: the names it brought in, and a note naming its file's lines that did
//! not run, passed over.

/// What `copy_named` brought in: the file's representations, the names copied, and the
/// file's lines that did not run.
pub(super) type CopiedNames = (Vec<crate::rep::user::UserRep>, Vec<String>, Vec<String>);

/// What `)copy` says after `copied from FILE`: the names it brought in.
pub(super) fn copied_names(copied: &[String]) -> String {
    match copied.len() {
        0 => ": nothing (no function or variable of the file ran)".to_string(),
        _ => format!(": {}", copied.join(" ")),
    }
}

/// The note `)copy` adds when lines of its file did not run: they are passed over, the rest
/// is copied.
pub(super) fn passed_over_note(failed: &[String]) -> Option<String> {
    match failed.len() {
        0 => None,
        1 => Some(format!(
            "one line of the file did not run and was passed over: {}",
            failed[0]
        )),
        n => Some(format!(
            "{n} lines of the file did not run and were passed over: {}",
            failed.join("; ")
        )),
    }
}
