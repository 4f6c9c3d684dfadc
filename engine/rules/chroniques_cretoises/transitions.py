"""The Chroniques Crétoises fight as a transition function (`Fight.expand`).

Built only from the rule functions of `model.py` (the ones play calls), over the
compact node described there; the options are those of
`engine.analysis.chain` ``(label, dist, stay, denom, cost)``:

* the hero's strike: spend ``a`` Honour (only the smallest spend giving each hit
  chance: spending more is dominated); a free miss is folded with the opponent's
  strike that follows (spending ``d`` on the parry), so that the only cycle, two
  misses, is a self-loop the chain solves algebraically;
* the opponent's strike: spend ``d`` on the parry;
* at the root only, when `moves` is set (the live advice): retreat and surrender,
  so that every move the player has now is weighed (afterwards: fight to the end).

The format 1.1 specials: a hero's strike is counted (`struck`: `rounds`,
`first_round`), so a counted free miss is not folded into a self-loop; after his
last strike (`rounds`) a fight still going on ends "timeout" (`go`); the N-th wound
he deals (`win_rounds`) is a victory.

Every ending goes through `finish`, where Shame is weighed ('il ne se passera rien
avant la fin du combat'): a victory, "all badly wounded", a retreat or a surrender
whose Shame exceeds the Honour left is the outcome "shame" (a death).  The explorer
subclasses `Fight` (its `finish`, `offer` and `step` hooks) to stop where an answer
opens; the odds use it as it is.
"""
from __future__ import annotations

from engine.analysis.chain import End, merge
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.names import MORT


def shape(rules: R.Rules) -> R.Rules:
    """`rules` with what only `Fight.finish` reads (through `survivor` and `exhausted`:
    how a fight ends, never what a strike does) and the escapes offered at `moves` set
    to one value: two fights of the same shape have the same options at every node but
    for their ends (fight_shape.py shares them)."""
    return rules._replace(shame=0, reward=0, lock=True, exhausted=False, all_down_wins=False,
                          retreat=None, surrender=None)


