"""Format 1.1: "give up one item of your choice" (`{give_up: 1}`).

The effect stops the paragraph (or the choice) until the player has picked, from
what they carry, as many items as asked; then the paragraph goes on where it
stopped (its activities, its roll, its choices) or the choice moves on.  The
picking is a core activity, "give-up", kept in `state.pending` like any other, so
saves and the explorer see it.  A mixin of `Game`.
"""
from __future__ import annotations

from engine.book import giving
from engine.game import carry
from engine.diagnostics import Message as M
from engine.rules.base import Option, Prompt, Refused

TITLE = M("Abandonnez un objet de votre choix", "Give up one item of your choice")
NOTHING = M("Vous n'avez rien à abandonner.", "You have nothing to give up.")
DECLINE = M("Ne rien donner", "Give nothing")   # format 1.2: `none:`


def spec_of(value) -> tuple[int, frozenset]:
    """`{give_up: 2}` or `{give_up: {count: 2, except: [epee]}}` -> (2, {"epee"})."""
    if isinstance(value, dict):
        return int(value.get("count", 1)), frozenset(value.get("except") or ())
    return int(value), frozenset()


def none_at(p, pending):
    """The `none:` outcome of the give-up `pending` waits on at paragraph `p` (format
    1.2), or None."""
    at = pending.get("at")
    if not isinstance(at, list):
        return None
    effects = list(p.effects) + [e for c in p.choices for e in c.effects] if p is not None else []
    found = next((e for e in effects if e.kind == "give_up" and list(e.path) == at), None)
    return giving.none_of(found.value) if found is not None else None


class GiveUp:
    """The give-up activity (reads `state`, `book`)."""

    def _choosable(self, keep) -> list[str]:
        return [item for item, n in self.state.items.items() if n > 0 and item not in keep]

    def _stats_to_give(self, stats) -> list[str]:
        """Format 1.2: the stats of `give_up: {stats:}` the hero has a point of."""
        return [s for s in stats if self.state.stats.get(s, 0) > 0]

    def start_give_up(self, value, path: tuple = ()) -> None:
        count, keep = spec_of(value)
        stats, none = giving.stats_of(value), giving.none_of(value)
        if not self._choosable(keep) and not self._stats_to_give(stats):
            self.emit("give-up", fr=NOTHING.fr, en=NOTHING.en, item=None)
            if none is not None:   # format 1.2: "if you cannot, ..."
                self._give_nothing(none, None)
            return
        self.state.pending = {"activity": "give-up", "left": count, "keep": sorted(keep)}
        if stats or none is not None:   # format 1.2: the effect is found again by its path
            self.state.pending.update(stats=stats, at=list(path))

    def give_up_prompt(self, pending) -> Prompt:
        keep = frozenset(pending.get("keep") or ())
        options = [Option(f"give:{item}", M(self._copies(item), self._copies(item)))
                   for item in self._choosable(keep)]
        options += [Option(f"give-stat:{stat}", self._stat_point(stat))
                    for stat in self._stats_to_give(pending.get("stats") or ())]
        if self._none_at(pending) is not None:
            options.append(Option("give-none", DECLINE))
        return Prompt("give-up", tuple(options), TITLE if pending.get("full") is None else carry.title(self, pending))

    def _copies(self, item: str) -> str:
        """"Stone Ball ×4" when four are held (format 1.2; one copy: the name alone)."""
        n = self.state.items.get(item, 0)
        return self.book.item_name(item) + (f" ×{n}" if n > 1 else "")

    def _stat_point(self, stat: str) -> M:
        spec = self.module.stat(stat)
        label = spec.label if spec is not None else M(stat, stat)
        n = self.state.stats.get(stat, 0)
        return M(f"{label.fr} : 1 (sur {n})", f"{label.en}: 1 (of {n})")

    def _none_at(self, pending):
        return none_at(self.book.paragraphs.get(self.state.paragraph), pending)

    def answer_give_up(self, pending, key: str) -> None:
        """Lose one copy of the item picked (or one point of a stat); when done, go on
        where the effect stopped.  "give-none" takes the `none:` outcome."""
        if key == "give-none":
            none = self._none_at(pending)
            if none is None:
                raise Refused("rien à refuser ici", "nothing to decline here")
            self.state.pending = None
            return self._give_nothing(none, pending)
        kind, _, what = key.partition(":")
        keep = frozenset(pending.get("keep") or ())
        if kind == "give-stat" and what in self._stats_to_give(pending.get("stats") or ()):
            self.change(what, delta=-1, reason="give-up")
        elif kind == "give" and what in self._choosable(keep):
            self.lose(what, 1)
        else:
            raise Refused("vous ne pouvez pas donner cela", "you cannot give that up")
        left = pending["left"] - 1
        if left > 0 and (self._choosable(keep) or self._stats_to_give(pending.get("stats") or ())):
            return self.picks_go_on(dict(pending, left=left))
        self.state.pending = None
        self._go_on(pending)

    def picks_go_on(self, pending) -> None:
        """More to pick (a give-up, a take, a sale): the activity waits again, what the
        pick changed settled while it waits, as core.py `_wait` does (`after_change`:
        a weapon taken leaves the old one at once, a death).  So the state at rest is
        settled whatever game object plays it next (a save resumed, the explorer)."""
        self.state.pending = pending
        self.module.after_change(self)

    def _go_on(self, pending) -> None:
        if pending.get("stay"):   # format 1.2: an action's give-up: its paragraph's choices again
            return self.module.after_change(self)
        then = pending.get("then")
        if then is not None:   # a choice's effects stopped: move on
            return self.goto(then)
        self.settle_chain(self.book.paragraphs[self.state.paragraph], bool(pending.get("again")),
                          pending.get("effect", -1) + 1)

    def _give_nothing(self, none, pending) -> None:
        """Format 1.2: the `none:` outcome: its effects, then its ending, its paragraph,
        or (`continue`) on where the give-up stood (`pending` None: it had not waited)."""
        if self.narrate:
            self.emit("give-up-none", to=none.target, end=none.end)
        if not self.apply_all(none.effects):
            return
        if none.end == "death":
            return self.die("paragraph")
        if none.end == "victory":
            return self.win()
        if none.target is not None:
            return self.goto(none.target)
        if pending is not None:
            self._go_on(pending)
