"""The effects that wait for the player, compiled over batches: a give-up (format 1.1
`give_up: N`, 1.2 with `stats:`, `except:` and `none:`), a take (1.2 `take: {choose:
N, from: [...]}`) and a sale (1.2 `sell:`), in a choice's effects or a paragraph's:
the move or the paragraph that begins one, and the answers that follow.

What play does (game/answers.py `_choose`, game/inventory.py, game/taking.py): the
choice's effects in order; at the give-up, a state with something to give (an item
held that `except:` does not keep, or a point of a stat of `stats:`) waits for the
player's picks (the choice's other effects still applied, then the move waits,
`then` its target, and the module's after-change rule); a state with nothing to give
takes `none:` (its effects, then its ending or its paragraph: the choice stops
there; or `continue`: the choice goes on) or, without `none:`, goes on.  Each pick
loses one copy of the item (or one point of the stat), until `count` are given or
nothing is left to give; then the move goes on to its target (`goto`).  "give-none"
takes `none:` (then `continue` goes on to the target).  A take always waits: each
pick gains one item of the list (it leaves the list) until `choose` are taken,
"take-done" at any time.  A sale waits where an item of its prices is held: each
sells one copy into the module's money while something is left to sell,
"sell-done" at any time.  A pick that leaves more to pick is followed by the
after-change rule (inventory.py `picks_go_on`: the state settled while it waits; a
weapon taken leaves the old one at once); the last goes on as the effect does.

In a paragraph's effects (game/core.py `_settle`): the effects before it; a state
that waits keeps `effect` and `again` with the pending activity (then the
after-change rule), and once the picks are over the paragraph settles from the next
effect on; a state with nothing to give takes `none:` (to a paragraph or an ending:
the paragraph stops there) or goes on with the next effect.

Elsewhere (an action's, two in one choice, a computed target, a choice the module
pays for) they stay on the engine path; so do the states that may give, take or
sell an item the module's rules read (Défis Fantastiques: a weapon, an armour)
where its vector rules do not say what follows (`normalised`).  The differential
test (tests/compiled/test_giving.py, test_weapon_picks.py) holds them to play.
"""
from __future__ import annotations

import numpy as np

from engine.book.giving import none_of, stats_of
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.packed import MISSING
from engine.analysis.compiled.steps import branches, guarded, wait
from engine.analysis.explore.compact import freeze
from engine.game.inventory import none_at, spec_of

ACTIVITY, TAKE, SELL = "give-up", "take", "sell"
WAITING = ("give_up", "take", "sell")   # the effects after which play may wait for the player


def choice(compiler, c, before: list):
    """outcomes(batch) of a choice holding one effect that waits (`before`: its steps
    ahead of the effects, the once-only mark); Unsupported as the module docstring
    says."""
    at = [i for i, e in enumerate(c.effects) if e.kind in WAITING]
    if len(at) != 1 or c.stay or c.target is None or c.extra or c.target not in compiler.book.paragraphs:
        raise Unsupported("effect", c.effects[at[0]].kind if at else "give_up")
    i = at[0]
    e = c.effects[i]
    pending, able, none = _begun(compiler, e)
    if none is not None and none.target is None and none.end is None and i + 1 < len(c.effects) and none.effects:
        raise Unsupported("effect", "give_up")   # (effects of `continue` then the choice's: not kept apart here)
    pending["then"] = c.target
    waits = freeze(pending)
    head = before + [compiler._effect(x) for x in c.effects[:i]]
    tail = [compiler._effect(x) for x in c.effects[i + 1:]]
    after = compiler._after_change
    waiting = guarded(tail + [lambda b: wait(b, waits), after])
    if none is not None and (none.target is not None or none.end is not None):
        declined, goes_on = guarded(compiler._jump(none, ()) + [after]), None
    else:
        declined = None
        goes_on = guarded((compiler._jump(none, ()) if none is not None else []) + tail + [after]
                          + compiler.entered(c.target))

    def outcomes(batch: Batch) -> list:
        nxt = Batch(batch.rows.copy(), batch.slots)
        for step in guarded(head):
            step(nxt)
        live = nxt.ended == 0
        can = live & able(nxt)
        parts = [(can, waiting)]
        if declined is not None:
            parts.append((live & ~can, declined))
        else:
            parts.append((live & ~can, goes_on))
        branches(nxt, parts)
        return [(None, 1, nxt)]
    return outcomes


