use super::*;
use crate::solve::search::reduction::random::random_state;
use crate::solve::search::reduction::staged;
use crate::solve::search::reduction::tests::work_on;
use rand::SeedableRng;

/// The stickers after `moves`, turned one by one on the sticker model.
fn after(model: &Model, stickers: &[Face], moves: &[LayerMove]) -> Vec<Face> {
    let mut out = stickers.to_vec();
    for &m in moves {
        model.apply(&mut out, m);
    }
    out
}

/// The best `P W X W'` as the pairing chose it before it scored deltas: every candidate's
/// stickers turned in full and every place scored.
fn best_conjugate_in_full(
    pairing: &Pairing,
    model: &Model,
    stickers: &[Face],
) -> Option<(Setup, usize, usize)> {
    let base = pairing.score(&pairing.keys_now(stickers));
    let mut best: Choice<(Setup, usize, usize)> = None;
    for setup in std::iter::once(None).chain((0..pairing.outer.len()).map(Some)) {
        if setup.is_some() && best.is_some() {
            break;
        }
        let set: Vec<LayerMove> = setup.map(|s| pairing.outer[s].0).into_iter().collect();
        let set = after(model, stickers, &set);
        for (b, block) in pairing.blocks.iter().enumerate() {
            let open = after(model, &set, &block.w);
            for (t, tail) in block.tails[..block.short].iter().enumerate() {
                let done = after(model, &open, &[&tail.x[..], &undo(&block.w)].concat());
                let score = pairing.score(&pairing.keys_now(&done));
                let cost = 2 * block.cost + tail.cost + u32::from(setup.is_some());
                if score > base && better(score - base, cost, &best) {
                    best = Some((score - base, cost, (setup, b, t)));
                }
            }
        }
    }
    best.map(|(_, _, choice)| choice)
}

/// The best further `X` with a block turned, every candidate scored in full.
fn best_tail_in_full(
    pairing: &Pairing,
    model: &Model,
    block: &Block,
    open: &[Face],
) -> Option<usize> {
    let close = undo(&block.w);
    let base = pairing.score(&pairing.keys_now(&after(model, open, &close)));
    let mut best: Choice<usize> = None;
    for (t, tail) in block.tails.iter().enumerate() {
        let done = after(model, open, &[&tail.x[..], &close].concat());
        let score = pairing.score(&pairing.keys_now(&done));
        if score > base && better(score - base, tail.cost, &best) {
            best = Some((score - base, tail.cost, t));
        }
    }
    best.map(|(_, _, t)| t)
}

#[test]
fn scoring_only_the_edges_a_conjugate_touches_chooses_as_scoring_every_place_does() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4850);
    for (n, steps) in [(4, 12), (5, 12), (6, 6), (7, 3)] {
        let mut work = work_on(n, &random_state(n, &mut rng));
        staged::centres(&mut work).unwrap();
        let model = &work.tables.model;
        let pairing = pairing(n);
        for step in 0..steps {
            let keys = pairing.keys_now(&work.stickers);
            let chosen = best_conjugate(pairing, &keys);
            assert_eq!(
                chosen,
                best_conjugate_in_full(pairing, model, &work.stickers),
                "n {n} step {step}"
            );
            let Some((setup, b, t)) = chosen else {
                break;
            };
            let block = &pairing.blocks[b];
            let set: Vec<LayerMove> = setup.map(|s| pairing.outer[s].0).into_iter().collect();
            work.make(&[&set[..], &block.w, &block.tails[t].x].concat());
            loop {
                let open = pairing.keys_now(&work.stickers);
                let tail = best_tail(pairing, block, &open);
                assert_eq!(
                    tail,
                    best_tail_in_full(pairing, model, block, &work.stickers),
                    "n {n} step {step}"
                );
                match tail {
                    Some(t) => work.make(&block.tails[t].x),
                    None => break,
                }
            }
            work.make(&undo(&block.w));
        }
    }
}

#[test]
fn each_places_source_after_a_turn_shows_what_the_turned_stickers_show() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4851);
    for n in 4..=9 {
        let model = &tables(n).model;
        let pairing = pairing(n);
        let places = Places::new(model);
        let stickers = random_state(n, &mut rng).stickers().to_vec();
        let keys = pairing.keys_now(&stickers);
        for &m in model.moves.iter().step_by(5) {
            let mut out = vec![0; keys.len()];
            through(&keys, &places.sources(model, &[m]), &mut out);
            assert_eq!(
                out,
                pairing.keys_now(&after(model, &stickers, &[m])),
                "n {n} {m:?}"
            );
        }
    }
}
