"""Ways out in words, what a reader's copy keeps secret, and book text that cannot
inject markup into any format."""
from __future__ import annotations

import io
import json

import pypdf

from engine.export import build, html, markdown, typeset
from engine.export.model import runs_text
from engine.export.pdf import compile_pdf

from .conftest import load, write_book

NASTY = '#set page(width: 1cm) <script>alert(1)</script> *bold* ] " \\\\ [x](y) `code` $x$'

BOOK = f"""gamebook: 1
title: {json.dumps("Trials " + NASTY)}
language: en
rules: defis-fantastiques
start: 1
hero: {{equipment: []}}
items:
  key: {{name: Bronze Key}}
paragraphs:
  1:
    text: {json.dumps(NASTY)}
    choices:
      - {{text: Take the key, to: 2, effects: [{{gain: key}}]}}
      - {{text: Open the door, to: 3, if: 'has("key")'}}
      - {{text: Count the stones, to: "here + luck"}}
      - {{text: Jump, to: "here + 20"}}
  2:
    text: You roll.
    random: {{dice: 2d6, outcomes: [{{range: [2, 7], to: 3}}, {{range: [8, 12], to: 21}}]}}
  3:
    text: A trap.
    test: {{type: luck, success: 21, failure: 4}}
  4:
    text: A door.
    choices:
      - {{text: Unlock it, to: 21, if: 'has("key")'}}
      - {{text: Turn back, to: 5, if: 'not has("key")'}}
  5: {{text: You die., end: death}}
  21: {{text: You win., end: victory}}
"""


def _doc(tmp_path, lang=None):
    loaded = load(write_book(tmp_path, BOOK))
    return loaded, build.document(loaded.book, loaded.module, lang)


def _ways(doc, number):
    section = next(s for s in doc.sections if s.number == number)
    return [runs_text(b.runs) for b in section.blocks if getattr(b, "style", "") == "way"]


def test_choices_conditions_and_computed_numbers_in_english(tmp_path):
    _loaded, doc = _doc(tmp_path)
    ways = _ways(doc, 1)
    assert "Take the key (take the item 'Bronze Key'): turn to\u00a02." in ways
    assert "Open the door (if you have the item 'Bronze Key'): turn to\u00a03." in ways
    assert "Jump: turn to\u00a021." in ways                    # here + 20 is known when printing
    computed = next(w for w in ways if w.startswith("Count the stones"))
    assert "this paragraph's number plus your Luck" in computed
    assert not any(ch.isdigit() for ch in computed)       # the reader computes it: no number given


def test_tests_and_random_branches_are_instructions(tmp_path):
    _loaded, doc = _doc(tmp_path)
    assert _ways(doc, 2) == ["Roll two dice.", "From 2 to 7: turn to\u00a03.", "From 8 to 12: turn to\u00a021."]
    assert _ways(doc, 3) == ["Test your Luck.", "If you are Lucky, turn to\u00a021.",
                             "If you are Unlucky, turn to\u00a04."]


def test_french_wording_and_typography(tmp_path):
    _loaded, doc = _doc(tmp_path, "fr")
    ways = _ways(doc, 1)
    assert "Open the door (si vous possédez l'objet «\u00a0Bronze Key\u00a0»)\u00a0: rendez-vous au\u00a03." in ways
    assert _ways(doc, 3)[1] == "Si vous êtes Chanceux, rendez-vous au\u00a021."


def test_complementary_conditions_read_otherwise(tmp_path):
    _loaded, doc = _doc(tmp_path)
    assert _ways(doc, 4) == ["If you have the item 'Bronze Key', turn to\u00a021. Otherwise, turn to\u00a05."]
    _loaded, doc = _doc(tmp_path, "fr")
    assert _ways(doc, 4) == ["Si vous possédez l'objet «\u00a0Bronze Key\u00a0», rendez-vous au\u00a021. "
                             "Sinon, rendez-vous au\u00a05."]


def test_book_text_cannot_inject_markup(tmp_path):
    _loaded, doc = _doc(tmp_path)
    page = html.render(doc)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    md = markdown.render(doc)
    assert "<script>" not in md and "\\*bold\\*" in md and "\\[x\\](y)" in md
    markup = typeset.render(doc)
    reader = pypdf.PdfReader(io.BytesIO(compile_pdf(markup)))
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "#set page(width: 1cm)" in text and "alert(1)" in text   # printed, not run
    assert reader.pages[0].mediabox.width > 300                     # the page kept its A5 width


def test_the_rules_summary_is_the_module_s_in_the_book_s_language():
    from .conftest import BOOKS
    for path in BOOKS:
        loaded = load(path)
        fr = build.document(loaded.book, loaded.module, "fr")
        en = build.document(loaded.book, loaded.module, "en")
        assert fr.front[0][0] == "Règles du jeu" and en.front[0][0] == "How to play"
        default = build.document(loaded.book, loaded.module).front[0][0]
        assert default == ("How to play" if loaded.book.language == "en" else "Règles du jeu")
        fr_text = " ".join(runs_text(b.runs) for b in fr.front[0][1])
        en_text = " ".join(runs_text(b.runs) for b in en.front[0][1])
        assert "commence au paragraphe 1" in fr_text and "begins at paragraph 1" in en_text
        assert fr_text != en_text and len(fr.front[0][1]) >= 4


CRETAN = """gamebook: 1
title: Oracle
rules: chroniques-cretoises
start: 1
paragraphs:
  1:
    oracle: true
    text: Un temple.
    choices:
      - {text: Entrer, to: 2}
      - {text: Consulter l'Oracle, to: "here + 20"}
  2: {text: Victoire., end: victory}
  21: {text: Un secret., choices: [{text: Sortir, to: 2}]}
"""


def test_the_oracle_s_jump_is_never_printed_even_written_as_a_choice(tmp_path):
    loaded = load(write_book(tmp_path, CRETAN))
    doc = build.document(loaded.book, loaded.module)
    first = next(s for s in doc.sections if s.number == 1)
    assert first.italic
    assert _ways(doc, 1) == ["Entrer\u00a0: rendez-vous au\u00a02."]
    page = html.render(doc)
    assert 'href="#p21"' not in page and 'id="p21"' in page     # printed, never pointed at
