"""`gamebook odds --rules chroniques-cretoises`: the module's flags and their fight.

    gamebook odds --rules cc --hero 7/15 --enemy 5/15 [--honour 10]
                  [--hero-condition blessé] [--enemy-condition wounded]...
                  [--enemy-first] [--shame 3] [--reward 2]

Sheets are FORCE/PROTECTION; Honour, when given, is spent optimally and the
report adds the odds without spending it.  Every bad value is a bilingual
`BadArguments`.
"""
from __future__ import annotations

from engine.analysis.arguments import against, count, sheets
from engine.analysis.result import OddsLabels, OddsReport
from engine.diagnostics import Message as M
from engine.rules.base import BadArguments

from engine.rules.chroniques_cretoises.odds_solver import cc_fight

NAMES = ("FORCE", "PROTECTION", "FORCE", "PROTECTION")
CONDITIONS = {
    "indemne": "indemne", "unhurt": "indemne", "unharmed": "indemne",
    "blessé": "blessé", "blesse": "blessé", "wounded": "blessé",
    "grièvement-blessé": "grièvement-blessé", "grievement-blesse": "grièvement-blessé",
    "gravement-blessé": "grièvement-blessé", "badly-wounded": "grièvement-blessé",
}
HELP = {
    "hero": ("Althéos FORCE/PROTECTION", "Althéos FORCE/PROTECTION"),
    "enemy": ("un adversaire FORCE/PROTECTION (répétable)", "one enemy FORCE/PROTECTION (repeatable)"),
    "honour": ("Honneur, dépensé au mieux", "Honour, spent optimally"),
    "hero_condition": ("état d'Althéos (indemne)", "Althéos's condition (unhurt)"),
    "enemy_condition": ("état d'un adversaire (répétable)", "an enemy's condition (repeatable)"),
    "enemy_first": ("l'adversaire frappe le premier", "the enemy strikes first"),
    "shame": ("Honte (mort par la Honte après la victoire)", "Shame (death by Shame after a win)"),
    "reward": ("Honneur gagné par la victoire", "Honour won by the victory"),
    "all_down": ("groupe, tous grièvement blessés : end (le paragraphe du livre, défaut) ou continue "
                 "(le dernier combat jusqu'au bout)",
                 "group, all badly wounded: end (the book's paragraph, default) or continue "
                 "(the last one fights to the end)"),
}
LABELS = OddsLabels(
    final=M("État final d'Althéos :", "Althéos's final condition:"), rounds=M("coups", "strikes"),
    states={"indemne": M("Indemne", "Unhurt"), "blessé": M("Blessé", "Wounded"),
            "grièvement-blessé": M("Grièvement Blessé", "Badly Wounded"), "mort": M("Mort", "Dead")},
    outcomes={"all-badly-wounded": M("Tous Grièvement Blessés", "All badly wounded"),
              "retreat": M("Retraite réussie", "Retreat"), "surrender": M("Reddition", "Surrender"),
              "hurt": M("Blessé : le combat s'arrête (hurt)", "Wounded: the fight stops (hurt)"),
              "timeout": M("Assauts écoulés (timeout)", "Strikes over (timeout)"),
              "stalemate": M("Impasse (personne ne peut plus blesser)", "Stalemate (no one can wound)"),
              "shame": M("  dont mort par la Honte", "  of which death by Shame")})


def arguments(parser, lang: str) -> None:
    def h(key):
        return HELP[key][0] if lang == "fr" else HELP[key][1]
    parser.add_argument("--hero", metavar="A/B", help=h("hero"))
    parser.add_argument("--enemy", metavar="A/B", action="append", default=[], help=h("enemy"))
    for name in ("honour", "shame", "reward"):
        parser.add_argument("--" + name, dest=name, metavar="N", help=h(name))
    parser.add_argument("--all-down", dest="all_down", metavar="end|continue", help=h("all_down"))
    parser.add_argument("--hero-condition", dest="hero_condition", help=h("hero_condition"))
    parser.add_argument("--enemy-condition", dest="enemy_condition", action="append",
                        default=[], help=h("enemy_condition"))
    parser.add_argument("--enemy-first", dest="enemy_first", action="store_true", help=h("enemy_first"))


def condition(word: str, flag: str) -> str:
    found = CONDITIONS.get(word.strip().lower())
    if found is None:
        raise BadArguments(f"{flag} « {word} » : état inconnu (indemne, blessé, grièvement-blessé)",
                           f"{flag} '{word}': unknown condition (unhurt, wounded, badly-wounded)")
    return found


