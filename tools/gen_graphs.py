"""Render a picture of each bundled book: docs/graphs/BOOKID.svg and BOOKID.mmd.

    python -m tools.gen_graphs [--out docs/graphs]

The Mermaid text is always written; the SVG needs Graphviz's `dot` (apt install
graphviz / brew install graphviz) and is skipped with a message when it is missing.
"""
from __future__ import annotations

import argparse
import glob
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def render(book_path: str, out: Path) -> list[Path]:
    from engine.analysis import graph as G
    from engine.lint.loader import load_book
    loaded = load_book(book_path)
    if loaded.book is None:
        raise SystemExit(f"{book_path}: cannot be loaded (gamebook lint {book_path})")
    g = G.book_graph(loaded.book, loaded.module, loaded.book.language)
    out.mkdir(parents=True, exist_ok=True)
    written = [out / f"{loaded.book.id}.mmd"]
    written[0].write_text(G.to_mermaid(g), encoding="utf-8")
    if G.dot_program():
        svg = out / f"{loaded.book.id}.svg"
        svg.write_text(G.to_svg(g), encoding="utf-8")
        written.append(svg)
    return written


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("books", nargs="*", help="default: books/*.yaml")
    parser.add_argument("--out", default=str(ROOT / "docs" / "graphs"))
    args = parser.parse_args(argv)
    from engine.analysis.graph import dot_program
    if dot_program() is None:
        print("Graphviz 'dot' not found: only the Mermaid files are written "
              "(apt install graphviz / brew install graphviz)", file=sys.stderr)
    for path in args.books or sorted(glob.glob(str(ROOT / "books" / "*.yaml"))):
        for written in render(path, Path(args.out)):
            print(written)
    return 0


if __name__ == "__main__":
    sys.exit(main())
