"""Mistakes Chroniques Crétoises books make that used to pass silently: each one
now has its located diagnostic, and the right spellings stay clean."""
from cc_helpers import HEADER, ITEMS, codes, game, load

TOP = (HEADER + ITEMS).count("\n")   # lines before the test's body


def find(loaded, code):
    return [d for d in loaded.diagnostics if d.code == code]


def one_choice(condition: str, header: str = HEADER) -> str:
    return ("hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n"
            f"    choices: [{{text: a, to: 2, if: '{condition}'}}, {{text: b, to: 2}}]\n"
            "  2: {text: y, end: victory}\n")


def test_a_negative_invocation_cost_is_an_error_where_it_is_written(tmp_path):
    """In play a price of -2 raised Honour from 3 to 5."""
    loaded = load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n"
                            "    choices: [{text: a, to: 2, invoke: {god: Athéna, cost: -2}}]\n"
                            "  2: {text: y, end: victory}\n")
    (d,) = find(loaded, "negative-honour")
    assert d.span.human()[0] == TOP + 5 and "-2" in d.message.en


def test_a_cost_formula_that_can_go_below_zero_and_a_negative_reward(tmp_path):
    loaded = load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Loup, force: 2, protection: 12, beast: true}]\n"
                            "      reward: -3\n      win: 2\n"
                            "      invoke: {god: Athéna, cost: '1d6 - 3', to: 2}\n"
                            "  2: {text: y, end: victory}\n")
    found = find(loaded, "negative-honour")
    assert [d.span.human()[0] for d in found] == [TOP + 7, TOP + 9], loaded.diagnostics
    assert "as low as -2" in found[1].message.en


def test_positive_prices_and_rewards_are_clean(tmp_path):
    loaded = load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Loup, force: 2, protection: 12, beast: true}]\n"
                            "      reward: 2\n      win: 2\n"
                            "      invoke: {god: Athéna, cost: 1d6, to: 2}\n"
                            "  2: {text: y, end: victory}\n")
    assert codes(loaded) == []


def test_an_unknown_god_or_attitude_compared_in_a_condition(tmp_path):
    for condition, wrong in (('patron == "Athenna"', "Athenna"), ('god("Zebulon") == "neutre"', "Zebulon"),
                             ('god("Arès") != "defavorabel"', "defavorabel"),
                             ('condition == "blesse grave"', "blesse grave")):
        loaded = load(tmp_path, one_choice(condition))
        assert codes(loaded) == ["unknown-reference"], (condition, loaded.diagnostics)
        assert wrong in loaded.diagnostics[0].message.en


def test_accents_and_case_are_optional_in_lint_and_in_play_alike(tmp_path):
    """`"defavorable"` without its accent was silently never equal in play."""
    header = HEADER + "options: {gods: [Artémis]}\n"
    body = ("hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n"
            "    effects: [{god: {Artémis: défavorable}}]\n"
            "    choices:\n"
            "      - {text: a, to: 2, if: 'god(\"Artemis\") == \"defavorable\" and patron == \"athena\"'}\n"
            "      - {text: b, to: 2, if: 'god(\"artémis\") != \"Défavorable\"'}\n"
            "  2: {text: y, end: victory}\n")
    assert codes(load(tmp_path, body, header=header)) == []
    g = game(tmp_path, body, header=header)
    assert [o.enabled for o in g.prompt().options] == [True, False]


def test_a_negated_flag_never_given_is_not_warned(tmp_path):
    """`not flag("x")` always holds when x is never set: nothing to warn."""
    assert codes(load(tmp_path, one_choice('not flag("jamais")'))) == []
    assert codes(load(tmp_path, one_choice('flag("jamais")'))) == ["never-granted"]


def test_a_beast_that_surrenders(tmp_path):
    loaded = load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Loup, force: 2, protection: 12, beast: true, surrenders: true}]\n"
                            "      win: 2\n  2: {text: y, end: victory}\n")
    (d,) = find(loaded, "beast-surrenders")
    assert d.span.human()[0] == TOP + 6


def test_an_armour_slot_used_once_next_to_a_close_one(tmp_path):
    items = ITEMS + "  heaume: {name: Heaume, armour: {slot: têtes, protection: 2}}\n"
    loaded = load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1: {text: x, end: victory}\n", items=items)
    (d,) = find(loaded, "armour-slot-typo")
    assert "'têtes'" in d.message.en and "'tête'" in d.message.en
    assert codes(load(tmp_path, "hero: {patron: Athéna}\nparagraphs:\n  1: {text: x, end: victory}\n")) == []


FIGHT = """\
hero: {patron: Athéna}
paragraphs:
  1:
    text: x
    combat:
      enemies: [{name: Garde, force: 2, protection: 12}]
      win: 2
      surrender: {to: 3, accepted: false}
  2: {text: y, end: victory}
  3: {text: z, end: death}
"""


def test_a_refused_surrender_whose_target_nothing_else_reaches(tmp_path):
    (d,) = find(load(tmp_path, FIGHT), "refused-surrender-unreachable")
    assert d.span.human()[0] == TOP + 8
    assert codes(load(tmp_path, FIGHT.replace("{to: 3, accepted: false}", "{accepted: false}")
                      .replace("  3: {text: z, end: death}\n", ""))) == []
    assert codes(load(tmp_path, FIGHT.replace("      win: 2\n", "      win: 2\n      retreat: 3\n"))) == []


def test_a_suggestion_is_the_name_as_the_rules_write_it(tmp_path):
    (d,) = load(tmp_path, one_choice('god("Athéna") == "defavorabel"')).diagnostics
    assert "did you mean “défavorable”?" in d.message.en
    (d,) = load(tmp_path, one_choice('patron == "Athenna"')).diagnostics
    assert "did you mean “Athéna”?" in d.message.en
