"""Helpers for the format 1.2 tests: the format 1.1 helpers' book (tests/format11/
f11_helpers.py) with a few more items, the exact explorer's value of a book, the
plain REPL's transcript and the paper wording of one effect."""
from __future__ import annotations

import io
import json
import textwrap

from engine.cli import main
from engine.game import Game
from engine.lint.loader import load_book
from tests.format11 import f11_helpers
from tests.format11.f11_helpers import codes, keys, run, where  # noqa: F401 - shared with the tests

HEADER = f11_helpers.HEADER + """\
  bol: {{name: Bol, unique: true}}
  corde: {{name: Corde}}
"""


def write(tmp_path, body: str, version="1.2", name="livre.yaml", language=None):
    path = tmp_path / name
    text = HEADER.format(version=version) + textwrap.dedent(body)
    if version != "1.2":   # (an earlier format's bowl is a plain item)
        text = text.replace("{name: Bol, unique: true}", "{name: Bol}", 1)
    if language:
        text = text.replace("start: 1\n", f"start: 1\nlanguage: {language}\n")
    path.write_text(text, encoding="utf-8")
    return path


def load(tmp_path, body: str, version="1.2", name="livre.yaml"):
    return load_book(write(tmp_path, body, version, name), use_cache=False)


def game(tmp_path, body: str, version="1.2", faces=None, seed=7, name="livre.yaml") -> Game:
    return f11_helpers.played(load(tmp_path, body, version, name), faces, seed)


def said(g: Game, lang: str = "en") -> list[str]:
    """What the events drained from `g` say, in `lang`."""
    return [e["say"][lang] for e in g.drain() if "say" in e]


def exact(tmp_path, body: str, version="1.2", name="livre.yaml") -> str:
    """The exact explorer's chance of victory with best play, as a fraction ("2/3")."""
    return exact_file(write(tmp_path, body, version, name))


def exact_file(path) -> str:
    """The exact explorer's value of the book at `path`."""
    out = io.StringIO()
    import contextlib
    with contextlib.redirect_stdout(out):
        assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(path)]) == 0
    report = json.loads(out.getvalue())
    assert report["complete"] and report["errors"] == []
    return report["exact"]


def wording(tmp_path, body: str, lang: str) -> str:
    """The book as printed (`gamebook export --format md`) in `lang`, its spaces plain."""
    path = write(tmp_path, body, language=lang)
    target = tmp_path / f"livre-{lang}.md"
    assert main(["export", "--format", "md", "-o", str(target), str(path)]) == 0
    text = target.read_text(encoding="utf-8")   # (French typography: its spaces and apostrophes plain)
    return text.replace("\xa0", " ").replace("\u202f", " ").replace("\u2019", "'")


def transcript(monkeypatch, capsys, tmp_path, body: str, lines: str, lang="en", seed=1) -> str:
    """What the plain REPL prints for `lines` typed in (engine/repl/plain.py)."""
    path = write(tmp_path, body)
    monkeypatch.setattr("sys.stdin", io.StringIO(lines))
    main(["play", str(path), "--seed", str(seed), "--lang", lang])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return out
