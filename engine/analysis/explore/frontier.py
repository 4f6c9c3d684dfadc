"""What a cut exploration left out: the gap between its bounds, where it lies, and why.

The low bound counts the states left unexplored (the frontier) as lost, the high bound
as won (solve.py).  This says, for the report:

* `gap`: the high bound minus the low one;
* `unexplored`: the paragraphs of the frontier, most states first: states found and
  not expanded (a `--timeout`), and the paragraphs whose moves led to states never
  added (a `--max-states`: the move is known, not the state);
* `leaves`: the walk of the play that reaches the high bound, from the start to the
  state where it leaves the explored part (at each move the outcome holding most of
  the gap, no state twice): why the high bound stays high;
* `ceiling`: how many states found and not expanded the ceiling (ceiling.py) counts
  as lost in the high bound too, and why, and how many it counts below 1 (routes.py:
  the fights and tests ahead at their best chance); each paragraph listed in
  `unexplored` with its highest ceiling;
* `splits`: what tells apart the states of the frontier's paragraphs, the slots that
  multiply their number most (Stamina ×18: the states there hold 18 times as many as
  they would without it).  The lens (lens.py) keeps only what the book reads later,
  so each of these is read ahead and nothing can forget it: that is why the space is
  larger than the bound.
"""
from __future__ import annotations

from collections import Counter

from engine.analysis.explore.worth import Worth
from engine.analysis.explore.compact import HEAD
from engine.analysis.explore.space import FRONTIER, Space

TOP = 5               # paragraphs listed
SPLITS = 4            # slots listed
SAMPLE = 50_000       # states read for the splits
WALK = 200            # longest walk of the high bound's play


def frontier(space: Space, low: list[float], high: list[float]) -> dict | None:
    """The gap's account (above) of a cut space, None for a complete one; `low`,
    `high`: every state's bounds (solve.values, the frontier lost, then won)."""
    if space.bound is None or space.sample:
        return None
    unexplored, cut = Counter(), Counter()
    done, final, paragraph, targets = space.done, space.final, space.paragraph, space.actions.targets
    for s in range(len(done)):
        if not done[s]:
            if final[s] is None:
                unexplored[paragraph[s]] += 1
        elif FRONTIER in targets[s]:
            cut[paragraph[s]] += 1
    where = unexplored + cut
    top = [n for n, _ in where.most_common(TOP)]
    ceiling = None if space.ceiling is None else Worth(space.ceiling, space).account()
    highest = ceiling.pop("paragraphs") if ceiling is not None else {}
    return {"unexplored": [dict({"paragraph": n, "states": where[n]},
                                **({"ceiling": highest[n]} if n in highest else {})) for n in top],
            "leaves": _leaves(space, low, high), "splits": _splits(space, set(top)), "ceiling": ceiling}


def _leaves(space: Space, low: list[float], high: list[float]) -> list[int]:
    """The paragraphs the high bound's play walks through (its best move, then the
    outcome that holds most of the gap, no state twice) until it meets the frontier."""
    def worth(t) -> float:
        return high[t] if t >= 0 else (1.0 if t == FRONTIER else 0.0)

    def gap(t) -> float:
        return high[t] - low[t] if t >= 0 else (1.0 if t == FRONTIER else 0.0)

    branches = space.root
    walked, out = set(), []
    for _ in range(WALK):
        branches = [(p, t) for p, t in branches if t == FRONTIER or (t >= 0 and t not in walked)]
        if not branches:
            break
        p, s = max(branches, key=lambda b: float(b[0]) * gap(b[1]))
        if s == FRONTIER:
            break
        walked.add(s)
        out.append(space.paragraph[s])
        if not space.done[s] or not space.actions.has_moves(s):
            break
        moves = [b for _text, b in space.actions[s] if any(t == FRONTIER or (t >= 0 and t not in walked) for _p, t in b)]
        if not moves:
            break
        branches = max(moves, key=lambda b: sum(float(p) * worth(t) for p, t in b))
    return [n for i, n in enumerate(out) if i == 0 or out[i - 1] != n]


def _splits(space: Space, paragraphs: set) -> list[dict]:
    """The slots that multiply the number of states at these paragraphs most: the
    states there, distinct, over the same states with the slot left out."""
    lay = space.states.layout
    codes = [space.states.code(s) for s in range(len(space.paragraph))
             if space.paragraph[s] in paragraphs and space.final[s] is None][:SAMPLE]
    if not codes:
        return []
    whole = len(set(codes))
    found = []
    for i in range(HEAD, len(lay)):
        keep = ~lay.mask(i)
        without = len({c & keep for c in codes})
        if without < whole:
            part, key = lay.names[i - HEAD]
            found.append({"part": part, "name": str(key), "factor": whole / without})
    found.sort(key=lambda x: -x["factor"])
    return found[:SPLITS]


def labelled(cut: dict | None, module) -> dict | None:
    """The splits' stats (and starting values) with the module's labels ({"fr": "Endurance", "en": "Stamina"}),
    for the report's words (its ids are the module's, in French: `or` for the gold)."""
    for x in (cut or {}).get("splits", ()):
        stat = module.stat(x["name"]) if x["part"] in ("stats", "initial") else None
        if stat is not None:
            x["label"] = {"fr": stat.label.fr, "en": stat.label.en}
    return cut

