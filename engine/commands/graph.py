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
    loaded = load_or_report(args.book, args.lang)
    if loaded is None:
        return 1
    g = G.book_graph(loaded.book, loaded.module, args.lang)
    try:
        text = G.to_html(g, args.lang) if args.format == "html" else G.RENDERERS[args.format](g)
    except G.GraphvizMissing:
        print(missing_graphviz_message(args.lang), file=sys.stderr)
        return 1
    except G.GraphvizFailed as exc:
        print(f"le programme « dot » de Graphviz a échoué : {exc} ; essayez --format dot ou mermaid"
              if args.lang == "fr" else
              f"Graphviz's 'dot' program failed: {exc}; try --format dot or mermaid", file=sys.stderr)
        return 1
    return write_output(text, args.output, args.lang)
