"""`gamebook lsp`: the language server for editors, over stdin/stdout.

The editor starts it (docs/editors.md); it speaks the Language Server Protocol
and never prints anything else on stdout.
"""
from __future__ import annotations

import argparse

# When the input closes, exit at once: a check of a large book may still be running in
# a worker thread, and nothing of it is worth waiting for (engine/cli.py's hard exit).
FAST_EXIT = True


def configure(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--stdio", action="store_true",
                        help="communiquer par l'entrée et la sortie standard (par défaut)" if lang == "fr"
                        else "talk over standard input and output (the default)")


def run(args: argparse.Namespace) -> int:
    from engine.lsp.main import serve
    return serve(args.lang)
