"""Testing from anywhere: `gamebook play BOOK --start N --set habilete=10 --give cle`.

A `Preset` is checked against the book and its rule module before any game starts
(an unknown stat, item or paragraph is a usage error naming it, in French and
English), then applied by `Game` between the rolled sheet and the first paragraph,
and again on every restart: an author testing paragraph 212 restarts at 212.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from engine.support.limits import MAX_INT


class PresetError(ValueError):
    """A bad --start/--set/--give: the message in both languages."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.fr, self.en = fr, en

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en


@dataclass(frozen=True)
class Preset:
    start: int | None = None
    stats: dict = field(default_factory=dict)    # canonical stat -> value
    items: tuple = ()                             # item ids, one entry per copy

    def apply(self, game) -> None:
        """Set the sheet (value and starting value, so a ceiling follows) and give the
        items; the caller then enters `start`."""
        st = game.state
        for stat, value in self.stats.items():
            if stat in st.initial:
                st.initial[stat] = value
            game.change(stat, value=value, reason="preset")
        for item in self.items:
            game.gain(item)


def _hint(name: str, known) -> tuple[str, str]:
    close = difflib.get_close_matches(name, [str(k) for k in known], n=1)
    return ((f" ; vouliez-vous dire « {close[0]} » ?", f"; did you mean '{close[0]}'?")
            if close else ("", ""))


def _start(book, value: str) -> int:
    by_name = {p.path[1]: n for n, p in book.paragraphs.items() if len(p.path) > 1}
    number = int(value) if value.strip().isdigit() else by_name.get(value)
    if number is None or number not in book.paragraphs:
        fr, en = _hint(value, [str(n) for n in book.paragraphs] + [k for k in by_name if isinstance(k, str)])
        raise PresetError(f"--start : le paragraphe « {value} » n'existe pas dans ce livre{fr}",
                          f"--start: paragraph '{value}' does not exist in this book{en}")
    return number


def _stat(module, assignment: str) -> tuple[str, int]:
    name, eq, raw = assignment.partition("=")
    name = name.strip()
    if not eq:
        raise PresetError(f"--set : « {assignment} » n'est pas de la forme stat=valeur (p. ex. chance=10)",
                          f"--set: '{assignment}' is not stat=value (e.g. chance=10)")
    spec = module.stat(name)
    if spec is None:
        fr, en = _hint(name, [n for s in module.stats for n in (s.name, *s.aliases)])   # English names too
        raise PresetError(f"--set : caractéristique inconnue « {name} »{fr}",
                          f"--set: unknown stat '{name}'{en}")
    if spec.derived:
        raise PresetError(f"--set : « {name} » est calculée par les règles et ne se fixe pas",
                          f"--set: '{name}' is computed by the rules and cannot be set")
    try:
        value = int(raw.strip())
    except ValueError:
        value = None
    if value is None or not -MAX_INT <= value <= MAX_INT:
        raise PresetError(f"--set : valeur invalide « {raw} » pour {name} (un entier)",
                          f"--set: invalid value '{raw}' for {name} (an integer)")
    return spec.name, value


def _item(book, item: str) -> str:
    item = item.strip()
    if item in book.items:
        return item
    by_name = {i.name.casefold(): i.id for i in book.items.values()}
    if item.casefold() in by_name:
        return by_name[item.casefold()]
    fr, en = _hint(item, book.items)
    raise PresetError(f"--give : objet inconnu « {item} »{fr}", f"--give: unknown item '{item}'{en}")


def build(book, module, start: str | None = None, sets=(), gives=()) -> Preset | None:
    """The checked preset, None when nothing is asked; PresetError naming the culprit."""
    if start is None and not sets and not gives:
        return None
    stats = dict(_stat(module, s) for s in sets)
    items = tuple(_item(book, g) for group in gives for g in group.split(",") if g.strip())
    return Preset(_start(book, start) if start is not None else None, stats, items)
