"""A fight with rounds priced with what follows each of its ends (`Chances.coupled`),
for the explorer's ceiling (engine/analysis/explore/routes.py).

`Chances.outcomes` orders such a fight's ends by the most chance of each: its victory
at the fight model's most win chance, reached by testing Luck to win, then its
timeout.  The routes weigh those tiers separately, so a timeout is priced as if the
hero came out of it with all his Luck: the-clock-of-vennick's pendulum knight (§ 37,
4 rounds, else § 38's test of Luck that kills) was worth 65.7 % x 99.6 % + 34.3 % x
11/12 x 99.6 %, the victory at the chance a hero has who spends his Luck, the timeout
at the test of a hero who kept it.  Here the fight is played once with both: the
module's own chain (odds_special.SpecialFight, the same rounds, wounds, Luck offers
and specials that play, the odds and the explorer read), whose ends keep the hero's
Endurance and Luck left, each end valued by `worth(outcome, stats left)` (the
routes' ceiling of where it leads for a hero with at most those stats), the Luck
decisions taken to maximise the sum (not the win chance), every weapon and armour
of the book (or none) tried.

Why it is sound, for every hero at most `hero` (each stat at most its own, any weapon
and armour of the book) entering the paragraph: his value is that of his fight's ends,
each at most `worth` of it for the stats he has left (`worth`'s own promise), under the
decisions he takes, at most the best decisions' (a max over every option of every
node of the chain: more than the explorer's four strategies can give).  Then:

* the ends' values are raised, never lowered: r(timeout, s) = the most of `worth`
  of the timeout over every sheet s' <= s (Endurance, Luck), r(win, s) the most of
  that and of the same for the victory, a loss 0; so r grows with the sheet and a
  loss <= a timeout <= a victory at the same sheet or more;
* the chain is played from the hero's best: his Skill at its most plus the weapon's
  `attack` as play adds it (combat.hero_skill: the smith's hammer's -1 counted, where
  the fights' `passing` counts none; a weapon of the same wound and a better attack
  kept alone) and the fight's `modifiers` where they add, his Endurance at its most
  (each end read at the hero's own Endurance where it holds more: r so read still
  grows with the sheet), his Luck his own (each Luck up to the most a root: `Expanded`),
  the armour at its full hits (no armour is an armour of 0 hits left: it is priced only
  where the book has none).  Any weaker hero, on the same dice,
  is outdone by the stronger one playing his Luck decisions: with one opponent, a
  better Attack Strength wins every round the weaker wins and is wounded only in
  rounds he is wounded (rounds and parries counted alike: the same round number);
  a Luck test the weaker takes the stronger takes too where it is offered, and
  succeeds whenever the weaker does (2d6 <= a Luck at least his); where it is not
  offered, his plain wound already kills (a wound dealt: `dealt_offered`) or costs
  nothing (a wound taken his armour absorbs whole).  So round by round his opponent
  has no more Endurance, he has no less Endurance, Luck and armour hits: where the
  weaker wins, he has won by then; where the weaker times out, he has won or timed
  out, each with at least as much left.  With r as above his value is at least the
  weaker's.

Only fights with `rounds` and a `timeout` against one opponent (or several "as one")
are priced here: no escape, `hurt`, `win_rounds`, nor an opponent only some weapon
hurts (None: the tiers then), Luck allowed or not.
"""
from __future__ import annotations

from collections import OrderedDict

import numpy as np

from engine.analysis.chain import End
from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.odds_special import SpecialFight

COUPLED_KEYS = ("rounds", "timeout")
NOT_COUPLED = ("escape", "hurt", "win_rounds")
KEPT = 32   # chains kept for the process (`expanded`): a few MB each
_KEPT: OrderedDict = OrderedDict()   # their constants -> the chain, least recently asked first


class Ended(SpecialFight):
    """The chain whose ends keep the Endurance and the Luck left."""

    def ended(self, outcome: str, he: int, luck: int, arm: int) -> End:
        return End("lose") if outcome == "lose" else End(outcome, (he, luck))


def shaped(spec, enemies: list) -> bool:
    """Whether the fight is one priced here (above); `enemies` as combat.begin starts them."""
    return len(enemies) == 1 and isinstance(spec, dict) and all(spec.get(k) is not None for k in COUPLED_KEYS) \
        and not any(k in spec for k in NOT_COUPLED) and isinstance(spec.get("enemies"), list) \
        and all(isinstance(e, dict) and e.get("endurance") is not None and not e.get("hurt_only_by")
                for e in spec["enemies"])


