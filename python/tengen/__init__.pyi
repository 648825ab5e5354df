"""Type stubs of tengen: the rules of Go, exactly (see docs/python.md)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Color = Literal["black", "white"]
Vertex = str
"""A GTP vertex such as ``"D4"`` (column letters without I, row 1 at the bottom)."""
RowCol = Tuple[int, int]
"""``(row, col)`` with row 0 at the top and col 0 at the left."""
Point = Union[Vertex, RowCol]
Move = Union[Vertex, RowCol, int, None]
"""A point, ``"pass"``/``None`` for a pass, or an action index ``row * width + col``
(``width * height`` is a pass)."""
RulesArg = Union[str, Mapping[str, Any], None]
"""A ruleset name, a dict of tengen's rule keys (``"ruleset"`` names the base), or
KataGo's rules dict."""
PathArg = Union[str, os.PathLike]

class IllegalMove(ValueError):
    """A move the rules refuse."""

    refusal: Refusal
    rule: str
    earlier_move: Optional[int]

class RulesError(ValueError):
    """Unknown ruleset, rule key or value; or a rules change a played move forbids."""

class SgfError(ValueError):
    """An SGF record that cannot be read in strict mode, or a game that SGF cannot write."""

class PhaseError(ValueError):
    """An action the game's phase does not allow."""

class Refusal:
    """Why a move was refused: its rule, tengen's message and the earlier move named."""

    rule: str
    ko_rule: Optional[str]
    suicide_rule: Optional[str]
    message: str
    move: Vertex
    earlier_move: Optional[int]
    recreates: Optional[int]
    retakes: Optional[int]

class Terms:
    """One player's count, term by term, in points (names as ``tengen score --json``)."""

    stones: int
    territory: int
    captures: int
    dead_stones_taken: int
    pass_stones: int
    komi: float
    compensation: float
    first_pass_adjustment: float
    group_tax: int
    late_stones: int
    total: float
    def to_dict(self) -> Dict[str, Union[int, float]]: ...

class ScoreReport:
    """A count: both players' terms, the owner of every point, dead stones and result."""

    black: Terms
    white: Terms
    result: str
    winner: Optional[Color]
    margin: float
    scoring: Literal["area", "territory", "stones"]
    dead: List[Vertex]
    seki: List[Vertex]
    added: List[Tuple[Color, Vertex]]
    @property
    def owner(self) -> npt.NDArray[np.int8]:
        """(height, width): 1 Black, -1 White, 0 nobody."""
    def terms(self, color: Color) -> Terms: ...

class Estimate:
    """The dead-stone estimator's judgement (playouts and reading, not a rule)."""

    dead: List[Vertex]
    added: List[Tuple[Color, Vertex]]
    @property
    def ownership(self) -> npt.NDArray[np.float32]:
        """(height, width), from -1 (White) to +1 (Black)."""

class Life:
    """Life and death without reading: Benson's unconditional life, unconditional status
    and territory (GTP ``unconditional_status``), seki, groups."""

    black_alive: List[Vertex]
    white_alive: List[Vertex]
    black_safe: List[Vertex]
    white_safe: List[Vertex]
    seki: List[Vertex]
    groups: List[Tuple[Color, List[Vertex], List[List[Vertex]]]]
    @property
    def alive(self) -> npt.NDArray[np.int8]:
        """(height, width): 1 a black stone alive, -1 a white one, 0 otherwise."""
    @property
    def owner(self) -> npt.NDArray[np.int8]:
        """(height, width): 1 decided for Black (alive, territory, dead White), -1 White."""
    @property
    def dead(self) -> List[Vertex]: ...
    @property
    def black_territory(self) -> List[Vertex]: ...
    @property
    def white_territory(self) -> List[Vertex]: ...
    def status(self, point: Point) -> Literal["alive", "dead", "black_territory", "white_territory", "undecided"]: ...

