"""The full-screen front end: a prompt_toolkit `Application` over `Session`.

The story (scrollable) with the Adventure Sheet beside it on a wide terminal, or
above it in a few lines on a narrow one; during a fight both sides next to each
other; at the end, the end screen; then the choices and the input line.  Every
line typed goes to `Session.handle_line`, as in the line shell: this module only
lays out what the session and panels.py give.  Text is kept unwrapped and fitted to
the panes at each redraw, so a resized terminal reflows at once.

The rows are shared out at each redraw (`_body`), so that the layout never asks for
more than the terminal has: the prompt and the choices come first and are always
whole; then the keys line, the fight pane or the end screen (cut to what is left),
the sheet (a few lines, or a column beside the story, cut with a "F2" line when it
is longer: F2 opens it whole in the story's place, the drawer) and the story, which
keeps at least STORY_ROWS.  When even the choices and STORY_ROWS do not fit, or the
terminal is narrower than MIN_COLUMNS, the game goes on in the line shell, saying so,
and comes back to the full screen when the window is large enough again (`run`).
"""
from __future__ import annotations

import sys

from prompt_toolkit import print_formatted_text
from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import CompleteEvent, DynamicCompleter, NestedCompleter
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import FormattedText
from prompt_toolkit.filters import Condition, has_completions
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.bindings.completion import generate_completions
from prompt_toolkit.layout import (DynamicContainer, Float, FloatContainer,
                                   HSplit, Layout, VSplit, Window)
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.layout.processors import BeforeInput
from prompt_toolkit.mouse_events import MouseButton, MouseEventType
from prompt_toolkit.output import create_output
from prompt_toolkit.styles import Style, merge_styles

from engine.saves import store as saves
from engine.repl import panels, shell
from engine.repl.history_file import open_history
from engine.repl.messages import text as t
from engine.repl.render import Output
from engine.support.safe_io import raw
from engine.support.safe_text import clean_line

MIN_COLUMNS, MIN_ROWS = 50, 14   # below either, the line shell (the choices may need more)
STORY_ROWS = 3      # the story's least room
WIDE = 100          # from this width on, the sheet stands beside the story
SHEET_WIDTH = 32
UNWRAPPED = 10_000  # the session's width: the panes wrap its lines themselves
STYLE = merge_styles([shell.STYLE, Style.from_dict({
    "rule": "#5f5f5f", "sheet": "ansibrightblack", "keys": "reverse", "fight": "bold",
    "selected": "reverse"})])


SMALL = object()   # FullScreen.run's result when the terminal became too small for it


def fits(output) -> bool:
    size = output.get_size()
    return size.columns >= MIN_COLUMNS and size.rows >= MIN_ROWS


def _height(out: Output) -> int:
    return len(out.rows)


def _clip(out: Output, most: int, more: str) -> Output:
    """`out` in `most` rows at the most, its last row then saying how to see the rest."""
    if len(out.rows) <= most:
        return out
    cut = Output()
    cut.rows = out.rows[:max(0, most - 1)]
    if most > 0:
        cut.line(more, "class:info")
    return cut


