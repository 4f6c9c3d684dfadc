"""A Chroniques Crétoises fighter's flags as one code made once (vector_fights.py
`Fought._code`, written by `_solved`): its answer's number times NUMBER plus a bit
for each kept answer opened to it, 0 where the model does not answer.  Compared at
every batch of the small CC books with the plain path it replaces (each flag read
off the fighters' answers, a pass over them a flag), array for array; two planted
codes are caught."""
from pathlib import Path

import numpy as np
import pytest

import engine.rules.chroniques_cretoises.vector_fights as vf
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"


def _plain(found) -> tuple:
    """(whether the model answers, the answer's number, [whether each of ANSWERS is
    offered]) of each fighter, as `__call__` and `rejects` read them before."""
    live = np.array([f[0] is not None for f in found], dtype=bool)
    number = np.array([f[3] if f[0] is not None else 0 for f in found], dtype=np.int64)
    offered = [live & np.array([a in f[1] for f in found], dtype=bool) for a in vf.ANSWERS]
    return live, number, offered


def _agrees(code, found) -> bool:
    live, number, offered = _plain(found)
    return (np.array_equal(code >= vf.NUMBER, live) and np.array_equal(code // vf.NUMBER, number)
            and all(np.array_equal((code & (1 << b)) != 0, o) for b, o in enumerate(offered)))


def _batches(monkeypatch, name: str) -> tuple[int, int, int]:
    """(the batches whose codes disagree with the plain flags, the batches, those
    where a kept answer is offered) exploring a book whole."""
    seen = [0, 0, 0]
    real = vf.Fought.__call__

    def checked(self, batch):
        of, found, code = self._code(batch)
        seen[0] += not _agrees(code, found)
        seen[1] += 1
        seen[2] += bool(any(o.any() for o in _plain(found)[2]))
        return real(self, batch)
    monkeypatch.setattr(vf.Fought, "__call__", checked)
    book, module = load(BOOKS / name)[:2]
    CompiledExplorer(book, module).run()
    return tuple(seen)


@pytest.mark.parametrize("name", ["cc-fights.yaml", "cc-surrender-items.yaml"])
def test_codes_are_the_plain_flags(monkeypatch, name):
    wrong, batches, offered = _batches(monkeypatch, name)
    assert wrong == 0 and batches >= 4 and offered > 0


def _kept_answers(self, batch):
    """Planted: each fighter the model answers given the bit of every answer the fight
    keeps, opened to it or not."""
    of, found, code = vf.Fought._real_code(self, batch)
    bits = sum(1 << b for b, a in enumerate(vf.ANSWERS) if a in self.answers)
    return of, found, np.where(code >= vf.NUMBER, code | bits, code)


def _first_fighters_bits(self, batch):
    """Planted: every fighter of a batch given its first fighter's bits."""
    of, found, code = vf.Fought._real_code(self, batch)
    return of, found, code - code % vf.NUMBER + code[0] % vf.NUMBER


@pytest.mark.parametrize("plant", [_kept_answers, _first_fighters_bits])
def test_planted_codes_are_caught(monkeypatch, plant):
    monkeypatch.setattr(vf.Fought, "_real_code", vf.Fought._code, raising=False)
    monkeypatch.setattr(vf.Fought, "_code", plant)
    wrong = sum(_batches(monkeypatch, name)[0] for name in ("cc-fights.yaml", "cc-surrender-items.yaml"))
    assert wrong > 0
