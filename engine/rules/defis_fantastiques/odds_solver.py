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

import functools
import inspect
from typing import Sequence

from engine.analysis.chain import ONE, ZERO, End, chances, solve
from engine.analysis.result import FightOdds

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.fight_chain import _Fight, end_odds

RULES_ID = "defis-fantastiques"
MODES = ("single", "as-one", "one-by-one", "together")
PENDING = {"after-wound-dealt": "d", "after-wound-taken": "t"}
# Below this bound on a chain's size (`rows_pay`), the node-by-node chain solver is the
# faster one (measured on fights of every size: the arrays' fixed costs dominate).
ROWS_FROM = 4000


def rows_pay(fight, he: int, es: tuple, luck: int, arm: int) -> bool:
    """Is this fight's chain big enough for its rows (fight_vec) to beat the node-by-node chain?
    Its size: every sheet the fight can reach, the opponents' Endurance together (each
    after the other: one at a time), times the wounds a round can queue where Luck
    decides on them (none tested: no decision nodes, half the work a state); `hurt`
    ends it at the hero's first wound, `rounds` reaches at most that many values of
    each Endurance."""
    sp = fight.sp
    reach = (lambda axis: min(axis, sp.rounds + 1)) if sp.rounds else (lambda axis: axis)
    size = (1 if sp.hurt else reach(he)) * (luck + 1) * (arm + 1) * (fight.cap + 1) * ((sp.win_rounds or 0) + 1)
    queues = 2 * len(es) if fight.use_luck and (luck >= 1 or fight.luck_policy == "always") else 1
    if fight.mode == "together":
        for e in es:
            size *= reach(e + 1)
        return size * queues >= 2 * ROWS_FROM
    return size * sum(reach(e + 1) for e in es) * queues >= 2 * ROWS_FROM


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


def ff_fight(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], **options) -> FightOdds:
    """``solve_fight``, kept by the fight's constants (fight_cache: in memory, and on
    disk beside the compiled books): the same fight is solved once."""
    from engine.rules.defis_fantastiques import fight_cache
    arguments = _constants(solve_fight, (hero, enemies), options)
    return fight_cache.kept("ff_fight", arguments, lambda: solve_fight(hero, enemies, **options),
                            fight_cache.encode_odds, fight_cache.decode_odds)


def _constants(function, args: tuple, options: dict) -> tuple:
    """Every argument `function` reads, defaults filled in, lists made tuples: a cache key."""
    bound = _signature(function).bind(*args, **options)
    bound.apply_defaults()
    return tuple((name, _frozen(value)) for name, value in bound.arguments.items())


@functools.cache
def _signature(function) -> inspect.Signature:
    """`function`'s signature, read once (inspect.signature took 180 µs a call: 27 s of
    la-couronne-de-sel's 448 at 1 M states, the routes pricing 155,381 fights)."""
    return inspect.signature(function)


def _frozen(value):
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def solve_fight(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
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
                        fight_on, pending_enemy, queued, solver)
    args = (hero[0] - int(unarmed) + attack_bonus, tuple(e[0] for e in enemies), mode, use_luck, luck_policy,
            hero_damage, enemy_damage, armour[0] if armour else 0, luck_reading)
    fight, asked = _Fight(*args), solver
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
        return solve_layered(fight, sheet, events, use_luck, luck_policy, max_states)
    if asked == "auto":   # the chain, no fast path for it: as rows where they pay
        from engine.rules.defis_fantastiques.odds_special import SpecialFight
        rows = SpecialFight(*args, specials=model.Specials())
        if rows_pay(rows, *sheet):
            from engine.rules.defis_fantastiques import fight_vec
            return fight_vec.single(rows, sheet, events, (0, 0), max_states, decisions=use_luck or mode == "together")
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
             pending_enemy=None, queued=(), solver="auto"):
    """A fight with format 1.1 specials: their chain (odds_special), its nodes as rows
    of arrays (fight_vec, ``solver="rows"``, or "auto" where it pays), or node by node
    (``solver="chain"``, the reference)."""
    from engine.rules.defis_fantastiques.odds_special import SpecialFight, solve_special
    hero_damage, enemy_damage, armour = wounds
    attack_bonus, unarmed, luck, pending, reading, max_states = rest
    fight = SpecialFight(hero[0] - int(unarmed) + attack_bonus, tuple(e[0] for e in enemies), mode, use_luck,
                         luck_policy, hero_damage, enemy_damage, armour[0] if armour else 0, reading,
                         specials=specials)
    es = tuple(e[1] for e in enemies)
    events = _events(fight, es, pending, pending_enemy, queued)
    sheet = (hero[1], es, luck or 0, armour[1] if armour else 0)
    if solver == "rows" or (solver != "chain" and rows_pay(fight, *sheet)):
        from engine.rules.defis_fantastiques import fight_vec
        return fight_vec.single(fight, sheet, events, progress, max_states, fight_on)
    return solve_special(fight, sheet, events, progress, max_states, fight_on)


