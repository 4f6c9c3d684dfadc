"""Chroniques Crétoises fighters keyed on what their answer reads
(engine/rules/chroniques_cretoises/vector_fights.py `Fought._keys`): the fight model's
columns as logged, and, where a surrender is accepted, the best armour and the weapon
wielded it gives up (`_given`, ranked by the sheet's own `best_armour` and `wielded`),
not every item the hero carries.  States that differ only in an item nothing reads
share one fighter; states that give up other items do not (the differential test)."""
from itertools import combinations
from pathlib import Path

import numpy as np

import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.differential import differential
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.rules.chroniques_cretoises import sheet
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books/cc-surrender-items.yaml"
TAUREAU = Path(__file__).parents[2] / "books/le-taureau-d-airain.yaml"
SPARES = ("Prendre un second casque", "Prendre le talisman")


def _reads(monkeypatch, path) -> int:
    """The fighters read (the fight model asked) exploring the book whole."""
    reads = []
    real = vf.Fought._fighter

    def counted(self, *args):
        reads.append(args)
        return real(self, *args)
    monkeypatch.setattr(vf.Fought, "_fighter", counted)
    book, module = load(path)[:2]
    assert CompiledExplorer(book, module).run().bound is None
    return len(reads)


def _without_spares(tmp_path) -> Path:
    text = BOOK.read_text(encoding="utf-8")
    out = tmp_path / "no-spares.yaml"
    out.write_text("".join(line for line in text.splitlines(keepends=True)
                           if not any(s in line for s in SPARES)), encoding="utf-8")
    return out


def test_a_surrender_gives_up_what_each_hero_wields_and_wears():
    book, module = load(BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    assert r["mismatches"] == [] and r["rolled"] == [2] and r["checked"] >= 30


def test_items_no_answer_reads_add_no_fighter(monkeypatch, tmp_path):
    """A second helmet (the best armour stays a helmet) and a talisman change neither
    the fight nor what a surrender gives up: the same fighters as without them."""
    assert _reads(monkeypatch, BOOK) == _reads(monkeypatch, _without_spares(tmp_path))


def test_fighters_keyed_on_every_item_are_caught(monkeypatch, tmp_path):
    """Planted: the key holds every item's count (as when the surrender's reads were
    logged): the spares split the fighters."""
    def every(self, batch, members):
        items = sorted(k for part, k in batch.slots.names if part == "items")
        return np.stack([batch.col("items", i)[members] for i in items], axis=1)
    monkeypatch.setattr(vf.Fought, "_given", every)
    assert _reads(monkeypatch, BOOK) > _reads(monkeypatch, _without_spares(tmp_path))


def test_fighters_blind_to_the_weapon_given_up_are_caught(monkeypatch):
    """Planted: no item ranked (the pike and the club alike: the same Force): a hero
    with the pike would give up the club."""
    monkeypatch.setattr(vf, "_ranks", lambda book: {})
    book, module = load(BOOK)[:2]
    r = differential(book, module, max_states=20_000, per_paragraph=10**6)
    assert {m["paragraph"] for m in r["mismatches"]} == {2}
    assert any("surrender" in m["engine"] for m in r["mismatches"])


def test_the_ranks_pick_as_the_sheet_does():
    """On le-taureau-d-airain's items, every set carried: the highest rank present is
    the sheet's best armour and weapon wielded."""
    book = load(TAUREAU)[0]
    ranks = vf._ranks(book)
    kinds = [i for i in sorted(ranks)]
    assert len(kinds) >= 6
    for k in range(len(kinds) + 1):
        for carried in combinations(kinds, k):
            items = dict.fromkeys(carried, 1)
            best = [max(carried, key=lambda i: ranks[i][j]) if any(ranks[i][j] for i in carried) else None
                    for j in (0, 1)]
            assert best == [sheet.best_armour(book, items), (sheet.wielded(book, items) or (None,))[0]]
