"""`gamebook odds`: exact probabilities of a fight, or of every fight of a book.

    gamebook odds --rules defis-fantastiques --hero 10/20 --enemy 8/8 [--luck 9]
    gamebook odds --rules chroniques-cretoises --hero 7/15 --enemy 5/15 --honour 10
    gamebook odds BOOK.yaml

Exit codes: 0 done, 1 the book has errors, 2 usage error (message in the
chosen language, never a traceback).
"""
from __future__ import annotations

import json
import sys

from engine.analysis import request as R
from engine.analysis.render import advice_text, percent, render, tr

HELP = {
    "book": ("livre à analyser (tous ses combats)", "book to analyse (every combat)"),
    "rules": ("règles : defis-fantastiques | chroniques-cretoises", "rules: defis-fantastiques | chroniques-cretoises"),
    "hero": ("héros HABILETÉ/ENDURANCE ou FORCE/PROTECTION", "hero SKILL/STAMINA or FORCE/PROTECTION"),
    "enemy": ("un adversaire A/B (répétable)", "one enemy A/B (repeatable)"),
    "mode": ("plusieurs adversaires (DF) : as-one | one-by-one | together",
             "several enemies (FF): as-one | one-by-one | together"),
    "luck": ("DF : CHANCE, utilisée au mieux", "FF: LUCK, used optimally"),
    "armour": ("DF : armure ABSORBE/COUPS", "FF: armour ABSORBS/HITS"),
    "damage": ("DF : dégâts infligés par le héros (2)", "FF: damage dealt by the hero (2)"),
    "enemy_damage": ("DF : dégâts infligés par l'adversaire (2)", "FF: damage dealt by enemies (2)"),
    "unarmed": ("DF : à mains nues (-1 HABILETÉ)", "FF: unarmed (-1 SKILL)"),
    "honour": ("CC : Honneur, dépensé au mieux", "CC: Honour, spent optimally"),
    "hero_condition": ("CC : état d'Althéos (indemne)", "CC: Althéos's condition (unhurt)"),
    "enemy_condition": ("CC : état d'un adversaire (répétable)", "CC: an enemy's condition (repeatable)"),
    "enemy_first": ("CC : l'adversaire frappe le premier", "CC: the enemy strikes first"),
    "shame": ("CC : Honte (mort par la Honte après la victoire)", "CC: Shame (death by Shame after a win)"),
    "reward": ("CC : Honneur gagné par la victoire", "CC: Honour won by the victory"),
    "format": ("format de sortie", "output format"),
    "lang": ("langue des messages", "language of the messages"),
}


def configure(parser, lang: str) -> None:
    def h(key):
        return tr(lang, *HELP[key])
    parser.add_argument("book", nargs="?", help=h("book"))
    parser.add_argument("--rules", help=h("rules"))
    parser.add_argument("--hero", metavar="A/B", help=h("hero"))
    parser.add_argument("--enemy", metavar="A/B", action="append", default=[], help=h("enemy"))
    parser.add_argument("--mode", help=h("mode"))
    for name in ("luck", "damage", "enemy_damage", "honour", "shame", "reward"):
        parser.add_argument("--" + name.replace("_", "-"), dest=name, metavar="N", help=h(name))
    parser.add_argument("--armour", "--armor", dest="armour", metavar="A/H", help=h("armour"))
    parser.add_argument("--unarmed", action="store_true", help=h("unarmed"))
    parser.add_argument("--hero-condition", dest="hero_condition", help=h("hero_condition"))
    parser.add_argument("--enemy-condition", dest="enemy_condition", action="append",
                        default=[], help=h("enemy_condition"))
    parser.add_argument("--enemy-first", dest="enemy_first", action="store_true", help=h("enemy_first"))
    parser.add_argument("--format", choices=("text", "json"), default="text", help=h("format"))
    parser.add_argument("--lang", choices=("fr", "en"), help=h("lang"))
    parser.error = _usage_error(parser, lang)


def _usage_error(parser, lang: str):
    def error(message: str):
        parser.print_usage(sys.stderr)
        sys.stderr.write(tr(lang, f"gamebook odds : erreur : {message}\n"
                                  "(valeur négative ? écrivez --hero=-1/5 ; elle sera refusée clairement)\n",
                            f"gamebook odds: error: {message}\n"
                            "(a negative value? write --hero=-1/5; it will be refused clearly)\n"))
        raise SystemExit(2)
    return error


