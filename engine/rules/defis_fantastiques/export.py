"""Défis Fantastiques in print: `HABILETÉ 7   ENDURANCE 8`, tests of Luck and Skill
as instructions, escapes, and the module's effects (weapon, armour, ceilings)."""
from __future__ import annotations

from engine.export.model import Boxes, Heading, Para, Stats, Table
from engine.export.phrases import Words
from engine.export.ways import turn_to

_MODES = {
    "together": ("Ils vous attaquent tous en même temps.", "They all attack you at the same time."),
    "as-one": ("Combattez-les comme s'ils n'étaient qu'une seule créature.",
               "Fight them as if they were a single creature."),
    "one-by-one": ("Combattez-les l'un après l'autre.", "Fight them one at a time."),
}


def names() -> dict:
    return {"sheet": sheet, "fields": fields, "effect": effect, "creation": creation,
            "counted": {"or": ("Pièce d'Or", "Pièces d'Or", "Gold Piece", "Gold Pieces"),
                        "provisions": ("Provision", "Provisions", "Provision", "Provisions")}}


def _rounds(n: int, w: Words) -> str:
    return w.t(f"{n} assaut" + ("s" if n > 1 else ""), f"{n} Attack Round" + ("s" if n > 1 else ""))


def fields(paragraph, w: Words) -> list:
    out = []
    spec = paragraph.fields.get("combat")
    if isinstance(spec, dict):
        out += combat(spec, w, paragraph.outcome_effects)
    test = paragraph.fields.get("test")
    if isinstance(test, dict):
        out += tests(test, w, paragraph.outcome_effects)
    return out


def _then(done, where: tuple, w: Words) -> list:
    """Format 1.1: an outcome's effects, worded before its "rendez-vous au"."""
    from engine.export.effects import clause
    note = clause(done.get(where) or (), w)
    return [note + w.t(" ; ", "; ")] if note else []


def combat(spec: dict, w: Words, done=None) -> list:
    out = []
    enemies = spec.get("enemies") or []
    if len(enemies) > 1:
        out.append(Para((w.t(*_MODES.get(spec.get("mode", "one-by-one"), _MODES["one-by-one"])),), "way"))
    rows = []
    for e in enemies:
        stamina = () if "endurance" not in e else ((w.t("ENDURANCE", "STAMINA"), str(e["endurance"])),)
        rows.append(("", str(e.get("name", "?")).upper(),
                     ((w.t("HABILETÉ", "SKILL"), str(e.get("habilete", "?"))),) + stamina))   # (format 1.2: none)
    out.append(Stats(tuple(rows)))
    out += wounds(enemies, spec.get("mode"), w)
    if spec.get("unarmed"):
        out.append(Para((w.t("Vous combattez à mains nues : ôtez 1 point à votre Force d'Attaque.",
                             "You fight bare-handed: take 1 from your Attack Strength."),), "way"))
    out += specials(spec, w, done or {})
    escape = spec.get("escape")
    if isinstance(escape, dict) and escape.get("to") is not None:
        out.append(Para(tuple([_escape(escape, w)] + _then(done or {}, ("combat", "escape", "effects"), w)
                              + turn_to(escape["to"], w) + ["."]), "way"))
    if spec.get("win") is not None:
        out.append(Para(tuple([w.t("Si vous êtes vainqueur, ", "If you win, ")]
                              + _then(done or {}, ("combat", "win_effects"), w) + turn_to(spec["win"], w)
                              + ["."]), "way"))
    return out


def wounds(enemies: list, mode, w: Words) -> list:
    """What each enemy's wound costs, when it is not the rules' 2 points: for all of them
    when they agree (or fight as one), else enemy by enemy (a thug dealing 2, his dog 1)."""
    damage = [int(e.get("damage", 2)) for e in enemies]
    if all(d == 2 for d in damage):
        return []
    if len(set(damage)) == 1 or mode == "as-one":
        d = max(damage)
        if len(enemies) == 1:
            return [_wound(w, enemies[0], d)]
        return [Para((w.t(f"Chaque blessure qu'ils vous infligent vous fait perdre {w.points('endurance', d)}.",
                          f"Each wound they inflict costs you {w.points('endurance', d)}."),), "way")]
    return [_wound(w, e, d) for e, d in zip(enemies, damage)]


def _wound(w: Words, enemy: dict, d: int) -> Para:
    from engine.rules import french as F
    name = str(enemy.get("name", "?"))
    the_en = name if enemy.get("article") == "" else f"the {name}"   # "" : a proper name
    return Para((w.t(f"Chaque blessure que {F.the(enemy)} vous inflige vous fait perdre {w.points('endurance', d)}.",
                     f"Each wound {the_en} inflicts costs you {w.points('endurance', d)}."),), "way")


