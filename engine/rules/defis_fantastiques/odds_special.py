"""The chain solver (the reference) for fights with format 1.1 specials.

`model.Specials` changes what the fast paths assume (a parry replays the same
round, a fight ends only by a death), so a fight with any special is solved here,
over `odds_solver._Fight`'s wounds, Luck offers and amounts, with nodes
(he, es, luck, arm, events, round, wins) read as `combat.py` / `wounds.py` play:

* a round: the hero's Attack Strength (+ `first` in round 1) against each
  opponent's; a round won against an `immune` opponent queues no wound and is not
  counted by `win_rounds`;
* the queued wounds in order, each with its Luck decision where play offers it;
  death is checked before each wound, then `hurt` (a wound that cost Endurance,
  Luck done), then, the queue empty: every opponent down (win), `win_rounds`
  reached (win), `rounds` fought out (timeout).
* an escape (`model.Escape`): at the start of a round, once `after` rounds are
  fought, the option "escape" (listed first: a full tie escapes) ends the fight,
  alive (End "escape", the Endurance left) or dead of its cost; with `escape_luck`
  a Luck decision on that cost first (node events (("e", cost),)).  Best play then
  maximises leaving the fight alive, then victory (`model.aims`, lexicographic,
  `model.ESCAPE_POLICY`).
The round count is kept only when the fight reads it (`rounds`, `first`, the
escape's `after`), the wins only with `win_rounds`: otherwise a parry stays in its
node as in the plain chain.
"""
from __future__ import annotations

from engine.analysis.chain import ONE, ZERO, End, merge, solve
from engine.analysis.result import FightOdds

from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.fight_chain import _Fight, lucky_ways


def escaped(left: int) -> End:
    """The end of an escape: alive with `left` Endurance, or dead of its cost."""
    return End("escape", left) if left > 0 else End("lose", 0)

OUTCOMES = ("win", "lose", "hurt", "timeout", "escape")


def rounds_read(specials: model.Specials) -> int:
    """How far the chain counts the rounds fought: `rounds`, the escape's `after`, and 1
    for `first_round` (it asks only whether a round was fought)."""
    return max(specials.rounds or (1 if specials.first else 0), specials.escape.after if specials.escape else 0)


