"""The explorer's reports as readable text, in French or English."""
from __future__ import annotations

from engine.analysis.render import count, number
from engine.support.safe_text import clean_line

OUTCOMES = {"victory": ("victoire", "victory"), "death": ("mort", "death"),
            "stuck": ("bloquée (limite de coups)", "stuck (step limit)"),
            "loop": ("boucle sans fin (limite de coups)", "loops without end (step limit)"),
            "soft-lock": ("impasse (aucune option)", "soft-lock (no option)"),
            "error": ("erreur du moteur", "engine error")}


def _t(lang: str, fr: str, en: str) -> str:
    return fr if lang == "fr" else en


def random_text(r: dict, lang: str, book_path: str) -> str:
    lines = [_t(lang, f"{r['runs']} parties au hasard dans « {r['book']} »",
                f"{r['runs']} random playthroughs of '{r['book']}'")]
    for kind, v in r["outcomes"].items():
        name = OUTCOMES.get(kind, (kind, kind))[0 if lang == "fr" else 1]
        share = number(100 * v["share"], lang).rjust(6)
        lines.append(f"  {name:<28} {v['runs']:>8}  {share} %")
    lines.append(_t(lang, "Fins atteintes :", "Endings reached:"))
    lines += _endings(r["endings"], lang)
    steps = number(r["mean_steps"], lang, 1)
    lines.append(_t(lang, f"Coups par partie (moyenne) : {steps}", f"Moves per playthrough (mean): {steps}"))
    for key, fr, en in (("longest", "La plus longue", "Longest"), ("shortest", "La plus courte", "Shortest")):
        ex = r[key]
        if ex:
            lines.append(f"{_t(lang, fr + ' :', en + ':')} {ex['steps']} {_t(lang, 'coups', 'moves')} "
                         f"(§ {ex['paragraph']}) --replay {ex['replay']}")
    never = ", ".join(map(str, r["never_reached"])) or "-"
    lines.append(_t(lang, f"Paragraphes jamais atteints : {never}", f"Paragraphs never reached: {never}"))
    lines += _problems(r["problems"], lang, book_path)
    return "\n".join(lines) + "\n"


def _endings(endings: dict, lang: str) -> list[str]:
    """'death@12' -> '  mort au § 12 : 77', by kind then paragraph number."""
    def key(item):
        kind, _, number = item[0].partition("@")
        return kind, int(number) if number.isdigit() else 0
    out = []
    for ending, runs in sorted(endings.items(), key=key):
        kind, _, number = ending.partition("@")
        name = OUTCOMES.get(kind, (kind, kind))[0 if lang == "fr" else 1]
        where = _t(lang, f"au § {number}", f"at § {number}") if number else ""
        out.append(f"  {name} {where} : {runs}" if lang == "fr" else f"  {name} {where}: {runs}")
    return out


def _problems(problems, lang, book_path) -> list[str]:
    if not problems:
        return [_t(lang, "Aucune erreur ni impasse.", "No error, no soft-lock.")]
    lines = [_t(lang, "Problèmes :", "Problems:")]
    for p in problems:
        name = OUTCOMES.get(p["kind"], (p["kind"], p["kind"]))[0 if lang == "fr" else 1]
        what = f" {p['type']}: {p['message']}" if p.get("type") else ""
        if p.get("loop"):   # the paragraphs a game went round without end
            what = _t(lang, " en tournant entre les § ", " going round §§ ") + ", ".join(map(str, p["loop"]))
        lines.append(f"  {name} × {p['count']} (§ {p['paragraph']}){what}")
        lines.append(f"    gamebook explore {book_path} --replay {p['replay']}")
    return lines


def exhaustive_text(r: dict, lang: str, book_path: str) -> str:
    took = number(r["seconds"], lang)
    lines = [_t(lang, f"Exploration exhaustive de « {r['book']} » : {r['states']} états, "
                      f"{r['transitions']} transitions, {took} s",
                f"Exhaustive exploration of '{r['book']}': {r['states']} states, "
                f"{r['transitions']} transitions, {took} s")]
    lines += _odds(r, lang)
    lines += dropped_lines(r, lang)
    lines += findings_lines(r, lang) + kept_lines(r, lang)
    return "\n".join(lines + places_lines(r, lang, book_path)) + "\n"


