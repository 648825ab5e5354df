"""Games through Python: refusals with their rule and earlier move, undo and copy, the
masks, the rules in every form. Expected values are worked out by hand from the diagrams
in the comments."""

import copy

import numpy as np
import pytest

import tengen

KO = """
    . X O . .
    X O . O .
    . X O . .
    . . X O .
    . . . . ."""


def ko_game(rules):
    """Black E1 (1), White A1 (2), Black C4 takes the ko (3), capturing B4."""
    g = tengen.Game.from_text(KO, "black", rules)
    for v in ("E1", "A1", "C4"):
        g.play(v)
    return g


def test_simple_ko_names_the_ko_taken_and_the_position_recreated():
    g = ko_game("japanese")
    r = g.why_illegal("B4")
    assert (r.rule, r.ko_rule, r.move) == ("ko", "simple", "B4")
    # earlier_move names the position that would recur, as the server does.
    assert (r.retakes, r.recreates, r.earlier_move) == (3, 2, 2)
    assert r.message == (
        "ko: this play would retake the ko taken at move 3 at once "
        "(recreating the position after move 2)"
    )
    with pytest.raises(tengen.IllegalMove) as e:
        g.play("B4")
    assert e.value.refusal.message == r.message
    assert e.value.earlier_move == 2
    assert isinstance(e.value, ValueError)


def test_positional_superko_names_the_position_recreated():
    g = ko_game("tromp-taylor")
    r = g.why_illegal((1, 1))  # B4 as (row, col): row 1 from the top, column B
    assert (r.rule, r.ko_rule, r.recreates, r.earlier_move) == ("ko", "positional", 2, 2)
    assert r.message == "positional superko: this play would recreate the position after move 2"


CORNER = """
    . . . . .
    . . . . .
    . . . . .
    O . . . .
    . O . . ."""


def test_suicide_under_each_suicide_rule():
    # Black A1 in White's corner has no liberty and captures nothing.
    g = tengen.Game.from_text(CORNER, "black", "japanese")
    r = g.why_illegal("A1")
    assert (r.rule, r.suicide_rule) == ("suicide", "forbidden")
    assert r.message == "suicide is forbidden: this play would remove its own stone"
    nz = tengen.Game.from_text(CORNER, "black", "new-zealand")
    assert nz.why_illegal("A1").message == (
        "suicide (multi-stone rule): a single stone may not capture itself"
    )
    # Under Tromp-Taylor suicide is allowed, but this one would recreate the starting
    # position: positional superko refuses it.
    tt = tengen.Game.from_text(CORNER, "black", "tromp-taylor")
    assert tt.why_illegal("A1").message == (
        "positional superko: this play would recreate the starting position")


CORNER2 = """
    . . . . .
    . . . . .
    O . . . .
    X O . . .
    . O . . ."""


def test_multi_stone_suicide():
    # Black A1 joins A2: the chain of two has no liberty and captures nothing.
    g = tengen.Game.from_text(CORNER2, "black", "japanese")
    assert g.why_illegal("A1").message == (
        "suicide is forbidden: this play would remove its own 2 stones")
    for rules in ("tromp-taylor", "new-zealand"):
        g = tengen.Game.from_text(CORNER2, "black", rules)
        g.play("A1")  # allowed: both stones go, and White gets two prisoners
        assert g.get("A1") is None and g.get("A2") is None
        assert g.prisoners == {"black": 0, "white": 2}


def test_occupied_and_game_over():
    g = tengen.Game(9, "tromp-taylor")
    g.play("E5")
    assert g.why_illegal("E5").rule == "occupied"
    g.pass_()
    g.pass_()
    assert g.is_over and g.phase == "ended" and g.end_reason == "passes"
    with pytest.raises(tengen.IllegalMove) as e:
        g.play("A1")
    assert e.value.rule == "game-over"
    # One black stone, nothing else: Black owns the whole 9x9 board, 81 - 7.5 komi.
    assert g.result == "B+73.5"


