"""Plain-text rendering of fight odds, in French or English (no printing here).

Percentages carry two decimals; the exact fraction is added when it is short
enough to read; the hero's final state is drawn as a small bar chart.
"""
from __future__ import annotations

from fractions import Fraction

from engine.analysis.result import FightOdds, exact

BAR_WIDTH = 30
SHORT_FRACTION = 24  # characters: longer exact fractions are left to --format json

CONDITION_NAMES = {
    "indemne": ("Indemne", "Unhurt"), "blessé": ("Blessé", "Wounded"),
    "grièvement-blessé": ("Grièvement Blessé", "Badly Wounded"), "mort": ("Mort", "Dead"),
}
OUTCOME_NAMES = {
    "win": ("Victoire", "Win"), "lose": ("Défaite", "Lose"),
    "all-badly-wounded": ("Tous Grièvement Blessés", "All badly wounded"),
    "shame": ("  dont mort par la Honte", "  of which death by Shame"),
}


def tr(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def percent(value: Fraction, lang: str) -> str:
    """``"99.98 %"`` (``"99,98 %"`` in French), with the fraction when short."""
    text = f"{float(value) * 100:6.2f} %"
    if lang == "fr":
        text = text.replace(".", ",")
    fraction = exact(value)
    if len(fraction) <= SHORT_FRACTION and value.denominator != 1:
        text += f"  ({fraction})"
    return text


def number(value: Fraction, lang: str, digits: int = 2) -> str:
    text = f"{float(value):.{digits}f}"
    return text.replace(".", ",") if lang == "fr" else text


def outcome_lines(odds: FightOdds, lang: str) -> list[str]:
    lines = []
    for key, value in odds.outcomes.items():
        fr, en = OUTCOME_NAMES.get(key, (key, key))
        lines.append(f"{tr(lang, fr, en) + ' :' if lang == 'fr' else tr(lang, fr, en) + ':':26s}"
                     f"{percent(value, lang)}")
    return lines


def final_label(key, lang: str) -> str:
    if isinstance(key, str):
        fr, en = CONDITION_NAMES.get(key, (key, key))
        return tr(lang, fr, en)
    return f"{key:>3d}" + (tr(lang, " (mort)", " (dead)") if key == 0 else "")


def final_chart(odds: FightOdds, lang: str, title: tuple[str, str]) -> list[str]:
    """One bar per final hero state, longest bar = most likely state."""
    rows = [(final_label(k, lang), v) for k, v in odds.hero_final.items() if v]
    if not rows:
        return []
    top = max(v for _, v in rows)
    width = max(len(label) for label, _ in rows)
    lines = [tr(lang, *title)]
    for label, value in rows:
        bar = "█" * max(1, round(BAR_WIDTH * value / top)) if value else ""
        lines.append(f"  {label:<{width}s} {bar:<{BAR_WIDTH}s} {float(value) * 100:6.2f} %"
                     .replace(".", "," if lang == "fr" else "."))
    return lines


def render(odds: FightOdds, lang: str, header: list[str], rules_ff: bool,
           extra: list[str] = ()) -> str:
    """The full report of one fight."""
    lines = list(header) + [""] + outcome_lines(odds, lang) + [""]
    title = (("ENDURANCE finale du héros :", "Hero's final STAMINA:") if rules_ff
             else ("État final d'Althéos :", "Althéos's final condition:"))
    lines += final_chart(odds, lang, title)
    unit = tr(lang, "assauts", "attack rounds") if rules_ff else tr(lang, "coups", "strikes")
    lines += ["", tr(lang, f"Durée moyenne : {number(odds.expected_rounds, lang)} {unit}",
                     f"Expected length: {number(odds.expected_rounds, lang)} {unit}")]
    lines += list(extra)
    return "\n".join(lines)


def advice_text(advice: str | None, lang: str) -> str | None:
    """A pending decision ("use-luck", "spend:3", "target:1") in words."""
    if advice is None:
        return None
    if advice == "use-luck":
        return tr(lang, "Tentez votre Chance", "Test your Luck")
    if advice == "no-luck":
        return tr(lang, "Ne tentez pas votre Chance", "Do not test your Luck")
    kind, _, value = advice.partition(":")
    if kind == "spend":
        n = int(value)
        return (tr(lang, "Ne dépensez pas d'Honneur", "Spend no Honour") if n == 0
                else tr(lang, f"Dépensez {n} point(s) d'Honneur", f"Spend {n} Honour point(s)"))
    if kind == "target":
        n = int(value) + 1
        return tr(lang, f"Attaquez l'adversaire n° {n}", f"Attack enemy no. {n}")
    return advice
