"""The explorer's fight chains over rows (explore_rows.py) against the node-by-node chain
(explore.ExploredFight): each strategy's distribution of the ends, from every starting
point of generated fights (Luck, escape, together, armour, the specials), fraction for
fraction; and the exact start value of the DF books with either path."""
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.lint.loader import load_book
from engine.rules.defis_fantastiques import explore, explore_rows, model
from engine.rules.defis_fantastiques.explore_rows import RowsFight
from engine.rules.defis_fantastiques.odds_special import rounds_read

ROOT = Path(__file__).resolve().parents[3]


def rules(spec: dict, skill=9, damage=2, absorbs=0, hits=0, allowed=True, after=None):
    """A fight's rules as `explore._rules` makes them from play."""
    escape = model.Escape(after) if after is not None else None
    enemies = tuple((e["habilete"], e.get("damage", 2)) for e in spec["enemies"])
    return (skill, damage, absorbs, hits, enemies, spec.get("mode") == "together", after,
            model.DEFAULT_READING, allowed, model.specials(spec, (), escape))


FIGHTS = {
    "plain": ({"enemies": [{"habilete": 8, "endurance": 6}]}, {}),
    "armour": ({"enemies": [{"habilete": 9, "endurance": 5, "damage": 3}]}, {"absorbs": 1, "hits": 2}),
    "escape": ({"enemies": [{"habilete": 9, "endurance": 6}]}, {"after": 2}),
    "escape, win_rounds": ({"win_rounds": 3, "enemies": [{"habilete": 9, "endurance": 8}]}, {"after": 1}),
    "together": ({"mode": "together", "enemies": [{"habilete": 8, "endurance": 3},
                                                  {"habilete": 6, "endurance": 3}]}, {}),
    "together, timed": ({"mode": "together", "rounds": 4,
                         "enemies": [{"habilete": 7, "endurance": 3}, {"habilete": 7, "endurance": 2}]}, {}),
    "one by one, hurt": ({"hurt": 3, "enemies": [{"habilete": 7, "endurance": 3},
                                                 {"habilete": 8, "endurance": 4}]}, {"absorbs": 1, "hits": 1}),
    "first round, rounds": ({"first_round": {"attack": 2}, "rounds": 5,
                             "enemies": [{"habilete": 10, "endurance": 7}]}, {}),
}


def roots(spec, rule, after, arm_top):
    """Fresh fights, and fights under way (the round as the explorer counts it)."""
    es = tuple(e["endurance"] for e in spec["enemies"])
    rnd = min(after or 1, rounds_read(rule[-1]))
    later = tuple(max(1, e - 2) for e in es)
    for he in (9, 5, 2, 1):   # the explorer meets the hero at his best first
        for luck in (7, 4, 1, 0):
            for arm in range(arm_top, -1, -1):
                yield (he, es, luck, arm, (), 0, 0)
                yield (he, later, luck, arm, (), rnd, 0)


@pytest.mark.parametrize("fight", FIGHTS)
def test_each_strategy_ends_as_the_node_by_node_chain(fight):
    spec, extra = FIGHTS[fight]
    rule = rules(spec, **extra)
    after = extra.get("after")
    for name in explore.POLICIES:
        cache: dict = {}
        rows = RowsFight(explore._fight(cache, name, rule, False))
        for root in roots(spec, rule, after, extra.get("hits", 0)):
            for stopping in ({False, True} if after is not None and root[5] < after else {False}):
                asked = root if rows.fight.use_luck else root[:2] + (0,) + root[3:]
                new = rows.outcomes(asked, stopping)
                old = explore._fight(cache, name, rule, stopping).chain.outcomes(asked)
                assert new is not None
                assert dict(new) == dict(old), (name, root, stopping)
                assert sum(dict(new).values()) == 1
                assert {e.outcome for e in dict(new)} <= {"win", "lose", "hurt", "timeout", "stop"}


