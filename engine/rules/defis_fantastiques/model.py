"""The Défis Fantastiques fight rules, each defined ONCE.

Play (combat.py, wounds.py) applies these definitions with the real dice; the exact
solvers (odds_solver.py and its fast paths, explore.py) enumerate the same
definitions, so that what is played and what is predicted cannot disagree.

* An exchange: "Si votre Force d'Attaque est supérieure ... vous l'avez touché ...
  Si la Force d'Attaque de votre adversaire est supérieure ... c'est vous qui êtes
  blessé ... égales, les coups ont été parés"; against an opponent fought "together"
  who is not the target, a higher total only avoids his blow ("vous évitez
  simplement un coup").
* The wound amounts, plain and after a Luck test, under the book's reading of Luck
  (`options: {luck_reading: exact | relative}`):
  - `exact` (default, the module's French text): lucky wound dealt = damage + 2
    ("soustrayez 2 points supplémentaires"), unlucky dealt = exactly 1 ("vous ne
    pouvez soustraire que 1 seul point"), lucky wound taken = exactly 1 ("ne
    soustrayez que 1 point"), unlucky taken = damage + 1 ("1 point supplémentaire");
  - `relative` (the English rules' "restore 1 point"): lucky dealt = damage + 2,
    unlucky dealt = damage − 1, lucky taken = damage − 1, unlucky taken = damage + 1.
  With the standard wound of 2 both readings give the same numbers.
* Armour absorbs after Luck has changed the wound, never below 0.
* Luck is offered only when it can matter: on a wound dealt that leaves the
  opponent standing, on a wound taken that a lucky test would make smaller (with
  no Luck left too: the test then surely fails, Luck stays 0).
* Several opponents "comme un seul": the best Habileté, their Endurance together,
  the worst wound.
* An escape's Endurance cost is a wound Luck may lessen only with `options:
  {escape_luck: true}` (the English rules); the French text has no escape rule.
* An escape (`escape: {to, after, cost}`) is open once `after` rounds are fought
  (`escape_open`); its Endurance cost kills at 0.  The exact odds price it under
  one stated policy (`ESCAPE_POLICY`): with an escape in the fight, the hero's
  first aim is to leave it alive, by victory or by escape, his second to win
  (`aims`); he escapes when that gives him a better chance of leaving alive than
  fighting on, fights on when that is as safe and wins more often, and escapes
  when both are equal on both counts (fighting on would gain nothing).
* Luck in fights may be switched off by the book (`options: {luck_in_combat:
  false}`) or by one fight (`combat: {luck: false}`).
"""
from __future__ import annotations

from typing import NamedTuple

from engine.rules import french as F

STANDARD_DAMAGE = 2          # "enlevez 2 points à son total d'endurance"
TWO_D6 = {s: 6 - abs(s - 7) for s in range(2, 13)}   # the ways out of 36 of each sum of two dice
LUCK_READINGS = ("exact", "relative")
DEFAULT_READING = "exact"
# Luck shifts as the solvers index them: 0 = no test, 1 = lucky, -1 = unlucky.
SHIFTS = (0, 1, -1)


def exchange(mine: int, theirs: int, target: bool = True) -> str:
    """One exchange from the two Attack Strengths: "hit" (the hero wounds), "dodge"
    (higher than an opponent who is not the target: no wound), "wounded" (the
    opponent wounds the hero), "parry"."""
    if mine > theirs:
        return "hit" if target else "dodge"
    return "wounded" if mine < theirs else "parry"


def dealt(damage: int, lucky: bool | None, reading: str = DEFAULT_READING) -> int:
    """Endurance a wound dealt by the hero removes; `lucky` None: no Luck test."""
    if lucky is None:
        return damage
    if lucky:
        return damage + 2
    return 1 if reading == "exact" else max(0, damage - 1)


def taken(damage: int, lucky: bool | None, reading: str = DEFAULT_READING) -> int:
    """Endurance a wound taken by the hero removes before armour; `lucky` None: no test."""
    if lucky is None:
        return damage
    if lucky:
        return 1 if reading == "exact" else max(0, damage - 1)
    return damage + 1


def absorbed(raw: int, absorbs: int) -> int:
    """What reaches the hero through an armour absorbing `absorbs` points."""
    return max(0, raw - absorbs)


def can_succeed(luck: int) -> bool:
    """A test with no Luck left surely fails.  Play still offers it (the rules do not
    forbid it); a best-play solver never takes it, the "always" policy does."""
    return luck >= 1


