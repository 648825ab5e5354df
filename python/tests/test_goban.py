"""Debian's goban-original-games records (about 600 historical games) through Python,
compared with the `tengen` command line on the same files: the same illegal moves in the
same places as `tengen check`, and the same counts as `tengen score --json`."""

import json

import pytest

import tengen
from conftest import GOBAN, need_goban, run_tengen


def python_illegal_moves():
    """(path, line, column, message) of every illegal move found from Python."""
    found = []
    for result in tengen.iter_records(GOBAN):
        assert result.error is None, result.path
        for p in result.problems:
            if p.kind == "illegal-move":
                found.append((result.path, p.line, p.column, p.message))
    return found


def test_the_same_eleven_illegal_moves_in_the_same_five_files_as_tengen_check():
    need_goban()
    cli = run_tengen("check", "--json", str(GOBAN))
    assert cli.returncode == 1, cli.stderr  # the illegal moves are errors
    report = json.loads(cli.stdout)
    expected = [
        (p["path"], p["line"], p["column"], p["message"])
        for p in report["problems"]
        if p["category"] == "illegal-move"
    ]
    found = python_illegal_moves()
    # The records' own errors, found by hand when the check was written: 11 moves on
    # occupied points or retaking kos, in 5 files.
    assert len(found) == 11
    assert len({path for path, *_ in found}) == 5
    assert sorted(found) == sorted(expected)


def test_every_record_is_read_in_file_order():
    need_goban()
    results = list(tengen.iter_records(GOBAN, replay=False, threads=2, chunk=7))
    paths = [r.path for r in results]
    assert paths == sorted(paths) and len(paths) == 596
    assert all(r.record is not None and len(r.record) == 1 for r in results)


# Every 25th record: scoring with the estimator costs a debug build of the CLI about a
# second a record.
def sample_records():
    if not GOBAN.is_dir():
        return []
    files = sorted(p for p in GOBAN.iterdir() if p.suffix in (".sgf", ".mgt"))
    return files[::25]


@pytest.mark.parametrize("dead", ["none", "auto"])
@pytest.mark.parametrize("path", sample_records(), ids=lambda p: p.name)
def test_scores_equal_tengen_score_json(path, dead):
    need_goban()
    cli = run_tengen("score", "--json", "--dead", dead, str(path))
    assert cli.returncode == 0, cli.stderr
    expected = json.loads(cli.stdout)
    game = tengen.read_sgf(path)[0].to_game()
    report = game.score(dead)
    assert report.result == expected["result"]
    assert report.black.to_dict() == expected["black"]
    assert report.white.to_dict() == expected["white"]
    assert sorted(report.dead) == sorted(expected["dead_stones"])
    symbols = {"black": "X", "white": "O"}
    assert [(symbols[c], v) for c, v in report.added] == [
        (a["color"], a["point"]) for a in expected["added_stones"]
    ]


def test_scores_under_three_rulesets_differ_as_the_rules_say():
    need_goban()
    path = sample_records()[0]
    record = tengen.read_sgf(path)[0]
    results = {}
    for rules in ("japanese", "chinese", "aga"):
        report = record.to_game(rules=rules, komi=6.5).score("none")
        results[rules] = report
        assert report.scoring == ("territory" if rules == "japanese" else "area")
    # Area counts stones and territory; territory counts territory and prisoners
    # (docs/rules.md §5.2). The same final position, so the same stones and territory.
    jp, cn, aga = results["japanese"].black, results["chinese"].black, results["aga"].black
    assert cn.total == cn.stones + cn.territory
    assert jp.total == jp.territory + jp.captures + jp.dead_stones_taken
    assert (jp.stones, jp.territory) == (cn.stones, cn.territory)
    assert jp.captures == record.to_game().prisoners["black"]
    # AGA counts area as well; no pass in these records, so no pass stones.
    assert aga.total == cn.total and aga.pass_stones == 0
    for r in results.values():
        assert r.white.komi == 6.5
