"""Starting values no later step can reach, forgotten (compiled/ceilings.py, forget.py
`Forget.reach`): every rolled sheet explored in one space, the same exact value for
each sheet with them forgotten or kept, in fewer states; the gains ahead of each
paragraph as the rule asks (a gain on a loop, a moved maximum, a read of `_max`: no
bound); a module that does not declare its gains forgets nothing."""
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.ceilings import UNBOUNDED, gains, quiet_after
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.forget import Forget
from engine.analysis.compiled.packed import ENDED, MISSING, PARAGRAPH, PENDING
from engine.analysis.compiled.run import solve
from engine.analysis.compiled.sheets import rolled
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"
ROLLED = BOOKS / "rolled.yaml"   # Skill 1d3+6, Stamina 1d6+4, Luck 1d2+6, gold 1d2+1, a Provision
LAST = BOOKS / "last-fight.yaml"   # rolled sheets, two Provisions to buy, a fight, a spring, a last fight


def _every_sheet(path, reach: bool) -> tuple:
    """(each sheet's exact value, states, starting values forgotten) with every rolled
    sheet a root of one space."""
    book, module, _ = load(path)
    sheets = rolled(book, module)
    ex = CompiledExplorer(book, module)
    if reach:
        assert ex.lens.reach()
    found = ex.run(starts=sheets)
    assert found.bound is None
    forgotten = sum(int((found.table.column(i) == MISSING).sum()) for i, (part, _s) in enumerate(found.table.slots.names)
                    if part == "initial")
    return solve(found.graph)["roots"], found.graph.states, forgotten


@pytest.mark.parametrize("path", [ROLLED, LAST, BOOKS / "meal.yaml", BOOKS / "fights.yaml", BOOKS / "tests.yaml"])
def test_each_sheets_value_is_the_same_with_unreachable_starting_values_forgotten(path):
    kept, states, none = _every_sheet(path, reach=False)
    values, fewer, forgotten = _every_sheet(path, reach=True)
    assert values == kept   # sheet for sheet, exact fractions
    assert fewer <= states and forgotten >= none
    if path == ROLLED:   # the sheets meet: fewer states (4,515 -> 2,771 when written)
        assert len(kept) == 72 and fewer < 0.8 * states and forgotten > none


def test_a_meal_not_counted_would_change_the_values(monkeypatch):
    """The test above can fail: the meals left out of the gains ahead (a module that
    declared none), a hero forgets his maximum while a Provision could still pass it."""
    kept, _states, _n = _every_sheet(ROLLED, reach=False)
    _book, module, _ = load(ROLLED)
    monkeypatch.setattr(type(module), "ceiling_gains", {})
    wrong, _states, _n = _every_sheet(ROLLED, reach=True)
    assert wrong != kept


BOOK = """\
gamebook: 1.1
id: gains-ahead
title: Gains
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 12, chance: 8, equipment: [epee]}
items:
  epee: {name: Épée, weapon: {damage: 2}}
paragraphs:
  1:
    text: Un marché.
    choices:
      - {text: Une soupe, to: 1, effects: [{add: {endurance: 1}}]}
      - {text: Partir, to: 2}
      - {text: Consulter l'oracle, to: 8}
  2:
    text: Une source.
    effects: [{add: {endurance: 3, chance: -1}}]
    choices:
      - {text: Le gué, to: 3}
      - {text: Le pont, to: 4}
  3:
    text: Un autel.
    effects: [{add: {endurance: 2}}, {ceiling: {chance: 1}}]
    choices: [{text: Suivre, to: 5}]
  4:
    text: Un guérisseur.
    effects: [{add: {endurance: 4}}]
    choices: [{text: Suivre, to: 5}]
  5:
    text: Une porte.
    choices: [{text: Entrer, to: 6}, {text: Renoncer, to: 7}]
  6: {text: Gagné., end: victory}
  7: {text: Perdu., end: death}
  8:
    text: L'oracle.
    choices: [{text: Entrer, to: 6, if: "chance_max > 7"}, {text: Renoncer, to: 7}]
"""


def test_the_most_a_stat_can_still_gain_ahead(tmp_path):
    path = tmp_path / "gains.yaml"
    path.write_text(BOOK, encoding="utf-8")
    book, module, _ = load(path)
    found = gains(Forget(book, module).lens, ["endurance", "chance", "habilete"])
    endurance, chance = found["endurance"], found["chance"]
    assert endurance[1] == UNBOUNDED                      # a gain on a loop (the soup, again and again)
    assert endurance[2] == 3 + 4 and endurance[3] == 2 and endurance[4] == 4   # the best way ahead
    assert endurance[5] == endurance[6] == endurance[7] == 0
    assert chance[3] == chance[2] == UNBOUNDED            # a moved maximum ahead (`ceiling:`)
    assert chance[4] == chance[5] == 0
    assert chance[8] == endurance[8] == UNBOUNDED         # `chance_max` read: a module's own name
    assert {n: v for n, v in found["habilete"].items() if v} == {1: UNBOUNDED, 8: UNBOUNDED}   # (§ 8 ahead)


