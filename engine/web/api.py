"""The game for a page: the REPL's `Session` as JSON views and actions.

A front end of the same loop the terminal drives: every answer goes through
`Session.handle_line`, so the rules, the refusals, the questions (resume? jump back?
delete?), the saves and every sentence are the REPL's, in the REPL's French and
English.  This module only says what the page shows: the lines the last action
printed, the prompt's options with their stable numbers (`prompts.numbered`), the
sheet, the two camps of a fight, the journal, the slots, the end screen.

An action is a small dict (`{"do": "choose", "n": 2}`), checked here; a bad one is
refused with a message, never an exception.  Every value is plain JSON; every text
is as the book wrote it (cleaned of control sequences): the page shows it as text.
"""
from __future__ import annotations

from engine.game import journal
from engine.saves import store as saves
from engine.game.faults import BookFault
from engine.game.prompts import numbered
from engine.repl import panels
from engine.repl.commands import BUILTINS
from engine.repl.messages import text as t
from engine.repl.render import Output
from engine.repl.session import Session
from engine.support.safe_text import clean
from engine.web.labels import labels

WIDE = 10_000   # the page wraps the lines itself: the session never cuts them
# the built-in commands the page may send, by their English name (the REPL's own table)
COMMANDS = frozenset(names[1] for names, _, _ in BUILTINS) - {"quit", "help"}
MAX_ARG = 500


