"""The book's values kept by `explore --exhaustive` (engine/analysis/explore/values.py)
and read back by play (engine/analysis/book_values.py).

The book (tests/analysis/books/book-values.yaml), worked out by hand.  The hero: Skill 7, Stamina 4,
Luck 7, a sword (2 damage).
* § 5, the ford: a Luck test, 2d6 <= 7 wins (§ 3, victory), else death: 21 of the 36
  rolls, 7/12 = 58.33 %.
* § 2, the wolf (Skill 7, Stamina 2, 2 damage, no Luck in this fight): the same Skill,
  so a round that is not a tie is won or lost with 1/2 each; one wound kills the
  wolf, two kill the hero: he wins unless he loses the first two rounds that count,
  1 - 1/4 = 3/4 = 75 %.  Escaping (2 Stamina) leads to § 6, whose only way is death:
  0 % for the book, though it survives this fight 100 % (the fight-only advice).
* § 1: the wolf's track 75 %, the ford 58.33 %: the start is worth 3/4.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.analysis.book_values import BookValues
from engine.analysis.explore import values
from engine.analysis.explore.report import exhaustive
from engine.game import Game
from engine.game.dice import SeededDice
from engine.lint.loader import load_book

BOOK = Path(__file__).parent / "books" / "book-values.yaml"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    return tmp_path / "cache" / "values"


def _explored(path=BOOK):
    loaded = load_book(path, use_cache=False)
    report = exhaustive(loaded.book, loaded.module, sheet=1, keep=True)
    return loaded, report


def _game(loaded, seed=1):
    return Game(loaded.book, loaded.module, SeededDice(seed), lang="en")


def test_a_complete_exploration_keeps_every_state_and_the_exact_start(cache):
    loaded, report = _explored()
    assert report["exact"] == "3/4"
    assert Path(report["values"]).parent == cache
    [table], warnings = values.load(loaded.book, loaded.module)
    assert warnings == []
    assert len(table.keys) == report["states"] and list(table.keys) == sorted(table.keys)
    assert table.start == "3/4" and table.sheet == 1
    assert table.paragraphs[6][2] is True and table.paragraphs[1][2] is False   # § 6 doomed, § 1 not
    assert table.route[1] == 0.75


def test_no_store_and_no_cache_keep_nothing(cache, monkeypatch):
    loaded = load_book(BOOK, use_cache=False)
    assert "values" not in exhaustive(loaded.book, loaded.module, sheet=1)
    assert not cache.exists()
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    assert exhaustive(loaded.book, loaded.module, sheet=1, keep=True)["values"] is None


def test_play_reads_the_value_of_its_state_and_of_each_move(cache):
    loaded, _ = _explored()
    book = BookValues(loaded.book, loaded.module)
    game = _game(loaded)
    here, moves = book.moves(game)
    assert here == 0.75
    assert [(m.text, m.value) for m in moves] == [("1", 0.75), ("2", 7 / 12)]
    game.answer("1")   # the wolf: escaping survives the fight but dooms the book
    here, moves = book.moves(game)
    assert here == 0.75 and dict(moves) == {"escape": 0.0, "~no-luck": 0.75}


def test_a_state_of_another_sheet_finds_its_value_when_it_projects_onto_an_explored_one(cache):
    loaded, _ = _explored()
    book = BookValues(loaded.book, loaded.module)
    game = _game(loaded, seed=99)   # (fixed stats: every seed rolls the same hero; gold is forgotten)
    game.state.stats["or"] = 40
    assert book.value(game.state)[0] == 0.75
    game.state.stats["chance"] = 3   # a Luck no exploration met: no value
    assert book.value(game.state) is None


def test_an_edited_book_reads_no_old_values_and_says_why_once(cache, tmp_path):
    _explored()
    edited = tmp_path / "edited.yaml"
    edited.write_text(BOOK.read_text(encoding="utf-8").replace("habilete: 7, endurance: 2", "habilete: 9, endurance: 2"),
                      encoding="utf-8")
    loaded = load_book(edited, use_cache=False)
    tables, warnings = values.load(loaded.book, loaded.module)
    assert tables == [] and warnings == [values.STALE]
    book = BookValues(loaded.book, loaded.module)
    first, figures = book.lines(_game(loaded), "en", "edited.yaml")
    assert not figures
    assert first == [values.STALE.en, "To know which move is best for finishing the book: "
                                      "gamebook explore edited.yaml --exhaustive --sheet 1 --max-states 10000000 --timeout 3600"]
    assert book.lines(_game(loaded), "en", "edited.yaml") == ([], False)   # once a session


def test_a_corrupt_file_is_reported_and_ignored(cache):
    loaded, report = _explored()
    path = Path(report["values"])
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 1
    path.write_bytes(bytes(data))
    tables, warnings = values.load(loaded.book, loaded.module)
    assert tables == [] and len(warnings) == 1
    assert str(path) in warnings[0].en and "unreadable or altered" in warnings[0].en
    assert "illisibles ou altérées" in warnings[0].fr
    path.write_bytes(b"{")   # not even a sealed entry
    assert values.load(loaded.book, loaded.module)[0] == []


def test_the_keys_do_not_depend_on_how_the_explorer_numbered_the_facts(cache):
    """The same state keyed from two explorations whose layouts met the facts in other
    orders (sheet 1, then every sheet) has one key."""
    from engine.analysis.explore.explorer import explore
    loaded = load_book(BOOK, use_cache=False)
    one = explore(loaded.book, loaded.module, sheet=1, focused=False)
    keys = values.Keys(one.states.layout)
    mine = {values.flat_key(one.states[s]) for s in range(len(one.states))}
    assert mine == {keys(one.states.code(s)) for s in range(len(one.states))}
    other = explore(loaded.book, loaded.module, focused=False)
    assert {values.flat_key(other.states[s]) for s in range(len(other.states))} == mine


def test_the_explorer_s_moves_in_the_player_s_words():
    from engine.analysis.book_values import move_words
    loaded = load_book(BOOK, use_cache=False)
    game = _game(loaded)
    assert move_words(game, "1", "fr") == "Suivre la piste du loup"
    assert move_words(game, "!manger", "fr") == "manger" and move_words(game, "!manger", "en") == "eat"
    assert move_words(game, "~no-luck", "en") == "fight without testing your Luck"
    assert move_words(game, "~a-new-policy", "en") == "a-new-policy"   # a plugin's: its own label
    assert move_words(game, "~honour-keep-1", "en") == "honour-keep-1"  # not this module's


def test_each_module_words_its_own_fight_strategies():
    """The words come from the module that names the strategy (`strategy_words`)."""
    from engine.rules import registry
    cretan = registry.get("chroniques-cretoises")
    assert cretan.strategy_words("honour-keep-1").fr == "combattre en gardant 1 point d'Honneur"
    assert cretan.strategy_words("honour-keep-3").en == "fight keeping 3 Honour points"
    assert cretan.strategy_words("honour-optimal").en == "fight spending Honour as best for this fight"
    assert cretan.strategy_words("no-luck") is None


def test_the_report_says_where_the_values_were_kept_or_why_not(cache):
    from engine.analysis.explore.text import exhaustive_text
    loaded, report = _explored()
    assert f"Values kept for 'odds' in play and the editor's hover: {report['values']}" in \
        exhaustive_text(report, "en", "book.yaml")
    cut = exhaustive(loaded.book, loaded.module, max_states=3, sheet=1, keep=True)
    assert cut["values"] is None
    assert "Valeurs non gardées : seule une exploration complète l'est" in exhaustive_text(cut, "fr", "book.yaml")


def test_the_values_of_an_older_version_of_the_book_are_removed_when_new_ones_are_kept(cache, tmp_path):
    _, first = _explored()
    edited = tmp_path / "edited.yaml"
    edited.write_text(BOOK.read_text(encoding="utf-8").replace("chance: 7", "chance: 8"), encoding="utf-8")
    _, second = _explored(edited)
    assert not Path(first["values"]).exists() and Path(second["values"]).exists()
    assert [p.name for p in cache.glob("*.json")] == [Path(second["values"]).name]
