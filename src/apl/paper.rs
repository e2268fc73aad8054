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

use super::parse::{Parser, Tok, Token, definition, lex};
use super::tree::Expr;
use super::{Workspace, named};
use crate::turn::moves::PaperLetter;
use std::collections::HashMap;
use std::sync::Arc;

/// The paper's part of a workspace: which functions are the paper's, and the workspace moved
/// onto another representation's.
impl Workspace {
    /// Marks every function defined so far as the paper's: a representation's own, which
    /// [`Workspace::rebase`] replaces by another representation's, where the user's stay.
    pub fn mark_paper(&mut self) {
        self.paper = self.defs.keys().cloned().collect();
        self.defs.values_mut().for_each(|d| d.paper = true);
        self.forget_arranged();
    }

    /// Whether `name` is a function the paper's source defined, not defined again since.
    pub fn is_paper(&self, name: &str) -> bool {
        self.paper.contains(name)
    }

    /// The paper's functions the user has defined again (their own definitions replacing
    /// the paper's) since the last call.
    ///
    /// ```
    /// use cubework::apl::paper;
    /// let mut ws = paper::workspace("vector").unwrap();
    /// ws.eval_line("R←{⍵}").unwrap();
    /// assert_eq!(ws.take_shadowed(), ["R"]);
    /// assert!(ws.take_shadowed().is_empty() && !ws.is_paper("R") && ws.is_paper("U"));
    /// ```
    pub fn take_shadowed(&mut self) -> Vec<String> {
        std::mem::take(&mut self.shadowed)
    }

    /// The first of the paper's functions a line of statements runs, named in it or called
    /// by a function of the user's it names; none for a definition, or a statement that only
    /// names a function (`G←{R ⍵}`, `T←R∘U`), which runs nothing. A function named earlier
    /// on the line runs what it mentions when a later statement calls it.
    ///
    /// ```
    /// use cubework::apl::Workspace;
    /// let mut ws = Workspace::new();
    /// ws.eval_line("R: ⌽⍵").unwrap();
    /// ws.mark_paper();
    /// ws.eval_line("MINE: R R ⍵").unwrap();
    /// assert_eq!(ws.paper_function_in("CUBE←MINE CUBE").as_deref(), Some("R"));
    /// assert_eq!(ws.paper_function_in("⍴CUBE"), None);
    /// assert_eq!(ws.paper_function_in("TWICE: R R ⍵"), None);
    /// assert_eq!(ws.paper_function_in("A←1 ⋄ G←{R ⍵} ⋄ T←R R"), None);
    /// assert_eq!(ws.paper_function_in("G←{R ⍵} ⋄ CUBE←G CUBE").as_deref(), Some("R"));
    /// ```
    pub fn paper_function_in(&self, line: &str) -> Option<String> {
        if line.trim_start().starts_with('∇') {
            return None;
        }
        let tokens = lex(line).ok()?;
        if definition(&tokens).is_some() {
            return None;
        }
        let names = |n: &str| named(&self.defs, n);
        let parser = Parser::new(line, &tokens, &names);
        // A line that does not read runs nothing (its error says why).
        let statements = parser.statements(0, tokens.len()).ok()?;
        let spans = statement_spans(&tokens);
        // The paper's function each function named on this line reaches (none: it reaches none).
        let mut named_here: HashMap<&str, Option<String>> = HashMap::new();
        for (statement, span) in statements.iter().zip(spans) {
            let naming = matches!(statement, Expr::AssignFn(..));
            // What a function is named for is not run by the naming.
            let from = match naming {
                true => (span.start..span.end)
                    .find(|&i| tokens[i].kind == Tok::Arrow)
                    .map_or(span.start, |i| i + 1),
                false => span.start,
            };
            let reached = tokens[from..span.end].iter().find_map(|t| match &t.kind {
                Tok::Name(n) => match named_here.get(n.as_str()) {
                    Some(here) => here.clone(),
                    None => self.paper_reached(n),
                },
                _ => None,
            });
            match statement {
                Expr::AssignFn(name, ..) => {
                    named_here.insert(name.as_str(), reached);
                }
                _ if reached.is_some() => return reached,
                _ => {}
            }
        }
        None
    }

    /// The first of the paper's functions defined function `name` runs, itself or through
    /// the definitions it reaches.
    fn paper_reached(&self, name: &str) -> Option<String> {
        if !self.defs.contains_key(name) {
            return None;
        }
        self.calls(name)
            .into_iter()
            .find(|f| self.defs.get(f).is_some_and(|d| d.paper))
    }

