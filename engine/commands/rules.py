"""`gamebook rules`: list the installed rule modules with their versions."""
from __future__ import annotations

import argparse
import sys


FAST_EXIT = True  # nothing to clean up after `run`: see engine.cli.entry

def configure(parser: argparse.ArgumentParser, lang: str) -> None:
    parser.add_argument("--lang", choices=("fr", "en"),
                        help="langue" if lang == "fr" else "language")


def run(args: argparse.Namespace) -> int:
    from engine.rules import registry
    status = 0
    for name in registry.names():
        try:
            module = registry.get(name)
        except registry.BrokenRules as broken:  # one line; the other modules are still listed
            sys.stdout.write(f"{broken.name}  ({broken.message.get(args.lang)})\n")
            status = 1
            continue
        title = module.title.get(args.lang) if module.title else ""
        sys.stdout.write(f"{module.id}  {module.version}  {title}".rstrip() + "\n")
    return status
