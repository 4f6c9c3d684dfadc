"""What the plan (plan.py) reads from a book: the names some condition reads (items and
flags in `has`/`flag`, a fight's `hurt_only_by`, the paragraphs a `visited(n)` reads,
the paragraph a note names where a way reads it), whether a way is open under a set
of them, what a way's effects gain and lose (an escape's `cost` among them; a `take:`
that chooses gives one node a choice: `options`), and where each name is still read.

A set of names is a mask (an int, a bit a name).  A condition is read in three values
(`holds`): True, False, or None where it reads anything else (a stat, a counter): then
the way counts as open.  The money is read too where the plan gives it (`gold`, capped
at `cap`, twice the dearest price a condition compares it with): a comparison of the
money with a number is then True or False (at the cap, a price up to the cap is met);
a paragraph whose ways ahead compare the money has MONEY among its live names.  A
stat restored to its start (`restores`) is a name too (`restored`), live where the
restoration may have come (`region`).
Nothing here needs to be exact: the plan only guides the picks (plan.py).
"""
from __future__ import annotations

from functools import reduce
from itertools import combinations, product
from operator import or_

import numpy as np

from engine.book.compiler import book_aliases
from engine.book.counters import note_read, note_writers
from engine.book.model import Effect
from engine.book.outcome_shapes import object_sites, sites
from engine.expr.ast import Binary, Call, Dice, Int, Name, Str, Unary

TEST_WAYS = ("success", "failure")   # (the ways of a test, success first)
GAINS = ("gain", "weapon", "armour", "flag", "take")
LOSSES = ("lose", "unflag")
MONEY = "$money"   # (a pseudo-name: some way ahead compares the money; never held)
COMPARE = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<=": lambda a, b: a <= b,
           "<": lambda a, b: a < b, "==": lambda a, b: a == b, "!=": lambda a, b: a != b}
FLIP = {">=": "<=", ">": "<", "<=": ">=", "<": ">", "==": "==", "!=": "!="}


