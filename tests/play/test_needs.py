"""Issue 13, prompts: a locked choice says what it needs (engine/game/needs.py)."""
from __future__ import annotations

from pathlib import Path

from engine.dice import SeededDice
from engine.game import Game
from engine.loader import load_book

CLOCHE = Path(__file__).resolve().parents[2] / "books" / "la-cloche-de-brumesel.yaml"


def market(gold: int, visited=()):
    loaded = load_book(CLOCHE, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.goto(2)
    game.state.stats["or"] = gold
    for n in visited:
        game.state.visits[n] = 1
    game._prompted = None
    return {o.label.fr.split(" — ")[0]: o for o in game.prompt().options}   # the item notes aside


def test_a_missing_amount_is_named_with_its_label():
    cuirasse = market(4)["Acheter la cuirasse de cuir bouilli (6 Pièces d'Or)"]
    assert not cuirasse.enabled and cuirasse.reason.fr == "il faut au moins 6 Pièces d'Or"
    assert cuirasse.reason.en.startswith("needs at least 6 ")


def test_only_the_failing_part_is_named_and_it_follows_the_state():
    assert market(10, visited=[3])["Acheter la cuirasse de cuir bouilli (6 Pièces d'Or)"].reason.fr == "déjà fait"
    both = market(4, visited=[3])["Acheter la cuirasse de cuir bouilli (6 Pièces d'Or)"].reason.fr
    assert both == "il faut au moins 6 Pièces d'Or ; déjà fait"


def test_a_prayer_says_its_price_before_the_player_commits():
    loaded = load_book(CLOCHE.parent / "le-taureau-d-airain.yaml", use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.answer("1")   # Arès for patron
    game.goto(9)
    label = game.prompt().options[0].label
    assert label.fr == "Prier Arès (prix : 1d6 Honneur ; si vous en avez moins, −1 Honneur et pas de réponse)"
    assert "price: 1d6 Honour" in label.en
    assert game.prompt().options[1].label.fr == "Prier Athéna"   # locked: its need, not its price


def test_a_god_called_in_a_fight_says_his_price():
    loaded = load_book(CLOCHE.parent / "le-taureau-d-airain.yaml", use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.goto(29)
    invoke = next(o for o in game.prompt().options if o.key == "invoke")
    assert "(prix : 2 Honneur" in invoke.label.fr and "(price: 2 Honour" in invoke.label.en
