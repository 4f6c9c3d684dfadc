"""`gamebook explore` plays its silent games exactly as narrated ones, on the bundled books
(the kai plugin's book: tests/plugins/test_plugin_explore_silent.py)."""
import pytest

from tests.analysis_fixtures.silent import assert_silent_runs_match
from tests.analysis_fixtures.support import BOOKS, load


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_silent_runs_visit_what_narrated_runs_visit(path):
    book, module, _ = load(path)
    outcomes = assert_silent_runs_match(book, module, range(300))
    assert sum(outcomes.values()) == 300 and {"victory", "death"} <= set(outcomes)
