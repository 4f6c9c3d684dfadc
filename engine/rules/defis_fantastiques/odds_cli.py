"""`gamebook odds --rules defis-fantastiques`: the module's flags and their fight.

    gamebook odds --rules df --hero 10/20 --enemy 8/8 [--luck 9] [--mode together]
                  [--armour 1/6] [--damage 3] [--enemy-damage 3] [--unarmed]
                  [--luck-reading exact|relative]
                  [--escape-after K [--escape-cost N] [--escape-luck]]

With an escape, the report gives P(win), P(escape), P(death) under the stated
policy (model.ESCAPE_POLICY: best play aims to leave the fight alive).

Sheets are SKILL/STAMINA; Luck, when given, is used optimally and the report
adds the odds without it and the advice for the first wounds.  Every bad value
is a bilingual `BadArguments`.
"""
from __future__ import annotations

import json

from engine.analysis.arguments import SHEET, against, bounded, count, sheets
from engine.analysis.result import OddsLabels, OddsReport
from engine.rules.base import BadArguments

from engine.rules.defis_fantastiques.messages import M
from engine.rules.defis_fantastiques.model import ESCAPE_POLICY, LUCK_READINGS, Escape, Specials
from engine.rules.defis_fantastiques.odds_solver import ff_fight

MODES = ("as-one", "one-by-one", "together")
NAMES = ("HABILETÉ", "ENDURANCE", "SKILL", "STAMINA")
HELP = {
    "hero": ("héros HABILETÉ/ENDURANCE", "hero SKILL/STAMINA"),
    "enemy": ("un adversaire HABILETÉ/ENDURANCE (répétable)", "one enemy SKILL/STAMINA (repeatable)"),
    "mode": ("plusieurs adversaires : as-one | one-by-one | together",
             "several enemies: as-one | one-by-one | together"),
    "luck": ("CHANCE, utilisée au mieux", "LUCK, used optimally"),
    "armour": ("armure ABSORBE/COUPS", "armour ABSORBS/HITS"),
    "damage": ("dégâts infligés par le héros (2)", "damage dealt by the hero (2)"),
    "enemy_damage": ("dégâts infligés par l'adversaire (2)", "damage dealt by enemies (2)"),
    "unarmed": ("à mains nues (-1 HABILETÉ)", "unarmed (-1 SKILL)"),
    "escape_after": ("fuite possible après N assauts (0 : dès le début)",
                     "escape possible after N rounds (0: from the start)"),
    "escape_cost": ("ENDURANCE que coûte la fuite (0)", "STAMINA the escape costs (0)"),
    "escape_luck": ("la Chance peut réduire le coût de la fuite", "Luck may lessen the escape's cost"),
    "luck_reading": ("lecture de la Chance contre une blessure non standard : exact (défaut : "
                     "1 point exactement) | relative (1 point de moins / de plus)",
                     "reading of Luck against a non-standard wound: exact (default: exactly 1 "
                     "point) | relative (1 point less / more)"),
}
FIRST = (("after-wound-dealt", M("Si vous blessez l'adversaire : ", "If you wound the enemy: ")),
         ("after-wound-taken", M("Si vous êtes blessé : ", "If you are wounded: ")))
LABELS = OddsLabels(final=M("ENDURANCE finale du héros :", "Hero's final STAMINA:"),
                    rounds=M("assauts", "attack rounds"),
                    outcomes={"escape": M("Fuite", "Escape"),
                              "hurt": M("Blessé : le combat s'arrête (hurt)", "Wounded: the fight stops (hurt)"),
                              "timeout": M("Assauts écoulés (timeout)", "Rounds over (timeout)")})


