"""The book stage: YAML files in, an immutable `Book` and diagnostics out.

    raw bytes ─ bookfile ─ source (+ yaml_hints, include) ─► a document with positions
             ─ validate (schema, quickschema, schema_fr) ─► its shape checked
             ─ compiler (naming, module_targets, frontmatter, counters, typed) ─► Book (model)

A book that names the wrong rule module is told which one it needs (wrong_rules);
the books shipped with the engine are found by bundled.  Nothing here plays, checks
the book as a graph or prints: engine/lint/loader.py runs this stage and lint
together, with a cache.  In: the expression language and the rule-module interface.

The names of the former module `engine.book` (Book, Paragraph, ...) are in
engine/book/model.py; `engine.book.Book` still reads them, with a warning, for one
release.
"""


def __getattr__(name):
    from engine import old_attribute
    return old_attribute(__name__, name)
