//! Representations of one's own: an APL encoding function from the vector representation's
//! 54 stickers (the paper's face order: up, down, back, front, left, right, each row by row)
//! to an array of one's own design, and a decoding function back, or one derived.
//!
//! The encoding is read as the paper's representations are compiled: run once on the
//! stickers' indices `⍳54`, it must give an array each of whose cells holds one sticker's
//! index (a sticker may be shown twice, as the composite's corners are) or a blank (`0`, the
//! fill of APL's expand and take; a blank stays blank whatever the cube does), and show every
//! sticker somewhere. Run on random states it must do what it did to the indices (it may
//! rearrange stickers, not look at their colours). The decoding is then derived (each
//! sticker read from the first cell that shows it), or, where one is given, checked: on
//! random states `DECODE ENCODE CUBE` must be `CUBE`, else an error says what came back.
//!
//! Its moves follow by conjugation: `ENCODE M DECODE ⍵` for each of the vector's 24 paper
//! moves `M`, compiled to one gather of the user's cells, which `compare` times beside the
//! seven representations' compiled turns.

use std::sync::Arc;

use super::{Gather, MAX_CELLS, RepKind, Representation, WrongSize, apl::random_states};
use crate::apl::{Elem, Value, Workspace};
use crate::state::cube::Cube;
use crate::turn::face::{Face, Scheme};
use crate::turn::moves::{LayerTurn, MoveError};

/// Random states an encoding (and a decoding) is checked on.
const CHECKED_STATES: usize = 20;

/// A representation of one's own.
#[derive(Clone, Debug)]
pub struct UserRep {
    /// Its name.
    pub name: String,
    /// The encoding function's name.
    pub encode: String,
    /// The decoding function's name, if one was given.
    pub decode: Option<String>,
    /// The definitions it was made from: the encoding's and decoding's, and those of every
    /// function they call, as typed.
    pub source: Vec<String>,
    /// The shape of its array.
    pub shape: Vec<usize>,
    /// For each cell, the sticker (0-based vector index) it shows, or `None` for a blank.
    pub cells: Vec<Option<usize>>,
    /// For each sticker, the cell it is read back from.
    pub back: Vec<usize>,
    /// Each paper move, compiled by conjugation to a gather of its cells.
    pub moves: Vec<(LayerTurn, Gather)>,
}

/// Why a representation of one's own is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct UserRepError(pub String);

fn refuse<T>(why: impl Into<String>) -> Result<T, UserRepError> {
    Err(UserRepError(why.into()))
}

/// Whether `name` can name a representation of one's own: a letter then letters, digits or
/// `_`, at most 24, and not one of the seven's names (or `pieces`).
fn check_name(name: &str) -> Result<(), UserRepError> {
    let mut chars = name.chars();
    let ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 24;
    if !ok {
        return refuse(format!(
            "'{}' cannot name a representation: a letter, then letters, digits or _ (at most 24)",
            crate::base::text::echo(name)
        ));
    }
    if name.parse::<RepKind>().is_ok() || name.eq_ignore_ascii_case("pieces") {
        return refuse(format!(
            "{name} is one of the workbench's own representations: choose another name"
        ));
    }
    Ok(())
}

/// The 54 stickers' indices, `⍳54`.
fn iota() -> Value {
    Value::vector((1..=54).map(|i| Elem::Num(i as f64)).collect())
}

