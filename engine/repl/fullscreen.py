"""The full-screen front end: a prompt_toolkit `Application` over `Session`.

The story (scrollable) with the Adventure Sheet beside it on a wide terminal, or
above it in a few lines on a narrow one; during a fight both sides next to each
other; at the end, the end screen; then the choices and the input line.  Every
line typed goes to `Session.handle_line`, as in the line shell: this module only
lays out what the session and panels.py give.  Text is kept unwrapped and fitted to
the panes at each redraw, so a resized terminal reflows at once.  Below
MIN_COLUMNS x MIN_ROWS the line shell is used instead (`fits`), and a terminal made
smaller during a game shows how much room is needed until it is made larger again.
"""
from __future__ import annotations

import sys

from prompt_toolkit import print_formatted_text
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import DynamicCompleter, NestedCompleter
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.filters import has_completions
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import (DynamicContainer, Float, FloatContainer,
                                   HSplit, Layout, VSplit, Window)
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.output import create_output
from prompt_toolkit.styles import Style, merge_styles

from engine.saves import store as saves
from engine.repl import panels, shell
from engine.repl.history_file import open_history
from engine.repl.messages import text as t
from engine.repl.render import Output
from engine.support.safe_io import raw
from engine.support.safe_text import clean_line

MIN_COLUMNS, MIN_ROWS = 50, 18
WIDE = 100          # from this width on, the sheet stands beside the story
SHEET_WIDTH = 32
UNWRAPPED = 10_000  # the session's width: the panes wrap its lines themselves
STYLE = merge_styles([shell.STYLE, Style.from_dict({
    "rule": "#5f5f5f", "sheet": "ansibrightblack", "keys": "reverse", "fight": "bold"})])


def fits(output) -> bool:
    size = output.get_size()
    return size.columns >= MIN_COLUMNS and size.rows >= MIN_ROWS


