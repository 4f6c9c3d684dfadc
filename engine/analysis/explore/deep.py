"""The explorer's findings as lint diagnostics, for `gamebook lint --deep`.

Codes: `unreachable-in-play` (warning: linked in the static graph, never entered in
any reachable state), `soft-lock` (error: a state with no possible option that is
not an ending), `explore-error` (error: the engine or the module raised),
`victory-impossible` (error: no state is a victory).  Reachability findings need
the complete state space: when a bound is hit they are not reported (they would be
guesses), and random playthroughs are added to look for more errors.
"""
from __future__ import annotations

from ...diagnostics import Diagnostic, error, warning
from .parallel import run_batch
from .report import exhaustive
from .runs import Stats

RANDOM_FALLBACK_RUNS = 2000


def deep_diagnostics(book, module, doc, max_states: int = 100_000, timeout: float = 30.0,
                     jobs: int | None = 1) -> list[Diagnostic]:
    r = exhaustive(book, module, max_states=max_states, timeout=timeout)
    here = lambda n: doc.span(book.paragraphs[n].path, key=True) if n in book.paragraphs \
        else doc.span(("start",))
    out = []
    for n in r["unreachable_in_play"]:
        out.append(warning("unreachable-in-play", here(n),
                           f"le paragraphe {n} est relié au reste du livre mais aucune partie ne peut "
                           "l'atteindre (conditions jamais remplies à temps)",
                           f"paragraph {n} is linked to the book but no game can reach it "
                           "(its conditions never hold in time)"))
    for lock in r["soft_locks"]:
        n = lock["paragraph"]
        out.append(error("soft-lock", here(n),
                         f"impasse au paragraphe {n} : aucune option possible et ce n'est pas une fin "
                         f"(gamebook explore --replay {lock['replay']})",
                         f"soft-lock at paragraph {n}: no option is possible and it is not an ending "
                         f"(gamebook explore --replay {lock['replay']})"))
    errors = r["errors"]
    if not r["complete"]:
        errors = errors + _random_errors(book, module, jobs)
    seen = set()
    for e in errors:
        key = (e["type"], e["message"], e["paragraph"])
        if key not in seen:
            seen.add(key)
            out.append(error("explore-error", here(e["paragraph"]),
                             f"erreur du moteur au paragraphe {e['paragraph']} : {e['type']}: {e['message']} "
                             f"(gamebook explore --replay {e['replay']})",
                             f"engine error at paragraph {e['paragraph']}: {e['type']}: {e['message']} "
                             f"(gamebook explore --replay {e['replay']})"))
    if r["complete"] and not r["victory_reachable"]:
        out.append(error("victory-impossible", doc.span(("start",)),
                         "aucune partie ne peut mener à une victoire",
                         "no game can lead to a victory"))
    return out


def _random_errors(book, module, jobs) -> list[dict]:
    from .report import random_report
    stats: Stats = run_batch(book, module, RANDOM_FALLBACK_RUNS, seed=0, jobs=jobs)
    return [p for p in random_report(book, module, stats)["problems"] if p["kind"] == "error"]
