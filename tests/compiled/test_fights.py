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
    import engine.rules.defis_fantastiques.vector as vector
    real = vector.combat.begin

    def bare(play, spec):
        state = SimpleNamespace(paragraph=play.state.paragraph, extra={}, items={})
        return real(SimpleNamespace(state=state, book=play.book, memo={}, narrate=False), spec)
    monkeypatch.setattr(vector, "combat", SimpleNamespace(begin=bare))
    r = _run()
    # (the fork is taken at 10; a fight won at 4 also begins the one at 5)
    assert "1" in _wrong(r) and {10, 4} <= {m["paragraph"] for m in r["mismatches"]}
    assert 1 not in {m["paragraph"] for m in r["mismatches"]}


def test_what_the_vector_rules_do_not_play_takes_the_engine_path_and_is_reported(tmp_path):
    # an escape whose cost Luck may lessen, and a fight whose start reads a condition
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
    assert found.engine_paragraphs.get(8) == found.engine_paragraphs.get(4) == "target 5 begins an activity"
    r = _run(path)
    assert r["mismatches"] == [] and {3, 5} <= set(r["rolled"]) and not {2, 4} & set(r["rolled"])


def test_step_by_step_fights_stay_answer_by_answer_on_the_engine_path():
    # (`explore --step-by-step`: no strategy, every round's answers played by the engine)
    book, module, _ = load(BOOK)
    found = CompiledExplorer(book, module, max_states=50_000, fight_nodes=False).run()
    assert found.strategies == set() and found.engine_paragraphs.get(2) == "activity combat"
