"""Go to definition, find references, the outline of paragraphs, rename and renumber.

Every edit is a text edit at the exact range of one occurrence: the YAML's
comments, quotes and layout stay as the author wrote them.  Renumbering a
paragraph is refused, with the reason, when a reference to it cannot be rewritten
safely: a computed target (`here + 20`) leading to it or written in it, an exit
the rule module computes from the paragraph's number (a field such as a flag that
means "go to this number + 20"), or a jump that depends on play and might lead
anywhere.
"""
from __future__ import annotations

import re

from lsprotocol import types as T
from pygls.exceptions import JsonRpcException

from engine.diagnostics import Message

REQUEST_FAILED = -32803
_ITEM = re.compile(r"[^\s:{}\[\],#'\"]+\Z")


class Refused(JsonRpcException):
    """A rename the server will not do; the editor shows the message."""

    def __init__(self, message: str):
        super().__init__(message, code=REQUEST_FAILED)


def _loc(snap, o) -> T.Location:
    """Where an occurrence is: the book's own text or an included file (format 1.1)."""
    return T.Location(snap.uri_of(o.file), snap.lines_of(o.file).range(o.line, o.col, o.end))


def _edit(snap, o, new: str) -> tuple[str, T.TextEdit]:
    return snap.uri_of(o.file), T.TextEdit(snap.lines_of(o.file).range(o.line, o.col, o.end), new)


def definition(snap, line: int, col: int, file: str | None = None) -> list[T.Location]:
    o = snap.index.at(line, col, file) if snap.index else None
    if o is None or o.value is None:
        return []
    roles = {"set"} if o.kind == "flag" else {"def"}
    return [_loc(snap, d) for d in snap.index.of(o.kind, o.value, roles)]


def references(snap, line: int, col: int, declaration: bool, file: str | None = None) -> list[T.Location]:
    o = snap.index.at(line, col, file) if snap.index else None
    if o is None or o.value is None:
        return []
    return [_loc(snap, r) for r in snap.index.of(o.kind, o.value)
            if declaration or r.role != "def"]


def symbols(snap) -> list[T.DocumentSymbol]:
    """One symbol a paragraph (its number and first words), in the order written."""
    if snap.index is None:
        return []
    defs = sorted((o for o in snap.index.occs if o.kind == "paragraph" and o.role == "def" and o.file is None),
                  key=lambda o: o.line)
    out = []
    for o, after in zip(defs, defs[1:] + [None]):
        last = (after.line if after else len(snap.lines.lines)) - 1
        p = snap.book.paragraphs.get(o.value)
        out.append(T.DocumentSymbol(
            name=f"§{o.value}", detail=first_words(p.text if p else ""), kind=T.SymbolKind.Number,
            range=snap.lines.range(o.line, 0, len(snap.lines.line(last)), max(last, o.line)),
            selection_range=snap.lines.range(o.line, o.col, o.end)))
    return out


def first_words(text: str, limit: int = 60) -> str:
    words = " ".join(text.split())
    return words if len(words) <= limit else words[:limit].rsplit(" ", 1)[0] + "…"


def prepare_rename(snap, line: int, col: int, file: str | None = None):
    o = snap.index.at(line, col, file) if snap.index else None
    if o is None or o.value is None or o.role in ("computed", "implicit"):
        return None
    return T.PrepareRenamePlaceholder(range=snap.lines_of(file).range(o.line, o.col, o.end),
                                      placeholder=o.name or str(o.value))


def rename(snap, line: int, col: int, new: str, file: str | None = None) -> T.WorkspaceEdit:
    lang = snap.language
    o = snap.index.at(line, col, file) if snap.index else None
    if o is None or o.value is None or o.role in ("computed", "implicit"):
        raise Refused(Message("placez le curseur sur un numéro de paragraphe, un objet ou un drapeau",
                              "put the cursor on a paragraph number, an item or a flag").get(lang))
    if o.kind == "paragraph" and o.name is not None:   # format 1.1: a paragraph's name
        edits = _rename_paragraph(snap, o.value, o.name, new.strip())
    elif o.kind == "paragraph":
        edits = _renumber(snap, o.value, new.strip())
    else:
        edits = _rename_name(snap, o.kind, o.value, new.strip())
    changes: dict = {}
    for uri, edit in edits:   # format 1.1: the book's own text and its included files
        changes.setdefault(uri, []).append(edit)
    return T.WorkspaceEdit(changes=changes)


