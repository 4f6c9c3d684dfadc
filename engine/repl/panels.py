"""What the full-screen layout's panels show, as styled lines (`Output`), with no
terminal: the Adventure Sheet, the two sides of a fight, the choices.

Every value comes from the rule module (its `stats`, `sheet`, `prompt`) and the
game state; nothing is decided here.  A fight is any pending activity with a list
of `enemies` (the three modules keep their opponents so): each opponent's numbers
are those of its keys the module knows as stats (Habileté, Force, Maîtrise...),
and the hero's side shows the module's `fight_values` (the numbers the fight uses),
or else the same stats from its sheet.
"""
from __future__ import annotations

import re

from engine.game.faults import BookFault
from engine.game.prompts import numbered
from engine.rules import french
from engine.repl import render
from engine.repl.messages import text as t
from engine.repl.render import NBSP, Output

CURRENT_KEYS = ("current", "enemy")   # the index of the opponent being fought, when one is


def sheet(game, lang: str, width: int) -> Output:
    """The sheet as a column: a label line, the value under it when both do not fit."""
    from engine.game.counters import sheet_rows
    out = Output().line(t(lang, "fs-sheet"), "class:title")
    for label, value in [*game.module.sheet(game.state, lang), *_bonuses(game, lang), *sheet_rows(game, lang)]:
        row = f"{label} : {value}" if lang == "fr" else f"{label}: {value}"
        if len(row) > width and ", " in value:   # a list (gods, equipment): one a line
            out.line(label, hang="  ")
            for part in _parts(value):
                out.line("  " + bound(part, width - 4), hang="    ")
        else:
            out.line(bound(row, width - 2), hang="  ")
    shown = " ".join(value for _, value in game.module.sheet(game.state, lang))
    items = [_item(game, i, n) for i, n in game.state.items.items()]
    if items and not all(game.book.item_name(i) in shown for i in game.state.items):
        out.line(t(lang, "fs-items"), "class:title")
        for name in items:
            out.line(f"  {bound(name, width - 4)}", hang="    ")
    _notes(out, game, lang, width)
    return out.wrapped(width)


def _bonuses(game, lang: str) -> list[tuple[str, str]]:
    """The module's bonus rows (a weapon's +1...), so that a bonus reads as one."""
    hook = getattr(game.module, "sheet_bonuses", None)   # optional: a plugin may lack it
    return [(label.get(lang), value.get(lang)) for label, value in (hook(game) if hook else ())]


def bound(text: str, room: int) -> str:
    """`text` with each bracket kept whole on one line, with the word before it when
    both fit in `room` columns: "Potion (2 doses)" never ends a line with "(2"
    (non-breaking spaces, which fill gives back).  A bracket longer than a line is
    left to break at its spaces (better than inside a word)."""
    def keep(match: re.Match) -> str:
        word, bracket = match.group(1), match.group(2)
        if len(word) + len(bracket) <= room:
            return (word + bracket).replace(" ", NBSP)
        return word + (bracket.replace(" ", NBSP) if len(bracket) <= room else bracket)
    return _BRACKETS.sub(keep, text)


_BRACKETS = re.compile(r"(\S+ |)(\([^()]*\))")


