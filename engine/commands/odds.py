"""`gamebook odds`: exact probabilities of a fight, or of every fight of a book.

    gamebook odds --rules ID [the module's own flags: --rules ID --help]
    gamebook odds BOOK.yaml     (every fight; each column says what it assumes)

The command knows only BOOK, --rules, --format and --lang.  The words are parsed
in two phases (`parse_words`): first --rules, which names a rule module (its id
or one of its `aliases`), then the flags that module adds (`odds_arguments`);
the module builds and solves the fight (`odds_from_arguments`).

Exit codes: 0 done, 1 the book has errors, 2 usage error (message in the
chosen language, never a traceback).
"""
from __future__ import annotations

import argparse
import json
import sys

from engine.analysis.render import advice_text, percent, render, tr
from engine.rules.base import BadArguments, RuleModule

FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

HELP = {
    "book": ("livre à analyser : chaque combat, pour les héros de départ du module (typique, "
             "le plus faible, le plus fort, moyenne), ce que les règles laissent dépenser en "
             "combat dépensé au mieux sauf mention ; un combat non calculable est listé avec la raison",
             "book to analyse: every fight, for the module's starting heroes (typical, weakest, "
             "strongest, average), what the rules let the hero spend in a fight (Luck, Honour) "
             "spent at best unless a column says otherwise; a "
             "fight that cannot be computed is listed with the reason"),
    "rules": ("module de règles (id ou alias) ; --rules ID --help montre ses options",
              "rule module (id or alias); --rules ID --help lists its own flags"),
    "format": ("format de sortie", "output format"),
    "lang": ("langue des messages", "language of the messages"),
    "epilog": ("Chaque module de règles a ses propres options (--hero, --enemy...) : "
               "gamebook odds --rules ID --help les montre.",
               "Each rule module has its own flags (--hero, --enemy...): "
               "gamebook odds --rules ID --help lists them."),
}


def configure(parser, lang: str) -> None:
    def h(key):
        return tr(lang, *HELP[key])
    parser.add_argument("book", nargs="?", help=h("book"))
    parser.add_argument("--rules", help=h("rules"))
    parser.add_argument("--format", choices=("text", "json"), default="text", help=h("format"))
    parser.add_argument("--lang", choices=("fr", "en"), help=h("lang"))
    parser.epilog = h("epilog")
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


def parse_words(parser, words: list[str], lang: str) -> argparse.Namespace:
    """Phase 1 finds --rules; phase 2 parses every word with the module's flags added.

    Flags the module does not know are kept in `args.foreign` for `run` to refuse
    with a clear message (they may belong to another module)."""
    module, rules_id, broken = _module(words)
    if offers_odds(module):
        title = module.title.get(lang) if module.title else rules_id
        module.odds_arguments(parser.add_argument_group(title), lang)
    args, extras = parser.parse_known_args(words)
    if extras and not any(word.startswith("-") for word in extras):
        parser.error("unrecognized arguments: " + " ".join(extras))
    args.module, args.rules_id, args.broken = module, rules_id, broken
    args.foreign = [word.split("=")[0] for word in extras if word.startswith("-")]
    return args


def _module(words: list[str]):
    """(the module --rules names, its id, None), or (None, None, BrokenRules or None)
    when absent, unknown or broken."""
    from engine.rules import registry
    first = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    first.add_argument("--rules")
    try:
        word = first.parse_known_args(words)[0].rules
        if word is None:
            return None, None, None
        rules_id = registry.resolve(word)
        return registry.get(rules_id), rules_id, None
    except registry.BrokenRules as broken:
        return None, None, broken
    except Exception:  # unknown: run() says so; a malformed --rules fails in phase 2
        return None, None, None


def offers_odds(module) -> bool:
    """The module overrides `odds_from_arguments` (the base class offers nothing)."""
    hook = getattr(type(module), "odds_from_arguments", None)
    return module is not None and hook is not None and hook is not RuleModule.odds_from_arguments


