"""Fingerprints a save keeps of the book, to tell on resuming what was edited.

A fingerprint depends on what the game plays, never on where it is written: a
paragraph's text, effects, choices (label, resolved target, condition), ending,
random branch and module fields, with each expression by its source text and
without YAML locations.  So the named form of a book (format 1.1) and the
numbered form `gamebook renumber` writes have the same fingerprints, and a save
made on one resumes on the other without a warning.

Version 2 fingerprints start with "2:"; older saves hold the version 1 form
(a hash of the records' repr, which included their YAML paths) and are still
compared with it.
"""
from __future__ import annotations

import hashlib

from engine.expr import Expr

V2 = "2:"


def _plain(value):
    """`value` with expressions as their text and mappings in key order (no paths)."""
    if isinstance(value, Expr):
        return ("expr", value.text)
    if isinstance(value, dict):
        return tuple(sorted(((str(k), _plain(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    if isinstance(value, (list, tuple)):
        return tuple(_plain(v) for v in value)
    return value


def _effects(effects) -> tuple:
    from engine.book.giving import plain   # format 1.2: a give-up's `none:` outcome
    return tuple((e.kind, _plain(plain(e.value, _effects) if e.kind == "give_up" else e.value)) for e in effects)


def _content(p) -> tuple:
    choices = tuple((c.text, c.target, _plain(c.target_expr), _plain(c.condition), _effects(c.effects),
                     _plain(dict(c.extra))) + _plays(c) for c in p.choices)
    rnd = (_plain(p.random.dice), tuple((o.low, o.high, o.target) for o in p.random.outcomes)) \
        if p.random else None
    view = (p.text, _effects(p.effects), choices, p.end, rnd, _plain(dict(p.fields)))
    if p.auto or p.once:   # format 1.1
        view += (tuple((_plain(a.condition), a.target, a.end, _effects(a.effects)) for a in p.auto), p.once)
    return view


def _plays(choice) -> tuple:
    """What a choice's 1.1 and 1.2 flags change in play (offered once, an action that
    stays), only when set: a book without them keeps the fingerprints its saves hold."""
    return tuple(flag for flag in ("once", "stay") if getattr(choice, flag))


def _sha(view) -> str:
    return hashlib.sha256(repr(view).encode()).hexdigest()[:16]


def paragraph_digest(paragraph) -> str:
    """A short fingerprint of a paragraph's content (version 2)."""
    return V2 + _sha(_content(paragraph))


def legacy_paragraph_digest(paragraph) -> str:
    """The version 1 fingerprint (YAML paths included), as older saves hold it."""
    view = (paragraph.text, paragraph.effects, paragraph.choices, paragraph.end,
            paragraph.random, sorted(paragraph.fields.items(), key=lambda kv: kv[0]))
    return _sha(view)


def same_paragraph(saved: str, paragraph) -> bool:
    """Whether the fingerprint a save holds is that of `paragraph`, in either version."""
    if saved.startswith(V2):
        return saved == paragraph_digest(paragraph)
    return saved == legacy_paragraph_digest(paragraph)


def book_digest(book) -> str:
    """A fingerprint of the game a book plays (not of its file): equal for a book and
    its renumbered form when no number changed."""
    items = tuple((i.id, i.name, _plain(dict(i.props))) for i in book.items.values()) \
        if isinstance(book.items, dict) else ()
    view = (book.rules, book.start, _plain(dict(book.hero)), _plain(dict(book.options)), items,
            tuple((n, paragraph_digest(p)) for n, p in sorted(book.paragraphs.items())))
    return V2 + _sha(view)