class Fight:
    def __init__(self, rules: R.Rules, honour_start: int, keep: int = 0, moves=None):
        """`honour_start`: the Honour where the solving starts (Honour only falls during
        a fight, so 0 reached from above is the exhaustion of `model.honour_after`);
        `keep`: Honour never spent; `moves`: the node whose every move is offered."""
        self.rules, self.h0, self.keep, self.moves = rules, honour_start, keep, moves
        self.tables: dict = {}

    # --- endings --------------------------------------------------------------------
    def exhausted(self, h: int) -> bool:
        return self.rules.exhausted or (h == 0 and self.h0 > 0)

    def survivor(self, kind: str, node) -> tuple[int, int]:
        """(Honour, Shame) once the fight ended in `kind` at `node`: the reward of a
        victory ('Les points d'Honneur sont obtenus à la fin d'un combat victorieux',
        nothing once Honour fell to 0), and of 'all badly wounded' where the book counts
        it as the victory (`all_down_wins`); 1 Shame for a retreat or a surrender."""
        h, rules = node[4], self.rules
        if kind == "win" or (kind == "all-badly-wounded" and rules.all_down_wins):
            return R.honour_after(h, h + rules.reward, self.exhausted(h), rules.lock)[0], rules.shame
        return h, rules.shame + (1 if kind in ("retreat", "surrender") else 0)

    def finish(self, kind: str, node):
        honour, shame = self.survivor(kind, node)
        if R.shame_kills(shame, honour):
            return End("shame", node[1])
        return End(kind, node[1])

    # --- strikes --------------------------------------------------------------------
    def dice(self, node) -> tuple[int, int]:
        _t, hc, cur, enemies = node[:4]
        everyone = R.everyone_badly_wounded(hc, [c for c, s in enemies if s == R.FIGHTING])
        two = self.rules.two_dice
        return R.dice(hc, everyone, two), R.dice(enemies[cur][0], everyone, two)

    def enemy_force(self, enemies, i) -> int:
        return R.enemy_force(self.rules.enemies[i][0], [s for _c, s in enemies], i)

    def spends(self, budget, count, force, prot, attack: bool):
        """The smallest spends (within `budget`) giving each hit chance: [(spend, ways)].
        Spending on a parry is as lowering the striker's Force."""
        key = (count, force, prot, attack)
        table = self.tables.get(key)
        if table is None:
            sign = 1 if attack else -1
            table, last = [], None
            for spend in range(0, 2 * 13 + abs(prot - force) + 1):
                ways = R.hit_ways(count, force + sign * spend, prot)[0]
                if ways != last:
                    table.append((spend, ways))
                    last = ways
            self.tables[key] = table
        if not self.rules.spend:
            return table[:1]
        return [(spend, ways) for spend, ways in table if spend <= budget]

    def expand(self, node):
        """The options at `node`: those of `options` that spend no more than the
        Honour not kept back."""
        budget = max(0, node[4] - self.keep)
        return [option for spent, option in self.options(node) if spent <= budget]

    def options(self, node):
        """Every option at `node`, whatever Honour is kept back, with the Honour it
        spends: [(spend, option)] (a free miss folded with the parry after it
        spends what that parry spends)."""
        turn, hc, cur, enemies, h = node[:5]
        if turn == "E" and R.timed_out(node[8], self.rules.rounds):   # a root after his last strike
            return [(0, ("timeout", ((1, self.finish("timeout", node)),), 0, 1, 0))]
        hd, ed = self.dice(node)
        budget = max(0, h)
        defence = self.spends(budget, ed, self.enemy_force(enemies, cur), self.rules.prot, False)
        de = R.hit_ways(ed, 0, 0)[1]
        options = [] if turn == "H" else [
            (d, (f"spend:{d}", merge([(y, self.hero_hurt(node, h - d)),
                                      (de - y, self.step(node, self.turned(node, "H", h - d)))]), 0, de, de))
            for d, y in defence]
        if turn == "H":
            force = R.strike_force(self.rules.force, node[8], self.rules.first_force)
            attack = self.spends(budget, hd, force, self.rules.enemies[cur][1], True)
            if self.rules.immune and self.rules.immune[cur]:   # `hurt_only_by`: a hit does no harm
                attack = [(0, 0)]
            options = self._strikes(node, attack, R.hit_ways(hd, 0, 0)[1], defence, de)
        if node == self.moves:
            options += [(0, option) for option in self.escapes(node)]
        return options

    def struck(self, node):
        """`node` once the hero has struck (format 1.1 `rounds`, `first_round`: counted)."""
        rules = self.rules
        return node[:8] + (R.strike_count(node[8] + 1, rules.rounds, rules.first_force), node[9])

    def _strikes(self, node, attack, dh, defence, de):
        h, options, base = node[4], [], self.struck(node)
        last = R.timed_out(base[8], self.rules.rounds)   # the fight's last strike: no fold
        for a, x in attack:
            hit = self.enemy_hurt(base, h - a)
            if a or last:
                options.append((a, (f"spend:{a}", merge([(x, hit), (dh - x, self.go(base, self.turned(base, "E", h - a)))]),
                                    0, dh, dh)))
                continue
            for d, y in defence:   # a free miss: the opponent's strike (spending d) follows
                pairs = [(x * de, hit), ((dh - x) * y, self.hero_hurt(self.turned(base, "E", h), h - d))]
                stay = (dh - x) * (de - y) if d == 0 and base == node else 0
                if not stay:   # two misses: back to the hero (a self-loop unless counted)
                    pairs.append(((dh - x) * (de - y), self.step(node, self.turned(base, "H", h - d))))
                if stay == dh * de:   # neither side can ever wound: the fight would never end
                    options.append((d, ("spend:0", ((1, End("stalemate", node[1])),), 0, 1, 0)))
                    continue
                options.append((d, ("spend:0", merge(pairs), stay, dh * de, dh * de + (dh - x) * de)))
        return options

    def escapes(self, node):
        """Retreat and surrender, where the rules open them (model.retreat_open...)."""
        turn, hc, cur, enemies, h, down, failed, refused = node[:8]
        rules, out = self.rules, []
        if turn == "H" and rules.retreat and R.retreat_open(True, failed, hc):
            low, high = rules.retreat
            paid = R.honour_after(h, h - 1, self.exhausted(h), rules.lock)[0]
            ways = sum(1 for face in range(1, 7) if R.retreat_succeeds(face, low, high))
            away = node[:4] + (paid,) + node[5:]
            fail = self.step(node, ("E",) + node[1:4] + (paid, down, True, refused) + node[8:])
            out.append(("retreat", merge([(ways, self.finish("retreat", away)), (6 - ways, fail)]), 0, 6, 0))
        if rules.surrender is not None and R.surrender_open(True, refused, rules.enemies[cur][2], hc,
                                                            [c for c, _s in enemies]):
            nxt = self.finish("surrender", node) if rules.surrender else \
                self.step(node, ("E",) + node[1:7] + (True,) + node[8:])
            out.append(("surrender", ((1, nxt),), 0, 1, 0))
        return out

    # --- what a wound does ----------------------------------------------------------
    @staticmethod
    def turned(node, turn, h):
        return (turn,) + node[1:4] + (h,) + node[5:]

    def hero_hurt(self, node, h):
        if node[1] + 1 >= MORT:
            return End("lose")
        if self.rules.hurt:   # format 1.1 `hurt`: the fight stops at his first wound
            return self.finish("hurt", ("H", node[1] + 1) + node[2:4] + (h,) + node[5:])
        return self.step(node, ("H", node[1] + 1) + node[2:4] + (h,) + node[5:])

    def enemy_hurt(self, node, h):
        """The hero's strike wounds the current opponent (fight.wound_enemy)."""
        _t, hc, i, enemies, _h, down = node[:6]
        cond = min(MORT, enemies[i][0] + 1)
        enemies = enemies[:i] + ((cond, enemies[i][1]),) + enemies[i + 1:]
        base = ("E", hc, i, enemies, h) + node[5:9] + (R.wound_count(node[9] + 1, self.rules.win_rounds),)
        if R.won_rounds(base[9], self.rules.win_rounds):   # format 1.1 `win_rounds`
            return self.finish("win", base)
        _f, _p, beast, surrenders = self.rules.enemies[i]
        others = any(s == R.FIGHTING and j != i for j, (_c, s) in enumerate(enemies))
        what = R.wound_outcome(cond, surrenders, beast, others, any(s == R.LEFT for _c, s in enemies),
                               down, self.rules.all_down_ends)
        if what == "dead":
            return self.out(node, base, i, R.DEAD)
        if what == "offer":
            return self.offer(node, base, i)
        if what == "left":
            return self.out(node, base, i, R.LEFT)
        if what == "all-down":
            return self.finish("all-badly-wounded", base)
        if what == "all-down-on":
            return self.go(node, base[:5] + (True,) + base[6:])
        return self.go(node, base)

    def offer(self, node, base, i):
        """He surrenders: accepted (the rule: 'Althéos doit accepter'; refusing only adds Shame)."""
        return self.out(node, base, i, R.SPARED)

    def out(self, node, base, i, state):
        """Opponent i dies, leaves or is spared (endings.after_enemy_out): the next one, or victory."""
        enemies = base[3]
        enemies = enemies[:i] + ((enemies[i][0], state),) + enemies[i + 1:]
        left = [j for j, (_c, s) in enumerate(enemies) if s == R.FIGHTING]
        if not left:
            return self.finish("win", ("E", base[1], i, enemies) + base[4:])
        return self.go(node, ("E", base[1], left[0], enemies) + base[4:])

    def go(self, node, new):
        """The fight goes on after the hero's strike, unless it was his last (`rounds`)."""
        if new[0] == "E" and R.timed_out(new[8], self.rules.rounds):
            return self.finish("timeout", new)
        return self.step(node, new)

    def step(self, node, new):
        """The node after `node` (the explorer stops some of them)."""
        return new
