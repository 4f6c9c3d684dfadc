"""The `combat:` activity: attack rounds, several opponents, escape.

Each round: "Lancez deux dés pour votre adversaire. Ajoutez ses points d'HABILETÉ ...
Lancez deux dés pour vous-même": the higher Attack Strength wounds, equal totals
parry.  Several opponents fight `as-one`, `one-by-one` or `together` ("vous pourrez
choisir celui que vous affrontez ... à chaque assaut d'un autre adversaire ... si
[votre Force d'Attaque] est supérieure ... vous évitez simplement un coup").
The whole fight lives in `state.pending` as plain JSON.
"""
from __future__ import annotations

from engine.rules.base import Option, Prompt, Refused
from engine.rules import french as F
from engine.rules.labels import with_bonus
from engine.rules.defis_fantastiques import equipment, model, specials, wounds
from engine.rules.defis_fantastiques.messages import M, dead
from engine.rules.defis_fantastiques.sheet import stat_line

MODES = ("as-one", "one-by-one", "together")


def begin(play, spec: dict) -> dict:
    mode = spec.get("mode", "one-by-one")
    pending = {"mode": mode, "enemies": [dict(e) for e in _enemies(play, spec, mode)], "round": 0,
               "queue": [], "luck": None, "unarmed": equipment.unarmed(play, spec),
               "forced_unarmed": bool(spec.get("unarmed")),
               **({} if model.luck_allowed(play.book, spec) else {"no_luck": True}),
               **specials.begin(play, spec, mode)}
    if play.narrate:   # the explorer reads no event: none is made for it
        _announce(play, spec, mode)
        if pending["unarmed"]:
            play.emit("unarmed", "Vous combattez à mains nues : −1 Habileté pour ce combat.",
                      "You fight bare-handed: −1 Skill for this fight.")
    return pending


def _enemies(play, spec: dict, mode: str) -> tuple[dict, ...]:
    """The opponents as a fight starts, read from the book once per paragraph (the
    game's memo; the fight changes copies of them)."""
    key = ("df-enemies", play.state.paragraph)
    enemies = play.memo.get(key)
    if enemies is None:
        enemies = [{"name": e["name"], "habilete": int(e["habilete"]), "endurance": model.enemy_endurance(e),
                    "damage": int(e.get("damage", equipment.STANDARD_DAMAGE)),
                    **({"article": e["article"]} if "article" in e else {}),
                    **({"rounds_only": True} if e.get("endurance") is None else {})}   # format 1.2
                   for e in spec["enemies"]]
        if mode == "as-one" and len(enemies) > 1:
            alone = all(e.get("rounds_only") for e in enemies)   # format 1.2: only rounds defeat them all
            enemies = [dict(model.as_one(enemies), **({"rounds_only": True} if alone else {}))]
        enemies = play.memo[key] = tuple(enemies)
    return enemies


# how several opponents fight, as the player reads it
MODE_WORDS = {"as-one": ("comme un seul adversaire", "as a single opponent"),
              "one-by-one": ("l'un après l'autre", "one after the other"),
              "together": ("tous à la fois", "all at once")}


def _announce(play, spec: dict, mode: str) -> None:
    """Several opponents: say how they fight (one: the prompt's title names him)."""
    listed = [e["name"] for e in spec["enemies"]]
    if len(listed) < 2:
        return play.emit("combat-start", mode=mode, enemies=listed)
    names_fr = F.group(spec["enemies"])["fr"]   # "le Guetteur et le Bretteur", "les trois rats géants"
    names_en = ", ".join(listed[:-1]) + " and " + listed[-1]
    how = MODE_WORDS.get(mode, MODE_WORDS["one-by-one"])
    play.emit("combat-start", f"Vous affrontez {names_fr}, {how[0]}.", f"You fight {names_en}, {how[1]}.",
              mode=mode, enemies=listed)


def hero_skill(play, pending: dict) -> int:
    """Habileté for Attack Strength: current Skill, the weapon's `attack` bonus (the
    weapon read inline: asked every round), −1 bare-handed."""
    bonus = 0
    if not pending.get("forced_unarmed"):
        item = play.book.items.get(play.state.extra.get("weapon"))   # equipment.weapon
        props = item.props.get("weapon") if item is not None else None
        bonus = int(props.get("attack", 0)) if props else 0
    bonus += pending.get("bonus", 0) + (pending.get("first", 0) if pending.get("round", 0) == 0 else 0)
    return play.state.stats.get("habilete", 0) + bonus - (1 if pending.get("unarmed") else 0)


