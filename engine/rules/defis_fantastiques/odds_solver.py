"""Exact fight odds for Fighting Fantasy (rule module "defis-fantastiques").

Reading of the rules (``defis-fantastiques-44.fr.txt``) used here:

* A round: both sides roll 2d6 + HABILETÉ (hero: -1 when ``unarmed``,
  ``+attack_bonus`` for a special weapon).  Higher Force d'Attaque wounds
  (``hero_damage`` / ``enemy_damage``, 2 by default), equal = parry and the
  round is replayed.  A fighter dies at Endurance <= 0.
* Luck ("Tentez votre Chance"): after each wound he deals or takes, the hero
  MAY test his Luck (only with Luck >= 1, and where play offers it): 2d6 <=
  current Luck is lucky, and Luck drops by 1 after every test.  The wound
  amounts, plain, lucky and unlucky, are ``model.dealt`` / ``model.taken`` under
  the book's reading (``luck_reading``), where the offer is
  ``model.dealt_offered`` / ``taken_offered``.  The policy maximising
  P(win) is computed exactly (``luck_policy="optimal"``); ``"always"`` tests
  whenever possible, ``"never"`` never tests.
* Armour ``(absorbs, hits)``: the Luck test first modifies the base wound,
  THEN the armour absorbs ``absorbs`` points (not below 0) and counts one
  hit; after ``hits`` hits it falls apart.  Every wound taken counts as a hit,
  even when it is fully absorbed ("vous devez ajouter 1 au nombre de coups").
* Several enemies (``mode``):
  - ``"single"``: exactly one enemy;
  - ``"as-one"``: "comme un seul" - the list is merged into ONE enemy as play
    merges it (``model.as_one``: best Skill, Stamina summed, worst wound);
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
  one, or "together" to / from ``pending_enemy``), then the wounds ``queued``
  after it in the same round; ``advice`` is then "use-luck" or "no-luck".  With ``"together"`` and
  no pending wound, ``advice`` is the best target, "target:i".
"""
from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from engine.analysis.chain import ONE, ZERO, End, chances, merge, solve
from engine.analysis.result import FightOdds

