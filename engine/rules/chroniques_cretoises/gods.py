"""The gods: the patron, the other gods' attitudes, invoking a god for a price in
Honour (on a choice or in a fight)."""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import Refused
from engine.rules.chroniques_cretoises import names as N

M = Message


def known_gods(play) -> tuple[str, ...]:
    """N.gods_of for the book, computed once per book (cached on the module)."""
    key = ("gods", play.book.content_hash)
    gods = play.module.derived_cache.get(key)
    if gods is None:
        gods = play.module.derived_cache[key] = N.gods_of(play.book.options)
    return gods


def attitude_of(state, god: str) -> str:
    gods = state.extra.get("gods", {})
    canonical = N.god_name(god, gods) if gods else None
    return gods.get(canonical, N.NEUTRE) if canonical else N.NEUTRE


def set_attitudes(play, value: dict) -> None:
    """Effect `{god: {Poséidon: défavorable}}`."""
    for name, old, new in attitudes_set(play.state.extra, value, known_gods(play)):
        if old != new:
            a, b = N.ATTITUDE_LABELS[old], N.ATTITUDE_LABELS[new]
            play.emit("god", f"{name} : {a.fr} → {b.fr}.", f"{name}: {a.en} → {b.en}.",
                      god=name, old=old, new=new)


def attitudes_set(extra: dict, value: dict, known) -> list[tuple[str, str, str]]:
    """Each god of `value` given his new attitude in the module's `extra` (the rule of
    `set_attitudes`, for play and for the compiled explorer's vector rules alike):
    [(god, old, new)]; Refused at an unknown attitude."""
    gods = extra.setdefault("gods", {})
    out = []
    for god, att in value.items():
        name = N.god_name(god, known) or god
        new = N.attitude(att)
        if new is None:
            raise Refused(f"attitude inconnue « {att} »", f"unknown attitude '{att}'")
        out.append((name, gods.get(name, N.NEUTRE), new))
        gods[name] = new
    return out


def set_patron(play, god: str) -> None:
    """Effect `{patron: Athéna}`: the hero places himself under a god's protection."""
    name = N.god_name(god, N.PATRONS)
    if name is None:
        raise Refused(f"« {god} » ne peut pas être un dieu protecteur",
                      f"'{god}' cannot be a patron god")
    patron_set(play.state.extra, name)
    de = "d'" if N.fold(name)[0] in "aeiou" else "de "
    play.emit("patron", f"Vous vous placez sous la protection {de}{name}.",
              f"You place yourself under the protection of {name}.", god=name)


def patron_set(extra: dict, name: str) -> None:
    """The patron `name` (canonical) in the module's `extra`: the old one, if he was
    favourable, neutral again; the new one favourable."""
    old = extra.get("patron")
    if old and extra["gods"].get(old) == N.FAVORABLE:
        extra["gods"][old] = N.NEUTRE
    extra["patron"] = name
    extra.setdefault("gods", {})[name] = N.FAVORABLE


def cost_of(play, spec: dict) -> int:
    cost = spec.get("cost", 0)
    if isinstance(cost, int):
        return cost
    from engine import expr as X
    return int(play.evaluate(X.parse(str(cost), "number")))


def pay_invocation(play, spec: dict) -> bool:
    """Pay the god's price in Honour; without enough Honour, lose 1 point and fail."""
    god = spec["god"]
    cost = cost_of(play, spec)
    have = play.state.stats.get("honneur", 0)
    paid, change = price_paid(have, cost)
    if paid:
        pts = N.honour_points(cost)
        fr, en = (f"qui exige {pts.fr} : vous payez", f"who asks {pts.en}: you pay") if cost else \
            ("qui vous entend sans rien exiger", "who hears you and asks nothing")
        play.emit("invoke", f"Vous invoquez {god}, {fr}.", f"You call upon {god}, {en}.",
                  god=god, cost=cost, paid=True)
        if change:
            play.change("honneur", delta=change, reason="invoke")
        return True
    pts = N.honour_points(cost)
    play.emit("invoke", f"{god} exige {pts.fr} et vous n'en avez que {have} : "
              f"votre prière reste sans réponse et vous perdez 1 point d'Honneur.",
              f"{god} asks {pts.en} and you have only {have}: your prayer goes "
              f"unanswered and you lose 1 Honour point.", god=god, cost=cost, paid=False)
    play.change("honneur", delta=change, reason="invoke-failed")
    return False


def price_paid(have: int, cost: int) -> tuple[bool, int]:
    """(whether the god's price is paid, the change of Honour) for `have` points and a
    price of `cost`: paid in full, or "si vous en avez moins", −1 and no answer."""
    return (True, -cost) if have >= cost else (False, -1)


def price_note(spec) -> Message | None:
    """The god's price, told before the prayer: "(prix : 1d6 Honneur ; ...)"."""
    if not spec:
        return None
    cost = spec.get("cost", 0)
    if not cost:
        return Message(f"({spec['god']} n'exige rien)", f"({spec['god']} asks nothing)")
    points = f"{cost} point{'s' if not isinstance(cost, int) or cost > 1 else ''}"
    return Message(f"(prix : {points} d'Honneur ; si vous en avez moins, −1 point d'Honneur "
                   "et pas de réponse)",
                   f"(price: {cost} Honour; if you have less, −1 Honour and no answer)")


def choice_extra(play, choice) -> bool:
    """A choice with `invoke:`: pay and go on, or stay on this paragraph."""
    spec = choice.extra.get("invoke")
    return True if not spec else pay_invocation(play, spec)
