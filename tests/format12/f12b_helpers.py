"""Helpers for the format 1.2 tests of give_up, fights won by rounds, take/sell/use/restore
(the format 1.1 helpers, with `gamebook: 1.2` by default)."""
from __future__ import annotations

from functools import partial

from tests.format11 import f11_helpers as f11

codes, keys, where = f11.codes, f11.keys, f11.where
load = partial(f11.load, version="1.2")
game = partial(f11.game, version="1.2")
run = f11.run
