"""A book written for another rule module: one error naming the right module,
instead of one schema error for each of its module fields.

Asked only when the schema found many problems (a correct book never pays for
it): every other installed module's schema is tried, and when one of them fits
the book far better, its name is the one diagnostic the author needs.
"""
from __future__ import annotations

from engine.diagnostics import Diagnostic, error

MANY = 5          # fewer schema problems than this are most likely the author's typos


def wrong_rules(doc, module, schema_diags: list[Diagnostic]) -> Diagnostic | None:
    """`wrong-rules` at `rules:` when another installed module fits the book better."""
    if len(schema_diags) < MANY:
        return None
    best = _best_other(doc, module, len(schema_diags))
    if best is None:
        return None
    other, left = best
    n = len(schema_diags)
    return error("wrong-rules", doc.span(("rules",)),
                 f"ce livre est écrit pour les règles « {other} », pas « {module.id} » "
                 f"({n} problèmes de forme avec « {module.id} », {left} avec « {other} ») : "
                 f"écrivez « rules: {other} »",
                 f"this book is written for the rules '{other}', not '{module.id}' "
                 f"({n} shape problems with '{module.id}', {left} with '{other}'): "
                 f"write 'rules: {other}'")


def _best_other(doc, module, errors: int) -> tuple[str, int] | None:
    from engine.rules import registry
    from engine.book.schema import book_schema
    from engine.book.validate import validate
    at_rules = doc.span(("rules",))
    found = None
    for name in registry.names():
        if name == module.id:
            continue
        try:
            other = registry.get(name)
            # `rules:` itself names the current module: not a problem of the other one
            left = sum(d.span != at_rules for d in validate(doc, book_schema(other)))
        except Exception:  # a broken third-party module is simply not a candidate
            continue
        # "Far better": at most a quarter of the problems are left with the other module.
        if left * 4 <= errors and (found is None or left < found[1]):
            found = (name, left)
    return found
