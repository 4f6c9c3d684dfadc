"""The core checks, one behaviour a test: reachability, grants, output formats, cache."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.lint import loader

from .lintkit import GOOD, HEADER, book, codes, lint, write

BOOKS = Path(__file__).resolve().parents[2] / "books"


def test_computed_targets_are_followed(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: Sauter, to: "here + 20"}]}
          21: {text: Fin., end: victory}
          30: {text: Perdu., end: death}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (0, ["unreachable"])
    assert ":8:3: unreachable" in out


def test_oracle_exit_is_followed(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., oracle: true, choices: [{text: Aller, to: 2}]}
          2: {text: Fin., end: victory}
          21: {text: L'Oracle., end: victory}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--strict")
    assert (status, out) == (0, "")


def test_dynamic_target_makes_reachability_conservative_with_a_note(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: Sauter, to: "here + chance"}, {text: B, to: 2}]}
          2: {text: Fin., end: victory}
          30: {text: Peut-être., end: death}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--strict")
    assert (status, codes(out)) == (0, ["reachability-unchecked"])
    assert ":6:50: reachability-unchecked" in out


def test_unreachable_dynamic_jump_does_not_blind_the_check(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: B, to: 2}]}
          2: {text: Fin., end: victory}
          30: {text: Isolé., choices: [{text: Sauter, to: "here + chance"}]}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert codes(out) == ["unreachable"]


def test_dead_end_and_empty(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: B, to: 2}, {text: C, to: 3}]}
          2: {text: ""}
          3: {text: Fin., end: victory}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (1, ["dead-end", "empty-paragraph"])


def test_condition_on_a_god_never_granted(capsys, tmp_path):
    text = GOOD.replace("{pray: Zeus}", "{pray: Arès}")
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--strict")
    # the condition guards the book's only way to its victory (paragraph 4): an error
    assert (status, codes(out)) == (1, ["victory-unreachable"])
    assert "'Zeus' (god)" in out


def test_condition_never_granted_beside_another_way_to_the_victory(capsys, tmp_path):
    text = GOOD.replace("{pray: Zeus}", "{pray: Arès}").replace(
        "      - {text: Nord, to: 2}\n", "      - {text: Nord, to: 2}\n      - {text: Sud, to: 4}\n")
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (0, ["never-granted"])


AUTO_VICTORY = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n") + """\
hero: {equipment: []}
paragraphs:
  1:
    text: A door.
    effects: [{flag: heron}]
    choices:
      - {text: Go on, to: 2}
  2:
    text: The gate.
    auto:
      - {if: 'flag("heorn")', end: victory}
      - {end: death}