def living(pending: dict) -> list[int]:
    alive = []   # (a loop: cheaper than a comprehension, on the explorer's hot path)
    for i, e in enumerate(pending["enemies"]):
        if e["endurance"] > 0:
            alive.append(i)
    return alive


def _spec(play) -> dict:
    return play.book.paragraphs[play.state.paragraph].fields["combat"]


# The one attack answer against a single opponent, and the explorer's prompt with
# only that answer (immutable: made once).
ATTACK = Option("attack", M("Lancer l'assaut", "Attack"))
ATTACK_ONLY = Prompt("combat", (ATTACK,))
NO_ESCAPE = (None, 0, True)   # the explorer's memo for a paragraph offering no escape


def prompt(play, pending: dict) -> Prompt:
    luck = pending.get("luck")
    if not play.narrate:   # the explorer: the options only
        if luck:
            return LUCK_ONLY[luck["kind"] == "dealt"]
        if pending["mode"] != "together" and play.memo.get(("df-combat", play.state.paragraph)) is NO_ESCAPE:
            return ATTACK_ONLY
        return _bare_prompt(play, pending)
    if luck:
        return _luck_prompt(play, pending)
    escape = _spec(play).get("escape")
    alive = living(pending)
    several = pending["mode"] == "together" and len(alive) > 1
    listed = pending["mode"] == "together" and len(pending["enemies"]) > 1
    options = _options(play, pending, alive if listed else (), escape)
    if listed and len(alive) < len(pending["enemies"]):
        options = _keep_numbers(pending, options)
    n = specials.round_label(play, pending)
    if several:
        title = M(f"Combat — assaut {n}", f"Fight — round {n}")
    else:
        e = pending["enemies"][alive[0]]
        title = M(f"Combat contre {F.the(e)} — assaut {n}", f"Fight against {e['name']} — round {n}")
    first = next(o.key for o in options if o.enabled)
    return Prompt("combat", options, title, _status(play, pending), default=first)


def _keep_numbers(pending: dict, options) -> tuple[Option, ...]:
    """The told prompt keeps a defeated opponent's line (disabled) while several still
    fight, so the numbers the player learnt do not shift after each kill."""
    told = {o.key: o for o in options}
    lines = [told.get(f"attack:{i}") or Option(f"attack:{i}", M(f"Attaquer {F.the(e)}", f"Attack {e['name']}"),
                                                 False, M("vaincu", "defeated"))
             for i, e in enumerate(pending["enemies"])]
    return tuple(lines) + tuple(o for o in options if not o.key.startswith("attack:"))


def _options(play, pending: dict, targets, escape) -> tuple[Option, ...]:
    """One attack a living target when several fight together (else one attack), then
    the escape when the paragraph offers it."""
    options = [Option(f"attack:{i}", M(f"Attaquer {F.the(pending['enemies'][i])}",
                                       f"Attack {pending['enemies'][i]['name']}")) for i in targets] or [ATTACK]
    if escape:
        after = int(escape.get("after", 0))
        ok = model.escape_open(after, pending["round"])
        options.append(Option("escape", _escape_label(play, escape), ok,
                              None if ok else _not_before(after)))
    return tuple(options)


def _bare_prompt(play, pending: dict) -> Prompt:
    """The explorer's prompt, made once per paragraph, targets and escape state (the
    game's memo): unless an escape cost is a formula, which the label evaluates each
    time, as the told prompt does."""
    memo, number = play.memo, play.state.paragraph
    shape = memo.get(("df-combat", number))
    if shape is None:   # the paragraph's escape, read once
        escape = _spec(play).get("escape") or None
        fixed = not escape or all(isinstance(v, int) for v in (escape.get("cost") or {}).values())
        shape = memo["df-combat", number] = (escape, int(escape.get("after", 0)) if escape else 0, fixed) \
            if escape else NO_ESCAPE
    escape, after, fixed = shape
    targets = ()
    if pending["mode"] == "together" and len(pending["enemies"]) > 1:   # as the told prompt
        targets = tuple(living(pending))
    if escape is None and not targets:
        return ATTACK_ONLY
    key = ("df-combat", number, targets, escape is not None and model.escape_open(after, pending["round"]))
    made = memo.get(key) if fixed else None
    if made is None:
        options = _options(play, pending, targets, escape)
        if targets and len(targets) < len(pending["enemies"]):
            options = _keep_numbers(pending, options)
        made = Prompt("combat", options)
        if fixed:
            memo[key] = made
    return made


