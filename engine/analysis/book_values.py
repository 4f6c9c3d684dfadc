"""The book's values in play: `chances` says which move is best for finishing the book.

When `gamebook explore BOOK --exhaustive` has kept the book's values (explore/values.py),
`BookValues(book, module)` reads them once for a session, on first use.  At the current
state (projected by the same lens as the exploration) it gives the best-play chance of
reaching a victory of the book, and for every move the explorer finds there (the
paragraph's choices, the module's commands, a fight's strategies and the answers the
module keeps) that chance after the move: the successors' values weighted by the
explorer's own expansion of this one state (`Explorer.moves_of`), so the figures are
the exploration's model.  A successor the values lack (the next round of a fight the
explorer plays as one move) is expanded once more (`DEPTH`), so that a decision inside
a fight (test Luck on a wound or not) is weighed too; a move still unknown is said so,
and no move is then called best.  A state the values do not hold at all (another
sheet's path) costs one key and one lookup a table, and one expansion.
"""
from __future__ import annotations

from typing import NamedTuple

from engine.analysis.explore import values as stored
from engine.analysis.explore.nodes import MACRO
from engine.analysis.explore.moves import COMMAND
from engine.analysis.explore.space import ERROR
from engine.analysis.render import share
from engine.diagnostics import Message

ALIKE = 1e-9   # values this close are one (floats summed in another order)
DEPTH = 1      # moves looked ahead past a state the values lack (a fight's next round)

MESSAGES = {
    "header": Message("Chances d'atteindre une victoire du livre en jouant au mieux ensuite "
                      "(valeurs de « gamebook explore --exhaustive ») :",
                      "Best-play chance of reaching a victory of the book afterwards "
                      "(values of 'gamebook explore --exhaustive'):"),
    "here": Message("  d'ici : {here}", "  from here: {here}"),
    "move": Message("  {words} : {share}", "  {words}: {share}"),
    "best": Message("Meilleur pour finir le livre : {words}, {best} contre {other}",
                    "Best for finishing the book: {words}, {best} against {other}"),
    "best-alone": Message("Meilleur pour finir le livre : {words}, {best}",
                          "Best for finishing the book: {words}, {best}"),
    "unknown": Message("  {words} : hors des valeurs gardées", "  {words}: not in the kept values"),
    "tied": Message("{words} (ou {n} autre{s} coup{s} aussi bon{s})", "{words} (or {n} other move{s} as good)"),
    "alike": Message("Pour finir le livre, tous ces coups se valent : {best}",
                     "For finishing the book, these moves are alike: {best}"),
    "hint": Message("Pour savoir quel coup est le meilleur pour finir le livre : "
                    "{command} explore {book} --exhaustive --sheet {sheet} --max-states 10000000 --timeout 3600",
                    "To know which move is best for finishing the book: "
                    "{command} explore {book} --exhaustive --sheet {sheet} --max-states 10000000 --timeout 3600"),
    "elsewhere": Message("Les valeurs gardées du livre ne couvrent pas cette situation "
                         "(un autre personnage, ou le milieu d'un combat).",
                         "The book's kept values do not cover this situation "
                         "(another character, or the middle of a fight)."),
}


HOVER = {
    "chance": Message("Chances de finir le livre en jouant au mieux{sheets} : jusqu'à {best} "
                      "({states} états explorés ici)",
                      "Best-play chance of finishing the book{sheets}: up to {best} "
                      "({states} states explored here)"),
    "sheet": Message(" (personnage de la graine {seeds})", " (character of seed {seeds})"),
    "route": Message("Sur la meilleure route : {value}", "On the best route: {value}"),
    "doomed": Message("**Condamné** : plus aucun chemin vers la victoire d'ici en jouant au mieux",
                      "**Doomed**: no way to victory from here under best play"),
}


def say(key: str, lang: str, **values) -> str:
    return {**MESSAGES, **HOVER}[key].get(lang).format(**values)


class Weighed(NamedTuple):
    """A move and the best-play chance of finishing the book after it (None: unknown)."""

    text: str
    value: float | None


