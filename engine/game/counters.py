"""Counters, codewords and notes in play: their start values, their changes (each an
event), and the rows they add to the Adventure Sheet.  What they are and how a book
declares them: engine/book/counters.py."""
from __future__ import annotations

from engine.book.counters import COUNTERS, NOTES, clamp


def start(game) -> None:
    """A new game: every declared counter at its start (within its bounds)."""
    counters = game.book.meta.get(COUNTERS)
    if counters:
        game.state.extra[COUNTERS] = {n: clamp(s, int(s.get("start", 0))) for n, s in counters.items()}


def apply(game, kind: str, value) -> None:
    st = game.state
    if kind == "note":
        st.extra.setdefault(NOTES, {})[value] = st.paragraph
        label = _label(game, NOTES, value)
        game.emit("note", note=value, paragraph=st.paragraph,
                  fr=f"Noté : {label} = {st.paragraph}.", en=f"Noted: {label} = {st.paragraph}.")
        return
    values = st.extra.setdefault(COUNTERS, {})
    for name, amount in value.items():
        n = game.number(amount)
        old = values.get(name, 0)
        new = clamp(game.book.meta[COUNTERS][name], old + n if kind == "counter-add" else n)
        if new != old:
            values[name] = new
            label = _label(game, COUNTERS, name)
            game.emit("counter", counter=name, old=old, new=new,
                      fr=f"{label} : {old} → {new}", en=f"{label}: {old} → {new}")


def _label(game, key: str, name: str) -> str:
    return str(game.book.meta.get(key, {}).get(name, {}).get("name", name))


def sheet_rows(game, lang: str) -> list:
    """(label, value) rows for the sheet: counters, codewords set, notes written."""
    st, meta = game.state, game.book.meta
    rows = [(_label(game, COUNTERS, n), str(v)) for n, v in st.extra.get(COUNTERS, {}).items()]
    words = [_label(game, "codewords", w) for w in meta.get("codewords", {}) if w in st.flags]
    if words:
        rows.append(("Mots-codes" if lang == "fr" else "Codewords", ", ".join(words)))
    rows += [(_label(game, NOTES, n), str(v)) for n, v in st.extra.get(NOTES, {}).items()]
    return rows