def _escape_label(play, escape: dict) -> M:
    """"Prendre la fuite", with what it costs."""
    costs = [(play.module.stat(k), play.number(v)) for k, v in (escape.get("cost") or {}).items()]
    costs = [spec.amount(n) for spec, n in costs if spec is not None and n]
    if not costs:
        return M("Prendre la fuite", "Escape")
    return M("Prendre la fuite (coûte " + ", ".join(c.fr for c in costs) + ")",
             "Escape (costs " + ", ".join(c.en for c in costs) + ")")


def _not_before(after: int) -> M:
    return M(f"pas avant la fin de l'assaut {after}", f"not before the end of round {after}")


def fight_values(play, pending: dict) -> tuple[tuple[M, str | M], ...]:
    """The hero's numbers in this fight (RuleModule.fight_values): the Habileté the
    Attack Strength adds (hero_skill), the Endurance, the wound the hero deals."""
    skill, sheet = hero_skill(play, pending), play.state.stats.get("habilete", 0)
    # a weapon's, a surprise's or a modifier's bonus is shown as one, not as Skill
    values = [(M("Habileté", "Skill"), with_bonus(skill, sheet)),
              (M("Endurance", "Stamina"), stat_line(play.state, "endurance")),
              (M("Blessure infligée", "Damage dealt"), str(wounds.hero_damage(play, pending)))]
    win_rounds = play.book.paragraphs[play.state.paragraph].fields["combat"].get("win_rounds")
    if isinstance(win_rounds, int):
        values.append((M("Assauts gagnés", "Rounds won"), f"{pending.get('wins', 0)}/{win_rounds}"))
    worn = equipment.armour_props(play.book, equipment.armour(play))
    if worn:
        left = max(0, int(worn.get("hits", 1)) - play.state.extra.get("armour_hits", 0))
        values.append((M("Armure", "Armour"), M(f"{left} coup{'s' if left > 1 else ''} à encaisser",
                                                f"{left} hit{'s' if left != 1 else ''} left")))
    return tuple(values)


def _status(play, pending: dict) -> tuple[M, ...]:
    skill, end = hero_skill(play, pending), play.state.stats.get("endurance", 0)
    lines = [M(f"Vous : Habileté {skill}, Endurance {end}", f"You: Skill {skill}, Stamina {end}")]
    for e in pending["enemies"]:
        if e["endurance"] > 0 and e.get("rounds_only"):   # format 1.2: only rounds won defeat it
            won = f"{pending.get('wins', 0)}/{_spec(play).get('win_rounds', '?')}"
            lines.append(M(f"{F.label(e)} : Habileté {e['habilete']}, assauts gagnés {won}",
                           f"{e['name']}: Skill {e['habilete']}, rounds won {won}"))
        elif e["endurance"] > 0:
            lines.append(M(f"{F.label(e)} : Habileté {e['habilete']}, Endurance {e['endurance']}",
                           f"{e['name']}: Skill {e['habilete']}, Stamina {e['endurance']}"))
        else:
            lines.append(M(f"{F.label(e)} : {F.verb(e, 'vaincu', 'vaincus', 'vaincue')}", f"{e['name']}: defeated"))
    return tuple(lines)


# The answers of a Luck decision (by whether the hero dealt the wound), made once.
LUCK_USE = {True: M("Tenter votre Chance pour aggraver la blessure", "Test your Luck to deepen the wound"),
            False: M("Tenter votre Chance pour limiter la blessure", "Test your Luck to lessen the wound")}
