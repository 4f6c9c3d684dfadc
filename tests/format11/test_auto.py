"""Format 1.1: `auto:`, the ways out a paragraph's conditions choose (a jump, a death
or a victory), played, drawn and explored (the format-1 workaround played the same:
test_conversion.py)."""
from __future__ import annotations

import json

from engine.cli import main

from .f11_helpers import codes, game, load, where

ALTAR = """\
paragraphs:
  1:
    text: Une salle. Un orbe luit sur l'autel.
    choices:
      - {text: Prendre l'orbe, to: 2, effects: [{gain: orbe}]}
      - {text: Passer, to: 2}
"""
AUTO_11 = ALTAR + """\
  2:
    text: Le gardien. Si vous avez l'orbe, rendez-vous au 3 ; sinon, votre aventure s'arrête ici.
    auto:
      - {if: 'has("orbe")', to: 3, effects: [{lose: orbe}]}
    end: death
  3: {text: Le gardien s'incline., end: victory}
"""


def test_the_book_chooses_the_way_out(tmp_path):
    g = game(tmp_path, AUTO_11)
    g.answer("1")
    assert g.state.ended == "victory" and g.state.paragraph == 3 and "orbe" not in g.state.items
    g = game(tmp_path, AUTO_11)
    g.answer("2")
    assert g.state.ended == "death" and g.state.paragraph == 2


def test_a_conditional_victory_or_death_without_an_extra_paragraph(tmp_path):
    body = AUTO_11.replace("""      - {if: 'has("orbe")', to: 3, effects: [{lose: orbe}]}
    end: death""", """      - {if: 'has("orbe")', end: victory}
      - {end: death}""")
    g = game(tmp_path, body)
    g.answer("1")
    assert (g.state.ended, g.state.paragraph) == ("victory", 2)
    assert "unreachable" in codes(load(tmp_path, body))   # 3 is no longer linked


def test_auto_in_a_format_1_book_is_located(tmp_path):
    loaded = load(tmp_path, AUTO_11, version="1")
    assert where(loaded, "format-1-1") == (21, 5)


def test_auto_without_default_and_no_other_way_out(tmp_path):
    loaded = load(tmp_path, AUTO_11.replace("    end: death\n", ""))
    assert "auto-no-default" in codes(loaded)
    assert where(loaded, "auto-no-default") == (21, 5)
    assert "dead-end" not in codes(loaded)


def test_an_automatic_jump_needs_to_or_end(tmp_path):
    loaded = load(tmp_path, AUTO_11.replace("to: 3, effects", "effects"))
    assert "auto-shape" in codes(loaded) and where(loaded, "auto-shape")[0] == 22


def test_auto_to_an_unknown_paragraph(tmp_path):
    assert "unknown-target" in codes(load(tmp_path, AUTO_11.replace("to: 3,", "to: 9,")))


def test_the_graph_draws_automatic_jumps(tmp_path, capsys):
    load(tmp_path, AUTO_11)
    assert main(["graph", str(tmp_path / "livre.yaml")]) == 0
    dot = capsys.readouterr().out
    assert "p2 -> p3" in dot and "auto" in dot


def test_the_explorer_plays_automatic_jumps(tmp_path, capsys):
    load(tmp_path, AUTO_11)
    book = str(tmp_path / "livre.yaml")
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", book]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["victory"]["low"] == 1.0 and report["reached"] == [1, 2, 3]
    main(["explore", "--runs", "40", "--jobs", "1", "--lang", "en", book])
    out = capsys.readouterr().out
    assert "death at § 2" in out and "victory at § 3" in out


def test_an_automatic_ending_is_drawn_and_counted(tmp_path, capsys):
    from engine.book.model import book_endings
    body = AUTO_11.replace("""      - {if: 'has("orbe")', to: 3, effects: [{lose: orbe}]}
    end: death""", """      - {if: 'has("orbe")', to: 3}
      - {end: death}""")
    assert book_endings(load(tmp_path, body).book) == {2: "death", 3: "victory"}
    assert main(["graph", str(tmp_path / "livre.yaml")]) == 0
    assert 'p2 [label="2\\ndeath"' in capsys.readouterr().out


def test_renumbering_follows_automatic_jumps(tmp_path, capsys):
    body = AUTO_11.replace("if: 'has(\"orbe\")'", "if: 'has(\"orbe\") and not visited(3)'")
    body = body.replace("      - {text: Passer, to: 2}\n", "      - {text: Passer, to: 2}\n"
                        "      - {text: Fuir, to: 4}\n      - {text: Sauter, to: 5}\n")
    body += "  4: {text: Un piège., end: death}\n  5: {text: Un gouffre., end: death}\n"
    load(tmp_path, body)
    out = tmp_path / "renumerote.yaml"
    assert main(["renumber", "--shuffle", "--seed", "3", "-o", str(out), str(tmp_path / "livre.yaml")]) == 0
    capsys.readouterr()
    from engine.lint.loader import load_book
    renumbered = load_book(out, use_cache=False)
    assert renumbered.ok, [d.message.en for d in renumbered.diagnostics]
    book = renumbered.book
    victory = next(n for n, p in book.paragraphs.items() if p.end == "victory")
    jump = next(a for p in book.paragraphs.values() for a in p.auto)
    assert victory != 3   # the victory comes last: moved
    assert jump.target == victory and f"visited({victory})" in jump.condition.text


def test_the_export_prints_automatic_jumps(tmp_path):
    body = AUTO_11.replace("""      - {if: 'has("orbe")', to: 3, effects: [{lose: orbe}]}
    end: death""", """      - {if: 'has("orbe")', to: 3}
      - {end: death}""")
    load(tmp_path, body)
    assert main(["export", "--format", "md", "-o", str(tmp_path / "livre.md"), str(tmp_path / "livre.yaml")]) == 0
    md = (tmp_path / "livre.md").read_text(encoding="utf-8").replace("\xa0", " ")
    assert "Si vous possédez l'objet « Orbe », rendez-vous au [3](#p3)." in md
    assert "Sinon, votre aventure se termine ici." in md
