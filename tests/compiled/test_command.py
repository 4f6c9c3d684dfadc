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
    assert "§ 9: activity combat" in out and "paragraphs that took the engine path:" in out
