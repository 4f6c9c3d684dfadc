"""The explorer's findings as lint diagnostics, for `gamebook lint --deep`.

Codes: `unreachable-in-play` (warning: linked in the static graph, never entered in
any game), `soft-lock` (error: a state with no possible option that is not an
ending, with its replay), `explore-error` (error: the engine or the module raised),
`victory-impossible` (error: no game can win; at each condition that closes the last
way when one does, closing.py), `deep-incomplete` (note: the exact exploration was
cut, or explored one sheet of many, so the absence of soft-locks is not proven).

Two explorations, each for what it can prove:
* the abstract one (reach.py: the paragraph and the facts conditions test, stats,
  dice and fights left open) over-approximates play and is small even on real books:
  a paragraph it never enters is reported `unreachable-in-play`, and when it reaches
  no victory, `victory-impossible` is reported, whether the exact one completes or not;
* the exact one, on the compiled path (deep_compiled.py: the states in arrays, a
  wall-clock deadline checked between batches and in a fight's pricing), or with
  `engine=True` today's (explorer.py, every state played by the engine), runs until
  `EXPLORE_SHARE` of the time limit is spent; its lens (lens.py: seconds on a book of
  thousands of paragraphs) gets at most `LENS_SHARE` of that: a lens not built in time
  is left out (states are merged less, never wrongly).  On a book rolling more sheets
  than the compiled path explores at once, one sheet is explored.  When it stops short
  of a proof (a bound; one sheet of many), random playthroughs use the rest of the
  time, the clock checked before every game, and every soft-lock or error *either*
  found is kept; complete over every start, its own `unreachable-in-play` and
  `victory-impossible` stand (more precise than the abstract ones), and a state or a
  game that wins or enters a paragraph always overrides the abstraction;
* `deep-incomplete` says where and why the exact exploration stopped (bound, states
  left unexplored, the one sheet explored, paragraphs reached by neither it nor the
  games nor proven unreachable);
* `summary` (a dict, when given) receives what was done (`summary_message` words
  it for the command's last line: complete or cut, states, seconds against the limit).
"""
from __future__ import annotations

import itertools
import threading
import time

from engine.diagnostics import Diagnostic, error
from engine.lint.checks import graph as static_graph
from engine.rules.watchdog import HookTimeout
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.closing import closing_conditions, exact_frontier
from engine.analysis.explore.deep_text import BOUNDS, errors as error_diagnostics, incomplete, lock, \
    summary_message, unreachable
from engine.analysis.explore.lens import Lens
from engine.analysis.explore.reach import Reach, other_wins
from engine.analysis.explore.report import exhaustive_report, replay_spec
from engine.analysis.explore.runs import Stats, new_game, play, run_seed

__all__ = ["deep_diagnostics", "summary_message", "BOUNDS", "random_games", "bounded_explore"]

EXPLORE_SHARE = 0.6
REACH_SHARE = 0.3     # the abstract exploration's, before it (milliseconds on real books)
LENS_SHARE = 0.25     # of the exploration's share
MAX_STEPS = 2000
ENGINE_MAX_STATES = 100_000   # today's explorer's bound (the compiled path's: deep_compiled.MAX_STATES)


