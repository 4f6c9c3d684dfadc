"""Issue 13: a market says what each item does before the player buys it, and
`inventaire` says it too (engine/game/item_notes.py, RuleModule.item_summary)."""
from __future__ import annotations

from pathlib import Path

from engine.game.dice import SeededDice
from engine.game import Game
from engine.game.item_notes import item_note
from engine.lint.loader import load_book
from engine.repl import render
from engine.repl.render import Output

BOOKS = Path(__file__).resolve().parents[2] / "books"


def game(name):
    loaded = load_book(BOOKS / f"{name}.yaml", use_cache=False)
    return Game(loaded.book, loaded.module, SeededDice(1))


def test_a_market_choice_tells_the_armour_numbers_from_the_item_data():
    g = game("la-cloche-de-brumesel")
    g.goto(2)
    g.state.stats["or"] = 20
    labels = [o.label for o in g.prompt().options]
    armour = next(m for m in labels if m.fr.startswith("Acheter la cuirasse"))
    assert armour.fr.endswith("— Cuirasse de cuir bouilli : armure, absorbe 1 point de chaque blessure, "
                              "tombe en ruine après 3 blessures, +1 aux jets des tests d'Habileté")
    assert "armour, absorbs 1 point of each wound, falls apart after 3 wounds, +1 to Skill test rolls" in armour.en


def test_a_weapon_with_a_description_shows_both():
    note = item_note(game("la-cloche-de-brumesel"), "masse")
    assert note.fr.startswith("arme, 3 points de blessure, −1 à la Force d'Attaque ; Lourde")
    assert note.en.startswith("weapon, 3 points of damage, −1 to Attack Strength; Lourde")


def test_chroniques_cretoises_items_say_what_they_add():
    g = game("le-taureau-d-airain")
    assert item_note(g, "lance").fr == "arme, +3 en Force, +1 en Protection"
    assert item_note(g, "casque").en == "piece of armour (casque), +2 Protection"
    assert item_note(g, "coupe") is None


def test_a_plain_item_with_a_description_shows_it_and_inventory_lists_the_notes():
    g = game("la-cloche-de-brumesel")
    g.state.items.clear()
    g.state.items.update({"epee": 1, "sifflet": 1})
    g.book.items["sifflet"].props["description"] = "Appelle le passeur."   # a book's own text
    out = Output()
    render.inventory(out, g, "fr")
    lines = [row[1] for row in out.rows]
    assert "  Épée — arme, 2 points de blessure" in lines and "  Sifflet d'os — Appelle le passeur." in lines