class WebGame:
    """One game in a page: `start()` and `act(action)` return the view to draw."""

    def __init__(self, session: Session):
        session.show_prompt = False      # the page draws the options as buttons
        session.width = WIDE
        self.session = session
        self.autosaves = True
        self.started = False
        self.notes: list[str] = []   # the banner's lines (dice seed...), shown at the start

    @property
    def game(self):
        return self.session.game

    @property
    def lang(self) -> str:
        return self.session.lang

    def start(self, notes: list[str] = ()) -> dict:
        self.started = True
        out = self.session.start(list(notes))
        hint = t(self.lang, "hint")   # "type a choice number, or 'help'": the page has buttons
        out.rows = [row for row in out.rows if row[1] != hint]
        return self.view(out, fresh=True)

    def view_now(self, notes: list[str] = ()) -> dict:
        """The page opened (or reloaded): the game's start the first time, else the
        paragraph where the game is, read again."""
        if not self.started:
            return self.start(list(notes) or self.notes)
        return self.view(self.session.reread(), fresh=True)

    def act(self, action) -> dict:
        """The view after one action of the page."""
        line = self.line_of(action)
        if isinstance(line, Output):   # refused before reaching the game
            return self.view(line)
        if line is None:   # nothing to send: the page is drawn again (a language change)
            return self.view(Output())
        out = self.session.handle_line(line)
        if self.autosaves and not self.session.finished:
            out.extend(self._autosave())
        return self.view(out)

    def _autosave(self) -> Output:
        """The game kept after every action (a closed tab or a stopped server loses
        nothing): silent, but a failure is told."""
        try:
            self.session._write_autosave()
        except saves.SaveError as exc:
            return Output().line(t(self.lang, "warning", text=exc.message.get(self.lang)), "class:warning")
        return Output()

    def line_of(self, action):
        """The REPL line an action stands for, or an Output refusing it."""
        if not isinstance(action, dict) or not isinstance(action.get("do"), str):
            return self._bad()
        do = action["do"]
        if do == "choose":
            n, amount = action.get("n"), action.get("amount")
            if not _small_int(n) or (amount is not None and not _small_int(amount)):
                return self._bad()
            return f"{n}" if amount is None else f"{n} {amount}"
        if do == "enter":
            return ""
        if do in ("yes", "no"):
            return "y" if do == "yes" else "n"
        if do == "amount":
            return str(action["value"]) if _small_int(action.get("value")) else self._bad()
        if do == "lang":
            if action.get("lang") not in ("fr", "en"):
                return self._bad()
            self.session.lang = self.game.lang = action["lang"]
            return "look"
        if do == "command" and (action.get("name") in COMMANDS or action.get("name") in self.session.module_commands()):
            arg = action.get("arg", "")
            if not isinstance(arg, str) or len(arg) > MAX_ARG:
                return self._bad()
            return f"{action['name']} {' '.join(arg.split())}".strip()
        return self._bad()

    def _bad(self) -> Output:
        return Output().line(t(self.lang, "unknown-command", word="?",
                               names=", ".join(self.session.command_names())), "class:error")

    # --- the view ----------------------------------------------------------------------
    def view(self, out: Output, fresh: bool = False) -> dict:
        """Everything the page draws after an answer (`out`: what it printed)."""
        s, game = self.session, self.game
        st = game.state
        view = {
            "book": {"id": game.book.id, "title": clean(game.book.title), "language": game.book.language},
            "lang": self.lang, "labels": labels(self.lang), "fresh": fresh,
            "lines": [{"style": style.removeprefix("class:"), "text": text} for style, text, _ in out.rows],
            "paragraph": st.paragraph, "ended": st.ended, "over": game.over,
            "finished": s.finished, "toolbar": s.toolbar().strip(),
            "question": None, "awaiting": None, "prompt": None,
            "sheet": self.sheet(), "fight": self.fight(), "history": self.history(),
            "slots": s.store.slots(), "notes": list(st.notes), "commands": self.commands(),
        }
        if s.asking:
            view["question"] = True
        elif s.awaiting:
            number, option = s.awaiting
            view["awaiting"] = {"n": number, "low": option.amount[0], "high": option.amount[1],
                                "prompt": s.prompt_text().strip()}
        if not s.finished:
            view["prompt"] = self.prompt()
        return view

    def prompt(self) -> dict | None:
        try:
            question = self.game.prompt()
        except BookFault:   # the session has said where, and stopped
            return None
        lang = self.lang
        return {
            "kind": question.kind,
            "title": question.title.get(lang) if question.title is not None else None,
            "info": [info.get(lang) for info in question.info],
            "options": [{
                "n": n, "label": clean(option.label.get(lang)), "enabled": option.enabled,
                "reason": clean(option.reason.get(lang)) if option.reason and not option.enabled else None,
                "default": option.key == question.default and option.enabled,
                "amount": list(option.amount) if option.amount else None,
                "typed": bool(getattr(option, "candidates", None)),
            } for n, option in numbered(question)],
        }

    def commands(self) -> list[dict]:
        """The rule module's commands open now (the Oracle, Zeus, eat...): the name the
        page sends (English), the name shown and the help line, in the game's language;
        none once the game is over."""
        if self.game.over:
            return []
        pick = 0 if self.lang == "fr" else 1
        return [{"name": page_name(cmd), "label": clean(cmd.names[min(pick, len(cmd.names) - 1)]),
                 "help": clean(cmd.help.get(self.lang))}
                for cmd in self.game.module.commands() if cmd.available(self.game)]

    def sheet(self) -> list[dict]:
        """The sheet panel's lines (panels.sheet), each as a style and a text."""
        rows = panels.sheet(self.game, self.lang, WIDE).rows
        return [{"style": style.removeprefix("class:"), "text": text} for style, text, _ in rows]

    def fight(self) -> dict | None:
        sides = panels.fighters(self.game, self.lang)
        if sides is None:
            return None
        hero, foes = sides
        return {"you": [[label, value] for label, value in hero],
                "foes": [{"name": clean(name), "mark": mark, "stats": [[a, b] for a, b in stats]}
                         for name, stats, mark in foes]}

    def history(self) -> list[dict]:
        """The journal's points, numbered as `history N` takes them."""
        listed = journal.points(self.game.state.history)
        return [{"n": n, "text": clean(self.session._entry(entry))} for n, (_, entry) in enumerate(listed, 1)]


def page_name(cmd) -> str:
    """The name the page sends a rule module's command by: its English one."""
    return cmd.names[min(1, len(cmd.names) - 1)]


def _small_int(value) -> bool:
    return type(value) is int and -10**9 < value < 10**9
