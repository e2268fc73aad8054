//! Control structures in traditional functions, as Dyalog APL has them (Dyalog Programming
//! Reference Guide, "Control Structures"): `:If`/`:ElseIf`/`:Else`/`:EndIf` (with `:AndIf`
//! and `:OrIf`), `:While`/`:EndWhile` (or `:Until`), `:Repeat`/`:Until` (or `:EndRepeat`),
//! `:For NAMES :In ARRAY`/`:EndFor`, `:Select`/`:Case`/`:CaseList`/`:Else`/`:EndSelect`,
//! `:Trap CODES`/`:Else`/`:EndTrap`, `:Leave`, `:Continue`, `:Return`, and `:End` closing any
//! of them. A control word starts its line (after a label, if any) and is alone on it with its
//! expression.
//!
//! A function's lines are compiled, where it is defined, into [`Op`]s that jump to one
//! another: a structure not closed, or closed by the wrong word, is a `SYNTAX ERROR` naming
//! the function and the line, and nothing is defined. `→N` goes to the first op of line N.

use super::error::{AplError, ErrorKind};
use super::parse::{Parser, Tok, Token};
use super::tree::Expr;
use super::tree::Target;

type R<T> = Result<T, AplError>;

/// A control word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Word {
    If,
    ElseIf,
    AndIf,
    OrIf,
    Else,
    EndIf,
    While,
    EndWhile,
    Repeat,
    Until,
    EndRepeat,
    For,
    EndFor,
    Leave,
    Continue,
    Return,
    Select,
    Case,
    CaseList,
    EndSelect,
    Trap,
    EndTrap,
    End,
}

/// Each control word as Dyalog spells it (read whatever its letters' case).
const WORDS: [(Word, &str); 23] = [
    (Word::If, "If"),
    (Word::ElseIf, "ElseIf"),
    (Word::AndIf, "AndIf"),
    (Word::OrIf, "OrIf"),
    (Word::Else, "Else"),
    (Word::EndIf, "EndIf"),
    (Word::While, "While"),
    (Word::EndWhile, "EndWhile"),
    (Word::Repeat, "Repeat"),
    (Word::Until, "Until"),
    (Word::EndRepeat, "EndRepeat"),
    (Word::For, "For"),
    (Word::EndFor, "EndFor"),
    (Word::Leave, "Leave"),
    (Word::Continue, "Continue"),
    (Word::Return, "Return"),
    (Word::Select, "Select"),
    (Word::Case, "Case"),
    (Word::CaseList, "CaseList"),
    (Word::EndSelect, "EndSelect"),
    (Word::Trap, "Trap"),
    (Word::EndTrap, "EndTrap"),
    (Word::End, "End"),
];

impl Word {
    /// The control word a name after `:` is, if any.
    pub(crate) fn from_name(name: &str) -> Option<Word> {
        WORDS
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map(|(w, _)| *w)
    }

    /// Its name, with its colon.
    pub(crate) fn name(self) -> String {
        let (_, n) = WORDS.iter().find(|(w, _)| *w == self).expect("every word");
        format!(":{n}")
    }

    fn takes_expression(self) -> bool {
        use Word::*;
        matches!(
            self,
            If | ElseIf | AndIf | OrIf | While | Until | For | Select | Case | CaseList | Trap
        )
    }

    /// The word that closes the structure this one opens.
    fn closer(self) -> Word {
        match self {
            Word::If => Word::EndIf,
            Word::While => Word::EndWhile,
            Word::Repeat => Word::EndRepeat,
            Word::For => Word::EndFor,
            Word::Trap => Word::EndTrap,
            _ => Word::EndSelect,
        }
    }
}

/// A line that starts with a control word: the word, its expression (if it takes one), the
/// names a `:For` sets, and where its colon is.
#[derive(Debug)]
pub(crate) struct Control {
    word: Word,
    expr: Option<Expr>,
    target: Option<Target>,
    at: usize,
}

/// A body line, read.
#[derive(Debug)]
pub(crate) enum Line {
    Statements(Vec<Expr>),
    Control(Box<Control>),
}