    /// The user's functions (those not the paper's), sorted.
    pub fn user_functions(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self
            .defs
            .keys()
            .filter(|n| !self.paper.contains(*n))
            .map(|s| s.as_str())
            .collect();
        names.sort();
        names
    }

    /// This workspace on another representation's paper definitions (`paper`, a workspace
    /// holding only those): the user's functions, variables and compiled functions are kept,
    /// the paper's replaced. A user's function that no longer reads (a name it calls changed
    /// from function to array) is dropped, and named, with why, in what this returns.
    ///
    /// ```
    /// use cubework::apl::{Workspace, paper};
    /// let mut ws = paper::workspace("vector").unwrap();
    /// ws.eval_line("MINE: R ⍵").unwrap();
    /// ws.eval_line("K←42").unwrap();
    /// let lost = ws.rebase(paper::workspace("numeric").unwrap());
    /// assert!(lost.is_empty());
    /// assert_eq!(ws.user_functions(), ["MINE"]);
    /// assert_eq!(ws.eval_line("K").unwrap().to_string(), "42");
    /// // R is now the numeric representation's.
    /// assert_eq!(ws.definition("R"), Some("R: ⍵[;;,1],[3]⍵[;;,2],[3]X⍵[;;,3]"));
    /// ```
    pub fn rebase(&mut self, paper: Workspace) -> Vec<String> {
        let mut next = paper;
        next.mark_paper();
        next.max_steps = self.max_steps;
        next.vars = std::mem::take(&mut self.vars);
        next.random = std::mem::take(&mut self.random);
        let mut user: Vec<(String, Arc<str>)> = self
            .defs
            .iter()
            .filter(|(n, _)| !self.paper.contains(*n))
            .map(|(n, d)| (n.clone(), Arc::clone(&d.line)))
            .collect();
        user.sort();
        let mut lost = Vec::new();
        for (name, line) in &user {
            let defined = next.define(name, line);
            if let Err(e) = defined {
                lost.push(format!(
                    "{name} does not read here, and is gone: {}",
                    e.detail
                ));
            }
        }
        // Compiled forms made only through the user's functions still hold.
        for (name, g) in std::mem::take(&mut self.compiled) {
            if g.through
                .iter()
                .all(|f| !self.paper.contains(f) && next.defs.contains_key(f))
            {
                next.compiled.insert(name, g);
            }
        }
        *self = next;
        lost
    }
}

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

/// The paper's last pages, loaded into every representation's workspace after its own
/// definitions: `DO`, the six tools (`SWITCH` `TWIST` `SNAP` `LIFT` `CYCLE` `FLIP`, strings
/// for `DO`), and `SCRAMBLE`, `RANDOM`, `INVERSE`. They use only the move letters, so they
/// run in every representation that defines the letters a string names (`LIFT` turns `C`,
/// which the composite and visual ones do not define: there it stops with `VALUE ERROR`).
///
/// ```
/// use cubework::apl::paper;
/// let mut ws = paper::workspace("nested").unwrap();
/// ws.eval_line("CUBE←3 3 3⍴⊂'WRG'").unwrap();
/// assert_eq!(ws.eval_line("(CUBE DO 'F̄D̄FDRDR̄')≡R̄ D R D F D̄ F̄ CUBE").unwrap().to_string(), "1");
/// assert_eq!(ws.eval_line("'UŪDD̄' INVERSE 'UD̄D̄'").unwrap().to_string(), "DDŪ");
/// ```
pub const LAST_PAGES: &str = include_str!("paper/tools.apl");

/// The functions [`LAST_PAGES`] defines.
pub const LAST_PAGES_FUNCTIONS: [&str; 10] = [
    "DO", "SWITCH", "TWIST", "SNAP", "LIFT", "CYCLE", "FLIP", "SCRAMBLE", "RANDOM", "INVERSE",
];

/// The token ranges of a line's statements: split at the diamonds outside brackets and
/// braces, as the parser splits them.
fn statement_spans(tokens: &[Token]) -> Vec<std::ops::Range<usize>> {
    let mut depth = 0usize;
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, t) in tokens.iter().enumerate() {
        match t.kind {
            Tok::LParen | Tok::LBrack | Tok::LBrace => depth += 1,
            Tok::RParen | Tok::RBrack | Tok::RBrace => depth = depth.saturating_sub(1),
            Tok::Diamond if depth == 0 => {
                spans.push(start..i);
                start = i + 1;
            }
            _ => {}
        }
    }
    spans.push(start..tokens.len());
    spans
}

