"""The terminal front end: a thin prompt_toolkit shell over `Session`.

Tab completion, persistent history (in the data dir), a bottom toolbar with the live
sheet, colours.  Ctrl-C cancels the current input; Ctrl-D saves and quits.
Imported only when stdin is a terminal, so scripts never pay for prompt_toolkit.
"""
from __future__ import annotations

from prompt_toolkit import PromptSession, print_formatted_text
from prompt_toolkit.completion import DynamicCompleter, NestedCompleter
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.history import FileHistory, InMemoryHistory
from prompt_toolkit.styles import Style

from .. import saves
from .messages import text as t

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


def _history():
    folder = saves.data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        return FileHistory(str(folder / "history"))
    except OSError:   # a read-only home still lets the player play
        return InMemoryHistory()


def make_prompt(session, input=None, output=None) -> PromptSession:
    return PromptSession(
        history=_history(), input=input, output=output, style=STYLE,
        completer=DynamicCompleter(lambda: NestedCompleter.from_nested_dict(session.completion_tree())),
        bottom_toolbar=session.toolbar, complete_while_typing=False)


def run(session, notes: list[str] = (), input=None, output=None) -> int:
    prompt = make_prompt(session, input, output)

    def show(out) -> None:
        print_formatted_text(FormattedText(out.fragments), style=STYLE, end="",
                             output=prompt.output)

    session.width = _width(prompt)
    show(session.start(notes))
    while not session.finished:
        session.width = _width(prompt)
        try:
            line = prompt.prompt(session.prompt_text())
        except KeyboardInterrupt:
            session.awaiting = None
            print_formatted_text(t(session.lang, "cancelled"), output=prompt.output)
            continue
        except EOFError:
            show(session.autosave())
            break
        show(session.handle_line(line))
    return 3 if session.failed else 0


def _width(prompt) -> int:
    return max(20, min(prompt.output.get_size().columns - 1, 100))
