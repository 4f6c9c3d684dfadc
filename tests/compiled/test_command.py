"""`gamebook explore --exhaustive --compiled`: the exact value in text and JSON, the
paragraphs that took the engine path, and --timeout bounding it."""
import json
from pathlib import Path

from engine.cli import main

BOOKS = Path(__file__).parent / "books"
ROOT = Path(__file__).resolve().parents[2]


def test_the_compiled_path_gives_todays_exact_value(capsys):
    assert main(["explore", str(BOOKS / "tests.yaml"), "--exhaustive", "--sheet", "1", "--format", "json",
                 "--no-store"]) == 0
    today = json.loads(capsys.readouterr().out)
    assert main(["explore", str(BOOKS / "tests.yaml"), "--exhaustive", "--compiled", "--sheet", "1",
                 "--format", "json"]) == 0
    compiled = json.loads(capsys.readouterr().out)
    assert compiled["complete"] and compiled["exact"]["fraction"] == today["exact"] == "10243/10368"
    assert compiled["engine_paragraphs"] == {} and compiled["engine_states"] == 0


def test_the_text_names_the_paragraphs_of_the_engine_path_and_a_timeout_bounds_it(capsys):
    book = str(ROOT / "books" / "la-cloche-de-brumesel.yaml")
    assert main(["explore", book, "--exhaustive", "--compiled", "--sheet", "1", "--timeout", "0.5",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "bound reached (timeout): at least" in out
    # (la-cloche-de-brumesel's fights are compiled now: la-couronne-de-sel's random
    # rolls still take the engine path)
    book = str(ROOT / "books" / "la-couronne-de-sel.yaml")
    assert main(["explore", book, "--exhaustive", "--compiled", "--sheet", "1", "--max-states", "3000",
                 "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "§ 11: activity random" in out and "paragraphs that took the engine path:" in out


def test_the_french_text_writes_numbers_the_french_way(capsys):
    """Thousands apart with a narrow space, a decimal comma, and a family of strategies
    said once ("honour-keep-1..9"), as today's explorer does."""
    book = str(ROOT / "books" / "le-taureau-d-airain.yaml")
    assert main(["explore", book, "--exhaustive", "--compiled", "--sheet", "1", "--max-states", "3000",
                 "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    states = out.splitlines()[1]
    assert "\u202f" in states and "," not in states.split(" états")[0], states
    assert "au moins 0,0000 %" in out and "honour-keep-1.." in out and "honour-keep-2," not in out
