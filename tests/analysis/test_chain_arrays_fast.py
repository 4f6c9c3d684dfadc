"""chain_arrays.py `Fast`'s shortcuts: a level whose nodes have at most two options
picks as the general comparison does (the same choices and the same hard nodes, ties
and near ties included); a chain shallow enough skips the look for values under
TINY, a deeper one still makes it (and goes to the exact solver)."""
import numpy as np
import pytest

from engine.analysis.chain import End
from engine.analysis.chain_arrays import (ChainArrays, Fast, NearTie, PRIMES, TINY, _first_among,
                                          _first_of_two, chances)


def _level(rng, nodes: int, aims: int):
    """A level's options (one or two a node) with values drawn to tie often: equal,
    within a few roundings, or apart; fingerprints equal where the values are, and
    sometimes where they only look alike."""
    slot = np.concatenate([[0] if rng.random() < 0.4 else [0, 1] for _ in range(nodes)])
    n = len(slot)
    error = rng.integers(1, 50, n) * 2.0 ** -53
    values, prints = [], []
    for _ in range(aims):
        base = rng.choice([0.0, 0.25, 0.5, 1 / 3, 0.999, 1.0], n)
        kind = rng.integers(0, 4, n)   # 0: the same as its node's first, 1: a rounding apart, 2-3: apart
        first = np.flatnonzero(slot == 0)[np.cumsum(slot == 0) - 1]
        value = np.where(kind == 0, base[first], np.where(kind == 1, base[first] * (1 - 3 * 2.0 ** -53), base))
        fp = np.where(kind == 0, 7, rng.integers(0, 2, n) + 7)   # (a near tie: equal prints or not)
        values.append((value, 1.0 - value))
        prints.append([fp.astype(np.int64), (fp * 3).astype(np.int64)])
    return slot, values, prints, error


@pytest.mark.parametrize("aims", [1, 2])
def test_two_options_pick_as_the_general_comparison(aims):
    rng = np.random.default_rng(20 + aims)
    for _ in range(300):
        slot, values, prints, error = _level(rng, int(rng.integers(1, 30)), aims)
        if slot.max() < 1:
            continue
        chosen, hard = _first_of_two(np.flatnonzero(slot == 0), np.flatnonzero(slot == 1), values, prints, error)
        want, want_hard = _first_among(slot, values, prints, error)
        assert chosen.tolist() == want.tolist()
        assert list(hard) == list(want_hard)


def _line(depth: int, norm: int) -> ChainArrays:
    """Nodes 0..depth-1 in a line: node k goes on to k - 1 with weight 1 and loses with
    weight norm - 1 (node 0 wins with weight 1): node k wins with (1/norm)**(k + 1)."""
    opt_node = np.arange(depth)
    edge_opt = np.repeat(np.arange(depth), 2)
    child = np.stack([np.arange(depth) - 1, np.full(depth, -2)], axis=1).ravel()
    child[0] = -1   # (node 0: its first edge to the end "win")
    weight = np.tile([1, norm - 1], depth)
    return ChainArrays(depth, opt_node, np.full(depth, norm), edge_opt, weight, child, [End("win"), End("lose")])


def test_a_shallow_chain_skips_the_look_under_tiny_and_a_deep_one_does_not():
    aims = [lambda end: end.outcome == "win"]
    shallow = Fast(_line(40, 1296), aims, None)   # (1/1296)**40 = 3e-125: above TINY
    assert shallow.floored and shallow.floats[0][39] == pytest.approx(1296.0 ** -40, rel=1e-12)
    deep = _line(90, 1296)   # (1/1296)**90 = 7e-281: under TINY, the floats cannot be trusted
    with pytest.raises(NearTie):
        Fast(deep, aims, None)
    # the exact solver then gives it exactly
    assert chances(deep, [89], aims, aims[0])[0] * 1296 ** 90 == 1
    assert 1296.0 ** -90 < TINY and max(PRIMES) > 1296