impl UserRep {
    /// Defines representation `name` by encoding function `encode` of `ws` (and decoding
    /// function `decode`, or one derived), checking both on random states.
    pub fn define(
        ws: &mut Workspace,
        name: &str,
        encode: &str,
        decode: Option<&str>,
    ) -> Result<UserRep, UserRepError> {
        check_name(name)?;
        for f in std::iter::once(encode).chain(decode) {
            if ws.definition(f).is_none() {
                return refuse(format!(
                    "{} is not a defined function",
                    crate::base::text::echo(f)
                ));
            }
        }
        let encoded = ws
            .call(encode, None, iota())
            .map_err(|e| UserRepError(format!("{encode} ⍳54 fails: {}", e.headline())))?;
        let shape = encoded.shape().to_vec();
        let size: usize = shape.iter().product();
        if encoded.rank() == 0 || size > MAX_CELLS {
            return refuse(format!(
                "{encode} gives an array of shape {shape:?}: a representation's array has 1 to {MAX_CELLS} cells"
            ));
        }
        let mut cells = Vec::with_capacity(size);
        for e in encoded.items() {
            cells.push(match e {
                Elem::Num(n) if *n == 0.0 => None,
                Elem::Num(n) if n.fract() == 0.0 && (1.0..=54.0).contains(n) => Some(*n as usize - 1),
                other => {
                    return refuse(format!(
                        "{encode} is not a rearrangement of the 54 stickers: run on their indices ⍳54, a cell holds {}, not a sticker's index (or 0 for a blank)",
                        describe(other)
                    ));
                }
            });
        }
        let mut back = vec![usize::MAX; 54];
        for (i, c) in cells.iter().enumerate() {
            if let Some(s) = *c
                && back[s] == usize::MAX
            {
                back[s] = i;
            }
        }
        if let Some(s) = back.iter().position(|&b| b == usize::MAX) {
            return refuse(format!(
                "{encode} leaves out sticker {} (of ⍳54): a representation keeps every sticker",
                s + 1
            ));
        }
        let rep = UserRep {
            name: name.to_string(),
            encode: encode.to_string(),
            decode: decode.map(str::to_string),
            source: Vec::new(),
            shape,
            cells,
            back,
            moves: Vec::new(),
        };
        rep.check(ws)?;
        let mut source: Vec<String> = Vec::new();
        for f in std::iter::once(encode).chain(decode) {
            for g in ws.calls(f) {
                if let Some(line) = ws.definition(&g)
                    && !source.iter().any(|l| l == line)
                {
                    source.push(line.to_string());
                }
            }
        }
        let moves = rep.compile_moves();
        Ok(UserRep {
            source,
            moves,
            ..rep
        })
    }

    /// Checks the encoding and the round trip on random states.
    fn check(&self, ws: &mut Workspace) -> Result<(), UserRepError> {
        let vector = RepKind::Vector;
        for (k, cube) in random_states(vector, 3, CHECKED_STATES, 0x05E4)
            .iter()
            .enumerate()
        {
            let state = vector
                .build(cube)
                .map_err(|e| UserRepError(e.to_string()))?
                .apl_value();
            let which = format!("random state {} of {CHECKED_STATES}", k + 1);
            let encoded = ws.call(&self.encode, None, state.clone()).map_err(|e| {
                UserRepError(format!(
                    "{} fails on {which}: {}",
                    self.encode,
                    e.headline()
                ))
            })?;
            if encoded != self.encode_value(&state) {
                return refuse(format!(
                    "{} looks at the stickers' colours, not only their places: on {which} it does not do what it does to their indices ⍳54",
                    self.encode
                ));
            }
            let decoded = match &self.decode {
                Some(d) => ws.call(d, None, encoded.clone()).map_err(|e| {
                    UserRepError(format!(
                        "the round trip fails: {d} {} CUBE on {which}: {}",
                        self.encode,
                        e.headline()
                    ))
                })?,
                None => self.decode_value(&encoded),
            };
            if decoded != state {
                let d = self.decode.as_deref().unwrap_or("(derived)");
                let why = if decoded.shape() != state.shape() {
                    format!("it gives shape {:?}, not [54]", decoded.shape())
                } else {
                    let (i, (got, want)) = decoded
                        .items()
                        .zip(state.items())
                        .enumerate()
                        .find(|(_, (a, b))| a != b)
                        .expect("unequal arrays of one shape differ somewhere");
                    format!(
                        "sticker {} comes back {}, not {}",
                        i + 1,
                        describe(got),
                        describe(want)
                    )
                };
                return refuse(format!(
                    "the round trip fails: {d} {} CUBE is not CUBE on {which}: {why}",
                    self.encode
                ));
            }
        }
        Ok(())
    }