def dealt_offered(left: int) -> bool:
    """Luck is offered on a wound dealt only if the opponent is still standing."""
    return left > 0


def taken_offered(damage: int, absorbs: int, reading: str = DEFAULT_READING) -> bool:
    """Luck is offered on a wound taken only if a lucky test makes it smaller."""
    return absorbed(taken(damage, True, reading), absorbs) < absorbed(damage, absorbs)


def amounts(kind: str, damage: int, reading: str = DEFAULT_READING) -> dict[int, int]:
    """{shift: Endurance removed} of a wound dealt ("d") or taken ("t", before armour),
    the table the solvers index by Luck shift (0 none, 1 lucky, -1 unlucky)."""
    rule = dealt if kind == "d" else taken
    return {shift: rule(damage, (None, True, False)[shift], reading) for shift in SHIFTS}


def as_one(enemies: list[dict]) -> dict:
    """Several enemies "comme un seul": the best Habileté, their Endurance together,
    the worst wound (and a plural name for the text)."""
    return {**F.group(enemies),   # "les trois rats géants", plural
            "habilete": max(e["habilete"] for e in enemies),
            "endurance": sum(e["endurance"] for e in enemies),
            "damage": max(e.get("damage", STANDARD_DAMAGE) for e in enemies)}


def reading(book) -> str:
    """The book's reading of Luck against a non-standard wound."""
    return book.options.get("luck_reading", DEFAULT_READING)


def escape_luck(book, spec: dict) -> bool:
    """Is an escape's Endurance cost a wound Luck may lessen (`options: {escape_luck:
    true}`, the English rules)?  Off by default: the French text has no escape rule,
    the paragraph's cost is paid as written."""
    return book.options.get("escape_luck", False) is True and luck_allowed(book, spec)


def luck_allowed(book, spec: dict) -> bool:
    """May the hero test his Luck in this fight (book option, then the fight's own)?"""
    if book.options.get("luck_in_combat", True) is False:
        return False
    return spec.get("luck", True) is not False


# --- format 1.1 fight specials (prompts/specials.md), each a rule play and odds read ---

class Escape(NamedTuple):
    """A fight's escape as the rules read it: open once `after` rounds are fought, its
    Endurance `cost` (evaluated), a wound Luck may lessen when `luck` (`escape_luck`)."""
    after: int = 0
    cost: int = 0
    luck: bool = False


ESCAPE_POLICY = ("avec une fuite possible, le héros cherche d'abord à sortir vivant du combat (victoire ou "
                 "fuite), ensuite à le gagner : il fuit quand fuir lui donne une meilleure chance d'en sortir "
                 "vivant, ou une chance égale sans perdre de chance de victoire",
                 "with an escape open, the hero aims first to leave the fight alive (victory or escape), "
                 "then to win it: he escapes when escaping gives him a better chance of leaving alive, or "
                 "an equal one at no cost to his chance of victory")


def escape_open(after: int, rounds_fought: int) -> bool:
    """May the hero escape now (`after` rounds fought)?"""
    return rounds_fought >= after


def escape_offered(escape: Escape, reading: str = DEFAULT_READING) -> bool:
    """Is Luck offered on the escape's Endurance cost (`escape_luck`, a lucky test lessening it)?"""
    return escape.luck and escape.cost > 0 and taken_offered(escape.cost, 0, reading)


def escape_left(endurance: int, cost: int, lucky: bool | None, reading: str = DEFAULT_READING) -> int:
    """Endurance after paying the escape (`lucky` None: no Luck test); 0 or less is death."""
    return endurance - (cost if lucky is None else taken(cost, lucky, reading))


def aims(outcome: str) -> tuple[int, int]:
    """What best play maximises in a fight with an escape (ESCAPE_POLICY), in order:
    leaving it alive (victory or escape), then victory.  Without an escape: victory."""
    return (1 if outcome in ("win", "escape") else 0, 1 if outcome == "win" else 0)


