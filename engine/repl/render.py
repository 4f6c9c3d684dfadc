"""Turning game data into styled text: paragraphs, prompts, events, the sheet.

Output is a list of styled lines; `fragments` gives them in prompt_toolkit's
formatted-text shape (the terminal shell prints it with colours, the plain loop and
the tests join the texts).  Style names are classes (`class:header`, ...) defined in
shell.STYLE.  Lines are kept whole until `wrapped(width)` fits them to the terminal,
each with its hanging indent, never separating French punctuation from its word.
"""
from __future__ import annotations

import re
import textwrap

from engine.diagnostics import Message as M
from engine.game.prompts import numbered
from engine.game.item_notes import item_note
from engine.support.safe_text import clean
from engine.repl.messages import text as t

# French typography: a space before ? ! : ; » % and after « is non-breaking, and so
# is the one of "n° 2" (a number never leaves its "%": "33,9 %").  Protected while
# wrapping, given back as plain spaces.
_NBSP = NBSP = "\u00a0"
_BEFORE = re.compile(r"[ \t]+(?=[?!:;»%])")
_AFTER = re.compile(r"(?<=«|°)[ \t]+")
_LONG_WORD = "[^\t\n\x0b\x0c\r ]{%d,}"   # a word for textwrap: no whitespace of its own


class Output:
    """Styled lines; `str(out)` is the plain text, without any escape code."""

    def __init__(self):
        self.rows: list[tuple[str, str, str | None]] = []   # (style, text, hanging indent)

    def line(self, text: str = "", style: str = "", hang: str | None = None) -> "Output":
        """Add a line; `hang` indents its continuation lines (default: its own indent).
        The text is cleaned of control sequences now, so that it is wrapped as shown."""
        self.rows.append((style, clean(text), hang))
        return self

    def extend(self, other: "Output") -> "Output":
        self.rows.extend(other.rows)
        return self

    def wrapped(self, width: int) -> "Output":
        """The same lines, each longer than `width` split on word boundaries."""
        out = Output()
        for style, text, hang in self.rows:
            for row in fill(text, width, hang):
                out.rows.append((style, row, None))
        return out

    @property
    def fragments(self) -> list[tuple[str, str]]:
        """The lines for prompt_toolkit (the REPL writes to the real terminal, not
        through the command line's SafeStream): already cleaned of control sequences,
        since `line` cleans every text it is given."""
        frags: list[tuple[str, str]] = []
        for style, text, _ in self.rows:
            if text:
                frags.append((style, text))
            frags.append(("", "\n"))
        return frags

    def __str__(self) -> str:
        return "".join(text + "\n" for _, text, _ in self.rows)


def fill(text: str, width: int, hang: str | None = None) -> list[str]:
    """One line cut to `width` columns: the continuation lines start with `hang`
    (default: the line's own leading spaces); French punctuation stays with its word."""
    width = max(width, 20)
    if len(text) <= width:
        return [text]
    lead = text[:len(text) - len(text.lstrip(" "))]
    hang = lead if hang is None else hang
    body = _AFTER.sub(_NBSP, _BEFORE.sub(_NBSP, text[len(lead):]))
    body = _cut_long_words(body, max(1, width - max(len(lead), len(hang))))
    rows = textwrap.wrap(body, width, initial_indent=lead, subsequent_indent=hang,
                         break_on_hyphens=False) or [text]
    return [row.replace(_NBSP, " ") for row in rows]


def _cut_long_words(body: str, size: int) -> str:
    """Words longer than a line cut into line-long pieces beforehand: textwrap cuts a
    long word by slicing what is left of it again and again, quadratic in its length
    (a 4 MB word took 20 s)."""
    def cut(match: re.Match) -> str:
        word = match.group()
        return " ".join(word[i:i + size] for i in range(0, len(word), size))
    return re.sub(_LONG_WORD % (size + 1), cut, body)


def wrap(text: str, width: int) -> list[str]:
    """Reflow the author's lines to the width, keeping blank-line paragraphs."""
    out: list[str] = []
    for block in text.strip().split("\n\n"):
        if out:
            out.append("")
        out.extend(fill(" ".join(block.split()), width) if block.strip() else [""])
    return out


def paragraph(out: Output, game, number: int, width: int, lang: str | None = None,
              mark: bool = False) -> None:
    """The number, the text, then the module's notes on it (where Zeus may be called).
    `mark` shows an italic number as *7* too, for terminals without italics and plain
    text (the player opted in: --mark-italics)."""
    p = game.book.paragraphs[number]
    italic = game.module.header_style(p) == "italic"
    style = "class:header.italic" if italic else "class:header"
    out.line()
    out.line(f"— *{number}* —" if italic and mark else f"— {number} —", style)
    for row in wrap(p.text, width):
        out.line(row, "class:text")
    for note in game.module.paragraph_notes(game, number):
        out.line(note.get(lang or game.lang), "class:info")


