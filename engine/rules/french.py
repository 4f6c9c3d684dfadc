"""Opponents' names in French sentences: the article, its contractions, and groups.

A book writes a name as a label (`Loup gris`, `Malvorn`); an enemy may say its
article (`article: la`, `article: ""` for a proper name), else it is `le` (`l'`
before a vowel or a mute h).  `the(e)` is "le Loup gris", `The(e)` starts a sentence,
`of(e)` is "du Loup gris" / "de l'Ogre" / "de Malvorn", `verb(e, "est vaincu",
"sont vaincus", "est vaincue")` agrees in number and, where the article says it, gender.  `group(names)` words several opponents fought as one
("les trois rats géants", "le Guetteur et le Bretteur"), always plural.
"""
from __future__ import annotations

ARTICLES = ("le", "la", "l'", "les", "")
VOWELS = set("aeiouyâàéèêëîïôöûüAEIOUYÂÀÉÈÊÎÏÔÖÛÜ")   # an h may be aspirate: `article:` says
NUMBERS = {2: "deux", 3: "trois", 4: "quatre", 5: "cinq", 6: "six", 7: "sept", 8: "huit", 9: "neuf", 10: "dix"}
BREAKS = {"de", "du", "des", "d'", "à", "au", "aux", "en", "le", "la"}   # a plural stops there


def article(name: str, given: str | None = None) -> str:
    """The article `name` takes: the one given (`la` elided before a vowel: "l'Anguille",
    still feminine for `verb`), else `le`, `l'` before a vowel."""
    if given == "la" and name[:1] in VOWELS:
        return "l'"
    if given is not None:
        return given
    return "l'" if name[:1] in VOWELS else "le"


def the(e: dict) -> str:
    """"le Loup gris", "l'Ogre", "Malvorn", or a group's words as they are."""
    if e.get("plural"):
        return e["fr"]
    art = article(e["name"], e.get("article"))
    return e["name"] if not art else art + e["name"] if art == "l'" else f"{art} {e['name']}"


def The(e: dict) -> str:   # noqa: N802 (the capital is the point)
    text = the(e)
    return text[:1].upper() + text[1:]


def of(e: dict) -> str:
    """"du Loup gris", "de la Louve", "de l'Ogre", "des rats", "de Malvorn"."""
    if e.get("of"):
        return e["of"]
    text = the(e)
    for art, contracted in (("le ", "du "), ("les ", "des ")):
        if text.startswith(art):
            return contracted + text[len(art):]
    return "de " + text if text[:1] not in VOWELS or text.startswith("l'") else "d'" + text


def verb(e: dict, singular: str, plural: str, feminine: str | None = None) -> str:
    """The words agreeing with `e`: plural for a group, `feminine` for an opponent the
    book gives `article: la` ("la Murène est vaincue"), else singular."""
    if e.get("plural"):
        return plural
    return feminine if feminine is not None and e.get("article") == "la" else singular


def group(enemies: list[dict]) -> dict:
    """Several opponents as one, plural, to merge into the enemy standing for them:
    `fr` ("les trois rats géants", "le Guetteur et le Bretteur"), `of` ("des trois rats
    géants", "du Guetteur et du Bretteur"), `name` for English and logs ("Rat géant ×3",
    "Guetteur and Bretteur"), `plural`."""
    names = [e["name"] for e in enemies]
    if len(set(names)) == 1 and len(names) in NUMBERS:
        fr = f"les {NUMBERS[len(names)]} {_plural(names[0])}"
        return {"name": f"{names[0]} ×{len(names)}", "fr": fr, "of": "des" + fr[3:], "plural": True}

    def joined(parts, word="et"):
        return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
    return {"name": joined(names, "and"), "fr": joined([the(e) for e in enemies]),
            "of": joined([of(e) for e in enemies]), "plural": True}


def label(e: dict) -> str:
    """The name at the head of a status line: as written, or a group's, capitalised."""
    return The(e) if e.get("plural") else e["name"]


def _plural(name: str) -> str:
    """A lower-case plural of a label: "Rat géant" -> "rats géants", "Loup gris" ->
    "loups gris", "Garde du roi" -> "gardes du roi" (words after a preposition stay)."""
    words, out, plural = name.split(" "), [], True   # (a plural stops at a preposition)
    for i, word in enumerate(words):
        if word.lower() in BREAKS or "'" in word:
            plural = False
        w = word[:1].lower() + word[1:] if i == 0 else word
        out.append(_plural_word(w) if plural else w)
    return " ".join(out)


def _plural_word(word: str) -> str:
    if "-" in word:
        return "-".join(_plural_word(w) for w in word.split("-"))
    if word[-1:] in "sxz":
        return word
    if word.endswith(("au", "eau", "eu")):
        return word + "x"
    if word.endswith("al"):
        return word[:-2] + "aux"
    return word + "s"
