"""Generate engine/expr/_tables.py: the expression grammar's LALR tables, computed by lark.

    python -m tools.gen_expr_tables          # rewrite engine/expr/_tables.py
    python -m tools.gen_expr_tables --check  # exit 1 if it is out of date

lark builds the parser from grammar.lark (parse table, contextual lexers, tree-building
rules); this tool writes what lark built as plain Python literals, which
engine/expr/lalr.py runs.  Importing a few literals costs far less than importing
lark's stand-alone parser and building its lexers, and a parse is several times
faster.  Every regular expression is lark's own, so the tokens are lark's; the tests
compare both parsers on a large generated corpus.  The file records the SHA-256 of
grammar.lark it was built from (tests/expr/test_lalr_current.py checks it).
"""
from __future__ import annotations

import pprint
import sys
from pathlib import Path

from tools import gen_expr_parser
from tools.gen_expr_parser import GRAMMAR, ROOT, grammar_digest

OUT = ROOT / "engine" / "expr" / "_tables.py"
MARK = "GRAMMAR_SHA256 = "


def recorded_digest(path: Path = OUT) -> str | None:
    """The grammar digest written in the generated file, if any."""
    try:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith(MARK):
                return line[len(MARK):].strip().strip("'\"")
    except OSError:
        return None
    return None


def _lark():
    import lark
    return lark.Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr",
                     lexer="contextual", maybe_placeholders=True)


def _lexer_entry(basic) -> tuple:
    """(alternation pattern, {regex terminal: {keyword text: keyword terminal}}, ignored)."""
    from lark.lexer import PatternStr
    scanner = basic.scanner  # builds lark's scanner and its keyword callbacks
    if len(scanner._mres) != 1:
        raise SystemExit("lark split the lexer regex: the table format assumes one")
    unless = {}
    for name, callback in basic.callback.items():
        words = {}
        for term in callback.scanner.terminals:
            if not isinstance(term.pattern, PatternStr) or term.pattern.flags:
                raise SystemExit(f"keyword {term.name} is not a plain string")
            words[term.pattern.value] = term.name
        unless[name] = words
    if basic.user_callbacks:
        raise SystemExit("lexer callbacks are not supported")
    return (scanner._mres[0].pattern, unless, tuple(sorted(basic.ignore_types)))


def _template(rule) -> tuple:
    """lark's child filter for one rule: ((index, splice, nones before), ...), trailing nones."""
    flags = rule.options.empty_indices
    if flags:
        text = "".join(str(int(b)) for b in flags)
        empty = [len(ones) for ones in text.split("0")]
    else:
        empty = [0] * (len(rule.expansion) + 1)
    keep, nones = [], 0
    for i, sym in enumerate(rule.expansion):
        nones += empty[i]
        if sym.is_term and sym.filter_out:
            continue
        keep.append((i, not sym.is_term and sym.name.startswith("_"), nones))
        nones = 0
    return tuple(keep), nones + empty[len(rule.expansion)]


def _canonical_order(table) -> list[int]:
    """lark's states in breadth-first order from the start, successors by symbol name:
    lark numbers its states in an order that varies between runs, this one does not."""
    (start,) = table.start_states.values()
    order, seen = [start], {start}
    for state in order:
        for symbol, (action, arg) in sorted(table.states[state].items()):
            if action.name == "Shift" and arg not in seen:
                seen.add(arg)
                order.append(arg)
    return order


def tables() -> dict:
    parser = _lark()
    frontend = parser.parser
    table = frontend.parser.parser.parse_table
    rules = list(parser.rules)
    index = {id(r): i for i, r in enumerate(rules)}
    order = _canonical_order(table)
    number = {state: i for i, state in enumerate(order)}
    contextual = frontend.lexer
    entries, lexer_of, actions, gotos = [], [], [], []
    for state in order:
        entry = _lexer_entry(contextual.lexers[state])
        if entry not in entries:
            entries.append(entry)
        lexer_of.append(entries.index(entry))
        act, goto = {}, {}
        for symbol, (action, arg) in table.states[state].items():
            if symbol.isupper() or symbol == "$END":
                act[str(symbol)] = number[arg] if action.name == "Shift" else -1 - index[id(arg)]
            else:
                goto[str(symbol)] = number[arg]
        actions.append(act)
        gotos.append(goto)
    rule_rows = []
    for rule in rules:
        template, trailing = _template(rule)
        name = rule.alias or rule.options.template_source or rule.origin.name
        rule_rows.append((str(rule.origin.name), len(rule.expansion), template, trailing,
                          bool(rule.options.expand1), str(name)))
    (end,) = table.end_states.values()
    if len(order) != len(table.states):
        raise SystemExit("some LALR states are unreachable from the start")
    return {"START": 0, "END": number[end], "LEXERS": tuple(entries), "LEXER_OF": tuple(lexer_of),
            "ACTIONS": tuple(actions), "GOTO": tuple(gotos), "RULES": tuple(rule_rows)}


def generate() -> str:
    lines = ['"""LALR tables of grammar.lark, computed by lark.',
             "",
             "Generated by `python -m tools.gen_expr_tables`: do not edit.",
             "ACTIONS: terminal -> next state (shift, >= 0) or -1 - rule index (reduce).",
             "RULES: (origin, length, child template, trailing Nones, inline single child, callback).",
             '"""', "", f"{MARK}{grammar_digest()!r}"]
    for name, value in tables().items():
        lines.append(f"{name} = {pprint.pformat(value, width=100, sort_dicts=True)}")
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    return gen_expr_parser.main(argv, OUT, recorded_digest, generate, "tools.gen_expr_tables")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
