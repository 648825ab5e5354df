#!/usr/bin/env python3
"""What GNU Go's own reading says about stones of a position: for each point named, its
`dragon_status`, `owl_attack` and `owl_defend` at level 10 (the strongest), beside its
`final_status_list dead`. Used to ask, where the played-out set's truth (GNU Go's cleanup)
and tengen's estimate disagree, which side GNU Go's reading takes (docs/estimator-misses.md,
round 34: on played-out records 388, 501 and 678 it reads alive the stones its cleanup
captured and its status list calls dead).

    scripts/gnugo_reading.py --played-out 501 G11 F11
    scripts/gnugo_reading.py --played-out 152 --set fresh.sgf.gz M2
    scripts/gnugo_reading.py /usr/share/goban/Hon-67-5.mgt M19 L19

A played-out record is taken by its number from the stored set (crates/tengen-player/tests/
data/played_out.sgf.gz), or from another set made by scripts/played_out_set.py with `--set`;
a record file is read at its last move.
"""
import argparse
import gzip
import os
import re
import subprocess
import sys
import tempfile

GNUGO = "/usr/games/gnugo"
SET = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "crates", "tengen-player",
                   "tests", "data", "played_out.sgf.gz")


def played_out_record(number, set_path=SET):
    """The SGF text of record `number` of the played-out set at `set_path`."""
    with gzip.open(set_path, "rt", encoding="utf-8") as f:
        text = f.read()
    for game in re.split(r"(?=\(;)", text):
        if re.search(r"GN\[played-out %d\]" % number, game):
            return game.strip()
    sys.exit(f"no record {number} in {set_path}")


def ask(path, points):
    """GNU Go's answers about `points` of the position at the end of the record `path`."""
    commands = [f"loadsgf {path}"]
    for p in points:
        commands += [f"dragon_status {p}", f"owl_attack {p}", f"owl_defend {p}"]
    commands += ["final_status_list dead", "quit"]
    run = subprocess.run([GNUGO, "--mode", "gtp", "--level", "10"], input="\n".join(commands) + "\n",
                         capture_output=True, text=True, timeout=600)
    answers = [a.strip() for a in run.stdout.split("\n\n") if a.strip()]
    if len(answers) < len(commands) - 1:
        sys.exit(f"GNU Go answered {len(answers)} of {len(commands) - 1} commands: {run.stdout!r}")
    for a in answers:
        if a.startswith("?"):
            sys.exit(f"GNU Go refused a command: {a}")
    # The answers to loadsgf and quit are left out.
    return [a.lstrip("= ").replace("\n", " ") for a in answers[1:len(commands) - 1]]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("record", nargs="?", help="a record file (or use --played-out N)")
    ap.add_argument("points", nargs="*", help="stones to ask about, e.g. G11")
    ap.add_argument("--played-out", type=int, metavar="N", help="record N of the played-out set")
    ap.add_argument("--set", default=SET, help="the played-out set to take record N from "
                    "(default: the stored one)")
    a = ap.parse_args()
    points = a.points
    if a.played_out is not None:
        if a.record:
            points = [a.record] + points
        with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
            f.write(played_out_record(a.played_out, a.set))
            path = f.name
    elif a.record:
        path = a.record
    else:
        sys.exit("name a record file, or --played-out N")
    if not points:
        sys.exit("name at least one stone, e.g. G11")
    if not os.path.exists(GNUGO):
        sys.exit(f"{GNUGO} is missing (Debian package gnugo)")
    try:
        answers = ask(path, points)
    finally:
        if a.played_out is not None:
            os.unlink(path)
    for i, p in enumerate(points):
        status, attack, defend = answers[3 * i: 3 * i + 3]
        print(f"{p}: dragon_status {status}; owl_attack {attack}; owl_defend {defend}")
    print(f"final_status_list dead: {answers[-1] or '(none)'}")


if __name__ == "__main__":
    main()