LUCK_PASS = Option("pass", M("Ne pas tenter votre Chance", "Do not test your Luck"))
# Not testing comes first: the digit of "attack" (1) never spends Luck at the next prompt.
LUCK_OPTIONS = {dealt: (LUCK_PASS, Option("luck", LUCK_USE[dealt])) for dealt in (True, False)}
LUCK_ONLY = {dealt: Prompt("combat-luck", LUCK_OPTIONS[dealt]) for dealt in (True, False)}


def _luck_prompt(play, pending: dict) -> Prompt:
    luck = pending["luck"]
    options = LUCK_OPTIONS[luck["kind"] == "dealt"]
    e = pending["enemies"][luck["enemy"]]
    name = e["name"]
    info = _luck_stakes(play, luck, e)
    chance = play.state.stats.get("chance", 0)
    odds = M(f"Votre Chance : {chance} ; chanceux sur {chance} ou moins aux deux dés. "
             f"Tenter sa Chance coûte 1 point de Chance.",
             f"Your Luck: {chance}; lucky on {chance} or less on two dice. "
             f"Testing your Luck costs 1 Luck point.")
    return Prompt("combat-luck", options, M("Tenter votre Chance ?", "Test your Luck?"), (info, odds),
                  default="pass")


def _luck_stakes(play, luck: dict, e: dict) -> M:
    """What a lucky and an unlucky test would make of this wound, in points (the
    model's amounts under the book's reading of Luck)."""
    reading, name = model.reading(play.book), e["name"]
    if luck["kind"] == "escape":
        good = model.taken(luck["damage"], True, reading)
        bad = model.taken(luck["damage"], False, reading)
        fr, en = _spared(good)
        return M(f"Votre fuite vous coûte −{luck['damage']} en Endurance. Chanceux : {fr} ; "
                 f"malchanceux : −{bad} en tout.",
                 f"Your escape costs −{luck['damage']} Stamina. Lucky: {en}; unlucky: −{bad} in all.")
    if luck["kind"] == "dealt":
        good, bad = model.dealt(luck["damage"], True, reading), model.dealt(luck["damage"], False, reading)
        return M(f"Vous avez blessé {F.the(e)} (−{luck['damage']}). Chanceux : −{good} en tout ; "
                 f"malchanceux : −{bad} seulement.",
                 f"You wounded {name} (−{luck['damage']}). Lucky: −{good} in all; unlucky: only −{bad}.")
    absorbs = luck.get("absorbs", 0)
    now = model.absorbed(luck["damage"], absorbs)
    good = model.absorbed(model.taken(luck["damage"], True, reading), absorbs)
    bad = model.absorbed(model.taken(luck["damage"], False, reading), absorbs)
    fr, en = _spared(good)
    return M(f"{F.The(e)} {F.verb(e, 'vous a blessé', 'vous ont blessé')} (−{now}). Chanceux : {fr} ; "
             f"malchanceux : −{bad} en tout.",
             f"{name} wounded you (−{now}). Lucky: {en}; unlucky: −{bad} in all.")


def _spared(loss: int) -> tuple[str, str]:
    """A lucky wound's cost in words: "−1 seulement", or none at all (armour)."""
    if loss <= 0:
        return "aucune perte", "no loss at all"
    return f"−{loss} seulement", f"only −{loss}"


def answer(play, pending: dict, key: str, amount) -> None:
    if pending.get("luck"):
        return wounds.resolve_luck(play, pending, key == "luck")
    if key == "escape":
        return _escape(play)
    if ":" in key:
        target = int(key.split(":", 1)[1])
        if target not in living(pending):
            raise Refused("cet adversaire est déjà vaincu", "this opponent is already defeated")
    else:   # the first living opponent (most often the first)
        target = 0 if pending["enemies"][0]["endurance"] > 0 else _first_alive(pending)
    _round(play, pending, target)
    wounds.drain(play, pending)


def _first_alive(pending: dict) -> int:
    for i, e in enumerate(pending["enemies"]):
        if e["endurance"] > 0:
            return i
    raise IndexError("no opponent left")


