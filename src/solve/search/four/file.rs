//! The centre tables on disk, through the checksummed store of [`crate::base::table_cache`]:
//! one file, `four.bin`, whose payload is the tables one after the other (phase 1's 735,471
//! bytes, phase 2's 1,801,800, the third centre phase's 343,000 and G3's centre table's
//! 686,000, one byte an entry, 255 for a value never reached; then the pairing table's
//! 15,422,400 bytes, four entries a byte).
//!
//! Nothing in it is trusted. Besides the store's own checks (regular file, size, version,
//! checksum), each table must hold 0 at its goals and nowhere else (the pairing table: at
//! its goal, and each of its values as often as when built), phases 1 and 2 must have
//! reached every value, and a sample of every table's entries is checked against their
//! neighbours: each reached value one turn from a value one less and from none less than
//! that, each unreached one with no reached neighbour. A file that fails is built again.
//! Beyond that, a wrong table could only make a search slower or longer: every solution is
//! checked by making it before it is returned.

use std::path::Path;

use crate::base::cancel::Cancelled;
use crate::base::table_cache::{self, CacheError, CacheReport, TableFile};
use crate::solve::search::four::edge3;
use crate::solve::search::four::moves::Moves;
use crate::solve::search::four::tables::{Phases, SIZES, Tables, UNREACHED, goals, neighbours};

/// The payload's format version; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 4;

/// The centre tables' cache file.
///
/// ```
/// assert_eq!(cubework::solve::search::four::table_file().file_name(), "four.bin");
/// ```
pub fn table_file() -> TableFile {
    TableFile {
        name: "four",
        version: FORMAT_VERSION,
        max_payload: (SIZES.iter().sum::<usize>() + edge3::BYTES) as u64,
    }
}

/// Every `step`-th entry, and the first few: the entries a load checks.
fn sample(size: usize) -> impl Iterator<Item = usize> {
    (0..64).chain((0..size).step_by(97))
}

impl Tables {
    /// The tables as the payload of their cache file.
    pub fn to_payload(&self) -> Vec<u8> {
        let mut out = self.all().concat();
        out.extend_from_slice(&self.edges.bytes);
        out
    }

    /// Reads a payload written by [`to_payload`](Tables::to_payload), trusting nothing (see
    /// the module docs); the error says what is wrong.
    pub fn from_payload(bytes: &[u8], moves: &Moves, phases: &Phases) -> Result<Tables, String> {
        let total: usize = SIZES.iter().sum::<usize>() + edge3::BYTES;
        if bytes.len() != total {
            return Err(format!(
                "a payload of {} bytes, expected {total}",
                bytes.len()
            ));
        }
        let mut rest = bytes;
        let mut take = |n: usize| {
            let (a, b) = rest.split_at(n);
            rest = b;
            a.to_vec()
        };
        let tables = Tables {
            t1: take(SIZES[0]),
            t2: take(SIZES[1]),
            t3: take(SIZES[2]),
            t4: take(SIZES[3]),
            edges: edge3::Table {
                bytes: take(edge3::BYTES),
            },
        };
        let goals = goals(phases, moves, &tables.t4);
        for (which, t) in tables.all().into_iter().enumerate() {
            let name = format!("phase {} table", which + 1);
            let zeros = t.iter().filter(|&&v| v == 0).count();
            let want = goals[which].len();
            if goals[which].iter().any(|&g| t[g] != 0) || zeros != want {
                return Err(format!(
                    "the {name} has {zeros} goals, not {want} at its goals"
                ));
            }
            if which < 2 && t.contains(&UNREACHED) {
                return Err(format!("the {name} leaves a value unreached"));
            }
            let (turns, next) = neighbours(phases, moves, which);
            for i in sample(t.len()) {
                let v = t[i];
                let near: Vec<u8> = turns.iter().map(|&m| t[next(i, m)]).collect();
                let fits = if v == UNREACHED {
                    near.iter().all(|&w| w == UNREACHED)
                } else if v == 0 {
                    true
                } else {
                    near.contains(&(v - 1)) && near.iter().all(|&w| w >= v - 1)
                };
                if !fits {
                    return Err(format!(
                        "the {name}'s entry {i} disagrees with its neighbours"
                    ));
                }
            }
        }
        edge3::check(&tables.edges, &phases.g3, &phases.coord)?;
        Ok(tables)
    }
}

/// Loads the tables from the cache in `dir`, or, if there is no directory or the file is
/// missing, damaged or inconsistent, builds them (`progress` hears how far) and saves them;
/// an error if Ctrl-C stopped the build (nothing is saved then).
pub fn load_or_build_in(
    moves: &Moves,
    phases: &Phases,
    dir: Option<&Path>,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<(Tables, CacheReport), Cancelled> {
    let spec = table_file();
    table_cache::try_load_or_build(
        &spec,
        dir,
        |path| {
            let loaded = table_cache::read(path, &spec).and_then(|p| {
                Tables::from_payload(&p, moves, phases).map_err(CacheError::Inconsistent)
            });
            if let Err(problem) = &loaded {
                table_cache::say_rebuilt(&spec, path, problem);
            }
            loaded
        },
        || Tables::build(moves, phases, progress),
        |t| vec![std::borrow::Cow::Owned(t.to_payload())],
    )
}
