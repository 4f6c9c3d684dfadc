"""Format 1.2 fights won by rounds alone and Luck on one side only (issue 31 item 6):
an opponent without Endurance that only `win_rounds` defeats, `luck: taken | dealt`."""
from __future__ import annotations

import json

import pytest

from engine.cli import main

from .f12b_helpers import codes, game, load, printed, run, where

SWORDS = """\
paragraphs:
  1:
    text: Le démon aux six épées. Chaque assaut gagné lui tranche une épée.
    combat:
      enemies: [{name: Démon, habilete: 10}]
      win_rounds: 2
      luck: taken
      win: 2
  2: {text: Fin., end: victory}
"""
# (hero Skill 10 against 10: a round is the enemy's two dice, then the hero's)
HIT, WOUNDED = [1, 1, 6, 6], [6, 6, 1, 1]


def said(g) -> list[str]:
    return [e["say"]["en"] for e in g.drain() if "say" in e]


def test_only_rounds_won_defeat_an_opponent_without_endurance(tmp_path):
    g = game(tmp_path, SWORDS, faces=HIT + HIT)
    assert "Démon: Skill 10, rounds won 0/2" in [m.en for m in g.prompt().info]
    g.answer("attack")
    assert "You get the better of Démon: rounds won 1/2." in said(g)
    assert g.prompt().kind == "combat"   # no Luck asked on a round won: it wounds nothing
    g.answer("attack")
    assert g.state.ended == "victory"


def test_luck_taken_is_offered_on_wounds_taken_only(tmp_path):
    g = game(tmp_path, SWORDS, faces=WOUNDED)
    g.answer("attack")
    assert g.prompt().kind == "combat-luck" and g.state.stats["endurance"] == 18
    body = SWORDS.replace("enemies: [{name: Démon, habilete: 10}]", "enemies: [{name: Garde, habilete: 10, endurance: 9}]")
    g = game(tmp_path, body, faces=HIT)
    g.answer("attack")   # a wound dealt: no Luck under `luck: taken`
    assert g.prompt().kind == "combat" and g.state.pending["enemies"][0]["endurance"] == 7
    g = game(tmp_path, body.replace("luck: taken", "luck: dealt"), faces=HIT)
    g.answer("attack")
    assert g.prompt().kind == "combat-luck"
    g = game(tmp_path, body.replace("luck: taken", "luck: dealt"), faces=WOUNDED)
    g.answer("attack")
    assert g.prompt().kind == "combat" and g.state.stats["endurance"] == 18


def test_the_1_1_workaround_gives_the_same_games(tmp_path):
    """Format 1.1 wrote the six swords as an Endurance no hit could exhaust first and
    no Luck; with the same dice both games are the same."""
    old = SWORDS.replace("{name: Démon, habilete: 10}", "{name: Démon, habilete: 10, endurance: 99}") \
        .replace("luck: taken", "luck: false")
    new = SWORDS.replace("luck: taken", "luck: false")
    for faces in (HIT + HIT, WOUNDED + HIT + WOUNDED + HIT, WOUNDED * 10):
        was = run(game(tmp_path, old, version="1.1", faces=faces, name="old.yaml"))
        now = run(game(tmp_path, new, faces=faces, name="new.yaml"))
        assert was == now and was["ended"] in ("victory", "death"), faces


def test_bad_uses_are_located(tmp_path):
    assert where(load(tmp_path, SWORDS.replace("      win_rounds: 2\n", "")), "rounds-only-no-win-rounds") == (17, 17)
    old = load(tmp_path, SWORDS, version="1.1")
    assert [c for c in codes(old) if c == "format-1-2"] == ["format-1-2", "format-1-2"]
    assert where(old, "format-1-2") == (17, 17)
    assert "schema" in codes(load(tmp_path, SWORDS.replace("luck: taken", "luck: given")))
    together = SWORDS.replace("enemies: [{name: Démon, habilete: 10}]",
                              "enemies: [{name: Démon, habilete: 10}, {name: Imp, habilete: 5, endurance: 3}]\n"
                              "      mode: as-one")
    assert "rounds-only-no-win-rounds" in codes(load(tmp_path, together))


