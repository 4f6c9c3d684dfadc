"""What a fight or a test under way reads and can still add (under_way.py, read by the
difficulty table's forgetting, engine/analysis/compiled/ceilings.py), checked against
play: in seeded fights with Luck tried or not, an armour absorbing part of each wound,
a hero's Endurance and Luck never pass what the declaration allows from any state of
the fight; no meal is eaten in a fight; a test waiting reads every stat."""
import random

import pytest

from engine.game import Game
from engine.game.dice import SeededDice
from engine.rules.base import Refused
from engine.rules.defis_fantastiques.under_way import EVERY_STAT, activity_reads

from df_helpers import load

BOOK = """
paragraphs:
  1:
    text: Un ennemi surgit.
    effects: [{armour: cuir}]
    combat:
      enemies: [{name: Loup, habilete: 9, endurance: 9}]
      escape: {to: 3, after: 2, cost: {endurance: 2}}
      win: 2
  2: {text: Victoire., end: victory}
  3:
    text: Vous fuyez vers la rivière. Tentez votre Chance.
    test: {type: chance, success: 2, failure: 4}
  4: {text: Noyé., end: death}
"""


@pytest.mark.parametrize("seed", range(40))
def test_a_fight_adds_no_more_than_it_says(tmp_path, seed):
    loaded = load(tmp_path, BOOK)
    g = Game(loaded.book, loaded.module, SeededDice(seed))
    pick = random.Random(seed)
    bounds = []   # (Endurance + what may still be added, Luck) at each state of the fight so far
    while g.state.pending and g.state.pending.get("activity") == "combat" and not g.state.ended:
        said = activity_reads(g.state.pending)
        assert said is not None or g.state.pending.get("queue")
        if said is not None:
            reads, added = said
            assert {"habilete", "endurance", "chance"} <= reads and "provisions" not in reads
            bounds.append((g.state.stats["endurance"] + added.get("endurance", 0), g.state.stats["chance"]))
        with pytest.raises(Refused):
            g.command("manger")
        keys = [o.key for o in g.prompt().options if o.enabled]
        g.answer(pick.choice(keys))
        for most_endurance, most_luck in bounds:
            assert g.state.stats.get("endurance", 0) <= most_endurance
            assert g.state.stats.get("chance", 0) <= most_luck
    assert bounds


def test_a_lucky_wound_may_give_back_its_damage():
    assert activity_reads({"activity": "combat", "round": 1, "luck": {"kind": "taken", "damage": 2}}) == \
        (frozenset({"habilete", "endurance", "chance"}), {"endurance": 2})
    assert activity_reads({"activity": "combat", "round": 1, "luck": {"kind": "dealt", "damage": 2}})[1] == {}


def test_what_is_not_said():
    assert activity_reads({"activity": "combat", "queue": [{"kind": "taken", "enemy": 0}]}) is None
    assert activity_reads({"activity": "other"}) is None and activity_reads(None) is None
    assert activity_reads({"activity": "combat", "round": 1, "no_luck": True})[0] == {"habilete", "endurance"}


def test_a_test_waiting_reads_every_stat_and_adds_none(tmp_path):
    """A meal may be eaten while a test waits (commands.can_eat): every stat is read."""
    loaded = load(tmp_path, BOOK)
    g = Game(loaded.book, loaded.module, SeededDice(1))
    g.goto(3)
    assert g.state.pending["activity"] == "test"
    assert activity_reads(g.state.pending) == (EVERY_STAT, {})
    g.change("endurance", delta=-5)
    g.command("manger")   # (the Provisions and the maximum read while the test waits)
    assert (g.state.stats["endurance"], g.state.stats["provisions"]) == (19, 1)
