"""Fights as chance nodes for `gamebook explore --exhaustive` (the `fight_outcomes` hook).

From the start of any round of a fight, the rest of it is solved exactly over the
odds' own chain (`odds_special.SpecialFight`, over `odds_solver._Fight`'s wounds and
Luck offers: a round's rolls, its wounds queued target first, each applied with its
Luck decision where play offers one, death checked before each wound; and the
format 1.1 specials, `hurt`, `rounds`, `win_rounds`, `first_round`, the `modifiers`
bonus, `hurt_only_by`, as play applies them; tested against play).  One chain for
play's odds, the live `chances` and the explorer: they cannot disagree.  The
explorer reads it with three differences:

* its ends keep what the book goes on with: the Endurance, the Luck and the armour
  left (the odds keep the Endurance only);
* the hero does not escape inside it: with an escape (`escape: {after: N}`) the
  chain stops (End "stop") at the start of the round where escaping opens; there the
  explorer tries "escape", a move of the book (its paragraph may be worth more than
  any end of the fight), and fighting on, a second chain that never stops (a stop
  is priced at what fighting on from it is worth);
* the in-fight decisions (Luck, the target "together") follow a strategy, and the
  explorer takes the best of them in each state: "no-luck" (Luck never tested; the
  target "together" chosen to win), "luck-optimal" (Luck tested wherever it raises
  the chance of winning the fight; only when the hero has Luck to test, and not
  against opponents "together", whose chains Luck makes too long to solve for
  every starting point) and, when the fight can end by `hurt` or `timeout`,
  "luck-survive" (tested wherever it raises the chance of not losing it: those ends
  count as not lost; "no-luck-survive" against opponents "together", whose target
  is chosen so).
Every starting point of one fight shares the nodes solved (in the explorer's cache).
"""
from __future__ import annotations

from engine.analysis.chain import End
from engine.analysis.explore.chains import Chain, outcomes_of
from engine.rules.defis_fantastiques import combat, equipment, model, specials, wounds
from engine.rules.defis_fantastiques.messages import dead
from engine.rules.defis_fantastiques.odds_special import SpecialFight, rounds_read

# What each strategy's decisions maximise: the value of an end of the fight.
AIMS = {"win": lambda outcome: 1.0 if outcome == "win" else 0.0,
        "survive": lambda outcome: 0.0 if outcome == "lose" else 1.0}
POLICIES = {"no-luck": (False, "win"), "no-luck-survive": (False, "survive"),
            "luck-optimal": (True, "win"), "luck-survive": (True, "survive")}


def fight_outcomes(play, pending, cache):
    """The `fight_outcomes` answer at the start of a round (None: a Luck decision or
    wounds of the round still to resolve, the explorer plays them answer by answer)."""
    if pending.get("activity") != "combat" or pending.get("luck") or pending.get("queue"):
        return None
    rules = _rules(play, pending)
    sp, after = rules[-1], rules[6]
    limit = rules[3]
    arm = max(0, limit - play.state.extra.get("armour_hits", 0)) if limit else 0
    rnd = min(pending["round"], rounds_read(sp))
    root = (play.state.stats.get("endurance", 0), tuple(e["endurance"] for e in pending["enemies"]),
            play.state.stats.get("chance", 0), arm, (), rnd, pending.get("wins", 0) if sp.win_rounds else 0)
    lucky = root[2] > 0 and not rules[5] and rules[8]
    names = ["no-luck"]
    ends = bool(sp.hurt or sp.rounds)   # ends other than a victory or a death
    if ends and rules[5]:   # "together": the target of each round is a decision without Luck too
        names.append("no-luck-survive")
    if lucky:
        names += ["luck-optimal"] + (["luck-survive"] if ends else [])
    stopping = after is not None and rnd < after   # escaping opens later in this fight
    strategies = []
    for name in names:
        key = ("df", name, rules, stopping, root)
        if key not in cache:
            cache[key] = _fight(cache, name, rules, stopping).outcomes(root)
        strategies.append((name, outcomes_of(cache, "df", cache[key], _finisher)))
    return strategies, ("escape",) if after is not None else ()


def _fight(cache, name, rules, stopping) -> "ExploredFight":
    """The chain of this fight and strategy (kept in the cache): fought to the end, or
    stopping where escaping opens (priced by the one fought to the end)."""
    key = ("df", name, rules, stopping)
    fight = cache.get(key)
    if fight is None:
        on = _fight(cache, name, rules, False) if stopping else None
        fight = cache[key] = ExploredFight(rules, name, on)
    return fight


