"""Format 1.2, action choices (issue 31 item 2): `{text: ..., stay: true, effects: [...]}`
applies its effects and shows the paragraph's choices again, without entering the
paragraph again (its effects and text are not repeated).  The 1.1 workaround was a
choice back `to:` the paragraph itself, whose effects `once: [effects]` kept from repeating."""
from __future__ import annotations

from .f12_helpers import codes, exact, game, keys, load, run, said, transcript, where, wording

LEVER = """\
paragraphs:
  1:
    text: Une salle. Un levier rouillé sort du mur.
    effects: [{add: {or: 1}}]
    choices:
      - {text: Tirer le levier, stay: true, once: true, effects: [{flag: levier}, {add: {or: 5}}]}
      - {text: Frapper le mur, stay: true, effects: [{add: {endurance: -1}}]}
      - {text: Passer la grille, to: 2, if: 'flag("levier")'}
  2: {text: La grille s'ouvre., end: victory}
"""


def test_an_action_applies_its_effects_and_offers_the_choices_again(tmp_path):
    g = game(tmp_path, LEVER)
    assert g.state.stats["or"] == 16 and keys(g) == ["1", "2"]
    g.answer("1")
    assert g.state.paragraph == 1 and g.state.visits[1] == 1   # not entered again
    assert g.state.stats["or"] == 21   # the paragraph's own +1 not repeated
    assert keys(g) == ["2", "3"]       # once: the lever is gone; the grille is open
    g.answer("2")
    g.answer("2")                      # an action without once: again and again
    assert g.state.stats["endurance"] == 18 and g.state.visits[1] == 1
    g.answer("3")
    assert g.state.ended == "victory"


def test_the_repl_shows_the_choices_again_without_the_text(monkeypatch, capsys, tmp_path):
    out = transcript(monkeypatch, capsys, tmp_path, LEVER, "1\n")
    after = out.split("» Tirer le levier", 1)[1]
    assert "Un levier rouillé" not in after and "Passer la grille" in after and "Tirer le levier" not in after
    out = transcript(monkeypatch, capsys, tmp_path, LEVER, "1\n", lang="fr")
    assert "Passer la grille" in out.split("» Tirer le levier", 1)[1]


def test_an_action_giving_up_an_item_offers_the_choices_once_done(tmp_path):
    g = game(tmp_path, LEVER.replace("{flag: levier}, {add: {or: 5}}", "{flag: levier}, {give_up: 1}"))
    g.answer("1")
    assert g.prompt().kind == "give-up"
    g.answer("give:balluchon")
    assert g.state.paragraph == 1 and g.state.stats["or"] == 16 and keys(g) == ["2", "3"]


def test_an_action_that_kills_ends_the_game(tmp_path):
    g = game(tmp_path, LEVER.replace("{add: {endurance: -1}}", "{add: {endurance: -20}}"))
    g.answer("2")
    assert g.state.ended == "death"


def test_bad_actions_are_located(tmp_path):
    older = load(tmp_path, LEVER, version="1.1")
    assert set(codes(older)) == {"format-1-2"} and where(older, "format-1-2") == (20, 33)   # at `stay:`
    both = load(tmp_path, LEVER.replace("stay: true, once", "stay: true, to: 2, once"))
    assert codes(both) == ["stay-with-target"] and where(both, "stay-with-target") == (20, 45)
    neither = load(tmp_path, LEVER.replace("stay: true, once", "once"))
    assert codes(neither) == ["choice-no-target"] and where(neither, "choice-no-target") == (20, 9)
    assert "schema" in codes(load(tmp_path, LEVER.replace("stay: true, once", "stay: false, once")))


def test_the_printed_book_says_to_choose_again(tmp_path):
    en = wording(tmp_path, LEVER, "en")
    assert "Tirer le levier (if you have not already done so) (note the codeword 'Levier'; gain 5 Gold Pieces): " \
           "do so, then choose again among these options." in en
    fr = wording(tmp_path, LEVER, "fr")
    assert "Frapper le mur (perdez 1 point d'Endurance) : faites-le, puis choisissez de nouveau parmi ces options." in fr


def test_the_graph_draws_an_action_as_a_loop_and_no_way_out(tmp_path):
    from engine.analysis.graph import book_graph
    loaded = load(tmp_path, LEVER)
    edges = [(e.source, e.target, e.kind, e.label) for e in book_graph(loaded.book, loaded.module, "en").edges]
    loop, = [e for e in edges if e[:3] == (1, 1, "action")]   # (parallel edges drawn as one)
    assert loop[3].splitlines() == ["action: Tirer le levier (once)", "action: Frapper le mur"]
    assert any(e[:3] == (1, 2, "choice") for e in edges)
    assert not any(e[1] == 1 and e[2] == "choice" for e in edges)


# The workaround of format 1.1: back to the paragraph itself, its effects once only.
LEVER_11 = LEVER.replace("    effects: [{add: {or: 1}}]\n", "    once: [effects]\n    effects: [{add: {or: 1}}]\n") \
    .replace("stay: true, once: true", "to: 1, once: true").replace("stay: true, effects", "to: 1, effects")


def test_conversion_the_loop_back_and_the_action_give_the_same_game(tmp_path):
    """The same answers on both sides give the same ending, sheet, items and flags."""
    for answers in (("1", "3"), ("2", "2", "1", "3"), ("2",) * 25):
        old = game(tmp_path, LEVER_11, version="1.1", name="old.yaml")
        new = game(tmp_path, LEVER, name="new.yaml")
        assert run(old, answers) == run(new, answers)
        assert old.state.flags == new.state.flags


RIVER = """\
paragraphs:
  1:
    text: Une corde pend à un arbre, au bord du ravin.
    choices:
      - {text: Détacher la corde, stay: true, once: true, effects: [{gain: corde}]}
      - {text: Descendre, to: 2}
  2:
    text: La paroi s'effrite.
    random: {dice: 1d6, outcomes: [{range: [1, 4], to: 3}, {range: [5, 6], to: 4}]}
  3:
    text: Le fond du ravin.
    auto: [{if: 'has("corde")', end: victory}, {end: death}]
  4: {text: La paroi cède., end: death}
"""


def test_analysis_value_of_a_book_with_an_action(tmp_path):
    """Best play takes the rope (the action) then climbs down: 1-4 on one die (4/6)
    reaches the bottom, where the rope saves the hero; 5-6 is a fall.  Victory 2/3.
    Without the action (the choice left out, the rope found only in the fall), the bottom
    is a death: 0.  (With no rope anywhere, lint refuses the book: victory-unreachable.)"""
    assert exact(tmp_path, RIVER) == "2/3"
    without = RIVER.replace("      - {text: Détacher la corde, stay: true, once: true, effects: [{gain: corde}]}\n", "")
    without = without.replace("  4: {text: La paroi cède., end: death}",
                              "  4: {text: La paroi cède., effects: [{gain: corde}], end: death}")
    assert exact(tmp_path, without, name="sans.yaml") == "0"
    assert exact(tmp_path, RIVER.replace("stay: true, once: true", "to: 1, once: true"),
                 version="1.1", name="old.yaml") == "2/3"   # the 1.1 loop back: the same value