def places_lines(r: dict, lang: str, book_path: str) -> list[str]:
    """The paragraphs unreachable in play (or not reached), the soft-locks and the
    engine errors, each with its replay (both explorers' reports end so)."""
    lines = []
    if r["complete"]:
        un = ", ".join(map(str, r["unreachable_in_play"])) or "-"
        lines.append(_t(lang, f"Inaccessibles en jeu (mais reliés dans le graphe) : {un}",
                        f"Unreachable in play (though linked in the graph): {un}"))
    else:
        un = ", ".join(map(str, r["not_reached"])) or "-"
        lines.append(_t(lang, f"Non atteints dans la partie explorée (sans preuve qu'ils soient "
                              f"inaccessibles) : {un}",
                        f"Not reached in the part explored (not proven unreachable): {un}"))
    for lock in r["soft_locks"]:
        lines.append(_t(lang, f"Impasse au § {lock['paragraph']} : aucune option possible",
                        f"Soft-lock at § {lock['paragraph']}: no option is possible"))
        if lock.get("replay"):
            lines.append(f"    gamebook explore {book_path} --replay {lock['replay']}")
    for e in r["errors"]:
        lines.append(_t(lang, f"Erreur au § {e['paragraph']} : {e['type']}: {e['message']}",
                        f"Error at § {e['paragraph']}: {e['type']}: {e['message']}"))
        if e.get("replay"):
            lines.append(f"    gamebook explore {book_path} --replay {e['replay']}")
    return lines


def kept_lines(r: dict, lang: str) -> list[str]:
    """Where the values were kept for play's `chances` and the editor's hover."""
    if r.get("values"):
        return [_t(lang, f"Valeurs gardées pour « chances » en jeu et le survol de l'éditeur : {r['values']}",
                   f"Values kept for 'odds' in play and the editor's hover: {r['values']}")]
    if "values" not in r:   # (--no-store)
        return []
    if r["complete"]:
        return [_t(lang, "Valeurs non gardées : pas de cache (GAMEBOOK_NO_CACHE) ou disque refusé",
                   "Values not kept: no cache (GAMEBOOK_NO_CACHE) or the disk refused")]
    return [_t(lang, "Valeurs non gardées : seule une exploration complète l'est (--sheet N, "
                     "--max-states, --timeout)",
               "Values not kept: only a complete exploration is (--sheet N, --max-states, --timeout)")]


def dropped_lines(r: dict, lang: str) -> list[str]:
    """What the lens forgot, and what forgetting saved (`--saving`)."""
    return _dropped(r.get("dropped") or {}, lang) + _saved(r.get("saved"), lang)


def _dropped(dropped: dict, lang: str) -> list[str]:
    """What the lens forgets where nothing ahead reads it (lens.py `forgotten`)."""
    words = {"stats": ("caractéristiques", "stats"), "counters": ("compteurs", "counters"),
             "notes": ("notes", "notes"), "capped": ("plafonnées au-delà de tout usage :", "capped beyond any use:"),
             "closed": ("et ce que seuls des chemins fermés pour de bon menaient lire, fermés par :",
                        "and what only ways closed for good led to, closed by:"),
             "detours": ("les marques des détours qui ne changent rien :", "the marks of detours that change nothing:")}
    ids = {"stats", "counters", "notes"}   # the book's own ids, quoted: not words of the sentence
    quoted = (lambda k, x: x if k not in ids else f"« {x} »" if lang == "fr" else f"'{x}'")
    parts = [f"{words[k][lang != 'fr']} {', '.join(quoted(k, clean_line(str(x))) for x in v)}"
             for k, v in dropped.items() if k in words]
    if dropped.get("visits"):
        parts.append(_t(lang, f"les passages de {dropped['visits']} paragraphes (aucune condition ne les lit)",
                        f"the visits of {dropped['visits']} paragraphs (no condition reads them)"))
    if not parts:
        return []
    return [_t(lang, f"  Oublié là où rien ne le lit plus : {' ; '.join(parts)}",
               f"  Forgotten where nothing ahead reads it: {'; '.join(parts)}")]


def _saved(saved: dict | None, lang: str) -> list[str]:
    """How many states forgetting saved (`--saving`: explored again without it)."""
    if not saved:
        return []
    fewer, without = saved["without"] - saved["with"], saved["without"]
    if saved["without_complete"]:
        return [_t(lang, f"  Ce qui est oublié économise {fewer} états ({without} sans l'oublier)",
                   f"  Forgetting saves {fewer} states ({without} without it)")]
    return [_t(lang, f"  Ce qui est oublié économise plus de {fewer} états (sans l'oublier, l'exploration "
                     f"est coupée à {without})",
               f"  Forgetting saves more than {fewer} states (without it the exploration is cut at {without})")]


