"""Fights as chance nodes for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From any point of a fight, the rest of it is solved with
`engine.analysis.explore.chains.Chain` over nodes (whose strike, hero condition,
current opponent, every opponent's condition and state, Honour, "all down"),
the transition function of `transitions.Fight` (the rules play reads, from
`model.py`), stopped where the explorer must take over.

Strategies: "honour-optimal", then "honour-keep-K" for K = 1, 2, 3, 5, 8, 13, 21 and
all of the hero's Honour: before each strike the hero spends, out of all but K points, the Honour that
maximises the chance of surviving the fight (a victory that would kill him of Shame
counts as a loss; "all down" survives it); only the smallest spend giving each hit
chance is tried.  Keeping Honour back for later fights is the explorer's choice,
between strategies.  The fight stops, pending, where an answer opens that was not
possible where the strategy started (retreat once the enemy has struck first,
surrender once someone is Grièvement Blessé) and where an opponent surrenders: the
explorer tries those answers one by one (kept) and the strategies again.  A stop is
priced at what fighting on from it is worth (a surrender offered: as accepted).
"""
from __future__ import annotations

from engine.analysis.chain import End
from engine.diagnostics import Message
from engine.analysis.explore.chains import Chain, hook_answer
from engine.rules.chroniques_cretoises import combat as C
from engine.rules.chroniques_cretoises import endings, sheet
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises.fight_graph import NEVER, FightGraph, ended
from engine.rules.chroniques_cretoises.fight_shape import Shape, ending
from engine.rules.chroniques_cretoises.fight_store import Store
from engine.rules.chroniques_cretoises.odds import node_of, rules_of
from engine.rules.chroniques_cretoises.transitions import Fight, shape

KEEP = ("retreat", "surrender", "invoke", "use")
ROWS = True   # the chains over arrays (fight_graph.py); off: node by node (`_Explored`)
KEPT_BACK = (0, 1, 2, 3, 5, 8, 13, 21)


def _kept_back(honour: int) -> list[int]:
    """How much Honour a strategy keeps for later: a few amounts, and all of it (fewer
    strategies leave time to explore further; each costs a chain and its outcomes)."""
    return sorted({k for k in KEPT_BACK if k < honour} | {honour})


def fight_outcomes(play, pending, cache):
    return hook_answer(fight_ends(play, pending, cache), cache, "cc", _finisher)


def fight_ends(play, pending, cache):
    """([(strategy, [(End, probability)])], the answers kept), or None: a stalemate or
    a surrender offered, played answer by answer (`fight_outcomes` before each End is
    made a `_finisher`; the compiled explorer's vector rules write the same ends over
    arrays, vector.py `fight`)."""
    plan = fight_plan(play, pending, cache)
    return None if plan is None else plan()


def fight_plan(play, pending, cache, coded: bool = False):
    """`fight_ends` in two steps: what the fight is, read from the state now (its root
    added to its graph: fight_graph.py), and a function giving `fight_ends`' answer,
    called later (the roots of many states added first are solved together); None
    where `fight_ends` is None for sure (a surrender offered; a stalemate ahead).
    Its `opened`: the answers other than striking and parrying open where the fight
    is (those of KEEP the explorer tries one by one).
    `coded`: each strategy's ends as {code: (numerator, denominator)}
    (`FightGraph.coded`; `store_of(cache).end(code)` is the End), not kept in the cache."""
    if pending.get("activity") != "combat" or pending.get("offer") is not None:
        return None
    spec = C.spec_of(play)
    rules = rules_of(play.book, play.state, spec, pending["enemies"], pending=pending)
    root = node_of(play.state, spec, pending)
    start = _available(rules, root, pending["acted"], play)
    if ROWS or coded:
        graph = _graph(cache, rules, root[4] > 0)
        number = graph.add(root)
        if graph.stale[number]:
            return None

    def answer():
        try:
            if coded:
                opens = _opens(cache, rules, start)
                return [(_label(keep), graph.coded(number, root[4], keep, start, opens))
                        for keep in _kept_back(root[4])], KEEP
            return _outcomes(cache, rules, start, root), KEEP
        except ValueError:   # a stalemate: played answer by answer
            return None
    answer.opened = start
    return answer


def _outcomes(cache, rules, start, root) -> list:
    strategies = []
    for keep in _kept_back(root[4]):
        key = ("cc", rules, start, keep, root)
        if key not in cache:
            cache[key] = chain_ends(cache, rules, start, keep, root)
        strategies.append((_label(keep), cache[key]))
    return strategies


