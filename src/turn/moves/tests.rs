use super::*;

#[test]
fn paper_letters_know_their_axis_and_layer() {
    assert_eq!(PaperLetter::L.axis(), PaperAxis::X);
    assert_eq!(PaperLetter::H.axis(), PaperAxis::Y);
    assert_eq!(PaperLetter::D.axis(), PaperAxis::Z);
    assert_eq!(PaperLetter::Y.axis(), PaperAxis::Y);
    assert_eq!(PaperLetter::F.layer(), Some(2));
    assert_eq!(PaperLetter::Z.layer(), None);
    for l in PaperLetter::ALL {
        assert_eq!(PaperLetter::from_letter(l.letter()), Some(l));
        if let Some(layer) = l.layer() {
            assert_eq!(PaperLetter::of_slice(l.axis(), layer), l);
        } else {
            assert_eq!(PaperLetter::of_axis(l.axis()), l);
        }
    }
}

#[test]
fn standard_names_of_paper_moves_follow_the_conventions_table() {
    let table = "L M R' B S' F' U E' D' x' z' y";
    let got: Vec<String> = PaperLetter::ALL
        .iter()
        .map(|&l| Move::paper(l).to_standard().to_string())
        .collect();
    assert_eq!(got.join(" "), table);
}

#[test]
fn every_layer_turn_round_trips_through_standard_notation() {
    for n in 2..=crate::state::geometry::MAX_SIZE {
        for t in LayerTurn::all(n) {
            let m = t.to_standard(n);
            assert_eq!(m.layer_turns(n).unwrap(), vec![t], "{n}: {m}");
            let text = m.to_string();
            let parsed = crate::sequence::parser::parse_moves(
                &text,
                crate::turn::notation::Notation::Standard,
            )
            .unwrap();
            assert_eq!(parsed, vec![m], "{n}: {text}");
        }
    }
    for (m, p) in Move::PAPER.into_iter().zip(LayerTurn::PAPER) {
        let t = m.layer_turns(3).unwrap();
        assert_eq!(t, vec![p], "{m}");
        assert_eq!(t.len(), 1, "{m}");
        assert_eq!(t[0].paper(3), Some(m));
        assert_eq!(t[0].to_standard(3), m.to_standard());
    }
}

#[test]
fn standard_and_paper_spellings_turn_the_same_layers() {
    for m in Move::PAPER {
        let std = m.to_standard();
        for n in [3, 5] {
            assert_eq!(
                std.layer_turns(n).unwrap(),
                m.layer_turns(n).unwrap(),
                "{m} on {n}"
            );
        }
        assert_eq!(std.paper_moves().unwrap(), vec![m]);
    }
}

#[test]
fn every_amount_is_written_as_typed_and_turns_its_quarters() {
    for k in [1, 2, -1, -2] {
        let a = Amount::new(k);
        assert_eq!(Amount::from_quarters(a.quarters()).quarters(), a.quarters());
        assert_eq!((a.quarters() + a.inverse().quarters()) % 4, 0);
    }
    for q in 0..8 {
        assert_eq!(Amount::from_quarters(q).quarters(), q % 4);
    }
}
