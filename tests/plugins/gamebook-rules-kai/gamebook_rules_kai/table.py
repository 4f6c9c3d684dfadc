"""The combat results table: combat ratio column x random number (0-9) -> losses.

The numbers are this module's own (not any published book's): each cell is
(Endurance lost by the enemy, Endurance lost by the hero).  The better the ratio
and the higher the number, the more the enemy loses and the less the hero does.
"""
from __future__ import annotations

# (lowest ratio, highest ratio) of each column; None is unbounded.
COLUMNS = ((None, -7), (-6, -4), (-3, -1), (0, 0), (1, 3), (4, 6), (7, None))

ENEMY = (
    (0, 0, 1, 1, 2, 2, 3, 3, 4, 5),
    (0, 1, 1, 2, 2, 3, 3, 4, 5, 6),
    (1, 1, 2, 3, 3, 4, 4, 5, 6, 7),
    (1, 2, 3, 3, 4, 5, 5, 6, 7, 8),
    (2, 3, 3, 4, 5, 6, 6, 7, 8, 9),
    (3, 4, 4, 5, 6, 7, 8, 8, 9, 10),
    (4, 5, 6, 6, 7, 8, 9, 10, 11, 12),
)
HERO = (
    (9, 8, 7, 7, 6, 5, 5, 4, 3, 2),
    (8, 7, 6, 6, 5, 4, 4, 3, 2, 2),
    (6, 6, 5, 5, 4, 4, 3, 2, 2, 1),
    (5, 5, 4, 4, 3, 3, 2, 2, 1, 0),
    (4, 4, 3, 3, 3, 2, 2, 1, 0, 0),
    (3, 3, 2, 2, 2, 1, 1, 0, 0, 0),
    (2, 2, 1, 1, 1, 0, 0, 0, 0, 0),
)


def column(ratio: int) -> int:
    """Index of the column holding a combat ratio."""
    for i, (low, high) in enumerate(COLUMNS):
        if (low is None or ratio >= low) and (high is None or ratio <= high):
            return i
    raise AssertionError(ratio)  # the columns cover every integer


def losses(ratio: int, number: int) -> tuple[int, int]:
    """(enemy loss, hero loss) for a combat ratio and a random number 0-9."""
    if not 0 <= number <= 9:
        raise ValueError(f"random number {number} is not in 0-9")
    c = column(ratio)
    return ENEMY[c][number], HERO[c][number]


def random_number(play, purpose: str = "random-number") -> int:
    """Draw from the random number table: 0 to 9, through the game's dice."""
    return play.roll(1, 10, purpose)[0] - 1
