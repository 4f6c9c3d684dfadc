"""`gamebook lint --deep` (engine/analysis/explore/deep.py): it says whether its
exploration was complete or cut and where, and a lens it could not build in time
changes nothing but the state count.  (Soft-locks found complete or cut: test_exact.py;
a fight analysis outlasting the limit: tests/hostile/test_plugins_hooks.py.)"""
import threading
from pathlib import Path

import pytest

from engine.analysis.explore import deep
from engine.cli import main
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"


@pytest.mark.parametrize("engine, named", [(True, "4, 5"), (False, "3, 4, 5")], ids=["engine", "compiled"])
def test_a_cut_exploration_names_the_paragraphs_nothing_reached(engine, named):
    # softlock-deep: 1 -> 2 -> 3 -> 4 -> 5 (locked), every corridor -> 9 (victory).
    # Cut past 3 states with no random game: today's explorer stops at its third state (in
    # § 3); the compiled one after the wave that passes 3 (in § 2: § 3 not entered).  The
    # paragraphs not entered are named, with the states left unexplored.
    book, module, doc = load(BOOKS / "softlock-deep.yaml")
    said: dict = {}
    out = deep.deep_diagnostics(book, module, doc, max_states=3, runs=0, summary=said, engine=engine)
    (cut,) = [d for d in out if d.code == "deep-incomplete"]
    assert not said["complete"] and said["games"] == 0 and said["path"] == ("engine" if engine else "compiled")
    count = len(named.split(", "))
    assert f"reached by neither ({count}): {named}" in cut.message.en, cut.message.en
    assert f"({said['states'] - said['expanded']} left unexplored)" in cut.message.en
    assert f"atteints ({count}) : {named}" in cut.message.fr


def test_paragraphs_the_random_games_reached_are_not_named():
    book, module, doc = load(BOOKS / "softlock-deep.yaml")
    out = deep.deep_diagnostics(book, module, doc, max_states=3, runs=400)
    (cut,) = [d for d in out if d.code == "deep-incomplete"]
    assert "reached by neither: none" in cut.message.en, cut.message.en


def test_a_lens_not_built_in_time_is_left_out_and_the_findings_stay(monkeypatch):
    release = threading.Event()

    class SlowLens(deep.Lens):
        def __init__(self, book, module):
            release.wait(30)   # until the test is done with it
            super().__init__(book, module)
    monkeypatch.setattr(deep, "Lens", SlowLens)
    monkeypatch.setattr(deep, "LENS_SHARE", 0.0)
    book, module, doc = load(BOOKS / "softlock-deep.yaml")
    said: dict = {}
    try:
        out = deep.deep_diagnostics(book, module, doc, summary=said)
    finally:
        release.set()
    assert said["lens"] is False and said["complete"]
    assert [d.code for d in out] == ["soft-lock"]


def test_the_lens_is_used_when_it_is_ready():
    book, module, doc = load(BOOKS / "softlock-deep.yaml")
    said: dict = {}
    deep.deep_diagnostics(book, module, doc, summary=said)
    assert said["lens"] is True and said["complete"]


def test_lint_says_the_exploration_was_complete(capsys):
    status = main(["lint", "--deep", "--lang", "en", str(BOOKS / "softlock-deep.yaml")])
    out, err = capsys.readouterr()
    assert status == 1 and "soft-lock" in out
    assert "--deep " in err and "exploration complete, " in err and "(limit 10 s)" in err, err


def test_lint_says_the_exploration_was_cut_in_both_languages():
    cut = {"complete": False, "bound": "max-states", "states": 3, "games": 12, "seconds": 0.25, "limit": 2.5}
    said = deep.summary_message(cut, "b.yaml")
    assert said.en == ("--deep b.yaml: exploration cut (state bound hit) after 3 states and 12 random "
                       "games, in 0.2 s (limit 2.5 s)")
    assert said.fr == ("--deep b.yaml : exploration coupée (limite d'états atteinte) après 3 états et 12 "
                       "parties au hasard, en 0,2 s (limite 2,5 s)")
    whole = deep.summary_message(cut | {"complete": True}, "b.yaml")
    assert whole.en == "--deep b.yaml: exploration complete, 3 states in 0.2 s (limit 2.5 s)"


def test_a_lens_built_in_time_refreshes_when_the_graph_missed_a_path():
    # The module hides the test's exits from the static graph: the exploration finds
    # the path, the lens is refreshed and the exploration begins again (a lens built in
    # time is never stopped, even once the time for building it is over).
    from tests.analysis_fixtures.fixture_rules import FixtureRules

    class Hidden(FixtureRules):
        def exits(self, paragraph):
            return () if "test" in paragraph.fields else super().exits(paragraph)
    book, _module, doc = load("quest")
    said: dict = {}
    space, lens = deep.bounded_explore(book, Hidden(), 100_000, 30.0)
    assert lens and space.restarts >= 1 and space.bound is None
    deep.deep_diagnostics(book, Hidden(), doc, summary=said)
    assert said["complete"] and said["lens"]
