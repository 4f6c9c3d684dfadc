"""Turning game data into styled text: paragraphs, prompts, events, the sheet.

Output is a list of (style, text) fragments, prompt_toolkit's formatted-text shape:
the terminal shell prints it with colours, the plain loop and the tests join the
texts.  Style names are classes (`class:header`, ...) defined in shell.STYLE.
"""
from __future__ import annotations

import textwrap

from .messages import text as t


class Output:
    """Styled lines; `str(out)` is the plain text, without any escape code."""

    def __init__(self):
        self.fragments: list[tuple[str, str]] = []

    def line(self, text: str = "", style: str = "") -> "Output":
        if text:
            self.fragments.append((style, text))
        self.fragments.append(("", "\n"))
        return self

    def extend(self, other: "Output") -> "Output":
        self.fragments.extend(other.fragments)
        return self

    def __str__(self) -> str:
        return "".join(text for _, text in self.fragments)


def wrap(text: str, width: int) -> list[str]:
    """Reflow the author's lines to the width, keeping blank-line paragraphs."""
    out: list[str] = []
    for block in text.strip().split("\n\n"):
        words = " ".join(block.split())
        if out:
            out.append("")
        out.extend(textwrap.wrap(words, max(width, 20)) or [""])
    return out


def paragraph(out: Output, game, number: int, width: int) -> None:
    p = game.book.paragraphs[number]
    style = "class:header.italic" if game.module.header_style(p) == "italic" else "class:header"
    out.line()
    out.line(f"— {number} —", style)
    for row in wrap(p.text, width):
        out.line(row, "class:text")


def prompt(out: Output, prompt, lang: str) -> None:
    if prompt.title is not None:
        out.line(prompt.title.get(lang), "class:title")
    for info in prompt.info:
        out.line(info.get(lang), "class:info")
    for i, option in enumerate(prompt.options, 1):
        label = option.label.get(lang)
        if option.amount:
            label += f" [{option.amount[0]}-{option.amount[1]}]"
        if option.enabled:
            out.line(f"  {i}. {label}", "class:option")
        else:
            why = option.reason.get(lang) if option.reason else "—"
            out.line(f"  {i}. {label} " + t(lang, "disabled", reason=why), "class:disabled")


def event(out: Output, ev: dict, game, lang: str, width: int) -> None:
    """Show one event; events with nothing for the player (flags...) stay silent."""
    kind = ev["type"]
    if kind == "paragraph":
        paragraph(out, game, ev["number"], width)
    elif kind == "choice":
        out.line(f"» {ev['text']}", "class:echo")
    elif kind == "dice":
        # `purpose` is a keyword for logs, not a sentence: modules explain rolls with `say`
        faces = " + ".join(map(str, ev["faces"]))
        out.line(t(lang, "dice", faces=faces, total=ev["total"]), "class:dice")
    elif kind == "stat":
        spec = game.module.stat(ev["stat"])
        label = spec.label.get(lang) if spec else ev["stat"]
        style = "class:good" if ev["new"] > ev["old"] else "class:bad"
        out.line(t(lang, "stat", label=label, old=ev["old"], new=ev["new"]), style)
    elif kind == "restart":
        out.line(t(lang, "restarted", lives=ev["lives"]), "class:title")
    elif "say" in ev:
        style = "class:warning" if kind == "dice-exhausted" else "class:event"
        out.line(ev["say"]["fr" if lang == "fr" else "en"], style)


def sheet(out: Output, game, lang: str) -> None:
    out.line(t(lang, "sheet"), "class:title")
    rows = game.module.sheet(game.state, lang)
    wide = max((len(label) for label, _ in rows), default=0)
    for label, value in rows:
        out.line(f"  {label.ljust(wide)}  {value}")
    inventory(out, game, lang)


def inventory(out: Output, game, lang: str) -> None:
    items = game.state.items
    if not items:
        out.line(t(lang, "no-items"))
        return
    out.line(t(lang, "inventory"), "class:title")
    for item, count in items.items():
        name = game.book.item_name(item)
        out.line(f"  {name}" + (f" ×{count}" if count > 1 else ""))


def history(out: Output, game, lang: str, last: int = 30) -> None:
    steps = game.state.history[-last:]
    if not steps:
        out.line(t(lang, "history-empty"))
        return
    out.line(t(lang, "history"), "class:title")
    for step in steps:
        if "paragraph" in step:
            out.line(f"  {step['paragraph']}")
        elif "choice" in step:
            out.line(f"     » {step['choice']}", "class:echo")