/// The definitions of the representation named `rep`.
pub fn source(rep: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(name, _)| *name == rep)
        .map(|(_, s)| *s)
}

/// A workspace holding the definitions of the representation named `rep`, and the paper's
/// last pages ([`LAST_PAGES`]).
pub fn workspace(rep: &str) -> Option<Workspace> {
    let mut ws = Workspace::new();
    ws.load(source(rep)?).expect("the paper's definitions read");
    ws.load(LAST_PAGES).expect("the paper's last pages read");
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
    use crate::rep::RepKind;
    use crate::state::cube::Cube;
    use crate::turn::moves::LayerTurn;
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
                .filter(|f| {
                    !names.iter().any(|n| n == f)
                        && !["PERMUTE", "EACHRIGHT"].contains(f)
                        && !LAST_PAGES_FUNCTIONS.contains(f)
                })
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

    /// A paper move's name as the definitions spell it.
    fn name_of(m: &crate::turn::moves::Move) -> String {
        let letter = m.paper_letter().unwrap();
        move_name(letter, *m != crate::turn::moves::Move::paper(letter))
    }

    /// A cell of a Markdown table row, its `\|` unescaped; the cells of `row`.
    fn cells(row: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut cell = String::new();
        let mut chars = row.trim().trim_start_matches('|').chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&'|') => {
                    cell.push('|');
                    chars.next();
                }
                '|' => out.push(std::mem::take(&mut cell).trim().to_string()),
                c => cell.push(c),
            }
        }
        out
    }

    /// The first `code span` of a cell.
    fn code(cell: &str) -> Option<&str> {
        let start = cell.find('`')? + 1;
        let len = cell[start..].find('`')?;
        Some(&cell[start..start + len])
    }

    /// The tokens of an APL line, without their places (`ω` and `⍵` alike, blanks ignored).
    fn tokens(line: &str) -> Vec<super::super::parse::Tok> {
        super::super::parse::lex(line)
            .unwrap_or_else(|e| panic!("{line}: {e}"))
            .into_iter()
            .map(|t| t.kind)
            .collect()
    }

    /// The guide's table of every line the paper prints (`src/guide/scan.md`): each verbatim
    /// line is its scan text; each line it says runs does, in its representation (`all`: in
    /// every one), and a definition that is not the file's own line equals the file's
    /// function of that name on random states; every line of the last pages is in it; and
    /// the counts the guide gives are the table's.
    #[test]
    fn every_line_the_guides_table_says_runs_runs_and_equals_the_files_function() {
        let guide = include_str!("../guide/scan.md");
        let rows: Vec<Vec<String>> = guide
            .lines()
            .skip_while(|l| !l.starts_with("| rep | the scan prints | runs as | status |"))
            .skip(2)
            .take_while(|l| l.starts_with('|'))
            .map(cells)
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0x5ca1);
        let states: Vec<Cube> = (0..20)
            .map(|_| crate::rep::testing::scrambled(&mut rng, 25))
            .collect();
        let mut counts = std::collections::BTreeMap::new();
        let mut ran_as: Vec<Vec<super::super::parse::Tok>> = Vec::new();
        for row in &rows {
            let [rep, printed, runs, status] = row.as_slice() else {
                panic!("{row:?}");
            };
            let status = status.split(':').next().unwrap().trim();
            let kind = status.split(',').next().unwrap();
            *counts.entry(kind.to_string()).or_insert(0) += 1;
            assert!(
                ["verbatim", "glyphs", "reading", "not printed"].contains(&kind),
                "{row:?}"
            );
            if kind == "verbatim" {
                assert_eq!(code(printed), code(runs), "{row:?}");
            }
            let Some(line) = code(runs) else {
                assert!(kind == "not printed", "{row:?}");
                continue;
            };
            let definition = line
                .split_once(':')
                .filter(|(name, _)| !name.contains(['←', '(', ' ']));
            if kind == "not printed" && definition.is_none() {
                continue;
            }
            ran_as.push(tokens(line));
            let kinds: Vec<RepKind> = if rep == "all" {
                RepKind::ALL.to_vec()
            } else {
                vec![rep.parse().unwrap_or_else(|_| panic!("{rep}"))]
            };
            for kind in kinds {
                let mut ws = workspace(kind.name()).unwrap();
                let Some((name, body)) = definition else {
                    for cube in &states {
                        ws.set("CUBE", kind.build(cube).unwrap().apl_value());
                        ws.eval_line(line)
                            .unwrap_or_else(|e| panic!("{kind}: {line}: {e}"));
                    }
                    continue;
                };
                let own = ws
                    .definition(name)
                    .unwrap_or_else(|| panic!("{kind}: {name} is not defined"));
                if tokens(own) == tokens(line) {
                    continue;
                }
                let printed_name = format!("{name}∆");
                ws.eval_line(&format!("{printed_name}:{body}"))
                    .unwrap_or_else(|e| panic!("{kind}: {line}: {e}"));
                for cube in &states {
                    let value = kind.build(cube).unwrap().apl_value();
                    let apl = ws.call(&printed_name, None, value.clone());
                    let own = ws.call(name, None, value);
                    assert_eq!(apl.unwrap(), own.unwrap(), "{kind}: {line}");
                }
            }
        }
        for line in LAST_PAGES.lines().filter(|l| !l.starts_with('⍝')) {
            assert!(ran_as.contains(&tokens(line)), "{line} is not in the table");
        }
        let said = format!(
            "So of the {} rows, {} run verbatim, {} with glyphs put back, {} with a reading, and {} stand",
            rows.len(),
            counts["verbatim"],
            counts["glyphs"],
            counts["reading"],
            counts["not printed"]
        );
        assert!(guide.replace('\n', " ").contains(&said), "{said}");
    }

    /// Each tool's line in the last pages is `ω DO` the string the Rust tool makes.
    #[test]
    fn each_tools_line_is_do_of_the_rust_tools_paper_sequence() {
        let ws = workspace("local").unwrap();
        for tool in crate::sequence::tools::Tool::ALL {
            let moves: String = tool.paper_moves().iter().map(name_of).collect();
            assert_eq!(
                ws.definition(tool.name()).unwrap(),
                format!("{}: ω DO '{moves}'", tool.name())
            );
        }
    }

    /// RANDOM, from `⎕RL←s`, draws what the workbench's RANDOM (`tools::random`) draws from
    /// seed `s`: the same generator and the same numbers. The workbench's scramble from seed
    /// `s` is those draws with the ones it refuses left out (a face just turned, an axis a
    /// third time in a row).
    #[test]
    fn random_in_apl_draws_what_the_workbenchs_random_and_scramble_draw_from_the_same_seed() {
        let mut ws = workspace("vector").unwrap();
        let alphabet = crate::sequence::tools::scramble_alphabet();
        let letters: String = alphabet.iter().map(name_of).collect();
        for seed in [1, 7, 16807, 123_456_789] {
            let apl = ws
                .eval_line(&format!("⎕RL←{seed} ⋄ 40 RANDOM '{letters}'"))
                .unwrap()
                .to_string();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let drawn = crate::sequence::tools::random(200, &alphabet, &mut rng);
            let rust: String = drawn[..40].iter().map(name_of).collect();
            assert_eq!(apl, rust, "seed {seed}");
            let axis = |m: &crate::turn::moves::Move| m.paper_letter().unwrap().axis();
            let mut kept: Vec<crate::turn::moves::Move> = Vec::new();
            for m in drawn {
                let n = kept.len();
                let same_face = n >= 1 && kept[n - 1].paper_letter() == m.paper_letter();
                let third =
                    n >= 2 && axis(&kept[n - 1]) == axis(&m) && axis(&kept[n - 2]) == axis(&m);
                if !same_face && !third {
                    kept.push(m);
                }
            }
            assert_eq!(
                kept[..17],
                crate::sequence::tools::scramble(17, seed)[..],
                "seed {seed}"
            );
        }
    }

    /// DO runs its moves through `⍎`, out of sight of the definitions: a compiled tool is
    /// forgotten when any function is redefined, since it may be one the tool makes.
    #[test]
    fn a_compiled_tool_is_forgotten_when_a_move_it_makes_is_redefined() {
        let mut ws = workspace("vector").unwrap();
        let identity: Vec<usize> = (0..54).collect();
        ws.compile_gather("SWITCH", &[54], 1, identity).unwrap();
        assert!(ws.calls("SWITCH").iter().any(|f| f == "R\u{304}"));
        ws.eval_line("R: ⍵").unwrap();
        assert_eq!(ws.compiled_shape("SWITCH"), None);
    }
}