"""


def test_a_victory_reached_only_through_auto_is_closed_by_its_condition(capsys, tmp_path):
    """`auto: [{if: C, end: victory}]`: the paragraph wins only when C holds, so a C on
    a flag never set makes the book unwinnable (an error at the condition)."""
    status, out, _ = lint(capsys, write(tmp_path, AUTO_VICTORY), "--no-cache")
    assert (status, codes(out)) == (1, ["victory-unreachable"])
    assert ":15:20: victory-unreachable" in out and "did you mean 'heron'?" in out


@pytest.mark.parametrize("other", ["      - {if: 'flag(\"heron\")', end: victory}\n      - {end: death}\n",
                                   "      - {end: victory}\n"])
def test_an_auto_victory_beside_another_open_one(capsys, tmp_path, other):
    text = AUTO_VICTORY.replace("      - {end: death}\n", other)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (0, ["never-granted"])


def test_each_bad_condition_name_is_listed(capsys, tmp_path):
    text = GOOD.replace('has("cle") and god("Zeus")', 'has("lampe") or flag("jamais")')
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert codes(out) == ["unknown-reference", "never-granted"]


def test_json_and_github_formats(capsys, tmp_path):
    path = write(tmp_path, GOOD.replace("to: 2}", "to: 9}"))
    status, out, err = lint(capsys, path, "--format", "json", "--no-cache")
    assert status == 1 and err == ""
    assert json.loads(out) == [{"file": str(path), "line": 14, "column": 26, "code": "unknown-target",
                                "severity": "error", "message": "paragraph 9 does not exist (from 1)"}]
    _, out, _ = lint(capsys, path, "--format", "github", "--no-cache")
    assert out == f"::error file={path},line=14,col=26,title=unknown-target::paragraph 9 does not exist (from 1)\n"


def test_french_summary_and_caret(capsys, tmp_path):
    path = write(tmp_path, GOOD.replace("to: 2}", "to: 9}").replace("Un test.", "''"))
    status, out, err = lint(capsys, path, "--lang", "fr", "--show-source", "--no-cache")
    assert status == 1 and err == "1 erreur, 1 avertissement\n"
    assert out.splitlines()[1:3] == ["  14 |       - {text: Nord, to: 9}", "     |                          ^"]


def test_strict_fails_on_warnings_only(capsys, tmp_path):
    path = write(tmp_path, GOOD + "  5: {text: Oublié., end: death}\n")
    assert lint(capsys, path, "--no-cache")[0] == 0
    assert lint(capsys, path, "--no-cache", "--strict")[0] == 1


def test_usage_errors_exit_2(capsys, tmp_path):
    assert lint(capsys, "--format", "xml", write(tmp_path, GOOD))[0] == 2
    assert lint(capsys)[0] == 2


def test_several_books_sorted(capsys, tmp_path):
    a = write(tmp_path, GOOD.replace("to: 2}", "to: 9}"), "a.yaml")
    b = write(tmp_path, GOOD.replace("success: 4", "success: 8"), "b.yaml")
    _, out, _ = lint(capsys, b, a, "--no-cache")
    files = [line.split(":")[0] for line in out.splitlines()]
    assert files == sorted(files) and set(files) == {str(a), str(b)}


# --- the compiled-book cache -------------------------------------------------------
def cache_entry(tmp_path, text) -> tuple:
    path = write(tmp_path, text)
    first = loader.load_book(path)
    entries = list(loader.cache_dir().glob("*.json"))
    assert not first.from_cache and len(entries) == 1
    return path, entries[0], first


def test_cache_hit_gives_the_same_book_and_diagnostics(tmp_path):
    path, _, first = cache_entry(tmp_path, GOOD + "  5: {text: Oublié., end: death}\n")
    again = loader.load_book(path)
    assert again.from_cache
    assert again.diagnostics == first.diagnostics and again.book == first.book


def test_corrupted_truncated_and_foreign_entries_are_rebuilt(tmp_path):
    path, entry, first = cache_entry(tmp_path, GOOD)
    good = entry.read_bytes()
    payload = json.loads(good)
    damaged = [b"\x00garbage", good[: len(good) // 2],
               json.dumps(dict(payload, format=payload["format"] + 1)).encode(),
               json.dumps(dict(payload, rules_version="0.0.1")).encode(),
               json.dumps(dict(payload, key="0" * 64)).encode(),
               json.dumps(dict(payload, diagnostics=[{"code": 1}])).encode()]
    for bad in damaged:
        entry.write_bytes(bad)
        loaded = loader.load_book(path)
        assert not loaded.from_cache and loaded.book == first.book
        assert entry.read_bytes() == good  # rewritten whole


def test_cache_is_optional(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMEBOOK_NO_CACHE", "1")
    path = write(tmp_path, GOOD)
    assert loader.load_book(path).ok and not loader.load_book(path).from_cache


def test_a_comma_that_cuts_a_text_in_a_flow_mapping_gets_a_hint(capsys, tmp_path):
    """`{text: Vous partez, libre., end: victory}`: YAML reads a field 'libre.'."""
    text = book("""\
        paragraphs:
          1: {text: Vous quittez la foire, libre., end: victory}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--lang", "en")
    assert status == 1 and codes(out) == ["unknown-field"]
    assert ":6:36: unknown-field unknown field 'libre.'" in out
    assert "a comma separates fields: put the text in quotes" in out
    _, out, _ = lint(capsys, write(tmp_path, text.replace("foire, libre.", "foire")), "--no-cache")
    assert out == ""


