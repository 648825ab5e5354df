#!/usr/bin/env python3
"""How often `gnugo --score aftermath` (or, with `--mode finish`, `--score finish`)
reproduces the recorded result (winner and margin) of the records under a folder whose RE
is a score: the figure tengen's dead-stone estimator is compared with
(`cargo run --release -p tengen-player --example estimate_eval`).

    scripts/gnugo_aftermath.py /usr/share/goban --exclude Hon-     # the evaluation set
    scripts/gnugo_aftermath.py /usr/share/goban --prefix Hon-      # the tuning set
    scripts/gnugo_aftermath.py /usr/share/goban --exclude Hon- --turn 3 --jobs 2

`--turn K` (0-7) gives GNU Go each record turned or mirrored (the K-th of the eight
orientations of the board, 0 as recorded): the same games, read in another order, to set
beside `estimate_eval --orientations`. `--jobs N` runs N GNU Go processes at once.

A record without KM is counted with the komi its tournament's records state in the
nearest years (the rule of the estimate_eval example, `tengen_sgf::KomiOfTheTime`: same
file-name prefix, the komi most records of the nearest years give; for a tournament none
of whose records states one, the komi most records of the folder give in the nearest
years; else 5.5). A jigo written W+0 counts as 0. Under a
whole komi a count of 0 is won by whom the record's tournament gave a jigo in the nearest
years, as its jigos are written (W+0, W+J: White; B+0: Black; 0, Jigo, Draw: nobody), the
rule of `tengen_sgf::TiesOfTheTime`: the 1960s Meijin gave it to White.
"""
import argparse
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

# A move or setup property and its point values (two letters each, or empty: a pass).
POINTS = re.compile(rb"(?<![A-Z])(B|W|AB|AW|AE)((?:\s*\[[a-z]{0,2}\])+)")


def turned(text, k):
    """The SGF `text` with every move and setup point in the k-th orientation of its
    (square) board: k & 4 swaps the axes, k & 1 mirrors the columns, k & 2 the rows."""
    if k == 0:
        return text
    m = re.search(rb"SZ\[(\d+)(?::(\d+))?\]", text)
    n = int(m.group(1)) if m else 19
    if m and m.group(2) and int(m.group(2)) != n:
        raise ValueError("--turn needs a square board")

    def point(v):
        if len(v) != 2 or (n <= 19 and v == b"tt"):
            return v
        x, y = v[0] - 97, v[1] - 97
        if k & 4:
            x, y = y, x
        if k & 1:
            x = n - 1 - x
        if k & 2:
            y = n - 1 - y
        return bytes([97 + x, 97 + y])

    def prop(m):
        values = re.sub(rb"\[([a-z]{0,2})\]", lambda v: b"[" + point(v.group(1)) + b"]", m.group(2))
        return m.group(1) + values

    return POINTS.sub(prop, text)


def fmt(side, v):
    return f"{side}+{int(v) if v == int(v) else v}"


def recorded(path):
    text = open(path, errors="replace").read()
    m = re.search(r"RE\[([BW])\+([0-9.]+)\??\]", text)
    if not m:
        return None
    return "0" if float(m.group(2)) == 0 else fmt(m.group(1), float(m.group(2)))


def reachable(want, komi):
    """Whether some count reaches the result `want` under `komi`: a count's margin is a
    whole number of points less the komi, so its half point is the komi's (M-93-1's
    KM[5] and W+1.5 is reached by none; a jigo needs a whole komi)."""
    margin = 0.0 if want == "0" else float(want.split("+")[1])
    return (margin - komi) % 1 == 0


def tournament(name):
    return name.split("-")[0].lower()


def root_info(path):
    """The record's year (first four digits of DT) and komi (KM), each None if absent."""
    text = open(path, errors="replace").read()
    year = re.search(r"DT\[([0-9]{4})", text)
    komi = re.search(r"KM\[\s*([-0-9.]+)\s*\]", text)
    year = int(year.group(1)) if year else None
    try:
        komi = float(komi.group(1)) if komi else None
    except ValueError:
        komi = None
    return year, komi


def komi_of_the_time(folder, names, default=5.5):
    """For each record without KM, the komi most records of its tournament state in the
    nearest years that state one; for a tournament that never states one, the komi most
    records of the folder state in the nearest years (default when none does)."""
    known = []
    for name in names:
        year, komi = root_info(os.path.join(folder, name))
        if year is not None and komi is not None:
            known.append((tournament(name), year, komi))
    out = {}
    for name in names:
        year, komi = root_info(os.path.join(folder, name))
        if komi is None:
            found = nearest(known, name, year)
            if found is None and not any(k[0] == tournament(name) for k in known):
                found = nearest_of(known, lambda t: True, year)
            out[name] = default if found is None else found
    return out


def nearest(known, name, year):
    """The value most entries (tournament, year, value) of `known` for the tournament of
    `name` give in the years nearest `year`; None when there are none."""
    return nearest_of(known, lambda t: t == tournament(name), year)


