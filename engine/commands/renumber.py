"""`gamebook renumber BOOK [--shuffle] [--seed N] [-o OUT]`: the book with the numbers
of a printed book (names of format 1.1 turned into numbers), comments and layout
kept (see docs/export.md)."""
from __future__ import annotations

from engine.diagnostics import os_reason

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
    parser.add_argument("--in-place", action="store_true",
                        help="réécrire le livre et ses fichiers inclus sur place" if fr
                        else "rewrite the book and its included files in place")
    parser.add_argument("--lang", choices=("fr", "en"))


def run(args) -> int:
    from engine.renumber.numbering import CannotRenumber, renumber
    from engine.commands._common import load_or_report
    fr = args.lang == "fr"
    if (args.book if args.in_place else args.output) and \
            _recover(args.book if args.in_place else args.output, fr) == "completed":
        return 0   # the interrupted renumbering is finished: another one would renumber it twice
    loaded = load_or_report(args.book, args.lang)
    if loaded is None:
        return 1
    notes: list = []
    parts: dict = {}
    try:
        text, new, close = renumber(args.book, args.shuffle, args.seed, loaded, notes, parts)
        outputs = _outputs(args, text, parts, fr)
    except CannotRenumber as exc:
        print(f"{args.book}: {exc.fr if fr else exc.en}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{args.book}: {os_reason(exc).get('fr' if fr else 'en')}", file=sys.stderr)
        return 1
    if close:
        pairs = ", ".join(f"{a}→{b}" for a, b in close)
        print(f"note : ces renvois restent entre numéros voisins : {pairs}" if fr
              else f"note: these ways out remain between neighbouring numbers: {pairs}", file=sys.stderr)
    for kind, *what in notes:
        if kind == "pinned":
            print(f"note : le paragraphe {what[0]} garde son numéro : c'est la réponse du nombre à calculer "
                  f"du paragraphe {what[1]} (désormais {new[what[1]]}), que le lecteur trouve d'après le texte" if fr
                  else f"note: paragraph {what[0]} keeps its number: it answers the number to work out of "
                  f"paragraph {what[1]} (now {new[what[1]]}), which the reader finds from the text", file=sys.stderr)
            continue
        book_id = what[0]
        print(f"note : le livre n'avait pas d'« id: » ; « id: {book_id} » (son nom de fichier) est écrit, "
              "pour que ses sauvegardes le reconnaissent sous un autre nom" if fr
              else f"note: the book had no 'id:'; 'id: {book_id}' (its file name) is written, "
              "so that its saves know it under another file name", file=sys.stderr)
    return _write(outputs, fr)


def _outputs(args, text: str, parts: dict, fr: bool) -> list:
    """[(file or None for stdout, text)]: the book, then its parts (format 1.1) at the
    same place relative to it: in place, or beside `-o`, never outside that folder."""
    import os
    from pathlib import Path

    from engine.renumber.numbering import CannotRenumber, split_book
    from engine.support.paths import within
    out = args.book if args.in_place else args.output
    if parts and not out:
        raise split_book()
    result = [(out, text)]
    for part, data in parts.items():
        target = Path(out).parent / os.path.relpath(part, Path(args.book).parent)
        if not within(Path(out).parent, target):   # ../, or a link in the destination leading out
            raise CannotRenumber(f"le fichier inclus {part} serait écrit hors du dossier de {out} "
                                 f"({target}) : rien n'est écrit",
                                 f"the included file {part} would be written outside the folder of {out} "
                                 f"({target}): nothing is written")
        if not args.in_place and target.resolve() == Path(part).resolve():
            raise CannotRenumber(f"-o écraserait le fichier inclus {part} : utilisez --in-place, "
                                 "ou -o vers un autre dossier",
                                 f"-o would overwrite the included file {part}: use --in-place, "
                                 "or -o into another folder")
        target.parent.mkdir(parents=True, exist_ok=True)
        result.append((str(target), data))
    return result


def _recover(main: str, fr: bool) -> str | None:
    """Finish or undo a renumbering of `main`'s files that a kill cut (its journal,
    engine/support/fileset.py), saying which; "completed", "undone" or None."""
    from pathlib import Path

    from engine.support.fileset import recover
    try:
        done = recover(Path(main))
    except OSError as exc:
        print(f"{main} : impossible de reprendre le renumérotage interrompu : {os_reason(exc).fr}" if fr
              else f"{main}: cannot resume the interrupted renumbering: {os_reason(exc).en}", file=sys.stderr)
        return None
    if done == "completed":
        print(f"note : le renumérotage interrompu de {main} est achevé (tous ses fichiers ont leurs "
              "nouveaux numéros) ; relancez la commande pour renuméroter encore" if fr
              else f"note: the interrupted renumbering of {main} is completed (all its files have their "
              "new numbers); run the command again to renumber anew", file=sys.stderr)
    elif done == "undone":
        print(f"note : le renumérotage interrompu de {main} est annulé (ses fichiers n'avaient pas changé)" if fr
              else f"note: the interrupted renumbering of {main} is undone (its files had not changed)",
              file=sys.stderr)
    return done


def _write(outputs: list, fr: bool) -> int:
    """Write [(file or None for stdout, text)]: one file atomically, several all or
    nothing (engine/support/fileset.py); permissions and symbolic links kept."""
    from pathlib import Path

    from engine.support.atomic import write_bytes
    from engine.support.fileset import Interrupted, replace_all
    (main, text), *parts = outputs
    if main is None:
        sys.stdout.write(text)
        return 0
    try:
        if parts:
            replace_all({Path(f): data.encode("utf-8") for f, data in outputs}, Path(main))
        else:
            write_bytes(main, text.encode("utf-8"))
    except OSError as exc:
        where = exc.filename or main
        print(f"impossible d'écrire {where} : {os_reason(exc).fr} ; aucun fichier n'a changé" if fr
              else f"cannot write {where}: {os_reason(exc).en}; no file was changed", file=sys.stderr)
        return 1
    except Interrupted as stop:
        print((f"interrompu (signal {stop.signum}) : " + ("tous les fichiers ont été écrits" if stop.done
                                                          else "aucun fichier n'a changé")) if fr
              else f"interrupted (signal {stop.signum}): " + ("every file was written" if stop.done
                                                              else "no file was changed"), file=sys.stderr)
        return 128 + stop.signum
    return 0
