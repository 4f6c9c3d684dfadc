"""Named paragraphs (book format 1.1): `paragraphs:` keyed by names while writing.

    gamebook: 1.1
    start: debut
    paragraphs:
      debut: {text: ..., choices: [{text: Entrer, to: la-porte}]}
      la-porte: {number: 12, text: ...}     # `number:` pins a number

A name is lower-case ASCII letters, digits, `-` and `_`, starting with a letter.
Numbered keys keep their number; pinned names take theirs; the other names take
the free numbers from 1 upward, in the order they are written, so that the same
file always gives the same numbers (and saved games stay valid).
`gamebook renumber` writes the numbered book (engine/renumber/numbering.py).
"""
from __future__ import annotations

import re

NAME = re.compile(r"[a-z][a-z0-9_-]*")
NUMBER = re.compile(r"[1-9][0-9]{0,5}")
VERSIONS = (1, 1.1, 1.2)


def is_name(key) -> bool:
    return isinstance(key, str) and NAME.fullmatch(key) is not None


def numbering(paragraphs: dict) -> tuple[dict, list]:
    """({key: number} for every usable key, [(problem, key, detail)]).

    Problems: ("clash", key, other_key) when a pinned number is already taken."""
    numbers, taken, problems = {}, {}, []
    for key in paragraphs:
        if NUMBER.fullmatch(str(key)):
            n = int(key)
            numbers[key] = n
            taken.setdefault(n, key)
    for key, raw in paragraphs.items():
        pin = raw.get("number") if isinstance(raw, dict) and is_name(key) else None
        if isinstance(pin, int) and not isinstance(pin, bool):
            if pin in taken:
                problems.append(("clash", key, taken[pin]))
                continue
            numbers[key] = pin
            taken[pin] = key
    free = 1
    for key in paragraphs:
        if is_name(key) and key not in numbers and not any(p[1] == key for p in problems):
            while free in taken:
                free += 1
            numbers[key] = free
            taken[free] = key
    return numbers, problems


def names(numbers: dict) -> dict:
    """{name: number} for the named keys only."""
    return {k: n for k, n in numbers.items() if is_name(k)}
