"""Expressions drawn from the grammar (engine/expr/grammar.lark), put in a small book as
a condition, a computed target or a dice formula, linted, and every lint-clean one
played: the only outcomes allowed are a located lint error, or a game that answers
(possibly with a located book error or a refusal), never an exception escaping."""
from __future__ import annotations

import re
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from engine.diagnostics import Severity
from engine.game.dice import SeededDice
from engine.game import Game
from engine.game.faults import BookFault
from engine.lint.loader import load_book
from engine.rules.base import Refused

GRAMMAR = Path(__file__).parents[2] / "engine" / "expr" / "grammar.lark"

# The grammar's operators and keywords, by the rule that uses them.
LOGICAL = ["or", "ou", "and", "et"]
COMPARISON = ["==", "!=", "<=", ">=", "<", ">"]
ARITHMETIC = ["+", "-", "*", "/"]
NEGATION = ["not", "non", "-"]
BOOLEANS = ["true", "false", "vrai", "faux"]
# Terminals: names the book's rules know (English and French), a few they do not,
# integers up to and past MAX_INT, dice within and beyond their bounds.
NAMES = ["honneur", "honour", "force", "protection", "honte", "here", "ici", "hp", "x"]
FUNCTIONS = ["has", "possède", "possede", "count", "nombre", "visited", "visité", "flag",
             "drapeau", "god", "nope"]
INTS = st.sampled_from(["0", "1", "2", "7", "100", "999999999", "1000000000", "99999999999"])
DICE = st.sampled_from(["d6", "2d6", "1D20", "100d100", "101d6", "1d1"])
STRINGS = st.sampled_from(['"epee"', "'vu'", '"Athéna"', '"inconnu"', '""'])


def test_the_strategy_covers_every_operator_and_keyword_of_the_grammar():
    literals = set(re.findall(r'^\w+: "([^"]+)"', GRAMMAR.read_text(), re.M))
    literals |= set(re.search(r'COMP_OP: (.*)', GRAMMAR.read_text()).group(1).replace('"', "").split(" | "))
    drawn = set(LOGICAL + COMPARISON + ARITHMETIC + NEGATION + BOOLEANS) | {"(", ")", ","}
    assert literals == drawn


def _atoms():
    return st.one_of(INTS, DICE, STRINGS, st.sampled_from(BOOLEANS + NAMES))


def _compound(inner):
    binary = st.tuples(inner, st.sampled_from(LOGICAL + COMPARISON + ARITHMETIC), inner).map(" ".join)
    unary = st.tuples(st.sampled_from(NEGATION), inner).map(
        lambda t: f"{t[0]} {t[1]}" if t[0] != "-" else f"-{t[1]}")
    call = st.tuples(st.sampled_from(FUNCTIONS), st.lists(inner, max_size=2)).map(
        lambda t: f"{t[0]}({', '.join(t[1])})")
    return st.one_of(binary, unary, call, inner.map(lambda e: f"({e})"))


def _paren(inner):
    return inner.map(lambda e: f"({e})")


# Well-typed expressions as well (most random ones are type errors, which lint stops):
# integers and booleans built from the same rules of the grammar.
INT_ATOMS = st.one_of(INTS, DICE, st.sampled_from(["honneur", "honour", "force", "honte", "here", "ici",
                                                    'count("epee")', "nombre('epee')"]))
BOOL_ATOMS = st.sampled_from(BOOLEANS + ['has("epee")', "possède('epee')", "visited(1)", "visité(2)",
                                         "flag('vu')", "drapeau(\"vu\")", 'god("Athéna") == "favorable"'])
INT_EXPRESSIONS = st.recursive(INT_ATOMS, lambda inner: st.one_of(
    st.tuples(inner, st.sampled_from(ARITHMETIC), inner).map(" ".join),
    inner.map(lambda e: f"-{e}"), _paren(inner)), max_leaves=6)
BOOL_EXPRESSIONS = st.recursive(st.one_of(BOOL_ATOMS, st.tuples(
    INT_EXPRESSIONS, st.sampled_from(COMPARISON), INT_EXPRESSIONS).map(" ".join)), lambda inner: st.one_of(
    st.tuples(inner, st.sampled_from(LOGICAL), inner).map(" ".join),
    st.tuples(st.sampled_from(["not", "non"]), inner).map(" ".join), _paren(inner)), max_leaves=4)
ANY_EXPRESSIONS = st.recursive(_atoms(), _compound, max_leaves=8)


@st.composite
def placed(draw):
    """(kind, expression): half of them of the type the place wants."""
    kind = draw(st.sampled_from(["condition", "target", "dice"]))
    typed = BOOL_EXPRESSIONS if kind == "condition" else INT_EXPRESSIONS
    return kind, draw(st.one_of(ANY_EXPRESSIONS, typed))
PLACES = {
    "condition": "      - {{text: A, to: 2, if: {e}}}\n      - {{text: B, to: 3}}\n",
    "target": "      - {{text: A, to: {e}}}\n      - {{text: B, to: 3}}\n",
    "dice": None,
}


def _book(kind: str, expression: str) -> str:
    quoted = "'" + expression.replace("'", "''") + "'"
    if kind == "dice":
        body = ("    random: {dice: " + quoted + ", outcomes: "
                "[{range: [-1000000000, 1000000000], to: 2}]}\n")
    else:
        body = "    choices:\n" + PLACES[kind].format(e=quoted)
    return ("gamebook: 1\ntitle: Fuzz\nrules: chroniques-cretoises\nstart: 1\n"
            "hero: {patron: Athéna}\nitems:\n  epee: {name: Épée}\n"
            "paragraphs:\n  1:\n    text: Départ.\n    effects: [{gain: epee}, {flag: vu}]\n" + body
            + "  2: {text: Victoire, end: victory}\n  3: {text: Mort, end: death}\n")


def _play(loaded) -> None:
    """Every option of paragraph 1, each from a fresh game: answered, refused or a
    located book error."""
    for option in Game(loaded.book, loaded.module, SeededDice(1)).prompt().options:
        game = Game(loaded.book, loaded.module, SeededDice(1))
        try:
            game.answer(option.key)
            game.prompt()
        except Refused:
            pass
        except BookFault as fault:
            event("book error in play")
            assert fault.diagnostic.span.line >= 0, fault.diagnostic
        if not option.enabled and option.reason and "book error" in option.reason.en:
            assert re.search(r"book\.yaml:\d+:\d+", option.reason.en), option.reason.en


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(placed())
def test_a_drawn_expression_is_a_located_lint_error_or_plays(tmp_path, case):
    kind, expression = case
    path = tmp_path / "book.yaml"
    path.write_text(_book(kind, expression), encoding="utf-8")
    loaded = load_book(path, display=str(path), use_cache=False)
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    event("lint error" if errors else "played")
    if errors:
        assert all(d.span.line >= 0 and d.span.file == str(path) for d in errors), errors
        return
    _play(loaded)
