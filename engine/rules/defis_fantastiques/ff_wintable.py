"""P(win) only, without Luck, for every starting Endurance of a family (`gamebook odds`).

Why a second solver next to ``ff_noluck``: the book table needs one number
per variant, not final distributions nor expected rounds, and it solves
hundreds of tables, so the inner loop must be lean.  Same states, same
order, same exactness argument as :class:`~.ff_noluck.NoLuckFight`, with:

* one common scale: a state's value ``V`` is kept as ``G = V * M**P`` with
  ``P`` the largest wound potential of the table.  ``V * M**W`` is an integer
  (``W`` = the state's potential <= P), so ``G`` is too and one round gives
  ``G = scale * sum(weight * G(next)) // M`` with an EXACT division; no power
  of ``M`` is looked up per outcome;
* interchangeable enemies ("together"): enemies with the same Skill are
  sorted by Endurance (decreasing) in every state, and a target equal to an
  earlier one (same Skill, same Endurance) is not tried twice.  Enemies of a
  "together" fight differ only by their sheets: the wounds the others deal in
  a round are all alike, so their list order never changes the outcome;
* states are numbered once, rows are plain lists indexed by that number.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from engine.rules.defis_fantastiques.ff_noluck import NoLuckFight


class WinTable(NoLuckFight):
    """P(win) of every hero Endurance up to ``max_he`` against ``es0`` and ``arm0``."""

    def __init__(self, fight, es0: tuple, arm0: int, max_he: int):
        self.f, self.arm0, self.max_he, self.only_start = fight, arm0, max_he, False
        self.groups = _groups(fight) if fight.mode == "together" else None
        # an enemy's Endurance only matters through the wounds it still takes
        self.es0 = self._canon(tuple(-(-e // fight.hd) for e in es0))
        self._check_size()   # (NoLuckFight's bound on states: this table has as many)
        self.options = {}
        states = self._states()
        opts = [self._state_options(es) for es in states]
        self.M = lcm(*(norm for per in opts for norm, _o, _t in per))
        self.index = {es: n for n, es in enumerate(states)}
        self.plan = [self._plan(es, per) for es, per in zip(states, opts)]
        self.P = self.potential(max_he, self.es0, arm0)
        self.rows: dict = {}
        self._fill()

    def _canon(self, es: tuple) -> tuple:
        if self.groups is None:
            return es
        out = list(es)
        for group in self.groups:
            for pos, value in zip(group, sorted((es[p] for p in group), reverse=True)):
                out[pos] = value
        return tuple(out)

    def _states(self) -> list:
        """Canonical enemy states in dependency (lexicographic) order."""
        return [es for es in self._enemy_states() if self._canon(es) == es]

    def _state_options(self, es) -> list:
        """[(normaliser, outcomes, target)], one per distinct target of ``es``."""
        mask = tuple(e > 0 for e in es)
        if mask not in self.options:
            self.options[mask] = self._options(mask)
        seen, out = set(), []
        for i, outs, norm, _den in self.options[mask]:
            key = (self.f.skills[i], es[i])
            if self.groups is None or key not in seen:
                seen.add(key)
                out.append((norm, outs, i))
        return out

    def _plan(self, es, per) -> list:
        """[(scale, won weight, [(weight, j, next index)] sorted by j, cuts)] of one
        enemy state; ``cuts[k]`` = how many outcomes leave the hero k wounds or fewer."""
        plan, me = [], self.index[es]
        for norm, outs, i in per:
            hurt = es[:i] + (es[i] - 1,) + es[i + 1:]
            won = not any(hurt)
            after = None if won else self.index[self._canon(hurt)]
            rest = sorted((j, w, after if dealt else me) for w, dealt, j in outs if not (dealt and won))
            cuts = [sum(1 for j, _w, _n in rest if j <= k) for k in range(len(self.es0) + 1)]
            plan.append((self.M // norm, sum(w for w, dealt, _j in outs if dealt and won),
                         [(w, j, n) for j, w, n in rest], cuts))
        return plan

    def potential(self, he, es, arm) -> int:
        return -(-he // self.f.ed) + sum(es) + arm

    def _fill(self):
        most = len(self.es0)
        win = self.M ** self.P
        size = len(self.plan)
        for arm, he in self._heroes():
            if arm == 0 and (he - 1) % self.f.ed:
                # without armour only the wounds he can still take matter
                self.rows[(0, he)] = self.rows[(0, he - (he - 1) % self.f.ed)]
                continue
            hits = self._hits(he, arm, most)
            row = [0] * size
            rows = [row] + [self.rows[(h[1], h[0])] for h in hits[1:] if h]
            self.rows[(arm, he)] = row
            self._fill_row(row, rows, len(rows) - 1, win)

    def _fill_row(self, row, rows, alive, win):
        """One hero (Endurance, armour): every enemy state, in dependency order;
        ``rows[j]`` is the hero's row after j wounds, ``alive`` the most he survives."""
        M = self.M
        for n, plan in enumerate(self.plan):
            best = 0
            for scale, won, outs, cuts in plan:
                total = won * win
                for weight, j, nxt in outs[:cuts[alive]]:
                    total += weight * rows[j][nxt]
                total *= scale
                if total > best:
                    best = total
            row[n] = best // M

    def win(self, he: int) -> Fraction:
        """Exact P(win) from the initial enemies and armour, hero Endurance ``he``."""
        return Fraction(self.rows[(self.arm0, he)][self.index[self.es0]], self.M ** self.P)


def _groups(fight) -> list:
    """Positions of the enemies sharing a Skill (groups of two or more)."""
    by_skill: dict = {}
    for pos, skill in enumerate(fight.skills):
        by_skill.setdefault(skill, []).append(pos)
    return [g for g in by_skill.values() if len(g) > 1]