    /// Each paper move by conjugation, `ENCODE M DECODE ⍵`, as one gather of the cells: cell
    /// `i` takes the cell that the sticker it shows is read back from, after the move.
    fn compile_moves(&self) -> Vec<(LayerTurn, Gather)> {
        let vector = RepKind::Vector
            .build(&crate::state::cube::Cube::solved())
            .expect("the vector holds the 3×3×3");
        RepKind::Vector
            .defined_moves()
            .into_iter()
            .filter_map(|m| {
                let v = vector.compile(m).ok()?;
                let sources = v.sources();
                let gather = self.cells.iter().enumerate().map(|(i, c)| match c {
                    Some(s) => self.back[sources[*s] as usize],
                    None => i,
                });
                Some((m, Gather::new(gather)))
            })
            .collect()
    }

    /// The array of the vector state `state`: its stickers in this representation's cells,
    /// blanks where it has none.
    pub fn encode_value(&self, state: &Value) -> Value {
        let stickers: Vec<&Elem> = state.items().collect();
        let items = self
            .cells
            .iter()
            .map(|c| match c {
                Some(s) => stickers.get(*s).map_or(Elem::Char(' '), |e| (*e).clone()),
                None => Elem::Char(' '),
            })
            .collect();
        Value::from_shape(&self.shape, items)
    }

    /// The vector state of one of this representation's arrays, read by the derived decoding.
    pub fn decode_value(&self, value: &Value) -> Value {
        let items: Vec<&Elem> = value.items().collect();
        Value::vector(
            self.back
                .iter()
                .map(|&b| items.get(b).map_or(Elem::Char(' '), |e| (*e).clone()))
                .collect(),
        )
    }

    /// Its state of a cube as bytes (the colour letters, blanks as spaces), in a buffer that
    /// runs on to [`crate::base::simd::padded_len`] bytes as compiled turns want.
    pub fn state_of(&self, cube: &crate::state::cube::Cube) -> Option<Vec<u8>> {
        let vector = RepKind::Vector.build(cube).ok()?.apl_value();
        let value = self.encode_value(&vector);
        let mut bytes: Vec<u8> = value
            .items()
            .map(|e| match e {
                Elem::Char(c) if c.is_ascii() => *c as u8,
                _ => b' ',
            })
            .collect();
        bytes.resize(crate::base::simd::padded_len(bytes.len()), 0);
        Some(bytes)
    }

    /// Cells in its array.
    pub fn cell_count(&self) -> usize {
        self.cells.len()
    }

    /// What each cell holds, as `reps` and `compare` both say it: a sticker's letter, or a
    /// blank where some cell shows no sticker.
    pub fn element(&self) -> &'static str {
        if self.cells.iter().any(Option::is_none) {
            "letter or blank (u8)"
        } else {
            "letter (u8)"
        }
    }

    /// Its shape as `5×12`.
    pub fn shape_text(&self) -> String {
        self.shape
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join("×")
    }

    /// In one line: what it is and how it was checked.
    pub fn describe(&self) -> String {
        let blanks = self.cells.iter().filter(|c| c.is_none()).count();
        let shown = self.cells.len() - blanks;
        format!(
            "{} (user): {} array of {} cells ({} stickers shown{}{}), encoded by {}, decoded by {}; checked on {CHECKED_STATES} random states; its {} moves compiled by conjugation ({} M {} ⍵)",
            self.name,
            self.shape_text(),
            self.cells.len(),
            shown,
            if shown > 54 {
                format!(", {} twice", shown - 54)
            } else {
                String::new()
            },
            if blanks > 0 {
                format!(", {blanks} blanks")
            } else {
                String::new()
            },
            self.encode,
            self.decode
                .as_deref()
                .map_or("the derived inverse".to_string(), |d| d.to_string()),
            self.moves.len(),
            self.encode,
            self.decode.as_deref().unwrap_or("DECODE"),
        )
    }

    /// The gather of quarter-turn `t`, if it is one of the paper's moves.
    pub fn gather(&self, t: LayerTurn) -> Option<&Gather> {
        self.moves.iter().find(|(m, _)| *m == t).map(|(_, g)| g)
    }

    /// The line that defines it again (`)rep NAME ENCODE [DECODE]`), for `)save`.
    pub fn command(&self) -> String {
        match &self.decode {
            Some(d) => format!(")rep {} {} {d}", self.name, self.encode),
            None => format!(")rep {} {}", self.name, self.encode),
        }
    }

    /// A workspace with the vector's paper definitions and this representation's own.
    pub fn workspace(&self) -> Option<Workspace> {
        let mut ws = crate::apl::paper::workspace("vector")?;
        ws.load(&self.source.join("\n")).ok()?;
        Some(ws)
    }
}

