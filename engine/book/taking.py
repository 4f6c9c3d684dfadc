"""Format 1.2: taking up to N of a list, and restore points of the equipment.

    effects:
      - take: {choose: 2, from: [sword, rope, lamp]}   # the player takes up to 2 of them
      - store: cell          # the hero's equipment is taken away, kept under "cell"
      - restore: cell        # ... and given back

`take` waits for the player like `give_up` (engine/game/taking.py plays it): each
pick gains one item of `from:`, "take nothing more" ends it; it belongs in a
paragraph's or a choice's effects (`take-here`).  `store` empties the inventory
into `state.extra["stored"][name]`; `restore` adds it back and forgets it (a
`restore` of a name no `store` writes is `restore-unknown`, engine/lint/checks.py).
"""
from __future__ import annotations

from engine.diagnostics import error, unknown_name

KINDS = ("take", "store", "restore", "sell")
WAITING = ("take", "sell")   # effects that wait for the player
STORE_NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}

SCHEMA = {
    "take": ({"type": "object", "required": ["choose", "from"], "additionalProperties": False,
              "properties": {"choose": {"type": "integer", "minimum": 1, "maximum": 100,
                                        "description": "Format 1.2: how many of the items the player may take, at most."},
                             "from": {"type": "array", "minItems": 1, "items": {"type": "string"},
                                      "description": "Format 1.2: the items offered (ids from `items`)."}}},
             "Format 1.2: the player takes up to `choose` items of `from` (one copy each)."),
    "sell": ({"type": "object", "minProperties": 1, "additionalProperties": {"type": "integer", "minimum": 0}},
             "Format 1.2: the player may sell these items, one copy at a time, each for its price (in "
             "the rules' money: Gold Pieces in Défis Fantastiques)."),
    "store": (STORE_NAME, "Format 1.2: the hero's equipment is taken away and kept under this name."),
    "restore": (STORE_NAME, "Format 1.2: the equipment kept under this name (`store`) is given back."),
}
USE_HERE = {
    "use_here": {"type": "boolean", "description": "Format 1.2: the item is used where it lies, never carried: "
                                                   "gaining it (or taking it from a `take:` list) applies its `effects`."},
    "effects": {"$ref": "#/$defs/effects", "description": "Format 1.2: what using the item (`use_here`) does."},
}
FR = {
    "Format 1.2: the item is used where it lies, never carried: gaining it (or taking it from a `take:` list) "
    "applies its `effects`.":
        "Format 1.2 : l'objet s'utilise là où il se trouve, sans être emporté : l'obtenir (ou le prendre dans "
        "une liste `take:`) applique ses `effects`.",
    "Format 1.2: what using the item (`use_here`) does.": "Format 1.2 : ce que fait l'objet quand on l'utilise (`use_here`).",
    "Format 1.2: how many of the items the player may take, at most.":
        "Format 1.2 : combien d'objets de la liste le joueur peut prendre, au plus.",
    "Format 1.2: the items offered (ids from `items`).": "Format 1.2 : les objets proposés (identifiants de `items`).",
    "Format 1.2: the player takes up to `choose` items of `from` (one copy each).":
        "Format 1.2 : le joueur prend jusqu'à `choose` objets de `from` (un exemplaire de chacun).",
    "Format 1.2: the player may sell these items, one copy at a time, each for its price (in the rules' money: "
    "Gold Pieces in Défis Fantastiques).":
        "Format 1.2 : le joueur peut vendre ces objets, un exemplaire à la fois, chacun à son prix (dans la "
        "monnaie des règles : les Pièces d'Or des Défis Fantastiques).",
    "Format 1.2: the hero's equipment is taken away and kept under this name.":
        "Format 1.2 : l'équipement du héros lui est retiré et gardé sous ce nom.",
    "Format 1.2: the equipment kept under this name (`store`) is given back.":
        "Format 1.2 : l'équipement gardé sous ce nom (`store`) est rendu.",
}


