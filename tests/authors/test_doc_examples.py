"""Every YAML example of docs/*.md lints clean with --strict (issue 32 item 9): a whole
book as written, a fragment (a `choices:` list, a `random:` block, a fight, lines of
expressions, the schema comment, an included part) wrapped into the smallest book that
holds it.  docs/lint-codes.md has its own test (tests/foundation/test_doc_examples.py),
its "Fails" books being wrong on purpose."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.foundation.lintkit import lint

DOCS = Path(__file__).resolve().parents[2] / "docs"
BLOCK = re.compile(r"```ya?ml\n(.*?)```", re.S)
DF = ("gamebook: 1.1\ntitle: Exemple\nrules: defis-fantastiques\nstart: 1\n"
      "hero: {equipment: []}\nitems:\n  cle: {name: Clé}\n")
CC = ("gamebook: 1.1\ntitle: Exemple\nrules: chroniques-cretoises\nstart: 1\n"
      "hero: {patron: Athéna, equipment: [épée]}\n"
      "items:\n  épée: {name: Épée, weapon: {force: 2, protection: 0}}\n"
      "  epee_argent: {name: Épée d'argent, weapon: {force: 3, protection: 0}}\n  cle: {name: Clé}\n")
TARGET = re.compile(r"\b(?:to|win|hurt|timeout|success|failure|wrong):\s*(\d+)|visited\((\d+)\)|here \+ (\d+)")


def examples() -> list[tuple[str, int, str]]:
    return [(md.name, i, block) for md in sorted(DOCS.glob("*.md")) if md.name != "lint-codes.md"
            for i, block in enumerate(BLOCK.findall(md.read_text(encoding="utf-8")))]


def stubs(fragment: str, have=(1,)) -> str:
    """A paragraph for every number the fragment leads to, so that it leads somewhere."""
    numbers = sorted({int(n) + (1 if m.group(3) else 0) for m in TARGET.finditer(fragment)
                      for n in m.groups() if n} - set(have))
    return "".join(f"  {n}: {{text: Fin., end: victory}}\n" for n in numbers)


def in_a_paragraph(fragment: str, head: str = DF) -> str:
    body = "\n".join(("    " + line if line.strip() else line) for line in fragment.strip("\n").split("\n"))
    return head + "paragraphs:\n  1:\n    text: Un exemple.\n    effects: [{gain: cle}]\n" + body + "\n" + stubs(fragment)


def expressions(fragment: str) -> str:
    """docs/expressions.md's lines: each condition or target a choice of a Cretan paragraph,
    the formula a hero's (Défis Fantastiques)."""
    choices = [f"      - {{text: Choix, to: 2, {line.split('#')[0].strip()}}}" if line.startswith("if:")
               else f"      - {{text: Choix, {line.split('#')[0].strip()}}}"
               for line in fragment.splitlines() if line.startswith(("if:", "to:"))]
    choices += [f"      - {{text: Visiter, to: {n}}}" for n in re.findall(r"visited\((\d+)\)", fragment)]
    text = "\n".join(choices) + "\n      - {text: Partir, to: 2}\n"
    return CC + "paragraphs:\n  1:\n    text: Un exemple.\n    choices:\n" + text + stubs(fragment + text)


def books(name: str, index: int, block: str, every: list) -> dict[str, str]:
    """The files to write for one example: {file name: text}, the book first."""
    first = block.lstrip().split("\n", 1)[0]
    if re.search(r"^gamebook:", block, re.M):
        if "include: [partie1.yaml]" in block:   # book-format.md: the part is the next example
            return {"book.yaml": block, "partie1.yaml": every[index + 1][2]}
        if "title:" not in block:   # export.md: a skeleton of named paragraphs
            return {"book.yaml": block.replace("gamebook: 1.1\n", "gamebook: 1.1\ntitle: Exemple\n"
                                               "rules: defis-fantastiques\nhero: {equipment: []}\n")}
        return {"book.yaml": block}
    if first.startswith("# yaml-language-server"):
        return {"book.yaml": block + DF + "paragraphs:\n  1: {text: Fin., end: victory}\n"}
    if first.startswith(("choices:", "random:")):
        return {"book.yaml": in_a_paragraph(block)}
    if first.startswith("combat:"):
        return {"book.yaml": in_a_paragraph(re.sub(r"(?m)^    ", "", block), CC)}
    if first.startswith("if:"):
        return {"book.yaml": expressions(block),
                "hero.yaml": DF + "paragraphs:\n  1: {text: Fin., end: victory}\n".replace(
                    "hero: {equipment: []}", "hero: {" + block.splitlines()[-1].split("#")[0].strip()
                    + ", equipment: []}")}
    raise AssertionError(f"{name} #{index}: an example neither a book nor a known fragment: {first!r}")


EXAMPLES = examples()
# a part, linted with the book that includes it; a rule module's own book, linted with
# the module installed by tests/plugins/test_plugin_guide.py
ALONE = [(n, i, b) for n, i, b in EXAMPLES if not b.startswith("# partie1.yaml") and "rules: mini" not in b]


def test_every_example_is_taken():
    assert len(EXAMPLES) >= 25 and len(EXAMPLES) - len(ALONE) == 2


@pytest.mark.parametrize("name,index,block", ALONE, ids=[f"{n}#{i}" for n, i, _ in ALONE])
def test_the_example_lints_clean(name, index, block, capsys, tmp_path):
    files = books(name, index, block, EXAMPLES)
    for file, text in files.items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    for file in files:
        if file == "partie1.yaml":
            continue
        status, out, _ = lint(capsys, tmp_path / file, "--no-cache", "--strict")
        assert (status, out) == (0, ""), f"{name} #{index} ({file}):\n{out}\n{(tmp_path / file).read_text()}"
