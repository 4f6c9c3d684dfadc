"""`victory-impossible` where the last way closes: the conditions that the abstract
exploration (reach.py) finds false in every state reaching them.

When no abstract state wins, some condition stands between the part of the book
play does reach and a part from which the static graph still leads to a victory.
Each such condition (a choice's `if:`, an `auto:` jump's) that is false in every
abstract state of its paragraph is an error at the fact that makes it false: a flag
or an item the book never gives (with the near name it does give), one never set or
always taken on the ways that lead there, a paragraph never visited before.
"""
from __future__ import annotations

from collections import deque

from engine.book.effect_lists import effect_lists
from engine.diagnostics import Diagnostic, error
from engine.expr.ast import Call, Int, Str, walk
from engine.lint.guards import did_you_mean, victories
from engine.analysis.explore.reach import MAYBE, NO, YES, fact, with_fact

KIND_FR = {"flag": "drapeau", "has": "objet", "visited": "paragraphe"}


def closing_conditions(reach, doc) -> tuple[list[Diagnostic], set]:
    """(one error at each condition that closes a way toward a victory in every
    abstract state, the paragraphs behind those ways that play never enters: each
    error names its own, so they need no warning of their own); nothing when the
    abstract exploration reaches a victory."""
    book = reach.book
    if reach.victory:
        return [], set()
    winning = toward_victory(book, reach.edges, reach.other_wins)
    given = _given(reach)
    out, seen, hidden = [], set(), set()
    for n in sorted(reach.states):
        p = book.paragraphs[n]
        settled = [reach.settled(n, s) for s in reach.states[n]]
        ways = [(a.condition, a.path, a.target, [e for e, _d in settled]) for a in p.auto
                if a.condition is not None and (a.end == "victory" or _opens(reach, a.target, winning))]
        if p.end is None:
            ways += [(c.condition, c.path, c.target, [d for _e, d in settled]) for c in p.choices
                     if c.condition is not None and not c.stay and _opens(reach, c.target, winning)]
        for condition, path, target, states in ways:
            if path not in seen and all(reach.truth(condition, n, s) == NO for s in states):
                seen.add(path)
                behind = behind_way(book, reach.edges, reach.states, target)
                hidden |= behind
                out.append(_closed(reach, doc, (condition, path + ("if",)), n, states, given, behind))
    return out, hidden


def behind_way(book, edges, entered, target) -> set:
    """The paragraphs outside `entered` that the static graph reaches from `target`."""
    found, todo = set(), [target] if target is not None else []
    while todo:
        n = todo.pop()
        if n in found or n in entered or n not in book.paragraphs:
            continue
        found.add(n)
        todo.extend(t for _e, t in edges.get(n, ()) if t is not None)
    return found


def exact_frontier(book, edges, entered: set, other_wins: set, doc) -> tuple[list[Diagnostic], set]:
    """When the complete exact space wins nowhere but the abstraction cannot tell
    (a fight never won, a test never passed, a condition on a stat that never
    holds): each way out of a paragraph play enters, toward a victory, that no game
    takes, as `closing_conditions` returns them."""
    winning = toward_victory(book, edges, other_wins)
    out, seen, hidden = [], set(), set()
    for n in sorted(entered):
        p = book.paragraphs.get(n)
        if p is None:
            continue
        ways = [(e, t) for e, t in edges.get(n, ()) if t is not None and t in winning and t not in entered]
        ways += [(a, None) for a in p.auto if a.end == "victory"]
        conditions = {c.path: c.condition for c in p.choices} | {a.path: a.condition for a in p.auto}
        for way, t in ways:
            if way.path in seen:
                continue
            seen.add(way.path)
            behind = behind_way(book, edges, entered, t)
            hidden |= behind
            more, kind = _listed(behind), getattr(way, "kind", "auto")
            owner = tuple(way.path[:-1]) if t is not None else way.path
            condition = conditions.get(owner)
            if condition is not None:
                out.append(error("victory-impossible", doc.inner_span(owner + ("if",), condition.root.start),
                                 f"cette condition n'est vraie dans aucune partie qui atteint le paragraphe {n} : "
                                 f"elle ferme le dernier chemin vers la victoire{more[0]}",
                                 f"this condition holds in no game that reaches paragraph {n}: "
                                 f"it closes the last way to a victory{more[1]}"))
            else:
                out.append(error("victory-impossible", doc.span(way.path),
                                 f"aucune partie ne prend cette issue ({kind}) du paragraphe {n} : "
                                 f"c'était le dernier chemin vers la victoire{more[0]}",
                                 f"no game takes this way out ({kind}) of paragraph {n}: "
                                 f"it was the last way to a victory{more[1]}"))
    return out, hidden


def _opens(reach, target, winning: set) -> bool:
    """A way to a paragraph play never enters, from which the graph leads to a victory."""
    return target is not None and target in winning and target not in reach.states


def toward_victory(book, edges, other_wins: set) -> set:
    """The paragraphs from which the static graph leads to a victory."""
    return _before(book, edges, set(victories(book)) | set(other_wins))


def _before(book, edges, ends: set, entered=None) -> set:
    """`ends` and the paragraphs from which the static graph leads to one of them (a
    jump computed in play leads anywhere); only through `entered` when given."""
    back: dict = {}
    for n, outs in edges.items():
        if entered is not None and n not in entered:
            continue
        for _e, t in outs:
            for target in (book.paragraphs if t is None else (t,)):
                back.setdefault(target, set()).add(n)
    found, todo = set(), deque(ends)
    while todo:
        n = todo.popleft()
        if n not in found:
            found.add(n)
            todo.extend(back.get(n, ()))
    return found


