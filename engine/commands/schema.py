"""`gamebook schema [--rules ID]`: print the book JSON Schema (2020-12).

Without `--rules`, the composed schema of every installed module (the one written
to schemas/book.schema.json); with it, the schema of a book for that module.
"""
from __future__ import annotations

import argparse
import json
import sys


FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

def configure(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--rules", metavar="ID",
                        help="un seul module de règles" if lang == "fr" else "one rule module only")
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="langue" if lang == "fr" else "language")


def run(args: argparse.Namespace) -> int:
    from engine.rules import registry
    from engine.book.schema import book_schema, composed_schema
    if args.rules:
        try:
            schema = book_schema(registry.get(args.rules))
        except registry.BrokenRules as broken:
            sys.stderr.write(f"gamebook schema: {broken.message.get(args.lang)}\n")
            return 2
        except registry.UnknownRules:
            installed = ", ".join(registry.names())
            sys.stderr.write(f"gamebook schema: module de règles inconnu « {args.rules} » ; installés : {installed}\n"
                             if args.lang == "fr" else
                             f"gamebook schema: unknown rule module '{args.rules}'; installed: {installed}\n")
            return 2
    else:
        modules, broken = registry.loadable()
        for each in broken:  # reported once each; the schema covers the others
            sys.stderr.write(f"gamebook schema: {each.message.get(args.lang)}\n")
        schema = composed_schema(modules)
    sys.stdout.write(json.dumps(schema, ensure_ascii=False, indent=2) + "\n")
    return 0
