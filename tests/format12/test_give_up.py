"""Format 1.2 `give_up` (issue 31 item 3): stats among the things to give, copies
shown, and `none:` when nothing can be given or the player declines."""
from __future__ import annotations

import json

from engine.cli import main

from .f12b_helpers import codes, game, load, printed, refuses, run, where

TOLL = """\
paragraphs:
  1:
    text: Le péage.
    effects:
      - {gain: {fleche: 4}}
      - {give_up: {count: 1, except: [epee], stats: [provisions], none: {to: 3, effects: [{add: {chance: -4}}]}}}
      - {add: {or: -1}}
    choices: [{text: Passer, to: 2}]
  2: {text: Fin., end: victory}
  3: {text: Refoulé., end: death}
"""


def labels(g, lang="en"):
    return [getattr(o.label, lang) for o in g.prompt().options]


def test_stats_and_copies_are_offered_and_declining_is_possible(tmp_path):
    g = game(tmp_path, TOLL)
    assert g.prompt().kind == "give-up"
    assert labels(g) == ["Balluchon", "Flèche ×4", "Provisions: 1 (of 2)", "Give nothing"]
    assert labels(g, "fr") == ["Balluchon", "Flèche ×4", "Provisions : 1 (sur 2)", "Ne rien donner"]


def test_giving_a_provision_costs_one_point_then_the_paragraph_goes_on(tmp_path):
    g = game(tmp_path, TOLL)
    g.answer("give-stat:provisions")
    assert g.state.stats["provisions"] == 1 and g.state.stats["or"] == 14
    assert g.prompt().kind == "choice" and g.state.items["fleche"] == 4


def test_giving_one_copy_keeps_the_others(tmp_path):
    g = game(tmp_path, TOLL)
    g.answer("give:fleche")
    assert g.state.items["fleche"] == 3 and g.prompt().kind == "choice"


def test_declining_takes_the_none_outcome(tmp_path):
    g = game(tmp_path, TOLL)
    g.answer("give-none")
    assert g.state.paragraph == 3 and g.state.stats["chance"] == 5 and g.state.ended == "death"
    assert g.state.stats["or"] == 15   # the effects after the give-up are not applied


def test_nothing_to_give_takes_the_none_outcome_at_once(tmp_path):
    body = TOLL.replace("{gain: {fleche: 4}}", "{lose: [balluchon]}").replace("stats: [provisions], ", "")
    g = game(tmp_path, body)
    assert g.state.paragraph == 3 and g.state.stats["chance"] == 5
    assert any(e["type"] == "give-up" and e["say"]["en"] == "You have nothing to give up." for e in g.drain())


def test_none_outcomes_end_the_game_or_carry_on(tmp_path):
    ends = TOLL.replace("{to: 3, effects: [{add: {chance: -4}}]}", "{end: victory}")
    g = game(tmp_path, ends)
    g.answer("give-none")
    assert g.state.ended == "victory" and g.state.paragraph == 1
    carry = TOLL.replace("{to: 3, effects: [{add: {chance: -4}}]}", "{effects: [{add: {chance: -4}}]}")
    g = game(tmp_path, carry)
    g.answer("give-none")
    assert g.state.paragraph == 1 and g.state.stats["chance"] == 5 and g.state.stats["or"] == 14
    assert g.prompt().kind == "choice"
    g = game(tmp_path, TOLL.replace("{to: 3, effects: [{add: {chance: -4}}]}", "continue"))
    g.answer("give-none")
    assert g.state.stats["or"] == 14 and g.prompt().kind == "choice"


def test_a_choice_that_asks_moves_to_none_instead_of_its_target(tmp_path):
    body = """\
    paragraphs:
      1:
        text: Le passeur.
        choices: [{text: Payer, to: 2, effects: [{give_up: {count: 1, none: 3}}]}]
      2: {text: Fin., end: victory}
      3: {text: Refoulé., end: death}
    """
    g = game(tmp_path, body)
    g.answer("1")
    g.answer("give-none")
    assert g.state.paragraph == 3
    g = game(tmp_path, body.replace("text: Le passeur.", "text: Le passeur.\n        effects: [{lose: [epee, balluchon]}]"))
    g.answer("1")   # nothing to give: `none:` at once, not the choice's target
    assert g.state.paragraph == 3 and g.state.ended == "death"


