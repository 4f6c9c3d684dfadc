"""Bounds from dominance (compiled/monotone.py, dominance.py): which stats a book keeps
in order, from which paragraphs on; a cut run's frontier bounded by explored states
holding less (low) or more (high) of them, both bounds still holding the exact value,
and narrower; a stat wrongly declared monotone makes them unsound (the tests can fail)."""
import numpy as np
import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.monotone import ALL, ahead, monotone
from engine.analysis.compiled.run import high_solution, low_solution, solve
from engine.analysis.explore.lens import Lens
from tests.analysis_fixtures.support import load

# § 3 reads the gold as a choice's `or >= 5` (more never hurts); § 5's fight allows no
# Luck (the "no-luck" strategy decides nothing); what each case puts at § 4 breaks it.
# The market (+2) on the short way, or at the end of the long one: at § 4 a hero with
# 4 gold pieces is met before one with 2, and one with 4 again after
BOOK = """\
gamebook: 1.1
id: dominance
title: Dominance
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 12, chance: 7, or: 2, provisions: 0, equipment: [epee]}
items:
  epee: {name: Épée, weapon: {damage: 2}}
paragraphs:
  1:
    text: Un carrefour.
    choices:
      - {text: Le marché, to: 2}
      - {text: La longue route, to: 9}
  2:
    text: Le marché.
    effects: [{add: {or: 2}}]
    choices: [{text: Suivre, to: 3}]
  3:
    text: Le péage.
    choices:
      - {text: Payer, to: 6, if: "or >= 5", effects: [{add: {or: -5}}]}
      - {text: Forcer le passage, to: 4}
  4:
    text: Un garde.
    HERE
    choices: [{text: Combattre, to: 5}]
  5:
    text: Le combat.
    combat: {enemies: [{name: Garde, habilete: 8, endurance: 6}], luck: false, win: 6}
  6: {text: Gagné., end: victory}
  7: {text: Perdu., end: death}
  8: {text: Ailleurs., end: death}
  9:
    text: La longue route.
    choices: [{text: Suivre, to: 10}, {text: Le marché, to: 2}]
  10:
    text: Encore la route.
    choices: [{text: Suivre, to: 3}]
"""
CASES = {
    "monotone": "effects: [{add: {or: -1}}, {set: {endurance: endurance_max}}]",
    "auto": "auto: [{if: 'or >= 3', to: 8}]",
    "computed": "effects: []",
    "not": "effects: []",
    "luck": "effects: []",
}


def _book(tmp_path, case: str):
    text = BOOK.replace("HERE", CASES[case])
    if case == "computed":
        text = text.replace("[{text: Combattre, to: 5}]", "[{text: Combattre, to: 'here + 1 + or - or'}]")
    if case == "not":
        text = text.replace("[{text: Combattre, to: 5}]", "[{text: Combattre, to: 5, if: 'not (or >= 9)'}, "
                                                          "{text: Fuir, to: 7}]")
    if case == "luck":
        text = text.replace("luck: false, ", "")
    path = tmp_path / f"{case}.yaml"
    path.write_text(text, encoding="utf-8")
    book, module, _ = load(path)
    return book, module


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_stat_stays_monotone_only_where_every_read_ahead_keeps_the_order(tmp_path, case):
    book, module = _book(tmp_path, case)
    found = monotone(book, module)
    assert set(found) == {"endurance", "provisions", "or"}   # (declared by the module; not Skill or Luck)
    where = ahead(Lens(book, module), found)
    broken = {s: sorted(at) for s, at in found.items() if at}
    if case == "monotone":
        assert broken == {}
        assert where["or"] == where["endurance"] == frozenset(book.paragraphs)
    elif case == "luck":   # a fight where Luck may be tested: its strategies read the Endurance
        assert broken == {"endurance": [5]}
        assert 5 not in where["endurance"] and 1 not in where["endurance"] and 6 in where["endurance"]
    else:   # an auto condition, a computed target, a condition under `not`, at § 4
        assert broken == {"or": [4]}
        assert sorted(book.paragraphs) == sorted(where["or"] | {1, 2, 3, 4, 9, 10})   # (§ 4 and all before it)


def test_an_item_used_where_it_lies_that_names_a_stat_breaks_it_everywhere(tmp_path):
    book, module = _book(tmp_path, "monotone")
    from engine.book.model import Effect
    book.meta["used_here"] = {"bourse": (Effect("add", {"or": "1d6 + or"}, ("items", "bourse")),)}
    found = monotone(book, module)
    assert ALL in found["or"] and "or" not in ahead(Lens(book, module), found)


def _bounds(book, module, cap: int, on: bool = True) -> tuple:
    ex = CompiledExplorer(book, module, sheet=1, max_states=cap, dominance=on).run()
    return ex, low_solution(ex, exact=False)["float"], high_solution(ex).start()


def _cuts(book, module):
    whole = CompiledExplorer(book, module, sheet=1).run()
    assert whole.bound is None
    return float(solve(whole.graph)["exact"]), range(2, whole.graph.states)


def _sound_cuts(book, module, exact: float) -> list:
    """[(low, high, low without dominance, high without)] of every cut run, each
    asserted to hold the exact value and to be no wider than without dominance."""
    out = []
    for cap in _cuts(book, module)[1]:
        ex, low, high = _bounds(book, module, cap)
        if ex.bound is None:
            continue
        _ex, low0, high0 = _bounds(book, module, cap, on=False)
        assert low - 1e-12 <= exact <= high + 1e-12, (cap, low, exact, high)
        assert low >= low0 - 1e-12 and high <= high0 + 1e-12
        out.append((low, high, low0, high0))
    return out


