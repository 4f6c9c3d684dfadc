"""Counters, codewords and paragraph notes (book format 1.1): declared and compiled.

    counters:
      jours: {name: Jours, start: 0, min: 0, max: 7}   # days, rounds won, a reputation
    codewords:
      corbeau: {name: Corbeau}                         # a flag the player sees on the sheet
    notes:
      retour: {name: Paragraphe à retrouver}           # holds a paragraph number

A counter is a name of the expression language (`if: 'jours >= 3'`) and takes
`add:`/`set:` like a stat; it stays within its bounds.  A codeword is a flag
(`flag: corbeau`, `flag("corbeau")`) shown on the sheet while it is set.  The effect
`{note: retour}` writes the current paragraph's number in the note; the function
`note` with the note's name in quotes reads it (a `to:` that is exactly such a call
returns there; it reads 0 while nothing is noted).

The values live in `state.extra` under "counters" and "notes", so saves, undo and
the explorer's state keys (engine/analysis/explore/space.py) carry them unchanged.
Playing them (start values, changes, the sheet's rows) is engine/game/counters.py.
"""
from __future__ import annotations

from engine.book.effect_lists import all_effects
from engine.diagnostics import error, unknown_name

COUNTERS, NOTES = "counters", "notes"
EFFECTS = ("counter-add", "counter-set", "note")


def declared(data: dict, key: str) -> dict:
    raw = data.get(key)
    return {str(k): (v if isinstance(v, dict) else {}) for k, v in raw.items()} if isinstance(raw, dict) else {}


def bounds(spec: dict) -> tuple:
    return spec.get("min"), spec.get("max")


def clamp(spec: dict, value: int) -> int:
    low, high = bounds(spec)
    if low is not None and value < low:
        return low
    if high is not None and value > high:
        return high
    return value


# --- compiling -------------------------------------------------------------------
def check_declarations(compiler, data: dict) -> None:
    """Format 1.1 only; a start outside its own bounds, a counter named like a stat."""
    for key in (COUNTERS, "codewords", NOTES):
        if key in data and data.get("gamebook") == 1:
            compiler.report(error("format-1-1", compiler.span((key,), key=True),
                                  f"« {key} » demande « gamebook: 1.1 »", f"'{key}' needs 'gamebook: 1.1'"))
    for name, spec in declared(data, COUNTERS).items():
        start, (low, high) = spec.get("start", 0), bounds(spec)
        if isinstance(low, int) and isinstance(high, int) and low > high:   # no value fits
            compiler.report(error("counter-out-of-range", compiler.span((COUNTERS, name, "min")),
                                  f"compteur « {name} » : min {low} est au-dessus de max {high}",
                                  f"counter '{name}': min {low} is above max {high}"))
            continue
        if isinstance(start, int) and clamp(spec, start) != start:
            _out_of_range(compiler, (COUNTERS, name, "start") if "start" in spec else (COUNTERS, name),
                          name, start, low, high)
        if compiler.module.stat(name) is not None or name == "here":
            compiler.report(error("counter-name-taken", compiler.span((COUNTERS, name), key=True),
                                  f"le compteur « {name} » porte le nom d'une caractéristique : renommez-le",
                                  f"counter '{name}' has the name of a stat: rename it"))


def _out_of_range(compiler, path, name, value, low, high) -> None:
    span = f"{'-∞' if low is None else low}..{'∞' if high is None else high}"
    compiler.report(error("counter-out-of-range", compiler.span(path),
                          f"{value} est hors des bornes du compteur « {name} » ({span})",
                          f"{value} is outside the bounds of counter '{name}' ({span})"))


def split_effect(compiler, kind: str, value: dict, path: tuple, here: int) -> list:
    """`add:`/`set:` -> [(kind, {name: amount})] with the counters in their own effect."""
    counters = compiler.counters
    theirs = {k: v for k, v in value.items() if k in counters}
    if not theirs:
        return [(kind, value)]
    amounts = {k: compiler.number(v, path + (k,), here) for k, v in theirs.items()}
    if kind == "set":
        for k, v in amounts.items():
            if isinstance(v, int) and clamp(counters[k], v) != v:
                _out_of_range(compiler, path + (k,), k, v, *bounds(counters[k]))
    rest = {k: v for k, v in value.items() if k not in counters}
    return ([(kind, rest)] if rest else []) + [("counter-" + kind, amounts)]


def check_note(compiler, value, path: tuple) -> str:
    if str(value) not in compiler.notes:
        compiler.report(unknown_name("unknown-note", compiler.span(path), value, compiler.notes, "note", "note"))
    return str(value)


# --- the graph ---------------------------------------------------------------------
def note_writers(book) -> dict:
    """note name -> the paragraphs whose effect lists (any of them: effect_lists.py) write it."""
    out: dict = {}
    for n, p in book.paragraphs.items():
        for eff in all_effects(p):
            if eff.kind == "note":
                out.setdefault(eff.value, []).append(n)
    return out


def note_read(target) -> str | None:
    """The note a target reads when it is exactly a call of `note` on a name, else None."""
    from engine.expr.ast import Call, Str
    root = getattr(target, "root", None)
    if isinstance(root, Call) and root.name == "note" and len(root.args) == 1 \
            and isinstance(root.args[0], Str):
        return root.args[0].value
    return None
