"""The demo book lints clean and a scripted playthrough reaches its victory."""
from pathlib import Path

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book

BOOK = Path(__file__).parents[3] / "books" / "la-cloche-de-brumesel.yaml"
LOSE = (6, 6, 1, 1)       # the opponent rolls 12, the hero 2: the hero is wounded


def start():
    loaded = load_book(BOOK, use_cache=False)
    assert loaded.diagnostics == []
    # Creation: Habileté 6+6, Endurance 6+6+12, Chance 6+6, Or 6+6+12.
    return Game(loaded.book, loaded.module, ScriptedDice([6, 6, 6, 6, 6, 6]))


def act(game, key, *faces):
    game.dice.faces.extend(faces)
    game.answer(key)


def choose(game, text):
    """Pick the enabled choice whose text starts with `text`."""
    option = next(o for o in game.prompt().options if o.label.fr.startswith(text))
    assert option.enabled, text
    game.answer(option.key)


def hit_until_won(game, key="attack"):
    while game.prompt().kind in ("combat", "combat-luck"):
        if game.prompt().kind == "combat-luck":
            game.answer("pass")
        else:
            pending = game.state.pending
            rolling = sum(e["endurance"] > 0 for e in pending["enemies"]) \
                if pending["mode"] == "together" else 1
            keys = [o.key for o in game.prompt().options if o.enabled]   # (a defeated foe stays listed)
            act(game, key if key in keys else keys[0], *((1, 1) * rolling + (6, 6)))


def test_book_is_format_1_1_and_lints_clean():
    """36 paragraphs since format 1.1: the six that only carried an outcome's effect
    and a single way on (10, 11, 16, 17, 28, 29) are now that outcome's effects."""
    loaded = load_book(BOOK, use_cache=False)
    assert loaded.ok and loaded.diagnostics == [] and len(loaded.book.paragraphs) >= 36
    assert "\ngamebook: 1.1\n" in BOOK.read_text(encoding="utf-8")
    assert not {10, 11, 16, 17, 28, 29} & set(loaded.book.paragraphs)


def test_market_loop_costs_gold_and_is_guarded_by_conditions():
    """Choices that loop back to the market with effects, shown only with `or >= 3`."""
    g = start()
    choose(g, "Flâner")
    assert g.state.stats["or"] == 24
    for _ in range(8):
        choose(g, "Acheter un repas")
    assert (g.state.stats["or"], g.state.stats["provisions"]) == (0, 8)
    meal = next(o for o in g.prompt().options if o.label.fr.startswith("Acheter un repas"))
    assert not meal.enabled


def test_scripted_playthrough_to_victory():
    g = start()
    assert g.state.stats == {"habilete": 12, "endurance": 24, "chance": 12, "or": 24, "provisions": 0}
    choose(g, "Flâner")
    choose(g, "Acheter un repas")                    # 21 gold, 1 provision
    choose(g, "Entrer chez la diseuse")              # Chance 13/13 (the ceiling moved)
    assert g.state.stats["chance"] == 13 and g.state.initial["chance"] == 12
    choose(g, "Retourner")
    choose(g, "Relever le défi")                     # a bare-handed fight
    assert g.state.pending["unarmed"] and g.prompt().kind == "combat"
    hit_until_won(g)                                 # 11 + 12 against 9, three times
    assert g.state.paragraph == 2 and g.state.stats["or"] == 24   # the win's purse (win_effects)
    assert not any(o.label.fr.startswith("Relever") for o in g.prompt().options)   # once only
    choose(g, "Acheter la cuirasse")
    choose(g, "Retourner")
    choose(g, "Échanger votre arme")                 # the sword is lost for ever
    assert g.state.extra["weapon"] == "masse" and "epee" not in g.state.items
    choose(g, "Retourner")
    assert g.state.stats["or"] == 13
    choose(g, "Quitter")
    act(g, "roll", 1, 1)                             # Luck: 2 <= 13
    assert g.state.paragraph == 8 and g.state.stats["chance"] == 12
    choose(g, "Suivre")
    choose(g, "Prendre le sentier")
    act(g, "attack", *LOSE)                          # the wolf bites: 2 − 1 (cuirasse)
    assert g.state.stats["endurance"] == 23 and g.state.extra["armour_hits"] == 1
    act(g, "luck", 2, 3)                             # lucky: 1 − 1 = 0
    assert g.state.stats["endurance"] == 24 and g.state.stats["chance"] == 11
    hit_until_won(g)
    choose(g, "Continuer")
    endurance = g.state.stats["endurance"]
    act(g, "roll", 5, 5)                             # Skill: 10 + 1 (cuirasse) = 11 <= 12
    assert g.state.paragraph == 18 and g.state.stats["endurance"] == endurance
    choose(g, "Échanger votre arme contre la lance")
    assert g.state.extra["weapon"] == "lance" and "masse" not in g.state.items
    choose(g, "Marcher")
    act(g, "attack", *LOSE)                          # the bridge: one after the other
    g.answer("pass")
    assert g.state.extra["armour_hits"] == 2
    hit_until_won(g)
    assert g.state.paragraph == 24
    choose(g, "Se glisser")
    assert g.state.pending["enemies"][0]["endurance"] == 9
    act(g, "attack", *LOSE)                          # 1 − 1: the third hit breaks it
    assert "cuirasse" not in g.state.items and g.state.extra["armour"] is None
    hit_until_won(g)
    choose(g, "Monter l'escalier")
    endurance = g.state.stats["endurance"]
    act(g, "roll", 6, 6)                             # unlucky: 12 > 11, the dart (failure_effects)
    assert g.state.paragraph == 31 and g.state.stats["endurance"] == endurance - 2
    choose(g, "Monter par le grand escalier")        # three at once
    assert [o.key for o in g.prompt().options] == ["attack:0", "attack:1", "attack:2"]
    act(g, "attack:1", 1, 1, 1, 1, 1, 1, 6, 6)
    hit_until_won(g, "attack:1")
    assert g.state.paragraph == 35
    choose(g, "Revêtir")
    hit_until_won(g)
    assert g.state.paragraph == 38 and g.state.has("cloche")
    g.command("manger")
    choose(g, "Faire sonner")
    assert g.state.ended == "victory"
