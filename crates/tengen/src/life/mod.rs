//! Life and death that needs no reading (docs/rules.md §5.1): unconditional life by Benson's
//! algorithm (Ikeda's *immortal* stones), unconditional status and territory, groups, and
//! seki among chains taken as alive.

mod benson;
mod filling;
mod groups;
mod seki;
mod status;

pub use benson::{unconditional, Unconditional};
pub use groups::{groups, Group};
pub use seki::seki;
pub use status::{unconditional_status, Status};