def from_arguments(args) -> OddsReport:
    """Check the flags, solve the fight, and the same fight without spending Honour."""
    hero, enemies = sheets(args.hero, args.enemy, NAMES)
    options = _options(args, enemies)
    odds = cc_fight(hero, enemies, **options)
    without = None
    text = f"Althéos FORCE {hero[0]}, PROTECTION {hero[1]}"
    fr = en = text
    if options["spend_honour"]:
        first = options["pending"] != "defence"
        without = cc_fight(hero, enemies, **{**options, "spend_honour": False, "pending": None,
                                             "hero_first": first})
        fr, en = text + f", HONNEUR {options['honour']}", text + f", HONOUR {options['honour']}"
    header = (M(f"Chroniques Crétoises — {fr}", f"Cretan Chronicles — {en}"), against(enemies))
    facts = {"hero": list(hero), "enemies": [list(e) for e in enemies]}
    return OddsReport(odds, header, facts, without)


def _options(args, enemies) -> dict:
    conditions = [condition(c, "--enemy-condition") for c in args.enemy_condition or []]
    if conditions and len(conditions) != len(enemies):
        raise BadArguments(
            f"{len(conditions)} --enemy-condition pour {len(enemies)} adversaires : un par adversaire",
            f"{len(conditions)} --enemy-condition for {len(enemies)} enemies: one per enemy")
    honour = count(args.honour, "--honour")
    options = {
        "hero_condition": condition(args.hero_condition or "indemne", "--hero-condition"),
        "enemy_conditions": conditions or None, "honour": honour or 0,
        "spend_honour": bool(honour), "reward": count(args.reward, "--reward") or 0,
        "honte": count(args.shame, "--shame"), "all_down": _all_down(getattr(args, "all_down", None)),
    }
    if honour:
        # the strike that comes first is the pending decision the advice is about
        options["pending"] = "defence" if args.enemy_first else "attack"
    else:
        options["hero_first"] = not args.enemy_first
    return options


def _all_down(word) -> str:
    if word in (None, "end", "fin"):
        return "end"
    if word in ("continue", "continuer"):
        return "continue"
    raise BadArguments(f"--all-down « {word} » : end ou continue", f"--all-down '{word}': end or continue")


MOVES = {"retreat": M("Battre en retraite", "Retreat"), "surrender": M("Vous rendre", "Surrender")}


def advice(word: str):
    """A pending decision in words: how much Honour to spend on this strike, or another move."""
    if word in MOVES:
        return MOVES[word]
    kind, _, value = word.partition(":")
    if kind == "spend":
        n = int(value)
        return (M("Ne dépensez pas d'Honneur", "Spend no Honour") if n == 0
                else M(f"Dépensez {n} point{'s' if n > 1 else ''} d'Honneur",
                       f"Spend {n} Honour point{'s' if n != 1 else ''}"))
    return M(word, word)


def zero_reasons(odds, moves=()) -> list:
    """Why a figure is 0 %: the Shame rule, a group fight that ends before a victory,
    a move whose Shame kills (its survival is 0 % although the fight would spare you)."""
    out = []
    if odds.win == 0 and odds.outcomes.get("shame"):
        out.append(M("Victoire à 0 % : à la fin du combat votre Honte dépasserait votre Honneur "
                     "(récompense comprise, rien n'est gagné si l'Honneur est tombé à 0) : mort par la Honte.",
                     "0% win: at the end of the fight your Shame would exceed your Honour (reward "
                     "included; nothing is earned once Honour fell to 0): death by Shame."))
    elif odds.win == 0 and odds.outcomes.get("all-badly-wounded"):
        out.append(M("Victoire à 0 % : dans ce combat de groupe, le combat s'arrête quand tous vos adversaires "
                     "sont grièvement blessés (« Tous Grièvement Blessés ») ; le livre dit où aller.",
                     "0% win: in this group fight, the fight stops once every opponent is badly wounded "
                     "(\"All badly wounded\"); the book says where to go."))
    elif odds.win == 0:
        out.append(M("Victoire à 0 % : aucune suite de coups ne vous fait tuer votre adversaire avant qu'il vous tue.",
                     "0% win: no sequence of strikes lets you kill your opponent before he kills you."))
    for move, result in moves:
        if result.lose == 1 and result.outcomes.get("shame"):
            words = advice(move)
            out.append(M(f"{words.fr} : survie 0 % à cause de la Honte (elle dépasserait votre Honneur).",
                         f"{words.en}: 0% survival because of Shame (it would exceed your Honour)."))
    return out
