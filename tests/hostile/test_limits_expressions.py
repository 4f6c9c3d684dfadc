"""Expressions that pass the type checker but fail on their values, and the French
names of the core functions: play tells where the book is wrong (file:line:col of
the expression) and goes on, or stops cleanly; lint catches what is constant."""
from __future__ import annotations

import pytest

from engine.book.compiler import CORE_ALIASES, book_aliases
from engine.game.dice import SeededDice
from engine.game import Game
from engine.game.faults import BookFault
from engine.lint.loader import load_book
from engine.rules import registry
from tests.hostile._limits_support import book_text, choice_book, no_traceback, one_line, run


def _game(tmp_path, text: str) -> Game:
    path = tmp_path / "book.yaml"
    path.write_text(text, encoding="utf-8")
    loaded = load_book(path, display=str(path), use_cache=False)
    assert loaded.ok, [d.message.en for d in loaded.diagnostics]
    return Game(loaded.book, loaded.module, SeededDice(1), lang="en")


# one expression per core alias, true in paragraph 1 once the sword and the flag are given
USES = {"has": 'X("epee")', "count": 'X("epee") == 1', "visited": "X(1)", "flag": 'X("vu")',
        "here": "X == 1"}


@pytest.mark.parametrize("alias", sorted(CORE_ALIASES))
def test_every_core_alias_plays_like_its_english_name(tmp_path, alias):
    condition = USES[CORE_ALIASES[alias]].replace("X", alias)
    game = _game(tmp_path, book_text(
        "  1:\n    text: Départ.\n    effects: [{gain: epee}, {flag: vu}]\n    choices:\n"
        f"      - {{text: A, to: 2, if: '{condition}'}}\n      - {{text: B, to: 3}}\n"
        "  2: {text: Victoire, end: victory}\n  3: {text: Mort, end: death}\n",
        extra="items:\n  epee: {name: Épée}\n"))
    assert [o.enabled for o in game.prompt().options] == [True, True]
    game.answer("1")
    assert game.state.ended == "victory"


