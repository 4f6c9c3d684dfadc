"""Parser of the expression language: bounds checks, lark LALR, AST building.

Parsing uses ``_lalr``, lark's stand-alone parser generated from grammar.lark
by ``tools/gen_expr_parser.py``: importing it (byte-compiled) is cheaper than
importing lark and loading the grammar.  It is imported lazily, the first time
a string actually has to be parsed, so that loading a compiled book
(``from_json``) never imports it.  ``build_parser`` builds the same parser with
lark itself (the reference the tests compare the generated one against).
"""

from __future__ import annotations

import functools
import os
import re
import sys
from pathlib import Path

from .ast import KINDS, Binary, Bool, Call, Dice, Expr, Int, Name, Str, Unary
from .errors import ExprError
from .syntax_messages import syntax_error as _syntax_error

MAX_LENGTH = 500
MAX_DEPTH = 32
MAX_TOKENS = 200
MAX_DICE = 100
MAX_SIDES = 100

_GRAMMAR = Path(__file__).with_name("grammar.lark")
_SCAN = re.compile(r"\"(?:[^\"\\]|\\.)*\"?|'(?:[^'\\]|\\.)*'?|\w+|[<>=!]=|\S")
_UNESCAPE = re.compile(r"\\(.)", re.S)
_CANONICAL_OP = {"ou": "or", "et": "and", "non": "not"}


def parse(text: str, kind: str) -> Expr:
    """Parse ``text`` as an expression of ``kind``; raise ExprError if invalid.

    ``kind`` is one of ``condition``, ``target``, ``number``, ``dice``.
    Results are memoized on ``(text, kind)``.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown expression kind {kind!r}; expected one of {sorted(KINDS)}")
    if not isinstance(text, str):
        raise TypeError(f"expression text must be a str, not {type(text).__name__}")
    return _parse_cached(text, kind)


@functools.lru_cache(maxsize=16384)
def _parse_cached(text: str, kind: str) -> Expr:
    check_bounds(text)
    root = _parse_root(text)
    return Expr(text=text, kind=kind, root=root)


def check_bounds(text: str) -> None:
    """Reject too long / too deep / too many tokens before invoking lark."""
    if len(text) > MAX_LENGTH:
        raise ExprError(
            "expr-too-long", MAX_LENGTH, len(text),
            f"expression trop longue ({len(text)} caractères, maximum {MAX_LENGTH})",
            f"expression too long ({len(text)} characters, maximum {MAX_LENGTH})")
    depth = 0
    for count, match in enumerate(_SCAN.finditer(text), start=1):
        if count > MAX_TOKENS:
            raise ExprError(
                "expr-too-deep", match.start(), len(text.rstrip()),
                f"expression trop complexe (plus de {MAX_TOKENS} éléments)",
                f"expression too complex (more than {MAX_TOKENS} tokens)")
        token = match.group()
        depth += (token == "(") - (token == ")")
        if depth > MAX_DEPTH:
            raise ExprError(
                "expr-too-deep", match.start(), match.end(),
                f"expression trop imbriquée (plus de {MAX_DEPTH} niveaux de parenthèses)",
                f"expression nested too deeply (more than {MAX_DEPTH} levels of parentheses)")


def _parse_root(text: str):
    from . import _lalr  # lazy: keep `import engine.expr` free of the parser

    try:
        result = _parser().parse(text)
    except _lalr.UnexpectedInput as exc:
        raise _syntax_error(text, exc) from None
    return _unwrap(result)[0]


def cache_path() -> str | None:
    """Path of the on-disk grammar cache, or None if no writable cache dir."""
    try:
        import lark
        import platformdirs

        directory = Path(platformdirs.user_cache_dir("gamebook-engine"))
        directory.mkdir(parents=True, exist_ok=True)
        if not os.access(directory, os.W_OK):
            return None
        version = f"{sys.version_info[0]}{sys.version_info[1]}"
        return str(directory / f"expr-grammar-lark{lark.__version__}-py{version}.cache")
    except Exception:  # noqa: BLE001 - any failure means "no cache"
        return None


@functools.lru_cache(maxsize=1)
def _parser():
    from . import _lalr

    return _lalr.Lark_StandAlone(transformer=_builder_class(_lalr.Transformer)())


def build_parser(cache: str | None):
    """Build the LALR parser; ``cache`` is a file path or None (no cache)."""
    import lark

    return lark.Lark(
        _GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        transformer=_builder_class(lark.Transformer)(),
        cache=cache if cache else False,
    )


class _Paren:
    """Transient wrapper: a node written inside parentheses."""

    __slots__ = ("node", "start", "end")

    def __init__(self, node, start: int, end: int):
        self.node, self.start, self.end = node, start, end


def _unwrap(item):
    """Return (node, outer_start, outer_end), peeling parentheses."""
    if isinstance(item, _Paren):
        return item.node, item.start, item.end
    return item, item.start, item.end


class _BuilderMethods:
    """Callbacks of the inline LALR transformer: build AST nodes while parsing.

    Kept free of lark so the module imports without it; ``_builder_class``
    mixes it with ``lark.Transformer``.  Tokens are ``str`` subclasses.
    """

    def start(self, children):
        return children[0]

    def int_lit(self, children):
        (tok,) = children
        return Int(int(tok), tok.start_pos, tok.end_pos)

    def dice(self, children):
        (tok,) = children
        return _make_dice(str(tok), tok.start_pos, tok.end_pos)

    def str_lit(self, children):
        (tok,) = children
        return Str(_UNESCAPE.sub(r"\1", str(tok)[1:-1]), tok.start_pos, tok.end_pos)

    def bool_lit(self, children):
        (tok,) = children
        return Bool(str(tok) in ("true", "vrai"), tok.start_pos, tok.end_pos)

    def name(self, children):
        (tok,) = children
        return Name(str(tok), tok.start_pos, tok.end_pos)

    def call(self, children):
        name_tok, rpar = children[0], children[-1]
        args = tuple(_unwrap(c)[0] for c in children[2:-1]
                     if c is not None and not isinstance(c, str))
        return Call(str(name_tok), args, name_tok.start_pos, rpar.end_pos)

    def paren(self, children):
        lpar, inner, rpar = children
        return _Paren(_unwrap(inner)[0], lpar.start_pos, rpar.end_pos)

    def binop(self, children):
        left, tok, right = children
        left, start, _ = _unwrap(left)
        right, _, end = _unwrap(right)
        op = _CANONICAL_OP.get(str(tok), str(tok))
        return Binary(op, left, right, tok.start_pos, tok.end_pos, start, end)

    def unop(self, children):
        tok, operand = children
        operand, _, end = _unwrap(operand)
        op = _CANONICAL_OP.get(str(tok), str(tok))
        return Unary(op, operand, tok.end_pos, tok.start_pos, end)


@functools.lru_cache(maxsize=2)
def _builder_class(transformer: type):
    """The AST builder over lark's or the stand-alone parser's Transformer."""
    return type("AstBuilder", (_BuilderMethods, transformer), {})


def _make_dice(token: str, start: int, end: int) -> Dice:
    count_text, sides_text = re.split("[dD]", token)
    count = int(count_text) if count_text else 1
    sides = int(sides_text)
    if not 1 <= count <= MAX_DICE or not 2 <= sides <= MAX_SIDES:
        raise ExprError(
            "expr-syntax", start, end,
            f"dés hors limites « {token} » : de 1 à {MAX_DICE} dés de 2 à {MAX_SIDES} faces",
            f"dice out of bounds “{token}”: 1 to {MAX_DICE} dice of 2 to {MAX_SIDES} faces")
    return Dice(count, sides, start, end)

