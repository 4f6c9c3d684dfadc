"""Numbers the player computes (book format 1.1): "add 26 to the four numbers and turn
to that paragraph", "turn to the number embossed on the key".

    40:
      text: Trois chiffres sont gravés sur la clé...
      puzzle: {answers: [312], wrong: 41}     # optional `text:`, the option's label

The paragraph's menu gets one more option, numbered after its choices, that takes a
paragraph number typed by the player: one of `answers` leads there, any other number
leads to `wrong`.  The linter checks each answer is a paragraph (`puzzle-no-answer`)
and follows them; the graph draws them as secret (dashed) links, which the exporter
does not print; the explorer tries the answers and one wrong number.
"""
from __future__ import annotations

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


def answers(raw: dict) -> list:
    return [a for a in raw.get("answers") or () if isinstance(a, int) and not isinstance(a, bool)]


def option(p) -> tuple:
    """() or the typed option, keyed after the paragraph's choices."""
    raw = spec(p)
    if raw is None:
        return ()
    label = Message(str(raw["text"]), str(raw["text"])) if raw.get("text") else LABEL
    right = sorted(set(answers(raw)))
    wrong = next(n for n in range(1, MAX_TYPED + 2) if n not in right)
    return (TypedOption(str(len(p.choices) + 1), label, True, None, (1, MAX_TYPED),
                        candidates=(*right, wrong)),)


def is_typed(p, key: str) -> bool:
    return spec(p) is not None and key == str(len(p.choices) + 1)


def target(p, amount) -> int:
    raw = spec(p)
    return amount if amount in answers(raw) else raw.get("wrong")


def exits(p) -> list:
    """Secret links to each answer (kind "puzzle": checked by `check`, not as targets)
    and the wrong-answer link (dashed both: the exporter prints no dashed link)."""
    raw = spec(p)
    if raw is None:
        return []
    path = p.path + (FIELD,)
    out = [Exit("puzzle", a, path + ("answers", i), "?", dashed=True) for i, a in enumerate(answers(raw))]
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
        right = answers(raw)
        if not right:
            out.append(error("puzzle-no-answer", doc.span(path),
                             f"le nombre à calculer du paragraphe {n} n'a aucune bonne réponse (answers:)",
                             f"the number to work out in paragraph {n} has no right answer (answers:)"))
        for i, a in enumerate(right):
            if a not in book.paragraphs:
                out.append(error("puzzle-no-answer", doc.span(path + ("answers", i)),
                                 f"aucun paragraphe {a} ne répond au nombre calculé du paragraphe {n}",
                                 f"no paragraph {a} answers the number worked out in paragraph {n}"))
    return out
