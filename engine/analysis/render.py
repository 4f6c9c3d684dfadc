"""Plain-text rendering of fight odds, in French or English (no printing here).

Percentages carry two decimals; the exact fraction is added when it is short
enough to read; the hero's final state is drawn as a small bar chart.  `book_text`
draws the table of `gamebook odds BOOK` and says what each column assumes.
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


def count(n, lang: str) -> str:
    """A count with its thousands apart: 5,311 in English, 5 311 in French."""
    text = f"{n:,.0f}"
    return text.replace(",", "\u202f") if lang == "fr" else text


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


# --- `gamebook odds BOOK`: the table of every fight ---------------------------
POLICIES = {"optimal": Message("ce que les règles laissent dépenser en combat{what}, dépensé au mieux",
                               "what the rules let the hero spend in a fight{what}, spent at best"),
            "never": Message("ce que les règles laissent dépenser en combat{what}, jamais dépensé (une borne "
                             "basse : en le dépensant, un joueur peut faire mieux)",
                             "what the rules let the hero spend in a fight{what}, never spent (a lower "
                             "bound: a player who spends it can do better)"),
            "mixed": Message("politiques différentes selon la feuille", "policies differing by sheet")}
MEANINGS = {"typical": Message("un héros de départ typique (des tirages médians)",
                               "a typical starting hero (middle rolls)"),
            "weakest": Message("le héros le plus faible que la création du personnage puisse tirer",
                               "the weakest hero character creation can roll"),
            "strongest": Message("le héros le plus fort que la création du personnage puisse tirer",
                                 "the strongest hero character creation can roll")}
BOOKS_HERO = Message("le héros que donne le livre", "the hero the book gives")
OTHER_SHEET = Message("une feuille de départ donnée par le module", "a starting sheet given by the module")


ENDS = {"escape": ("par la fuite", "by escape"),
        "hurt": ("par une blessure reçue (« hurt »)", "by a wound taken ('hurt')"),
        "timeout": ("par la fin des assauts comptés (« timeout »)", "by the counted rounds running out ('timeout')")}


def _end(key: str, lang: str) -> str:
    """A fight's other end in words (the book's field name kept for the author)."""
    fr, en = ENDS.get(key, (f"fin « {key} »", f"ending '{key}'"))
    return tr(lang, fr, en)


def book_text(table, lang: str, title: str, names: dict) -> str:
    """The table of `gamebook odds BOOK` (an engine.analysis.book_odds.BookOdds),
    then what each column assumes and every fight left out, with why."""
    if not table.has_odds:
        lines = [tr(lang, f"{title} : le module de règles « {table.module} » ne calcule pas de chances "
                          "de combat.", f"{title}: the rule module '{table.module}' computes no fight odds.")]
        return "\n".join(lines + _fights(table.left_out, lang, reason=False))
    if not table.rows and not table.left_out:
        return tr(lang, f"{title} : aucun combat dans ce livre.", f"{title}: no fight in this book.")
    lines = [title, ""] + _table(table, lang, names) if table.rows else [title]
    if table.rows:
        lines += ["", tr(lang, "Probabilité de ne pas perdre chaque combat, pour le héros tel qu'il "
                               "commence le livre :", "Probability of not losing each fight, for the "
                               "hero as he starts the book:")]
        alone = len(table.columns) == 1
        lines += [f"  {_head(c.name, lang, names)}{' :' if lang == 'fr' else ':'} "
                  f"{_column(c, lang, alone, table.spending)}" for c in table.columns]
    if any("escape" in r.ends for r in table.rows):
        lines.append(tr(lang, "  fuite : " + ESCAPE_NOTE.fr, "  escape: " + ESCAPE_NOTE.en))
    if table.left_out:
        lines += [""] + _fights(table.left_out, lang, reason=True)
    return "\n".join(lines)


ESCAPE_NOTE = Message("dans un combat dont on peut fuir, le héros cherche d'abord à en sortir vivant (victoire "
                      "ou fuite), ensuite à le gagner ; le chiffre compte la fuite comme « ne pas perdre »",
                      "in a fight the hero may escape, he aims first to leave it alive (victory or escape), "
                      "then to win it; the figure counts an escape as not losing")


def _head(name: str, lang: str, names: dict) -> str:
    return tr(lang, *names[name]) if name in names else name


def _table(table, lang: str, names: dict) -> list[str]:
    columns = [c.name for c in table.columns if any(c.name in r.win for r in table.rows)]
    heads = [_head(c, lang, names) for c in columns]
    who = tr(lang, "adversaires", "opponents")
    width = max([len(r.opponents) for r in table.rows] + [len(who)])
    lines = [f"{'§':>5s}  {who:<{width}s}  " + "  ".join(f"{h:>14s}" for h in heads)]
    for row in table.rows:
        cells = [f"{share(row.win[c], lang):>14s}" if c in row.win else f"{'-':>14s}" for c in columns]
        lines.append(f"{row.paragraph:>5d}  {row.opponents:<{width}s}  " + "  ".join(cells))
        if row.ends:   # a fight that can also stop without a victor (hurt, timeout): how often
            first = heads[0] if heads else ""
            lead = tr(lang, f"dont {{}} ({first})", f"of which ended {{}} ({first})")
            lines += [f"{'':>5s}    " + lead.format(_end(k, lang)) + f" {share(v, lang).strip()}"
                      for k, v in row.ends.items()]
        for message, cols in row.notes:   # why a column's sheet can win no victory
            which = ", ".join(_head(c, lang, names) for c in cols)
            lines.append(f"{'':>5s}    " + tr(lang, f"0 % de victoire ({which}) : ", f"0% victory ({which}): ")
                         + message.get(lang))
    return lines


def _column(c, lang: str, alone: bool, spending: Message | None = None) -> str:
    """What a column assumes: who the hero is, and how he fights (`spending`: what
    the module lets him spend, named in the policy)."""
    if c.name == "average":
        who = tr(lang, f"moyenne exacte sur les {c.sheets} feuilles que la création du personnage peut "
                       "tirer, chacune pondérée par sa probabilité",
                 f"the exact mean over the {c.sheets} sheets character creation can roll, each "
                 "weighted by its probability")
    else:
        meaning = BOOKS_HERO if alone else MEANINGS.get(c.name, OTHER_SHEET)
        sheet = ", ".join(f"{label.get(lang)} {value}" for label, value in c.sheet.items())
        who = f"{sheet} — {meaning.get(lang)}" if sheet else meaning.get(lang)
    what = f" ({spending.get(lang)})" if spending is not None else ""
    policy = POLICIES.get(c.policy, Message(c.policy, c.policy)).get(lang).replace("{what}", what)
    return f"{who} ; {policy}" if lang == "fr" else f"{who}; {policy}"


def _fights(left_out, lang: str, reason: bool) -> list[str]:
    """The fights without a figure; with `reason`, why each has none."""
    if not left_out:
        return []
    lines = [tr(lang, "Combats laissés de côté :", "Fights left out:") if reason
             else tr(lang, "Combats du livre :", "Fights in the book:")]
    for x in left_out:
        why = (" : " if lang == "fr" else ": ") + x.reason.get(lang) if reason else ""
        lines.append(f"  § {x.paragraph}  {x.opponents}{why}")
    return lines
