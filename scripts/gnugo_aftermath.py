#!/usr/bin/env python3
"""How often `gnugo --score aftermath` reproduces the recorded result (winner and margin)
of the records under a folder whose RE is a score: the figure tengen's dead-stone
estimator is compared with (`cargo run --release -p tengen-player --example estimate_eval`).

    scripts/gnugo_aftermath.py /usr/share/goban --exclude Hon-     # the evaluation set
    scripts/gnugo_aftermath.py /usr/share/goban --prefix Hon-      # the tuning set
"""
import argparse
import os
import re
import subprocess


def fmt(side, v):
    return f"{side}+{int(v) if v == int(v) else v}"


def recorded(path):
    text = open(path, errors="replace").read()
    m = re.search(r"RE\[([BW])\+([0-9.]+)\]", text)
    return fmt(m.group(1), float(m.group(2))) if m else None


def gnugo(path):
    # A record without KM is counted with komi 5.5 (GNU Go's default, made explicit:
    # the estimate_eval example uses the same value).
    out = subprocess.run(["/usr/games/gnugo", "--komi", "5.5", "--score", "aftermath", "-l", path],
                         capture_output=True, text=True, timeout=600).stdout
    m = re.search(r"(Black|White) wins by ([0-9.]+)", out)
    if m:
        return fmt("B" if m.group(1) == "Black" else "W", float(m.group(2)))
    return "0" if "jigo" in out.lower() else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("folder")
    ap.add_argument("--prefix")
    ap.add_argument("--exclude")
    a = ap.parse_args()
    total = exact = winner = 0
    for name in sorted(os.listdir(a.folder)):
        low = name.lower()
        if a.prefix and not low.startswith(a.prefix.lower()):
            continue
        if a.exclude and low.startswith(a.exclude.lower()):
            continue
        path = os.path.join(a.folder, name)
        want = recorded(path)
        if not want:
            continue
        got = gnugo(path)
        total += 1
        exact += got == want
        winner += bool(got) and got[0] == want[0]
    print(f"{total} scored records: {exact} exact ({100 * exact / max(total, 1):.1f}%), "
          f"{winner} right winner ({100 * winner / max(total, 1):.1f}%)")


if __name__ == "__main__":
    main()