class Settlement:
    """The agreement phase of a game that ended by passes (``Game.settlement()``)."""

    @property
    def stage(self) -> Literal["marking", "confirming", "settled", "resumed"]: ...
    @property
    def marks(self) -> List[Vertex]: ...
    @property
    def agreed_dead(self) -> Optional[List[Vertex]]: ...
    @property
    def disputed(self) -> Optional[List[Vertex]]: ...
    def accepted(self, color: Color) -> bool: ...
    def propose(self, dead: Union[Literal["auto"], Iterable[Point]]) -> None: ...
    def mark(self, by: Color, point: Point, dead: bool = True) -> bool: ...
    def toggle(self, by: Color, point: Point) -> bool: ...
    def accept(self, by: Color) -> None: ...
    def reject(self, by: Color) -> None: ...
    def play(self, move: Move, color: Optional[Color] = None) -> None:
        """A move of confirmation play."""
    def confirmation_game(self) -> Optional[Game]: ...
    def score(self) -> ScoreReport: ...
    def game(self) -> Game:
        """A copy of the game: settled, resumed, or still waiting."""

class Game:
    """A game of Go under a set of rules, with its whole history."""

    def __init__(
        self,
        size: Union[int, Tuple[int, int], None] = 19,
        rules: RulesArg = "japanese",
        komi: Optional[float] = None,
        handicap: int = 0,
    ) -> None: ...
    @staticmethod
    def from_text(text: str, to_move: str = "black", rules: RulesArg = None, komi: Optional[float] = None) -> Game:
        """A game from a diagram (``X`` ``O`` ``.``, top row first)."""
    @property
    def size(self) -> Union[int, Tuple[int, int]]: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def rules(self) -> Dict[str, str]: ...
    @property
    def komi(self) -> float: ...
    @property
    def to_move(self) -> Color: ...
    @property
    def prisoners(self) -> Dict[Color, int]: ...
    @property
    def phase(self) -> Literal["playing", "ended"]: ...
    @property
    def needs_settlement(self) -> bool: ...
    @property
    def final_dead(self) -> List[Vertex]: ...
    @property
    def end_reason(self) -> Optional[Literal["passes", "resignation", "time", "forfeit", "long-cycle"]]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def moves(self) -> List[Tuple[Color, Vertex]]: ...
    @property
    def move_number(self) -> int: ...
    @property
    def handicap(self) -> List[Vertex]: ...
    @property
    def hash(self) -> int: ...
    def hashes(self) -> npt.NDArray[np.uint64]: ...
    def set_rules(self, rules: RulesArg, komi: Optional[float] = None) -> None: ...
    def set_free_handicap(self, points: Iterable[Point]) -> None: ...
    def play(self, move: Move, color: Optional[Color] = None) -> None:
        """Plays a move; raises IllegalMove with the refusal."""
    def pass_(self) -> None: ...
    def resign(self, color: Optional[Color] = None) -> None: ...
    def resume(self) -> None: ...
    def settlement(self) -> Settlement: ...
    def undo(self) -> bool: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def is_legal(self, move: Move, color: Optional[Color] = None) -> bool: ...
    def why_illegal(self, move: Move, color: Optional[Color] = None) -> Optional[Refusal]: ...
    def legal_moves(self) -> List[Vertex]: ...
    def legal_mask(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]:
        """(height, width) legal plays for the player to move."""
    def action_mask(self, out: Optional[npt.NDArray[np.bool_]] = None) -> npt.NDArray[np.bool_]:
        """(width * height + 1,) legal actions, the last a pass."""
    def board(self) -> npt.NDArray[np.int8]:
        """(height, width): 1 Black, -1 White, 0 empty; row 0 at the top."""
    def get(self, point: Point) -> Optional[Color]: ...
    def score(self, dead: Union[Literal["auto", "none", "settled"], Iterable[Point], None] = "auto") -> ScoreReport: ...
    def estimate(self, playouts: Optional[int] = None, seed: Optional[int] = None) -> Estimate: ...
    def unconditional_life(self) -> Life: ...
    def to_text(self) -> str: ...

