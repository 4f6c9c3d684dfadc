"""The monotone columns of a book: stats more of which is never worse for best play.

A stat is *monotone* when, of two states equal in everything else, the one holding at
least as much of it (of each such stat at once) is worth at least as much: V(r) >=
V(s).  dominance.py bounds a cut exploration's frontier by it.  Two parts make it:

* the rule module declares the stats its own rules keep in order (`monotone_stats`,
  with the proof beside its rules: engine/rules/defis_fantastiques/monotone.py), and
  what a paragraph's module fields read otherwise (`monotone_reads`: a test of the
  stat, a fight's bonus conditioned on it, a fight priced under strategies whose
  decisions read it);
* the book keeps them in order from a paragraph on only if every place ahead of it
  (explore/lens.py's graph, the paragraph included: `ahead`) that reads one of them
  does so in a way that more never hurts, and every effect on one keeps the order.

The book's reads, over every paragraph (reachable or not), every effect list
(engine/book/effect_lists.py) and every item used where it lies (format 1.2):

* a choice's condition may read the stat only as `x >= c` or `x > c` (or `c <= x`,
  `c < x`; c a number), combined by `and`/`or`, never under `not`: with more, every
  choice offered to the poorer hero is offered to the richer one (and the richer may
  take the same one: best play is a maximum over the choices offered);
* an `auto:` condition (the book chooses: the richer hero may be sent elsewhere), a
  computed target, the dice of a random roll, a choice's module fields, an
  expression in an amount, anything else: not monotone;
* an effect: `add:` of an amount that names none of them (the same number, or the
  same dice, for both; the rules clamp to 0 and to a maximum, both keep the order:
  min(max(x + c, 0), cap)), `set:` to such an amount (both equal after: `set:
  {endurance: endurance_max}`, the maximum being a starting value or a moved
  maximum, equal in both); any other effect that names the stat (a `ceiling:`, a
  give-up: the poorer hero may have nothing to give and go its `none:` way), a
  `sell:` paying into the module's money, or an amount naming one: not monotone.

The proof, by induction over the steps of a game, coupling the two heroes on the same
dice and the richer one making the poorer one's decisions: each step the rules or the
book take keeps them equal elsewhere and ordered on these stats (the effects above,
the module's proof), or ends the poorer one's game in a death (worth 0, the worst);
each choice the poorer is offered, the richer is offered.  So the richer's best play
wins at least as often.  Every step from a paragraph is taken at a paragraph
ahead of it, so the proof needs only the reads ahead (`ahead`): gold a market
reads otherwise than `or >= 3` no longer matters once it is left behind.
"""
from __future__ import annotations

from engine import expr as X
from engine.book.compiler import book_aliases
from engine.book.effect_lists import effect_lists, module_fields
from engine.expr.ast import COMPARISONS, LOGICAL, Binary, Int, Name, Str, Unary, walk
from engine.analysis.explore.lens import WORD

ALL = "*"   # (what breaks a stat everywhere)
RISING = {">=": "left", ">": "left", "<=": "right", "<": "right"}   # (the side holding the stat)
PLAIN = frozenset(("gain", "lose", "flag", "unflag", "counter-add", "counter-set", "note", "take", "store",
                   "restore"))   # core effects that change no stat (compiled/ceilings.py CORE_OTHERS)


def declared(module) -> dict:
    """{stat: why} the module declares monotone under its own rules (none by default)."""
    return dict(getattr(module, "monotone_stats", None) or {})


