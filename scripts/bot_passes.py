#!/usr/bin/env python3
"""Checks every pass of tengen's player in the SGF records a `tengen match` wrote.

At each of its passes, an empty point next to live stones of both colours is an open border
or an unfilled dame. Stones are dead when the count that ended the game marks them inside
a territory (TB/TW): a dead stone of the player's own is the opponent's to capture, and one
of the opponent's inside her territory stays there under territory scoring (taking it
would cost her a point). Prints the passes and every point it cannot explain; exits 1 if
any.

    pip install ./python
    python3 scripts/bot_passes.py games/ [--name tengen]
"""

import argparse
import pathlib
import sys

import tengen


def final_marks(record, prop):
    """The points of the last node's territory property (TB or TW), as (row, column) from the
    top left, the layout of `Game.board()`."""
    values = record.main_line[-1].properties.get(prop, [])
    return {(ord(v[1]) - 97, ord(v[0]) - 97) for v in values}


def unexplained(board, dead):
    """Empty points next to live stones of both colours (`dead`: the dead stones' points)."""
    rows, cols = board.shape
    out = []
    for r in range(rows):
        for c in range(cols):
            if board[r, c] != 0:
                continue
            near = [(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < rows and 0 <= c + dc < cols]
            live = {int(board[p]) for p in near if board[p] != 0 and p not in dead}
            if live == {1, -1}:
                out.append((r, c))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--name", default="tengen", help="the player's PB/PW name")
    args = parser.parse_args()
    passes = problems = 0
    for path in sorted(pathlib.Path(args.folder).glob("*.sgf")):
        record = tengen.read_sgf(str(path))[0]
        props = record.properties
        color = "black" if props.get("PB") == [args.name] else "white"
        dead = final_marks(record, "TB") | final_marks(record, "TW")
        moves = record.to_game().moves
        for number, (mover, point) in enumerate(moves, 1):
            if mover == color and point == "pass":
                passes += 1
                # The position the player passed in: the record's first number - 1 moves.
                board = record.to_game(max_moves=number - 1).board()
                for r, c in unexplained(board, dead):
                    problems += 1
                    print(f"{path}: move {number}: open point at row {r}, column {c}")
    print(f"{passes} passes by {args.name}, {problems} unexplained open points")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
