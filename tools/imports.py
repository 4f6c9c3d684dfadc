"""Every import of engine/, read from the source: cycles, upward imports, the layers.

`python -m tools.imports` prints the packages with their module counts, the import
cycles between modules and the imports that run from a lower layer to a higher one
(both should be none); tests/foundation/test_architecture.py asserts the same.

An import counts wherever it is written: at the top of a module, inside a function
(a lazy import), in a `try`.  Only an import under `if TYPE_CHECKING:` is left out:
it is never executed and only names a type in an annotation (the rule-module
interface names the `Game` its hooks receive, which is higher up).
`from package import name` depends on the module `package.name` when there is one,
else on the package itself.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The stages, lowest first: a module may import from its own layer (without a cycle)
# and from lower ones only.  The most specific prefix names a module's layer.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("support", ("engine.support", "engine.diagnostics", "engine")),
    ("expressions", ("engine.expr",)),
    ("rule interface", ("engine.rules",)),
    ("book", ("engine.book",)),
    ("lint", ("engine.lint",)),
    ("game", ("engine.game", "engine.saves")),
    ("analysis", ("engine.analysis",)),
    ("front ends", ("engine.export", "engine.renumber", "engine.web", "engine.lsp", "engine.repl",
                    "engine.commands", "engine.cli", "engine.__main__")),
    # Rule modules are plugins: they may use every stage, and no stage imports them
    # (the registry loads them by name).  The full conformance check belongs with
    # them: it tries a module against the schema and the odds command.
    ("rule modules", ("engine.rules.chroniques_cretoises", "engine.rules.defis_fantastiques",
                      "engine.rules.conformance")),
)


@dataclass(frozen=True)
class Import:
    source: str   # importing module
    target: str   # imported module
    line: int
    lazy: bool    # inside a function


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = ROOT, package: str = "engine") -> dict[str, Path]:
    return {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}


def imports(root: Path = ROOT, package: str = "engine") -> list[Import]:
    """Every import of one module of `package` by another, lazy ones included."""
    known = modules(root, package)
    found: list[Import] = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, lazy in _import_nodes(tree):
            for target in _targets(node, name, path.name == "__init__.py", known):
                if target != name and target.startswith(package):
                    found.append(Import(name, target, node.lineno, lazy))
    return found


def _import_nodes(tree: ast.AST):
    """(import node, inside a function) for every import not under TYPE_CHECKING."""
    def walk(node, lazy):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child.test):
                for other in child.orelse:
                    yield from walk(other, lazy)
                continue
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, lazy
            yield from walk(child, lazy or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))
    yield from walk(tree, False)


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _targets(node, name: str, is_package: bool, known) -> list[str]:
    if isinstance(node, ast.Import):
        return [_owner(alias.name, known) for alias in node.names]
    base = node.module or ""
    if node.level:
        parts = name.split(".") if is_package else name.split(".")[:-1]
        parts = parts[: len(parts) - (node.level - 1)]
        base = ".".join(parts + ([node.module] if node.module else []))
    return [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else _owner(base, known)
            for alias in node.names]


def _owner(dotted: str, known) -> str:
    while dotted and dotted not in known:
        dotted = dotted.rpartition(".")[0]
    return dotted


def layer_of(module: str) -> int:
    best, depth = 0, -1
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and prefix.count(".") > depth:
                best, depth = index, prefix.count(".")
    return best


def upward(found: list[Import]) -> list[Import]:
    """Imports from a lower layer to a higher one."""
    return [i for i in found if layer_of(i.target) > layer_of(i.source)]


def cycles(found: list[Import]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    graph: dict[str, set[str]] = {}
    for i in found:
        graph.setdefault(i.source, set()).add(i.target)
        graph.setdefault(i.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        out.append(sorted(component))
    return out


def packages(root: Path = ROOT) -> dict[str, int]:
    """Each package (or top-level module) of engine/ with its number of modules."""
    counts: dict[str, int] = {}
    known = modules(root)
    for name in known:
        parts = name.split(".")
        depth = 3 if len(parts) > 3 and parts[1] == "rules" and ".".join(parts[:3]) in known else 2
        key = ".".join(parts[:depth]) if len(parts) > 1 else name
        counts[key] = counts.get(key, 0) + 1
    return counts


def main() -> int:
    found = imports()
    for name, count in sorted(packages().items()):
        print(f"{name:36} {count:3} module{'s' if count > 1 else ''}   layer: {LAYERS[layer_of(name)][0]}")
    loops, up = cycles(found), upward(found)
    print(f"{len(found)} imports ({sum(i.lazy for i in found)} lazy); "
          f"{len(loops)} import cycles; {len(up)} upward imports")
    for loop in loops:
        print("cycle:", " ".join(loop))
    for i in up:
        print(f"upward: {i.source} ({LAYERS[layer_of(i.source)][0]}) -> {i.target} "
              f"({LAYERS[layer_of(i.target)][0]}), line {i.line}")
    return 1 if loops or up else 0


if __name__ == "__main__":
    sys.exit(main())
