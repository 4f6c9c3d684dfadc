"""Book format versions: `gamebook: 1`, `1.1` or `1.2` (the constructs of 1.2 are
reported where they are written in a book of an earlier format: `format-1-2`)."""
from __future__ import annotations

from engine.diagnostics import error


def older(data: dict) -> bool:
    """True for a book of format 1 or 1.1 (the 1.2 constructs are reported there)."""
    return data.get("gamebook") in (1, 1.1)


def needs_12(compiler, path: tuple, what_fr: str, what_en: str, key: bool = True) -> None:
    """A 1.2 construct in a book of an earlier format: located, once per place."""
    if older(compiler.data):
        compiler.report(error("format-1-2", compiler.span(path, key=key),
                              f"{what_fr} : demande « gamebook: 1.2 »",
                              f"{what_en}: needs 'gamebook: 1.2'"))
