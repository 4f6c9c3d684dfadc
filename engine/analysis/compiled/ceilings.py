"""Starting values that no later step can reach: forgotten, so that sheets meet.

A module whose rules read a stat's starting value only as that stat's maximum (Défis
Fantastiques: "il vous est impossible de dépasser la limite de vos totaux de départ")
says so with `ceiling_gains` (engine/rules/base.py), and says what its own rules can
add to the stat beyond the book's effects: a unit of a resource spent for at most so
many points (a Provision eaten: at most 4 Endurance; refused at the maximum, it raises
the stat then: its gain is counted).  The maximum is read only when
the stat would pass it; so a hero whose stat, plus everything it can still gain, is
at most its starting value will never pass that maximum: the starting value is read by
nothing ahead, and the explorer forgets it (forget.py: the column set to MISSING, no
maximum; the same future).  Two sheets that differ only in a starting value then meet
as soon as both are out of its reach: one exploration serves every sheet (sheets.py).

What a stat can still gain, at paragraph n (`gains`): the largest sum, over the ways
ahead in the lens's graph (n included), of the book's gains of it, each paragraph's
gains summed over all its effect lists (a test's success and failure both: more than
any one way can take, never less).  A gain on a loop (a paragraph that can be entered
again: a market), an amount that is not a plain number, a `set:`, an effect of the
module that names the stat (Défis Fantastiques' `ceiling:` reads the maximum it
moves), an item's `use_here` effect that adds to it, or an expression ahead that reads
one of the module's own names (`endurance_max`, a function of the module) makes it
unbounded there (`UNBOUNDED`): nothing is forgotten.  A resource's own gains ahead
are worked out the same way and added to what the hero holds (forget.py, per row).

Under an activity (a fight), the module says what its rules read and may still add
(`activity_reads`): a fight of Défis Fantastiques adds nothing to the Endurance (a
wound removes, a lucky one less) but a lucky answer still to give on a wound, and
reads no Provisions (no meal in a fight).  What follows an activity at paragraph n
(`quiet_after`): where every way out of n ends the game at once, with nothing done
there, only the words of those endings can read a stat; then a stat the activity does
not read is read by nothing (forget.py forgets it: a Provisions count in the last
fight, which no meal can follow).
"""
from __future__ import annotations

from engine import expr as X
from engine.book.effect_lists import all_effects
from engine.expr.ast import Name, walk
from engine.analysis.explore.routes import UNBOUNDED   # (more than any stat: a sum with it is never below a starting value)
from engine.analysis.explore.solve import components


def declared(module) -> dict | None:
    """{stat: {resource: most gained a unit}} of every stat whose starting value is its
    maximum (`StatDef.ceiling`), when the module declares `ceiling_gains`; else None."""
    gains = getattr(module, "ceiling_gains", None)
    if gains is None:
        return None
    return {s.name: dict(gains.get(s.name) or {}) for s in module.stats if getattr(s, "ceiling", False)}


def gains(lens, stats, hero: bool = False) -> dict:
    """{stat: {paragraph: the most it can still gain from there}} for each of `stats`,
    over the lens's graph (explore/lens.py: its edges and what each paragraph reads).
    `hero`: for a hero's most (ahead.py), not for forgetting a starting value: a read
    of the module's own names ahead (`endurance_max`) is no gain (forgetting counts it
    unbounded: the start is read there), a `set:` to a number n is a gain of n less the
    stat's minimum, an item used where it lies (format 1.2) adds its effects where it
    is gained, and a paragraph on a loop that only `once:` choices enter
    (`entries`) adds its gains as many times as they can be taken.  (Forgetting keeps
    the coarser count: there a bound that grows as a `once:` choice is taken would
    forget a starting value in one state and keep it in the same state met later.)"""
    names = {a: n for a, n in lens.names.items()}
    module = lens.module
    own_names = (set(module.expr_variables()) | set(module.expr_functions())) - {s.name for s in module.stats}
    own_names |= {a for a, n in names.items() if n in own_names}
    lowest = {s.name: s.minimum for s in module.stats} if hero else {}
    used = dict(lens.used_here or {})
    nodes = list(lens.edges)
    number = {n: i for i, n in enumerate(nodes)}
    succ = [[number[t] for t in lens.edges[n] if t in number] for n in nodes]
    comps = components(len(nodes), succ.__getitem__)
    bounded = entries(lens) if hero else {}
    out = {}
    for stat in stats:
        money = stat == getattr(module, "money", None)   # (what `sell:` pays into)
        low = lowest.get(stat)
        everywhere = not hero and _gained([e for effs in used.values() for e in effs], stat, names, money)
        own = [UNBOUNDED if everywhere or (not hero and lens.reads.get(n, set()) & own_names) else
               _gained(list(all_effects(lens.book.paragraphs[n])), stat, names, money, low, used if hero else None)
               for n in nodes]
        best = [0] * len(nodes)
        for comp in comps:   # (successors first)
            looped = len(comp) > 1 or comp[0] in succ[comp[0]]
            here = sum(own[i] if not looped else own[i] * bounded[nodes[i]] if nodes[i] in bounded
                       else UNBOUNDED if own[i] else 0 for i in comp)
            inside = set(comp)
            after = max((best[j] for i in comp for j in succ[i] if j not in inside), default=0)
            total = min(UNBOUNDED, here + after)
            for i in comp:
                best[i] = total
        out[stat] = {n: best[i] for n, i in number.items()}
    return out


