//! The paper's definitions as APL source, one file for each representation (in
//! `src/apl/paper/`): its orientation moves, quarter-turns and their inverses (a bar over the
//! letter, `X̄`), each line as the paper prints it or as its reconstruction in `src/rep/`
//! reads. A test runs every one on a thousand random states of its representation and checks
//! it equals the Rust transform: a third voice beside the geometry model and the Rust code.
//!
//! ```
//! use cubework::apl::paper;
//! let mut ws = paper::workspace("numeric").unwrap();
//! ws.eval_line("CUBE←3 3 3⍴135").unwrap();
//! assert_eq!(ws.eval_line("(X̄ X CUBE)≡CUBE").unwrap().to_string(), "1");
//! ```

use super::Workspace;
use crate::moves::PaperLetter;

/// Each representation's name (as `RepKind::name` spells it) and its definitions.
pub const SOURCES: [(&str, &str); 7] = [
    ("numeric", include_str!("paper/numeric.apl")),
    ("local", include_str!("paper/local.apl")),
    ("composite", include_str!("paper/composite.apl")),
    ("visual", include_str!("paper/visual.apl")),
    ("vector", include_str!("paper/vector.apl")),
    ("4d", include_str!("paper/4d.apl")),
    ("nested", include_str!("paper/nested.apl")),
];

/// The definitions of the representation named `rep`.
pub fn source(rep: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(name, _)| *name == rep)
        .map(|(_, s)| *s)
}

/// A workspace holding the definitions of the representation named `rep`.
pub fn workspace(rep: &str) -> Option<Workspace> {
    let mut ws = Workspace::new();
    ws.load(source(rep)?).expect("the paper's definitions read");
    ws.mark_paper();
    Some(ws)
}

/// The name of paper move `letter` (inverse with a bar) as the definitions spell it.
pub fn move_name(letter: PaperLetter, inverse: bool) -> String {
    let letter = letter.letter();
    if inverse {
        format!("{letter}\u{304}")
    } else {
        letter.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::Cube;
    use crate::moves::LayerTurn;
    use crate::rep::RepKind;
    use rand::SeedableRng;

    /// Every definition, run by the evaluator on 1,000 random states of its representation,
    /// equals the Rust transform of the same move; and each representation's file defines
    /// exactly the moves it defines.
    #[test]
    fn every_paper_definition_agrees_with_the_rust_transform_on_a_thousand_random_states() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0xa9_1984);
        let states: Vec<Cube> = (0..1000)
            .map(|_| crate::rep::testing::scrambled(&mut rng, 25))
            .collect();
        for kind in RepKind::ALL {
            let mut ws = workspace(kind.name()).unwrap();
            let moves = kind.defined_moves();
            let names: Vec<String> = moves
                .iter()
                .map(|t| move_name(t.paper_letter(3).unwrap(), t.inverse))
                .collect();
            for name in &names {
                assert!(
                    ws.definition(name).is_some(),
                    "{kind}: {name} is not defined"
                );
            }
            let extra: Vec<&str> = ws
                .functions()
                .into_iter()
                .filter(|f| !names.iter().any(|n| n == f) && *f != "PERMUTE")
                .collect();
            assert!(
                extra.is_empty(),
                "{kind}: defines moves it has not: {extra:?}"
            );
            for cube in &states {
                let start = kind.build(cube).unwrap();
                let value = start.apl_value();
                for (m, name) in moves.iter().zip(&names) {
                    let mut rust = kind.build(cube).unwrap();
                    rust.turn(*m).unwrap();
                    let apl = ws
                        .call(name, None, value.clone())
                        .unwrap_or_else(|e| panic!("{kind} {name}: {e}"));
                    assert_eq!(
                        apl,
                        rust.apl_value(),
                        "{kind} {name} on\n{}",
                        start.render()
                    );
                }
            }
        }
    }

    /// The vector file's orientation moves are its quarter-turns in sequence, and a move then
    /// its inverse is the identity, in the evaluator alone.
    #[test]
    fn a_definition_then_its_inverse_leaves_the_cube_as_it_was() {
        let mut ws = workspace("vector").unwrap();
        let cube = RepKind::Vector.build(&Cube::solved()).unwrap();
        ws.set("CUBE", cube.apl_value());
        for t in LayerTurn::PAPER {
            let letter = t.paper_letter(3).unwrap();
            let line = format!(
                "({} {} CUBE)≡CUBE",
                move_name(letter, !t.inverse),
                move_name(letter, t.inverse)
            );
            assert_eq!(ws.eval_line(&line).unwrap().to_string(), "1", "{line}");
        }
    }
}