def _label(keep: int) -> str:
    return "honour-optimal" if keep == 0 else f"honour-keep-{keep}"


def chain_ends(cache, rules, start, keep: int, root) -> list:
    """[(End, Fraction)] of the strategy keeping `keep` Honour back, from `root`: by the
    fight's graph over arrays (fight_graph.py, one for every strategy and start), or,
    with ROWS off, by the chain of `_Explored` solved node by node (the reference
    tests/rules/chroniques_cretoises/test_cc_fight_graph.py compares it with)."""
    some = root[4] > 0
    if not ROWS:
        shared = cache.setdefault(("cc", "options"), {})
        found = _chain(cache, rules, start, keep, root[4], shared).chain.outcomes(root)
        shared.clear()
        return found
    return _graph(cache, rules, some).outcomes(root, keep, start, _opens(cache, rules, start))


def _opens(cache, rules, start) -> "_Opens":
    opens = cache.get(("cc", "opens", rules, start))
    if opens is None:
        opens = cache[("cc", "opens", rules, start)] = _Opens(rules, start)
    return opens


def store_of(cache) -> Store:
    """The store of the fights' graphs of this cache (their nodes and ends numbered)."""
    store = cache.get(("cc", "store"))
    if store is None:
        store = cache[("cc", "store")] = Store(KEPT_BACK + (NEVER,))
    return store


def _graph(cache, rules, some: bool) -> FightGraph:
    """The graph of this fight (fight_graph.py), kept in the cache, its nodes in the
    cache's one store (the fights a batch grows solved together, every strategy the
    explorer asks at once)."""
    graph = cache.get(("cc", "graph", rules, some))
    if graph is None:   # (fights that end alike share one graph: fight_shape.py `ending`)
        alike = ("cc", "graph", ending(rules, some))
        graph = cache.get(alike)
        if graph is None:
            key = ("cc", "shape", shape(rules))   # (its nodes' options shared: fight_shape.py)
            common = cache.get(key)
            if common is None:
                common = cache[key] = Shape(rules)
            graph = cache[alike] = FightGraph(rules, some, store_of(cache), common)
        cache[("cc", "graph", rules, some)] = graph
    return graph


def _chain(cache, rules, start, keep: int, honour: int, shared: dict) -> "_Explored":
    """The chain of this fight, start and amount kept back (kept in the cache).  Its
    nodes count Honour fallen to 0 as exhausted when the fight began with some
    (`Fight.exhausted`, as play: 'Arrivé à 0...'), not when it began at 0 (a
    victory's reward then still counts): fights begun with and without Honour have
    chains of their own."""
    some = honour > 0
    solved = cache.get(("cc", rules, start, keep, some))
    if solved is None:
        on = cache.get(("cc", rules, keep, some))
        if on is None:
            on = cache[("cc", rules, keep, some)] = _Explored(rules, honour, frozenset(), keep, None, shared)
        solved = cache[("cc", rules, start, keep, some)] = _Explored(rules, honour, start, keep, on, shared)
    return solved


def _available(rules, node, acted, play=None) -> frozenset:
    """The answers other than striking and parrying open at `node` (C.can_retreat...)."""
    turn, hc, cur, enemies, _h, _down, failed, refused = node[:8]
    out = set()
    if turn == "H" and R.retreat_open(rules.retreat is not None, failed, hc):
        out.add("retreat")
    if R.surrender_open(rules.surrender is not None, refused, rules.enemies[cur][2], hc,
                        [c for c, _s in enemies]):
        out.add("surrender")
    if turn == "H" and not acted and play is not None:
        spec = C.spec_of(play)
        if "invoke" in spec:
            out.add("invoke")
        use = spec.get("use")
        if use and play.state.items.get(use["item"], 0) > 0:
            out.add("use")
    return frozenset(out)