def test_a_root_beyond_the_grid_rebuilds_it_and_keeps_the_answers():
    spec, extra = FIGHTS["armour"]
    rule = rules(spec, **extra)
    rows = RowsFight(explore._fight({}, "luck-optimal", rule, False))
    small = rows.outcomes((3, (5,), 2, 0, (), 0, 0), False)
    big = rows.outcomes((8, (5,), 6, 2, (), 0, 0), False)
    assert rows.builds == 2
    assert rows.outcomes((3, (5,), 2, 0, (), 0, 0), False) == small and rows.builds == 2
    old = explore._fight({}, "luck-optimal", rule, False).chain.outcomes((8, (5,), 6, 2, (), 0, 0))
    assert dict(big) == dict(old)


BOOKS = sorted(str(p.relative_to(ROOT)) for p in (
    *ROOT.glob("tests/analysis_fixtures/books/*.yaml"), ROOT / "tests/analysis/books/book-values.yaml",
    ROOT / "tests/fixtures/books/arene.yaml", ROOT / "tests/authors/the-heron-gate.yaml",
    ROOT / "tests/web/books/hostile.yaml")
    if p.read_text(encoding="utf-8").find("rules: defis-fantastiques") >= 0)


def start_value(path, monkeypatch, solver):
    monkeypatch.setattr(explore, "SOLVER", solver)
    loaded = load_book(ROOT / path, use_cache=False)
    space = Explorer(loaded.book, loaded.module, sheet=1, max_states=200_000, timeout=300).run()
    assert space.bound is None and not space.errors
    value, _policy = exact_values(space)
    return sum((p * (value[t] if t >= 0 else 0) for p, t in space.root), Fraction(0)), space


@pytest.mark.parametrize("path", BOOKS)
def test_the_exact_start_value_of_a_df_book_is_the_same_either_way(path, monkeypatch):
    old, old_space = start_value(path, monkeypatch, "chain")
    new, new_space = start_value(path, monkeypatch, "rows")
    assert new == old
    assert len(new_space.states) == len(old_space.states)


def test_past_its_rebuilds_a_fight_goes_node_by_node_with_the_same_answer(monkeypatch):
    from engine.rules.defis_fantastiques import explore_rows
    monkeypatch.setattr(explore_rows, "MAX_BUILDS", 1)
    monkeypatch.setattr(explore, "SOLVER", "rows")
    spec, extra = FIGHTS["armour"]
    rule = rules(spec, **extra)
    cache: dict = {}
    small, big = (3, (5,), 2, 1, (), 0, 0), (8, (5,), 6, 2, (), 0, 0)
    explore._outcomes(cache, "luck-optimal", rule, False, small)
    rows = cache[("df-rows", "luck-optimal", rule)]
    assert rows.outcomes(big, False) is None   # beyond its one grid
    old = explore._fight({}, "luck-optimal", rule, False).chain.outcomes(big)
    assert dict(explore._outcomes(cache, "luck-optimal", rule, False, big)) == dict(old)


def test_rows_are_used_where_they_were_measured_to_pay():
    plain, _ = FIGHTS["plain"]
    together, _ = FIGHTS["together"]
    assert explore.rows_pay("luck-optimal", rules(plain))
    assert explore.rows_pay("no-luck", rules(together))
    assert not explore.rows_pay("no-luck", rules(plain))


