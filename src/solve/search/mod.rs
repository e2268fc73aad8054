//! The solvers, one module each: [`bfs`] (shortest solutions by breadth-first search from both
//! ends, its states kept in a `ball`), [`twophase`] (any cube in milliseconds), [`optimal`]
//! (proven shortest, by IDA*), [`beginner`] (layer by layer, as a person learns) and [`pocket`]
//! (the 2×2×2 solved completely from its table). Each is reached through the door,
//! [`solve`](crate::solve::solve), which checks what it gives back.

pub(in crate::solve) mod ball;
pub mod beginner;
pub mod bfs;
pub mod four;
pub mod optimal;
pub mod pocket;
pub mod reduction;
pub mod twophase;
