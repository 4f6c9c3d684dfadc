"""A command that runs out of memory (an exploration too big for the machine, or for a
process limit such as `ulimit -v`) ends with one line in the user's language saying so
and what to do, and status 1: never a Python traceback."""
from __future__ import annotations

import pytest

from engine.cli import main
from engine.commands import explore

from .conftest import BOOKS


def _runs_out(*_args, **_kwargs):
    raise MemoryError("Unable to allocate 2.02 GiB for an array with shape (9186304, 236)")


@pytest.mark.parametrize("lang, words", [("en", "gamebook explore: out of memory"),
                                         ("fr", "gamebook explore : mémoire épuisée")])
def test_an_exploration_out_of_memory_says_so_in_one_line(monkeypatch, capsys, lang, words):
    monkeypatch.setattr(explore, "_explore", _runs_out)
    code = main(["explore", str(BOOKS / "le-taureau-d-airain.yaml"), "--exhaustive", "--lang", lang])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    (line,) = err.splitlines()
    assert line.startswith(words) and "--max-states" in line