def test_the_export_words_them(tmp_path):
    text = printed(tmp_path, SWORDS, "en")
    assert "Your blows cost Démon no Stamina: only the Attack Rounds you win count." in text
    assert "In this fight you may Test your Luck only when you are wounded." in text
    assert "STAMINA" not in text.split("Démon", 2)[-1].split("\n\n", 2)[0]
    text = printed(tmp_path, SWORDS.replace("luck: taken", "luck: dealt"))
    assert "Le Démon ne perd aucun point d'Endurance : seuls comptent les assauts que vous remportez." in text
    assert "vous ne pouvez Tenter votre Chance que lorsque vous blessez votre adversaire." in text


def _odds_and_best(tmp_path, body: str, sheet: str, capsys) -> tuple:
    path = tmp_path / "livre.yaml"
    load(tmp_path, body)
    path.write_text(path.read_text(encoding="utf-8").replace("habilete: 10, endurance: 20, chance: 9", sheet),
                    encoding="utf-8")
    assert main(["odds", "--format", "json", str(path)]) == 0
    odds = json.loads(capsys.readouterr().out)[0]["win_exact"]["typical"]
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(path)]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == []
    return odds, report["victory"]["low"]


@pytest.mark.parametrize("luck, value", [("taken", "1/2"), ("true", "1/2"), ("dealt", "1/4"), ("false", "1/4")])
def test_a_fight_won_by_rounds_is_priced_exactly(tmp_path, capsys, luck, value):
    """Skill 10 against 10: a round is won or lost with the same chance (parries only
    replay it), so each decisive round is 1/2.  Two rounds won defeat the demon; a
    wound (2) kills the hero at Stamina 2, unless he tests his Luck on it (Luck 12:
    surely lucky, the wound is 1) and survives it at 1, to die of the next.
    Luck on wounds taken: he wins 2 decisive rounds before losing 2: 1/4 + 2 * 1/8 = 1/2.
    Without it (or on wounds dealt only, which do the demon nothing): 2 before 1: 1/4."""
    odds, best = _odds_and_best(tmp_path, SWORDS.replace("luck: taken", f"luck: {luck}"),
                                "habilete: 10, endurance: 2, chance: 12", capsys)
    assert odds == value and best == pytest.approx(eval_fraction(value), abs=1e-12)


@pytest.mark.parametrize("luck, value", [("dealt", "1/2"), ("true", "1/2"), ("taken", "1/4"), ("false", "1/4")])
def test_luck_on_one_side_is_priced_exactly(tmp_path, capsys, luck, value):
    """Skill 10 against a guard of 10 and Stamina 4, the hero at Stamina 1 (any wound
    kills, Luck or not: a lucky wound taken is still 1).  Luck on wounds dealt: his
    first hit, tested with Luck 12 (surely lucky), takes 4: one decisive round won
    first, 1/2.  Without it: two hits before one wound, 1/4."""
    body = SWORDS.replace("{name: Démon, habilete: 10}", "{name: Garde, habilete: 10, endurance: 4}") \
        .replace("      win_rounds: 2\n", "").replace("luck: taken", f"luck: {luck}")
    odds, best = _odds_and_best(tmp_path, body, "habilete: 10, endurance: 1, chance: 12", capsys)
    assert odds == value and best == pytest.approx(eval_fraction(value), abs=1e-12)


def eval_fraction(text: str) -> float:
    top, bottom = text.split("/")
    return int(top) / int(bottom)


def test_the_language_server_offers_the_sides_of_luck_and_prices_the_fight():
    from engine.lsp.hover import hover, settle
    from engine.lsp.positions import Lines
    from engine.lsp.state import analyse
    from tests.lsp.books import DF
    from tests.lsp.test_units import at, labels
    book = DF.replace("gamebook: 1\n", "gamebook: 1.2\n").replace("language: fr\n", "language: en\n") \
        .replace("{name: Garde, habilete: 6, endurance: 6}]", "{name: Garde, habilete: 6}]\n      win_rounds: 2")
    snap = analyse("x", book)
    assert labels(snap, book.replace("      win: 3", "      win: 3\n      luck: "), "luck: ", 6) \
        == {"true", "false", "taken", "dealt"}
    first = hover(snap, Lines(book), *at(book, "combat:", 1)).contents.value
    settle()   # (the first hover may answer a placeholder while the fight is solved)
    said = hover(snap, Lines(book), *at(book, "combat:", 1)).contents.value
    assert "Exact odds of not losing" in said, first
