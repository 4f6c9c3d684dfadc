"""Helpers for the format 1.2 tests of give_up, fights won by rounds, take/sell/use/restore
(the format 1.1 helpers, with `gamebook: 1.2` by default)."""
from __future__ import annotations

from functools import partial

from tests.format11 import f11_helpers as f11

codes, keys, where = f11.codes, f11.keys, f11.where
load = partial(f11.load, version="1.2")
game = partial(f11.game, version="1.2")
run = f11.run


def printed(tmp_path, body: str, lang: str = "fr") -> str:
    """The book `body` exported as Markdown in `lang`, its no-break spaces as spaces and
    its links to paragraphs as their numbers."""
    import re
    from engine.cli import main
    load(tmp_path, body.replace("paragraphs:", f"language: {lang}\nparagraphs:", 1) if lang != "fr" else body)
    out = tmp_path / f"livre-{lang}.md"
    assert main(["export", "--format", "md", str(tmp_path / "livre.yaml"), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8").replace("\xa0", " ").replace("\u202f", " ")
    return re.sub(r"\[(\d+)\]\(#p\d+\)", r"\1", text)
