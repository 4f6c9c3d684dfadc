"""`gamebook renumber --shuffle`: the constraints of a printed book hold, the text
changes only where numbers are written, and the shuffled book plays the same game
(same dice, same choices by label) as the original."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from engine.dice import SeededDice
from engine.game import Game
from engine.loader import load_book
from engine.rules.base import Refused
from engine.renumber import CannotRenumber, graph, renumber
from engine.renumber_text import data_at

from .test_names import NAMED

ALL_BOOKS = sorted((Path(__file__).resolve().parents[2] / "books").glob("*.yaml"))
# The showcase (format 1.1) sends the player back to a noted paragraph and asks for a
# number the riddle's text computes: renumbering cannot keep either, and refuses it.
SHOWCASE = next(p for p in ALL_BOOKS if p.stem == "la-couronne-de-sel")
BOOKS = [p for p in ALL_BOOKS if p != SHOWCASE]
SEEDS = st.integers(min_value=0, max_value=2**32)
# no shrinking: a failing seed is reported as drawn (shrinking a whole game is slow)
FAST = settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _shuffled(tmp_path, path, seed):
    text, new, close = renumber(path, True, seed)
    out = tmp_path / f"shuffled-{seed}.yaml"
    out.write_text(text, encoding="utf-8")
    loaded = load_book(out, use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return text, new, close, loaded


def _trace(loaded, seed: int, steps: int = 120) -> list:
    """What a player sees, by labels only: paragraph texts, options, the sheet."""
    game, rng, seen = Game(loaded.book, loaded.module, SeededDice(seed)), random.Random(seed), []
    for _ in range(steps):
        seen.append((loaded.book.paragraphs[game.state.paragraph].text, sorted(game.module.sheet(game.state, "en"))))
        if rng.random() < 0.15:          # the Oracle (+20) where the rules allow it
            try:
                game.command("oracle")
                seen.append("oracle")
                continue
            except (Refused, KeyError, LookupError):
                seen.append("no oracle")
        options = sorted((o for o in game.prompt().options if o.enabled), key=lambda o: re.sub(r"\d+", "#", o.label.en))
        if not options:
            break
        # a label may name a paragraph ("he raises you (paragraph 30)"): numbers differ
        seen.append([re.sub(r"\d+", "#", o.label.en) for o in options])
        option = options[rng.randrange(len(options))]
        try:
            game.answer(option.key, option.amount[0] if option.amount else None)
        except Refused:
            seen.append("refused")
    return seen


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
@FAST
@given(seed=SEEDS)
def test_a_shuffled_book_keeps_every_constraint(tmp_path, path, seed):
    original = load_book(path, use_cache=False)
    text, new, close, shuffled = _shuffled(tmp_path, path, seed)
    book = original.book
    assert sorted(new.values()) == list(range(1, len(book.paragraphs) + 1))
    assert new[book.start] == 1 and shuffled.book.start == 1
    last = max(n for n, p in book.paragraphs.items() if p.end == "victory")
    assert new[last] == len(book.paragraphs)
    for n, p in book.paragraphs.items():
        if p.fields.get("oracle") and n + 20 in book.paragraphs:
            assert new[n + 20] == new[n] + 20
        assert shuffled.book.paragraphs[new[n]].text == p.text
    assert close == []       # the bundled books allow it: no way out between neighbours
    g = graph(book, original.module, lambda p: None)
    assert all(abs(new[a] - new[b]) != 1 for a, b in g.edges)
    # only numbers changed: comments, quotes and layout are the same
    assert re.sub(r"\d+", "#", text) == re.sub(r"\d+", "#", path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
@FAST
@given(seed=SEEDS, play=st.integers(min_value=0, max_value=10**6))
def test_a_shuffled_book_plays_the_same_game(tmp_path, path, seed, play):
    _text, _new, _close, shuffled = _shuffled(tmp_path, path, seed)
    assert _trace(load_book(path, use_cache=False), play) == _trace(shuffled, play)


def test_named_paragraphs_become_numbers_and_pins_stay(tmp_path):
    path = tmp_path / "named.yaml"
    path.write_text("# a comment that stays\n" + NAMED, encoding="utf-8")
    text, new, _close = renumber(path, True, 7)
    assert text.startswith("# a comment that stays\n")
    assert "to: hall" not in text and "start: gate" not in text
    out = tmp_path / "out.yaml"
    out.write_text(text, encoding="utf-8")
    loaded = load_book(out, use_cache=False)
    assert loaded.ok and loaded.book.start == 1
    assert 40 in loaded.book.paragraphs and loaded.book.paragraphs[40].text == "A hall."   # pinned
    assert text == renumber(path, True, 7)[0]                                       # same seed, same book
    plain, same, _ = renumber(path, False)
    assert same == {n: n for n in same} and "  40:\n" in plain and "  1:\n" in plain


def test_a_number_computed_in_play_cannot_be_shuffled(tmp_path):
    path = tmp_path / "computed.yaml"
    path.write_text(NAMED.replace("to: 7}", 'to: "here + habilete"}'), encoding="utf-8")
    with pytest.raises(CannotRenumber) as err:
        renumber(path, True, 1)
    assert "here + habilete" in err.value.en


def test_the_command_writes_the_file(tmp_path, capsys):
    from engine.cli import main
    out = tmp_path / "b.yaml"
    assert main(["renumber", str(BOOKS[0]), "--shuffle", "--seed", "3", "-o", str(out)]) == 0
    assert load_book(out, use_cache=False).ok
    assert data_at({"a": [{"b": 1}]}, ("a", 0, "b")) == 1


def test_a_save_of_the_named_book_plays_on_with_the_numbered_one(tmp_path):
    from engine.saves import restore, snapshot
    named = tmp_path / "named.yaml"
    named.write_text(NAMED.replace("title: Names", "id: names\ntitle: Names"), encoding="utf-8")
    before = load_book(named, use_cache=False)
    game = Game(before.book, before.module, SeededDice(1))
    game.answer(next(o.key for o in game.prompt().options if o.label.en == "In"))
    saved = snapshot(game)
    numbered = tmp_path / "numbered.yaml"
    numbered.write_text(renumber(named, False)[0], encoding="utf-8")
    after = load_book(numbered, use_cache=False)
    resumed, warnings = restore(after.book, after.module, saved)
    assert warnings == []                   # the same game: no "book edited", no "paragraph changed"
    assert resumed.state.paragraph == 40
    assert after.book.paragraphs[40].text == "A hall."


def test_the_showcase_is_refused_with_the_reason():
    """A target read from a note is computed during play: renumber says so, and writes nothing."""
    with pytest.raises(CannotRenumber) as refused:
        renumber(SHOWCASE, True, 1)
    assert 'note("cloitre")' in refused.value.en and "renumber" in refused.value.fr
