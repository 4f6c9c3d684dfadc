"""Numbers the player computes (`puzzle:`, format 1.1): lint, play, graph, export,
explorer, and the format-1 workaround (one choice per number) played the same."""
from __future__ import annotations

import pytest

from engine.analysis.explore.moves import all_moves
from engine.game.dice import SeededDice
from engine.game import Game
from tests.format11.test_counters import load, walk
from tests.format11.test_frontmatter import run

BOOK = """gamebook: 1.1
title: Cle
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, or: 5, equipment: []}
paragraphs:
  1:
    text: Ajoutez 26 au nombre grave sur la cle.
    puzzle: {answers: [38, 40], wrong: 2}
    choices:
      - {text: Renoncer, to: 2}
  2: {text: Perdu., end: death}
  38: {text: La porte s'ouvre., end: victory}
  40: {text: La trappe s'ouvre., end: victory}
"""


def book(tmp_path, text=BOOK):
    load(tmp_path, text)
    return str(tmp_path / "b.yaml")


@pytest.mark.parametrize("typed, where", [("38", "— 38 —"), ("40", "— 40 —"), ("12", "— 2 —")])
def test_a_typed_number_leads_to_its_answer_or_to_wrong(monkeypatch, capsys, tmp_path, typed, where):
    path = book(tmp_path)
    assert run(monkeypatch, capsys, ["lint", "--strict", path])[0] == 0
    _, out, _ = run(monkeypatch, capsys, ["play", path, "--seed", "1"], f"2 {typed}\n")
    assert "2. Aller au paragraphe dont vous avez trouvé le numéro\n" in out and where in out


def test_the_repl_asks_for_the_number_found(monkeypatch, capsys, tmp_path):
    _, out, _ = run(monkeypatch, capsys, ["play", book(tmp_path), "--seed", "1"], "2\n40\n")
    assert "Quel numéro de paragraphe avez-vous trouvé ?" in out and "— 40 —" in out


@pytest.mark.parametrize("bad, line", [("answers: [38, 40]", ":9:24:"), ("answers: []", ":9:13:")])
def test_an_answer_no_paragraph_has_is_located(monkeypatch, capsys, tmp_path, bad, line):
    path = book(tmp_path, BOOK.replace("answers: [38, 40]", bad.replace("38", "39")))
    code, out, _ = run(monkeypatch, capsys, ["lint", path])
    found = [l for l in out.splitlines() if "puzzle-no-answer" in l]
    assert code == 1 and len(found) == 1 and line in found[0] and "unknown-target" not in out


def test_a_puzzle_needs_format_11(monkeypatch, capsys, tmp_path):
    path = book(tmp_path, BOOK.replace("gamebook: 1.1", "gamebook: 1"))
    code, out, _ = run(monkeypatch, capsys, ["lint", path])
    assert code == 1 and "b.yaml:9:5: format-1-1" in out


@pytest.mark.parametrize("fmt, secret", [("dot", 'p1 -> p38 [label="puzzle: ?", style=dashed]'),
                                         ("mermaid", "-.->")])
def test_the_graph_draws_secret_links(monkeypatch, capsys, tmp_path, fmt, secret):
    _, out, _ = run(monkeypatch, capsys, ["graph", book(tmp_path), "--format", fmt])
    assert secret in out and "38" in out and "40" in out


def test_the_export_does_not_print_the_answers(monkeypatch, capsys, tmp_path):
    target = tmp_path / "b.md"
    assert run(monkeypatch, capsys, ["export", book(tmp_path), "--format", "md", "-o", str(target)])[0] == 0
    text = target.read_text(encoding="utf-8")
    assert "(#p38)" not in text and "(#p40)" not in text and "### 38" in text


def test_the_explorer_tries_the_answers_and_one_wrong_number(monkeypatch, capsys, tmp_path):
    loaded = load(tmp_path, BOOK)
    game = Game(loaded.book, loaded.module, SeededDice(1), narrate=False, undo=False)
    assert [(m.key, m.amount) for m in all_moves(game, False)] == [("1", None), ("2", 38), ("2", 40), ("2", 1)]
    code, out, _ = run(monkeypatch, capsys, ["explore", str(tmp_path / "b.yaml"), "--exhaustive", "--lang", "en"])
    assert code == 0 and "EXACT" in out and "100.00 %" in out
    code, out, _ = run(monkeypatch, capsys, ["explore", str(tmp_path / "b.yaml"), "--lang", "en"])
    assert "victory at § 38" in out and "victory at § 40" in out and "death at § 2" in out


def test_a_typed_number_plays_as_the_format_1_choice_list(tmp_path):
    """Conversion: the workaround gave the answer away as a choice; same game otherwise."""
    old = BOOK.replace("gamebook: 1.1", "gamebook: 1").replace(
        "    puzzle: {answers: [38, 40], wrong: 2}\n", "").replace(
        "      - {text: Renoncer, to: 2}\n", "      - {text: Renoncer, to: 2}\n      - {text: '38', to: 38}\n")
    new_game = load(tmp_path, BOOK, "new.yaml")
    game = Game(new_game.book, new_game.module, SeededDice(4), lang="fr")   # walk's seed
    game.answer("2", 38)
    _, _, ended, stats = walk(load(tmp_path, old, "old.yaml"), ["38"])
    assert (game.state.paragraph, game.state.ended, dict(game.state.stats)) == (38, "victory", stats)
    assert ended == "victory"
