"""Exact fight odds for Cretan Chronicles (rule module "chroniques-cretoises").

Reading of the rules (``chroniques-cretoises-2.fr.txt``) used here:

* Conditions: indemne -> blessé -> grièvement-blessé -> mort, one step per
  wound.  ``hero`` and ``enemies`` are (Force, Protection) totals.
* A strike: 2d6 + Force (+ Honour spent) >= defender's Protection (+ Honour
  spent by the hero when he defends) wounds; 11-12 always wound, 2-3 always
  miss.  A Grièvement Blessé fighter rolls one die: 1 misses, 6 is not an
  automatic wound.  "Si, et seulement si, tous les combattants sont
  Grièvement Blessés alors il leur est permis de jeter 2 dés" - then every
  fighter rolls two dice again.
* Sides alternate strikes, the hero first unless ``hero_first=False``; the
  alternation goes on when a new opponent steps in.
* Several opponents: "Althéos les affronte les uns après les autres mais la
  Force de chacun d'eux augmente de 1 point pour chaque compagnon survivant
  à côté de lui" - opponent i gets +1 per companion after him still in the
  fight (three wolves of Force 2: 4, 3, 2).  "Lors de tels combats, un
  adversaire Grièvement Blessé est écarté ; [...] si tous sont Grièvement
  Blessés, vous trouverez les instructions nécessaires dans le texte."  So
  in a group fight an opponent leaves as soon as he is Grièvement Blessé
  (he is never killed) and the fight ends, when the last one leaves, in the
  absorbing outcome "all-badly-wounded" (the book decides what follows).
  A group fight therefore never ends in "win" by the rules alone.
* A single opponent is not "écarté": as in the lion example he fights on,
  Grièvement Blessé, until killed; "win" = the opponent is dead.
* Honour (``spend_honour=True``): before each strike the hero may spend any
  number of points, added to his Force (his strike) or Protection (the
  enemy's strike) for that strike only, lost whatever the result.  The
  policy maximises the probability of not losing: P(win) for a single
  opponent, P(win or all-badly-wounded) for a group.  Only the smallest
  spend reaching each hit probability is considered (spending more is
  dominated).  ``advice`` ("spend:N") is given for ``pending="attack"`` or
  ``"defence"`` (which also says whose strike comes first).
* Shame: with ``honte`` given, a victorious hero dies of Shame when
  honte > honour left + ``reward``; counted in "lose" and reported as the
  sub-outcome "shame".  It is not checked for "all-badly-wounded" (the fight
  is not over).  Outcomes "win" + "lose" + "all-badly-wounded" == 1.
"""
from __future__ import annotations

from typing import Sequence

from engine.analysis.chain import ZERO, End, merge, solve
from engine.analysis.result import FightOdds

RULES_ID = "chroniques-cretoises"
CONDITIONS = ("indemne", "blessé", "grièvement-blessé")
TWO_D6 = {s: 6 - abs(s - 7) for s in range(2, 13)}  # ways out of 36


def hit_ways(dice: int, force: int, protection: int) -> tuple[int, int]:
    """(ways to wound, number of outcomes) for one strike with 1 or 2 dice."""
    if dice == 2:
        return sum(n for s, n in TWO_D6.items()
                   if s >= 11 or (s >= 4 and s + force >= protection)), 36
    return sum(1 for d in range(2, 7) if d + force >= protection), 6


