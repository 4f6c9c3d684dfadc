"""Which module phrases an export uses.

A rule module may ship an `export.py` next to its code (its package's `export`
module) whose `names()` returns the phrases of its series: module fields (combat,
tests), hidden ways out, conditions and effects in words, the Adventure Sheet's
own parts.  Any other module's exits (`RuleModule.exits`) are printed as plain
ways out, except its hidden ones (`Exit.dashed`: computed or secret jumps).
"""
from __future__ import annotations

import importlib

from engine.export.model import Para, Stats
from engine.export.ways import turn_to

# Exit kinds many modules share, in words; any other kind is printed as its label.
KINDS = {"win": ("Si vous êtes vainqueur, ", "If you win, "),
         "escape": ("Si vous prenez la fuite, ", "If you escape, "),
         "evade": ("Si vous prenez la fuite, ", "If you evade, "),
         "retreat": ("Si vous battez en retraite, ", "If you retreat, "),
         "success": ("Si vous réussissez, ", "If you succeed, "),
         "failure": ("Si vous échouez, ", "If you fail, ")}


def names_for(module) -> dict:
    package = type(module).__module__.rpartition(".")[0]
    try:
        own = importlib.import_module(f"{package}.export")
    except ImportError:
        own = None
    if own is not None and hasattr(own, "names"):
        return dict(own.names())
    return {"fields": _generic_fields(module)}


def _generic_fields(module):
    def fields(paragraph, w) -> list:
        out = []
        for name in module.activity_fields:
            enemies = (paragraph.fields.get(name) or {}).get("enemies") \
                if isinstance(paragraph.fields.get(name), dict) else None
            if isinstance(enemies, list) and _stat_block(enemies, w).rows:
                out.append(_stat_block(enemies, w))
        for ex in module.exits(paragraph):
            if ex.dashed or not isinstance(ex.target, int):
                continue
            label = str(ex.label or ex.kind).strip()
            lead = w.t(*KINDS[ex.kind]) if ex.kind in KINDS else \
                (label[:1].upper() + label[1:]) + w.t(" : ", ": ")
            out.append(Para(tuple([lead] + turn_to(ex.target, w) + ["."]), "way"))
        return out
    return fields


def _stat_block(enemies: list, w) -> Stats:
    """Each opponent's name and numbers, under the module's stat labels."""
    rows = []
    for e in enemies:
        if isinstance(e, dict):
            values = tuple((w.stat(k).upper(), str(v)) for k, v in e.items()
                           if isinstance(v, int) and not isinstance(v, bool))
            rows.append(("", str(e.get("name", "?")).upper(), values))
    return Stats(tuple(rows))
