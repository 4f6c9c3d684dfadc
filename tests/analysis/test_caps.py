"""The cap of a passive stat (engine/analysis/explore/caps.py) counts every loss that
can repeat as unbounded, and a once-only choice's loss once: both explorers keep the
exact value of the book without the lens."""
from __future__ import annotations

from fractions import Fraction

from tests.format11.f11_helpers import load as load_text
from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.explore.compact import parts_of
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.report import exhaustive_report

# The hero (f11_helpers HEADER): 15 gold, 2 Provisions, Stamina 20.  Struck down to 1
# Stamina at § 2, he needs five meals to stand again (1 + 4 x 5 >= 19).
STALL = """\
paragraphs:
  1:
    text: Une échoppe de vivres.
    choices:
      - {text: Acheter une Provision, stay: true, if: 'or >= 2', effects: [{add: {or: -2, provisions: 1}}]}
      - {text: Partir, to: 2}
  2:
    text: Un éboulement.
    effects: [{add: {endurance: -19}}]
    choices:
      - {text: Se relever, to: 3, if: 'endurance >= 19'}
      - {text: Ramper, to: 4}
  3: {text: Vous passez., end: victory}
  4: {text: Vous restez là., end: death}
"""

# A purse found on the way (§ 1: 25 gold), then a market entered again and again (§ 5
# leads back): the basket of three Provisions is sold once (a once-only choice), so at
# most 4 gold is spent there; the gate (§ 2) asks 10 gold and 13 Stamina after the
# rockfall: the basket and 10 gold are both needed.
MARKET = """\
paragraphs:
  1:
    text: Une bourse sur le chemin.
    effects: [{add: {or: 10}}]
    choices: [{text: Entrer au marché, to: 7}]
  7:
    text: Le marché.
    choices:
      - {text: Acheter un panier de vivres, to: 5, once: true, if: 'or >= 4',
         effects: [{add: {or: -4, provisions: 3}}]}
      - {text: Partir, to: 2}
  5:
    text: Vous rangez le panier.
    choices: [{text: Revenir au marché, to: 7}]
  2:
    text: Un éboulement, puis la porte de la ville.
    effects: [{add: {endurance: -19}}]
    choices:
      - {text: Payer et passer, to: 3, if: 'or >= 10 and endurance >= 13'}
      - {text: Ramper, to: 4}
  3: {text: Vous passez., end: victory}
  4: {text: Vous restez dehors., end: death}
"""


def _values(book, module):
    """{(explorer, lens on): the exact value of sheet 1}, and today's spaces."""
    out, spaces = {}, {}
    for lens in (True, False):
        space = Explorer(book, module, max_states=50_000, timeout=120, lens=lens, sheet=1, focused=False).run()
        assert space.bound is None
        out["today", lens] = Fraction(exhaustive_report(book, module, space)["exact"])
        spaces[lens] = space
        out["compiled", lens] = solve(CompiledExplorer(book, module, sheet=1, lens=lens).run().graph)["exact"]
    return out, spaces


def test_a_loss_an_action_repeats_in_place_sets_no_cap(tmp_path):
    """Buying a Provision is an action (format 1.2 `stay: true`): it is offered again
    at once, so all 15 gold can go into seven Provisions and the hero stands again.
    Counted as one loss of 2, the gold was capped at 5 (3 + 2): two Provisions
    bought, four in all, and the book was lost (0 instead of 1)."""
    loaded = load_text(tmp_path, STALL, version="1.2")
    assert Lens(loaded.book, loaded.module).caps[1] == {}
    values, _spaces = _values(loaded.book, loaded.module)
    assert set(values.values()) == {Fraction(1)}


def test_a_once_only_loss_in_a_market_entered_again_is_counted_once(tmp_path):
    """The basket's 4 gold is spent once at most, though the market is entered again:
    the gold is capped at 11 + 4 = 15 there (25 and 21 kept as 15 and 11), where no cap was
    set before; the value is the one without the lens (1: the basket, then 11 gold at
    the gate).  Counting the basket's loss as nothing would cap the purse at 11, leave
    7 gold after the basket and lose the book."""
    loaded = load_text(tmp_path, MARKET)
    lens = Lens(loaded.book, loaded.module)
    assert lens.caps[7] == lens.caps[5] == {"or": 15} and lens.caps[2] == {"or": 11}
    values, spaces = _values(loaded.book, loaded.module)
    assert set(values.values()) == {Fraction(1)}
    held = {parts_of(t).stats["or"] for t, p in zip(spaces[True].states, spaces[True].paragraph) if p == 7}
    assert held == {15, 11}   # before the basket and after it
    assert {parts_of(t).stats["or"] for t, p in zip(spaces[False].states, spaces[False].paragraph) if p == 7} == {25, 21}