class _Fight:
    """The Cretan Chronicles chain; nodes are (turn, hero cond, i, enemy cond, honour)."""

    def __init__(self, hero, enemies, conds, spend, honte, reward):
        self.force, self.prot = hero
        self.enemies, self.conds, self.spend = enemies, conds, spend
        self.honte, self.reward = honte, reward
        self.group = len(enemies) > 1
        self.bonus = [sum(1 for c in conds[i + 1:] if c < 2) if self.group else 0
                      for i in range(len(enemies))]
        self.tables: dict = {}  # spend tables of this fight's strikes

    def next_opponent(self, i: int, hc: int, h: int, turn: str):
        """Node where opponent i (or the next one still in) faces the hero."""
        for j in range(i, len(self.enemies)):
            if not (self.group and self.conds[j] >= 2):
                return (turn, hc, j, self.conds[j], h)
        return End("all-badly-wounded", hc)

    def enemy_hurt(self, hc, i, ec, h):
        if ec + 1 >= 3:
            if self.honte is not None and self.honte > h + self.reward:
                return End("shame", hc)
            return End("win", hc)
        if self.group and ec + 1 >= 2:
            return self.next_opponent(i + 1, hc, h, "E")
        return ("E", hc, i, ec + 1, h)

    def hero_hurt(self, hc, i, ec, h):
        return End("lose", 3) if hc + 1 >= 3 else ("H", hc + 1, i, ec, h)

    def dice(self, hc: int, ec: int) -> tuple[int, int]:
        all_gb = hc == 2 and ec == 2  # in a group the current opponent is never GB
        return (1 if hc == 2 and not all_gb else 2), (1 if ec == 2 and not all_gb else 2)

    def options_lists(self, hc, i, ec, h):
        hd, ed = self.dice(hc, ec)
        force, prot = self.enemies[i]
        budget = h if self.spend else 0
        dh = hit_ways(hd, 0, 0)[1]
        de = hit_ways(ed, 0, 0)[1]
        attack = [o for o in self.spend_table(hd, self.force, prot, True) if o[0] <= budget]
        defence = [o for o in self.spend_table(ed, force + self.bonus[i], self.prot, False)
                   if o[0] <= budget]
        return attack, dh, defence, de

    def spend_table(self, dice, force, protection, attack: bool) -> list:
        """``spends`` for any budget, made once per strike (a node only keeps the spends
        it can afford): up to the spend where the chance stops changing (every roll
        that is not automatic wounds, or misses)."""
        key = (dice, force, protection, attack)
        found = self.tables.get(key)
        if found is None:
            sign = 1 if attack else -1
            def ways(spend):
                return hit_ways(dice, force + sign * spend, protection)[0]
            extreme = ways(10 ** 6)
            found, spend = [(0, ways(0))], 0
            while found[-1][1] != extreme:
                spend += 1
                if ways(spend) != found[-1][1]:
                    found.append((spend, ways(spend)))
            self.tables[key] = found
        return found

    def expand(self, node):
        turn, hc, i, ec, h = node
        attack, dh, defence, de = self.options_lists(hc, i, ec, h)
        if turn == "E":
            return [(f"spend:{d}", merge([(y, self.hero_hurt(hc, i, ec, h - d)),
                                          (de - y, ("H", hc, i, ec, h - d))]), 0, de, de)
                    for d, y in defence]
        options = []
        for a, x in attack:
            hit = self.enemy_hurt(hc, i, ec, h - a)
            if a:
                options.append((f"spend:{a}", merge([(x, hit), (dh - x, ("E", hc, i, ec, h - a))]),
                                0, dh, dh))
                continue
            for d, y in defence:  # a miss at no cost: the enemy's strike, spending d, follows
                miss = ("H", hc, i, ec, h - d)
                pairs = [(x * de, hit), ((dh - x) * y, self.hero_hurt(hc, i, ec, h - d))]
                stay = (dh - x) * (de - y) if d == 0 else 0
                if d:
                    pairs.append(((dh - x) * (de - y), miss))
                if stay == dh * de:
                    raise ValueError("stalemate: neither side can ever wound")
                options.append(("spend:0", merge(pairs), stay, dh * de, dh * de + (dh - x) * de))
        return options


def _end_value(end: End) -> int:
    return 1 if end.outcome in ("win", "all-badly-wounded") else 0


def _condition(name: str) -> int:
    if name not in CONDITIONS:
        raise ValueError(f"unknown condition {name!r}; expected one of {CONDITIONS}")
    return CONDITIONS.index(name)


def cc_fight(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
             hero_condition: str = "indemne", enemy_conditions: Sequence[str] | None = None,
             honour: int = 0, spend_honour: bool = False, hero_first: bool = True,
             honte: int | None = None, reward: int = 0, max_states: int = 2_000_000,
             pending: str | None = None) -> FightOdds:
    """Exact odds of a Cretan Chronicles fight; sheets are (Force, Protection)."""
    if not enemies:
        raise ValueError("no enemy")
    if pending not in (None, "attack", "defence"):
        raise ValueError(f"unknown pending strike {pending!r}")
    if honour < 0:
        raise ValueError("Honour cannot be negative")
    conds = [_condition(c) for c in (enemy_conditions or ["indemne"] * len(enemies))]
    if len(conds) != len(enemies):
        raise ValueError("one condition per enemy")
    fight = _Fight(tuple(hero), [tuple(e) for e in enemies], conds, spend_honour, honte, reward)
    first = pending == "attack" if pending else hero_first
    root = fight.next_opponent(0, _condition(hero_condition), honour, "H" if first else "E")
    sol = solve(root, fight.expand, _end_value, max_states)
    return _odds(sol, spend_honour, pending)


def _odds(sol, spend_honour: bool, pending: str | None) -> FightOdds:
    totals = {name: ZERO for name in ("win", "lose", "all-badly-wounded", "shame")}
    final: dict = {name: ZERO for name in CONDITIONS + ("mort",)}
    for end, p in sol.ends.items():
        totals[end.outcome] += p
        alive = end.outcome in ("win", "all-badly-wounded")
        final[CONDITIONS[end.detail] if alive else "mort"] += p
    totals["lose"] += totals["shame"]
    outcomes = {k: v for k, v in totals.items() if v or k in ("win", "lose")}
    policy = "optimal" if spend_honour and sol.has_choice else "none"
    advice = (sol.root_label or "spend:0") if pending and spend_honour else None
    return FightOdds(totals["win"], totals["lose"], outcomes,
                     {k: v for k, v in final.items() if v}, sol.expected_rounds,
                     policy, advice)
