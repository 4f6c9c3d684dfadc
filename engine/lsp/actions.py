"""Code actions: every "did you mean" fix the linter suggests (`Diagnostic.fix`,
carried in the LSP diagnostic's `data`), and adding an unknown item to the
catalogue (`items:`).  Each is a text edit at an exact range: the rest of the
file, comments included, stays as written.
"""
from __future__ import annotations

import re

from lsprotocol import types as T

from engine.diagnostics import Message

_ITEM_CALL = re.compile(r"(?:has|count|possede|possède|nombre)\(\s*[\"']?$")
_TOP_KEY = re.compile(r"[^\s#]")


def actions(snap, lines, diagnostics, lang: str) -> list[T.CodeAction]:
    out = []
    for d in diagnostics:
        line, col = lines.from_lsp(d.range.start)
        fix = (d.data or {}).get("fix") if isinstance(d.data, dict) else None
        if fix:
            start, end = lines.word_at(line, col)
            out.append(_action(Message(f"Remplacer par « {fix} »", f"Replace with '{fix}'").get(lang),
                               snap.uri, [T.TextEdit(lines.range(line, start, end), str(fix))], d, True))
        if _is_unknown_item(d, lines, line, col):
            start, end = lines.word_at(line, col)
            name = lines.line(line)[start:end]
            edit = add_item(lines, name)
            if name and edit is not None:
                out.append(_action(Message(f"Ajouter l'objet « {name} » au catalogue (items)",
                                           f"Add the item '{name}' to the catalogue (items)").get(lang),
                                   snap.uri, [edit], d, not fix))
    return out


def _action(title, uri, edits, diag, preferred) -> T.CodeAction:
    return T.CodeAction(title=title, kind=T.CodeActionKind.QuickFix, diagnostics=[diag],
                        is_preferred=preferred, edit=T.WorkspaceEdit(changes={uri: edits}))


def _is_unknown_item(d, lines, line, col) -> bool:
    if d.code == "unknown-item":
        return True
    return d.code == "unknown-reference" and bool(_ITEM_CALL.search(lines.line(line)[:col]))


def add_item(lines, name: str) -> T.TextEdit | None:
    """An edit that adds `name: {name: Name}` at the end of the block `items:`
    (or a new `items:` block before `paragraphs:`); None for a flow-style catalogue."""
    entry = f"{name}: {{name: {name.replace('-', ' ').replace('_', ' ').capitalize()}}}"
    texts = [lines.line(n) for n in range(len(lines.lines))]
    top = next((n for n, t in enumerate(texts) if re.match(r"items:\s*(#.*)?$", t)), None)
    if top is None:
        par = next((n for n, t in enumerate(texts) if t.startswith("paragraphs:")), None)
        if par is None:
            return None
        return T.TextEdit(lines.range(par, 0, 0), f"items:\n  {entry}\n")
    last, indent = top, "  "
    for n in range(top + 1, len(texts)):
        t = texts[n]
        if not t.strip() or t.lstrip().startswith("#"):
            continue
        if _TOP_KEY.match(t):
            break
        if last == top:
            indent = t[:len(t) - len(t.lstrip())]
        last = n
    return T.TextEdit(lines.range(last, len(texts[last]), len(texts[last])), f"\n{indent}{entry}")