/// The line `parser` reads from token `start` (after its label): a control word's, or
/// statements.
pub(crate) fn read(parser: &Parser, start: usize) -> R<Line> {
    let tokens = parser.tokens;
    let to = tokens.len();
    let (at, name) = match &tokens[start..] {
        [
            Token {
                kind: Tok::Colon,
                pos,
            },
            Token {
                kind: Tok::Name(n), ..
            },
            ..,
        ] => (*pos, n),
        _ => return parser.statements(start, to).map(Line::Statements),
    };
    let Some(word) = Word::from_name(name) else {
        let known: Vec<&str> = WORDS.iter().map(|(_, n)| *n).collect();
        return parser.error(
            format!(
                ":{name} is no control word read here (these are: :{})",
                known.join(" :")
            ),
            at,
        );
    };
    let mut from = start + 2;
    let mut target = None;
    if word == Word::For {
        let Some(inn) = (from..to).find(|&i| is_in(&tokens[i..])) else {
            return parser.error(":For needs :In: :For NAME :In ARRAY", at);
        };
        let names = match inn > from {
            true => parser
                .expression(from, inn, 0)
                .ok()
                .and_then(|e| Target::of(&e)),
            false => None,
        };
        let Some(names) = names else {
            return parser.error(
                ":For names the variables it sets: :For I :In V, :For A B :In PAIRS",
                parser.pos(from),
            );
        };
        target = Some(names);
        from = inn + 2;
    }
    let expr = match (word.takes_expression(), from == to) {
        (true, true) => {
            return parser.error(format!("{} needs an expression after it", word.name()), at);
        }
        (false, false) => {
            return parser.error(
                format!("{} takes nothing after it", word.name()),
                parser.pos(from),
            );
        }
        (false, true) => None,
        (true, false) => {
            let mut statements = parser.statements(from, to)?;
            if statements.len() != 1 || matches!(statements[0], Expr::Branch(_)) {
                return parser.error(
                    format!("{} takes one expression, alone on its line", word.name()),
                    parser.pos(from),
                );
            }
            statements.pop()
        }
    };
    Ok(Line::Control(Box::new(Control {
        word,
        expr,
        target,
        at,
    })))
}

/// Whether `tokens` start with `:In`.
fn is_in(tokens: &[Token]) -> bool {
    matches!(tokens, [Token { kind: Tok::Colon, .. }, Token { kind: Tok::Name(n), .. }, ..]
        if n.eq_ignore_ascii_case("In"))
}

/// Whether a name in a definition's text is a control word (the name after a `:`).
pub(crate) fn is_word(before: Option<&Tok>, name: &str) -> bool {
    before == Some(&Tok::Colon)
        && (Word::from_name(name).is_some() || name.eq_ignore_ascii_case("In"))
}

/// One step of a traditional function.
#[derive(Debug)]
pub(crate) enum Op {
    /// A line's statements, in order (`→` among them).
    Run(Vec<Expr>),
    /// A condition (`:If`, `:While`, …), a boolean singleton: 1 goes to `if_true`, 0 to
    /// `if_false`, anything else is a `DOMAIN ERROR`.
    Test {
        word: Word,
        at: usize,
        cond: Expr,
        if_true: usize,
        if_false: usize,
    },
    Jump(usize),
    Return,
    /// `:For … :In values`: the values kept, in ravel order, in the call's `slot`.
    For {
        values: Expr,
        slot: usize,
    },
    /// A `:For` loop's head: the next value given to `target`, or, when none is left, on to
    /// `end`.
    Next {
        target: Target,
        slot: usize,
        end: usize,
    },
    /// `:Select value`: kept in the call's `slot`.
    Select {
        value: Expr,
        slot: usize,
    },
    /// `:Case value` (the selected value matches it) or `:CaseList value` (it matches one of
    /// its items): on if so, else to `if_false`.
    Case {
        value: Expr,
        list: bool,
        slot: usize,
        if_false: usize,
    },
    /// `:Trap codes`: the event numbers, read, kept in the call's `slot` (the trap is set
    /// from here; [`Program::traps`] says which ops it covers).
    Trap {
        codes: Expr,
        at: usize,
        slot: usize,
    },
}

/// The ops a `:Trap` covers (`body`, from the op after it to its `:Else` or its end), the
/// call's slot that holds its event numbers once it has run, and where a caught error goes
/// (the op after `:Else`, or after the structure).
#[derive(Debug)]
pub(crate) struct Trap {
    pub(crate) body: std::ops::Range<usize>,
    pub(crate) slot: usize,
    pub(crate) handler: usize,
}

/// A traditional function's body, compiled.
#[derive(Debug, Default)]
pub(crate) struct Program {
    pub(crate) ops: Vec<Op>,
    /// Each op's line (from 0): where its errors are shown.
    pub(crate) lines: Vec<usize>,
    /// The first op of each line: where `→N` goes.
    pub(crate) starts: Vec<usize>,
    /// How many `:For`, `:Select` and `:Trap` values a call keeps.
    pub(crate) slots: usize,
    /// The `:Trap`s, each before any that holds it (an inner one first).
    pub(crate) traps: Vec<Trap>,
}

