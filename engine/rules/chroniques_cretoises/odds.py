"""Exact combat odds for the module (the `fight_odds` / `fight_moves` / `hero_variants` hooks).

A combat field and the sheet become the model's `Rules` and root node
(`rules_of`, `node_of`, also read by the explorer's fight nodes), solved by
`odds_solver`: the hero's current Force and Protection (weapon and armour included
by the sheet), his condition, Honour (spent at best, policy "optimal", or not at
all, "never"), Shame, whether Honour already fell to 0 (`honour_zero_lock`), the
`reward` (a dice formula counts as 0), `initiative`, the book's `all_down`
(a paragraph ends the fight "all badly wounded"; `continue`, the default, lets the
last opponent fight on), the retreat and surrender it offers, opponents who
surrender (accepted, as the rules require), the format 1.1 specials (`hurt`,
`hurt_only_by`, `rounds`/`timeout`, `win_rounds`, `first_round`, `modifiers`:
`specials.py`).

Live odds (`pending`): from the point the fight is at (every opponent with his
condition and state, whose strike it is, a failed retreat, a refused surrender,
an opponent's surrender waiting for an answer: as accepted).
Variants: the hero of the book as written ("typical"); Cretan Chronicles
characters are not rolled.
"""
from __future__ import annotations

from engine import expr as X
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import specials
from engine.rules.chroniques_cretoises.odds_solver import moves, solve_fight


def rules_of(book, state, spec, enemies, spend=True, pending=None) -> R.Rules:
    """What does not change during the fight, as play reads it (combat.py, endings.py);
    the format 1.1 `modifiers` as weighed when the fight began (`pending`), or now."""
    reward = spec.get("reward", 0)
    retreat = spec.get("retreat")
    if retreat is not None:
        retreat = (1, 4) if isinstance(retreat, int) else tuple(retreat.get("range", [1, 4]))
    surrender = spec.get("surrender")
    if surrender is not None:
        surrender = bool(surrender.get("accepted", True))
    bonus = pending.get("force_bonus", 0) if pending else specials.force_bonus(book, state, spec)
    return R.Rules(
        state.stats["force"] + bonus, state.stats["protection"],
        tuple((int(e["force"]), int(e["protection"]), bool(e.get("beast", False)),
               bool(e.get("surrenders", False))) for e in enemies),
        state.stats.get("honte", 0), reward if isinstance(reward, int) else 0,
        bool(book.options.get("all_wounded_two_dice", True)), retreat, surrender,
        isinstance(spec.get("all_down"), int), bool(state.extra.get("lock_zero", True)),
        bool(state.extra.get("honour_exhausted", False)), spend, "hurt" in spec,
        tuple(not R.harmed(e.get("hurt_only_by"), state.items) for e in enemies),
        *specials.counted(spec), all_down_wins=R.all_down_wins(spec))


def node_of(state, spec, pending=None) -> tuple:
    """The model's node where the fight is (its start when `pending` is None)."""
    h, hc = state.stats.get("honneur", 0), state.extra.get("condition", 0)
    if not pending:
        first = spec.get("initiative") not in ("enemy", "adversaire")
        conds = [(N.condition_index(e.get("condition", 0)) or 0, R.FIGHTING) for e in spec["enemies"]]
        return R.node_of(first, hc, 0, conds, h)
    enemies = [(e["condition"], R.STATES[e["state"]]) for e in pending["enemies"]]
    offer = pending.get("offer")
    if offer is not None:   # his surrender accepted, as the rules require
        enemies[offer] = (enemies[offer][0], R.SPARED)
        left = [j for j, (_c, s) in enumerate(enemies) if s == R.FIGHTING]
        current, turn = (left[0] if left else offer), "enemy"
    else:
        current, turn = pending["current"], pending["turn"]
    rounds, win_rounds, first = specials.counted(spec)
    return R.node_of(turn == "hero", hc, current, enemies, h, pending.get("all_down", False),
                     pending.get("retreat_failed", False), pending.get("surrender_refused", False),
                     R.strike_count(pending.get("strikes", 0), rounds, first),
                     R.wound_count(pending.get("wounds", 0), win_rounds))


def _fight(book, state, spec, pending, policy):
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    enemies = pending["enemies"] if pending else spec["enemies"]
    node = node_of(state, spec, pending)
    if not any(s == R.FIGHTING for _c, s in node[3]):
        return None
    try:
        return rules_of(book, state, spec, enemies, spend=policy != "never" and node[4] > 0, pending=pending), node
    except X.EvalError:   # a `modifiers` condition rolls dice: known once the fight began
        return None


def fight_odds(book, state, spec, pending=None, policy="optimal"):
    found = _fight(book, state, spec, pending, policy)
    if found is None:
        return None
    rules, node = found
    return solve_fight(rules, node, advise=bool(pending))


def fight_moves(book, state, spec, pending, policy="optimal"):
    """Every move open now, with its odds (then fighting to the end at best)."""
    found = _fight(book, state, spec, pending, policy)
    return None if found is None else moves(*found)


def hero_variants(module, book):
    from engine.game.dice import SeededDice
    from engine.game import Game
    return [("typical", Game(book, module, SeededDice(0)).state)]
