"""`gamebook explore BOOK`: automated playtesting (random runs, exhaustive search, replay).

`--exhaustive` runs the compiled path (engine/analysis/compiled/report.py),
breadth-first (`--focused`: its focused order past a first budget, compiled/focus.py,
for a space larger than the bound); `--engine-explorer` today's explorer, which plays every state through
the engine (engine/analysis/explore/report.py): the same values, the same report.
Without `--sheet` on a book rolling more than 256 sheets, the engine explorer's
sample (within --timeout), unless `--compiled` asks for the exact table (hours).

Exit code: 0 when no engine error and no soft-lock was found, 1 otherwise (or when
the book does not load), 2 on a usage error (a malformed --replay).
"""
from __future__ import annotations

import json
import sys


def configure(parser, lang: str) -> None:
    from engine.commands import positive
    fr = lang == "fr"
    t = (lambda a, b: a) if fr else (lambda a, b: b)
    parser.add_argument("book", help=t("le livre (YAML)", "the book (YAML)"))
    parser.add_argument("--runs", type=positive(int, lang), default=1000, help=t("parties au hasard (défaut 1000)",
                                                                  "random playthroughs (default 1000)"))
    parser.add_argument("--seed", type=int, default=1, help=t("graine (défaut 1)", "seed (default 1)"))
    parser.add_argument("--max-steps", type=positive(int, lang), default=2000,
                        help=t("coups au plus par partie (au-delà : bloquée)", "moves per playthrough before it counts as stuck"))
    parser.add_argument("--exhaustive", action="store_true",
                        help=t("explorer tous les états (dés compris) : chances de victoire en jouant au mieux, "
                               "impasses, paragraphes inaccessibles", "explore every state (dice included): "
                               "best-play odds of victory, soft-locks, unreachable paragraphs"))
    parser.add_argument("--max-states", type=positive(int, lang), default=200_000, help=t("limite d'états", "state bound"))
    parser.add_argument("--timeout", type=positive(float, lang), default=20.0,
                        help=t("limite de temps de --exhaustive, et d'un appel au module de règles (s, défaut 20)",
                               "time bound of --exhaustive, and of one call into the rule module (s, default 20)"))
    parser.add_argument("--sheet", type=int, metavar="SEED",
                        help=t("--exhaustive : partir du seul personnage que la création tire avec cette graine "
                               "(chances exactes de ce héros)", "--exhaustive: start from the one character "
                               "creation rolls with this seed (that hero's exact odds)"))
    parser.add_argument("--focused", action="store_true",
                        help=t("--exhaustive : passé 200 000 états, développer d'abord les états que le meilleur jeu "
                               "peut encore atteindre (pour un espace plus grand que la limite ; avec --engine-explorer : suivre "
                               "d'abord le meilleur jeu connu jusqu'au bout, puis les états les plus probables)",
                               "--exhaustive: past 200,000 states, expand first the states best play can still reach "
                               "(for a space larger than the bound; with --engine-explorer: walk the best known play to "
                               "its end first, then the likeliest states)"))
    parser.add_argument("--breadth", action="store_true",
                        help=t("--exhaustive : le chemin compilé en largeur d'un bout à l'autre (le défaut ; "
                               "l'emporte sur --focused)", "--exhaustive: the compiled path breadth-first throughout "
                               "(the default; wins over --focused)"))
    parser.add_argument("--gap", type=positive(float, lang), metavar="POINTS",
                        help=t("--exhaustive : s'arrêter dès que les deux bornes sont à moins de POINTS points de "
                               "pourcentage (par défaut : jusqu'à ce qu'elles se rejoignent ou qu'une limite coupe)",
                               "--exhaustive: stop once the two bounds are within POINTS percentage points "
                               "(default: until they meet or a bound cuts)"))
    parser.add_argument("--step-by-step", action="store_true",
                        help=t("--exhaustive : jouer aussi les combats réponse par réponse (pas de nœud de combat)",
                               "--exhaustive: play fights answer by answer too (no fight node)"))
    parser.add_argument("--compiled", action="store_true",
                        help=t("--exhaustive : le chemin compilé même sans --sheet sur plus de 256 personnages "
                               "tirés (la table exacte sur chacun : des heures sur un livre de Défis Fantastiques)",
                               "--exhaustive: the compiled path even without --sheet on more than 256 rolled "
                               "characters (the exact table over each: hours on a Fighting Fantasy book)"))
    parser.add_argument("--engine-explorer", action="store_true",
                        help=t("--exhaustive : l'explorateur qui joue chaque état par le moteur (l'ancien "
                               "chemin : pour comparer, et pour --focused)", "--exhaustive: the explorer that "
                               "plays every state through the engine (the former path: to compare, and for "
                               "--focused)"))
    parser.add_argument("--saving", action="store_true",
                        help=t("--exhaustive : explorer à nouveau sans rien oublier (mêmes limites) et dire "
                               "combien d'états l'oubli économise", "--exhaustive: explore again forgetting "
                               "nothing (same bounds) and say how many states forgetting saves"))
    parser.add_argument("--no-store", action="store_true",
                        help=t("--exhaustive : ne pas garder les valeurs résolues pour le jeu (« chances ») et "
                               "l'éditeur", "--exhaustive: do not keep the solved values for play ('odds') "
                               "and the editor"))
    parser.add_argument("--no-commands", action="store_true",
                        help=t("ne pas essayer les commandes du module", "do not try the module's commands"))
    parser.add_argument("--jobs", type=positive(int, lang), default=None,
                        help=t("processus (défaut et maximum : les cœurs de la machine)",
                               "processes (default and maximum: the machine's cores)"))
    parser.add_argument("--replay", metavar="SEED:ANSWERS[:FACES]",
                        help=t("rejouer une partie signalée", "replay a reported playthrough"))
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--lang", choices=("fr", "en"))