class _Explored(Fight):
    """The model's fight, stopped where an answer opens that was not open where the
    strategy started, and where an opponent surrenders (the explorer tries those)."""

    def __init__(self, rules, honour_start, start: frozenset, keep: int, fight_on, shared: dict):
        """`fight_on`: the same fight never stopping (a surrender offered is accepted),
        whose values price a stop; None: this is that fight.  `shared`: the options
        of nodes expanded by a chain of the same fight that keeps back another amount
        of Honour (`Fight.options`: the same for every amount, filtered by each)."""
        super().__init__(rules, honour_start, keep)
        self.start, self.fight_on = start, fight_on
        self.shared, self.kind = shared, (rules, start, fight_on is None, honour_start > 0)
        self.opened = _Opens(rules, start)
        self.chain = Chain(self.expand, self.value)   # (it keeps a node's options while it solves)

    def options(self, node):
        key = (self.kind, node)
        found = self.shared.get(key)
        if found is None:
            found = self.shared[key] = super().options(node)
        return found

    def expand(self, node):
        found = super().expand(node)
        if any(n.__class__ is End and n.outcome == "stalemate" for o in found for _w, n in o[1]):
            # no way to play it out: the explorer goes answer by answer (as before)
            raise ValueError("stalemate: neither side can ever wound")
        return found

    def value(self, end: End) -> float:
        if end.outcome == "stop":
            node, offer = end.detail[:10], end.detail[10]
            if offer is not None:   # priced as accepted
                return self.fight_on.chain.value_at(Fight.out(self.fight_on, None, node, offer, R.SPARED))
            return self.fight_on.chain.value_at(node)
        return 1.0 if end.outcome in R.SURVIVED else 0.0

    def finish(self, kind, node):
        """The end, with the node the finisher plays it from ("shame": the victory or
        the "all down" that Shame then kills, as play does after the fight)."""
        return ended(self, kind, node)

    def offer(self, node, base, i):
        if self.fight_on is None:
            return super().offer(node, base, i)
        return End("stop", ("H",) + base[1:] + (i,))

    def step(self, node, new):
        if self.fight_on is not None and self._opens(new):
            return End("stop", new + (None,))
        return new

    def _opens(self, node) -> bool:
        return self.opened(node)


class _Opens:
    """Whether an answer not open at the start opens at a node (`_available`, which
    reads its turn, conditions, current opponent, failed retreat and refused surrender
    only: asked once for each of those)."""

    def __init__(self, rules, start: frozenset):
        self.rules, self.start, self.seen = rules, start, {}

    def __call__(self, node) -> bool:
        key = node[:4] + node[6:8]
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = bool(_available(self.rules, node, True) - self.start)
        return found


def _finisher(end: End):
    def finish(play):
        p = play.state.pending
        if end.outcome == "lose":
            sheet.set_hero_condition(play, N.MORT)
            return play.die("combat")
        detail = end.detail[1:] if end.outcome != "stop" else end.detail
        turn, hc, cur, enemies, h, down, failed, refused, strikes, wounds, offer = detail
        play.change("honneur", value=h, reason="combat-spend")
        sheet.set_hero_condition(play, hc)
        for e, (cond, state) in zip(p["enemies"], enemies):
            e["condition"], e["state"] = cond, R.NAMES[state]
        p.update(current=cur, turn="hero" if turn == "H" else "enemy", acted=True, all_down=down,
                 offer=offer, retreat_failed=failed, surrender_refused=refused, strikes=strikes, wounds=wounds)
        kind = end.detail[0] if end.outcome != "stop" else None
        if kind == "win":
            return endings.victory(play, p)
        if kind == "all-badly-wounded":
            return endings.all_down(play, p)
        if kind == "hurt":   # format 1.1 `hurt`: his first wound ends the fight
            return endings.leave_fight(play, C.spec_of(play)["hurt"], ("combat", "hurt_effects"))
        if kind == "timeout":   # format 1.1 `rounds`: his last strike is over
            return endings.leave_fight(play, C.spec_of(play)["timeout"], ("combat", "timeout_effects"))
        return None
    return finish


OPTIMAL = Message("combattre en dépensant l'Honneur au mieux pour ce combat",
                  "fight spending Honour as best for this fight")
KEEPING = Message("combattre en gardant {n} point{s} d'Honneur", "fight keeping {n} Honour point{s}")


def strategy_words(label: str) -> Message | None:
    """"honour-optimal" and "honour-keep-K" in the player's words."""
    if label == "honour-optimal":
        return OPTIMAL
    stem, _, n = label.rpartition("-")
    if stem != "honour-keep" or not n.isdigit():
        return None
    s = "s" if int(n) > 1 else ""
    return Message(KEEPING.fr.format(n=n, s=s), KEEPING.en.format(n=n, s=s))