def families(labels) -> list[str]:
    """"honour-keep-1", ..., "honour-keep-11" -> "honour-keep-1..11"."""
    numbered: dict = {}
    out = []
    for label in labels:
        stem, _, n = label.rpartition("-")
        if stem and n.isdigit():
            numbered.setdefault(stem, []).append(int(n))
        else:
            out.append(label)
    out += [f"{stem}-{min(ns)}..{max(ns)}" if len(ns) > 1 else f"{stem}-{ns[0]}"
            for stem, ns in numbered.items()]
    return sorted(out)


def _pct(x: float, lang: str) -> str:
    return f"{_hundredths(x, lang)} %"


def _hundredths(x: float, lang: str) -> str:
    """100 x with two decimals (a decimal comma in French, `render.number`); a value
    that is neither 0 nor 1 is never rounded to either (a percentage, a gap in points)."""
    if 0 < x < 0.00005:
        return f"< {number(0.01, lang)}"
    if 0.99995 <= x < 1:
        return f"> {number(99.99, lang)}"
    return number(100 * x, lang)


def odds_range(low: float, high: float, lang: str) -> str:
    """"12,50 %", or "12,50 % – 87,50 %" when the bounds differ."""
    return _pct(low, lang) if low == high else f"{_pct(low, lang)} – {_pct(high, lang)}"


def bounded(bound: str | None, expanded, lang: str) -> str:
    """What a cut exploration's two bounds mean, and which limit cut it."""
    limit = {"timeout": "--timeout", "max-states": "--max-states", "gap": "--gap",
             "max-branches": "MAX_MOVE_BRANCHES"}.get(bound, "--timeout")
    return _t(lang, f"  BORNÉ : limite {limit} atteinte ({expanded} états développés) ; "
                    "les états non explorés comptent comme perdus (borne basse) ou gagnés à "
                    "leur plafond (borne haute) ; la borne basse est atteinte par une façon de jouer",
              f"  BOUNDED: the {limit} bound was hit ({expanded} states expanded); "
              "states not explored count as lost (low bound) or won up to their ceiling (high bound); "
              "some way of playing achieves the low bound")


def frontier_lines(r: dict, lang: str) -> list[str]:
    """The gap between the bounds, where the exploration left it and why (frontier.py)."""
    f, v = r.get("frontier"), r["victory"]
    if not f:
        return []
    gap = _hundredths(v.get("gap", v["high"] - v["low"]), lang)
    top = _t(lang, "plafond", "ceiling")
    where = ", ".join(f"§ {x['paragraph']} ({count(x['states'], lang)}"
                      + (f", {top} {_pct(x['ceiling'], lang)})" if "ceiling" in x else ")")
                      for x in f["unexplored"]) or "-"
    lines = [_t(lang, f"  Écart entre les bornes : {gap} points ; états laissés inexplorés, par paragraphe : {where}",
                f"  Gap between the bounds: {gap} points; states left unexplored, by paragraph: {where}")]
    if f["leaves"]:
        walk = " → ".join(map(str, f["leaves"][-8:]))
        more = "… → " if len(f["leaves"]) > 8 else ""
        lines.append(_t(lang, f"  Le jeu qui atteint la borne haute sort de la partie explorée après les § {more}{walk}",
                        f"  The play that reaches the high bound leaves the part explored after §§ {more}{walk}"))
    lines += ceiling_lines(f.get("ceiling"), lang)
    if any(round(x["factor"], 1) > 1 for x in f["splits"]):
        split = ", ".join(f"{_slot(x, lang)} ×{number(x['factor'], lang, 1)}" for x in f["splits"]
                          if round(x["factor"], 1) > 1)   # (×1,0: too little to name)
        lines.append(_t(lang, f"  Ce qui y multiplie les états : {split} ; le livre relit chacun plus loin (rien ne "
                              f"peut l'oublier) : l'espace dépasse ce que la limite laisse explorer",
                        f"  What multiplies the states there: {split}; the book reads each of them later (nothing "
                        f"can forget it): the space is larger than what the bound lets explore"))
    return lines


