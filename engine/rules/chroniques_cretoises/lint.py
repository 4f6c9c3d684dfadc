"""Module checks over a compiled book.

Codes: combat-no-outcome (a fight with no `win`), combat-timeout (`rounds` without
`timeout` or the reverse: specials.py), combat-no-all-down (a group fight
that does not say what happens when all opponents are Grièvement Blessé),
oracle-target-missing (an Oracle paragraph whose number + 20 does not exist),
unknown-god, unknown-item (in module fields), beast-with-items, bad-cost (an
Honour price that is not a number or dice formula), negative-honour (a price or a
reward that can be below 0: paying it would raise Honour), reward-never-paid (a group
fight whose reward no ending can pay: model.reward_payable), beast-surrenders,
armour-slot-typo (warning: a slot written once, close to another),
refused-surrender-unreachable (warning), no-patron (warning: nothing ever gives the
hero a patron god).  The core codes are documented in engine/lint/codes.py.
"""
from __future__ import annotations

import difflib

from engine.book.effect_lists import all_effects
from engine.book.frontmatter import equipment
from engine.diagnostics import error, warning
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import specials


def check(book, doc, module=None):
    gods = N.gods_of(book.options)
    yield from _hero(book, doc, gods)
    yield from _armour_slots(book, doc)
    if module is not None:
        yield from _refused_surrenders(book, doc, module)
    for n, p in sorted(book.paragraphs.items()):
        if p.fields.get("oracle") and n + 20 not in book.paragraphs:
            yield error("oracle-target-missing", doc.span(p.path + ("oracle",)),
                        f"le paragraphe {n} est un paragraphe de l'Oracle mais le {n + 20} n'existe pas",
                        f"paragraph {n} is an Oracle paragraph but {n + 20} does not exist")
        if "combat" in p.fields:
            yield from _combat(book, doc, p, gods, module)
        for i, c in enumerate(p.choices):
            if "invoke" in c.extra:
                yield from _invoke(doc, c.extra["invoke"], c.path + ("invoke",), gods)
        for eff in all_effects(p):
            yield from _effect(doc, eff, gods)
    if not book.hero.get("patron") and not any(
            e.kind == "patron" for p in book.paragraphs.values() for e in all_effects(p)):
        yield warning("no-patron", doc.span(("hero",) if book.hero else ("rules",)),
                      "rien ne donne de dieu protecteur au héros (hero.patron ou un effet « patron »)",
                      "nothing gives the hero a patron god (hero.patron or a `patron` effect)")


def _unknown_god(doc, name, path, gods):
    close = difflib.get_close_matches(str(name), list(gods), n=1)
    return error("unknown-god", doc.span(path, key=True) if path[-1] == name else doc.span(path),
                 f"dieu inconnu « {name} »" + (f" ; vouliez-vous dire « {close[0]} » ?" if close else
                                               " (ajoutez-le à options.gods)"),
                 f"unknown god '{name}'" + (f"; did you mean '{close[0]}'?" if close else
                                           " (add it to options.gods)"), fix=close[0] if close else None)


def _item(book, doc, item, path):
    if item not in book.items and item != "massue":
        close = difflib.get_close_matches(str(item), list(book.items), n=1)
        return error("unknown-item", doc.span(path, key=path[-1] == item),   # `{casque: 2}`: its key
                     f"objet inconnu « {item} »" + (f" ; vouliez-vous dire « {close[0]} » ?" if close else ""),
                     f"unknown item '{item}'" + (f"; did you mean '{close[0]}'?" if close else ""),
                     fix=close[0] if close else None)
    return None


def _format_11(doc, spec, path):
    """`hurt` and `hurt_only_by` are format 1.1 (issue 11's fight specials)."""
    if not isinstance(doc.data, dict) or doc.data.get("gamebook") != 1:
        return
    places = [(path + ("hurt",), "hurt")] if "hurt" in spec else []
    places += [(path + ("enemies", i, "hurt_only_by"), "hurt_only_by")
               for i, e in enumerate(spec.get("enemies") or []) if isinstance(e, dict) and "hurt_only_by" in e]
    for where, name in places:
        yield error("format-1-1", doc.span(where, key=True), f"« {name} » : demande « gamebook: 1.1 »",
                    f"'{name}': needs 'gamebook: 1.1'")