def rewards(spec, hero: dict, worth, lucky: bool) -> dict:
    """{(outcome, Endurance, Luck): r} (the module docstring), for every sheet at
    most the hero's (Luck not allowed: the chain's Luck 0 stands for the hero's, unspent)."""
    skill, stamina, luck = hero["habilete"], hero["endurance"], hero["chance"] if lucky else 0
    raw = {kind: [[worth(spec[kind], {"habilete": skill, "endurance": he, "chance": lk if lucky else hero["chance"]})
                   for lk in range(luck + 1)] for he in range(stamina + 1)] for kind in ("win", "timeout")}
    for table in raw.values():   # (the most over every sheet below: Endurance, then Luck)
        for he in range(stamina + 1):
            for lk in range(luck + 1):
                table[he][lk] = max(table[he][lk], table[he - 1][lk] if he else 0.0,
                                    table[he][lk - 1] if lk else 0.0)
    out = {}
    for he in range(stamina + 1):
        for lk in range(luck + 1):
            out[("timeout", he, lk)] = raw["timeout"][he][lk]
            out[("win", he, lk)] = max(raw["win"][he][lk], raw["timeout"][he][lk])
    return out


def coupled(book, spec, hero: dict, worth, opponents, gear, cache: dict) -> float | None:
    """The most value of the fight for every hero at most `hero` (the module
    docstring); `opponents`: ([(Skill, Endurance, wound)], mode), `gear`: (weapons
    [(attack, wound)], armours [(absorbs, hits)] or None for none); `cache`: the
    prices made, by the chains and the values of their ends, kept by the caller."""
    skill, stamina = hero.get("habilete"), hero.get("endurance")
    lucky = model.luck_allowed(book, spec)
    if not shaped(spec, opponents[0]) or skill is None or stamina is None or (lucky and hero.get("chance") is None):
        return None
    sheet = {"habilete": skill, "endurance": max(stamina, 1), "chance": hero.get("chance")}
    paid = rewards(spec, sheet, worth, lucky)
    stamina, luck = sheet["endurance"], sheet["chance"] if lucky else 0
    keys = _chains(book, spec, sheet["habilete"], opponents, gear, lucky)
    valued = (tuple(keys), stamina, luck, tuple(paid.values()))
    if valued not in cache:   # (the routes ask again with the same values while others move)
        best = 0.0
        for key in keys:
            best = max(best, expanded(key, stamina, luck).best(paid, stamina, luck))
        cache[valued] = min(1.0, best)
    return cache[valued]


def _chains(book, spec, skill: int, opponents, gear, lucky: bool) -> list:
    """The constants of each chain to solve: one a weapon and armour."""
    enemies, _mode = opponents
    bonus = sum(max(0, int(m.get("attack", 0))) for m in spec.get("modifiers") or ())
    weapons, armours = gear
    armours = [a for a in armours if a is not None] or [None]   # (no armour: one of 0 hits left)
    return sorted({(skill + bonus + attack, enemies[0][0], lucky, damage, enemies[0][2], armour, model.reading(book),
                    model.specials(spec), enemies[0][1]) for attack, damage in weapons for armour in armours}, key=repr)


def expanded(key: tuple, stamina: int, luck: int) -> "Expanded":
    """The chain of these constants from at least this sheet, kept for the process (as
    fight_cache keeps the odds: a cut run's frontier and the focused order's pools ask
    routes built anew, each for many heroes): one a key, from the most Endurance and
    Luck asked so far, made again only where a hero asks more (a hero below is read
    from it: `Expanded`)."""
    found = _KEPT.get(key)
    if found is None or found.stamina < stamina or found.luck < luck:
        found = _KEPT[key] = Expanded(*key, max(stamina, found.stamina if found else 0),
                                      max(luck, found.luck if found else 0))
    _KEPT.move_to_end(key)
    while len(_KEPT) > KEPT:
        _KEPT.popitem(last=False)
    return found


