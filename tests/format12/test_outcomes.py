"""Format 1.2, outcomes written like `auto:` entries (issue 31 item 1): wherever an outcome
is written (a test's success or failure, a fight's win, hurt or timeout, a random
outcome, a puzzle's wrong answer), a target, `{to: T, effects: [...]}`,
`{end: death|victory, effects: [...]}` or `continue` (carry on in this paragraph: its
choices, without entering it again)."""
from __future__ import annotations

from engine.cli import main

from .f12_helpers import codes, exact, game, keys, load, run, said, where, wording

BRIDGE = """\
paragraphs:
  1:
    text: Un pont de corde pourri. Tentez votre Chance.
    test:
      type: chance
      success: {to: 2, effects: [{add: {or: 3}}]}
      failure: {end: death, effects: [{set: {endurance: 0}}]}
  2:
    text: Un levier grippé. Tentez votre Habileté ; si vous échouez, il ne se passe rien.
    effects: [{add: {provisions: 1}}]
    test: {type: habilete, success: 3, failure: continue}
    choices: [{text: Continuer, to: 3}]
  3:
    text: Un coffre.
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 2], end: victory, effects: [{add: {or: 10}}]}
        - {range: [3, 4], to: continue}
        - {range: [5, 6], to: 4}
    choices: [{text: Partir, to: 4}]
  4: {text: Fin., end: victory}
"""


def test_a_failure_that_ends_the_game_applies_its_effects_first(tmp_path):
    g = game(tmp_path, BRIDGE, faces=[6, 6])
    g.answer("roll")
    assert g.state.ended == "death" and g.state.stats["endurance"] == 0 and g.state.paragraph == 1


def test_a_success_with_effects_moves_on(tmp_path):
    g = game(tmp_path, BRIDGE, faces=[1, 1])
    g.answer("roll")
    assert g.state.paragraph == 2 and g.state.stats["or"] == 18


def test_continue_carries_on_in_the_paragraph_without_entering_it_again(tmp_path):
    g = game(tmp_path, BRIDGE, faces=[1, 1, 6, 6])
    g.answer("roll")
    g.drain()
    g.answer("roll")                  # Skill 10 against 12: a failure, nothing happens
    assert g.state.paragraph == 2 and g.state.visits[2] == 1 and g.state.stats["provisions"] == 3
    assert [o.label.en for o in g.prompt().options] == ["Continuer"]
    assert not any(e["type"] == "paragraph" for e in g.drain())


def test_random_outcomes_end_the_game_or_carry_on(tmp_path):
    won = game(tmp_path, BRIDGE, faces=[1, 1, 1, 1, 2])
    run(won, ["roll", "roll"])
    assert won.state.ended == "victory" and won.state.paragraph == 3 and won.state.stats["or"] == 28
    on = game(tmp_path, BRIDGE, faces=[1, 1, 1, 1, 3])
    on.answer("roll")
    on.answer("roll")
    on.answer("roll")
    assert on.state.paragraph == 3 and keys(on) == ["1"] and not on.state.ended   # its choice, no second roll


FIGHT = """\
paragraphs:
  1:
    text: Un rat géant. S'il vous mord, le poison vous tue.
    combat:
      enemies: [{name: Rat, habilete: 5, endurance: 2}]
      win: {end: victory, effects: [{add: {or: 2}}]}
      hurt: {end: death}
  2: {text: Jamais atteint., end: victory}
"""


def test_a_fight_won_or_hurt_may_end_the_game(tmp_path):
    g = game(tmp_path, FIGHT, faces=[1, 1, 6, 6])   # the rat 5+2 against the hero 9+12 (a sword): the rat dies
    for _ in range(5):
        if g.state.ended:
            break
        g.answer(next(o.key for o in g.prompt().options if o.enabled))
    assert g.state.ended == "victory" and g.state.stats["or"] == 17


def test_a_puzzle_wrong_answer_may_carry_effects(tmp_path):
    body = """\
    paragraphs:
      1:
        text: Ajoutez 26 au nombre gravé.
        puzzle: {answers: [38], wrong: {to: 2, effects: [{add: {endurance: -3}}]}}
      2: {text: Une trappe s'ouvre., end: death}
      38: {text: La porte s'ouvre., end: victory}
    """
    g = game(tmp_path, body)
    g.answer("1", 5)
    assert g.state.paragraph == 2 and g.state.stats["endurance"] == 17