def compile_effect(compiler, kind: str, value, path: tuple):
    """The value of a `take`, `store` or `restore` effect, checked."""
    from engine.book.giving import needs_12
    needs_12(compiler, path, f"« {kind}: »", f"'{kind}:'")
    if kind == "sell":
        return _sell(compiler, value, path)
    if kind != "take":
        return str(value)
    items = [str(i) for i in value.get("from") or ()]
    for i, item in enumerate(items):
        compiler.out.grants.setdefault("item", set()).add(item)
        if item not in compiler.env.references["item"]:
            compiler.report(unknown_name("unknown-item", compiler.span(path + ("from", i)), item,
                                         compiler.env.references["item"], "objet", "item"))
    return {"choose": int(value.get("choose", 1)), "from": items}


def _sell(compiler, value, path: tuple) -> dict:
    """`sell: {item: price}`: known items, and a module that has money to pay them."""
    for item in value:
        if item not in compiler.env.references["item"]:
            compiler.report(unknown_name("unknown-item", compiler.span(path + (item,), key=True), item,
                                         compiler.env.references["item"], "objet", "item"))
    if compiler.module.money is None:
        compiler.report(error("sell-no-money", compiler.span(path, key=True),
                              f"« sell: » : les règles « {compiler.module.id} » n'ont pas de monnaie pour payer",
                              f"'sell:': the rules '{compiler.module.id}' have no money to pay with"))
    return {str(k): int(v) for k, v in value.items()}


def only_here(compiler, effects) -> None:
    """`take` and `sell` wait for the player: only in a paragraph's or a choice's effects."""
    for e in effects:
        if e.kind in WAITING:
            compiler.report(error("take-here", compiler.span(e.path, key=True),
                                  f"« {e.kind}: » ne s'écrit que dans les effets d'un paragraphe ou d'un choix",
                                  f"'{e.kind}:' belongs only in a paragraph's or a choice's effects"))


def effect_lists(p) -> list:
    """Every list of effects a paragraph holds: its own, its choices', its outcomes',
    its automatic jumps', its give-ups' `none:`."""
    from engine.book.giving import none_effects
    lists = [p.effects, *(c.effects for c in p.choices), *p.outcome_effects.values(),
             *(a.effects for a in p.auto), *((o.effects for o in p.random.outcomes) if p.random else ())]
    return lists + [none_effects(p)]


def check_restores(book, doc) -> list:
    """`restore-unknown`: a `restore` names equipment no `store` of the book keeps."""
    effects = [e for p in book.paragraphs.values() for effs in effect_lists(p) for e in effs]
    stored = sorted({e.value for e in effects if e.kind == "store"})
    return [unknown_name("restore-unknown", doc.span(e.path), e.value, stored, "équipement gardé",
                         "stored equipment") for e in effects if e.kind == "restore" and e.value not in stored]


def used_here(compiler, raw_items: dict) -> dict:
    """{item: its effects} of the catalogue's `use_here` items, compiled (format 1.2);
    `effects` without `use_here`, or `use_here` without effects, is `use-here-shape`."""
    from engine.book.giving import needs_12
    out = {}
    for key, raw in raw_items.items():
        if not isinstance(raw, dict) or not ("use_here" in raw or "effects" in raw):
            continue
        path = ("items", key)
        needs_12(compiler, path + ("use_here" if "use_here" in raw else "effects",), "« use_here: »", "'use_here:'")
        if raw.get("use_here") is not True or not raw.get("effects"):
            compiler.report(error("use-here-shape", compiler.span(path, key=True),
                                  f"objet « {key} » : « use_here: true » va avec les « effects: » de son usage",
                                  f"item '{key}': 'use_here: true' goes with the 'effects:' of its use"))
            continue
        effects = compiler._only_here(compiler.effects(raw["effects"], path + ("effects",), 0))
        out[str(key)] = effects
    return out