def _hero(book, doc, gods):
    hero = book.hero or {}
    if hero.get("patron") and not N.god_name(hero["patron"], N.PATRONS):
        yield _unknown_god(doc, hero["patron"], ("hero", "patron"), N.PATRONS)
    for g in hero.get("gods") or {}:
        if not N.god_name(g, gods):
            yield _unknown_god(doc, g, ("hero", "gods", g), gods)
    for item, _copies, path in equipment(hero):
        d = _item(book, doc, item, path)
        if d:
            yield d


def _combat(book, doc, p, gods, module=None):
    spec, path = p.fields["combat"], p.path + ("combat",)
    if not isinstance(spec, dict):
        return
    if "win" not in spec:
        yield error("combat-no-outcome", doc.span(path, key=True),
                    f"le combat du paragraphe {p.number} ne dit pas où mène la victoire (« win »)",
                    f"the fight of paragraph {p.number} does not say where victory leads ('win')")
    enemies = spec.get("enemies") or []
    if len(enemies) > 1 and "all_down" not in spec:
        yield error("combat-no-all-down", doc.span(path, key=True),
                    "combat à plusieurs : dites ce qui arrive quand tous sont grièvement blessés (« all_down »)",
                    "group fight: say what happens when all are badly wounded ('all_down')")
    if "reward" in spec:
        yield from _not_negative(doc, spec["reward"], path + ("reward",), "reward")
        if not R.reward_payable(spec):
            yield warning("reward-never-paid", doc.span(path + ("reward",)),
                          f"le gain du combat du paragraphe {p.number} n'est jamais payé : aucun "
                          "adversaire ne se rend, et quand le dernier est grièvement blessé, tous le "
                          f"sont (« all_down » : {spec['all_down']}, pas la victoire) ; mettez « all_down » "
                          "au paragraphe de « win » si c'est une victoire, ou retirez « reward »",
                          f"the reward of the fight of paragraph {p.number} is never paid: no opponent "
                          "surrenders, and when the last one is badly wounded, all are ('all_down': "
                          f"{spec['all_down']}, not victory); set 'all_down' to the paragraph of 'win' if "
                          "it is a victory, or remove 'reward'")
    yield from _format_11(doc, spec, path)
    yield from specials.check(book, doc, module, spec, path)
    for i, e in enumerate(enemies):
        for j, item in enumerate(e.get("hurt_only_by") or []):
            d = _item(book, doc, item, path + ("enemies", i, "hurt_only_by", j))
            if d:
                yield d
        if e.get("beast") and e.get("surrenders"):
            yield error("beast-surrenders", doc.span(path + ("enemies", i, "surrenders")),
                        f"{e['name']} n'est pas humain (beast) : une bête ne se rend jamais ; "
                        "retirez « surrenders » ou « beast »",
                        f"{e['name']} is not human (beast): a beast never surrenders; "
                        "remove 'surrenders' or 'beast'")
        if e.get("beast") and e.get("items"):
            yield error("beast-with-items", doc.span(path + ("enemies", i, "items")),
                        f"{e['name']} n'est pas humain : il n'a ni armes ni cuirasse",
                        f"{e['name']} is not human: no weapons and no armour")
        for j, item in enumerate(e.get("items") or []):
            d = _item(book, doc, item, path + ("enemies", i, "items", j))
            if d:
                yield d
    if "invoke" in spec:
        yield from _invoke(doc, spec["invoke"], path + ("invoke",), gods)
        if "to" not in spec["invoke"]:
            yield error("combat-no-outcome", doc.span(path + ("invoke",)),
                        "une invocation pendant un combat doit dire où elle mène (« to »)",
                        "an invocation during a fight must say where it leads ('to')")
    if "use" in spec:
        d = _item(book, doc, spec["use"]["item"], path + ("use", "item"))
        if d:
            yield d


def _invoke(doc, spec, path, gods):
    if not N.god_name(spec.get("god", ""), gods):
        yield _unknown_god(doc, spec.get("god"), path + ("god",), gods)
    if "cost" in spec:
        yield from _not_negative(doc, spec["cost"], path + ("cost",), "cost")