from engine.rules.defis_fantastiques import model

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
                 hero_damage, enemy_damage, absorbs, reading=model.DEFAULT_READING):
        """`enemy_damage`: one wound for all, or one per enemy (then only the chain
        solver, which reads `taken[i]`)."""
        self.hero_skill, self.skills, self.mode = hero_skill, skills, mode
        self.use_luck, self.luck_policy, self.reading = use_luck, luck_policy, reading
        eds = tuple(enemy_damage) if isinstance(enemy_damage, (tuple, list)) else (enemy_damage,) * len(skills)
        self.hd, self.ed, self.absorbs = hero_damage, eds[0], absorbs
        self.mixed = len(set(eds)) > 1
        # the model's wound amounts by Luck shift (0 none, 1 lucky, -1 unlucky)
        self.dk = model.amounts("d", hero_damage, reading)
        self.taken = tuple(model.amounts("t", d, reading) for d in eds)
        self.tk = self.taken[0]
        self.duel = lru_cache(maxsize=None)(duel)
        self.group = lru_cache(maxsize=None)(_group_round)
        self._ways: dict = {}   # round_ways by (skill, target, others, harmless): a round's law

    def alive(self, es: tuple) -> list[int]:
        return [i for i, e in enumerate(es) if e > 0]

    def apply(self, he, es, arm, event, shift):
        """Apply one wound event with a Luck shift (-1, 0, +1 for unlucky/none/lucky)."""
        if event[0] == "d":
            dmg = self.dk[shift]
            es = es[:event[1]] + (max(es[event[1]] - dmg, 0),) + es[event[1] + 1:]
            return he, es, arm
        dmg = self.taken[event[1] if len(event) > 1 else 0][shift]
        if arm > 0:
            dmg, arm = model.absorbed(dmg, self.absorbs), arm - 1
        return he - dmg, es, arm

    def offered(self, es, arm, event) -> bool:
        """Does play offer Luck on this wound (model.dealt_offered / taken_offered)?"""
        if event[0] == "d":
            return model.dealt_offered(es[event[1]] - self.dk[0])
        damage = self.taken[event[1] if len(event) > 1 else 0][0]
        return model.taken_offered(damage, self.absorbs if arm > 0 else 0, self.reading)

    def advance(self, he, es, luck, arm, events):
        """Resolve events that need no decision; stop at a decision or a round."""
        while True:
            if he <= 0:
                return End("lose", 0)
            if not any(es):
                return End("win", he)
            if not events or (self.use_luck and (model.can_succeed(luck) or self.luck_policy == "always")
                              and self.offered(es, arm, events[0])):
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
                      (q, self.advance(he, es, luck, arm, (("t", i),)))])
        return [("attack", dist, r, 1296, 1296)]

    def target_option(self, node, i):
        he, es, luck, arm, _ = node
        others = tuple(self.skills[j] for j in self.alive(es) if j != i)
        if self.mixed:   # who wounds the hero matters: one opponent's dice at a time
            return self.target_mixed(node, i)
        pairs, stay = [], 0
        for (res, k), p in self.group(self.hero_skill, self.skills[i], others).items():
            events = ((("d", i),) if res == "d" else (("t", i),) if res == "t" else ()) + (("t", i),) * k
            if events:
                pairs.append((p, self.advance(he, es, luck, arm, events)))
            else:
                stay += p
        denom = 1296 * 36 ** len(others)
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def target_mixed(self, node, i):
        """`target_option` when the opponents' wounds differ: the queue names who
        wounded the hero (target first, then the others in order, as play queues)."""
        he, es, luck, arm, _ = node
        others = [j for j in self.alive(es) if j != i]
        ways = self.round_ways(self.hero_skill, i, others)
        stay = ways.pop((), 0)
        denom = 1296 * 36 ** len(others)
        pairs = [(p, self.advance(he, es, luck, arm, events)) for events, p in ways.items()]
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def round_ways(self, skill, i, others, harmless=False) -> dict:
        """{wounds of a round in queue order: ways out of 1296 * 36**len(others)}
        against target `i` (`harmless`: a round won does it no harm, `hurt_only_by`);
        it depends on nothing else, so it is computed once (a copy is returned)."""
        key = (skill, i, tuple(others), harmless)
        found = self._ways.get(key)
        if found is None:
            found = self._ways[key] = self._round_ways(skill, i, others, harmless)
        return dict(found)

    def _round_ways(self, skill, i, others, harmless) -> dict:
        ways: dict = {}
        for x, nx in TWO_D6.items():
            mine = x + skill
            tails = [((), 1)]
            for j in others:
                beat = sum(n for s, n in TWO_D6.items() if s + self.skills[j] > mine)
                tails = [(t + (("t", j),), w * beat) for t, w in tails] + [(t, w * (36 - beat)) for t, w in tails]
            for y, ny in TWO_D6.items():
                res = model.exchange(mine, y + self.skills[i])
                head = (("d", i),) if res == "hit" and not harmless else (("t", i),) if res == "wounded" else ()
                for tail, w in tails:
                    if w:
                        ways[head + tail] = ways.get(head + tail, 0) + nx * ny * w
        return ways

    def luck_options(self, node, then=None):
        """Pass or test Luck on the first queued wound; `then(he, es, luck, arm)` goes
        on from after it (default: the rest of the queue, `advance`)."""
        he, es, luck, arm, events = node[:5]
        first, rest = events[0], events[1:]
        if then is None:
            def then(h, e, lk, a):
                return self.advance(h, e, lk, a, rest)
        h1, e1, a1 = self.apply(he, es, arm, first, 0)
        plain = ((1, then(h1, e1, luck, a1)),)
        good = lucky_ways(luck)
        tested = []
        for w, shift in ((good, 1), (36 - good, -1)):
            h2, e2, a2 = self.apply(he, es, arm, first, shift)
            tested.append((w, then(h2, e2, max(0, luck - 1), a2)))
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
    damages = enemy_damage if isinstance(enemy_damage, (tuple, list)) else (enemy_damage,)
    if isinstance(enemy_damage, (tuple, list)) and len(enemy_damage) != len(enemies):
        raise ValueError("one enemy damage per enemy")
    if hero_damage < 1 or min(damages) < 1:
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
             solver: str = "auto", luck_reading: str = model.DEFAULT_READING,
             specials: model.Specials | None = None, progress: tuple = (0, 0),
             fight_on: bool = False, pending_enemy: int | None = None,
             queued: Sequence[tuple] = ()) -> FightOdds:
    """Exact odds of a Fighting Fantasy fight; hero and enemies are (skill, endurance).

    ``solver="chain"`` uses the generic chain solver over ``_Fight`` (the
    reference the other solvers are tested against, and the one path for
    different wounds per enemy one after the other and the "always" policy); ``"auto"`` (default)
    uses ``ff_noluck`` without Luck, else ``ff_layered`` (one enemy at a time) or
    ``ff_together`` (``solver="layered"`` / ``"together"`` / ``"noluck"`` force
    one).  All read the wound amounts and offers of ``_Fight``, from the model.  ``max_states`` bounds the states of the chain and
    of the layered solvers (a ValueError beyond).  ``enemy_damage``: one wound for
    every enemy, or one per enemy (different wounds: ``ff_together`` together, else the chain).
    ``luck_reading``: the reading of Luck (model.LUCK_READINGS).  ``specials``
    (model.Specials, format 1.1, and the escape) route the fight to the chain solver
    with them (odds_special), from ``progress`` = (rounds fought, rounds won);
    ``fight_on``: the escape is not taken before the next round is fought;
    ``pending_enemy``: "together", the opponent the pending wound is dealt to or
    taken from (else the first living one: the one fought); ``queued``: "together",
    the wounds of the round still queued after it (("d" | "t", opponent), in play's
    order), each resolved with its own Luck decision before the next round."""
    _check(hero, enemies, mode, hero_damage, enemy_damage, luck_policy, pending)
    if luck_reading not in model.LUCK_READINGS:
        raise ValueError(f"unknown luck_reading {luck_reading!r}")
    enemies, enemy_damage, mode = merged(enemies, enemy_damage, mode)
    use_luck = luck is not None and luck_policy != "never"
    if specials is not None and specials.active():
        return _special(hero, enemies, mode, use_luck, luck_policy, (hero_damage, enemy_damage, armour),
                        (attack_bonus, unarmed, luck, pending, luck_reading, max_states), specials, progress,
                        fight_on, pending_enemy, queued)
    fight = _Fight(hero[0] - int(unarmed) + attack_bonus, tuple(e[0] for e in enemies),
                   mode, use_luck, luck_policy, hero_damage, enemy_damage,
                   armour[0] if armour else 0, luck_reading)
    if solver == "auto" and fight.mixed:   # different wounds: ff_together reads them per opponent,
        solver = "together" if mode == "together" else "chain"   # the sequential fast paths do not
    if use_luck and luck_policy == "always" and solver != "noluck":
        solver = "chain"   # "test whenever play offers": the offers are the chain's
    luck0, arm0 = (luck or 0), (armour[1] if armour else 0)
    es = tuple(e[1] for e in enemies)
    events = _events(fight, es, pending, pending_enemy, queued)
    if solver == "noluck" or (solver == "auto" and not use_luck):
        return _solve_no_luck(fight, hero[1], es, arm0, events)
    sheet = (hero[1], es, luck0, arm0)
    if solver in ("layered", "together") and (solver == "together") != (mode == "together"):
        raise ValueError(f"the {solver} solver does not take mode {mode!r}")
    if solver in ("layered", "together", "auto"):
        from engine.rules.defis_fantastiques.ff_layered import solve_layered
        return solve_layered(fight, sheet, events, use_luck, luck_policy, max_states)
    root = fight.advance(hero[1], es, luck0, arm0, ())
    if events and not isinstance(root, End):
        root = fight.advance(hero[1], es, luck0, arm0, events)
    sol = solve(root, fight.expand, _end_value, max_states)
    # Luck to test: the policy is "optimal" even where play never offers a test
    # (as the fast solvers say it)
    return _odds(sol, use_luck or mode == "together", use_luck and luck_policy == "optimal" and luck0 >= 1
                 and not isinstance(root, End))


