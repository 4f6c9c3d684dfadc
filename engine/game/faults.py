"""A book's expression that fails while playing, told as `file:line:col` of the expression.

Lint proves types and names, not values: `100 / (chance - 5)` divides by zero when
chance is 5, `or * 1000` repeated outgrows MAX_INT.  The game turns the EvalError into
a `BookFault` carrying an `expr-runtime` Diagnostic; the answer that ran into it is
undone (Answers.answer) and the REPL says where the book is wrong.  The position is
looked up only then: the book's file is read again and the expression's text found
in the current paragraph first (the compiled book keeps no positions, and a cached
one has no YAML at all).
"""
from __future__ import annotations

from engine.diagnostics import Diagnostic, Message, Span, error


class BookFault(Exception):
    """An error of the book found in play; `.diagnostic` says where and what."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message.en)
        self.diagnostic = diagnostic
        self.message = diagnostic.message

    def __reduce__(self):   # rebuilt from its diagnostic (a worker of explore sends it back)
        return (BookFault, (self.diagnostic,))

    def located(self) -> Message:
        """`book error, FILE:LINE:COL: what` (the position left out when unknown)."""
        d = self.diagnostic
        line, col = d.span.human()
        where = f"{d.span.file}:{line}:{col}" if line else d.span.file
        return Message(f"erreur du livre, {where} : {d.message.fr}",
                       f"book error, {where}: {d.message.en}")


def expression_fault(book, paragraph: int, text: str, exc) -> BookFault:
    """The BookFault for EvalError `exc` raised by expression `text` at `paragraph`."""
    span = _locate(book, paragraph, text, exc.start)
    shown = text if len(text) <= 80 else text[:77] + "..."
    fr, en = exc.message_fr, exc.message_en
    return BookFault(error("expr-runtime", span, f"{fr} dans « {shown} »", f"{en} in “{shown}”"))


def stat_fault(book, paragraph: int, stat: str, value: int, limit: int) -> BookFault:
    """A stat an effect would take beyond ±limit."""
    span = _paragraph_span(book, paragraph)
    return BookFault(error(
        "expr-runtime", span,
        f"la caractéristique « {stat} » atteindrait {_short(value)}, hors de -{limit}..{limit}",
        f"stat “{stat}” would reach {_short(value)}, outside -{limit}..{limit}"))


def count_fault(book, paragraph: int, what: tuple[str, str], value: int, limit: int) -> BookFault:
    """A count the game keeps (an item's copies, a paragraph's visits) that would go
    beyond `limit`, the most a save may hold (engine/saves/checks.py): refused in play
    so that every game saved can be loaded again.  `what`: its name, (fr, en)."""
    span = _paragraph_span(book, paragraph)
    return BookFault(error(
        "expr-runtime", span,
        f"{what[0]} atteindrait {_short(value)}, plus que {limit}, le plus qu'une sauvegarde garde",
        f"{what[1]} would reach {_short(value)}, more than {limit}, the most a save keeps"))


def jump_fault(book, paragraph: int, last: list[int], limit: int) -> BookFault:
    """More than `limit` paragraphs entered in one move without the player answering
    (`last`: the latest of them, to show the loop)."""
    span = _paragraph_span(book, paragraph)
    path = " → ".join(map(str, last))
    return BookFault(error(
        "jump-loop", span,
        f"plus de {limit} paragraphes enchaînés sans que le joueur réponde (… {path}) : "
        "une boucle de sauts automatiques (auto:) ; donnez-lui une condition qui finit par échouer",
        f"more than {limit} paragraphs entered one after another without the player answering "
        f"(… {path}): a loop of automatic jumps (auto:); give it a condition that ends up false"))


def _short(value: int) -> str:
    digits = str(value) if abs(value) < 10 ** 30 else f"~10^{len(str(abs(value))) - 1}"
    return digits


def _document(book):
    from engine.book import source
    if not book.file:
        return None
    try:
        doc, _ = source.load(book.file)
    except Exception:  # noqa: BLE001 - only a position is lost: the message still says what
        return None
    return doc


def _paragraph_span(book, paragraph: int) -> Span:
    doc, p = _document(book), book.paragraphs.get(paragraph)
    if doc is None or p is None:
        return Span(book.file)
    return doc.span(p.path, key=True)


def _locate(book, paragraph: int, text: str, offset: int) -> Span:
    doc = _document(book)
    if doc is None:
        return Span(book.file)
    p = book.paragraphs.get(paragraph)
    roots = ([p.path] if p is not None else []) + [()]
    for root in roots:
        path = _find(doc.data, tuple(root), text)
        if path is not None:
            return doc.inner_span(path, offset)
    return Span(book.file)


def _find(data, root: tuple, text: str) -> tuple | None:
    """The path of the first string scalar equal to `text` under `root` (iterative:
    the depth of a document is bounded, its breadth is not)."""
    node = data
    for key in root:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    stack = [(root, node)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str):
            if node.strip() == text.strip():
                return path
        elif isinstance(node, dict):
            stack.extend((path + (k,), v) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            stack.extend((path + (i,), v) for i, v in reversed(list(enumerate(node))))
    return None
