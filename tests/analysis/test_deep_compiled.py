"""`lint --deep` on the compiled path (engine/analysis/explore/deep_compiled.py): the
same findings as today's explorer (`engine=True`, `lint --deep --engine-explorer`) on
every small fixture book, every soft-lock with a replay that `explore --replay` plays to
it, `victory-impossible` at a misspelt codeword on the real 100-section book's smallest
variant explored whole, and its wall clock: a deadline passed between batches or inside
a fight's pricing cuts the run cleanly (no timed assertion: the deadline is forced)."""
from __future__ import annotations

import glob
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.explore import deep
from engine.analysis.explore.deep_compiled import Cut
from engine.analysis.explore.moves import options
from engine.analysis.explore.replay import parse_spec
from engine.analysis.explore.runs import new_game
from engine.book import source
from engine.cli import main
from engine.lint.loader import load_book
from engine.rules.watchdog import TimeUp, watching
from tests.analysis.real100 import build, layout, write_book
from tests.analysis_fixtures.support import FIXTURES, ROOT, load

SMALL = sorted(glob.glob(str(FIXTURES / "*.yaml")) + glob.glob(str(ROOT / "tests" / "analysis" / "books" / "*.yaml"))
               + glob.glob(str(ROOT / "tests" / "compiled" / "books" / "*.yaml")))
LARGE = ("hub-wide.yaml", "rolled.yaml")   # (seconds each: the other books say the same)


def _said(d) -> tuple:
    """A diagnostic as both paths must say it: a replay may take another way there."""
    return d.code, d.span.line, d.span.col, d.message.en.split(" (gamebook explore --replay")[0], d.fix


@pytest.mark.parametrize("path", [p for p in SMALL if Path(p).name not in LARGE], ids=lambda p: Path(p).stem)
def test_each_finding_is_todays_on_the_fixture_books(path):
    book, module, doc = load(path)
    found, said = {}, {}
    for engine in (True, False):
        said[engine] = {}
        # (a wall clock far past either path's need: the default 30 s, cut at a loaded
        # machine's pace, made the engine path's run incomplete: a timed assertion)
        found[engine] = sorted(map(_said, deep.deep_diagnostics(book, module, doc, runs=0, summary=said[engine],
                                                               engine=engine, timeout=900.0)))
    assert said[False]["path"] == "compiled" and said[True]["path"] == "engine"
    assert said[False]["complete"] and said[True]["complete"]
    assert said[False]["states"] == said[True]["states"]
    assert found[False] == found[True]


@pytest.mark.parametrize("name, locked", [("softlock", {3}), ("softlock-deep", {5})])
def test_every_soft_lock_has_a_replay_that_stops_at_it(name, locked, capsys):
    path = FIXTURES / f"{name}.yaml" if (FIXTURES / f"{name}.yaml").exists() \
        else ROOT / "tests" / "analysis" / "books" / f"{name}.yaml"
    book, module, doc = load(path)
    locks = {int(d.message.en.split("paragraph ")[1].split(":")[0]): d.message.en.split("--replay ")[1].rstrip(")")
             for d in deep.deep_diagnostics(book, module, doc, runs=0) if d.code == "soft-lock"}
    assert set(locks) == locked
    for n, spec in locks.items():
        seed, moves, faces = parse_spec(spec)
        game = new_game(book, module, seed, faces)
        for move in moves:
            move.apply(game)
        assert game.state.paragraph == n and not game.state.ended and options(game) == []
        assert main(["explore", str(path), "--replay", spec, "--lang", "en"]) == 0
        shown = [line for line in capsys.readouterr().out.splitlines() if line.startswith("§ ")]
        assert shown[-1].startswith(f"§ {n} ")


def _where(path: Path, needle: str) -> tuple[int, int]:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
        if needle in line:
            return i + 1, line.index(needle) + 1
    raise AssertionError(needle)