def _events(fight, es: tuple, pending, pending_enemy, queued) -> tuple:
    """The wounds to resolve before the next round: the pending one, then those queued."""
    if not fight.alive(es):
        return ()
    first = ((PENDING[pending], _wounded(fight, es, pending_enemy)),) if pending is not None else ()
    return first + tuple(queued)


def _wounded(fight, es: tuple, pending_enemy) -> int:
    """The opponent of the pending wound: the one named ("together"), else the one fought."""
    if fight.mode == "together" and pending_enemy is not None:
        return pending_enemy
    return fight.alive(es)[0]


def _special(hero, enemies, mode, use_luck, luck_policy, wounds, rest, specials, progress, fight_on=False,
             pending_enemy=None, queued=()):
    """A fight with format 1.1 specials: the chain solver over them (odds_special)."""
    from engine.rules.defis_fantastiques.odds_special import SpecialFight, solve_special
    hero_damage, enemy_damage, armour = wounds
    attack_bonus, unarmed, luck, pending, reading, max_states = rest
    fight = SpecialFight(hero[0] - int(unarmed) + attack_bonus, tuple(e[0] for e in enemies), mode, use_luck,
                         luck_policy, hero_damage, enemy_damage, armour[0] if armour else 0, reading,
                         specials=specials)
    es = tuple(e[1] for e in enemies)
    events = _events(fight, es, pending, pending_enemy, queued)
    return solve_special(fight, (hero[1], es, luck or 0, armour[1] if armour else 0), events, progress,
                         max_states, fight_on)