def arguments(parser, lang: str) -> None:
    def h(key):
        return HELP[key][0] if lang == "fr" else HELP[key][1]
    parser.add_argument("--hero", metavar="A/B", help=h("hero"))
    parser.add_argument("--enemy", metavar="A/B", action="append", default=[], help=h("enemy"))
    parser.add_argument("--mode", help=h("mode"))
    for name in ("luck", "damage", "enemy_damage"):
        parser.add_argument("--" + name.replace("_", "-"), dest=name, metavar="N", help=h(name))
    parser.add_argument("--armour", "--armor", dest="armour", metavar="A/H", help=h("armour"))
    parser.add_argument("--unarmed", action="store_true", help=h("unarmed"))
    parser.add_argument("--luck-reading", dest="luck_reading", metavar="READING", help=h("luck_reading"))
    parser.add_argument("--escape-after", dest="escape_after", metavar="K", help=h("escape_after"))
    parser.add_argument("--escape-cost", dest="escape_cost", metavar="N", help=h("escape_cost"))
    parser.add_argument("--escape-luck", dest="escape_luck", action="store_true", help=h("escape_luck"))


def from_arguments(args) -> OddsReport:
    """Check the flags, solve the fight, and the extras when Luck is given."""
    hero, enemies = sheets(args.hero, args.enemy, NAMES)
    options = _options(args, hero, enemies)
    odds = ff_fight(hero, enemies, **options)
    without = first = None
    if "luck" in options:
        without = ff_fight(hero, enemies, **{**options, "luck": None})
        first = tuple((event, when, ff_fight(hero, enemies, **options, pending=event).advice)
                      for event, when in FIRST)
    text = f"héros HABILETÉ {hero[0]}, ENDURANCE {hero[1]}", f"hero SKILL {hero[0]}, STAMINA {hero[1]}"
    if "luck" in options:
        text = text[0] + f", CHANCE {options['luck']}", text[1] + f", LUCK {options['luck']}"
    header = (M(f"Défis Fantastiques — {text[0]}", f"Fighting Fantasy — {text[1]}"),
              against(enemies, options["mode"]))
    escape = options.get("specials")
    if escape is not None:
        e = escape.escape
        header += (M(f"Fuite possible après {e.after} assaut(s), coût {e.cost} ENDURANCE"
                     + (" (la Chance peut le réduire)" if e.luck else "") + f". Politique : {ESCAPE_POLICY[0]}.",
                     f"Escape open after {e.after} round(s), cost {e.cost} STAMINA"
                     + (" (Luck may lessen it)" if e.luck else "") + f". Policy: {ESCAPE_POLICY[1]}."),)
    facts = {"hero": list(hero), "enemies": [list(e) for e in enemies]}
    return OddsReport(odds, header, facts, without, first or ())


def _options(args, hero, enemies) -> dict:
    if hero[1] == 0:
        raise BadArguments("l'ENDURANCE du héros doit être au moins 1",
                           "the hero's STAMINA must be at least 1")
    mode = args.mode or ("single" if len(enemies) == 1 else "one-by-one")
    if mode not in MODES + ("single",):
        raise BadArguments(f"--mode « {mode} » : attendu {', '.join(MODES)}",
                           f"--mode '{mode}': expected {', '.join(MODES)}")
    options = {"mode": "as-one" if mode == "single" and len(enemies) > 1 else mode,
               "unarmed": bool(args.unarmed)}
    luck = count(args.luck, "--luck")
    if luck is not None:
        options["luck"] = luck
    for key, flag in (("damage", "--damage"), ("enemy_damage", "--enemy-damage")):
        value = count(getattr(args, key), flag)
        if value == 0:
            raise BadArguments(f"{flag} doit valoir au moins 1", f"{flag} must be at least 1")
        if value is not None:
            options["hero_damage" if key == "damage" else "enemy_damage"] = value
    if args.armour is not None:
        options["armour"] = _armour(args.armour)
    reading = getattr(args, "luck_reading", None)
    if reading is not None:
        if reading not in LUCK_READINGS:
            raise BadArguments(f"--luck-reading « {reading} » : attendu {', '.join(LUCK_READINGS)}",
                               f"--luck-reading '{reading}': expected {', '.join(LUCK_READINGS)}")
        options["luck_reading"] = reading
    after, cost = count(getattr(args, "escape_after", None), "--escape-after"), \
        count(getattr(args, "escape_cost", None), "--escape-cost")
    if after is None and (cost is not None or getattr(args, "escape_luck", False)):
        raise BadArguments("--escape-cost et --escape-luck demandent --escape-after",
                           "--escape-cost and --escape-luck need --escape-after")
    if after is not None:
        options["specials"] = Specials(escape=Escape(after, cost or 0, bool(getattr(args, "escape_luck", False))))
    return options