def prompt(out: Output, prompt, lang: str, selected: int | None = None, tagged: bool = False) -> None:
    """The prompt's title, information and numbered options.  The full-screen layout
    passes the option highlighted by the arrow keys (`selected`, its number) and asks
    for each enabled option's lines to carry the class `choice-N` (`tagged`), which
    its mouse handler reads."""
    if prompt.title is not None:   # a blank line sets a fight or a test apart from the events
        out.line()
        out.line(prompt.title.get(lang), "class:title")
    for info in prompt.info:
        out.line(info.get(lang), "class:info")
    for i, option in numbered(prompt):
        label = option.label.get(lang)
        if option.amount and not getattr(option, "candidates", None):   # (a typed number: no range shown)
            label += f" [{option.amount[0]}-{option.amount[1]}]"
        if option.key == prompt.default and option.enabled:
            label += " " + t(lang, "enter-default")
        head = f"  {i}. "
        if option.enabled:
            style = "class:option" + (" class:selected" if i == selected else "") \
                + (f" class:choice-{i}" if tagged else "")
            out.line(head + label, style, hang=" " * len(head))
        else:
            why = option.reason.get(lang) if option.reason else "—"
            said = t(lang, "disabled-after" if label.endswith(")") else "disabled", reason=why)
            out.line(head + label + " " + said, "class:disabled",
                     hang=" " * len(head))


def event(out: Output, ev: dict, game, lang: str, width: int, mark: bool = False) -> None:
    """Show one event; events with nothing for the player (flags...) stay silent."""
    kind = ev["type"]
    if kind == "paragraph":
        paragraph(out, game, ev["number"], width, lang, mark)
    elif kind == "choice":
        out.line(f"» {ev['text']}", "class:echo", hang="  ")
    elif kind == "dice":
        # `purpose` is a keyword for logs; the module names whose roll it is (roll_labels)
        # and explains it with `say`
        who = game.module.roll_labels.get(ev.get("purpose", ""))
        if isinstance(ev.get("who"), dict):   # a module naming the roller (one of several opponents)
            who = M(str(ev["who"].get("fr", "")), str(ev["who"].get("en", "")))
        faces = " + ".join(map(str, ev["faces"]))
        if who is not None:
            total = "" if len(ev["faces"]) == 1 else f" = {ev['total']}"
            out.line(t(lang, "dice-of", who=who.get(lang), faces=faces, total=total), "class:dice")
        elif len(ev["faces"]) == 1:
            out.line(t(lang, "die", face=ev["faces"][0]), "class:dice")
        else:
            out.line(t(lang, "dice", faces=faces, total=ev["total"]), "class:dice")
    elif kind == "stat":
        spec = game.module.stat(ev["stat"])
        label = spec.label.get(lang) if spec else ev["stat"]
        better = (ev["new"] < ev["old"]) if spec is not None and spec.lower_is_better else ev["new"] > ev["old"]
        style = "class:good" if better else "class:bad"
        out.line(t(lang, "stat", label=label, old=ev["old"], new=ev["new"]), style)
    elif kind == "restart":
        out.line(t(lang, "restarted", lives=ev["lives"]) if ev["lives"] > 1 else t(lang, "restarted-new"),
                 "class:title")
    elif "say" in ev:
        style = "class:warning" if kind == "dice-exhausted" else "class:event"
        out.line(ev["say"]["fr" if lang == "fr" else "en"], style)


def sheet(out: Output, game, lang: str) -> None:
    out.line(t(lang, "sheet"), "class:title")
    from engine.game.counters import sheet_rows
    rows = [*game.module.sheet(game.state, lang), *sheet_rows(game, lang)]
    wide = max((len(label) for label, _ in rows), default=0)
    for label, value in rows:
        out.line(f"  {label.ljust(wide)}  {value}", hang=" " * (wide + 4))
    shown = " ".join(value for _, value in rows)
    if not all(game.book.item_name(item) in shown for item in game.state.items):
        inventory(out, game, lang)   # the module's sheet does not list what is carried
    if game.state.notes:   # the player's own (command `note`)
        out.line(t(lang, "notes-title"), "class:title")
        for n, note in enumerate(game.state.notes, 1):
            out.line(f"  {n}. {note}", hang="     ")


def inventory(out: Output, game, lang: str) -> None:
    items = game.state.items
    if not items:
        out.line(t(lang, "no-items"))
        return
    out.line(t(lang, "inventory"), "class:title")
    for item, count in items.items():
        name = game.book.item_name(item)
        note = item_note(game, item)
        told = f" — {note.get(lang)}" if note else ""
        out.line(f"  {name}" + (f" ×{count}" if count > 1 else "") + told, hang="    ")