def test_a_misspelt_codeword_closing_the_victory_is_an_error_there_on_a_book_explored_whole(tmp_path):
    # The smallest real 100-section variant, its gate asking for 'levre1' (the lever sets
    # 'lever1'): the compiled path explores sheet 1 whole, no state wins, and the error
    # stands at the misspelt name with the near one as its fix.
    data, n = build(1, 3, None, lite=True), layout(1, 3, None)[0].numbers
    gate = data["paragraphs"][n["gate"]]["auto"][0]
    assert 'flag("lever1")' in gate["if"]
    gate["if"] = gate["if"].replace('flag("lever1")', 'flag("levre1")')
    path = write_book(tmp_path, data=data)
    loaded = load_book(path, use_cache=False)
    doc, _ = source.load(path)
    said: dict = {}
    out = deep.deep_diagnostics(loaded.book, loaded.module, doc, timeout=60.0, runs=0, summary=said)
    assert said["path"] == "compiled" and said["complete"] and said["sheet"] == 1
    assert [d.code for d in out] == ["victory-impossible", "deep-incomplete"]   # (one sheet of many: said)
    found = out[0]
    assert (found.span.line + 1, found.span.col + 1) == _where(path, '"levre1"')
    assert found.fix == "lever1"
    assert found.message.en == ("'levre1' (flag) is never given by the book: this condition closes the last way "
                                f"to a victory; did you mean 'lever1'? (behind it, never entered: {n['trap']}-"
                                f"{n['victory']})")
    assert "exploration complete for one character sheet of " in out[1].message.en
    assert "the absence of soft-locks is proven for that sheet only" in out[1].message.en


def test_a_deadline_already_passed_leaves_every_start_unexplored():
    book, module, _doc = load(ROOT / "tests" / "analysis" / "books" / "hub-wide.yaml")
    ex = CompiledExplorer(book, module, deadline=time.monotonic()).run()
    assert ex.bound == "timeout" and ex.graph.states == len(ex.frontier) == len(ex.graph.roots)
    assert len(ex.graph.targets) == 0


class Late(CompiledExplorer):
    """A clock that passes at its `late`-th look (between batches of a wave)."""

    late, where = 40, None

    def _late(self):
        self.late -= 1
        if self.late == 0:
            self.where = sys._getframe(1).f_code.co_name   # (who looked: within a wave, or between waves)
            raise TimeUp("timeout")


def test_a_deadline_passed_within_a_wave_cuts_it_cleanly():
    # hub-wide's waves are wide: the clock passes in the middle of one.  What was
    # expanded keeps its edges (each as in the whole run); every state from the batch
    # under way on is left unexplored, with no edge; nothing is called a soft-lock.
    book, module, _doc = load(ROOT / "tests" / "analysis" / "books" / "hub-wide.yaml")
    whole = CompiledExplorer(book, module, max_states=3000).run()
    x = Late(book, module, max_states=3000)
    cut = x.run()
    assert cut.bound == "timeout" and 0 < len(cut.frontier) < cut.graph.states < whole.graph.states
    assert x.where in ("_engine", "_templated", "_wave")
    g, w = cut.graph, whole.graph
    moves = np.diff(g.state_ptr.astype(np.int64))
    assert (moves[cut.frontier] == 0).all()
    assert cut.frontier.tolist() == list(range(int(cut.frontier[0]), g.states))
    expanded = np.setdiff1d(np.arange(g.states), cut.frontier)
    assert (moves[expanded] > 0).all()   # (hub-wide has no soft-lock)
    wmoves = np.diff(w.state_ptr.astype(np.int64))
    assert (moves[expanded] == wmoves[expanded]).all()   # (the waves number states alike until the cut)


def test_a_tiny_deep_timeout_says_deep_incomplete_and_does_not_hang():
    book, module, doc = load(ROOT / "tests" / "analysis" / "books" / "hub-wide.yaml")
    said: dict = {}
    out = deep.deep_diagnostics(book, module, doc, timeout=0.001, summary=said)
    assert [d.code for d in out] == ["deep-incomplete"] and said["bound"] == "timeout"
    assert "exploration cut (--deep-timeout time limit hit)" in out[0].message.en


