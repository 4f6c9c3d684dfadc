"""Exact fight odds for Cretan Chronicles (rule module "chroniques-cretoises").

The fight is `transitions.Fight`, the transition function built from the rules
play uses (`model.py`); this module only enumerates it with
`engine.analysis.chain.solve` and words the result as a `FightOdds`:

* outcomes ``win``, ``lose`` (``shame`` is its part due to Shame weighed at the end
  of the fight), ``all-badly-wounded`` (a group whose every opponent is Grièvement
  Blessé when the book sends that case to a paragraph), and, for the moves of the
  live advice, ``retreat`` and ``surrender``; ``stalemate`` where neither side can
  ever wound any more (one die each, `all_wounded_two_dice: false`): the fight would
  never end, valued as a loss; they sum to exactly 1;
* the policy maximises the chance of surviving the fight (every outcome but
  ``lose``); ``advice`` ("spend:N") is the best spend for the pending strike;
* `moves` weighs every move the player has now, retreat and surrender included,
  each followed by the best fight to the end.
"""
from __future__ import annotations

from typing import Sequence

from engine.analysis.chain import ZERO, End, solve
from engine.analysis.result import FightOdds

from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.transitions import Fight

RULES_ID = "chroniques-cretoises"
CONDITIONS = ("indemne", "blessé", "grièvement-blessé")
OUTCOMES = ("win", "lose", "all-badly-wounded", "retreat", "surrender", "hurt", "timeout", "stalemate", "shame")
hit_ways = R.hit_ways


def _end_value(end: End) -> int:
    return 1 if end.outcome in R.SURVIVED else 0


def _condition(name: str) -> int:
    if name not in CONDITIONS:
        raise ValueError(f"unknown condition {name!r}; expected one of {CONDITIONS}")
    return CONDITIONS.index(name)


def cc_fight(hero: tuple[int, int], enemies: Sequence[tuple[int, int]], *,
             hero_condition: str = "indemne", enemy_conditions: Sequence[str] | None = None,
             honour: int = 0, spend_honour: bool = False, hero_first: bool = True,
             honte: int | None = None, reward: int = 0, max_states: int = 2_000_000,
             pending: str | None = None, all_down: str = "end", exhausted: bool = False,
             lock: bool = True, two_dice: bool = True) -> FightOdds:
    """Exact odds of a Cretan Chronicles fight; sheets are (Force, Protection).
    `honte` None: Shame is not weighed; `all_down`: "end" (the book's paragraph)
    or "continue" (the last opponent fights on)."""
    rules, node = fight_of(hero, enemies, hero_condition=hero_condition,
                           enemy_conditions=enemy_conditions, honour=honour,
                           spend_honour=spend_honour, honte=honte, reward=reward,
                           all_down=all_down, exhausted=exhausted, lock=lock, two_dice=two_dice,
                           hero_first=(pending == "attack") if pending else hero_first)
    if pending not in (None, "attack", "defence"):
        raise ValueError(f"unknown pending strike {pending!r}")
    return solve_fight(rules, node, advise=bool(pending), max_states=max_states)


def fight_of(hero, enemies, *, hero_condition="indemne", enemy_conditions=None, honour=0,
             spend_honour=False, honte=None, reward=0, all_down="end", exhausted=False,
             lock=True, two_dice=True, hero_first=True) -> tuple[R.Rules, tuple]:
    """The model's rules and root node of a fight given by its numbers."""
    if not enemies:
        raise ValueError("no enemy")
    if honour < 0:
        raise ValueError("Honour cannot be negative")
    if all_down not in ("end", "continue"):
        raise ValueError(f"unknown all_down {all_down!r}")
    conds = [_condition(c) for c in (enemy_conditions or ["indemne"] * len(enemies))]
    if len(conds) != len(enemies):
        raise ValueError("one condition per enemy")
    # Shame not given: never weighed (a Shame of -1 never exceeds an Honour)
    rules = R.Rules(int(hero[0]), int(hero[1]), tuple((int(f), int(p), False, False) for f, p in enemies),
                    -1 if honte is None else honte, reward, two_dice, all_down_ends=all_down == "end",
                    lock=lock, exhausted=exhausted, spend=spend_honour)
    node = R.node_of(hero_first, _condition(hero_condition), 0, [(c, R.FIGHTING) for c in conds], honour)
    return rules, node


def solve_fight(rules: R.Rules, node, *, advise=False, moves=False, keep=0,
                max_states: int = 2_000_000, only: str | None = None) -> FightOdds:
    """Solve from `node`; `moves`: retreat and surrender are moves at the root;
    `only`: the root keeps the options of that label only (one move weighed)."""
    fight = Fight(rules, node[4], keep, node if moves and only is None else None)
    expand, root = fight.expand, node
    if only is not None:
        # the move is made once: its root is a node of its own, and a double miss comes
        # back to the fight's node, where every move is open again
        root = ("move", node)
        def expand(n, base=fight.expand):
            if n != root:
                return base(n)
            return [(label, dist + (((stay, node),) if stay else ()), 0, denom, cost)
                    for label, dist, stay, denom, cost in base(node) + (fight.escapes(node) if moves else [])
                    if label == only]
    sol = solve(root, expand, _end_value, max_states)
    return _odds(sol, rules.spend, advise)


def moves(rules: R.Rules, node, max_states: int = 2_000_000) -> list[tuple[str, FightOdds]]:
    """Every move open at `node` (each distinct spend, retreat, surrender), with the
    odds of making it and then fighting on at best."""
    fight = Fight(rules, node[4], 0, node)
    labels = list(dict.fromkeys(o[0] for o in fight.expand(node)))
    return [(label, solve_fight(rules, node, moves=True, only=label, max_states=max_states))
            for label in labels]


def _odds(sol, spend_honour: bool, advise: bool) -> FightOdds:
    totals = {name: ZERO for name in OUTCOMES}
    final: dict = {name: ZERO for name in CONDITIONS + ("mort",)}
    for end, p in sol.ends.items():
        totals[end.outcome] += p
        alive = end.outcome in R.SURVIVED + ("stalemate",)
        final[CONDITIONS[end.detail] if alive else "mort"] += p
    totals["lose"] += totals["shame"]
    outcomes = {k: v for k, v in totals.items() if v or k in ("win", "lose")}
    policy = "optimal" if spend_honour and sol.has_choice else "none"
    advice = (sol.root_label or "spend:0") if advise and spend_honour else None
    return FightOdds(totals["win"], totals["lose"], outcomes,
                     {k: v for k, v in final.items() if v}, sol.expected_rounds,
                     policy, advice)
