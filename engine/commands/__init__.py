"""The `gamebook` subcommands: each module has `configure(parser, lang)` and `run(args)`."""
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
