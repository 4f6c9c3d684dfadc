"""`gamebook renumber --shuffle`: the constraints of a printed book hold, the text
changes only where numbers are written, and the shuffled book plays the same game
(same dice, same choices by label) as the original."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book
from engine.rules.base import Refused
from engine.renumber.numbering import CannotRenumber, graph, renumber
from engine.renumber.sites import data_at

from .test_names import NAMED

NOTED = """gamebook: 1.1
title: Noted
rules: defis-fantastiques
start: 1
hero: {equipment: []}
notes:
  retour: {name: Back}
paragraphs:
  1:
    text: A camp.
    effects: [{note: retour}]
    choices: [{text: On, to: 2}]
  2:
    text: A ford.
    choices: [{text: Back, to: 'note("retour")'}, {text: Cross, to: 3}]
  3: {text: Over., end: victory}
"""

BOOKS = sorted((Path(__file__).resolve().parents[2] / "books").glob("*.yaml"))
# The showcase (format 1.1, in four files): notes, a puzzle, auto jumps, outcome effects
SHOWCASE = next(p for p in BOOKS if p.stem == "la-couronne-de-sel")
SEEDS = st.integers(min_value=0, max_value=2**32)
# no shrinking: a failing seed is reported as drawn (shrinking a whole game is slow)
FAST = settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.generate],
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _shuffled(tmp_path, path, seed):
    """The shuffled book written in `tmp_path` (its parts beside it, as `include:` names
    them): (main text, {old: new}, ways out between neighbours, the loaded book, {part: text})."""
    parts: dict = {}
    text, new, close = renumber(path, True, seed, parts=parts)
    out = tmp_path / f"shuffled-{seed}" / path.name
    for part, data in parts.items():
        (out.parent / part.relative_to(path.parent)).parent.mkdir(parents=True, exist_ok=True)
        (out.parent / part.relative_to(path.parent)).write_text(data, encoding="utf-8")
    out.parent.mkdir(exist_ok=True)
    out.write_text(text, encoding="utf-8")
    loaded = load_book(out, use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return text, new, close, loaded, parts


def _trace(loaded, seed: int, steps: int = 120, new=None) -> list:
    """What a player sees, by labels only: paragraph texts, options, the sheet, the
    notes (format 1.1) and typed numbers, both in the shuffled book's numbers (`new`
    maps the original's)."""
    new = new or {}
    game, rng, seen = Game(loaded.book, loaded.module, SeededDice(seed)), random.Random(seed), []
    for _ in range(steps):
        notes = {k: new.get(v, v) for k, v in game.state.extra.get("notes", {}).items()}
        seen.append((loaded.book.paragraphs[game.state.paragraph].text, sorted(game.module.sheet(game.state, "en")),
                     notes))
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
        amount = option.amount[0] if option.amount else None
        if getattr(option, "candidates", ()):     # a typed number: an answer or a wrong one
            amount = option.candidates[rng.randrange(len(option.candidates))]
            seen.append(("typed", new.get(amount, amount) if amount in option.candidates[:-1] else "wrong"))
        try:
            game.answer(option.key, amount)
        except Refused:
            seen.append("refused")
    return seen


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
@FAST
@given(seed=SEEDS)
def test_a_shuffled_book_keeps_every_constraint(tmp_path, path, seed):
    original = load_book(path, use_cache=False)
    text, new, close, shuffled, parts = _shuffled(tmp_path, path, seed)
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
    # only numbers changed: comments, quotes and layout are the same, in every file
    for written, before in ((text, path), *((t, p) for p, t in parts.items())):
        assert re.sub(r"\d+", "#", written) == re.sub(r"\d+", "#", before.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
@FAST
@given(seed=SEEDS, play=st.integers(min_value=0, max_value=10**6))
def test_a_shuffled_book_plays_the_same_game(tmp_path, path, seed, play):
    _text, new, _close, shuffled, _parts = _shuffled(tmp_path, path, seed)
    assert _trace(load_book(path, use_cache=False), play, new=new) == _trace(shuffled, play)


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
    from engine.saves.store import restore, snapshot
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


def test_the_showcase_keeps_its_notes_puzzle_and_parts(tmp_path):
    """The puzzle's answer keeps its number (the riddle's text computes it), the noted
    paragraph is followed, each part is rewritten and the game is the same: forced
    dice, the right answer typed in both books."""
    notes: list = []
    _text, new, _close, shuffled, parts = _shuffled(tmp_path, SHOWCASE, 5)
    renumber(SHOWCASE, True, 5, notes=notes, parts={})
    assert ("pinned", 147, 125) in notes and new[147] == 147
    assert sorted(p.name for p in parts) == ["abbaye.yaml", "landes.yaml", "salvene.yaml"]
    assert shuffled.book.paragraphs[new[125]].fields["puzzle"]["wrong"] == new[148]
    original = load_book(SHOWCASE, use_cache=False)
    for play in (1, 2, 3):
        assert _trace(original, play, 400, new) == _trace(shuffled, play, 400)
    with pytest.raises(CannotRenumber) as split:
        renumber(SHOWCASE, True, 5)          # no `parts` to receive the part files: refused
    assert "include" in split.value.en and "--in-place" in split.value.fr


def test_a_note_compared_with_a_number_is_refused_where_it_is_written(tmp_path):
    path = tmp_path / "note.yaml"
    path.write_text(NOTED.replace("to: 2}", "to: 2, if: 'note(\"retour\") == 1'}"), encoding="utf-8")
    with pytest.raises(CannotRenumber) as refused:
        renumber(path, True, 1)
    assert f"{path}:12:" in refused.value.en and "visited(1)" in refused.value.fr


def test_the_command_rewrites_a_split_book_in_place_or_beside_its_output(tmp_path, capsys):
    import shutil

    from engine.cli import main
    book = tmp_path / "src" / SHOWCASE.name
    shutil.copytree(SHOWCASE.parent / SHOWCASE.stem, book.parent / SHOWCASE.stem)
    shutil.copy(SHOWCASE, book)
    assert main(["renumber", str(book), "--shuffle", "--seed", "2"]) == 1          # stdout would lose the parts
    assert main(["renumber", str(book), "--shuffle", "--seed", "2", "-o", str(tmp_path / "src" / "x.yaml")]) == 1
    out = tmp_path / "out" / "b.yaml"
    out.parent.mkdir()
    assert main(["renumber", str(book), "--shuffle", "--seed", "2", "-o", str(out), "--lang", "en"]) == 0
    assert load_book(out, use_cache=False).ok
    assert "paragraph 147 keeps its number" in capsys.readouterr().err
    before = (book.parent / SHOWCASE.stem / "abbaye.yaml").read_text(encoding="utf-8")
    assert main(["renumber", str(book), "--shuffle", "--seed", "2", "--in-place"]) == 0
    after = (book.parent / SHOWCASE.stem / "abbaye.yaml").read_text(encoding="utf-8")
    assert after != before and after == (out.parent / SHOWCASE.stem / "abbaye.yaml").read_text(encoding="utf-8")
    assert load_book(book, use_cache=False).ok


SPLIT_MAIN = """gamebook: 1.1
title: Split
rules: defis-fantastiques
start: gate
hero: {equipment: []}
include: [part/one.yaml]
paragraphs:
  gate:
    text: A gate.   # a comment that stays
    auto: [{if: 'chance > 20', to: hall}]
    choices: [{text: In, to: hall}]
"""
SPLIT_PART = """# the part's own comment
paragraphs:
  hall:
    text: A hall.
    test: {type: chance, success: yard, success_effects: [{add: {or: 1}}], failure: pit}
  yard:
    text: A yard.
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 3], to: gate, effects: [{add: {endurance: -1}}]}
        - {range: [4, 6], to: end}
  pit: {text: A pit., end: death}
  end: {text: Out., end: victory}
"""


def test_names_in_a_part_become_numbers_where_they_are_written(tmp_path):
    """auto:, a test's outcomes with effects, random outcomes with effects, all named,
    in an included part: each file gets its numbers, its comments stay."""
    (tmp_path / "part").mkdir()
    (tmp_path / "part" / "one.yaml").write_text(SPLIT_PART, encoding="utf-8")
    main = tmp_path / "split.yaml"
    main.write_text(SPLIT_MAIN, encoding="utf-8")
    parts: dict = {}
    text, new, _close = renumber(main, True, 3, parts=parts)
    (part_text,) = parts.values()
    assert "# a comment that stays" in text and part_text.startswith("# the part's own comment\n")
    assert not re.search(r"\b(hall|yard|pit|gate)\b(?!\.)", part_text + text.replace("A gate.", ""))
    out = tmp_path / "out"
    (out / "part").mkdir(parents=True)
    (out / "split.yaml").write_text(text, encoding="utf-8")
    (out / "part" / "one.yaml").write_text(part_text, encoding="utf-8")
    loaded = load_book(out / "split.yaml", use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    book = loaded.book
    assert book.start == 1 and book.paragraphs[len(new)].text == "Out."
    hall = next(n for n, p in book.paragraphs.items() if p.text == "A hall.")
    assert book.paragraphs[1].auto[0].target == hall and book.paragraphs[1].choices[0].target == hall
    assert book.paragraphs[book.paragraphs[hall].fields["test"]["success"]].text == "A yard."