def settled(compiler, q, again: bool, entering: tuple, start: int = 0) -> list:
    """`_settle` of paragraph `q` from its effect `start` on, its effects that wait
    (give-ups, takes, sales) waiting where they do (`again`: entered before, its
    `once:` parts skipped)."""
    effects = q.effects
    at = next((i for i in range(start, len(effects)) if effects[i].kind in WAITING), None)
    skip = q.once if again else ()
    if at is None:
        return compiler._settled(q, [compiler._effect(e) for e in effects[start:]], skip, entering)
    pending, able, none = _begun(compiler, effects[at])
    if none is not None and none.target == q.number:
        raise Unsupported("effect", "give_up")   # (settling goes on there: not followed here)
    pending.update(effect=at, again=again)
    waits = freeze(pending)
    head = guarded([compiler._effect(x) for x in effects[start:at]])
    waiting = [lambda b: wait(b, waits), compiler._after_change]
    goes_on = guarded(settled(compiler, q, again, entering, at + 1))
    if none is None:
        unable = goes_on
    elif none.target is not None or none.end is not None:
        unable = guarded(compiler._jump(none, entering))
    else:
        unable = guarded(compiler._jump(none, entering) + goes_on)

    def waits_here(b):
        for step in head:
            step(b)
        live = b.ended == 0
        can = live & able(b)
        branches(b, [(can, waiting), (live & ~can, unable)])
    return [waits_here]


def _begun(compiler, e) -> tuple:
    """(the pending activity a waiting effect begins, whether each state waits
    (fn(batch) -> mask), its `none:` or None): a give-up (inventory.py
    `start_give_up`) waits where there is something to give; a take (taking.py
    `start_take`) always."""
    if e.kind == "sell":
        prices = dict(e.value)
        if compiler.module.money is None or not all(type(n) is int for n in prices.values()):
            raise Unsupported("effect", "sell")
        return {"activity": SELL, "prices": prices}, lambda b: _held(b, prices), None
    if e.kind == "take":
        value = e.value
        choose, offered = value["choose"], list(value["from"])
        return {"activity": TAKE, "left": choose, "from": offered}, lambda b: np.ones(len(b), dtype=bool), None
    count, keep = spec_of(e.value)
    stats, none = stats_of(e.value), none_of(e.value)
    pending = {"activity": ACTIVITY, "left": count, "keep": sorted(keep)}
    if stats or none is not None:
        pending.update(stats=stats, at=list(e.path))
    return pending, Able(keep, stats), none


class Able:
    """Whether each state has something to give (inventory.py `_choosable`,
    `_stats_to_give`): an item held that is not kept, or a point of a stat offered."""

    def __init__(self, keep, stats):
        self.keep, self.stats = frozenset(keep), list(stats)

    def items(self, b: Batch) -> list:
        """The items with a column that may be given."""
        return [key for part, key in b.slots.names if part == "items" and key not in self.keep]

    def __call__(self, b: Batch) -> np.ndarray:
        out = np.zeros(len(b), dtype=bool)
        for item in self.items(b):
            out |= b.col("items", item) > 0
        for stat in self.stats:
            out |= _points(b, stat) > 0
        return out


def _points(b: Batch, stat: str) -> np.ndarray:
    have = b.col("stats", stat)
    return np.where(have == MISSING, 0, have)


def then(compiler, number: int, pending: dict) -> list:
    """What follows the picks (inventory.py `_go_on`): the choice's move (`then`), or
    the paragraph settled from the next effect on; Unsupported for a give-up the
    carrying limits began or an action's."""
    if pending.get("full") is not None or pending.get("stay") or ("then" in pending) == ("effect" in pending) \
            or pending.get("then", number) not in compiler.book.paragraphs:
        raise Unsupported("activity", pending.get("activity"))
    if "then" in pending:
        return compiler.entry(pending["then"])
    return guarded(settled(compiler, compiler.book.paragraphs[number], bool(pending["again"]), (),
                           pending["effect"] + 1))


class Taking:
    """The moves of the states waiting at a take (taking.py `answer_take`): one item
    of the list gained (it leaves the list) until `choose` are taken or the list is
    empty, "take-done" at any time, and the module's commands."""

    def __init__(self, compiler, number: int, pending: dict, commands):
        self.compiler, self.commands = compiler, commands
        self.then = then(compiler, number, pending)
        self.moves = []
        for item in pending["from"]:
            rest = [i for i in pending["from"] if i != item]
            more = freeze(dict(pending, left=pending["left"] - 1, **{"from": rest})) \
                if pending["left"] > 1 and rest else None
            self.moves.append(("take:" + item, guarded([compiler._items("gain", {item: 1}), _waits(more)]
                                                       + ([compiler._after_change] if more else self.then))))
        self.moves.append(("take-done", guarded([_waits(None)] + self.then)))

    def run(self, batch: Batch):
        engine = self.compiler.rules.rejects(batch, self.compiler.book)
        moves = []
        for key, steps in self.moves:
            nxt = Batch(batch.rows.copy(), batch.slots)
            for step in steps:
                step(nxt)
            moves.append((key, np.ones(len(batch), dtype=bool), [(None, 1, nxt)]))
        commanded, handed = self.commands(batch)
        return moves + commanded, engine | handed


