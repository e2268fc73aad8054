//! The two-phase tables on disk, through the checksummed store of [`crate::base::table_cache`]: one
//! file, `twophase.bin` (about 1.1 MB), whose payload is, little-endian:
//!
//! | section | entries | each |
//! |---|---|---|
//! | twist → class, flip → class | 2187, 2048 | u16 class << 4 \| symmetry |
//! | twist class moves, flip class moves | 324·18, 336·18 | u16 class << 4 \| symmetry |
//! | slice moves, slice through a symmetry | 495·18, 495·8 | u16 |
//! | flip class representative through a symmetry | 336·8 | u16 |
//! | corner perm → class, UD-edge perm → class | 40320, 40320 | u16 class << 4 \| symmetry |
//! | corner class moves, UD-edge class moves | 2768·10, 2768·10 | u16 class << 4 \| symmetry |
//! | slice perm moves and symmetries, corner comb moves and symmetries | 24·10, 24·16, 140·10, 140·16 | u16 |
//! | each of the five pruning tables | 16 counts, then the entries | u64 counts of each value, then 4 bits an entry |
//!
//! Nothing in it is trusted. Besides the store's own checks (regular file, size, version,
//! XXH3 checksum), every value must be in range (so no lookup can fall outside a table);
//! every pruning table must have solved alone at 0, no entry left unreached, and exactly the
//! stored count of each value; and a sample of every move and symmetry table is recomputed
//! from the cubie model, and a sample of every pruning table's entries checked against their
//! neighbours (each one step from the next, one closer to solved). A file that fails is
//! built again. Beyond that, a wrong table can only make the search slower or miss a
//! solution: every solution is checked by making it before it is returned.
//!
//! The counts and samples are checked when the file is saved, on the first load after it
//! changes, and by `cubework tables check`, as the optimal tables' are: a load of the very
//! bytes last checked whole (the stamp `twophase.bin.checked` is of this file, and the
//! checksum it records is the one the bytes read have, [`table_cache::checked_sums`]) checks
//! the store's header and checksum and every value's range, which takes a load from about
//! 4 ms to about 2. A file changed in place with its checksum made again and its time put
//! back keeps its stamp, but not that checksum: it is checked whole.

use std::path::Path;

use crate::base::table_cache::{self, CacheReport, TableFile};
use crate::solve::model::coord::{N_CORNER_COMB, N_FLIP, N_PERM, N_SLICE, N_SLICE_PERM, N_TWIST};
use crate::solve::model::cubie::CubieCube;
use crate::solve::model::sym::{UD_FLIP_SYMS, UD_SYMS, ud_symmetries, ud_tables};
use crate::solve::table::prune::Nibbles;
use crate::solve::table::tables::{
    N_FLIP_CLASSES, N_PERM_CLASSES, N_TWIST_CLASSES, PHASE2_MOVES, Pruning, Tables,
};
use crate::turn::moves::FaceMove;

/// The payload's format version; files of another version are rebuilt.
pub const FORMAT_VERSION: u32 = 1;

/// How a section of 16-bit entries is checked: each value below `limit`, or a packed class
/// coordinate (class below `classes`, symmetry below `syms`).
#[derive(Clone, Copy)]
enum Range {
    Below(usize),
    Class { classes: usize, syms: usize },
}

