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
    found = _missing_colon(lines, span) or _flow_text(lines, span, problem) or _over_indented(lines, span, problem)
    if found:
        return found
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


# --- layout mistakes the parser names only vaguely (issue 32) -------------------------------
_BARE_KEY = re.compile(r"^(\s*)(?:- )?([A-Za-z_][\w-]*)(\s*[|>][-+]?)?\s*$")
_KEY_LINE = re.compile(r"^(\s*)(?:- )?[\w\"'-]+:(\s|$)")
_FLOW_KEY = re.compile(r"[{,]\s*([\w-]+):\s+([^,{}\[\]\"']*)$")


def _missing_colon(lines: list[str], span: Span) -> Diagnostic | None:
    """`text |` or `choices` written without its colon: YAML reads it as the start of a
    text that runs on until a later line fails, far from the mistake."""
    for n in range(min(span.line, len(lines) - 1), max(span.line - 40, 0) - 1, -1):
        m = _BARE_KEY.match(lines[n])
        if not m or n == 0:
            continue
        before = next((lines[k] for k in range(n - 1, -1, -1) if lines[k].strip()), "")
        key_line = _KEY_LINE.match(before)
        # a sibling of the key above, or the first key under a `N:` that opens a mapping
        # (not the last word of a text running on under its key)
        if key_line and (len(key_line.group(1)) == len(m.group(1)) or
                         (before.rstrip().endswith(":") and len(key_line.group(1)) < len(m.group(1)))):
            key, rest = m.group(2), (m.group(3) or "").strip()
            wanted = f"{key}: {rest}".rstrip() if rest else f"{key}:"
            return error("yaml-missing-colon", Span(span.file, n, len(m.group(1))),
                         f"« {lines[n].strip()} » : il manque « : » après la clé ; écrivez « {wanted} »",
                         f"'{lines[n].strip()}': the key has no ':' after it; write '{wanted}'")
        return None
    return None


def _flow_text(lines: list[str], span: Span, problem: str) -> Diagnostic | None:
    """In `{text: ..., to: 2}`, a text holding ': ' or ' #' ends the mapping early."""
    if "expected ',' or '}'" not in problem:
        return None
    line = lines[span.line] if span.line < len(lines) else ""
    m = _FLOW_KEY.search(line[:span.col])
    if m and line[span.col:span.col + 1] == ":":
        rest = re.split(r",\s*[\w-]+:\s|\}", line[span.col:], maxsplit=1)[0]
        quoted = '"' + (m.group(2) + rest).strip().replace('"', '\\"') + '"'
        return error("yaml-unquoted-colon", span,
                     f"« : » à l'intérieur d'un texte sans guillemets : mettez ce texte entre "
                     f"guillemets ({m.group(1)}: {quoted})",
                     f"': ' inside an unquoted text: quote this text ({m.group(1)}: {quoted})")
    for n in (span.line, span.line - 1):
        if not 0 <= n < len(lines):
            continue
        cut = re.search(r"[{,]\s*([\w-]+):\s+([^,{}\"'#]*?)\s#(\S)", lines[n])
        if cut:   # what follows the `#`, the closing brace too, is a comment
            return error("yaml-hash-in-text", Span(span.file, n, cut.end(2) + 1),
                         f"« #{cut.group(3)}… » commence un commentaire : le texte s'arrête à "
                         f"« {cut.group(2).strip()} » et l'accolade n'est jamais fermée ; mettez ce "
                         "texte entre guillemets",
                         f"'#{cut.group(3)}...' starts a comment: the text stops at "
                         f"'{cut.group(2).strip()}' and the brace is never closed; quote this text")
    return None


def _over_indented(lines: list[str], span: Span, problem: str) -> Diagnostic | None:
    """`choices:` indented deeper than the field above it, whose value is already written."""
    if "expected key" not in problem and "mapping values are not allowed" not in problem:
        return None
    here = lines[span.line] if span.line < len(lines) else ""
    m = re.match(r"^(\s+)([\w-]+):(\s|$)", here)
    above = next((lines[k] for k in range(span.line - 1, -1, -1) if lines[k].strip()), "")
    k = re.match(r"^(\s*)([\w-]+):\s+\S", above)
    if not m or not k or len(m.group(1)) <= len(k.group(1)):
        return None
    return error("yaml-indented-field", Span(span.file, span.line, len(m.group(1))),
                 f"« {m.group(2)}: » est plus indenté que « {k.group(2)}: » au-dessus, dont la valeur est "
                 f"déjà écrite : alignez-le sur « {k.group(2)}: »",
                 f"'{m.group(2)}:' is indented deeper than '{k.group(2)}:' above, whose value is already "
                 f"written: align it with '{k.group(2)}:'")
