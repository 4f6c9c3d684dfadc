"""The web export's checks (engine/web/export.py, trace.py), without a browser."""
from __future__ import annotations

import importlib
import io
import sys
import zipfile

import pytest

from engine.cli import main
from engine.web import export as E
from engine.web.trace import Refuse, compiled
from tests.web.helpers import CLOCHE


def test_a_compiled_module_is_refused_as_the_browser_would(monkeypatch):
    assert compiled("gmpy2") and compiled("rpds")
    assert not compiled("lark") and not compiled("platformdirs")
    refuse = Refuse()
    monkeypatch.setattr(sys, "meta_path", [refuse, *sys.meta_path])
    for name in [n for n in sys.modules if n.split(".")[0] == "gmpy2"]:
        monkeypatch.delitem(sys.modules, name)
    with pytest.raises(ImportError, match="compiled"):
        importlib.import_module("gmpy2")
    assert refuse.refused == {"gmpy2"}
    importlib.import_module("json")   # the standard library is Pyodide's own: never refused


def test_the_runtime_needs_no_compiled_module_and_the_zip_holds_the_engine():
    from engine.lint.loader import entry
    import json
    _, payload = entry(CLOCHE)
    modules = E.runtime_modules(json.dumps(payload))
    tops = {m.split(".")[0] for m in modules}
    assert not tops & {"jsonschema", "rpds", "ruamel", "lark", "gmpy2", "typst", "prompt_toolkit"}
    names = zipfile.ZipFile(io.BytesIO(E.game_zip(modules))).namelist()
    assert "engine/web/runtime.py" in names and "engine/rules/defis_fantastiques/__init__.py" in names
    assert not [n for n in names if "__pycache__" in n or n.endswith((".so", ".pyc"))]


def test_the_page_of_the_export_boots_the_engine_under_a_strict_policy():
    html = E.page()
    assert '<script src="static/boot.js" defer></script>' in html and "{{" not in html
    assert "script-src 'self' 'wasm-unsafe-eval'" in html and "unsafe-inline" not in html


def test_a_book_with_errors_is_not_exported(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("gamebook: 1.1\nid: x\nrules: defis-fantastiques\n", encoding="utf-8")
    out = tmp_path / "out"
    assert main(["export", str(bad), "--format", "web", "-o", str(out), "--lang", "en"]) == 1
    assert "the book has errors: nothing is exported" in capsys.readouterr().err
    assert not out.exists()
    assert main(["export", str(CLOCHE), "--format", "web"]) == 2


def test_a_folder_that_is_not_an_export_is_left_alone(tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("à garder", encoding="utf-8")
    assert main(["export", str(CLOCHE), "--format", "web", "-o", str(mine), "--lang", "fr"]) == 1
    assert "n'est pas un export web" in capsys.readouterr().err
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_the_folder_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    out = tmp_path / "site"
    E.write_folder(out, {E.MARK: b"{}", "a.txt": b"old"})
    real_open = open

    def failing(path, *args, **kwargs):   # the disk fills up at the second file
        if str(path).endswith("b.txt"):
            raise OSError(28, "No space left on device")
        return real_open(path, *args, **kwargs)
    monkeypatch.setattr("builtins.open", failing)
    with pytest.raises(E.ExportError, match="No space left"):
        E.write_folder(out, {E.MARK: b"{}", "a.txt": b"new", "b.txt": b"new"})
    monkeypatch.undo()
    assert (out / "a.txt").read_bytes() == b"old" and not (out / "b.txt").exists()
    assert [p.name for p in tmp_path.iterdir()] == ["site"]   # no temporary folder left
    E.write_folder(out, {E.MARK: b"{}", "c.txt": b"new"})
    assert sorted(p.name for p in out.iterdir()) == sorted([E.MARK, "c.txt"])


def test_the_export_stops_naming_the_module_the_browser_lacks(monkeypatch, tmp_path):
    import json
    import subprocess

    def traced(*args, **kwargs):   # the runtime's trace, as when a rule module needs gmpy2
        out = {"modules": {}, "refused": ["gmpy2"], "failed": "ImportError: gmpy2 is compiled: not in the browser"}
        return subprocess.CompletedProcess(args, 0, json.dumps(out), "")
    monkeypatch.setattr(E.subprocess, "run", traced)
    with pytest.raises(E.ExportError) as stopped:
        E.export(CLOCHE, tmp_path / "out", "en")
    assert "compiled modules refused: gmpy2" in stopped.value.get("en")
    assert "modules compilés refusés : gmpy2" in stopped.value.get("fr")
    assert not (tmp_path / "out").exists()


def _package(folder, text):
    """A Pyodide package folder holding every file the export copies, each saying `text`."""
    folder.mkdir(parents=True)
    for name in E.PYODIDE_FILES:
        (folder / name).write_text(text)
    return folder


def test_a_fill_of_pyodide_never_spoils_a_whole_package(tmp_path):
    """Two exports (or two test workers) filling the cache at once: the one that finishes
    second keeps the first one's whole package; a half package left by a cut fill is
    replaced by the whole one."""
    package = _package(tmp_path / "package", "first")
    E._settle(_package(tmp_path / "fill" / "package", "second"), package)
    assert {(package / n).read_text() for n in E.PYODIDE_FILES} == {"first"}

    half = tmp_path / "half" / "package"
    half.mkdir(parents=True)
    (half / E.PYODIDE_FILES[0]).write_text("cut")
    E._settle(_package(tmp_path / "fill2" / "package", "whole"), half)
    assert {(half / n).read_text() for n in E.PYODIDE_FILES} == {"whole"}
