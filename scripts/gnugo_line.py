#!/usr/bin/env python3
"""Plays the shut-in search's line for one group against GNU Go's own reading, to check
it: where tengen and GNU Go disagree about a group at the end of a record, tengen's side
(the attacker where its search kills the group, the owner where it lives) plays the
search's proving play (`shut_in_move`), and GNU Go's side answers with its owl reading
at level 10 (`owl_defend` or `owl_attack` on the group; it passes where it finds none),
until the group is captured, both pass, or tengen's search changes its answer (its line
was refuted). docs/estimator-misses.md, round 42, says how it settled played-out records.

    scripts/gnugo_line.py --played-out 192 --set crates/tengen-player/tests/data/played_out_fresh9b.sgf.gz H3
    scripts/gnugo_line.py --played-out 48 --set crates/tengen-player/tests/data/played_out_fresh13b.sgf.gz K13 --first w
    scripts/gnugo_line.py /usr/share/goban/M-76-3.mgt R17

The record is read at its last move; the first player is the one to move there unless
`--first` says otherwise. A record ended by two passes is read with the search's limits
for an ended game, as the estimator reads it. Needs `cargo build --release -p
tengen-player --example shut_in_move`.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gnugo_reading import GNUGO, SET, played_out_record  # noqa: E402
from played_out_set import Engine  # noqa: E402

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SHUT_IN_MOVE = os.path.join(ROOT, "target", "release", "examples", "shut_in_move")
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def sgf_point(vertex, size):
    """The SGF coordinates of a GTP vertex such as `D4`."""
    x = COLUMNS.index(vertex[0].upper())
    y = size - int(vertex[1:])
    return "abcdefghijklmnopqrstuvwxyz"[x] + "abcdefghijklmnopqrstuvwxyz"[y]


def with_moves(text, moves, size):
    """The record `text` with `moves` ((colour, vertex or "pass")) added at its end."""
    nodes = "".join(f";{c}[{'' if v == 'pass' else sgf_point(v, size)}]" for c, v in moves)
    end = text.rstrip().rstrip(")")
    return end + nodes + ")\n"


def last_colour(text):
    """The colour of the record's last move, `B` or `W` (`W` if it has none)."""
    found = re.findall(r";\s*([BW])\[", text)
    return found[-1] if found else "W"


def ended_by_passes(text):
    """Whether the record's last two moves are passes."""
    found = re.findall(r";\s*[BW]\[([a-z]*)\]", text)
    return len(found) >= 2 and found[-1] in ("", "tt") and found[-2] in ("", "tt")


def search(text, moves, size, point, colour, ended):
    """`shut_in_move`'s answer with `colour` to move: (verdict, play)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
        f.write(with_moves(text, moves, size))
        path = f.name
    try:
        command = [SHUT_IN_MOVE, path, point, "--to-move", colour.lower()] + (["--ended"] if ended else [])
        out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    finally:
        os.unlink(path)
    if out.returncode != 0:
        sys.exit(f"shut_in_move failed: {out.stderr.strip()}")
    words = out.stdout.split()
    return words[0], (words[1] if len(words) > 1 else None)


def other(colour):
    return "W" if colour == "B" else "B"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("record", nargs="?", help="a record file (or use --played-out N)")
    ap.add_argument("point", nargs="?", help="a stone of the group, e.g. H3")
    ap.add_argument("--played-out", type=int, metavar="N", help="record N of a played-out set")
    ap.add_argument("--set", default=SET, help="the played-out set to take record N from")
    ap.add_argument("--first", choices=["b", "w"], help="who moves first (default: the player to move)")
    ap.add_argument("--plays", type=int, default=60, help="the most plays in the line (default 60)")
    a = ap.parse_args()
    if a.played_out is not None:
        point = a.record if a.point is None else a.point
        text = played_out_record(a.played_out, a.set)
    elif a.record and a.point:
        point = a.point
        with open(a.record, encoding="utf-8", errors="replace") as f:
            text = f.read()
    else:
        sys.exit("name a record file and a stone, or --played-out N and a stone")
    if point is None:
        sys.exit("name a stone of the group, e.g. H3")
    for tool in (GNUGO, SHUT_IN_MOVE):
        if not os.path.exists(tool):
            sys.exit(f"{tool} is missing (see this script's help)")
    point = point.upper()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1)) if "SZ[" in text else 19
    ended = ended_by_passes(text)
    colour = a.first.upper() if a.first else other(last_colour(text))

    gtp = Engine([GNUGO, "--mode", "gtp", "--level", "10"])
    with tempfile.NamedTemporaryFile("w", suffix=".sgf", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        gtp.send(f"loadsgf {path}")
    finally:
        os.unlink(path)
    owner = {"black": "B", "white": "W"}.get(gtp.send(f"color {point}"))
    if owner is None:
        sys.exit(f"{point} is empty at the end of the record")
    verdict, _ = search(text, [], size, point, colour, ended)
    if verdict not in ("killed", "lives"):
        sys.exit(f"tengen's search does not answer for {point}: {verdict}")
    tengen_side = other(owner) if verdict == "killed" else owner
    print(f"{point}: tengen's search says the group {'dies' if verdict == 'killed' else 'lives'} "
          f"with {colour} first; tengen plays {tengen_side}, GNU Go (owl, level 10) plays {other(tengen_side)}")
    moves, passes = [], 0
    for _ in range(a.plays):
        if gtp.send(f"color {point}") == "empty":
            print(f"the group is captured after {len(moves)} plays: "
                  f"{'tengen' if tengen_side != owner else 'GNU Go'}'s side wins")
            break
        if passes == 2:
            print(f"both pass after {len(moves)} plays: the group stands, "
                  f"{'tengen' if tengen_side == owner else 'GNU Go'}'s side wins")
            break
        if colour == tengen_side:
            now, play = search(text, moves, size, point, colour, ended)
            if now != verdict:
                print(f"tengen's search now says {now}: its line was refuted by GNU Go's plays")
                break
            who = "tengen"
        else:
            command = "owl_defend" if colour == owner else "owl_attack"
            answer = gtp.send(f"{command} {point}").split()
            play = answer[1] if len(answer) > 1 and answer[0] != "0" else None
            who = f"GNU Go ({command} {' '.join(answer)})"
        if play in (None, "-", "pass"):
            play = "pass"
        try:
            gtp.send(f"play {colour} {play}")
        except RuntimeError as e:
            print(e)
            break
        moves.append((colour, play))
        passes = passes + 1 if play == "pass" else 0
        print(f"  {len(moves):2}. {colour} {play:5} {who}")
        colour = other(colour)
    else:
        print(f"no answer within {a.plays} plays")
    print(gtp.send("showboard"))
    gtp.close()


if __name__ == "__main__":
    main()
