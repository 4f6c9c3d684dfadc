"""Format 1.2, unique items (issue 31 item 4): `unique: true` on an item; gaining one the
hero holds does nothing and the player is told so.  The 1.1 workaround was
`[{lose: bol}, {gain: bol}]` on every exit that gives it."""
from __future__ import annotations

from engine.lint.loader import load_book

from .f12_helpers import codes, exact, game, load, run, said, transcript, where, wording, write

BOWL = """\
paragraphs:
  1:
    text: Un bol sur l'autel.
    effects: [{gain: bol}]
    choices:
      - {text: Prendre un autre bol, to: 1}
      - {text: Partir, to: 2, effects: [{gain: bol}]}
  2: {text: Fin., end: victory}
"""


def test_a_unique_item_held_is_not_gained_again_and_the_player_is_told(tmp_path):
    g = game(tmp_path, BOWL)
    assert g.state.items["bol"] == 1
    g.drain()
    g.answer("1")
    assert g.state.items["bol"] == 1
    assert "You already have: Bol." in said(g)
    g.answer("2")
    assert g.state.ended == "victory" and g.state.items["bol"] == 1


def test_an_item_not_unique_is_still_gained_again(tmp_path):
    g = game(tmp_path, BOWL.replace("{gain: bol}", "{gain: corde}"))
    g.answer("1")
    assert g.state.items["corde"] == 2


def test_the_repl_says_it_in_the_players_language(monkeypatch, capsys, tmp_path):
    out = transcript(monkeypatch, capsys, tmp_path, BOWL, "1\n", lang="fr")
    assert "Vous avez déjà : Bol." in out
    out = transcript(monkeypatch, capsys, tmp_path, BOWL, "1\n", lang="en")
    assert "You already have: Bol." in out


def test_bad_uses_are_located(tmp_path):
    path = write(tmp_path, BOWL)
    path.write_text(path.read_text(encoding="utf-8").replace("gamebook: 1.2", "gamebook: 1.1"), encoding="utf-8")
    older = load_book(path, use_cache=False)
    assert "format-1-2" in codes(older) and where(older, "format-1-2") == (13, 20)   # at `unique:`
    twice = load(tmp_path, BOWL.replace("effects: [{gain: bol}]\n", "effects: [{gain: {bol: 2}}]\n"))
    assert codes(twice) == ["unique-copies"] and where(twice, "unique-copies") == (18, 28)   # at the count


def test_unique_must_be_a_boolean(tmp_path):
    path = write(tmp_path, BOWL)
    path.write_text(path.read_text(encoding="utf-8").replace("unique: true", "unique: 2"), encoding="utf-8")
    assert "schema" in codes(load_book(path, use_cache=False))


def test_the_printed_book_says_one_only(tmp_path):
    assert "take the item 'Bol' unless you already have it (you can only ever have one)" in wording(tmp_path, BOWL, "en")
    assert "prenez l'objet « Bol » si vous ne l'avez pas déjà (on n'en a jamais qu'un)" in wording(tmp_path, BOWL, "fr")


# The conversion pair and the analysis: a second bowl may be found (1-2 on one die, § 4);
# the guardian of § 3 lets pass only who holds exactly one.
FOUND_TWICE = """\
paragraphs:
  1:
    text: Un bol dans la niche.
    effects: [{gain: bol}]
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 4}, {range: [3, 6], to: 3}]}
  4:
    text: Un autre bol, au fond.
    choices: [{text: Le prendre, to: 3, effects: [GAIN]}]
  3:
    text: Le gardien compte vos bols.
    auto: [{if: 'count("bol") == 1', end: victory}, {end: death}]
"""


def test_conversion_the_workaround_and_unique_give_the_same_game(tmp_path):
    """1.1: `[{lose: bol}, {gain: bol}]` where a second bowl is found; 1.2: `unique: true`.
    Both: the hero always holds one bowl, so the guardian always lets him pass (value 1)."""
    old = FOUND_TWICE.replace("GAIN", "{lose: bol}, {gain: bol}")
    new = FOUND_TWICE.replace("GAIN", "{gain: bol}")
    assert exact(tmp_path, old, version="1.1", name="a.yaml") == exact(tmp_path, new, name="b.yaml") == "1"
    for faces in ([1], [5]):
        a = game(tmp_path, old, version="1.1", faces=faces, name="a.yaml")
        b = game(tmp_path, new, faces=faces, name="b.yaml")
        assert run(a) == run(b)


def test_analysis_value_of_a_book_with_a_unique_item(tmp_path):
    """§ 1 rolls one die: 1-2 (probability 1/3) leads to § 4, where a second bowl is
    taken, then to § 3; 3-6 (2/3) straight to § 3, which wins with exactly one bowl.
    Unique bowl: one bowl either way, victory 1/3 + 2/3 = 1.
    The same book with a plain item (`unique:` left out): two bowls after § 4, death
    there; victory 2/3 only."""
    book = FOUND_TWICE.replace("GAIN", "{gain: bol}")
    assert exact(tmp_path, book) == "1"
    plain = book.replace("{gain: bol}", "{gain: corde}").replace('count("bol")', 'count("corde")')
    assert exact(tmp_path, plain, name="plain.yaml") == "2/3"