class FullScreen:
    """The application and what it shows; `run` plays until quit or Ctrl-D."""

    def __init__(self, session, notes=(), input=None, output=None):
        self.session, self.back = session, 0
        self._fitted: tuple = (None, [])   # ((width, blocks), the story fitted to them)
        # the terminal, whose size the panes follow: the real stdout, since the command
        # line's SafeStream would clean the layout's own escape codes (book text is
        # cleaned in Output.fragments)
        self.output = output or create_output(stdout=raw(sys.stdout))
        session.width, session.show_prompt, session.end_in_story = UNWRAPPED, False, False
        history, warning = open_history(saves.data_dir(), session.lang)
        self.story: list[Output] = [session.start([*notes, *([warning] if warning else [])])]
        self.input = Buffer(multiline=False, accept_handler=self._accept,
                            completer=DynamicCompleter(self._completer), complete_while_typing=False,
                            history=history)
        self.text = Window(FormattedTextControl(self._story, get_cursor_position=self._story_cursor),
                           wrap_lines=False, always_hide_cursor=True, height=Dimension(min=3))
        self.prompt = Window(BufferControl(self.input, input_processors=[
            BeforeInput(lambda: clean_line(session.prompt_text()), style="class:title")]), height=1)
        self.app = Application(layout=Layout(self._root(), focused_element=self.prompt),
                               key_bindings=self._keys(), style=STYLE, full_screen=True,
                               mouse_support=False, input=input, output=self.output)

    # --- sizes ------------------------------------------------------------------
    def _size(self):
        return self.output.get_size()

    def _wide(self) -> bool:
        return self._size().columns >= WIDE

    def _story_width(self) -> int:
        cols = self._size().columns
        return max(20, min(shell.MAX_WIDTH, (cols - SHEET_WIDTH - 1 if self._wide() else cols) - 1))

    # --- panes --------------------------------------------------------------------
    def _root(self):
        body = DynamicContainer(self._body)
        return FloatContainer(body, floats=[Float(xcursor=True, ycursor=True, content=CompletionsMenu(
            max_height=8, scroll_offset=1), transparent=True)])

    def _body(self):
        size = self._size()
        if size.columns < MIN_COLUMNS or size.rows < MIN_ROWS:
            return HSplit([self._static(self._small()), self.prompt])
        choices = panels.choices(self.session.game, self.session.lang, size.columns - 1)
        keys = Window(FormattedTextControl(lambda: [("class:keys", " " + self._keys_help())]), height=1)
        return HSplit([self._top(size), self._rule(), *self._middle(size),
                       self._static(choices.fragments), self.prompt, keys])

    def _top(self, size):
        """The story, with the sheet beside it (wide) or above it (narrow)."""
        game, lang = self.session.game, self.session.lang
        if self._wide():
            sheet = self._static(panels.sheet(game, lang, SHEET_WIDTH - 1).fragments)
            return VSplit([self.text, self._bar(),
                           HSplit([sheet, Window()], width=SHEET_WIDTH)])   # (Window: fills the column)
        line = self._static(panels.sheet_line(game, lang, size.columns - 1).fragments,
                            most=max(2, size.rows // 6))   # (the whole sheet: `feuille`)
        return HSplit([line, self._rule(), self.text])

    def _middle(self, size) -> list:
        """During a fight both sides; at the end the end screen; else nothing."""
        game = self.session.game
        fight = panels.fight(game, self.session.lang, max(16, size.columns // 2 - 3))
        if fight is not None:
            you, them = fight
            return [VSplit([self._static(you.fragments), self._bar(),
                            self._static(them.fragments)]), self._rule()]
        if self.session.end_screen is not None and game.over:
            end = self.session.end_screen.wrapped(size.columns - 1)
            while end.rows and not end.rows[0][1]:   # (the blank line of the line mode)
                end.rows.pop(0)
            return [self._static(end.fragments), self._rule()]
        return []

    @staticmethod
    def _bar() -> Window:
        return Window(width=1, char="│", style="class:rule")

    @staticmethod
    def _static(frags: list, most: int | None = None) -> Window:
        """A window exactly as tall as its lines (already fitted to its width), or `most`
        lines: the story gives up its room first, so the choices are always whole."""
        if frags and frags[-1] == ("", "\n"):
            frags = frags[:-1]
        lines = 1 + sum(1 for _, text in frags if text == "\n")
        return Window(FormattedTextControl(frags), height=min(lines, most or lines), wrap_lines=True)

    @staticmethod
    def _rule() -> Window:
        return Window(height=1, char="─", style="class:rule")

    def _keys_help(self) -> str:
        lang, cols = self.session.lang, self._size().columns
        full = t(lang, "fs-keys")
        return full if len(full) < cols else t(lang, "fs-keys-short")

    def _small(self):
        size = self._size()
        return [("class:warning", t(self.session.lang, "fs-small", cols=size.columns, rows=size.rows,
                                    min_cols=MIN_COLUMNS, min_rows=MIN_ROWS))]

    def _lines(self) -> list:
        """The story's fragments fitted to the pane, without the last newline."""
        width = self._story_width()
        key = (width, len(self.story))   # (blocks are only ever appended)
        if self._fitted[0] != key:
            out = Output()
            for block in self.story:
                out.extend(block)
            frags = out.wrapped(width).fragments
            self._fitted = key, (frags[:-1] if frags and frags[-1] == ("", "\n") else frags)
        return self._fitted[1]

    def _story(self):
        """The story up to `back` lines from its end: the pane shows its bottom."""
        frags = self._lines()
        if not self.back:
            return frags
        ends = [i for i, (_, text) in enumerate(frags) if text == "\n"]
        self.back = min(self.back, len(ends))
        return frags[:ends[len(ends) - self.back]]

    def _story_cursor(self) -> Point:
        return Point(0, sum(1 for _, text in self._story() if text == "\n"))

    # --- input --------------------------------------------------------------------
    def _completer(self):
        return NestedCompleter.from_nested_dict(self.session.completion_tree())

    def _accept(self, buffer: Buffer) -> bool:
        self.enter(buffer.text)
        return False   # the buffer is emptied (and the line kept in the history)

    def enter(self, line: str) -> None:
        """One line typed: echoed in the story, answered by the session."""
        self.story.append(Output().line(self.session.prompt_text() + line, "class:echo"))
        # unwrapped (with each line's hanging indent): the pane fits it at each redraw
        self.story.append(self.session.handle_unwrapped(line))
        self.back = 0
        if self.session.finished:
            self.app.exit(result=0)

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("c-d")
        def _quit(event):
            self.story.append(self.session.autosave())
            self.session.finished = True
            event.app.exit(result=0)

        @keys.add("c-c")
        def _cancel(event):
            self.input.reset()
            self.session.awaiting = self.session.asking = None
            self.story.append(Output().line(t(self.session.lang, "cancelled"), "class:info"))

        @keys.add("pageup")
        def _up(event):
            self.back += max(1, self.text.render_info.window_height - 1 if self.text.render_info else 10)

        @keys.add("pagedown")
        def _down(event):
            self.back = max(0, self.back - (self.text.render_info.window_height - 1
                                            if self.text.render_info else 10))

        @keys.add("tab", filter=~has_completions)
        def _complete(event):
            self.input.start_completion(select_first=False)
        return keys

    def run(self, check=lambda: None) -> int:
        """The game until its end; `check()` runs as the loop starts (play's signal guard)."""
        result = self.app.run(pre_run=check) or 0
        if self.session.finished and self.story:   # the goodbye (how to resume), left on the terminal
            bye = self.story[-1].wrapped(max(20, min(shell.MAX_WIDTH, self._size().columns - 1)))
            print_formatted_text(FormattedText(bye.fragments), style=STYLE, end="", output=self.output)
        return result


def run(session, notes=(), input=None, output=None, check=lambda: None) -> int:
    return FullScreen(session, notes, input, output).run(check)