impl UserRep {
    /// The vector itself as a representation of one's own (`⊢`, each sticker in its own
    /// cell): what [`UserState::from_cube`] holds, having no definition of the user's to go
    /// by.
    pub fn identity() -> UserRep {
        let rep = UserRep {
            name: "identity".to_string(),
            encode: "⊢".to_string(),
            decode: None,
            source: Vec::new(),
            shape: vec![54],
            cells: (0..54).map(Some).collect(),
            back: (0..54).collect(),
            moves: Vec::new(),
        };
        UserRep {
            moves: rep.compile_moves(),
            ..rep
        }
    }

    /// Whether `other` is the same definition: the same name, functions and cells.
    pub fn same_as(&self, other: &UserRep) -> bool {
        self.command() == other.command()
            && self.shape == other.shape
            && self.cells == other.cells
            && self.back == other.back
    }

    /// What `apl` says on entering APL mode under this representation.
    pub fn apl_greeting(&self) -> String {
        let turn = match &self.decode {
            Some(d) => format!("CUBE←{} R {d} CUBE turns it", self.encode),
            None => format!(
                "with a decoding DEC of your own, given by )rep {} {} DEC, CUBE←{} R DEC CUBE turns it",
                self.name, self.encode, self.encode
            ),
        };
        format!(
            "APL: CUBE is the {} array ({}, your encoding {} of the vector's 54 stickers); the paper's moves are the vector's, on 54 stickers: {turn}; )fns lists them; )off leaves",
            self.name,
            self.shape_text(),
            self.encode
        )
    }
}

/// The reason a representation of one's own holds only the 3×3×3.
const ONLY_THREE: &str = "its encoding rearranges the vector's 54 stickers, the 3×3×3's";

/// A cube shown in a representation of one's own: its array of the user's design, as
/// letter bytes (blanks as spaces), turned by the moves compiled by conjugation
/// ([`UserRep::moves`]), so that the state stays exact. It holds the 3×3×3 only.
///
/// Its [`Representation::kind`] is the vector, the representation it is built on: its moves
/// are the vector's (all 24 of the paper's, and every turn of a block of layers, made layer
/// by layer), and its APL workspace has the vector's paper definitions. Its name, display,
/// array and APL value are its own.
#[derive(Clone, Debug)]
pub struct UserState {
    rep: Arc<UserRep>,
    /// The cells, in a buffer that runs on to [`crate::base::simd::padded_len`] bytes.
    cells: Vec<u8>,
}

