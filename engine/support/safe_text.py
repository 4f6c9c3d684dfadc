"""Making text from a book, a save or a plugin harmless for a terminal or a CI log.

A terminal obeys the control characters it is sent: ESC and the 8-bit C1 introducers
start sequences that move the cursor, clear the screen, set the window title, write
the clipboard (OSC 52) or talk to the terminal (DCS); BEL rings; CR overwrites the
line.  `clean` shows every such character as a visible `\\uXXXX` escape instead, so the
sequence that follows it is plain text.  The `\\uXXXX` form was chosen because it means
the same character inside a JSON string: `lint --format json` stays valid JSON with
the same content after cleaning.

Escaped: C0 controls except newline and tab (U+0000-U+001F, so ESC, BEL, CR, BS...),
DEL (U+007F), the C1 range (U+0080-U+009F, whose U+009B is the 8-bit CSI and U+009D
the 8-bit OSC), the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
U+2066-U+2069: they reorder what the reader sees, "Trojan Source"; right-to-left
scripts need none of them, the terminal's own bidi does that), and the line and
paragraph separators U+2028/U+2029 (some viewers break lines there, so they could fake
a line).  Everything else, accents and all scripts included, is left as it is.
"""
from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _escape(match: re.Match) -> str:
    return "\\u%04x" % ord(match.group())


def clean(text: str) -> str:
    """`text` with every terminal-control character shown as `\\uXXXX` (see the module)."""
    if text.isprintable() or _UNSAFE.search(text) is None:   # the common case: nothing to do
        return text
    return _UNSAFE.sub(_escape, text)


def clean_line(text: str) -> str:
    """`clean`, and newlines and tabs escaped too: for one-line contexts (a prompt, a toolbar)."""
    return clean(text).replace("\n", "\\u000a").replace("\t", " ")