def creation(w: Words) -> str:
    """The first paragraph of "How to play": the book's own starting formulas (`hero:`),
    its gold and its provisions, in place of the rules' standard ones."""
    from engine.rules.defis_fantastiques.sheet import STATS
    hero = w.book.hero if isinstance(w.book.hero, dict) else {}
    said = [_start(str(next((hero[k] for k in (spec.name, *spec.aliases) if k in hero), spec.initial)),
                   spec.name, w) for spec in STATS]
    return " ".join(said) + w.t(
        " Ces totaux de départ d'Habileté, d'Endurance et de Chance sont aussi des maximums que vous ne "
        "pouvez dépasser que si le texte le dit.",
        " These starting totals of SKILL, STAMINA and LUCK are also maximums you cannot exceed unless "
        "the text says so.")


_NUMBERS = {1: ("un dé", "one die"), 2: ("deux dés", "two dice"), 3: ("trois dés", "three dice")}
_CAPPED = {"habilete": ("HABILETÉ", "SKILL"), "endurance": ("ENDURANCE", "STAMINA"), "chance": ("CHANCE", "LUCK")}


def _start(value: str, stat: str, w: Words) -> str:
    """"Roll one die and add 6: this is your SKILL." / "You start with 12 Gold Pieces."."""
    import re
    m = re.fullmatch(r"\s*(\d*)d6\s*(?:([+-])\s*(\d+))?\s*", value)
    roll = value
    if m:
        count = int(m.group(1) or 1)
        roll = w.t(*_NUMBERS.get(count, (f"{count} dés", f"{count} dice")))
        if m.group(3):
            roll += w.t(" et ajoutez " if m.group(2) == "+" else " et ôtez ",
                        " and add " if m.group(2) == "+" else " and take away ") + m.group(3)
    if stat in _CAPPED:
        name = w.t(*_CAPPED[stat])
        if value.strip().isdigit():
            return w.t(f"Votre total de départ d'{name} est {value.strip()}." if name[0] in "AEHI" else
                       f"Votre total de départ de {name} est {value.strip()}.",
                       f"Your starting {name} is {value.strip()}.")
        return w.t(f"Lancez {roll} : c'est votre total d'{name}." if name[0] in "AEHI" else
                   f"Lancez {roll} : c'est votre total de {name}.", f"Roll {roll}: this is your {name}.")
    one, many = w.names["counted"][stat][:2] if w.lang == "fr" else w.names["counted"][stat][2:]
    if value.strip().isdigit():
        n = int(value)
        if n == 0:
            return w.t(f"Vous partez sans {many}.", f"You start with no {many}.")
        return w.t(f"Vous partez avec {n} {one if n == 1 else many}.", f"You start with {n} {one if n == 1 else many}.")
    return w.t(f"Lancez {roll} pour vos {many}.", f"Roll {roll} for your {many}.")


def specials(spec: dict, w: Words, done: dict) -> list:
    """Format 1.1 fight specials as the printed book says them."""
    from engine import expr as X
    from engine.export.phrases import condition
    out = []
    for e in spec.get("enemies") or ():
        if e.get("hurt_only_by"):
            from engine.rules import french as F
            arms, one = ", ".join(w.item(x) for x in e["hurt_only_by"]), len(e["hurt_only_by"]) == 1
            which = w.t("Seule cette arme blesse" if one else "Seules ces armes blessent",
                        "Only this weapon wounds" if one else "Only these weapons wound")
            out.append(Para((w.t(f"{which} {F.the(e)} : {arms}.", f"{which} {e.get('name', '?')}: {arms}."),), "way"))
    bonus = (spec.get("first_round") or {}).get("attack")
    if bonus:
        out.append(Para((w.t(f"Pour le premier assaut seulement, ajoutez {bonus} à votre Force d'Attaque.",
                             f"For the first Attack Round only, add {bonus} to your Attack Strength."),), "way"))
    for m in spec.get("modifiers") or ():
        said = condition(X.parse(str(m["if"]), "condition"), w)
        out.append(Para((w.t(f"Si {said}, ajoutez {m['attack']} à votre Force d'Attaque pour ce combat.",
                             f"If {said}, add {m['attack']} to your Attack Strength for this fight."),), "way"))
    out += rounds_only_and_luck(spec, w)   # format 1.2
    if spec.get("win_rounds"):
        n = _rounds(spec["win_rounds"], w)
        out.append(Para((w.t(f"Vous êtes vainqueur dès que vous avez remporté {n}.",
                             f"You win as soon as you have won {n}."),), "way"))
    if spec.get("hurt") is not None:
        out.append(Para(tuple([w.t("Si vous perdez des points d'Endurance, ", "If you lose any Stamina, ")]
                              + _then(done, ("combat", "hurt_effects"), w) + turn_to(spec["hurt"], w) + ["."]), "way"))
    if spec.get("rounds") and spec.get("timeout") is not None:
        n = _rounds(spec["rounds"], w)
        out.append(Para(tuple([w.t(f"Si le combat n'est pas fini au bout de {n}, ", f"If the fight is not over after {n}, ")]
                              + _then(done, ("combat", "timeout_effects"), w) + turn_to(spec["timeout"], w) + ["."]),
                        "way"))
    return out


