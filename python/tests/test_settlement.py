"""The agreement phase (docs/rules.md §5.1) through Python: marks, acceptance, rejection that
resumes play, confirmation play. The counts are worked out by hand on the diagram."""

import pytest

import tengen

# Black: 5 stones on column C, 10 points on A-B less White's stone at A5; White: 5 stones
# on D, 5 points on E. Japanese, komi 6.5: with A5 dead Black has 10 + 1 prisoner = 11,
# White 5 + 6.5 = 11.5, so W+0.5.
WALL = """
    O . X O .
    . . X O .
    . . X O .
    . . X O .
    . . X O ."""


def passed_out(rules="japanese"):
    g = tengen.Game.from_text(WALL, "black", rules, komi=6.5)
    g.pass_()
    g.pass_()
    return g


def test_marks_accepted_by_both_settle_the_game():
    g = passed_out()
    assert (g.phase, g.needs_settlement, g.result) == ("ended", True, None)
    s = g.settlement()
    assert s.stage == "marking" and s.marks == []
    assert s.mark("black", "A5") is True
    s.accept("black")
    assert s.accepted("black") and not s.accepted("white")
    assert s.score().result == "W+0.5"
    s.accept("white")
    assert s.stage == "settled"
    settled = s.game()
    assert (settled.result, settled.final_dead, settled.needs_settlement) == ("W+0.5", ["A5"], False)
    assert settled.score("settled").result == "W+0.5"
    # The game the settlement was made from is untouched.
    assert g.needs_settlement and g.result is None
    with pytest.raises(tengen.PhaseError, match="not being marked"):
        s.accept("black")


def test_a_change_clears_the_acceptances():
    s = passed_out().settlement()
    s.accept("black")
    s.toggle("white", (0, 0))  # A5
    assert s.marks == ["A5"] and not s.accepted("black")


def test_rejection_resumes_play_under_chinese_rules():
    g = tengen.Game(9, "chinese")
    g.play("E5")
    g.pass_()
    g.pass_()  # Black passed last: White moves when play resumes
    s = g.settlement()
    s.reject("white")
    assert s.stage == "resumed"
    resumed = s.game()
    assert (resumed.phase, resumed.to_move) == ("playing", "white")


def test_rejection_under_japanese_rules_starts_confirmation_play():
    s = passed_out().settlement()
    s.mark("black", "A5")
    s.reject("white")  # White has said nothing: every stone is in dispute
    assert s.stage == "confirming" and s.agreed_dead == []
    assert "A5" in s.disputed and "C3" in s.disputed
    s.play("B5")       # Black
    s.play("pass")     # White
    s.play("A4")       # Black captures A5
    assert s.confirmation_game().get("A5") is None
    s.play("pass")
    s.play("pass")     # the continuation ends: A5 was captured, so it is dead
    assert s.stage == "settled"
    assert (s.game().result, s.game().final_dead) == ("W+0.5", ["A5"])


def test_phase_errors():
    with pytest.raises(tengen.PhaseError):
        tengen.Game(9).settlement()  # still playing
    s = passed_out().settlement()
    with pytest.raises(tengen.PhaseError, match="no stone"):
        s.mark("black", "B5")
    with pytest.raises(ValueError):
        s.mark("black", (7, 7))
    with pytest.raises(tengen.PhaseError):
        s.play("B5")  # no confirmation play while marking
    with pytest.raises(ValueError):
        s.propose("everything")
    s.propose("auto")  # the estimator's proposal is no player's word
    assert not s.accepted("black") and not s.accepted("white")


def test_play_out_rules_need_no_settlement():
    g = tengen.Game(5, "tromp-taylor")
    g.play("C3")
    g.pass_()
    g.pass_()
    assert not g.needs_settlement and g.result == "B+17.5"  # 25 points, komi 7.5
    assert g.settlement().stage == "settled"
