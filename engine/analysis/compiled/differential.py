"""The differential check: a state's moves by its compiled program and by the real engine.

States are drawn from a (bounded) compiled exploration, stratified by paragraph
and phase (at most `per_paragraph` states of each paragraph and pending activity,
drawn with a seeded generator; a small book's states all), among those its programs
expand: waiting at a paragraph's choices, at an activity the module's vector rules
play, or dead where its rescues may raise them.  Each is expanded twice, by the program (one row) and by the engine path
(the real `Game`, dice forced outcome by outcome), and the two must give the same
moves with the same distributions over successors, as exact fractions (outcomes of
either side that reach the same packed state are summed).  A state the program hands over is not compared.
"""
from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.engine_path import ERROR, SELF
from engine.analysis.compiled.explorer import DEAD, CompiledExplorer
from engine.analysis.compiled.fights import Spread
from engine.analysis.compiled.packed import ENDED, PARAGRAPH, PENDING
from engine.analysis.compiled.steps import handed


def _key(x, row) -> tuple:
    """A packed row as a tuple over all the columns known now (defaults appended)."""
    k = len(x.slots)
    out = [int(v) for v in row] + [x.slots.default(i) for i in range(len(row), k)]
    return tuple(out)


def compiled_moves(x: CompiledExplorer, s: int):
    """{move text: {successor key: probability}}, or None when the program hands it over."""
    row = x.table.take([s])
    program = x.program_of(row[0])
    moves, engine = handed(*program.run(Batch(row, x.slots)))
    if engine[0]:
        return None
    out: dict = {}
    for key, offered, outcomes in moves:
        if not offered[0]:
            continue
        dist = out.setdefault(key, {})
        for each in outcomes:
            if isinstance(each, Spread):   # (a fight's ends: the rows of state 0)
                for i in np.flatnonzero(each.src == 0).tolist():
                    k = _key(x, each.nxt.rows[each.row[i]])
                    dist[k] = dist.get(k, Fraction(0)) + Fraction(each.table[int(each.probs[i])])
                continue
            counts, den, nxt = each
            p = Fraction(1) if counts is None else Fraction(int(counts[0]), den)
            if p:
                k = _key(x, nxt.rows[0])
                dist[k] = dist.get(k, Fraction(0)) + p
    return out


def engine_moves(x: CompiledExplorer, s: int) -> dict:
    row = x.table.row(s)
    state = x.slots.unpack(row, x.book, x.module)
    out: dict = {}
    for text, branches in x.engine.expand(state):
        dist = out.setdefault(text, {})
        for p, st in branches:
            k = _key(x, row) if st is SELF else ("error",) if st is ERROR else None
            if k is None:
                x.table.widen()
                packed = x.slots.pack(st)
                k = _key(x, x.table.batch([packed])[0])
            dist[k] = dist.get(k, Fraction(0)) + Fraction(p)
    return out


def _same_width(x, moves: dict) -> dict:
    """Successor keys over every column known now (a column made since: its default)."""
    return {t: {(_key(x, k) if k != ("error",) else k): p for k, p in d.items()} for t, d in moves.items()}


def sample(x: CompiledExplorer, per_paragraph: int, seed: int) -> list[int]:
    para, ended, pending = (x.table.column(i) for i in (PARAGRAPH, ENDED, PENDING))
    by: dict = {}   # (paragraph, pending activity) -> its states
    for s in np.flatnonzero(~x.over(np.arange(len(ended)))).tolist():   # (the dead a rescue is offered to too)
        n, pend = int(para[s]), (int(pending[s]) if ended[s] == 0 else DEAD)
        if x.program(n, pend) is not None:
            by.setdefault((n, pend), []).append(s)
    rng, out = random.Random(seed), []
    for n in sorted(by):
        states = by[n]
        out += states if len(states) <= per_paragraph else rng.sample(states, per_paragraph)
    return out


def differential(book, module, max_states: int = 5_000, per_paragraph: int = 20, seed: int = 0,
                 sheet: int | None = None, with_commands: bool = True) -> dict:
    """{"checked": states compared, "paragraphs": programs compared, "rolled": the
    paragraphs whose pending roll was compared, "rescued": those where the dead were
    compared (the module's rescues), "mismatches":
    [{"state", "paragraph", "compiled", "engine"}]}."""
    x = CompiledExplorer(book, module, sheet=sheet, max_states=max_states, with_commands=with_commands)
    x.run()
    if x.compiler is not None:   # (every visit written, as play writes it: one no step reads
        x.compiler.unread_visit = None   # is left out by the programs only where the lens clears it)
    drawn = sample(x, per_paragraph, seed)
    checked, mismatches, paragraphs, phases, raised = 0, [], set(), set(), set()
    for s in drawn:
        mine = compiled_moves(x, s)
        if mine is None:
            continue
        theirs = engine_moves(x, s)
        mine, theirs = _same_width(x, mine), _same_width(x, theirs)
        checked += 1
        row = x.table.row(s)
        paragraphs.add(int(row[PARAGRAPH]))
        if int(row[PENDING]):
            phases.add(int(row[PARAGRAPH]))
        if int(row[ENDED]):
            raised.add(int(row[PARAGRAPH]))
        if mine != theirs:
            mismatches.append({"state": s, "paragraph": int(row[PARAGRAPH]),
                               "compiled": mine, "engine": theirs})
    return {"checked": checked, "paragraphs": sorted(paragraphs), "rolled": sorted(phases),
            "rescued": sorted(raised), "mismatches": mismatches}
