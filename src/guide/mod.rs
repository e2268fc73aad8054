//! # The cubework guide
//!
//! The long-form documentation: what the README leaves out, one page a subject. Each page is a
//! documentation-only module, rendered by `cargo doc --open` (under `cubework::guide`); the
//! command-line examples in them are run by the test suite (`tests/docs.rs`), so a page that
//! stops being true fails the tests.
//!
//! | page | what it holds |
//! |---|---|
//! | [`repl`] | the REPL's commands, `load`, impossible cubes, history, undo, session files |
//! | [`command_line`] | every command of the command line, its options, answers and exit statuses |
//! | [`conventions`] | axes, colours, face layouts, facelet strings, the representations' layouts, the paper's moves in standard notation, the notation read, cubing.js compared |
//! | [`representations`] | the seven representations, how each is built, and at every size |
//! | [`scan`] | the choices made where the scanned paper is unreadable; every APL line the paper prints and how it runs |
//! | [`tools`] | sequence algebra, cycles and orders; the paper's tools and how they were reconstructed |
//! | [`solvers`] | the 2×2×2 table, breadth-first search, two-phase, optimal and the beginner's method; the 4×4×4 to 9×9×9 by reduction |
//! | [`pictures`] | `draw`, the HTML page and the charts |
//! | [`browser`] | the workbench in a browser: the page, what it runs, how it is built and tested, its figures |
//! | [`measurements`] | every figure, with the command that reproduces it and the machine it ran on |
//! | [`layout`] | where each part of the source lives |

#[doc = include_str!("repl.md")]
pub mod repl {}

#[doc = include_str!("command_line.md")]
pub mod command_line {}

#[doc = include_str!("conventions_and_notation.md")]
pub mod conventions {}

#[doc = include_str!("representations.md")]
pub mod representations {}

#[doc = include_str!("scan.md")]
pub mod scan {}

#[doc = include_str!("tools.md")]
pub mod tools {}

#[doc = include_str!("solvers.md")]
pub mod solvers {}

#[doc = include_str!("pictures.md")]
pub mod pictures {}

#[doc = include_str!("browser.md")]
pub mod browser {}

#[doc = include_str!("measurements.md")]
pub mod measurements {}

#[doc = include_str!("layout.md")]
pub mod layout {}
