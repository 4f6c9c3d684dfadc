"""One fight of a book as the odds price it: its opponents and mode, the hero's Attack
Strength bonus, armour and escape as play reads them in a state, and `solve`, which
maps it all to `odds_solver.ff_fight`.  Read by the odds hooks (odds.py) and the
live advice (advice.py)."""
from __future__ import annotations

from engine.rules.defis_fantastiques import combat, equipment, model, wounds
from engine.rules.defis_fantastiques.odds_solver import ff_fight


class View:
    """What the equipment helpers read from a game: the book and the state."""

    def __init__(self, book, state):
        self.book, self.state = book, state


def fighters(spec) -> tuple[list[dict], str]:
    enemies = [{"name": e["name"], "habilete": int(e["habilete"]), "endurance": model.enemy_endurance(e),
                "damage": int(e.get("damage", equipment.STANDARD_DAMAGE))} for e in spec["enemies"]]
    mode = spec.get("mode", "one-by-one")
    if mode == "as-one" and len(enemies) > 1:
        enemies = [model.as_one(enemies)]
    return enemies, mode


def damage_of(enemies):
    """One wound for all, or one per opponent."""
    damages = [e["damage"] for e in enemies]
    return damages[0] if len(set(damages)) == 1 else damages


def worn_before(book, state, luck_wait):
    """The armour as it was before a pending wound taken (absorbs, hits left): the
    wound has counted its hit already, and may have worn the armour out; None: as worn now."""
    if not luck_wait or luck_wait["kind"] != "taken" or not luck_wait.get("absorbs"):
        return None
    now = armour_of(View(book, state))
    return luck_wait["absorbs"], (now[1] if now else 0) + 1


def solve(book, state, spec, fighters, hero_end, sheets, policy, event=None, luck=None, pending=None,
          fight_on=False, armour=None):
    """ff_fight of this fight from a sheet: the hero's Endurance, the opponents'
    (Skill, Endurance), Luck (`luck`, else the state's) under the policy; the
    format 1.1 specials read from the fight under way (`pending`) or as it would begin;
    `fight_on`: no escaping before this round is fought (the advice's "fight on");
    `armour`: (absorbs, hits left) instead of the armour worn."""
    view = View(book, state)
    enemies, mode = fighters
    specials, bonus, progress = specials_of(book, state, spec, pending)
    flags = {"unarmed": equipment.unarmed(view, spec), "forced_unarmed": bool(spec.get("unarmed")),
             "bonus": bonus}
    allowed = model.luck_allowed(book, spec)
    if luck is None:
        luck = state.stats.get("chance", 0)
    luck = luck if policy != "never" and allowed else None
    return ff_fight((combat.hero_skill(view, flags), max(hero_end, 1)), sheets,
                    mode=mode if len(sheets) > 1 else "single", luck=luck,
                    hero_damage=wounds.hero_damage(view, flags), enemy_damage=damage_of(enemies),
                    armour=armour or armour_of(view), pending=event if allowed else None, luck_policy=policy,
                    luck_reading=model.reading(book), specials=specials, progress=progress, fight_on=fight_on,
                    pending_enemy=(pending.get("luck") or {}).get("enemy") if pending else None,
                    queued=queued(pending) if mode == "together" else ())


def queued(pending) -> tuple:
    """The wounds of the round under way still queued (play's `pending["queue"]`)."""
    return tuple(("d" if w["kind"] == "hit" else "t", w["enemy"])
                 for w in ((pending or {}).get("queue") or ()))


def specials_of(book, state, spec, pending):
    """(model.Specials, the `modifiers` bonus, (rounds fought, rounds won)): from the
    fight under way, or as `combat.begin` would start it in this state."""
    # an escape into a death ending is no way out alive: best play never takes it
    escape = None if deadly_escape(book, state, spec) else escape_of(book, state, spec)
    if pending is not None:
        immune = tuple(i in pending.get("immune", ()) for i in range(len(pending["enemies"])))
        return (model.specials(spec, immune if any(immune) else (), escape), pending.get("bonus", 0),
                (pending.get("round", 0), pending.get("wins", 0)))
    flags = model.immune(spec["enemies"], spec.get("mode", "one-by-one"), state.items, state.extra.get("weapon"))
    return model.specials(spec, flags, escape), modifiers_bonus(book, state, spec), (0, 0)


def deadly_escape(book, state, spec) -> bool:
    """Whether the escape leads to a paragraph that is a death ending (la-cloche-de-brumesel
    § 36 -> § 37: 'vous y mourez' is no way out alive)."""
    from engine.book.model import book_endings
    to = (spec.get("escape") or {}).get("to") if isinstance(spec.get("escape"), dict) else None
    if to is None:
        return False
    to = to if isinstance(to, int) else silent_game(book, state).number(to)
    return book_endings(book).get(to) == "death"


def escape_of(book, state, spec) -> model.Escape | None:
    """The fight's escape as `combat._escape` pays it in this state: `after`, the
    Endurance cost (a formula evaluated as play evaluates it), Luck on it or not.
    Other costs (Luck, gold) and the escape's `effects` come after the fight is left:
    they change no chance of the fight."""
    escape = spec.get("escape")
    if not isinstance(escape, dict):
        return None
    from engine.rules.defis_fantastiques.module import DefisFantastiques
    module, cost = DefisFantastiques(), 0
    for stat, value in (escape.get("cost") or {}).items():
        known = module.stat(stat)
        if known is not None and known.name == "endurance":
            cost += value if isinstance(value, int) else silent_game(book, state).number(value)
    return model.Escape(int(escape.get("after", 0)), cost, model.escape_luck(book, spec))


def silent_game(book, state):
    """A silent game in this state, to evaluate the book's expressions as play does."""
    from engine.game.dice import SeededDice
    from engine.game import Game
    from engine.rules.defis_fantastiques.module import DefisFantastiques
    return Game(book, DefisFantastiques(), SeededDice(0), state=state.copy(), undo=False, narrate=False)


def modifiers_bonus(book, state, spec) -> int:
    """The `modifiers` whose condition holds in this state (as combat.begin evaluates them)."""
    if not spec.get("modifiers"):
        return 0
    from engine import expr as X
    game = silent_game(book, state)
    return sum(int(m.get("attack", 0)) for m in spec["modifiers"]
               if game.evaluate(X.parse(str(m["if"]), "condition")))


def armour_of(view):
    props = equipment.armour_props(view.book, equipment.armour(view))
    if props is None:
        return None
    left = int(props.get("hits", 1)) - view.state.extra.get("armour_hits", 0)
    return (int(props.get("absorbs", 0)), left) if left > 0 else None
