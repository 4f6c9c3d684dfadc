"""`gamebook lint BOOK...`: check books the way a compiler checks code.

Prints `file:line:col: CODE message`, one line a problem, sorted; `--format json`
or `github` for tools.  Exit status: 0 clean, 1 errors (or warnings with
`--strict`), 2 usage error (argparse, or a book file that does not exist: the same
status as `gamebook play`).  A summary goes to stderr in text format.
"""
from __future__ import annotations

import argparse
import sys

FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

FORMATS = ("text", "json", "github")
# A path that names no file is a usage error (exit 2), for `lint` as for `play`.
USAGE_CODES = ("file-not-found", "not-a-file")


def configure(parser: argparse.ArgumentParser, lang: str) -> None:
    from engine.commands import positive
    fr = lang == "fr"
    parser.add_argument("books", nargs="+", metavar="BOOK",
                        help="fichiers de livre YAML" if fr else "YAML book files")
    parser.add_argument("--format", choices=FORMATS, default="text",
                        help="format de sortie" if fr else "output format")
    parser.add_argument("--strict", action="store_true",
                        help="les avertissements font aussi échouer" if fr
                        else "warnings also make the check fail")
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="langue des messages" if fr else "language of the messages")
    parser.add_argument("--no-cache", action="store_true",
                        help="ignorer le cache des livres compilés" if fr
                        else "do not use the compiled-book cache")
    parser.add_argument("--deep", action="store_true",
                        help="jouer aussi le livre automatiquement (impasses, paragraphes "
                        "inatteignables en jeu, erreurs du moteur)" if fr else
                        "also play the book automatically (soft-locks, paragraphs unreachable "
                        "in play, engine errors)")
    parser.add_argument("--deep-timeout", type=positive(float, lang), default=10.0, metavar="SECONDS",
                        help="durée maximale de --deep par livre, en temps réel (défaut 10)" if fr
                        else "time limit of --deep, per book, in wall-clock seconds (default 10)")
    parser.add_argument("--engine-explorer", action="store_true",
                        help="--deep : l'explorateur qui joue chaque état par le moteur (l'ancien chemin, "
                        "pour comparer) au lieu du chemin compilé" if fr else
                        "--deep: the explorer that plays every state through the engine (the former "
                        "path, to compare) instead of the compiled path")
    parser.add_argument("--show-source", action="store_true",
                        help="montrer la ligne fautive et un ^ sous la colonne" if fr
                        else "show the offending line with a ^ under the column")


def run(args: argparse.Namespace) -> int:
    from engine.diagnostics import RENDERERS, Diagnostic, Severity, render_text, summary
    from engine.lint.loader import load_book
    diags: list[Diagnostic] = []
    sources: dict[str, str] = {}
    deep_lines: list = []   # one a book: was its --deep exploration complete or cut
    for book in args.books:
        loaded = load_book(book, display=book, use_cache=not args.no_cache,
                           need_book=args.deep)
        diags.extend(loaded.diagnostics)
        if args.deep and loaded.ok:
            diags.extend(_deep(book, loaded, args, deep_lines))
        if args.show_source and loaded.diagnostics:
            sources[book] = _read_text(book)
    diags.sort(key=Diagnostic.sort_key)
    if args.format == "text":
        out = render_text(diags, args.lang, sources if args.show_source else None)
    else:
        out = RENDERERS[args.format](diags, args.lang)
    if out:
        sys.stdout.write(out + "\n")
    if args.format == "text":
        sys.stderr.write("".join(m.get(args.lang) + "\n" for m in deep_lines))
        sys.stderr.write(summary(diags, args.lang) + "\n")
    if any(d.code in USAGE_CODES for d in diags):
        return 2
    failing = {Severity.ERROR, Severity.WARNING} if args.strict else {Severity.ERROR}
    return 1 if any(d.severity in failing for d in diags) else 0


def _deep(path: str, loaded, args, lines: list) -> list:
    """The explorer's findings, located in the YAML document; `lines` receives the
    sentence saying whether the exploration was complete or cut.  A hook of play
    that outlasts the hook bound (at most --deep-timeout) fails the module; a call
    the compiled exploration makes into it is stopped at its deadline instead
    (deep_compiled.Cut: a fight's pricing is work, and the exploration is cut)."""
    from engine.analysis.explore import deep_diagnostics
    from engine.analysis.explore.deep import summary_message
    from engine.analysis.explore.deep_compiled import Cut
    from engine.diagnostics import error
    from engine.rules.watchdog import HookTimeout, hook_timeout, watching
    from engine.book.source import load
    doc, _ = load(path, display=path)
    if doc is None:
        return []
    timeout, cut = args.deep_timeout, Cut()
    try:
        with watching(loaded.module, hook_timeout(timeout), cut=None if args.engine_explorer else cut):
            said: dict = {}
            found = deep_diagnostics(loaded.book, loaded.module, doc, timeout=timeout, summary=said,
                                     engine=args.engine_explorer, cut=cut)
            lines.append(summary_message(said, path))
            return found
    except HookTimeout as late:
        return [error("rules-failed", doc.span(("rules",)), late.message.fr, late.message.en)]


def _read_text(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read(64 * 1024 * 1024).decode("utf-8", "replace")
    except OSError:
        return ""
