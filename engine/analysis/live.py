"""The odds of the fight in progress, for the REPL's `odds` / `chances` command.

``live_odds(game)`` asks the rule module for the exact odds from the current
point of the pending combat (with the advice for the decision it waits for);
``live_text(game, lang)`` words it for the REPL: every outcome the fight can end
in with its probability (in the module's words: "all badly wounded", a retreat...),
then, when the module weighs them (`fight_moves`), every move open now (the spends,
retreat, surrender), each with its chance of surviving and of winning, the best
one, and why a figure is 0 % when the module says (`odds_zero_reasons`).
"""
from __future__ import annotations

from engine.analysis.fight_inputs import fight_too_large
from engine.analysis.render import advice_text, outcome_lines, share, tr
from engine.analysis.result import OddsLabels


def _fight(game):
    """(paragraph's combat field, pending) of the fight now, or None."""
    st = game.state
    pending = st.pending
    if not pending or st.ended or pending.get("activity") not in game.module.activity_fields:
        return None
    paragraph = game.book.paragraphs.get(st.paragraph)
    if paragraph is None or pending["activity"] not in paragraph.fields:
        return None
    if fight_too_large(paragraph.fields[pending["activity"]]) is not None:
        return None   # (as a fight the solver refuses: no odds available)
    return paragraph.fields[pending["activity"]], pending


def live_odds(game):
    """FightOdds of the pending combat, or None (no combat now, or no analysis).

    A fight the solver refuses (a stalemate, too many states) also gives None:
    the REPL then says that no odds are available rather than failing."""
    found = _fight(game)
    if found is None:
        return None
    try:
        return game.module.fight_odds(game.book, game.state, found[0], pending=found[1])
    except ValueError:
        return None


def live_moves(game) -> list:
    """[(move, FightOdds)] for every move open now, or [] (the module does not weigh them)."""
    found, hook = _fight(game), getattr(game.module, "fight_moves", None)
    if found is None or hook is None:
        return []
    try:
        return hook(game.book, game.state, found[0], found[1]) or []
    except ValueError:
        return []


def live_text(game, lang: str) -> str:
    """Every outcome, every move now with its chances, the best decision, why 0 %."""
    odds = live_odds(game)
    if odds is None:
        return tr(lang, "Pas de combat en cours à analyser.", "No fight in progress to analyse.")
    module = game.module
    labels = module.odds_labels() if hasattr(module, "odds_labels") else OddsLabels()
    lines = [line.strip() if not line.startswith("  ") else line for line in outcome_lines(odds, lang, labels)]
    moves = live_moves(game)
    advice = advice_text(module, odds.advice, lang)
    if moves:
        lines.append(tr(lang, "Vos coups possibles maintenant (ensuite, combat au mieux jusqu'au bout) :",
                        "Your moves now (then the best fight to the end):"))
        for move, result in moves:
            words = advice_text(module, move, lang)
            lines.append(f"  {words} : " if lang == "fr" else f"  {words}: ")
            lines[-1] += tr(lang, "survie ", "survive ") + share(1 - result.lose, lang) + \
                tr(lang, ", victoire ", ", win ") + share(result.win, lang)
    if advice:
        lines.append(tr(lang, "Meilleure décision : ", "Best decision: ") + advice)
    if moves:   # a way out of the fight may be safer than any strike: say it
        move, best = max(moves, key=lambda m: 1 - m[1].lose)   # the first of the best: fighting on
        if advice_text(module, move, lang) != advice:
            lines.append(tr(lang, "Plus sûr pour survivre à ce combat : ", "Safest to survive this fight: ") +
                         f"{advice_text(module, move, lang)} ({share(1 - best.lose, lang).strip()})")
    reasons = getattr(module, "odds_zero_reasons", None)
    for reason in (reasons(odds, moves) if reasons else ()):
        lines.append(reason.get(lang))
    return "\n".join(lines)

