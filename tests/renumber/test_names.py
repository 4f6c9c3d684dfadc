"""Format 1.1: paragraphs keyed by name, `number:` pins, `to:`/`start:` naming a
paragraph, and the located errors when a name is wrong."""
from __future__ import annotations

from engine.lint.loader import load_book

NAMED = """gamebook: 1.1
title: Names
language: en
rules: defis-fantastiques
start: gate
hero: {equipment: []}
paragraphs:
  gate:
    text: A gate.
    choices:
      - {text: In, to: hall}
      - {text: Up, to: 7}
  hall:
    number: 40
    text: A hall.
    random: {dice: 1d6, outcomes: [{range: [1, 3], to: gate}, {range: [4, 6], to: end}]}
  7: {text: A tower., choices: [{text: Down, to: gate}]}
  end: {text: Won., end: victory}
"""


def _load(tmp_path, text):
    path = tmp_path / "b.yaml"
    path.write_text(text, encoding="utf-8")
    return load_book(path, use_cache=False)


def test_names_get_numbers_pins_and_free_ones_in_order(tmp_path):
    loaded = _load(tmp_path, NAMED)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    book = loaded.book
    assert sorted(book.paragraphs) == [1, 2, 7, 40]
    assert book.start == 1
    gate = book.paragraphs[1]
    assert [c.target for c in gate.choices] == [40, 7]
    assert [o.target for o in book.paragraphs[40].random.outcomes] == [1, 2]
    assert book.paragraphs[2].end == "victory" and "number" not in book.paragraphs[40].fields


def test_an_unknown_name_is_a_located_error_with_a_suggestion(tmp_path):
    loaded = _load(tmp_path, NAMED.replace("to: hall}", "to: hal}"))
    errors = [d for d in loaded.diagnostics if d.code == "unknown-paragraph-name"]
    assert len(errors) == 1 and errors[0].span.line + 1 == 11
    assert "'hall'" in errors[0].message.en
    assert not [d for d in loaded.diagnostics if d.code == "unknown-name"]


def test_names_need_format_1_1_and_pins_must_be_free(tmp_path):
    old = _load(tmp_path, NAMED.replace("gamebook: 1.1", "gamebook: 1"))
    assert "paragraph-name-format" in {d.code for d in old.diagnostics}
    clash = _load(tmp_path, NAMED.replace("number: 40", "number: 7"))
    assert "pinned-number-clash" in {d.code for d in clash.diagnostics}


def test_format_1_books_are_unchanged(tmp_path):
    from pathlib import Path
    for path in sorted((Path(__file__).resolve().parents[2] / "books").glob("*.yaml")):
        loaded = load_book(path, use_cache=False)
        assert loaded.ok and all(isinstance(n, int) for n in loaded.book.paragraphs)


def test_a_named_book_from_the_cache_is_the_same(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "b.yaml"
    path.write_text(NAMED, encoding="utf-8")
    first, again = load_book(path), load_book(path)
    assert again.from_cache and not first.from_cache
    assert again.book.paragraphs == first.book.paragraphs and again.book.start == first.book.start


def test_an_unknown_name_in_a_random_outcome_is_reported_not_a_crash(tmp_path):
    loaded = _load(tmp_path, NAMED.replace("to: end}", "to: ende}"))
    errors = [d for d in loaded.diagnostics if d.code == "unknown-paragraph-name"]
    assert len(errors) == 1 and "'end'" in errors[0].message.en
