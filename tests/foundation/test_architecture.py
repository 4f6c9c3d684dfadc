"""The architecture holds: packages that follow the data, imports that flow one way.

tools/imports.py reads every import of engine/ (lazy ones inside functions too;
only `if TYPE_CHECKING:` imports, which never run, are left out) and places each
module in a layer (support < expressions < rule interface < book < lint < game <
analysis < front ends < rule modules).  A module may import its own layer and lower
ones, and no import cycle may exist at all.  docs/architecture.md draws the same.
"""
from __future__ import annotations

import re
import subprocess
import sys
import textwrap

from tools import imports as I

ENGINE = I.ROOT / "engine"


def test_no_import_cycle_between_modules():
    loops = I.cycles(I.imports())
    assert loops == [], "import cycles: " + "; ".join(" <-> ".join(loop) for loop in loops)


def test_no_import_runs_from_a_lower_layer_to_a_higher_one():
    up = [f"{i.source} -> {i.target} (line {i.line})" for i in I.upward(I.imports())]
    assert up == []


def test_a_planted_cycle_and_a_planted_upward_import_are_found(tmp_path):
    """The checks themselves fail on what they are for: a cycle through a lazy import,
    and a book module importing lint; an import under TYPE_CHECKING is no edge."""
    def module(path: str, text: str) -> None:
        target = tmp_path / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text), encoding="utf-8")

    module("engine/__init__.py", "")
    module("engine/book/__init__.py", "")
    module("engine/lint/__init__.py", "")
    module("engine/book/model.py", """\
        from typing import TYPE_CHECKING
        if TYPE_CHECKING:
            from engine.lint.checks import lint   # annotation only: not an edge
        """)
    module("engine/book/compiler.py", """\
        from engine.book import model
        def compile():
            from engine.lint import checks        # lazy, and upward
            return checks
        """)
    module("engine/lint/checks.py", "from engine.lint.loader import load\n")
    module("engine/lint/loader.py", """\
        def load():
            from . import checks                  # lazy and relative: still a cycle
        """)
    found = I.imports(tmp_path)
    assert {(i.source, i.target, i.lazy) for i in found} == {
        ("engine.book.compiler", "engine.book.model", False),
        ("engine.book.compiler", "engine.lint.checks", True),
        ("engine.lint.checks", "engine.lint.loader", False),
        ("engine.lint.loader", "engine.lint.checks", True),
    }
    assert I.cycles(found) == [["engine.lint.checks", "engine.lint.loader"]]
    assert [(i.source, i.target) for i in I.upward(found)] == [("engine.book.compiler", "engine.lint.checks")]


def test_every_module_has_its_layer_and_the_top_level_holds_packages():
    names = I.modules()
    top = sorted(n for n, p in names.items() if p.parent == ENGINE and p.name != "__init__.py")
    assert top == ["engine.__main__", "engine.cli", "engine.diagnostics"]
    packages = sorted(p.parent.name for p in ENGINE.glob("*/__init__.py"))
    assert packages == ["analysis", "book", "commands", "export", "expr", "game", "lint", "lsp",
                        "renumber", "repl", "rules", "saves", "support", "web"]
    # no module falls back to the package root's layer by accident
    unplaced = [n for n in names if I.layer_of(n) == 0
                and not n.startswith(("engine.support", "engine.diagnostics")) and n != "engine"]
    assert unplaced == []


def test_each_package_says_what_it_is_in_a_docstring():
    import ast
    for init in sorted(ENGINE.rglob("__init__.py")):
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc) > 80, f"{init.relative_to(I.ROOT)} needs a docstring saying what it holds"


def test_module_names_say_what_they_do_not_a_format_version():
    versioned = [n for n in I.modules() if re.search(r"\d", n.rsplit(".", 1)[-1])]
    assert versioned == []


def test_the_old_import_paths_still_work_with_a_warning():
    """Plugins written against the flat engine/ keep importing, for one release."""
    code = textwrap.dedent("""\
        import warnings
        warnings.simplefilter("error")
        import engine.game.dice as new_dice, engine.lint.loader as new_loader
        try:
            import engine.dice
        except DeprecationWarning as w:
            assert "engine.dice is now engine.game.dice" in str(w), w
        warnings.simplefilter("ignore")
        from engine.dice import ScriptedDice
        from engine.loader import load_book
        from engine import saves
        import engine.dice as old_dice
        assert old_dice is new_dice and load_book is new_loader.load_book
        assert ScriptedDice is new_dice.ScriptedDice
        from engine.saves.store import SaveStore
        assert saves.SaveStore is SaveStore
        try:
            saves.no_such_name
        except AttributeError as e:
            assert "no_such_name" in str(e)
        else:
            raise AssertionError("an unknown old name must stay an AttributeError")
        print("ok")
        """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=I.ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"
