//! A user's APL function compiled as [`Gather::compile`] compiles a move: run once on the
//! representation's array of cell indices (APL's `⍳` trick), checked to be a permutation of
//! the cells that does to a few random states what it does to the indices, identified as the
//! move it equals, if it equals one, and from then on run by the workspace as that gather on
//! arrays of the representation's shape. (The composite's up and down rows hold each corner
//! twice and its moves copy one copy to the other, so there a cell may be taken twice.)

use rand::{RngExt, SeedableRng};

use super::{Gather, RepKind, Representation, turn_name};
use crate::apl::{Elem, Value, Workspace};
use crate::state::cube::Cube;
use crate::state::sticker_perm::StickerPerm;
use crate::turn::moves::LayerTurn;

/// A function that does not compile.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CompileError {
    /// The function failed on the index array.
    #[error("{0}")]
    Apl(#[from] crate::apl::AplError),
    /// The representation's cells are not moved whole.
    #[error(
        "the numeric representation's cells are digits that its moves rearrange, which an array of cell indices cannot stand for; compile on another representation"
    )]
    Digits,
    /// The result is not a permutation of the cells.
    #[error("{name} is not a rearrangement of the cells: {why}")]
    NotAPermutation {
        /// The function.
        name: String,
        /// What is wrong.
        why: String,
    },
    /// The function looks at what the cells hold, not only where they are.
    #[error(
        "{name} looks at what the cells hold, not only where they are: on a random {rep} state it does not do what it does to the cells' indices{why}"
    )]
    Contents {
        /// The function.
        name: String,
        /// The representation.
        rep: &'static str,
        /// How it failed there, if it did.
        why: String,
    },
}

/// A compiled function: its gather, and the turn it equals, if any.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The gather that makes it.
    pub gather: Gather,
    /// The one turn of a block of layers it equals, if it equals one.
    pub equals: Option<LayerTurn>,
    /// What it does to the cube's stickers, if it moves stickers only to where stickers are
    /// (numbered as `cycles` numbers them).
    pub stickers: Option<StickerPerm>,
}

impl Compiled {
    /// The turn it equals in messages (the paper's letter where it is one of the paper's moves).
    pub fn name(&self, n: usize) -> Option<String> {
        self.equals.map(|t| turn_name(n, t))
    }

    /// Its order: how many times it brings every sticker back (by labels); where it is no
    /// permutation of the stickers, every cell (a gather that copies a cell never does: then
    /// the times it takes to repeat itself).
    pub fn order(&self) -> u64 {
        if let Some(p) = &self.stickers {
            return u64::try_from(p.order_by_labels()).unwrap_or(u64::MAX);
        }
        let sources = self.gather.sources();
        let mut cells: Vec<u16> = (0..sources.len() as u16).collect();
        let mut seen = std::collections::HashSet::new();
        let mut order = 0u64;
        loop {
            cells = sources.iter().map(|&s| cells[s as usize]).collect();
            order += 1;
            if cells.iter().enumerate().all(|(i, &c)| c as usize == i)
                || !seen.insert(cells.clone())
                || order >= 1_000_000
            {
                return order;
            }
        }
    }
}

/// A few random states of `kind` on the `n`×`n`×`n`, from the turns it defines.
pub(crate) fn random_states(kind: RepKind, n: usize, count: usize, seed: u64) -> Vec<Cube> {
    let turns: Vec<LayerTurn> = LayerTurn::quarter_turns(n)
        .into_iter()
        .filter(|&t| kind.undefined_turn(n, t).is_none())
        .collect();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut cube = Cube::solved_n(n);
            for _ in 0..40 {
                let t = turns[rng.random_range(0..turns.len())];
                let _ = cube.apply(&t.to_standard(n));
            }
            cube
        })
        .collect()
}

/// Random states a compiled function is checked on.
const CHECKED_STATES: usize = 4;