def _slot(split: dict, lang: str) -> str:
    """A split's name in the reader's words: a stat by the module's label (its starting
    value said so), a paragraph's visit, a once-only choice or a wrong number's mark
    (flags `once:P:C`, `once:P:tryK`: engine/game/reasons.py, engine/book/typed.py) by
    where it is, an item or another fact by the book's id, quoted."""
    part, name = split["part"], split["name"]
    if "label" in split:
        label = clean_line(split["label"]["fr" if lang == "fr" else "en"])
        return label if part == "stats" else _t(lang, f"{label} de départ", f"starting {label}")
    if part == "visits":
        return _t(lang, f"visites du § {clean_line(name)}", f"visits to § {clean_line(name)}")
    once = name.split(":") if part == "flags" and name.startswith("once:") else ()
    if len(once) == 3 and once[1].isdigit():
        at, what = once[1], once[2]
        if what.isdigit():
            return _t(lang, f"choix {what} du § {at} (une seule fois)", f"choice {what} of § {at} (once only)")
        if what.startswith("try") and what[3:].isdigit():
            return _t(lang, f"essai {what[3:]} au § {at}", f"try {what[3:]} at § {at}")
    quoted = f"« {clean_line(name)} »" if lang == "fr" else f"'{clean_line(name)}'"
    if part == "items":
        return _t(lang, f"objet {quoted}", f"item {quoted}")
    return quoted


def ceiling_lines(c: dict | None, lang: str) -> list[str]:
    """How many of the states left unexplored the ceiling counts as lost in the high
    bound too (explore/ceiling.py), and why."""
    if not c or not c["unexplored"]:
        return []
    lost, of = count(c["lost"], lang), count(c["unexplored"], lang)
    none = count(c["no_victory"], lang)
    why = [_t(lang, f"aucune victoire plus loin : {none}", f"no victory ahead: {none}")] if c["no_victory"] else []
    why += [_t(lang, f"compteur « {clean_line(k)} » au-delà de ce qu'une victoire permet : {count(v, lang)}",
               f"counter '{clean_line(k)}' past what a victory allows: {count(v, lang)}")
            for k, v in sorted(c["counters"].items())]
    reasons = f" ({'; '.join(why)})" if why else ""
    below = ""
    if c.get("lowered"):   # (explore/routes.py)
        n = count(c["lowered"], lang)
        below = _t(lang, f" ; il en compte {n} sous 100 % (les combats et tests à venir à leur meilleure chance)",
                   f"; it counts {n} below 100 % (the fights and tests ahead at their best chance)")
    return [_t(lang, f"  Plafond : {lost} des {of} états non explorés ne peuvent plus être gagnés{reasons} ; "
                     f"la borne haute les compte comme perdus{below}",
               f"  Ceiling: {lost} of the {of} states left unexplored can no longer be won{reasons}; "
               f"the high bound counts them as lost{below}")]


def _odds(r: dict, lang: str) -> list[str]:
    """The best-play odds, and exactly what they are (see report.exactness)."""
    v, kind = r["victory"], r["exactness"]
    odds = odds_range(v["low"], v["high"], lang)
    lines = [_t(lang, f"Chances de victoire en jouant au mieux : {odds}",
                f"Best-play probability of victory: {odds}")]
    if kind == "sampled":
        s = v["sample"]
        lines.append(_t(lang, f"  ESTIMATION : trop de personnages de départ possibles ; {s['draws']} tirés au "
                              f"hasard ({s['distinct']} différents), moyenne de leurs chances ; marge "
                              f"d'échantillonnage ± {_pct(s['margin'], lang)} (95 %)",
                        f"  ESTIMATE: too many possible starting characters; {s['draws']} drawn at random "
                        f"({s['distinct']} distinct), mean of their odds; sampling margin "
                        f"± {_pct(s['margin'], lang)} (95 %)"))
    if kind in ("sampled", "bounded") and v["low"] != v["high"]:
        lines.append(bounded(r["bound"], count(r["expanded"], lang), lang))
        lines += frontier_lines(r, lang)
    if r["strategies"]:
        names = ", ".join(families(r["strategies"]))
        lines.append(_t(lang, f"  Combats joués comme nœuds de hasard par les stratégies du module ({names}) : "
                              "la valeur est exacte pour elles, une borne basse du jeu optimal quand un combat "
                              "offre des décisions qu'elles ne prennent pas (une ressource dépensée coup par "
                              "coup, une fuite plus tardive...)",
                        f"  Fights played as chance nodes by the module's strategies ({names}): "
                        "the value is exact for them, a lower bound of best play where a fight offers decisions "
                        "they do not take (a resource spent blow by blow, a later escape...)"))
    return lines + exactness_lines(r, lang)


def exactness_lines(r: dict, lang: str) -> list[str]:
    """The exact value, the sheet it is for, and what "exact" means here."""
    lines, kind = [], r["exactness"]
    if r.get("exact"):
        lines.append(_t(lang, f"  Valeur exacte : {r['exact']}", f"  Exact value: {r['exact']}"))
    if r.get("fixed_sheet") is not None:
        lines.append(_t(lang, f"  Pour le personnage tiré avec la graine {r['fixed_sheet']} (--sheet)",
                        f"  For the character rolled with seed {r['fixed_sheet']} (--sheet)"))
    if kind == "exact":
        lines.append(_t(lang, "  EXACT : chaque état possible a été exploré.",
                        "  EXACT: every possible state was explored."))
    elif kind == "policies":
        lines.append(_t(lang, "  Exact pour ces stratégies de combat : chaque état possible a été exploré.",
                        "  Exact for those fight strategies: every possible state was explored."))
    return lines


