"""Format 1.1: effects carried by outcomes, and the jumps a paragraph makes by itself.

An outcome (a random branch, a module's test success or fight win...) may carry
effects applied before the move; `auto:` lists the ways out the book chooses, the
first whose condition holds (a jump, a death or a victory).  A mixin of `Game`.

Entering a paragraph settles it (its effects, its `auto:`, its first activity), and
settling may enter another: `auto:` does, so do effects and hooks of rule modules.
That chain is a loop here, not a recursion: a `goto` made while a paragraph settles
only records the next paragraph, and `settle_chain` settles it once the first is done.
A chain of more than MAX_JUMPS paragraphs without the player answering (an `auto:`
cycle, a counter that never reaches its bound) is a located book error, and the move
that started it is undone like any other failing move.
"""
from __future__ import annotations

from engine.game.faults import jump_fault
from engine.support.limits import MAX_JUMPS


class Outcomes:
    """What `Game` does with outcome effects and `auto:` (reads `state`, `book`)."""

    def apply_all(self, effects) -> bool:
        """Apply effects in order; False when one of them ended the game or moved it."""
        st = self.state
        here = st.paragraph
        for eff in effects:
            self.apply(eff)
            if st.ended or st.paragraph != here:
                return False
        if effects:
            self.module.after_change(self)
        return not st.ended and st.paragraph == here

    def outcome(self, where: tuple) -> bool:
        """Apply the effects a module's outcome carries (`where`: its path in the
        paragraph's fields, e.g. ("test", "success_effects")); False when the game
        ended or moved on meanwhile (the module then does not move)."""
        p = self.book.paragraphs.get(self.state.paragraph)
        effects = p.outcome_effects.get(where) if p is not None else None
        return self.apply_all(effects) if effects else True

    def outcome_end(self, kind: str) -> None:
        """Format 1.2: an outcome written `{end: death|victory}` or `continue` (model.OUTCOME_ENDS):
        the game ends, or the paragraph carries on after the activity that ended (its
        next activities, then its choices), without being entered again."""
        if kind == "death":
            return self.die("paragraph")
        if kind == "victory":
            return self.win()
        st = self.state
        current = (st.pending or {}).get("activity")
        st.pending = None
        if current == "random":
            return None
        p = self.book.paragraphs[st.paragraph]
        acts = tuple(self.module.activity_fields)
        later = acts[acts.index(current) + 1:] if current in acts else ()
        if p.fields and self._begin(p, tuple(a for a in acts if a not in later)):
            return None
        if p.random is not None and current in acts:
            st.pending = {"activity": "random"}
        return None

    def settle_chain(self, p, again: bool, first: int) -> None:
        """Settle `p` from its effect `first` on, then every paragraph that entered
        on the way, in turn (core.Game.goto records them in `_jumping`)."""
        if self._jumping is not None:   # (already inside a chain: that loop settles it)
            return self._settle(p, again, first)
        self._jumping = queue = []
        seen: list[int] = []
        try:
            while True:
                self._settle(p, again, first)
                if not queue:
                    return
                p, again = queue.pop()
                queue.clear()   # (only the last paragraph entered is where the game is)
                first = 0
                seen.append(p.number)
                if len(seen) > MAX_JUMPS:
                    raise jump_fault(self.book, p.number, seen[-8:], MAX_JUMPS)
        finally:
            self._jumping = None

    def _auto(self, p) -> bool:
        """Take the first `auto:` way out whose condition holds; True when one did."""
        for jump in p.auto:
            if jump.condition is not None and not self.evaluate(jump.condition):
                continue
            if self.narrate:
                self.emit("auto", to=jump.target, end=jump.end)
            if not self.apply_all(jump.effects):
                return True
            if jump.end == "death":
                self.die("paragraph")
            elif jump.end == "victory":
                self.win()
            elif jump.target is not None:
                self.goto(jump.target)
            return True
        return False