def _parts(value: str) -> list[str]:
    """A list value cut at its commas, but not at those inside brackets ("(F 3, P 1)")."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(value):
        depth += (ch in "([") - (ch in ")]")
        if depth == 0 and value.startswith(", ", i):
            parts.append(value[start:i])
            start = i + 2
    return parts + [value[start:]]


def sheet_line(game, lang: str, width: int) -> Output:
    """The sheet in a few lines for a narrow terminal: `Label value · Label value`."""
    # each label kept with its value's first word (non-breaking spaces, given back by fill)
    rows = [f"{label} {_first(value)}".replace(" ", NBSP) + bound(_rest(value), width)
            for label, value in [*game.module.sheet(game.state, lang), *_bonuses(game, lang)] if value]
    out = Output().line(f"{NBSP}· ".join(rows), "class:sheet", hang="")
    _notes(out, game, lang, width)
    return out.wrapped(width)


def _first(value: str) -> str:
    return value.split(" ", 1)[0]


def _rest(value: str) -> str:
    return value[len(_first(value)):]


def _item(game, item: str, count: int) -> str:
    return game.book.item_name(item) + (f" ×{count}" if count > 1 else "")


def _notes(out: Output, game, lang: str, width: int) -> None:
    if game.state.notes:
        out.line(t(lang, "fs-notes"), "class:title")
        for n, note in enumerate(game.state.notes, 1):
            out.line(f"  {n}. {bound(note, width - 5)}", hang="     ")


def fighters(game, lang: str) -> tuple[list[tuple[str, str]], list[tuple[str, list[tuple[str, str]], str]]] | None:
    """(the hero's fighting stats, [(opponent, its stats, mark)]) during a fight, else None.
    The mark is "▶" for the opponent being fought (when the module says which), "✝"
    for one out of the fight."""
    pending = game.state.pending
    enemies = pending.get("enemies") if isinstance(pending, dict) else None
    if not enemies or not isinstance(enemies, list) or game.state.ended:
        return None
    module, foes, names = game.module, [], set()
    current = next((pending[k] for k in CURRENT_KEYS if isinstance(pending.get(k), int)), None)
    for i, enemy in enumerate(enemies):
        if not isinstance(enemy, dict):
            continue
        stats = [(module.stat(k), v) for k, v in enemy.items()
                 if isinstance(v, int) and not isinstance(v, bool) and module.stat(k) is not None]
        names.update(spec.name for spec, _ in stats)
        # out of the fight: the module says so (a `state`), or one of its numbers is down to 0
        out = enemy["state"] != "fighting" if "state" in enemy else any(v <= 0 for _, v in stats)
        mark = "✝" if out else ("▶" if i == current and len(enemies) > 1 else "")
        hook = getattr(module, "foe_values", None)   # (optional: a plugin may lack it)
        told = hook(game, pending, i) if hook is not None else None
        shown = [(label.get(lang), value if isinstance(value, str) else value.get(lang)) for label, value in told] \
            if told is not None else [(s.label.get(lang), str(v)) for s, v in stats]
        # a group fought as one is named in French by its French words ("Les trois rats
        # géants"), not by its English-joined name ("Rat géant and ...")
        name = french.label(enemy) if lang == "fr" and enemy.get("plural") and enemy.get("fr") else enemy.get("name", "?")
        foes.append((str(name), shown, mark))
    return _hero_values(game, pending, names, lang), foes


def _hero_values(game, pending: dict, names: set, lang: str) -> list[tuple[str, str]]:
    """The hero's values in the fight as the module computes them (fight_values:
    Habileté 7 bare-handed), else the sheet's lines for the opponents' stats."""
    hook = getattr(game.module, "fight_values", None)   # optional: a plugin may lack it
    values = hook(game, pending) if hook is not None else None
    if values is not None:
        return [(label.get(lang), value if isinstance(value, str) else value.get(lang)) for label, value in values]
    labels = {game.module.stat(n).label.get(lang) for n in names}
    return [(label, value) for label, value in game.module.sheet(game.state, lang) if label in labels]


def fight(game, lang: str, width: int) -> tuple[Output, Output] | None:
    """The two sides of the fight, each fitted to `width`: (you, your opponents)."""
    sides = fighters(game, lang)
    if sides is None:
        return None
    hero, foes = sides
    you = Output().line(t(lang, "fs-you"), "class:title")
    for label, value in hero:   # ("12 (11 + 1 de bonus)": its bracket on one line)
        you.line(bound(f"  {label} {value}", width - 2), "class:good")
    them = Output()
    for name, stats, mark in foes:
        them.line(f"{mark} {name}".strip(), "class:disabled" if mark == "✝" else "class:title")
        for label, value in stats:
            them.line(f"  {label} {value}", "class:disabled" if mark == "✝" else "class:bad")
    return you.wrapped(width), them.wrapped(width)


def choices(game, lang: str, width: int, selected: int | None = None) -> Output:
    """The prompt of the moment: its title, its information and the numbered options,
    `selected` highlighted, each enabled option's lines of class `choice-N`."""
    out = Output()
    try:
        question = game.prompt()
    except BookFault:   # the session has said where and stopped the game
        return out
    render.prompt(out, question, lang, selected, tagged=True)
    while out.rows and not out.rows[0][1]:   # the blank line that sets it apart in line mode
        out.rows.pop(0)
    return out.wrapped(width)


def selectable(game) -> list[int]:
    """The numbers of the options of the moment that can be taken, in their order (the
    arrow keys go over them)."""
    try:
        question = game.prompt()
    except BookFault:
        return []
    return [i for i, option in numbered(question) if option.enabled]
