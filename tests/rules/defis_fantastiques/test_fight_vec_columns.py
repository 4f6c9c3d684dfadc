"""`fight_vec`'s whole-column steps against the scalar rules, row by row, and its
batch's children numbered in one call against one call an option.

* `ArrayFight.apply` (a queued wound, each Luck shift) and `offered` (is Luck offered
  on it) over rows must give, for every row, what `SpecialFight.apply` / `offered` and
  the Luck test's own condition give for that row alone: opponents wounded by the
  hero, the hero wounded by each opponent with and without armour, rows whose queue is
  empty (left as they are), Luck 0 and Luck spent;
* `_Nodes.find` with each row's group (the options of a batch, in order) numbers the
  new rows as one call a group does: the same node numbers, so the same chain.
"""
from __future__ import annotations

import numpy as np
import pytest

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.fight_vec import DEALT, TAKEN, ArrayFight, _Nodes
from engine.rules.defis_fantastiques.odds_special import SpecialFight

FIGHTS = [   # (hero skill, opponents' skills, mode, Luck, enemy damage, absorbs, specials)
    (9, (8, 7), "together", True, (2, 3), 1, model.Specials()),
    (10, (9,), "one-by-one", True, 2, 2, model.Specials()),
    (8, (7, 6, 6), "together", False, 2, 0, model.Specials()),
    (9, (8, 6), "together", True, (2, 1), 1, model.Specials(rounds_only=(True, False), luck_on="taken")),
]


def _fight(skill, skills, mode, luck, damage, absorbs, sp) -> SpecialFight:
    return SpecialFight(skill, skills, mode, luck, "optimal" if luck else "never", 2, damage, absorbs, specials=sp)


def _rows(vec: ArrayFight, rng, count: int) -> np.ndarray:
    """Random nodes: Endurance, opponents' Endurance, Luck, armour, one queued event
    (or none), round, wins; every (kind, opponent) queue numbered in `vec.queues`."""
    n = vec.n
    queues = [0] + [vec.queues.of(((k, i),)) for k in ("d", "t") for i in range(n)]
    rows = np.zeros((count, n + 6), dtype=np.int64)
    rows[:, vec.HE] = rng.integers(1, 13, count)
    for i in range(n):
        rows[:, 1 + i] = rng.integers(0, 9, count)
    rows[:, vec.LUCK] = rng.integers(0, 4, count)
    rows[:, vec.ARM] = rng.integers(0, 3, count)
    rows[:, vec.Q] = rng.choice(queues, count)
    return rows


@pytest.mark.parametrize("spec", FIGHTS)
def test_apply_and_offered_are_the_scalar_rules_row_by_row(spec):
    f = _fight(*spec)
    vec = ArrayFight(f, (12, (8,) * len(spec[1]), 3, 2))
    rows = _rows(vec, np.random.default_rng(7), 400)
    kind, who, _rest = vec.qarrays
    offered = vec.offered(rows)
    for shift in model.SHIFTS:
        moved = vec.apply(rows, shift)
        for r, m, o in zip(rows.tolist(), moved.tolist(), offered.tolist()):
            he, es, luck, arm, q = r[vec.HE], tuple(r[1:1 + vec.n]), r[vec.LUCK], r[vec.ARM], r[vec.Q]
            if kind[q] not in (DEALT, TAKEN):   # (nothing queued: the row as it is, nothing offered)
                assert m == r and not o
                continue
            event = ("d" if kind[q] == DEALT else "t", int(who[q]))
            h, e, a = f.apply(he, es, arm, event, shift)
            assert (m[vec.HE], tuple(m[1:1 + vec.n]), m[vec.ARM]) == (h, e, a)
            assert m[vec.LUCK] == luck and m[vec.Q] == q
            may = f.use_luck and (luck >= 1 or f.luck_policy == "always")
            assert o == bool(may and f.offered(es, arm, event))


def _seeded(radix, prior) -> _Nodes:
    """A table that already knows the rows `prior` (nodes of the batches before)."""
    table = _Nodes(radix)
    table.find(prior, np.ones(len(prior), dtype=bool))
    table.take()
    return table


@pytest.mark.parametrize("dense", [True, False])
def test_children_numbered_in_one_call_as_one_call_an_option(dense, monkeypatch):
    from engine.rules.defis_fantastiques import fight_vec
    if not dense:   # (the sorted keys' path: every table above the dense bound)
        monkeypatch.setattr(fight_vec, "DENSE", 0)
    rng = np.random.default_rng(3)
    radix = [6, 5, 4]
    for _ in range(30):
        prior = np.stack([rng.integers(0, r, 8) for r in radix], axis=1).astype(np.int64)
        groups = []
        for _g in range(int(rng.integers(1, 6))):
            k = int(rng.integers(0, 12))
            rows = np.stack([rng.integers(0, r, k) for r in radix], axis=1).astype(np.int64)
            groups.append((rows, rng.random(k) < 0.8))
        one_by_one = _seeded(radix, prior)
        want = np.concatenate([one_by_one.find(rows, mask) for rows, mask in groups])
        table = _seeded(radix, prior)
        got = table.find(np.concatenate([g[0] for g in groups]), np.concatenate([g[1] for g in groups]),
                         np.repeat(np.arange(len(groups)), [len(g[0]) for g in groups]))
        assert got.tolist() == want.tolist()
        assert table.take().tolist() == one_by_one.take().tolist() and table.count == one_by_one.count
