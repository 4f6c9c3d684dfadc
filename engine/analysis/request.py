"""Turn the command-line words of `gamebook odds` into a solver call.

Everything the user types is checked here and refused with a bilingual
:class:`BadRequest` (the command prints it and exits 2): sheets are
``A/B`` with non-negative integers, counts are non-negative integers,
flags must belong to the chosen rules.  Nothing here prints.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.diagnostics import Message

FF, CC = "defis-fantastiques", "chroniques-cretoises"
RULES = {
    "defis-fantastiques": FF, "défis-fantastiques": FF, "df": FF, "ff": FF,
    "fighting-fantasy": FF,
    "chroniques-cretoises": CC, "chroniques-crétoises": CC, "cc": CC,
    "cretan-chronicles": CC,
}
MODES = ("as-one", "one-by-one", "together")
CONDITIONS = {
    "indemne": "indemne", "unhurt": "indemne", "unharmed": "indemne",
    "blessé": "blessé", "blesse": "blessé", "wounded": "blessé",
    "grièvement-blessé": "grièvement-blessé", "grievement-blesse": "grièvement-blessé",
    "gravement-blessé": "grièvement-blessé", "badly-wounded": "grièvement-blessé",
}
FF_ONLY = ("luck", "armour", "damage", "enemy_damage", "unarmed", "mode")
CC_ONLY = ("honour", "hero_condition", "enemy_condition", "enemy_first", "shame", "reward")
FLAG = {"enemy_damage": "--enemy-damage", "hero_condition": "--hero-condition",
        "enemy_condition": "--enemy-condition", "enemy_first": "--enemy-first"}
SHEET = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


class BadRequest(Exception):
    """A usage error, with its message in French and English."""

    def __init__(self, fr: str, en: str):
        super().__init__(en)
        self.message = Message(fr, en)


@dataclass
class Request:
    """A checked fight: the rules, the solver's positional and keyword arguments."""

    rules: str
    hero: tuple[int, int]
    enemies: list[tuple[int, int]]
    options: dict = field(default_factory=dict)

    def solve(self, **overrides):
        """The exact odds (FightOdds) of this fight, options overridden as asked."""
        options = {**self.options, **overrides}
        if self.rules == FF:
            from engine.rules.defis_fantastiques.odds_solver import ff_fight
            return ff_fight(self.hero, self.enemies, **options)
        from engine.rules.chroniques_cretoises.odds_solver import cc_fight
        return cc_fight(self.hero, self.enemies, **options)


def rules_id(word: str | None) -> str:
    if word is None:
        raise BadRequest("indiquez les règles : --rules defis-fantastiques | chroniques-cretoises",
                         "name the rules: --rules defis-fantastiques | chroniques-cretoises")
    found = RULES.get(word.strip().lower())
    if found is None:
        raise BadRequest(f"règles inconnues « {word} » (connues : {FF}, {CC})",
                         f"unknown rules '{word}' (known: {FF}, {CC})")
    return found


def sheet(word: str | None, flag: str, names: tuple[str, str, str, str]) -> tuple[int, int]:
    """``"10/20"`` -> (10, 20); anything else is refused with an example.

    ``names``: the two numbers' names in French, then in English."""
    if word is None:
        raise BadRequest(f"{flag} manquant : écrivez par exemple {flag} 10/20 ({names[0]}/{names[1]})",
                         f"missing {flag}: write e.g. {flag} 10/20 ({names[2]}/{names[3]})")
    match = SHEET.match(word)
    if not match:
        raise BadRequest(
            f"{flag} « {word} » : attendu deux entiers positifs ou nuls {names[0]}/{names[1]}, "
            f"par exemple 10/20", f"{flag} '{word}': expected two non-negative integers "
            f"{names[0]}/{names[1]}, e.g. 10/20")
    return int(match[1]), int(match[2])


def count(word: str | None, flag: str) -> int | None:
    """A non-negative integer option (None when absent)."""
    if word is None:
        return None
    if not re.fullmatch(r"\s*\d+\s*", word):
        raise BadRequest(f"{flag} « {word} » : attendu un entier positif ou nul",
                         f"{flag} '{word}': expected a non-negative integer")
    return int(word)