def entries(lens) -> dict:
    """{paragraph: the most times a game can enter it} of the paragraphs, other than
    the start, that every way into is a `once:` choice with its number written (each
    offered until taken once: at most once a game); any other (a paragraph on a loop
    of the graph) may be entered again and again."""
    from collections import Counter
    from engine.lint.checks import graph
    book = lens.book
    once, other = Counter(), {book.start} | set(lens.rescued)
    for n, outs in graph(book, lens.module).items():
        if n not in lens.edges:
            continue
        choices = {c.path + ("to",): c for c in book.paragraphs[n].choices}
        for way, t in outs:
            c = choices.get(way.path) if way.kind == "choice" else None
            if c is not None and c.once and isinstance(c.target, int):
                once[c.target] += 1
            else:
                other.update(lens.edges[n] if t is None else (t,))
        other.update(lens.learned.get(n, ()))   # (moves the static graph did not know)
    return {t: k for t, k in once.items() if t not in other}


def quiet_after(lens) -> dict:
    """{paragraph n: the names the book reads after an activity at n, or None where a
    hero may still be anywhere but over}: what follows an activity at n is each way
    out of n and all after it, and n itself where a hero may stay once the activity is
    over (`_stays`: a fight won without a way out of its own leads to n's choices).  A paragraph there where the hero is not over (not
    an ending; or an ending with effects, an activity or dice of its own, which the
    module may read: a wound at the victory is a death) may read any stat, as the
    module's commands and activities do: None.  So does any paragraph, where the module
    acts on entering one."""
    from engine.rules.base import RuleModule
    book = lens.book
    if getattr(type(lens.module), "entered", None) is not RuleModule.entered:
        return {n: None for n in lens.edges}
    over = {n: _over(p) for n, p in book.paragraphs.items()}
    out = {}
    for n in lens.edges:
        p = book.paragraphs[n]
        after = set().union(*(lens.reach.get(t, {t}) for t in lens.edges[n]))
        if _stays(p, lens.module):
            after.add(n)
        if all(over.get(q, False) for q in after):
            out[n] = frozenset(w for q in after for w in lens.reads.get(q, ()) if isinstance(w, str))
        else:
            out[n] = None
    return out


def _stays(p, module) -> bool:
    """Whether a hero may still be at paragraph p when its activity is over: p offers
    choices or jumps, rolls dice, or holds a second activity."""
    return bool(p.choices or p.auto or p.random) or \
        sum(1 for f in getattr(module, "activity_fields", ()) if f in p.fields) > 1


def _over(p) -> bool:
    """A paragraph that ends the game and does nothing else (no effect, activity, dice,
    choice or jump)."""
    return p.is_ending and not any(True for _e in all_effects(p)) and not p.fields and not p.random \
        and not p.choices and not p.auto


def _gained(effects, stat: str, names: dict, money: bool = False, low: int | None = None,
            used: dict | None = None) -> int:
    """The most `effects` (all applied) add to `stat`; UNBOUNDED when one of them may
    set it to what is not a plain number (or to any number where the stat has no
    minimum `low`), add what is not a plain number, sell for it (`money`), take from a
    choice or name in an effect of the module an item used where it lies (`used`:
    {item: its effects}, format 1.2) that adds to it, or is the module's and names it.
    A `set:` to a number n adds at most n - low (the stat is never below its minimum:
    `RuleModule.clamp`); a `gain:` of such an item, its effects once a copy."""
    used = used or {}
    total = 0
    for e in effects:
        if e.kind in ("add", "set") and hasattr(e.value, "items"):
            for key, amount in e.value.items():
                if names.get(key, key) != stat:
                    continue
                if type(amount) is not int or (e.kind == "set" and low is None):
                    return UNBOUNDED
                total += max(0, amount - low if e.kind == "set" else amount)
        elif e.kind == "gain" and any(item in used for item in e.value):
            for item in e.value:
                copies = e.value[item] if isinstance(e.value, dict) else 1
                if item in used:   # (its effects: an item of its own left out, as one used again)
                    each = _gained(used[item], stat, names, money, low, {i: f for i, f in used.items() if i != item})
                    total += UNBOUNDED if type(copies) is not int or item in _items(used[item]) \
                        else max(0, copies) * each
        elif e.kind == "sell":
            if money:
                return UNBOUNDED
        elif e.kind in CORE_OTHERS and (e.kind != "take" or not used):   # (a take may take such an item)
            continue
        elif _names(e.value, stat, names) or any(_names(e.value, item, {}) for item in used
                                                  if _gained(used[item], stat, names, money, low)):
            return UNBOUNDED
    return min(total, UNBOUNDED)


def _items(effects) -> set:
    """The items `effects` gain."""
    return {item for e in effects if e.kind == "gain" for item in e.value}


# the core's effects that change no stat (engine/game/core.py `apply`): gain, lose,
# flags, counters and notes, give-ups (a stat given up is lost), take/store/restore
# (items); `sell` pays the module's money (`_gained`)
CORE_OTHERS = frozenset(("gain", "lose", "flag", "unflag", "counter-add", "counter-set", "note",
                         "give_up", "take", "store", "restore"))


def _names(value, stat: str, names: dict) -> bool:
    """Whether a module effect's value names `stat` anywhere (a key, a string, an
    expression)."""
    if isinstance(value, X.Expr):
        return any(isinstance(n, Name) and names.get(n.name, n.name) == stat for n in walk(value.root))
    if isinstance(value, str):
        return names.get(value, value) == stat
    if hasattr(value, "items"):
        return any(_names(k, stat, names) or _names(v, stat, names) for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_names(v, stat, names) for v in value)
    return False