def test_bad_outcomes_are_located(tmp_path):
    both = load(tmp_path, BRIDGE.replace("{end: death, effects", "{to: 2, end: death, effects"))
    assert codes(both) == ["outcome-shape"] and where(both, "outcome-shape") == (21, 16)
    twice = load(tmp_path, BRIDGE.replace("      failure: {end", "      success_effects: [{add: {or: 1}}]\n      failure: {end"))
    assert "outcome-effects-twice" in codes(twice) and where(twice, "outcome-effects-twice") == (21, 7)
    older = load(tmp_path, BRIDGE, version="1.1")
    assert set(codes(older)) == {"format-1-2"} and where(older, "format-1-2") == (20, 16)
    assert "schema" in codes(load(tmp_path, BRIDGE.replace("{to: 2, effects", "{to: 2, why: 1, effects")))
    assert "schema" in codes(load(tmp_path, BRIDGE.replace("end: death,", "end: defeat,")))
    random = load(tmp_path, BRIDGE.replace("{range: [1, 2], end: victory,", "{range: [1, 2],"))
    assert codes(random) == ["outcome-shape"] and where(random, "outcome-shape") == (32, 11)


def test_the_printed_book_words_each_outcome(tmp_path):
    en = wording(tmp_path, BRIDGE, "en")
    assert "If you are Unlucky, your Stamina becomes 0; your adventure ends here." in en
    assert "If you are Lucky, gain 3 Gold Pieces; turn to [2](#p2)." in en
    assert "If you fail, read on in this paragraph." in en
    assert "From 1 to 2: gain 10 Gold Pieces; you have succeeded: your adventure ends here." in en
    fr = wording(tmp_path, BRIDGE, "fr")
    assert "votre aventure se termine ici" in fr and "poursuivez la lecture de ce paragraphe" in fr


def test_the_graph_and_lint_leave_them_out_of_the_paragraph_graph(tmp_path, capsys):
    loaded = load(tmp_path, BRIDGE)
    assert codes(loaded) == []   # no unknown target, no dead end
    from engine.analysis.graph import book_graph
    g = book_graph(loaded.book, loaded.module, "en")
    assert all(e.target in loaded.book.paragraphs for e in g.edges)
    assert {n.number: n.ending for n in g.nodes}[1] == "death"   # § 1 can end the game


def test_odds_count_a_fight_ended_by_death_as_lost(tmp_path):
    """`hurt: {end: death}`: a wound taken ends the game, so the odds of not losing are
    the odds of winning without one (the same fight with `hurt: 2`: the hurt share apart)."""
    from engine.analysis.book_odds import book_odds
    fatal = load(tmp_path, FIGHT)
    row, = book_odds(fatal.book, fatal.module).rows
    alive = load(tmp_path, FIGHT.replace("hurt: {end: death}", "hurt: 2"), name="b.yaml")
    row_alive, = book_odds(alive.book, alive.module).rows
    hurt = row_alive.ends["hurt"]
    assert 0 < hurt < 1 and row.win["typical"] == row_alive.win["typical"] - hurt and "hurt" not in row.ends


# The conversion pairs: the 1.1 workarounds the issue names.
DIE_11 = """\
paragraphs:
  1:
    text: Un pont de corde pourri. Tentez votre Chance.
    test: {type: chance, success: 2, failure: 1000}
  1000: {text: La corde cède., effects: [{set: {endurance: 0}}], end: death}
  2: {text: Fin., end: victory}
"""
DIE_12 = """\
paragraphs:
  1:
    text: Un pont de corde pourri. Tentez votre Chance.
    test: {type: chance, success: 2, failure: {end: death, effects: [{set: {endurance: 0}}]}}
  2: {text: Fin., end: victory}
"""
# "if you fail nothing happens": 1.1 sent the failure to a copy of the paragraph's ways out
ON_11 = """\
paragraphs:
  1:
    text: Un levier. Tentez votre Habileté.
    test: {type: habilete, success: 2, failure: 1000}
    choices: [{text: Passer, to: 3}]
  1000: {text: Rien ne bouge., choices: [{text: Passer, to: 3}]}
  2:
    text: Un passage s'ouvre.
    choices: [{text: Passer, to: 3}]
  3:
    text: Le gardien.
    auto: [{if: 'visited(2)', end: victory}, {end: death}]
"""
ON_12 = ON_11.replace("failure: 1000", "failure: continue").replace(
    "  1000: {text: Rien ne bouge., choices: [{text: Passer, to: 3}]}\n", "")


