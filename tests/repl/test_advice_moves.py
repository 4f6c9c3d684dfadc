"""Advice you can trust (issue 33, item 2): `chances` weighs every move the paragraph
offers, never calls a move that loses for sure "best" while another survives, says what
a spend of Honour leaves for the rest of the book, and counts an escape into a death
ending as a death."""
from __future__ import annotations

from pathlib import Path

from engine.analysis import lookahead
from engine.game import Game
from engine.game.dice import ScriptedDice, SeededDice
from engine.lint.loader import load_book
from engine.repl.session import Session
from engine.saves import store as saves

BOOKS = Path(__file__).resolve().parents[2] / "books"


def _at(tmp_path, book, paragraph, dice=None, **stats):
    """Like `gamebook play BOOK --start N --set STAT=N [--dice ...]`."""
    loaded = load_book(BOOKS / book, use_cache=False)
    source = ScriptedDice(dice, then=SeededDice(1)) if dice else SeededDice(1)
    game = Game(loaded.book, loaded.module, source, lang="fr")
    for stat, value in stats.items():
        game.change(stat, value=value, reason="test")
    game.goto(paragraph)
    game.drain()
    return Session(game, saves.SaveStore(loaded.book.id, tmp_path), "fr", width=200)


def _lines(s) -> list[str]:
    return str(s.handle_line("chances")).splitlines()


def test_the_god_the_paragraph_offers_is_weighed(tmp_path):
    """§ 29 with 11 Honour: 'Dépensez 4 points d'Honneur' (33,89 %) was the advice, and
    'Invoquer Héphaïstos', which ends the fight alive, was never weighed."""
    lines = _lines(_at(tmp_path, "le-taureau-d-airain.yaml", 29, honneur=11))
    assert "  Invoquer Héphaïstos : survie 100,00 %, victoire 100,00 %" in lines
    assert "Meilleure décision : Invoquer Héphaïstos" in lines
    assert ("Ce conseil dépense 2 points d'Honneur, une ressource de tout le livre : "
            "il vous en restera 9.") in lines
    assert "Ces chances valent pour ce combat seulement, pas pour la suite du livre." in lines


def test_an_item_the_paragraph_offers_is_weighed(tmp_path):
    """The amulet at § 29 goes on with the bull weakened (§ 34): weighed from there."""
    s = _at(tmp_path, "le-taureau-d-airain.yaml", 29, honneur=3)
    s.game.gain("amulette")
    s.game.drain()
    weighed = [line for line in _lines(s) if line.startswith("  Utiliser l'objet « Amulette de corne » : survie")]
    assert len(weighed) == 1 and "survie 100,00 %" not in weighed[0]


def test_a_move_that_loses_for_sure_is_never_best_while_another_survives(tmp_path):
    """§ 10, 2 Honour, dice 1,1,6,6: Grièvement Blessé, no strike can win; surrender
    survives.  'Meilleure décision : Ne dépensez pas d'Honneur' (0 %) was said."""
    s = _at(tmp_path, "le-taureau-d-airain.yaml", 10, dice=[1, 1, 6, 6, 1, 1, 6, 6], honneur=2)
    for _ in range(4):
        s.handle_line("")
    lines = _lines(s)
    assert "  Ne dépensez pas d'Honneur : survie   0,00 %, victoire   0,00 %" in lines
    assert "Meilleure décision : Vous rendre" in lines


def test_a_spend_of_honour_says_what_is_left(tmp_path):
    lines = _lines(_at(tmp_path, "le-taureau-d-airain.yaml", 10, honneur=9))
    best = next(line for line in lines if line.startswith("Meilleure décision : "))
    if best.startswith("Meilleure décision : Dépensez"):
        n = int(best.split("Dépensez ")[1].split()[0])
        assert any(line.endswith(f"il vous en restera {9 - n}.") for line in lines), lines
    else:   # no spend advised: nothing said about what is left
        assert not any("il vous en restera" in line for line in lines)


def test_an_escape_into_a_death_ending_is_a_death(tmp_path):
    """la-cloche-de-brumesel § 36 escapes to § 37, a death: 'sortie vivante 100 %' was said,
    and best play 'fled' there (Fuite 26 %)."""
    text = " ".join(str(_at(tmp_path, "la-cloche-de-brumesel.yaml", 36).handle_line("chances")).split())
    assert "fuir vers le 37 : vous quittez le combat (vous y mourez, sortie vivante 0,00 %)" in text
    assert "Fuite" not in text and "Meilleure décision : Attaquez" in text


def test_every_way_the_dice_fall_is_walked():
    """The lookahead's dice: every face of every die, each path once, in order."""
    paths, faces = [], []
    while faces is not None:
        dice = lookahead._Path(faces)
        drawn = [dice.face(6), dice.face(2)]
        paths.append(drawn)
        faces = lookahead._next(faces, dice.sides)
    assert len(paths) == 12 and len({tuple(p) for p in paths}) == 12 and paths[0] == [1, 1]
