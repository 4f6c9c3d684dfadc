"""The kai plugin's odds ARE its play (issue 12 item 2, for a third-party module).

Kai had no odds; it now has them through the same pattern as the built-in modules:
one transition function (the explorer's `_Fight`, reading the table as
`combat.answer` does) that `fight_odds` enumerates exactly.  For random small
fights (1-2 enemies, Blade mastery armed or not, the war cry, a bonus, evading
after R rounds or not), the real play code is driven through every random number
(`play_exact`) and the distribution of endings must equal the odds fraction for
fraction: only fighting (policy "never"), and following the live advice at every
prompt (policy "optimal").
"""
from __future__ import annotations

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from tests.analysis_fixtures.play_exact import distribution, key_of

ENDS = {2: "win", 3: "evade"}


def book(tmp_path, f):
    enemies = ", ".join(f"{{name: E{i}, maitrise: {m}, vigueur: {v}}}" for i, (m, v) in enumerate(f["enemies"]))
    evade = f", evade: {{after: {f['after']}, to: 3}}" if f["after"] is not None else ""
    text = ("gamebook: 1\ntitle: Essai\nrules: kai\nstart: 1\n"
            f"hero: {{maitrise: {f['skill']}, vigueur: {f['endurance']}, disciplines: {f['disciplines']}, "
            f"equipment: {['couteau'] if f['armed'] else []}}}\n"
            "items:\n  couteau: {name: Couteau, weapon: true}\nparagraphs:\n"
            f"  1:\n    text: Combat.\n    combat: {{enemies: [{enemies}], win: 2, bonus: {f['bonus']}{evade}}}\n"
            "  2: {text: Gagné., choices: [{text: a, to: 1}]}\n  3: {text: Enfui., choices: [{text: a, to: 1}]}\n")
    path = tmp_path / "kai.yaml"
    path.write_text(text.replace("'", ""), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert not [d for d in loaded.diagnostics if d.severity.value == "error"], loaded.diagnostics
    return Game(loaded.book, loaded.module, SeededDice(0))


def classify(state):
    if state.ended == "death":
        return "lose"
    return ENDS.get(state.paragraph) if state.paragraph != 1 or not state.pending else None


def never(game, prompt):
    return "fight", None


def advised(cache):
    def policy(game, prompt):
        k = key_of(game.state)
        if k not in cache:
            spec = game.book.paragraphs[1].fields["combat"]
            cache[k] = game.module.fight_odds(game.book, game.state, spec, game.state.pending).advice
        return cache[k], None
    return policy


def expected(odds):
    return {k: v for k, v in odds.outcomes.items() if v}


FIGHT = st.fixed_dictionaries({
    "skill": st.integers(8, 16), "endurance": st.integers(1, 9), "armed": st.booleans(),
    "disciplines": st.sampled_from([[], ["lame"], ["cri"], ["lame", "cri"]]),
    "bonus": st.integers(-2, 2), "after": st.sampled_from([None, 0, 1, 2]),
    "enemies": st.lists(st.tuples(st.integers(8, 16), st.integers(1, 7)), min_size=1, max_size=2)})


@settings(max_examples=15, deadline=None, derandomize=True, phases=[Phase.generate],
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(fight=FIGHT)
def test_kai_play_and_odds_agree_fraction_for_fraction(tmp_path, kai_installed, fight):
    g = book(tmp_path, fight)
    spec = g.book.paragraphs[1].fields["combat"]
    start = g.state
    assert start.pending and start.pending["activity"] == "combat"
    plain = g.module.fight_odds(g.book, start, spec, policy="never")
    assert distribution(g.book, g.module, start, never, classify) == expected(plain)
    best = g.module.fight_odds(g.book, start, spec, start.pending)
    assert best.win + best.lose + best.outcomes.get("evade", 0) == 1
    assert distribution(g.book, g.module, start, advised({}), classify) == expected(best)
    assert best.win + best.outcomes.get("evade", 0) >= plain.win   # choosing can only help


def test_the_live_chances_of_a_kai_fight_name_its_moves(tmp_path, kai_installed):
    from engine.analysis.live import live_text
    g = book(tmp_path, {"skill": 10, "endurance": 3, "armed": False, "disciplines": ["cri"], "bonus": 0,
                        "after": 0, "enemies": [(16, 9)]})
    text = live_text(g, "en")
    assert "Evade:" in text and "Best decision: Evade" in text