def test_conversion_pairs_give_the_same_games_and_values(tmp_path):
    """Both pairs give the same exact value: Luck 9 on two dice (30/36 = 5/6) for the
    bridge; Skill 10 on two dice (33/36 = 11/12) for the lever, where only who opened
    the passage gets past the guardian."""
    assert exact(tmp_path, DIE_11, version="1.1", name="a.yaml") == exact(tmp_path, DIE_12, name="b.yaml") == "5/6"
    assert exact(tmp_path, ON_11, version="1.1", name="c.yaml") == exact(tmp_path, ON_12, name="d.yaml") == "11/12"
    for faces in ([1, 1], [6, 6]):
        for old, new in ((DIE_11, DIE_12), (ON_11, ON_12)):
            a = game(tmp_path, old, version="1.1", faces=faces, name="e.yaml")
            b = game(tmp_path, new, faces=faces, name="f.yaml")
            assert run(a) == run(b)


def test_analysis_value_of_a_book_with_outcomes_like_auto(tmp_path):
    """BRIDGE: § 1's Luck test (Luck 9, two dice: 30/36 = 5/6) survives, else death;
    § 2's Skill test only gives a way to § 3 (Skill 10 or the failure's `continue` to
    the choice: both reach § 3); § 3's roll wins on 1-2, goes to § 4 (a victory) on 5-6,
    and on 3-4 carries on to its choice, also § 4.  Victory: 5/6."""
    assert exact(tmp_path, BRIDGE) == "5/6"


def test_the_explorer_values_a_fight_ended_by_death_as_its_odds(tmp_path):
    """FIGHT: the game is won exactly when the fight is won with no wound taken (a
    wound is `hurt: {end: death}`), so the explorer's best-play value is the fight
    chain's chance of not losing it (two computations: the explorer plays the fight
    through the module's strategies, the odds solve its chain)."""
    from fractions import Fraction
    from engine.analysis.book_odds import book_odds
    loaded = load(tmp_path, FIGHT)
    row, = book_odds(loaded.book, loaded.module).rows
    assert Fraction(exact(tmp_path, FIGHT, name="x.yaml")) == row.win["typical"] < 1


TIDE = """\
paragraphs:
  1:
    text: La marée monte ; deux assauts, pas un de plus.
    combat:
      enemies: [{name: Noyé, habilete: 5, endurance: 20}]
      win: 2
      rounds: 2
      timeout: TIMEOUT
    choices: [{text: Nager vers la grève, to: 2}]
  2: {text: La grève., end: victory}
"""


def _tide(tmp_path, timeout: str, name: str):
    g = game(tmp_path, TIDE.replace("TIMEOUT", timeout), faces=[6, 6, 1, 1, 6, 6, 1, 1], name=name)
    for _ in range(6):   # two rounds won (no Luck): the Noyé still stands
        if g.state.ended or g.prompt().kind == "choice":
            break
        g.answer(next(o.key for o in g.prompt().options if o.enabled and o.key != "luck"))
    return g


def test_a_timed_fight_may_carry_on_or_end_the_game(tmp_path):
    on = _tide(tmp_path, "continue", "a.yaml")
    assert not on.state.ended and on.state.paragraph == 1 and keys(on) == ["1"] and on.state.visits[1] == 1
    won = _tide(tmp_path, "{end: victory, effects: [{add: {or: 1}}]}", "b.yaml")
    assert won.state.ended == "victory" and won.state.paragraph == 1 and won.state.stats["or"] == 16


TROLL = """\
paragraphs:
  1:
    text: Un troll. Si vous fuyez, il vous rattrape.
    combat:
      enemies: [{name: Troll, habilete: 9, endurance: 6}]
      win: 2
      escape: {end: death, effects: [{add: {or: -5}}]}
  2: {text: Fin., end: victory}
"""


def test_an_escape_may_end_the_game(tmp_path):
    g = game(tmp_path, TROLL)
    g.answer("escape")
    assert g.state.ended == "death" and g.state.stats["or"] == 10
    assert "You may escape: lose 5 Gold Pieces; your adventure ends here." in wording(tmp_path, TROLL, "en")
    assert "format-1-2" in codes(load(tmp_path, TROLL, version="1.1", name="old.yaml"))


def test_an_escape_to_death_is_priced_as_never_taken(tmp_path):
    """Fleeing ends the game, so best play never flees: the fight's odds of not losing
    (priced without the escape) are the explorer's value of the book."""
    from fractions import Fraction
    from engine.analysis.book_odds import book_odds
    loaded = load(tmp_path, TROLL)
    row, = book_odds(loaded.book, loaded.module).rows
    assert Fraction(exact(tmp_path, TROLL, name="x.yaml")) == row.win["typical"] < 1