/// The 16-bit sections, in file order: name, entries, range.
const SECTIONS: [(&str, usize, Range); 15] = [
    (
        "twist classes",
        N_TWIST,
        class(N_TWIST_CLASSES, UD_FLIP_SYMS),
    ),
    ("flip classes", N_FLIP, class(N_FLIP_CLASSES, UD_FLIP_SYMS)),
    (
        "twist class moves",
        N_TWIST_CLASSES * 18,
        class(N_TWIST_CLASSES, UD_FLIP_SYMS),
    ),
    (
        "flip class moves",
        N_FLIP_CLASSES * 18,
        class(N_FLIP_CLASSES, UD_FLIP_SYMS),
    ),
    ("slice moves", N_SLICE * 18, Range::Below(N_SLICE)),
    (
        "slice symmetries",
        N_SLICE * UD_FLIP_SYMS,
        Range::Below(N_SLICE),
    ),
    (
        "flip representatives",
        N_FLIP_CLASSES * UD_FLIP_SYMS,
        Range::Below(N_FLIP),
    ),
    (
        "corner perm classes",
        N_PERM,
        class(N_PERM_CLASSES, UD_SYMS),
    ),
    (
        "UD-edge perm classes",
        N_PERM,
        class(N_PERM_CLASSES, UD_SYMS),
    ),
    (
        "corner class moves",
        N_PERM_CLASSES * 10,
        class(N_PERM_CLASSES, UD_SYMS),
    ),
    (
        "UD-edge class moves",
        N_PERM_CLASSES * 10,
        class(N_PERM_CLASSES, UD_SYMS),
    ),
    (
        "slice perm moves",
        N_SLICE_PERM * 10,
        Range::Below(N_SLICE_PERM),
    ),
    (
        "slice perm symmetries",
        N_SLICE_PERM * UD_SYMS,
        Range::Below(N_SLICE_PERM),
    ),
    (
        "corner comb moves",
        N_CORNER_COMB * 10,
        Range::Below(N_CORNER_COMB),
    ),
    (
        "corner comb symmetries",
        N_CORNER_COMB * UD_SYMS,
        Range::Below(N_CORNER_COMB),
    ),
];

const fn class(classes: usize, syms: usize) -> Range {
    Range::Class { classes, syms }
}

/// Bytes in a payload.
pub const PAYLOAD_BYTES: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < SECTIONS.len() {
        n += 2 * SECTIONS[i].1;
        i += 1;
    }
    let mut k = 0;
    while k < Pruning::ALL.len() {
        let (c, r) = Pruning::ALL[k].shape();
        n += 16 * 8 + (c * r).div_ceil(2);
        k += 1;
    }
    n
};

/// The two-phase tables' cache file.
///
/// ```
/// assert_eq!(cubework::solve::table::twophase_file::table_file().file_name(), "twophase.bin");
/// ```
pub fn table_file() -> TableFile {
    TableFile {
        name: "twophase",
        version: FORMAT_VERSION,
        max_payload: PAYLOAD_BYTES as u64,
    }
}

impl Tables {
    fn sections(&self) -> [&[u16]; 15] {
        [
            &self.twist_sym,
            &self.flip_sym,
            &self.twist_class_move,
            &self.flip_class_move,
            &self.slice_move,
            &self.slice_conj,
            &self.flip_rep_conj,
            &self.corner_sym,
            &self.edge_sym,
            &self.corner_class_move,
            &self.edge_class_move,
            &self.slice_perm_move,
            &self.slice_perm_conj,
            &self.comb_move,
            &self.comb_conj,
        ]
    }