class Reads:
    """The names `book`'s conditions read (`names`, each its `bit`) and, per
    paragraph, those still read ahead of it (`live`, over the static `ways`)."""

    def __init__(self, book, module):
        from engine.lint.checks import exits, graph
        self.book, self.module = book, module
        self.aliases = book_aliases(module)
        self.ways = graph(book, module)
        self.outcomes = outcome_places(module)   # (a module outcome's target -> where its effects are)
        self.notes = {k: sorted(v) for k, v in note_writers(book).items()}   # (a note -> its writers)
        self._exits = exits
        money = getattr(module, "money", None)
        self.money = {money} | {k for k, v in self.aliases.items() if v == money} if money else set()
        self.prices: set = set()   # (the numbers a condition compares the money with)
        self.gear = sorted(k for k, i in book.items.items() if helps(i.props))   # (read by every fight)
        read = {n: self._read(p) for n, p in book.paragraphs.items()}
        restores = self._restores()
        self.names = sorted(set().union(*read.values()) | {restored(s) for s in restores})
        self.bit = {name: 1 << i for i, name in enumerate(self.names)}
        self.live = self._live({n: self.mask(r) for n, r in read.items()})
        money = self.bit.get(MONEY, 0)
        self.restores = {stat: kept for stat, at in restores.items()   # (stat -> where it is restored:
                         if (kept := {n for n in at if not self.live.get(n, 0) & money})}   # past the prices)
        self.region = {stat: self._ahead(at) for stat, at in self.restores.items()}
        for stat, region in self.region.items():   # (a restoration kept where it may have come)
            for n in region:
                self.live[n] = self.live.get(n, 0) | self.bit[restored(stat)]
        self.cap = 2 * max(self.prices) if self.prices and MONEY in self.bit else 0
        self.single = self._single()

    def _single(self) -> dict:
        """{name: the mask of the other names of its kind} for the weapons and armours
        among the names, where the rules keep one of each (a module with a `weapon`
        effect: Défis Fantastiques' `normalise`, "the old one is lost for ever"): a
        weapon gained drops the one held.  Why: the plan kept both, so the-clock-of-
        vennick's hammer (§ 44, taken free) broke the sentinel (§ 228) while the boar
        spear it replaces still served at § 221."""
        if "weapon" not in getattr(self.module, "effect_kinds", ()):
            return {}
        out: dict = {}
        for kind in ("weapon", "armour"):
            same = [n for n in self.names if (i := self.book.items.get(n)) is not None
                    and i.props.get(kind) is not None]
            for n in same:
                out[n] = self.mask(same) & ~self.bit[n]
        return out

    def mask(self, names) -> int:
        m = 0
        for name in names:
            m |= self.bit.get(name, 0)
        return m

    # --- the restorations ----------------------------------------------------------
    def restoring(self, effect) -> list:
        """The stats `effect` sets to their starting value (`set: {stamina: stamina_max}`)."""
        if effect.kind != "set" or not isinstance(effect.value, dict):
            return []
        out = []
        for k, v in effect.value.items():
            stat, root = self.aliases.get(k, k), getattr(v, "root", None)
            if isinstance(root, Name) and self.aliases.get(root.name, root.name) == f"{stat}_max":
                out.append(stat)
        return out

    def _restores(self) -> dict:
        """stat -> the paragraphs whose own effects or ways' effects restore it (the
        module's stats only).  The plan keeps those where no price is ahead (`restores`,
        `region`): a restoration among the prices (the-clock-of-vennick's temple, § 32,
        Luck, in the city) would double the nodes where the money already multiplies
        them (4.94 M nodes to some 10 M: out of memory at 6 GB); past the prices the
        nodes are few (the Orrery's § 186, Luck, and § 128, Stamina)."""
        from engine.book.effect_lists import all_effects
        stats = {d.name for d in self.module.stats}
        out: dict = {}
        for n, p in self.book.paragraphs.items():
            for e in all_effects(p):
                for stat in self.restoring(e):
                    if stat in stats:
                        out.setdefault(stat, set()).add(n)
        return out

    def _ahead(self, start) -> set:
        """The paragraphs the static ways lead to from `start` (itself included)."""
        seen, todo = set(start), list(start)
        while todo:
            for _way, t in self.ways.get(todo.pop(), ()):
                if t is not None and t not in seen:
                    seen.add(t)
                    todo.append(t)
        return seen

    # --- what a paragraph reads ------------------------------------------------------
    def _read(self, p) -> set:
        found = set(hurt_only_by(p.fields))
        if "combat" in p.fields:   # (a fight's chance: the weapon and armour held, plan_chances.py `passing`)
            found |= set(self.gear)
        for e in [c.condition for c in p.choices] + [a.condition for a in p.auto] + list(p.puzzle_if.values()):
            if e is not None:
                found |= self._atoms(e.root)
        for way in self._exits(self.book, self.module, p.number):   # (a way to the paragraph a note names)
            note = note_read(way.target)
            found |= {noted(note, w) for w in self.notes.get(note, ())}
        return found

    def _call(self, node) -> str | None:
        return self.aliases.get(node.name, node.name) if isinstance(node, Call) else None

    def _atoms(self, node) -> set:
        name = self._call(node)
        if name in ("has", "flag"):
            return {a.value for a in node.args if isinstance(a, Str)}
        if name == "visited":
            return {visited(a.value) for a in node.args if isinstance(a, Int)}
        if isinstance(node, Unary):
            return self._atoms(node.operand)
        priced = self._priced(node)
        if priced is not None:
            self.prices.add(priced[1])
            return {MONEY}
        if isinstance(node, Binary):
            return self._atoms(node.left) | self._atoms(node.right)
        return set()

    def _priced(self, node):
        """(op, number) where `node` compares the money with a number (the money on the
        left), else None."""
        if not isinstance(node, Binary) or node.op not in COMPARE:
            return None
        a, b, op = node.left, node.right, node.op
        if isinstance(a, Int) and isinstance(b, Name):
            a, b, op = b, a, FLIP[op]
        if isinstance(a, Name) and a.name in self.money and isinstance(b, Int):
            return op, b.value
        return None

    def holds(self, node, held: int, gold: int | None = None):
        """The condition's truth under the names `held` (and the money `gold`, capped
        at `cap`, where known): True, False, or None where it reads something else
        (open)."""
        name = self._call(node)
        if name in ("has", "flag", "visited"):
            args = [a.value if name != "visited" else visited(a.value) for a in node.args
                    if isinstance(a, Int if name == "visited" else Str)]
            return all(held & self.bit.get(a, 0) for a in args) if args else None
        priced = self._priced(node) if gold is not None and self.cap else None
        if priced is not None:
            op, k = priced
            return None if gold >= self.cap and k > self.cap else COMPARE[op](gold, k)
        if isinstance(node, Unary) and node.op == "not":
            v = self.holds(node.operand, held, gold)
            return None if v is None else not v
        if isinstance(node, Binary) and node.op in ("and", "or"):
            a, b = self.holds(node.left, held, gold), self.holds(node.right, held, gold)
            if node.op == "and":
                return False if False in (a, b) else (True if a and b else None)
            return True if True in (a, b) else (False if a is False and b is False else None)
        return None

    def _live(self, reads: dict) -> dict:
        """paragraph -> the mask of the names some paragraph ahead of it (itself
        included) reads: a name no longer read is left out of its nodes."""
        back: dict = {}
        for n, outs in self.ways.items():
            for _way, t in outs:
                for u in (self.book.paragraphs if t is None else (t,)):
                    back.setdefault(u, set()).add(n)
        live = {n: 0 for n in self.book.paragraphs}
        for n, mask in reads.items():
            todo, seen = [n], {n}
            while todo and mask:
                u = todo.pop()
                live[u] = live.get(u, 0) | mask
                for v in back.get(u, ()):
                    if v not in seen:
                        seen.add(v)
                        todo.append(v)
        return live

    # --- what a way does -------------------------------------------------------------
    def changed(self, effects, held: int, here: int) -> int:
        """The names after `effects` (of paragraph `here`)."""
        for e in effects:
            if e.kind == "note":   # (the note now names this paragraph, no other)
                held = held & ~self.mask(noted(e.value, w) for w in self.notes.get(e.value, ())) \
                    | self.bit.get(noted(e.value, here), 0)
            elif e.kind in GAINS:
                if chosen(e):   # (some of the names, which the player chooses: `options`)
                    continue
                for name in named(e):   # (a weapon or armour replaces the one held: `single`)
                    held &= ~self.single.get(name, 0)
                held |= self.mask(named(e))
            elif e.kind in LOSSES and not isinstance(e.value, dict):   # (a count lost: some may be left)
                held &= ~self.mask(named(e))
            elif e.kind == "set":   # (a stat restored to its starting value)
                held |= self.mask(restored(stat) for stat in self.restoring(e))
        return held

    def paid(self, effects) -> int:
        """What `effects` add to the money (a number added; anything else: 0)."""
        out = 0
        for e in effects:
            if e.kind == "add" and isinstance(e.value, dict):
                for k, v in e.value.items():
                    if k in self.money and isinstance(v, int):
                        out += v
        return out

    def entered(self, t: int, held: int, chose: int = 0) -> int:
        """The names on entering paragraph t (its visit, its effects, the names `chose`
        of a `take:` that chooses: `options`), those still read."""
        p = self.book.paragraphs.get(t)
        held |= self.bit.get(visited(t), 0)
        if p is not None:
            held = self.changed(p.effects, held, t)
        for name in self.names if chose else ():
            if chose & self.bit[name]:
                held = held & ~self.single.get(name, 0) | self.bit[name]
        return held & self.live.get(t, 0)

    def options(self, t: int) -> list:
        """The masks a player may take on entering paragraph t, one a choice of its
        `take: {choose: k, from: [...]}` (k of the names; [0] where it has none).  Why:
        read as every name, the-clock-of-vennick's barrow (§ 203, "you can carry away
        only one of the two") gave the mail and the lantern both."""
        p = self.book.paragraphs.get(t)
        sets = [[self.mask(c) for c in combinations(named(e), e.value["choose"])]
                for e in (p.effects if p is not None else ()) if chosen(e)]
        return sorted({reduce(or_, c, 0) for c in product(*sets)}) if sets else [0]

    def way(self, p, way, t: int, held: int):
        """(open, the way's condition or None, its effects) of a way of paragraph `p`
        to `t` under `held` (open: the condition may hold, the money unknown): a way to
        a note's paragraph open only where the note names it, a fight that only some
        items hurt won only with one of them."""
        note = note_read(way.target)
        if note is not None and note in self.notes and not held & self.bit.get(noted(note, t), 0):
            return False, None, ()
        path = way.path   # (("paragraphs", its paragraph, "choices", i, ...))
        kind = path[2] if len(path) > 2 else None
        cond, effects = None, ()
        if kind == "choices":
            c = p.choices[path[3]]
            cond, effects = c.condition, c.effects
        elif kind == "auto":
            a = p.auto[path[3]]
            cond, effects = a.condition, a.effects
        elif kind == "random":
            effects = p.random.outcomes[path[4]].effects
        elif kind == "puzzle" and len(path) > 4 and isinstance(path[4], int):
            cond = p.puzzle_if.get(path[4])
        elif path[2:] in self.outcomes:   # (a module outcome: a test's, a fight's end, an escape)
            effects = tuple(p.outcome_effects.get(self.outcomes[path[2:]]) or ())
        if way.kind == "escape":
            effects = escape_cost(p) + effects
        if way.kind == "win":
            needed = self.mask(hurt_only_by(p.fields))
            if needed and not held & needed:
                return False, None, ()
        root = None if cond is None else cond.root
        return root is None or self.holds(root, held) is not False, root, effects