def _round(play, pending: dict, target: int) -> None:
    """Roll every Attack Strength (opponents first, as the rules order it) and queue wounds."""
    skill = hero_skill(play, pending)   # (before the count moves: the first round's bonus)
    pending["round"] += 1
    if not play.narrate:   # the explorer: the count only as far as the rules read it (finite states)
        pending["round"] = min(pending["round"], specials.round_cap(play))
    enemies = pending["enemies"]
    if pending["mode"] != "together":   # one opponent at a time: one exchange
        a, b = play.roll(2, 6, "enemy-attack")
        theirs = (a + b, enemies[target]["habilete"])
        a, b = play.roll(2, 6, "hero-attack")
        return _outcome(play, pending, target, (a + b, skill), theirs, True)
    order = [target] + [i for i in living(pending) if i != target]
    rolls = [_enemy_roll(play, enemies[i]) for i in order]
    a, b = play.roll(2, 6, "hero-attack")
    me = (a + b, skill)
    for i, roll in zip(order, rolls):
        _outcome(play, pending, i, me, (roll, enemies[i]["habilete"]), i == target)


def _enemy_roll(play, e: dict) -> int:
    """One opponent's Attack Strength dice, the line naming him: two opponents may
    roll the same faces, and "Dés de l'adversaire" twice would read as a repeat."""
    faces = play.roll(2, 6, "enemy-attack")
    if play.narrate and play.events and play.events[-1].get("type") == "dice":
        play.events[-1]["who"] = {"fr": f"Dés {F.of(e)} (Force d'Attaque)", "en": f"{e['name']}'s dice (Attack Strength)"}
    return sum(faces)


def _outcome(play, pending: dict, i: int, me: tuple, them: tuple, target: bool) -> None:
    """One opponent's exchange; `me` and `them` are (dice, Habileté)."""
    mine, theirs = me[0] + me[1], them[0] + them[1]
    result = model.exchange(mine, theirs, target)
    harmless = result == "hit" and i in pending.get("immune", ())
    if (result == "hit" and not harmless) or result == "wounded":
        pending["queue"].append({"kind": result, "enemy": i})
        if result == "hit" and "wins" in pending:
            pending["wins"] += 1
    if play.narrate:   # the explorer reads no event: none is made for it
        e = pending["enemies"][i]
        n = specials.round_label(play, pending, done=True)   # "2/4" in a timed fight
        fr, en = _round_text(n, (F.the(e), e["name"]), me, them, result)
        play.emit("combat-round", fr, en, round=pending["round"],
                  enemy=e["name"], hero=mine, opponent=theirs, result=result)
        if harmless:
            specials.say_harmless(play, e, i)


# What each exchange's result says (French, English).
RESULT_TEXT = {"hit": ("vous touchez.", "you hit."),
               "dodge": ("vous évitez son coup.", "you avoid the blow."),
               "wounded": ("vous êtes touché.", "you are hit."),
               "parry": ("les coups sont parés.", "the blows are parried.")}


def _round_text(n, name: tuple, me: tuple, them: tuple, result: str) -> tuple[str, str]:
    mine, theirs = sum(me), sum(them)
    fr, en = RESULT_TEXT[result]
    say = (f"Assaut {n} : votre Force d'Attaque {mine} ({me[0]} + {me[1]}), "
           f"{name[0]} {theirs} ({them[0]} + {them[1]})",
           f"Round {n}: your Attack Strength {mine} ({me[0]} + {me[1]}), "
           f"{name[1]} {theirs} ({them[0]} + {them[1]})")
    return f"{say[0]} : {fr}", f"{say[1]}: {en}"


def _escape(play) -> None:
    """"Escape is possible only where a paragraph offers it, with the cost it gives.
    With `options: {escape_luck: true}` its Endurance cost is a wound Luck may lessen
    (the English rules' escape); by default it is paid as written (docs, decision 11)."""
    escape = _spec(play)["escape"]
    pending = play.state.pending
    play.emit("escape", "Vous prenez la fuite.", "You run away.")
    wound = 0
    for stat, cost in (escape.get("cost") or {}).items():
        name = play.module.stat(stat).name
        if name == "endurance" and model.escape_luck(play.book, _spec(play)):
            wound = play.number(cost)
        before = play.state.stats.get("endurance", 0)
        play.change(name, delta=-play.number(cost), reason="escape")
        if wound and name == "endurance" and model.taken_offered(wound, 0, model.reading(play.book)):
            pending["luck"] = {"kind": "escape", "enemy": living(pending)[0], "before": before,
                               "damage": wound, "absorbs": 0}
    if not pending.get("luck"):
        wounds.escaped(play)
