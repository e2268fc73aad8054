//! `scramble`: its descriptor, its REPL words and command-line arguments, and its run — in
//! the REPL it turns the session's cube, from the command line it is printed.

use super::*;

/// `[N] [seed S]` or `random [seed S]`.
pub(super) fn scramble_words(args: &str) -> Result<SolvingRequest> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let mut count = None;
    let mut seed = None;
    let mut random = false;
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "random" if i == 0 => {
                random = true;
                i += 1;
            }
            "seed" => {
                let s = words
                    .get(i + 1)
                    .ok_or_else(|| usage("scramble: seed needs a number"))?;
                seed = Some(s.parse().map_err(|_| {
                    usage(&format!(
                        "scramble: seed '{}' is not a whole number",
                        echo(s)
                    ))
                })?);
                i += 2;
            }
            n => {
                // A count over the limit is refused where every front end's is
                // ([`scramble_length_fits`], as the scramble runs).
                count = Some(n.parse().map_err(|_| {
                    usage(&format!(
                        "scramble: '{}' is not a count from 0 to {MAX_SCRAMBLE}",
                        echo(n)
                    ))
                })?);
                i += 1;
            }
        }
    }
    if random && words.len() > 1 && words[1] != "seed" {
        return Err(usage(
            "scramble random takes a seed only: scramble random [seed S]",
        ));
    }
    Ok(SolvingRequest::Scramble {
        count,
        seed,
        random,
    })
}

/// `scramble`: in the REPL it turns the session's cube (saying so when that was not solved);
/// asked from the command line ([`Front::CommandLine`]) it is printed.
pub(super) fn scramble(
    session: &mut Session,
    count: Option<usize>,
    seed: Option<u64>,
    random: bool,
    front: Front,
) -> Result<Reply> {
    if let Some(count) = count {
        scramble_length_fits(count)?;
    }
    let n = session.size();
    let notation = session.notation();
    if front == Front::CommandLine {
        return printed_scramble(n, count, seed, random, notation).map(Reply::text);
    }
    let seed = seed.unwrap_or_else(tools::fresh_seed);
    if random {
        return random_scramble(session, seed);
    }
    let scramble = tools::scramble_of_size(n, count, seed);
    // The paper's letters have no wide turns: the bigger cubes' scrambles stay standard.
    let moves = if n <= 3 {
        crate::turn::notation::in_notation(&scramble, notation)
    } else {
        scramble
    };
    let count = moves.len();
    let label = format!("scramble {count} seed {seed}: {}", format_moves(&moves));
    // It turns the cube as it is, which is a scramble from solved only when it was solved.
    let from = if session.cube().is_solved() {
        ""
    } else {
        " (these turns on the cube as it was, not from solved; reset first to scramble from solved)"
    };
    let reply = session.make(label.clone(), Alg::from_moves(&moves))?;
    Ok(Reply::text(format!("{label}{from}\n{}", reply.text)))
}

/// `cubework scramble`: the scramble printed, the session's cube left as it is.
fn printed_scramble(
    n: usize,
    count: Option<usize>,
    seed: Option<u64>,
    random: bool,
    notation: Notation,
) -> Result<String> {
    Ok(match (random, n) {
        (true, 2) => pocket_random_state_report(
            &crate::solve::search::pocket::shared_table(Metric::Htm).0,
            seed,
            notation,
        )?,
        (true, 3) => random_state_report(&twophase_tables().0, seed, notation)?,
        (true, size) => {
            let seed = seed.unwrap_or_else(tools::fresh_seed);
            let (_, moves) = big_random_state(size, seed)?;
            format!(
                "random state of the {size}×{size}×{size}, seed {seed}: drawn uniformly from all that turns reach; these {} moves make it from solved (a reduction solution, inverted)\n{}",
                moves.len(),
                format_moves(&moves)
            )
        }
        (false, _) => sized_scramble_report(n, count, seed, notation)?,
    })
}