def family_chances(hero_skill: int, enemies, sheets: list, *, mode: str = "single", luck_policy: str = "never",
                   use_luck: bool = False, hero_damage: int = 2, enemy_damage=2,
                   armour: tuple[int, int] | None = None, luck_reading: str = model.DEFAULT_READING,
                   specials: model.Specials | None = None, progress: tuple = (0, 0),
                   max_states: int = 2_000_000) -> list:
    """P(not losing) of a fight the chain solver plays (specials, an escape, wounds
    per opponent one after the other, Luck "always") from each sheet ``(he, luck)``,
    exactly as ``ff_fight`` gives it from that sheet (``1 - lose``): one chain
    solved for them all (``chain.chances``)."""
    _check((hero_skill, 1), enemies, mode, hero_damage, enemy_damage, luck_policy, None)
    enemies, enemy_damage, mode = merged(enemies, enemy_damage, mode)
    args = (hero_skill, tuple(e[0] for e in enemies), mode, use_luck, luck_policy, hero_damage, enemy_damage,
            armour[0] if armour else 0, luck_reading)
    es, arm = tuple(e[1] for e in enemies), (armour[1] if armour else 0)
    if specials is None or not specials.active():
        fight = _Fight(*args)
        roots = [fight.advance(he, es, luck or 0, arm, ()) for he, luck in sheets]
        return chances(roots, fight.expand, _end_value, _not_lost, max_states)
    from engine.rules.defis_fantastiques.odds_special import SpecialFight
    fight = SpecialFight(*args, specials=specials)
    rnd, wins = min(progress[0], fight.cap), progress[1] if specials.win_rounds else 0
    roots = [fight.step(he, es, luck or 0, arm, (), rnd, wins) for he, luck in sheets]
    if specials.escape is not None:
        return chances(roots, fight.expand, lambda end: model.aims(end.outcome), _not_lost, max_states,
                       lexicographic=True)
    return chances(roots, fight.expand, _won, _not_lost, max_states)


def _won(end: End) -> int:
    return 1 if end.outcome == "win" else 0


def _not_lost(end: End) -> int:
    return 0 if end.outcome == "lose" else 1


def merged(enemies, enemy_damage, mode):
    """Several enemies fought "as-one" become ONE, as play merges them (model.as_one);
    ``enemy_damage`` per enemy when a sequence (one value when they are all alike)."""
    damages = tuple(enemy_damage) if isinstance(enemy_damage, (tuple, list)) else (enemy_damage,) * len(enemies)
    if mode in ("single", "as-one") and len(enemies) > 1:
        one = model.as_one([{"name": "", "habilete": s, "endurance": e, "damage": d}
                            for (s, e), d in zip(enemies, damages)])
        return [(one["habilete"], one["endurance"])], one["damage"], "single"
    if len(set(damages)) == 1:
        return list(enemies), damages[0], mode
    return list(enemies), damages, mode