def family_chances(hero_skill: int, enemies, sheets: list, **options) -> list:
    """``solve_family``, kept by the fight's constants (fight_cache), as ``ff_fight``."""
    from engine.rules.defis_fantastiques import fight_cache
    arguments = _constants(solve_family, (hero_skill, enemies, sheets), options)
    return fight_cache.kept("family", arguments, lambda: solve_family(hero_skill, enemies, sheets, **options),
                            fight_cache.encode_chances, fight_cache.decode_chances)


def solve_family(hero_skill: int, enemies, sheets: list, *, mode: str = "single", luck_policy: str = "never",
                   use_luck: bool = False, hero_damage: int = 2, enemy_damage=2,
                   armour: tuple[int, int] | None = None, luck_reading: str = model.DEFAULT_READING,
                   specials: model.Specials | None = None, progress: tuple = (0, 0),
                   max_states: int = 2_000_000, solver: str = "auto") -> list:
    """P(not losing) of a fight the chain solver plays (specials, an escape, wounds
    per opponent one after the other, Luck "always") from each sheet ``(he, luck)``,
    exactly as ``ff_fight`` gives it from that sheet (``1 - lose``): one chain
    solved for them all, its nodes as rows of arrays (``fight_vec``, ``solver="rows"``), or
    node by node (``chain.chances``, ``solver="chain"``, the reference); ``"auto"``: the
    rows where the chain is big enough for them to be faster (``rows_pay``)."""
    _check((hero_skill, 1), enemies, mode, hero_damage, enemy_damage, luck_policy, None)
    enemies, enemy_damage, mode = merged(enemies, enemy_damage, mode)
    args = (hero_skill, tuple(e[0] for e in enemies), mode, use_luck, luck_policy, hero_damage, enemy_damage,
            armour[0] if armour else 0, luck_reading)
    es, arm = tuple(e[1] for e in enemies), (armour[1] if armour else 0)
    from engine.rules.defis_fantastiques.odds_special import SpecialFight
    fight = SpecialFight(*args, specials=specials if specials is not None else model.Specials())
    top = (max(he for he, _l in sheets), es, max(luck or 0 for _h, luck in sheets), arm)
    if solver == "rows" or (solver == "auto" and rows_pay(fight, *top)):
        from engine.rules.defis_fantastiques import fight_vec   # every sheet's nodes as rows at once
        rnd, wins = min(progress[0], fight.cap), progress[1] if fight.sp.win_rounds else 0
        return fight_vec.family(fight, sheets, es, arm, (rnd, wins), max_states)
    if specials is None or not specials.active():
        fight = _Fight(*args)
        roots = [fight.advance(he, es, luck or 0, arm, ()) for he, luck in sheets]
        return chances(roots, fight.expand, _end_value, _not_lost, max_states)
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



def _odds(sol, decisions: bool, lucky: bool = False) -> FightOdds:
    win = sum((p for e, p in sol.ends.items() if e.outcome == "win"), ZERO)
    lose = ONE - win
    final: dict = {}
    for e, p in sorted(sol.ends.items(), key=lambda kv: -kv[0].detail):
        final[e.detail] = final.get(e.detail, ZERO) + p
    policy = "optimal" if lucky or (decisions and sol.has_choice) else "none"
    return FightOdds(win, lose, {"win": win, "lose": lose}, final,
                     sol.expected_rounds, policy, sol.root_label)


def solve_layered(fight, sheet: tuple, events: tuple, use_luck: bool, policy: str,
                  max_states: int = 2_000_000):
    """Exact FightOdds from the round sheet (he, es, luck, arm), maybe with wounds to
    resolve first (``events``: one pending, whose Luck decision is then the advice,
    then those queued, "together" only): here for sequential fights, by ``ff_together``
    for "together" ones."""
    from engine.rules.defis_fantastiques.ff_layered import LayeredFight, start
    from engine.rules.defis_fantastiques.ff_together import TogetherFight
    from engine.rules.defis_fantastiques.ff_together_mass import Mass
    begin = start(fight, sheet, events, use_luck)
    if not isinstance(begin, tuple):
        return begin
    he, es, luck, arm, event, queued = begin
    if fight.mode == "together":
        solved = TogetherFight(fight, he, es, luck, arm, use_luck, policy, max_states)
        return Mass(solved).odds(solved.heroes.index((he, arm)), solved.index(es), luck, event, queued)
    if queued:
        raise ValueError("wounds queued after another: only a fight 'together' has them")
    solver = LayeredFight(fight, he, es, luck, arm, use_luck, policy, max_states)
    h = solver.heroes.index((he, arm))
    return solver.odds(h, solver.start_enemy, luck, event[0] if event else None)
