"""The terminal front end: a thin prompt_toolkit shell over `Session`.

Tab completion, persistent history (in the data dir), a bottom toolbar with the live
sheet, colours.  Ctrl-C cancels the current input; Ctrl-D saves and quits.
Imported only when stdin is a terminal, so scripts never pay for prompt_toolkit.
"""
from __future__ import annotations

import sys

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import DynamicCompleter, NestedCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.output import create_output
from prompt_toolkit.styles import Style

from engine.saves import store as saves
from engine.support.safe_io import raw
from engine.support.safe_text import clean_line
from engine.repl.history_file import open_history
from engine.repl.render import Output

STYLE = Style.from_dict({
    "header": "bold ansiyellow",
    "header.italic": "bold italic ansiyellow",
    "title": "bold",
    "info": "#8a8a8a",
    "option": "",
    "disabled": "#6c6c6c",
    "echo": "italic #8a8a8a",
    "dice": "ansicyan",
    "good": "ansigreen",
    "bad": "ansired",
    "error": "ansired",
    "warning": "ansiyellow",
    "event": "ansibrightblue",
    "bottom-toolbar": "reverse",
})


def make_prompt(session, input=None, output=None, history=None) -> PromptSession:
    # the real stdout: the command line's SafeStream would clean the REPL's own escape codes
    output = output or create_output(stdout=raw(sys.stdout))
    return PromptSession(
        history=history, input=input, output=output, style=STYLE,
        completer=DynamicCompleter(lambda: NestedCompleter.from_nested_dict(session.completion_tree())),
        bottom_toolbar=lambda: clean_line(session.toolbar(output.get_size().columns)),
        complete_while_typing=False)


GROWN = object()   # run's result when `until` says the full screen fits again (no line typed is it)


def run(session, notes: list[str] = (), input=None, output=None, check=lambda: None,
        resumed: str | None = None, until=None, record=None):
    """The game in the line shell; `check()` runs before each prompt (play's signal guard:
    it raises a signal that came between two prompts and was dropped).  `resumed`: the
    game is under way (the full screen gave way): say so and read the paragraph again
    instead of starting.  `until(output)`: when it holds (the window grew), return GROWN.
    `record(output)`: given each exchange too (the full screen keeps them in its story)."""
    history, warning = open_history(saves.data_dir(), session.lang)
    prompt = make_prompt(session, input, output, history)
    notes = list(notes) + ([warning] if warning else [])

    def show(out) -> None:
        print_formatted_text(FormattedText(out.fragments), style=STYLE, end="",
                             output=prompt.output)

    if until is not None:
        def grown(app) -> None:
            if until(prompt.output) and app.is_running and not app.future.done():
                app.exit(result=GROWN)
        prompt.app.before_render += grown
    session.width = _width(prompt)
    if resumed is None:
        show(session.start(notes))
    else:
        show(Output().line(resumed, "class:info").extend(session.reread()).wrapped(session.width))
    while not session.finished:
        session.width = _width(prompt)
        check()
        if until is not None and until(prompt.output):
            return GROWN
        try:
            line = prompt.prompt(clean_line(session.prompt_text()))
        except KeyboardInterrupt:
            show(session.cancel().wrapped(session.width))
            continue
        except EOFError:
            show(session.autosave())
            break
        if line is GROWN:
            return GROWN
        try:
            typed = session.prompt_text() + line
            answer = session.handle_line(line)
            show(answer)
            if record is not None:
                record(Output().line(typed, "class:echo"))
                record(answer)
        except KeyboardInterrupt:  # during a move that does not end (a stuck rule module):
            show(session.autosave())  # the move is undone, the game saved, the player out
            return 130
    return 3 if session.failed else 0


MAX_WIDTH = 100   # longer lines are hard to read


def _width(prompt) -> int:
    return max(20, min(prompt.output.get_size().columns - 1, MAX_WIDTH))
