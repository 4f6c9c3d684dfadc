"""The most chance that a test waiting for its roll passes, from the state that waits
(`Chances.under_way` of a state whose pending activity is a test: compiled/fought.py
multiplies a frontier row's ceiling by it).

"Tentez votre Chance": "lancez deux dés. Si le résultat obtenu est inférieur ou égal à
votre total de chance du moment, vous êtes chanceux"; "Testez votre Habileté": the same
against Habileté, the worn armour adding to the roll (rolls.py `_roll_against`: 2d6 +
the paragraph's `modifier`, + the armour's penalty for Habileté, against the stat the
state holds when the dice are thrown).

Why a state that waits has not rolled: its pending activity is the test (rolls.begin),
and only the roll (rolls.answer) ends it: it throws the dice, then leaves for the
outcome, or clears the pending where no outcome is given.  Until the roll the hero can
only take a meal (Endurance: "à n'importe quel moment, sauf lorsque vous êtes en train
de combattre") or take off his armour (commands.py): neither adds to Chance nor to
Habileté, and taking the armour off only removes its penalty from a test of Habileté
(so the roll adds at least the least of the armour's penalty and 0).  The dice are
thrown at the stat the state holds, so the test passes with at most P(2d6 + modifier
<= that stat): exactly that for Chance.  Where the failure leads nowhere a victory is
(`lost`, routes.py) and the success does not, the state is worth at most that chance
times the most that follows the success, which the row's ceiling bounds (the routes'
`now(m)`: the best of the paragraph's ways on, for every hero the row can still be,
after its activity too).  1.0 anywhere else (a failure that leads on: the ceiling alone).
"""
from __future__ import annotations

from numbers import Integral

from engine.rules.defis_fantastiques.equipment import ARMOUR_TEST_PENALTY, armour_props
from engine.rules.defis_fantastiques.model import TWO_D6
from engine.rules.defis_fantastiques.rolls import KINDS as TESTED   # (the test's names and the stat each reads: the rule's own)


def waiting(book, spec, state, lost) -> float:
    """The most chance that the test `spec`, waiting for its roll in `state`, ends other
    than in a loss (above)."""
    if not isinstance(spec, dict) or not lost(spec.get("failure")) or lost(spec.get("success")):
        return 1.0
    stat, modifier = TESTED.get(spec.get("type")), spec.get("modifier", 0)
    held = state.stats.get(stat) if stat is not None else None
    if not isinstance(held, Integral) or type(modifier) is not int:
        return 1.0
    return passes(modifier + (_least_penalty(book, state) if stat == "habilete" else 0), int(held))


def passes(added: int, stat: int) -> float:
    """P(2d6 + `added` <= `stat`): "inférieur ou égal à votre total"."""
    return sum(w for s, w in TWO_D6.items() if s + added <= stat) / 36


def _least_penalty(book, state) -> int:
    """The least the worn armour adds to a test of Habileté at the roll: its penalty
    (equipment.skill_penalty) while worn, nothing once taken off (commands.drop_armour,
    "à n'importe quel moment ... sauf au cours d'un combat")."""
    props = armour_props(book, state.extra.get("armour"))
    return 0 if props is None else min(0, int(props.get("skill_test_penalty", ARMOUR_TEST_PENALTY)))