def no_luck_table(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
                  mode: str = "single", hero_damage: int = 2, enemy_damage: int = 2,
                  armour: tuple[int, int] | None = None):
    """P(win) without Luck as a function of the hero's starting Endurance, for every
    Endurance up to ``hero[1]``, from ONE backward pass (``ff_wintable``)."""
    from engine.rules.defis_fantastiques.ff_wintable import WinTable
    _check(hero, enemies, mode, hero_damage, enemy_damage, "never", None)
    enemies, enemy_damage, mode = merged(enemies, enemy_damage, mode)
    fight = _Fight(hero[0], tuple(e[0] for e in enemies), mode, False, "never",
                   hero_damage, enemy_damage, armour[0] if armour else 0)
    es = tuple(e[1] for e in enemies)
    if not any(es):
        return lambda he: ONE
    table = WinTable(fight, es, armour[1] if armour else 0, hero[1])
    return table.win


def luck_table(enemies: Sequence[tuple[int, int]], hero_skill: int, *, mode: str = "single",
               hero_damage: int = 2, enemy_damage: int = 2, armour: tuple[int, int] | None = None,
               luck_reading: str = model.DEFAULT_READING, max_states: int = 2_000_000):
    """P(win) with Luck tested at best, as a function of the hero's starting
    (Endurance, Luck): ``win(he, luck)``, exact, as ``ff_fight`` gives it.  The
    layered solvers keep every Luck layer and every hero Endurance their axis
    reaches, so one solve from the largest sheet asked first serves every smaller
    one on its axis; a sheet off it gets a solve of its own (kept for the next).
    Luck 0: the fight without Luck.  Opponents wounding differently: "together"
    only (``ff_together`` reads their wounds; one after the other, the chain does)."""
    _check((hero_skill, 1), enemies, mode, hero_damage, enemy_damage, "optimal", None)
    enemies, enemy_damage, mode = merged(enemies, enemy_damage, mode)
    if isinstance(enemy_damage, tuple) and mode != "together":
        raise ValueError("luck_table: opponents wounding differently, one after the other")
    fight = _Fight(hero_skill, tuple(e[0] for e in enemies), mode if len(enemies) > 1 else "single",
                   True, "optimal", hero_damage, enemy_damage, armour[0] if armour else 0, luck_reading)
    es, arm = tuple(e[1] for e in enemies), (armour[1] if armour else 0)
    solved: list = []

    def win(he: int, luck: int):
        if he <= 0 or not any(es):
            return end_odds(he).win
        luck = max(luck, 0)
        for table in solved:
            found = table.win(he, arm, luck) if table.luck0 >= luck else None
            if found is not None:
                return found
        solved.append(_layers(fight, he, es, luck, arm, max_states))
        return solved[-1].win(he, arm, luck)
    return win


def _layers(fight, he, es, luck, arm, max_states):
    if fight.mode == "together":
        from engine.rules.defis_fantastiques.ff_together import TogetherFight
        return TogetherFight(fight, he, es, luck, arm, True, "optimal", max_states)
    from engine.rules.defis_fantastiques.ff_layered import LayeredFight
    return LayeredFight(fight, he, es, luck, arm, True, "optimal", max_states)


def _solve_no_luck(fight, he, es, arm, events) -> FightOdds:
    """``ff_noluck`` from the sheet, the pending and queued wounds applied first (no
    Luck to decide), in order, as long as the hero lives."""
    from engine.rules.defis_fantastiques.ff_noluck import NoLuckFight
    for event in events:
        if he > 0:
            he, es, arm = fight.apply(he, es, arm, event, 0)
    if he <= 0 or not any(es):
        return end_odds(he)
    return NoLuckFight(fight, es, arm, he, only_start=True).odds(he)


def end_odds(he: int) -> FightOdds:
    """The odds of a fight already over: won with ``he`` Endurance left, or lost."""
    end = max(he, 0)
    win = ONE * (end > 0)
    return FightOdds(win, 1 - win, {"win": win, "lose": 1 - win}, {end: ONE}, ZERO, "none", None)


def _odds(sol, decisions: bool, lucky: bool = False) -> FightOdds:
    win = sum((p for e, p in sol.ends.items() if e.outcome == "win"), ZERO)
    lose = ONE - win
    final: dict = {}
    for e, p in sorted(sol.ends.items(), key=lambda kv: -kv[0].detail):
        final[e.detail] = final.get(e.detail, ZERO) + p
    policy = "optimal" if lucky or (decisions and sol.has_choice) else "none"
    return FightOdds(win, lose, {"win": win, "lose": lose}, final,
                     sol.expected_rounds, policy, sol.root_label)
