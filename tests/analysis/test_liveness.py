"""The lens (engine/analysis/explore/lens.py) drops only what no later step reads:
every reduction keeps the exact value of every fixture book, and a fact written and
never read (gold added in a loop, a counter, a note) no longer splits the space."""
from __future__ import annotations

import glob
import textwrap
from fractions import Fraction
from pathlib import Path

import pytest

from tests.analysis_fixtures.support import FIXTURES, ROOT, load
from tests.format11.f11_helpers import HEADER, load as load_text
from engine.analysis.explore.compact import parts_of
from engine.analysis.explore.lens import Lens
from engine.cli import main
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.report import exhaustive_report

BOOKS = sorted(glob.glob(str(FIXTURES / "*.yaml"))) + sorted(glob.glob(str(ROOT / "tests" / "analysis" / "books" / "*.yaml")))


def solved(book, module, **options):
    space = Explorer(book, module, max_states=50_000, timeout=120, **options).run()
    return space, exhaustive_report(book, module, space)


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: Path(p).stem)
def test_the_lens_keeps_the_exact_value_of_every_fixture_book(path):
    book, module, _ = load(path)
    lensed, with_lens = solved(book, module)
    full, without = solved(book, module, lens=False)
    low, high = with_lens["victory"]["low"], with_lens["victory"]["high"]
    if full.bound is not None:   # too big without the lens (hub-wide: an endless Force):
        # the two explorations' bounds hold the same value
        assert low <= without["victory"]["high"] and without["victory"]["low"] <= high
        return
    assert lensed.bound is None
    assert with_lens["exact"] == without["exact"]
    assert (low, high) == (without["victory"]["low"], without["victory"]["high"])
    assert lensed.reached == full.reached and len(lensed.states) <= len(full.states)


ENDLESS_GOLD = """\
paragraphs:
  1:
    text: Une fontaine pleine de pièces.
    choices:
      - {text: Puiser, to: 2}
      - {text: Partir, to: 3}
  2:
    text: Vous puisez trente pièces d'or.
    effects: [{add: {or: 30}}]
    choices: [{text: Revenir, to: 1}]
  3:
    text: Un pont fragile.
    test: {type: chance, success: 4, failure: 5}
  4: {text: Vous passez., end: victory}
  5: {text: Le pont cède., end: death}
"""


def test_gold_added_for_ever_and_never_read_does_not_make_the_space_endless(tmp_path):
    """Issue 35: a repeatable `add: {or: 30}` that nothing reads made the space
    infinite (an `add` counted as a read).  Now the gold is forgotten: a handful of
    states, and the value is the one Luck test, 2d6 <= 9: 30/36."""
    loaded = load_text(tmp_path, ENDLESS_GOLD)
    space, report = solved(loaded.book, loaded.module)
    assert space.bound is None and len(space.states) <= 10
    assert Fraction(report["exact"]) == Fraction(30, 36)
    assert {parts_of(t).stats["or"] for t in space.states if t[0] != "end"} == {0}


NOTE_IN_OUTCOME = """\
counters:
  pas: {name: Pas}
notes:
  retour: {name: Retour}
paragraphs:
  1:
    text: Un péage.
    effects: [{add: {pas: 1}}]
    choices:
      - {text: Payer, to: 2, if: "or >= 10", effects: [{add: {or: -10}}]}
      - {text: Passer à gué, to: 3}
  2:
    text: Le péager vous rend trente pièces par erreur.
    effects: [{add: {or: 30}}]
    choices: [{text: Continuer, to: 3}]
  3:
    text: Une corniche.
    effects: [{add: {pas: 1}}]
    test: {type: chance, success: 4, success_effects: [{note: retour}, {add: {pas: 1}}], failure: 6}
  4:
    text: Une grotte.
    choices: [{text: Entrer, to: 5}]
  5:
    text: Deux passages.
    choices:
      - {text: Revenir là où vous étiez, to: 'note("retour")'}
      - {text: Sortir, to: 7}
  6: {text: Vous tombez., end: death}
  7: {text: Dehors., end: victory}
"""


