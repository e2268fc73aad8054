//! The tables the searches read: the two-phase solver's ([`tables`], their 4-bit pruning
//! tables in `prune`, their file in [`twophase_file`], the large set in [`twophase_large`]),
//! the optimal solver's ([`optimal_table`]), and the tables loaded once a process
//! ([`shared`]). Every table file goes through [`crate::base::table_cache`], which trusts
//! nothing in it: read whole and checked there, or mapped and checked by its one routine
//! for mapped tables, [`map_checked`](crate::base::table_cache::map_checked).

pub mod optimal_table;
pub(in crate::solve) mod prune;
pub mod shared;
pub mod tables;
pub mod twophase_file;
pub mod twophase_large;