def test_ici_is_a_static_target_like_here(tmp_path):
    path = tmp_path / "ici.yaml"
    path.write_text(choice_book("{text: A, to: 'ici + 1'}"), encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 0 and "reachability-unchecked" not in result.stdout


@pytest.mark.parametrize("rules", ["chroniques-cretoises", "defis-fantastiques"])
def test_every_module_alias_is_known_to_play(rules):
    module = registry.get(rules)
    names = set(module.expr_variables()) | set(module.expr_functions()) | {s.name for s in module.stats}
    names |= {"has", "count", "visited", "flag", "here"}
    assert set(book_aliases(module).values()) <= names


def test_a_constant_division_by_zero_is_a_lint_error(tmp_path):
    path = tmp_path / "zero.yaml"
    path.write_text(choice_book('{text: A, to: "1 / (2 - 2)"}'), encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1 and one_line(result, "zero.yaml:10:26", "division-by-zero")


def test_a_constant_beyond_max_int_is_a_lint_error(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text(choice_book('{text: A, to: 1, effects: [{set: {honneur: "99999 * 99999"}}]}'),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1 and one_line(result, "big.yaml:10:", "number-too-large")


def test_division_by_zero_in_play_is_located_and_the_game_goes_on(tmp_path):
    path = tmp_path / "div.yaml"
    path.write_text(choice_book('{text: Saut, to: "here + 1 / (honneur - honneur)"}'), encoding="utf-8")
    result = run(["play", "--lang", "en", path.name], tmp_path, stdin="1\n2\n")
    no_traceback(result)
    assert "book error, div.yaml:10:36: division by zero" in result.stdout.replace("\n", " ")
    assert result.returncode == 0 and "Victory!" in result.stdout


def test_a_failing_condition_disables_its_choice_with_the_place(tmp_path):
    game = _game(tmp_path, choice_book('{text: A, to: 2, if: "10 / (honneur - honneur) > 1"}'))
    first, second = game.prompt().options
    assert not first.enabled and second.enabled
    assert "book.yaml:10:34: division by zero" in first.reason.en


def test_stats_grown_by_multiplication_stop_at_max_int(tmp_path):
    game = _game(tmp_path, choice_book('{text: Encore, to: 1, effects: [{set: {honneur: "honneur * 1000 + 1"}}]}'))
    for moves in range(1, 10):   # ×1000 a move: past 10^9 within 4 moves
        before = game.state.to_json()
        try:
            game.answer("1")
        except BookFault as fault:
            assert "result too large" in fault.message.en and "book.yaml:10:" in fault.located().en
            break
    else:
        pytest.fail("no fault after 9 multiplications by 1000")
    assert moves >= 2 and abs(game.state.stats["honneur"]) <= 10 ** 9
    assert game.state.to_json() == before   # the move is undone


def test_added_amounts_stop_at_max_int(tmp_path):
    path = tmp_path / "add.yaml"
    path.write_text(choice_book("{text: Encore, to: 1, effects: [{add: {honneur: 999999999}}]}"),
                    encoding="utf-8")
    result = run(["play", "--lang", "en", path.name], tmp_path, stdin="1\n1\n2\n")
    no_traceback(result)
    assert "stat “honneur” would reach" in result.stdout
    assert result.returncode == 0


def test_a_failing_start_paragraph_stops_play_in_one_line(tmp_path):
    path = tmp_path / "start.yaml"
    path.write_text(book_text("  1:\n    text: Départ.\n    effects: [{set: {honneur: 'honneur / (honneur - honneur)'}}]\n"
                              "    choices: [{text: Fin, to: 2}]\n  2: {text: Victoire, end: victory}\n"),
                    encoding="utf-8")
    result = run(["play", "--lang", "en", path.name], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "book error, start.yaml:9:", "division by zero")


def test_deep_lint_reports_a_runtime_error_without_crashing(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text(choice_book('{text: Saut, to: "here + 1 / (honneur - honneur)"}'), encoding="utf-8")
    result = run(["lint", "--deep", str(path)], tmp_path)
    no_traceback(result)
    assert result.returncode == 1 and "explore-error" in result.stdout


def test_numbers_typed_at_the_prompt_never_crash(tmp_path):
    path = tmp_path / "typed.yaml"
    path.write_text(choice_book("{text: A, to: 2}"), encoding="utf-8")
    typed = "①\n" + "9" * 5000 + "\n-" + "9" * 5000 + "\n1 " + "9" * 5000 + "\n٣\n2\n"
    result = run(["play", "--lang", "en", path.name], tmp_path, stdin=typed)
    no_traceback(result)
    assert result.returncode == 0 and "Victory!" in result.stdout
    said = result.stdout
    # ① and ٣ are not numbers; 5,000 digits are a number out of every range
    assert said.count("Unknown command") + said.count("unknown command") >= 2
    assert said.count("There is no choice 999999999…") >= 1
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_a_paragraph_number_in_other_digits_is_a_schema_error(tmp_path):
    path = tmp_path / "digits.yaml"
    path.write_text(book_text("  1: {text: A, end: victory}\n  \"①\": {text: 3}\n"), encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    # (at the key itself, issue 31: not at `paragraphs:`)
    assert result.returncode == 1 and one_line(result, "digits.yaml:8:3:", "①", "schema")


def test_french_names_pass_deep_lint(tmp_path):
    path = tmp_path / "fr.yaml"
    path.write_text(book_text(
        "  1:\n    text: Départ.\n    effects: [{gain: epee}, {flag: vu}]\n    choices:\n"
        "      - {text: A, to: 'ici + 1', if: 'possède(\"epee\") et visité(1) et drapeau(\"vu\") "
        "et nombre(\"epee\") == 1'}\n      - {text: B, to: 3}\n"
        "  2: {text: Victoire, end: victory}\n  3: {text: Mort, end: death}\n",
        extra="items:\n  epee: {name: Épée}\n"), encoding="utf-8")
    result = run(["lint", "--deep", str(path)], tmp_path)
    no_traceback(result)
    assert result.returncode == 0, result.stdout + result.stderr


DF_HEAD = ("gamebook: 1\ntitle: DF\nrules: defis-fantastiques\nstart: 1\nhero: {{habilete: '{f}'}}\n"
           "items:\n  epee: {{name: Épée}}\n  balluchon: {{name: Balluchon}}\n")


def test_a_hero_formula_dividing_by_a_zero_roll_stops_play_in_one_line(tmp_path):
    path = tmp_path / "hero.yaml"
    path.write_text(book_text("  1: {text: A, end: victory}\n", head=DF_HEAD.format(f="1d6 / (1d6 - 1d6)")),
                    encoding="utf-8")
    result = run(["play", "--lang", "en", "--dice", "3,3,3", path.name], tmp_path)
    assert result.returncode == 1
    assert one_line(result, "book error, hero.yaml:5:23: division by zero")


def test_a_dice_formula_that_can_outgrow_max_int_is_a_lint_error(tmp_path):
    path = tmp_path / "hero.yaml"
    path.write_text(book_text("  1: {text: A, end: victory}\n", head=DF_HEAD.format(f="1d6 * 999999999")),
                    encoding="utf-8")
    result = run(["lint", str(path)], tmp_path)
    assert result.returncode == 1 and one_line(result, "hero.yaml:5:23", "result too large")