def rounds_only_and_luck(spec: dict, w: Words) -> list:
    """Format 1.2: opponents only rounds won defeat, and Luck on one side of the wounds."""
    from engine.rules import french as F
    out = []
    for e in spec.get("enemies") or ():
        if isinstance(e, dict) and "endurance" not in e:
            out.append(Para((w.t(f"{F.The(e)} {F.verb(e, 'ne perd', 'ne perdent')} aucun point d'Endurance : "
                                 "seuls comptent les assauts que vous remportez.",
                                 f"Your blows cost {e.get('name', '?')} no Stamina: only the Attack Rounds "
                                 "you win count."),), "way"))
    side = spec.get("luck")
    if side == "taken":
        out.append(Para((w.t("Dans ce combat, vous ne pouvez Tenter votre Chance que lorsque vous êtes blessé.",
                             "In this fight you may Test your Luck only when you are wounded."),), "way"))
    elif side == "dealt":
        out.append(Para((w.t("Dans ce combat, vous ne pouvez Tenter votre Chance que lorsque vous blessez "
                             "votre adversaire.",
                             "In this fight you may Test your Luck only when you wound your opponent."),), "way"))
    return out


def _escape(escape: dict, w: Words) -> str:
    after = escape.get("after", 0)
    when = "" if not after else w.t(f" après {_rounds(after, w)}", f" after {_rounds(after, w)}")
    cost = escape.get("cost") or {}
    price = ", ".join(w.t("perdez ", "lose ") + w.points(s, n) for s, n in cost.items())
    price = f" ({price})" if price else ""
    return w.t(f"Vous pouvez prendre la fuite{when}{price} : ", f"You may escape{when}{price}: ")


def tests(test: dict, w: Words, done=None) -> list:
    luck = test.get("type") in ("chance", "luck")
    modifier = test.get("modifier", 0)
    lead = w.t("Tentez votre Chance", "Test your Luck") if luck else \
        w.t("Testez votre Habileté", "Test your Skill")
    if modifier:
        lead += w.t(f" (ajoutez {modifier} au résultat des dés)", f" (add {modifier} to the dice)")
    out = [Para((lead + ".",), "way")]
    for key, fr, en in (("success", "Si vous êtes Chanceux, " if luck else "Si vous réussissez, ",
                         "If you are Lucky, " if luck else "If you succeed, "),
                        ("failure", "Si vous êtes Malchanceux, " if luck else "Si vous échouez, ",
                         "If you are Unlucky, " if luck else "If you fail, ")):
        if test.get(key) is not None:
            out.append(Para(tuple([w.t(fr, en)] + _then(done or {}, ("test", f"{key}_effects"), w)
                                  + turn_to(test[key], w) + ["."]), "way"))
    return out


def effect(kind: str, value, w: Words) -> str | None:
    if kind in ("weapon", "armour"):
        if value is None:
            return w.t("rayez votre arme" if kind == "weapon" else "rayez votre armure",
                       "cross off your weapon" if kind == "weapon" else "cross off your armour")
        name = w.item(value)
        if kind == "weapon":
            return w.t(f"prenez l'arme « {name} », l'ancienne est perdue",
                       f"take the weapon '{name}', the old one is lost")
        return w.t(f"revêtez l'armure « {name} », l'ancienne est perdue",
                   f"put on the armour '{name}', the old one is lost")
    if kind == "ceiling":
        return ", ".join(w.t(f"votre total de départ {w.of(w.stat(s))} change de {n:+d}",
                             f"your starting {w.stat(s)} changes by {n:+d}") for s, n in value.items())
    return None


def sheet(w: Words) -> list:
    out = [Boxes(((w.t("Arme", "Weapon"), 1), (w.t("Armure (coups encaissés)", "Armour (hits taken)"), 1)))]
    out.append(Heading(2, w.t("Rencontres avec des monstres", "Monster encounter boxes")))
    label = (w.t("HABILETÉ", "SKILL"), w.t("ENDURANCE", "STAMINA"))
    out.append(Table((w.t("Adversaire", "Opponent"),) + label, tuple(("", "", "") for _ in range(6))))
    return out
