#!/usr/bin/env python3
"""Builds the played-out set: the dead-stone estimator's second measure (issue 14).

Each game is played by GNU Go against itself, or against tengen's own player (`tengen gtp`),
under Chinese rules (komi 7.5) until both players pass. That position is kept, dead stones
and all. Then play goes on from it with `kgs-genmove_cleanup` for both colours until every
dead stone is captured and both pass again, and the final board is counted by area. What
the cleanup captured of the kept position's stones is the truth for "dead"; the final count
is the truth for the score.

The cleanup is played by GNU Go for both colours, at a higher level than the game itself,
also in the games tengen played: tengen's `kgs-genmove_cleanup` captures what tengen's own
estimator calls dead, which would make the estimator's answers the truth it is measured
against.

Every record is one SGF game (appended to a gzip file, one gzip member per game, so that an
interrupted run keeps what it made and `--resume` goes on from there):
- `SZ`, `KM`, `RU[Chinese]`, `PB`/`PW` (who played, at which level), `GN[played-out N]`,
  the moves up to and including the two passes: the kept position;
- `RE`: the area count of the board after the cleanup (the truth for the score);
- `XD`: the stones of the kept position that the cleanup captured (the truth for "dead");
- `XG`: GNU Go's own `final_status_list dead` on the kept position (default level), and
  `XS` its `final_score` there, to compare the estimator with;
- `XC`: how many cleanup moves were played.

Positions whose cleanup did not end (a move cap) or in which a player resigned are not kept.

    nice -n 19 scripts/played_out_set.py --tengen target/release/tengen \
        --out crates/tengen-player/tests/data/played_out.sgf.gz --games 9:380,13:200,19:100

Run one process at a time: GNU Go is slow on 19x19 (about a minute a game at these levels,
more on a busy machine) and the machine is shared. The stored set (680 games: 380 on 9x9,
200 on 13x13, 100 on 19x19) holds 600 games made by an earlier form of this script that
planned game N from the attempts made so far, resumed twice, and 80 19x19 games (numbers
600-679) added by this one with `--resume --games 9:380,13:200,19:100`: a fresh run makes
a set of the same kind, not the same games.
"""
import argparse
import gzip
import os
import random
import subprocess
import sys

GNUGO = "/usr/games/gnugo"
COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
KOMI = 7.5


