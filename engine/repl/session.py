"""The REPL's logic, with no terminal: `Session.handle_line(text) -> Output`.

A line is a choice number (optionally followed by an amount: `1 3`), or a command,
built-in (French and English names) or the rule module's.  Every refusal leaves
the game unchanged.  The prompt_toolkit shell and the plain loop are thin layers
over this class, and the tests drive it directly.
"""
from __future__ import annotations

import json
import re
from typing import Callable, TextIO

from engine.saves import store as saves
from engine.game import journal
from engine.game.prompts import numbered
from engine.game.faults import BookFault
from engine.diagnostics import os_reason
from engine.support.limits import MAX_INT, MAX_INT_DIGITS
from engine.rules.base import Refused
from engine.support.safe_text import clean
from engine.repl import render
from engine.repl.commands import BUILTINS, BuiltinCommands
from engine.repl.questions import Questions
from engine.repl.messages import text as t
from engine.repl.render import Output
from engine.repl.tabletop import TableTopCommands




class Session(Questions, TableTopCommands, BuiltinCommands):
    """One player's game: input lines in, styled output out (the built-in commands
    are in commands.py)."""

    show_prompt = True   # False: the front end shows the prompt in a pane of its own

    def __init__(self, game, store: saves.SaveStore, lang: str, width: int = 80,
                 book_ref: str = "", log: TextIO | None = None):
        self.game, self.store, self.lang, self.width = game, store, lang, width
        self.book_ref = book_ref or game.book.file
        self.command = "gamebook"   # how the player runs it, in "to resume it" (play.invoked_as)
        self.log = log
        self.log_failure: str | None = None   # why --log stopped, told once at the next output
        self.finished = False
        self.failed = False           # an unexpected error ended the session
        self.autosave_slot = saves.AUTOSAVE
        self.mark_italics = False     # italic numbers shown as *7* too (--mark-italics)
        self.offer = None             # (game, warnings) from the autosave, offered by start()
        self.keep_previous = False    # keep the autosave found as <slot>-previous (questions.py)
        self.awaiting = None          # (option number, Option) waiting for an amount
        # A paragraph an Enter alone brought is unread: the next Enter alone acknowledges
        # it instead of running on through it (held or typed-ahead Enters)
        self.unread = False
        self.shown_paragraph = False  # the last output showed a paragraph's text (_show)
        self._commands: dict[str, Callable[[str], Output]] = {
            name: getattr(self, method) for names, _, method in BUILTINS for name in names}
        self._attach(game)

    # --- wiring ----------------------------------------------------------------
    def _attach(self, game) -> None:
        self.game = game
        self.ended_seen = game.over   # a game loaded at its end: that end was counted when reached
        journal.follow(game)
        if self.log is not None:
            st = game.state   # where the log starts: the sheet as it is now (a new hero, a load)
            self._log_event({"type": "start", "paragraph": st.paragraph, "stats": dict(st.stats),
                             "items": dict(st.items), "dice": game.dice.to_json()})
            for event in game.events:   # what came before the session: creation, first paragraph
                self._log_event(event)
            game.listeners.append(self._log_event)

    def _log_event(self, event: dict) -> None:
        # cleaned: the same JSON, but `tail -f` on the log shows no control sequence
        if self.log is None:
            return
        try:
            self.log.write(clean(json.dumps(event, ensure_ascii=False)) + "\n")
            self.log.flush()
        except OSError as exc:   # a full disk: the game must not fail for its log
            self._stop_log(exc)

    def _stop_log(self, exc: OSError) -> None:
        """The log cannot be written: stop it (the game itself goes on, autosaved as
        ever), and say so once, at the next output (`_show`)."""
        log, self.log = self.log, None
        self.log_failure = t(self.lang, "log-failed", file=getattr(log, "name", "?"),
                             reason=os_reason(exc).get(self.lang))
        try:
            log.close()
        except OSError:   # what it still held is what could not be written
            pass

    def module_commands(self) -> dict:
        return {name: cmd for cmd in self.game.module.commands() for name in cmd.names}

    def command_names(self) -> list[str]:
        """Each command's name in the UI language (French first, then English)."""
        pick = 0 if self.lang == "fr" else 1
        groups = [names for names, _, _ in BUILTINS] + [c.names for c in self.game.module.commands()]
        return [names[min(pick, len(names) - 1)] for names in groups]

    # --- output ----------------------------------------------------------------
    def start(self, notes: list[str] = ()) -> Output:
        """The banner, the first paragraph (or the current one) and the prompt; with
        `self.offer` (a game found in the autosave, its warnings), first the question
        whether to resume it."""
        book, out = self.game.book, Output()
        out.line(book.title, "class:title")
        if book.author:
            out.line(t(self.lang, "by", author=book.author), "class:info")
        rules = self.game.module.title.get(self.lang) or self.game.module.id
        out.line(t(self.lang, "rules", rules=rules), "class:info")
        for note in notes:
            out.line(note, "class:info")
        from engine.book.frontmatter import opening
        if not self.game.state.history[1:]:   # a new game, not one resumed further on
            for text in opening(book, self.lang):
                for block in text.split("\n\n"):   # the author's paragraphs stay apart
                    out.line("")
                    out.line(" ".join(block.split()))
        out.line(t(self.lang, "hint"), "class:info")
        events = self.game.drain()
        if self.offer is not None:
            offer, self.offer = self.offer, None
            return out.extend(self.offer_resume(*offer, events)).wrapped(self.width)
        if not any(e["type"] == "paragraph" for e in events):
            render.paragraph(out, self.game, self.game.state.paragraph, self.width, self.lang, self.mark_italics)
        return self._show(events, out).wrapped(self.width)

    def _show(self, events: list[dict], out: Output | None = None, prompt: bool = True) -> Output:
        out = out or Output()
        if self.log_failure is not None:
            out.line(self.log_failure, "class:error")
            self.log_failure = None
        self.shown_paragraph = any(ev["type"] == "paragraph" for ev in events)
        for ev in events:
            render.event(out, ev, self.game, self.lang, self.width, self.mark_italics)
        self.ending_check(out)
        if prompt:
            try:
                question = self.game.prompt()
            except BookFault as fault:   # nothing can be asked: the game stops, saved
                return self._stopped(out, fault)
            if self.show_prompt:   # (the full-screen layout shows the choices in a pane)
                render.prompt(out, question, self.lang)
        return out

    def _book_error(self, fault: BookFault, key: str = "book-error") -> Output:
        return Output().line(t(self.lang, key, reason=fault.located().get(self.lang)), "class:error")

    def _stopped(self, out: Output, fault: BookFault) -> Output:
        """An error of the book leaves no question to ask: say where, autosave, stop."""
        out.extend(self._book_error(fault, "book-error-stop")).extend(self.autosave())
        self.finished = True
        return out

    def _say(self, key: str, style: str = "class:info", **values) -> Output:
        out = Output()
        for row in t(self.lang, key, **values).split("\n"):
            out.line(row, style)
        return out

    def _refused(self, message) -> Output:
        return Output().line(t(self.lang, "refused", reason=message.get(self.lang)), "class:error")

    def toolbar(self, width: int | None = None) -> str:
        """The status line; with `width`, whole parts only, as many as fit, then "…"
        (a 45-column terminal showed "Honneur 7  Hont")."""
        state = self.game.state
        if state.ended == "death":   # not the sheet of a living hero ("Indemne", "END 21/21")
            line = f" §{state.paragraph}  " + t(self.lang, "toolbar-dead")
        else:
            line = f" §{state.paragraph}  " + self.game.module.toolbar(state, self.lang)
        if width is None or len(line) <= width:
            return line
        parts, kept = line.split("  "), ""
        for part in parts:
            if len(kept) + len(part) + 3 > width:
                break
            kept = f"{kept}  {part}" if kept else part
        return (kept + "  …") if kept else line[:max(width - 1, 1)] + "…"

    def prompt_text(self) -> str:
        if self.asking:
            return t(self.lang, "yes-no-prompt")
        if self.awaiting:
            low, high = self.awaiting[1].amount
            key = "amount-zero" if low <= 0 <= high else "amount-range"
            return t(self.lang, key, low=low, high=high)
        return t(self.lang, "prompt")

    def completion_tree(self) -> dict:
        slots = {s: None for s in self.store.slots()}
        tree = {name: None for name in self._commands}
        tree.update({name: None for name, cmd in self.module_commands().items()
                     if cmd.available(self.game)})
        for name in ("charger", "load", "sauver", "save", "effacer", "delete"):
            tree[name] = dict(slots)
        return tree

    # --- input -----------------------------------------------------------------
    def handle_line(self, line: str) -> Output:
        """The answer to one line of input, fitted to the width."""
        try:
            return self._handle(line).wrapped(self.width)
        except Exception as exc:   # a bug must not lose the game: save it, say so, stop
            return self.crash(exc, line)

    def crash(self, exc: Exception, line: str = "") -> Output:
        """After an unexpected error: autosave, one line saying what and where, and the
        session ends with `failed` set (the front ends exit non-zero)."""
        self.finished = self.failed = True
        what = f"{type(exc).__name__}: {exc}"[:200]
        try:
            path, _ = self._write_autosave()
        except Exception as err:   # noqa: BLE001 (even a broken state must get its line)
            return self._say("crash-unsaved", "class:error", what=what, line=line[:40], reason=err)
        return self._say("crash", "class:error", what=what, line=line[:40], path=path).wrapped(self.width)

    def handle_unwrapped(self, line: str) -> Output:
        """The same answer before fitting: each line keeps its hanging indent, for a
        front end that fits it at each redraw (the full-screen layout)."""
        return self._handle(line)

    def _handle(self, line: str) -> Output:
        words = line.split()
        if words:   # anything typed: the player is reading
            self.unread = False
        if self.asking:
            return self._answer_question(words)
        if self.awaiting:
            number, option = self.awaiting
            if not words:   # Enter alone: 0 when 0 is allowed, else ask again
                low, high = option.amount
                if low <= 0 <= high:
                    self.awaiting = None
                    return self._answer(number, option, 0)
                return self._say("bad-amount", "class:error", low=low, high=high)
            self.awaiting = None
            if len(words) == 1 and _is_int(words[0]):   # "1 3" is a whole new answer, read as typed
                return self._answer(number, option, _int(words[0]))
            if getattr(option, "candidates", None) and not _is_int(words[0]):
                # a word where the puzzle wanted a number: say it was given up, then do it
                return self._say("number-abandoned").extend(self._handle(line))
        if not words:
            return self._enter()
        head, arg = words[0], " ".join(words[1:])
        if _is_int(head):
            return self._choose(_int(head), words[1:], head)
        if head.lower() in self._commands:
            return self._commands[head.lower()](arg)
        module_cmds = self.module_commands()
        if head.lower() in module_cmds:
            return self._module_command(head.lower(), module_cmds[head.lower()], arg)
        return self._unknown(head)

    def _enter(self) -> Output:
        """Enter alone: the prompt's obvious answer (attack, roll, go on when there is one
        way), with the amount 0 when 0 is allowed; else the prompt again.  A paragraph
        that an Enter alone brought is acknowledged by the next one first (`unread`), so
        that Enters held or typed ahead never run on through texts unseen."""
        prompt = self.game.prompt()
        by_key = {o.key: (n, o) for n, o in numbered(prompt)}
        key = prompt.default
        if key is None and prompt.kind == "choice" and len(by_key) == 1:
            key = next(iter(by_key))   # "Poursuivre": the only way on
        if key not in by_key or not by_key[key][1].enabled:
            return self._show([], prompt=True)
        number, option = by_key[key]
        if self.unread:   # shown by the last Enter: acknowledged before it is left
            self.unread = False
            return self._say("enter-read", "class:title", n=self.game.state.paragraph,
                             what=option.label.get(self.lang)).extend(self._show([], prompt=True))
        self.shown_paragraph = False
        if option.amount and option.amount[0] <= 0 <= option.amount[1]:
            out = self._answer(number, option, 0)
        else:
            out = self._choose(number, [])
        self.unread = self.shown_paragraph and not self.game.state.ended
        return out

    def _unknown(self, word: str) -> Output:
        by_key = {o.key: n for n, o in numbered(self.game.prompt())}
        if word in by_key:   # an option key typed as a word (e.g. "restart" at the end)
            return self._choose(by_key[word], [])
        names = ", ".join(self.command_names())
        shown = word if len(word) <= 40 else word[:39] + "…"   # a pasted page is not echoed whole
        return self._say("unknown-command", "class:error", word=shown, names=names)

    def _choose(self, number: int, rest: list[str], typed: str = "") -> Output:
        prompt = self.game.prompt()
        options = dict(numbered(prompt))
        if number not in options:
            if not options:
                return self._say("no-choice", "class:error")
            shown = number if abs(number) < TOO_BIG else typed[:9] + "…"
            written = len(self.game.book.paragraphs[self.game.state.paragraph].choices) \
                if prompt.kind == "choice" else 0
            if 1 <= number <= written:   # a choice of this paragraph, not offered now
                return self._say("choice-gone", "class:error", n=shown, numbers=self._listed(options))
            if len(options) == 1:
                return self._say("bad-number-one", "class:error", n=shown, only=next(iter(options)))
            if sorted(options) == list(range(1, len(options) + 1)):
                return self._say("bad-number", "class:error", n=shown, count=len(options))
            return self._say("bad-number-list", "class:error", n=shown, numbers=self._listed(options))
        option = options[number]
        if not option.enabled:
            why = option.reason.get(self.lang) if option.reason else "—"
            return self._refused_text(why)
        if rest and (option.amount is None or len(rest) > 1 or not _is_int(rest[0])):
            # `1 2` at a market, `1 99999999999`: words this answer does not take, refused
            # rather than dropped (the player meant something by them)
            shown = typed or str(number)
            line = " ".join([shown, *rest])
            return self._say("extra-words" if option.amount is None else "extra-words-amount", "class:error",
                             line=line if len(line) <= 40 else line[:39] + "…", n=number)
        if option.amount is None:
            return self._answer(number, option, None)
        if rest:
            return self._answer(number, option, _int(rest[0]))
        self.awaiting = (number, option)
        low, high = option.amount
        if getattr(option, "candidates", None):   # a number the player works out (engine/book/typed.py)
            return self._say("typed-prompt", "class:title")
        key = "amount-prompt-zero" if low <= 0 <= high else "amount-prompt"
        return self._say(key, "class:title", low=low, high=high)

    def _listed(self, options: dict) -> str:
        """"1, 2, 4 ou 6" / "1, 2, 4 or 6": the numbers shown."""
        numbers = [str(n) for n in sorted(options)]
        if len(numbers) == 1:
            return numbers[0]
        return ", ".join(numbers[:-1]) + (" ou " if self.lang == "fr" else " or ") + numbers[-1]

    def _refused_text(self, reason: str) -> Output:
        return Output().line(t(self.lang, "refused", reason=reason), "class:error")

    def _answer(self, number: int, option, amount: int | None) -> Output:
        if option.amount and not option.amount[0] <= amount <= option.amount[1]:
            low, high = option.amount
            self.awaiting = (number, option)   # ask again; any other input cancels
            return self._say("bad-amount", "class:error", low=low, high=high)
        try:
            self.game.answer(option.key, amount)
        except Refused as exc:
            return self._refused(exc.message)
        except BookFault as fault:   # undone: the other choices are still there
            return self._book_error(fault)
        return self._show(self.game.drain())

    def _module_command(self, name: str, cmd, arg: str) -> Output:
        # `available` only trims completion: `run` refuses with the reason (interface)
        try:
            self.game.command(name, arg)
        except Refused as exc:
            return self._refused(exc.message)
        except BookFault as fault:
            return self._book_error(fault)
        return self._show(self.game.drain())   # the choices again: where am I now?


# What `int()` reads as a number here: ASCII digits only ("²", "①" or Arabic-Indic
# digits pass `str.isdigit` but are not numbers a player meant), a bounded length
# (Python refuses to convert more than 4300 digits, and no prompt needs more than a few).
_NUMBER = re.compile(r"-?[0-9]+")
TOO_BIG = MAX_INT   # any longer number: out of every range, refused as such


def _is_int(word: str) -> bool:
    return _NUMBER.fullmatch(word) is not None


def _int(word: str) -> int:
    """The number `word` is (`_is_int(word)` holds); TOO_BIG (signed) past its digits."""
    digits = word.lstrip("-").lstrip("0") or "0"
    sign = -1 if word.startswith("-") else 1
    return sign * (TOO_BIG if len(digits) >= MAX_INT_DIGITS else int(digits))
