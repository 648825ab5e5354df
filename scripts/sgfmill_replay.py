#!/usr/bin/env python3
"""The Python reference for tengen's record-replay figure: sgfmill parsing every record
under a folder and playing every move of its main line on an sgfmill board, with the
ko check sgfmill offers (boards.Board.play returns the point simple ko forbids next; a
move there, or on an occupied point, is counted as illegal and skipped).

    pip install sgfmill
    python3 scripts/sgfmill_replay.py /usr/share/goban [--seconds 10] [--processes 2]

The files are read into memory first (as tengen's figure does), then parsed and replayed
round after round until the time is up. Prints games/s and moves/s.
"""

import argparse
import multiprocessing
import os
import sys
import time

from sgfmill import sgf, sgf_moves


def record_files(folder):
    """Every .sgf and .mgt file under the folder, in name order."""
    found = []
    for root, _dirs, files in os.walk(folder):
        for name in files:
            if name.lower().endswith((".sgf", ".mgt")):
                found.append(os.path.join(root, name))
    return sorted(found)


def replay(data):
    """Parses one record and plays its moves: (games, moves, illegal moves, failures)."""
    try:
        game = sgf.Sgf_game.from_bytes(data)
        board, plays = sgf_moves.get_setup_and_moves(game)
    except ValueError:
        return 0, 0, 0, 1
    moves = illegal = 0
    ko = None
    for colour, move in plays:
        moves += 1
        if move is None:
            ko = None
            continue
        if move == ko:
            illegal += 1
            continue
        row, col = move
        try:
            ko = board.play(row, col, colour)
        except (ValueError, IndexError):
            illegal += 1
    return 1, moves, illegal, 0


def rounds(texts, seconds):
    """Replays every text again and again for `seconds`: (games, moves, illegal, failures, time)."""
    games = moves = illegal = failures = 0
    start = time.perf_counter()
    while games == 0 or time.perf_counter() - start < seconds:
        for data in texts:
            g, m, i, f = replay(data)
            games += g
            moves += m
            illegal += i
            failures += f
    return games, moves, illegal, failures, time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--processes", type=int, default=1)
    args = parser.parse_args()
    files = record_files(args.folder)
    if not files:
        sys.exit(f"no .sgf or .mgt file under {args.folder}")
    texts = []
    for path in files:
        with open(path, "rb") as f:
            texts.append(f.read())
    # One round first, to report what sgfmill makes of the files.
    _, moves, illegal, failures, _ = rounds(texts, 0)
    print(f"{len(files)} files: {len(files) - failures} read, {failures} refused by sgfmill, "
          f"{moves} moves, {illegal} illegal (occupied or simple ko) skipped")
    with multiprocessing.Pool(args.processes) as pool:
        results = pool.starmap(rounds, [(texts, args.seconds)] * args.processes)
    games = sum(r[0] for r in results)
    moves = sum(r[1] for r in results)
    elapsed = max(r[4] for r in results)
    print(f"{args.processes} process(es): {games / elapsed:.0f} games/s, {moves / elapsed:.0f} moves/s "
          f"({games} games in {elapsed:.1f} s, {moves / max(games, 1):.0f} moves/game)")


if __name__ == "__main__":
    main()
