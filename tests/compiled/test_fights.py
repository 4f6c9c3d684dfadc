"""Défis Fantastiques fights in the compiled explorer: a round start expanded over
arrays (each strategy's ends from the module's one fight model, explore.fight_ends,
written by kind) and a fight begun by a choice, against the real engine under forced
dice (the differential check), with planted fight bugs caught; what the vector rules
do not play still takes the engine path and is reported."""
from pathlib import Path

from engine.analysis.compiled.differential import differential
from engine.analysis.compiled.explorer import CompiledExplorer
from tests.analysis_fixtures.support import load

BOOK = Path(__file__).parent / "books" / "fights.yaml"
FIGHTS = {2, 3, 4, 5}   # escape and win effects; two "together"; hurt and rounds; win_rounds


def _run(path=BOOK, **options):
    book, module, _ = load(path)
    return differential(book, module, max_states=20_000, per_paragraph=10_000, **options)


def _wrong(r) -> set:
    return {t for m in r["mismatches"] for t in m["compiled"] if m["compiled"][t] != m["engine"].get(t)}


def test_every_fight_and_every_choice_into_one_is_compiled_and_equal_to_the_engine():
    book, module, _ = load(BOOK)
    x = CompiledExplorer(book, module, max_states=20_000)
    found = x.run()
    assert found.bound is None and found.engine_states == 0 and found.engine_paragraphs == {}
    assert {"no-luck", "luck-optimal", "luck-survive"} <= found.strategies
    r = _run()
    assert r["mismatches"] == [] and r["checked"] >= 600
    assert FIGHTS <= set(r["rolled"]) and {1, 10} <= set(r["paragraphs"])


def test_the_armours_hits_not_written_back_are_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector

    def kept(batch, book, left):   # the armour never wears out
        return None
    monkeypatch.setattr(vector, "_armour_left", kept)
    r = _run()
    assert r["mismatches"] and {"~no-luck", "~luck-optimal"} <= _wrong(r)
    assert {m["paragraph"] for m in r["mismatches"]} <= FIGHTS


def test_the_escape_cost_ignored_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector
    real = vector._escape_steps
    monkeypatch.setattr(vector, "_escape_steps", lambda steps, costs, to: real(steps, {}, to))
    r = _run()
    assert _wrong(r) == {"escape"} and {m["paragraph"] for m in r["mismatches"]} == {2}


def test_the_luck_left_not_written_is_caught(monkeypatch):
    import engine.rules.defis_fantastiques.vector as vector
    real = vector._written
    monkeypatch.setattr(vector, "_written", lambda batch, stat, values: None if stat == "chance"
                        else real(batch, stat, values))
    r = _run()
    assert "~luck-optimal" in _wrong(r) and "~no-luck" not in _wrong(r)


def test_a_fight_begun_without_reading_the_weapon_is_caught(monkeypatch):
    # combat.begin reads the weapon (bare-handed without one: -1 Habileté); a pending
    # made as if nobody held one leaves the fork's holder fighting bare-handed
    from types import SimpleNamespace
    import engine.rules.defis_fantastiques.begun as begun
    real = begun.combat.begin

    def bare(play, spec):
        state = SimpleNamespace(paragraph=play.state.paragraph, extra={}, items={})
        return real(SimpleNamespace(state=state, book=play.book, memo={}, narrate=False,
                                    evaluate=play.evaluate), spec)
    monkeypatch.setattr(begun, "combat", SimpleNamespace(begin=bare))
    r = _run()
    # (the fork is taken at 10; a fight won at 4 also begins the one at 5)
    assert "1" in _wrong(r) and {10, 4} <= {m["paragraph"] for m in r["mismatches"]}
    assert 1 not in {m["paragraph"] for m in r["mismatches"]}


def test_what_the_vector_rules_do_not_play_takes_the_engine_path_and_is_reported(tmp_path):
    # an escape whose cost Luck may lessen; a fight whose start reads a condition is
    # begun over arrays (rules/defis_fantastiques/begun.py), whatever enters it
    text = BOOK.read_text(encoding="utf-8")
    text = text.replace("start: 1\n", "start: 1\noptions: {escape_luck: true}\n", 1)
    condition = "      modifiers: [{if: \"has('farine')\", attack: 1}]\n"
    text = text.replace("      win_rounds: 2\n", "      win_rounds: 2\n" + condition, 1)
    path = tmp_path / "fights-engine.yaml"
    path.write_text(text, encoding="utf-8")
    book, module, _ = load(path)
    found = CompiledExplorer(book, module, max_states=20_000).run()
    assert found.bound is None and found.engine_states > 0
    assert found.engine_paragraphs.get(2) == "activity combat"
    assert 8 not in found.engine_paragraphs and 4 not in found.engine_paragraphs
    r = _run(path)
    assert r["mismatches"] == [] and {3, 4, 5} <= set(r["rolled"]) and 2 not in r["rolled"]


