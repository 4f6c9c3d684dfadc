"""What the game runtime of a web export imports, found by running it (`python -m
engine.web.trace ENTRY.json`, run by export.py in a process of its own).

The runtime (runtime.py) plays the book as a player would in the page: moves (the
default, else the last open option), then saves, loads, undoes, the journal, notes,
the odds, the other language, a restart.  A module from outside the standard library
and the engine that is compiled (an extension module in its folder: it cannot run in
Pyodide) is refused at import, as the browser would; the code may do without it (the
save check without jsonschema).  Printed as JSON: every module imported from outside
the standard library with its file, the modules refused, and the error if the game
failed without one of them.
"""
from __future__ import annotations

import importlib.abc
import importlib.util
import json
import sys
import tempfile
import traceback
from pathlib import Path

EXTENSIONS = (".so", ".pyd", ".dylib")
STEPS = 400


def compiled(top: str) -> bool:
    """Whether the importable `top` (a package or module) holds compiled code."""
    spec = importlib.util.find_spec(top)
    if spec is None or spec.origin in (None, "built-in", "frozen"):
        return False
    if spec.origin.endswith(EXTENSIONS):
        return True
    if spec.submodule_search_locations:
        return any(p.suffix in EXTENSIONS or ".so." in p.name
                   for folder in spec.submodule_search_locations for p in Path(folder).rglob("*"))
    return False


def third_party(top: str) -> bool:
    return top != "engine" and top not in sys.stdlib_module_names and top != "__main__"


class Refuse(importlib.abc.MetaPathFinder):
    """Refuses the compiled third-party modules, as the browser would lack them."""

    def __init__(self):
        self.refused: set[str] = set()
        self.checked: dict[str, bool] = {}
        self.busy = False   # find_spec below asks the finders again, this one included

    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if self.busy or not third_party(top):
            return None
        if top not in self.checked:
            self.busy = True
            try:
                self.checked[top] = compiled(top)
            except (ImportError, ValueError):   # not there at all: the import fails as it would
                self.checked[top] = False
            finally:
                self.busy = False
        if self.checked[top]:
            self.refused.add(top)
            raise ImportError(f"{top} is compiled: not in the browser", name=name)
        return None


def play(runtime) -> None:
    def act(action: dict) -> dict:
        return json.loads(runtime.answer("act", json.dumps(action)))
    view = json.loads(runtime.answer("start", "{}"))
    if view["question"]:
        view = act({"do": "no"})
    for step in range(STEPS):
        if view["over"] or not view["prompt"]:
            break
        if step == 3:
            for command, arg in (("save", "trace"), ("load", "trace"), ("undo", ""), ("history", ""),
                                 ("notes", "trace"), ("odds", ""), ("look", ""), ("sheet", ""),
                                 ("inventory", ""), ("slots", "")):
                act({"do": "command", "name": command, "arg": arg})
            act({"do": "lang", "lang": "en" if view["lang"] == "fr" else "fr"})
            view = act({"do": "command", "name": "look"})
        options = [o for o in view["prompt"]["options"] if o["enabled"]]
        if not options:
            break
        pick = next((o for o in options if o["default"]), options[-1])
        view = act({"do": "choose", "n": pick["n"]} if not pick["amount"] else
                   {"do": "choose", "n": pick["n"], "amount": pick["amount"][0]})
    act({"do": "command", "name": "restart"})


def main(argv: list[str]) -> int:
    started = set(sys.modules)   # the interpreter's own start (site, its path hooks): not the game's
    refuse = Refuse()
    sys.meta_path.insert(0, refuse)
    failed = None
    with tempfile.TemporaryDirectory() as data:
        try:
            from engine.web import runtime
            runtime.boot(Path(argv[0]).read_text(encoding="utf-8"), 1, data)
            play(runtime)
        except Exception:   # noqa: BLE001 (reported: the export stops and says why)
            failed = traceback.format_exc(limit=6)
    modules = {}
    for name, module in sorted(sys.modules.items()):
        top = name.partition(".")[0]
        file = getattr(module, "__file__", None)
        if third_party(top) and file and name not in started:
            modules[name] = file
    print(json.dumps({"modules": modules, "refused": sorted(refuse.refused), "failed": failed}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
