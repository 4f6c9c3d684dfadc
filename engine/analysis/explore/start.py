"""The start of the game, hero creation included: the root chance node of the exploration.

When creation yields at most `max_sheets` distinct starting states, all of them are
the root, each with its exact probability.  Beyond (rolled characters: 4,356 sheets
in Défis Fantastiques), exploring every sheet is out of reach, and the root is a
random sample of them instead: each drawn by playing the real creation with seeded
dice (so drawn with its true probability), the same sheet drawn twice counting
twice.  The odds are then an estimate: the mean over the sample of each sheet's
best-play odds (themselves exact or bounded), with a confidence interval from the
spread between sheets; the report says so.  Sheets are drawn in batches while time
allows and the sheets already drawn are well known.
"""
from __future__ import annotations

from engine.game.dice import SeededDice
from engine.analysis.explore.space import NeedRoll

FIRST_BATCH = 16
MAX_DRAWS = 4096
DRAWING = 0.6      # new sheets are drawn in the first 60 % of the time only
Z95 = 1.959964   # two-sided 95 % normal quantile


def margin95(values: list[float]) -> float:
    """The 95 % margin of the mean of a sample of sheets' odds (normal approximation:
    Z95 times the sample's standard deviation over the square root of its size; one
    sheet: the widest spread a probability can have, 0.5)."""
    n = len(values)
    mean = sum(values) / n
    spread = (sum((v - mean) ** 2 for v in values) / (n - 1)) ** 0.5 if n > 1 else 0.5
    return Z95 * spread / n ** 0.5


def count_starts(explorer, limit: int) -> int:
    """How many distinct roll sequences creation can take, counting no further than
    `limit` + 1 (no state is made)."""
    from engine.analysis.explore.space import ForcedDice
    game, count, todo = explorer.game, 0, [()]
    while todo and count <= limit:
        prefix = todo.pop()
        try:
            game.reset(ForcedDice(prefix))
        except NeedRoll as need:
            todo += [prefix + (faces,) for faces, _q in explorer.outcomes(need)]
            continue
        except Exception:  # reported when the root is made
            pass
        count += 1
    return count + len(todo)


class Sample:
    """Sheets drawn at random, each with its seed; `root` gives them equal weights."""

    def __init__(self, explorer, seed: int):
        self.x, self.seed = explorer, seed
        self.drawn: list[int] = []     # state of each draw

    def draw(self, k: int) -> None:
        x = self.x
        for i in range(len(self.drawn), len(self.drawn) + k):
            try:
                x.game.reset(SeededDice(self.seed * 1_000_003 + i))
            except Exception as exc:  # a failing creation is a finding
                x._error(None, None, (), exc)
                continue
            self.drawn.append(x._state(x.game.state, None, None, ()))
        n = len(self.drawn)
        weights: dict = {}
        for t in self.drawn:
            weights[t] = weights.get(t, 0.0) + 1.0 / n
        x.space.root = sorted(((w, t) for t, w in weights.items()), key=lambda wt: wt[1])

    def more(self, elapsed: float, timeout: float) -> bool:
        """Draw another batch?  While time allows (the sheets drawn are well known)."""
        return len(self.drawn) < MAX_DRAWS and elapsed < DRAWING * timeout
