//! Solutions as the user reads them: a [`Solution`](crate::solve::Solution) as text, random-state
//! scrambles and the beginner's walkthrough ([`solution_text`]), and a solution followed one
//! hint at a time ([`plan`]).

pub mod plan;
pub mod solution_text;