class BookValues:
    """The book's kept values for one session: read once, on first use."""

    def __init__(self, book, module):
        self.book, self.module = book, module
        self._tables: list | None = None
        self.warnings: list[Message] = []
        self._explorers: dict = {}
        self.said: set = set()   # what is said once a session (the hint, the warnings)

    def tables(self) -> list:
        if self._tables is None:
            self._tables, self.warnings = stored.load(self.book, self.module)
        return self._tables

    def _explorer(self, table):
        """The explorer whose lens and moves the table's exploration had (one per lens)."""
        from engine.analysis.explore.explorer import Explorer
        key = repr(sorted(table.learned.items()))
        found = self._explorers.get(key)
        if found is None:
            found = Explorer(self.book, self.module, max_states=1 << 40, timeout=float("inf"), focused=False,
                             memo=False)
            if found.lens is not None:
                found.lens.learn(table.learned)
            self._explorers[key] = found
        return found

    def value(self, state):
        """(the best-play chance from `state`, its table), or None when no table holds it."""
        for table in self.tables():
            x = self._explorer(table)
            v = table.get(stored.state_key(x.lens, x.packer, state))
            if v is not None:
                return v, table
        return None

    def moves(self, game) -> tuple[float | None, list[Weighed]] | None:
        """(the chance from here, [each move's]) when the values hold this state, or
        some of its moves' successors (a decision inside a fight the explorer jumps
        over: then the chance from here is the best move's, None if one is unknown)."""
        found = self.value(game.state)
        tables = [found[1]] if found is not None else self.tables()
        for table in tables:
            out = [Weighed(text, self._expected(table, branches, DEPTH))
                   for text, branches in self._explorer(table).moves_of(game.state)]
            if found is not None:
                return found[0], out
            known = [m.value for m in out if m.value is not None]
            if known:
                return (max(known) if len(known) == len(out) else None), out
        return None

    def lines(self, game, lang: str, book_ref: str = "BOOK", command: str = "gamebook") -> tuple[list[str], bool]:
        """(the lines `chances` adds, whether they hold figures): each move's chance of
        finishing the book and the best; or, once a session, how to get the values, or
        why they are not used."""
        tables = self.tables()
        out = [w.get(lang) for w in self.warnings_once()]
        if not tables:
            return out + self._once("hint", lang, command=command, book=book_ref, sheet=_seed(game)), False
        found = self.moves(game)
        if found is None:
            return out + self._once("elsewhere", lang), False
        return out + self._figures(game, lang, *found), True

    def _figures(self, game, lang: str, here: float | None, moves: list) -> list[str]:
        known = [m for m in moves if m.value is not None]
        lines = [say("header", lang)] + ([say("here", lang, here=_pct(here, lang))] if here is not None else [])
        words = {m.text: move_words(game, m.text, lang) for m in moves}
        lines += [say("move", lang, words=words[m.text], share=_pct(m.value, lang)) if m.value is not None
                  else say("unknown", lang, words=words[m.text]) for m in moves]
        if not known or len(known) < len(moves) and (here is None or max(m.value for m in known) < here - ALIKE):
            return lines   # (the best may be a move the values do not hold)
        best = max(known, key=lambda m: m.value)   # (the first of the best)
        others = [m for m in known if m.value < best.value - ALIKE]
        tied = len(known) - len(others) - 1
        if tied and others:
            words[best.text] = say("tied", lang, words=words[best.text], n=tied, s="s" if tied > 1 else "")
        if len(known) == 1:
            lines.append(say("best-alone", lang, words=words[best.text], best=_pct(best.value, lang)))
        elif not others:
            lines.append(say("alike", lang, best=_pct(best.value, lang)))
        else:
            other = max(m.value for m in others)
            lines.append(say("best", lang, words=words[best.text], best=_pct(best.value, lang),
                             other=_pct(other, lang)))
        return lines

    def warnings_once(self) -> list[Message]:
        self.tables()
        new = [w for w in self.warnings if w.en not in self.said]
        self.said.update(w.en for w in new)
        return new

    def _once(self, key: str, lang: str, **values) -> list[str]:
        if key in self.said:
            return []
        self.said.add(key)
        return [say(key, lang, **values)]


    def _expected(self, table, branches, depth: int) -> float | None:
        """A move's value: its successors' weighted by their probabilities; a successor
        the table lacks (a fight's next round, which the explorer jumps over) is
        expanded once more, up to `depth` moves ahead."""
        total = 0.0
        for p, leaf, final in branches:
            if final is not None:
                v = 1.0 if final == "victory" else 0.0
            elif leaf == ERROR:
                v = 0.0
            elif type(leaf) is int:   # FRONTIER
                return None
            else:
                v = table.get(stored.flat_key(leaf))
                if v is None and depth:
                    v = self._best(table, leaf, depth - 1)
                if v is None:
                    return None
            total += float(p) * v
        return total

    def _best(self, table, flat: tuple, depth: int) -> float | None:
        """The best move's value from a state the table lacks (None: a move unknown)."""
        from engine.analysis.explore.compact import rebuild
        state = rebuild(self.book, self.module, flat)
        found = [self._expected(table, branches, depth) for _text, branches in self._explorer(table).moves_of(state)]
        return max(found) if found and None not in found else None


def _pct(value: float, lang: str) -> str:
    return share(value, lang).strip()


def _seed(game) -> str:
    seed = getattr(game.dice, "seed", None)
    return str(seed) if isinstance(seed, int) else "N"


def move_words(game, text: str, lang: str) -> str:
    """A move of the explorer (`1`, `key=3`, `!manger`, `~no-luck`) in the player's words."""
    if text.startswith(MACRO):
        label = text[len(MACRO):]
        words = game.module.strategy_words(label)
        return words.get(lang) if words is not None else label
    if text.startswith(COMMAND):
        name = text[len(COMMAND):]
        for command in game.module.commands():
            if name in command.names:
                names = list(command.names[:2])
                return names[0] if lang == "fr" or len(names) < 2 else names[1]
        return name
    key, _, amount = text.partition("=")
    option = next((o for o in game.prompt().options if o.key == key), None)
    words = option.label.get(lang).split(" (")[0] if option is not None else key
    return f"{words} ({amount})" if amount else words


def paragraph_lines(tables: list, number: int, lang: str) -> list[str]:
    """What the editor's hover says of paragraph `number` from the kept values: its
    best value over the explored states there, the best route's when it passes there,
    and whether it is doomed; [] when no table explored it."""
    rows = [(t, t.paragraphs[number]) for t in tables if number in t.paragraphs]
    if not rows:
        return []
    best, states = max(r[0] for _t, r in rows), sum(r[1] for _t, r in rows)
    seeds = ", ".join(str(t.sheet) for t, _r in rows if t.sheet is not None)
    out = [say("chance", lang, best=_pct(best, lang), states=states,
               sheets=say("sheet", lang, seeds=seeds) if seeds else "")]
    route = next((t.route[number] for t, _r in rows if number in t.route), None)
    if route is not None:
        out.append(say("route", lang, value=_pct(route, lang)))
    if all(r[2] for _t, r in rows):
        out.append(say("doomed", lang))
    return out
