"""A number the player types (book format 1.1 `puzzle:`), compiled over batches.

The paragraph's menu has one more option, numbered after its choices; the explorer
tries each right answer and one wrong number (engine/book/typed.py `option`: its
`candidates`), so each is a move `N=number` here.  What game/answers.py `_typed`
does with it: a right answer whose condition holds (format 1.2 `{to:, if:}`) leads
to its paragraph; any other number is wrong: under `tries:` (format 1.2) it is
remembered with a flag, and `wrong:` (its effects, then its paragraph or ending)
follows at once, or on the last try; without `wrong:` nothing else happens.  Once
the tries are all used the option is gone.
"""
from __future__ import annotations

import numpy as np

from engine.book import typed
from engine.book.model import OUTCOME_ENDS
from engine.book.outcome_shapes import PUZZLE_WRONG
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.expressions import Unsupported
from engine.analysis.compiled.steps import branches, guarded


def moves(compiler, p) -> list:
    """[(move text, offered(batch) -> (mask, missing), outcomes(batch))] of `p`'s typed
    number, [] without one (Program's choices)."""
    raw = typed.spec(p)
    if raw is None:
        return []
    key, limit = str(len(p.choices) + 1), typed.tries(p)
    right = sorted(set(typed.answers(raw)))
    wrong_number = next(n for n in range(1, typed.MAX_TYPED + 2) if n not in right)
    wrong = _wrong(compiler, p, limit)
    offered = _offered(p, limit)
    out = []
    for a in (*right, wrong_number):
        holds = _holds(compiler, p, raw, a) if a in right else None
        if a in right and a not in compiler.book.paragraphs:
            raise Unsupported("typed-number")
        entered = compiler.entered(a) if a in right else []
        out.append((f"{key}={a}", _with(offered, holds), _typed(holds, entered, wrong)))
    return out


def _holds(compiler, p, raw: dict, a: int):
    """fn(batch) -> (right, missing): typed.py `target`, an answer `a` whose condition
    holds (none: always)."""
    conds = [None if i not in p.puzzle_if else compiler.condition(p.puzzle_if[i])
             for i, x in enumerate(raw.get("answers") or ()) if typed._number(x) == a]

    def right(b):
        ok, missing = np.zeros(len(b), bool), np.zeros(len(b), bool)
        for cond in conds:
            if cond is None:
                return np.ones(len(b), bool), missing
            holds, lost = cond(b)
            ok, missing = ok | holds, missing | (lost & ~ok)
        return ok, missing
    return right


def _tried(p, limit: int):
    """typed.py `tried`: the wrong numbers typed, read from the try flags."""
    def tried(b) -> np.ndarray:
        count, going = np.zeros(len(b), np.int64), np.ones(len(b), bool)
        for k in range(limit):
            going &= b.col("flags", typed.try_key(p.number, k + 1)) > 0
            count += going
        return count
    return tried


def _offered(p, limit):
    """The option is there while tries are left (typed.py `left`; no `tries:`: always)."""
    tried = _tried(p, limit) if limit is not None else None

    def offered(b):
        if tried is None:
            return np.ones(len(b), bool)
        return tried(b) < limit
    return offered


def _with(offered, holds):
    def cond(b):
        missing = holds(b)[1] if holds is not None else np.zeros(len(b), bool)
        return offered(b), missing
    return cond


def _wrong(compiler, p, limit) -> list:
    """answers.py `_typed` for a wrong number: its try remembered (`tries:`), then, at
    once or on the last try, `wrong:`'s effects (outcome `PUZZLE_WRONG`) and its
    paragraph or ending (`_typed_to`)."""
    target = typed.spec(p).get("wrong")
    if OUTCOME_ENDS.get(target) == "continue":
        target = None
    then = []
    if target is not None:
        then = guarded(compiler.effects(p.outcome_effects.get(PUZZLE_WRONG) or ()))
        if target in compiler.book.paragraphs:
            then = then + compiler.entered(target)
        elif target in OUTCOME_ENDS:
            kind, cause = (1, "paragraph") if OUTCOME_ENDS[target] == "death" else (2, None)
            then = then + guarded([lambda b: b.end(np.ones(len(b), bool), kind, cause)])
        else:
            raise Unsupported("typed-number")
    tried = _tried(p, limit) if limit is not None else None

    def wrong(b):
        live = b.ended == 0
        go = live
        if tried is not None:
            before = tried(b)
            for k in range(limit):
                b.put("flags", typed.try_key(p.number, k + 1), 1, where=live & (before == k))
            go = live & (tried(b) >= limit)
        if then:
            branches(b, [(go, then)])
    return [wrong]


def _typed(holds, entered: list, wrong: list):
    """The move's one outcome: the right states entered, the others wrong."""
    def outcomes(batch: Batch) -> list:
        nxt = Batch(batch.rows.copy(), batch.slots)
        live = nxt.ended == 0
        ok = holds(batch)[0] if holds is not None else np.zeros(len(batch), bool)
        branches(nxt, [(live & ok, entered), (live & ~ok, wrong)])
        return [(None, 1, nxt)]
    return outcomes