@pytest.mark.parametrize("fight", FIGHTS)
def test_every_starting_point_pushed_at_once_ends_as_pushed_alone(fight, monkeypatch):
    """`RowsFight.outcomes_many` (chain_pushes.push_many: all roots pushed together) and
    the pushes ahead (every grid root of a seed at once) give each root the same
    Fractions as its own push (`Chain.outcomes`)."""
    spec, extra = FIGHTS[fight]
    rule = rules(spec, **extra)
    after = extra.get("after")
    for name in explore.POLICIES:
        rows = RowsFight(explore._fight({}, name, rule, False))
        asked = list(dict.fromkeys(root if rows.fight.use_luck else root[:2] + (0,) + root[3:]
                                   for root in roots(spec, rule, after, extra.get("hits", 0))))
        for stopping in (False, True) if after is not None else (False,):
            some = [root for root in asked if not stopping or root[5] < after]
            monkeypatch.setattr(explore_rows, "AHEAD", False)
            alone = [rows.outcomes(root, stopping) for root in some]   # (builds the grid)
            together = rows.outcomes_many(some, stopping)
            monkeypatch.setattr(explore_rows, "AHEAD", True)
            ahead = [rows.outcomes(root, stopping) for root in some]
            assert len(together) == len(some) and rows.ahead
            for root, one, many, early in zip(some, alone, together, ahead):
                assert many is not None and dict(many) == dict(one) == dict(early), (name, root, stopping)
                assert len(many) == len(dict(many)) == len(early)   # each end once


def test_a_root_outside_the_grid_is_not_pushed_at_once():
    spec, extra = FIGHTS["plain"]
    rows = RowsFight(explore._fight({}, "luck-optimal", rules(spec, **extra), False))
    inside = (4, (6,), 2, 0, (), 0, 0)
    rows.outcomes(inside, False)
    got = rows.outcomes_many([inside, (30, (6,), 2, 0, (), 0, 0)], False)
    assert dict(got[0]) == dict(rows.outcomes(inside, False)) and got[1] is None


def test_pushed_at_once_from_the_exact_solver_too(monkeypatch):
    """Where the floats cannot be trusted the rows are solved by `chain_arrays.Solved`:
    its levels and choices feed the pushes at once the same way."""
    from engine.analysis import chain_arrays

    def refuse(*_args, **_kwargs):
        raise chain_arrays.NearTie
    monkeypatch.setattr(chain_arrays.Fast, "__init__", refuse)
    spec, extra = FIGHTS["escape"]
    rule = rules(spec, **extra)
    cache: dict = {}
    rows = RowsFight(explore._fight(cache, "luck-optimal", rule, False))
    for root in [(9, (6,), 7, 0, (), 0, 0), (4, (6,), 2, 0, (), 0, 0), (3, (4,), 1, 0, (), 2, 0)]:
        for stopping in (False, True) if root[5] < 2 else (False,):
            old = explore._fight(cache, "luck-optimal", rule, stopping).chain.outcomes(root)
            assert dict(rows.outcomes(root, stopping)) == dict(old), (root, stopping)
    assert rows.ahead   # (answered by the pushes at once)


def _as_columns(plan, heroes, cache) -> list:
    """`FightPlan.ends` of each hero, one at a time, as `FightPlan.columns` lists them
    (hero, strategy, kind, Endurance, Luck, armour left, stop detail, probability)."""
    out = []
    for h, (he, luck) in enumerate(heroes):
        for name, ends in plan.ends(he, luck, cache):
            for end, p in ends:
                d = end.detail
                if end.outcome == "stop":
                    out.append((h, name, "stop", d[0], d[2], d[3], d, p))
                else:
                    out.append((h, name, end.outcome, *(d or (0, 0, 0)), None, p))
    return sorted(out, key=repr)


def _read_columns(plan, heroes, cache) -> list:
    from engine.analysis.compiled.fights import Probabilities
    table = Probabilities()
    he, luck = zip(*heroes)
    rows, probs, details = plan.columns(list(he), list(luck), cache, table)
    return sorted(((h, explore.STRATEGY_ORDER[s], explore.END_KINDS[k], e, lk, a, details[q] if q >= 0 else None,
                    table[p]) for (h, s, k, e, lk, a, q), p in zip(rows.tolist(), probs.tolist())), key=repr)


