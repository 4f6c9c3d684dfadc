"""The REPL's built-in commands, in French and English (a mixin of `Session`).

Each command takes the rest of the line and returns an Output; none of them
raises on bad input.
"""
from __future__ import annotations

from engine.saves import store as saves
from engine.game import journal
from engine.repl import render
from engine.repl.messages import text as t
from engine.repl.render import Output

# (names: French first, then English and aliases; help key; method name)
BUILTINS = (
    (("feuille", "sheet", "fiche"), "cmd-sheet", "_sheet"),
    (("inventaire", "inventory", "inv"), "cmd-inventory", "_inventory"),
    (("sauver", "save"), "cmd-save", "_save"),
    (("charger", "load"), "cmd-load", "_load"),
    (("annuler", "undo"), "cmd-undo", "_undo"),
    (("recommencer", "restart"), "cmd-restart", "_restart"),
    (("historique", "history"), "cmd-journal", "_history"),
    (("note", "notes"), "cmd-note", "_notes"),
    (("parties", "slots"), "cmd-slots", "_slots"),
    (("effacer", "delete"), "cmd-delete", "_delete"),
    (("relire", "look"), "cmd-look", "_look"),
    (("chances", "odds"), "cmd-odds", "_odds"),
    (("aide", "help", "?"), "cmd-help", "_help"),
    (("quitter", "quit", "exit"), "cmd-quit", "_quit"),
)
DEFAULT_SLOT = "partie"


class BuiltinCommands:
    """Methods of `Session` answering the built-in commands."""

    def _rendered(self, draw) -> Output:
        out = Output()
        draw(out, self.game, self.lang)
        return out

    def _sheet(self, arg: str) -> Output:
        return self._rendered(render.sheet)

    def _inventory(self, arg: str) -> Output:
        return self._rendered(render.inventory)

    def _odds(self, arg: str) -> Output:
        """The exact odds of the fight in progress and the best decision now."""
        from engine.analysis.book_values import BookValues
        from engine.analysis.live import live_text
        if getattr(self, "book_values", None) is None:   # read once a session, on first use
            self.book_values = BookValues(self.game.book, self.game.module)
        out = Output()
        text = live_text(self.game, self.lang, self.book_values, _near(self.book_ref), self.command)
        for line in text.splitlines():   # (figures in the plain colour)
            out.line(line, "" if line.startswith("  ") or "%" in line else "class:info")
        return out

    def reread(self) -> Output:
        """The paragraph and the prompt again: `relire`, or a front end that changed layout."""
        return self._look("")

    def _look(self, arg: str) -> Output:
        out = Output()
        render.paragraph(out, self.game, self.game.state.paragraph, self.width, self.lang, self.mark_italics)
        return self._show([], out)

    def _help(self, arg: str) -> Output:
        out = Output().line(t(self.lang, "help-title"), "class:title")
        rows = [(self._names(names), t(self.lang, key)) for names, key, _ in BUILTINS]
        rows += [(self._names(cmd.names), cmd.help.get(self.lang)) for cmd in self.game.module.commands()]
        wide = max(len(names) for names, _ in rows)
        for names, what in rows:   # continuation lines go under the descriptions
            out.line(f"  {names:<{wide}}  {what}", hang=" " * (wide + 4))
        return out.line(t(self.lang, "help-keys"), "class:info")

    def _names(self, names) -> str:
        """A command's French and English names, the UI language's first."""
        pair = list(names[:2]) if self.lang == "fr" else list(names[:2])[::-1]
        return " / ".join(dict.fromkeys(pair))   # "zeus": one word in both languages

    def _undo(self, arg: str) -> Output:
        if not self.game.undo():
            return self._say("nothing-to-undo", "class:error")
        self.game.drain()
        journal.note(self.game, "undo", self.game.state.paragraph)
        self.ended_seen = self.game.over   # (back to an end already counted)
        out = self._say("undone", paragraph=self.game.state.paragraph)
        render.paragraph(out, self.game, self.game.state.paragraph, self.width, self.lang, self.mark_italics)
        return self._show([], out)

    def _restart(self, arg: str) -> Output:
        self.game.restart()
        return self._show(self.game.drain())

    def _save(self, arg: str) -> Output:
        slot = arg.strip() or DEFAULT_SLOT
        if arg.strip() and slot in self.store.slots():   # (a bare `sauver` is the quick save)
            return self.ask("overwrite-question", lambda: self._write_slot(slot),
                            lambda: self._say("not-saved", slot=slot), slot=slot)
        return self._write_slot(slot)

    def _write_slot(self, slot: str) -> Output:
        try:
            path, kept = self.store.write(slot, saves.snapshot(self.game))
        except saves.SaveError as exc:
            return self._refused(exc.message)
        out = self._say("saved", slot=slot, path=path)
        if kept:
            out.extend(self._say("kept-damaged", "class:warning", path=kept))
        return out

    def _load(self, arg: str) -> Output:
        slot = arg.strip() or DEFAULT_SLOT
        if not arg.strip():   # a bare `charger`: say which, and ask before replacing the game
            slots = self.store.slots()
            if slot not in slots:
                return self._say("slots", slots=", ".join(slots)) if slots else self._say("no-slots")
            return self.ask("load-question", lambda: self._load_slot(slot), lambda: self._say("cancelled"),
                            slot=slot)
        return self._load_slot(slot)

    def _load_slot(self, slot: str) -> Output:
        try:
            game, warnings = saves.restore(self.game.book, self.game.module,
                                           self.store.read(slot), self.lang)
        except saves.SaveError as exc:
            return self._refused(exc.message)
        self.replace_game(game)   # `annuler` brings the replaced game back
        journal.note(game, "load", slot)
        out = self._say("loaded", slot=slot)
        for w in warnings:
            out.extend(self._say("warning", "class:warning", text=w.get(self.lang)))
        return out.extend(self._look(""))

    def _quit(self, arg: str) -> Output:
        self.finished = True
        return self.autosave()

    def autosave(self) -> Output:
        """Save to the autosave slot (on quit, Ctrl-D, end of input).  Left while asked
        whether to resume the game in progress: nothing was played, so nothing is
        written and that game stays where it was (writing the new one over it lost it)."""
        if self.asking and self.asking[0] == "resume-question":
            self.asking = None
            return self._say("bye-untouched", book=self.book_ref, command=self.command).wrapped(self.width)
        try:
            _, kept = self._write_autosave()
        except saves.SaveError as exc:
            return self._say("bye-unsaved", "class:warning", reason=exc.message.get(self.lang)).wrapped(self.width)
        out = Output()
        if kept:
            out.extend(self._say("kept-previous", slot=kept))
        key = "bye" if self.autosave_slot == saves.AUTOSAVE else "bye-slot"
        if self.game.state.ended == "victory":   # nothing to resume: a new adventure
            key = "bye-won"
        return out.extend(self._say(key, book=self.book_ref, slot=self.autosave_slot,
                                    command=self.command)).wrapped(self.width)


def _near(path: str) -> str:
    """A book's path as short as the player can type it here: from the current folder
    when the book is under it."""
    import os
    try:
        near = os.path.relpath(path)
    except ValueError:   # (another drive)
        return path
    return path if near.startswith("..") else near