def monotone(book, module) -> dict:
    """{stat: {paragraph: why the order breaks there}} of every stat the module
    declares (an empty dict: nothing breaks it); the key ALL for what breaks it
    everywhere (an item used where it lies: any gain may use it)."""
    out = {s: {} for s in declared(module)}
    if not out:
        return out
    names = {a: n for a, n in book_aliases(module).items()}
    names.update({s: s for s in out})
    reads = getattr(module, "monotone_reads", None)

    def broken(stats, n, why: str) -> None:
        for s in stats:
            if s in out:
                out[s].setdefault(n, why)
    for n, p in book.paragraphs.items():
        for c in p.choices:
            if c.condition is not None:
                broken(_unordered(c.condition.root, names, True), n, f"condition {c.condition.text}")
            if c.target_expr is not None:
                broken(_named(c.target_expr, names), n, f"computed target {c.target_expr.text}")
            broken(_words(dict(c.extra), names), n, "a choice's module fields")
        for a in p.auto:
            if a.condition is not None:
                broken(_named(a.condition, names), n, f"auto condition {a.condition.text}")
        if p.random is not None:
            broken(_named(p.random.dice, names), n, "the dice of a random roll")
        if reads is not None:
            broken({names.get(w, w) for w in reads(module_fields(p))}, n, "the module's fields")
        for _path, effects in effect_lists(p):
            broken(_effects(effects, names, module), n, "an effect")
    for item, effects in (book.meta.get("used_here") or {}).items():
        broken(_effects(effects, names, module), ALL, f"item {item} used where it lies")
    return out


def ahead(lens, breaks: dict) -> dict:
    """{stat: the paragraphs where it is monotone}: those where nothing ahead (the
    lens's graph, the paragraph included: explore/lens.py `reach`) breaks it.  Every
    step of a game from there is taken at one of those paragraphs, so the proof
    (module docstring) holds from there on."""
    out = {}
    for stat, where in breaks.items():
        if ALL in where:
            continue
        bad = set(where)
        out[stat] = frozenset(n for n, reach in lens.reach.items() if not (reach & bad))
    return out


def _unordered(node, names: dict, positive: bool) -> set:
    """The monotone stats `node` reads otherwise than in a rising comparison with a
    number under `and`/`or` only (`positive`: not under a `not`)."""
    if isinstance(node, Binary) and node.op in LOGICAL:
        return _unordered(node.left, names, positive) | _unordered(node.right, names, positive)
    if isinstance(node, Binary) and node.op in COMPARISONS and positive:
        side = RISING.get(node.op)
        mine, other = (node.left, node.right) if side == "left" else (node.right, node.left)
        if side and isinstance(mine, Name) and names.get(mine.name, mine.name) in names.values() \
                and isinstance(other, Int):
            return set()
    if isinstance(node, Unary) and node.op == "not":
        return _unordered(node.operand, names, False)
    return _mentions(node, names)


def _mentions(node, names: dict) -> set:
    """The stats of `names`' values a node names anywhere (a quoted name too: a function
    may read the stat by it)."""
    out = set()
    for x in walk(node):
        if isinstance(x, Name) and x.name in names:
            out.add(names[x.name])
        elif isinstance(x, Str) and x.value in names:
            out.add(names[x.value])
    return out


def _named(value, names: dict) -> set:
    """The stats an expression, or a value holding expressions and words, names."""
    if value is None:
        return set()
    if isinstance(value, X.Expr):
        return _mentions(value.root, names)
    return _words(value, names)


def _words(value, names: dict) -> set:
    """The stats a plain value (strings, numbers, lists, dicts, expressions) names."""
    if isinstance(value, X.Expr):
        return _mentions(value.root, names)
    if isinstance(value, str):
        return {names[w] for w in WORD.findall(value) if w in names}
    if hasattr(value, "items"):
        return set().union(*(_words(k, names) | _words(v, names) for k, v in value.items()))
    if isinstance(value, (list, tuple, set, frozenset)):
        return set().union(*(_words(v, names) for v in value))
    return set()


def _effects(effects, names: dict, module) -> set:
    """The stats an effect list changes otherwise than by adding or setting a number,
    or reads (an amount naming one)."""
    out = set()
    money = getattr(module, "money", None)
    for e in effects:
        if e.kind in ("add", "set") and hasattr(e.value, "items"):
            for key, amount in e.value.items():   # (an amount naming none: alike in both)
                out |= _named(amount, names)
        elif e.kind == "sell":
            out |= {money} if money in names.values() else set()
        elif e.kind not in PLAIN:
            out |= _named(e.value, names)
    return out
