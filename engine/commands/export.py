"""`gamebook export BOOK --format pdf|html|md -o FILE [--paper a5|a4] [--odds] [--lang fr|en]`:
the book as a reader holds it (see docs/export.md)."""
from __future__ import annotations

import os
import sys

FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

FORMATS = ("pdf", "html", "md", "web")


def configure(parser, lang: str) -> None:
    fr = lang == "fr"
    parser.add_argument("book", help="le livre (YAML)" if fr else "the book (YAML)")
    parser.add_argument("--format", choices=FORMATS, default=None,
                        help="format : pdf, html, md, ou web (un dossier jouable dans un navigateur) "
                             "(défaut : d'après l'extension de -o, sinon html)" if fr
                        else "format: pdf, html, md, or web (a folder that plays in a browser) "
                             "(default: from the -o extension, else html)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="fichier de sortie (obligatoire pour pdf ; défaut : la sortie standard)" if fr
                        else "output file (required for pdf; default: standard output)")
    parser.add_argument("--paper", choices=("a5", "a4"), default="a5",
                        help="format des pages du pdf : a5 (un livre de poche) ou a4 (défaut : a5)" if fr
                        else "page size of the pdf: a5 (a paperback) or a4 (default: a5)")
    parser.add_argument("--odds", action="store_true",
                        help="ajouter l'annexe des chances exactes de chaque combat" if fr
                        else "add the appendix with the exact odds of each fight")
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="langue des messages (le livre garde la sienne)" if fr
                        else "language of the messages (the book keeps its own)")


def _format(args) -> str:
    if args.format:
        return args.format
    ext = os.path.splitext(args.output or "")[1].lower().lstrip(".")
    return {"pdf": "pdf", "md": "md", "markdown": "md", "htm": "html"}.get(ext, "html")


def run(args) -> int:
    from engine.export import build, html, markdown, typeset
    from engine.commands._common import load_or_report
    fmt, fr = _format(args), args.lang == "fr"
    if fmt == "pdf" and not args.output:
        print("le format pdf s'écrit dans un fichier : ajoutez -o LIVRE.pdf" if fr
              else "the pdf format is written to a file: add -o BOOK.pdf", file=sys.stderr)
        return 2
    if fmt == "web":
        return _web(args, fr)
    loaded = load_or_report(args.book, args.lang)
    if loaded is None:
        return 1
    from engine.game.faults import BookFault
    from engine.support.safe_text import clean_file
    try:
        doc = build.document(loaded.book, loaded.module, odds=args.odds)
    except BookFault as fault:   # --odds plays the start to know the hero: it fails there
        print(fault.located().get(args.lang), file=sys.stderr)
        return 1
    if fmt == "pdf":
        from engine.export.pdf import PdfUnavailable, compile_pdf
        try:
            data = compile_pdf(typeset.render(doc, args.paper))
        except PdfUnavailable as exc:
            print(exc.fr if fr else exc.en, file=sys.stderr)
            return 1
    else:
        # no control character in the file: `cat book.md` must not drive the terminal
        data = clean_file(html.render(doc) if fmt == "html" else markdown.render(doc)).encode("utf-8")
    return _write(data, args.output, fr)


def _web(args, fr: bool) -> int:
    """A folder that plays the book in a browser (engine/web/export.py)."""
    from pathlib import Path
    if not args.output:
        print("le format web s'écrit dans un dossier : ajoutez -o DOSSIER" if fr
              else "the web format is written to a folder: add -o FOLDER", file=sys.stderr)
        return 2
    from engine.web.export import ExportError, export
    try:
        out = export(Path(args.book), Path(args.output), "fr" if fr else "en")
    except ExportError as exc:
        print(exc.get("fr" if fr else "en"), file=sys.stderr)
        return 1
    print(f"Livre jouable écrit dans {out}/ (ouvrez index.html depuis un serveur web)" if fr
          else f"Playable book written to {out}/ (open index.html from a web server)")
    return 0


def _write(data: bytes, path: str | None, fr: bool) -> int:
    """To the file whole or not at all (a failed export never leaves half a file), or to stdout."""
    if not path:   # text only (a PDF needs -o): through the command line's safe stdout
        sys.stdout.write(data.decode("utf-8"))
        return 0
    from engine.commands._common import write_file
    return write_file(data, path, "fr" if fr else "en")
