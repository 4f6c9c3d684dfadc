"""A broken plugin is reported once, in one line naming its distribution, and
everything else keeps working: other modules listed, the schema of the others,
books of other modules linted and played."""
from __future__ import annotations

import json

import pytest

from engine.rules import registry
from engine.rules.conformance import check_shape

from .conftest import BOOKS

NOT_A_MODULE = """
class Gadget:
    pass
MODULE = Gadget()
"""
BAD_TITLE = """
from engine.rules.base import RuleModule
class Titled(RuleModule):
    id = "titled"
    title = 42
MODULE = Titled()
"""
RAISES = """
raise RuntimeError("the plugin's own\\nmistake \\x1b[2J")
"""
SHAPES = {"gadget": "gamebook_rules_hostile:MODULE"}
DIST = "gamebook-rules-hostile 6.6.6"
WHY = {
    "not-a-module": (NOT_A_MODULE, "not a rule module (Gadget has no schema_defs(), exits(), grants()...)"),
    "bad-title": (BAD_TITLE, "title must be a Message(fr, en) of two strings, not int"),
    "raises": (RAISES, "RuntimeError: the plugin's own mistake [2J"),
}
CASES = pytest.mark.parametrize("case", list(WHY))
BOOK = BOOKS / "le-taureau-d-airain.yaml"


def _broken_line(case: str, lang: str = "en") -> str:
    why = WHY[case][1]
    return (f"module de règles « gadget » cassé ({DIST}) : {why}" if lang == "fr"
            else f"rule module 'gadget' is broken ({DIST}): {why}")


@CASES
def test_rules_lists_the_others_and_the_broken_one_in_one_line(gamebook, plugin, case):
    plugin(SHAPES, WHY[case][0])
    done = gamebook("rules")
    assert done.code == 1 and "Traceback" not in done.err
    lines = done.out.splitlines()
    assert f"gadget  ({_broken_line(case)})" in lines
    assert {line.split()[0] for line in lines} >= {"chroniques-cretoises", "defis-fantastiques", "gadget"}
    assert len(lines) == len(set(lines))


def test_rules_says_it_in_french(gamebook, plugin):
    plugin(SHAPES, BAD_TITLE)
    assert f"gadget  ({_broken_line('bad-title', 'fr')})" in gamebook("rules", lang="fr").out.splitlines()


@pytest.mark.parametrize("case", ["bad-title"])   # (each cause is in the tests above)
def test_the_composed_schema_covers_the_others_and_reports_the_broken_one_once(gamebook, plugin, case):
    plugin(SHAPES, WHY[case][0])
    done = gamebook("schema")
    assert done.code == 0
    assert done.one_line_error() == "gamebook schema: " + _broken_line(case)
    enum = json.loads(done.out)["properties"]["rules"]["enum"]
    assert "gadget" not in enum and {"chroniques-cretoises", "defis-fantastiques"} <= set(enum)


@pytest.mark.parametrize("case", ["bad-title"])   # (each cause is in the tests above)
def test_the_schema_of_the_broken_module_is_a_one_line_refusal(gamebook, plugin, case):
    plugin(SHAPES, WHY[case][0])
    done = gamebook("schema", "--rules", "gadget")
    assert done.code == 2 and done.out == ""
    assert done.one_line_error() == "gamebook schema: " + _broken_line(case)


@CASES
def test_a_book_of_the_broken_module_gets_a_located_diagnostic(gamebook, plugin, write_book, case):
    plugin(SHAPES, WHY[case][0])
    book = write_book("gadget")
    done = gamebook("lint", book)
    assert done.code == 1
    assert done.out.splitlines() == [f"{book}:3:8: rules-failed {_broken_line(case)}"]


def test_playing_a_book_of_the_broken_module_says_why_and_stops(gamebook, plugin, write_book):
    plugin(SHAPES, NOT_A_MODULE)
    done = gamebook("play", write_book("gadget"), input="1\n")
    assert done.code == 1 and "Traceback" not in done.err
    assert _broken_line("not-a-module") in done.err


@pytest.mark.parametrize("case", ["not-a-module"])   # (each cause is in the tests above)
def test_books_of_other_modules_lint_and_play_as_before(gamebook, plugin, write_book, case):
    plugin(SHAPES, WHY[case][0])
    assert gamebook("lint", BOOK).code == 0
    played = gamebook("play", BOOK, "--seed", "1", input="1\n")
    assert "Traceback" not in played.err and played.err == ""
    assert "barque de pêcheurs" in played.out    # the first paragraph, then the autosave


def test_odds_names_the_broken_module_instead_of_calling_it_unknown(gamebook, plugin):
    plugin(SHAPES, BAD_TITLE)
    done = gamebook("odds", "--rules", "gadget", "--hero", "1/1", "--enemy", "1/1")
    assert done.code == 2
    assert done.one_line_error() == "error: " + _broken_line("bad-title")


def test_the_registry_raises_broken_rules_with_the_distribution(plugin):
    plugin(SHAPES, BAD_TITLE, in_process=True)
    with pytest.raises(registry.BrokenRules) as caught:
        registry.get("gadget")
    assert caught.value.origin == DIST and str(caught.value) == _broken_line("bad-title")
    modules, broken = registry.loadable()
    assert [b.name for b in broken] == ["gadget"]
    assert {"chroniques-cretoises", "defis-fantastiques"} <= {m.id for m in modules}


def test_the_shape_check_accepts_every_installed_module_and_names_each_wrong_type():
    assert all(check_shape(registry.get(name)) == [] for name in registry.names())
    from engine.rules.base import RuleModule

    class Odd(RuleModule):
        id, version, stats, aliases, options, passive_flags = "odd", 3, ["x"], "df", None, "yes"
    assert check_shape(Odd()) == ["version must be a non-empty string, not int",
                                  "stats must be a tuple of StatDef", "aliases must be a tuple of strings",
                                  "passive_flags must be True or False", "options must be a mapping"]
