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

from fractions import Fraction
from typing import NamedTuple

from engine.analysis import lookahead
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


class Move(NamedTuple):
    """One move open now, weighed: its words, P(survive this fight), P(win it or leave
    it alive), and the `lasting` stat it leaves (None: not spent)."""

    words: str
    survive: Fraction
    win: Fraction
    left: int | None = None
    way_out: bool = False   # a retreat or a surrender: leaving the fight, not fighting it


def weighed_moves(game, lang: str) -> list[Move]:
    """Every move the paragraph offers now, weighed: the model's (`fight_moves`: each
    spend, retreat, surrender), then every other option (a god, an item...) played on
    copies of the game (lookahead.py)."""
    module, state = game.module, game.state
    lasting = getattr(module, "lasting_stat", None)
    have = state.stats.get(lasting, 0) if lasting else 0
    out, covered = [], set()
    options = game.prompt().options
    for move, result in live_moves(game):
        spent = int(move.split(":")[1]) if move.startswith("spend:") else 0
        # a spend is the amount of the option that takes one (strike, parry)
        covered |= {o.key for o in options if o.amount} if move.startswith("spend:") else {move}
        out.append(Move(advice_text(module, move, lang), 1 - result.lose, result.win,
                        have - spent if lasting and spent else None, not move.startswith("spend:")))
    if not out:   # the module weighs no moves: the outcome table and its advice say it all
        return out
    for option in options:
        if option.key in covered or not option.enabled:
            continue
        amount = option.amount[0] if option.amount else None
        found = lookahead.weigh(game, option, amount, live_odds, lasting)
        if found is not None:
            survive, win, left = found
            # its price and when the opponent strikes are said by the option itself
            words = option.label.get(lang).split(" (")[0].split(" — ")[0]
            out.append(Move(words, survive, win, left if left is not None and left < have else None))
    return out


def live_text(game, lang: str, book=None, book_ref: str = "BOOK", command: str = "gamebook") -> str:
    """Every outcome, every move now with its chances, the best decision, why 0 %;
    then, with `book` (book_values.BookValues), each move's chance of finishing the book."""
    extra, figures = [], False
    if book is not None and not game.state.ended:
        extra, figures = book.lines(game, lang, book_ref, command)
    odds = live_odds(game)
    if odds is None:
        if figures:
            return "\n".join(extra)
        return "\n".join([tr(lang, "Pas de combat en cours à analyser.", "No fight in progress to analyse.")]
                         + extra)
    module = game.module
    labels = module.odds_labels() if hasattr(module, "odds_labels") else OddsLabels()
    lines = [line.strip() if not line.startswith("  ") else line for line in outcome_lines(odds, lang, labels)]
    moves = weighed_moves(game, lang)
    advice = advice_text(module, odds.advice, lang)
    if moves:
        lines.append(tr(lang, "Vos coups possibles maintenant (ensuite, combat au mieux jusqu'au bout) :",
                        "Your moves now (then the best fight to the end):"))
        for move in moves:
            lines.append(f"  {move.words} : " if lang == "fr" else f"  {move.words}: ")
            lines[-1] += tr(lang, "survie ", "survive ") + share(move.survive, lang) + \
                tr(lang, ", victoire ", ", win ") + share(move.win, lang)
        lines += _advice(game, moves, lang)
    elif advice:
        lines.append(tr(lang, "Meilleure décision : ", "Best decision: ") + advice)
    reasons = getattr(module, "odds_zero_reasons", None)
    for reason in (reasons(odds, live_moves(game)) if reasons else ()):
        lines.append(reason.get(lang))
    return "\n".join(lines + extra)


def _advice(game, moves: list[Move], lang: str) -> list[str]:
    """The best way to fight (the likeliest to survive this fight, as the odds' policy,
    then to win it: a strike, a parry, a god, an item), never one that loses for sure
    while another move survives; the safest move when it differs (a retreat, a
    surrender); what a spend of the book's lasting resource leaves; and what the
    advice weighs: this fight only."""
    fighting = [m for m in moves if not m.way_out] or moves
    best = max(fighting, key=lambda m: (m.survive, m.win))   # the first of the best: no spend
    if best.survive == 0:   # every way to fight loses: a way out that survives is the advice
        best = max(moves, key=lambda m: (m.survive, m.win))
    lines = [tr(lang, "Meilleure décision : ", "Best decision: ") + best.words]
    safest = max(moves, key=lambda m: m.survive)
    if safest.words != best.words and safest.survive > best.survive:
        lines.append(tr(lang, "Plus sûr pour survivre à ce combat : ", "Safest to survive this fight: ") +
                     f"{safest.words} ({share(safest.survive, lang).strip()})")
    lasting = getattr(game.module, "lasting_stat", None)
    if best.left is not None and lasting:
        spec = game.module.stat(lasting)
        have = game.state.stats.get(lasting, 0)
        spent, left = spec.amount(have - best.left), spec.amount(best.left)
        lines.append(tr(lang, f"Ce conseil dépense {spent.fr}, une ressource de tout le livre : "
                              f"il vous en restera {best.left}.",
                        f"This advice spends {spent.en}, a resource of the whole book: "
                        f"{left.en} will be left."))
    lines.append(tr(lang, "Ces chances valent pour ce combat seulement, pas pour la suite du livre.",
                    "These odds are for this fight only, not for the rest of the book."))
    return lines

