"""The explorer's findings as lint diagnostics, for `gamebook lint --deep`.

Codes: `unreachable-in-play` (warning: linked in the static graph, never entered in
any reachable state), `soft-lock` (error: a state with no possible option that is
not an ending), `explore-error` (error: the engine or the module raised),
`victory-impossible` (error: no state is a victory), `deep-incomplete` (note: the
exploration was cut, so the absence of a finding proves nothing).

Honest and bounded:
* the exhaustive exploration gets `EXPLORE_SHARE` of the time limit; when it is cut
  (time or state bound), random playthroughs use the rest, the clock checked
  before every game, and every soft-lock or error *either* found is kept;
* reachability findings (`unreachable-in-play`, `victory-impossible`) need the
  complete space: when it was cut they are not reported, and `deep-incomplete`
  says where and why (bound, states, paragraphs not reached, games played);
* `summary` (a dict, when given) receives what was done, for the command's line.
"""
from __future__ import annotations

import time

from ...diagnostics import Diagnostic, error, note, warning
from .report import exhaustive_report, replay_spec
from .runs import Stats, new_game, play, run_seed
from .space import explore

RANDOM_FALLBACK_RUNS = 2000
EXPLORE_SHARE = 0.6
MAX_STEPS = 2000


def deep_diagnostics(book, module, doc, max_states: int = 100_000, timeout: float = 30.0,
                     runs: int = RANDOM_FALLBACK_RUNS,
                     summary: dict | None = None) -> list[Diagnostic]:
    deadline = time.monotonic() + timeout
    space = explore(book, module, max_states=max_states, timeout=EXPLORE_SHARE * timeout)
    r = exhaustive_report(book, module, space, findings=False)
    here = lambda n: doc.span(book.paragraphs[n].path, key=True) if n in book.paragraphs \
        else doc.span(("start",))  # noqa: E731
    locks = {x["paragraph"]: x["replay"] for x in r["soft_locks"]}
    errors = list(r["errors"])
    played = 0
    if not r["complete"]:
        stats, played = random_games(book, module, runs, deadline)
        for p in stats.problems.values():
            ex = p["example"]
            if p["outcome"] == "soft-lock":
                locks.setdefault(ex["paragraph"], replay_spec(ex["seed"], ex["moves"]))
            elif p["outcome"] == "error":
                errors.append({"type": ex.get("type"), "message": ex.get("message"), "paragraph": ex["paragraph"],
                               "replay": replay_spec(ex["seed"], ex["moves"])})
    out = [_unreachable(n, here(n)) for n in r["unreachable_in_play"]]
    out += [_lock(n, replay, here(n)) for n, replay in sorted(locks.items())]
    out += _errors(errors, here)
    if r["complete"] and not r["victory_reachable"]:
        out.append(error("victory-impossible", doc.span(("start",)),
                         "aucune partie ne peut mener à une victoire", "no game can lead to a victory"))
    if not r["complete"]:
        out.append(_incomplete(r, played, doc.span(("start",))))
    if summary is not None:
        summary.update(complete=r["complete"], states=r["states"], bound=r["bound"], games=played)
    return out


def random_games(book, module, runs: int, deadline: float, seed: int = 0) -> tuple[Stats, int]:
    """Up to `runs` random playthroughs (as `explore --runs`, one core), none begun
    after `deadline`."""
    stats, game = Stats(), None
    for i in range(runs):
        if time.monotonic() >= deadline:
            return stats, i
        s = run_seed(seed, i)
        if game is None:
            game = new_game(book, module, s)
        stats.add(play(book, module, i, s, MAX_STEPS, game=game))
    return stats, runs


def _unreachable(n, span) -> Diagnostic:
    return warning("unreachable-in-play", span,
                   f"le paragraphe {n} est relié au reste du livre mais aucune partie ne peut "
                   "l'atteindre (conditions jamais remplies à temps)",
                   f"paragraph {n} is linked to the book but no game can reach it "
                   "(its conditions never hold in time)")


def _lock(n, replay, span) -> Diagnostic:
    return error("soft-lock", span,
                 f"impasse au paragraphe {n} : aucune option possible et ce n'est pas une fin "
                 f"(gamebook explore --replay {replay})",
                 f"soft-lock at paragraph {n}: no option is possible and it is not an ending "
                 f"(gamebook explore --replay {replay})")


def _errors(errors, here) -> list[Diagnostic]:
    out, seen = [], set()
    for e in errors:
        key = (e["type"], e["message"], e["paragraph"])
        if key not in seen:
            seen.add(key)
            out.append(error("explore-error", here(e["paragraph"]),
                             f"erreur du moteur au paragraphe {e['paragraph']} : {e['type']}: {e['message']} "
                             f"(gamebook explore --replay {e['replay']})",
                             f"engine error at paragraph {e['paragraph']}: {e['type']}: {e['message']} "
                             f"(gamebook explore --replay {e['replay']})"))
    return out


def _incomplete(r: dict, played: int, span) -> Diagnostic:
    why = {"max-states": ("limite d'états atteinte", "state bound hit")}.get(
        r["bound"], ("limite de temps atteinte (--deep-timeout)", "time limit hit (--deep-timeout)"))
    missing = ", ".join(map(str, r["not_reached"][:20])) + (" ..." if len(r["not_reached"]) > 20 else "")
    missing = missing or "-"
    return note("deep-incomplete", span,
                f"exploration incomplète : {why[0]} après {r['states']} états ({r['expanded']} développés) ; "
                f"paragraphes non atteints : {missing} ; puis {played} parties au hasard. "
                "Ce qui est signalé est sûr, mais l'absence d'impasse n'est pas prouvée",
                f"exploration cut: {why[1]} after {r['states']} states ({r['expanded']} expanded); "
                f"paragraphs not reached: {missing}; then {played} random games. "
                "What is reported is certain, but the absence of soft-locks is not proven")
