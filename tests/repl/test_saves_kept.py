"""Issue 13.3 and 13.5: nothing a player saved disappears without the player saying so;
`--log` records from the very start."""
from __future__ import annotations

import io
import json
from pathlib import Path

from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from engine.saves import store as saves
from engine.cli import main
from engine.repl import shell
from tests.fixtures.env import BOOKS
from tests.repl.helpers import session

MINI = str(BOOKS / "mini.yaml")
ROOT = Path(__file__).resolve().parents[2]


def in_progress(tmp_path):
    """A session whose game went to paragraph 2, quit (autosaved), and a new one offered it."""
    old = session(tmp_path)
    old.handle_line("1")
    old.handle_line("quit")
    resumed, warnings = saves.restore(old.game.book, old.game.module, old.store.read("autosave"))
    new = session(tmp_path, width=200)
    new.offer = (resumed, warnings)
    return new


def autosave(tmp_path, slot="autosave"):
    return json.loads((tmp_path / "saves" / "mini" / f"{slot}.json").read_text(encoding="utf-8"))


def test_start_offers_to_resume_and_yes_resumes(tmp_path):
    s = in_progress(tmp_path)
    text = str(s.start())
    assert "Une partie de ce livre est en cours (paragraphe 2)" in text and "o (oui) ou n (non)" in text
    assert s.prompt_text() == "(o/n) > "
    assert "Répondez par o" in str(s.handle_line("peut-être")) and s.asking
    text = str(s.handle_line("o"))
    assert "Partie reprise" in text and "— 2 —" in text and s.game.state.paragraph == 2


def test_no_starts_anew_and_keeps_the_old_autosave(tmp_path):
    s = in_progress(tmp_path)
    s.start()
    text = str(s.handle_line("n"))
    assert "— 1 —" in text and "autosave-previous" in text and s.game.state.paragraph == 1
    text = str(s.handle_line("quit"))
    assert "charger autosave-previous" in text
    assert autosave(tmp_path, "autosave-previous")["paragraph"] == 2
    assert autosave(tmp_path)["paragraph"] == 1


def test_leaving_at_the_question_writes_nothing_and_keeps_the_game(tmp_path):
    # Ctrl-D (or `quit`'s autosave) while asked whether to resume: nothing was played,
    # so the game in progress stays as it was (the fresh game was written over it).
    s = in_progress(tmp_path)
    s.start()
    before = (tmp_path / "saves" / "mini" / "autosave.json").read_bytes()
    text = str(s.autosave())
    assert "La partie en cours est gardée telle quelle" in text and "--continue" in text
    assert (tmp_path / "saves" / "mini" / "autosave.json").read_bytes() == before
    assert autosave(tmp_path)["paragraph"] == 2
    assert not (tmp_path / "saves" / "mini" / "autosave-previous.json").exists()


def test_the_offer_through_the_real_repl(tmp_path):
    s = in_progress(tmp_path)
    with create_pipe_input() as inp, create_app_session(input=inp, output=DummyOutput()):
        inp.send_text("y\rquit\r")
        shell.run(s, input=inp, output=DummyOutput())
    assert s.game.state.paragraph == 2


def test_bare_load_asks_and_undo_brings_the_game_back(tmp_path):
    s = session(tmp_path, width=200)
    s.handle_line("sauver")
    s.handle_line("1")
    here = s.game.state.paragraph
    assert "à la place de la partie en cours" in str(s.handle_line("charger"))
    assert "Annulé" in str(s.handle_line("non")) and s.game.state.paragraph == here
    s.handle_line("charger")
    assert "Partie chargée" in str(s.handle_line("oui")) and s.game.state.paragraph == 1
    s.handle_line("annuler")
    assert s.game.state.paragraph == here


def test_a_script_never_touches_the_players_autosave(monkeypatch, capsys, tmp_path):
    data = tmp_path / "data" / "saves" / "mini"
    s = session(tmp_path / "data")
    s.handle_line("1")
    s.handle_line("quit")
    before = (data / "autosave.json").read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n2\n"))
    main(["play", MINI, "--seed", "3"])
    out = capsys.readouterr().out
    assert (data / "autosave.json").read_bytes() == before
    assert (data / "script.json").exists() and "« script »" in " ".join(out.split())
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    main(["play", MINI, "--seed", "3"])   # a second script keeps the first one's save too
    assert (data / "script-previous.json").exists() and "charger script-previous" in " ".join(capsys.readouterr().out.split())


def test_log_starts_with_the_creation_and_the_first_paragraph(monkeypatch, capsys, tmp_path):
    log = tmp_path / "events.jsonl"
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    main(["play", str(ROOT / "books" / "la-cloche-de-brumesel.yaml"), "--seed", "1", "--log", str(log)])
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    kinds = [e["type"] for e in events]
    assert kinds[0] == "start" and events[0]["stats"] and events[0]["items"]   # starting equipment
    assert "dice" in kinds[:kinds.index("paragraph")]   # the creation rolls, before the first paragraph
    assert events[kinds.index("paragraph")]["number"] == 1


def test_the_full_screen_shows_no_choices_while_asked_whether_to_resume(tmp_path):
    # The choices pane listed paragraph 1's options beneath "(o/n) >": they read as the
    # question's answers.  It is empty until the question is answered, then it has them.
    from engine.repl import fullscreen
    from tests.repl.test_fullscreen import Sized, _shown, _windows, texts
    s = in_progress(tmp_path)
    output = Sized(24, 80)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        body = app._body()
        assert s.asking and texts(app._choice_frags).strip() == ""
        assert "La reprendre ?" in "".join(str(block) for block in app.story)
        # no empty pane between the story's rule and the prompt, no arrows offered
        assert app.choices not in _windows(body) and "↑↓" not in _shown(body)
        app.enter("n")
        body = app._body()
        assert not s.asking and "1. " in texts(app._choice_frags)
        assert app.choices in _windows(body) and "↑↓" in _shown(body)