impl UserState {
    /// `cube` in representation `rep`; an error for a cube other than the 3×3×3.
    pub fn new(rep: Arc<UserRep>, cube: &Cube) -> Result<UserState, WrongSize> {
        let n = cube.size();
        if n != 3 {
            return Err(WrongSize {
                rep: rep.name.clone(),
                n,
                sizes: "only 3×3×3".to_string(),
                reason: ONLY_THREE,
            });
        }
        let stickers: Vec<u8> = Face::PAPER
            .iter()
            .flat_map(|&face| (0..9).map(move |i| cube.sticker(face, i / 3, i % 3)))
            .map(|f| f.paper_letter() as u8)
            .collect();
        let len = rep.cells.len();
        let mut cells: Vec<u8> = rep
            .cells
            .iter()
            .map(|c| c.map_or(b' ', |s| stickers[s]))
            .collect();
        cells.resize(crate::base::simd::padded_len(len), 0);
        Ok(UserState { rep, cells })
    }

    /// The cells (without the buffer's padding).
    pub fn bytes(&self) -> &[u8] {
        &self.cells[..self.rep.cells.len()]
    }

    /// The gather of turn `t`: the compiled paper move, or those of its layers composed.
    fn gather_of(&self, t: LayerTurn) -> Result<Gather, MoveError> {
        super::check_defined(RepKind::Vector, 3, t)?;
        if let Some(g) = self.rep.gather(t) {
            return Ok(g.clone());
        }
        // A block of layers: its single layers, each one of the paper's moves, one after
        // another (they commute).
        let len = self.rep.cells.len();
        let mut sources: Vec<usize> = (0..len).collect();
        for layer in t.first..=t.last {
            let single = LayerTurn {
                first: layer,
                last: layer,
                ..t
            };
            let g = self
                .rep
                .gather(single)
                .ok_or_else(|| MoveError::Undefined {
                    mv: super::turn_name(3, t),
                    rep: RepKind::Vector.name(),
                    reason: format!(
                        "{} has no compiled move for one of its layers",
                        self.rep.name
                    ),
                })?;
            // After `sources`, then `g`: cell i takes what cell g[i] held after the first.
            sources = g.sources().iter().map(|&s| sources[s as usize]).collect();
        }
        Ok(Gather::new(sources))
    }
}

impl Representation for UserState {
    fn kind(&self) -> RepKind {
        RepKind::Vector
    }

    fn from_cube(cube: &Cube) -> UserState {
        UserState::new(Arc::new(UserRep::identity()), cube)
            .expect("callers go through RepKind::build, which checks the size")
    }

    fn to_cube(&self) -> Cube {
        let stickers = self
            .rep
            .back
            .iter()
            .enumerate()
            .map(|(s, &cell)| {
                Face::from_paper_letter(self.cells[cell] as char).unwrap_or(Face::PAPER[s / 9])
            })
            .collect::<Vec<_>>();
        // From the paper's face order to the cube's.
        let mut ordered = vec![Face::U; 54];
        for (s, f) in stickers.into_iter().enumerate() {
            ordered[Face::PAPER[s / 9].index() * 9 + s % 9] = f;
        }
        Cube::from_stickers(3, ordered).expect("a state made from a cube holds a cube")
    }

    fn size(&self) -> usize {
        3
    }

    fn shape(&self) -> &[usize] {
        &self.rep.shape
    }