class Diagnostic:
    """A problem the SGF parser found."""

    severity: Literal["error", "warning"]
    line: int
    column: int
    message: str

class Problem:
    """A problem found while replaying a record's game."""

    kind: Literal["illegal-move", "bad-value", "unknown-rules", "setup", "oddity"]
    severity: Literal["error", "warning"]
    line: int
    column: int
    message: str
    move_number: Optional[int]
    color: Optional[Color]
    move: Optional[Vertex]
    refusal: Optional[Refusal]

class Node:
    """One node of a game tree."""

    @property
    def properties(self) -> Dict[str, List[str]]: ...
    @property
    def move(self) -> Optional[Tuple[Color, str]]: ...
    def get(self, id: str) -> Optional[str]: ...
    def __contains__(self, id: str) -> bool: ...

class Tree:
    """A sequence of nodes and the variations after it."""

    @property
    def nodes(self) -> List[Node]: ...
    @property
    def variations(self) -> List[Tree]: ...
    def node_count(self) -> int: ...

class Replay:
    """A record's game replayed, with what the replay found."""

    game: Game
    moves: int
    record_result: Optional[str]
    problems: List[Problem]
    @property
    def illegal_moves(self) -> List[Problem]: ...

class GameRecord:
    """One game of a record file."""

    @property
    def properties(self) -> Dict[str, List[str]]: ...
    @property
    def main_line(self) -> List[Node]: ...
    @property
    def tree(self) -> Tree: ...
    def get(self, id: str) -> Optional[str]: ...
    def to_game(
        self,
        rules: RulesArg = None,
        komi: Optional[float] = None,
        variation: Optional[Sequence[int]] = None,
        max_moves: Optional[int] = None,
    ) -> Game: ...
    def replay(
        self,
        rules: RulesArg = None,
        komi: Optional[float] = None,
        variation: Optional[Sequence[int]] = None,
        max_moves: Optional[int] = None,
    ) -> Replay: ...
    def to_sgf(self) -> str: ...

class SgfFile:
    """A record file read."""

    path: Optional[str]
    @property
    def games(self) -> List[GameRecord]: ...
    @property
    def diagnostics(self) -> List[Diagnostic]: ...
    @property
    def errors(self) -> List[Diagnostic]: ...
    @property
    def charset(self) -> str: ...
    @property
    def text(self) -> str: ...
    def to_sgf(self) -> str: ...
    def __len__(self) -> int: ...
    def __getitem__(self, k: int) -> GameRecord: ...

def read_sgf(source: Union[PathArg, bytes, bytearray], strict: bool = False) -> SgfFile: ...
def write_sgf(obj: Union[Game, SgfFile, GameRecord], path: Optional[PathArg] = None) -> str: ...

class FileResult:
    """One file of a batch."""

    path: str
    record: Optional[SgfFile]
    replays: List[Replay]
    error: Optional[str]
    @property
    def games(self) -> List[Game]: ...
    @property
    def problems(self) -> List[Problem]: ...

class Samples:
    """One game's training samples."""

    path: str
    game: int
    planes: npt.NDArray[np.uint8]
    to_move: npt.NDArray[np.int8]
    moves: npt.NDArray[np.int32]
    value: npt.NDArray[np.int8]
    result: Optional[str]
    winner: Optional[Color]
    illegal_moves: int
    def __len__(self) -> int: ...

def iter_records(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    replay: bool = True,
    rules: RulesArg = None,
    komi: Optional[float] = None,
    threads: Optional[int] = None,
    chunk: Optional[int] = None,
) -> Iterator[FileResult]: ...
def iter_samples(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    history: int = 1,
    skip_illegal: bool = False,
    rules: RulesArg = None,
    threads: Optional[int] = None,
    chunk: Optional[int] = None,
) -> Iterator[Samples]: ...
def rulesets() -> List[str]: ...
def rules_dict(rules: RulesArg, komi: Optional[float] = None) -> Dict[str, str]: ...