/// `scramble random`: the session's cube set to a state drawn uniformly, as one change.
fn random_scramble(session: &mut Session, seed: u64) -> Result<Reply> {
    let n = session.size();
    let (cube, moves) = match n {
        2 => scramble_text::pocket_random_state(
            &crate::solve::search::pocket::shared_table(Metric::Htm).0,
            seed,
        )?,
        3 => scramble_text::random_state(&twophase_tables().0, seed)?,
        n => big_random_state(n, seed)?,
    };
    let label = format!("scramble random seed {seed}: {}", format_moves(&moves));
    let reply = session.set_state(&label, cube)?;
    Ok(Reply::text(format!("{label}\n{}", reply.text)))
}

/// A uniformly random state of the 4×4×4 to 9×9×9 and the moves that make it (a reduction
/// solution, inverted), with a bar on stderr while tables load.
fn big_random_state(n: usize, seed: u64) -> Result<(Cube, Vec<Move>)> {
    Ok(crate::answer::progress::Terminal::run(|p| {
        crate::solve::search::reduction::random::random_state_scramble(n, seed, p)
    })?)
}

/// `scramble`: what it is (its descriptor) and how the REPL's words read into its request.
pub static SCRAMBLE: CommandDef = CommandDef {
    name: "scramble",
    surface: Surface::Both,
    usage: "[N] [seed S] | random [seed S]",
    summary: "the paper's SCRAMBLE: N random quarter-turns of the outer faces (17 by default); on the 4×4×4 and up, random outer and wide turns as the WCA's; random: a uniformly random state (every size)",
    details: "scramble               17 random quarter-turns of U D B F L R and their inverses\nscramble 25            25 of them (at most 10000, in every front end)\nscramble seed 7        the same 17 every time for seed 7\nscramble random        the cube set to a state drawn uniformly from all 43 quintillion, shown as the at most 21 moves that make it from solved\nscramble random seed 7 the same random state every time for seed 7\nOn the 2×2×2, scramble random draws from all 3,674,160 states and shows the optimal moves that make it (from the pocket table). On the 4×4×4 and up, scramble makes random turns of the outer faces and of wide blocks up to half the cube deep, none merging with another, as the WCA's scrambles: 40 on the 4×4×4, 60, 80, 100 on the 5×5×5 to 7×7×7, twenty more a size beyond; scramble random there draws uniformly from every state turns reach and shows a reduction solution of it, inverted.\nIn the REPL it turns the session's cube (of the session's size); `cubework scramble` prints it.",
    args: &[
        both(
            "N",
            words(
                "count",
                "COUNT",
                "How many turns (default: 17 quarter-turns; with --size 4 and up the WCA's 40, 60, 80, 100 turns, twenty more a size), or random: the same as --random-state",
            )
            .one(Value::TurnsOrRandom),
        ),
        cli(SIZE_OPT),
        both(
            "random",
            flag(
                "random-state",
                "Instead, a state drawn uniformly from all of them, as the moves that make it (the 3×3×3: at most 21, from the two-phase solver; the 2×2×2: optimal, from the pocket table)",
            )
            .conflicts(&["count"]),
        ),
        both(
            "seed",
            opt(
                "seed",
                Value::Whole,
                "SEED",
                "Seed, for a scramble that can be repeated",
            ),
        ),
        cli(NOTATION_OPT.help("Notation to write it in")),
    ],
    read: Some(|line, _| scramble_words(line.rest).map(Into::into)),
    #[cfg(feature = "cli")]
    read_cli: Some(|given| {
        let count = given.one::<TurnsOrRandom>("count");
        let cube = Cube::solved_n(given.value("size"));
        let request = SolvingRequest::Scramble {
            count: match count {
                Some(TurnsOrRandom::Turns(n)) => Some(n),
                _ => None,
            },
            seed: given.one("seed"),
            random: given.flag("random-state") || count == Some(TurnsOrRandom::Random),
        };
        let context = crate::command::Context::on(cube, given.notation());
        Ok(crate::command::one_shot::OneShot::asked(context, request))
    }),
    examples: &[
        ex("scramble 25 seed 7", &["scramble", "25", "--seed", "7"]),
        ex(
            "scramble random seed 3",
            &["scramble", "--random-state", "--seed", "3"],
        ),
    ],
    ..CommandDef::NONE
};

/// `cubework scramble`'s first word: a number of turns, or `random` (the REPL's spelling of
/// --random-state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnsOrRandom {
    /// This many turns.
    Turns(usize),
    /// A state drawn uniformly from all of them.
    Random,
}
