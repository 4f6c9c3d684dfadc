"""Format 1.1 starting equipment with copies (`hero: {equipment: [epee, {torche: 3}]}`),
the same words as `{gain: {torche: 3}}`: loader, lint, play, sheet, saves, export,
explorer start state, language server, and the format-1 form it replaces."""
from __future__ import annotations

import textwrap

from engine.saves import store as saves
from engine.analysis.explore.space import canonical
from engine.game.dice import SeededDice
from engine.export import build
from engine.export.markdown import render
from engine.game import Game
from engine.lint.loader import load_book

from .f11_helpers import codes, run, where

BOOK = """\
gamebook: {version}
title: Le sac
rules: defis-fantastiques
start: 1
hero: {{equipment: {kit}}}
items:
  epee: {{name: Épée, weapon: {{damage: 2}}}}
  torche: {{name: Torche}}
  potion: {{name: Potion}}
paragraphs:
  1:
    text: Une grotte noire.
    choices: [{{text: Allumer trois torches, to: 2, if: 'count("torche") >= 3', effects: [{{lose: torche}}]}}]
  2: {{text: La sortie., end: victory}}
"""
KIT_11 = "[epee, {torche: 3}, {potion: 2}]"
KIT_1 = "[epee, torche, torche, torche, potion, potion]"


def load(tmp_path, kit=KIT_11, version="1.1", name="sac.yaml"):
    path = tmp_path / name
    path.write_text(BOOK.format(version=version, kit=kit), encoding="utf-8")
    return load_book(path, use_cache=False)


def game(loaded) -> Game:
    assert not [d for d in loaded.diagnostics if d.severity.value == "error"], loaded.diagnostics
    return Game(loaded.book, loaded.module, SeededDice(3), lang="fr")


def test_copies_are_given_at_the_start_like_the_format_1_list(tmp_path):
    g = game(load(tmp_path))
    assert g.state.items == {"epee": 1, "torche": 3, "potion": 2}
    said = [e["say"]["fr"] for e in g.drain() if e["type"] == "item"]
    assert said == ["Vous obtenez : Épée.", "Vous obtenez : Torche ×3.", "Vous obtenez : Potion ×2."]
    old = game(load(tmp_path, KIT_1, version="1", name="ancien.yaml"))
    assert run(g) == run(old) and run(g)["ended"] == "victory"


def test_copies_in_a_format_1_book_a_zero_and_an_unknown_item_are_located(tmp_path):
    old = load(tmp_path, KIT_11, version="1")
    assert "format-1-1" in codes(old) and where(old, "format-1-1") == (5, 26)
    assert where(load(tmp_path, "[{torche: 0}]"), "schema")[0] == 5
    unknown = load(tmp_path, "[epee, {torch: 3}]")
    assert "unknown-item" in codes(unknown) and where(unknown, "unknown-item") == (5, 27)


def test_the_sheet_and_a_save_keep_the_copies(tmp_path):
    loaded = load(tmp_path)
    g = game(loaded)
    sheet = dict(loaded.module.sheet(g.state, "fr"))
    assert sheet["Équipement"] == "Torche ×3, Potion ×2" and sheet["Arme"] == "Épée"
    back, warnings = saves.restore(loaded.book, loaded.module, saves.snapshot(g))
    assert not warnings and back.state.items == {"epee": 1, "torche": 3, "potion": 2}


def test_the_explorer_starts_with_the_copies(tmp_path):
    assert '"torche":3' in canonical(game(load(tmp_path)).state).replace(" ", "")


def test_the_printed_sheet_lists_the_starting_kit(tmp_path):
    loaded = load(tmp_path)
    md = render(build.document(loaded.book, loaded.module, "fr"))
    assert "Au départ\xa0: Épée, Torche ×3, Potion ×2." in md   # French typography: no-break space


def test_a_cretan_hero_starts_with_spare_armour_copies(tmp_path):
    path = tmp_path / "crete.yaml"
    path.write_text(textwrap.dedent("""\
        gamebook: 1.1
        title: Crète
        rules: chroniques-cretoises
        start: 1
        hero: {equipment: [massue, {casque: 2}]}
        items:
          massue: {name: Massue, weapon: {force: 1}}
          casque: {name: Casque, armour: {slot: tete, protection: 1}}
        paragraphs:
          1: {text: Fin., end: victory}
        """), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert not [d for d in loaded.diagnostics if d.severity.value == "error"], loaded.diagnostics
    assert game(loaded).state.items == {"massue": 1, "casque": 2}


def test_the_language_server_finds_the_item_of_a_copies_entry(tmp_path):
    from engine.lsp.state import analyse
    text = BOOK.format(version="1.1", kit=KIT_11).replace(
        "end: victory}", "end: victory, effects: [{gain: {torche: 2}}]}")
    snap = analyse("file:///sac.yaml", text)
    refs = [(o.line, o.col) for o in snap.index.of("item", "torche", {"ref"})]
    lines = text.splitlines()
    assert (4, lines[4].index("torche")) in refs                 # hero: {equipment: [..., {torche: 3}]}
    assert (13, lines[13].index("torche")) in refs               # {gain: {torche: 2}}
