"""Which module phrases an export uses: Chroniques Crétoises, Défis Fantastiques,
or, for any other module, its exits (`RuleModule.exits`) as plain ways out.

A third-party module's hidden exits (`Exit.dashed`: computed or secret jumps) are
not printed; its other exits read "<label>: turn to N".
"""
from __future__ import annotations

from . import cretan, fantasy, sheet
from .model import Para
from .ways import turn_to


def names_for(module) -> dict:
    if module.id == "chroniques-cretoises":
        return dict(cretan.names(), sheet=sheet.cretan_sheet)
    if module.id == "defis-fantastiques":
        return dict(fantasy.names(), sheet=sheet.fantasy_sheet)
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