def _armour(word: str) -> tuple[int, int]:
    match = SHEET.match(word)
    if not match:
        raise BadArguments(f"--armour « {word} » : attendu ABSORBE/COUPS, par exemple 1/6",
                           f"--armour '{word}': expected ABSORBS/HITS, e.g. 1/6")
    return bounded(match[1], "--armour"), bounded(match[2], "--armour")


def advice(word: str):
    """A pending decision in words: Luck, or the target in a "together" fight; with
    several moves (advice.compare), each move's chance and why a chance is 0 %."""
    if word.startswith("moves:"):
        return _moves(json.loads(word[len("moves:"):]))
    if word == "use-luck":
        return M("Tentez votre Chance", "Test your Luck")
    if word == "attack":
        return M("Attaquez", "Attack")
    if word == "escape":
        return M("Fuyez", "Escape")
    if word == "no-luck":
        return M("Ne tentez pas votre Chance", "Do not test your Luck")
    kind, _, value = word.partition(":")
    if kind == "target":
        n = int(value) + 1
        return M(f"Attaquez l'adversaire n° {n}", f"Attack enemy no. {n}")
    return M(word, word)


MOVE_WORDS = {"attack": ("attaquer", "attack"), "no-luck": ("ne pas tenter votre Chance", "do not test your Luck"),
              "use-luck": ("tenter votre Chance", "test your Luck")}


def _moves(told: dict) -> M:
    """"tenter votre Chance : 71,2 % ; ne pas la tenter : 68,0 % ; fuir ..." and the reason of a 0 %."""
    from fractions import Fraction

    from engine.analysis.render import share
    parts = {"fr": [], "en": []}
    for key, win, extra, *rest in told["moves"]:
        live = rest[0] if rest else None   # P(leaving alive), in a fight with an escape
        if key == "escape":
            to, left = extra
            fate = ("vous y mourez" if left <= 0 else f"Endurance {left}",
                    "you die of it" if left <= 0 else f"Stamina {left}")
            parts["fr"].append(f"fuir vers le {to} : vous quittez le combat ({fate[0]}"
                               + (f", sortie vivante {share(Fraction(live), 'fr').strip()})" if live else ")"))
            parts["en"].append(f"escape to {to}: you leave the fight ({fate[1]}"
                               + (f", leave alive {share(Fraction(live), 'en').strip()})" if live else ")"))
            continue
        for lang, n in (("fr", 0), ("en", 1)):
            figure = share(Fraction(win), lang).strip()
            if live is not None:
                figure = (f"victoire {figure}, sortie vivante {share(Fraction(live), 'fr').strip()}" if lang == "fr"
                          else f"win {figure}, leave alive {share(Fraction(live), 'en').strip()}")
            parts[lang].append(f"{MOVE_WORDS[key][n]}{' :' if lang == 'fr' else ':'} {figure}")
    best = advice(told["best"]) if told.get("best") else None
    fr, en = " ; ".join(parts["fr"]), "; ".join(parts["en"])
    if best is not None and len(told["moves"]) > 1:
        fr, en = f"{best.fr} ({fr})", f"{best.en} ({en})"
    why = told.get("why")
    if why:
        reason = _why(why)
        fr, en = f"{fr}. 0 % : {reason.fr}", f"{en}. 0%: {reason.en}"
    return M(fr, en)


def _why(why: list) -> M:
    if why[0] == "skill":
        return M(f"votre Force d'Attaque (au plus {why[1]}) ne dépasse jamais celle de {why[3]} "
                 f"(au moins {why[2]}) : vous ne pouvez gagner aucun assaut",
                 f"your Attack Strength (at most {why[1]}) never beats {why[3]}'s (at least {why[2]}): "
                 "you cannot win a round")
    if why[0] == "immune":
        items = ", ".join(why[2])
        return M(f"seule une de ces armes peut blesser {why[1]} et vous n'en avez aucune : {items}",
                 f"only one of these weapons can wound {why[1]} and you carry none: {items}")
    if why[0] == "damage":
        return M("votre arme n'inflige aucun point", "your weapon deals no damage")
    return M("votre Endurance est à 0", "your Stamina is 0")