def _rules(play, pending) -> tuple:
    """Everything of the fight that does not change during it (a cache key): the
    hero's Skill before the first round's bonus (which the chain adds), damage,
    armour (absorbs, hits), opponents (Skill, damage), together, the escape's round,
    the Luck reading, Luck allowed, the specials."""
    spec = combat._spec(play)
    props = equipment.armour_props(play.book, equipment.armour(play)) or {}
    escape = spec.get("escape")
    after = int(escape.get("after", 0)) if escape else None
    immune = tuple(i in pending.get("immune", ()) for i in range(len(pending["enemies"])))
    sp = model.specials(spec, immune if any(immune) else (), model.Escape(after) if escape else None)
    first = pending.get("first", 0) if pending["round"] == 0 else 0   # hero_skill adds it in round 1
    return (combat.hero_skill(play, pending) - first, wounds.hero_damage(play, pending),
            int(props.get("absorbs", 0)), int(props.get("hits", 1)) if props else 0,
            tuple((e["habilete"], int(e.get("damage", equipment.STANDARD_DAMAGE))) for e in pending["enemies"]),
            pending["mode"] == "together", after, model.reading(play.book), not pending.get("no_luck"), sp)


class ExploredFight(SpecialFight):
    """`SpecialFight` as the explorer reads it: ends with the sheet left, no escape
    inside, a stop where escaping opens (unless `fight_on` is None: fought to the end)."""

    def __init__(self, rules, name: str, fight_on: "ExploredFight | None"):
        skill, damage, absorbs, _limit, enemies, together, after, reading, _allowed, sp = rules
        use_luck, aim = POLICIES[name]
        super().__init__(skill, tuple(s for s, _d in enemies), "together" if together else "one-by-one",
                         use_luck, "optimal" if use_luck else "never", damage, tuple(d for _s, d in enemies),
                         absorbs, reading, specials=sp)
        self.after, self.aim, self.fight_on = after, AIMS[aim], fight_on
        self.chain = Chain(self.expand, self.value)

    def outcomes(self, root) -> list:
        if not self.use_luck:   # Luck never changes: keep it out of the nodes
            luck = root[2]
            ends = self.chain.outcomes(root[:2] + (0,) + root[3:])
            return [(_with_luck(end, luck), p) for end, p in ends]
        return self.chain.outcomes(root)

    def value(self, end: End) -> float:
        if end.outcome == "stop":
            return self.fight_on.chain.value_at(end.detail[:4] + ((),) + end.detail[4:])
        return self.aim(end.outcome)

    def ended(self, outcome, he, luck, arm) -> End:
        return End("lose") if outcome == "lose" else End(outcome, (he, luck, arm))

    def round_start(self, he, es, luck, arm, rnd, wins):
        if self.fight_on is not None and rnd >= self.after:   # escaping opens: the book's move
            return End("stop", (he, es, luck, arm, rnd, wins))
        return (he, es, luck, arm, (), rnd, wins)

    def expand(self, node):
        return [option for option in super().expand(node) if option[0] != "escape"]


def _with_luck(end: End, luck: int) -> End:
    """A "no-luck" end with the Luck the hero had (it never changed)."""
    if end.detail is None:
        return end
    at = 2 if end.outcome == "stop" else 1   # stop: (he, es, luck, ...); else (he, luck, armour)
    return End(end.outcome, end.detail[:at] + (luck,) + end.detail[at + 1:])


def _finisher(end: End):
    def finish(play):
        pending = play.state.pending
        if end.outcome == "lose":
            play.change("endurance", value=0, reason="wound")
            return dead(play, "combat")
        if end.outcome == "stop":
            he, es, luck, arm, rnd, wins = end.detail
            for e, left in zip(pending["enemies"], es):
                e["endurance"] = left
            pending["round"] = rnd
            if "wins" in pending:
                pending["wins"] = wins
        else:
            he, luck, arm = end.detail
        play.change("endurance", value=he, reason="wound")
        play.change("chance", value=luck, reason="luck-test")
        _armour(play, arm)
        if end.outcome == "win":   # every opponent down or `win_rounds` reached, no wound left
            for e in pending["enemies"]:
                e["endurance"] = 0
            pending["queue"], pending["luck"] = [], None
            wounds.drain(play, pending)
        elif end.outcome == "hurt":
            specials.hurt(play, pending)
        elif end.outcome == "timeout":
            pending["round"] = combat._spec(play)["rounds"]
            specials.timeout(play, pending)
    return finish


def _armour(play, left: int) -> None:
    """The armour after the fight: `left` hits before it falls apart, or fallen apart
    (as equipment.absorb)."""
    worn = equipment.armour(play)
    props = equipment.armour_props(play.book, worn)
    if props is None:
        return
    if left <= 0:
        play.lose(worn)
        equipment.wear(play.state, None)
    else:
        play.state.extra["armour_hits"] = int(props.get("hits", 1)) - left
