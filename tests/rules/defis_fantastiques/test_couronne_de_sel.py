"""The showcase book books/la-couronne-de-sel.yaml (format 1.1, split in three parts):
it loads clean from its parts, a scripted run with forced dice reaches its victory
through the market, the codewords, the give-up, the noted paragraph and the puzzle,
its automatic endings fire on the day counter, and the explorer plays it."""
from pathlib import Path

from engine.analysis.explore import run_batch
from engine.analysis.explore.report import random_report
from engine.game.dice import ScriptedDice
from engine.game import Game

from df_helpers import choosing, clean, WIN_ROUND, act, win_fight

BOOK = Path(__file__).parents[3] / "books" / "la-couronne-de-sel.yaml"


def loaded():
    return clean(BOOK)


def start():
    book = loaded()
    # Creation: Habileté 6+6, Endurance 6+6+12, Chance 6+6 (Or is fixed at 6).
    return Game(book.book, book.module, ScriptedDice([6, 6, 6, 6]))


choose = choosing("fr")   # the enabled choice whose text starts with `text`


def labels(game):
    return [o.label.fr for o in game.prompt().options]


def days(game):
    return game.state.extra["counters"]["jours"]


def test_the_book_has_150_paragraphs_from_its_three_parts():
    """The main file holds the front matter and paragraph 1; `include:` brings the rest."""
    book = loaded().book
    parts = sorted((BOOK.parent / "la-couronne-de-sel").glob("*.yaml"))
    assert [p.name for p in parts] == ["abbaye.yaml", "landes.yaml", "salvene.yaml"]
    assert len(book.paragraphs) >= 150 and 160 in book.paragraphs and 2 in book.paragraphs
    assert "\n  2:\n" not in BOOK.read_text(encoding="utf-8")


def town(g):
    """Salvène: the market, the dice game, the docker, the chapel, the quays, the lighthouse."""
    choose(g, "Sortir")
    choose(g, "Parcourir le marché")
    choose(g, "Acheter trois poignées de sel béni")          # copies: gain {sel: 3}
    assert (g.state.stats["or"], g.state.items["sel"]) == (4, 3)
    choose(g, "Retourner")
    choose(g, "Acheter une lanterne")
    assert not any(l.startswith("Acheter une lanterne") for l in labels(g))   # once: gone
    choose(g, "Revenir sur la place")
    choose(g, "Entrer à l'Ancre")
    choose(g, "Miser")
    act(g, "roll", 5)                                         # a random outcome's effects
    assert g.state.paragraph == 8 and g.state.stats["or"] == 5
    choose(g, "Retourner")
    choose(g, "Relever le défi")
    assert g.state.pending["unarmed"]
    win_fight(g)                                              # win_effects: 2 gold, a codeword
    assert g.state.paragraph == 13 and g.state.stats["or"] == 7 and "contrebande" in g.state.flags
    choose(g, "Retourner")
    choose(g, "Ressortir")
    choose(g, "Monter à la chapelle")
    choose(g, "Acheter une amulette")
    choose(g, "Rester")
    choose(g, "Redescendre")
    choose(g, "Descendre sur les quais")
    choose(g, "Plonger")
    act(g, "roll", 1, 1)                                      # Skill 2 <= 12: success_effects
    assert g.state.paragraph == 21 and "mouette" in g.state.flags
    choose(g, "Revenir")
    choose(g, "Marcher jusqu'au phare")
    choose(g, "Monter")
    choose(g, "Redescendre")
    choose(g, "Ouvrir la trappe")
    assert g.state.pending["mode"] == "as-one"
    win_fight(g)
    assert g.state.has("cle") and g.state.has("plume")
    choose(g, "Remonter")
    choose(g, "Retourner")


def moors(g):
    """The road of the moors, the ferry's give-up, the old woman, the salt marshes."""
    choose(g, "Franchir la porte du Nord")
    assert days(g) == 1
    assert any("contrebandiers" in label for label in labels(g))   # CONTREBANDE shows it
    choose(g, "Prendre la route des landes")
    act(g, "roll", 3)                                         # no storm
    choose(g, "Poursuivre")
    win_fight(g)                                              # two brigands, one after the other
    assert g.state.paragraph == 66 and g.state.stats["or"] == 6
    choose(g, "Descendre jusqu'au bac")
    choose(g, "Lui donner un objet")
    assert g.prompt().kind == "give-up"
    g.answer("give:balluchon")
    assert "balluchon" not in g.state.items and g.state.paragraph == 71
    act(g, "roll", 4)                                         # no wolf
    choose(g, "Vous approcher de la vieille")
    choose(g, "Lui donner la plume")
    assert "aveugle" in g.state.flags
    choose(g, "La remercier")
    assert not any(l.startswith("Suivre les pieux blancs") for l in labels(g))   # hidden
    choose(g, "Suivre les pieux noirs")
    win_fight(g)
    assert g.state.paragraph == 79 and days(g) == 2


