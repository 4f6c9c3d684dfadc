"""Counters, codewords and paragraph notes (format 1.1): lint, play, sheet, explorer,
and the conversion from the format-1 workaround (a counter as a chain of flags)."""
from __future__ import annotations

import pytest

from engine.analysis.explore.space import canonical
from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from tests.format11.test_frontmatter import run

COUNTED = """gamebook: 1.1
title: C
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, or: 5, equipment: []}
counters:
  jours: {name: Jours, min: 0, max: 3}
codewords:
  corbeau: {name: Corbeau}
notes:
  retour: {name: Retour}
paragraphs:
  1:
    text: Un jour passe.
    effects: [{add: {jours: 1}}, {flag: corbeau}, {note: retour}]
    choices:
      - {text: Attendre, to: 1, if: 'jours < 3'}
      - {text: Partir, to: 2, if: 'jours >= 3'}
  2:
    text: La cabane.
    choices:
      - {text: Revenir, to: 'note("retour")'}
      - {text: Finir, to: 3}
  3: {text: Fin., end: victory}
"""

# The same book in format 1: the counter as a chain of paragraphs and flags, the note
# as the fixed paragraph it always holds.
FLAGS = """gamebook: 1
title: C
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, or: 5, equipment: []}
paragraphs:
  1:
    text: Un jour passe.
    effects: [{flag: corbeau}]
    choices:
      - {text: Attendre, to: 11}
      - {text: Partir, to: 2, if: 'flag("j3")'}
  11:
    text: Un jour passe.
    effects: [{flag: j2}]
    choices:
      - {text: Attendre, to: 12}
      - {text: Partir, to: 2, if: 'flag("j3")'}
  12:
    text: Un jour passe.
    effects: [{flag: j3}]
    choices:
      - {text: Attendre, to: 12, if: 'not flag("j3")'}
      - {text: Partir, to: 2}
  2:
    text: La cabane.
    choices:
      - {text: Revenir, to: 12}
      - {text: Finir, to: 3}
  3: {text: Fin., end: victory}
"""


def load(tmp_path, text, name="b.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, display=str(path))
    return loaded


def test_counters_codewords_and_notes_on_the_sheet(monkeypatch, capsys, tmp_path):
    book = str(tmp_path / "b.yaml")
    load(tmp_path, COUNTED)
    assert run(monkeypatch, capsys, ["lint", "--strict", book])[0] == 0
    _, out, _ = run(monkeypatch, capsys, ["play", book, "--seed", "1"], "1\n1\n1\n2\n1\nfiche\n")
    assert "Jours : 2 → 3" in out and "Noté : Retour = 1." in out
    assert "Attendre (impossible" in out           # jours < 3 no longer holds
    sheet = out.rsplit("Feuille d'aventure :", 1)[1]
    assert "Jours" in sheet and "Mots-codes" in sheet and "Corbeau" in sheet and "Retour" in sheet
    assert "— 2 —" in out and out.count("— 1 —") == 4   # note("retour") led back to 1


@pytest.mark.parametrize("change, code, where", [
    ("{add: {jours: 1}}", "counter-out-of-range", ":15:29:"),
    ("{note: retour}", "unknown-note", ":15:"),
    ("{flag: corbeau}", "unknown-stat", ":15:"),
])
def test_bad_counters_and_notes_are_located(monkeypatch, capsys, tmp_path, change, code, where):
    bad = {"{add: {jours: 1}}": "{set: {jours: 9}}", "{note: retour}": "{note: retuor}",
           "{flag: corbeau}": "{add: {jour: 1}}"}[change]
    load(tmp_path, COUNTED.replace(change, bad))
    status, out, _ = run(monkeypatch, capsys, ["lint", str(tmp_path / "b.yaml")])
    line = next(l for l in out.splitlines() if code in l)
    assert status == 1 and where in line
    if code == "unknown-stat":
        assert "did you mean 'jours'" in line


def test_counters_need_format_11(monkeypatch, capsys, tmp_path):
    load(tmp_path, COUNTED.replace("gamebook: 1.1", "gamebook: 1"))
    status, out, _ = run(monkeypatch, capsys, ["lint", str(tmp_path / "b.yaml")])
    assert status == 1 and "b.yaml:6:1: format-1-1" in out


def test_counters_and_notes_are_in_the_explorer_state(tmp_path):
    loaded = load(tmp_path, COUNTED)
    game = Game(loaded.book, loaded.module, SeededDice(1), narrate=False, undo=False)
    before = canonical(game.state)
    assert game.state.extra["counters"] == {"jours": 1} and game.state.paragraph == 1
    game.answer(game.prompt().options[0].key)        # Attendre: back to 1, a day later
    assert game.state.extra["counters"] == {"jours": 2} and game.state.extra["notes"] == {"retour": 1}
    assert canonical(game.state) != before and '"jours":2' in canonical(game.state)


def test_the_explorer_counts_the_days(monkeypatch, capsys, tmp_path):
    load(tmp_path, COUNTED)
    code, out, _ = run(monkeypatch, capsys, ["explore", str(tmp_path / "b.yaml"), "--exhaustive", "--lang", "en"])
    assert code == 0 and "victory: 100.00 %" in out.replace("Best-play probability of ", "")


def walk(loaded, texts):
    """Play choices by their text with seed 4: (texts read, enabled choices seen, end)."""
    game = Game(loaded.book, loaded.module, SeededDice(4), lang="fr")
    read, menus = [], []
    for text in texts:
        read.append(loaded.book.paragraphs[game.state.paragraph].text)
        options = game.prompt().options
        menus.append([o.label.fr for o in options if o.enabled])
        game.answer(next(o.key for o in options if o.enabled and o.label.fr == text))
    return read, menus, game.state.ended, dict(game.state.stats)


def test_a_counter_plays_as_its_chain_of_flags(tmp_path):
    """Conversion: the format-1 workaround and the 1.1 counter, same seed and choices."""
    texts = ["Attendre", "Attendre", "Partir", "Revenir", "Partir", "Finir"]
    new = walk(load(tmp_path, COUNTED, "new.yaml"), texts)
    old = walk(load(tmp_path, FLAGS, "old.yaml"), texts)
    assert new == old and new[2] == "victory"


def test_the_export_words_counters_and_notes(monkeypatch, capsys, tmp_path):
    load(tmp_path, COUNTED)
    target = tmp_path / "b.md"
    assert run(monkeypatch, capsys, ["export", str(tmp_path / "b.yaml"), "--format", "md", "-o", str(target)])[0] == 0
    text = target.read_text(encoding="utf-8").replace("\xa0", " ").replace("\u202f", " ")
    # the names the book declares, not its keys; the way back as a printed book says it
    assert "Ajoutez 1 à votre compte « Jours »" in text
    assert "notez le numéro de ce paragraphe dans la case « Retour »" in text
    assert "notez le mot-code « Corbeau »" in text
    assert "(si votre compte « Jours » est d'au moins 3)" in text
    assert "Revenir : rendez-vous au paragraphe dont vous avez noté le numéro dans la case « Retour »." in text
    assert "note(" not in text