def test_an_unknown_item_is_located_on_its_own_name_in_both_effect_forms(capsys, tmp_path):
    """`gain: x` points at x; in `gain: [a, x]` it points at x inside the list."""
    text = book("""\
        paragraphs:
          1:
            text: Début.
            effects: [{gain: torche}, {gain: [epee, lampe]}]
            end: victory
        """).replace("start: 1\n", "start: 1\nitems: {epee: {name: Épée}}\n")
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--lang", "en")
    assert codes(out) == ["unknown-item", "unknown-item"], out
    assert ":9:22: unknown-item unknown item 'torche'" in out
    assert ":9:45: unknown-item unknown item 'lampe'" in out


def test_every_unknown_key_of_a_mapping_is_reported(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1:
            text: Début.
            chioces: []
            choices:
              - {text: Nord, too: 2, to: 2, iff: x}
          2: {text: Fin., end: victory}
        """).replace("start: 1\n", "start: 1\ntitel: X\nautor: Y\n")
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert status == 1
    named = sorted(line.split("'")[1] for line in out.splitlines() if "unknown-field" in line)
    assert named == ["autor", "chioces", "iff", "titel", "too"], out
    assert codes(out).count("unknown-field") == len(codes(out))  # no "'title' is required" besides


def test_a_misspelt_required_field_is_reported_once(capsys, tmp_path):
    _, out, _ = lint(capsys, write(tmp_path, GOOD.replace("text: Début.", "txt: Début.")), "--no-cache")
    assert codes(out) == ["unknown-field"], out
    assert "did you mean 'text'" in out


def test_a_text_over_its_limit_states_the_limit(capsys, tmp_path):
    text = book(f"""\
        paragraphs:
          1:
            text: Début.
            choices:
              - {{text: {"x" * 250}, to: 2}}
          2: {{text: Fin., end: victory}}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert codes(out) == ["text-too-long"]
    assert "250 characters, the limit is 200" in out


def test_a_missing_start_paragraph_is_reported_once(capsys, tmp_path):
    text = GOOD.replace("start: 1\n", "start: 99\n")
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (1, ["unknown-target"]), out
    assert "start paragraph 99" in out


@pytest.mark.real_rules
@pytest.mark.parametrize("name,wrong,right", [
    ("le-taureau-d-airain", "defis-fantastiques", "chroniques-cretoises"),
    ("la-cloche-de-brumesel", "chroniques-cretoises", "defis-fantastiques")])
def test_a_book_under_the_wrong_rules_gets_one_error_naming_the_right_ones(
        name, wrong, right, capsys, tmp_path):
    text = (BOOKS / f"{name}.yaml").read_text(encoding="utf-8").replace(f"rules: {right}", f"rules: {wrong}")
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert (status, codes(out)) == (1, ["wrong-rules"]), out
    assert f"write 'rules: {right}'" in out


def test_a_few_shape_problems_are_not_blamed_on_the_rules(capsys, tmp_path):
    text = GOOD.replace("text: Début.", "txt: Début.")
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert "wrong-rules" not in codes(out) and "unknown-field" in codes(out)


def _roll(dice: str, *ranges) -> str:
    outcomes = ", ".join(f"{{range: [{a}, {b}], to: 2}}" for a, b in ranges)
    return book(f"""\
        paragraphs:
          1:
            text: Un dé.
            random: {{dice: {dice}, outcomes: [{outcomes}]}}
          2: {{text: Fin., end: victory}}
        """)


def test_an_overlap_is_reported_once_and_makes_no_false_gap(capsys, tmp_path):
    _, out, _ = lint(capsys, write(tmp_path, _roll("1d6", (1, 4), (3, 6))), "--no-cache")
    assert codes(out) == ["random-overlap"], out
    assert "result 3-4 leads" in out


def test_an_outcome_outside_the_dice_range(capsys, tmp_path):
    _, out, _ = lint(capsys, write(tmp_path, _roll("1d6", (1, 2), (3, 7))), "--no-cache")
    assert codes(out) == ["random-out-of-range"], out
    assert "outside what 1d6 can roll (1 to 6)" in out
    _, out, _ = lint(capsys, write(tmp_path, _roll("2d6", (2, 7), (8, 12))), "--no-cache")
    assert out == ""


def test_a_book_whose_start_reaches_no_victory(capsys, tmp_path):
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: B, to: 2}]}
          2: {text: Mort., end: death}
          3: {text: Trésor., end: victory}
        """)
    status, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--strict")
    assert (status, codes(out)) == (1, ["no-victory", "unreachable"]), out
    assert "victories: 3" in out
    _, out, _ = lint(capsys, write(tmp_path, text.replace("  3: {text: Trésor., end: victory}\n", "")),
                     "--no-cache")
    assert "the book has no victory" in out


def test_no_victory_is_reported_even_when_a_jump_depends_on_play(capsys, tmp_path):
    # However dynamic the jump, it cannot reach a victory the book does not have.
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: Sauter, to: "here + force"}]}
          2: {text: Mort., end: death}
        """)
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert codes(out) == ["no-victory", "reachability-unchecked"], out
    _, out, _ = lint(capsys, write(tmp_path, text.replace("end: death", "end: victory")), "--no-cache")
    assert codes(out) == ["reachability-unchecked"], out


