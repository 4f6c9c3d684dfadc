"""Completion that knows the book: paragraph numbers, items, stats, gods, flags,
expression names and the rule module's fields, in block and flow style alike.

The place is read from the editor's text as it is now (`context.place`); what
can be offered comes from the last snapshot that compiled, so completion keeps
working while the text does not parse.
"""
from __future__ import annotations

import re

from lsprotocol import types as T

from engine.lsp import fields
from engine.lsp.context import place
from engine.lsp.navigation import first_words

K = T.CompletionItemKind
_CALL = re.compile(r"([\wéèàç]+)\s*\(\s*([\"']?)([^\"'()]*)$")
_COMPARE = re.compile(r"([\wéèàç]+)\s*(?:\([^)]*\))?\s*[!=]=\s*[\"']([^\"']*)$")
_EXPRESSION_KEYS = {"if"}


def complete(snap, lines, line: int, col: int) -> list[T.CompletionItem]:
    """`snap` is the best snapshot (it compiled), `lines` the editor's text now."""
    if snap is None or snap.book is None:
        return []
    where = place(lines, line, col)
    schema = fields.schema_of(snap.module)
    lang = snap.language
    if where.key is None:
        if where.path and where.path[-1] in ("add", "set"):
            return _stats(snap) + _counters(snap)
        if where.path and where.path[-1] == "sell":   # format 1.2: `sell: {item: price}`
            return [T.CompletionItem(label=i, kind=K.Value, insert_text=f"{i}: ") for i in sorted(snap.book.items)]
        return [T.CompletionItem(label=name, kind=K.Field, insert_text=f"{name}: ",
                                 documentation=fields.description(schema, sub, lang) or None)
                for name, sub in sorted(fields.fields_at(schema, where.path).items())]
    return _value(snap, schema, where)


def _value(snap, schema, where) -> list[T.CompletionItem]:
    key, value = where.key, where.value
    expression = key in _EXPRESSION_KEYS or (value and not value.strip("\"' ").isdigit()) or \
        value.startswith(("'", '"'))
    if key in fields.target_fields(snap.module):
        return (_expression(snap, value) if expression and value.strip() else []) + _paragraphs(snap)
    if expression and (key in _EXPRESSION_KEYS or "(" in value):
        return _expression(snap, value)
    if key in ("gain", "lose", "equipment"):
        return _items(snap, quote="")
    if key in ("flag", "unflag"):
        return _names(_flags(snap), K.Variable, "")
    if key == "from" and "take" in where.path:   # format 1.2: `take: {choose: 2, from: [...]}`
        return _items(snap, quote="")
    if key == "restore":   # format 1.2: what a `store:` of the book keeps
        from engine.book.taking import effect_lists
        return _names({e.value for p in snap.book.paragraphs.values() for effs in effect_lists(p)
                       for e in effs if e.kind == "store"}, K.Variable, "")
    if key == "stats" and "give_up" in where.path:   # format 1.2: `give_up: {stats: [provisions]}`
        return [T.CompletionItem(label=s.name, kind=K.Property, detail=s.label.get(snap.language))
                for s in snap.module.stats if not s.derived]
    refs = snap.compiled.env.references
    if key == "note" and "note" in refs:   # format 1.1: `{note: retour}`
        return _names(refs["note"], K.Variable, "")
    if key in ("patron", "invoke", "god", "dieu") and "god" in refs:
        return _names(refs["god"], K.EnumMember, "")
    enum = [str(v).lower() if isinstance(v, bool) else v   # (YAML's `true`, not Python's)
            for node in fields.node_at(schema, where.path + [key])
            for v in node.get("enum", [node["const"]] if "const" in node else [])]
    return _names(enum, K.EnumMember, "")


def _paragraphs(snap) -> list[T.CompletionItem]:
    return [T.CompletionItem(label=str(n), kind=K.Reference, detail=first_words(p.text, 50),
                             sort_text=f"{n:07d}") for n, p in sorted(snap.book.paragraphs.items())]


def _items(snap, quote: str) -> list[T.CompletionItem]:
    return [T.CompletionItem(label=i, kind=K.Constant, detail=item.name,
                             insert_text=f"{quote}{i}{quote}") for i, item in sorted(snap.book.items.items())]


def _flags(snap) -> set:
    found = set(snap.compiled.out.grants.get("flag", ()))
    found |= {str(v) for k, v, _p, _o, _n in snap.compiled.out.references if k == "flag"}
    return found


def _names(values, kind, quote: str) -> list[T.CompletionItem]:
    return [T.CompletionItem(label=str(v), kind=kind, insert_text=f"{quote}{v}{quote}")
            for v in sorted(set(values), key=str)]


def _stats(snap) -> list[T.CompletionItem]:
    said = in_language(snap)
    return [T.CompletionItem(label=said.get(s.name, s.name), kind=K.Property,
                             insert_text=f"{said.get(s.name, s.name)}: ",
                             detail=s.label.get(snap.language) if s.label else None)
            for s in snap.module.stats if not s.derived]


def in_language(snap) -> dict[str, str]:
    """The names an English book writes for the module's (French) names: the alias its
    English label says (`habilete` -> `skill`, "Skill"), and the names built on it
    (`habilete_max` -> `skill_max`); {} for a French book, which writes the names."""
    if snap.language != "en":
        return {}
    out = {}
    for s in snap.module.stats:
        label = s.label.en.lower() if s.label else ""
        pick = next((a for a in s.aliases if a.isascii() and a.replace("_", " ") in label), None)
        if pick:
            out[s.name] = pick
    for alias, name in snap.compiled.env.aliases.items():
        base = next((b for b in out if name.startswith(b + "_")), None)
        if base and alias == out[base] + name[len(base):]:
            out[name] = alias
    return out


def _counters(snap) -> list[T.CompletionItem]:
    """Format 1.1: the book's counters, which `add:` and `set:` change like stats."""
    declared = snap.book.meta.get("counters") or {}
    return [T.CompletionItem(label=n, kind=K.Property, insert_text=f"{n}: ") for n in sorted(declared)]


def _expression(snap, value: str) -> list[T.CompletionItem]:
    """Inside an expression: a function's argument, a value compared with, or a name."""
    env = snap.compiled.env
    call = _CALL.search(value)
    if call:
        name = env.aliases.get(call.group(1), call.group(1))
        sig = env.functions.get(name)
        if sig is not None and sig.params:
            quote = "" if call.group(2) else '"'
            kind = sig.params[0]
            if kind == "item":
                return _items(snap, quote)
            if kind == "paragraph":
                return _paragraphs(snap)
            values = _flags(snap) if kind == "flag" else env.references.get(kind, ())
            return _names(values, K.EnumMember, quote)
    compare = _COMPARE.search(value)
    if compare:
        name = env.aliases.get(compare.group(1), compare.group(1))
        values = getattr(snap.module, "expr_values", lambda: {})().get(name, ())
        return _names(values, K.EnumMember, "")
    said = in_language(snap)
    out = sorted((T.CompletionItem(label=said.get(n, n), kind=K.Variable, detail=t)
                  for n, t in env.variables.items()), key=lambda item: item.label)
    out += [T.CompletionItem(label=n, kind=K.Function, insert_text=f"{n}(",
                             detail=f"{n}({', '.join(s.params)}) -> {s.returns}")
            for n, s in sorted(env.functions.items())]
    out += [T.CompletionItem(label=w, kind=K.Keyword) for w in ("and", "or", "not", "true", "false")]
    return out
