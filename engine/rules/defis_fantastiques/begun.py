"""A fight begun over a batch of states (the compiled explorer's programs): play's own
`combat.begin`, run once for each distinct hero as the start of the fight reads him.

What the start reads of a state: the weapon and the armour worn (the module's extras:
bare-handed or not), the conditions of the fight's `modifiers` ("add 2 to your Attack
Strength if you carry the charm": `bonus`), and, for `hurt_only_by`, which of the
items named the hero carries (`immune`).  The conditions are compiled by the caller
from the same expression AST play evaluates (`condition(expr)` -> fn(batch) ->
(holds, missing)); `combat.begin` then reads each one's value for that hero instead
of evaluating it again.  A state missing a stat a condition reads (play would fail
there) is handed to the engine.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from engine import expr as X
from engine.analysis.compiled.distinct import numbered
from engine.analysis.compiled.packed import EXTRA
from engine.analysis.explore.compact import thaw
from engine.rules.defis_fantastiques import combat


def begun_rows(book, number: int, spec: dict, condition=None):
    """fn(batch) -> (each state's number among the distinct pendings, [pending], the
    states handed to the engine) of the fight `spec` begun at `number`; None where a
    `modifiers` condition has no compiled form (`condition` None)."""
    modifiers = [str(m["if"]) for m in spec.get("modifiers") or ()]
    if modifiers and condition is None:
        return None
    parsed = [X.parse(text, "condition") for text in dict.fromkeys(modifiers)]
    conditions = [(expr.text, condition(expr)) for expr in parsed]   # (as specials.begin asks them: by text)
    named = sorted({x for e in spec.get("enemies") or () if isinstance(e, dict) for x in e.get("hurt_only_by") or ()})

    made_for: dict = {}   # hero -> combat.begin's pending, for the slots `kept` numbers its extras by
    kept: list = [None]

    def begin(batch):
        if kept[0] is not batch.slots:   # (a hero's extras are an interned number of these slots)
            kept[0] = batch.slots
            made_for.clear()
        n = len(batch)
        columns, lost = [batch.rows[:, EXTRA]], np.zeros(n, dtype=bool)
        for _text, fn in conditions:
            holds, missing = fn(batch)
            columns.append(holds.astype(np.int64))
            lost |= missing
        columns += [(batch.col("items", item) > 0).astype(np.int64) for item in named]
        # (numbered by mixed radix, not `np.unique(axis=0)`: its sort of the rows as
        # structured values was 5 % of la-cloche-de-brumesel's exploring outside fights)
        heroes, inverse = numbered(columns)
        # (combat.begin once a hero for the whole exploration: what it reads of him is
        # `hero`, and the same hero begins the same pending; the caller only reads it)
        made = []
        for hero in heroes:
            pending = made_for.get(hero)
            if pending is None:
                pending = made_for[hero] = _begun(book, number, spec, batch, hero, conditions, named)
            made.append(pending)
        return inverse, made, lost
    return begin


def _begun(book, number: int, spec: dict, batch, hero: list, conditions: list, named: list) -> dict:
    """combat.begin for one hero: (extras, each condition's value, each item named
    carried or not)."""
    extra = thaw(batch.slots.extras.values[hero[0]]) or {}
    values = {text: bool(v) for (text, _fn), v in zip(conditions, hero[1:1 + len(conditions)])}
    carried = {item: 1 for item, v in zip(named, hero[1 + len(conditions):]) if v}
    state = SimpleNamespace(paragraph=number, extra=extra, items=carried)
    play = SimpleNamespace(state=state, book=book, memo={}, narrate=False, evaluate=lambda e: values[e.text])
    return combat.begin(play, spec)
