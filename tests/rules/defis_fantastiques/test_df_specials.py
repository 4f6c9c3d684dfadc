"""Issue 11 item 7: the Défis Fantastiques fight specials of format 1.1
(prompts/specials.md), played with forced dice, linted, and priced by the odds (the
agreement with play over every dice total is test_model_agreement.py)."""
from __future__ import annotations

import pytest
from df_helpers import HEADER, codes, events, keys, load, play

from engine.rules.defis_fantastiques.odds import fight_odds

HEADER11 = HEADER.replace("gamebook: 1\n", "gamebook: 1.1\n")
# the hero: Skill 10, Stamina 20, Luck 9; enemy dice first, then the hero's
BODY = """
paragraphs:
  1:
    text: Un combat.
    combat:
      win: 2{extra}
      enemies: [{{name: Ogre, habilete: {skill}, endurance: {end}{enemy}}}]
  2: {{text: Victoire., end: victory}}
  3: {{text: Blessé., end: victory}}
  4: {{text: Trop tard., end: victory}}
"""


def game(tmp_path, faces, extra="", skill=8, end=6, enemy="", header=HEADER11):
    return play(tmp_path, BODY.format(extra=extra, skill=skill, end=end, enemy=enemy), faces, header=header)


def said_en(g) -> list[str]:
    return [e["say"]["en"] for e in events(g) if "say" in e]


def odds(g):
    spec = g.book.paragraphs[g.state.paragraph].fields["combat"]
    return fight_odds(g.book, g.state, spec, policy="never")


# --- hurt ------------------------------------------------------------------------------
def test_hurt_stops_the_fight_at_the_first_wound_after_luck(tmp_path):
    g = game(tmp_path, [6, 6, 1, 1], "\n      hurt: 3\n      hurt_effects: [{gain: corde}]")
    g.answer("attack")                  # the ogre hits: −2, Luck offered
    assert keys(g) == ["pass", "luck"]
    g.answer("pass")
    assert g.state.paragraph == 3 and g.state.stats["endurance"] == 18 and g.state.items.get("corde") == 1
    said = said_en(g)
    assert "You are wounded: the fight stops here." in said


def test_hurt_goes_on_when_armour_stops_the_blow(tmp_path):
    g = game(tmp_path, [6, 6, 1, 1, 3, 3, 3, 3], "\n      hurt: 3\n      luck: false")
    g.state.extra["armour"], g.state.items["mailles"] = "mailles", 1   # absorbs 2: nothing lost
    g.answer("attack")
    assert g.state.paragraph == 1 and g.state.stats["endurance"] == 20 and keys(g) == ["attack"]


def test_hurt_is_an_outcome_of_the_odds(tmp_path):
    g = game(tmp_path, [], "\n      hurt: 3", skill=10, end=20)
    o = odds(g)
    assert o.outcomes["hurt"] > 0 and o.win + o.lose + o.outcomes["hurt"] == 1 and o.lose == 0


# --- hurt_only_by -------------------------------------------------------------------------
def test_a_round_won_without_the_weapon_does_no_harm(tmp_path):
    g = game(tmp_path, [1, 1, 6, 6], enemy=", hurt_only_by: [lance]")
    g.answer("attack")
    assert g.state.pending["enemies"][0]["endurance"] == 6 and keys(g) == ["attack"]
    said = said_en(g)
    assert "Your blow does Ogre no harm: only one of these weapons can wound it: Lance." in said
    assert odds(g).win == 0


def test_the_weapon_named_wounds(tmp_path):
    body = BODY.format(extra="", skill=8, end=6, enemy=", hurt_only_by: [lance]").replace(
        "    text: Un combat.\n", "    text: Un combat.\n    effects: [{weapon: lance}]\n")
    g = play(tmp_path, body, [1, 1, 6, 6], header=HEADER11)
    g.answer("attack")
    assert g.state.pending["enemies"][0]["endurance"] == 4