def test_points_in_every_form_name_the_same_move():
    g = tengen.Game(19)
    g.play("D4")  # column D, row 4 from the bottom = (row 15, col 3) = action 15*19+3
    assert g.moves == [("black", "D4")]
    assert g.board()[15, 3] == 1
    g.play((0, 0))  # the top-left corner, A19
    g.play(18 * 19 + 18)  # the bottom-right corner, T1
    g.play(np.int64(19 * 19))  # a pass as an action index
    g.play(None)  # and as None
    assert g.moves == [("black", "D4"), ("white", "A19"), ("black", "T1"),
                       ("white", "pass"), ("black", "pass")]


def test_undo_restores_everything_and_copies_are_independent():
    g = ko_game("japanese")
    before = (g.board().copy(), g.hash, dict(g.prisoners), g.to_move, g.moves)
    c = g.copy()
    c.play("E2")  # White's threat
    c.play("D1")  # Black answers
    c.play("B4")  # White retakes, legal now
    assert c.prisoners["white"] == 1
    assert (g.board() == before[0]).all() and g.hash == before[1] and g.moves == before[4]
    assert copy.deepcopy(g).moves == g.moves
    assert c.undo() and c.undo() and c.undo()
    assert (c.board() == before[0]).all()
    assert (c.hash, c.prisoners, c.to_move, c.moves) == before[1:]
    # Undo of the capture puts the captured stone back: B4 White again.
    assert g.undo()
    assert g.get("B4") == "white" and g.prisoners["black"] == 0
    while g.undo():
        pass
    assert g.move_number == 0 and not g.undo()


def test_hashes_follow_the_game():
    g = ko_game("tromp-taylor")
    h = g.hashes()
    assert h.dtype == np.uint64 and len(h) == 4 and int(h[-1]) == g.hash
    g.undo()
    assert g.hash == int(h[2])


def test_masks_agree_with_legal_moves():
    g = ko_game("japanese")
    mask = g.legal_mask()
    assert mask.shape == (5, 5) and mask.dtype == np.bool_
    vertices = {v for v in g.legal_moves() if v != "pass"}
    cols = "ABCDE"
    from_mask = {f"{cols[c]}{5 - r}" for r, c in zip(*np.nonzero(mask))}
    assert from_mask == vertices
    assert not mask[1, 1]  # B4, the ko point
    actions = g.action_mask()
    assert actions.shape == (26,) and actions[25]  # pass is legal
    assert (actions[:25] == mask.ravel()).all()
    out = np.zeros((5, 5), dtype=bool)
    assert g.legal_mask(out=out) is out and (out == mask).all()
    with pytest.raises(ValueError):
        g.legal_mask(out=np.zeros((4, 5), dtype=bool))
    with pytest.raises(TypeError):
        g.legal_mask(out=np.zeros((5, 5), dtype=np.int8))


def test_rules_by_name_dict_and_katago_dict():
    assert tengen.Game(rules="GOE").rules["ruleset"] == "ing"
    assert tengen.Game(rules="Tromp/Taylor").rules["ruleset"] == "tromp-taylor"
    r = tengen.Game(rules={"ruleset": "japanese", "ko": "situational"}).rules
    assert (r["ko"], r["scoring"]) == ("situational", "territory")
    # Without "ruleset" the keys change Tromp-Taylor (positional superko).
    r = tengen.Game(rules={"suicide": "forbidden"}).rules
    assert (r["ko"], r["suicide"]) == ("positional", "forbidden")
    # KataGo's dictionary, as kata-set-rules reads it: tax SEKI means seki not counted.
    kata = {"ko": "SIMPLE", "scoring": "TERRITORY", "tax": "SEKI", "suicide": False,
            "hasButton": False, "whiteHandicapBonus": "0"}
    r = tengen.Game(rules=kata).rules
    assert (r["ko"], r["scoring"], r["seki-territory"], r["suicide"]) == (
        "simple", "territory", "not-counted", "forbidden")
    g = tengen.Game(rules="aga", komi=6.5)
    assert g.komi == 6.5 and g.rules["komi"] == "6.5"
    assert tengen.Game(rules=g.rules).rules == g.rules


