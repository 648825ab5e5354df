"""Bad input raises clear Python exceptions and never crashes the interpreter: wrong types,
points off the board, broken SGF bytes, nonsense rules. Property tests draw the input with
hypothesis; any exception other than the documented ones fails them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tengen

CLEAR = (TypeError, ValueError)  # IllegalMove, RulesError, SgfError are ValueErrors


@pytest.mark.parametrize("bad", [
    (9, 0), (0, 9), (-1, 0), (2**40, 0), "Z1", "A0", "A10", "I5", "", "D", "pass pass",
    9 * 9 + 1, -1, 1.5, True, object(), [1], (1, 2, 3), ("a", "b"),
])
def test_bad_moves_are_refused_with_clear_errors(bad):
    g = tengen.Game(9)
    with pytest.raises(CLEAR) as e:
        g.play(bad)
    assert str(e.value)
    assert not isinstance(e.value, tengen.IllegalMove), "not a rules refusal"
    assert g.move_number == 0


@pytest.mark.parametrize("size", [0, 26, -1, (0, 5), (5, 26), "19", 1.5, None.__class__])
def test_bad_sizes(size):
    with pytest.raises(CLEAR):
        tengen.Game(size)


def test_bad_arguments_everywhere():
    g = tengen.Game(9)
    for call in (
        lambda: g.play("E5", color="green"),
        lambda: g.play("E5", color=1),
        lambda: g.is_legal((10, 10)),
        lambda: g.why_illegal("J10"),
        lambda: g.score(dead=["Z9"]),
        lambda: g.score(dead="E5"),
        lambda: g.score(dead=5),
        lambda: g.get((9, 9)),
        lambda: g.set_free_handicap(["E5"]),
        lambda: g.set_free_handicap("E5"),
        lambda: tengen.Game.from_text("X Y\n. ."),
        lambda: tengen.Game.from_text("X .\n. . ."),
        lambda: tengen.Game.from_text("X O\nO .", to_move="red"),
        lambda: tengen.read_sgf(None),
        lambda: tengen.iter_records(42),
        lambda: tengen.iter_samples([], history=0),
        lambda: tengen.iter_records([], threads=0),
        lambda: tengen.write_sgf(None),
    ):
        with pytest.raises(CLEAR):
            call()


# A small record written here, so that these tests need no record collection.
RECORD = b"(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gc](;W[cg])(;W[gg]))"


def _record():
    return tengen.read_sgf(RECORD)


# Every int or float argument of the package, as a call taking the value. Python ints have
# no bound: each must be refused by name, not with pyo3's OverflowError, which names
# nothing (and an unbounded count must not start unbounded work).
NUMBER_ARGUMENTS = {
    "playouts": lambda v: tengen.Game(9).estimate(playouts=v),
    "seed": lambda v: tengen.Game(9).estimate(seed=v),
    "handicap": lambda v: tengen.Game(9, handicap=v),
    "komi": lambda v: tengen.Game(9, komi=v),
    "threads": lambda v: list(tengen.iter_records([], threads=v)),
    "chunk": lambda v: list(tengen.iter_samples([], chunk=v)),
    "history": lambda v: list(tengen.iter_samples([], history=v)),
    "max_moves": lambda v: _record()[0].replay(max_moves=v),
    "variation": lambda v: _record()[0].to_game(variation=[v]),
}


OUT_OF_RANGE = {"-1": -1, "-10**30": -(10**30), "10**30": 10**30, "2**64": 2**64,
                "10**400": 10**400, "str": "3", "complex": 1.5j}


@pytest.mark.parametrize("name, value", [
    pytest.param(name, value, id=f"{name}={label}")
    for name in sorted(NUMBER_ARGUMENTS) for label, value in OUT_OF_RANGE.items()
    if (name, label) != ("komi", "-1")  # the one value here that is in range
])
def test_number_arguments_out_of_range_are_refused_by_name(name, value):
    with pytest.raises(CLEAR) as e:
        NUMBER_ARGUMENTS[name](value)
    assert name in str(e.value), str(e.value)


def test_a_variation_is_a_list_and_never_an_endless_iterator():
    import itertools
    rec = _record()[0]
    assert rec.to_game(variation=[1]).moves[-1] == ("white", "G3")
    assert rec.to_game(variation=(0,)).moves[-1] == ("white", "C3")
    assert rec.to_game(variation=np.array([1])).moves[-1] == ("white", "G3")
    for endless in (itertools.count(), iter([1]), "1"):
        with pytest.raises(TypeError, match="variation must be a list of ints"):
            rec.to_game(variation=endless)
    for long in (range(10**18), [0] * 100_001):
        with pytest.raises(ValueError, match="variation holds at most 100000 ints"):
            rec.to_game(variation=long)


def test_counts_that_would_run_for_hours_are_refused(tmp_path):
    # 10,000 threads took 37 s to start, 4e9 playouts would take a day: refused at once.
    with pytest.raises(ValueError, match="threads is 1 to 1024, not 100000"):
        list(tengen.iter_records([], threads=100_000))
    with pytest.raises(ValueError, match="playouts is 1 to 100000, not 4294967295"):
        tengen.Game(9).estimate(playouts=2**32 - 1)
    with pytest.raises(ValueError, match="chunk is 1 to"):
        list(tengen.iter_records([], chunk=0))
    # The ends of each range are accepted.
    assert tengen.Game(5).estimate(playouts=1, seed=2**64 - 1).dead == []
    path = tmp_path / "game.sgf"
    path.write_bytes(RECORD)
    assert len(list(tengen.iter_records([path], threads=1024))) == 1


@settings(max_examples=300, deadline=None)
@given(st.integers() | st.tuples(st.integers(), st.integers()))
def test_ints_of_any_size_as_moves_points_and_sizes(value):
    g = tengen.Game(9)
    for call in (g.play, g.is_legal, g.why_illegal, g.get, tengen.Game):
        try:
            call(value)
        except CLEAR as e:
            assert str(e)
    rec = _record()
    try:
        rec[value]
    except (IndexError, TypeError):
        pass


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_read_as_sgf_never_crash(data):
    f = tengen.read_sgf(data)
    for d in f.diagnostics:
        assert d.line >= 1 and d.column >= 1 and d.severity in ("error", "warning")
    for rec in f.games:
        r = rec.replay()
        for p in r.problems:
            assert p.line >= 1 and p.message
        tengen.write_sgf(rec)


SGF_PIECES = st.sampled_from([
    "(", ")", ";", "B[", "W[", "]", "aa", "tt", "ss", "SZ[", "19", "9", "0", "52", "KM[",
    "-3.5", "RU[", "Japanese", "nonsense", "AB[", "AW[", "AE[", "HA[", "4", "PL[", "C[",
    "\\", "\n", "x", "FF[", "CA[", "latin1", ":", "zz", "PL[W]", "[", "GM[2]",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(SGF_PIECES, max_size=60))
def test_sgf_like_text_never_crashes(pieces):
    f = tengen.read_sgf("".join(pieces).encode())
    for rec in f.games:
        g = rec.replay().game
        g.legal_mask()
        g.score("none")
        tengen.read_sgf(rec.to_sgf().encode())


MOVES = st.one_of(
    st.integers(min_value=-5, max_value=90),
    st.tuples(st.integers(-3, 11), st.integers(-3, 11)),
    st.sampled_from(["pass", "A1", "J9", "E5", "K5", "A10", "x", None]),
    st.floats(allow_nan=True),
)


# The action index of every vertex of a 9x9 board: row 0 is the top (row 9 in GTP).
ACTION = {f"{'ABCDEFGHJ'[c]}{9 - r}": 9 * r + c for r in range(9) for c in range(9)}
ACTION["pass"] = 81


@settings(max_examples=200, deadline=None)
@given(st.lists(MOVES, max_size=80), st.sampled_from(tengen.rulesets()))
def test_random_moves_are_played_or_refused_clearly(moves, rules):
    g = tengen.Game(9, rules)
    for m in moves:
        before = g.move_number
        try:
            g.play(m)
        except tengen.IllegalMove as e:
            assert e.refusal.rule and e.refusal.message
            assert g.move_number == before
        except CLEAR:
            assert g.move_number == before
        mask = g.action_mask()
        assert mask.dtype == np.bool_ and mask.shape == (82,)
        # The mask says exactly what the engine's list of legal moves says.
        expected = np.zeros(82, dtype=bool)
        expected[[ACTION[v] for v in g.legal_moves()]] = True
        assert (mask == expected).all()
    while g.undo():
        pass
    assert g.move_number == 0
