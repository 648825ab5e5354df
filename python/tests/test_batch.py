"""The batch iterators: order, errors, and training samples checked against positions
worked out by hand."""

import numpy as np

import tengen

GAME = b"(;GM[1]SZ[5]RU[Chinese]KM[7.5]RE[B+3.5];B[cc];W[bc];B[cb];W[])"


def test_records_come_in_order_with_errors(tmp_path):
    for k in range(20):
        (tmp_path / f"g{k:02}.sgf").write_bytes(GAME.replace(b"B+3.5", f"B+{k}".encode()))
    (tmp_path / "notes.txt").write_text("not a record")
    missing = tmp_path / "missing.sgf"
    results = list(tengen.iter_records([tmp_path, missing], threads=2, chunk=3))
    assert [r.path for r in results[:-1]] == [str(tmp_path / f"g{k:02}.sgf") for k in range(20)]
    assert [r.replays[0].record_result for r in results[:-1]] == [f"B+{k}" for k in range(20)]
    last = results[-1]
    assert last.path == str(missing) and last.record is None and "No such file" in last.error
    assert results[0].games[0].moves == [
        ("black", "C3"), ("white", "B3"), ("black", "C4"), ("white", "pass")]


def test_a_missing_folder_is_an_error_in_its_place():
    [r] = list(tengen.iter_records("/no/such/folder"))
    assert r.path == "/no/such/folder" and r.record is None and "No such file" in r.error
    assert list(tengen.iter_samples("/no/such/folder")) == []


def test_samples_of_a_game_worked_by_hand(tmp_path):
    (tmp_path / "a.sgf").write_bytes(GAME)
    [s] = list(tengen.iter_samples(tmp_path, history=2))
    assert len(s) == 4 and s.planes.shape == (4, 5, 5, 5) and s.planes.dtype == np.uint8
    # Moves as action indices: C3 = row 2 col 2 = 12, B3 = 11, C4 = row 1 col 2 = 7,
    # pass = 25.
    assert s.moves.tolist() == [12, 11, 7, 25]
    assert s.to_move.tolist() == [1, -1, 1, -1]
    assert s.value.tolist() == [1, -1, 1, -1]  # Black won
    assert (s.result, s.winner) == ("B+3.5", "black")
    # Before White's B3 (position 1): White to move, her stones none, Black's at C3.
    p = s.planes[1]
    assert p[0].sum() == 0 and p[1][2, 2] == 1 and p[1].sum() == 1
    # One move earlier (the empty start), and the colour plane is zeros for White.
    assert p[2].sum() == 0 and p[3].sum() == 0 and p[4].sum() == 0
    # Before Black's C4 (position 2): Black's C3 own, White's B3 opponent; a move earlier
    # the board had only C3 (own).
    p = s.planes[2]
    assert p[0][2, 2] == 1 and p[1][2, 1] == 1 and p[0].sum() + p[1].sum() == 2
    assert p[2][2, 2] == 1 and p[2].sum() == 1 and p[3].sum() == 0
    assert (p[4] == 1).all()


def test_samples_skip_games_with_illegal_moves_when_asked(tmp_path):
    (tmp_path / "a.sgf").write_bytes(b"(;GM[1]SZ[5];B[cc];W[cc])")
    (tmp_path / "b.sgf").write_bytes(GAME)
    kept = list(tengen.iter_samples(tmp_path))
    assert [s.illegal_moves for s in kept] == [1, 0]
    assert [s.path for s in tengen.iter_samples(tmp_path, skip_illegal=True)] == [
        str(tmp_path / "b.sgf")]
