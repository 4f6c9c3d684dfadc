"""Which module phrases an export uses.

A rule module may ship an `export.py` next to its code (its package's `export`
module) whose `names()` returns the phrases of its series: module fields (combat,
tests), hidden ways out, conditions and effects in words, the Adventure Sheet's
own parts.  Any other module's exits (`RuleModule.exits`) are printed as plain
ways out, except its hidden ones (`Exit.dashed`: computed or secret jumps).
"""
from __future__ import annotations

import importlib

from .model import Para
from .ways import turn_to


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
        for ex in module.exits(paragraph):
            if ex.dashed or not isinstance(ex.target, int):
                continue
            label = str(ex.label or ex.kind).strip()
            lead = (label[:1].upper() + label[1:]) + w.t(" : ", ": ")
            out.append(Para(tuple([lead] + turn_to(ex.target, w) + ["."]), "way"))
        return out
    return fields