    /// The tables as the payload of their cache file.
    pub fn to_payload(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(PAYLOAD_BYTES);
        for section in self.sections() {
            for &v in section {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for which in Pruning::ALL {
            let t = self.pruning(which);
            for count in t.distribution() {
                out.extend_from_slice(&count.to_le_bytes());
            }
            out.extend_from_slice(t.bytes());
        }
        out
    }

    /// Reads a payload written by [`to_payload`](Tables::to_payload), trusting nothing (see
    /// the module docs); the error says what is wrong.
    pub fn from_payload(bytes: &[u8]) -> Result<Tables, String> {
        Self::decode(bytes, true)
    }

    /// Reads a payload, checking every value's range, and if `whole` also each pruning
    /// table's counts and a sample of every table against the cubie model (see the module
    /// docs).
    fn decode(bytes: &[u8], whole: bool) -> Result<Tables, String> {
        if bytes.len() != PAYLOAD_BYTES {
            return Err(format!(
                "a payload of {} bytes, expected {PAYLOAD_BYTES}",
                bytes.len()
            ));
        }
        let mut at = 0;
        let mut sections: Vec<Box<[u16]>> = Vec::with_capacity(SECTIONS.len());
        for (name, len, range) in SECTIONS {
            let values: Box<[u16]> = bytes[at..at + 2 * len]
                .chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]))
                .collect();
            at += 2 * len;
            let bad = values.iter().position(|&v| match range {
                Range::Below(limit) => v as usize >= limit,
                Range::Class { classes, syms } => {
                    (v >> 4) as usize >= classes || (v & 15) as usize >= syms
                }
            });
            if let Some(i) = bad {
                return Err(format!("{name} entry {i} is {}, out of range", values[i]));
            }
            sections.push(values);
        }
        let mut pruning = Vec::with_capacity(Pruning::ALL.len());
        for which in Pruning::ALL {
            let (c, r) = which.shape();
            let counts: Vec<u64> = bytes[at..at + 128]
                .chunks_exact(8)
                .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
                .collect();
            at += 128;
            let len = (c * r).div_ceil(2);
            let table = Nibbles::from_bytes(bytes[at..at + len].into(), c * r)
                .ok_or_else(|| format!("the {} table has the wrong size", which.name()))?;
            at += len;
            if whole {
                let found = table.distribution();
                if found[..] != counts[..] {
                    return Err(format!(
                        "the {} table's values do not occur as often as its counts say",
                        which.name()
                    ));
                }
                if table.get(0) != 0 || found[0] != 1 || found[15] != 0 {
                    return Err(format!(
                        "the {} table does not have solved alone at 0 and every entry reached",
                        which.name()
                    ));
                }
            }
            pruning.push(table);
        }
        let (corner_inv, edge_inv, corner_rep_comb) =
            crate::solve::table::tables::inverse_tables(&sections[7], &sections[8])?;
        let mut s = sections.into_iter();
        let mut next = || s.next().expect("15 sections");
        let mut p = pruning.into_iter();
        let mut prune = || p.next().expect("5 pruning tables");
        let tables = Tables {
            twist_sym: next(),
            flip_sym: next(),
            twist_class_move: next(),
            flip_class_move: next(),
            slice_move: next(),
            slice_conj: next(),
            flip_rep_conj: next(),
            corner_sym: next(),
            edge_sym: next(),
            corner_class_move: next(),
            edge_class_move: next(),
            slice_perm_move: next(),
            slice_perm_conj: next(),
            comb_move: next(),
            comb_conj: next(),
            corner_inv,
            edge_inv,
            corner_rep_comb,
            slice_twist: prune(),
            slice_flip: prune(),
            twist_flip: prune(),
            corner_slice: prune(),
            edge_comb: prune(),
        };
        if whole {
            tables.check_sample()?;
        }
        Ok(tables)
    }

    /// Recomputes a sample of every move and symmetry table from the cubie model, and checks
    /// a sample of every pruning table's entries against their neighbours.
    fn check_sample(&self) -> Result<(), String> {
        self.check_orientation_classes()?;
        self.check_flip_representatives()?;
        self.check_slice_tables()?;
        self.check_phase2_classes()?;
        self.check_phase2_small()?;
        for which in Pruning::ALL {
            let t = self.pruning(which);
            self.check_entries(which, sample(t.len(), 2048))
                .map_err(|e| format!("the {} table: {e}", which.name()))?;
        }
        Ok(())
    }

    /// The twist and the flip classes and their move tables, on a sample of each.
    fn check_orientation_classes(&self) -> Result<(), String> {
        let (syms, uds) = (ud_symmetries(), ud_tables());
        type Coord = (fn(usize) -> CubieCube, fn(&CubieCube) -> usize);
        let twist: Coord = (CubieCube::from_twist, CubieCube::twist);
        let flip: Coord = (CubieCube::from_flip, CubieCube::flip);
        for (name, n, sym, class_move, (cube, coord)) in [
            (
                "twist",
                N_TWIST,
                &self.twist_sym,
                &self.twist_class_move,
                twist,
            ),
            ("flip", N_FLIP, &self.flip_sym, &self.flip_class_move, flip),
        ] {
            for r in sample(n, 64) {
                let (c, s) = (sym[r] >> 4, (sym[r] & 15) as usize);
                if !is_rep(sym, coord(&syms[s].conj(&cube(r))), c) {
                    return disagree(&format!("{name} classes"), r);
                }
                for m in 0..18 {
                    let moved = coord(&cube(r).apply(FaceMove::ALL[m]));
                    let packed = class_move[c as usize * 18 + uds.moves[s][m] as usize];
                    let (c2, s2) = (packed >> 4, (packed as usize & 7) ^ s);
                    if !is_rep(sym, coord(&syms[s2].conj(&cube(moved))), c2) {
                        return disagree(&format!("{name} class moves"), r);
                    }
                }
            }
        }
        Ok(())
    }

    /// The flip classes' representatives' conjugates, on a sample of flips.
    fn check_flip_representatives(&self) -> Result<(), String> {
        let syms = ud_symmetries();
        for r in sample(N_FLIP, 64) {
            let (c, s) = (self.flip_sym[r] >> 4, (self.flip_sym[r] & 15) as usize);
            let rep = syms[s].conj(&CubieCube::from_flip(r));
            for (t, sym) in syms.iter().enumerate().take(UD_FLIP_SYMS) {
                if self.flip_rep_conj[c as usize * UD_FLIP_SYMS + t] as usize
                    != sym.conj(&rep).flip()
                {
                    return disagree("flip representatives", r);
                }
            }
        }
        Ok(())
    }

    /// The slice coordinate's move and symmetry tables, on a sample of slices.
    fn check_slice_tables(&self) -> Result<(), String> {
        let syms = ud_symmetries();
        for r in sample(N_SLICE, 64) {
            let cube = CubieCube::from_slice(r);
            for m in 0..18 {
                if self.slice_move[r * 18 + m] as usize != cube.apply(FaceMove::ALL[m]).slice() {
                    return disagree("slice moves", r);
                }
            }
            for (s, sym) in syms.iter().enumerate().take(UD_FLIP_SYMS) {
                if self.slice_conj[r * UD_FLIP_SYMS + s] as usize != sym.conj(&cube).slice() {
                    return disagree("slice symmetries", r);
                }
            }
        }
        Ok(())
    }

    /// Phase 2's class coordinates (corner and UD-edge permutations) and their move
    /// tables, on a sample of each.
    fn check_phase2_classes(&self) -> Result<(), String> {
        let (syms, uds) = (ud_symmetries(), ud_tables());
        type Perm<'a> = (&'a str, &'a [u16], &'a [u16], Set, Get);
        let perms: [Perm; 2] = [
            (
                "corner perm",
                &self.corner_sym,
                &self.corner_class_move,
                CubieCube::from_corner_perm,
                CubieCube::corner_perm,
            ),
            (
                "UD-edge perm",
                &self.edge_sym,
                &self.edge_class_move,
                CubieCube::from_ud_edge_perm,
                CubieCube::ud_edge_perm,
            ),
        ];
        let p2conj = crate::solve::table::tables::phase2_conj();
        for (what, classes, moves, set, get) in perms {
            for r in sample(N_PERM, 64) {
                let (c, s) = (classes[r] >> 4, (classes[r] & 15) as usize);
                if !is_rep(classes, get(&syms[s].conj(&set(r))), c) {
                    return disagree(what, r);
                }
                for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                    let moved = get(&set(r).apply(FaceMove::ALL[m as usize]));
                    let packed = moves[c as usize * 10 + p2conj[s][k] as usize];
                    let s2 = uds.mult[s][(packed & 15) as usize] as usize;
                    if !is_rep(classes, get(&syms[s2].conj(&set(moved))), packed >> 4) {
                        return disagree(what, r);
                    }
                }
            }
        }
        Ok(())
    }

    /// Phase 2's small coordinates (the slice permutation and the corner combination):
    /// every entry of their move and symmetry tables.
    fn check_phase2_small(&self) -> Result<(), String> {
        let syms = ud_symmetries();
        type Small<'a> = (&'a str, usize, &'a [u16], &'a [u16], Set, Get);
        let small: [Small; 2] = [
            (
                "slice perm",
                N_SLICE_PERM,
                &self.slice_perm_move,
                &self.slice_perm_conj,
                CubieCube::from_slice_perm,
                CubieCube::slice_perm,
            ),
            (
                "corner comb",
                N_CORNER_COMB,
                &self.comb_move,
                &self.comb_conj,
                CubieCube::from_corner_comb,
                CubieCube::corner_comb,
            ),
        ];
        for (what, n, moves, conj, set, get) in small {
            for r in 0..n {
                for (k, &m) in PHASE2_MOVES.iter().enumerate() {
                    if moves[r * 10 + k] as usize != get(&set(r).apply(FaceMove::ALL[m as usize])) {
                        return disagree(what, r);
                    }
                }
                for (s, sym) in syms.iter().enumerate() {
                    if conj[r * UD_SYMS + s] as usize != get(&sym.conj(&set(r))) {
                        return disagree(what, r);
                    }
                }
            }
        }
        Ok(())
    }
}

