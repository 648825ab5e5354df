#!/usr/bin/env python3
"""Whether a played-out record's truth is unambiguous: its cleanup played again by GNU Go
at level 10 (the strongest), once with each colour first, must capture exactly the stones
the stored cleanup captured (`XD`).

The stored truth of `scripts/played_out_set.py` is one cleanup, by GNU Go at a low level
(5 on 13x13, 3 on 19x19), started by the player to move after the passes. Where a group's
life hangs on who moves first, or the cleanup's player errs, that truth is one of several
answers, and it is the answer of the program whose `final_status_list dead` the estimator
is measured against. A record is *ambiguous* when either level-10 cleanup captures other
stones than the stored one; its verdicts are written one per line:

    SET RECORD ambiguous|clear FIRST-DEAD-DIFFERENCE SECOND-DEAD-DIFFERENCE

    scripts/played_out_truth.py --set crates/tengen-player/tests/data/played_out_fresh13e.sgf.gz 39 44 48
    scripts/played_out_truth.py --set FILE        # every record of the set

A record's verdict depends on GNU Go only, not on any estimate, and every record of the
stored sets was asked: `crates/tengen-player/tests/data/played_out_truth.txt` holds the
verdicts (made with `scripts/played_out_truths.sh`, about 35 minutes on two cores).
`played_out_eval --truth FILE` leaves out the records it calls ambiguous, for both tools
alike.
"""
import argparse
import gzip
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import played_out_set as pos  # noqa: E402

LEVEL = 10


def records(path):
    """The set's records by number: (size, moves, stored dead points)."""
    with gzip.open(path, "rt") as f:
        text = f.read()
    found = {}
    for game in re.findall(r"\(;GM\[1\].*?\)\n", text, re.S):
        size = int(re.search(r"SZ\[(\d+)\]", game).group(1))
        number = int(re.search(r"GN\[played-out (\d+)\]", game).group(1))
        moves = [(c.lower(), from_sgf(p, size)) for c, p in re.findall(r";([BW])\[([a-z]*)\]", game)]
        xd = re.search(r"XD((?:\[[a-z]{2}\])+)", game)
        dead = {from_sgf(p, size) for p in re.findall(r"\[([a-z]{2})\]", xd.group(1))} if xd else set()
        found[number] = (size, moves, dead)
    return found


def from_sgf(p, size):
    if not p:
        return None
    return ("abcdefghijklmnopqrstuvwxyz".index(p[0]),
            size - 1 - "abcdefghijklmnopqrstuvwxyz".index(p[1]))


def cleanup(size, moves, first_passes):
    """The stones of the kept position that a level-10 cleanup captures; the player to move
    after the passes passes once more first if `first_passes`."""
    board = pos.Board(size)
    for c, p in moves:
        if p is not None:
            board.play(p, c)
    kept = dict(board.cells)
    cleaners = {c: pos.gnugo(LEVEL) for c in "bw"}
    try:
        for e in cleaners.values():
            pos.setup(e, size)
            for c, p in moves:
                e.send(f"play {c} {pos.to_vertex(p) if p else 'pass'}")
        colour = "w" if moves[-1][0] == "b" else "b"
        if first_passes:
            for e in cleaners.values():
                e.send(f"play {colour} pass")
            colour = "w" if colour == "b" else "b"
        found = pos.clean_up(cleaners, board, kept, colour, size)
        return None if found is None else found[0]
    finally:
        for e in cleaners.values():
            e.close()


def difference(dead, stored):
    """The points one cleanup's dead differ from the stored truth by: +P taken only here,
    -P only by the stored cleanup; `=` if none."""
    if dead is None:
        return "unended"
    more = sorted(pos.to_vertex(p) for p in dead - stored)
    fewer = sorted(pos.to_vertex(p) for p in stored - dead)
    return ",".join([f"+{v}" for v in more] + [f"-{v}" for v in fewer]) or "="


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", required=True, help="a played-out set (.sgf.gz)")
    ap.add_argument("records", nargs="*", type=int, help="record numbers (default: all)")
    args = ap.parse_args()
    found = records(args.set)
    args.records = args.records or sorted(found)
    name = os.path.basename(args.set).removesuffix(".sgf.gz")
    for n in args.records:
        if n not in found:
            sys.exit(f"{args.set}: no record {n}")
        size, moves, stored = found[n]
        diffs = [difference(cleanup(size, moves, first), stored) for first in (False, True)]
        verdict = "clear" if diffs == ["=", "="] else "ambiguous"
        print(name, n, verdict, *diffs, flush=True)


if __name__ == "__main__":
    main()
