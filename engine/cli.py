"""The `gamebook` command: a thin dispatcher over `engine/commands/*.py`.

Each subcommand lives in its own module exposing `HELP` (fr, en), `configure(parser)`
and `run(args) -> int`; only the chosen one is imported, to keep start-up fast.  A
command whose flags depend on its words (odds) may also define `parse_words`.
Exit codes: 0 success, 1 problems found (lint) or game not finished, 2 usage error.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

COMMANDS = {
    "play": ("jouer un livre", "play a book"),
    "serve": ("jouer un livre dans le navigateur", "play a book in a browser"),
    "lint": ("vérifier des livres comme un compilateur", "check books like a compiler"),
    "graph": ("dessiner le graphe des paragraphes", "draw the paragraph graph"),
    "odds": ("probabilités exactes d'un combat", "exact odds of a fight"),
    "explore": ("tester un livre par des parties automatiques", "playtest a book automatically"),
    "rules": ("lister les modules de règles installés", "list the installed rule modules"),
    "schema": ("afficher le schéma JSON des livres", "print the book JSON Schema"),
    "lsp": ("serveur de langage pour les éditeurs (LSP)", "language server for editors (LSP)"),
    "export": ("exporter un livre à imprimer ou à lire (pdf, html, md)",
               "export a book to print or read (pdf, html, md)"),
    "renumber": ("numéroter un livre comme un livre imprimé", "number a book as a printed book is"),
}


def ui_lang(argv: list[str] | None = None) -> str:
    """--lang wins, then GAMEBOOK_LANG, then the locale; French or English."""
    argv = argv or []
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return "fr" if argv[i + 1].startswith("fr") else "en"
        if a.startswith("--lang="):
            return "fr" if a[7:].startswith("fr") else "en"
    env = os.environ.get("GAMEBOOK_LANG") or os.environ.get("LC_ALL") or os.environ.get("LANG", "")
    return "fr" if env.startswith("fr") else "en"


def _columns() -> int:
    """`shutil.get_terminal_size().columns`, without importing shutil (and bz2, lzma...)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
    return columns


class _Formatter(argparse.HelpFormatter):
    """argparse's formatter; argparse builds one for every add_argument, and its
    default width comes from shutil, an import that costs more than the rest of
    the command line."""

    def __init__(self, prog, indent_increment=2, max_help_position=24, width=None):
        super().__init__(prog, indent_increment, max_help_position,
                         _columns() - 2 if width is None else width)


def build_parser(lang: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gamebook", formatter_class=_Formatter,
        description="Moteur de livres-jeux : jouer, vérifier, analyser." if lang == "fr"
        else "Gamebook engine: play, check and analyse YAML gamebooks.")
    from engine import __version__
    parser.add_argument("--version", action="version", version=f"gamebook-engine {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (fr, en) in COMMANDS.items():
        p = sub.add_parser(name, help=fr if lang == "fr" else en,
                           description=fr if lang == "fr" else en, formatter_class=_Formatter)
        p.set_defaults(_command=name)
        try:
            module = importlib.import_module(f"engine.commands.{name}")
        except ModuleNotFoundError:
            continue
        module.configure(p, lang)
    return parser


def entry() -> None:
    """The `gamebook` command (and `python -m engine`): `main`, then exit.

    A command module that sets `FAST_EXIT = True` (nothing of it is left to clean up
    when `run` returns) exits without freeing the book it loaded: Python's clean
    exit frees every object one by one, a tenth of a cold lint.  The same trick as
    mypy's `hard_exit`.  Tests call `main`, which always returns."""
    from engine.support.safe_io import reopen_closed_descriptors
    reopen_closed_descriptors()
    code = main(fast_exit=True)
    sys.exit(code)


def _hard_exit(code: int) -> None:
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError, AttributeError):  # a closed pipe, stream or descriptor
            pass
    os._exit(code)


def main(argv: list[str] | None = None, fast_exit: bool = False) -> int:
    """Run one command with its output behind safe streams (engine/support/safe_io.py): every
    string printed is cleaned of control sequences, and an output that cannot be
    written ends the command with one line instead of a traceback."""
    from engine.support.safe_io import failure, guarded
    argv = sys.argv[1:] if argv is None else argv
    lang = ui_lang(argv)
    stop = None
    with guarded() as (out, err):
        try:
            code, module = _main(argv, lang)
        except SystemExit as exc:   # argparse: --help, --version, a usage error
            stop, module = exc, None
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
        problem = failure(out, lang)
        if problem is not None:
            err.write(problem + "\n")
            code = code or 1
    if stop is not None:
        raise SystemExit(code)
    if fast_exit and getattr(module, "FAST_EXIT", False):
        _hard_exit(code)
    return code


def _main(argv: list[str], lang: str):
    """(exit code, command module) of one command line."""
    chosen = next((a for a in argv if not a.startswith("-")), None)
    parser = _lazy_parser(lang, chosen)
    args = _parse(parser, argv, chosen, lang)
    if not getattr(args, "_command", None):
        parser.print_help()
        return 2, None
    module = importlib.import_module(f"engine.commands.{args._command}")
    args.lang = getattr(args, "lang", None) or lang
    try:
        return module.run(args), module
    except KeyboardInterrupt:
        return 130, module
    except BrokenPipeError:
        return 0, module
    except MemoryError:   # (an exploration too big for the machine or for `ulimit -v`)
        print(OUT_OF_MEMORY[lang == "en"].format(command=args._command), file=sys.stderr)
        return 1, module


OUT_OF_MEMORY = (
    "gamebook {command} : mémoire épuisée (celle de la machine, ou la limite du processus : ulimit -v). "
    "Relancez avec une borne plus petite (explore : --max-states, --timeout) ou plus de mémoire.",
    "gamebook {command}: out of memory (the machine's, or the process's limit: ulimit -v). "
    "Run it again with a smaller bound (explore: --max-states, --timeout) or more memory.")


def _lazy_parser(lang: str, chosen: str | None) -> argparse.ArgumentParser:
    """Only the chosen subcommand's module is imported (all of them for --help)."""
    if chosen not in COMMANDS:
        return build_parser(lang)
    parser = argparse.ArgumentParser(prog="gamebook", formatter_class=_Formatter)
    sub = parser.add_subparsers(dest="command")
    fr, en = COMMANDS[chosen]
    p = sub.add_parser(chosen, help=fr if lang == "fr" else en, description=fr if lang == "fr" else en,
                       formatter_class=_Formatter)
    p.set_defaults(_command=chosen)
    importlib.import_module(f"engine.commands.{chosen}").configure(p, lang)
    parser.set_defaults(_subparser=p)
    return parser


def _parse(parser: argparse.ArgumentParser, argv: list[str], chosen: str | None, lang: str):
    """A command whose flags depend on its other words (`odds --rules ID` adds the rule
    module's own) parses them itself: `parse_words(subparser, words, lang)`."""
    sub = parser.get_default("_subparser")
    parse_words = getattr(sys.modules.get(f"engine.commands.{chosen}"), "parse_words", None)
    if sub is None or parse_words is None or argv[:1] != [chosen]:
        return parser.parse_args(argv)
    return parse_words(sub, argv[1:], lang)


if __name__ == "__main__":
    entry()
