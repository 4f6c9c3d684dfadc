"""The table-top commands through handle_line: the journal and jumping back in it,
notes, save slots, the end screen and the endings discovered across games."""
from __future__ import annotations

import json
from pathlib import Path

from engine.saves import store as saves
from engine.saves.endings import EndingStore
from engine.game import journal
from tests.repl.helpers import session

CLOCHE = Path(__file__).parents[2] / "books" / "la-cloche-de-brumesel.yaml"


def play(s, *lines) -> str:
    return "".join(str(s.handle_line(line)) for line in lines)


def test_history_lists_fights_undos_and_loads(tmp_path):
    s = session(tmp_path, book=CLOCHE, seed=3, width=100)
    s.start()
    play(s, "1", "5", "annuler", "5", "sauver a", "charger a")
    kinds = [next(iter(e)) for e in s.game.state.history]
    assert "fight" in kinds and "undo" in kinds and kinds[-1] == "load"
    out = play(s, "historique")
    assert "combat : Bartholin le lutteur" in out and "annulation : retour au §2" in out
    assert "partie chargée : a" in out and "» Relever le défi du lutteur" in out


def _wrestle(tmp_path, seed):
    s = session(tmp_path, book=CLOCHE, seed=seed, width=100)
    s.start()
    play(s, "1", "5")
    for _ in range(60):   # attack, and test Luck when asked, until the wrestling ends (seeded dice)
        if s.game.state.pending is None or s.game.state.ended:
            break
        keys = [o.key for o in s.game.prompt().options]
        play(s, str(keys.index("luck") + 1) if "luck" in keys else "1")
    return s, [e for e in s.game.state.history if "paragraph" not in e and "choice" not in e]


def test_a_fight_won_and_a_death_are_in_the_journal(tmp_path):
    s, entries = _wrestle(tmp_path, 1)
    assert entries == [{"fight": ["Bartholin le lutteur"]}, {"fight-won": True}]
    assert "combat gagné" in play(s, "historique") and journal.fights_won(s.game.state.history) == 1
    s, entries = _wrestle(tmp_path, 2)
    assert entries == [{"fight": ["Bartholin le lutteur"]}, {"death": "combat"}]
    assert "mort (combat)" in play(s, "historique")


def test_jump_back_asks_first_then_is_undoable(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "1", "1")            # 1 -> 2 (a test), rolled -> 5 or 6
    after = s.game.save()
    asked = play(s, "historique 1")
    assert "Revenir au point 1 (§1) ?" in asked and s.game.save() == after
    assert s.prompt_text() == "(o/n) > "
    assert "Rien n'est fait." in play(s, "historique 1", "non")
    assert s.game.save() == after
    assert "Retour au point 1 : paragraphe 1." in play(s, "historique 1", "o")
    assert s.game.state.paragraph == 1 and s.game.state.history[-1] == {"jump": 1}
    play(s, "annuler")
    assert s.game.state.paragraph == after["paragraph"]


def test_jump_refused_to_the_present_or_a_bad_number(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "1")
    assert "historique N : N est le numéro" in play(s, "historique 9")
    assert "historique N : N est le numéro" in play(s, "historique ²")
    assert "Impossible de revenir au point 2" in play(s, "historique 2")
    assert s.asking is None


def test_jump_reaches_before_a_load_since_undo_does(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "1", "sauver a", "charger a")
    loaded = s.game.save()
    assert "Revenir au point 1 (§1) ?" in play(s, "historique 1")
    assert "Retour au point 1 : paragraphe 1." in play(s, "o")
    assert s.game.state.paragraph == 1
    play(s, "annuler")   # back to the game as loaded (the journal says so)
    back = s.game.save()
    assert back["history"] == loaded["history"] + [{"undo": loaded["paragraph"]}]
    assert {k: v for k, v in back.items() if k != "history"} == \
        {k: v for k, v in loaded.items() if k != "history"}


def test_notes_are_added_listed_deleted_and_shown_on_the_sheet(tmp_path):
    s = session(tmp_path)
    s.start()
    assert "Note n° 1 ajoutée." in play(s, "note la clé ouvre le puits")
    play(s, "note second")
    assert "  1. la clé ouvre le puits" in play(s, "note")
    assert "  2. second" in play(s, "feuille")
    assert "Note n° 1 supprimée : la clé ouvre le puits" in play(s, "note effacer 1")
    assert s.game.state.notes == ["second"]
    assert "pas de note n° 5" in play(s, "note effacer 5")


def test_notes_survive_undo_restart_and_a_save(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "1", "note après le garde", "annuler", "recommencer")
    assert s.game.state.notes == ["après le garde"]
    play(s, "sauver n")
    assert json.loads((s.store.dir / "n.json").read_text())["notes"] == ["après le garde"]
    s2 = session(tmp_path)
    s2.start()
    play(s2, "charger n")
    assert s2.game.state.notes == ["après le garde"]


