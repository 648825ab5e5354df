"""tengen: the rules of Go, exactly.

Every ruleset (Japanese, Chinese, Korean, AGA, Ing, New Zealand, Tromp-Taylor, WMSG,
Ikeda's six), exact superko with explained refusals, every scoring method, SGF read and
written, and batches of records replayed on all cores. The rules are tengen's Rust crates;
this package only wraps them.

Points are GTP vertices (``"D4"``) or ``(row, col)`` pairs with row 0 at the **top**
(the order of ``Game.board()``); an int move is an action index ``row * width + col``,
``width * height`` being a pass. See ``docs/python.md`` for the tour.
"""

from ._tengen import (
    Estimate,
    Game,
    IllegalMove,
    Life,
    PhaseError,
    Refusal,
    RulesError,
    ScoreReport,
    SgfError,
    Terms,
    rules_dict,
    rulesets,
)
from . import _tengen

__all__ = [
    "Estimate",
    "Game",
    "IllegalMove",
    "Life",
    "PhaseError",
    "Refusal",
    "RulesError",
    "ScoreReport",
    "SgfError",
    "Terms",
    "rules_dict",
    "rulesets",
]

# The record and batch API, added to the names above as the extension provides them.
for _name in (
    "read_sgf",
    "write_sgf",
    "SgfFile",
    "GameRecord",
    "Tree",
    "Node",
    "Diagnostic",
    "Problem",
    "Replay",
    "iter_records",
    "FileResult",
    "iter_samples",
    "Samples",
    "Settlement",
):
    if hasattr(_tengen, _name):
        globals()[_name] = getattr(_tengen, _name)
        __all__.append(_name)
del _name
