"""What tools/low_mass.py and tools/high_mass.py share: their arguments and the cut run
they read (the compiled explorer, the focused order unless `--breadth`, as the report
runs it)."""
from __future__ import annotations

import argparse


def parser(doc: str, states: int) -> argparse.ArgumentParser:
    """The arguments both take (BOOK, --sheet, --max-states, --breadth, --top)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("book")
    ap.add_argument("--sheet", type=int, default=1)
    ap.add_argument("--max-states", type=int, default=states)
    ap.add_argument("--breadth", action="store_true", help="breadth-first (default: the focused order)")
    ap.add_argument("--top", type=int, default=12)
    return ap


def explored(args):
    """(the loaded book, its run cut at --max-states), or None after saying why the file
    is not a book."""
    from engine.analysis.compiled.explorer import CompiledExplorer
    from engine.analysis.compiled.focus import Focus
    from engine.lint.loader import load_book
    loaded = load_book(args.book, use_cache=False)
    if loaded.book is None:
        print(f"{args.book}: not a book ({len(loaded.diagnostics)} errors: gamebook lint says where)")
        return None
    ex = CompiledExplorer(loaded.book, loaded.module, sheet=args.sheet, max_states=args.max_states, once=True,
                          order=None if args.breadth else Focus()).run()
    return loaded, ex
