"""One definition of the Chroniques Crétoises fight rules, for every reader.

Play (`fight.py`, `endings.py`, `combat.py`, the module's `clamp`) asks the rule
functions below what happens, one question at a time; the exact odds
(`odds_solver.py`), the live `chances` (`engine.analysis.live`) and the explorer's
fight nodes (`explore.py`) enumerate `Fight.expand`, a transition function built
from the same functions over a compact node.  The readings of the rule text
(``chroniques-cretoises-2.fr.txt``) are in docs/rules-chroniques-cretoises.md.

A node is ``(turn, hero condition, current opponent, ((condition, state), ...),
Honour, all down, retreat failed, surrender refused, strikes, wounds)``; states are
``f`` fighting, ``l`` set aside (écarté), ``d`` dead, ``s`` spared.  ``strikes`` (the
hero's strikes, format 1.1 `rounds`; only 0 or 1 for `first_round`) and ``wounds``
(those he dealt, `win_rounds`) stay 0 in a fight without these specials, so that
other fights keep their number of nodes (`strike_count`, `wound_count`).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.rules.chroniques_cretoises import strike
from engine.rules.chroniques_cretoises.names import BLESSE, GRIEVEMENT, MORT, condition_index

FIGHTING, LEFT, DEAD, SPARED = "f", "l", "d", "s"
STATES = {"fighting": FIGHTING, "left": LEFT, "dead": DEAD, "spared": SPARED}
NAMES = {v: k for k, v in STATES.items()}
SURVIVED = ("win", "all-badly-wounded", "retreat", "surrender", "hurt", "timeout")


# --- the rules, one question each (play asks them one by one) ---------------------------
def everyone_badly_wounded(hero_condition: int, fighting_conditions) -> bool:
    """'Si, et seulement si, tous les combattants sont Grièvement Blessés' (those still fighting)."""
    if hero_condition < GRIEVEMENT:
        return False
    for c in fighting_conditions:
        if c < GRIEVEMENT:
            return False
    return True


def dice(condition: int, everyone: bool, two_dice: bool) -> int:
    """One die when Grièvement Blessé, two again when everyone is (option `all_wounded_two_dice`)."""
    return strike.dice_count(condition, everyone, two_dice)


def enemy_force(force: int, states, i: int) -> int:
    """Own Force + 1 for each companion still fighting who comes after him."""
    return force + sum(1 for j in range(i + 1, len(states)) if states[j] == FIGHTING)


def wound_outcome(condition: int, surrenders: bool, beast: bool, others_fighting: bool,
                  any_left: bool, down: bool, all_down_ends: bool) -> str:
    """What an opponent's wound (his new `condition`) does to the fight: "dead", "offer"
    (he surrenders), "left" (set aside in a group), "all-down" (every opponent of the group
    badly wounded: the book's paragraph), "all-down-on" (`all_down: continue`: the last
    one fights on), or "on"."""
    if condition >= MORT:
        return "dead"
    if condition != GRIEVEMENT:
        return "on"
    if surrenders and not beast:
        return "offer"
    if others_fighting:
        return "left"
    if any_left and not down:
        return "all-down" if all_down_ends else "all-down-on"
    return "on"


def all_down_wins(spec: dict) -> bool:
    """A group's 'all badly wounded' is the victory when the book sends the hero where
    victory leads (`all_down` is `win`'s paragraph): the reward is paid then too."""
    return isinstance(spec.get("all_down"), int) and spec.get("all_down") == spec.get("win")


def reward_payable(spec: dict) -> bool:
    """Whether a fight can end in a paid reward: by a victory, or by 'all badly wounded'
    counted as one.  Not in a group of opponents none of whom surrenders, whose
    `all_down` leads elsewhere than `win` (and no `win_rounds`): the first one badly
    wounded is set aside, so the last one's wound ends the fight 'all badly wounded',
    never with his death."""
    enemies = spec.get("enemies") or []
    if len(enemies) < 2 or not isinstance(spec.get("all_down"), int) or all_down_wins(spec):
        return True
    if spec.get("win_rounds") or any(e.get("surrenders") and not e.get("beast") for e in enemies):
        return True
    return any((condition_index(e.get("condition", 0)) or 0) >= GRIEVEMENT for e in enemies)


def retreat_open(offered: bool, failed: bool, hero_condition: int) -> bool:
    """'Si Althéos est Indemne ou Blessé (mais pas Grièvement), il peut tenter de battre en
    retraite' (once: a failed retreat closes it)."""
    return offered and not failed and hero_condition <= BLESSE


def surrender_open(offered: bool, refused: bool, beast: bool, hero_condition: int, conditions) -> bool:
    """Against a human opponent, once a fighter is Grièvement Blessé, if the book says where."""
    if not offered or refused or beast:
        return False
    if hero_condition >= GRIEVEMENT:
        return True
    for c in conditions:
        if c >= GRIEVEMENT:
            return True
    return False


def honour_after(old: int, new: int, exhausted: bool, lock: bool) -> tuple[int, bool]:
    """Honour set to `new` (never below 0): the value kept and whether it is exhausted.
    'Arrivé à 0, il ne lui est plus possible de regagner de points d'Honneur si ce n'est en
    invoquant Zeus': once it fell to 0, nothing raises it (option `honour_zero_lock`)."""
    new = max(0, new)
    if new == 0 and old > 0:
        return 0, True
    if old == 0 and new > 0 and exhausted and lock:
        return 0, exhausted
    return new, exhausted


def shame_kills(shame: int, honour: int) -> bool:
    """'Si son total de points de Honte est supérieur à celui des points d'Honneur' (weighed
    when the fight is over, wherever it leads)."""
    return shame > honour


def harmed(hurt_only_by, carried) -> bool:
    """Format 1.1 `hurt_only_by`: a hit wounds him only when one of these weapons is carried."""
    return not hurt_only_by or any(carried.get(item, 0) > 0 for item in hurt_only_by)


def strike_count(strikes: int, rounds: int, first_force: int) -> int:
    """The node's count of the hero's strikes: exact when the fight is timed (`rounds`),
    0 or 1 when only the first strike differs (`first_round`), else always 0."""
    if rounds:
        return strikes
    return min(1, strikes) if first_force else 0


def wound_count(wounds: int, win_rounds: int) -> int:
    """The node's count of the wounds the hero dealt: only kept for `win_rounds`."""
    return wounds if win_rounds else 0


def timed_out(strikes: int, rounds: int) -> bool:
    """Format 1.1 `rounds`: the fight stops after the hero's N-th strike (if not over)."""
    return bool(rounds) and strikes >= rounds


def won_rounds(wounds: int, win_rounds: int) -> bool:
    """Format 1.1 `win_rounds`: he wins as soon as he has wounded N times."""
    return bool(win_rounds) and wounds >= win_rounds


def strike_force(force: int, strikes: int, first_force: int) -> int:
    """His Force for a strike: + `first_round.force` on his first strike only."""
    return force + (first_force if strikes == 0 else 0)


def force_bonus(modifiers, holds) -> int:
    """Format 1.1 `modifiers`: the Force of each whose condition holds (`holds(text)`),
    weighed once, when the fight begins."""
    return sum(m["force"] for m in modifiers or ()
               if isinstance(m, dict) and isinstance(m.get("force"), int) and "if" in m and holds(str(m["if"])))


def retreat_succeeds(face: int, low: int, high: int) -> bool:
    return low <= face <= high


_WAYS: dict = {}


def hit_ways(count: int, force: int, protection: int) -> tuple[int, int]:
    """(faces that wound, faces) of one strike: `strike.resolve` over every roll."""
    key = (count, force, protection)
    found = _WAYS.get(key)
    if found is None:
        rolls = [[a, b] for a in range(1, 7) for b in range(1, 7)] if count == 2 else [[a] for a in range(1, 7)]
        found = _WAYS[key] = (sum(1 for r in rolls if strike.resolve(r, force, protection).hit), len(rolls))
    return found


class Rules(NamedTuple):
    """What does not change during one fight (also a cache key)."""
    force: int
    prot: int
    enemies: tuple          # ((force, protection, beast, surrenders), ...)
    shame: int
    reward: int
    two_dice: bool = True
    retreat: tuple | None = None      # (low, high) when the book offers a retreat
    surrender: bool | None = None     # None: not offered; False: the opponent refuses it
    all_down_ends: bool = True        # `all_down: PARAGRAPH`; False: `continue`
    lock: bool = True
    exhausted: bool = False           # Honour already fell to 0 before this point
    spend: bool = True                # Honour may be spent on strikes
    hurt: bool = False                # format 1.1 `hurt`: the hero's first wound ends the fight
    immune: tuple = ()                # per opponent: True when no weapon he can be hurt by is carried
    rounds: int = 0                   # format 1.1 `rounds` (0: not timed), ending "timeout"
    win_rounds: int = 0               # format 1.1 `win_rounds` (0: none)
    first_force: int = 0              # format 1.1 `first_round: {force: N}`
    all_down_wins: bool = False       # `all_down` is `win`'s paragraph: the reward is paid


def node_of(turn_hero: bool, hero_condition: int, current: int, enemies, honour: int,
            down=False, retreat_failed=False, surrender_refused=False, strikes=0, wounds=0) -> tuple:
    return ("H" if turn_hero else "E", hero_condition, current, tuple(enemies), honour,
            down, retreat_failed, surrender_refused, strikes, wounds)