    fn element(&self) -> &'static str {
        self.rep.element()
    }

    fn state_bytes(&self) -> usize {
        self.rep.cells.len()
    }

    fn turn(&mut self, m: LayerTurn) -> Result<(), MoveError> {
        let rep = Arc::clone(&self.rep);
        match rep.gather(m) {
            Some(g) => self.turn_compiled(g),
            None => {
                let g = self.gather_of(m)?;
                self.turn_compiled(&g);
            }
        }
        Ok(())
    }

    fn compile(&self, m: LayerTurn) -> Result<Gather, MoveError> {
        self.gather_of(m)
    }

    fn turn_compiled(&mut self, g: &Gather) {
        let len = self.rep.cells.len();
        // SAFETY: `new` pads the buffer to `padded_len(len)` bytes, and nothing replaces it.
        unsafe { g.apply_bytes_padded(&mut self.cells[..len]) }
    }

    /// As APL displays the array, each sticker by its letter in `scheme`.
    fn render_in(&self, scheme: Scheme) -> String {
        let letters = self
            .bytes()
            .iter()
            .map(|&b| Elem::Char(scheme.shown_letter(b as char)))
            .collect();
        Value::from_shape(&self.rep.shape, letters).to_string()
    }

    fn apl_value(&self) -> Value {
        Value::from_shape(
            &self.rep.shape,
            self.bytes()
                .iter()
                .map(|&b| Elem::Char(b as char))
                .collect(),
        )
    }

    fn name(&self) -> &str {
        &self.rep.name
    }

    fn with_cube(&self, cube: &Cube) -> Result<Box<dyn Representation>, WrongSize> {
        Ok(Box::new(UserState::new(Arc::clone(&self.rep), cube)?))
    }

    /// Read by the derived decoding, and refused unless it is what the encoding shows of
    /// that cube: the user's shape, blanks still blank, a sticker shown twice in one colour.
    fn cube_of_value(&self, value: &Value) -> Result<Cube, String> {
        let rep = &self.rep;
        if value.shape() != rep.shape.as_slice() {
            return Err(format!(
                "a {} state has shape {:?}, not {:?}",
                rep.name,
                rep.shape,
                value.shape()
            ));
        }
        let vector = rep.decode_value(value);
        let cube = super::apl_state::cube_of(RepKind::Vector, 3, &vector)?;
        let shown = rep.encode_value(&vector);
        if let Some(i) = shown.items().zip(value.items()).position(|(a, b)| a != b) {
            return Err(match rep.cells[i] {
                None => format!(
                    "cell {} of {} shows no sticker and stays blank",
                    i + 1,
                    rep.name
                ),
                Some(s) => format!(
                    "cell {} shows sticker {} in another colour than cell {} does",
                    i + 1,
                    s + 1,
                    rep.back[s] + 1
                ),
            });
        }
        Ok(cube)
    }

    fn user(&self) -> Option<&UserRep> {
        Some(&self.rep)
    }
}

/// The words of `)rep NAME ENCODE [DECODE]` after `)rep`.
pub fn rep_words(rest: &str) -> Result<(&str, &str, Option<&str>), UserRepError> {
    match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        [name, encode] => Ok((name, encode, None)),
        [name, encode, decode] => Ok((name, encode, Some(decode))),
        _ => refuse(format!(
            ")rep {}? ()rep NAME ENCODE [DECODE])",
            crate::base::text::echo(rest.trim())
        )),
    }
}

/// The rest of a `)rep` line, if `line` is one.
pub fn rep_line(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
    word.eq_ignore_ascii_case(")rep").then_some(rest)
}

/// Reads an APL file into `ws`, line by line: definitions and statements, and `)rep NAME
/// ENCODE [DECODE]` lines, which define the representations it returns (a later one of a
/// name replacing an earlier). All or nothing: on an error, naming its line, `ws` is as it
/// was.
pub fn load(ws: &mut Workspace, source: &str) -> Result<Vec<UserRep>, String> {
    let before = ws.clone();
    let (reps, failed) = run_statements(ws, source, true);
    match failed.into_iter().next() {
        Some(e) => {
            *ws = before;
            Err(e)
        }
        None => Ok(reps),
    }
}

/// Each statement of `source` run in `ws` as [`load`] runs them, but on past any that fails
/// (`)copy`, which takes only the names it is given): the representations defined, and each
/// failure as `line N: why`.
pub fn load_each(ws: &mut Workspace, source: &str) -> (Vec<UserRep>, Vec<String>) {
    run_statements(ws, source, false)
}

