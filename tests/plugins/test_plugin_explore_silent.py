"""`gamebook explore` plays a third-party module's silent games exactly as narrated ones."""
from engine.lint.loader import load_book
from tests.analysis_fixtures.silent import assert_silent_runs_match


def test_silent_kai_runs_visit_what_narrated_runs_visit(kai_installed):
    loaded = load_book(kai_installed / "book" / "la-tour-de-brume.yaml", use_cache=False)
    outcomes = assert_silent_runs_match(loaded.book, loaded.module, range(300))
    assert sum(outcomes.values()) == 300 and "death" in outcomes