def _not_negative(doc, value, path, what):
    """An Honour price or reward: a number or a dice formula, never below 0 (a
    price of -2 would *raise* Honour by 2 when paid)."""
    from engine import expr as X
    low = value if isinstance(value, int) else None
    if isinstance(value, str):
        try:
            low = (X.dice_range(X.parse(value, "number")) or (None,))[0]
        except X.ExprError as exc:
            yield error("bad-cost", doc.inner_span(path, exc.start), exc.message_fr, exc.message_en)
            return
    if low is not None and low < 0:
        fr, en = ("prix", "price") if what == "cost" else ("gain", "reward")
        yield error("negative-honour", doc.span(path),
                    f"{fr} en Honneur négatif ({value}, au plus bas {low}) : "
                    "il ferait gagner de l'Honneur au lieu d'en coûter ; écrivez un nombre positif"
                    if what == "cost" else
                    f"{fr} en Honneur négatif ({value}, au plus bas {low}) : "
                    "une victoire ne fait pas perdre d'Honneur ; écrivez un nombre positif",
                    f"negative Honour {en} ({value}, as low as {low}): it would give Honour "
                    "instead of costing it; write a positive number" if what == "cost" else
                    f"negative Honour {en} ({value}, as low as {low}): a victory does not "
                    "cost Honour; write a positive number")


def _armour_slots(book, doc):
    """A slot written once and close to another (`casques` beside `casque`) is
    most likely a typo: the two pieces would be worn together."""
    slots: dict[str, list] = {}
    for item in book.items.values():
        armour = item.props.get("armour")
        if isinstance(armour, dict) and isinstance(armour.get("slot"), str):
            slots.setdefault(armour["slot"], []).append(item)
    order = list(slots)  # catalogue order: of two lone look-alikes, the later one is warned
    for slot, items in slots.items():
        others = [s for s in slots if len(slots[s]) > len(items)
                  or (len(slots[s]) == len(items) and order.index(s) < order.index(slot))]
        close = difflib.get_close_matches(slot, others, n=1, cutoff=0.8)
        if len(items) == 1 and close:
            yield warning("armour-slot-typo", doc.span(items[0].path + ("armour", "slot")),
                          f"l'emplacement « {slot} » n'est utilisé qu'une fois et ressemble à "
                          f"« {close[0]} » : vouliez-vous dire « {close[0]} » ? (sinon les deux "
                          "pièces se portent ensemble)",
                          f"the slot '{slot}' is used once and looks like '{close[0]}': did you "
                          f"mean '{close[0]}'? (otherwise both pieces are worn together)")


def _refused_surrenders(book, doc, module):
    """`surrender: {to: N, accepted: false}` never leads to N: when nothing else
    does, no game reads paragraph N."""
    from engine.lint.checks import graph, reachable
    edges = graph(book, module)
    refused = {n for n, p in book.paragraphs.items() if isinstance(p.fields.get("combat"), dict)
               and isinstance(p.fields["combat"].get("surrender"), dict)
               and p.fields["combat"]["surrender"].get("accepted") is False}
    if not refused or book.start not in book.paragraphs:
        return
    kept = {n: [(e, t) for e, t in outs if not (n in refused and e.kind == "surrender")]
            for n, outs in edges.items()}
    seen = reachable(book, kept)
    if any(e.target is not None and t is None for n in seen for e, t in kept[n]):
        return  # a jump that depends on play may lead there
    for n in sorted(refused & seen):
        spec = book.paragraphs[n].fields["combat"]["surrender"]
        if spec.get("to") in book.paragraphs and spec["to"] not in seen:
            yield warning("refused-surrender-unreachable",
                          doc.span(book.paragraphs[n].path + ("combat", "surrender", "to")),
                          f"la reddition du paragraphe {n} est refusée (accepted: false) et rien "
                          f"d'autre ne mène au {spec['to']} : aucune partie ne le lira",
                          f"the surrender of paragraph {n} is refused (accepted: false) and nothing "
                          f"else leads to {spec['to']}: no game will read it")


def _effect(doc, eff, gods):
    if eff.kind in ("god", "dieu"):
        for g in eff.value:
            if not N.god_name(g, gods):
                yield _unknown_god(doc, g, eff.path + (g,), gods)
    elif eff.kind == "patron" and not N.god_name(eff.value, N.PATRONS):
        yield _unknown_god(doc, eff.value, eff.path, N.PATRONS)
    elif eff.kind == "restore_honour" and isinstance(eff.value, str):
        from engine import expr as X
        try:
            X.parse(eff.value, "number")
        except X.ExprError as exc:
            yield error("bad-cost", doc.inner_span(eff.path, exc.start), exc.message_fr, exc.message_en)
