"""Format 1.1 on the printed Adventure Sheet: a box for each counter (start, bounds),
a tick box for each codeword, a box for each note, named as the effects name them;
the HTML and the PDF (its text read back) carry them. And the REPL sheet names the
items a paragraph gives even while a give-up waits (Défis Fantastiques)."""
from __future__ import annotations

import io

import pypdf

from engine.game.dice import SeededDice
from engine.export import build, html, markdown, typeset
from engine.export.pdf import compile_pdf
from engine.game import Game
from engine.lint.loader import load_book
from engine.game.presets import Preset

BOOK = """\
gamebook: 1.1
title: Les Trois Jours
rules: defis-fantastiques
start: 1
hero: {equipment: [epee]}
items:
  epee: {name: Épée, weapon: {damage: 2}}
  lanterne: {name: Lanterne sourde}
counters:
  jours: {name: Jours, min: 0, max: 3}
  renom: {name: Renommée, start: 2}
codewords:
  corbeau: {name: Corbeau}
notes:
  retour: {name: Paragraphe à retrouver}
paragraphs:
  1:
    text: Un jour passe au campement.
    effects: [{add: {jours: 1}}, {flag: corbeau}, {note: retour}]
    choices:
      - {text: Attendre encore, to: 1, if: 'jours < 3'}
      - {text: Partir, to: 2, if: 'jours >= 3 and flag("corbeau") and renom > 0'}
  2:
    text: Une cache.
    effects: [{gain: lanterne}, {give_up: 1}]
    choices:
      - {text: Revenir au campement, to: 'note("retour")'}
      - {text: Traverser, to: 3, if: 'flag("corbeau")'}
  3: {text: Vous passez le gué., end: victory}
"""


def loaded(tmp_path):
    path = tmp_path / "jours.yaml"
    path.write_text(BOOK, encoding="utf-8")
    result = load_book(path, use_cache=False)
    assert not [d for d in result.diagnostics if d.severity.value == "error"], result.diagnostics
    return result


def test_the_sheet_has_the_counters_codewords_and_notes(tmp_path):
    book = loaded(tmp_path)
    doc = build.document(book.book, book.module, "en")
    md = markdown.render(doc)
    for label in ("Jours (start 0, from 0 to 3)", "Renommée (start 2)", "| Corbeau | ☐ |",
                  "Paragraphe à retrouver — paragraph number"):
        assert label in md, label
    assert "Add 1 to your 'Jours' count" in md and "the codeword 'Corbeau'" in md
    assert "in the box 'Paragraphe à retrouver'" in md   # the effect names the box printed
    assert "you have noted the codeword 'Corbeau'" in md   # so does a condition
    page = html.render(doc)
    assert "<h3>Counters</h3>" in page and "<td>Corbeau</td><td>☐</td>" in page


def test_the_pdf_sheet_prints_them(tmp_path):
    book = loaded(tmp_path)
    pdf = pypdf.PdfReader(io.BytesIO(compile_pdf(typeset.render(build.document(book.book, book.module, "fr")))))
    sheet = next(p.extract_text() for p in pdf.pages if "Feuille d'Aventure" in p.extract_text())
    for label in ("Compteurs", "Jours (départ 0, de 0 à 3)", "Mots-codes", "Corbeau", "Notes de paragraphes"):
        assert label in sheet, label


def test_the_repl_sheet_names_an_item_given_before_a_give_up(tmp_path):
    book = loaded(tmp_path)
    g = Game(book.book, book.module, SeededDice(1), lang="fr", preset=Preset(start=2))
    assert g.prompt().kind == "give-up"
    assert dict(book.module.sheet(g.state, "fr"))["Équipement"] == "Lanterne sourde"
