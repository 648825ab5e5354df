"""docs/rules.md §9 (docs/rules.md §9): every example, through Python, under every named
ruleset, as `crates/tengen/tests/examples.rs` checks them in Rust. The expected boards and
refusals were worked out by hand from the diagrams of the sources."""

import numpy as np
import pytest

import tengen

RULESETS = tengen.rulesets()

KO = """
    . X O . .
    X O . O .
    . X O . .
    . . X O .
    . . . . ."""


def board(text: str) -> np.ndarray:
    """The int8 board of a text diagram: 1 X, -1 O, 0 empty."""
    rows = [r.split() for r in text.strip().splitlines()]
    return np.array([[{"X": 1, "O": -1, ".": 0}[c] for c in r] for r in rows], dtype=np.int8)


def test_every_named_ruleset_is_here():
    # docs/rules.md §8 names fourteen rulesets.
    assert len(RULESETS) == 14
    assert "japanese" in RULESETS and "ikeda-territory-3" in RULESETS


@pytest.mark.parametrize("rules", RULESETS)
def test_ko_in_the_centre(rules):
    # Before White's D2 the lower O on the right was not there; White plays it, Black
    # takes the ko at C4 capturing B4, and White may not retake at B4 at once: that would
    # recreate the position after move 1 (White's D2).
    g = tengen.Game.from_text(KO.replace(". . X O .", ". . X . ."), "white", rules)
    g.play("D2")
    g.play("C4")
    assert g.prisoners["black"] == 1
    assert (g.board() == board(
        ". X O . .\n X . X O .\n . X O . .\n . . X O .\n . . . . .")).all()
    refusal = g.why_illegal("B4")
    assert refusal is not None and refusal.rule == "ko", (rules, refusal)
    assert refusal.recreates == 1
    with pytest.raises(tengen.IllegalMove) as e:
        g.play("B4")
    assert e.value.refusal.recreates == 1
    assert e.value.rule == "ko"
    assert "B4" in str(e.value)


@pytest.mark.parametrize("rules", RULESETS)
def test_ko_at_the_edge(rules):
    # White E1 captures D1; Black's D1 would recreate the starting position.
    g = tengen.Game.from_text(
        """. . . . .
           . X X . .
           . . O . .
           . . . O X
           . . O X .""",
        "white",
        rules,
    )
    g.play("E1")
    assert (g.board() == board(
        ". . . . .\n . X X . .\n . . O . .\n . . . O X\n . . O . O")).all()
    refusal = g.why_illegal("D1")
    assert refusal.rule == "ko" and refusal.recreates == 0
    assert "starting position" in refusal.message


@pytest.mark.parametrize("rules", RULESETS)
def test_capture_of_three_then_recapture_is_legal(rules):
    g = tengen.Game.from_text(
        """. O O X X
           O . O O X
           . O O X X
           . X X . X
           O O X X X""",
        "white",
        rules,
    )
    g.play("A2")
    g.play("A3")  # Black captures three
    assert g.prisoners["black"] == 3
    assert g.why_illegal("A2") is None
    g.play("A2")  # White takes one back: not a ko
    assert g.prisoners["white"] == 1
    assert (g.board() == board(
        ". O O X X\n O . O O X\n . O O X X\n O X X . X\n . . X X X")).all()


@pytest.mark.parametrize("rules", RULESETS)
def test_snapback(rules):
    g = tengen.Game.from_text(
        """O O O . .
           X X . O O
           O X . X X
           O O X X .
           . . X . X""",
        "white",
        rules,
    )
    g.play("C3")
    g.play("C4")  # Black captures the stone at C3
    g.play("C3")  # White snaps back four stones
    assert g.prisoners["white"] == 4
    assert (g.board() == board(
        "O O O . .\n . . . O O\n O . O X X\n O O X X .\n . . X . X")).all()


@pytest.mark.parametrize("rules", RULESETS)
def test_ko_threat_sequence(rules):
    # The nine diagrams of the ko-threat sequence (seed 003).
    g = tengen.Game.from_text(
        """X . X O O
           . X X O .
           X X O O .
           X . X O .
           X X O O .""",
        "white",
        rules,
    )
    g.play("B2")  # White 2 takes the ko
    assert g.why_illegal("C2").rule == "ko"  # Black may not retake at once
    g.play("E3")  # Black 3, a threat
    g.play("E2")  # White 4 answers
    assert g.why_illegal("C2") is None
    g.play("C2")  # Black 5 retakes
    assert g.why_illegal("B2").rule == "ko"
    g.play("E4")  # White 6 captures Black 3
    g.play("B2")  # Black 7 connects
    ending = g.rules["end"]
    passes = {"two-passes": 2, "white-passes-last": 3, "preliminary-end": 4}[ending]
    for k in range(passes):
        assert not g.is_over, f"over after {k} passes"
        g.pass_()
    assert g.is_over
    assert (g.board() == board(
        "X . X O O\n . X X O O\n X X O O .\n X X X O O\n X X O O .")).all()


def test_ing_refuses_the_immediate_retake_by_etiquette_a1():
    g = tengen.Game.from_text(KO, "black", "ing")
    g.play("C4")
    r = g.why_illegal("B4")
    assert (r.rule, r.recreates, r.retakes, r.earlier_move) == ("ko", 0, 1, 0)
    assert r.message == (
        "ko (cycle-set rules, etiquette A1): this play would retake the ko taken at move 1 at "
        "once, an obvious cycle set (recreating the starting position)"
    )
