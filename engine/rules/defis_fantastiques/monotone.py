"""The stats more of which is never worse under the rules of Défis Fantastiques (read
by engine/analysis/compiled/monotone.py, which adds the book's own reads).

Take two heroes equal in everything but these stats, the first holding at least as
much of each.  Played side by side with the same dice and the same decisions, the
first stays at least as well off at every step, or the second dies first, under
every rule that reads them:

* Endurance ("ENDURANCE ... lorsqu'il tombe à zéro, vous êtes mort"): death at 0 is
  the worst end (worth 0).  A fight is coupled round by round: the same Attack
  Strengths (Endurance is no part of them), the same wounds (the same weapon,
  armour and Luck decisions; a Luck test reads Luck, not Endurance, and a lucky
  wound taken costs a number fixed by the wound, `wounds.py`), so both lose the
  same points until the second dies, the first still standing; a fight's `hurt:`
  (the fight stops at the first wound that costs Endurance and does not kill)
  stops both at the same wound, or the second dies there; an escape's cost is
  paid by both (a wound Luck may lessen the same way); `rounds:`, `win_rounds:`
  count rounds, not points.  A meal ("vous pouvez gagner jusqu'à 4 points
  d'endurance") gives min(x + 4, maximum): the order kept (refused at the maximum,
  the first keeps the meal, one Provision more: see below); the maximum is a
  starting value (a column of its own, equal in both).  No test reads Endurance
  (rolls.py: a test of Luck or Skill only).
* Provisions: read only by a meal, offered while one is held (`can_eat`): the
  first may eat whenever the second does (or is at its maximum already, holding
  a Provision more), the meal's Endurance as above.
* Pièces d'Or: the rules never read the gold (`passive_stats`): only the book does,
  which compiled/monotone.py checks.

`endurance_max` (and the other maxima an expression reads) is the maximum, a
starting value or a moved one (`sheet.maximum`), never the stat itself: equal in
both heroes.

Not Habileté or Chance: a test's success is not better than its failure (the book
says what each leads to), and a higher Skill changes every round of a fight.
What a paragraph's fight or test reads beyond that (`field_reads`) breaks the
order for the stats it names: a test of a stat (never one above), a fight's
`modifiers` whose condition names one (a bonus to the Attack Strength is not
provably better).  And the Endurance wherever a fight may offer a strategy with
decisions: the explorer prices a fight under strategies (explore.py `POLICIES`),
the best of them; "no-luck" decides nothing (against one opponent at a time, or
"together" without `hurt`/`rounds`), so it is coupled as above, but "luck-optimal",
"luck-survive" and "no-luck-survive" decide each Luck test or target by the whole
fight state, Endurance included: the richer hero's strategy is not the poorer's
decisions, and nothing proves its ends better.  So a fight where Luck may be
tested (`luck:` not false) or "together" with `hurt:` or `rounds:` breaks it.
"""
from __future__ import annotations

import re
from types import MappingProxyType

MONOTONE = MappingProxyType({
    "endurance": "death at 0 is the worst end; fights coupled round by round; meals min(x + 4, max)",
    "provisions": "read only by a meal, offered while one is held",
    "or": "never read by the rules (passive_stats): the book's reads decide",
})

WORD = re.compile(r"[^\W\d]\w*")


def field_reads(fields: dict) -> set:
    """The words naming what a paragraph's fight and test read other than as the
    module docstring allows: a test's stat, each word of a fight's `modifiers`
    conditions, the Endurance where the fight may offer a strategy with decisions
    (an escape's cost is paid alike: not counted; an opponent's own Skill and
    Stamina are the opponent's)."""
    found: set = set()
    test = fields.get("test")
    if isinstance(test, dict):
        found.add(str(test.get("type", "")))
    combat = fields.get("combat")
    if isinstance(combat, dict):
        ends = combat.get("hurt") is not None or combat.get("rounds") is not None
        if combat.get("luck", True) is not False or (combat.get("mode") == "together" and ends):
            found.add("endurance")   # (a strategy with decisions may be offered: docstring)
        for m in combat.get("modifiers") or ():
            if isinstance(m, dict):
                found.update(WORD.findall(str(m.get("if", ""))))
        escape = combat.get("escape")
        if isinstance(escape, dict):
            for amount in (escape.get("cost") or {}).values():
                if type(amount) is not int:   # (a cost read from the hero's state: not paid alike)
                    found.update(WORD.findall(str(amount)))
    return found
