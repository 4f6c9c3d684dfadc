"""What the cursor is on, read from the text itself (which may not parse now).

`place(lines, line, col)` gives the path of keys to the mapping the cursor is in
(`["paragraphs", "12", "choices", "[]"]`, "[]" for a list item), from the block
indentation of the lines above and the `{`/`[` still open on the cursor's line,
and whether the cursor is typing a key or the value of `key`.
"""
from __future__ import annotations

import re

from engine.support.records import record

_KEY = re.compile(r"\s*(-\s+)?(\"[^\"]*\"|'[^']*'|[^\s:#{}\[\],'\"][^:#{}\[\],]*?)\s*:(\s|$)")


@record
class Place:
    path: list          # keys down to the mapping the cursor is in
    key: str | None     # the key whose value is being typed, None when typing a key
    value: str          # what is typed of the value so far (for expressions)


def place(lines, line: int, col: int) -> Place:
    prefix = lines.line(line)[:col]
    block = _block_path(lines, line, prefix)
    flow, key, value = _flow(prefix)
    return Place(block + flow, key, value)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _block_path(lines, line: int, prefix: str) -> list:
    """Keys of the block mappings and lists that contain the cursor's line."""
    text = lines.line(line)
    path: list = []
    indent = _indent(text)
    rest = text[indent:]
    if rest.startswith("- ") or rest == "-":
        path.append("[]")
    elif not rest.strip():
        indent = len(prefix)  # a blank line: the key will start at the cursor
    for n in range(line - 1, -1, -1):
        above = lines.line(n)
        if not above.strip() or above.lstrip().startswith("#"):
            continue
        i = _indent(above)
        if i >= indent:
            continue
        body = above[i:]
        if body.startswith("-"):
            path.insert(0, "[]")  # `- key: value`: the cursor is in the item's mapping
        else:
            m = _KEY.match(body)
            if m:
                path.insert(0, _unquote(m.group(2)))
        indent = i
        if i == 0:
            break
    return path


def _flow(prefix: str) -> tuple[list, str | None, str]:
    """The flow collections open on the line, and the key whose value is being typed."""
    stack: list = []      # (kind, key before it)
    key, start, quote = None, 0, None
    last_key = None
    i = 0
    while i < len(prefix):
        ch = prefix[i]
        if quote:
            if ch == quote:
                quote = None
        elif ch in "\"'" and (i == 0 or prefix[i - 1] in " :[{,("):
            quote = ch
        elif ch in "{[":
            stack.append(("{" if ch == "{" else "[", last_key))
            last_key, key, start = None, None, i + 1
        elif ch in "}]":
            if stack:
                stack.pop()
            key, start = None, i + 1
        elif ch == ",":
            if stack and stack[-1][0] == "{":
                key = None
            start = i + 1
        elif ch == ":" and (i + 1 == len(prefix) or prefix[i + 1] == " "):
            m = re.search(r"([^\s{}\[\],:'\"][^{}\[\],:]*?)\s*$", prefix[start:i])
            if m:
                key = last_key = _unquote(m.group(1).strip())
            start = i + 1
        i += 1
    path = []
    for kind, k in stack:
        if k is not None:
            path.append(k)
        if kind == "[":
            path.append("[]")
    if key is None and stack and stack[-1][0] == "[":
        key = stack[-1][1]  # an item of `gain: [a, |`: the list's own key
    return path, key, prefix[start:].lstrip()


def _unquote(s: str) -> str:
    return s[1:-1] if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'" else s
