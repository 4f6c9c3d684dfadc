"""`read-before-written`: a note, or a counter without `start:`, read where some way
from the start has written nothing yet (engine/lint/unwritten.py), located at the read."""
from __future__ import annotations

import textwrap

from engine.lint.loader import load_book

HEAD = """\
gamebook: 1.1
title: Notes
rules: defis-fantastiques
start: 1
hero: {equipment: []}
counters:
  jours: {name: Jours, max: 5}
  or2: {name: Or, start: 2}
notes:
  retour: {name: Paragraphe à retrouver}
"""
CROSSROADS = """\
paragraphs:
  1:
    text: Le carrefour.
    choices:
      - {text: Camp, to: 2}
      - {text: Passeur, to: 3}
  2:
    text: Un jour passe au campement.
    effects: [{add: {jours: 1}}, {note: retour}]
    choices: [{text: Passeur, to: 3}]
  3:
    text: La cabane du passeur.
    choices:
      - {text: Revenir, to: 'note("retour")'}
      - {text: Traverser, to: 4, if: 'jours >= 1 and or2 > 0'}
  4: {text: Vous passez le gué., end: victory}
"""


def warnings(tmp_path, body: str) -> list[tuple[int, int, str]]:
    path = tmp_path / "notes.yaml"
    path.write_text(HEAD + textwrap.dedent(body), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    return [(d.span.line + 1, d.span.col + 1, d.message.en) for d in loaded.diagnostics
            if d.code == "read-before-written"]


def test_a_way_that_skips_the_writer_is_reported_at_each_read(tmp_path):
    found = warnings(tmp_path, CROSSROADS)
    assert [(line, col) for line, col, _ in found] == [(24, 35), (25, 39)]   # note("retour"), then jours
    assert "note 'retour'" in found[0][2] and "on the way 1 → 3" in found[0][2]
    assert "counter 'jours'" in found[1][2]   # or2 has a start: never reported


def test_no_warning_when_every_way_writes_first(tmp_path):
    assert warnings(tmp_path, CROSSROADS.replace("      - {text: Passeur, to: 3}\n", "")) == []


def test_a_choice_or_a_random_outcome_that_writes_on_the_way_counts(tmp_path):
    by_choice = CROSSROADS.replace("{text: Passeur, to: 3}\n  2:",
                                   "{text: Passeur, to: 3, effects: [{note: retour}, {set: {jours: 1}}]}\n  2:")
    assert warnings(tmp_path, by_choice) == []
    by_roll = CROSSROADS.replace("""\
    choices:
      - {text: Camp, to: 2}
      - {text: Passeur, to: 3}
""", """\
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 3], to: 2}
        - {range: [4, 6], to: 3, effects: [{note: retour}]}
""")
    assert [m.split(" is")[0] for _, _, m in warnings(tmp_path, by_roll)] == ["counter 'jours'"]


def test_a_paragraph_that_writes_on_entry_may_read_it(tmp_path):
    body = CROSSROADS.replace("text: La cabane du passeur.\n",
                              "text: La cabane du passeur.\n    effects: [{note: retour}, {add: {jours: 1}}]\n")
    assert warnings(tmp_path, body) == []
