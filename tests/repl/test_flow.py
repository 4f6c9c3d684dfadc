"""Small flow problems a player met (issue 33, item 9): Ctrl-C at a question, a named
save written over, Zeus' "give up"."""
from __future__ import annotations

from pathlib import Path

from tests.repl.helpers import session, written
from tests.repl.test_saves_kept import in_progress

TAUREAU = Path(__file__).parents[2] / "books" / "le-taureau-d-airain.yaml"


def test_ctrl_c_at_the_resume_question_starts_anew_and_shows_the_new_game(tmp_path):
    s = in_progress(tmp_path)
    s.start()
    text = str(s.cancel())
    assert text.startswith("Annulé.") and "— 1 —" in text and "autosave-previous" in text
    assert s.asking is None and s.game.state.paragraph == 1


def test_ctrl_c_at_a_load_question_keeps_the_game(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("sauver")
    s.handle_line("1")
    s.handle_line("charger")
    assert s.asking
    assert "Annulé." in str(s.cancel()) and s.game.state.paragraph == 2


def test_a_named_save_asks_before_replacing_another(tmp_path):
    s = session(tmp_path)
    s.start()
    s.handle_line("sauver a")
    s.handle_line("1")
    asked = " ".join(str(s.handle_line("sauver a")).split())
    assert "La sauvegarde « a » existe déjà : la remplacer par la partie en cours ?" in asked
    assert "Rien n'est écrit : « a » est gardée telle quelle." in " ".join(str(s.handle_line("n")).split())
    assert s.store.read("a")["paragraph"] == 1
    s.handle_line("sauver a")
    assert "Partie sauvegardée : a" in str(s.handle_line("o")) and s.store.read("a")["paragraph"] == 2
    s.handle_line("sauver")   # the quick save is written over without a question
    assert "Partie sauvegardée : partie" in str(s.handle_line("sauver")) and not s.asking


def test_giving_up_zeus_says_so(tmp_path):
    s = session(tmp_path, book=TAUREAU)
    s.start()
    s.game.goto(22)   # the altar of Zeus (`zeus: true`)
    s.game.drain()
    s.handle_line("zeus")
    number = next(n for n, o in enumerate(s.game.prompt().options, 1) if o.key == "cancel")
    text = str(s.handle_line(str(number)))
    assert "Vous renoncez à invoquer Zeus : il reste disponible." in text
    assert not s.game.state.extra.get("zeus_used")


def test_words_an_answer_does_not_take_are_refused_not_dropped(tmp_path):
    """`1 2` at a market bought one meal, `1 99999999999` picked 1 (issue 33, item 8)."""
    s = session(tmp_path)
    s.start()
    text = str(s.handle_line("1 2"))
    assert "« 1 2 » : ce choix se prend seul, tapez 1." in text and s.game.state.paragraph == 1
    assert "ce choix se prend seul" in str(s.handle_line("1 99999999999"))
    assert s.game.state.paragraph == 1
    s.handle_line("1")
    assert s.game.state.paragraph == 2


PUZZLE = """\
gamebook: 1.1
title: La Serrure
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}
paragraphs:
  1:
    text: Une serrure à chiffres.
    choices: [{text: Partir, to: 3}]
    puzzle: {answers: [2], wrong: 3}
  2: {text: La porte s'ouvre., end: victory}
  3: {text: Vous repartez bredouille., end: death}
"""


def test_a_word_at_the_puzzle_prompt_says_the_number_was_given_up(tmp_path):
    s = written(tmp_path, PUZZLE)
    s.start()
    assert "Quel nombre" in str(s.handle_line("2")) or s.awaiting
    text = str(s.handle_line("feuille"))
    assert text.startswith("Pas de nombre donné : rien ne se passe.") and "Habileté" in text
    assert s.awaiting is None and s.game.state.paragraph == 1


def test_the_bulls_fight_that_goes_on_is_not_called_ended(tmp_path):
    """§ 29 → § 34 of le-taureau-d-airain: the amulet weakens the bull, the fight goes on
    (issue 33, item 8); a fight left for good still ends."""
    from engine.rules.chroniques_cretoises import endings
    s = session(tmp_path, book=TAUREAU)
    s.start()
    s.game.goto(29)
    s.game.drain()
    endings.leave_fight(s.game, 34)
    said = [e["say"]["fr"] for e in s.game.drain() if e["type"] == "combat-end"]
    assert said == ["Le combat se poursuit."]
    s.game.goto(29)
    s.game.drain()
    endings.leave_fight(s.game, 31)
    assert [e["say"]["fr"] for e in s.game.drain() if e["type"] == "combat-end"] == ["Fin du combat."]


def test_one_die_is_rolled_as_one_and_a_bad_forced_face_is_said_in_french(tmp_path):
    """"Lancer les dés" for one die, and English inside French (issue 33, item 6)."""
    from engine.game.dice import ScriptedDice
    s = written(tmp_path, "gamebook: 1.1\ntitle: Le Coffre\nlanguage: fr\nrules: defis-fantastiques\nstart: 1\n"
                   "hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}\nparagraphs:\n"
                   "  1:\n    text: Un coffre.\n    random:\n      dice: 1d6\n      outcomes:\n"
                   "        - {range: [1, 3], to: 2}\n        - {range: [4, 6], to: 2}\n"
                   "  2: {text: Victoire !, end: victory}\n")
    assert "1. Lancer le dé" in str(s.start())
    s.game.dice = ScriptedDice([7])   # a face no d6 has
    text = " ".join(str(s.handle_line("1")).split())
    assert "la face imposée 7 n'existe pas sur un dé à 6 faces" in text and "forced face" not in text


ROAD = """\
gamebook: 1.1
title: La Route
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 10, endurance: 20, chance: 9, equipment: []}
paragraphs:
  1:
    text: Le carrefour.
    choices: [{text: Partir, to: 2}]
  2:
    text: Un pont branlant au-dessus du vide.
    choices: [{text: Traverser, to: 3}]
  3:
    text: Une auberge.
    choices: [{text: Entrer, to: 4}]
  4: {text: Au chaud., end: victory}
"""


def test_enter_held_down_stops_at_each_paragraph_it_brings(tmp_path):
    """Enter alone went on through single-choice paragraphs unseen (issue 33, item 9):
    a paragraph an Enter brought is acknowledged by the next Enter, then left."""
    s = written(tmp_path, ROAD)
    s.start()
    assert "Un pont branlant" in str(s.handle_line(""))   # § 1 was read: on to § 2
    acked = " ".join(str(s.handle_line("")).split())
    assert "Paragraphe 2 lu ? Entrée de nouveau : Traverser." in acked
    assert s.game.state.paragraph == 2
    assert "Une auberge" in str(s.handle_line("")) and s.game.state.paragraph == 3
    assert s.game.state.paragraph == 3 and "lu ?" in str(s.handle_line(""))


def test_a_typed_answer_reads_the_paragraph(tmp_path):
    """A number or a command typed at a paragraph an Enter brought counts as read."""
    s = written(tmp_path, ROAD)
    s.start()
    s.handle_line("")
    s.handle_line("feuille")
    assert "Une auberge" in str(s.handle_line("")) and s.game.state.paragraph == 3
    s.handle_line("1")   # typed: § 4 reached by a number, not an Enter
    assert s.game.state.ended == "victory"
