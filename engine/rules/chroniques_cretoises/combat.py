"""The combat activity: its state, and the prompt offered at each moment.

The whole fight lives in `state.pending` as plain JSON (a save in the middle of a
fight works): the opponents with their condition, whose strike it is, whether a
retreat or a surrender was already tried.  The hero's condition is the sheet's.
Answers are carried out in `fight.py`; how a fight ends is in `endings.py`.
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules import french as F
from engine.rules.labels import with_bonus
from engine.rules.base import Option, Prompt
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import strike
from engine.rules.chroniques_cretoises import specials
from engine.rules.chroniques_cretoises.gods import price_note

M = Message


def spec_of(play) -> dict:
    return play.book.paragraphs[play.state.paragraph].fields.get("combat") or {}


def begin(play, spec: dict) -> dict:
    p = start(spec, specials.begin_bonus(play, spec))
    enemies = p["enemies"]
    listed = [e["name"] for e in enemies]
    if len(enemies) > 1:   # one opponent: the prompt's title already names him
        names = ", ".join(listed[:-1])
        play.emit("combat-start", f"Vous affrontez {len(enemies)} adversaires, l'un après l'autre : "
                  f"{F.group(enemies)['fr']}.", f"You face {len(enemies)} opponents, one after the "
                  f"other: {names} and {listed[-1]}.", enemies=listed)
    else:
        play.emit("combat-start", enemies=listed)
    return p


def start(spec: dict, force_bonus: int) -> dict:
    """The fight's state when it begins (`begin`; the compiled explorer's vector rules
    ask it too): the opponents as the book gives them, who strikes first, the Force
    its `modifiers` add."""
    enemies = [{"name": e["name"], "force": int(e["force"]), "protection": int(e["protection"]),
                "beast": bool(e.get("beast", False)), "items": list(e.get("items") or []),
                "surrenders": bool(e.get("surrenders", False)),
                "condition": N.condition_index(e.get("condition", 0)) or 0, "state": "fighting",
                **({"article": e["article"]} if "article" in e else {}),
                **({"hurt_only_by": list(e["hurt_only_by"])} if e.get("hurt_only_by") else {})}
               for e in spec.get("enemies") or []]
    first = "enemy" if spec.get("initiative") in ("enemy", "adversaire") else "hero"
    return {"enemies": enemies, "current": 0, "turn": first, "acted": first == "enemy",
            "retreat_failed": False, "surrender_refused": False, "offer": None, "all_down": False,
            "strikes": 0, "wounds": 0, "force_bonus": force_bonus}


def fighting(p: dict) -> list[int]:
    return [i for i, e in enumerate(p["enemies"]) if e["state"] == "fighting"]


def enemy_force(p: dict, i: int) -> int:
    """Own Force + 1 for each surviving companion still to come after him (model.enemy_force)."""
    return R.enemy_force(p["enemies"][i]["force"], [R.STATES[e["state"]] for e in p["enemies"]], i)


def hero_condition(play) -> int:
    return play.state.extra.get("condition", 0)


def all_badly_wounded(play, p: dict) -> bool:
    return R.everyone_badly_wounded(hero_condition(play), [p["enemies"][i]["condition"] for i in fighting(p)])


def two_dice_rule(play) -> bool:
    return bool(play.book.options.get("all_wounded_two_dice", True))


def hero_dice(play, p: dict) -> int:
    return R.dice(hero_condition(play), all_badly_wounded(play, p), two_dice_rule(play))


def enemy_dice(play, p: dict) -> int:
    e = p["enemies"][p["current"]]
    return R.dice(e["condition"], all_badly_wounded(play, p), two_dice_rule(play))


def fight_values(play, p: dict) -> tuple[tuple[Message, str | Message], ...]:
    """The hero's numbers in this fight (RuleModule.fight_values): Force and
    Protection, the dice a strike rolls now (hero_dice: one when badly wounded), the
    state of health."""
    stats = play.state.stats
    # a modifier's or a first round's bonus is shown as one, not as Force
    values = [(Message("Force", "Strength"), with_bonus(specials.hero_force(play, p), stats.get("force", 0))),
              (Message("Protection", "Protection"), str(stats.get("protection", 0))),
              (Message("Dés", "Dice"), str(hero_dice(play, p))),
              (Message("État", "Condition"), N.CONDITION_LABELS[hero_condition(play)])]
    win_rounds = specials.counted(spec_of(play))[1]
    if win_rounds:
        values.append((Message("Blessures infligées", "Wounds dealt"), f"{p.get('wounds', 0)}/{win_rounds}"))
    return tuple(values)


def foe_values(play, p: dict, i: int) -> tuple[tuple[Message, str | Message], ...]:
    """An opponent's numbers in this fight (RuleModule.foe_values): his Force and
    Protection as the book gives them, and his condition (Blessé...)."""
    e = p["enemies"][i]
    return ((Message("Force", "Strength"), str(e.get("force", 0))),
            (Message("Protection", "Protection"), str(e.get("protection", 0))),
            (Message("État", "Condition"), N.CONDITION_LABELS[e.get("condition", 0)]))


def _status(play, p: dict) -> Message:
    hero = N.CONDITION_LABELS[hero_condition(play)]
    parts_fr, parts_en = [f"Althéos : {hero.fr}"], [f"Althéos: {hero.en}"]
    for i, e in enumerate(p["enemies"]):
        label = N.CONDITION_LABELS[e["condition"]]
        gone = {"left": (" (écarté)", " (out of the fight)"), "dead": (" (mort)", " (dead)"),
                "spared": (" (s'est rendu)", " (surrendered)")}.get(e["state"], ("", ""))
        facing = i == p["current"] and e["state"] == "fighting" and len(p["enemies"]) > 1
        mark = (" (face à vous)", " (facing you)") if facing else ("", "")
        parts_fr.append(f"{e['name']}{mark[0]} : {label.fr}{gone[0]}")
        parts_en.append(f"{e['name']}{mark[1]}: {label.en}{gone[1]}")
    return M(" — ".join(parts_fr), " — ".join(parts_en))


def prompt(play, p: dict) -> Prompt:
    if p.get("offer") is not None:
        return _offer_prompt(play, p)
    if not play.narrate:  # the explorer: the options only
        return _bare_prompt(play, p)
    e = p["enemies"][p["current"]]
    title = M(f"Combat contre {F.the(e)}", f"Fight against {e['name']}")
    if p["turn"] == "hero":
        info = (_status(play, p), _hero_need(play, p), _spend_line(play, True))
        rounds = specials.round_line(play, p)   # format 1.1: "Assaut 2/4"
        info = info if rounds is None else (rounds,) + info
        return Prompt("combat", tuple(_hero_options(play, p)), title, info, default="strike")
    info = (_status(play, p), _enemy_need(play, p), _spend_line(play, False))
    return Prompt("combat", tuple(_enemy_options(play, p)), title, info, default="defend")


def _bare_prompt(play, p: dict) -> Prompt:
    """The explorer's prompt, made once for each paragraph and each set of answers
    (the game's memo): the key holds everything the options depend on."""
    st, spec = play.state, spec_of(play)
    condition = st.extra.get("condition", 0)   # hero_condition
    hon, surrender = st.stats.get("honneur", 0), _surrender_open(spec, p, condition)
    if p["turn"] == "hero":
        use, fresh = spec.get("use"), not p["acted"]
        key = ("cc-hero", st.paragraph, hon, _retreat_open(spec, p, condition), surrender,
               fresh and "invoke" in spec, fresh and bool(use) and st.items.get(use["item"], 0) > 0)
    else:
        key = ("cc-enemy", st.paragraph, hon, surrender)
    made = play.memo.get(key)
    if made is None:
        options = _hero_options(play, p) if p["turn"] == "hero" else _enemy_options(play, p)
        made = play.memo[key] = Prompt("combat", tuple(options))
    return made


def _hero_need(play, p: dict) -> Message:
    e = p["enemies"][p["current"]]
    return _need(play, hero_dice(play, p), specials.hero_force(play, p), e["protection"], True,
                 ("À vous de frapper", "Your strike"), (f"Protection {e['protection']}",) * 2)


def _enemy_need(play, p: dict) -> Message:
    i = p["current"]
    e, prot = p["enemies"][i], play.state.stats["protection"]
    helpers = enemy_force(p, i) - e["force"]
    aid = N.count(helpers, ("compagnon", "compagnons"), ("companion", "companions"))
    who = (f"{F.The(e)} frappe", f"{e['name']} strikes") if not helpers else \
        (f"{F.The(e)} frappe (Force {e['force']} + {helpers} : {aid.fr} encore à affronter)",
         f"{e['name']} strikes (Strength {e['force']} + {helpers}: {aid.en} still to fight)")
    return _need(play, enemy_dice(play, p), enemy_force(p, i), prot, False, who,
                 (f"votre Protection {prot}", f"your Protection {prot}"))


def _need(play, count, force, protection, hero, who, against) -> Message:
    """The line shown before a roll: dice, Force, Protection, the number needed."""
    fr, en = strike.chance_words(count, strike.needed(force, protection))
    dice = N.count(count, ("dé", "dés"), ("die", "dice"))
    return M(f"{who[0]} : {dice.fr} + Force {force} contre {against[0]} ; "
             f"il {'vous' if hero else 'lui'} faut {fr}.",
             f"{who[1]}: {dice.en} + Strength {force} against {against[1]}; "
             f"{'you need' if hero else 'it needs'} {en}.")


def _spend_line(play, hero: bool) -> Message:
    """What spending Honour does on this strike, or that there is none left."""
    hon = play.state.stats.get("honneur", 0)
    if hon <= 0:
        return M("Vous n'avez plus d'Honneur à dépenser.", "You have no Honour left to spend.")
    gain_fr, gain_en = ("Force", "Strength") if hero else ("Protection", "Protection")
    lost = (" ; les points dépensés sont perdus quoi qu'il arrive", "; points spent are lost whatever happens") \
        if hero else ("", "")
    return M(f"Honneur à dépenser (vous en avez {hon}) : +1 en {gain_fr} par point, "
             f"pour ce coup seulement{lost[0]}.",
             f"Honour to spend (you have {hon}): +1 {gain_en} per point, "
             f"for this strike only{lost[1]}.")


def can_retreat(play, p: dict) -> bool:
    return _retreat_open(spec_of(play), p, hero_condition(play))


def _retreat_open(spec: dict, p: dict, condition: int) -> bool:
    return R.retreat_open(spec.get("retreat") is not None, p["retreat_failed"], condition)


def can_surrender(play, p: dict) -> bool:
    """Against a human opponent, once a fighter is Grièvement Blessé, if the book says where."""
    return _surrender_open(spec_of(play), p, hero_condition(play))


def _surrender_open(spec: dict, p: dict, condition: int) -> bool:
    return R.surrender_open("surrender" in spec, p["surrender_refused"], p["enemies"][p["current"]]["beast"],
                            condition, [x["condition"] for x in p["enemies"]])


# The labels of the two answers of every strike, made once.
STRIKE, PARRY = M("Frapper", "Strike"), M("Parer", "Parry")
SPENDING = {key: M(f"{verb.fr}, en dépensant de l'Honneur", f"{verb.en}, spending Honour")
            for key, verb in (("strike", STRIKE), ("defend", PARRY))}


def _hero_options(play, p: dict):
    hon, spec = play.state.stats.get("honneur", 0), spec_of(play)
    yield _spend_option(hon, "strike", STRIKE)
    if can_retreat(play, p):
        retreat = spec["retreat"]
        low, high = (1, 4) if isinstance(retreat, int) else retreat.get("range", [1, 4])
        yield _retreat_option(hon, low, high)
    if can_surrender(play, p):
        yield Option("surrender", M("Vous rendre (1 point de Honte, vous livrez armure et arme)",
                                    "Surrender (1 Shame point, you hand over armour and weapon)"))
    if not p["acted"] and "invoke" in spec:
        god = spec["invoke"]["god"]
        price = price_note(spec["invoke"])   # the god's price, before the player commits
        yield Option("invoke", M(f"Invoquer {god} — l'adversaire frappera le premier {price.fr}",
                                 f"Call upon {god} — the opponent will strike first {price.en}"))
    use = spec.get("use")
    if not p["acted"] and use and play.state.items.get(use["item"], 0) > 0:
        name = play.book.item_name(use["item"])
        yield Option("use", M(f"Utiliser l'objet « {name} » (l'adversaire frappera le premier)",
                              f"Use the item '{name}' (the opponent will strike first)"))


def _retreat_option(hon: int, low: int, high: int) -> Option:
    """The retreat's label says what it costs: 1 Honour, or nothing at 0 Honour (never
    below 0), when a success's point of Shame then exceeds the Honour (a death by Shame)."""
    if hon > 0:
        return Option("retreat", M(f"Battre en retraite (−1 point d'Honneur ; un dé : de {low} à {high}, vous fuyez "
                                   f"avec 1 point de Honte, sinon vous combattez jusqu'au bout)",
                                   f"Retreat (−1 Honour; one die: on {low} to {high} you flee with 1 Shame "
                                   f"point, otherwise you fight to the end)"))
    return Option("retreat", M(f"Battre en retraite (Honneur à 0 : rien à payer ; un dé : de {low} à {high}, "
                               f"vous fuyez, mais avec 1 point de Honte de plus que votre Honneur : la mort par la Honte vous guette)",
                               f"Retreat (Honour at 0: nothing to pay; one die: on {low} to {high} you flee, "
                               f"but 1 Shame point will exceed your Honour and kill you)"))


def _spend_option(hon: int, key: str, verb: Message) -> Option:
    """Strike or parry, with the Honour to spend as the amount (none left: no amount)."""
    if hon <= 0:
        return Option(key, verb)
    return Option(key, SPENDING[key], amount=(0, hon))


def _enemy_options(play, p: dict):
    hon = play.state.stats.get("honneur", 0)
    yield _spend_option(hon, "defend", PARRY)
    if can_surrender(play, p):
        yield Option("surrender", M("Vous rendre (1 point de Honte, vous livrez armure et arme)",
                                    "Surrender (1 Shame point, you hand over armour and weapon)"))


def _offer_prompt(play, p: dict) -> Prompt:
    e = p["enemies"][p["offer"]]
    options = [Option(f"accept:{item}", M(f"Accepter et prendre : {play.book.item_name(item)}",
                                          f"Accept and take: {play.book.item_name(item)}"))
               for item in e["items"]]
    if not options:
        options.append(Option("accept", M("Accepter sa reddition", "Accept the surrender")))
    options.append(Option("refuse", M("Refuser et l'achever (2 points de Honte)",
                                      "Refuse and kill him (2 Shame points)")))
    return Prompt("combat", tuple(options), M(f"{F.The(e)} se rend", f"{e['name']} surrenders"),
                  (_status(play, p), M("Un adversaire qui se rend doit être épargné ; vous pouvez "
                                       "prendre l'arme ou la pièce de cuirasse de votre choix.",
                                       "An opponent who surrenders must be spared; you may take the "
                                       "weapon or piece of armour you choose.")))