def _given(reach, paragraphs=None) -> dict:
    """kind ("flag", "has") -> every name the book or its rules can give (in
    `paragraphs` only, when given: then what the rules give is left out)."""
    book = reach.book
    grants = (reach.module.grants(book) or {}) if paragraphs is None else {}
    out = {"flag": set(grants.get("flag", ())), "has": set(grants.get("item", ()))}
    lists = [effects for n, p in book.paragraphs.items() if paragraphs is None or n in paragraphs
             for _path, effects in effect_lists(p)]
    if paragraphs is None:
        out["has"].update(_equipment(book.hero))
        lists += list((book.meta.get("used_here") or {}).values())
    for effects in lists:
        for e in effects:
            if e.kind == "flag":
                out["flag"].update(e.value)
            elif e.kind == "gain":
                out["has"].update(e.value)
            elif e.kind == "take" and isinstance(e.value, dict):
                out["has"].update(e.value.get("from") or ())
    return out


def _equipment(hero) -> set:
    kit = hero.get("equipment") if hasattr(hero, "get") else None
    if isinstance(kit, dict):
        return set(kit)
    return {k for k in kit or () if isinstance(k, str)} | {
        name for k in kit or () if isinstance(k, dict) for name in k}


def _closed(reach, doc, where, n, states, given, behind: set) -> Diagnostic:
    """The error at a closing condition (`where`: it and its path): at the first
    fact with the same value in every state, saying why that value never changes,
    and which paragraphs behind it play never enters."""
    condition, path = where
    more = _listed(behind)
    facts = []
    for node in walk(condition.root):
        if not isinstance(node, Call) or not node.args or not isinstance(node.args[0], (Str, Int)):
            continue
        name = reach.aliases.get(node.name, node.name)
        kind = "has" if name == "count" else name
        i = reach.index.get((kind, node.args[0].value))
        values = {fact(s, i) for s in states} if i is not None else set()
        if len(values) == 1 and values <= {NO, YES} and not (name == "count" and YES in values):
            facts.append((node.args[0], kind, values.pop(), i))
    opening = [f for f in facts if any(reach.truth(condition, n, with_fact(s, f[3], MAYBE)) != NO for s in states)]
    facts = opening or facts   # the fact that closes it alone first
    if not facts:
        return error("victory-impossible", doc.inner_span(path, condition.root.start),
                     f"cette condition est fausse dans toute partie qui atteint le paragraphe {n}, "
                     f"et elle ferme le dernier chemin vers la victoire{more[0]}",
                     f"this condition is false in every game that reaches paragraph {n}, "
                     f"and it closes the last way to a victory{more[1]}")
    arg, kind, value, _i = facts[0]
    way_there = _before(reach.book, reach.edges, {n}, reach.states)
    on_the_way = _given(reach, way_there).get(kind, ()) if kind in given else ()
    near, hint, why = None, ("", ""), _why(kind, arg.value, value, n, (given, on_the_way))
    if kind in given and value == NO and arg.value not in given[kind]:
        near, hint = did_you_mean(arg.value, given[kind])
    return error("victory-impossible", doc.inner_span(path, arg.start),
                 f"{why[0]} : cette condition ferme le dernier chemin vers la victoire{hint[0]}{more[0]}",
                 f"{why[1]}: this condition closes the last way to a victory{hint[1]}{more[1]}", fix=near)


def _listed(behind: set) -> tuple[str, str]:
    """What the message adds about the paragraphs behind the condition (runs of
    numbers written a-b)."""
    if not behind:
        return "", ""
    runs, numbers = [], sorted(behind)
    for k in numbers:
        if runs and runs[-1][1] == k - 1:
            runs[-1][1] = k
        else:
            runs.append([k, k])
    named = ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)
    return (f" (derrière elle, jamais atteints : {named})",
            f" (behind it, never entered: {named})")


def _why(kind, name, value, n, given) -> tuple[str, str]:
    """Why fact `name` is always `value` at paragraph n; `given`: (what the book
    gives, what it gives in the paragraphs play enters on the way to n)."""
    (book, on_the_way) = given
    if kind == "visited":
        return ((f"le paragraphe {name} n'est jamais visité avant le {n}",
                 f"paragraph {name} is never visited before paragraph {n}") if value == NO else
                (f"le paragraphe {name} est toujours visité avant le {n}",
                 f"paragraph {name} is always visited before paragraph {n}"))
    fr_kind, en_kind = KIND_FR[kind], ("flag" if kind == "flag" else "item")
    if value == YES:
        return (f"« {name} » ({fr_kind}) est toujours posé quand on arrive au paragraphe {n}",
                f"'{name}' ({en_kind}) is always set when paragraph {n} is reached")
    if name not in book.get(kind, ()):
        return (f"« {name} » ({fr_kind}) n'est jamais donné par le livre",
                f"'{name}' ({en_kind}) is never given by the book")
    if name in on_the_way:
        return ((f"« {name} » ({fr_kind}) est posé en chemin mais toujours ôté (unflag) avant le paragraphe {n}",
                 f"'{name}' ({en_kind}) is set on the way but always cleared (unflag) before paragraph {n}")
                if kind == "flag" else
                (f"« {name} » ({fr_kind}) est obtenu en chemin mais toujours perdu avant le paragraphe {n}",
                 f"'{name}' ({en_kind}) is gained on the way but always lost before paragraph {n}"))
    return ((f"« {name} » ({fr_kind}) n'est posé sur aucun chemin qui mène au paragraphe {n}",
             f"'{name}' ({en_kind}) is set on no way that leads to paragraph {n}") if kind == "flag" else
            (f"« {name} » ({fr_kind}) n'est obtenu sur aucun chemin qui mène au paragraphe {n}",
             f"'{name}' ({en_kind}) is gained on no way that leads to paragraph {n}"))
