"""compiled/fights.py `Probabilities.codes` and `numbers`: a float push's ends keep a
code until a state reads them; only the entries read are numbered, each once (a
`lazy.Lazy` whose float is the push's and whose Fraction its source's), whatever
call reads it again; numbers given pass through."""
from fractions import Fraction
from types import SimpleNamespace

import numpy as np

from engine.analysis.compiled.fights import Probabilities
from engine.analysis.compiled.lazy import Lazy


def _source(n: int):
    exact = [Fraction(k + 1, 7 * n) for k in range(n)]
    return SimpleNamespace(floats=np.array([float(p) for p in exact]), error=0.0, made={},
                           exact=lambda entries: [exact[e] for e in entries])


def test_only_the_entries_read_are_numbered_each_once():
    table = Probabilities()
    plain = table(Fraction(1, 2))   # (a probability numbered as it comes)
    first, second = _source(6), _source(4)
    a, b = table.codes(first), table.codes(second)
    assert (a < 0).all() and (b < 0).all() and len(set(a.tolist()) | set(b.tolist())) == 10
    assert len(table) == 1   # (nothing numbered before it is read)
    got = table.numbers(np.array([a[4], plain, b[1], a[4], a[0]]))
    assert got[1] == plain and got[0] == got[3] and len(set(got.tolist())) == 4
    assert len(table) == 4   # (three entries read: three numbers, a Lazy each)
    assert all(type(table[i]) is Lazy for i in got[[0, 2, 4]].tolist())
    assert [Fraction(table[i]) for i in got.tolist()] == [Fraction(5, 42), Fraction(1, 2), Fraction(2, 28),
                                                          Fraction(5, 42), Fraction(1, 42)]
    assert float(table[got[2]]) == second.floats[1]
    # each number written over its code: read again (by code or by number), the same number
    assert a[4] == got[0] and b[1] == got[2] and a[0] == got[4]
    again = table.numbers(np.array([got[0], a[1], b[1]]))
    assert again[0] == got[0] and again[2] == got[2] and len(table) == 5