/// Compiles defined function `name` of `ws` for `rep`'s representation and size, and makes
/// `ws` run it so from then on (see [`Workspace::compile_gather`]).
pub fn compile(
    ws: &mut Workspace,
    name: &str,
    rep: &dyn Representation,
) -> Result<Compiled, CompileError> {
    let kind = rep.kind();
    if kind == RepKind::Numeric {
        return Err(CompileError::Digits);
    }
    ws.uncompile(name);
    let shape = rep.shape().to_vec();
    let cells: usize = shape.iter().product();
    // Cell c (1-based) holds c; a nested cubie holds its three byte offsets.
    let cell = |c: usize| {
        if kind == RepKind::Nested {
            let v = (1..=3).map(|s| Elem::Num((3 * c + s) as f64)).collect();
            Elem::Boxed(std::sync::Arc::new(Value::vector(v)))
        } else {
            Elem::Num((c + 1) as f64)
        }
    };
    let iota = Value::from_shape(&shape, (0..cells).map(cell).collect());
    let out = ws.call(name, None, iota)?;
    let not = |why: String| CompileError::NotAPermutation {
        name: name.to_string(),
        why,
    };
    if out.shape() != shape.as_slice() {
        return Err(not(format!(
            "it gives an array of shape {:?}, not {:?}",
            out.shape(),
            shape
        )));
    }
    let mut sources = Vec::with_capacity(cells * if kind == RepKind::Nested { 3 } else { 1 });
    for e in out.items() {
        match e {
            Elem::Num(n) => sources.push(*n),
            Elem::Boxed(v) if kind == RepKind::Nested && v.shape() == [3] => {
                for e in v.items() {
                    match e {
                        Elem::Num(n) => sources.push(*n),
                        _ => return Err(not("a cubie holds something not moved".into())),
                    }
                }
            }
            _ => return Err(not("a cell holds something not moved".into())),
        }
    }
    let len = sources.len();
    let mut seen = vec![false; len];
    let mut gathered = Vec::with_capacity(len);
    for n in sources {
        if n.fract() != 0.0 || n < 1.0 || n > len as f64 {
            return Err(not(format!("a cell holds {n}, not a cell's index")));
        }
        let i = n as usize - 1;
        if std::mem::replace(&mut seen[i], true) && kind != RepKind::Composite {
            return Err(not(format!("cell {} is taken twice", i + 1)));
        }
        gathered.push(i);
    }
    let n = rep.size();
    let per = if kind == RepKind::Nested { 3 } else { 1 };
    let sources: Vec<u32> = gathered.iter().map(|&i| i as u32).collect();
    for cube in random_states(kind, n, CHECKED_STATES, 0xC0_4E) {
        let value = kind
            .build(&cube)
            .map_err(|e| not(e.to_string()))?
            .apl_value();
        let contents = |why: String| CompileError::Contents {
            name: name.to_string(),
            rep: kind.name(),
            why,
        };
        let interpreted = ws
            .call(name, None, value.clone())
            .map_err(|e| contents(format!(" (there: {})", e.headline())))?;
        if crate::apl::gather_atoms(&value, per, &sources).as_ref() != Some(&interpreted) {
            return Err(contents(String::new()));
        }
    }
    ws.compile_gather(name, &shape, per, gathered.clone())
        .map_err(not)?;
    let stickers = sticker_perm(kind, n, &gathered);
    let gather = Gather::new(gathered);
    let equals = kind.defined_turns(n).into_iter().find(|&t| {
        rep.compile(t)
            .is_ok_and(|g| g.sources() == gather.sources())
    });
    Ok(Compiled {
        gather,
        equals,
        stickers,
    })
}

