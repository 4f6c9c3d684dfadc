"""Exact combat odds for the module (the `fight_odds` / `hero_variants` hooks).

A combat field is mapped to `odds_solver.cc_fight`: the hero's
current Force and Protection (weapon and armour included by the sheet), his
condition, the opponents' Force/Protection/condition, `initiative: enemy`,
Honour spent optimally (policy "optimal") or not at all ("never"), Shame and
the `reward` (a number; a dice formula counts as 0 for the Shame check).

Live odds (`pending`): only the opponents still "fighting"; the strike that
comes next (`pending["turn"]`) is the decision the advice is about.
Variants: the hero of the book as written ("typical"); Cretan Chronicles
characters are not rolled.
"""
from __future__ import annotations

from .odds_solver import CONDITIONS, cc_fight

from . import names as N


def _condition(value) -> str:
    index = N.condition_index(value) if value is not None else 0
    return CONDITIONS[min(index or 0, 2)]


def fight_odds(book, state, spec, pending=None, policy="optimal"):
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    if pending:
        enemies = [e for e in pending["enemies"] if e.get("state", "fighting") == "fighting"]
        first = pending.get("turn", "hero") == "hero"
    else:
        enemies = spec["enemies"]
        first = spec.get("initiative") not in ("enemy", "adversaire")
    if not enemies:
        return None
    honour = state.stats.get("honneur", 0)
    spend = policy != "never" and honour > 0
    reward = spec.get("reward", 0)
    kwargs = dict(hero_condition=_condition(state.extra.get("condition", 0)),
                  enemy_conditions=[_condition(e.get("condition", 0)) for e in enemies],
                  honour=honour, spend_honour=spend, honte=state.stats.get("honte"),
                  reward=reward if isinstance(reward, int) else 0)
    if spend:
        kwargs["pending"] = "attack" if first else "defence"
    else:
        kwargs["hero_first"] = first
    return cc_fight((state.stats["force"], state.stats["protection"]),
                    [(int(e["force"]), int(e["protection"])) for e in enemies], **kwargs)


def hero_variants(module, book):
    from engine.dice import SeededDice
    from engine.game import Game
    return [("typical", Game(book, module, SeededDice(0)).state)]
