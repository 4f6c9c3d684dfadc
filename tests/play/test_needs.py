"""Issue 13, prompts: a locked choice says what it needs (engine/game/needs.py)."""
from __future__ import annotations

from pathlib import Path

from engine.game.dice import SeededDice
from engine.game import Game
from engine.lint.loader import load_book

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


FORMAT_1_MARKET = """\
gamebook: 1
title: Marché
rules: defis-fantastiques
start: 2
hero: {equipment: []}
items:
  cuirasse: {name: Cuirasse de cuir bouilli, armour: {absorbs: 1, hits: 3, skill_test_penalty: 1}}
paragraphs:
  2:
    text: Le marché.
    choices:
      - {text: Acheter la cuirasse de cuir bouilli (6 Pièces d'Or), to: 3,
         if: "or >= 6 and not visited(3)", effects: [{add: {or: -6}}, {armour: cuirasse}]}
      - {text: Partir, to: 3}
  3: {text: Fin., end: victory}
"""


def test_only_the_failing_part_is_named_and_it_follows_the_state(tmp_path):
    """A format-1 "only once" (`not visited(3)`; the demo book says `once: true` since
    format 1.1): the failing part alone is named."""
    path = tmp_path / "marche.yaml"
    path.write_text(FORMAT_1_MARKET, encoding="utf-8")
    def cuirasse(gold):
        loaded = load_book(path, use_cache=False)
        game = Game(loaded.book, loaded.module, SeededDice(1))
        game.state.stats["or"] = gold
        game.state.visits[3] = 1
        return game.prompt().options[0].reason.fr
    assert cuirasse(10) == "déjà fait"
    assert cuirasse(4) == "il faut au moins 6 Pièces d'Or ; déjà fait"


def test_a_once_only_purchase_of_the_demo_book_is_no_longer_listed():
    assert "Acheter la cuirasse de cuir bouilli (6 Pièces d'Or)" in market(10)
    loaded = load_book(CLOCHE, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.answer("1")
    game.state.stats["or"] = 10
    buy = next(o for o in game.prompt().options if o.label.fr.startswith("Acheter la cuirasse"))
    game.answer(buy.key)
    game.answer("1")   # back to the market
    assert not any(o.label.fr.startswith("Acheter la cuirasse") for o in game.prompt().options)


def test_a_prayer_says_its_price_before_the_player_commits(tmp_path):
    loaded = load_book(CLOCHE.parent / "le-taureau-d-airain.yaml", use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.answer("1")   # Arès for patron
    game.goto(9)
    label = game.prompt().options[0].label
    assert label.fr == ("Prier Arès (prix : 1d6 points d'Honneur ; si vous en avez moins, −1 point d'Honneur "
                        "et pas de réponse)")
    assert "price: 1d6 Honour" in label.en
    # the other gods' prayers are hidden (show: hidden since format 1.1); the keys stay
    assert [o.key for o in game.prompt().options] == ["1", "7"]
    shown = tmp_path / "taureau.yaml"   # the same book with them shown greyed
    shown.write_text((CLOCHE.parent / "le-taureau-d-airain.yaml").read_text(encoding="utf-8")
                     .replace(" show: hidden,", ""), encoding="utf-8")
    loaded = load_book(shown, use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.answer("1")
    game.goto(9)
    assert game.prompt().options[1].label.fr == "Prier Athéna"   # locked: its need, not its price


def test_a_god_called_in_a_fight_says_his_price():
    loaded = load_book(CLOCHE.parent / "le-taureau-d-airain.yaml", use_cache=False)
    game = Game(loaded.book, loaded.module, SeededDice(1))
    game.goto(29)
    invoke = next(o for o in game.prompt().options if o.key == "invoke")
    assert "(prix : 2 points d'Honneur" in invoke.label.fr and "(price: 2 Honour" in invoke.label.en