def deep_diagnostics(book, module, doc, max_states: int | None = None, timeout: float = 30.0,
                     runs: int | None = None, summary: dict | None = None, engine: bool = False,
                     cut=None) -> list[Diagnostic]:
    """`cut`: the watch's `deep_compiled.Cut` (lint's watchdog.watching stops a call
    into the module past the deadline through it); `engine`: today's explorer."""
    begun = time.monotonic()
    deadline = begun + timeout
    reach = _reach(book, module, REACH_SHARE * timeout)
    r, lens = _exact(book, module, max_states, EXPLORE_SHARE * timeout, engine, cut)
    explored = time.monotonic() - begun
    here = lambda n: doc.span(book.paragraphs[n].path, key=True) if n in book.paragraphs \
        else doc.span(("start",))  # noqa: E731
    whole = r["complete"] and r.get("sheet") is None   # (every start explored whole: a proof)
    locks = {x["paragraph"]: x["replay"] for x in r["soft_locks"]}
    errors = list(r["errors"])
    stats, played = Stats(), 0
    if not whole:
        stats, played = random_games(book, module, runs, deadline)
        _random_findings(stats, locks, errors)
    never = _never_entered(r, whole, reach, stats)
    closed, behind = [], set()
    won = r["victory_reachable"] or stats.outcomes.get("victory")
    if not won and (whole or reach is not None and not reach.victory):
        closed, behind = _victory_impossible(book, module, reach, doc, set(r["reached"]) if whole else None)
    out = [unreachable(n, here(n)) for n in never if n not in behind]   # those behind: named by `closed`
    out += [lock(n, replay, here(n)) for n, replay in sorted(locks.items())]
    out += error_diagnostics(errors, here) + closed
    if not whole:
        out.append(incomplete(r, (stats, played), set(never), reach is not None, doc.span(("start",))))
    if summary is not None:
        summary.update(complete=r["complete"], states=r["states"], expanded=r["expanded"],
                       bound=r["bound"], games=played, lens=lens, limit=timeout,
                       seconds=time.monotonic() - begun, explored=explored, path=r["path"],
                       abstract=None if reach is None else sum(map(len, reach.states.values())))
        if r.get("sheet") is not None:
            summary.update(sheet=r["sheet"], sheets=r["sheets"])
    return out


def _exact(book, module, max_states, seconds: float, engine: bool, cut) -> tuple[dict, bool]:
    """(the exact exploration's findings within `seconds` (report.py's fields, with
    "path": "compiled" or "engine" and, for one sheet of many, "sheet" and "sheets"),
    whether the lens was used).  A book whose creation fails goes to today's
    explorer, which reports it."""
    from engine.analysis.explore import deep_compiled   # (lazy: the compiled path imports this package)
    chosen = None if engine else deep_compiled.sheet_to_explore(book, module)
    if chosen is None:
        space, lens = bounded_explore(book, module, max_states or ENGINE_MAX_STATES, seconds)
        r = exhaustive_report(book, module, space, findings=False)
        return r | {"path": "engine"}, lens
    begun = time.monotonic()
    sheet, count = chosen
    lens = _lens(book, module, LENS_SHARE * seconds)
    r = deep_compiled.explore(book, module, lens, begun + seconds, sheet, max_states or deep_compiled.MAX_STATES,
                              cut)
    return r | {"path": "compiled", "sheet": sheet, "sheets": count}, lens is not None


def _reach(book, module, seconds: float) -> Reach | None:
    """The abstract exploration (reach.py) finished within `seconds`, or None (cut,
    or the module failing in it: its hooks are then reported by the exact
    exploration, which calls them too)."""
    try:
        reach = Reach(book, module, timeout=seconds)
    except HookTimeout:
        raise
    except Exception:  # noqa: BLE001 - without it --deep proves less, and says so
        return None
    return reach if reach.complete else None


def _never_entered(r: dict, whole: bool, reach, stats: Stats) -> list:
    """The paragraphs linked to the book that no game enters: the exact space's when
    it explored every start whole, or else those the abstract exploration never
    enters (sound: it over-approximates play), less any that a state or a game did
    enter."""
    if whole or reach is None:
        return r["unreachable_in_play"]
    return sorted(n for n in r["not_reached"] if n not in reach.reached and n not in stats.hits)


def _victory_impossible(book, module, reach, doc, entered) -> tuple[list[Diagnostic], set]:
    """(an error at each condition that closes the last way: false in every abstract
    state when the abstraction proves it, else, from the complete exact space
    (`entered`, its paragraphs), at each way toward a victory that no game takes
    (a fight, a test, a condition on the stats); one at the start when neither
    finds one; the paragraphs behind those ways, which the errors name)."""
    located, behind = closing_conditions(reach, doc) if reach is not None else ([], set())
    if not located and entered is not None:
        wins = reach.other_wins if reach is not None else other_wins(book)
        located, behind = exact_frontier(book, static_graph(book, module), entered, wins, doc)
    return located or [error("victory-impossible", doc.span(("start",)),
                             "aucune partie ne peut mener à une victoire",
                             "no game can lead to a victory")], behind


