"""gamebook-engine: a declarative engine for gamebooks written in YAML.

The packages follow the data, lowest first (docs/architecture.md draws them):
support/ and diagnostics.py, expr/ (the expression language), rules/ (the rule-module
interface and registry), book/ (read, validate, compile), lint/ (the checks, and
`load_book`: a book read, compiled and checked, cached), game/ (the play loop) and
saves/, analysis/ (odds, exploration, exact solving), then the front ends: commands/
with cli.py, repl/, lsp/, export/, renumber/.  The built-in rule modules
(rules/chroniques_cretoises, rules/defis_fantastiques) are plugins over all of it,
reached through the registry only.  tests/foundation/test_architecture.py keeps
imports flowing one way.
"""
import sys

__version__ = "0.1.0"

# Modules that moved when engine/ became packages: the old import path still works,
# with a DeprecationWarning, until the next release (docs/writing-a-rule-module.md).
MOVED = {
    "engine.records": "engine.support.records", "engine.fold": "engine.support.fold",
    "engine.limits": "engine.support.limits", "engine.safe_text": "engine.support.safe_text",
    "engine.safe_io": "engine.support.safe_io",
    "engine.source": "engine.book.source", "engine.yaml_hints": "engine.book.yaml_hints",
    "engine.bookfile": "engine.book.bookfile", "engine.include": "engine.book.include",
    "engine.schema": "engine.book.schema", "engine.schema_fr": "engine.book.schema_fr",
    "engine.quickschema": "engine.book.quickschema", "engine.validate": "engine.book.validate",
    "engine.compiler": "engine.book.compiler", "engine.naming": "engine.book.naming",
    "engine.module_targets": "engine.book.module_targets",
    "engine.frontmatter": "engine.book.frontmatter", "engine.counters": "engine.book.counters",
    "engine.typed": "engine.book.typed", "engine.wrong_rules": "engine.book.wrong_rules",
    "engine.bundled": "engine.book.bundled",
    "engine.bounds": "engine.lint.bounds", "engine.format11": "engine.lint.flow",
    "engine.unwritten": "engine.lint.unwritten", "engine.codes": "engine.lint.codes",
    "engine.codes11": "engine.lint.codes_constructs", "engine.loader": "engine.lint.loader",
    "engine.cache_seal": "engine.lint.cache_seal",
    "engine.carry": "engine.game.carry", "engine.state": "engine.game.state",
    "engine.dice": "engine.game.dice", "engine.presets": "engine.game.presets",
    "engine.save_checks": "engine.saves.checks", "engine.save_digest": "engine.saves.digest",
    "engine.save_schema": "engine.saves.schema", "engine.endings": "engine.saves.endings",
    "engine.renumber_text": "engine.renumber.sites",
}
# Modules that became packages: their old names are read from the module that holds them.
BECAME_PACKAGES = {
    "engine.book": "engine.book.model", "engine.lint": "engine.lint.checks",
    "engine.saves": "engine.saves.store", "engine.renumber": "engine.renumber.numbering",
}


def _warn(old: str, new: str) -> None:
    import warnings
    warnings.warn(f"{old} is now {new}; the old name goes in the next release",
                  DeprecationWarning, stacklevel=3)


def old_attribute(package: str, name: str):
    """`package.name` as it was when `package` was a module (its __getattr__)."""
    if name.startswith("__"):
        raise AttributeError(name)
    import importlib
    module = importlib.import_module(BECAME_PACKAGES[package])
    try:
        value = getattr(module, name)
    except AttributeError:
        raise AttributeError(f"module {package!r} has no attribute {name!r}") from None
    _warn(f"{package}.{name}", f"{module.__name__}.{name}")
    return value


class _MovedModules:
    """A finder after all others: it answers only for an old module path, with the
    module that is now there (the same object, so state is shared)."""

    def find_spec(self, name, path=None, target=None):
        if name not in MOVED:
            return None
        from importlib.util import spec_from_loader
        return spec_from_loader(name, self)

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        import importlib
        new = MOVED[module.__name__]
        _warn(module.__name__, new)
        sys.modules[module.__name__] = importlib.import_module(new)


if not any(isinstance(f, _MovedModules) for f in sys.meta_path):
    sys.meta_path.append(_MovedModules())
