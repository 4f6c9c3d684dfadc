"""Save fingerprints follow a paragraph's content, not its YAML place; older saves
(version 1 fingerprints) still load and still tell an edited paragraph."""
from __future__ import annotations

from engine.game import Game
from engine.lint.loader import load_book
from engine.saves.digest import legacy_paragraph_digest, paragraph_digest
from engine.saves.store import restore, snapshot
from engine.game.dice import SeededDice

from .test_names import NAMED, _load


def _game(loaded):
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.answer(next(o.key for o in game.prompt().options if o.label.en == "In"))
    return game


def test_the_fingerprint_ignores_where_and_how_a_paragraph_is_keyed(tmp_path):
    named = _load(tmp_path, NAMED).book
    moved = _load(tmp_path, NAMED.replace("  hall:\n    number: 40\n", "  40:\n").replace("to: hall", "to: 40")).book
    assert named.paragraphs[40].path != moved.paragraphs[40].path
    assert paragraph_digest(named.paragraphs[40]) == paragraph_digest(moved.paragraphs[40])
    edited = _load(tmp_path, NAMED.replace("A hall.", "A great hall.")).book
    assert paragraph_digest(edited.paragraphs[40]) != paragraph_digest(named.paragraphs[40])


def _warnings(loaded, saved):
    return [w.en for w in restore(loaded.book, loaded.module, saved)[1]]


def test_an_old_save_with_a_version_1_fingerprint_still_loads(tmp_path):
    before = _load(tmp_path, NAMED)
    saved = snapshot(_game(before))
    saved["meta"] = {"title": "Names", "paragraph_digest": legacy_paragraph_digest(before.book.paragraphs[40])}
    saved["book"]["hash"] = "an older file"
    assert _warnings(before, saved) == ["the book was edited since this save"]
    edited = _load(tmp_path, NAMED.replace("A hall.", "A great hall."))
    assert _warnings(edited, saved) == ["the book was edited since this save",
                                        "paragraph 40, where you are, has changed"]


def test_an_edit_elsewhere_still_says_the_book_was_edited(tmp_path):
    saved = snapshot(_game(_load(tmp_path, NAMED)))
    edited = _load(tmp_path, NAMED.replace("A tower.", "A tall tower."))
    assert _warnings(edited, saved) == ["the book was edited since this save"]


def test_renumber_writes_the_id_a_book_without_one_had_and_says_so(tmp_path, capsys):
    from engine.cli import main
    named = tmp_path / "my-book.yaml"
    named.write_text(NAMED, encoding="utf-8")
    before = load_book(named, use_cache=False)
    saved = snapshot(_game(before))
    out = tmp_path / "printed.yaml"
    assert main(["renumber", str(named), "-o", str(out), "--lang", "en"]) == 0
    assert "'id: my-book' (its file name) is written" in capsys.readouterr().err
    after = load_book(out, use_cache=False)
    assert after.ok and after.book.id == "my-book"
    assert restore(after.book, after.module, saved)[1] == []
    assert main(["renumber", str(out), "-o", str(tmp_path / "again.yaml")]) == 0
    assert "id:" not in capsys.readouterr().err                 # it has one now: nothing said


def test_a_choice_made_once_only_or_an_action_changes_the_fingerprint(tmp_path):
    """`once:` (1.1) and `stay:` (1.2) change what the choice does in play, so a save
    resumed after either was set must hear that its paragraph changed."""
    plain = _load(tmp_path, NAMED).book.paragraphs[7]
    once = _load(tmp_path, NAMED.replace("{text: Down, to: gate}", "{text: Down, to: gate, once: true}"))
    assert once.ok and paragraph_digest(once.book.paragraphs[7]) != paragraph_digest(plain)
    acting = NAMED.replace("gamebook: 1.1", "gamebook: 1.2").replace(
        "{text: Down, to: gate}", "{text: Down, to: gate}, {text: Ring, stay: true, effects: [{add: {chance: -1}}]}")
    without = NAMED.replace("gamebook: 1.1", "gamebook: 1.2").replace(
        "{text: Down, to: gate}", "{text: Down, to: gate}, {text: Ring, to: 7, effects: [{add: {chance: -1}}]}")
    stays, moves = _load(tmp_path, acting), _load(tmp_path, without)
    assert stays.ok, [d.message.en for d in stays.diagnostics]
    assert paragraph_digest(stays.book.paragraphs[7]) != paragraph_digest(moves.book.paragraphs[7])
