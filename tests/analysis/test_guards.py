"""Ways closed for good (engine/analysis/explore/guards.py): once a state holds a fact
that only grows (a codeword no effect takes back, a visit, a once-only choice taken),
the choices it closes are closed for the rest of the game, and what only they led to
is forgotten.  The exact value never changes; the space shrinks."""
from __future__ import annotations

import glob
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.explore.compact import parts_of
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.guards import closing
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.report import exhaustive_report
from tests.analysis_fixtures.support import FIXTURES, ROOT, load
from tests.format11.f11_helpers import load as load_text

BOOKS = sorted(glob.glob(str(FIXTURES / "*.yaml"))) + sorted(glob.glob(str(ROOT / "tests" / "analysis" / "books" / "*.yaml")))

# The first walk to the market (2) sets the codeword `rue` and may meet a thief (4),
# who leaves a scar (`cicatrice`, read only at 4).  From then on the way to 2 is
# closed: the scar can never be read again, so the hub's and the market's states no
# longer differ by it.  The market sells a lantern once; the bridge tests Luck.
MARKET = """\
codewords:
  rue: {name: Rue}
paragraphs:
  1:
    text: La place.
    choices:
      - {text: Descendre la rue, to: 2, if: 'not flag("rue")'}
      - {text: Aller au marché, to: 3, if: 'flag("rue")'}
      - {text: Partir vers le pont, to: 6}
  2:
    text: La rue est pleine de monde.
    effects: [{flag: rue}]
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 3], to: 4}
        - {range: [4, 6], to: 3}
  3:
    text: Le marché.
    choices:
      - {text: Acheter l'orbe, to: 5, once: true, if: "or >= 5", effects: [{add: {or: -5}}, {gain: orbe}]}
      - {text: Revenir sur la place, to: 1}
  4:
    text: Un voleur vous entaille le bras.
    effects: [{gain: balluchon}]
    choices:
      - {text: Le poursuivre, to: 7, if: 'has("balluchon") and has("arc")'}
      - {text: Gagner le marché, to: 3}
  5:
    text: L'orbe luit.
    choices: [{text: Revenir, to: 3}]
  6:
    text: Un pont branlant.
    test: {type: chance, success: 8, failure: 9}
  7: {text: Le voleur vous attend avec ses amis., end: death}
  8:
    text: Vous passez.
    choices:
      - {text: Lever l'orbe, to: 10, if: 'has("orbe")'}
      - {text: Continuer, to: 11}
  9: {text: Le pont cède., end: death}
  10: {text: L'orbe vous guide., end: victory}
  11:
    text: Une porte.
    test: {type: chance, success: 10, failure: 9}
"""


def solved(book, module, **options):
    space = Explorer(book, module, max_states=50_000, timeout=120, sheet=1, focused=False, **options).run()
    return space, exhaustive_report(book, module, space)


def test_closing_reads_the_guards_of_a_condition(tmp_path):
    loaded = load_text(tmp_path, MARKET)
    choices = loaded.book.paragraphs[1].choices
    assert closing(choices[0].condition) == {("flag", "rue")}
    assert closing(choices[1].condition) == set()   # holding `rue` opens it: no guard
    lens = Lens(loaded.book, loaded.module)
    assert ("flag", "rue") in lens.guards.useful(1)
    assert ("flag", "rue") in lens.guards.useful(3)


def test_a_closed_way_forgets_what_only_it_led_to_and_keeps_the_value(tmp_path):
    loaded = load_text(tmp_path, MARKET)
    shut, with_guards = solved(loaded.book, loaded.module)
    open_, without = solved(loaded.book, loaded.module, guards=False)
    assert shut.bound is None and open_.bound is None
    assert with_guards["exact"] == without["exact"]
    assert len(shut.states) < len(open_.states)
    # the bundle (read only at 4) is never kept past the first walk down the street
    hub = [parts_of(t) for t, p in zip(shut.states, shut.paragraph) if p in (1, 3) and t[0] != "end"]
    assert any("rue" in h.flags for h in hub)
    assert not any("balluchon" in h.items for h in hub if "rue" in h.flags)
    assert any("balluchon" in parts_of(t).items for t, p in zip(open_.states, open_.paragraph)
               if p == 1 and t[0] != "end")


def test_the_value_by_hand(tmp_path):
    """Best play buys the orb (15 gold) and crosses the bridge: one Luck test at 9
    (2d6 <= 9: 30/36), then the orb wins."""
    loaded = load_text(tmp_path, MARKET)
    _space, report = solved(loaded.book, loaded.module)
    assert Fraction(report["exact"]) == Fraction(30, 36)


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: Path(p).stem)
def test_closed_ways_keep_the_exact_value_of_every_fixture_book(path):
    book, module, _ = load(path)
    shut, with_guards = solved(book, module)
    open_, without = solved(book, module, guards=False)
    if open_.bound is not None or shut.bound is not None:   # too big for a test either way
        assert with_guards["victory"]["low"] <= without["victory"]["high"]
        assert without["victory"]["low"] <= with_guards["victory"]["high"]
        return
    assert with_guards["exact"] == without["exact"]
    assert shut.reached == open_.reached and len(shut.states) <= len(open_.states)


def test_the_compiled_explorer_forgets_behind_closed_ways_too(tmp_path):
    """forget.py follows the lens: the same value, and no state at the square or the
    market that holds the codeword keeps the bundle."""
    from engine.analysis.compiled import solve
    from engine.analysis.compiled.explorer import CompiledExplorer
    loaded = load_text(tmp_path, MARKET)
    x = CompiledExplorer(loaded.book, loaded.module, sheet=1)
    assert solve(x.run().graph)["exact"] == Fraction(30, 36)
    states = [x.slots.unpack(r, loaded.book, loaded.module) for r in x.table.rows]
    hub = [s for s in states if s.paragraph in (1, 3) and not s.ended]
    assert any("rue" in s.flags for s in hub)
    assert not any("balluchon" in s.items for s in hub if "rue" in s.flags)
    # what is read ahead is worked out once for each paragraph and guards held, and each
    # set of names kept once however many keys share it (vennick: 4,829 keys, 144 sets)
    reads = x.lens.lens.guards._reads
    assert len({id(v) for v in reads.values()}) == len(set(reads.values())) < len(reads)


def test_the_report_says_which_guards_closed_ways(tmp_path):
    loaded = load_text(tmp_path, MARKET)
    _space, report = solved(loaded.book, loaded.module)
    assert report["dropped"]["closed"] == ['flag("rue")']
    from engine.analysis.explore.text import _dropped
    assert 'closed by: flag("rue")' in _dropped(report["dropped"], "en")[0]
    assert 'fermés par : flag("rue")' in _dropped(report["dropped"], "fr")[0]