def nearest_of(known, of, year):
    """The value most entries of `known` whose tournament `of` accepts give in the years
    nearest `year`; None when there are none."""
    same = [k for k in known if of(k[0])]
    if year is None or not same:
        return None
    d = min(abs(k[1] - year) for k in same)
    values = [k[2] for k in same if abs(k[1] - year) == d]
    # On a tie the last of the most common, as tengen_sgf's `nearest` takes it.
    return max(reversed(values), key=values.count)


def jigo_winner(path):
    """Who the record's RE says won its jigo: "W", "B", "" (a draw), or None if it is no
    jigo."""
    text = open(path, errors="replace").read()
    m = re.search(r"RE\[([^\]]*)\]", text)
    if not m:
        return None
    r = m.group(1).strip().lower()
    side, plus, rest = r.partition("+")
    if plus and side in ("w", "b") and (rest == "0" or rest.startswith("j")):
        return side.upper()
    return "" if r in ("0", "jigo", "draw", "d") else None


def ties_of_the_time(folder, names):
    """For each record, who wins its jigo: its own RE's if a jigo, else the rule most jigos
    of its tournament show in the nearest years (None when none does)."""
    known = []
    for name in names:
        year = root_info(os.path.join(folder, name))[0]
        rule = jigo_winner(os.path.join(folder, name))
        if year is not None and rule is not None:
            known.append((tournament(name), year, rule))
    out = {}
    for name in names:
        path = os.path.join(folder, name)
        own = jigo_winner(path)
        rule = own if own is not None else nearest(known, name, root_info(path)[0])
        if rule is not None:
            out[name] = rule
    return out


def gnugo(path, komi, mode="aftermath", turn=0):
    # GNU Go takes the komi of a record it loads from its KM (or 5.5 without one, whatever
    # --komi says), so a record without KM is given one in a temporary copy.
    text = turned(open(path, "rb").read(), turn)
    with tempfile.NamedTemporaryFile(suffix=".sgf") as tmp:
        if b"KM[" not in text:
            text = re.sub(rb"\(\s*;", f"(;KM[{komi}]".encode(), text, count=1)
        tmp.write(text)
        tmp.flush()
        out = subprocess.run(["/usr/games/gnugo", "--score", mode, "-l", tmp.name],
                             capture_output=True, text=True, timeout=1800).stdout
    m = re.search(r"(Black|White) wins by ([0-9.]+)", out)
    if m:
        return fmt("B" if m.group(1) == "Black" else "W", float(m.group(2)))
    return "0" if "jigo" in out.lower() else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--prefix")
    ap.add_argument("--exclude")
    ap.add_argument("-v", action="store_true", help="list the records not reproduced")
    ap.add_argument("--mode", default="aftermath", choices=["aftermath", "finish"],
                    help="GNU Go's --score mode: aftermath (the default) or finish "
                         "(plays the game out first, much slower)")
    ap.add_argument("--turn", type=int, default=0, choices=range(8),
                    help="give GNU Go the records in the k-th of the board's eight orientations")
    ap.add_argument("--jobs", type=int, default=1, help="GNU Go processes at once")
    a = ap.parse_args()
    total = exact = winner = 0
    names = sorted(os.listdir(a.folder))
    komis = komi_of_the_time(a.folder, names)
    ties = ties_of_the_time(a.folder, names)
    todo = []
    for name in names:
        low = name.lower()
        if a.prefix and not low.startswith(a.prefix.lower()):
            continue
        if a.exclude and low.startswith(a.exclude.lower()):
            continue
        path = os.path.join(a.folder, name)
        want = recorded(path)
        if want:
            todo.append((name, path, want))
    with ThreadPoolExecutor(max_workers=max(a.jobs, 1)) as pool:
        answers = pool.map(lambda t: gnugo(t[1], komis.get(t[0], 5.5), a.mode, a.turn), todo)
        results = list(zip(todo, answers))
    unreachable = []
    for (name, path, want), got in results:
        total += 1
        komi = root_info(path)[1]
        if not reachable(want, komis.get(name, 5.5) if komi is None else komi):
            unreachable.append(name)
        if a.v and got != want:
            print(f"{name}: gnugo {got}, record {want}", flush=True)
        exact += got == want
        # The winner of a count of 0 under a whole komi is the tie rule's.
        record_winner = jigo_winner(path) if want == "0" else want[0]
        won = ties.get(name) if got == "0" else (got or "")[:1]
        winner += bool(got) and won == record_winner
    print(f"{total} scored records: {exact} exact ({100 * exact / max(total, 1):.1f}%), "
          f"{winner} right winner ({100 * winner / max(total, 1):.2f}%)")
    if unreachable:
        reach = total - len(unreachable)
        print(f"{len(unreachable)} records state a result no count reaches under their komi "
              f"({', '.join(unreachable)}): {exact} exact of the {reach} others "
              f"({100 * exact / max(reach, 1):.1f}%)")


if __name__ == "__main__":
    main()