def test_a_game_saved_while_giving_up_resumes_with_its_none(tmp_path):
    from engine.saves.store import check, restore, snapshot
    g = game(tmp_path, TOLL)
    obj = snapshot(g)
    assert obj["pending"]["stats"] == ["provisions"] and check(g.book, g.module, obj) == []
    again, warnings = restore(g.book, g.module, json.loads(json.dumps(obj)))
    assert warnings == []
    again.answer("give-none")
    assert again.state.paragraph == 3


def test_the_1_1_workaround_gives_the_same_games(tmp_path):
    """Format 1.1 wrote the offer as three choices and a workaround paragraph."""
    old = """\
    paragraphs:
      1:
        text: Le péage.
        effects: [{gain: {fleche: 4}}]
        choices:
          - {text: Donner un objet, to: 1000}
          - {text: Donner un Repas, to: 1001, if: 'provisions >= 1', effects: [{add: {provisions: -1}}]}
          - {text: Refuser, to: 3, effects: [{add: {chance: -4}}]}
      1000:
        text: Lequel ?
        effects: [{give_up: {count: 1, except: [epee]}}]
        choices: [{text: Continuer, to: 1001}]
      1001:
        text: Le garde vous fouille.
        effects: [{add: {or: -1}}]
        choices: [{text: Passer, to: 2}]
      2: {text: Fin., end: victory}
      3: {text: Refoulé., end: death}
    """
    for old_answers, new_answers in ((["2"], ["give-stat:provisions"]), (["3"], ["give-none"]),
                                     (["1", "give:fleche", "1"], ["give:fleche"])):
        was = run(game(tmp_path, old, version="1.1", name="old.yaml"), old_answers)
        now = run(game(tmp_path, TOLL, name="new.yaml"), new_answers)
        assert was == now, (old_answers, was, now)


def test_bad_give_ups_are_located(tmp_path):
    assert where(load(tmp_path, TOLL, version="1.1"), "format-1-2") == (18, 46)
    assert "format-1-2" not in codes(load(tmp_path, TOLL))
    assert where(load(tmp_path, TOLL.replace("stats: [provisions]", "stats: [provision]")), "unknown-stat") == (18, 54)
    both = load(tmp_path, TOLL.replace("{to: 3, effects:", "{to: 3, end: death, effects:"))
    assert where(both, "give-up-none-shape") == (18, 73)
    assert "unknown-target" in codes(load(tmp_path, TOLL.replace("{to: 3,", "{to: 4,")))
    assert "give-up-here" in codes(load(tmp_path, TOLL.replace("[{add: {chance: -4}}]", "[{give_up: 1}]")))
    assert "schema" in codes(load(tmp_path, TOLL.replace("{to: 3,", "{to: -3,")))
    assert "schema" in codes(load(tmp_path, TOLL.replace("stats: [provisions]", "stats: []")))


def test_the_linter_and_the_graph_follow_none(tmp_path):
    loaded = load(tmp_path, TOLL)
    assert "unreachable" not in codes(loaded)   # § 3 is reached through `none:` only
    from engine.analysis.graph import book_graph, to_dot
    text = to_dot(book_graph(loaded.book, loaded.module))
    assert 'p1 -> p3 [label="give_up: none"' in text


def test_renumber_keeps_none_pointing_at_its_paragraph(tmp_path, capsys):
    named = TOLL.replace("{to: 3,", "{to: refus,").replace("\n  3: {text", "\n  refus: {text")
    assert "unreachable" not in codes(load(tmp_path, named))
    assert main(["renumber", str(tmp_path / "livre.yaml")]) == 0
    out = capsys.readouterr().out
    assert "none: {to: 3, effects" in out and "\n  3: {text: Refoulé." in out


