"""Numbers the player computes (book format 1.1): "add 26 to the four numbers and turn
to that paragraph", "turn to the number embossed on the key".

    40:
      text: Trois chiffres sont gravés sur la clé...
      puzzle: {answers: [312], wrong: 41}     # optional `text:`, the option's label

The paragraph's menu gets one more option, numbered after its choices, that takes a
paragraph number typed by the player: one of `answers` leads there, any other number
leads to `wrong`.  Format 1.2: an answer may carry a condition (`{to: 312, if: 'flag("levier")'}`:
while it does not hold, the number is a wrong one), and `tries: N` limits the numbers
typed: without `wrong:` a wrong number changes nothing ("nothing happens") until the
N-th, after which the option is gone; with `wrong:`, the N-th wrong number leads
there (without `tries:`, the first does, as in format 1.1).  The linter checks each answer is a paragraph (`puzzle-no-answer`)
and follows them; the graph draws them as secret (dashed) links, which the exporter
does not print; the explorer tries the answers and one wrong number.
"""
from __future__ import annotations

from engine.book.format_version import older
from engine.diagnostics import error
from engine.support.records import record
from engine.rules.values import Exit, Message, Option

FIELD = "puzzle"
MAX_TYPED = 999_999
LABEL = Message("Aller au paragraphe dont vous avez trouvé le numéro",
                "Turn to the paragraph whose number you worked out")


@record(frozen=True)
class TypedOption(Option):
    """The typed-number option; `candidates` are what the explorer tries."""

    candidates: tuple = ()


def spec(p) -> dict | None:
    raw = p.fields.get(FIELD) if p.fields else None
    return raw if isinstance(raw, dict) else None


def _number(a):
    """An answer's paragraph: `38`, or (format 1.2) `{to: 38, if: ...}`; None when malformed."""
    a = a.get("to") if isinstance(a, dict) else a
    return a if isinstance(a, int) and not isinstance(a, bool) else None


def answers(raw: dict) -> list:
    return [n for n in map(_number, raw.get("answers") or ()) if n is not None]


def target(p, amount, holds=None):
    """Where the number `amount` leads: a right answer whose condition holds (format 1.2:
    `holds(expr)` tells), else `wrong:` (None when the book gives none: nothing happens)."""
    raw = spec(p)
    for i, a in enumerate(raw.get("answers") or ()):
        if _number(a) == amount:
            cond = p.puzzle_if.get(i)
            if cond is None or holds is None or holds(cond):
                return amount
    return raw.get("wrong")


def tries(p) -> int | None:
    """Format 1.2: how many numbers the player may type (None: no limit)."""
    n = spec(p).get("tries")
    return n if isinstance(n, int) and not isinstance(n, bool) else None


def try_key(paragraph: int, k: int) -> str:
    """The flag that remembers the `k`-th wrong number typed (with the once-only choices'
    marks, engine/game/reasons.py: kept by saves, dropped by the explorer where the
    paragraph is no longer ahead)."""
    return f"once:{paragraph}:try{k}"


def tried(p, flags) -> int:
    """How many wrong numbers the player has typed in `p` (counted only under `tries:`)."""
    limit = tries(p) or 0
    return next((k for k in range(limit) if try_key(p.number, k + 1) not in flags), limit)


def left(p, flags) -> int | None:
    """Format 1.2: the numbers the player may still type (None: no limit); at 0 (every
    try used, `tries:` without `wrong:`) the option is gone."""
    if spec(p) is None or tries(p) is None:
        return None
    return max(0, tries(p) - tried(p, flags))


def option(p, left: int | None = None) -> tuple:
    """() or the typed option, keyed after the paragraph's choices; format 1.2: with the
    tries `left` in its label, none once they are all used."""
    raw = spec(p)
    if raw is None or left == 0:
        return ()
    label = Message(str(raw["text"]), str(raw["text"])) if raw.get("text") else LABEL
    if left is not None:
        label = Message(f"{label.fr} ({left} essai{'s' if left > 1 else ''} restant{'s' if left > 1 else ''})",
                        f"{label.en} ({left} {'tries' if left > 1 else 'try'} left)")
    right = sorted(set(answers(raw)))
    wrong = next(n for n in range(1, MAX_TYPED + 2) if n not in right)
    return (TypedOption(str(len(p.choices) + 1), label, True, None, (1, MAX_TYPED),
                        candidates=(*right, wrong)),)


def is_typed(p, key: str) -> bool:
    return spec(p) is not None and key == str(len(p.choices) + 1)


def exits(p) -> list:
    """Secret links to each answer (kind "puzzle": checked by `check`, not as targets)
    and the wrong-answer link (dashed both: the exporter prints no dashed link)."""
    raw = spec(p)
    if raw is None:
        return []
    path = p.path + (FIELD,)
    out = [Exit("puzzle", _number(a), path + ("answers", i) + (("to",) if isinstance(a, dict) else ()), "?",
                dashed=True) for i, a in enumerate(raw.get("answers") or ()) if _number(a) is not None]
    if "wrong" in raw:
        out.append(Exit("puzzle-wrong", raw["wrong"], path + ("wrong",), "✗", dashed=True))
    return out


def check(book, doc, data) -> list:
    """`puzzle-no-answer`: no answer, or an answer no paragraph has; format 1.1 only."""
    out = []
    for n, p in book.paragraphs.items():
        raw = spec(p)
        if raw is None:
            continue
        path = p.path + (FIELD,)
        if data.get("gamebook") == 1:
            out.append(error("format-1-1", doc.span(path, key=True),
                             "« puzzle » demande « gamebook: 1.1 »", "'puzzle' needs 'gamebook: 1.1'"))
        if older(data) and ("tries" in raw or any(isinstance(a, dict) for a in raw.get("answers") or ())):
            what = "tries" if "tries" in raw else "answers"
            out.append(error("format-1-2", doc.span(path + (what,), key=True),
                             f"« {what} » ({'essais' if what == 'tries' else 'réponse sous condition'}) "
                             "demande « gamebook: 1.2 »",
                             f"'{what}' ({what if what == 'tries' else 'an answer with a condition'}) "
                             "needs 'gamebook: 1.2'"))
        right = answers(raw)
        if not right:
            out.append(error("puzzle-no-answer", doc.span(path),
                             f"le nombre à calculer du paragraphe {n} n'a aucune bonne réponse (answers:)",
                             f"the number to work out in paragraph {n} has no right answer (answers:)"))
        for ex in exits(p):
            a = ex.target
            if ex.kind == "puzzle" and a not in book.paragraphs:
                out.append(error("puzzle-no-answer", doc.span(ex.path),
                                 f"aucun paragraphe {a} ne répond au nombre calculé du paragraphe {n}",
                                 f"no paragraph {a} answers the number worked out in paragraph {n}"))
    return out
