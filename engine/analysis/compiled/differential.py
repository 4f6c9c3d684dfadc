"""The differential check: a state's moves by its compiled program and by the real engine.

States are drawn from a (bounded) compiled exploration, stratified by paragraph
(at most `per_paragraph` states of each, drawn with a seeded generator; a small
book's states all), among those its programs expand: waiting at a paragraph's
choices.  Each is expanded twice, by the program (one row) and by the engine path
(the real `Game`, dice forced outcome by outcome), and the two must give the same
moves with the same distributions over successors, as exact fractions (a program's
move is certain: one successor, probability 1; the engine's outcomes that reach the
same packed state are summed).  A state the program hands over is not compared.
"""
from __future__ import annotations

import random
from fractions import Fraction

import numpy as np

from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.engine_path import ERROR, SELF
from engine.analysis.compiled.explorer import CompiledExplorer
from engine.analysis.compiled.packed import ENDED, PARAGRAPH, PENDING


def _key(x, row) -> tuple:
    """A packed row as a tuple over all the columns known now (defaults appended)."""
    k = len(x.slots)
    out = [int(v) for v in row] + [x.slots.default(i) for i in range(len(row), k)]
    return tuple(out)


def compiled_moves(x: CompiledExplorer, s: int):
    """{move text: {successor key: probability}}, or None when the program hands it over."""
    row = x.table.rows[s:s + 1].copy()
    program = x.programs[int(row[0, PARAGRAPH])]
    moves, engine = program.run(Batch(row, x.slots))
    if engine[0]:
        return None
    return {key: {_key(x, nxt.rows[0]): Fraction(1)} for key, offered, nxt, _ok in moves if offered[0]}


def engine_moves(x: CompiledExplorer, s: int) -> dict:
    row = x.table.rows[s]
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
    rows = x.table.rows
    ok = (rows[:, ENDED] == 0) & (rows[:, PENDING] == 0)
    by: dict = {}
    for s in np.flatnonzero(ok).tolist():
        n = int(rows[s, PARAGRAPH])
        if n in x.programs:
            by.setdefault(n, []).append(s)
    rng, out = random.Random(seed), []
    for n in sorted(by):
        states = by[n]
        out += states if len(states) <= per_paragraph else rng.sample(states, per_paragraph)
    return out


def differential(book, module, max_states: int = 5_000, per_paragraph: int = 20, seed: int = 0,
                 sheet: int | None = None) -> dict:
    """{"checked": states compared, "paragraphs": programs compared, "mismatches":
    [{"state", "paragraph", "compiled", "engine"}]}."""
    x = CompiledExplorer(book, module, sheet=sheet, max_states=max_states)
    x.run()
    drawn = sample(x, per_paragraph, seed)
    checked, mismatches, paragraphs = 0, [], set()
    for s in drawn:
        mine = compiled_moves(x, s)
        if mine is None:
            continue
        theirs = engine_moves(x, s)
        mine, theirs = _same_width(x, mine), _same_width(x, theirs)
        checked += 1
        paragraphs.add(int(x.table.rows[s, PARAGRAPH]))
        if mine != theirs:
            mismatches.append({"state": s, "paragraph": int(x.table.rows[s, PARAGRAPH]),
                               "compiled": mine, "engine": theirs})
    return {"checked": checked, "paragraphs": sorted(paragraphs), "mismatches": mismatches}
