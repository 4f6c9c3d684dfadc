"""The odds of the fight in progress, for the REPL's `odds` / `chances` command.

``live_odds(game)`` asks the rule module for the exact odds from the current
point of the pending combat (with the advice for the decision it waits for);
``live_text(game, lang)`` words it in a few lines for the REPL.
"""
from __future__ import annotations

from engine.analysis.render import advice_text, percent, tr


def live_odds(game):
    """FightOdds of the pending combat, or None (no combat now, or no analysis).

    A fight the solver refuses (a stalemate, too many states) also gives None:
    the REPL then says that no odds are available rather than failing."""
    st = game.state
    pending = st.pending
    if not pending or st.ended or pending.get("activity") not in game.module.activity_fields:
        return None
    paragraph = game.book.paragraphs.get(st.paragraph)
    if paragraph is None or pending["activity"] not in paragraph.fields:
        return None
    try:
        return game.module.fight_odds(game.book, st, paragraph.fields[pending["activity"]],
                                      pending=pending)
    except ValueError:
        return None


def live_text(game, lang: str) -> str:
    """A few lines: P(win), P(lose) and the best decision now."""
    odds = live_odds(game)
    if odds is None:
        return tr(lang, "Pas de combat en cours à analyser.", "No fight in progress to analyse.")
    lines = [tr(lang, "Victoire : ", "Win:  ") + percent(odds.win, lang),
             tr(lang, "Défaite :  ", "Lose: ") + percent(odds.lose, lang)]
    advice = advice_text(game.module, odds.advice, lang)
    if advice:
        lines.append(tr(lang, "Meilleure décision : ", "Best decision: ") + advice)
    return "\n".join(lines)