/// The statements of `source` run in `ws` in order, stopping at the first that fails if
/// `stop`: the representations defined, and the failures as `line N: why`.
fn run_statements(ws: &mut Workspace, source: &str, stop: bool) -> (Vec<UserRep>, Vec<String>) {
    let mut reps: Vec<UserRep> = Vec::new();
    let mut failed = Vec::new();
    for (number, line) in crate::apl::statements_of(source) {
        let line = line.as_str();
        let result = match rep_line(line) {
            Some(rest) => rep_words(rest)
                .and_then(|(name, encode, decode)| UserRep::define(ws, name, encode, decode))
                .map(|rep| {
                    reps.retain(|r| r.name != rep.name);
                    reps.push(rep);
                })
                .map_err(|e| e.to_string()),
            None => ws.run_saved(line).map(|_| ()).map_err(|e| e.to_string()),
        };
        if let Err(e) = result {
            failed.push(format!("line {number}: {e}"));
            if stop {
                break;
            }
        }
    }
    (reps, failed)
}

fn describe(e: &Elem) -> String {
    match e {
        Elem::Num(n) => crate::apl::format_number(*n),
        Elem::Char(c) => format!("'{c}'"),
        Elem::Boxed(v) => format!("an enclosed array of shape {:?}", v.shape()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ws(lines: &[&str]) -> Workspace {
        let mut ws = crate::apl::paper::workspace("vector").unwrap();
        for l in lines {
            ws.eval_line(l).unwrap();
        }
        ws
    }

    #[test]
    fn a_gather_encoding_gives_moves_that_agree_with_the_cube_on_random_states() {
        // Six faces as a 6×9 matrix, reversed: a gather; and a padded net with blanks.
        let mut w = ws(&["MAT: ⊖6 9⍴⍵", "PAD: 6 10↑6 9⍴⍵", "BACK: ,(6 9↑⍵)"]);
        for (encode, decode) in [("MAT", None), ("PAD", Some("BACK"))] {
            let rep = UserRep::define(&mut w, "mine", encode, decode).unwrap();
            assert_eq!(rep.moves.len(), 24);
            for cube in random_states(RepKind::Vector, 3, 30, 4) {
                for (m, g) in &rep.moves {
                    let mut state = rep.state_of(&cube).unwrap();
                    let len = rep.cell_count();
                    g.apply_bytes(&mut state[..len]);
                    let mut turned = cube.clone();
                    turned.apply(&m.to_standard(3)).unwrap();
                    assert_eq!(
                        state[..len],
                        rep.state_of(&turned).unwrap()[..len],
                        "{encode} {m:?}"
                    );
                }
            }
            assert!(
                rep.describe().starts_with("mine (user): "),
                "{}",
                rep.describe()
            );
        }
        let pad = UserRep::define(&mut w, "pad", "PAD", None).unwrap();
        assert!(pad.describe().contains("6 blanks"), "{}", pad.describe());
        assert_eq!(pad.source, vec!["PAD: 6 10↑6 9⍴⍵".to_string()]);
        assert_eq!(pad.command(), ")rep pad PAD");
    }

    #[test]
    fn a_state_of_ones_own_turns_every_block_of_layers_as_the_cube_does_as_defined_and_compiled() {
        use crate::rep::testing::{paths, scrambled};
        use rand::SeedableRng;
        // A padded net (blanks), and one that shows the up face twice.
        let mut w = ws(&["PAD: 6 10↑6 9⍴⍵", "TWICE: 7 9⍴⍵,9↑⍵"]);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(32);
        for encode in ["PAD", "TWICE"] {
            let rep = Arc::new(UserRep::define(&mut w, "mine", encode, None).unwrap());
            for cube in
                std::iter::once(Cube::solved()).chain((0..6).map(|_| scrambled(&mut rng, 30)))
            {
                let fresh = || UserState::new(Arc::clone(&rep), &cube).unwrap();
                assert_eq!(fresh().to_cube(), cube, "{encode}: round trip");
                let value = fresh().apl_value();
                assert_eq!(value.shape(), rep.shape.as_slice());
                assert_eq!(fresh().cube_of_value(&value), Ok(cube.clone()));
                for t in LayerTurn::all(3) {
                    let mut r = fresh();
                    r.turn(t).unwrap();
                    let mut want = cube.clone();
                    want.turn(t);
                    assert_eq!(r.to_cube(), want, "{encode} {t:?}");
                    let g = r.compile(t).unwrap();
                    for path in paths() {
                        let mut compiled = fresh();
                        compiled.turn_compiled(&g.on_path(path));
                        assert_eq!(compiled.render(), r.render(), "{encode} {t:?} {path}");
                    }
                    r.turn(t.inverse()).unwrap();
                    assert_eq!(r.to_cube(), cube, "{encode} {t:?} and back");
                }
            }
            let state = UserState::new(Arc::clone(&rep), &Cube::solved()).unwrap();
            let e = UserState::new(Arc::clone(&rep), &Cube::solved_n(4)).unwrap_err();
            assert!(
                e.to_string()
                    .starts_with("the mine representation holds only 3×3×3 cubes, not the 4×4×4"),
                "{e}"
            );
            assert_eq!(state.with_cube(&Cube::solved()).unwrap().name(), "mine");
            assert_eq!(state.kind(), RepKind::Vector);
        }
        // An array that is no state of it: the wrong shape, a blank filled, a sticker shown
        // twice in two colours.
        let pad = Arc::new(UserRep::define(&mut w, "pad", "PAD", None).unwrap());
        let twice = Arc::new(UserRep::define(&mut w, "twice", "TWICE", None).unwrap());
        let chars = |shape: &[usize], text: &str| {
            Value::from_shape(shape, text.chars().map(Elem::Char).collect())
        };
        let solved = |rep: &Arc<UserRep>| UserState::new(Arc::clone(rep), &Cube::solved()).unwrap();
        let e = solved(&pad)
            .cube_of_value(&chars(&[54], &"W".repeat(54)))
            .unwrap_err();
        assert!(e.starts_with("a pad state has shape [6, 10]"), "{e}");
        let mut filled: String = solved(&pad).bytes().iter().map(|&b| b as char).collect();
        filled.replace_range(9..10, "W");
        let e = solved(&pad)
            .cube_of_value(&chars(&[6, 10], &filled))
            .unwrap_err();
        assert_eq!(e, "cell 10 of pad shows no sticker and stays blank");
        let mut odd: String = solved(&twice).bytes().iter().map(|&b| b as char).collect();
        odd.replace_range(54..55, "Y");
        let e = solved(&twice)
            .cube_of_value(&chars(&[7, 9], &odd))
            .unwrap_err();
        assert_eq!(
            e,
            "cell 55 shows sticker 1 in another colour than cell 1 does"
        );
    }

    #[test]
    fn an_encoding_or_round_trip_that_fails_is_refused_naming_what() {
        let mut w = ws(&[
            "DROP: 1↓⍵",
            "COLOUR: (⍵≡⍵+0)⌽⍵",
            "SUM: ⍵+1",
            "MAT: 6 9⍴⍵",
            "WRONG: ⌽,⍵",
            "SHORT: 1↓,⍵",
        ]);
        let mut err = |e: &str, d: Option<&str>| {
            UserRep::define(&mut w, "mine", e, d)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("DROP", None),
            "DROP leaves out sticker 1 (of ⍳54): a representation keeps every sticker"
        );
        assert!(err("COLOUR", None).contains("fails on random state 1"));
        assert!(err("SUM", None).contains("a cell holds 55"));
        let wrong = err("MAT", Some("WRONG"));
        assert!(
            wrong.starts_with(
                "the round trip fails: WRONG MAT CUBE is not CUBE on random state 1 of 20: sticker 1 comes back '"
            ),
            "{wrong}"
        );
        assert!(err("MAT", Some("SHORT")).contains("it gives shape [53], not [54]"));
        assert!(err("NOPE", None).contains("NOPE is not a defined function"));
        assert!(
            UserRep::define(&mut ws(&["MAT: 6 9⍴⍵"]), "vector", "MAT", None)
                .unwrap_err()
                .to_string()
                .contains("one of the workbench's own")
        );
    }
}
