"""The fighters' answers held in arrays that grow (fighters.py `Answers`) give a batch
what joining its fighters' own arrays gave (vector_fights.py `Fought.__call__` before):
each fighter's ends and pairs one fighter after another in the batch's order, a
fighter met twice read twice, the one with no answer (0) none, and the labels each
once in order of first appearance.  Planted bugs caught: the labels in the order of
their numbers, and a block's rows read from its neighbour's start."""
import numpy as np
import pytest

import engine.rules.chroniques_cretoises.fighters as F


def _answers(rng, count: int) -> list:
    """Answers of random sizes: (ends (k, 4), labels' numbers in the fighter's order,
    pairs (label, end, probability)), some of them empty."""
    made = []
    for i in range(count):
        k = int(rng.integers(0, 5)) if i % 7 else 0
        ends = rng.integers(0, 100, size=(k, 4))
        labels = [int(x) for x in rng.permutation(9)[:int(rng.integers(0, 4))]] if k else []
        pairs = np.array([(lab, int(rng.integers(0, k)), int(rng.integers(0, 50)))
                          for lab in labels for _ in range(int(rng.integers(1, 3)))],
                         dtype=np.int64).reshape(-1, 3)
        made.append((ends, labels, pairs))
    return made


def _joined(made: list, fighters: list) -> tuple:
    """What the batch read by joining each fighter's own arrays (0: no answer)."""
    none = (np.zeros((0, 4), dtype=np.int64), [], np.zeros((0, 3), dtype=np.int64))
    own = [made[f - 1] if f else none for f in fighters]
    labels = list(dict.fromkeys(lab for _e, labs, _p in own for lab in labs))
    return (np.concatenate([e for e, _l, _p in own]), [len(e) for e, _l, _p in own],
            np.concatenate([p for _e, _l, p in own]), labels)


def _read(answers, fighters: list) -> tuple:
    number = np.array(fighters, dtype=np.int64)
    ends, _lo, sizes = answers.ends.take(number)
    pairs = answers.pairs.take(number)[0]
    return ends, sizes.tolist(), pairs, answers.labelled(number)


def _check(answers, made, rng) -> None:
    for _ in range(20):   # batches of fighters, some met twice, some with no answer
        fighters = rng.integers(0, len(made) + 1, size=int(rng.integers(1, 40))).tolist()
        got, want = _read(answers, fighters), _joined(made, fighters)
        assert np.array_equal(got[0], want[0]) and got[1] == want[1]
        assert np.array_equal(got[2], want[2]) and got[3] == want[3]


def test_a_batch_reads_its_fighters_answers_as_joined():
    rng = np.random.default_rng(7)
    made = _answers(rng, 300)   # (past the arrays' first room: they grow)
    answers = F.Answers()
    numbers = [answers.add(*a) for a in made]
    assert numbers == list(range(1, len(made) + 1))
    _check(answers, made, rng)


@pytest.mark.parametrize("plant", ["sorted", "shifted"])
def test_a_bug_planted_in_the_answers_is_caught(monkeypatch, plant):
    if plant == "sorted":   # the labels in the order of their numbers
        monkeypatch.setattr(F.Answers, "labelled",
                            lambda self, answers: np.unique(self.labels.take(answers)[0][:, 0]).tolist())
    else:                   # each block read from its neighbour's start
        take = F.Rows.take

        def shifted(self, blocks):
            return take(self, np.maximum(blocks - 1, 0))
        monkeypatch.setattr(F.Rows, "take", shifted)
    rng = np.random.default_rng(7)
    made = _answers(rng, 300)
    answers = F.Answers()
    for a in made:
        answers.add(*a)
    with pytest.raises(AssertionError):
        _check(answers, made, rng)
