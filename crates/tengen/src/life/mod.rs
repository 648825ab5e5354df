//! Life and death that needs no reading (RULES.md §5.1): unconditional life by Benson's
//! algorithm (Ikeda's *immortal* stones), groups, and seki among chains taken as alive.

mod benson;
mod groups;
mod seki;

pub use benson::{unconditional, Unconditional};
pub use groups::{groups, Group};
pub use seki::seki;