def test_every_cut_holds_the_exact_value_and_dominance_narrows_some(tmp_path):
    book, module = _book(tmp_path, "monotone")
    cuts = _sound_cuts(book, module, _cuts(book, module)[0])
    assert any(low > low0 + 1e-9 or high < high0 - 1e-9 for low, high, low0, high0 in cuts)


def test_a_stat_declared_monotone_wrongly_breaks_the_bounds(tmp_path, monkeypatch):
    """The test above can fail: the gold declared monotone in a book where more gold is
    worse (§ 4 sends a hero holding 3 or more to his death: the market's), a cut's
    bounds miss the exact value (the long road's hero, 2 pieces, bounded by the
    market's, dead)."""
    book, module = _book(tmp_path, "auto")
    monkeypatch.setattr("engine.analysis.compiled.explorer.monotone",
                        lambda book, module: {"or": {}, "endurance": {}, "provisions": {}})
    exact, caps = _cuts(book, module)
    missed = [cap for cap in caps for ex, low, high in [_bounds(book, module, cap)]
              if ex.bound is not None and not (low - 1e-12 <= exact <= high + 1e-12)]
    assert missed


def test_a_frontier_row_without_an_explored_row_below_follows_the_next_one_down():
    """dominance.py `_followed`: 0 -> 1 -> 2 -> 3, whose explored row below is 5: all four
    bounded by 5; 6 -> 4, which has none: unbounded, as 4."""
    import numpy as np
    from engine.analysis.compiled.dominance import _followed
    low_to = np.array([-1, -1, -1, 5, -1, -1, -1])
    link = np.array([1, 2, 3, -1, -1, -1, 4])
    assert _followed(low_to, link).tolist() == [5, 5, 5, 5, -1, -1, -1]


# The low side: a roll (§ 5) gives the toll's gold half the time; a longer way gives
# less gold (B: the toll unpaid, lost) or more (C: paid).  Cut after the roll's hero is
# expanded and before the longer way's is, the hero with more gold is bounded below by
# the one with less (C), never the other way (B)
LOW = """\
gamebook: 1.1
id: dominance-low
title: Dominance
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 12, chance: 7, or: 2, provisions: 0, equipment: [epee]}
paragraphs:
  1:
    text: Un carrefour.
    choices: [{text: Le sort, to: 5}, WAY]
  5:
    text: Les dés.
    random: {dice: 1d6, outcomes: [{range: [1, 3], to: 3, effects: [{add: {or: 2}}]}, {range: [4, 6], to: 7}]}
  3:
    text: Le péage.
    choices: [{text: Payer, to: 6, if: "or >= 4"}, {text: Forcer le passage, to: 7}]
  6: {text: Gagné., end: victory}
  7: {text: Perdu., end: death}
  9: {text: La route., choices: [{text: Suivre, to: 10}]}
  10: {text: La route encore., choices: [{text: Suivre, to: 11}]}
  11: {text: La route toujours., choices: [{text: Suivre, to: 3}]}
"""
WAYS = {"less": "{text: La longue route, to: 9}",
        "more": "{text: La longue route, to: 9, effects: [{add: {or: 4}}]}"}


def _low_book(tmp_path, way: str):
    path = tmp_path / f"low-{way}.yaml"
    path.write_text(LOW.replace("WAY", WAYS[way]), encoding="utf-8")
    book, module, _ = load(path)
    return book, module


@pytest.mark.parametrize("way", sorted(WAYS))
def test_the_low_bound_takes_an_explored_state_holding_less_never_more(tmp_path, way):
    """With more gold on the long way, some cut's low bound is raised to the exact
    value by the roll's hero (4 pieces, paid: worth 1) below the long way's (6); with
    less (2 pieces: lost), every cut holds the exact value 1/2 (a low bound taken from
    the roll's hero, above, would be 1)."""
    book, module = _low_book(tmp_path, way)
    exact = _cuts(book, module)[0]
    assert exact == (1.0 if way == "more" else 0.5)
    raised = sum(low > low0 + 1e-9 for low, _high, low0, _high0 in _sound_cuts(book, module, exact))
    assert raised if way == "more" else not raised


def test_the_tightened_high_solves_share_one_set_of_components(tmp_path, monkeypatch):
    """run.py `high_solution` solves the cut's graph again as dominance tightens its
    frontier (the same edges: the first solve's components read again); every cut's
    high solution equals one whose every solve works its components out, state for
    state, and some cut is tightened (more than one solve)."""
    from engine.analysis.compiled import run
    from engine.analysis.compiled.solve import Solution
    book, module = _book(tmp_path, "monotone")
    own = Solution.floats
    given = []

    def alone(self, comps=None):
        given.append(comps is not None)
        return own(self)
    tightened = passed = 0
    for cap in _cuts(book, module)[1]:
        ex = CompiledExplorer(book, module, sheet=1, max_states=cap, dominance=True).run()
        if ex.bound is None:
            continue
        shared = run.high_solution(ex)
        monkeypatch.setattr(Solution, "floats", alone)
        given.clear()
        plain = run.high_solution(ex)
        monkeypatch.undo()
        tightened += len(given) > 1
        passed += any(given)
        assert np.array_equal(shared.f, plain.f) and np.array_equal(shared.e, plain.e)
        assert np.array_equal(shared.comp_of, plain.comp_of)
    assert tightened and passed   # (some cut solved again, its components given)
