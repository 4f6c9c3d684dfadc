"""`gamebook renumber BOOK [--shuffle] [--seed N] [-o OUT]`: the book with the numbers
of a printed book (names of format 1.1 turned into numbers), comments and layout
kept (see docs/export.md)."""
from __future__ import annotations

import sys

FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry


def configure(parser, lang: str) -> None:
    fr = lang == "fr"
    parser.add_argument("book", help="le livre (YAML)" if fr else "the book (YAML)")
    parser.add_argument("--shuffle", action="store_true",
                        help="mélanger les numéros comme un livre imprimé (1 au début, la victoire à la fin, "
                             "numéros fixés et sauts relatifs comme +20 gardés)" if fr
                        else "shuffle the numbers as a printed book does (1 first, the victory last, "
                             "pinned numbers and relative jumps such as +20 kept)")
    parser.add_argument("--seed", type=int, default=0,
                        help="graine du mélange (défaut : 0) : la même graine donne les mêmes numéros" if fr
                        else "shuffle seed (default: 0): the same seed gives the same numbers")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="fichier de sortie (défaut : la sortie standard)" if fr
                        else "output file (default: standard output)")
    parser.add_argument("--lang", choices=("fr", "en"))


def run(args) -> int:
    from ..renumber import CannotRenumber, renumber
    from ._common import load_or_report
    from .export import _write
    fr = args.lang == "fr"
    loaded = load_or_report(args.book, args.lang)
    if loaded is None:
        return 1
    notes: list = []
    try:
        text, _new, close = renumber(args.book, args.shuffle, args.seed, loaded, notes)
    except CannotRenumber as exc:
        print(f"{args.book}: {exc.fr if fr else exc.en}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{args.book}: {exc.strerror}", file=sys.stderr)
        return 1
    if close:
        pairs = ", ".join(f"{a}→{b}" for a, b in close)
        print(f"note : ces renvois restent entre numéros voisins : {pairs}" if fr
              else f"note: these ways out remain between neighbouring numbers: {pairs}", file=sys.stderr)
    for _kind, book_id in notes:
        print(f"note : le livre n'avait pas d'« id: » ; « id: {book_id} » (son nom de fichier) est écrit, "
              "pour que ses sauvegardes le reconnaissent sous un autre nom" if fr
              else f"note: the book had no 'id:'; 'id: {book_id}' (its file name) is written, "
              "so that its saves know it under another file name", file=sys.stderr)
    return _write(text.encode("utf-8"), args.output, fr)
