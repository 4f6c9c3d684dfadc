"""`gamebook odds --rules ID` with values no fight has: a usage error (exit 2) in one
line, in French and English, quickly and in little memory; never a MemoryError."""
from __future__ import annotations

import pytest

from engine.analysis.arguments import MAX_ENEMIES, MAX_VALUE

HUGE_SHEETS = ("--hero", "12/100000", "--enemy", "12/100000")


def test_huge_sheets_are_refused_before_any_solving(gamebook):
    done = gamebook("odds", "--rules", "defis-fantastiques", *HUGE_SHEETS)
    assert done.code == 2
    assert done.one_line_error() == f"error: --hero: 100000 is too large (at most {MAX_VALUE})"


def test_huge_sheets_are_refused_in_french_too(gamebook):
    done = gamebook("odds", "--rules", "df", *HUGE_SHEETS, lang="fr")
    assert done.code == 2
    assert done.one_line_error() == f"erreur : --hero : 100000 est trop grand (au plus {MAX_VALUE})"


def test_a_huge_honour_is_refused(gamebook):
    done = gamebook("odds", "--rules", "chroniques-cretoises", "--hero", "5/10", "--enemy", "5/10",
                    "--honour", "100000000")
    assert done.code == 2
    assert done.one_line_error() == f"error: --honour: 100000000 is too large (at most {MAX_VALUE})"


def test_thousands_of_digits_are_refused_not_a_python_int_error(gamebook):
    done = gamebook("odds", "--rules", "df", "--hero", "12/" + "9" * 5000, "--enemy", "1/1")
    assert done.code == 2
    assert done.one_line_error().startswith("error: --hero: 999999999999… is too large")


@pytest.mark.parametrize("flag", ["--armour", "--luck"])
def test_the_module_s_own_numbers_are_bounded_too(gamebook, flag):
    value = "1/100000" if flag == "--armour" else "100000"
    done = gamebook("odds", "--rules", "df", "--hero", "12/20", "--enemy", "6/6", flag, value)
    assert done.code == 2
    assert done.one_line_error() == f"error: {flag}: 100000 is too large (at most {MAX_VALUE})"


def test_too_many_enemies_are_refused(gamebook):
    enemies = ["--enemy", "7/1"] * (MAX_ENEMIES + 1)
    done = gamebook("odds", "--rules", "cc", "--hero", "5/10", *enemies)
    assert done.code == 2
    assert done.one_line_error() == f"error: {MAX_ENEMIES + 1} --enemy: at most {MAX_ENEMIES} enemies"


def test_a_fight_within_the_numbers_but_too_big_to_solve_is_refused(gamebook):
    done = gamebook("odds", "--rules", "df", "--hero", "12/999", "--enemy", "12/999")
    assert done.code == 2
    assert done.one_line_error() == ("error: this fight cannot be analysed: "
                                     "fight has more than 200000 states")


def test_many_enemies_together_are_refused_before_their_choices_explode(gamebook):
    enemies = ["--enemy", "7/1"] * 11
    done = gamebook("odds", "--rules", "df", "--hero", "12/20", *enemies, "--mode", "together")
    assert done.code == 2
    assert done.one_line_error() == ("error: this fight cannot be analysed: "
                                     "more than 10 enemies together")


def test_many_enemies_one_by_one_are_still_solved(gamebook):
    done = gamebook("odds", "--rules", "df", "--hero", "12/20", *["--enemy", "7/2"] * 15)
    assert done.code == 0 and "Expected length" in done.out


def test_a_fight_too_big_to_solve_is_refused_in_french(gamebook):
    done = gamebook("odds", "--rules", "df", "--hero", "12/999", "--enemy", "12/999", lang="fr")
    assert done.code == 2
    assert done.one_line_error() == ("erreur : combat impossible à analyser : "
                                     "le combat a plus de 200000 états")
