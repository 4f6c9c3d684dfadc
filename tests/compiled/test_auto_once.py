"""A paragraph's `auto:` ways out and `once:` parts entered by the compiled programs
(entering.py `Entering._enter`): the differential test over tests/compiled/books/
auto-once.yaml whole (every state compared with the engine under forced dice, exact
fractions), planted bugs caught, and no state left to the engine path (the `random:`
roll too: rolls.py)."""
from pathlib import Path

import engine.analysis.compiled.compiler as compiler
import engine.analysis.compiled.entering as entering
from engine.analysis.compiled.differential import differential
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books/auto-once.yaml"


def _wrong(monkeypatch=None, name=None, value=None) -> set:
    """(paragraph, move) of the moves whose distributions differ, a bug planted."""
    if monkeypatch is not None:
        monkeypatch.setattr(compiler.Compiler if hasattr(compiler.Compiler, name) else entering, name, value)
    book, module, _ = load(BOOK)
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    return {(m["paragraph"], t) for m in r["mismatches"] for t in set(m["compiled"]) | set(m["engine"])
            if m["compiled"].get(t) != m["engine"].get(t)}


def test_auto_and_once_are_entered_by_programs():
    book, module, _ = load(BOOK)
    found = CompiledExplorer(book, module).run()
    assert found.engine_paragraphs == {} and found.engine_states == 0   # (the roll at 3 too)
    r = differential(book, module, max_states=20_000, per_paragraph=10_000)
    assert r["mismatches"] == [] and {1, 5, 7} <= set(r["paragraphs"]) and r["checked"] >= 100


def test_once_parts_done_again_are_caught(monkeypatch):
    real = compiler.Compiler._settled

    def forgetful(self, q, effects, skip, entering):   # (a second visit as the first)
        return real(self, q, [self._effect(e) for e in q.effects], (), entering)
    wrong = _wrong(monkeypatch, "_settled", forgetful)
    assert {(1, "1"), (1, "2")} <= wrong   # (the rope and the care again; the test again, not the roll)


def test_auto_effects_forgotten_are_caught(monkeypatch):
    real = compiler.Compiler._jump

    def dry(self, jump, entering):
        return real(self, type(jump)(jump.condition, jump.target, jump.end, (), jump.path), entering)
    assert (1, "3") in _wrong(monkeypatch, "_jump", dry)


def test_auto_conditions_ignored_are_caught(monkeypatch):
    real = entering.first_holding
    assert (1, "3") in _wrong(monkeypatch, "first_holding", lambda b, conds: real(b, [None] * len(conds)))
