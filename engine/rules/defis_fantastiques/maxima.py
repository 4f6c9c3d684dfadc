"""Défis Fantastiques: a stat's maximum read by an expression (`chance_max`,
`endurance_max`, `habilete_max`), over whole batches of states.

"il vous est impossible de dépasser la limite de vos totaux de départ (sauf en de
rares occasions, qui sont précisées lorsque le cas se présente)": a book reads that
limit back (`set: {chance: chance_max}`, a rest that gives back all the Luck
spent).  The scalar rule is module.variable: the stat's maximum (sheet.maximum: the
ceiling an effect moved, else the starting value), or, for a stat without one, its
current value (0 when the hero has none).  Here it is the same rule over a
batch, for the compiled explorer (its vector rules' `variable`, vector.py); the
differential test (tests/compiled/test_maxima.py) plays it against the engine.
"""
from __future__ import annotations

import numpy as np

from engine.analysis.compiled.packed import MISSING
from engine.rules.defis_fantastiques.sheet import CAPPED

SUFFIX = "_max"


def variable(name: str, caps_of, none: int):
    """("int", fn(batch) -> each state's maximum of the stat `name` names), or None
    for a name that is not a maximum (the engine path).  `caps_of(batch, stat)`: each
    state's ceiling (sheet.maximum over a batch, vector.py), `none` for a stat without one."""
    stat = name[:-len(SUFFIX)] if name.endswith(SUFFIX) else None
    if stat not in CAPPED:
        return None

    def maximum(batch) -> np.ndarray:
        caps = caps_of(batch, stat)
        now = batch.col("stats", stat)
        return np.where(caps != none, caps, np.where(now == MISSING, 0, now))
    return "int", maximum
