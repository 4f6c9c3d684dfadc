"""analysis/chain_pushes.py `push_arrays` and chain_floats.py `push_floats` on a chain
small enough to price by hand: a node whose children lie at different levels and at an
end (each pair routed to its child's level, or to the ends, by `Pushed.goes`), and a
node where the push may stop (`Pushed.out_key`: its key past the ends' keys)."""
from fractions import Fraction

import numpy as np

from engine.analysis.chain import End
from engine.analysis.chain_arrays import ChainArrays, Solved
from engine.analysis.chain_pushes import Pushed, push_arrays
from engine.analysis.chain_floats import push_floats

WIN, LOSE = End("win"), End("lose")


def _chain() -> ChainArrays:
    """Four nodes, one option each (node: [(weight, child)], normaliser), an end as
    ``-1 - j``: 0 -> 1/6 node 1, 2/6 node 2, 3/6 a win; 1 -> 1/2 node 2, 1/2 a loss;
    2 -> 1/3 a win, 2/3 node 3; 3 -> 1/2 a win, 1/2 a loss.  Levels: 4, 3, 2, 1."""
    edges = [(0, 1, 1), (0, 2, 2), (0, 3, -1), (1, 1, 2), (1, 1, -2), (2, 1, -1), (2, 2, 3), (3, 1, -1), (3, 1, -2)]
    opt, w, child = (np.array(c, dtype=np.int64) for c in zip(*edges))
    return ChainArrays(4, np.arange(4), np.array([6, 2, 3, 2]), opt, w, child, [WIN, LOSE])


def _by_root(who, key, mass, scale, keys) -> list:
    """Each root's {its end's name: probability} (`keys`: key -> name)."""
    out: list = [{}, {}]
    for w, k, m in zip(who.tolist(), key.tolist(), list(mass)):
        out[w][keys[k]] = m if scale is None else Fraction(int(m), scale)
    return out


def test_each_pair_goes_to_its_childs_level_and_the_ends():
    graph = _chain()
    solved = Solved(graph, [lambda end: end.outcome == "win"])
    assert solved.level.tolist() == [4, 3, 2, 1]
    fought, stopping = Pushed.both(graph, solved, [0, 1], np.array([False, False, False, True]))
    names = {0: "win", 1: "lose", 2 + 3: "stop at 3"}
    who, key, mass, scale = push_arrays(fought, [0, 1])
    assert _by_root(who, key, mass, scale, names) == [{"win": Fraction(7, 9), "lose": Fraction(2, 9)},
                                                      {"win": Fraction(1, 3), "lose": Fraction(2, 3)}]
    # stopped at node 3: from node 0, 5/12 reaches node 2 and 2/3 of it goes on to node 3
    who, key, mass, scale = push_arrays(stopping, [0, 1])
    exact = _by_root(who, key, mass, scale, names)
    assert exact == [{"win": Fraction(23, 36), "lose": Fraction(1, 12), "stop at 3": Fraction(5, 18)},
                     {"win": Fraction(1, 6), "lose": Fraction(1, 2), "stop at 3": Fraction(1, 3)}]
    who, key, floats, error = push_floats(stopping, [0, 1])
    assert error < 2.0 ** -55
    for root, ends in enumerate(_by_root(who, key, floats, None, names)):
        assert ends.keys() == exact[root].keys()
        for name, p in ends.items():
            assert abs(Fraction(p) - exact[root][name]) <= exact[root][name] * (2.0 ** -53 + error)
