"""The compiled report says what today's report says, finding by finding, on the fixture
books: the exact value, the paragraphs reached and unreachable in play, the soft-locks
and engine errors (with replays that lead there), the doomed paragraphs, the deciding
rolls and fights, the best route, and what the lens forgot."""
from pathlib import Path

import pytest

from engine.analysis.compiled.report import compiled_report
from engine.analysis.explore.report import exhaustive
from engine.cli import main
from engine.lint.loader import load_book

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "analysis_fixtures" / "books"
BOOKS = [FIXTURES / f"{n}.yaml" for n in ("crash", "softlock", "quest", "hopeless", "codewords", "df-duel",
                                          "df-crypt", "cc-duels")]
BOOKS += [ROOT / "tests" / "analysis" / "books" / f"{n}.yaml" for n in ("doomed", "setback", "softlock-deep",
                                                                       "bounds-road", "loop-chance")]
BOOKS += [ROOT / "tests" / "compiled" / "books" / f"{n}.yaml" for n in ("auto-once", "cc-rules", "counted-notes",
                                                                       "fights", "tests")]
TIES = {"hub", "meal", "arene"}   # (best moves of equal value: either route is best play)


def both(path, sheet=None):
    loaded = load_book(path, use_cache=False)
    today = exhaustive(loaded.book, loaded.module, 100_000, 60, sheet=sheet)
    return today, compiled_report(loaded.book, loaded.module, 100_000, sheet=sheet, timeout=60)


@pytest.fixture(scope="module")
def reports():
    return {}


def report(reports, path):
    if path not in reports:
        reports[path] = both(path)
    return reports[path]


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_the_value_and_the_places_are_today_s(reports, path):
    today, compiled = report(reports, path)
    for key in ("complete", "exactness", "exact", "victory_reachable", "reached", "unreachable_in_play",
                "not_reached", "dropped"):
        assert compiled[key] == today[key], key
    assert compiled["victory"]["low"] == pytest.approx(today["victory"]["low"], abs=1e-12)


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_soft_locks_errors_and_doomed_paragraphs_are_today_s(reports, path):
    today, compiled = report(reports, path)
    assert [x["paragraph"] for x in compiled["soft_locks"]] == [x["paragraph"] for x in today["soft_locks"]]
    assert sorted((e["paragraph"], e["type"], e["message"]) for e in compiled["errors"]) == \
        sorted((e["paragraph"], e["type"], e["message"]) for e in today["errors"])
    assert [x["paragraph"] for x in compiled["doomed"]] == [x["paragraph"] for x in today["doomed"]]


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.stem)
def test_the_route_and_the_deciding_rolls_are_today_s(reports, path):
    today, compiled = report(reports, path)
    route = lambda r: [(x["paragraph"], x["move"], round(x["odds"]["value"], 9)) for x in r["best_route"]]  # noqa: E731
    assert route(compiled) == route(today)
    # (among states of a paragraph whose weights tie, either may stand for it: its worst outcome may differ)
    deciding = lambda r: sorted((x["paragraph"], x["move"], round(x["lost_here"]["value"], 9))  # noqa: E731
                                for x in r["deciding"])
    assert deciding(compiled) == deciding(today)


@pytest.mark.parametrize("name", sorted(TIES))
def test_a_route_among_ties_is_as_good_as_today_s(name):
    path = next(p for d in (FIXTURES, ROOT / "tests" / "analysis" / "books", ROOT / "tests" / "compiled" / "books",
                            ROOT / "tests" / "fixtures" / "books") for p in [d / f"{name}.yaml"] if p.exists())
    today, compiled = both(path)
    assert compiled["best_route"][0]["odds"]["value"] == pytest.approx(today["best_route"][0]["odds"]["value"])
    assert all(not x["move"].startswith("#") for x in compiled["best_route"])   # (every move in words)


def test_a_soft_lock_s_replay_leads_to_it(capsys):
    book = str(FIXTURES / "softlock.yaml")
    assert main(["explore", book, "--exhaustive", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert "Soft-lock at § 3: no option is possible" in out
    spec = out.split("--replay ", 1)[1].split()[0]
    assert main(["explore", book, "--replay", spec, "--lang", "en"]) == 0
    assert "End: in progress" in capsys.readouterr().out


def test_an_engine_error_s_replay_raises_it(capsys):
    book = str(FIXTURES / "crash.yaml")
    assert main(["explore", book, "--exhaustive", "--format", "json"]) == 1
    import json
    r = json.loads(capsys.readouterr().out)
    [error] = r["errors"]
    assert error["paragraph"] == 2 and error["replay"]
    assert main(["explore", book, "--replay", error["replay"]]) == 1
    assert error["type"] in capsys.readouterr().err


def test_a_cut_run_says_where_the_gap_lies_as_today_s():
    """The paragraphs holding the unexplored states, the high bound's walk from the start,
    and the columns that multiply the states there (explore/frontier.py's account)."""
    loaded = load_book(ROOT / "books" / "la-couronne-de-sel.yaml", use_cache=False)
    r = compiled_report(loaded.book, loaded.module, 5_000, sheet=1)
    f = r["frontier"]
    assert not r["complete"] and r["victory"]["gap"] == r["victory"]["high"] - r["victory"]["low"] > 0
    counts = [x["states"] for x in f["unexplored"]]
    assert counts == sorted(counts, reverse=True) and 0 < sum(counts) <= r["states"] - r["expanded"]
    assert f["leaves"][0] == loaded.book.start and all(x["factor"] > 1 for x in f["splits"])
    from engine.analysis.compiled.report import compiled_text
    assert "  Gap between the bounds: " in compiled_text(r, "en")
    whole = load_book(ROOT / "tests" / "compiled" / "books" / "tests.yaml", use_cache=False)
    assert compiled_report(whole.book, whole.module, 100_000, sheet=1)["frontier"] is None   # (nothing cut)


def test_a_book_rolling_thousands_of_sheets_gets_the_sample_by_default(capsys):
    """la-cloche-de-brumesel rolls 4,356 sheets: without --sheet the default is the engine
    explorer's sample within --timeout (the exact table over each is --compiled: hours)."""
    import json
    book = str(ROOT / "books" / "la-cloche-de-brumesel.yaml")
    assert main(["explore", book, "--exhaustive", "--timeout", "1", "--format", "json", "--no-store"]) == 0
    r = json.loads(capsys.readouterr().out)
    assert "path" not in r and r["exactness"] in ("sampled", "bounded")
    assert main(["explore", book, "--exhaustive", "--sheet", "1", "--max-states", "50", "--format", "json",
                 "--no-store"]) == 0
    assert json.loads(capsys.readouterr().out)["path"] == "compiled"


def test_a_book_rolling_a_few_sheets_keeps_the_values_of_every_start(tmp_path, monkeypatch, capsys):
    """As today's explorer: the table, and the findings and values of one space over every start."""
    monkeypatch.delenv("GAMEBOOK_NO_CACHE", raising=False)
    monkeypatch.setenv("GAMEBOOK_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["explore", str(FIXTURES / "softlock.yaml"), "--exhaustive", "--jobs", "1", "--lang", "en"]) == 1
    out = capsys.readouterr().out
    [kept] = (tmp_path / "cache" / "values").glob("*-all.json")
    assert f"Values kept for 'odds' in play and the editor's hover: {kept}" in out
    assert "Difficulty by rolled character (2 possible characters, exact)" in out
    assert out.count("Difficulty by rolled character") == 1 and "Best route of the likeliest rolled character" in out