def test_step_by_step_fights_stay_answer_by_answer_on_the_engine_path():
    # (`explore --step-by-step`: no strategy, every round's answers played by the engine)
    book, module, _ = load(BOOK)
    found = CompiledExplorer(book, module, max_states=50_000, fight_nodes=False).run()
    assert found.strategies == set() and found.engine_paragraphs.get(2) == "activity combat"


def _alone_and_together(path, **options) -> tuple[int, list]:
    """The states waiting at a fight's round start (after a bounded compiled run),
    expanded by their program a paragraph's batch at once and each alone: (the states
    compared, those whose moves differ).  A fight's successor rows are shared by the
    states alike in a batch (vector.py `_alike`); each state's own must stay its own."""
    import numpy as np
    from fractions import Fraction
    from engine.analysis.compiled.batch import Batch
    from engine.analysis.compiled.differential import compiled_moves, _key
    from engine.analysis.compiled.fights import Spread
    from engine.analysis.compiled.packed import ENDED, PARAGRAPH, PENDING
    book, module, _ = load(path)
    x = CompiledExplorer(book, module, **options)
    x.run()
    rows = x.table.take(np.arange(x.table.n))
    head = rows[:, [PARAGRAPH, PENDING, ENDED]]
    compared, differ = 0, []
    for h in np.unique(head[(head[:, 1] > 0) & (head[:, 2] == 0)], axis=0):
        states = np.flatnonzero((head == h).all(axis=1))
        program = x.program_of(rows[states[0]])
        if program is None:
            continue
        moves, engine = program.run(Batch(rows[states].copy(), x.slots))
        if not any(isinstance(o, Spread) for _k, _on, outs in moves for o in outs):
            continue
        together = [{} for _ in states]
        for key, offered, outs in moves:
            for i in np.flatnonzero(offered).tolist():
                together[i].setdefault(key, {})
            for out in outs:
                if isinstance(out, Spread):
                    made = [(int(out.src[j]), out.nxt.rows[out.row[j]], out.table[int(out.probs[j])])
                            for j in range(len(out.src))]
                else:   # (the escape: one successor each, as a choice's)
                    counts, den, nxt = out
                    made = [(i, nxt.rows[i], 1 if counts is None else Fraction(int(counts[i]), den))
                            for i in np.flatnonzero(offered).tolist()]
                for i, row, p in made:
                    dist = together[i][key]
                    k = _key(x, row)
                    if p:
                        dist[k] = dist.get(k, Fraction(0)) + Fraction(p)
        for i, s in enumerate(states.tolist()):
            if engine[i]:
                continue
            compared += 1
            if together[i] != compiled_moves(x, s):
                differ.append(s)
    return compared, differ


def test_a_batch_of_fighters_gives_each_the_moves_it_has_alone():
    for path, options in ((BOOK, {"max_states": 20_000}),
                          (Path(__file__).parents[2] / "books" / "la-cloche-de-brumesel.yaml",
                           {"max_states": 6_000, "sheet": 1})):
        compared, differ = _alone_and_together(path, **options)
        assert compared >= 200 and differ == []


def test_fighters_alike_but_for_other_facts_sharing_their_rows_is_caught(monkeypatch):
    import numpy as np
    import engine.rules.defis_fantastiques.vector as vector
    def planted(batch):   # (every state of a batch alike)
        alike = np.zeros(len(batch), dtype=np.int64)
        return alike, lambda: alike
    monkeypatch.setattr(vector, "_alike", planted)
    _compared, differ = _alone_and_together(Path(__file__).parents[2] / "books" / "la-cloche-de-brumesel.yaml",
                                            max_states=6_000, sheet=1)
    assert differ


def test_the_dead_sharing_a_row_whatever_their_luck_is_caught(monkeypatch):
    # a death writes the Endurance only: the Luck it had stays in its row
    import engine.rules.defis_fantastiques.vector as vector
    real = vector._alike
    def planted(batch):   # (the deaths numbered as the others: their Luck read as absent, 0 or more)
        alike, _luck = real(batch)
        return alike, lambda: alike
    monkeypatch.setattr(vector, "_alike", planted)
    _compared, differ = _alone_and_together(BOOK, max_states=20_000)
    assert differ


def test_states_of_one_plan_sharing_a_root_whatever_their_luck_is_caught(monkeypatch):
    # a root is a fight plan, an Endurance and a Luck (vector.py `_roots`): the states
    # that share one are given its ends; the Luck left out, a Luck's ends go to another
    import numpy as np
    import engine.rules.defis_fantastiques.vector as vector
    real = vector._roots
    monkeypatch.setattr(vector, "_roots", lambda memo, end, luck: real(memo, end, np.zeros_like(luck)))
    _compared, differ = _alone_and_together(Path(__file__).parents[2] / "books" / "la-cloche-de-brumesel.yaml",
                                            max_states=6_000, sheet=1)
    assert differ
