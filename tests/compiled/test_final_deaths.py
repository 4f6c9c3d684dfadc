"""A death nothing can rescue is a game over for good on the compiled path, as in
today's explorer: one state a paragraph and cause.  Chroniques Crétoises' Zeus raises
a fallen hero "une seule fois", never after a death by Shame nor when "le total des
points de Honte d'Althéos" is "supérieur à ses points d'Honneur", and only where the
text names a place (zeus.can_resurrect); a death he cannot undo ends the game whatever
Honour the hero fell with.  The compiled explorer kept such deaths whole (cc-duels 27
states against today's 23, cc-fights 385 against 312, cc-rules 2,442 against 1,564):
the same value, more states.  Now both keep the same states, with the same exact value."""
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import CAUSE, ENDED, PARAGRAPH
from engine.analysis.explore.compact import rebuild
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.space import canonical
from tests.analysis_fixtures.support import FIXTURES, load

HERE = Path(__file__).parent
CC = [FIXTURES / "cc-duels.yaml", HERE / "books/cc-fights.yaml", HERE / "books/cc-rules.yaml"]
# (the analysis fixtures' module has no vector rules: its deaths are weighed by play's on_death)
ENGINE = [HERE.parent / "analysis/books/doomed.yaml", FIXTURES / "quest.yaml"]


def _today(book, module):
    space = Explorer(book, module, max_states=20_000, timeout=60).run()
    assert space.bound is None
    value, _policy = exact_values(space)
    return space, sum((p * value[t] for p, t in space.root if t >= 0), Fraction(0))


def _states(book, module, x: CompiledExplorer) -> tuple[set, set]:
    """(each state that goes on, as play's canonical text; each game over for good, as
    its paragraph, ending and cause) of a compiled exploration."""
    display = tuple(getattr(module, "display_extra", ()))
    rows = x.table.rows
    over = x.over(np.arange(x.table.n))
    going = {canonical(x.slots.unpack(rows[s], book, module), display) for s in np.flatnonzero(~over).tolist()}
    ends = {(int(rows[s, PARAGRAPH]), int(rows[s, ENDED]), x.slots.causes.values[int(rows[s, CAUSE])])
            for s in np.flatnonzero(over).tolist()}
    return going, ends


def _today_states(book, module, space) -> tuple[set, set]:
    display = tuple(getattr(module, "display_extra", ()))
    going, ends = set(), set()
    for s in range(len(space.states)):
        state = rebuild(book, module, space.states[s])
        if space.final[s]:
            ends.add((state.paragraph, ("death", "victory").index(state.ended) + 1, state.death_cause))
        else:
            going.add(canonical(state, display))
    return going, ends


@pytest.mark.parametrize("path", CC + ENGINE, ids=lambda p: p.stem)
def test_the_compiled_path_keeps_today_s_states_and_value(path):
    book, module, _ = load(path)
    space, value = _today(book, module)
    x = CompiledExplorer(book, module)
    found = x.run()
    assert found.bound is None
    assert x.table.n == len(space.states)
    assert _states(book, module, x) == _today_states(book, module, space)
    assert solve(found.graph)["exact"] == value


def test_only_the_deaths_zeus_can_undo_are_kept_whole():
    """cc-rules (Zeus raises at 9): the dead kept whole are those he may still raise,
    each of them offered his rescue; every other death is one state a paragraph and
    cause, deaths by Shame among them."""
    book, module, _ = load(HERE / "books/cc-rules.yaml")
    x = CompiledExplorer(book, module)
    g = x.run().graph
    rows = x.table.rows
    dead = np.flatnonzero(rows[:, ENDED] == 1)
    final = x.over(dead)
    kept, ended = dead[~final], dead[final]
    assert len(kept) and len(ended)
    for s in kept.tolist():
        state = x.slots.unpack(rows[s], book, module)
        x.engine.game.state = state
        assert [o.key for o in module.on_death(x.engine.game, state.death_cause).rescues] == ["zeus"]
        assert not state.extra.get("zeus_used") and state.death_cause != "shame"
    causes = [(int(rows[s, PARAGRAPH]), int(rows[s, CAUSE])) for s in ended.tolist()]
    assert len(set(causes)) == len(causes)   # (one state each)
    assert x.slots.causes("shame") in {c for _n, c in causes}
    # the explorer expands none of them: no move leaves a final death
    moves = np.diff(g.state_ptr.astype(np.int64))
    assert (moves[ended] == 0).all() and (moves[kept] > 0).all()
