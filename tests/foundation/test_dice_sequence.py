"""Seeded dice draw exactly what `random.Random(seed).randint(1, sides)` draws:
saves and `--seed` replays depend on every seed keeping its rolls."""
from __future__ import annotations

import copy
import pickle
import random

from engine.game.dice import SeededDice, from_json


def _reference(seed: int, sizes: list[int]) -> list[int]:
    rng = random.Random(seed)
    return [rng.randint(1, s) for s in sizes]


def test_d6_faces_are_randint_faces():
    for seed in (0, 1, 7, 123456, 999999):
        dice = SeededDice(seed)
        assert [dice.face(6) for _ in range(500)] == _reference(seed, [6] * 500)


def test_mixed_sizes_are_randint_faces():
    sizes = [6, 6, 20, 4, 6, 100, 1, 2, 6, 8, 3, 6, 6, 12] * 20
    for seed in (2, 42, 31337):
        dice = SeededDice(seed)
        assert [dice.face(s) for s in sizes] == _reference(seed, sizes)


def test_saved_state_replays_mixed_sizes():
    sizes = [6, 6, 20, 20, 6, 4]
    dice = SeededDice(5)
    for s in sizes:
        dice.face(s)
    saved = dice.to_json()
    assert saved["sides"] == [[6, 2], [20, 2], [6, 1], [4, 1]]
    again = from_json(saved)
    assert [again.face(6) for _ in range(50)] == [dice.face(6) for _ in range(50)]


def test_only_d6_saves_no_sizes_and_replays():
    dice = SeededDice(9)
    for _ in range(30):
        dice.face(6)
    saved = dice.to_json()
    assert saved == {"kind": "seeded", "seed": 9, "draws": 30}
    assert from_json(saved).face(6) == dice.face(6)


def test_first_die_not_a_d6_is_recorded():
    dice = SeededDice(3)
    dice.face(20)
    assert dice.to_json()["sides"] == [[20, 1]]


def test_copies_keep_drawing_the_same_faces():
    dice = SeededDice(11)
    dice.face(6)
    for twin in (copy.deepcopy(dice), pickle.loads(pickle.dumps(dice))):
        assert [twin.face(6) for _ in range(20)] == _reference(11, [6] * 21)[1:]
    assert dice.face(6) == _reference(11, [6] * 2)[1]   # the copies drew on their own


def test_whole_rolls_are_the_same_faces_and_state():
    sizes = [(2, 6), (1, 6), (3, 6), (1, 20), (2, 6), (4, 4), (2, 6)]
    for seed in (1, 77, 2024):
        one, whole = SeededDice(seed), SeededDice(seed)
        for count, sides in sizes:
            assert whole.faces(count, sides) == [one.face(sides) for _ in range(count)]
            assert whole.to_json() == one.to_json()
        flat = [s for count, sides in sizes for s in [sides] * count]
        assert from_json(whole.to_json()).face(6) == _reference(seed, flat + [6])[-1]


def test_many_seeded_rolls_of_one_two_and_three_d6_are_the_faces_of_single_dice():
    """faces() draws one or two d6 without a loop over the dice: the same faces."""
    for seed in range(300):
        one, whole = SeededDice(seed), SeededDice(seed)
        for count in (2, 1, 2, 3, 2, 2, 1, 2) * 6:
            assert whole.faces(count, 6) == [one.face(6) for _ in range(count)], seed
        assert whole.to_json() == one.to_json() and whole.face(6) == one.face(6)