def condition(word: str, flag: str) -> str:
    found = CONDITIONS.get(word.strip().lower())
    if found is None:
        raise BadRequest(f"{flag} « {word} » : état inconnu (indemne, blessé, grièvement-blessé)",
                         f"{flag} '{word}': unknown condition (unhurt, wounded, badly-wounded)")
    return found


def _refuse_foreign(args, rules: str) -> None:
    """Flags of the other system are an error, not silently ignored."""
    for name in (CC_ONLY if rules == FF else FF_ONLY):
        value = getattr(args, name, None)
        if value not in (None, False, []):
            flag = FLAG.get(name, "--" + name)
            raise BadRequest(f"{flag} ne s'applique pas aux règles {rules}",
                             f"{flag} does not apply to the {rules} rules")


def build(args) -> Request:
    """Check the parsed arguments of `gamebook odds` and build the request."""
    rules = rules_id(args.rules)
    _refuse_foreign(args, rules)
    names = (("HABILETÉ", "ENDURANCE", "SKILL", "STAMINA") if rules == FF
             else ("FORCE", "PROTECTION", "FORCE", "PROTECTION"))
    hero = sheet(args.hero, "--hero", names)
    if not args.enemy:
        sheet(None, "--enemy", names)
    enemies = [sheet(e, "--enemy", names) for e in args.enemy]
    return _ff(args, hero, enemies) if rules == FF else _cc(args, hero, enemies)


def _ff(args, hero, enemies) -> Request:
    if hero[1] == 0:
        raise BadRequest("l'ENDURANCE du héros doit être au moins 1",
                         "the hero's STAMINA must be at least 1")
    mode = args.mode or ("single" if len(enemies) == 1 else "one-by-one")
    if mode not in MODES + ("single",):
        raise BadRequest(f"--mode « {mode} » : attendu {', '.join(MODES)}",
                         f"--mode '{mode}': expected {', '.join(MODES)}")
    options = {"mode": "as-one" if mode == "single" and len(enemies) > 1 else mode,
               "unarmed": bool(args.unarmed)}
    luck = count(args.luck, "--luck")
    if luck is not None:
        options["luck"] = luck
    for key, flag in (("damage", "--damage"), ("enemy_damage", "--enemy-damage")):
        value = count(getattr(args, key), flag)
        if value == 0:
            raise BadRequest(f"{flag} doit valoir au moins 1", f"{flag} must be at least 1")
        if value is not None:
            options["hero_damage" if key == "damage" else "enemy_damage"] = value
    if args.armour is not None:
        options["armour"] = _armour(args.armour)
    return Request(FF, hero, enemies, options)


def _armour(word: str) -> tuple[int, int]:
    match = SHEET.match(word)
    if not match:
        raise BadRequest(f"--armour « {word} » : attendu ABSORBE/COUPS, par exemple 1/6",
                         f"--armour '{word}': expected ABSORBS/HITS, e.g. 1/6")
    return int(match[1]), int(match[2])


def _cc(args, hero, enemies) -> Request:
    conditions = [condition(c, "--enemy-condition") for c in args.enemy_condition or []]
    if conditions and len(conditions) != len(enemies):
        raise BadRequest(
            f"{len(conditions)} --enemy-condition pour {len(enemies)} adversaires : un par adversaire",
            f"{len(conditions)} --enemy-condition for {len(enemies)} enemies: one per enemy")
    honour = count(args.honour, "--honour")
    options = {
        "hero_condition": condition(args.hero_condition or "indemne", "--hero-condition"),
        "enemy_conditions": conditions or None, "honour": honour or 0,
        "spend_honour": bool(honour), "reward": count(args.reward, "--reward") or 0,
        "honte": count(args.shame, "--shame"),
    }
    if honour:
        # the strike that comes first is the pending decision the advice is about
        options["pending"] = "defence" if args.enemy_first else "attack"
    else:
        options["hero_first"] = not args.enemy_first
    return Request(CC, hero, enemies, options)