def test_bad_rules_raise_rules_error_naming_the_choices():
    with pytest.raises(tengen.RulesError, match="known: tromp-taylor"):
        tengen.Game(rules="no such rules")
    with pytest.raises(tengen.RulesError, match="ko"):
        tengen.Game(rules={"ko": "sometimes"})
    with pytest.raises(tengen.RulesError, match="unknown rule"):
        tengen.Game(rules={"kō": "simple"})
    with pytest.raises(tengen.RulesError, match="hasButton"):
        tengen.Game(rules={"hasButton": True})
    with pytest.raises(tengen.RulesError, match="0.5"):
        tengen.Game(komi=6.3)
    with pytest.raises(TypeError):
        tengen.Game(rules=3)


WALL = """
    O . X O .
    . . X O .
    . . X O .
    . . X O .
    . . X O ."""


def test_score_terms_owner_and_dead_stones():
    # Black: 5 stones, columns A-B (10 points) less the White stone at A5; White: 5
    # stones, column E (5 points). Area, komi 7.5, A5 dead: Black 5 + 10 = 15, White
    # 5 + 5 + 7.5 = 17.5: W+2.5.
    g = tengen.Game.from_text(WALL, "black", "chinese", komi=7.5)
    s = g.score(dead=["A5"])
    assert (s.black.total, s.white.total, s.result) == (15.0, 17.5, "W+2.5")
    assert (s.winner, s.margin, s.scoring, s.dead) == ("white", 2.5, "area", ["A5"])
    assert (s.owner[:, :3] == 1).all() and (s.owner[:, 3:] == -1).all()
    # Territory, komi 6.5, A5 dead: Black 10 territory + 1 dead stone = 11, White
    # 5 + 6.5 = 11.5.
    t = tengen.Game.from_text(WALL, "black", "japanese", komi=6.5).score(dead=[(0, 0)])
    assert (t.black.territory, t.black.dead_stones_taken, t.result) == (10, 1, "W+0.5")
    assert t.black.to_dict()["dead_stones_taken"] == 1
    # With A5 alive, Black's side touches White too: nobody's. White 5 + 6.5.
    n = tengen.Game.from_text(WALL, "black", "japanese", komi=6.5).score("none")
    assert (n.black.total, n.white.total, n.result) == (0.0, 11.5, "W+11.5")
    with pytest.raises(ValueError, match="no stone"):
        g.score(dead=["B5"])
    with pytest.raises(ValueError, match="off the"):
        g.score(dead=[(5, 0)])
    with pytest.raises(ValueError, match="auto"):
        g.score(dead="some")


OPEN_BORDER = """
. . X . O . .
. . X . O . .
. . X . O . .
. . X . O . .
. . X . O . .
. . X . O . .
. . . . O . .
"""


def test_after_the_passes_a_border_left_open_stays_open_under_confirmation_rules():
    # Black's wall stops short of the lower edge: her columns A and B reach White's wall
    # through C1 and column D. Under the Japanese rules nobody plays after the passes, so
    # the estimate adds nothing and the count is of the position as it stands: Black's
    # side is nobody's, White has 14 points, + 6.5. Under the Chinese rules a dispute
    # resumes play and the count makes the fills the estimator expects (Black closes C1).
    scores = {}
    for rules in ("japanese", "chinese"):
        g = tengen.Game.from_text(OPEN_BORDER, "black", rules, komi=6.5)
        g.play("pass")
        g.play("pass")
        scores[rules] = (g.estimate().added, g.score("auto"))
    added, japanese = scores["japanese"]
    assert added == [] and japanese.added == []
    assert (japanese.black.territory, japanese.white.territory, japanese.result) == (
        0, 14, "W+20.5")
    added, chinese = scores["chinese"]
    assert ("black", "C1") in added and chinese.added == added
    assert chinese.result == "W+7.5"


