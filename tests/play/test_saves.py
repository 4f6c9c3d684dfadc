"""Saves: round trip, schema, atomic slots, damaged files, edited books."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.saves import store as saves
from engine.saves.schema import SCHEMA
from engine.game.state import GameState
from tests.fixtures.env import BOOKS
from tests.play.helpers import load, new_game

NAMES = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=8)
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=8)
STATES = st.builds(
    GameState, book_id=NAMES, book_hash=st.text("0123456789abcdef", min_size=1, max_size=64),
    rules=NAMES, paragraph=st.integers(0, 10**6),
    stats=st.dictionaries(NAMES, st.integers(-999, 999), max_size=4),
    initial=st.dictionaries(NAMES, st.integers(-999, 999), max_size=4),
    items=st.dictionaries(NAMES, st.integers(1, 99), max_size=4),
    flags=st.sets(NAMES, max_size=4), visits=st.dictionaries(st.integers(1, 10**6), st.integers(1, 50), max_size=5),
    extra=st.dictionaries(NAMES, JSON, max_size=3),
    pending=st.none() | st.dictionaries(NAMES, JSON, max_size=3),
    ended=st.sampled_from([None, "death", "victory"]), death_cause=st.none() | NAMES,
    dice=st.builds(lambda s, d: {"kind": "seeded", "seed": s, "draws": d}, st.integers(0, 10**6), st.integers(0, 99)),
    history=st.lists(st.builds(lambda n: {"paragraph": n}, st.integers(1, 999)), max_size=5),
    lives=st.integers(1, 9), rules_version=st.text(max_size=4))


@settings(max_examples=150, deadline=None)
@given(STATES)
def test_save_load_save_is_the_identity(state):
    once = state.to_json()
    text = json.dumps(once, ensure_ascii=False)
    again = GameState.from_json(json.loads(text)).to_json()
    assert again == once
    assert saves._schema_problem(once) is None


def test_schema_file_is_current():
    path = Path(__file__).parents[2] / "schemas" / "save.schema.json"
    assert json.loads(path.read_text(encoding="utf-8")) == SCHEMA


def test_slot_write_read_and_list(tmp_path):
    game = new_game(seed=5)
    game.answer("1")
    store = saves.SaveStore("mini", tmp_path)
    path, kept = store.write("un", saves.snapshot(game))
    assert kept is None and path.name == "un.json" and store.slots() == ["un"]
    restored, warnings = saves.restore(game.book, game.module, store.read("un"))
    assert warnings == [] and restored.save() == game.save()
    restored.answer("roll")
    game.answer("roll")
    assert restored.save() == game.save()      # a reloaded seeded game rolls the same


@pytest.mark.parametrize("content", [b"{\"version\": 1, \"bo", b"\xff\xfe", b"[1, 2]",
                                     b'{"version": 1, "book": {"id": "mini"}}', b'{"hello": "world"}'])
def test_damaged_or_foreign_files_are_reported_and_kept(tmp_path, content):
    store = saves.SaveStore("mini", tmp_path)
    store.dir.mkdir(parents=True)
    (store.dir / "x.json").write_bytes(content)
    with pytest.raises(saves.SaveError) as exc:
        store.read("x")
    assert "x.json" in exc.value.message.en
    path, kept = store.write("x", saves.snapshot(new_game()))
    assert kept is not None and kept.read_bytes() == content
    store.read("x")


def test_newer_version_is_refused_clearly(tmp_path):
    obj = saves.snapshot(new_game())
    obj["version"] = 99
    with pytest.raises(saves.SaveError) as exc:
        saves.parse(json.dumps(obj).encode(), "s.json")
    assert "newer version" in exc.value.message.en


def test_bad_slot_name_is_refused(tmp_path):
    with pytest.raises(saves.SaveError):
        saves.SaveStore("mini", tmp_path).path("../evil")


def _edited(tmp_path, *changes: tuple[str, str]):
    text = (BOOKS / "mini.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "mini.yaml"
    path.write_text(text, encoding="utf-8")
    return load(path=path)


def _saved_at(paragraph_choice: str | None = None) -> dict:
    game = new_game(faces=[6])
    if paragraph_choice:
        game.answer(paragraph_choice)
    return saves.snapshot(game)


def test_edited_book_loads_with_warnings(tmp_path):
    obj = _saved_at()
    edited = _edited(tmp_path, ("Vous êtes à l'entrée", "Vous voici à l'entrée"))
    game, warnings = saves.restore(edited.book, edited.module, obj)
    texts = [w.en for w in warnings]
    assert texts == ["the book was edited since this save", "paragraph 1, where you are, has changed"]
    assert game.state.paragraph == 1


def test_edited_book_without_the_saved_paragraph_is_refused(tmp_path):
    obj = _saved_at("3")   # at paragraph 4
    edited = _edited(tmp_path, ("  4:\n", "  40:\n"), ("here + 3", "here + 39"))
    with pytest.raises(saves.SaveError) as exc:
        saves.restore(edited.book, edited.module, obj)
    assert "paragraph 4 no longer exists" in exc.value.message.en


def test_unknown_item_other_book_and_other_rules_are_refused():
    loaded = load()
    obj = _saved_at()
    for change, expected in [(lambda o: o["items"].update(sabre=1), "items no longer known: sabre"),
                             (lambda o: o["book"].update(id="autre"), "belongs to the book 'autre'"),
                             (lambda o: o.update(rules="defis-fantastiques"), "the rules changed")]:
        broken = json.loads(json.dumps(obj))
        broken["book"]["hash"] = "different"
        change(broken)
        with pytest.raises(saves.SaveError) as exc:
            saves.restore(loaded.book, loaded.module, broken)
        assert expected in exc.value.message.en
