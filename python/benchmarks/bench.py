#!/usr/bin/env python3
"""tengen from Python: the three speed figures of issue 16, measured in one run.

    pip install ./python sgfmill
    python python/benchmarks/bench.py /usr/share/goban [--seconds 5]

1. Replaying records, one core: every record (read into memory first) parsed and its main
   line replayed with full legality checking by ``tengen.read_sgf(...)[0].to_game()``,
   against sgfmill parsing the same bytes and playing every move on its board with its
   simple-ko check (as ``scripts/sgfmill_replay.py``); moves/s for both and the ratio
   (target: at least 20 times sgfmill).
2. Random games driven from Python one move at a time: each move asks ``legal_mask()``
   (into a reused array), picks a random legal point with numpy, and plays it as an action
   index; a pass when no point is legal; a game stops when it is over or after three
   times the board's points. Moves/s on 9x9 and 19x19, simple ko (Japanese) and positional
   superko (Chinese) (target: at least 250,000 moves/s).
3. Training samples from ``tengen.iter_samples`` on two worker threads: positions/s
   (planes, side to move, move played, result for every position of every record).

It measures; it asserts nothing. Run it on a quiet machine: the figures are wall-clock
rates.
"""

import argparse
import os
import random
import sys
import time

import numpy as np

import tengen


def record_files(folder):
    """Every .sgf and .mgt file under the folder, in name order."""
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if name.lower().endswith((".sgf", ".mgt")):
                found.append(os.path.join(root, name))
    return sorted(found)


def timed_rounds(work, seconds):
    """Calls `work()` (which returns a count) until `seconds` have passed, at least once:
    (total count, elapsed seconds)."""
    count = 0
    start = time.perf_counter()
    while True:
        count += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return count, elapsed


def tengen_replay(texts):
    """Parses and replays every record: moves replayed."""
    moves = 0
    for data in texts:
        for record in tengen.read_sgf(data).games:
            moves += record.to_game().move_number
    return moves


def sgfmill_replay(texts):
    """sgfmill doing the same: parse, then play every move with its simple-ko check."""
    from sgfmill import sgf, sgf_moves

    moves = 0
    for data in texts:
        try:
            game = sgf.Sgf_game.from_bytes(data)
            board, plays = sgf_moves.get_setup_and_moves(game)
        except ValueError:
            continue
        ko = None
        for colour, move in plays:
            moves += 1
            if move is None:
                ko = None
                continue
            if move == ko:
                continue
            row, col = move
            try:
                ko = board.play(row, col, colour)
            except (ValueError, IndexError):
                pass
    return moves


def random_games(size, rules, games, seed):
    """Plays `games` random games through the action mask: moves played."""
    rand = random.Random(seed).random
    points = size * size
    mask = np.zeros((size, size), dtype=bool)
    moves = 0
    for _ in range(games):
        g = tengen.Game(size, rules)
        for _ in range(3 * points):
            # Row-major flat indices of the (row, col) mask are action indices.
            legal = np.flatnonzero(g.legal_mask(out=mask))
            n = len(legal)
            g.play(int(legal[int(rand() * n)]) if n else points)
            moves += 1
            if g.is_over:
                break
    return moves


def samples(folder, threads):
    """Positions made into samples by iter_samples over the folder."""
    return sum(len(s) for s in tengen.iter_samples(folder, threads=threads))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", help="a folder of SGF records, e.g. /usr/share/goban")
    parser.add_argument("--seconds", type=float, default=5.0, help="time per figure")
    args = parser.parse_args()
    files = record_files(args.folder)
    if not files:
        sys.exit(f"no .sgf or .mgt file under {args.folder}")
    texts = [open(path, "rb").read() for path in files]
    print(f"command: python {' '.join(sys.argv)}")
    print(f"tengen {tengen.__file__}, numpy {np.__version__}, {len(files)} record files\n")

    moves, elapsed = timed_rounds(lambda: tengen_replay(texts), args.seconds)
    tengen_rate = moves / elapsed
    print(f"replay, one core: tengen {tengen_rate:,.0f} moves/s")
    try:
        import sgfmill  # noqa: F401
    except ImportError:
        print("replay, one core: sgfmill not installed (pip install sgfmill) - no comparison")
    else:
        moves, elapsed = timed_rounds(lambda: sgfmill_replay(texts), args.seconds)
        sgfmill_rate = moves / elapsed
        print(f"replay, one core: sgfmill {sgfmill_rate:,.0f} moves/s; "
              f"tengen/sgfmill = {tengen_rate / sgfmill_rate:.1f}x (target 20x)")

    for size in (9, 19):
        for rules in ("japanese", "chinese"):
            seed = iter(range(1_000_000))
            moves, elapsed = timed_rounds(
                lambda: random_games(size, rules, 4, next(seed)), args.seconds)
            print(f"random games through legal_mask, {size}x{size} {rules}: "
                  f"{moves / elapsed:,.0f} moves/s (target 250,000)")

    positions, elapsed = timed_rounds(lambda: samples(args.folder, 2), args.seconds)
    print(f"training samples, iter_samples on 2 threads: {positions / elapsed:,.0f} positions/s")


if __name__ == "__main__":
    main()