/// A coordinate's cubie cube, and back.
type Set = fn(usize) -> CubieCube;
type Get = fn(&CubieCube) -> usize;

/// `k` samples spread evenly through `0..n`, with an odd stride.
fn sample(n: usize, k: usize) -> impl Iterator<Item = usize> {
    (0..k).map(move |i| (i * 7919 + 13) % n)
}

/// A class coordinate is right if the symmetry it names takes the raw value to a value that
/// the table itself calls its class's representative.
fn is_rep(table: &[u16], raw: usize, class: u16) -> bool {
    table[raw] == class << 4
}

fn disagree(what: &str, i: usize) -> Result<(), String> {
    Err(format!("{what} disagree with the cubies at {i}"))
}

/// Loads the tables from the cache in `dir`, or, if there is no directory or the file is
/// missing, damaged or inconsistent, builds them (`progress` hears how far) and saves them.
pub fn load_or_build_in(
    dir: Option<&Path>,
    progress: &mut dyn FnMut(u64, u64),
) -> (Tables, CacheReport) {
    let spec = table_file();
    let loaded = table_cache::try_load_or_build(
        &spec,
        dir,
        |path| {
            let loaded = table_cache::read_summed(path, &spec).and_then(|(payload, sum)| {
                // The counts and samples are left out only for the very bytes that passed
                // them: the stamp's checksum is the one these bytes were just checked against.
                let whole = table_cache::checked_sums(path).is_none_or(|s| s.file != sum);
                Tables::decode(&payload, whole).map_err(table_cache::CacheError::Inconsistent)
            });
            if let Err(problem) = &loaded {
                table_cache::say_rebuilt(&spec, path, problem);
            }
            loaded
        },
        || Ok::<_, std::convert::Infallible>(Tables::build(progress)),
        |t| vec![std::borrow::Cow::Owned(t.to_payload())],
    );
    match loaded {
        Ok(done) => done,
        Err(never) => match never {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::table_cache::CacheError;
    use crate::solve::table::tables::tests::tables;

    /// A new directory of this test's own, removed when dropped.
    fn temp_dir(name: &str) -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix(&format!("cubework-2p-{name}-"))
            .tempdir()
            .unwrap()
    }

    #[test]
    fn payload_round_trips() {
        let t = tables();
        let bytes = t.to_payload();
        assert_eq!(bytes.len(), PAYLOAD_BYTES);
        assert_eq!(Tables::from_payload(&bytes).as_ref(), Ok(t));
        assert!(Tables::from_payload(&bytes[1..]).is_err());
    }

    #[test]
    fn damage_behind_a_good_checksum_is_found() {
        let good = tables().to_payload();
        let damaged = |at: usize, value: u8| {
            let mut b = good.clone();
            b[at] = value;
            Tables::from_payload(&b).unwrap_err()
        };
        // An out-of-range move: would index outside a table.
        let err = damaged(1, 0xFF);
        assert!(err.contains("twist classes entry 0"), "{err}");
        // A wrong but in-range move entry: caught by the sample (the first entries are in it).
        let slice_at = 2 * (N_TWIST + N_FLIP + 18 * (N_TWIST_CLASSES + N_FLIP_CLASSES));
        let entry = 13 * 18; // slice 13, move U: sampled
        let err = damaged(slice_at + 2 * entry, (good[slice_at + 2 * entry] + 1) % 200);
        assert!(err.contains("slice moves disagree"), "{err}");
        // A changed pruning value: the counts no longer agree.
        let last = good.len() - 1;
        let err = damaged(last, good[last] ^ 0x11);
        assert!(err.contains("as often as its counts say"), "{err}");
    }

    #[test]
    fn a_file_checked_whole_is_trusted_for_its_counts_until_it_changes() {
        let own = temp_dir("stamp");
        let dir = own.path().to_path_buf();
        std::fs::create_dir_all(&dir).unwrap();
        let path = table_file().path_in(&dir);
        // A good checksum over a pruning value changed within range: only the counts tell.
        let mut payload = tables().to_payload();
        let last = payload.len() - 1;
        payload[last] ^= 0x11;
        table_cache::write(&path, &table_file(), &payload).unwrap();
        // Never checked whole: read whole, found inconsistent, rebuilt and marked checked.
        let (t, report) = load_or_build_in(Some(&dir), &mut |_, _| {});
        assert!(
            matches!(report.problem, Some(CacheError::Inconsistent(_))),
            "{report}"
        );
        assert_eq!(&t, tables());
        assert!(table_cache::checked_since(&path));
        // The same file marked checked, as if it had passed: a load trusts the stamp...
        table_cache::write(&path, &table_file(), &payload).unwrap();
        table_cache::mark_checked(&path);
        let (t, report) = load_or_build_in(Some(&dir), &mut |_, _| panic!("it loads"));
        assert!(report.loaded, "{report}");
        assert_ne!(&t, tables());
        // ...until the file changes (a rewrite, even of the same bytes, is a new file)...
        table_cache::write(&path, &table_file(), &payload).unwrap();
        let (t, report) = load_or_build_in(Some(&dir), &mut |_, _| {});
        assert!(!report.loaded, "{report}");
        assert_eq!(&t, tables());
        // ...and `tables check`'s reading, `Tables::from_payload`, never trusts it.
        let err = Tables::from_payload(&payload).unwrap_err();
        assert!(err.contains("as often as its counts say"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_forged_in_place_behind_its_stamp_is_checked_whole_and_rebuilt() {
        use std::io::{Seek, Write};
        let own = temp_dir("forged-in-place");
        let dir = own.path().to_path_buf();
        let path = table_file().path_in(&dir);
        let (_, report) = load_or_build_in(Some(&dir), &mut |_, _| {});
        assert!(
            !report.loaded && table_cache::checked_since(&path),
            "{report}"
        );
        // A pruning value changed within range and the checksum made again, written over the
        // file in place with its time put back: the same length, time and inode, so the
        // stamp still stands; only the counts can tell.
        let mut payload = tables().to_payload();
        let last = payload.len() - 1;
        payload[last] ^= 0x11;
        let bytes = table_cache::file_bytes(&table_file(), &payload);
        let mut f = std::fs::OpenOptions::new().write(true).open(&path).unwrap();
        let modified = f.metadata().unwrap().modified().unwrap();
        f.seek(std::io::SeekFrom::Start(0)).unwrap();
        f.write_all(&bytes).unwrap();
        f.set_modified(modified).unwrap();
        drop(f);
        assert!(table_cache::checked_since(&path));
        let (t, report) = load_or_build_in(Some(&dir), &mut |_, _| {});
        assert!(
            matches!(report.problem, Some(CacheError::Inconsistent(_))),
            "{report}"
        );
        assert_eq!(&t, tables());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_table_file_is_detected_and_rebuilt() {
        let own = temp_dir("rebuild");
        let dir = own.path().to_path_buf();
        let built = || tables().clone();
        let build = |_: &mut dyn FnMut(u64, u64)| built();
        type Build<'a> = &'a dyn Fn(&mut dyn FnMut(u64, u64)) -> Tables;
        let run = |build: Build| {
            table_cache::load_or_build(
                &table_file(),
                Some(&dir),
                Tables::from_payload,
                || build(&mut |_, _| {}),
                Tables::to_payload,
            )
        };
        let (t, report) = run(&build);
        assert_eq!(&t, tables());
        assert_eq!(report.problem, Some(CacheError::Missing));
        assert!(report.save_error.is_none(), "{report}");
        let (_, report) = run(&|_| panic!("it loads"));
        assert!(report.loaded, "{report}");
        // A flipped byte: the checksum; rebuilt and rewritten.
        let path = table_file().path_in(&dir);
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[500_000] ^= 0x40;
        std::fs::write(&path, &bytes).unwrap();
        let (t, report) = run(&build);
        assert_eq!(&t, tables());
        assert!(
            matches!(report.problem, Some(CacheError::Checksum { .. })),
            "{report}"
        );
        assert!(
            report.to_string().contains("twophase.bin is damaged"),
            "{report}"
        );
        let (_, report) = run(&|_| panic!("the rewritten file loads"));
        assert!(report.loaded);
        // A good checksum over wrong contents: inconsistent, rebuilt.
        let mut payload = tables().to_payload();
        payload[3] = 0xFF;
        table_cache::write(&path, &table_file(), &payload).unwrap();
        let (_, report) = run(&build);
        assert!(
            matches!(report.problem, Some(CacheError::Inconsistent(_))),
            "{report}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
