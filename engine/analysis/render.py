"""Plain-text rendering of fight odds, in French or English (no printing here).

Percentages carry two decimals; the exact fraction is added when it is short
enough to read; the hero's final state is drawn as a small bar chart.
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.result import FightOdds, OddsLabels, exact
from engine.diagnostics import Message

BAR_WIDTH = 30
SHORT_FRACTION = 24  # characters: longer exact fractions are left to --format json

OUTCOME_NAMES = {"win": Message("Victoire", "Win"), "lose": Message("Défaite", "Lose")}


def tr(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def share(value, lang: str) -> str:
    """``"99.98%"`` (``"99,98 %"`` in French); a value that is neither 0 nor 1 is never
    rounded to either: ``"< 0.01%"``, ``"> 99.99%"``."""
    pct = float(value) * 100
    if 0 < value and pct < 0.005:
        text = "< 0.01"
    elif value < 1 and pct >= 99.995:
        text = "> 99.99"
    else:
        text = f"{pct:6.2f}"
    return text.replace(".", ",") + " %" if lang == "fr" else text + "%"


def percent(value: Fraction, lang: str) -> str:
    """``"99.98%"`` (``"99,98 %"`` in French), with the fraction when short."""
    text = share(value, lang)
    fraction = exact(value)
    if len(fraction) <= SHORT_FRACTION and value.denominator != 1:
        text += f"  ({fraction})"
    return text


def number(value: Fraction, lang: str, digits: int = 2) -> str:
    text = f"{float(value):.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def outcome_lines(odds: FightOdds, lang: str, labels: OddsLabels) -> list[str]:
    names = {**OUTCOME_NAMES, **labels.outcomes}
    lines = []
    for key, value in odds.outcomes.items():
        name = names.get(key, Message(key, key))
        fr, en = name.fr, name.en
        lines.append(f"{tr(lang, fr, en) + ' :' if lang == 'fr' else tr(lang, fr, en) + ':':26s}"
                     f"{percent(value, lang)}")
    return lines


def final_label(key, lang: str, labels: OddsLabels) -> str:
    if isinstance(key, str):
        return labels.states.get(key, Message(key, key)).get(lang)
    return f"{key:>3d}" + (tr(lang, " (mort)", " (dead)") if key == 0 else "")


def final_chart(odds: FightOdds, lang: str, labels: OddsLabels) -> list[str]:
    """One bar per final hero state, longest bar = most likely state."""
    rows = [(final_label(k, lang, labels), v) for k, v in odds.hero_final.items() if v]
    if not rows:
        return []
    top = max(v for _, v in rows)
    width = max(len(label) for label, _ in rows)
    lines = [labels.final.get(lang)]
    for label, value in rows:
        bar = "█" * max(1, round(BAR_WIDTH * value / top)) if value else ""
        lines.append(f"  {label:<{width}s} {bar:<{BAR_WIDTH}s} {share(value, lang)}")
    return lines


def render(odds: FightOdds, lang: str, header: list[str], labels: OddsLabels,
           extra: list[str] = ()) -> str:
    """The full report of one fight, worded by the rule module's `labels`."""
    lines = list(header) + [""] + outcome_lines(odds, lang, labels) + [""]
    lines += final_chart(odds, lang, labels)
    unit = labels.rounds.get(lang)
    lines += ["", tr(lang, f"Durée moyenne : {number(odds.expected_rounds, lang)} {unit}",
                     f"Expected length: {number(odds.expected_rounds, lang)} {unit}")]
    lines += list(extra)
    return "\n".join(lines)


def advice_text(module, advice: str | None, lang: str) -> str | None:
    """A pending decision ("use-luck", "spend:3", "target:1") in the module's words."""
    return None if advice is None else module.odds_advice(advice).get(lang)
