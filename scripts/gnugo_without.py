#!/usr/bin/env python3
"""What GNU Go plays when one move of its own finishing is left out: the record is
finished by `gnugo --score aftermath` (as `scripts/compare_finishing.py` does), its moves
are replayed up to the one named, which becomes a pass, and GNU Go then plays both sides
for a few moves. Shows why a teire that GNU Go plays (and tengen does not) is owed: the
moves that follow its absence, and the board after them.

    scripts/gnugo_without.py /usr/share/goban/T-03-3.mgt BH18          # 8 moves
    scripts/gnugo_without.py /usr/share/goban/Hon-78-2.mgt WA12 --moves 6

The move is its colour and point as compare_finishing.py prints them (`BH18`, `WA12`);
the opponent of its player moves first.
"""
import argparse
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare_finishing as cf  # noqa: E402
import gnugo_aftermath as ga  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("record")
    ap.add_argument("move", help="colour and point of the finishing move to leave out, e.g. BH18")
    ap.add_argument("--moves", type=int, default=8, help="moves GNU Go plays after it")
    a = ap.parse_args()
    colour, point = a.move[0].upper(), a.move[1:].upper()
    if colour not in "BW" or not point:
        sys.exit("the move is a colour and a point, such as BH18")
    folder, name = os.path.split(os.path.abspath(a.record))
    komi = ga.komi_of_the_time(folder, sorted(os.listdir(folder))).get(name, 5.5)
    count, played = cf.gnugo_finishing(a.record, komi)
    print(f"GNU Go's aftermath: {count}; its finishing: "
          + " ".join(c + p for c, p in played))
    gtp = [f"loadsgf {a.record}"]
    for c, p in played:
        if (c, p) == (colour, point):
            gtp.append(f"play {c} pass")
            break
        gtp.append(f"play {c} {p}")
    else:
        sys.exit(f"{a.move} is not a move of GNU Go's finishing")
    sides = ["white", "black"] if colour == "B" else ["black", "white"]
    gtp += [f"genmove {sides[i % 2]}" for i in range(a.moves)] + ["showboard", "quit"]
    out = subprocess.run(["/usr/games/gnugo", "--mode", "gtp"], input="\n".join(gtp) + "\n",
                         capture_output=True, text=True, timeout=1800).stdout
    answers = [r.strip() for r in out.split("\n\n") if r.strip()]
    moves = [r.lstrip("= ").strip() for r in answers[-(a.moves + 2):-2]]
    print(f"without {a.move}: " + " ".join(sides[i % 2][0].upper() + m
                                          for i, m in enumerate(moves)))
    print(answers[-2].lstrip("= "))


if __name__ == "__main__":
    main()