/// A structure open while its lines are compiled.
struct Block {
    word: Word,
    line: usize,
    at: usize,
    /// A loop's head: where `:EndWhile`, `:EndRepeat` and `:EndFor` go back to.
    start: usize,
    /// Ops whose "no" goes to the structure's next part (`:ElseIf`, `:Else`, `:Case`), or
    /// to its end.
    falses: Vec<usize>,
    /// Ops that leave the structure (to the op after its end).
    exits: Vec<usize>,
    /// `:Continue`s of a loop (to the op that goes back to its head).
    continues: Vec<usize>,
    /// The part opened last (`:ElseIf`, `:Else`, `:Case`…): none yet.
    part: Option<Word>,
    slot: usize,
}

/// Conditions joined by `:AndIf` or `:OrIf`, being read.
struct Chain {
    tests: Vec<usize>,
    /// None: one test yet; then whether they are joined by `:OrIf`.
    or: Option<bool>,
    /// For `:Until`: the loop's head (where "no" goes), and the loop, closed once the chain
    /// is (its `:Continue`s going to the first test).
    until: Option<(usize, Block, usize)>,
}

struct Compiler<'s> {
    name: &'s str,
    source: &'s [String],
    program: Program,
    line: usize,
    open: Vec<Block>,
    chain: Option<Chain>,
}

/// Compiles the lines of the function `name` (`source` as typed).
pub(crate) fn compile(name: &str, source: &[String], lines: Vec<Line>) -> R<Program> {
    let mut c = Compiler {
        name,
        source,
        program: Program::default(),
        line: 0,
        open: Vec::new(),
        chain: None,
    };
    for (i, line) in lines.into_iter().enumerate() {
        c.line = i;
        c.program.starts.push(c.program.ops.len());
        match line {
            Line::Statements(s) if s.is_empty() => {}
            Line::Statements(s) => {
                c.close_chain();
                c.emit(Op::Run(s));
            }
            Line::Control(control) => {
                if !matches!(control.word, Word::AndIf | Word::OrIf) {
                    c.close_chain();
                }
                c.control(*control)?;
            }
        }
    }
    c.close_chain();
    if let Some(b) = c.open.pop() {
        return c.error(
            b.line,
            b.at,
            format!(
                "the {} of line {} is not closed (by {} or :End)",
                b.word.name(),
                b.line + 1,
                b.word.closer().name()
            ),
        );
    }
    Ok(c.program)
}

/// Where a jump not yet known goes, until it is patched.
const UNKNOWN: usize = usize::MAX;

