"""The words of `lint --deep` (deep.py): its diagnostics, in French and English, and
the command's line saying whether the exploration was complete or cut.

A finding's replay is `gamebook explore --replay SEED:ANSWERS[:FACES]`; a state the
compiled path could not play again (witness.py: no move matches) is reported
without one rather than with a wrong one.
"""
from __future__ import annotations

from engine.diagnostics import Diagnostic, Message, error, note, warning

LISTED = 20           # paragraphs named in the deep-incomplete note


def unreachable(n, span) -> Diagnostic:
    return warning("unreachable-in-play", span,
                   f"le paragraphe {n} est relié au reste du livre mais aucune partie ne peut "
                   "l'atteindre (conditions jamais remplies à temps)",
                   f"paragraph {n} is linked to the book but no game can reach it "
                   "(its conditions never hold in time)")


def _replayed(replay) -> tuple[str, str]:
    if replay is None:
        return (" (pas de partie à rejouer : le chemin n'a pas pu être rejoué par le moteur)",
                " (no replay: the engine could not play the way there again)")
    return f" (gamebook explore --replay {replay})", f" (gamebook explore --replay {replay})"


def lock(n, replay, span) -> Diagnostic:
    fr, en = _replayed(replay)
    return error("soft-lock", span,
                 f"impasse au paragraphe {n} : aucune option possible et ce n'est pas une fin{fr}",
                 f"soft-lock at paragraph {n}: no option is possible and it is not an ending{en}")


def errors(found, here) -> list[Diagnostic]:
    """One `explore-error` a distinct (type, message, paragraph)."""
    out, seen = [], set()
    for e in found:
        key = (e["type"], e["message"], e["paragraph"])
        if key not in seen:
            seen.add(key)
            fr, en = _replayed(e.get("replay"))
            out.append(error("explore-error", here(e["paragraph"]),
                             f"erreur du moteur au paragraphe {e['paragraph']} : {e['type']}: {e['message']}{fr}",
                             f"engine error at paragraph {e['paragraph']}: {e['type']}: {e['message']}{en}"))
    return out


BOUNDS = {"max-states": ("limite d'états atteinte", "state bound hit"),
          "max-branches": ("un coup a trop d'issues", "a move has too many outcomes"),
          "timeout": ("limite de temps --deep-timeout atteinte", "--deep-timeout time limit hit"),
          "slow-fight": ("l'analyse exacte d'un combat par le module a duré plus que la limite",
                         "the module's exact analysis of a fight took longer than the limit")}


def _sheet(r: dict) -> tuple[str, str]:
    """Which sheet was explored, when only one was (a book rolling too many)."""
    if r.get("sheet") is None:
        return "", ""
    return (f" pour une seule feuille de personnage sur {r['sheets']} (tirée avec la graine {r['sheet']})",
            f" for one character sheet of {r['sheets']} (rolled with seed {r['sheet']})")


def incomplete(r: dict, games: tuple, never: set, abstract: bool, span) -> Diagnostic:
    """Where the exploration stopped short of a proof: why (a bound, or one sheet of
    many explored), how many states it left, the paragraphs neither it nor the random
    games entered (those the abstract exploration proves unreachable are reported
    apart), and what stays unproven (reachability too, when the abstract exploration
    did not finish in its time)."""
    stats, played = games
    unseen = [n for n in r["not_reached"] if n not in stats.hits and n not in never]
    named = ", ".join(map(str, unseen[:LISTED])) + (" ..." if len(unseen) > LISTED else "")
    fr_named, en_named = (f" ({len(unseen)}) : {named}", f" ({len(unseen)}): {named}") if unseen \
        else (" : aucun", ": none")
    (fr_sheet, en_sheet), states = _sheet(r), r["states"]
    if r["complete"]:   # (one sheet of many, explored whole)
        fr_head, en_head = f"exploration complète{fr_sheet} : {states} états", \
            f"exploration complete{en_sheet}: {states} states"
        fr_tail, en_tail = "n'est prouvée que pour cette feuille", "is proven for that sheet only"
    else:
        why, left = BOUNDS.get(r["bound"], BOUNDS["timeout"]), r["states"] - r["expanded"]
        fr_head = f"exploration incomplète ({why[0]}){fr_sheet} après {states} états (dont {left} à développer)"
        en_head = f"exploration cut ({why[1]}){en_sheet} after {states} states ({left} left unexplored)"
        fr_tail, en_tail = "n'est pas prouvée", "is not proven"
    return note("deep-incomplete", span,
                f"{fr_head}, puis {played} parties au hasard ; paragraphes que ni l'une ni les autres n'ont "
                f"atteints{fr_named}. {ABSTRACT[abstract][0]} ; ce qui est signalé est sûr, mais "
                f"l'absence d'impasse {fr_tail}",
                f"{en_head}, then {played} random games; paragraphs reached by neither{en_named}. "
                f"{ABSTRACT[abstract][1]}; what is reported is certain, but the absence of "
                f"soft-locks {en_tail}")


ABSTRACT = {True: ("Les paragraphes jamais atteints et une victoire impossible sont trouvés par une "
                   "exploration abstraite (sans les caractéristiques) qui englobe toutes les parties",
                   "Paragraphs never entered and an impossible victory are found by an abstract "
                   "exploration (without the stats) that covers every game"),
            False: ("L'exploration abstraite (sans les caractéristiques) n'a pas fini à temps : les "
                    "paragraphes jamais atteints et la victoire impossible ne sont pas vérifiés non plus",
                    "The abstract exploration (without the stats) did not finish in time: paragraphs never "
                    "entered and an impossible victory are not checked either")}


def summary_message(s: dict, book: str) -> Message:
    """The command's line on one book's --deep: complete or cut (for one sheet of
    many, when so), at what cost, and (when it was run) the abstract exploration's
    states, or that it was cut."""
    took, limit = f"{s['seconds']:.1f}", f"{s['limit']:g}"
    fr_cost = f"en {took.replace('.', ',')} s (limite {limit.replace('.', ',')} s)"
    en_cost = f"in {took} s (limit {limit} s)"
    fr_more, en_more = ("", "") if "abstract" not in s else \
        (" ; exploration abstraite coupée", "; abstract exploration cut") if s["abstract"] is None else \
        (f" ; exploration abstraite : {s['abstract']} états", f"; abstract exploration: {s['abstract']} states")
    fr_sheet, en_sheet = _sheet(s)
    if s["complete"] and fr_sheet:   # (then random games, for the other sheets)
        first = f"{s['explored']:.1f}"
        return Message(f"--deep {book} : exploration complète{fr_sheet}, {s['states']} états en "
                       f"{first.replace('.', ',')} s, puis {s['games']} parties au hasard, {fr_cost}{fr_more}",
                       f"--deep {book}: exploration complete{en_sheet}, {s['states']} states in {first} s, "
                       f"then {s['games']} random games, {en_cost}{en_more}")
    if s["complete"]:
        return Message(f"--deep {book} : exploration complète{fr_sheet}, {s['states']} états {fr_cost}{fr_more}",
                       f"--deep {book}: exploration complete{en_sheet}, {s['states']} states {en_cost}{en_more}")
    why = BOUNDS.get(s["bound"], BOUNDS["timeout"])
    return Message(f"--deep {book} : exploration coupée ({why[0]}){fr_sheet} après {s['states']} états "
                   f"et {s['games']} parties au hasard, {fr_cost}{fr_more}",
                   f"--deep {book}: exploration cut ({why[1]}){en_sheet} after {s['states']} states "
                   f"and {s['games']} random games, {en_cost}{en_more}")
