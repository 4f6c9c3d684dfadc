"""Schema validation: a fast yes/no check first, jsonschema's full explanation on failure.

`quick_valid` (engine/book/quickschema.py, compiled once into closures) implements the
subset of JSON Schema 2020-12 that the book schema uses; it only answers "valid"
when jsonschema would too (a test compares them), and it answers `None` ("cannot
tell") on any keyword it does not know.  A valid book, the
common case, therefore never imports jsonschema.  An invalid one gets every error,
each with its YAML line:column.
"""
from __future__ import annotations

import re

from engine.diagnostics import Diagnostic, error
from engine.book.quickschema import Unsupported, compile_schema
from engine.book.source import Document

_COMPILED: dict[int, tuple[dict, object]] = {}   # id(schema) -> (schema, check): a memo
_DIGITS = re.compile(r"[0-9]{1,9}")


def quick_valid(instance, schema: dict) -> bool | None:
    """True/False when sure, None when the schema uses something the fast subset lacks."""
    entry = _COMPILED.get(id(schema))
    if entry is None or entry[0] is not schema:
        try:
            entry = (schema, compile_schema(schema))
        except Unsupported:
            entry = (schema, None)
        if len(_COMPILED) > 16:
            _COMPILED.clear()
        _COMPILED[id(schema)] = entry
    return None if entry[1] is None else entry[1](instance)


