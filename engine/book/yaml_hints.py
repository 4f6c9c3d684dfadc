"""YAML mistakes in plain words, with the fix, at the line where they are.

The parser's own messages ("found character that cannot start any token",
"mapping values are not allowed in this context") name no fix; and two mistakes
are no YAML error at all: a `#` inside an unquoted text starts a comment (the
end of the text is silently lost) and a `choices:` indented as deep as a `|`
text is part of the text.  `syntax` rewrites the first kind; `text_hints` finds
the second in a parsed document.
"""
from __future__ import annotations

import re

from engine.diagnostics import Diagnostic, Span, error, warning

# A block text's line that looks like a paragraph field (or a choice) swallowed by it.
_FIELD_LINE = re.compile(r"^(\s*)(choices|effects|random|end|if|to):(\s|$)|^(\s*)- \{text:")
# `key: words #word` in block style: a comment glued to the text it cuts.
_HASH = re.compile(r"^\s*(?:- )?(text|title|name|description|author):\s+([^\"'|>{\[#][^#]*?)\s#(\S)")
PROSE_KEYS = ("text", "title", "name", "description", "author")


def syntax(text: str, span: Span, problem: str) -> Diagnostic | None:
    """A clearer diagnostic for a YAML syntax error, or None to keep the parser's."""
    lines = text.split("\n")
    line = lines[span.line] if 0 <= span.line < len(lines) else ""
    if "\t" in line[: max(span.col, 0) + 1] or ("cannot start any token" in problem and "\t" in line):
        return error("yaml-tab", Span(span.file, span.line, line.index("\t")),
                     "une tabulation indente cette ligne : en YAML, indentez avec des espaces",
                     "a tab indents this line: in YAML, indent with spaces")
    if "mapping values are not allowed" in problem:
        key = re.match(r"^\s*(?:- )?([\w-]+):\s+(.*)$", lines[span.line - 1 if span.col == 0 else span.line])
        if key:
            quoted = '"' + key.group(2).strip().replace('"', '\\"') + '"'
            return error("yaml-unquoted-colon", span,
                         f"« : » à l'intérieur d'un texte sans guillemets : mettez ce texte entre "
                         f"guillemets ({key.group(1)}: {quoted})",
                         f"': ' inside an unquoted text: quote this text ({key.group(1)}: {quoted})")
    return None


def text_hints(doc) -> list[Diagnostic]:
    """Silent mistakes in a parsed document: a `#` that cut a text, fields inside a `|` text."""
    out = []
    lines = doc.text.split("\n")
    for number, line in enumerate(lines):
        m = _HASH.match(line)
        if m:
            out.append(warning("yaml-hash-in-text", Span(doc.file, number, m.end(2) + 1),
                               f"« #{m.group(3)}… » commence un commentaire : le texte s'arrête à "
                               f"« {m.group(2).strip()} » ; mettez ce texte entre guillemets",
                               f"'#{m.group(3)}...' starts a comment: the text stops at "
                               f"'{m.group(2).strip()}'; quote this text"))
    for path, (line, _col, _index, style) in list(doc.where.items()):
        if style in ("|", ">") and len(path) == 3 and path[0] == "paragraphs" and path[2] == "text":
            found = _swallowed(doc, lines, path, line)
            if found:
                doc.broken.add(path[1])
                out.extend(found)
    return out + _dedented(doc)


FIELDS = ("text", "choices", "effects", "random", "end")


def _dedented(doc) -> list[Diagnostic]:
    """`choices:` written at the level of the paragraph numbers: reported once, taken
    out of the document (the schema would report it twice more, in its own words)."""
    pars = doc.data.get("paragraphs") if isinstance(doc.data, dict) else None
    if not isinstance(pars, dict):
        return []
    out, last = [], None
    for key in list(pars):
        value = pars[key]
        if key not in FIELDS or last is None or _a_paragraph(value):
            last = key
        else:
            del pars[key]
            doc.broken.add(last)
            out.append(error("yaml-dedented-field", doc.span(("paragraphs", key), key=True),
                             f"« {key}: » est au niveau des numéros de paragraphe : indentez-le "
                             f"sous le paragraphe {last}, comme son « text: »",
                             f"'{key}:' is at the level of the paragraph numbers: indent it under "
                             f"paragraph {last}, like its 'text:'"))
    return out


def _a_paragraph(value) -> bool:
    """A mapping with a `text:` is a paragraph named `end` (format 1.1), not a dedented field."""
    return isinstance(value, dict) and "text" in value


def _swallowed(doc, lines, path, line) -> list[Diagnostic]:
    value = doc.data
    for part in path:
        if not isinstance(value, dict) or part not in value:
            return []   # a duplicated key's value, dropped (duplicate-key): not in the data
        value = value[part]
    for i, content in enumerate(str(value).split("\n")):
        m = _FIELD_LINE.match(content)
        if m:
            field = m.group(2) or "- {text: ...}"
            at = _find(lines, line + 1, content.strip())
            indent = len(lines[at]) - len(lines[at].lstrip()) if at < len(lines) else 0
            return [error("yaml-swallowed-field", Span(doc.file, at, indent),
                          f"« {field} » fait partie du texte du « | » au-dessus : la ligne est "
                          "indentée comme le texte ; alignez-la sur « text: »",
                          f"'{field}' is part of the '|' text above: the line is indented like "
                          "the text; align it with 'text:'")]
    return []


def _find(lines: list[str], start: int, wanted: str) -> int:
    for n in range(start, len(lines)):
        if lines[n].strip() == wanted:
            return n
    return start
