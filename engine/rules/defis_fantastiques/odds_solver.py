"""Exact fight odds for Fighting Fantasy (rule module "defis-fantastiques").

Reading of the rules (``defis-fantastiques-44.fr.txt``) used here:

* A round: both sides roll 2d6 + HABILETÉ (hero: -1 when ``unarmed``,
  ``+attack_bonus`` for a special weapon).  Higher Force d'Attaque wounds
  (``hero_damage`` / ``enemy_damage``, 2 by default), equal = parry and the
  round is replayed.  A fighter dies at Endurance <= 0.
* Luck ("Tentez votre Chance"): after each wound he deals or takes, the hero
  MAY test his Luck (only with Luck >= 1): 2d6 <= current Luck is lucky, and
  Luck drops by 1 after every test.  Wound dealt: lucky +2, unlucky -1 (the
  book: 4 or 1 instead of 2).  Wound taken: lucky -1, unlucky +1 (1 or 3
  instead of 2).  Modified damages never go below 0.  The policy maximising
  P(win) is computed exactly (``luck_policy="optimal"``); ``"always"`` tests
  whenever possible, ``"never"`` never tests.
* Armour ``(absorbs, hits)``: the Luck test first modifies the base wound,
  THEN the armour absorbs ``absorbs`` points (not below 0) and counts one
  hit; after ``hits`` hits it falls apart.  Every wound taken counts as a hit,
  even when it is fully absorbed ("vous devez ajouter 1 au nombre de coups").
* Several enemies (``mode``):
  - ``"single"``: exactly one enemy;
  - ``"as-one"``: "comme un seul" - the list is ONE enemy, ``enemies[0]``
    (give the merged sheet there), the others are ignored;
  - ``"one-by-one"``: in list order, each fight starts when the previous
    enemy dies; Endurance, Luck and armour carry over;
  - ``"together"``: the hero rolls ONE attack strength per round, compared
    with each enemy's own roll.  Against his chosen target the normal rule
    applies; against every other enemy a higher hero roll only parries, a
    lower one wounds him, equal does nothing.  Within a round the target's
    exchange is resolved first, then the other enemies in list order (each
    wound with its own Luck decision).  The target choice is optimised.
* ``pending="after-wound-dealt"|"after-wound-taken"``: the sheets given are
  those BEFORE the pending wound (dealt to the current enemy / first living
  one); ``advice`` is then "use-luck" or "no-luck".  With ``"together"`` and
  no pending wound, ``advice`` is the best target, "target:i".
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from engine.analysis.chain import ONE, ZERO, End, merge, solve
from engine.analysis.result import FightOdds

RULES_ID = "defis-fantastiques"
MODES = ("single", "as-one", "one-by-one", "together")
PENDING = {"after-wound-dealt": "d", "after-wound-taken": "t"}
TWO_D6 = {s: 6 - abs(s - 7) for s in range(2, 13)}  # ways out of 36


def lucky_ways(luck: int) -> int:
    """Number of 2d6 outcomes (out of 36) that are <= luck."""
    return LUCKY_WAYS[min(max(luck, 0), 12)]


LUCKY_WAYS = [sum(n for s, n in TWO_D6.items() if s <= k) for k in range(13)]


def duel(hero_skill: int, enemy_skill: int) -> tuple[int, int, int]:
    """Ways (out of 1296) the hero wounds, is wounded, parries in one round."""
    win = lose = 0
    for a, na in TWO_D6.items():
        for b, nb in TWO_D6.items():
            diff = (a + hero_skill) - (b + enemy_skill)
            win += na * nb * (diff > 0)
            lose += na * nb * (diff < 0)
    return win, lose, 1296 - win - lose


def _group_round(hero_skill: int, target_skill: int, others: tuple) -> dict:
    """Ways (out of 1296 * 36**len(others)) of each (target result, k) in a round.

    target result: 'd' (hero wounds it), 't' (it wounds the hero), '' (parry);
    k: number of other enemies whose attack strength beats the hero's.
    """
    dist: dict = {}
    for x, nx in TWO_D6.items():
        hero = x + hero_skill
        ks = [1]  # ways (out of 36**j) that k of the first j others wound the hero
        for sk in others:
            beat = sum(n for s, n in TWO_D6.items() if s + sk > hero)
            ks = [(ks[k] if k < len(ks) else 0) * (36 - beat)
                  + (ks[k - 1] * beat if k else 0) for k in range(len(ks) + 1)]
        for y, ny in TWO_D6.items():
            enemy = y + target_skill
            res = "d" if hero > enemy else "t" if hero < enemy else ""
            for k, wk in enumerate(ks):
                if wk:
                    dist[(res, k)] = dist.get((res, k), 0) + nx * ny * wk
    return dist


class _Fight:
    """The Fighting Fantasy fight chain; nodes are (he, es, luck, armour, events)."""

    def __init__(self, hero_skill, skills, mode, use_luck, luck_policy,
                 hero_damage, enemy_damage, absorbs):
        self.hero_skill, self.skills, self.mode = hero_skill, skills, mode
        self.use_luck, self.luck_policy = use_luck, luck_policy
        self.hd, self.ed, self.absorbs = hero_damage, enemy_damage, absorbs
        self.duel = lru_cache(maxsize=None)(duel)
        self.group = lru_cache(maxsize=None)(_group_round)

    def alive(self, es: tuple) -> list[int]:
        return [i for i, e in enumerate(es) if e > 0]

    def apply(self, he, es, arm, event, shift):
        """Apply one wound event with a Luck shift (-1, 0, +1 for unlucky/none/lucky)."""
        if event[0] == "d":
            dmg = max(self.hd + {1: 2, 0: 0, -1: -1}[shift], 0)
            es = es[:event[1]] + (max(es[event[1]] - dmg, 0),) + es[event[1] + 1:]
            return he, es, arm
        dmg = max(self.ed - shift, 0)
        if arm > 0:
            dmg, arm = max(dmg - self.absorbs, 0), arm - 1
        return he - dmg, es, arm

    def advance(self, he, es, luck, arm, events):
        """Resolve events that need no decision; stop at a decision or a round."""
        while True:
            if he <= 0:
                return End("lose", 0)
            if not any(es):
                return End("win", he)
            if not events or (self.use_luck and luck >= 1):
                return (he, es, luck, arm, events)
            he, es, arm = self.apply(he, es, arm, events[0], 0)
            events = events[1:]

    def expand(self, node):
        he, es, luck, arm, events = node
        if events:
            return self.luck_options(node)
        if self.mode == "together":
            return [self.target_option(node, i) for i in self.alive(es)]
        i = next(j for j, e in enumerate(es) if e)
        p, q, r = self.duel(self.hero_skill, self.skills[i])
        dist = merge([(p, self.advance(he, es, luck, arm, (("d", i),))),
                      (q, self.advance(he, es, luck, arm, (("t",),)))])
        return [("attack", dist, r, 1296, 1296)]

    def target_option(self, node, i):
        he, es, luck, arm, _ = node
        others = tuple(self.skills[j] for j in self.alive(es) if j != i)
        pairs, stay = [], 0
        for (res, k), p in self.group(self.hero_skill, self.skills[i], others).items():
            events = ((("d", i),) if res == "d" else (("t",),) if res == "t" else ()) + (("t",),) * k
            if events:
                pairs.append((p, self.advance(he, es, luck, arm, events)))
            else:
                stay += p
        denom = 1296 * 36 ** len(others)
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def luck_options(self, node):
        he, es, luck, arm, events = node
        first, rest = events[0], events[1:]
        h1, e1, a1 = self.apply(he, es, arm, first, 0)
        plain = ((1, self.advance(h1, e1, luck, a1, rest)),)
        good = lucky_ways(luck)
        tested = []
        for w, shift in ((good, 1), (36 - good, -1)):
            h2, e2, a2 = self.apply(he, es, arm, first, shift)
            tested.append((w, self.advance(h2, e2, luck - 1, a2, rest)))
        options = []
        if self.luck_policy != "always":
            options.append(("no-luck", plain, 0, 1, 0))
        if self.luck_policy != "never":
            options.append(("use-luck", merge(tested), 0, 36, 0))
        return options


def _end_value(end: End) -> int:
    return 1 if end.outcome == "win" else 0


def _check(hero, enemies, mode, hero_damage, enemy_damage, luck_policy, pending):
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {MODES}")
    if not enemies or (mode == "single" and len(enemies) != 1):
        raise ValueError("mode 'single' needs exactly one enemy" if enemies else "no enemy")
    if hero_damage < 1 or enemy_damage < 1:
        raise ValueError("damages must be at least 1")
    if luck_policy not in ("optimal", "always", "never"):
        raise ValueError(f"unknown luck_policy {luck_policy!r}")
    if pending is not None and pending not in PENDING:
        raise ValueError(f"unknown pending decision {pending!r}")
    if hero[1] <= 0 or any(e[1] < 0 for e in enemies):
        raise ValueError("hero Endurance must be positive, enemies' non-negative")


def ff_fight(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
             mode: str = "single", luck: int | None = None, hero_damage: int = 2,
             enemy_damage: int = 2, armour: tuple[int, int] | None = None,
             attack_bonus: int = 0, unarmed: bool = False, pending: str | None = None,
             luck_policy: str = "optimal", max_states: int = 2_000_000,
             solver: str = "auto") -> FightOdds:
    """Exact odds of a Fighting Fantasy fight; hero and enemies are (skill, endurance).

    ``solver="chain"`` uses the generic chain solver (the slower reference the
    other solvers are tested against); ``"auto"`` (default) uses ``ff_noluck``
    without Luck, else ``ff_layered`` (one enemy at a time) or ``ff_together``
    (``solver="layered"`` / ``"together"`` / ``"fast"`` (``ff_fast``) /
    ``"noluck"`` force one).  ``max_states`` bounds the states of the chain and
    of the layered solvers (a ValueError beyond)."""
    _check(hero, enemies, mode, hero_damage, enemy_damage, luck_policy, pending)
    if mode in ("single", "as-one"):
        enemies = enemies[:1]
    use_luck = luck is not None and luck_policy != "never"
    fight = _Fight(hero[0] - int(unarmed) + attack_bonus, tuple(e[0] for e in enemies),
                   mode, use_luck, luck_policy, hero_damage, enemy_damage,
                   armour[0] if armour else 0)
    luck0, arm0 = (luck or 0), (armour[1] if armour else 0)
    es = tuple(e[1] for e in enemies)
    event = None
    if pending is not None and fight.alive(es):
        event = ("d", fight.alive(es)[0]) if PENDING[pending] == "d" else ("t",)
    if solver == "noluck" or (solver == "auto" and not use_luck):
        return _solve_no_luck(fight, hero[1], es, arm0, event)
    sheet = (hero[1], es, luck0, arm0)
    if solver in ("layered", "together") and (solver == "together") != (mode == "together"):
        raise ValueError(f"the {solver} solver does not take mode {mode!r}")
    if solver in ("layered", "together", "auto"):
        from .ff_layered import solve_layered
        return solve_layered(fight, sheet, event, use_luck, luck_policy, max_states)
    if solver == "fast":
        from .ff_fast import solve_fast
        return solve_fast(fight, sheet, event, use_luck, luck_policy)
    root = fight.advance(hero[1], es, luck0, arm0, ())
    if pending is not None and not isinstance(root, End):
        first = fight.alive(es)[0]
        root = fight.advance(hero[1], es, luck0, arm0,
                             (("d", first),) if PENDING[pending] == "d" else (("t",),))
    sol = solve(root, fight.expand, _end_value, max_states)
    return _odds(sol, use_luck or mode == "together")


def no_luck_table(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
                  mode: str = "single", hero_damage: int = 2, enemy_damage: int = 2,
                  armour: tuple[int, int] | None = None):
    """P(win) without Luck as a function of the hero's starting Endurance, for every
    Endurance up to ``hero[1]``, from ONE backward pass (``ff_wintable``)."""
    from .ff_wintable import WinTable
    _check(hero, enemies, mode, hero_damage, enemy_damage, "never", None)
    if mode in ("single", "as-one"):
        enemies = enemies[:1]
    fight = _Fight(hero[0], tuple(e[0] for e in enemies), mode, False, "never",
                   hero_damage, enemy_damage, armour[0] if armour else 0)
    es = tuple(e[1] for e in enemies)
    if not any(es):
        return lambda he: ONE
    table = WinTable(fight, es, armour[1] if armour else 0, hero[1])
    return table.win


def _solve_no_luck(fight, he, es, arm, event) -> FightOdds:
    """``ff_noluck`` from the sheet, a pending wound applied first (no Luck to decide)."""
    from .ff_noluck import NoLuckFight
    if event is not None:
        he, es, arm = fight.apply(he, es, arm, event, 0)
    if he <= 0 or not any(es):
        return end_odds(he)
    return NoLuckFight(fight, es, arm, he, only_start=True).odds(he)


def end_odds(he: int) -> FightOdds:
    """The odds of a fight already over: won with ``he`` Endurance left, or lost."""
    end = max(he, 0)
    win = ONE * (end > 0)
    return FightOdds(win, 1 - win, {"win": win, "lose": 1 - win}, {end: ONE}, ZERO, "none", None)


def _odds(sol, decisions: bool) -> FightOdds:
    win = sum((p for e, p in sol.ends.items() if e.outcome == "win"), ZERO)
    lose = ONE - win
    final: dict = {}
    for e, p in sorted(sol.ends.items(), key=lambda kv: -kv[0].detail):
        final[e.detail] = final.get(e.detail, ZERO) + p
    policy = "optimal" if decisions and sol.has_choice else "none"
    return FightOdds(win, lose, {"win": win, "lose": lose}, final,
                     sol.expected_rounds, policy, sol.root_label)
