"""The `gamebook` subcommands: each module has `configure(parser, lang)` and `run(args)`.

The outermost front end: a command reads its arguments, loads the book
(engine/lint/loader.py), drives the stage it is about (game, analysis, export, lsp,
repl, renumber) and prints; engine/cli.py dispatches to it.  Nothing imports this
package but cli.py and the conformance check (which tries a module's odds flags).
"""
from __future__ import annotations

import argparse


def positive(kind: type, lang: str):
    """An argparse `type=`: a number above 0 (`int` or `float`), refused in the user's language."""
    def convert(text: str):
        try:
            value = kind(text)
        except ValueError:
            value = None
        if value is None or not value > 0:  # also refuses "nan"
            raise argparse.ArgumentTypeError(
                f"« {text} » : un nombre plus grand que 0 est attendu" if lang == "fr"
                else f"'{text}': a number greater than 0 is expected")
        return value
    return convert
