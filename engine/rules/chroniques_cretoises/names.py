"""Names of Chroniques Crétoises: gods, attitudes, the condition track, and how
a name written by an author (accents or not, French or English) maps to its
canonical form."""
from __future__ import annotations

from engine.diagnostics import Message
from engine.support.fold import fold as _fold

M = Message

# The six gods a hero may choose as patron (rule text, "Les Dieux").
PATRONS = ("Arès", "Athéna", "Poséidon", "Apollon", "Aphrodite", "Héra")
ZEUS = "Zeus"

FAVORABLE, NEUTRE, DEFAVORABLE = "favorable", "neutre", "défavorable"
ATTITUDES = (FAVORABLE, NEUTRE, DEFAVORABLE)
_ATTITUDE_ALIASES = {
    "f": FAVORABLE, "favorable": FAVORABLE, "favourable": FAVORABLE,
    "n": NEUTRE, "neutre": NEUTRE, "neutral": NEUTRE,
    "d": DEFAVORABLE, "defavorable": DEFAVORABLE, "unfavourable": DEFAVORABLE,
    "unfavorable": DEFAVORABLE, "hostile": DEFAVORABLE,
}
ATTITUDE_LABELS = {FAVORABLE: M("Favorable", "Favourable"), NEUTRE: M("Neutre", "Neutral"),
                   DEFAVORABLE: M("Défavorable", "Unfavourable")}

# The condition track, as indexes 0..3 in the state.
INDEMNE, BLESSE, GRIEVEMENT, MORT = 0, 1, 2, 3
CONDITIONS = ("indemne", "blessé", "grièvement blessé", "mort")
CONDITION_LABELS = (M("Indemne", "Unhurt"), M("Blessé", "Wounded"),
                    M("Grièvement Blessé", "Badly Wounded"), M("Mort", "Dead"))


# The accented names of the rules, folded once (read-only).
_FOLDED = {name: _fold(name) for name in PATRONS + ATTITUDES + CONDITIONS}


def fold(text: str) -> str:
    """engine.support.fold.fold (the engine's one normalising function), the rules' names memoised."""
    if type(text) is str and not text.isascii():
        known = _FOLDED.get(text)
        if known is not None:
            return known
    return _fold(text)


FOLDED_PATRONS = tuple(fold(g) for g in PATRONS)


def attitude(text: str) -> str | None:
    """The canonical attitude for an author's word, or None."""
    return _ATTITUDE_ALIASES.get(fold(text))


def condition_index(text) -> int | None:
    if isinstance(text, int):
        return text if 0 <= text <= MORT else None
    wanted = fold(text).replace("-", " ")
    english = {"unhurt": 0, "wounded": 1, "badly wounded": 2, "dead": 3}
    for i, name in enumerate(CONDITIONS):
        if fold(name) == wanted:
            return i
    return english.get(wanted)


def gods_of(options) -> tuple[str, ...]:
    """Every god a book may name: the six patrons plus the book's `options.gods`."""
    extra = options.get("gods") if isinstance(options, dict) or hasattr(options, "get") else None
    names, folded = list(PATRONS), set(FOLDED_PATRONS)
    for g in extra or ():
        if isinstance(g, str) and fold(g) not in folded:
            names.append(g)
            folded.add(fold(g))
    return tuple(names)


def god_name(text, known) -> str | None:
    """The canonical spelling of a god among `known`, accents and case ignored."""
    if type(known) is tuple and text in known:   # already canonical (a gods_of tuple
        return text                              # never holds two spellings of a name)
    wanted = fold(text)
    return next((g for g in known if fold(g) == wanted), None)


def spellings(known) -> frozenset:
    """Canonical names and their accentless, lower-case spellings (for the checker)."""
    out = set(known)
    for g in known:
        out.add(fold(g))
        out.add(fold(g).capitalize())
    return frozenset(out)


def count(n: int, fr: tuple[str, str], en: tuple[str, str]) -> Message:
    """"1 point" / "2 points", each language with its own rule (French 0 is singular)."""
    return M(f"{n} {fr[0] if n <= 1 else fr[1]}", f"{n} {en[0] if n == 1 else en[1]}")


def honour_points(n: int) -> Message:
    return count(n, ("point d'Honneur", "points d'Honneur"), ("Honour point", "Honour points"))
