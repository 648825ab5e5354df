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
    Diagnostic,
    Estimate,
    FileResult,
    Game,
    GameRecord,
    IllegalMove,
    Life,
    Node,
    PhaseError,
    Problem,
    Refusal,
    Replay,
    RulesError,
    Samples,
    ScoreReport,
    Settlement,
    SgfError,
    SgfFile,
    Terms,
    Tree,
    iter_records,
    iter_samples,
    read_sgf,
    rules_dict,
    rulesets,
    write_sgf,
)

__all__ = [
    "Diagnostic",
    "Estimate",
    "FileResult",
    "Game",
    "GameRecord",
    "IllegalMove",
    "Life",
    "Node",
    "PhaseError",
    "Problem",
    "Refusal",
    "Replay",
    "RulesError",
    "Samples",
    "ScoreReport",
    "Settlement",
    "SgfError",
    "SgfFile",
    "Terms",
    "Tree",
    "iter_records",
    "iter_samples",
    "read_sgf",
    "rules_dict",
    "rulesets",
    "write_sgf",
]