class Selling:
    """The moves of the states waiting at a sale (taking.py `answer_sell`): one copy
    of an item held sold for its price into the module's money, the sale going on
    while something is left to sell; "sell-done" at any time; the module's commands."""

    def __init__(self, compiler, number: int, pending: dict, commands):
        self.compiler, self.commands, self.prices = compiler, commands, pending["prices"]
        self.then = then(compiler, number, pending)
        money = compiler.module.money
        self.sold = {item: [compiler._items("lose", {item: 1}), compiler._change(money, _const(price), True)]
                     for item, price in self.prices.items()}
        self.after = compiler._after_change

    def run(self, batch: Batch):
        engine = self.compiler.rules.rejects(batch, self.compiler.book)
        moves = []
        for item, steps in self.sold.items():
            nxt = Batch(batch.rows.copy(), batch.slots)
            for step in steps:
                step(nxt)
            more = _held(nxt, self.prices)
            branches(nxt, [(more, [self.after]), (~more, [_waits(None)] + self.then)])
            moves.append(("sell:" + item, batch.col("items", item) > 0, [(None, 1, nxt)]))
        done = Batch(batch.rows.copy(), batch.slots)
        for step in [_waits(None)] + self.then:
            step(done)
        moves.append(("sell-done", np.ones(len(batch), dtype=bool), [(None, 1, done)]))
        commanded, handed = self.commands(batch)
        return moves + commanded, engine | handed


def _held(b: Batch, items) -> np.ndarray:
    """Whether each state holds a copy of one of `items`."""
    out = np.zeros(len(b), dtype=bool)
    for item in items:
        out |= b.col("items", item) > 0
    return out


def _const(n: int):
    return lambda b: (np.full(len(b), n, dtype=np.int64), np.zeros(len(b), bool))


def _waits(pending):
    return lambda b: wait(b, pending)


class GivingUp:
    """The moves of the states waiting at a give-up begun by a choice (inventory.py
    `answer_give_up`): one item's copy or one stat's point at a time, "give-none"
    where `none:` says what declining does, and the module's commands."""

    def __init__(self, compiler, number: int, pending: dict, commands):
        book = compiler.book
        self.compiler, self.rules, self.number, self.commands = compiler, compiler.rules, number, commands
        self.able = Able(pending.get("keep") or (), pending.get("stats") or ())
        q = book.paragraphs[number]
        self.then = then(compiler, number, pending)
        self.none = none_at(q, pending)
        if self.none is not None:
            self.declined = guarded(compiler._jump(self.none, ()) + (
                [] if self.none.target is not None or self.none.end is not None else self.then))
        left = pending["left"] - 1
        self.more = freeze(dict(pending, left=left)) if left > 0 else None

    def run(self, batch: Batch):
        n = len(batch)
        engine = self.rules.rejects(batch, self.compiler.book)
        moves = []
        for item in self.able.items(batch):
            offered = batch.col("items", item) > 0
            lose = self._lose(item)
            if lose is None:
                engine = engine | offered   # (the module's rules read it: the engine path)
                continue
            moves.append(("give:" + item, offered, [(None, 1, self._gave(batch, lose))]))
        for stat in self.able.stats:
            offered = _points(batch, stat) > 0
            moves.append(("give-stat:" + stat, offered, [(None, 1, self._gave(batch, self._point(stat)))]))
        if self.none is not None:
            nxt = Batch(batch.rows.copy(), batch.slots)
            wait(nxt, None)
            for step in self.declined:
                step(nxt)
            moves.append(("give-none", np.ones(n, dtype=bool), [(None, 1, nxt)]))
        commanded, handed = self.commands(batch)
        return moves + commanded, engine | handed

    def _gave(self, batch: Batch, give) -> Batch:
        """One thing given, then the give-up goes on (`left` one less) where there is
        more to give, or is over: the move to its target."""
        nxt = Batch(batch.rows.copy(), batch.slots)
        give(nxt)
        more = np.zeros(len(nxt), dtype=bool) if self.more is None else self.able(nxt)
        waits = self.more
        branches(nxt, [(more, [lambda b: wait(b, waits), self.compiler._after_change]),
                       (~more, [lambda b: wait(b, None)] + self.then)])
        return nxt

    def _lose(self, item: str):
        """core.py `lose(item, 1)`, the module told of the change (its vector rules'
        `items_changed` for an item its rules never read; `normalised(book)` for one
        they read: its after-change rule runs before the next pick could); None: the
        engine path."""
        book, rules = self.compiler.book, self.rules
        told = (lambda b, mask: rules.items_changed(b, mask)) if rules.plain_item(book, item) else \
            rules.normalised(book) if hasattr(rules, "normalised") else None
        if told is None:
            return None

        def lose(b):
            held = b.col("items", item) > 0
            b.put("items", item, np.maximum(b.col("items", item) - 1, 0))
            told(b, held)
        return lose

    def _point(self, stat: str):
        """core.py `change(stat, delta=-1)` (the module's clamp)."""
        return self.compiler._change(stat, lambda b: (np.full(len(b), -1, dtype=np.int64),
                                                      np.zeros(len(b), bool)), True)