def test_a_fight_priced_past_the_deadline_is_stopped_and_kept_as_a_cut(monkeypatch):
    # The module's fight pricing (its vector rules over a batch) outlasts the deadline:
    # lint's watch stops it there, and the exploration is cut ("slow-fight"), what it
    # explored standing; the hook bound (30 s) never fails the module for it.
    from engine.rules.defis_fantastiques import vector
    priced = vector._fought

    def slow(*args, **kwargs):
        for _ in range(3000):   # (30 s at most: the watch stops it long before)
            time.sleep(0.01)
        return priced(*args, **kwargs)
    monkeypatch.setattr(vector, "_fought", slow)
    book, module, doc = load(ROOT / "tests" / "compiled" / "books" / "fights.yaml")
    cut, said = Cut(), {}
    with watching(module, 30.0, cut=cut):
        out = deep.deep_diagnostics(book, module, doc, timeout=5.0, runs=0, summary=said, cut=cut)
    assert said["bound"] == "slow-fight" and not said["complete"]
    assert [d.code for d in out] == ["deep-incomplete"]
    assert "the module's exact analysis of a fight took longer than the limit" in out[0].message.en


def test_lint_deep_takes_the_compiled_path_and_engine_explorer_todays(capsys, monkeypatch):
    paths = []
    real = deep._exact

    def spy(*args):
        r, lens = real(*args)
        paths.append(r["path"])
        return r, lens
    monkeypatch.setattr(deep, "_exact", spy)
    book = str(FIXTURES / "softlock.yaml")
    assert main(["lint", "--deep", "--lang", "en", book]) == 1
    compiled = capsys.readouterr().out
    assert main(["lint", "--deep", "--engine-explorer", "--lang", "en", book]) == 1
    engine = capsys.readouterr().out
    assert paths == ["compiled", "engine"]
    assert [line.split(" (gamebook")[0] for line in compiled.splitlines()] == \
        [line.split(" (gamebook")[0] for line in engine.splitlines()]


def test_a_book_of_one_locked_state_is_reported_not_a_crash(tmp_path):
    # The flag's column is made after the one state was added (the table is never
    # widened again): its visits and flags read as their default, not out of range.
    from engine.lint.codes_core import DEEP_HEAD
    path = tmp_path / "door.yaml"
    path.write_text(DEEP_HEAD + "paragraphs:\n  1:\n    text: Une porte close.\n    choices:\n"
                    "      - {text: Entrer, to: 2, if: 'flag(\"ouverte\")'}\n"
                    "  2: {text: Victoire !, end: victory, effects: [{flag: ouverte}]}\n", encoding="utf-8")
    book, module, doc = load(path)
    said: dict = {}
    out = deep.deep_diagnostics(book, module, doc, summary=said)
    assert said["path"] == "compiled" and said["complete"] and said["states"] == 1
    assert [d.code for d in out] == ["soft-lock", "victory-impossible"]
    assert out[0].message.en.endswith("(gamebook explore --replay 0:)")


def test_the_watch_stops_only_the_explorations_own_calls_and_names_a_slow_fight_by_its_share():
    from types import SimpleNamespace as NS

    def call(caller: str):
        return NS(f_back=NS(f_globals={"__name__": caller}))
    now = [0.0]
    cut = Cut(clock=lambda: now[0])
    cut.explorer, cut.begun, cut.deadline = NS(interruptible=True), 0.0, 10.0
    pricing, hook = call("engine.analysis.compiled.fights"), call("engine.game.core")
    assert cut(hook) is None and cut(pricing) == ""   # a hook of play keeps its bound; pricing is work
    now[0] = 10.5   # past the deadline, the same call under way since 0: half the time or more
    assert cut(pricing) == "slow-fight" and cut(hook) is None
    later = call("engine.analysis.explore.nodes")
    now[0] = 9.0
    assert cut(later) == ""
    now[0] = 10.25   # a call begun near the end: the clock ran out while it priced
    assert cut(later) == "timeout"
    cut.explorer.interruptible = False   # (states being added: nothing stops there)
    assert cut(later) is None