# --- rounds + timeout -------------------------------------------------------------------------
def test_the_fight_stops_after_its_rounds_parries_included(tmp_path):
    g = game(tmp_path, [1, 1, 6, 6, 4, 4, 2, 4], "\n      rounds: 2\n      timeout: 4\n      luck: false")
    assert g.prompt().title.en == "Fight against Ogre — round 1/2"
    assert g.prompt().title.fr == "Combat contre l'Ogre — assaut 1/2"
    g.answer("attack")                   # hit
    assert any(line.startswith("Round 1/2: your Attack Strength 22") for line in said_en(g))
    assert g.prompt().title.fr == "Combat contre l'Ogre — assaut 2/2"
    g.answer("attack")                   # 8 + 8 = 4 + 2 + 10: a parry, still a round
    assert g.state.paragraph == 4
    assert "The fight stops after 2 rounds." in said_en(g)


def test_timeout_is_an_outcome_and_an_exit(tmp_path):
    g = game(tmp_path, [], "\n      rounds: 1\n      timeout: 4", skill=8, end=6)
    o = odds(g)
    assert o.outcomes["timeout"] > 0 and o.win == 0   # one round cannot take 6 Stamina
    loaded = load(tmp_path, BODY.format(extra="\n      rounds: 1\n      timeout: 5", skill=8, end=6, enemy=""),
                  HEADER11)
    assert "unknown-target" in codes(loaded)
    both = BODY.format(extra="\n      rounds: 1\n      timeout: 4\n      hurt: 3", skill=8, end=6, enemy="")
    assert codes(load(tmp_path, both, HEADER11)) == []   # 3 and 4 reached through the fight's exits


# --- win_rounds --------------------------------------------------------------------------------
def test_win_rounds_wins_after_so_many_rounds_won(tmp_path):
    g = game(tmp_path, [1, 1, 6, 6, 1, 1, 6, 6], "\n      win_rounds: 2\n      luck: false", end=20)
    g.answer("attack")
    assert g.state.paragraph == 1
    g.answer("attack")
    assert g.state.paragraph == 2 and g.state.ended == "victory"


# --- first_round, modifiers -----------------------------------------------------------------
def test_first_round_bonus_only_in_round_one(tmp_path):
    # round 1: 8 + 10 + 3 = 21 > 12 + 8; round 2: 8 + 10 = 18 < 20: the ogre hits
    g = game(tmp_path, [6, 6, 4, 4, 6, 6, 4, 4], "\n      first_round: {attack: 3}\n      luck: false")
    g.answer("attack")
    assert g.state.pending["enemies"][0]["endurance"] == 4
    g.answer("attack")
    assert g.state.stats["endurance"] == 18


def test_modifiers_whose_condition_holds_when_the_fight_begins(tmp_path):
    extra = ("\n      luck: false\n      modifiers: [{if: 'has(\"corde\")', attack: 2},"
             " {if: 'has(\"lance\")', attack: 5}]")
    body = BODY.format(extra=extra, skill=8, end=6, enemy="").replace(
        "    text: Un combat.\n", "    text: Un combat.\n    effects: [{gain: corde}]\n")
    g = play(tmp_path, body, [6, 6, 3, 3], header=HEADER11)
    assert "Advantage in this fight: +2 to your Attack Strength." in said_en(g)
    g.answer("attack")                   # 6 + 10 + 2 = 18 < 20: still wounded, but by 2 only
    assert g.state.stats["endurance"] == 18
    assert g.prompt().info[0].en.startswith("You: Skill 12")


# --- lint ----------------------------------------------------------------------------------------
def test_format_1_needs_1_1_unknown_item_bad_condition_and_pairs(tmp_path):
    extra = "\n      hurt: 3\n      rounds: 2\n      modifiers: [{if: 'has(', attack: 1}]"
    loaded = load(tmp_path, BODY.format(extra=extra, skill=8, end=6, enemy=", hurt_only_by: [baton]"), HEADER)
    found = codes(loaded)
    assert found.count("format-1-1") == 4 and "unknown-item" in found and "combat-timeout" in found
    bad = [d for d in loaded.diagnostics if d.code not in ("format-1-1", "unknown-item", "combat-timeout")
           and d.severity.value == "error"]
    lines = (tmp_path / "livre.yaml").read_text(encoding="utf-8").splitlines()
    assert bad and "modifiers: [{if: 'has('" in lines[bad[0].span.line]   # located on its line


# --- the analysers: explorer, book odds, live chances -------------------------------------
TIMED = BODY.format(extra="\n      rounds: 3\n      timeout: 4\n      hurt: 3", skill=9, end=6, enemy="") \
    .replace("  3: {text: Blessé., end: victory}", "  3: {text: Blessé., end: death}") \
    .replace("  4: {text: Trop tard., end: victory}", "  4: {text: Trop tard., end: death}")


