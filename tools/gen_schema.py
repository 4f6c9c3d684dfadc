"""Generate schemas/book.schema.json: the composed schema of the built-in rule modules.

Usage: python -m tools.gen_schema [--check]   (--check: exit 1 if the file is stale)
Editors pick it up with the modeline
`# yaml-language-server: $schema=../schemas/book.schema.json` at the top of a book.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from engine.book.schema import composed_schema, installed_modules

OUT = Path(__file__).resolve().parents[1] / "schemas" / "book.schema.json"


def render() -> str:
    return json.dumps(composed_schema(installed_modules(builtin_only=True)), ensure_ascii=False, indent=2) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            sys.stderr.write(f"{OUT} is stale: run python -m tools.gen_schema\n")
            return 1
        return 0
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
