"""How two spellings of one name are compared: lower case, accents and outer spaces
ignored ("Athéna" = "athena", "défavorable" = "Defavorable").

The one normalising function of the engine: texts compared in expressions during
play (`god("Poséidon") == "defavorable"`), the linter's checks of names, and the
rule modules' names (gods, attitudes) all fold with it, so that lint and play
never disagree on whether two texts are equal.
"""
from __future__ import annotations

import unicodedata


def fold(text) -> str:
    """Lower case without accents (NFD, combining marks dropped), stripped."""
    text = str(text)
    if text.isascii():  # the common case, and a hot one (conditions naming gods)
        return text.lower().strip()
    decomposed = unicodedata.normalize("NFD", text)
    return "".join(c for c in decomposed if unicodedata.category(c) != "Mn").lower().strip()