def run(args) -> int:
    from engine.commands._common import load_or_report
    loaded = load_or_report(args.book, args.lang)
    if loaded is None:
        return 1
    from engine.rules.watchdog import HookTimeout, hook_timeout, watching
    from engine.analysis.explore.workers import WorkersDied
    # The compiled path calls the module's vector rules on whole batches of states: a call
    # lasting longer than a short --timeout is work, not a hang (the run stops between
    # waves), so only the hook bound itself applies there.
    try:
        with watching(loaded.module, hook_timeout(args.timeout)):   # (it may roll the sheets)
            compiled = args.exhaustive and not args.replay and _compiled_path(loaded.book, loaded.module, args)
        with watching(loaded.module, hook_timeout(None if compiled else args.timeout)):
            return _explore(loaded.book, loaded.module, args, compiled)
    except HookTimeout as late:  # (a worker's is raised again here by run_batch)
        print(late.message.get(args.lang), file=sys.stderr)
        return 1
    except WorkersDied as died:   # (one death is redone: this is several)
        print(died.message.get(args.lang), file=sys.stderr)
        return 1


def _explore(book, module, args, compiled: bool) -> int:
    from engine.rules.watchdog import hook_timeout
    if args.replay:
        return _replay(book, module, args)
    if compiled:
        from engine.analysis.compiled.report import compiled_report, compiled_text
        from engine.support.heap import reuse_large_blocks
        reuse_large_blocks()   # (its batches' large arrays reused, not faulted in again)
        r = compiled_report(book, module, args.max_states, not args.no_commands,
                            fight_nodes=not args.step_by_step, sheet=args.sheet, timeout=args.timeout,
                            keep=not args.no_store, jobs=_jobs(args), saving=args.saving,
                            focused=args.focused and not args.breadth, gap=(args.gap or 0.0) / 100)
        _show(r, args, compiled_text)
        return 1 if r["errors"] or r.get("soft_locks") else 0
    if args.exhaustive:
        from engine.analysis.explore.report import exhaustive
        from engine.analysis.explore.text import exhaustive_text
        r = exhaustive(book, module, args.max_states, args.timeout, not args.no_commands,
                       fight_nodes=not args.step_by_step, seed=args.seed, sheet=args.sheet,
                       saving=args.saving, keep=not args.no_store, focused=args.focused)
        _show(r, args, exhaustive_text)
        return 1 if r["errors"] or r["soft_locks"] else 0
    from engine.analysis.explore.parallel import ProgressBar, run_batch
    from engine.analysis.explore.report import random_report
    from engine.analysis.explore.text import random_text
    jobs = _jobs(args)
    bar = ProgressBar("explore")
    stats = run_batch(book, module, args.runs, args.seed, args.max_steps, jobs,
                      not args.no_commands, progress=bar, hook_seconds=hook_timeout(args.timeout))
    bar.close()
    r = random_report(book, module, stats)
    _show(r, args, random_text)
    return 1 if any(p["kind"] in ("error", "soft-lock") for p in r["problems"]) else 0


def _compiled_path(book, module, args) -> bool:
    """Whether --exhaustive runs the compiled path: yes, but with --engine-explorer,
    and without --sheet on a book rolling more sheets than the engine explorer
    explores whole (the exact table over every sheet is hours of CPU on la-cloche-de-brumesel:
    asked for with --compiled; else the engine explorer's sample within --timeout)."""
    if args.engine_explorer:
        return False
    if args.compiled or args.sheet is not None:
        return True
    from engine.analysis.compiled.report import MAX_SHEETS
    from engine.analysis.compiled.sheets import rolled
    try:
        return len(rolled(book, module)) <= MAX_SHEETS
    except Exception:  # (creation fails: the engine explorer reports it, with its replay)
        return False


def _jobs(args) -> int:
    """--jobs, at most the cores this process may use (more would only cost memory)."""
    from engine.analysis.explore.pool import cores
    if args.jobs is None or args.jobs <= cores():
        return args.jobs or cores()
    print(f"--jobs {args.jobs} : ramené à {cores()}, le nombre de cœurs utilisables" if args.lang == "fr"
          else f"--jobs {args.jobs}: capped at {cores()}, the number of usable cores", file=sys.stderr)
    return cores()


def _show(report: dict, args, text) -> None:
    if args.format == "json":
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(text(report, args.lang, args.book))


def _replay(book, module, args) -> int:
    from engine.analysis.explore.replay import ReplayRefused, parse_spec, replay
    try:
        seed, moves, faces = parse_spec(args.replay)
    except ValueError:
        print("--replay attend GRAINE:RÉPONSES[:FACES], par exemple 12:1,2,attaque" if args.lang == "fr"
              else "--replay expects SEED:ANSWERS[:FACES], e.g. 12:1,2,attack", file=sys.stderr)
        return 2
    try:
        lines, failure = replay(book, module, seed, moves, faces, args.lang)
    except ReplayRefused as refused:
        print("\n".join(refused.lines))
        print(refused.text(args.lang), file=sys.stderr)
        return 2
    print("\n".join(lines))
    if failure:
        print(failure, file=sys.stderr)
        return 1
    return 0
