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
  kept alone) and the fight's `modifiers` where they add, his Endurance and
  Luck at their most, the armour at its full hits (no armour is an armour of 0 hits
  left: it is priced only where the book has none).  Any weaker hero, on the same dice,
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

from engine.analysis.chain import End
from engine.analysis.explore.chains import Chain
from engine.rules.defis_fantastiques import model
from engine.rules.defis_fantastiques.odds_special import SpecialFight

COUPLED_KEYS = ("rounds", "timeout")
NOT_COUPLED = ("escape", "hurt", "win_rounds")


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
    chains expanded (`Expanded`), kept by the caller for the next `worth`."""
    skill, stamina = hero.get("habilete"), hero.get("endurance")
    lucky = model.luck_allowed(book, spec)
    if not shaped(spec, opponents[0]) or skill is None or stamina is None or (lucky and hero.get("chance") is None):
        return None
    sheet = {"habilete": skill, "endurance": max(stamina, 1), "chance": hero.get("chance")}
    paid = rewards(spec, sheet, worth, lucky)
    keys = _chains(book, spec, {**sheet, "chance": sheet["chance"] if lucky else 0}, opponents, gear, lucky)
    valued = (tuple(keys), tuple(paid.values()))
    if valued not in cache:   # (the routes ask again with the same values while others move)
        best = 0.0
        for key in keys:
            if key not in cache:
                cache[key] = Expanded(*key)
            best = max(best, cache[key].best(lambda end: 0.0 if end.outcome == "lose"
                                             else paid[(end.outcome,) + end.detail]))
        cache[valued] = min(1.0, best)
    return cache[valued]


def _chains(book, spec, sheet: dict, opponents, gear, lucky: bool) -> list:
    """The constants of each chain to solve: one a weapon and armour (or none)."""
    enemies, _mode = opponents
    bonus = sum(max(0, int(m.get("attack", 0))) for m in spec.get("modifiers") or ())
    weapons, armours = gear
    armours = [a for a in armours if a is not None] or [None]   # (no armour: one of 0 hits left)
    return sorted({(sheet["habilete"] + bonus + attack, enemies[0][0], lucky, damage, enemies[0][2],
                    armour, model.reading(book), model.specials(spec), enemies[0][1], sheet["endurance"],
                    sheet["chance"]) for attack, damage in weapons for armour in armours}, key=repr)


class Expanded:
    """A fight's chain from the hero's best sheet, expanded once (the module's
    `expand`) and numbered children first, solved again for each valuation of its
    ends (`best`)."""

    def __init__(self, skill, enemy, lucky, damage, wound, armour, reading, sp, endurance, stamina, luck):
        fight = Ended(skill, (enemy,), "single", lucky, "optimal" if lucky else "never", damage, wound,
                      armour[0] if armour else 0, reading, specials=sp)
        self.ends: list = []     # the End of each end number
        self.options: list = []  # each node's options [(weights, children, norm)], children first
        root = fight.step(stamina, (endurance,), luck, armour[1] if armour else 0, (), 0, 0)
        self._number: dict = {}  # node or End -> its number (an End's: -1 - its place in `ends`)
        self._expand(fight, root)
        self.root = self._number.pop(root)
        del self._number

    def _expand(self, fight, root) -> None:
        """Number every node reachable from `root` after its children (a parry's stay
        folded into the norm, as chains.py)."""
        number, pending, stack = self._number, {}, [(root, False)]
        while stack:
            node, done = stack.pop()
            if node in number:
                continue
            if node.__class__ is End:
                number[node] = -1 - len(self.ends)
                self.ends.append(node)
                continue
            if done:
                number[node] = len(self.options)
                self.options.append([(tuple(w for w, _c in dist), tuple(number[c] for _w, c in dist), denom - stay)
                                     for _l, dist, stay, denom, _cost in pending.pop(node)])
                continue
            if node in pending:
                continue
            found = pending[node] = fight.expand(node)
            stack.append((node, True))
            stack.extend((c, False) for option in found for _w, c in option[1] if c not in number)

    def best(self, end_value) -> float:
        """The best play's value of the ends from the root (`end_value`: an End -> its value)."""
        if self.root < 0:
            return end_value(self.ends[-1 - self.root])
        values = [0.0] * len(self.options) + [end_value(e) for e in reversed(self.ends)]
        for i, options in enumerate(self.options):   # (an End's number -1 - k reads values[-1 - k])
            values[i] = max(sum(w * values[c] for w, c in zip(weights, children)) / norm
                            for weights, children, norm in options)
        return values[self.root]
