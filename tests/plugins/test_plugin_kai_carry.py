"""Carrying limits through the module API (`RuleModule.carry_limits`): the Kai
Backpack (8 items) and weapons (2). Play asks what to drop, saves keep the question,
lint warns where the pickups can exceed a limit (engine/game/carry.py)."""
from __future__ import annotations


from engine.saves import store as saves
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book

HEAD = """\
gamebook: 1.1
title: Le sac
rules: kai
start: 1
hero: {{maitrise: 15, vigueur: 25, couronnes: 3, repas: 1, equipment: {kit}}}
items:
  epee: {{name: Épée, weapon: true}}
  hache: {{name: Hache, weapon: true}}
  lance: {{name: Lance, weapon: true}}
  corde: {{name: Corde}}
  pierre: {{name: Pierre}}
paragraphs:
"""
BODY = """\
  1:
    text: Un coffre.
    effects: [{gain: {pierre: 2}}]
    choices: [{text: La lance, to: 2, effects: [{gain: lance}]}]
  2: {text: Fin., end: victory}
"""


def load(tmp_path, kit="[epee, hache, {corde: 7}]", body=BODY):
    path = tmp_path / "sac.yaml"
    path.write_text(HEAD.format(kit=kit) + body, encoding="utf-8")
    return load_book(path, use_cache=False)


def game(loaded) -> Game:
    return Game(loaded.book, loaded.module, SeededDice(2), lang="fr")


def test_a_full_backpack_asks_what_to_drop_then_the_paragraph_goes_on(tmp_path, kai_installed):
    g = game(load(tmp_path))
    prompt = g.prompt()
    assert prompt.title.fr == "Sac à dos : 8 au plus, abandonnez un objet"
    assert sorted(o.key for o in prompt.options) == ["give:corde", "give:pierre"]   # not the weapons
    g.answer("give:pierre")
    assert g.state.items == {"epee": 1, "hache": 1, "corde": 7, "pierre": 1}
    assert [o.label.fr for o in g.prompt().options] == ["La lance"]   # the paragraph's choices


def test_a_third_weapon_is_asked_for_before_the_move(tmp_path, kai_installed):
    g = game(load(tmp_path, kit="[epee, hache]"))
    g.answer(g.prompt().options[0].key)            # La lance: three weapons
    assert g.state.paragraph == 1 and g.prompt().title.en == "Weapons: 2 at most, give up one item"
    assert sorted(o.key for o in g.prompt().options) == ["give:epee", "give:hache", "give:lance"]
    g.answer("give:epee")
    assert g.state.ended == "victory" and g.state.items == {"hache": 1, "lance": 1, "pierre": 2}


def test_a_save_taken_while_asked_resumes_the_question(tmp_path, kai_installed):
    loaded = load(tmp_path)
    g = game(loaded)
    back, warnings = saves.restore(loaded.book, loaded.module, saves.snapshot(g))
    assert not warnings and back.prompt().title.fr.startswith("Sac à dos")


def test_lint_warns_where_the_pickups_can_exceed_a_limit(tmp_path, kai_installed):
    def found(loaded):
        return [(d.span.line + 1, d.message.en) for d in loaded.diagnostics if d.code == "carry-limit"]
    over = found(load(tmp_path))
    assert [line for line, _ in over] == [15, 16]   # the backpack at the stones, the weapons at the lance
    assert "(9 for 8 at most)" in over[0][1]
    assert found(load(tmp_path, kit="[epee, {corde: 9}]"))[0][0] == 5   # the starting equipment alone
    assert found(load(tmp_path, kit="[epee, {corde: 2}]")) == []


def test_the_built_in_modules_state_no_other_limit():
    from engine.rules import registry
    assert [registry.get(r).carry_limits(None) for r in ("defis-fantastiques", "chroniques-cretoises")] == [(), ()]


def test_the_exhaustive_explorer_answers_the_full_backpack(tmp_path, kai_installed, monkeypatch, capsys):
    from tests.format11.test_frontmatter import run
    load(tmp_path)
    code, out, _ = run(monkeypatch, capsys, ["explore", str(tmp_path / "sac.yaml"), "--exhaustive", "--lang", "en"])
    assert code == 0 and "EXACT: every possible state was explored." in out
    assert "§ 1: give:" in out   # the best route drops an item before going on