def _rename_name(snap, kind: str, old: str, new: str) -> list[T.TextEdit]:
    lang = snap.language
    if not _ITEM.match(new):
        raise Refused(Message(
            f"« {new} » n'est pas un nom valable (pas d'espace ni de : {{ }} [ ] , # ni guillemet)",
            f"'{new}' is not a valid name (no space, : {{ }} [ ] , # or quote)").get(lang))
    if snap.index.of(kind, new):
        raise Refused(Message(f"« {new} » existe déjà dans le livre",
                              f"'{new}' already exists in the book").get(lang))
    return [_edit(snap, r, new) for r in snap.index.of(kind, old)]


def _rename_paragraph(snap, number: int, old: str, new: str) -> list[T.TextEdit]:
    """A named paragraph's name, where it is defined and wherever a target writes it."""
    from engine.book.naming import is_name
    lang = snap.language
    if not is_name(new) or new.isdigit():
        raise Refused(Message(f"« {new} » n'est pas un nom de paragraphe (lettres, chiffres, - et _)",
                              f"'{new}' is not a paragraph name (letters, digits, - and _)").get(lang))
    if new in (getattr(snap.compiled, "names", None) or {}):
        raise Refused(Message(f"un paragraphe s'appelle déjà « {new} »",
                              f"a paragraph is already called '{new}'").get(lang))
    return [_edit(snap, r, new) for r in snap.index.of("paragraph", number) if r.name == old]


def _renumber(snap, old: int, new: str) -> list[T.TextEdit]:
    why = renumber_refusal(snap, old, new)
    if why is not None:
        raise Refused(why.get(snap.language))
    return [_edit(snap, r, new) for r in snap.index.of("paragraph", old)]


def renumber_refusal(snap, old: int, new: str) -> Message | None:
    """Why paragraph `old` cannot become `new`, or None when it can."""
    if not re.fullmatch(r"[1-9][0-9]{0,5}", new):
        return Message(f"« {new} » n'est pas un numéro de paragraphe (1 à 999999)",
                       f"'{new}' is not a paragraph number (1 to 999999)")
    book, n = snap.book, int(new)
    if n in book.paragraphs:
        return Message(f"le paragraphe {n} existe déjà", f"paragraph {n} already exists")
    if any(o.name for o in snap.index.of("paragraph", old)):
        return Message("ce paragraphe a un nom : renommez le nom, ou changez son « number: »",
                       "this paragraph has a name: rename the name, or change its 'number:'")
    for o in snap.index.of("paragraph", old, {"computed"}):
        return Message(f"le paragraphe {o.paragraph} y mène par un saut calculé (ligne {o.line + 1}) : "
                       "modifiez-le d'abord", f"paragraph {o.paragraph} leads to it by a computed jump "
                       f"(line {o.line + 1}): change that first")
    own = [o for o in snap.index.occs if o.role == "computed" and o.paragraph == old]
    if own:
        return Message(f"ses sauts calculés (ligne {own[0].line + 1}) changeraient de destination",
                       f"its computed jumps (line {own[0].line + 1}) would lead elsewhere")
    implicit = _implicit(snap, old)
    if implicit is not None:
        return implicit
    if snap.index.dynamic:
        p, o = snap.index.dynamic[0]
        return Message(f"le saut du paragraphe {p} (ligne {o.line + 1}) dépend de la partie : "
                       "il pourrait mener à ce paragraphe",
                       f"the jump of paragraph {p} (line {o.line + 1}) depends on play: "
                       "it might lead to this paragraph")
    return None


def _implicit(snap, old: int) -> Message | None:
    """An exit the rules compute from its paragraph's number: neither end may move."""
    for o in snap.index.occs:
        if o.role == "implicit" and o.paragraph == old:
            return Message(f"le champ « {o.field} » du paragraphe {old} mène au {o.value}, un numéro "
                           f"que les règles calculent à partir de {old}",
                           f"the '{o.field}' field of paragraph {old} leads to {o.value}, a number "
                           f"the rules compute from {old}")
    for o in snap.index.of("paragraph", old, {"implicit"}):
        return Message(f"le paragraphe {o.paragraph} y mène par son champ « {o.field} », un numéro "
                       f"que les règles calculent à partir de {o.paragraph}",
                       f"paragraph {o.paragraph} leads here by its '{o.field}' field, a number "
                       f"the rules compute from {o.paragraph}")
    return None
