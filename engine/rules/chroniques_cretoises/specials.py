"""The format 1.1 fight specials `rounds`/`timeout`, `win_rounds`, `first_round` and
`modifiers` (issue 11): what play, the odds and the linter read of them.

The rules themselves are questions of `model.py` (`timed_out`, `won_rounds`,
`strike_force`, `force_bonus`), asked by play (`fight.py`) and by the transition
function (`transitions.py`) alike.  `modifiers` are weighed once, when the fight
begins: play keeps their sum in the fight's state (`force_bonus`), the odds read it
there, or weigh them on the sheet when no fight is under way.
"""
from __future__ import annotations

from engine import expr as X
from engine.diagnostics import error
from engine.rules.chroniques_cretoises import model as R

# (`timeout_effects` is an outcome's effects: the compiler reports it as every other)
NAMES = ("rounds", "timeout", "win_rounds", "first_round", "modifiers")


def counted(spec: dict) -> tuple[int, int, int]:
    """(rounds, win_rounds, first_round Force) of a combat field; 0 when absent (or not
    a number: the schema reports it)."""
    first = spec.get("first_round")
    return _int(spec.get("rounds")), _int(spec.get("win_rounds")), _int(first.get("force")) if isinstance(first, dict) else 0


def _int(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


# --- play -------------------------------------------------------------------------------
def _spec(play) -> dict:
    """The fight's field (combat.spec_of, which imports this module)."""
    return play.book.paragraphs[play.state.paragraph].fields.get("combat") or {}


def begin_bonus(play, spec: dict) -> int:
    """The Force the `modifiers` add for this fight, weighed now (the fight begins)."""
    return R.force_bonus(spec.get("modifiers"), lambda text: bool(play.evaluate(X.parse(text, "condition"))))


def hero_force(play, p: dict) -> int:
    """His Force for the strike he is about to make: sheet, `modifiers`, `first_round`."""
    force = play.state.stats["force"] + p.get("force_bonus", 0)
    return R.strike_force(force, p.get("strikes", 0), counted(_spec(play))[2])



def round_line(play, p: dict):
    """'Assaut 2/4' (a timed fight) and 'Blessures infligées 1/3' (`win_rounds`), or None."""
    from engine.diagnostics import Message
    rounds, win_rounds, _first = counted(_spec(play))
    fr, en = [], []
    if rounds:
        n = min(rounds, p.get("strikes", 0) + 1)
        fr.append(f"Assaut {n}/{rounds}")
        en.append(f"Strike {n}/{rounds}")
    if win_rounds:
        fr.append(f"Blessures infligées {p.get('wounds', 0)}/{win_rounds}")
        en.append(f"Wounds dealt {p.get('wounds', 0)}/{win_rounds}")
    return Message(" — ".join(fr), " — ".join(en)) if fr else None


# --- odds -------------------------------------------------------------------------------
class _Sheet:
    """What `engine.game.context.GameContext` reads of a game, over a bare state."""

    def __init__(self, module, state):
        self.module, self.state = module, state

    def roll(self, count, sides, _why):
        """A die in a condition is rolled by play when the fight begins: no odds before."""
        raise X.EvalError(0, 0, "un dé dans une condition de « modifiers »", "a die in a 'modifiers' condition")


def force_bonus(book, state, spec: dict) -> int:
    """`modifiers` weighed on `state` (the odds of a fight not begun yet)."""
    if not spec.get("modifiers"):
        return 0
    from engine.book.compiler import book_aliases
    from engine.game.context import GameContext
    module = _module()
    ctx, aliases = GameContext(_Sheet(module, state)), book_aliases(module)
    return R.force_bonus(spec["modifiers"], lambda text: bool(X.evaluate(X.parse(text, "condition"), ctx, aliases)))


def _module():
    from engine.rules import registry
    return registry.get("chroniques-cretoises")


# --- lint -------------------------------------------------------------------------------
def check(book, doc, module, spec: dict, path: tuple):
    """format-1-1 in a format-1 book; `rounds` without `timeout`; each `modifiers`
    condition parsed and checked as the compiler checks a choice's `if`."""
    if isinstance(doc.data, dict) and doc.data.get("gamebook") == 1:
        for name in NAMES:
            if name in spec:
                yield error("format-1-1", doc.span(path + (name,), key=True), f"« {name} » : demande « gamebook: 1.1 »",
                            f"'{name}': needs 'gamebook: 1.1'")
    if ("rounds" in spec) != ("timeout" in spec):
        there, missing = ("rounds", "timeout") if "rounds" in spec else ("timeout", "rounds")
        yield error("combat-timeout", doc.span(path + (there,), key=True),
                    f"« {there} » sans « {missing} » : un combat limité dit en combien d'assauts (rounds) "
                    f"et où il mène ensuite (timeout)",
                    f"'{there}' without '{missing}': a timed fight says after how many strikes (rounds) "
                    f"and where it then leads (timeout)")
    env = None
    for i, m in enumerate(spec.get("modifiers") or []):
        if not isinstance(m, dict) or "if" not in m:
            continue
        where = path + ("modifiers", i, "if")
        try:
            expr = X.parse(str(m["if"]), "condition")
        except X.ExprError as exc:
            yield error(exc.code, doc.inner_span(where, exc.start), exc.message_fr, exc.message_en)
            continue
        env = env or _env(book, module or _module())
        for p in X.check(expr, env).problems:
            yield error(p.code, doc.inner_span(where, p.start), p.message_fr, p.message_en, fix=p.suggestion)


def _env(book, module):
    """The expression names a condition of this book may use (compiler.expr_env, with
    the book's counters and notes as `Compiler._book_names` adds them)."""
    from engine.book.compiler import expr_env
    env = expr_env(module, book.items, book.paragraphs, module.references(book))
    env.variables.update({n: "int" for n in book.meta.get("counters") or {}})
    env.functions["note"] = X.Signature(("note",), "int")
    env.references["note"] = frozenset(book.meta.get("notes") or {})
    return env