def outcome_places(module) -> dict:
    """{the path of a module outcome's target in a paragraph's fields: where its
    effects are} (`("test", "success")`: `("test", "success_effects")`; `("combat",
    "escape", "to")`: `("combat", "escape", "effects")`), as the book compiles them
    (outcome_shapes.py).  Why: the plan read only the effects of choices, jumps and
    random outcomes, so la-couronne-de-sel's password won by a test (§ 23, MOUETTE)
    or its pearl (§ 47) never reached the ways that ask for them."""
    places = dict(sites(module))
    places.update((where + ("to",), where + ("effects",)) for where in object_sites(module))
    return places


def escape_cost(p) -> tuple:
    """The effects of the escape from paragraph `p`'s fight: its `cost` as a stat added
    to (the money among them: `paid`).  Why: the plan read an escape as free (`way`
    gave it no effects: the-clock-of-vennick's cutpurse, § 22, "let him run with 2
    Gold Pieces"), so a way past a fight left by paying kept the money a price
    further on needs (tests/compiled/closure/closure-purse.yaml)."""
    spec = p.fields.get("combat")
    cost = (spec.get("escape") or {}).get("cost") if isinstance(spec, dict) else None
    if not isinstance(cost, dict):
        return ()
    paid = {k: -v for k, v in cost.items() if isinstance(v, int) and not isinstance(v, bool)}
    return (Effect("add", paid, p.path + ("combat", "escape", "cost")),) if paid else ()


