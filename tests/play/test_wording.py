"""Issue 13: a locked choice words every condition the expression language can write
(engine/game/wording.py), the rule module wording its own names (word_term/word_fact)."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.game.dice import SeededDice
from engine.expr import parse
from engine.game import Game
from engine.game.needs import needs
from engine.lint.loader import load_book

BOOKS = Path(__file__).resolve().parents[2] / "books"


def game(name):
    loaded = load_book(BOOKS / f"{name}.yaml", use_cache=False)
    return Game(loaded.book, loaded.module, SeededDice(1))


def worded(name, text):
    m = needs(game(name), parse(text, "condition"))
    return m.fr, m.en


CRETE = [   # the module's own names: variables, a function, a yes/no variable, aliases
    ('patron == "Athéna"', "le dieu protecteur doit être Athéna", "the patron god must be Athéna"),
    ('god("Zeus") == "favorable"', "l'attitude de Zeus doit être favorable", "Zeus's attitude must be favourable"),
    ('dieu("Héra") != "neutre"', "l'attitude d'Héra ne doit pas être neutre", "Héra's attitude must not be neutral"),
    ("not zeus_utilise", "Zeus ne doit pas avoir déjà été invoqué", "Zeus must not have been called upon yet"),
    ('état == "indemne"', "l'état de santé doit être indemne", "the state of health must be unhurt"),
    ("3 < honneur", "il faut au moins 4 points d'Honneur", "needs at least 4 Honour"),
    ("not honneur >= 3", "il faut au plus 2 points d'Honneur", "needs at most 2 Honour"),
]
CORE = [    # every node kind: literals, dice, names, calls, unary, arithmetic, logic
    ('not (visited(3) or possède("x"))', "déjà fait et pas avec l'objet « x »", "already done and not with the item 'x'"),
    ('count("x") >= 2', "le nombre de « x » doit être d'au moins 2", "the number of 'x' must be at least 2"),
    ("here == 4", "le paragraphe actuel doit être 4", "the current paragraph must be 4"),
    ("1d6 + 2 > 4", "1d6 plus 2 doit dépasser 4", "1d6 plus 2 must exceed 4"),
    ('flag("porte")', "il faut la marque « porte »", "needs the mark 'porte'"),
    ('not flag("porte")', "pas avec la marque « porte »", "not with the mark 'porte'"),
    ("false", "impossible", "impossible"),
    ("not true", "impossible", "impossible"),
    ("-2 < 3 * 4 / 1 - 5", "-2 doit être inférieur à 3 fois 4 divisé par 1 moins 5",
     "-2 must be below 3 times 4 divided by 1 minus 5"),
    ("not (visited(1) and visited(2))", "soit déjà fait, soit déjà fait", "either already done, or already done"),
    ("visited(7) or visited(8)", "soit il faut être passé au paragraphe 7, soit il faut être passé au paragraphe 8",
     "either needs paragraph 7 first, or needs paragraph 8 first"),
    ("(here > 3) == true", "(le paragraphe actuel doit dépasser 3) doit être vrai",
     "(the current paragraph must exceed 3) must be true"),
]


@pytest.mark.parametrize("text,fr,en", CRETE + CORE)
def test_every_condition_is_worded_in_both_languages(text, fr, en):
    assert worded("le-taureau-d-airain", text) == (fr, en)


@pytest.mark.parametrize("text,fr,en", CORE)
def test_the_core_wording_does_not_depend_on_the_module(text, fr, en):
    assert worded("la-cloche-de-brumesel", text) == (fr, en)


def test_no_condition_is_printed_back_as_code():
    for text, _, _ in CRETE + CORE:
        fr, en = worded("le-taureau-d-airain", text)
        assert "condition non remplie" not in fr and "==" not in fr + en and '"' not in fr + en


def test_a_module_without_the_hooks_prints_its_names_as_written(monkeypatch):
    g = game("la-cloche-de-brumesel")
    monkeypatch.setattr(g.module, "word_term", lambda node: None)   # (the module is shared)
    assert needs(g, parse("habilete + 1 >= 20", "condition")).fr == "Habileté plus 1 doit être d'au moins 20"
