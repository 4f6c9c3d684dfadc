"""The book's front matter: `description:`, the prologue (format 1.1), the
English (or accented) aliases of the hero's stats in `hero:` and the starting
equipment with copies (format 1.1: `equipment: [epee, {torche: 3}]`).

The schema accepts every alias the rule module declares as a `hero:` key (the docs
promise `skill`, `stamina`, `luck`, `gold`...); the compiler then writes each one
under its canonical name, so rule modules only ever read canonical names.
"""
from __future__ import annotations

from engine.diagnostics import error


def hero_schema(hero: dict, module) -> dict:
    """`hero` with an alias property beside each stat property the module names."""
    props = hero.get("properties") if isinstance(hero, dict) else None
    if not isinstance(props, dict):
        return hero
    for spec in module.stats:
        if spec.name in props and not spec.derived:
            for alias in spec.aliases:
                props.setdefault(alias, dict(props[spec.name], description=f"Alias of `{spec.name}`."))
    kit = props.get("equipment")
    if isinstance(kit, dict) and kit.get("type") == "array" and kit.get("items") == {"type": "string"}:
        # the same words as the item copies of `{gain: {torche: 3}}`
        kit["items"] = {"oneOf": [{"type": "string"}, COPIES]}
    return hero


COPIES = {"type": "object", "minProperties": 1, "title": "{item: count}", "description": "Format 1.1: item -> how many, e.g. `{fleche: 3}`.",
          "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 1_000_000}}


def equipment(hero, default=()) -> list[tuple[str, int, tuple]]:
    """The starting equipment as (item, copies, path): `epee` is one copy,
    `{torche: 3}` three (format 1.1). `default` stands when `hero:` names none;
    its path is then `("hero",)`."""
    hero = hero if isinstance(hero, dict) else {}
    if "equipment" not in hero:
        return [(str(item), 1, ("hero",)) for item in default]
    out = []
    for i, entry in enumerate(hero.get("equipment") or ()):
        if isinstance(entry, dict):
            out += [(str(k), n if isinstance(n, int) and n > 0 else 1, ("hero", "equipment", i, k))
                    for k, n in entry.items()]
        else:
            out.append((str(entry), 1, ("hero", "equipment", i)))
    return out


def check_equipment(compiler, hero: dict) -> None:
    """Copies in the starting equipment are format 1.1."""
    for i, entry in enumerate(hero.get("equipment") or () if isinstance(hero, dict) else ()):
        if isinstance(entry, dict):
            compiler.needs_11(("hero", "equipment", i), "équipement en plusieurs exemplaires",
                              "starting equipment with copies", key=False)


def canonical_hero(compiler, hero: dict) -> dict:
    """`hero:` with aliases renamed; an alias beside its stat is reported (which wins?)."""
    out, seen = {}, {}
    for key, value in hero.items():
        spec = compiler.module.stat(str(key)) if isinstance(key, str) else None
        name = spec.name if spec is not None and not spec.derived else key
        if name in seen:
            compiler.report(error(
                "duplicate-hero-stat", compiler.span(("hero", key), key=True),
                f"« {key} » et « {seen[name]} » donnent tous deux {name} : gardez-en un",
                f"'{key}' and '{seen[name]}' both give {name}: keep one"))
            continue
        seen[name] = key
        out[name] = value
    return out


def check_format(compiler, data: dict) -> None:
    """A prologue is format 1.1: in a format-1 book it is reported where it is."""
    if "prologue" in data and data.get("gamebook") == 1:
        compiler.report(error(
            "format-1-1", compiler.span(("prologue",), key=True),
            "« prologue » demande « gamebook: 1.1 »", "'prologue' needs 'gamebook: 1.1'"))


def opening(book, lang: str) -> list[str]:
    """What the player reads before the first paragraph: description, then prologue."""
    return [str(book.meta[k]).strip() for k in ("description", "prologue") if book.meta.get(k)]