class Specials(NamedTuple):
    """What a fight's format 1.1 specials change (all off: a plain fight).

    * `hurt`: "if you lose any Endurance, turn to": the fight stops at the first
      wound that costs the hero Endurance once its Luck test is done (a wound Luck or
      armour made 0 costs nothing: the fight goes on; a wound that kills is a death);
    * `rounds`: the fight stops after that many attack rounds (parries count), if
      it is not over, and goes to `timeout`;
    * `win_rounds`: won as soon as the hero has wounded the opponent that many times;
    * `first`: added to the hero's Attack Strength in the first round only;
    * `immune`: per opponent, True when the hero carries none of the weapons of its
      `hurt_only_by`: a round he wins then does it no damage (no wound, no Luck);
    * `escape`: the fight's `escape` (an Escape), for the odds (play reads the paragraph)."""
    hurt: bool = False
    rounds: int | None = None
    win_rounds: int | None = None
    first: int = 0
    immune: tuple = ()
    escape: Escape | None = None
    rounds_only: tuple = ()          # format 1.2: per opponent, True when only `win_rounds` defeats it
    luck_on: str | None = None       # format 1.2: "taken" or "dealt": Luck on that side only

    def active(self) -> bool:
        return self.hurt or bool(self.rounds) or bool(self.win_rounds) or bool(self.first) or \
            any(self.immune) or self.escape is not None or any(self.rounds_only) or self.luck_on is not None


def harmed(hurt_only_by, carried: dict, weapon) -> bool:
    """`hurt_only_by`: is the opponent wounded by the hero's blows?  Yes when the
    list is empty or the hero carries (or holds) one of its items."""
    return not hurt_only_by or any(carried.get(x, 0) > 0 or weapon == x for x in hurt_only_by)


def immune(enemies_spec: list, mode: str, carried: dict, weapon) -> tuple:
    """Per opponent of the fight as played (as-one: one opponent, immune only when
    every one of the group is)."""
    flags = tuple(not harmed(e.get("hurt_only_by"), carried, weapon) for e in enemies_spec)
    if mode == "as-one" and len(flags) > 1:
        return (all(flags),)
    return flags if any(flags) else ()


def specials(spec: dict, flags: tuple = (), escape: Escape | None = None) -> Specials:
    """The fight's specials from its `combat:` (`flags`: its opponents' immunity,
    `escape`: its escape as evaluated)."""
    first = spec.get("first_round") or {}
    return Specials("hurt" in spec, int(spec["rounds"]) if spec.get("rounds") else None,
                    int(spec["win_rounds"]) if spec.get("win_rounds") else None,
                    int(first.get("attack", 0)), tuple(flags), escape,
                    rounds_only(spec["enemies"], spec.get("mode", "one-by-one")), luck_side(spec))


def first_bonus(specs: Specials, rounds_fought: int) -> int:
    """The first-round bonus for the round about to be fought."""
    return specs.first if rounds_fought == 0 else 0


def round_over(specs: Specials, rounds_fought: int, wins: int) -> str | None:
    """After a round that left both sides standing: "win" (win_rounds reached),
    "timeout" (rounds fought out), or None (fight on).  Reaching win_rounds wins
    even in the last round."""
    if specs.win_rounds and wins >= specs.win_rounds:
        return "win"
    if specs.rounds and rounds_fought >= specs.rounds:
        return "timeout"
    return None


def hurt_stops(specs: Specials, lost: int, endurance: int) -> bool:
    """`hurt`: does this wound (its Luck test done) end the fight?"""
    return specs.hurt and lost > 0 and endurance > 0


# --- format 1.2: fights won by rounds alone, Luck on one side only -------------------
# "Each time you win a round you sever one of its six swords": an opponent written
# without Endurance is defeated only by the fight's `win_rounds`; a round the hero
# wins counts, and wounds it not (no Endurance, no Luck test).  `luck: taken` (or
# `dealt`): the hero may test his Luck on the wounds he takes only (or deals only).

LUCK_SIDES = ("taken", "dealt")
STANDING = 1   # the Endurance an opponent without one keeps all fight long (never 0: it stands)


def enemy_endurance(enemy: dict) -> int:
    """An opponent's Endurance as a fight starts (STANDING when it has none)."""
    value = enemy.get("endurance")
    return STANDING if value is None else int(value)


def rounds_only(enemies_spec: list, mode: str) -> tuple:
    """Per opponent of the fight as played, True when only `win_rounds` defeats it (as-one:
    one opponent, when every one of the group is); () when none is."""
    flags = tuple(e.get("endurance") is None for e in enemies_spec)
    if mode == "as-one" and len(flags) > 1:
        flags = (all(flags),)
    return flags if any(flags) else ()


def luck_side(spec: dict) -> str | None:
    """`luck: taken | dealt`: the one side of the wounds Luck may change (None: both, or none)."""
    side = spec.get("luck")
    return side if side in LUCK_SIDES else None


def luck_here(side: str | None, kind: str) -> bool:
    """May Luck change a wound of this kind ("d" dealt, "t" taken) under `luck: side`?"""
    return side is None or side == ("dealt" if kind == "d" else "taken")
