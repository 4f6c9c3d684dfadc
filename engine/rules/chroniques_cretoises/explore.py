"""Fights as chance nodes for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From any point of a fight, the rest of it is solved with
`engine.analysis.explore.chains.Chain` over nodes (whose strike, hero condition,
current opponent, every opponent's condition and state, Honour, "all down"),
read as `fight.py` and `endings.py` play it: strikes alternate, 2d6 (or one die
when Grièvement Blessé, two again when everyone is) + Force against Protection,
opponents of a group get +1 Force per companion still to come and leave the fight
Grièvement Blessé, the last one ends it "all down".

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

from ...analysis.chain import End, merge
from ...analysis.explore.chains import Chain, outcomes_of
from . import combat as C
from . import endings, fight
from . import names as N
from .odds_solver import hit_ways

KEEP = ("retreat", "surrender", "invoke", "use")


KEPT_BACK = (0, 1, 2, 3, 5, 8, 13, 21)


def _kept_back(honour: int) -> list[int]:
    """How much Honour a strategy keeps for later: a few amounts, and all of it (fewer
    strategies leave time to explore further; each costs a chain and its outcomes)."""
    return sorted({k for k in KEPT_BACK if k < honour} | {honour})
STATES = {"fighting": "f", "left": "l", "dead": "d", "spared": "s"}
NAMES = {v: k for k, v in STATES.items()}


def fight_outcomes(play, pending, cache):
    if pending.get("activity") != "combat" or pending.get("offer") is not None:
        return None
    spec = C.spec_of(play)
    rules = _rules(play, pending, spec)
    root = _node(play, pending)
    start = _available(rules, root, pending["acted"], play)
    strategies = []
    for keep in _kept_back(root[4]):
        key = ("cc", rules, start, keep, root)
        if key not in cache:
            fight = cache.get(("cc", rules, start, keep))
            if fight is None:
                on = cache.setdefault(("cc", rules, keep), _Fight(rules, start, keep, None))
                fight = cache[("cc", rules, start, keep)] = _Fight(rules, start, keep, on)
            cache[key] = fight.chain.outcomes(root)
        label = "honour-optimal" if keep == 0 else f"honour-keep-{keep}"
        strategies.append((label, outcomes_of(cache, "cc", cache[key], _finisher)))
    return strategies, KEEP


def _rules(play, p, spec) -> tuple:
    """What does not change during the fight (a cache key)."""
    st = play.state
    reward = spec.get("reward", 0)
    return (st.stats["force"], st.stats["protection"],
            tuple((e["force"], e["protection"], e["beast"], e["surrenders"]) for e in p["enemies"]),
            st.stats.get("honte", 0), reward if isinstance(reward, int) else 0,
            C.two_dice_rule(play), spec.get("retreat") is not None and not p["retreat_failed"],
            "surrender" in spec and not p["surrender_refused"], isinstance(spec.get("all_down"), int))


def _node(play, p) -> tuple:
    enemies = tuple((e["condition"], STATES[e["state"]]) for e in p["enemies"])
    return ("H" if p["turn"] == "hero" else "E", C.hero_condition(play), p["current"], enemies,
            play.state.stats.get("honneur", 0), p["all_down"])


def _available(rules, node, acted, play=None) -> frozenset:
    """The answers other than striking and parrying open at `node` (C.can_retreat...)."""
    turn, hc, cur, enemies, _h, _down = node
    retreat, surrender = rules[6], rules[7]
    out = set()
    if turn == "H" and retreat and hc <= N.BLESSE:
        out.add("retreat")
    someone = hc >= N.GRIEVEMENT or any(c >= N.GRIEVEMENT for c, _s in enemies)
    if surrender and not rules[2][cur][2] and someone:
        out.add("surrender")
    if turn == "H" and not acted and play is not None:
        spec = C.spec_of(play)
        if "invoke" in spec:
            out.add("invoke")
        use = spec.get("use")
        if use and play.state.items.get(use["item"], 0) > 0:
            out.add("use")
    return frozenset(out)


class _Fight:
    def __init__(self, rules, start: frozenset, keep: int, fight_on: "_Fight | None"):
        """`keep`: Honour never spent in this fight; `fight_on`: the same fight never
        stopping (a surrender offered is accepted), whose values price a stop; None:
        this is that fight."""
        self.force, self.prot, self.enemies, self.honte, self.reward, self.two_dice, *_ = rules
        self.rules, self.start, self.keep, self.fight_on = rules, start, keep, fight_on
        self.chain = Chain(self.expand, self.value)
        self.expanded: dict = {}
        self.strikes: dict = {}

    def value(self, end: End) -> float:
        if end.outcome == "stop":
            turn, hc, cur, enemies, h, down, offer = end.detail
            if offer is not None:   # priced as accepted
                return self.fight_on.chain.value_at(self.fight_on.out(None, end.detail[:6], offer, "s"))
            return self.fight_on.chain.value_at(end.detail[:6])
        if end.outcome == "lose":
            return 0.0
        if end.outcome == "win" and self.honte > end.detail[4] + self.reward:
            return 0.0   # Shame after the victory: death
        return 1.0

    # --- strikes -------------------------------------------------------------------
    def dice(self, node, i) -> tuple[int, int]:
        _t, hc, _c, enemies, _h, _d = node
        fighting = [c for c, s in enemies if s == "f"]
        everyone = hc >= N.GRIEVEMENT and all(c >= N.GRIEVEMENT for c in fighting) and self.two_dice
        hero = 1 if hc >= N.GRIEVEMENT and not everyone else 2
        enemy = 1 if enemies[i][0] >= N.GRIEVEMENT and not everyone else 2
        return hero, enemy

    def enemy_force(self, enemies, i) -> int:
        return self.enemies[i][0] + sum(1 for j, (_c, s) in enumerate(enemies) if j > i and s == "f")

    def expand(self, node):
        found = self.expanded.get(node)
        if found is None:
            found = self.expanded[node] = self._expand(node)
        return found

    def spends(self, budget, dice, force, prot, attack: bool):
        """The smallest spends (within `budget`) giving each hit chance of a strike:
        [(spend, ways)].  Spending on a parry is as lowering the striker's Force."""
        key = (dice, force, prot, attack)
        table = self.strikes.get(key)
        if table is None:
            sign = 1 if attack else -1
            table, last = [], None
            for spend in range(0, 2 * 13 + max(0, prot - force) + max(0, force - prot) + 1):
                ways = hit_ways(dice, force + sign * spend, prot)[0]
                if ways != last:
                    table.append((spend, ways))
                    last = ways
            self.strikes[key] = table
        return [(spend, ways) for spend, ways in table if spend <= budget]

    def _expand(self, node):
        turn, hc, cur, enemies, h, down = node
        hd, ed = self.dice(node, cur)
        budget = max(0, h - self.keep)
        attack = self.spends(budget, hd, self.force, self.enemies[cur][1], True)
        defence = self.spends(budget, ed, self.enemy_force(enemies, cur), self.prot, False)
        dh, de = hit_ways(hd, 0, 0)[1], hit_ways(ed, 0, 0)[1]
        if turn == "E":
            return [(f"spend:{d}", merge([(y, self.hero_hurt(node, h - d)),
                                           (de - y, self.turn(node, "H", h - d))]), 0, de, de)
                    for d, y in defence]
        options = []
        for a, x in attack:
            hit = self.enemy_hurt(node, h - a)
            if a:
                options.append((f"spend:{a}", merge([(x, hit), (dh - x, self.turn(node, "E", h - a))]),
                                0, dh, dh))
                continue
            for d, y in defence:   # a free miss: the opponent's strike (spending d) follows
                pairs = [(x * de, hit), ((dh - x) * y, self.hero_hurt(self.turn(node, "E", h), h - d))]
                stay = (dh - x) * (de - y) if d == 0 else 0
                if d:
                    pairs.append(((dh - x) * (de - y), self.turn(node, "H", h - d)))
                if stay == dh * de:
                    raise ValueError("stalemate: neither side can ever wound")
                options.append(("spend:0", merge(pairs), stay, dh * de, dh * de))
        return options

    def turn(self, node, turn, h):
        new = (turn,) + node[1:4] + (h,) + node[5:]
        return self.stop(node, new)

    def hero_hurt(self, node, h):
        if node[1] + 1 >= N.MORT:
            return End("lose")
        return self.stop(node, ("H", node[1] + 1) + node[2:4] + (h, node[5]))

    def enemy_hurt(self, node, h):
        """The hero's strike wounds the current opponent (fight.wound_enemy)."""
        _t, hc, i, enemies, _h, down = node
        cond = min(N.MORT, enemies[i][0] + 1)
        enemies = enemies[:i] + ((cond, enemies[i][1]),) + enemies[i + 1:]
        base = ("E", hc, i, enemies, h, down)
        if cond >= N.MORT:
            return self.out(node, base, i, "d")
        if cond == N.GRIEVEMENT:
            if self.enemies[i][3] and not self.enemies[i][2]:   # he surrenders: an offer to answer
                if self.fight_on is None:
                    return self.out(node, base, i, "s")
                return End("stop", ("H",) + base[1:] + (i,))
            others = [j for j, (_c, s) in enumerate(enemies) if s == "f" and j != i]
            if others:
                return self.out(node, base, i, "l")
            if any(s == "l" for _c, s in enemies) and not down:
                if self.rules[8]:
                    return End("down", base + (None,))
                return self.stop(node, base[:5] + (True,))
        return self.stop(node, base)

    def out(self, node, base, i, state):
        """Opponent i dies or leaves (endings.after_enemy_out): the next one, or victory."""
        _t, hc, _i, enemies, h, down = base
        enemies = enemies[:i] + ((enemies[i][0], state),) + enemies[i + 1:]
        left = [j for j, (_c, s) in enumerate(enemies) if s == "f"]
        if not left:
            return End("win", ("E", hc, i, enemies, h, down, None))
        return self.stop(node, ("E", hc, left[0], enemies, h, down))

    def stop(self, node, new):
        """`new`, or the fight stopped there when an answer opens that was not open at
        the start of the strategy."""
        if self.fight_on is not None and _available(self.rules, new, True) - self.start:
            return End("stop", new + (None,))
        return new


def _finisher(end: End):
    def finish(play):
        p = play.state.pending
        if end.outcome == "lose":
            fight.set_hero_condition(play, N.MORT)
            return play.die("combat")
        turn, hc, cur, enemies, h, down, offer = end.detail
        play.change("honneur", value=h, reason="combat-spend")
        fight.set_hero_condition(play, hc)
        for e, (cond, state) in zip(p["enemies"], enemies):
            e["condition"], e["state"] = cond, NAMES[state]
        p.update(current=cur, turn="hero" if turn == "H" else "enemy", acted=True, all_down=down, offer=offer)
        if end.outcome == "win":
            return endings.victory(play, p)
        if end.outcome == "down":
            return endings.all_down(play, p)
        return None
    return finish