class SpecialFight(_Fight):
    """`_Fight` with the specials; nodes carry the round count and the wins."""

    def __init__(self, *args, specials: model.Specials, **kwargs):
        super().__init__(*args, **kwargs)
        self.sp = specials
        self.cap = rounds_read(specials)
        self.shut = None   # a node where escaping is not priced (advice: "fight on")

    def step(self, he, es, luck, arm, events, rnd, wins, hurt=False):
        """Resolve what needs no decision (odds_solver._Fight.advance, with the specials)."""
        while True:
            if he <= 0:
                return self.ended("lose", 0, luck, arm)
            if hurt and model.hurt_stops(self.sp, 1, he):
                return self.ended("hurt", he, luck, arm)
            if not any(es):
                return self.ended("win", he, luck, arm)
            if not events:
                ended = model.round_over(self.sp, rnd, wins)
                return self.ended(ended, he, luck, arm) if ended else self.round_start(he, es, luck, arm, rnd, wins)
            if self.use_luck and (model.can_succeed(luck) or self.luck_policy == "always") \
                    and self.offered(es, arm, events[0]):
                return (he, es, luck, arm, events, rnd, wins)
            h, es, arm = self.apply(he, es, arm, events[0], 0)
            hurt, he, events = events[0][0] == "t" and h < he, h, events[1:]

    def apply(self, he, es, arm, event, shift):
        """Format 1.2: a round won against an opponent only `win_rounds` defeats wounds it not."""
        if event[0] == "d" and self.sp.rounds_only and self.sp.rounds_only[event[1]]:
            return he, es, arm
        return super().apply(he, es, arm, event, shift)

    def offered(self, es, arm, event) -> bool:
        """Format 1.2: no Luck on a wound that does nothing (an opponent only rounds
        defeat), nor on the side `luck: taken | dealt` leaves out."""
        if event[0] == "d" and self.sp.rounds_only and self.sp.rounds_only[event[1]]:
            return False
        return model.luck_here(self.sp.luck_on, event[0]) and super().offered(es, arm, event)

    def ended(self, outcome: str, he: int, luck: int, arm: int) -> End:
        """The fight's end: its outcome and the Endurance left (the explorer's chain
        also keeps the Luck and the armour left, explore_special.py)."""
        return End(outcome, he)

    def round_start(self, he, es, luck, arm, rnd, wins):
        """The node before a round (the explorer's chain stops there once escaping opens)."""
        return (he, es, luck, arm, (), rnd, wins)

    def expand(self, node):
        he, es, luck, arm, events, rnd, wins = node
        if events:
            return self.escape_luck(node) if events[0][0] == "e" else self.luck_options(node)
        alive = self.alive(es)
        targets = alive if self.mode == "together" else alive[:1]
        options = [self.round(node, i, [j for j in alive if j != i] if self.mode == "together" else [])
                   for i in targets]
        esc = self.sp.escape
        if esc is not None and model.escape_open(esc.after, rnd) and node != self.shut:
            options.insert(0, ("escape", ((1, self.escape(node)),), 0, 1, 0))
        return options

    def escape(self, node):
        """Escaping from a round-start node: its end, or its Luck decision."""
        he, es, luck, arm, _events, rnd, wins = node
        esc = self.sp.escape
        if self.use_luck and (model.can_succeed(luck) or self.luck_policy == "always") \
                and model.escape_offered(esc, self.reading):
            return (he, es, luck, arm, (("e", esc.cost),), rnd, wins)
        return escaped(model.escape_left(he, esc.cost, None, self.reading))

    def escape_luck(self, node):
        """Pass or test Luck on the escape's cost (as wounds.resolve_luck, kind "escape")."""
        he, luck, cost = node[0], node[2], node[4][0][1]
        good = lucky_ways(luck)
        plain = ((1, escaped(model.escape_left(he, cost, None, self.reading))),)
        tested = merge([(good, escaped(model.escape_left(he, cost, True, self.reading))),
                        (36 - good, escaped(model.escape_left(he, cost, False, self.reading)))])
        options = []
        if self.luck_policy != "always":
            options.append(("no-luck", plain, 0, 1, 0))
        if self.luck_policy != "never":
            options.append(("use-luck", tested, 0, 36, 0))
        return options

    def round(self, node, i, others):
        """One round against target `i` (the others, together, only wound or miss)."""
        he, es, luck, arm, _events, rnd, wins = node
        skill = self.hero_skill + model.first_bonus(self.sp, rnd)
        harmless = bool(self.sp.immune) and self.sp.immune[i]
        ways = self.round_ways(skill, i, others, harmless)
        nrnd = min(rnd + 1, self.cap)
        pairs, stay = [], 0
        for events, w in ways.items():
            nwins = wins + (1 if self.sp.win_rounds and events[:1] == (("d", i),) else 0)
            nxt = self.step(he, es, luck, arm, events, nrnd, nwins)
            if nxt == node:
                stay += w
            else:
                pairs.append((w, nxt))
        denom = 1296 * 36 ** len(others)
        return (f"target:{i}", merge(pairs), stay, denom, denom)

    def luck_options(self, node):
        he, _es, _luck, _arm, events, rnd, wins = node
        rest, taken = events[1:], events[0][0] == "t"
        return super().luck_options(node, lambda h, e, lk, a: self.step(h, e, lk, a, rest, rnd, wins,
                                                                         taken and h < he))


def solve_special(fight: SpecialFight, sheet, events, progress, max_states, fight_on=False) -> FightOdds:
    """The odds from a sheet (he, es, luck, arm), the wounds to resolve first (the
    pending one, then those queued), (round, wins) so far;
    `fight_on`: escaping is not an option now (it still is after this round)."""
    he, es, luck, arm = sheet
    rnd, wins = min(progress[0], fight.cap), progress[1] if fight.sp.win_rounds else 0
    root = fight.step(he, es, luck, arm, tuple(events), rnd, wins)
    if isinstance(root, End):
        return _odds_of({root: ONE}, ZERO, False, None)
    if fight_on:
        fight.shut = root
    has_escape = fight.sp.escape is not None
    if has_escape:
        sol = solve(root, fight.expand, lambda end: model.aims(end.outcome), max_states, lexicographic=True)
    else:
        sol = solve(root, fight.expand, lambda end: 1 if end.outcome == "win" else 0, max_states)
    lucky = fight.use_luck and fight.luck_policy == "optimal" and luck >= 1
    return _odds_of(sol.ends, sol.expected_rounds, lucky or (sol.has_choice and (fight.mode == "together"
                                                                                 or has_escape)),
                    sol.root_label, has_escape)


def _odds_of(ends: dict, rounds, decisions: bool, label, escape: bool = False) -> FightOdds:
    outcomes = {k: ZERO for k in (("win", "escape", "lose") if escape else ("win", "lose"))}
    final: dict = {}
    for end, p in sorted(ends.items(), key=lambda kv: -kv[0].detail):
        outcomes[end.outcome] = outcomes.get(end.outcome, ZERO) + p
        final[end.detail] = final.get(end.detail, ZERO) + p
    return FightOdds(outcomes["win"], outcomes["lose"], outcomes, final, rounds,
                     "optimal" if decisions else "none", label)