class FullScreen:
    """The application and what it shows; `run` plays until quit or Ctrl-D."""

    def __init__(self, session, notes=(), input=None, output=None, resumed: str | None = None):
        """`resumed`: the game is under way (it was played in line mode): say so and show
        the paragraph again instead of starting."""
        self.session, self.back, self.drawer, self.leaving = session, 0, False, False
        self.selected: int | None = None   # the option the arrow keys highlight (its number)
        self._fitted: tuple = (None, [])   # ((width, blocks), the story fitted to them)
        # the terminal, whose size the panes follow: the real stdout, since the command
        # line's SafeStream would clean the layout's own escape codes (book text is
        # cleaned in Output.fragments)
        self.output = output or create_output(stdout=raw(sys.stdout))
        self._claim()
        history, warning = open_history(saves.data_dir(), session.lang)
        self.story: list[Output] = [Output().line(resumed, "class:info"), session.reread()] if resumed \
            else [session.start([*notes, *([warning] if warning else [])])]
        self.input = Buffer(multiline=False, accept_handler=self._accept,
                            completer=DynamicCompleter(self._completer), complete_while_typing=False,
                            history=history)
        self.text = Window(_Wheeled(self._story, get_cursor_position=self._story_cursor, wheel=self._wheel),
                           wrap_lines=False, always_hide_cursor=True, height=Dimension(min=3))
        # one window for the choices, kept from redraw to redraw (the other panes are made
        # anew at each): a click reaches a window only if it is still in the layout
        self._choice_frags: list = []
        self.choices = Window(FormattedTextControl(lambda: self._choice_frags),
                              height=lambda: 1 + sum(1 for f in self._choice_frags if f[1] == "\n"),
                              wrap_lines=True)
        self.prompt = Window(BufferControl(self.input, input_processors=[
            BeforeInput(lambda: clean_line(session.prompt_text()), style="class:title")]), height=1)
        self.app = Application(layout=Layout(self._root(), focused_element=self.prompt),
                               key_bindings=self._keys(), style=STYLE, full_screen=True,
                               mouse_support=True, input=input, output=self.output)

    def _claim(self) -> None:
        """The session writes for the panes: unwrapped, without the prompt or the end screen
        (the line shell wants them back: `release`)."""
        self.session.width, self.session.show_prompt, self.session.end_in_story = UNWRAPPED, False, False

    def release(self) -> None:
        self.session.show_prompt = self.session.end_in_story = True

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
        # above the prompt (two rows from the bottom), so that the keys line stays seen
        return FloatContainer(body, floats=[Float(xcursor=True, bottom=2, content=CompletionsMenu(
            max_height=8, scroll_offset=1), transparent=True)])

    def _body(self):
        """The panes for this size: each row given once, the prompt and the choices first."""
        size = self._size()
        choices = self._choices(size.columns - 1)
        room = size.rows - 1 - _height(choices)   # (the prompt's row)
        if size.columns < MIN_COLUMNS or room < STORY_ROWS + 1:
            self._leave()
            return HSplit([self._static(self._small()), self.prompt])
        frags = choices.fragments
        self._choice_frags = self._clickable(frags[:-1] if frags and frags[-1] == ("", "\n") else frags)
        # no choices (a yes/no question waits): no pane, no blank row between the story's
        # rule and the prompt, and the keys line offers no arrows to choose with
        tail = [self.choices, self.prompt] if self._choice_frags else [self.prompt]
        if room >= STORY_ROWS + 2:
            tail.append(Window(FormattedTextControl(lambda: [("class:keys", " " + self._keys_help())]),
                               height=1))
            room -= 1
        middle = self._middle(size, room - STORY_ROWS - 1)
        room -= sum(w.preferred_height(size.columns, room).preferred for w in middle)
        return HSplit([self._top(size, room - 1), self._rule(), *middle, *tail])

    def _choices(self, width: int) -> Output:
        """The choices pane: empty while the session asks a yes/no question (resume the
        game in progress? load over it?), whose answer is typed at the prompt below the
        question; the paragraph's options there would read as the question's answers."""
        if self.session.asking:
            return Output()
        return panels.choices(self.session.game, self.session.lang, width, self.selected)

    def _leave(self) -> None:
        """Too small for this layout: the application ends and `run` goes on in line mode."""
        app = getattr(self, "app", None)   # (the layout is first drawn as the app is made)
        if app is not None and app.is_running and not self.leaving:
            self.leaving = True
            app.exit(result=SMALL)

    def _top(self, size, rows: int):
        """The story in `rows`, with the sheet beside it (wide) or above it (narrow)."""
        game, lang = self.session.game, self.session.lang
        more = t(lang, "fs-sheet-more")
        if self._wide():
            sheet = _clip(panels.sheet(game, lang, SHEET_WIDTH - 1), rows, more)
            return VSplit([self.text, self._bar(),
                           HSplit([self._static(sheet.fragments), Window()], width=SHEET_WIDTH)])
        most = min(max(2, size.rows // 6), rows - STORY_ROWS - 1)   # (the rule under it)
        if most < 2:   # (a line of it would be its "F2" line: the keys line says F2 already)
            return self.text
        line = _clip(panels.sheet_line(game, lang, size.columns - 1), most, more)
        return HSplit([self._static(line.fragments), self._rule(), self.text])

    def _middle(self, size, rows: int) -> list:
        """During a fight both sides; at the end the end screen; else nothing.  Within
        `rows` (its rule included): a pane cut short shows its first lines."""
        game = self.session.game
        if rows < 2:
            return []
        fight = panels.fight(game, self.session.lang, max(16, size.columns // 2 - 3))
        if fight is not None:
            you, them = fight
            height = min(max(_height(you), _height(them)), rows - 1)
            if height < 3:   # (a name and no figure: the choices say what the strike needs)
                return []
            return [VSplit([self._static(you.fragments, height), self._bar(),
                            self._static(them.fragments, height)], height=height), self._rule()]
        if self.session.end_screen is not None and game.over:
            end = self.session.end_screen.wrapped(size.columns - 1)
            while end.rows and not end.rows[0][1]:   # (the blank line of the line mode)
                end.rows.pop(0)
            return [self._static(end.fragments, rows - 1), self._rule()]
        return []

    def _clickable(self, frags: list) -> list:
        """The choices' lines, each option's taking it when clicked (class `choice-N`)."""
        def handler(number: int):
            def click(event):
                if event.event_type == MouseEventType.MOUSE_UP and event.button == MouseButton.LEFT:
                    self.take(number)
                    return None
                return NotImplemented
            return click
        out = []
        for style, text in frags:
            number = next((int(c[len("class:choice-"):]) for c in style.split()
                           if c.startswith("class:choice-")), None)
            out.append((style, text) if number is None else (style, text, handler(number)))
        return out

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
        keys = ("fs-keys", "fs-keys-middle") if self._choice_frags else ()
        fitting = [line for line in (t(lang, key) for key in keys) if len(line) < cols]
        return fitting[0] if fitting else t(lang, "fs-keys-short")

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

    def _drawer(self) -> list:
        """The whole sheet, in the story's place while F2 keeps the drawer open."""
        game, lang = self.session.game, self.session.lang
        out = panels.sheet(game, lang, self._story_width()).line(t(lang, "fs-drawer-close"), "class:info")
        return out.fragments[:-1]

    def _story(self):
        """The story up to `back` lines from its end: the pane shows its bottom."""
        if self.drawer:
            return self._drawer()
        frags = self._lines()
        if not self.back:
            return frags
        ends = [i for i, (_, text) in enumerate(frags) if text == "\n"]
        self.back = min(self.back, len(ends))
        return frags[:ends[len(ends) - self.back]]

    def _story_cursor(self) -> Point:
        if self.drawer:   # the sheet from its top; PgDn goes down it
            return Point(0, self.back)
        return Point(0, sum(1 for _, text in self._story() if text == "\n"))

    def _wheel(self, lines: int) -> None:
        """The mouse wheel over the story: `lines` up (positive) or down, as PgUp/PgDn."""
        if self.drawer:   # (the drawer counts from its top, the story from its end)
            lines = -lines
        self.back = max(0, self.back + lines)

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
        self.back, self.selected = 0, None
        if self.session.finished:
            self.app.exit(result=0)

    def take(self, number: int) -> None:
        """An option chosen with the arrow keys or the mouse: as if its number were typed."""
        self.input.reset()
        self.enter(str(number))

    def _selectable(self) -> list[int]:
        """The choices the arrows go over: none while the session asks its own question
        (yes or no, an amount), which the choices pane does not answer."""
        if self.session.asking or self.session.awaiting:
            return []
        return panels.selectable(self.session.game)

    def _move(self, step: int) -> None:
        """The highlight one option down (1) or up (-1), from the first or the last."""
        numbers = self._selectable()
        if not numbers:
            self.selected = None
            return
        if self.selected not in numbers:
            self.selected = numbers[0] if step > 0 else numbers[-1]
        else:
            self.selected = numbers[max(0, min(len(numbers) - 1, numbers.index(self.selected) + step))]

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
            self.story.append(self.session.cancel())

        def page() -> int:
            return max(1, self.text.render_info.window_height - 1 if self.text.render_info else 10)

        @keys.add("pageup")
        def _up(event):   # (the story counts from its end, the drawer from its top)
            self.back = max(0, self.back - page()) if self.drawer else self.back + page()

        @keys.add("pagedown")
        def _down(event):
            self.back = self.back + page() if self.drawer else max(0, self.back - page())

        @keys.add("f2")
        def _sheet(event):
            self.drawer, self.back = not self.drawer, 0

        @keys.add("tab")
        def _complete(event):
            """A single match is written at once (so that Enter right after runs it), as
            in the line shell; several: their common start, and the list."""
            buffer = event.current_buffer
            if not buffer.complete_state:
                found = list(self._completer().get_completions(
                    buffer.document, CompleteEvent(completion_requested=True)))
                if len(found) == 1:
                    buffer.apply_completion(found[0])
                    return
            generate_completions(event)

        # the arrow keys go over the choices (Ctrl-P / Ctrl-N go through the lines typed
        # before); Enter on an empty line takes the highlighted one
        @keys.add("up", filter=~has_completions)
        def _previous(event):
            self._move(-1)

        @keys.add("down", filter=~has_completions)
        def _next(event):
            self._move(1)

        @keys.add("enter", filter=Condition(lambda: self.selected is not None and not self.input.text
                                            and self.selected in self._selectable()))
        def _take(event):
            self.take(self.selected)

        @keys.add("escape", filter=has_completions, eager=True)
        def _close(event):
            self.input.cancel_completion()
        return keys

    def run(self, check=lambda: None):
        """The game until its end (0, or play's exit code) or until the terminal is too
        small for the layout (SMALL); `check()` runs as the loop starts (play's signal guard)."""
        self.leaving = False
        self._claim()
        result = self.app.run(pre_run=check) or 0
        if result is SMALL:
            return SMALL
        if self.session.finished and self.story:   # the goodbye (how to resume), left on the terminal
            bye = self.story[-1].wrapped(max(20, min(shell.MAX_WIDTH, self._size().columns - 1)))
            print_formatted_text(FormattedText(bye.fragments), style=STYLE, end="", output=self.output)
        return result


class _Wheeled(FormattedTextControl):
    """The story's text, scrolled by the mouse wheel (`wheel(lines)`: up is positive)."""
    WHEEL = 3   # lines a notch

    def __init__(self, text, wheel, **kwargs):
        super().__init__(text, **kwargs)
        self.wheel = wheel

    def mouse_handler(self, mouse_event):
        if mouse_event.event_type == MouseEventType.SCROLL_UP:
            self.wheel(self.WHEEL)
            return None
        if mouse_event.event_type == MouseEventType.SCROLL_DOWN:
            self.wheel(-self.WHEEL)
            return None
        return super().mouse_handler(mouse_event)


def run(session, notes=(), input=None, output=None, check=lambda: None, resumed: str | None = None) -> int:
    """The game in the full-screen layout, in the line shell while the terminal is too
    small for it, and back (the session, its game and the story go on)."""
    screen = FullScreen(session, notes, input, output, resumed)
    while True:
        result = screen.run(check)
        if result is not SMALL:
            return result
        screen.release()
        result = shell.run(session, input=input, output=screen.output, check=check,
                           resumed=t(session.lang, "fs-to-line"), until=fits, record=screen.story.append)
        if result is not shell.GROWN:
            return result
        screen.story.append(Output().line(t(session.lang, "fs-back"), "class:info"))
        screen.back = 0