def abbey(g):
    """The causeway, the church, the noted cloister, the crypt's puzzle, Vaume."""
    choose(g, "Marcher")
    assert g.state.paragraph == 80 and g.state.ended is None   # 2 days: the auto death waits
    choose(g, "Vous engager")
    act(g, "roll", 1, 1)
    win_fight(g)                                              # the drowned knight
    choose(g, "Monter vers")
    choose(g, "Vous glisser")
    choose(g, "Entrer dans l'église")
    choose(g, "Vous approcher de l'autel")
    assert g.state.items["sel"] == 4
    choose(g, "Revenir dans la nef")
    choose(g, "Ressortir")
    choose(g, "Prendre la galerie")
    assert g.state.extra["notes"] == {"cloitre": 100}
    choose(g, "Entrer dans la bibliothèque")
    choose(g, "Lui jeter une poignée")                        # lose {sel: 1}
    assert g.state.items["sel"] == 3
    choose(g, "Vous approcher du lutrin")
    choose(g, "Retourner au paragraphe que vous avez noté")
    assert g.state.paragraph == 100                           # the note read back
    choose(g, "Descendre l'escalier de la crypte")
    assert g.state.paragraph == 121                           # auto: the lantern lights the way
    choose(g, "Descendre jusqu'au")
    win_fight(g)
    assert g.state.paragraph == 125
    puzzle = next(o for o in g.prompt().options if o.amount)
    g.answer(puzzle.key, 12 * 7 + 63)                         # pillars × bells + the abbot's years
    assert g.state.paragraph == 147
    win_fight(g)
    choose(g, "Jeter d'abord")
    assert g.state.has("couronne") and g.state.items["sel"] == 2


def test_scripted_playthrough_to_victory():
    g = start()
    assert g.state.stats == {"habilete": 12, "endurance": 24, "chance": 12, "or": 6, "provisions": 1}
    town(g)
    moors(g)
    abbey(g)
    choose(g, "Fuir")
    act(g, "roll", 5)
    assert g.state.paragraph == 143
    choose(g, "Faire de grands signes")                       # MOUETTE: Maël's boat
    choose(g, "Accoster")
    assert g.state.ended == "victory" and g.state.paragraph == 160 and days(g) == 3


def test_a_wrong_number_falls_into_the_trap():
    g = start()
    g.goto(125)
    puzzle = next(o for o in g.prompt().options if o.amount)
    g.answer(puzzle.key, 146)
    assert g.state.paragraph == 148 and g.state.stats["endurance"] == 21


def at_day(count, paragraph):
    g = start()
    g.state.extra["counters"]["jours"] = count
    g.goto(paragraph)
    return g.state.paragraph, g.state.ended


def test_the_great_tide_ends_the_game_on_the_causeway_and_at_the_lighthouse():
    """Automatic endings: a conditional death on the causeway, and at the lighthouse a
    jump, a conditional victory and a default death."""
    assert at_day(4, 80) == (80, None) and at_day(5, 80) == (80, "death")
    assert at_day(4, 158) == (160, "victory")
    assert at_day(5, 158) == (158, "victory")
    assert at_day(6, 158) == (158, "death")


def test_the_explorer_plays_the_book_to_victories_without_errors():
    book = loaded()
    report = random_report(book.book, book.module, run_batch(book.book, book.module, 200, seed=3, jobs=1))
    assert report["outcomes"]["victory"]["runs"] > 0
    assert not report["problems"]


def test_the_eel_stops_the_fight_at_its_first_wound():
    """§77 `hurt: 54`: the eel wounds the hero once (Luck passed): to 54, its 2 more points."""
    g = start()
    g.goto(77)
    act(g, "attack", 6, 6, 1, 1)                              # the eel 19, the hero 14
    assert g.prompt().kind == "combat-luck"
    g.answer("pass")
    assert g.state.paragraph == 54 and g.state.stats["endurance"] == 24 - 2 - 2


def test_the_drowned_knight_is_a_timed_fight():
    """§83 `rounds: 4`, `timeout: 86`: four parries and the tide takes the hero."""
    g = start()
    g.goto(83)
    for n in range(1, 5):
        assert g.prompt().title.fr.endswith(f"assaut {n}/4")
        act(g, "attack", 6, 6, 4, 4)                          # 12 + 8 = 8 + 12: parried
    assert g.state.paragraph == 86 and g.state.stats["endurance"] == 22


def test_the_spectre_is_hurt_only_by_the_silver_dagger():
    g = start()
    g.goto(107)
    act(g, "attack", *WIN_ROUND)
    assert g.state.pending["enemies"][0]["endurance"] == 6
    assert any("aucun mal" in e.get("say", {}).get("fr", "") for e in g.drain())


def test_book_odds_say_why_the_spectre_cannot_be_beaten_and_price_its_escape():
    """Issue 12: § 107's opponent is hurt only by the silver dagger the starting sheets
    lack: the table says why no sheet wins (French and English), and the escape open
    after 2 rounds is its outcome (every sheet leaves alive by it)."""
    from engine.analysis.book_odds import book_odds
    from engine.analysis.render import book_text
    book = loaded()
    table = book_odds(book.book, book.module)
    row = next(r for r in table.rows if r.paragraph == 107)
    assert row.ends == {"escape": 1} and set(row.win.values()) == {1}
    (reason, columns), = row.notes
    assert columns == ["typical", "weakest", "strongest"]
    assert reason.en == "only one of these weapons can wound Spectre de l'abbé and you carry none: Dague d'argent"
    assert reason.fr.startswith("seule une de ces armes peut blesser Spectre de l'abbé")
    text = book_text(table, "fr", "x", {"typical": ("typique", "typical"), "weakest": ("le plus faible", "weakest"),
                                         "strongest": ("le plus fort", "strongest"), "average": ("moyenne", "average")})
    assert "0 % de victoire (typique, le plus faible, le plus fort) : seule une de ces armes" in text
    assert all(not r.notes for r in table.rows if r.paragraph != 107)   # the others can be won


def test_book_odds_leave_no_fight_out():
    """The fight with mixed wounds (§ 101, together) and every special are in the table."""
    from engine.analysis.book_odds import book_odds
    book = loaded()
    table = book_odds(book.book, book.module)
    fights = [n for n, p in book.book.paragraphs.items() if "combat" in p.fields]
    assert sorted(r.paragraph for r in table.rows) == sorted(fights) and table.left_out == []