class Engine:
    """A GTP engine in a child process."""

    def __init__(self, argv):
        self.argv = argv
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def send(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError(f"{self.argv[0]} stopped answering {command!r}")
            line = line.rstrip("\n")
            if line == "" and lines:
                break
            if line:
                lines.append(line)
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"{self.argv[0]} refused {command!r}: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)


def gnugo(level):
    return Engine([GNUGO, "--mode", "gtp", "--chinese-rules", "--level", str(level),
                   "--komi", str(KOMI)])


class Board:
    """Just enough of the rules to follow a game: captures and an area count."""

    def __init__(self, size):
        self.size = size
        self.cells = {}

    def neighbours(self, p):
        x, y = p
        for q in ((x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)):
            if 0 <= q[0] < self.size and 0 <= q[1] < self.size:
                yield q

    def chain(self, p):
        colour = self.cells[p]
        seen, todo, libs = {p}, [p], False
        while todo:
            q = todo.pop()
            for n in self.neighbours(q):
                c = self.cells.get(n)
                if c is None:
                    libs = True
                elif c == colour and n not in seen:
                    seen.add(n)
                    todo.append(n)
        return seen, libs

    def play(self, p, colour):
        """Plays and returns the points captured."""
        self.cells[p] = colour
        captured = []
        for n in self.neighbours(p):
            if self.cells.get(n) not in (None, colour):
                stones, libs = self.chain(n)
                if not libs:
                    captured.extend(stones)
                    for s in stones:
                        del self.cells[s]
        stones, libs = self.chain(p)
        if not libs:  # suicide (GNU Go never plays it; tengen under Chinese rules neither)
            raise RuntimeError(f"suicide at {p}")
        return captured

    def area(self):
        """Black's area minus White's (Tromp-Taylor: stones, and empty regions that reach
        stones of one colour only)."""
        score, seen = 0, set()
        for x in range(self.size):
            for y in range(self.size):
                p = (x, y)
                c = self.cells.get(p)
                if c is not None:
                    score += 1 if c == "b" else -1
                    continue
                if p in seen:
                    continue
                region, todo, reach = {p}, [p], set()
                while todo:
                    q = todo.pop()
                    for n in self.neighbours(q):
                        c = self.cells.get(n)
                        if c is None:
                            if n not in region:
                                region.add(n)
                                todo.append(n)
                        else:
                            reach.add(c)
                seen |= region
                if reach == {"b"}:
                    score += len(region)
                elif reach == {"w"}:
                    score -= len(region)
        return score


def to_point(vertex, size):
    v = vertex.upper()
    if v == "PASS":
        return None
    if v == "RESIGN":
        raise Resigned()
    return (COLUMNS.index(v[0]), int(v[1:]) - 1)


def to_vertex(p):
    return f"{COLUMNS[p[0]]}{p[1] + 1}"


def to_sgf(p, size):
    if p is None:
        return ""
    x, y = p
    return "abcdefghijklmnopqrstuvwxyz"[x] + "abcdefghijklmnopqrstuvwxyz"[size - 1 - y]


class Resigned(Exception):
    pass


def result(score):
    if score == 0:
        return "0"
    return f"B+{score:g}" if score > 0 else f"W+{-score:g}"


def setup(engine, size):
    engine.send(f"boardsize {size}")
    engine.send("clear_board")
    engine.send(f"komi {KOMI}")


def play_game(index, size, plan):
    """Plays one game by `plan`; returns the SGF text or None if it is not kept."""
    rng = random.Random(plan["seed"])
    players = {}
    for colour in "bw":
        who = plan[colour]
        if who[0] == "gnugo":
            players[colour] = gnugo(who[1])
        else:
            players[colour] = Engine([plan["tengen"], "gtp", "--rules", "chinese", "--seed",
                                      str(plan["seed"]), "--playouts", str(who[1]),
                                      "--resign-below", "0"])
    engines = list(players.values())
    cleaners = {}
    try:
        for e in engines:
            setup(e, size)
        board = Board(size)
        moves = []
        colour = "b"
        # A few random opening moves, away from the edge, so that no two games are alike.
        for _ in range(plan["opening"]):
            empty = [(x, y) for x in range(1, size - 1) for y in range(1, size - 1)
                     if (x, y) not in board.cells]
            p = rng.choice(empty)
            board.play(p, colour)
            moves.append((colour, p))
            for e in engines:
                e.send(f"play {colour} {to_vertex(p)}")
            colour = "w" if colour == "b" else "b"
        passes = 0
        while passes < 2:
            if len(moves) > 3 * size * size:
                return None
            p = to_point(players[colour].send(f"genmove {colour}"), size)
            other = players["w" if colour == "b" else "b"]
            other.send(f"play {colour} {to_vertex(p) if p else 'pass'}")
            if p is None:
                passes += 1
            else:
                passes = 0
                board.play(p, colour)
            moves.append((colour, p))
            colour = "w" if colour == "b" else "b"
        kept = dict(board.cells)
        # GNU Go's own view of the kept position, and the cleanup, by GNU Go for both.
        for c in "bw":
            cleaners[c] = gnugo(plan["cleanup_level"])
            setup(cleaners[c], size)
            for mc, mp in moves:
                cleaners[c].send(f"play {mc} {to_vertex(mp) if mp else 'pass'}")
        judge = gnugo(10) if plan["cleanup_level"] != 10 else None
        j = judge or cleaners["b"]
        if judge:
            setup(judge, size)
            for mc, mp in moves:
                judge.send(f"play {mc} {to_vertex(mp) if mp else 'pass'}")
        gnu_dead = [to_point(v, size) for v in j.send("final_status_list dead").split()]
        gnu_score = j.send("final_score")
        if judge:
            judge.close()
        found = clean_up(cleaners, board, kept, colour, size)
        if found is None:
            return None
        dead, cleanup = found
        # A stone captured and its point played again by its colour is still dead; a kept
        # stone is dead exactly when some cleanup capture took it.
        score = board.area() - KOMI
    except Resigned:
        return None
    finally:
        for e in engines + list(cleaners.values()):
            e.close()
    name = {"gnugo": "GNU Go level {}", "tengen": "tengen mcts {} playouts"}
    sgf = [f"(;GM[1]FF[4]SZ[{size}]KM[{KOMI:g}]RU[Chinese]GN[played-out {index}]",
           f"PB[{name[plan['b'][0]].format(plan['b'][1])}]",
           f"PW[{name[plan['w'][0]].format(plan['w'][1])}]",
           f"RE[{result(score)}]XC[{cleanup}]XS[{gnu_score}]"]
    for prop, points in (("XD", dead), ("XG", gnu_dead)):
        if points:
            sgf.append(prop + "".join(f"[{to_sgf(p, size)}]" for p in sorted(points)))
    for mc, mp in moves:
        sgf.append(f";{mc.upper()}[{to_sgf(mp, size)}]")
    sgf.append(")\n")
    return "".join(sgf)


def clean_up(cleaners, board, kept, colour, size):
    """Plays `kgs-genmove_cleanup` for both colours (`cleaners` by colour), `colour`
    first, on `board` until both pass: the stones of `kept` (the position before, by
    point) that its captures took, and the moves played; None if it runs past its cap."""
    dead, passes, played = set(), 0, 0
    while passes < 2:
        if played > 2 * size * size:
            return None
        p = to_point(cleaners[colour].send(f"kgs-genmove_cleanup {colour}"), size)
        other = cleaners["w" if colour == "b" else "b"]
        other.send(f"play {colour} {to_vertex(p) if p else 'pass'}")
        played += 1
        if p is None:
            passes += 1
        else:
            passes = 0
            for q in board.play(p, colour):
                if kept.get(q) is not None and kept[q] != colour:
                    dead.add(q)
        colour = "w" if colour == "b" else "b"
    return dead, played


def plan_for(index, size, seed, tengen):
    """What game `index` is: who plays, at which level, how many random opening moves."""
    rng = random.Random(f"{seed}-{index}")
    levels = {9: range(0, 7), 13: range(0, 3), 19: range(0, 2)}[size]
    cleanup_level = {9: 8, 13: 5, 19: 3}[size]
    players = [("gnugo", rng.choice(levels)), ("gnugo", rng.choice(levels))]
    if tengen and size < 19 and rng.random() < 0.25:
        players[rng.randrange(2)] = ("tengen", rng.choice([1000, 2000, 4000]))
    return {
        "seed": rng.randrange(1 << 32),
        "b": players[0],
        "w": players[1],
        "opening": rng.randrange(0, size // 2 + 1),
        "cleanup_level": cleanup_level,
        "tengen": tengen,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--games", default="9:380,13:200,19:100",
                    help="games kept per board size, SIZE:N,...")
    ap.add_argument("--tengen", help="tengen binary (games against its player); none: GNU Go only")
    ap.add_argument("--seed", type=int, default=14)
    ap.add_argument("--resume", action="store_true", help="keep the games already in --out")
    a = ap.parse_args()
    have = {}
    if a.resume and os.path.exists(a.out):
        with gzip.open(a.out, "rt") as f:
            for line in f:
                size = int(line.split("SZ[")[1].split("]")[0])
                have[size] = have.get(size, 0) + 1
    elif os.path.exists(a.out):
        os.remove(a.out)
    index = sum(have.values())
    for part in a.games.split(","):
        size, want = (int(v) for v in part.split(":"))
        # Game `kept` of a size is planned from (size, kept, retry), retry counting the games
        # not kept for that place: an interrupted run resumed with --resume makes the same
        # games as one left to finish.
        kept, retry = have.get(size, 0), 0
        while kept < want:
            plan = plan_for(f"{size}-{kept}-{retry}", size, a.seed, a.tengen)
            sgf = play_game(index, size, plan)
            if sgf is None:
                print(f"{size}x{size}: game not kept ({plan['b']} vs {plan['w']})", file=sys.stderr)
                retry += 1
                continue
            with gzip.open(a.out, "at") as f:
                f.write(sgf)
            kept += 1
            retry = 0
            index += 1
            print(f"{size}x{size}: {kept}/{want}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
