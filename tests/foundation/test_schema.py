"""The book schema: valid JSON Schema 2020-12, generated file current, editor modeline documented."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from engine.rules import registry
from engine.book.schema import book_schema, composed_schema
from engine.book.source import parse_text
from tools import gen_schema

from .lintkit import GOOD, lint

ROOT = Path(__file__).resolve().parents[2]


def fixture_module():
    return registry.get("fixture")


def test_schema_file_is_valid_json_schema():
    Draft202012Validator.check_schema(json.loads(gen_schema.OUT.read_text(encoding="utf-8")))


def test_schema_file_is_current(monkeypatch):
    # The real built-ins, not the test fixture: the file is generated from them.
    monkeypatch.undo()
    assert gen_schema.OUT.read_text(encoding="utf-8") == gen_schema.render(), \
        "schemas/book.schema.json is stale: run python -m tools.gen_schema"


def test_composed_and_single_schemas_are_valid():
    Draft202012Validator.check_schema(composed_schema([fixture_module()]))
    Draft202012Validator.check_schema(book_schema(fixture_module()))


def test_composed_schema_accepts_a_good_book_and_rejects_a_bad_one():
    validator = Draft202012Validator(composed_schema([fixture_module()]))
    doc, _ = parse_text(GOOD, "good.yaml")
    data = json.loads(json.dumps(doc.data, default=str))
    data["paragraphs"] = {str(k): v for k, v in doc.data["paragraphs"].items()}
    assert list(validator.iter_errors(data)) == []
    data["paragraphs"]["2"]["end"] = "peut-être"
    assert list(validator.iter_errors(data))


def test_modeline_is_documented():
    text = (ROOT / "docs" / "book-format.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=../schemas/book.schema.json" in text


def test_schema_command_prints_the_module_schema(capsys):
    from engine.cli import main
    assert main(["schema", "--rules", "fixture"]) == 0
    assert json.loads(capsys.readouterr().out) == book_schema(fixture_module())
    assert main(["schema"]) == 0
    assert json.loads(capsys.readouterr().out) == composed_schema([fixture_module()])


def test_schema_command_unknown_rules(capsys):
    from engine.cli import main
    assert main(["schema", "--rules", "nope"]) == 2
    assert "nope" in capsys.readouterr().err


def test_rules_command_lists_modules_with_versions(capsys):
    from engine.cli import main
    assert main(["rules"]) == 0
    assert capsys.readouterr().out.split() == ["fixture", "1.2.3", "Test", "rules"]


def test_rules_command_reports_a_broken_module(capsys, monkeypatch):
    from engine.cli import main
    monkeypatch.setitem(registry.BUILTINS, "casse", "tests.foundation.no_such_module:MODULE")
    assert main(["rules"]) == 1
    assert "casse" in capsys.readouterr().out


def test_good_book_lints_clean(capsys, tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD, encoding="utf-8")
    status, out, err = lint(capsys, path)
    assert (status, out, err.strip()) == (0, "", "0 errors, 0 warnings")



def _walk(node, path=""):
    """(path, node) for every schema object of the file."""
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from _walk(v, f"{path}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk(v, f"{path}[{i}]")


def _schema_file() -> dict:
    import json
    return json.loads((ROOT / "schemas" / "book.schema.json").read_text(encoding="utf-8"))


def test_every_object_alternative_is_titled_for_editors():
    """yaml-language-server labelled untitled alternatives "object(Gamebook (...))"."""
    untitled = [p for p, n in _walk(_schema_file()) for key in ("anyOf", "oneOf")
                for i, b in enumerate(n.get(key) or []) if isinstance(b, dict)
                and b.get("type") == "object" and "title" not in b]
    assert untitled == []
    assert "Gamebook (" not in json_text()


def json_text() -> str:
    return (ROOT / "schemas" / "book.schema.json").read_text(encoding="utf-8")


def test_each_alternative_of_a_field_carries_the_field_s_description():
    """Hovering `all_down: 40` showed "A paragraph number.", another field's words."""
    defs = _schema_file()["$defs"]
    all_down = defs["chroniques-cretoises.combat"]["properties"]["all_down"]
    assert {b["description"] for b in all_down["oneOf"]} == {all_down["description"]}


def test_every_field_is_described():
    missing = [f"{p}.{k}" for p, n in _walk(_schema_file()) if "/if" not in p
               for k, v in (n.get("properties") or {}).items()
               if isinstance(v, dict) and "description" not in v and "$ref" not in v]
    assert missing == []


def test_every_description_is_also_in_french():
    untranslated = sorted({n["description"] for _, n in _walk(_schema_file())
                           if isinstance(n.get("description"), str) and not n.get("x-description-fr")})
    assert untranslated == []
