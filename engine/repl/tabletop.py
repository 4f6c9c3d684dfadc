"""The table-top commands of `Session` (a mixin): the journal and going back in it,
the player's notes, the save slots, the end screen, and the yes/no confirmations
they ask for.

Nothing here is a rule: the journal and the jump are engine/game/journal.py, the
discovered endings engine/saves/endings.py, the slots engine/saves/store.py; this module turns
them into lines in both languages.
"""
from __future__ import annotations

from engine.saves import store as saves
from engine.book.model import book_endings
from engine.saves.endings import EndingStore
from engine.game import journal
from engine.repl.messages import text as t
from engine.repl.render import Output

MAX_NOTES = 50
NOTE_DELETE = {"effacer", "supprimer", "delete", "del"}
SHOWN_POINTS = 30


class TableTopCommands:
    ended_seen = False   # the end screen of the game's present ending was made
    end_screen: Output | None = None   # the last one, for the full-screen layout
    end_in_story = True   # False: the front end shows `end_screen` in a pane of its own
    records_endings = True   # False: a scripted or seeded game leaves the player's record alone

    # --- confirmations ---------------------------------------------------------
    def _ask(self, key: str, action, **values) -> Output:
        """A yes/no question (questions.py) doing `action` on yes, nothing on no."""
        return self.ask(key, action, lambda: self._say("confirm-no"), **values)

    # --- the journal -------------------------------------------------------------
    def _history(self, arg: str) -> Output:
        history = self.game.state.history
        listed = journal.points(history)
        if arg.strip():
            return self._ask_jump(arg.strip(), listed)
        if not listed:
            return self._say("history-empty")
        out = Output().line(t(self.lang, "journal-title"), "class:title")
        first = max(0, len(listed) - SHOWN_POINTS)
        ends = [i for i, _ in listed[first + 1:]] + [len(history)]
        for n, ((index, entry), end) in enumerate(zip(listed[first:], ends), first + 1):
            head = f"  {n:>3}. "
            out.line(head + self._entry(entry), hang=" " * len(head))
            for step in history[index + 1:end]:   # the choices made from that point
                out.line(" " * len(head) + f"» {step['choice']}", "class:echo", hang=" " * (len(head) + 2))
        return out

    def _entry(self, entry: dict) -> str:
        kind, value = next(iter(entry.items()))
        if kind == "paragraph":
            return t(self.lang, "j-paragraph", n=value)
        if kind == "fight":
            return t(self.lang, "j-fight", names=", ".join(value) or "?")
        if kind == "death":
            return t(self.lang, "j-death", cause=self._cause(value))
        if kind == "zeus":
            return t(self.lang, "j-zeus", favour=value or "?")
        if kind in ("fight-won", "victory"):
            return t(self.lang, "j-" + kind)
        key = "j-" + kind if kind in ("undo", "load", "jump") else "j-other"
        return t(self.lang, key, value=value)

    def _cause(self, cause) -> str:
        """ " (Endurance at 0)" for a stat at 0, "" for a death paragraph, else the cause."""
        if not cause or cause == "paragraph":
            return ""
        named = self.game.module.death_cause(cause)
        stat = None if named else self.game.module.stat(cause)
        what = named.get(self.lang) if named else \
            t(self.lang, "cause-stat", label=stat.label.get(self.lang)) if stat else cause
        return f" ({what})"

    def _ask_jump(self, arg: str, listed) -> Output:
        if not arg.isascii() or not arg.isdigit() or not 1 <= int(arg) <= len(listed):
            return self._say("jump-usage", "class:error", count=len(listed))
        n = int(arg)
        if journal.snapshot_at(self.game, n) is None:
            return self._say("jump-cannot", "class:error", n=n)
        return self._ask("jump-ask", lambda: self._jump(n), n=n, what=self._entry(listed[n - 1][1]))

    def _jump(self, n: int) -> Output:
        journal.jump(self.game, n)
        self.game.drain()
        self.awaiting, self.ended_seen = None, self.game.over
        out = self._say("jumped", n=n, paragraph=self.game.state.paragraph)
        return out.extend(self._look(""))

    # --- notes -------------------------------------------------------------------
    def _notes(self, arg: str) -> Output:
        notes, words = self.game.state.notes, arg.split()
        if words and words[0].lower() in NOTE_DELETE and len(words) == 2:
            return self._delete_note(words[1])
        if not words:
            return self._list_notes()
        if len(notes) >= MAX_NOTES:
            return self._say("note-full", "class:error", max=MAX_NOTES)
        notes.append(" ".join(words)[:500])
        return self._say("note-added", n=len(notes))

    def _list_notes(self) -> Output:
        notes = self.game.state.notes
        if not notes:
            return self._say("notes-none")
        out = Output().line(t(self.lang, "notes-title"), "class:title")
        for n, note in enumerate(notes, 1):
            out.line(f"  {n}. {note}", hang="     ")
        return out.extend(self._say("notes-hint"))

    def _delete_note(self, word: str) -> Output:
        notes = self.game.state.notes
        if not (word.isascii() and word.isdigit() and 1 <= int(word) <= len(notes)):
            return self._say("note-bad", "class:error", n=word)
        text = notes.pop(int(word) - 1)
        return self._say("note-deleted", n=int(word), text=text)

    # --- save slots ----------------------------------------------------------------
    def _slots(self, arg: str) -> Output:
        slots = self.store.slots()
        if not slots:
            return self._say("no-slots")
        out = Output().line(t(self.lang, "slots-title"), "class:title")
        for slot in slots:
            out.line("  " + self._slot_line(self.store.describe(slot)), hang="    ")
        return out.extend(self._say("slots-hint"))

    def _slot_line(self, info: dict) -> str:
        if info.get("problem"):
            return t(self.lang, "slot-damaged", slot=info["slot"])
        return t(self.lang, "slot-row", slot=info["slot"], what=self._slot_what(info))

    def _slot_what(self, info: dict) -> str:
        if info.get("problem"):
            return t(self.lang, "slot-damaged", slot=info["slot"])
        return t(self.lang, "slot-what", title=info["title"], paragraph=info["paragraph"], date=info["date"])

    def _delete(self, arg: str) -> Output:
        slot = arg.strip()
        if not slot or " " in slot or not saves.SLOT.match(slot) or slot not in self.store.slots():
            return self._say("delete-usage", "class:error")
        what = self._slot_what(self.store.describe(slot))
        return self._ask("delete-ask", lambda: self._deleted(slot), slot=slot, what=what)

    def _deleted(self, slot: str) -> Output:
        try:
            self.store.delete(slot)
        except saves.SaveError as exc:
            return self._refused(exc.message)
        return self._say("deleted", slot=slot)

    # --- the end screen --------------------------------------------------------------
    def ending_check(self, out: Output) -> None:
        """At the game's end (no rescue left): record the ending, add the end screen."""
        if not self.game.over:
            self.ended_seen = False
            return
        if self.ended_seen:
            return
        self.ended_seen = True
        self.end_screen = self._end_screen()
        if self.end_in_story:
            out.extend(self.end_screen)

    def _end_screen(self) -> Output:
        st, out = self.game.state, Output().line()
        if st.ended == "victory":
            out.line(t(self.lang, "end-victory", n=st.paragraph), "class:title")
        else:
            out.line(t(self.lang, "end-death", n=st.paragraph, cause=self._cause(st.death_cause)),
                     "class:title")
        out.line(t(self.lang, "end-counts", visited=len(st.visits),
                   won=journal.fights_won(st.history)), "class:info")
        store = EndingStore(self.game.book.id, self.store.dir.parent.parent)
        try:
            if self.records_endings:
                found, new = store.record(st.paragraph, st.ended)
            else:   # a scripted or seeded game: this ending shown with the record, not written
                found = store.read()
                new = st.paragraph not in found
                seen = found.get(st.paragraph, {"kind": st.ended, "times": 0, "first": ""})
                found[st.paragraph] = {**seen, "times": seen["times"] + 1}
        except saves.SaveError as exc:
            return out.extend(self._say("warning", "class:warning", text=exc.message.get(self.lang)))
        written = book_endings(self.game.book)   # the book's `end:` paragraphs
        of_book = {n: seen for n, seen in found.items() if n in written}
        out.line(t(self.lang, "end-found", found=len(of_book), written=len(written)), "class:info")
        self._end_rows(out, of_book, new)
        others = {n: seen for n, seen in found.items() if n not in written}
        if others:   # deaths in a fight, by a rule: endings of a game, not of the book
            out.line(t(self.lang, "end-others", count=len(others)), "class:info")
            self._end_rows(out, others, new)
        if not self.records_endings:
            out.line(t(self.lang, "end-not-recorded"), "class:info")
        return out

    def _end_rows(self, out: Output, endings: dict, new: bool) -> None:
        st = self.game.state
        for n, seen in sorted(endings.items()):
            key = "end-row-once" if seen["times"] == 1 else "end-row"
            row = "  " + t(self.lang, key, n=n, kind=t(self.lang, "kind-" + seen["kind"]),
                           times=seen["times"])
            out.line(row + (" " + t(self.lang, "end-new") if new and n == st.paragraph else ""), "class:info")
