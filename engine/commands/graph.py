"""`gamebook graph BOOK [--format dot|mermaid|svg|html] [-o FILE]`: draw the paragraph graph.

DOT and Mermaid are plain text and always available; SVG needs Graphviz's `dot`
program; HTML embeds the SVG when `dot` exists, else the Mermaid text.
"""
from __future__ import annotations

import sys

FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

FORMATS = ("dot", "mermaid", "svg", "html")


def configure(parser, lang: str) -> None:
    fr = lang == "fr"
    parser.add_argument("book", help="le livre (YAML)" if fr else "the book (YAML)")
    parser.add_argument("--format", choices=FORMATS, default="dot",
                        help="format de sortie (défaut : dot)" if fr else "output format (default: dot)")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="fichier de sortie (défaut : la sortie standard)" if fr
                        else "output file (default: standard output)")
    parser.add_argument("--lang", choices=("fr", "en"))


def missing_graphviz_message(lang: str) -> str:
    if lang == "fr":
        return ("le format svg demande le programme « dot » de Graphviz, introuvable. Installez-le : "
                "« apt install graphviz » (Debian/Ubuntu) ou « brew install graphviz » (macOS), "
                "ou choisissez --format dot, mermaid ou html.")
    return ("the svg format needs Graphviz's 'dot' program, which was not found. Install it: "
            "'apt install graphviz' (Debian/Ubuntu) or 'brew install graphviz' (macOS), "
            "or choose --format dot, mermaid or html.")


def run(args) -> int:
    from engine.analysis import graph as G
    from engine.commands._common import load_or_report, write_output
    from engine.lint.loader import load_book
    loaded = load_book(args.book)
    lang = args.lang or (loaded.book.language if loaded.book is not None else "fr")
    lang = lang if lang in ("fr", "en") else "fr"
    problems = {}
    if loaded.book is None:   # no paragraphs to draw: say why, as every command does
        load_or_report(args.book, args.lang)
        return 1
    if not loaded.ok:   # an author wants to see the broken graph most: drawn, its problems marked
        problems = _problems(args.book, loaded)
        from engine.diagnostics import Severity, render_text
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        print(render_text(errors, lang), file=sys.stderr)
        print("le livre a des erreurs, marquées sur le graphe : gamebook lint" if lang == "fr"
              else "the book has errors, marked on the graph: gamebook lint", file=sys.stderr)
    g = G.book_graph(loaded.book, loaded.module, lang, problems)
    try:
        text = G.to_html(g, lang) if args.format == "html" else G.RENDERERS[args.format](g)
    except G.GraphvizMissing:
        print(missing_graphviz_message(args.lang), file=sys.stderr)
        return 1
    except G.GraphvizFailed as exc:
        print(f"le programme « dot » de Graphviz a échoué : {exc} ; essayez --format dot ou mermaid"
              if args.lang == "fr" else
              f"Graphviz's 'dot' program failed: {exc}; try --format dot or mermaid", file=sys.stderr)
        return 1
    written = write_output(text, args.output, args.lang)
    return written or (1 if problems or not loaded.ok else 0)   # drawn, and the errors still fail the command


def _problems(path: str, loaded) -> dict:
    """paragraph -> the codes of the errors written inside it (in the book's own file)."""
    from engine.book.source import parse_text
    from engine.diagnostics import Severity
    from pathlib import Path
    doc, _ = parse_text(Path(path).read_text(encoding="utf-8", errors="replace"), str(path))
    if doc is None:
        return {}
    starts = sorted((doc.key_where[("paragraphs", n)][0], n) for n in loaded.book.paragraphs
                    if ("paragraphs", n) in doc.key_where)
    out: dict = {}
    for d in loaded.diagnostics:
        if d.severity is not Severity.ERROR or d.span.file != str(path):
            continue
        inside = [n for line, n in starts if line <= d.span.line]
        if inside and d.code not in out.setdefault(inside[-1], []):
            out[inside[-1]].append(d.code)
    return out
