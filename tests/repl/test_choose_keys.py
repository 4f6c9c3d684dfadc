"""Choosing like in an app in the full-screen layout: the arrow keys move a highlight
over the numbered choices, Enter takes it, a click takes a choice; typing a number
or a line works as before."""
from __future__ import annotations

from prompt_toolkit.application import create_app_session
from prompt_toolkit.data_structures import Point
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.mouse_events import MouseButton, MouseEvent, MouseEventType

from engine.repl import fullscreen
from tests.repl.helpers import session
from tests.repl.test_fullscreen import ARENE, Sized, _shown, run
from tests.repl.test_tmux import ROOT, tmux  # noqa: F401 - the fixture

DOWN, UP, ENTER, CTRL_D = "\x1b[B", "\x1b[A", "\r", "\x04"


def _story(app) -> str:
    return "".join(str(block) for block in app.story)


def test_down_down_enter_takes_the_second_choice(tmp_path):
    s = session(tmp_path, book=ARENE)
    app = run(s, DOWN + DOWN + ENTER + CTRL_D)
    assert s.game.state.paragraph == 4   # "Sauter par-dessus la barrière"
    assert "> 2\n» Sauter par-dessus la barrière" in _story(app)


def test_down_enter_takes_the_first_and_up_from_nothing_the_last(tmp_path):
    s = session(tmp_path, book=ARENE)
    run(s, DOWN + ENTER + CTRL_D)
    assert s.game.state.paragraph == 2 and s.game.state.pending["activity"] == "combat"
    s = session(tmp_path / "b", book=ARENE)
    run(s, UP + ENTER + CTRL_D)
    assert s.game.state.paragraph == 4


def test_the_highlight_stops_at_the_ends(tmp_path):
    s = session(tmp_path, book=ARENE)
    run(s, DOWN * 5 + UP + ENTER + CTRL_D)
    assert s.game.state.paragraph == 2


def test_typed_text_wins_over_the_highlight(tmp_path):
    s = session(tmp_path, book=ARENE)
    app = run(s, DOWN + "1" + ENTER + CTRL_D)
    assert s.game.state.paragraph == 2 and "> 1\n» Avancer vers les gardes" in _story(app)


def test_the_highlight_is_forgotten_once_a_line_is_entered(tmp_path):
    """Down, then a command typed: the next Enter on an empty line is the default
    answer again, not the old highlight."""
    s = session(tmp_path, book=ARENE)
    app = run(s, DOWN + "feuille" + ENTER + CTRL_D)
    assert app.selected is None and s.game.state.paragraph == 1


def test_the_highlighted_choice_is_shown_reversed(tmp_path):
    s = session(tmp_path, book=ARENE)
    output = Sized(30, 80)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        app._move(1)
        app._move(1)
        frags = app._clickable(_choice_frags(app))
        shown = _shown(app._body())
    styles = {text: style for style, text, *_ in frags}
    assert "class:selected" in styles["  2. Sauter par-dessus la barrière"]
    assert "class:selected" not in styles["  1. Avancer vers les gardes"]
    assert "1. Avancer vers les gardes" in shown and "↑↓ : choisir" in shown   # (the keys line at 80 columns)


def _choice_frags(app):
    from engine.repl import panels
    return panels.choices(app.session.game, app.session.lang, 79, app.selected).fragments


def test_a_click_on_a_choice_takes_it(tmp_path):
    s = session(tmp_path, book=ARENE)
    output = Sized(30, 80)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        frags = app._clickable(_choice_frags(app))
        handler = next(f[2] for f in frags if len(f) == 3 and f[1].startswith("  2."))
        up = MouseEvent(Point(3, 0), MouseEventType.MOUSE_UP, MouseButton.LEFT, frozenset())
        assert handler(up) is None
    assert s.game.state.paragraph == 4
    assert all(len(f) == 2 for f in frags if not f[1].lstrip().startswith(("1.", "2.")))


def test_down_down_enter_in_a_real_terminal_at_80x24(tmux):  # noqa: F811 - the fixture
    """tmux sends the arrow keys as a terminal does: the second god is taken."""
    tmux.start(ROOT / "books" / "le-taureau-d-airain.yaml", 80, 24, "--seed", "3")
    screen = tmux.wait_for("6. Héra")
    for key in ("Down", "Down"):
        tmux.tmux("send-keys", "-t", "play", key)
    tmux.tmux("send-keys", "-t", "play", "Enter")
    screen = tmux.wait_for("1. Descendre vers le village", before=screen)
    assert "» Athéna aux yeux pers" in screen and "— 2 —" in screen


def test_the_mouse_wheel_scrolls_the_story(tmp_path):
    s = session(tmp_path, book=ARENE)
    output = Sized(30, 80)
    with create_pipe_input() as inp, create_app_session(input=inp, output=output):
        app = fullscreen.FullScreen(s, input=inp, output=output)
        control = app.text.content
        wheel = MouseEvent(Point(0, 0), MouseEventType.SCROLL_UP, MouseButton.NONE, frozenset())
        assert control.mouse_handler(wheel) is None and app.back == 3
        wheel = MouseEvent(Point(0, 0), MouseEventType.SCROLL_DOWN, MouseButton.NONE, frozenset())
        control.mouse_handler(wheel)
        control.mouse_handler(wheel)
        assert app.back == 0   # (never below the story's end)


def test_the_arrows_leave_the_sessions_own_question_alone(tmp_path):
    """While `effacer` asks yes or no, Down highlights nothing and Enter answers the
    question (no), not a choice."""
    s = session(tmp_path, book=ARENE)
    app = run(s, "sauver a\reffacer a\r" + DOWN + ENTER + CTRL_D)
    assert s.game.state.paragraph == 1 and app.selected is None
    assert "a" in s.store.slots()
    asked = _story(app).split("> effacer a", 1)[1]
    assert "> 1" not in asked   # Enter answered the question as an empty line


def test_a_click_in_a_real_terminal_takes_the_choice_under_it(tmux):  # noqa: F811 - the fixture
    """The terminal's own report of a left click (xterm SGR: press, release) on the
    third god's line: the layout asked for clicks, and the choices pane, kept from
    redraw to redraw, answers it."""
    tmux.start(ROOT / "books" / "le-taureau-d-airain.yaml", 80, 24, "--seed", "3")
    screen = tmux.wait_for("6. Héra")
    rows = screen.splitlines()
    y = next(i for i, row in enumerate(rows) if "3. Poséidon" in row) + 1   # (1-based)
    x = rows[y - 1].index("Poséidon") + 1
    tmux.tmux("send-keys", "-t", "play", "-l", f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m")
    screen = tmux.wait_for("1. Descendre vers le village", before=screen)
    assert "— 2 —" in screen and "Dieu protecteur Poséidon" in screen   # (the sheet, above)
