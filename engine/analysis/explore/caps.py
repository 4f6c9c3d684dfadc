"""Resources capped beyond any later use: gold above what every price ahead can ask.

A passive stat (read by books only: gold) that every paragraph still ahead reads only
in comparisons with a number (`or >= 6`) and changes only by numbers (`add: {or: -6}`,
`set:`) has the same future at every value of at least

    cap = the largest number it is compared with ahead + all it can lose ahead

(two heroes above the cap pass every test of it alike, and still do after every loss
ahead), so the explorer keeps any larger value as the cap (lens.py).  Ahead meaning
the paragraphs reachable in the lens's graph; a loss in a paragraph that can be
entered again (a market with a way back to itself) can repeat without end, and so can
a loss of an action that stays in its paragraph (format 1.2 `stay: true`: offered
again at once, with no way of the graph taken) or of an item used where it lies
(format 1.2 `used_here`): then no cap.  A loss on a once-only choice (`once: true`)
is made at most once in a game, even in a paragraph entered again: it counts once
(its mark is kept wherever its paragraph is ahead, lens.py `mark_dead`, so the choice
is never offered again there; elsewhere it cannot be taken at all).  Any other reading
(arithmetic, a computed target, a module field naming the stat) may ask anything:
then no cap either.
"""
from __future__ import annotations

from engine import expr as X
from engine.book.effect_lists import carrier, effect_lists, module_fields
from engine.expr.ast import COMPARISONS, Binary, Int, Name, Str, walk

UNKNOWN = None   # a use of the stat that no cap can answer for


def caps(lens) -> dict:
    """paragraph -> {stat: its cap there} (stats with no cap left out)."""
    out: dict = {n: {} for n in lens.edges}
    for stat in lens.passive:
        names = {a for a, n in lens.names.items() if n == stat} | {stat}
        used = any(_lost(effects, names, lens) != 0 for effects in lens.used_here.values())   # (used anywhere)
        uses = {n: UNKNOWN if used else _uses(lens, p, names)
                for n, p in lens.book.paragraphs.items() if n in lens.edges}
        for n, use in uses.items():
            if use is not UNKNOWN and use[2] and n in _successors_reach(lens, n):
                uses[n] = UNKNOWN   # a loss that can repeat: no bound on what it takes
        for n in lens.edges:
            ahead = [uses.get(q) for q in lens.reach[n] if q in uses]
            if ahead and all(u is not UNKNOWN for u in ahead):
                out[n][stat] = max(u[0] for u in ahead) + sum(u[1] for u in ahead)
    return out


def _successors_reach(lens, n) -> set:
    found: set = set()
    for t in lens.edges[n]:
        if t in lens.reach:
            found |= lens.reach[t]
    return found


def _uses(lens, p, names: set):
    """(largest number the stat is compared with, all it can lose, what of that a new
    entry into p can take again) at paragraph p, or UNKNOWN (a reading no cap answers
    for, or a loss an action staying in p can repeat)."""
    top = 0
    exprs = [c.condition for c in p.choices] + [c.target_expr for c in p.choices]
    exprs += [a.condition for a in p.auto] + [p.random.dice if p.random else None]
    for e in exprs:
        if e is None:
            continue
        found = _compared(e, names)
        if found is UNKNOWN:
            return UNKNOWN
        top = max(top, found)
    strings: set = set()
    lens._scan([module_fields(p)] + [dict(c.extra) for c in p.choices], strings)
    if strings & names:
        return UNKNOWN
    choices = {c.path: c for c in p.choices}
    lost = again = 0
    for path, effects in effect_lists(p):
        taking = _lost(effects, names, lens)
        if taking is UNKNOWN:
            return UNKNOWN
        choice = choices.get(carrier(path))
        if taking and choice is not None and choice.stay and not choice.once:
            return UNKNOWN   # an action offered again at once: no bound on what it takes
        lost += taking
        again += 0 if choice is not None and choice.once else taking
    return top, lost, again


def _lost(effects, names: set, lens):
    """All the stat an effect list can take (its `add:` of negative numbers), or
    UNKNOWN when it reads the stat or changes it otherwise."""
    lost = 0
    for eff in effects:
        if eff.kind in ("add", "set") and hasattr(eff.value, "items"):
            for key, amount in eff.value.items():
                if _mentions(amount, names, lens):
                    return UNKNOWN
                if key in names and eff.kind == "add":
                    if not isinstance(amount, int):
                        return UNKNOWN
                    lost += max(0, -amount)
        elif _mentions(eff.value, names, lens):
            return UNKNOWN
    return lost


def _compared(e, names: set):
    """The largest number the stat must reach in `e` (a comparison `stat OP number`
    answers the same for every value from that number + 1 on), or UNKNOWN when `e`
    reads it otherwise; 0 when it does not read it."""
    top, plain = 0, set()
    for node in walk(e.root):
        if isinstance(node, Binary) and node.op in COMPARISONS:
            for mine, other in ((node.left, node.right), (node.right, node.left)):
                if isinstance(mine, Name) and mine.name in names and isinstance(other, Int):
                    top = max(top, other.value + 1)
                    plain.add(id(mine))
    for node in walk(e.root):
        if isinstance(node, (Name, Str)) and _named(node) in names and id(node) not in plain:
            return UNKNOWN   # (a quoted name too: a function may read the stat by it)
    return top


def _named(node) -> str:
    return node.name if isinstance(node, Name) else node.value


def _mentions(value, names: set, lens) -> bool:
    if isinstance(value, X.Expr):
        return any(isinstance(n, (Name, Str)) and _named(n) in names for n in walk(value.root))
    found: set = set()
    lens._scan(value, found)
    return bool(found & names)
