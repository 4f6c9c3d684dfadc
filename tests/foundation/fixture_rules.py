"""A tiny rule module for the foundation tests: three stats, a `test` activity, gods.

It stands in for the real modules (written elsewhere) so that the core's checks
can be tested alone: `test: {success: N, failure: M}` gives two exits, `oracle: true`
adds a dashed `here + 20` exit, `god("Zeus")` is a reference kind granted by the
`pray` effect.
"""
from __future__ import annotations

from engine import expr as X
from engine.diagnostics import Message, warning
from engine.rules.base import Exit, RuleModule, StatDef

GODS = frozenset({"Zeus", "Athéna", "Arès"})


class FixtureRules(RuleModule):
    def __init__(self):
        super().__init__(
            id="fixture", version="1.2.3", title=Message("Règles d'essai", "Test rules"),
            stats=(StatDef("habilete", Message("Habileté", "Skill"), ("habileté", "skill"), 6),
                   StatDef("chance", Message("Chance", "Luck"), ("luck",), 5),
                   StatDef("or", Message("Or", "Gold"), ("gold",), 0),
                   StatDef("force", Message("Force", "Might"), (), 0, derived=True)),
            activity_fields=("test",), effect_kinds=("pray",))

    def schema_defs(self) -> dict:
        return {
            "hero": {"type": "object", "additionalProperties": False,
                     "properties": {"equipment": {"type": "array", "items": {"type": "string"}},
                                    "habilete": {"type": "integer"}, "chance": {"type": "integer"}}},
            "item": {"type": "object", "required": ["name"], "additionalProperties": False,
                     "properties": {"name": {"type": "string"}, "weapon": {"type": "boolean"}}},
            "paragraph": {"oracle": {"type": "boolean"}},
            "effects": [{"type": "object", "required": ["pray"], "additionalProperties": False,
                         "properties": {"pray": {"enum": sorted(GODS)}}}],
            "test": {"type": "object", "required": ["success", "failure"],
                     "additionalProperties": False,
                     "properties": {"success": {"$ref": "#/$defs/target"},
                                    "failure": {"$ref": "#/$defs/target"}}},
        }

    def exits(self, paragraph):
        test = paragraph.fields.get("test")
        if isinstance(test, dict):
            for key in ("success", "failure"):
                target = test.get(key)
                if isinstance(target, str):
                    target = X.parse(target, "target")
                yield Exit(key, target, paragraph.path + ("test", key), key)
        if paragraph.fields.get("oracle"):
            yield Exit("oracle", X.parse("here + 20", "target"), paragraph.path + ("oracle",),
                       "oracle", dashed=True)

    def grants(self, book):
        gods = {e.value for p in book.paragraphs.values() for e in p.effects if e.kind == "pray"}
        return {"god": gods}

    def references(self, book):
        return {"god": GODS}

    def expr_functions(self):
        return {"god": X.Signature(("god",), "bool")}

    def lint(self, book, doc):
        for n, p in book.paragraphs.items():
            if p.fields.get("oracle") and p.end:
                yield warning("fixture-oracle-ending", doc.span(p.path + ("oracle",)),
                              "oracle sur une fin", "oracle on an ending")


MODULE = FixtureRules()