def run(args) -> int:
    lang = args.lang or "en"
    try:
        _check(args)
        if args.book:
            from engine.analysis.book_odds import run_book
            return run_book(args, lang)
        report = _solve(args)
    except BadArguments as bad:
        sys.stderr.write(tr(lang, "erreur : ", "error: ") + bad.message.get(lang) + "\n")
        return 2
    if args.format == "json":
        print(json.dumps(_json(args.rules_id, report), ensure_ascii=False, indent=2))
    else:
        labels = args.module.odds_labels()
        print(render(report.odds, lang, [m.get(lang) for m in report.header], labels,
                     _extra_lines(args.module, report, lang)))
    return 0


def _check(args) -> None:
    """The usage errors left by `parse_words`, in the order a user fixes them."""
    module, word = getattr(args, "module", None), args.rules
    broken = getattr(args, "broken", None)
    if broken is not None:
        raise BadArguments(broken.message.fr, broken.message.en)
    if word is not None and module is None:
        raise BadArguments(f"règles inconnues « {word} » (connues : {_known()})",
                           f"unknown rules '{word}' (known: {_known()})")
    if args.book and not getattr(args, "foreign", None):
        return
    if module is None:
        raise BadArguments(f"indiquez les règles : --rules {_known(' | ')}",
                           f"name the rules: --rules {_known(' | ')}")
    if not offers_odds(module):
        raise BadArguments(f"le module de règles {args.rules_id} ne calcule pas de probabilités "
                           f"exactes (modules qui le font : {_known()})",
                           f"the rule module {args.rules_id} offers no exact odds "
                           f"(modules that do: {_known()})")
    if args.foreign:
        flag, rules = args.foreign[0], args.rules_id
        raise BadArguments(f"{flag} ne s'applique pas aux règles {rules} "
                           f"(leurs options : gamebook odds --rules {rules} --help)",
                           f"{flag} does not apply to the {rules} rules "
                           f"(their flags: gamebook odds --rules {rules} --help)")


def _known(sep: str = ", ") -> str:
    """The installed modules that offer odds (broken ones left out)."""
    from engine.rules import registry
    found = []
    for name in registry.names():
        try:
            if offers_odds(registry.get(name)):
                found.append(name)
        except registry.BrokenRules:  # `gamebook rules` says why
            continue
    return sep.join(found)


def _solve(args):
    """The module's report; a solver's own refusal (a stalemate, too many states)
    is a usage error too."""
    try:
        return args.module.odds_from_arguments(args)
    except BadArguments:
        raise
    except ValueError as err:
        raise BadArguments(f"combat impossible à analyser : {_french(str(err))}",
                           f"this fight cannot be analysed: {err}") from err


# The solvers' refusals of a fight too big to solve (English ValueErrors), in French.
SIZE_REFUSALS = ((r"fight has more than (\d+) states", "le combat a plus de {} états"),
                 (r"more than (\d+) enemies together", "plus de {} adversaires ensemble"))


def _french(reason: str) -> str:
    import re
    for pattern, french in SIZE_REFUSALS:
        found = re.fullmatch(pattern, reason)
        if found:
            return french.format(found[1])
    return reason


def _extra_lines(module, report, lang: str) -> list[str]:
    lines = []
    if report.without is not None:
        lines.append("")
        lines.append(tr(lang, "Politique optimale — victoire : ", "Optimal policy — win: ")
                     + percent(report.odds.win, lang))
        lines.append(tr(lang, "Sans rien dépenser — victoire :  ", "Spending nothing — win:  ")
                     + percent(report.without.win, lang))
    for _key, when, advice in report.first:
        lines.append("  " + when.get(lang) + (advice_text(module, advice, lang) or ""))
    if report.odds.advice:
        lines.append(tr(lang, "Conseil maintenant : ", "Advice now: ")
                     + advice_text(module, report.odds.advice, lang))
    return lines


def _json(rules_id: str, report) -> dict:
    out = {"rules": rules_id, **report.facts, **report.odds.to_json()}
    if report.without is not None:
        out["win_without_resources"] = float(report.without.win)
        out["win_without_resources_exact"] = report.without.to_json()["win_exact"]
    if report.first:
        out["first_decisions"] = {key: advice for key, _when, advice in report.first}
    return out