def json_view(value):
    """The document as JSON sees it: mapping keys become strings."""
    if isinstance(value, dict):
        return {str(k): json_view(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_view(v) for v in value]
    return value


def validate(doc: Document, schema: dict) -> list[Diagnostic]:
    """Every schema error of the document, located; [] when valid."""
    if quick_valid(doc.data, schema) is True:
        return []
    return detailed_errors(doc, schema)


def detailed_errors(doc: Document, schema: dict) -> list[Diagnostic]:
    from jsonschema import Draft202012Validator
    validator = Draft202012Validator(schema)
    keys = _original_keys(doc.data)
    leaves = [leaf for err in validator.iter_errors(json_view(doc.data)) for leaf in _leaves(err)]
    misspelt = set().union(*(_misspelt(leaf) for leaf in leaves))
    out = []
    for leaf in leaves:
        if leaf.validator == "required" and (tuple(leaf.absolute_path), _missing(leaf)) in misspelt:
            continue  # `txt:` for `text:`: the unknown field is the cause, reported once
        out.extend(_diagnostics(doc, leaf, keys))
    return sorted(set(out), key=Diagnostic.sort_key)


def _missing(err) -> str:
    return err.message.split("'")[1] if "'" in err.message else ""


def _misspelt(err) -> set:
    """(path, field) for each allowed field an unknown key of this error is close to."""
    if err.validator != "additionalProperties" or not isinstance(err.instance, dict):
        return set()
    import difflib
    allowed = sorted(err.schema.get("properties", {}))
    path = tuple(err.absolute_path)
    stand_in = _stand_in(err)
    return {(path, close) for k in err.instance if str(k) not in allowed
            for close in difflib.get_close_matches(str(k), allowed, n=1)} | \
        ({(path, stand_in)} if stand_in else set())


def _stand_in(err) -> str | None:
    """The one required field an object lacks when it has one unknown key instead
    (`{title: Lantern}` for `{name: ...}`): that key is taken for it, one finding."""
    if err.validator != "additionalProperties" or not isinstance(err.instance, dict):
        return None
    allowed = set(err.schema.get("properties", {}))
    extra = [k for k in err.instance if str(k) not in allowed]
    missing = [r for r in err.schema.get("required", ()) if r not in err.instance]
    return missing[0] if len(extra) == 1 and len(missing) == 1 else None


def _leaves(err):
    """The most specific errors under a oneOf/anyOf, so that the message is useful."""
    if err.validator in ("anyOf", "oneOf") and err.context:
        best = {}
        for sub in err.context:
            best.setdefault(sub.relative_schema_path[0], []).append(sub)
        # The branch whose errors go deepest is the one the author meant.
        branch = max(best.values(), key=lambda errs: (max(len(e.absolute_path) for e in errs),
                                                      -len(errs)))
        if max(len(e.absolute_path) for e in branch) > len(err.absolute_path):
            for sub in branch:
                yield from _leaves(sub)
            return
    yield err


def _original_keys(data):
    """Map str(key) back to the YAML key (paragraph numbers are ints in the document)."""
    return lambda container, k: next((orig for orig in container if str(orig) == k), k) \
        if isinstance(container, dict) else k


def _real_path(data, path, keys):
    real, node = [], data
    for part in path:
        part = keys(node, part)
        real.append(part)
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    return tuple(real)


def _diagnostics(doc: Document, err, keys) -> list[Diagnostic]:
    path = _real_path(doc.data, err.absolute_path, keys)
    where = ".".join(str(p) for p in path) or "(racine)"
    where_en = ".".join(str(p) for p in path) or "(root)"
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = sorted(str(k) for k in err.instance if str(k) not in allowed)
        if extra:  # every unknown key of the mapping, not only the first
            stand_in = _stand_in(err)
            return [_unknown_field(doc, path, keys, name, {stand_in} if stand_in else allowed, (where, where_en),
                                   cutoff=0 if stand_in else 0.6) for name in extra]
    effect = _unknown_effect(doc, err, path, keys, (where, where_en)) or _one_name(doc, err, path, (where, where_en))
    if effect is not None:
        return [effect]
    if err.validator == "maxLength" and isinstance(err.instance, str):
        return [error("text-too-long", doc.span(path),
                      f"{where} : texte de {len(err.instance)} caractères, la limite est "
                      f"{err.validator_value} : raccourcissez-le",
                      f"{where_en}: a text of {len(err.instance)} characters, the limit is "
                      f"{err.validator_value}: shorten it")]
    span = doc.span(path)
    if "propertyNames" in err.schema_path and isinstance(err.instance, str):   # at the faulty key
        node = _node_at(doc.data, path)
        if isinstance(node, dict):
            orig = keys(node, err.instance)
            if orig in node:
                span = doc.span(path + (orig,), key=True)
    msg = err.message if len(err.message) < 160 else err.message[:157] + "..."
    return [error("schema", span, f"{where} : {_french(err)}", f"{where_en}: {msg}")]


def _unknown_effect(doc, err, path, keys, where) -> Diagnostic | None:
    """`{gian: rope}`: a one-key mapping that no branch of an effect's anyOf/oneOf takes
    because its key is no effect: reported as that unknown key, with the nearest effect."""
    if err.validator not in ("anyOf", "oneOf") or not isinstance(err.instance, dict) or len(err.instance) != 1:
        return None
    names = {k for branch in err.validator_value if isinstance(branch, dict)
             for k in branch.get("required", ()) if len(branch.get("required", ())) == 1}
    name = str(next(iter(err.instance)))
    if len(names) < 2 or name in names:
        return None
    return _unknown_field(doc, path, keys, name, names, where)


def _one_name(doc, err, path, where) -> Diagnostic | None:
    """A stat required under one of its names (`habilete` or `skill`): missing, or given twice;
    or an optional one given twice (`{"not": {"required": [its names]}}`)."""
    if err.validator == "not" and isinstance(err.instance, dict) and list(err.validator_value) == ["required"]:
        names = list(err.validator_value["required"])
        alternatives_fr, alternatives_en = " ou ".join(f"« {n} »" for n in names), " or ".join(f"'{n}'" for n in names)
        return error("schema", doc.span(path), f"{where[0]} : {alternatives_fr} : une seule de ces clés, pas les deux",
                     f"{where[1]}: {alternatives_en}: one of these keys, not both")
    if err.validator != "oneOf" or not isinstance(err.instance, dict):
        return None
    names = [b["required"][0] for b in err.validator_value
             if isinstance(b, dict) and list(b) == ["required"] and len(b["required"]) == 1]
    if len(names) != len(err.validator_value) or len(names) < 2:
        return None
    given = [n for n in names if n in err.instance]
    alternatives_fr, alternatives_en = " ou ".join(f"« {n} »" for n in names), " or ".join(f"'{n}'" for n in names)
    if not given:
        return error("schema", doc.span(path), f"{where[0]} : il manque {alternatives_fr}",
                     f"{where[1]}: {alternatives_en} is a required property")
    return error("schema", doc.span(path), f"{where[0]} : {alternatives_fr} : une seule de ces clés, pas les deux",
                 f"{where[1]}: {alternatives_en}: one of these keys, not both")


def _unknown_field(doc, path, keys, name, allowed, where, cutoff: float = 0.6) -> Diagnostic:
    import difflib
    close = difflib.get_close_matches(name, sorted(allowed), n=1, cutoff=cutoff)
    hint_fr = f" ; vouliez-vous dire « {close[0]} » ?" if close else f" ; attendu : {', '.join(sorted(allowed))}"
    hint_en = f"; did you mean '{close[0]}'?" if close else f"; expected one of: {', '.join(sorted(allowed))}"
    if " " in name.strip() or name.rstrip()[-1:] in ".!?»":
        # Prose where a field name should be: a comma inside {...} cut a text in two.
        hint_fr = " ; dans { … }, une virgule sépare les champs : mettez le texte entre guillemets"
        hint_en = "; inside { ... } a comma separates fields: put the text in quotes"
        close = []
    orig = keys(_node_at(doc.data, path), name)
    return error("unknown-field", doc.span(path + (orig,), key=True),
                 f"champ inconnu « {name} » dans {where[0]}{hint_fr}",
                 f"unknown field '{name}' in {where[1]}{hint_en}", fix=close[0] if close else None)


def _node_at(data, path):
    for p in path:
        data = data[p]
    return data


def _french(err) -> str:
    v = err.validator
    if v == "required":
        missing = err.message.split("'")[1] if "'" in err.message else "?"
        return f"champ obligatoire « {missing} » manquant"
    if v == "type":
        return f"type attendu : {err.validator_value}, trouvé : {type(err.instance).__name__}"
    if v in ("enum", "const"):
        allowed = err.validator_value if v == "enum" else [err.validator_value]
        return f"valeur {err.instance!r} refusée ; attendu : {', '.join(map(repr, allowed))}"
    if v in ("minimum", "maximum"):
        return f"valeur {err.instance!r} hors limites ({v} {err.validator_value})"
    if v == "pattern":
        return f"« {err.instance} » ne respecte pas le format attendu"
    return f"valeur invalide ({v}) : {err.message[:120]}"


def broken_paragraphs(data: dict, schema: dict) -> set:
    """Numbers (or names, format 1.1) of the paragraphs that do not match the paragraph schema."""
    pars = data.get("paragraphs")
    if not isinstance(pars, dict):
        return set()
    sub = dict(schema["$defs"]["paragraph"], **{"$defs": schema["$defs"]})
    # ASCII digits only: "①".isdigit() is true, and int("①") raises; other keys are names
    return {int(k) if _DIGITS.fullmatch(str(k)) else str(k) for k, v in pars.items()
            if quick_valid(v, sub) is not True}