def test_no_victory_counts_auto_endings_and_not_dead_ends(capsys, tmp_path):
    # Format 1.1: a paragraph whose `auto:` jump ends the game is an ending of that
    # kind; a dead end (no way out) is an error, never a victory.
    text = book("""\
        paragraphs:
          1: {text: Début., choices: [{text: A, to: 2}, {text: B, to: 3}]}
          2: {text: Fin., auto: [{end: death}]}
          3: {text: Rien.}
        """).replace("gamebook: 1\n", "gamebook: 1.1\n")
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache")
    assert codes(out) == ["no-victory", "dead-end"], out
    won = text.replace("{end: death}", "{end: victory}")
    _, out, _ = lint(capsys, write(tmp_path, won), "--no-cache")
    assert codes(out) == ["dead-end"], out


def _df_choice(condition: str, effects: str = "") -> str:
    """A Défis Fantastiques book whose first choice has `condition`."""
    return ("gamebook: 1\ntitle: Essai\nrules: defis-fantastiques\nstart: 1\nhero: {equipment: []}\n"
            "paragraphs:\n  1:\n    text: Vous.\n" + effects + "    choices:\n"
            f"      - {{text: A, to: 2, if: '{condition}'}}\n      - {{text: B, to: 2}}\n"
            "  2: {text: Victoire !, end: victory}\n")


@pytest.mark.real_rules
@pytest.mark.parametrize("condition,never", [
    ("chance > 30", True), ("or > 100 and or < 50", True), ("not (habileté <= 12)", True),
    ("chance > 12 or endurance < 0", True), ("chance > 5 and or > 100", False),
    ('not flag("x")', False), ("chance >= 12", False), ("luck > 12 or or > 1000", False),
    ("chance != 3 and chance != 4", False)])
def test_conditions_the_module_bounds_rule_out(condition, never, capsys, tmp_path):
    _, out, _ = lint(capsys, write(tmp_path, _df_choice(condition)), "--no-cache", "--strict")
    assert codes(out) == (["condition-never-holds"] if never else []), out


@pytest.mark.real_rules
def test_a_raised_ceiling_lifts_the_bound(capsys, tmp_path):
    text = _df_choice("chance > 15", "    effects: [{ceiling: {chance: 20}}]\n")
    _, out, _ = lint(capsys, write(tmp_path, text), "--no-cache", "--strict")
    assert out == ""
