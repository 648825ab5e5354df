"""SGF records through Python: reading from bytes and paths, properties, main line and
variations, diagnostics with line and column, replay problems, writing and round trips."""

import pytest

import tengen

RECORD = b"""(;GM[1]FF[4]SZ[9]KM[6.5]RU[Japanese]PB[Black \\] player]PW[White]RE[W+R]
;B[ee];W[dc]
(;B[cc];W[dd])
(;B[gc]C[a variation]))"""


def test_properties_main_line_and_variations():
    f = tengen.read_sgf(RECORD)
    assert len(f) == 1 and f.diagnostics == [] and f.charset == "UTF-8"
    rec = f[0]
    assert rec.get("PB") == "Black ] player"  # the escape removed
    assert rec.properties["PB"] == ["Black \\] player"]  # raw value
    assert [n.move for n in rec.main_line[1:]] == [
        ("black", "ee"), ("white", "dc"), ("black", "cc"), ("white", "dd")]
    tree = rec.tree
    assert len(tree.nodes) == 3 and len(tree.variations) == 2
    assert tree.variations[1].nodes[0].get("C") == "a variation"
    assert tree.node_count() == 6
    game = rec.to_game()
    assert game.moves == [("black", "E5"), ("white", "D7"), ("black", "C7"), ("white", "D6")]
    assert (game.komi, game.rules["ruleset"]) == (6.5, "japanese")
    other = rec.to_game(variation=[1])
    assert other.moves[-1] == ("black", "G7")
    assert rec.to_game(rules="chinese", komi=7.5).rules["ruleset"] == "chinese"


def test_replay_reports_illegal_moves_with_line_column_and_rule():
    # White's second stone lands on Black's stone at E5: occupied.
    data = b"(;GM[1]SZ[9]RU[Japanese]\n;B[ee]\n;W[ee])"
    r = tengen.read_sgf(data)[0].replay()
    assert r.moves == 2
    [p] = r.illegal_moves
    assert (p.kind, p.severity, p.line, p.column) == ("illegal-move", "error", 3, 2)
    assert (p.move_number, p.color, p.move, p.refusal.rule) == (2, "white", "E5", "occupied")
    assert p.message == "illegal move 2: W E5 [ee]: the point is occupied"


def test_broken_bytes_give_diagnostics_not_crashes():
    f = tengen.read_sgf(b"(;GM[1]SZ[9];B[ee];W[dc")
    assert f.errors, "an unterminated record is an error"
    d = f.errors[0]
    assert d.line == 1 and d.column >= 1 and d.severity == "error"
    with pytest.raises(tengen.SgfError, match="1:"):
        tengen.read_sgf(b"(;GM[1]SZ[9];B[ee];W[dc", strict=True)


def test_paths_and_errors(tmp_path):
    path = tmp_path / "game.sgf"
    path.write_bytes(RECORD)
    for source in (path, str(path)):
        f = tengen.read_sgf(source)
        assert f.path == str(path) and len(f.games) == 1
    with pytest.raises(FileNotFoundError):
        tengen.read_sgf(tmp_path / "missing.sgf")
    with pytest.raises(TypeError, match="path"):
        tengen.read_sgf(42)


def test_round_trip_of_a_record():
    f = tengen.read_sgf(RECORD)
    again = tengen.read_sgf(f.to_sgf().encode())
    assert again.to_sgf() == f.to_sgf()
    assert again[0].properties == f[0].properties
    assert again[0].tree.node_count() == f[0].tree.node_count()


def test_round_trip_of_a_game(tmp_path):
    g = tengen.Game(9, "chinese", komi=7.5)
    for v in ("E5", "C3", "G7", "pass", "C7"):
        g.play(v)
    g.resign()
    text = tengen.write_sgf(g, tmp_path / "out.sgf")
    assert (tmp_path / "out.sgf").read_text() == text
    rec = tengen.read_sgf(text.encode())[0]
    assert rec.get("RE") == "B+R" and rec.get("RU") == "Chinese" and rec.get("KM") == "7.5"
    back = rec.to_game()
    assert back.moves == g.moves
    assert (back.board() == g.board()).all() and back.hash == g.hash
    with pytest.raises(TypeError):
        tengen.write_sgf("not a game")


def test_character_sets():
    # Latin-1 bytes named by CA decode to the right characters.
    f = tengen.read_sgf("(;GM[1]CA[ISO-8859-1]PB[Hervé])".encode("latin-1"))
    assert f[0].get("PB") == "Hervé"