impl Compiler<'_> {
    fn error<T>(&self, line: usize, at: usize, detail: String) -> R<T> {
        let prefix = format!("{}[{}] ", self.name, line + 1);
        let text = format!("{prefix}{}", self.source[line]);
        Err(
            AplError::new(ErrorKind::Syntax, format!("in {}, {detail}", self.name))
                .at(&text, prefix.chars().count() + at),
        )
    }

    /// An error at the control word `c` of the line being compiled, named with its line:
    /// `:Leave on line 3 {detail}`.
    fn misplaced<T>(&self, c: &Control, detail: impl std::fmt::Display) -> R<T> {
        let line = self.line;
        let word = c.word.name();
        self.error(line, c.at, format!("{word} on line {} {detail}", line + 1))
    }

    fn emit(&mut self, op: Op) -> usize {
        self.program.ops.push(op);
        self.program.lines.push(self.line);
        self.program.ops.len() - 1
    }

    fn here(&self) -> usize {
        self.program.ops.len()
    }

    /// Points op `i`'s pending jump (its "no", or its end) at `to`.
    fn patch(&mut self, i: usize, to: usize) {
        match &mut self.program.ops[i] {
            Op::Test { if_false: t, .. } | Op::Case { if_false: t, .. } | Op::Jump(t) => *t = to,
            Op::Next { end, .. } => *end = to,
            Op::Run(_) | Op::Return | Op::For { .. } | Op::Select { .. } | Op::Trap { .. } => {}
        }
    }

    fn patch_all(&mut self, ops: Vec<usize>, to: usize) {
        ops.into_iter().for_each(|i| self.patch(i, to));
    }

    fn open_block(&mut self, word: Word, at: usize, start: usize, slot: usize) {
        self.open.push(Block {
            word,
            line: self.line,
            at,
            start,
            falses: Vec::new(),
            exits: Vec::new(),
            continues: Vec::new(),
            part: None,
            slot,
        });
    }

    fn new_slot(&mut self) -> usize {
        self.program.slots += 1;
        self.program.slots - 1
    }

    /// Whether the structure open innermost is one of `words`; else an error saying where
    /// `c` may stand.
    fn expect_open(&self, c: &Control, words: &[Word], only: &str) -> R<()> {
        match self.open.last() {
            Some(b) if words.contains(&b.word) => Ok(()),
            Some(b) => self.misplaced(
                c,
                format!(
                    "stands only {only}, and the {} of line {} is open",
                    b.word.name(),
                    b.line + 1
                ),
            ),
            None => self.misplaced(c, format!("stands only {only}")),
        }
    }

    /// The structure open innermost (there is one).
    fn top(&mut self) -> &mut Block {
        self.open.last_mut().expect("a structure open")
    }

    fn control(&mut self, c: Control) -> R<()> {
        let here = self.here();
        match c.word {
            Word::If => {
                self.open_block(Word::If, c.at, here, 0);
                self.test(c, None);
            }
            Word::While => {
                self.open_block(Word::While, c.at, here, 0);
                self.test(c, None);
            }
            Word::Repeat => self.open_block(Word::Repeat, c.at, here, 0),
            Word::ElseIf | Word::Else => self.alternative(c)?,
            Word::AndIf | Word::OrIf => self.join(c)?,
            Word::Until => {
                self.expect_open(&c, &[Word::Repeat, Word::While], "in :Repeat or :While")?;
                let b = self.open.pop().expect("open");
                self.test(c, Some((b.start, b, here)));
            }
            Word::For => {
                let slot = self.new_slot();
                let values = c.expr.expect("read with its expression");
                self.emit(Op::For { values, slot });
                let next = self.emit(Op::Next {
                    target: c.target.expect("read with its names"),
                    slot,
                    end: UNKNOWN,
                });
                self.open_block(Word::For, c.at, next, slot);
                self.top().exits.push(next);
            }
            Word::Select => {
                let slot = self.new_slot();
                let value = c.expr.expect("read with its expression");
                self.emit(Op::Select { value, slot });
                // Lines before the first :Case never run (as in Dyalog).
                let skip = self.emit(Op::Jump(UNKNOWN));
                self.open_block(Word::Select, c.at, here, slot);
                self.top().falses.push(skip);
            }
            Word::Trap => {
                let slot = self.new_slot();
                let codes = c.expr.expect("read with its expression");
                self.emit(Op::Trap {
                    codes,
                    at: c.at,
                    slot,
                });
                let body = self.here();
                self.open_block(Word::Trap, c.at, body, slot);
            }
            Word::Case | Word::CaseList => self.case(c)?,
            Word::Leave | Word::Continue => {
                let Some(b) = self
                    .open
                    .iter_mut()
                    .rev()
                    .find(|b| matches!(b.word, Word::While | Word::Repeat | Word::For))
                else {
                    return self.misplaced(&c, "stands only in a loop (:For, :While, :Repeat)");
                };
                match c.word {
                    Word::Leave => b.exits.push(here),
                    _ => b.continues.push(here),
                }
                self.emit(Op::Jump(UNKNOWN));
            }
            Word::Return => {
                self.emit(Op::Return);
            }
            Word::EndIf
            | Word::EndWhile
            | Word::EndRepeat
            | Word::EndFor
            | Word::EndSelect
            | Word::EndTrap
            | Word::End => self.close(c)?,
        }
        Ok(())
    }

    /// `:ElseIf cond` or `:Else`, in an `:If` (or `:Else` in a `:Select`).
    fn alternative(&mut self, c: Control) -> R<()> {
        let (words, only): (&[Word], _) = match c.word {
            Word::Else => (
                &[Word::If, Word::Select, Word::Trap],
                "in :If, :Select or :Trap",
            ),
            _ => (&[Word::If], "in :If"),
        };
        self.expect_open(&c, words, only)?;
        let (word, part, opened) = {
            let b = self.top();
            (b.word, b.part, b.line + 1)
        };
        if part == Some(Word::Else) {
            let detail = format!("follows the :Else of the {} of line {opened}", word.name());
            return self.misplaced(&c, detail);
        }
        if word == Word::Select && part.is_none() {
            return self.misplaced(&c, "comes before any :Case");
        }
        self.top().part = Some(c.word);
        // The part before ends here: on to the end.
        let jump = self.emit(Op::Jump(UNKNOWN));
        let here = self.here();
        self.top().exits.push(jump);
        let falses = std::mem::take(&mut self.top().falses);
        self.patch_all(falses, here);
        if c.word == Word::ElseIf {
            self.test(c, None);
        }
        Ok(())
    }

    /// `:Case value` or `:CaseList value`, in a `:Select`.
    fn case(&mut self, c: Control) -> R<()> {
        self.expect_open(&c, &[Word::Select], "in :Select")?;
        let (part, slot) = {
            let b = self.top();
            (b.part, b.slot)
        };
        if part == Some(Word::Else) {
            return self.misplaced(&c, "follows the :Else");
        }
        self.top().part = Some(c.word);
        if part.is_some() {
            let jump = self.emit(Op::Jump(UNKNOWN));
            self.top().exits.push(jump);
        }
        let here = self.here();
        let falses = std::mem::take(&mut self.top().falses);
        self.patch_all(falses, here);
        let case = self.emit(Op::Case {
            value: c.expr.expect("read with its expression"),
            list: c.word == Word::CaseList,
            slot,
            if_false: UNKNOWN,
        });
        self.top().falses.push(case);
        Ok(())
    }

    /// A condition that starts a chain (`:If`, `:ElseIf`, `:While`, `:Until`).
    fn test(&mut self, c: Control, until: Option<(usize, Block, usize)>) {
        let i = self.emit_test(c);
        self.chain = Some(Chain {
            tests: vec![i],
            or: None,
            until,
        });
    }

    /// The test of `c`'s condition, where it goes not yet known.
    fn emit_test(&mut self, c: Control) -> usize {
        self.emit(Op::Test {
            word: c.word,
            at: c.at,
            cond: c.expr.expect("read with its expression"),
            if_true: UNKNOWN,
            if_false: UNKNOWN,
        })
    }

    /// `:AndIf cond` or `:OrIf cond`, right after a condition.
    fn join(&mut self, c: Control) -> R<()> {
        let or = c.word == Word::OrIf;
        let Some(chain) = self.chain.as_ref() else {
            return self.misplaced(
                &c,
                "follows only the line of :If, :ElseIf, :While or :Until",
            );
        };
        if chain.or.is_some_and(|o| o != or) {
            return self.misplaced(
                &c,
                "joins a condition: one is joined by :AndIf or by :OrIf, not both",
            );
        }
        let i = self.emit_test(c);
        let chain = self.chain.as_mut().expect("a chain");
        chain.tests.push(i);
        chain.or = Some(or);
        Ok(())
    }

    /// The conditions read end: where each goes is known now (its "no" for `:If` and
    /// `:While` once the structure's next part is).
    fn close_chain(&mut self) {
        let Some(chain) = self.chain.take() else {
            return;
        };
        let body = self.here();
        let last = *chain.tests.last().expect("a test");
        let mut falses = Vec::new();
        for &t in &chain.tests {
            let or = chain.or == Some(true);
            if let Op::Test {
                if_true, if_false, ..
            } = &mut self.program.ops[t]
            {
                *if_true = if or { body } else { t + 1 };
                if or && t != last {
                    *if_false = t + 1;
                } else {
                    falses.push(t);
                }
            }
        }
        match chain.until {
            Some((start, block, continues)) => {
                self.patch_all(falses, start);
                self.finish(block, continues);
            }
            None => {
                if let Some(b) = self.open.last_mut() {
                    b.falses.extend(falses);
                }
            }
        }
    }

    /// `:EndIf`, `:EndWhile`, … or `:End`: the structure open innermost closed.
    fn close(&mut self, c: Control) -> R<()> {
        let Some(b) = self.open.pop() else {
            return self.misplaced(&c, "closes nothing: no structure is open");
        };
        if c.word != Word::End && c.word != b.word.closer() {
            let (opened, closer) = (b.word.name(), b.word.closer().name());
            let detail = format!(
                "cannot close the {opened} of line {} ({closer} or :End does)",
                b.line + 1
            );
            return self.misplaced(&c, detail);
        }
        let continues = self.here();
        if matches!(b.word, Word::While | Word::Repeat | Word::For) {
            self.emit(Op::Jump(b.start));
        }
        if b.word == Word::Trap {
            // With an :Else, the body ends at the jump over it (its one exit).
            let end = self.here();
            let (body_end, handler) = match b.exits.first() {
                Some(&jump) => (jump, jump + 1),
                None => (end, end),
            };
            self.program.traps.push(Trap {
                body: b.start..body_end,
                slot: b.slot,
                handler,
            });
        }
        self.finish(b, continues);
        Ok(())
    }

    /// A structure closed: what leaves it goes to the op after it, its `:Continue`s to
    /// `continues`.
    fn finish(&mut self, b: Block, continues: usize) {
        let end = self.here();
        self.patch_all(b.falses, end);
        self.patch_all(b.exits, end);
        self.patch_all(b.continues, continues);
    }
}
