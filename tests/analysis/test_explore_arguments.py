"""Bounds and counts on the command line must be numbers above 0: a usage error (exit 2)
in the user's language, never a run that explores nothing."""
from pathlib import Path

import pytest

from engine import cli

BOOK = str(Path(__file__).resolve().parents[2] / "books" / "la-cloche-de-brumesel.yaml")


@pytest.mark.parametrize("words", [
    ["explore", "--timeout", "-1", "--exhaustive"], ["explore", "--timeout", "nan"],
    ["explore", "--runs", "0"], ["explore", "--jobs", "x"], ["explore", "--max-states", "-5"],
    ["explore", "--max-steps", "0"], ["lint", "--deep", "--deep-timeout", "0"],
])
@pytest.mark.parametrize("lang, expected", [("en", "a number greater than 0 is expected"),
                                            ("fr", "un nombre plus grand que 0 est attendu")])
def test_non_positive_bounds_are_usage_errors(words, lang, expected, capsys):
    with pytest.raises(SystemExit) as stop:
        cli.main(words + ["--lang", lang, BOOK])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert expected in err and words[-1] in err


def test_positive_bounds_are_accepted(capsys):
    assert cli.main(["explore", "--runs", "3", "--jobs", "1", "--timeout", "0.5", BOOK]) in (0, 1)
    assert "3" in capsys.readouterr().out