def test_a_save_without_notes_has_no_notes_key_and_older_saves_load(tmp_path):
    s = session(tmp_path)
    s.start()
    obj = saves.snapshot(s.game)
    assert "notes" not in obj
    saves.parse(json.dumps(obj).encode(), "old.json")   # the schema still accepts it
    obj["notes"] = [3]
    try:
        saves.parse(json.dumps(obj).encode(), "bad.json")
    except saves.SaveError as exc:
        assert "notes/0" in exc.message.en
    else:
        raise AssertionError("a note that is not a string was accepted")


def test_slots_are_listed_with_book_paragraph_and_date(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "1", "sauver un")
    (s.store.dir / "casse.json").write_text("{", encoding="utf-8")
    out = play(s, "parties")
    assert "un : La Grotte, paragraphe 2, 20" in out
    assert "casse : illisible (gardé tel quel)" in out
    assert "slot" not in play(s, "parties").lower().replace("slots", "")


def test_delete_a_slot_asks_first(tmp_path):
    s = session(tmp_path)
    s.start()
    play(s, "sauver un")
    assert "Supprimer la sauvegarde « un »" in play(s, "effacer un")
    play(s, "n")
    assert "un" in s.store.slots()
    assert "Sauvegarde « un » supprimée." in play(s, "delete un", "oui")
    assert "un" not in s.store.slots()
    assert "effacer NOM" in play(s, "effacer un")      # gone: nothing to ask
    assert "effacer NOM" in play(s, "effacer ../x")


def test_end_screen_counts_and_discovered_endings_across_games(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml", width=100)
    s.start()
    out = play(s, "1")
    assert "— The end: victory at paragraph 2 —" in out
    assert "Paragraphs visited: 2 · fights won: 0" in out
    assert "Endings discovered in this book: 1 (of 2 written endings):" in out
    assert "§2: victory, once (new!)" in out
    again = session(tmp_path, book="tiny-en.yaml", width=100)
    again.start()
    play(again, "2", "1")        # dead, then the prayer: not an end yet
    out = play(again, "2")
    assert "— The end: death at paragraph 3 —" in out
    assert "Endings discovered in this book: 2 (of 2 written endings):" in out
    assert "§2: victory, once\n" in out and "§3: death, once (new!)" in out
    out = play(again, "restart", "1")
    assert "§2: victory, 2 times\n" in out
    assert EndingStore("tiny", tmp_path).read()[2]["times"] == 2


def test_end_screen_is_made_once_per_ending(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml", width=100)
    s.start()
    play(s, "1")
    assert "The end" not in play(s, "look") + play(s, "")
    assert "The end" in play(s, "undo", "1")   # reached again after an undo: a new end
    assert EndingStore("tiny", tmp_path).read()[2]["times"] == 2


def test_an_end_is_not_counted_again_by_loading_or_undoing_back_to_it(tmp_path):
    s = session(tmp_path, book="tiny-en.yaml", width=100)
    s.start()
    play(s, "1", "save won")
    out = play(s, "load won", "restart", "undo")
    assert "The end" not in out
    assert EndingStore("tiny", tmp_path).read()[2]["times"] == 1


def test_no_end_screen_while_a_rescue_is_offered(tmp_path):
    s = session(tmp_path, width=100)
    s.start()
    out = play(s, "3")
    while not s.game.state.ended:
        out = play(s, "1")
    assert "Prier les dieux" in out and "— Fin" not in out
    assert EndingStore("mini", tmp_path).read() == {}


def test_a_corrupt_endings_file_is_reported_not_overwritten(tmp_path):
    path = tmp_path / "endings" / "tiny.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"endings": [', encoding="utf-8")
    s = session(tmp_path, book="tiny-en.yaml", width=100)
    s.start()
    out = play(s, "1")
    assert "Warning: " in out and "unreadable" in out and str(path) in out
    assert path.read_text(encoding="utf-8") == '{"endings": ['


def test_endings_store_round_trip(tmp_path):
    store = EndingStore("b", tmp_path)
    assert store.read() == {}
    assert store.record(7, "death")[1] is True
    found, new = store.record(7, "death")
    assert not new and found[7]["times"] == 2 and found[7]["kind"] == "death"
    assert not list(store.path.parent.glob(".tmp-*"))


def test_journal_points_skip_choices():
    history = [{"paragraph": 1}, {"choice": "x"}, {"paragraph": 2}, {"fight": ["Rat"]}]
    assert [i for i, _ in journal.points(history)] == [0, 2, 3]


def test_zeus_and_victories_are_followed_only_in_followed_games(tmp_path):
    s = session(tmp_path)
    s.start()
    s.game.emit("zeus", favour="honneur")
    assert s.game.state.history[-1] == {"zeus": "honneur"}
    assert "Zeus invoqué (honneur)" in play(s, "historique")
    from engine.game import Game
    other = Game(s.game.book, s.game.module, s.game.dice)   # not a REPL's: nothing followed
    other.emit("zeus", favour="honneur")
    assert {"zeus": "honneur"} not in other.state.history
