"""The witness (witness.py) finds the compiled graph's states and moves again through
the real engine: a state played back from its row is found at its own number, all at
once as one by one, and the words it gives a move are those of the first of the
engine's moves (a fight's strategies after the plain moves) whose successors are that
move's, on books with choices, dice and Défis Fantastiques fights."""
from pathlib import Path

import pytest

from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.witness import Witness
from engine.lint.loader import load_book

ROOT = Path(__file__).resolve().parents[2]
BOOKS = [ROOT / "tests" / "analysis_fixtures" / "books" / f"{n}.yaml" for n in ("quest", "df-duel", "df-crypt")]
BOOKS += [ROOT / "tests" / "compiled" / "books" / "fights.yaml"]
SAMPLE = 60   # states of each book looked at (evenly spread)


def explored(path):
    loaded = load_book(path, use_cache=False)
    explorer = CompiledExplorer(loaded.book, loaded.module, sheet=1, once=True, max_states=100_000, timeout=60)
    ex = explorer.run()
    assert ex.bound is None
    return explorer, ex.graph


def sample(n: int) -> list:
    return sorted({round(i * (n - 1) / max(SAMPLE - 1, 1)) for i in range(min(SAMPLE, n))})


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_a_state_played_back_is_found_at_its_number_in_one_batch_as_alone(path):
    explorer, g = explored(path)
    w = Witness(explorer, g)
    states = sample(g.states)
    games = [w.state(s) for s in states]
    assert w.indices(games) == states
    assert [w.index(st) for st in games[::-1]] == states[::-1]
    assert w.indices([]) == []


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_a_move_s_words_are_the_first_engine_move_with_its_successors(path):
    explorer, g = explored(path)
    w = Witness(explorer, g)
    named = 0
    for s in sample(g.states):
        for k in range(int(g.state_ptr[s + 1] - g.state_ptr[s])):
            state = w.state(s)
            words = w.text(state, s, k)
            wanted = w.targets(s, k)
            matching = []
            for text, _m, found in w.moves(state):   # (every move played, in the engine's order)
                got: dict = {}
                for _f, succ, p in found:
                    t = -1 if isinstance(succ, Exception) else w.index(succ)
                    got[t] = got.get(t, 0.0) + float(p)
                if got.keys() == wanted.keys() and all(abs(got[t] - wanted[t]) < 1e-9 for t in got):
                    matching.append(text)
            assert words == (matching[0] if matching else None), (s, k)
            named += words is not None
    assert named   # (the books' moves are found: the test is not vacuous)
