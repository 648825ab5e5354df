#!/usr/bin/env python3
"""Sets the finishing moves of tengen's dead-stone estimator beside GNU Go's, record by
record: what `gnugo --score aftermath` plays from the end of the record until its first
two passes in a row, against the fills of tengen's estimate (the `show_estimate`
example's `fills:` line), with the recorded result and both counts.

    cargo build --release -p tengen-player --example show_estimate
    scripts/compare_finishing.py /usr/share/goban/Hon-53-3.mgt [more records] [--start w] [--windows]

For each record it prints the points both fill with the same colour (how many), those
both fill with different colours (a dame, most often: no count changes), and the points
only one of them plays, with the colour: where a teire or a real move of one side is
missing from the other's finishing, the count differs by that point. `--windows` draws
tengen's board (dead stones, fills, territory) around each of those points.

A record without KM is given the komi of its tournament in the nearest years, as
`scripts/gnugo_aftermath.py` and the estimator's examples do, by both programs.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnugo_aftermath as ga  # noqa: E402

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SHOW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target", "release",
                    "examples", "show_estimate")


def size_of(text):
    m = re.search(r"SZ\[(\d+)\]", text)
    return int(m.group(1)) if m else 19


def gnugo_finishing(path, komi):
    """GNU Go's aftermath count and its moves from the end of the record to its first two
    passes in a row, as (colour, point) pairs ('B'/'W', 'Q16')."""
    text = open(path, "rb").read()
    if b"KM[" not in text:
        text = re.sub(rb"\(\s*;", f"(;KM[{komi}]".encode(), text, count=1)
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "in.sgf"), os.path.join(d, "out.sgf")
        open(src, "wb").write(text)
        run = subprocess.run(["/usr/games/gnugo", "--score", "aftermath", "-l", src, "-o", out],
                             capture_output=True, text=True, timeout=1800)
        finished = open(out, errors="replace").read() if os.path.exists(out) else ""
    m = re.search(r"(Black|White) wins by ([0-9.]+)", run.stdout)
    count = ga.fmt(m.group(1)[0], float(m.group(2))) if m else (
        "0" if "jigo" in run.stdout.lower() else None)
    size = size_of(finished or text.decode(errors="replace"))
    # GNU Go writes the record's final position as setup stones, then only its own moves.
    # A record that ends with passes has them written again first: they are skipped.
    moves = re.findall(r";([BW])\[([a-z]{0,2})\]", finished)
    while moves and moves[0][1] in ("", "tt"):
        moves.pop(0)
    played, passed = [], False
    for colour, at in moves:
        if at in ("", "tt") or len(at) != 2:
            if passed:
                break
            passed = True
            continue
        passed = False
        played.append((colour, COLUMNS[ord(at[0]) - 97] + str(size - (ord(at[1]) - 97))))
    return count, played


def tengen_finishing(path, komi, start):
    """tengen's count (with `komi` for a record without KM), its fills, as (colour, point)
    pairs in the order made, and its board rows (`show_estimate`'s drawing: row number,
    then one character a point)."""
    args = [SHOW, path] + (["--start", start] if start else [])
    args += ["--komi", str(komi)] if komi is not None else []
    out = subprocess.run(args + ["--fills"], capture_output=True, text=True, timeout=600).stdout
    fills = re.search(r"^fills: ?(.*)$", out, re.M)
    result = re.search(r"^result: (\S+)", out, re.M)
    played = [("B" if f[0] == "X" else "W", f[1:]) for f in (fills.group(1).split() if fills else [])]
    rows = {}
    for line in out.splitlines():
        m = re.match(r"^\s*(\d+)  (.*)$", line)
        if m:
            rows[int(m.group(1))] = m.group(2).split()
    return (result.group(1) if result else None), played, rows


def window(rows, point, radius=4):
    """The lines of tengen's board drawing around `point` ('Q16'), radius points each way,
    with column letters above."""
    x, y = COLUMNS.index(point[0]), int(point[1:])
    width = len(next(iter(rows.values()), []))
    cols = range(max(0, x - radius), min(width, x + radius + 1))
    lines = ["     " + " ".join(COLUMNS[c] for c in cols)]
    for r in sorted(rows, reverse=True):
        if abs(r - y) <= radius:
            lines.append(f"  {r:2} " + " ".join(rows[r][c] for c in cols))
    return lines


def compare(path, komi, start, windows):
    want = ga.recorded(path)
    ours, our_fills, rows = tengen_finishing(path, komi, start)
    theirs, their_moves = gnugo_finishing(path, komi)
    name = os.path.basename(path)
    print(f"{name}: recorded {want}, tengen {ours}, GNU Go aftermath {theirs}")
    mine = {p: c for c, p in our_fills}
    gg = {}
    for c, p in their_moves:
        gg.setdefault(p, c)  # a point played twice (a ko, a capture): its first colour
    same = [p for p in mine if gg.get(p) == mine[p]]
    other = [p for p in mine if p in gg and gg[p] != mine[p]]
    print(f"  same point, same colour: {len(same)}")
    print(f"  same point, other colour: {' '.join(other) or '-'}")
    print(f"  GNU Go only: {' '.join(c + p for p, c in gg.items() if p not in mine) or '-'}")
    print(f"  tengen only: {' '.join(c + p for p, c in mine.items() if p not in gg) or '-'}")
    if windows:
        for p, c in list(gg.items()) + list(mine.items()):
            if (p in gg) != (p in mine):
                who = "GNU Go" if p in gg else "tengen"
                print(f"  {who}'s {c}{p} on tengen's board (x o dead, b w fills, + - territory):")
                print("\n".join(window(rows, p)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+")
    ap.add_argument("--start", choices=["b", "w"],
                    help="who makes tengen's first finishing move (default: the estimator's choice)")
    ap.add_argument("--windows", action="store_true",
                    help="draw tengen's board around each point only one of them plays")
    a = ap.parse_args()
    if not os.path.exists(SHOW):
        sys.exit("build the example first: cargo build --release -p tengen-player --example show_estimate")
    missing = 0
    for path in a.records:
        if not os.path.isfile(path):
            print(f"{path}: no such record", file=sys.stderr)
            missing += 1
            continue
        compare(path, komi_for(path), a.start, a.windows)
    sys.exit(1 if missing else 0)


def komi_for(path):
    """The komi GNU Go is given for a record without KM: that of its tournament in the
    nearest years, from the other records of its folder (see gnugo_aftermath.py)."""
    if b"KM[" in open(path, "rb").read():
        return None  # unused: the record states its own
    folder = os.path.dirname(os.path.abspath(path))
    names = sorted(n for n in os.listdir(folder)
                   if n.lower().endswith((".sgf", ".mgt")) and os.path.isfile(os.path.join(folder, n)))
    return ga.komi_of_the_time(folder, names).get(os.path.basename(path), 5.5)


if __name__ == "__main__":
    main()