def test_a_module_that_does_not_declare_its_gains_forgets_nothing():
    book, module, _ = load(BOOKS / "cc-rules.yaml")
    assert getattr(module, "ceiling_gains", None) is None and Forget(book, module).reach() is False


def _last_fight(monkeypatch=None, reads=None) -> tuple:
    """(each sheet's exact value, states, the rows at the last fight) of the last-fight
    book, every sheet a root, starting values forgotten; `reads`: the module's
    `activity_reads` replaced."""
    book, module, _ = load(LAST)   # (rows at § 6 not over: the fight under way)
    if reads is not None:
        monkeypatch.setattr(type(module), "activity_reads", staticmethod(reads))
    ex = CompiledExplorer(book, module)
    assert ex.lens.reach()
    found = ex.run(starts=rolled(book, module))
    assert found.bound is None
    rows = found.table.take(np.flatnonzero((found.table.column(PARAGRAPH) == 6) & (found.table.column(ENDED) == 0)))
    return solve(found.graph)["roots"], found.graph.states, rows, found.table.slots


def test_in_the_last_fight_provisions_and_starting_values_are_forgotten():
    """No meal can follow the last fight (only the victory does): the Provisions held are
    read by nothing there, and then neither are the starting Endurance and Luck (no
    later step can bring a hero back up to them): every row at the fight forgets them.
    Before the first fight, the Provisions and the spring ahead keep them."""
    _values, _states, rows, slots = _last_fight()
    assert len(rows) and (rows[:, PENDING] != 0).all()
    assert (rows[:, slots.find("stats", "provisions")] == 0).all()
    assert (rows[:, slots.find("initial", "endurance")] == MISSING).all()
    assert (rows[:, slots.find("initial", "chance")] == MISSING).all()
    assert (rows[:, slots.find("stats", "endurance")] > 0).all()   # (what the fight reads is kept)


def test_forgetting_under_an_activity_keeps_the_values_in_fewer_states(monkeypatch):
    """The same exact values with the activities described or not (`activity_reads`
    None: only rows at their choices forget a starting value, as before), in fewer states."""
    values, states, _rows, _slots = _last_fight()
    before, more, _rows, _slots = _last_fight(monkeypatch, lambda pending: None)
    assert values == before and states < more


def test_a_fight_said_not_to_read_the_endurance_changes_the_values(monkeypatch):
    """The test above can fail: a fight declared as not reading the Endurance has it
    forgotten (0) in the last fight, and heroes lose fights they would win."""
    from engine.rules.defis_fantastiques.under_way import activity_reads
    values, _states, _rows, _slots = _last_fight()

    def wrong(pending):
        said = activity_reads(pending)
        return (said[0] - {"endurance"}, said[1]) if said and pending.get("activity") == "combat" else said
    planted, _states, _rows, _slots = _last_fight(monkeypatch, wrong)
    assert planted != values


def test_after_an_activity_only_the_books_words_are_read_where_every_way_ends():
    """ceilings.py `quiet_after`: after the last fight, only the victory (nothing read);
    after a fight with choices, a test, or a way back, a hero may be anywhere (None)."""
    book, module, _ = load(LAST)
    quiet = quiet_after(Forget(book, module).lens)
    assert quiet[6] == frozenset() and quiet[8] == frozenset()
    assert all(quiet[n] is None for n in (1, 2, 3, 4, 5, 7))


STAYS = BOOK[:BOOK.index("paragraphs:")].replace("id: gains-ahead", "id: stays") + """\
paragraphs:
  1:
    text: Un rat, puis la sortie.
    combat: {enemies: [{name: Rat, habilete: 5, endurance: 3}], win: 9}
    choices: [{text: Aller plus loin, to: 2}]
  2:
    text: Trois portes.
    choices: [{text: Le dé, to: 3}, {text: La Chance, to: 4}, {text: Le bout, to: 5}]
  3:
    text: Un rat, puis un dé.
    combat: {enemies: [{name: Rat, habilete: 5, endurance: 3}]}
    random: {dice: 1d6, outcomes: [{range: [1, 3], to: 9}, {range: [4, 6], to: 9}]}
  4:
    text: Un rat, puis la Chance.
    combat: {enemies: [{name: Rat, habilete: 5, endurance: 3}]}
    test: {type: chance, success: 9, failure: 9}
  5:
    text: Le dernier rat.
    combat: {enemies: [{name: Rat, habilete: 5, endurance: 3}], win: 9}
  9: {text: Sorti., end: victory}
"""


def test_a_hero_who_may_stay_after_the_fight_is_not_quiet(tmp_path):
    """Where the hero may still be at the paragraph once its fight is over (its choices,
    its dice, a second activity), a meal may follow: not quiet; the last fight is."""
    path = tmp_path / "stays.yaml"
    path.write_text(STAYS, encoding="utf-8")
    book, module, _ = load(path)
    quiet = quiet_after(Forget(book, module).lens)
    assert quiet[5] == frozenset() and quiet[9] == frozenset()
    assert quiet[1] is None and quiet[3] is None and quiet[4] is None