@pytest.mark.parametrize("fight", FIGHTS)
def test_many_heroes_priced_at_once_end_as_each_alone(fight, monkeypatch):
    """`FightPlan.columns` (every hero of a batch pushed at once over the rows, the
    Luck put back after a strategy without it) gives each hero the ends and exact
    probabilities `FightPlan.ends` gives him alone node by node, stops included."""
    spec, extra = FIGHTS[fight]
    rule = rules(spec, **extra)
    after = extra.get("after")
    heroes = [(he, luck) for he in (9, 5, 2, 1) for luck in (7, 4, 1, 0)]
    es = tuple(e["endurance"] for e in spec["enemies"])
    for rnd in sorted({0, min(after or 1, rounds_read(rule[-1]))}):
        for arm in range(extra.get("hits", 0) + 1):
            plan = explore.FightPlan(rule, es, arm, rnd, 0, after is not None and rnd < after, (9, 7, arm), ())
            monkeypatch.setattr(explore, "SOLVER", "chain")
            alone = _as_columns(plan, heroes, {})
            monkeypatch.setattr(explore, "SOLVER", "rows")
            assert _read_columns(plan, heroes, {}) == alone, (fight, rnd, arm)


def test_heroes_the_rows_do_not_hold_are_priced_node_by_node(monkeypatch):
    monkeypatch.setattr(explore_rows, "MAX_BUILDS", 1)
    monkeypatch.setattr(explore, "SOLVER", "rows")
    spec, extra = FIGHTS["armour"]
    rule = rules(spec, **extra)
    plan = explore.FightPlan(rule, (5,), 1, 0, 0, False, (3, 2, 1), ())
    cache: dict = {}
    _read_columns(plan, [(3, 2)], cache)   # (the one grid: Endurance up to 3)
    beyond = [(3, 2), (8, 6)]
    got = _read_columns(plan, beyond, cache)
    assert cache[("df-rows", "luck-optimal", rule)].builds == 1
    monkeypatch.setattr(explore, "SOLVER", "chain")
    assert got == _as_columns(plan, beyond, {})
    assert {row[0] for row in got} == {0, 1}


@pytest.mark.parametrize("fight", ["armour", "one by one, hurt", "plain"])
def test_heroes_of_plans_that_differ_in_their_armour_priced_at_once(fight, monkeypatch):
    """`FightPlan.columns` given each hero's own armour hits (vector.py `_price`: the
    plans of one fight in a batch differ only in them and the maxima, priced in one
    call over one chain, "no-luck" read on "luck-optimal"'s) gives each hero what his
    own plan gives him alone, node by node, fraction for fraction."""
    from engine.analysis.compiled.fights import Probabilities
    spec, extra = FIGHTS[fight]
    rule = rules(spec, **extra)
    hits = extra.get("hits", 0)
    es = tuple(e["endurance"] for e in spec["enemies"])
    heroes = [(he, luck, arm) for he in (9, 5, 2) for luck in (7, 1, 0) for arm in range(hits, -1, -1)]
    plan = explore.FightPlan(rule, es, hits, 0, 0, False, (9, 7, hits), ())
    monkeypatch.setattr(explore, "SOLVER", "chain")
    alone = sorted(((h,) + row[1:] for h, (he, luck, arm) in enumerate(heroes)
                    for row in _as_columns(plan._replace(arm=arm), [(he, luck)], {})), key=repr)
    monkeypatch.setattr(explore, "SOLVER", "rows")
    table = Probabilities()
    he, luck, arm = zip(*heroes)
    cache: dict = {}
    rows, probs, details = plan.columns(list(he), list(luck), cache, table, list(arm))
    got = sorted(((h, explore.STRATEGY_ORDER[s], explore.END_KINDS[k], e, lk, a, details[q] if q >= 0 else None,
                   table[p]) for (h, s, k, e, lk, a, q), p in zip(rows.tolist(), probs.tolist())), key=repr)
    assert got == alone
    assert ("df-rows", "no-luck", rule) not in cache   # (read on luck-optimal's chain)
    assert cache[("df-rows", "luck-optimal", rule)].builds == 1
