//! A user's APL function compiled as [`Gather::compile`] compiles a move: run once on the
//! representation's array of cell indices (APL's `⍳` trick), checked to be a permutation of
//! the cells, and identified as the move it equals, if it equals one. (The composite's up and
//! down rows hold each corner twice and its moves copy one copy to the other, so there a cell
//! may be taken twice.)

use super::{Gather, RepKind, Representation, turn_name};
use crate::apl::{Elem, Value, Workspace};
use crate::moves::LayerTurn;

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
}

/// A compiled function: its gather, and the turn it equals, if any.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The gather that makes it.
    pub gather: Gather,
    /// The one turn of a block of layers it equals, if it equals one.
    pub equals: Option<LayerTurn>,
}

impl Compiled {
    /// The turn it equals in messages (the paper's letter where it is one of the paper's moves).
    pub fn name(&self, n: usize) -> Option<String> {
        self.equals.map(|t| turn_name(n, t))
    }
}

/// Compiles defined function `name` of `ws` for `rep`'s representation and size.
pub fn compile(
    ws: &mut Workspace,
    name: &str,
    rep: &dyn Representation,
) -> Result<Compiled, CompileError> {
    let kind = rep.kind();
    if kind == RepKind::Numeric {
        return Err(CompileError::Digits);
    }
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
    let gather = Gather::new(gathered);
    let n = rep.size();
    let equals = kind.defined_turns(n).into_iter().find(|&t| {
        rep.compile(t)
            .is_ok_and(|g| g.sources() == gather.sources())
    });
    Ok(Compiled { gather, equals })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::apl::paper;
    use crate::cube::Cube;

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
}
