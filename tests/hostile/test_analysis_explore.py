"""`gamebook explore` with bounds and replays that do not fit: a report or one clear
line, never a traceback."""
from __future__ import annotations

import pytest

from .conftest import BOOKS

ROLLED = BOOKS / "la-cloche-de-brumesel.yaml"    # rolled heroes: a sampled start
FIXED = BOOKS / "le-taureau-d-airain.yaml"


@pytest.mark.parametrize("book", [ROLLED, FIXED], ids=["sampled-start", "one-start"])
def test_a_single_state_bound_gives_a_bounded_report(gamebook, book):
    done = gamebook("explore", book, "--exhaustive", "--max-states", "1")
    assert "Traceback" not in done.err
    assert done.code == 0, done.err
    assert "0.00 % – 100.00 %" in done.out and "BOUNDED" in done.out


def test_a_replay_with_a_refused_answer_names_the_move(gamebook):
    done = gamebook("explore", FIXED, "--replay", "1:1,2,nonsense")
    assert done.code == 2
    assert done.one_line_error() == (
        "--replay: move 3 'nonsense' is refused ('nonsense' is not a possible answer here); "
        "the playthrough does not fit this book (has it changed?)")
    assert done.out.splitlines()[-1] == "> nonsense"   # the transcript up to the refusal


def test_a_refused_replay_in_french(gamebook):
    done = gamebook("explore", FIXED, "--replay", "1:zzz", "--lang", "fr")
    assert done.code == 2
    assert done.one_line_error() == (
        "--replay : le coup n° 1 « zzz » est refusé (réponse « zzz » impossible ici) ; "
        "la partie ne correspond pas à ce livre (a-t-il changé ?)")