class Expanded:
    """A fight's chain from the most Endurance asked and every Luck up to the most
    asked, expanded once (the module's `expand`) into arrays by depth (an end 0, a node
    one more than its deepest child), solved for each valuation of its ends and each
    hero (`best`).  A hero with less Endurance is priced from the most, each end read at
    his own Endurance where it holds more (the values so read still grow with the
    sheet: the module docstring's stronger hero outdoes him); his Luck is his root's."""

    def __init__(self, skill, enemy, lucky, damage, wound, armour, reading, sp, endurance, stamina, luck):
        fight = Ended(skill, (enemy,), "single", lucky, "optimal" if lucky else "never", damage, wound,
                      armour[0] if armour else 0, reading, specials=sp)
        self.stamina, self.luck = stamina, luck
        hits = armour[1] if armour else 0
        roots = {lk: fight.step(stamina, (endurance,), lk, hits, (), 0, 0) for lk in range(luck + 1)}
        number, ends, options, depth = {}, [], [], []
        for root in roots.values():
            _expand(fight, root, number, ends, options, depth)
        self.roots = {sheet: number[root] for sheet, root in roots.items()}
        self.ends = ends   # (kind, Endurance, Luck) of each end number, a loss (lose, 0, 0)
        # the options, by depth, then node: each its node, norm and edges (weight, child)
        order = sorted(range(len(options)), key=lambda i: depth[i])
        self.depth = np.array([depth[i] for i in order], dtype=np.int64)
        place = np.empty(len(order), dtype=np.int64)
        place[order] = np.arange(len(order))
        node, norm, edge_opt, child, weight = [], [], [], [], []
        for i in order:
            for w, c, n in options[i]:
                edge_opt.extend([len(node)] * len(w))
                child.extend(int(place[k]) if k >= 0 else k for k in c)
                weight.extend(w)
                node.append(int(place[i]))
                norm.append(n)
        self.node, self.norm = np.array(node, dtype=np.int64), np.array(norm, dtype=np.float64)
        self.edge_opt, self.child = np.array(edge_opt, dtype=np.int64), np.array(child, dtype=np.int64)
        self.weight = np.array(weight, dtype=np.float64)
        self.roots = {sheet: int(place[r]) if r >= 0 else r for sheet, r in self.roots.items()}
        levels = self.depth[self.node]   # (the options' and the edges' spans of each depth)
        self.opt_at = np.searchsorted(levels, np.arange(int(self.depth.max(initial=0)) + 2))
        self.edge_at = np.searchsorted(self.edge_opt, self.opt_at)

    def best(self, paid: dict, stamina: int, luck: int) -> float:
        """The best play's value of the ends valued `paid` ({(kind, Endurance, Luck): r}
        over a hero's sheet (stamina, luck); a loss 0) from the root of his Luck."""
        root = self.roots[luck]
        ends = np.array([0.0 if kind == "lose" else paid.get((kind, min(he, stamina), lk), 0.0)
                         for kind, he, lk in self.ends] + [0.0])[::-1]
        if root < 0:
            return float(ends[root])
        value = np.zeros(len(self.depth) + len(ends))   # (an end's number -1 - k reads value[-1 - k])
        value[len(self.depth):] = ends
        for d in range(1, len(self.opt_at) - 1):
            o0, o1, e0, e1 = self.opt_at[d], self.opt_at[d + 1], self.edge_at[d], self.edge_at[d + 1]
            if o0 == o1:
                continue
            got = np.bincount(self.edge_opt[e0:e1] - o0, self.weight[e0:e1] * value[self.child[e0:e1]],
                              minlength=o1 - o0) / self.norm[o0:o1]
            np.maximum.at(value, self.node[o0:o1], got)
        return float(value[root])


def _expand(fight, root, number: dict, ends: list, options: list, depth: list) -> None:
    """Number every node reachable from `root` after its children (a parry's stay folded
    into the norm, as chains.py), each with its options [(weights, children, norm)] and
    depth; an End numbered -1 - its place in `ends`."""
    pending, stack = {}, [(root, False)]
    while stack:
        node, done = stack.pop()
        if node in number:
            continue
        if node.__class__ is End:
            number[node] = -1 - len(ends)
            ends.append(("lose", 0, 0) if node.detail is None else (node.outcome,) + node.detail)
            continue
        if done:
            found = [(tuple(w for w, _c in dist), tuple(number[c] for _w, c in dist), denom - stay)
                     for _l, dist, stay, denom, _cost in pending.pop(node)]
            number[node] = len(options)
            options.append(found)
            depth.append(1 + max((depth[c] for _w, cs, _n in found for c in cs if c >= 0), default=0))
            continue
        if node in pending:
            continue
        found = pending[node] = fight.expand(node)
        stack.append((node, True))
        stack.extend((c, False) for option in found for _w, c in option[1] if c not in number)