def chosen(effect) -> bool:
    """Whether `effect` is a `take:` of fewer names than it lists (the player chooses)."""
    v = effect.value
    return effect.kind == "take" and isinstance(v, dict) and isinstance(v.get("choose"), int) \
        and 0 <= v["choose"] < len(named(effect))


def helps(props) -> bool:
    """Whether an item's `weapon` adds to the Attack Strength or it is an `armour` (what a
    fight's chance reads of the items held beyond a plain weapon)."""
    w, a = props.get("weapon"), props.get("armour")
    return isinstance(a, dict) or isinstance(w, dict) and isinstance(w.get("attack"), int) and w["attack"] > 0


def visited(paragraph: int) -> str:
    """The name of "paragraph was visited" among the plan's names."""
    return f"visited:{paragraph}"


def restored(stat: str) -> str:
    """The name of "`stat` was restored to its starting value" among the plan's names
    (kept in the paragraphs a restoration of it leads to: plan.py `worn`)."""
    return f"restored:{stat}"


def noted(note: str, paragraph: int) -> str:
    """The name of "the note `note` names `paragraph`" among the plan's names."""
    return f"note:{note}={paragraph}"


def named(effect) -> list:
    """The names an effect gains or loses (an item, a list, a count per name, a
    `take:`'s choice)."""
    v = effect.value
    if effect.kind == "take" and isinstance(v, dict):
        v = v.get("from", ())
    if isinstance(v, str):
        return [v]
    if isinstance(v, dict):
        return list(v)
    return [x for x in v if isinstance(x, str)] if isinstance(v, (list, tuple)) else []


def hurt_only_by(fields) -> list:
    """The items a paragraph's fight names in `hurt_only_by` (any depth of its fields)."""
    found: list = []
    todo = [fields]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            for k, x in v.items():
                if k == "hurt_only_by" and isinstance(x, (list, tuple)):
                    found += [i for i in x if isinstance(i, str)]
                else:
                    todo.append(x)
        elif isinstance(v, (list, tuple)):
            todo.extend(v)
    return found


def dice(p):
    """(low, high) -> the chance of a roll of `p`'s `random:` dice in that range (NdS
    summed), or None where its dice are not plain."""
    root = getattr(p.random.dice, "root", None) if p.random is not None else None
    if not isinstance(root, Dice):
        return None
    dist = np.ones(1)
    for _ in range(root.count):
        dist = np.convolve(dist, np.ones(root.sides))
    dist /= dist.sum()

    def chance(low: int, high: int) -> float:
        a, b = max(low - root.count, 0), min(high - root.count, len(dist) - 1)
        return float(dist[a:b + 1].sum()) if b >= a else 0.0
    return chance