def bounded_explore(book, module, max_states: int, timeout: float):
    """(the explored space, whether the lens was used), all within `timeout` seconds
    but for the one expansion under way when it runs out."""
    begun = time.monotonic()
    explorer = Explorer(book, module, max_states=max_states, timeout=timeout, lens=False)
    explorer.lens = _lens(book, module, LENS_SHARE * timeout)
    explorer.timeout = max(0.0, timeout - (time.monotonic() - begun))
    try:
        return explorer.run(), explorer.lens is not None
    except HookTimeout as late:
        if late.hook != "fight_outcomes":
            raise   # a hook of play itself: the module is reported as failing
    # The module's exact fight analysis outlasted the bound (a fight too big for it,
    # or a module that hangs): the exploration so far stands, cut, and says why.
    space = explorer.space
    for s, done in enumerate(space.done):
        if done and not space.actions.has_moves(s) and not space.ended[s] and s not in space.soft_locks:
            space.done[s], space.expanded = False, space.expanded - 1   # the one interrupted
    space.bound = "slow-fight"
    return space, explorer.lens is not None


def _lens(book, module, seconds: float) -> Lens | None:
    """The explorer's lens if it is built within `seconds`, else None.  It is built in
    a thread because it cannot be interrupted; one left late stops at its next
    closure (`_Abandoned`), or else finishes in the background (a daemon sharing the
    core) and its result is dropped."""
    built: list = []
    abandoned = threading.Event()

    def build():
        try:
            built.append(_Abandoned.lens(book, module, abandoned))
        except Exception:   # noqa: BLE001 (without a lens the exploration is slower, still right)
            pass
    worker = threading.Thread(target=build, name="gamebook-lens", daemon=True)
    worker.start()
    worker.join(seconds)
    abandoned.set()
    return built[0] if built else None


class _Abandoned(Exception):
    """A late lens stops its work (through `Lens._closure`, one a paragraph: were it
    renamed, a late lens would only finish its work for nothing).  A lens built in
    time is never stopped: its refreshes (a path the graph missed) run in full."""

    @staticmethod
    def lens(book, module, abandoned: threading.Event) -> Lens:
        class Stoppable(Lens):
            ready = False

            def _closure(self, n):
                if not self.ready and abandoned.is_set():
                    raise _Abandoned
                return super()._closure(n)
        lens = Stoppable(book, module)
        lens.ready = True
        return lens


def _random_findings(stats: Stats, locks: dict, errors: list) -> None:
    """The soft-locks and errors of the random games, added to the exploration's."""
    for p in stats.problems.values():
        ex = p["example"]
        if p["outcome"] == "soft-lock" and locks.get(ex["paragraph"]) is None:   # (or the exploration's had none)
            locks[ex["paragraph"]] = replay_spec(ex["seed"], ex["moves"])
        elif p["outcome"] == "error":
            errors.append({"type": ex.get("type"), "message": ex.get("message"), "paragraph": ex["paragraph"],
                           "replay": replay_spec(ex["seed"], ex["moves"])})


def random_games(book, module, runs: int | None, deadline: float, seed: int = 0,
                 clock=time.monotonic) -> tuple[Stats, int]:
    """Random playthroughs (as `explore --runs`, one core) until `deadline` on
    `clock`, none begun after it; at most `runs` of them when it is given (None: the
    whole time, where a rare soft-lock may still turn up)."""
    stats, game = Stats(), None
    for i in itertools.count() if runs is None else range(runs):
        if clock() >= deadline:
            return stats, i
        s = run_seed(seed, i)
        if game is None:
            try:
                game = new_game(book, module, s)
            except Exception:  # noqa: BLE001 - play() makes it again and reports why it fails
                game = None
        stats.add(play(book, module, i, s, MAX_STEPS, game=game))
    return stats, runs
