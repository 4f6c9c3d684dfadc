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
scripts need none of them, the terminal's own bidi does that), the line and paragraph
separators U+2028/U+2029 (some viewers break lines there, so they could fake a line),
and the characters that take no room: zero-width spaces and joiners, the bidi marks
(U+200B-U+200F, U+061C, U+180E, U+2060-U+2064, U+FEFF) and the tag characters
(U+E0000-U+E007F).  Unseen, they make two choices or two names look identical (`épée`
and `ép\u200bée`) and a did-you-mean propose what looks like the same word; shown as
`\u200b`, the difference is in view.  (A script that writes with ZWNJ shows it as an
escape on the terminal; export files and the book keep it.)  Everything else, accents
and all scripts included, is left as it is.

`clean_file` is the part of this that a file written with `-o` needs: the control
characters, which no Markdown, HTML, DOT or Mermaid text needs and which `cat` would
send to the terminal; the invisible characters stay, the format shows them.
"""
from __future__ import annotations

import re

_CONTROLS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
_UNSAFE = re.compile(f"[{_CONTROLS}\u202a-\u202e\u2066-\u2069\u2028\u2029"
                     "\u200b-\u200f\u061c\u180e\u2060-\u2064\ufeff\U000e0000-\U000e007f]")
_FILE_UNSAFE = re.compile(f"[{_CONTROLS}]")


def _escape(match: re.Match) -> str:
    code = ord(match.group())
    if code > 0xFFFF:   # (a tag character) as JSON writes it: its UTF-16 surrogate pair
        code -= 0x10000
        return "\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF))
    return "\\u%04x" % code


def clean(text: str) -> str:
    """`text` with every terminal-control character shown as `\\uXXXX` (see the module)."""
    if text.isprintable() or _UNSAFE.search(text) is None:   # the common case: nothing to do
        return text
    return _UNSAFE.sub(_escape, text)


def clean_line(text: str) -> str:
    """`clean`, and newlines and tabs escaped too: for one-line contexts (a prompt, a toolbar)."""
    return clean(text).replace("\n", "\\u000a").replace("\t", " ")


def clean_file(text: str) -> str:
    """`text` with the control characters (not newline, tab) shown as `\\uXXXX`: for a
    file written with `-o`, which `cat` would send to a terminal."""
    return _FILE_UNSAFE.sub(_escape, text) if _FILE_UNSAFE.search(text) else text
