"""One strike, as pure functions: how many dice, the number needed, hit or miss.

Rule text: 2d6 + Force against the defender's Protection; equal or more wounds;
11 and 12 always wound, 2 and 3 always miss.  A Grièvement Blessé fighter rolls one
die: a 1 always misses, a 6 does not always wound.  When every fighter is
Grièvement Blessé, all roll two dice again.
"""
from __future__ import annotations

from engine.support.records import record

from engine.rules.chroniques_cretoises.names import GRIEVEMENT


def dice_count(attacker_condition: int, all_badly_wounded: bool, two_dice_rule: bool = True) -> int:
    if attacker_condition >= GRIEVEMENT and not (all_badly_wounded and two_dice_rule):
        return 1
    return 2


def needed(force: int, protection: int) -> int:
    """The smallest dice total that wounds, before the automatic results."""
    return protection - force


@record(frozen=True)
class Result:
    hit: bool
    automatic: str | None   # "hit" | "miss" | None


# The four results, made once (a strike is the most frequent move of a fight).
AUTO_MISS, AUTO_HIT = Result(False, "miss"), Result(True, "hit")
HIT, MISS = Result(True, None), Result(False, None)


def resolve(faces: list[int], force: int, protection: int) -> Result:
    total = sum(faces)
    if len(faces) == 2:
        if total <= 3:
            return AUTO_MISS
        if total >= 11:
            return AUTO_HIT
    elif total == 1:
        return AUTO_MISS
    return HIT if total + force >= protection else MISS


def chance_words(count: int, need: int) -> tuple[str, str]:
    """How the needed number reads for the player, automatic results included."""
    if count == 2:
        if need > 11:
            return "11 ou 12 (réussite automatique)", "11 or 12 (automatic hit)"
        if need <= 4:
            return "4 ou plus (2 et 3 manquent toujours)", "4 or more (2 and 3 always miss)"
        return f"{need} ou plus", f"{need} or more"
    if need > 6:
        return f"{need}, impossible avec un seul dé", f"{need}, impossible with one die"
    if need <= 2:
        return "2 ou plus (1 manque toujours)", "2 or more (1 always misses)"
    return f"{need} ou plus", f"{need} or more"