def test_the_export_words_stats_and_none(tmp_path):
    text = printed(tmp_path, TOLL, "fr")
    assert "rayez de votre équipement un objet de votre choix (sauf l'objet « Épée »), ou donnez 1 Provision" in text
    assert "Si vous ne pouvez ou ne voulez rien donner, perdez 4 points de Chance ; rendez-vous au 3." in text
    text = printed(tmp_path, TOLL.replace("to: 3, effects: [{add: {chance: -4}}]", "end: death"), "en")
    assert "cross one item of your choice (except the item 'Épée') off your equipment, or give 1 Provision" in text
    assert "If you cannot or will not give anything, your adventure ends here." in text


def test_the_export_says_each_of_several_things_may_be_a_stat_point(tmp_path):
    """`count: 2` with `stats:` gives two things, each an item or one point (play asks
    twice): the page must not say "or give 1 Provision" as if once for both."""
    two = TOLL.replace("count: 1, except", "count: 2, except")
    assert "2 objets de votre choix (sauf l'objet « Épée »), chacun pouvant être remplacé par 1 Provision" \
        in printed(tmp_path, two, "fr")
    en = printed(tmp_path, two, "en")
    assert "cross 2 items of your choice (except the item 'Épée') off your equipment; each may be 1 Provision " \
        "instead" in en and "or give 1 Provision" not in en


ODDS = """\
paragraphs:
  1:
    text: Le péage.
    effects: [{give_up: {count: 1, except: [epee, balluchon], stats: [provisions], none: 3}}]
    choices: [{text: Passer, to: 2}]
  2:
    text: Le pont.
    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 4}, {range: [5, 6], to: 5}]}
  3:
    text: Le gué.
    random: {dice: 1d6, outcomes: [{range: [1, 2], to: 4}, {range: [3, 6], to: 5}]}
  4: {text: Fin., end: victory}
  5: {text: Noyé., end: death}
"""


def _best(tmp_path, body, capsys) -> float:
    load(tmp_path, body)
    assert main(["explore", "--exhaustive", "--format", "json", "--jobs", "1", str(tmp_path / "livre.yaml")]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["complete"] and report["errors"] == []
    return report["victory"]["low"]


def test_the_explorer_gives_or_declines_exactly(tmp_path, capsys):
    """Giving a Provision leads to the bridge (victory on 1-4 of a die: 4/6), declining
    to the ford (1-2: 2/6); best play gives, 2/3.  With no Provision and nothing else
    to give, `none:` is forced: 1/3."""
    assert abs(_best(tmp_path, ODDS, capsys) - 2 / 3) < 1e-12
    poor = ODDS.replace("effects: [{give_up:", "effects: [{set: {provisions: 0}}, {give_up:")
    assert abs(_best(tmp_path, poor, capsys) - 1 / 3) < 1e-12


def test_the_language_server_completes_and_explains_give_ups():
    from engine.lsp.hover import hover
    from engine.lsp.positions import Lines
    from engine.lsp.state import analyse
    from tests.lsp.books import DF
    from tests.lsp.test_units import at, labels
    book = DF.replace("gamebook: 1\n", "gamebook: 1.2\n").replace("language: fr\n", "language: en\n")
    text = book.replace("    effects: [{gain: cle}]", "    effects: [{gain: cle}, {give_up: {count: 1, stats: [], none: }}]")
    snap = analyse("x", book)
    assert {"provisions", "or"} <= labels(snap, text, "stats: [", 8)
    assert {"1", "2", "3", "4"} <= labels(snap, text, "none: ", 6)
    shown = book.replace("    effects: [{gain: cle}]", "    effects: [{give_up: {count: 1, none: 4}}]")
    said = hover(analyse("x", shown), Lines(shown), *at(shown, "give_up", 1)).contents.value
    assert "format 1.2: or one point of a stat of `stats:`, and `none:` says what happens" in said


def test_answers_not_offered_are_refused(tmp_path):
    g = game(tmp_path, TOLL)
    assert refuses(g, ("give:epee", "give-stat:habilete", "give:nothing-held", "oops"))
    assert g.state.items["epee"] == 1 and g.state.stats["habilete"] == 10 and g.prompt().kind == "give-up"
