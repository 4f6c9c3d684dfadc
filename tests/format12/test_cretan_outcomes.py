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
