"""The registry finds modules by entry point; books name theirs with `rules:`."""
from __future__ import annotations

import pytest

from engine.lint.loader import load_book
from engine.rules import registry
from engine.rules.base import RuleModule
from engine.rules.conformance import check_module


def test_the_kai_plugin_is_found_through_its_entry_point():
    assert "kai" in registry.names()
    module = registry.get("kai")
    assert module.id == "kai" and module.version == "0.1.0"
    assert type(module).__module__.startswith("gamebook_rules_kai")


def test_every_registered_module_satisfies_the_interface():
    modules = list(registry.all_modules())
    assert [m.id for m in modules] == registry.names()
    assert {m.id: check_module(m) for m in modules} == {m.id: [] for m in modules}


def test_an_unknown_name_raises_unknown_rules():
    with pytest.raises(registry.UnknownRules):
        registry.get("no-such-rules")


def _book(tmp_path, rules_line: str):
    path = tmp_path / "livre.yaml"
    path.write_text("gamebook: 1\ntitle: Essai\n" + rules_line +
                    "start: 1\nparagraphs:\n  1: {text: Fin., end: victory}\n", encoding="utf-8")
    return load_book(path, use_cache=False)


def test_a_book_with_unknown_rules_gets_a_located_error_listing_the_installed_modules(tmp_path):
    loaded = _book(tmp_path, "rules: loup-solitaire\n")
    assert loaded.book is None and not loaded.ok
    (d,) = loaded.diagnostics
    assert (d.code, d.span.human()) == ("unknown-rules", (3, 8))
    installed = ", ".join(registry.names())
    assert d.message.en == f"unknown rule module 'loup-solitaire'; installed: {installed}"
    assert "kai" in d.message.fr and "loup-solitaire" in d.message.fr


def test_a_book_without_rules_is_told_which_modules_exist(tmp_path):
    loaded = _book(tmp_path, "")
    (d,) = loaded.diagnostics
    assert d.code == "missing-rules" and "kai" in d.message.en and "kai" in d.message.fr


class _FakeEntryPoint:
    def __init__(self, name, load):
        self.name, self.load = name, load


def _boom():
    raise ImportError("module gamebook_rules_cassé has a syntax error")


def test_a_plugin_that_fails_to_import_is_a_located_error_not_a_crash(tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "_entry_points", lambda: {"casse": _FakeEntryPoint("casse", _boom)})
    loaded = _book(tmp_path, "rules: casse\n")
    (d,) = loaded.diagnostics
    assert d.code == "rules-failed" and d.span.human() == (3, 8)
    assert "syntax error" in d.message.en


class _Tiny(RuleModule):
    pass


def test_an_entry_point_may_name_a_class_which_is_instantiated(monkeypatch):
    monkeypatch.setattr(registry, "_entry_points", lambda: {"tiny": _FakeEntryPoint("tiny", lambda: _Tiny)})
    assert isinstance(registry.get("tiny"), _Tiny)
    assert registry.names() == sorted([*registry.BUILTINS, "tiny"])


def test_a_built_in_wins_over_an_entry_point_of_the_same_name(monkeypatch):
    builtin = next(iter(registry.BUILTINS))
    monkeypatch.setattr(registry, "BUILTINS", {builtin: "gamebook_rules_kai:MODULE"})
    monkeypatch.setattr(registry, "_entry_points",
                        lambda: {builtin: _FakeEntryPoint(builtin, lambda: _Tiny)})
    assert registry.get(builtin).id == "kai"
    assert registry.names() == [builtin]


def test_gamebook_rules_lists_id_version_and_title(cli):
    done = cli("rules")
    lines = done.stdout.splitlines()
    assert "kai  0.1.0  Kai (random number table, disciplines)" in lines
    assert [line.split("  ")[0] for line in lines] == registry.names()
    assert done.returncode == (0 if all(_loads(name) for name in registry.names()) else 1)


def _loads(name: str) -> bool:
    try:
        registry.get(name)
    except Exception:
        return False
    return True
    assert "kai  0.1.0  Kai (table de hasard, disciplines)" in cli("rules", lang="fr").stdout
