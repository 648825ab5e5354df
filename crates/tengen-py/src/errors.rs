//! The exceptions and the refusal: every refusal of tengen's rules reaches Python with its
//! rule and, for a repetition, the earlier move named (docs/rules.md §3.3, docs/rules.md).

use crate::convert;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tengen::{Illegal, Move, Size};

create_exception!(
    tengen,
    IllegalMove,
    PyValueError,
    "A move the rules refuse. `refusal` says why (rule, message, earlier move); `rule` and \
     `earlier_move` are copied from it."
);
create_exception!(
    tengen,
    RulesError,
    PyValueError,
    "A ruleset name, rule key or rule value that tengen does not know, or rules that \
     cannot apply (a change that would make a move already played illegal)."
);
create_exception!(
    tengen,
    SgfError,
    PyValueError,
    "An SGF record that cannot be read (a file that cannot be opened, or errors in strict \
     mode), or a game that cannot be written as SGF."
);
create_exception!(
    tengen,
    PhaseError,
    PyValueError,
    "An action that the game's phase does not allow (marking dead stones while playing, \
     accepting twice...)."
);

/// Why a move was refused: the rule, the message tengen gives, and the earlier moves it
/// names.
#[pyclass(module = "tengen", frozen, get_all)]
#[derive(Clone)]
pub struct Refusal {
    /// The rule, as a short name: `occupied`, `off-board`, `game-over`, `suicide`, `ko`
    /// (any repetition rule: see `ko_rule`), `cycle-set`, `disallowed-capture`,
    /// `confirmation-ko`, `stone-supply`.
    pub rule: String,
    /// For `ko`: the repetition rule in force, as the `ko` rule key writes it (`simple`,
    /// `positional`, `situational`, `natural-situational`, `capture-positional`,
    /// `cycle-sets`).
    pub ko_rule: Option<String>,
    /// For `suicide`: the suicide rule in force (`forbidden`, `multi-stone`).
    pub suicide_rule: Option<String>,
    /// The whole explanation, as tengen words it.
    pub message: String,
    /// The move refused, as a vertex (or `"pass"`).
    pub r#move: String,
    /// The earlier move the refusal names, if any (1 for the first move; 0 means the
    /// starting position), as the server and the command line name it: for a ko or
    /// superko the move after which the position that would recur arose (`recreates`),
    /// the capture whose cycle set holds the point, the counteracted play, the ko taken
    /// in confirmation play.
    pub earlier_move: Option<usize>,
    /// For a repetition: the move after which the position that would recur arose (0 for
    /// the start).
    pub recreates: Option<usize>,
    /// Under simple ko (and Ing's etiquette A1): the move that took the ko.
    pub retakes: Option<usize>,
}

#[pymethods]
impl Refusal {
    fn __repr__(&self) -> String {
        format!(
            "Refusal(rule={:?}, move={:?}, earlier_move={:?}, message={:?})",
            self.rule, self.r#move, self.earlier_move, self.message
        )
    }

    fn __str__(&self) -> String {
        self.message.clone()
    }
}

/// The short name of a refusal's rule.
fn rule_name(why: &Illegal) -> &'static str {
    match why {
        Illegal::GameOver => "game-over",
        Illegal::OffBoard(_) => "off-board",
        Illegal::Occupied(_) => "occupied",
        Illegal::Suicide { .. } => "suicide",
        Illegal::Ko { .. } => "ko",
        Illegal::CycleSet { .. } => "cycle-set",
        Illegal::DisallowedCapture { .. } => "disallowed-capture",
        Illegal::ConfirmationKo { .. } => "confirmation-ko",
        Illegal::NoStonesLeft { .. } => "stone-supply",
        Illegal::OutOfTurn { .. } => "out-of-turn",
    }
}

impl Refusal {
    /// The refusal of `mv` for `why`.
    pub fn new(why: &Illegal, mv: Move, size: Size) -> Refusal {
        let (recreates, retakes) = match why {
            Illegal::Ko {
                recreates, retakes, ..
            } => (Some(*recreates), *retakes),
            _ => (None, None),
        };
        let earlier_move = why.earlier_move();
        Refusal {
            rule: rule_name(why).to_string(),
            ko_rule: match why {
                Illegal::Ko { rule, .. } => Some(rule.to_string()),
                _ => None,
            },
            suicide_rule: match why {
                Illegal::Suicide { rule, .. } => Some(rule.to_string()),
                _ => None,
            },
            message: why.to_string(),
            r#move: convert::vertex(mv, size),
            earlier_move,
            recreates,
            retakes,
        }
    }
}

/// The `IllegalMove` exception for a refusal, with the refusal and its rule and earlier
/// move as attributes.
pub fn illegal(py: Python<'_>, why: &Illegal, mv: Move, size: Size) -> PyErr {
    let refusal = Refusal::new(why, mv, size);
    let err = IllegalMove::new_err(format!("{}: {}", refusal.r#move, refusal.message));
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail but for memory.
    let _ = value.setattr("rule", refusal.rule.clone());
    let _ = value.setattr("earlier_move", refusal.earlier_move);
    let _ = value.setattr("refusal", refusal);
    err
}