@pytest.mark.parametrize("timed", [True, False])
def test_the_explorer_plays_the_specials_as_the_odds_price_them(tmp_path, timed):
    """Only the victory `win: 2` wins the book: the explorer's best play (answer by
    answer, every dice total) is the odds' P(win) with Luck at best; without `rounds`
    the explorer's states stay finite (the round count kept only as far as it is read)."""
    from engine.analysis.explore.exact import exact_values
    from engine.analysis.explore.explorer import Explorer
    body = TIMED if timed else TIMED.replace("      rounds: 3\n      timeout: 4\n", "").replace(
        "  4: {text: Trop tard., end: death}\n", "")
    loaded = load(tmp_path, body, HEADER11)
    space = Explorer(loaded.book, loaded.module).run()
    value, _policy = exact_values(space)
    explored = sum(p * value[t] for p, t in space.root)
    g = play(tmp_path, body, header=HEADER11)
    spec = g.book.paragraphs[1].fields["combat"]
    assert space.bound is None and explored == fight_odds(g.book, g.state, spec).win


def test_book_odds_report_the_special_endings(tmp_path):
    from engine.analysis.book_odds import book_odds
    from engine.analysis.render import book_text
    loaded = load(tmp_path, TIMED, HEADER11)
    table = book_odds(loaded.book, loaded.module)
    row = table.rows[0]
    assert set(row.ends) == {"hurt", "timeout"} and all(0 < p < 1 for p in row.ends.values())
    text = book_text(table, "en", "Essai", {})
    assert "of which ended by a wound taken ('hurt')" in text and "of which ended by the counted rounds running out ('timeout')" in text


def test_live_chances_follow_the_round_count(tmp_path):
    """`chances` in the middle of a timed fight: from the rounds left (one round left
    after two parries: less chance to win than at the start)."""
    from engine.analysis.live import live_odds
    g = play(tmp_path, TIMED, [4, 4, 4, 3, 4, 4, 4, 3], header=HEADER11)   # 8+9 = 7+10: parries
    start = live_odds(g)
    g.answer("attack")
    g.answer("attack")
    assert g.state.pending["round"] == 2 and g.prompt().title.en.endswith("round 3/3")
    late = live_odds(g)
    assert late.win < start.win and late.outcomes["timeout"] > start.outcomes["timeout"]


def test_live_luck_advice_knows_a_wound_that_ends_the_fight(tmp_path):
    """A wound taken in a `hurt` fight, Luck offered: testing can only change how much
    is lost, never the fight's end (the wound costs at least 1): both moves price 0."""
    import json
    from engine.analysis.live import live_odds
    g = game(tmp_path, [6, 6, 1, 1], "\n      hurt: 3", skill=10, end=20)
    g.answer("attack")
    odds = live_odds(g)
    told = json.loads(odds.advice.split(":", 1)[1])
    assert [m[0] for m in told["moves"]] == ["no-luck", "use-luck"] and odds.win == 0
    assert all(m[1] == "0" for m in told["moves"]) and odds.outcomes["hurt"] == 1


def test_the_printed_book_says_every_special(tmp_path):
    from engine.export.phrases import Words
    from engine.rules.defis_fantastiques.export import specials
    extra = ("\n      hurt: 3\n      rounds: 2\n      timeout: 4\n      win_rounds: 2\n"
             "      first_round: {attack: 2}\n      modifiers: [{if: 'has(\"corde\")', attack: 1}]")
    loaded = load(tmp_path, BODY.format(extra=extra, skill=8, end=6, enemy=", hurt_only_by: [lance]"), HEADER11)
    words = Words(loaded.book, loaded.module, "fr")
    said = " ".join(str(part) for para in specials(loaded.book.paragraphs[1].fields["combat"], words, {})
                    for part in para.runs)
    for text in ("Seule cette arme blesse l'Ogre : Lance.", "Pour le premier assaut seulement, ajoutez 2",
                 "ajoutez 1 à votre Force d'Attaque pour ce combat", "remporté 2 assauts",
                 "Si vous perdez des points d'Endurance, ", "au bout de 2 assauts, "):
        assert text in said, (text, said)