/// What a gather of `kind`'s atoms does to the stickers: each sticker position takes the
/// sticker shown where its atom's source is; `None` if that is no permutation of stickers (a
/// blank moved onto a sticker, two places of one sticker sent apart).
fn sticker_perm(kind: RepKind, n: usize, gathered: &[usize]) -> Option<StickerPerm> {
    let shows = super::apl_state::atoms_showing(kind, n)?;
    let mut shown_at: Vec<Option<usize>> = vec![None; gathered.len()];
    for &(atom, sticker) in &shows {
        *shown_at.get_mut(atom)? = Some(sticker);
    }
    let count = 6 * n * n;
    let mut src: Vec<Option<u16>> = vec![None; count];
    for &(atom, sticker) in &shows {
        let from = shown_at[*gathered.get(atom)?]? as u16;
        match src[sticker] {
            Some(s) if s != from => return None,
            _ => src[sticker] = Some(from),
        }
    }
    let src = src
        .iter()
        .enumerate()
        .map(|(i, s)| s.unwrap_or(i as u16))
        .collect();
    StickerPerm::from_sources(n, src)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apl::paper;
    use crate::state::cube::Cube;
    use crate::turn::moves::{Move, PaperLetter};

    #[test]
    fn each_papers_definition_compiles_to_the_move_it_defines() {
        for kind in RepKind::ALL.into_iter().filter(|&k| k != RepKind::Numeric) {
            let mut ws = paper::workspace(kind.name()).unwrap();
            let rep = kind.build(&Cube::solved()).unwrap();
            for t in kind.defined_moves() {
                let name = paper::move_name(t.paper_letter(3).unwrap(), t.inverse);
                let c = compile(&mut ws, &name, rep.as_ref()).unwrap();
                assert_eq!(c.equals, Some(t), "{kind} {name}");
                assert_eq!(c.name(3), t.paper(3).map(|m| m.to_string()));
            }
        }
    }

    #[test]
    fn a_users_function_compiles_and_is_named_or_refused_in_one_line() {
        let mut ws = paper::workspace("vector").unwrap();
        let rep = RepKind::Vector.build(&Cube::solved()).unwrap();
        ws.eval_line("TWICE: L L ⍵").unwrap();
        ws.eval_line("BACK: L̄ L L ⍵").unwrap();
        ws.eval_line("COPY: ⍵[1]←⍵[2]").unwrap();
        ws.eval_line("SHORT: 1↓⍵").unwrap();
        let twice = compile(&mut ws, "TWICE", rep.as_ref()).unwrap();
        assert_eq!(twice.equals, None);
        assert_eq!(twice.gather.moved().len(), 8 + 12);
        let back = compile(&mut ws, "BACK", rep.as_ref()).unwrap();
        assert_eq!(back.name(3).as_deref(), Some("L"));
        let err = compile(&mut ws, "COPY", rep.as_ref()).unwrap_err();
        assert_eq!(
            err.to_string(),
            "COPY is not a rearrangement of the cells: cell 2 is taken twice"
        );
        let err = compile(&mut ws, "SHORT", rep.as_ref()).unwrap_err();
        assert!(err.to_string().contains("shape [53], not [54]"), "{err}");
        let numeric = RepKind::Numeric.build(&Cube::solved()).unwrap();
        assert_eq!(
            compile(&mut ws, "TWICE", numeric.as_ref()).unwrap_err(),
            CompileError::Digits
        );
    }

    #[test]
    fn a_compiled_users_function_gives_what_it_gives_interpreted_on_random_states() {
        for kind in RepKind::ALL.into_iter().filter(|&k| k != RepKind::Numeric) {
            let mut ws = paper::workspace(kind.name()).unwrap();
            ws.eval_line("MINE: U R R ⍵").unwrap();
            let plain = ws.clone();
            let rep = kind.build(&Cube::solved()).unwrap();
            let c = compile(&mut ws, "MINE", rep.as_ref()).unwrap();
            assert_eq!(ws.compiled_shape("MINE"), Some(rep.shape()), "{kind}");
            assert!(plain.compiled_shape("MINE").is_none());
            let mut plain = plain;
            for cube in random_states(kind, 3, 50, 9) {
                let state = kind.build(&cube).unwrap();
                let value = state.apl_value();
                let compiled = ws.call("MINE", None, value.clone()).unwrap();
                let interpreted = plain.call("MINE", None, value).unwrap();
                assert_eq!(compiled, interpreted, "{kind}");
                // And the gather on the representation's own state agrees with both.
                let mut turned = kind.build(&cube).unwrap();
                turned.turn_compiled(&c.gather);
                assert_eq!(turned.apl_value(), compiled, "{kind}");
            }
            // Its cycles are those `cycles` gives the same moves (applied right to left).
            let want = StickerPerm::of_moves(
                3,
                &[PaperLetter::R, PaperLetter::R, PaperLetter::U].map(Move::paper),
            )
            .unwrap();
            assert_eq!(c.stickers.as_ref(), Some(&want), "{kind}");
            assert_eq!(u128::from(c.order()), want.order_by_labels(), "{kind}");
        }
    }

    #[test]
    fn a_function_that_looks_at_the_colours_is_refused() {
        let mut ws = paper::workspace("local").unwrap();
        let rep = RepKind::Local.build(&Cube::solved()).unwrap();
        // Index arrays are numbers, states letters: the function keeps the indices only.
        ws.eval_line("ODD: (⍵≡⍵+0)⌽⍵").unwrap();
        let err = compile(&mut ws, "ODD", rep.as_ref()).unwrap_err();
        assert!(
            err.to_string().contains("looks at what the cells hold"),
            "{err}"
        );
        assert_eq!(ws.compiled_shape("ODD"), None);
    }
}
