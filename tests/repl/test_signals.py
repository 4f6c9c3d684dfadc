"""Issue 13.6: colours and the toolbar tell the truth; odds are never rounded to 0 or 100 %."""
from __future__ import annotations

from fractions import Fraction

import pytest

from engine.analysis.render import percent, share
from engine.repl import render
from engine.repl.render import Output
from tests.repl.test_rule_commands import at


def style_of(s, event) -> str:
    out = Output()
    render.event(out, event, s.game, "fr", 80)
    return out.rows[0][0]


def test_shame_rising_is_bad_news_and_honour_rising_good(tmp_path):
    s = at(tmp_path, 22)
    assert style_of(s, {"type": "stat", "stat": "honte", "old": 0, "new": 1}) == "class:bad"
    assert style_of(s, {"type": "stat", "stat": "honte", "old": 2, "new": 0}) == "class:good"
    assert style_of(s, {"type": "stat", "stat": "honneur", "old": 5, "new": 6}) == "class:good"


def test_toolbar_of_a_dead_hero(tmp_path):
    s = at(tmp_path, 22)
    assert "Indemne" in s.toolbar()
    s.game.die("paragraph")
    assert "Indemne" not in s.toolbar() and "Vous êtes mort" in s.toolbar()


@pytest.mark.parametrize("value, fr, en", [
    (Fraction(1, 10 ** 6), "< 0,01 %", "< 0.01%"),
    (1 - Fraction(1, 10 ** 6), "> 99,99 %", "> 99.99%"),
    (Fraction(0), "  0,00 %", "  0.00%"),
    (Fraction(1), "100,00 %", "100.00%"),
    (Fraction(1, 2), " 50,00 %", " 50.00%"),
])
def test_percentages(value, fr, en):
    assert share(value, "fr") == fr and share(value, "en") == en
    assert percent(value, "en").startswith(en)
