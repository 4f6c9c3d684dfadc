"""Nothing of any series leaks into the engine core.

Every Python file of `engine/` outside the rule modules' own packages is read
token by token; comments and docstrings are skipped, code (names and string
literals) may not name a built-in module or one of their stats.  The only
exceptions are the `BUILTINS` table of engine/rules/registry.py, which is where
the built-ins are declared, and the real modules its `EXAMPLE_RULES` and
`EXAMPLE_DERIVED_RULES` name for the documentation's examples (engine/lint/codes.py).
"""
from __future__ import annotations

import ast
import io
import tokenize
import unicodedata
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = ("defis-fantastiques", "chroniques-cretoises", "defis_fantastiques",
             "chroniques_cretoises", "honneur", "habilete", "endurance", "oracle")
MODULE_PACKAGES = ("chroniques_cretoises", "defis_fantastiques")
REGISTRY_TABLES = ("BUILTINS", "EXAMPLE_RULES", "EXAMPLE_DERIVED_RULES")


def core_files() -> list[Path]:
    rules = ENGINE / "rules"
    return sorted(p for p in ENGINE.rglob("*.py")
                  if not any(rules / pkg in p.parents for pkg in MODULE_PACKAGES))


def _plain(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
                    and isinstance(body[0].value.value, str):
                lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def _builtins_table_lines(path: Path, tree: ast.AST) -> set[int]:
    if path != ENGINE / "rules" / "registry.py":
        return set()
    return {line for node in ast.walk(tree) if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id in REGISTRY_TABLES for t in node.targets)
            for line in range(node.lineno, node.end_lineno + 1)}


def leaks(path: Path, root: Path = ENGINE.parent) -> list[str]:
    """`file:line: word` for each forbidden word written as code in `path`."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    allowed = _docstring_lines(tree) | _builtins_table_lines(path, tree)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type not in (tokenize.NAME, tokenize.STRING) or tok.start[0] in allowed:
            continue
        text = _plain(tok.string)
        found += [f"{path.relative_to(root)}:{tok.start[0]}: {word}"
                  for word in FORBIDDEN if word in text]
    return found


def test_the_core_names_no_series():
    found = [leak for path in core_files() for leak in leaks(path)]
    assert found == []


def test_the_scanner_sees_code_but_not_comments_or_docstrings(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('"""About Habileté."""\n# Honneur in a comment\n'
                      'def f():\n    """Oracle here."""\n    return stats["habileté"]\n'
                      'ORACLE_JUMP = 20\n', encoding="utf-8")
    assert leaks(sample, tmp_path) == ["sample.py:5: habilete", "sample.py:6: oracle"]


def test_the_scan_covers_the_core_and_skips_module_packages():
    names = {str(p.relative_to(ENGINE)) for p in core_files()}
    assert {"game/core.py", "book/compiler.py", "rules/base.py", "rules/registry.py", "cli.py"} <= names
    assert not any(n.startswith(("rules/chroniques_cretoises/", "rules/defis_fantastiques/"))
                   for n in names)
