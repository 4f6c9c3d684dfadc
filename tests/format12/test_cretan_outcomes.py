"""Format 1.2 outcomes in a Chroniques Crétoises fight: `win: {to:, effects:}`,
`all_down: {to:, effects:}` beside the module's own `all_down: continue` (kept as the
module's word, not read as the 1.2 `continue`)."""
from __future__ import annotations

from engine.lint.loader import load_book
from tests.rules.chroniques_cretoises import cc_helpers

BODY = """\
hero: {force: 4, protection: 10, honneur: 5, patron: Athéna, equipment: [massue]}
paragraphs:
  1:
    text: Deux Crétois barrent la route.
    combat:
      enemies: [{name: Premier Crétois, force: 3, protection: 9}, {name: Second Crétois, force: 3, protection: 9}]
      win: {to: 2, effects: [{add: {honneur: 1}}]}
      all_down: ALL_DOWN
  2: {text: La route est libre., end: victory}
  3: {text: Tous à terre., end: death}
"""


def _load(tmp_path, all_down: str, version="1.2"):
    path = tmp_path / "cc.yaml"
    path.write_text(cc_helpers.HEADER.replace("gamebook: 1\n", f"gamebook: {version}\n") + cc_helpers.ITEMS
                    + BODY.replace("ALL_DOWN", all_down), encoding="utf-8")
    return load_book(path, use_cache=False)


def test_the_modules_own_continue_and_the_12_shapes_both_compile(tmp_path):
    kept = _load(tmp_path, "continue")
    assert [d.code for d in kept.diagnostics if d.severity.value == "error"] == []
    combat = kept.book.paragraphs[1].fields["combat"]
    assert combat["all_down"] == "continue" and combat["win"] == 2   # the module's word, as written
    assert [e.kind for e in kept.book.paragraphs[1].outcome_effects[("combat", "win_effects")]] == ["add"]
    shaped = _load(tmp_path, "{to: 3, effects: [{add: {honneur: -1}}]}")
    assert [d.code for d in shaped.diagnostics if d.severity.value == "error"] == []
    assert shaped.book.paragraphs[1].fields["combat"]["all_down"] == 3
    assert ("combat", "all_down_effects") in shaped.book.paragraphs[1].outcome_effects


def test_in_a_format_11_book_they_are_reported(tmp_path):
    older = _load(tmp_path, "continue", version="1.1")
    assert [d.code for d in older.diagnostics if d.severity.value == "error"] == ["format-1-2"]


LEAVING = """\
hero: {force: 4, protection: 10, honneur: 3, honte: 0, patron: Arès, equipment: [massue]}
paragraphs:
  1:
    text: Un garde au bord de la falaise.
    combat:
      enemies: [{name: Garde, force: 6, protection: 14}]
      win: 2
      retreat: RETREAT
      surrender: SURRENDER
  2: {text: Gagné., end: victory}
  3: {text: Enfui., choices: [{text: Revenir, to: 2}]}
"""


def _leaving(tmp_path, retreat: str, surrender: str, version="1.2", hero=""):
    body = LEAVING.replace("RETREAT", retreat).replace("SURRENDER", surrender).replace("hero: {", "hero: {" + hero)
    return cc_helpers.load(tmp_path, body, header=cc_helpers.HEADER.replace("gamebook: 1\n", f"gamebook: {version}\n"))


def test_a_retreat_or_a_surrender_may_end_the_game(tmp_path):
    """`retreat: {end: death, effects}` (you flee over the cliff) and `surrender: {end: death}`
    (they do not take prisoners): the effects first, then the ending, as for every
    outcome written like `auto:` (DF's `escape:` takes `end:` the same way)."""
    from engine.game import Game
    from engine.game.dice import ScriptedDice
    loaded = _leaving(tmp_path, "{end: death, effects: [{add: {honte: 1}}]}", "{end: death}")
    assert [d.code for d in loaded.diagnostics if d.severity.value == "error"] == []
    g = Game(loaded.book, loaded.module, ScriptedDice([2]))
    g.answer("retreat")   # a 2: the retreat succeeds (1-4), over the cliff
    kept = _leaving(tmp_path, "{to: 3, effects: [{add: {honte: 1}}]}", "{to: 3}")
    k = Game(kept.book, kept.module, ScriptedDice([2]))
    k.answer("retreat")   # the same retreat to a paragraph: the same price and effects
    assert k.state.ended is None and k.state.paragraph == 3
    assert g.state.ended == "death" and g.state.stats == k.state.stats
    bare = _leaving(tmp_path, "3", "{to: 3}")
    b = Game(bare.book, bare.module, ScriptedDice([2]))
    b.answer("retreat")   # without the effects: one point of Shame less
    assert g.state.stats["honte"] == b.state.stats["honte"] + 1
    wounded = _leaving(tmp_path, "3", "{end: death}", hero="condition: grièvement blessé, ")   # (to surrender)
    g = Game(wounded.book, wounded.module, ScriptedDice([]))
    g.answer("surrender")
    assert g.state.ended == "death"


def test_a_retreat_with_both_to_and_end_or_in_a_format_11_book_is_located(tmp_path):
    both = _leaving(tmp_path, "{to: 3, end: death}", "{to: 3}")
    assert "outcome-shape" in [d.code for d in both.diagnostics]
    older = _leaving(tmp_path, "{end: death}", "{to: 3}", version="1.1")
    assert "format-1-2" in [d.code for d in older.diagnostics]