def test_estimate_and_unconditional_life():
    # Black's two-eyed group in the corner is alive by Benson's algorithm.
    g = tengen.Game.from_text(
        """. X . X O
           X X X X O
           O O O O O
           . . . . .
           . . . . .""",
        "black",
        "japanese",
    )
    life = g.unconditional_life()
    assert sorted(life.black_alive) == sorted(["B5", "D5", "A4", "B4", "C4", "D4"])
    assert sorted(life.black_safe) == ["A5", "C5"]
    assert life.alive[0, 1] == 1 and life.alive[2, 0] == 0
    # Two groups: Black's six stones with its eyes A5 and C5; White's wall of seven,
    # whose region (rows 2-1) touches White only: one eye of ten points.
    black = [grp for grp in life.groups if grp[0] == "black"]
    white = [grp for grp in life.groups if grp[0] == "white"]
    assert len(black) == 1 and sorted(black[0][2]) == [["A5"], ["C5"]]
    assert len(white) == 1 and len(white[0][1]) == 7 and [len(e) for e in white[0][2]] == [10]
    # Unconditional status as GTP unconditional_status words: the eyes are Black's
    # territory; White's wall has one eye only, so nothing of White's is decided.
    assert (life.status("B5"), life.status("A5"), life.status((0, 4))) == (
        "alive", "black_territory", "undecided")
    assert life.black_territory == ["A5", "C5"] and life.dead == []
    e = g.estimate(playouts=200, seed=1)
    assert e.ownership.shape == (5, 5) and e.ownership.dtype == np.float32
    assert not any(v in e.dead for v in life.black_alive)


def test_an_estimate_where_captures_cycle_runs_on_a_small_thread_stack():
    # Found by fuzzing the estimator: on this 3x3 board, reading Black's captures of B2
    # and A1 runs into lines of captures that bring back earlier positions. The capture
    # reader once followed them 2,000 plays deep and overflowed even an 8 MiB stack,
    # which killed the Python process. Now the estimate answers, here on a thread with a
    # 2 MiB stack (a thread pool's usual size), and calls dead only stones.
    import threading

    g = tengen.Game.from_text(
        """. . .
           X O X
           O . .""",
        "black",
        "chinese",
    )
    out = {}
    old = threading.stack_size(2 << 20)
    try:
        t = threading.Thread(target=lambda: out.update(e=g.estimate(playouts=16, seed=3)))
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    e = out["e"]
    assert set(e.dead) <= {"A2", "C2", "B2", "A1"}
    assert e.ownership.shape == (3, 3)


def test_a_stone_in_an_unconditional_eye_is_dead():
    # Black's chain has two vital regions, A5 and D5-E5: White's E5 can never escape.
    g = tengen.Game.from_text(
        """. X X . O
           X X X X X
           . . . . .
           . . . . .
           . . . . .""",
        "black",
        "japanese",
    )
    life = g.unconditional_life()
    assert (life.status("E5"), life.dead, life.black_territory) == ("dead", ["E5"], ["A5", "D5"])
    assert sorted(life.black_safe) == ["A5", "D5", "E5"]
    assert (life.owner[:2] == 1).all() and (life.owner[2:] == 0).all()
    with pytest.raises(ValueError):
        life.status("F5")


def test_resign_ends_with_a_result_and_undo_takes_it_back():
    g = tengen.Game(9)
    g.resign()
    assert (g.phase, g.end_reason, g.result) == ("ended", "resignation", "W+R")
    assert g.undo() and g.phase == "playing"
    g.resign("black")
    with pytest.raises(tengen.PhaseError, match="over"):
        g.resign("white")


def test_handicap_and_set_rules():
    g = tengen.Game(19, "japanese", handicap=4)
    assert sorted(g.handicap) == sorted(["D4", "Q4", "D16", "Q16"])
    assert g.to_move == "white"
    g.set_rules("chinese")
    assert g.rules["ruleset"] == "chinese"
    with pytest.raises(ValueError):
        tengen.Game(9, handicap=30)