SHORT = 15   # a longer fraction is left to the JSON


def _fig(f: dict, lang: str) -> str:
    exact = f.get("exact")
    return _pct(f["value"], lang) + (f" ({exact})" if exact and "/" in exact and len(exact) <= SHORT else "")


def _deciding(x: dict, lang: str) -> str:
    """One deciding node: what it risks, all (a share of defeat) or part (the odds
    after its worst outcome)."""
    where, before = f"  § {x['paragraph']} {x['move']}", _fig(x["odds_before"], lang)
    if x["lost_here"]["value"] > 0:
        return _t(lang, f"{where} : {before} avant, {_fig(x['lost_here'], lang)} d'y tout perdre",
                  f"{where}: {before} before, {_fig(x['lost_here'], lang)} of losing all there")
    worst = _fig(x["worst_after"], lang)
    return _t(lang, f"{where} : {before} avant, {worst} après sa pire issue (aucune ne fait tout perdre)",
              f"{where}: {before} before, {worst} after its worst outcome (none loses all)")


def findings_lines(r: dict, lang: str, with_table: bool = True) -> list[str]:
    """The best route, the deciding rolls, the doomed paragraphs, the sheets' table (unless
    `with_table` is false: the compiled table's text gives it)."""
    lines = []
    if r.get("low_bounds") and (r.get("best_route") or r.get("deciding") or r.get("difficulty")):
        if r.get("bound") is None and r.get("exactness") == "sampled":   # nothing cut: a sample
            lines.append(_t(lang, "Départ échantillonné : les chiffres qui suivent valent pour les personnages "
                                  "tirés, chacun exploré jusqu'au bout, pas pour tous.",
                            "Sampled start: the figures below hold for the characters drawn, each "
                            "explored to the end, not for every character."))
        else:
            lines.append(_t(lang, "Exploration coupée : les chiffres qui suivent sont des bornes basses.",
                            "Exploration cut: the figures below are low bounds."))
    if r.get("best_route"):
        several = (r.get("difficulty") or {}).get("sheets", 1) > 1   # the route follows one of them
        lines.append(_t(lang, "Meilleur parcours" + (" du personnage tiré le plus probable" if several else "")
                        + " (décisions, chances à ce point) :",
                        "Best route" + (" of the likeliest rolled character" if several else "")
                        + " (decisions, odds at that point):"))
        lines += [f"  § {x['paragraph']}: {x['move']}  {_fig(x['odds'], lang)}" for x in r["best_route"]]
    if r.get("deciding"):
        lines.append(_t(lang, "Jets et combats décisifs (où les chances chutent le plus) :",
                        "Deciding rolls and fights (where the odds drop most):"))
        lines += [_deciding(x, lang) for x in r["deciding"]]
    if r.get("doomed"):
        where = ", ".join(str(x["paragraph"]) for x in r["doomed"])
        lines.append(_t(lang, f"Paragraphes condamnés (atteints, plus aucune victoire possible) : {where}",
                        f"Doomed paragraphs (reached, no victory possible any more): {where}"))
    if r.get("difficulty") and with_table:
        lines += difficulty_lines(r["difficulty"], lang)
    return lines


def difficulty_lines(d: dict, lang: str) -> list[str]:
    """The table over the rolled sheets (findings.py `table`, or a sample's)."""
    how = (_t(lang, f"échantillon de {d['sheets']} personnages, moyenne ± {_pct(d['margin'], lang)} (95 %)",
              f"sample of {d['sheets']} characters, mean ± {_pct(d['margin'], lang)} (95 %)") if d["sampled"]
           else _t(lang, f"{d['sheets']} personnages possibles, exact", f"{d['sheets']} possible characters, exact"))
    lines = [_t(lang, f"Difficulté selon le personnage tiré ({how}) :", f"Difficulty by rolled character ({how}):")]
    for key, fr, en in (("weakest", "le plus faible", "weakest"), ("median", "médian", "median"),
                        ("strongest", "le plus fort", "strongest"), ("mean", "moyenne", "mean")):
        lines.append(f"  {_t(lang, fr, en):<14} {_fig(d[key], lang)}")
    return lines