def run(args) -> int:
    lang = args.lang or "en"
    try:
        if args.book:
            from engine.analysis.book_odds import run_book
            return run_book(args, lang)
        req = R.build(args)
        odds = _solve(req)
    except R.BadRequest as bad:
        sys.stderr.write(tr(lang, "erreur : ", "error: ") + bad.message.get(lang) + "\n")
        return 2
    extra = _extras(req)
    if args.format == "json":
        print(json.dumps(_json(req, odds, extra), ensure_ascii=False, indent=2))
    else:
        print(render(odds, lang, _header(req, lang), req.rules == R.FF, _extra_lines(odds, extra, lang)))
    return 0


def _solve(req: R.Request, **overrides):
    """The solver's own refusals (a stalemate, too many states) as usage errors."""
    try:
        return req.solve(**overrides)
    except ValueError as err:
        raise R.BadRequest(f"combat impossible à analyser : {err}",
                           f"this fight cannot be analysed: {err}") from err


def _extras(req: R.Request) -> dict:
    """Value without the resource, and the advice for the first decisions."""
    extra: dict = {}
    if req.rules == R.FF and "luck" in req.options:
        extra["without"] = _solve(req, luck=None)
        extra["first"] = {event: _solve(req, pending=event).advice
                          for event in ("after-wound-dealt", "after-wound-taken")}
    elif req.rules == R.CC and req.options["spend_honour"]:
        first = req.options["pending"] != "defence"
        extra["without"] = _solve(req, spend_honour=False, pending=None, hero_first=first)
    return extra


def _header(req: R.Request, lang: str) -> list[str]:
    if req.rules == R.FF:
        title = tr(lang, "Défis Fantastiques", "Fighting Fantasy")
        hero = tr(lang, f"héros HABILETÉ {req.hero[0]}, ENDURANCE {req.hero[1]}",
                  f"hero SKILL {req.hero[0]}, STAMINA {req.hero[1]}")
        if "luck" in req.options:
            hero += tr(lang, f", CHANCE {req.options['luck']}", f", LUCK {req.options['luck']}")
    else:
        title = tr(lang, "Chroniques Crétoises", "Cretan Chronicles")
        hero = tr(lang, f"Althéos FORCE {req.hero[0]}, PROTECTION {req.hero[1]}",
                  f"Althéos FORCE {req.hero[0]}, PROTECTION {req.hero[1]}")
        if req.options["spend_honour"]:
            hero += tr(lang, f", HONNEUR {req.options['honour']}", f", HONOUR {req.options['honour']}")
    enemies = ", ".join(f"{a}/{b}" for a, b in req.enemies)
    mode = req.options.get("mode")
    if mode and mode != "single":
        enemies += f" ({mode})"
    return [f"{title} — {hero}", tr(lang, f"contre {enemies}", f"against {enemies}")]


def _extra_lines(odds, extra: dict, lang: str) -> list[str]:
    lines = []
    if "without" in extra:
        lines.append("")
        lines.append(tr(lang, "Politique optimale — victoire : ", "Optimal policy — win: ")
                     + percent(odds.win, lang))
        lines.append(tr(lang, "Sans rien dépenser — victoire :  ", "Spending nothing — win:  ")
                     + percent(extra["without"].win, lang))
    for event, advice in extra.get("first", {}).items():
        when = (tr(lang, "Si vous blessez l'adversaire : ", "If you wound the enemy: ")
                if event == "after-wound-dealt" else
                tr(lang, "Si vous êtes blessé : ", "If you are wounded: "))
        lines.append("  " + when + advice_text(advice, lang))
    if odds.advice:
        lines.append(tr(lang, "Conseil maintenant : ", "Advice now: ") + advice_text(odds.advice, lang))
    return lines


def _json(req: R.Request, odds, extra: dict) -> dict:
    out = {"rules": req.rules, "hero": list(req.hero), "enemies": [list(e) for e in req.enemies],
           **odds.to_json()}
    if "without" in extra:
        out["win_without_resources"] = float(extra["without"].win)
        out["win_without_resources_exact"] = extra["without"].to_json()["win_exact"]
    if "first" in extra:
        out["first_decisions"] = extra["first"]
    return out
