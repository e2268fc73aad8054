//! An empty array's prototype (`''` is characters, `⍬` numbers), N-wise reduction, and the
//! clear errors for what is not read (complex numbers, ambivalent headers).

use super::test_support::{error, run};
use super::*;

#[test]
fn an_empty_character_vector_is_characters_and_pads_with_blanks() {
    let mut ws = Workspace::new();
    assert_eq!(run(&mut ws, "(5↑''),'|'"), "     |");
    assert_eq!(run(&mut ws, "(3↑''),'|'"), "   |");
    assert_eq!(run(&mut ws, "''≡⍬"), "0");
    assert_eq!(run(&mut ws, "''≡''"), "1");
    assert_eq!(run(&mut ws, "⍬≡⍬"), "1");
    assert_eq!(run(&mut ws, "(0⍴'abc')≡''"), "1");
    assert_eq!(run(&mut ws, "(0↑'a')≡''"), "1");
    assert_eq!(run(&mut ws, "(''⍴'')≡' '"), "1");
    assert_eq!(run(&mut ws, "(0⍴⊂'abc')≡0⍴⊂'abc'"), "1");
    assert_eq!(run(&mut ws, "(0⍴'abc')≡⍬"), "0");
    assert_eq!(run(&mut ws, "(0⍴1 2)≡⍬"), "1");
    assert_eq!(run(&mut ws, "(⊂'')≡⊂⍬"), "0");
    assert_eq!(run(&mut ws, "(⍕'')≡''"), "1");
    assert_eq!(run(&mut ws, "(⍕⍬)≡''"), "1");
    assert_eq!(run(&mut ws, "(,'')≡''"), "1");
    assert_eq!(run(&mut ws, "('',⍬)≡''"), "1");
    assert_eq!(run(&mut ws, "(5↑⍬),9"), "0 0 0 0 0 9");
    assert_eq!(run(&mut ws, "(↑'abc' '')≡2 3⍴'abc   '"), "1");
    assert_eq!(run(&mut ws, "e←'' ⋄ (2↑e),'|'"), "  |");
    assert_eq!(run(&mut ws, "(⊃''),'|'"), " |");
}

#[test]
fn the_kept_workspace_writes_an_empty_character_vector_as_quotes() {
    let mut ws = Workspace::new();
    let v = ws.eval_line("''").unwrap().shown[0].clone();
    assert_eq!(v.to_source(), "''");
    assert_eq!(Value::vector(vec![]).to_source(), "((0)⍴0)");
    let m = ws.eval_line("0 3⍴'abc'").unwrap().shown[0].clone();
    let back = ws.eval_line(&m.to_source()).unwrap().shown[0].clone();
    assert_eq!(back, m);
    assert_eq!(back.fill(), Elem::Char(' '));
}

#[test]
fn n_wise_reduction_reduces_each_window_as_dyalog_does() {
    let mut ws = Workspace::new();
    assert_eq!(run(&mut ws, "2+/⍳5"), "3 5 7 9");
    assert_eq!(run(&mut ws, "2{⍺+⍵}/⍳5"), "3 5 7 9");
    assert_eq!(run(&mut ws, "(3,/'abcde')≡'abc' 'bcd' 'cde'"), "1");
    assert_eq!(run(&mut ws, "¯2-/1 4 9"), "3 5");
    assert_eq!(run(&mut ws, "2-/1 4 9"), "¯3 ¯5");
    assert_eq!(
        run(&mut ws, "M←3 2⍴1 2 4 8 16 32 ⋄ 2-⌿M"),
        " ¯3  ¯6\n¯12 ¯24"
    );
    assert_eq!(run(&mut ws, "2-/[1]M"), " ¯3  ¯6\n¯12 ¯24");
    assert_eq!(run(&mut ws, "0+/1 2 3"), "0 0 0 0");
    assert_eq!(run(&mut ws, "⍴4+/1 2 3"), "0");
    assert_eq!(error(&mut ws, "5+/1 2 3").kind, ErrorKind::Length);
    assert_eq!(error(&mut ws, "1.5+/1 2 3").kind, ErrorKind::Domain);
    assert_eq!(error(&mut ws, "1 2+/1 2 3").kind, ErrorKind::Length);
}

#[test]
fn complex_numbers_and_ambivalent_headers_say_they_are_not_read() {
    let mut ws = Workspace::new();
    let e = error(&mut ws, "1J2");
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert!(
        e.to_string().contains("1J2: complex numbers are not read"),
        "{e}"
    );
    let e = error(&mut ws, "∇ R←{A} AMB B");
    assert!(e.to_string().contains("ambivalent header"), "{e}");
}