def test_a_note_written_in_an_outcome_lets_the_analysis_forget_upstream(tmp_path):
    """Issue 35: the note written in `success_effects` is followed (its reader leads back
    to § 3 only), so past the toll the gold is forgotten; the counter `pas` is written
    and never read: forgotten everywhere.  The value is the one without the lens."""
    loaded = load_text(tmp_path, NOTE_IN_OUTCOME)
    space, report = solved(loaded.book, loaded.module)
    full, without = solved(loaded.book, loaded.module, lens=False)
    assert space.bound is None and full.bound is None and report["exact"] == without["exact"]
    past = [parts_of(t) for t, p in zip(space.states, space.paragraph) if p >= 3 and t[0] != "end"]
    assert past and {x.stats["or"] for x in past} == {0}
    assert {x.extra.get("counters") for x in past} == {("{",)}
    assert {x.extra.get("notes") for x in past if x.paragraph == 5} == {("{", "retour", 3)}
    assert len(space.states) < len(full.states)
    assert report["dropped"]["stats"] == ["or"] and report["dropped"]["counters"] == ["pas"]


def test_the_report_says_what_is_forgotten_and_what_it_saved(tmp_path, capsys):
    path = tmp_path / "peage.yaml"
    path.write_text(HEADER.format(version="1.1") + textwrap.dedent(NOTE_IN_OUTCOME), encoding="utf-8")
    book, module, _ = load(path)
    lensed, full = Explorer(book, module).run(), Explorer(book, module, lens=False).run()
    assert main(["explore", str(path), "--exhaustive", "--saving", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Forgotten where nothing ahead reads it: stats 'or'; counters 'pas'" in out
    fewer = len(full.states) - len(lensed.states)
    assert fewer > 0 and f"Forgetting saves {fewer} states ({len(full.states)} without it)" in out
    assert main(["explore", str(path), "--exhaustive", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Oublié là où rien ne le lit plus : caractéristiques « or » ; compteurs « pas »" in out
    assert "économise" not in out   # (only asked with --saving)


PURSE = """\
paragraphs:
  1:
    text: Une bourse tombe d'une charrette.
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 2], to: 2}
        - {range: [3, 4], to: 2, effects: [{add: {or: 10}}]}
        - {range: [5, 6], to: 2, effects: [{add: {or: 20}}]}
  2:
    text: Un passeur.
    choices:
      - {text: Payer le passeur (6 Pièces d'Or), to: 3, if: "or >= 6", effects: [{add: {or: -6}}]}
      - {text: Nager, to: 4}
  3:
    text: Un second passeur.
    choices:
      - {text: Payer encore (4 Pièces d'Or), to: 5, if: "or >= 4", effects: [{add: {or: -4}}]}
      - {text: Nager, to: 4}
  4:
    text: Le courant.
    test: {type: chance, success: 5, failure: 6}
  5: {text: Vous arrivez., end: victory}
  6: {text: Vous vous noyez., end: death}
"""


def test_gold_beyond_every_price_ahead_is_capped(tmp_path):
    """15, 25 or 35 gold at the ferry (§ 2): 7 passes every test of gold ahead
    (`or >= 6`, then `or >= 4`) and 6 + 4 can be spent, so every purse from 7 + 10
    on is one state (25 and 35 are kept as 17, 15 as it is); at the second ferry
    5 passes `or >= 4` and 4 can be spent: 9 and 11 are one state (9)."""
    loaded = load_text(tmp_path, PURSE)
    space, report = solved(loaded.book, loaded.module)
    full, without = solved(loaded.book, loaded.module, lens=False)
    assert report["exact"] == without["exact"] == "1"
    gold = {p: {parts_of(t).stats["or"] for t, q in zip(space.states, space.paragraph) if q == p} for p in (2, 3)}
    assert gold == {2: {15, 17}, 3: {9}}
    assert len(space.states) < len(full.states)
    assert report["dropped"]["capped"] == ["or"]


def test_no_cap_where_a_loss_can_repeat_or_gold_is_read_otherwise(tmp_path):
    """A ferry paid again and again (a way back to § 2) can take any purse; gold in
    arithmetic (`or / 2 >= 3`) may ask anything: no cap before them; past them, the
    cap comes back."""
    again = PURSE.replace('to: 3, if: "or >= 6"', 'to: 2, if: "or >= 6"')
    halved = PURSE.replace('if: "or >= 4"', 'if: "or / 2 >= 2"')
    assert again != PURSE != halved
    caps = {}
    for name, text in (("again", again), ("halved", halved), ("purse", PURSE)):
        loaded = load_text(tmp_path, text, name=f"{name}.yaml")
        caps[name] = {n: found.get("or") for n, found in Lens(loaded.book, loaded.module).caps.items()}
    assert caps["purse"][1] == caps["purse"][2] == 17 and caps["purse"][3] == 9
    assert caps["again"][1] is caps["again"][2] is None and caps["again"][3] == 9
    assert caps["halved"][1] is caps["halved"][2] is caps["halved"][3] is None
    assert caps["purse"][4] == caps["halved"][4] == 0   # nothing of gold ahead: 0 (forgotten there)


ONCE_PURSE = """\
paragraphs:
  1:
    text: Un carrefour.
    choices:
      - {text: À gauche, to: 6}
      - {text: À droite, to: 7}
      - {text: Tout droit, to: 3}
  6:
    text: Une bourse oubliée (une seule fois).
    once: [effects]
    effects: [{add: {or: 5}}]
    choices: [{text: Revenir, to: 1}]
  7:
    text: Un autel (une seule fois).
    once: [effects]
    effects: [{add: {chance: 1}}]
    choices: [{text: Revenir, to: 1}]
""" + ENDLESS_GOLD[ENDLESS_GOLD.index("  3:"):]   # (the same bridge)


def test_a_once_only_find_that_writes_what_nothing_reads_keeps_no_visit(tmp_path):
    """§ 6 adds gold once, and nothing reads gold: whether it was visited no longer
    splits the states (its visit is forgotten); § 7 adds Luck once, which the rules
    read: its visit is kept.  The value: one Luck test at 9 (the altar cannot raise Luck
    above its starting 9), 2d6 <= 9: 30/36."""
    loaded = load_text(tmp_path, ONCE_PURSE)
    space, report = solved(loaded.book, loaded.module, sheet=1, focused=False)
    full, without = solved(loaded.book, loaded.module, sheet=1, focused=False, lens=False)
    assert Fraction(report["exact"]) == Fraction(without["exact"]) == Fraction(30, 36)
    visited = {n for t in space.states if t[0] != "end" for n in parts_of(t).visits}
    assert 7 in visited and 6 not in visited
    assert len(space.states) < len(full.states)


TAVERN = """\
paragraphs:
  1:
    text: La taverne.
    choices:
      - {text: Écouter les buveurs, to: 6, once: true}
      - {text: Acheter une potion (5 pièces), to: 7, once: true, if: "or >= 5", effects: [{add: {or: -5}}]}
      - {text: Sortir, to: 3}
  6:
    text: Les buveurs parlent d'un pont fragile.
    choices: [{text: Revenir au comptoir, to: 1}]
  7:
    text: La potion a un goût de miel.
    effects: [{add: {chance: 1}}]
    choices: [{text: Revenir au comptoir, to: 1}]
""" + ENDLESS_GOLD[ENDLESS_GOLD.index("  3:"):]   # (the same bridge)


def test_a_once_only_detour_that_changes_nothing_keeps_no_mark(tmp_path):
    """Listening to the drinkers (§ 6) is text and a way back: whether it was done no
    longer splits the states (its mark is forgotten, the choice may be taken again and
    changes nothing); the potion's mark is kept (it costs gold and gives Luck).  The
    value is the one Luck test at 9 (Luck cannot rise above its start): 30/36."""
    loaded = load_text(tmp_path, TAVERN)
    assert Lens(loaded.book, loaded.module).neutral == {"once:1:1"}
    space, report = solved(loaded.book, loaded.module, sheet=1, focused=False)
    full, without = solved(loaded.book, loaded.module, sheet=1, focused=False, lens=False)
    assert Fraction(report["exact"]) == Fraction(without["exact"]) == Fraction(30, 36)
    marks = {f for t in space.states if t[0] != "end" for f in parts_of(t).flags}
    assert "once:1:2" in marks and "once:1:1" not in marks
    assert len(space.states) < len(full.states)
    assert report["dropped"]["detours"] == ["once:1:1"]


def test_the_compiled_explorer_forgets_the_detour_mark_too(tmp_path):
    from engine.analysis.compiled import solve
    from engine.analysis.compiled.explorer import CompiledExplorer
    loaded = load_text(tmp_path, TAVERN)
    x = CompiledExplorer(loaded.book, loaded.module, sheet=1)
    assert solve(x.run().graph)["exact"] == Fraction(30, 36)
    marks = {f for r in x.table.rows for f in x.slots.unpack(r, loaded.book, loaded.module).flags}
    assert "once:1:2" in marks and "once:1:1" not in marks
