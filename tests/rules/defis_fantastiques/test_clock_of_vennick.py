"""The English showcase book books/the-clock-of-vennick.yaml (format 1.2, a main file
and three parts: the city, the wilderness, the Orrery): it loads clean with at least
250 paragraphs, a scripted run with forced dice reaches its victory along the one true
path (the tuning fork, the codewords TINKER, COGWHEEL and MOTH, the lodestone, the
puzzle's number), forced dice lead to a death in the Thornwood, and the day counter
decides the ending at home."""
from pathlib import Path

from engine.analysis.explore import run_batch
from engine.analysis.explore.report import random_report
from engine.game import Game
from engine.game.dice import ScriptedDice

from df_helpers import choosing, clean, act, win_fight

BOOK = Path(__file__).parents[3] / "books" / "the-clock-of-vennick.yaml"


def loaded():
    return clean(BOOK)


def start():
    """A typical hero: Skill 4+6, Stamina 3+4+12, Luck 4+6 (Gold is fixed at 8)."""
    book = loaded()
    return Game(book.book, book.module, ScriptedDice([4, 3, 4, 4]))


def labels(game):
    return [o.label.en for o in game.prompt().options]


choose = choosing("en")   # the enabled choice whose text starts with `text`


def reads(game, words):
    """The paragraph the hero stands in says `words`."""
    return words in " ".join(game.book.paragraphs[game.state.paragraph].text.split())


def days(game):
    return game.state.extra["counters"]["days"]


def test_the_book_has_250_paragraphs_from_its_three_parts():
    book = loaded().book
    parts = sorted((BOOK.parent / "the-clock-of-vennick").glob("*.yaml"))
    assert [p.name for p in parts] == ["city.yaml", "orrery.yaml", "wilds.yaml"]
    assert len(book.paragraphs) >= 250 and book.language == "en"


def city(g):
    """The market, the ring, Pell, the dice, the Warden's wheel, blind Nan, the drains."""
    choose(g, "Go out into Tinker's Square")
    assert "Go to the market on Ratchet Row" not in labels(g)            # hidden until the row
    choose(g, "Walk down Ratchet Row")
    act(g, "roll", 3)                                                     # no cutpurse
    choose(g, "Buy the silver tuning fork")
    assert g.state.has("fork") and g.state.stats["or"] == 5
    choose(g, "Return to the stalls")
    choose(g, "Go back to Tinker's Square")
    choose(g, "Enter the Gearhouse")
    choose(g, "Step into the ring")
    assert g.state.pending["unarmed"] and g.state.pending["enemies"][0]["rounds_only"]   # win_rounds alone
    win_fight(g)                                                          # win_rounds: 3
    assert reads(g, "Your third blow catches Brannock") and g.state.stats["or"] == 9
    choose(g, "Go back to the bar")
    choose(g, "Talk to the young man")
    choose(g, "Buy him a drink")
    assert "tinker" in g.state.flags and g.state.stats["or"] == 8
    choose(g, "Thank him")
    choose(g, "Join the dice game")
    act(g, "roll", 5)                                                     # a random outcome's effects
    assert g.state.stats["or"] == 10
    choose(g, "Leave the table")
    choose(g, "Go back to Tinker's Square")
    choose(g, "Climb to the Warden's tower")
    choose(g, "Climb the steps")
    choose(g, "Climb the ladder")
    act(g, "roll", 1, 1)                                                  # Skill test passed
    assert "cogwheel" in g.state.flags and reads(g, "one hundred and forty-four")
    choose(g, "Climb down")
    choose(g, "Go back to the square")
    choose(g, "Speak to the blind woman")
    choose(g, "Give her something you carry")
    assert g.prompt().kind == "give-up"
    g.answer("give:backpack")
    assert not g.state.has("backpack") and {"moth", "drains"} <= set(g.state.flags)
    choose(g, "Go back to the square")
    choose(g, "Go to the market on Ratchet Row")
    market = g.state.paragraph
    choose(g, "Buy a meal")                                               # an action: no re-entry
    assert g.state.paragraph == market and g.state.stats["provisions"] == 3 and g.state.stats["or"] == 8
    choose(g, "Buy a hooded lantern")
    choose(g, "Buy a rope and grapnel")
    assert "Buy a rope and grapnel (1 Gold Piece)" not in labels(g)      # once
    choose(g, "Buy two flasks of lamp oil")
    assert g.state.items["oil"] == 2 and g.state.stats["or"] == 4
    choose(g, "Return to the stalls")
    choose(g, "Go back to Tinker's Square")
    choose(g, "Climb the Northway")
    choose(g, "Slip out through the old drains")                          # hidden, shown by Nan
    choose(g, "Climb down into the drains")
    choose(g, "Cross the chamber")
    assert g.state.pending["mode"] == "as-one"
    win_fight(g)
    assert g.state.stats["or"] == 8
    choose(g, "Go on along the main drain")
    choose(g, "Drop down to the river bank")
    assert days(g) == 0                                                   # the drains cost no morning


def wilds(g):
    """The ferry (a Skill test giving FERRY), the night on the north bank, Old Moth."""
    choose(g, "Stay on this bank")
    choose(g, "Go to the ferry")
    choose(g, "Haul the rope yourself")
    act(g, "roll", 1, 1)
    assert "ferry" in g.state.flags
    choose(g, "Step ashore")
    assert days(g) == 1
    choose(g, "Follow the log causeway")
    choose(g, "Go to the stilt-hut")
    choose(g, "Say that Nan of the fountain sent you")
    assert g.state.has("lodestone")
    choose(g, "Follow Old Moth north")
    choose(g, "Go on to the foot of the mountain")
    choose(g, "Climb straight up the cliff")
    act(g, "roll", 1, 1)
    assert not g.state.has("rope")
    choose(g, "Creep up to the gatehouse")
    choose(g, "Walk down the passage")
    assert days(g) == 1


def orrery(g):
    """The singing door, the noted hall, the lodestone, the timed bridge, the computed
    jump past the sentinel, the puzzle, Vane."""
    choose(g, "Strike your tuning fork")
    choose(g, "Walk in")
    choose(g, "Walk past it")
    assert g.state.extra["notes"] == {"hall": g.state.paragraph}
    choose(g, "Go into the library")
    choose(g, "Read the book on the lectern")
    choose(g, "Look around the library")
    noted = g.state.extra["notes"]["hall"]
    choose(g, "Return to the paragraph you noted")
    assert g.state.paragraph == noted
    choose(g, "Go through the arch of glass")
    choose(g, "Let the lodestone choose")
    choose(g, "Walk to the bridge")
    assert g.prompt().title.en.endswith("1/4")
    win_fight(g)
    choose(g, "Go on")
    gears = g.state.paragraph
    choose(g, "Throw a loose cog at the far wall")                         # here + 20, TINKER
    assert g.state.paragraph == gears + 20 and reads(g, "Pell was right")
    choose(g, "Climb the stair beyond")
    choose(g, "Climb into the light")
    puzzle = next(o for o in g.prompt().options if o.amount)
    g.answer(puzzle.key, 144 + 7)                                         # the wheel's teeth + the Wanderers
    assert g.state.paragraph == 151
    choose(g, "Step inside")
    choose(g, "Strike your tuning fork")
    win_fight(g)                                                          # the homunculus, then Vane
    assert g.state.has("key")
    choose(g, "Run")
    gallery = g.state.paragraph
    act(g, "roll", 1, 1)                                                  # Lucky: `continue`
    assert g.state.paragraph == gallery and g.state.stats["endurance"] > 0
    choose(g, "Run on through the gallery")


def test_scripted_playthrough_to_victory():
    g = start()
    assert g.state.stats == {"habilete": 10, "endurance": 19, "chance": 10, "or": 8, "provisions": 2}
    city(g)
    wilds(g)
    orrery(g)
    choose(g, "Go down the mountain")
    assert days(g) == 2 and reads(g, "with time to spare")
    choose(g, "Wind the Warden")
    assert g.state.ended == "victory"


def test_forced_dice_lead_to_a_death_in_the_thornwood():
    """The gate costs a day; the thorns (1d6 = 1) drop the hero into a pit; Luck fails."""
    g = start()
    choose(g, "Go out into Tinker's Square")
    choose(g, "Climb the Northway")
    choose(g, "Pass through the gate")
    assert g.state.items == {} and reads(g, "everything that leaves Vennick is searched")   # store: gate
    choose(g, "Wait for the sergeant")
    assert g.state.items == {"sword": 1, "backpack": 1}                  # restore: gate
    choose(g, "Take the north road")
    choose(g, "Take the Thornwood road")
    choose(g, "Follow the charcoal-burners' track")
    choose(g, "Go round the clearing")
    act(g, "roll", 1)
    assert reads(g, "The ground gives way")
    act(g, "roll", 6, 6)                                                  # 12 > Luck 10
    assert g.state.ended == "death" and days(g) == 1 and reads(g, "the stakes are waiting")   # {end: death}


def dial(g, number):
    puzzle = next(o for o in g.prompt().options if o.amount)
    g.answer(puzzle.key, number)


def test_three_wrong_numbers_lock_the_dial_and_the_gamble_drops_the_hero_down_the_chute():
    """`tries: 3`: two wrong numbers change nothing, the third locks the dial (§ 227)."""
    g = start()
    g.state.flags.add("cogwheel")
    at(g, "Under a dome of crystal")
    dome = g.state.paragraph
    for _ in range(2):
        dial(g, 150)
        assert g.state.paragraph == dome
    dial(g, 150)
    assert reads(g, "The dial locks")
    act(g, "roll", 3)                                                     # 1-5: the wrong number
    assert reads(g, "the floor drops away") and g.state.stats["endurance"] == 15
    assert g.state.extra["counters"]["alarm"] == 1


def test_the_right_number_is_wrong_without_cogwheel():
    """The answer's `if: flag("cogwheel")`: who never counted the teeth cannot know 151."""
    g = start()
    at(g, "Under a dome of crystal")
    for _ in range(3):
        dial(g, 144 + 7)
    assert reads(g, "The dial locks")
    act(g, "roll", 6)                                                     # the one lucky spin
    assert g.state.paragraph == 151


def at_day(count):
    g = start()
    g.state.extra["counters"]["days"] = count
    g.goto(g.book.start)
    choose(g, "Go out into Tinker's Square")
    home = next(n for n, p in g.book.paragraphs.items() if p.text.startswith("You come down from Mount Caul"))
    g.goto(home)
    return g


def test_the_days_decide_the_ending_at_home():
    """Automatic jumps on the day counter: in time, at the last hour (a Luck test), too late."""
    assert reads(at_day(4), "with time to spare")
    assert reads(at_day(5), "The sixth day is ending")
    late = at_day(6)
    assert late.state.ended == "death" and reads(late, "The Warden has stopped")


def test_the_explorer_plays_the_book_without_errors():
    book = loaded()
    report = random_report(book.book, book.module, run_batch(book.book, book.module, 300, seed=3, jobs=1))
    assert report["outcomes"]["death"]["runs"] > 0
    assert not report["problems"]


def test_book_odds_leave_no_fight_out():
    from engine.analysis.book_odds import book_odds
    book = loaded()
    table = book_odds(book.book, book.module)
    fights = [n for n, p in book.book.paragraphs.items() if "combat" in p.fields]
    assert len(fights) >= 20
    assert sorted(r.paragraph for r in table.rows) == sorted(fights) and table.left_out == []


def at(game, words):
    """Go to the paragraph that begins with `words`."""
    game.goto(next(n for n, p in game.book.paragraphs.items() if p.text.startswith(words)))


def test_the_pendulum_knight_is_a_timed_fight_and_the_fall_can_kill():
    """`rounds: 4`, `timeout:`: four parries and the pendulum strikes; an Unlucky hero
    falls into the chasm."""
    g = start()
    at(g, "A bridge of iron lattice")
    for n in range(1, 5):
        assert g.prompt().title.en.endswith(f"{n}/4")
        act(g, "attack", 4, 4, 4, 4)                                      # 10 + 8 on both sides: parried
    assert reads(g, "The pendulum sweeps out of the dark")
    act(g, "roll", 6, 6)
    assert g.state.ended == "death" and reads(g, "your hands close on nothing")   # {end: death}


def test_the_leech_stops_the_fight_at_its_first_wound_and_the_salve_is_used_up():
    """`hurt:` then an automatic jump on an item, whose effects take it."""
    g = start()
    g.state.items["salve"] = 1
    at(g, "The stakes cross a wide pool")
    act(g, "attack", 6, 6, 1, 1)                                          # the leech 19, the hero 12
    assert g.prompt().kind == "combat-luck"
    g.answer("pass")
    assert reads(g, "The salve stings like fire") and not g.state.has("salve")
    assert g.state.stats["endurance"] == 17


def constructs(book) -> dict[str, list[int]]:
    """Where the compiled book uses each format 1.2 construct (paragraph numbers)."""
    from engine.book.effect_lists import all_effects
    from engine.book.model import CONTINUE
    found: dict[str, list[int]] = {}

    def mark(construct, n):
        found.setdefault(construct, []).append(n)
    for n, p in sorted(book.paragraphs.items()):
        test = p.fields.get("test") or {}
        fight = p.fields.get("combat") or {}
        puzzle = p.fields.get("puzzle") or {}
        if "death" in p.outcome_ends.values():
            mark("outcome end: death", n)
        if test and test.get("success") == test.get("failure") and ("test", "failure_effects") in p.outcome_effects:
            mark("outcome {to, effects} (one paragraph for both results)", n)
        if CONTINUE in (test.get("success"), test.get("failure")):
            mark("outcome continue", n)
        if any(c.stay for c in p.choices):
            mark("stay: true action", n)
        if p.puzzle_if:
            mark("puzzle answer if:", n)
        if puzzle.get("tries"):
            mark("puzzle tries:", n)
        if fight.get("win_rounds") and any(e.get("endurance") is None for e in fight.get("enemies", ())):
            mark("rounds-only opponent", n)
        if fight.get("luck") in ("taken", "dealt"):
            mark("luck: taken/dealt", n)
        for effect in all_effects(p):
            value = effect.value
            if effect.kind == "give_up" and isinstance(value, dict):
                if value.get("stats"):
                    mark("give_up stats:", n)
                if value.get("none") is not None:
                    mark("give_up none:", n)
            if effect.kind in ("take", "sell", "store", "restore"):
                mark(effect.kind, n)
            if effect.kind == "gain" and any(book.items[i].props.get("use_here") for i in value):
                mark("use_here", n)
            if effect.kind == "take" and any(book.items[i].props.get("use_here") for i in value["from"]):
                mark("use_here", n)
    for item in book.items.values():
        if item.props.get("unique"):
            found.setdefault("unique: true", []).append(item.id)
    return found


def test_the_book_uses_every_format_1_2_construct():
    """Walk the compiled book: an edit that drops a construct fails here."""
    book = loaded().book
    found = constructs(book)
    assert "gamebook: 1.2" in BOOK.read_text(encoding="utf-8").splitlines()
    assert set(found) == {
        "outcome end: death", "outcome {to, effects} (one paragraph for both results)",
        "outcome continue", "stay: true action", "puzzle answer if:", "puzzle tries:",
        "rounds-only opponent", "luck: taken/dealt", "give_up stats:", "give_up none:",
        "take", "sell", "store", "restore", "use_here", "unique: true"}, found
    assert sorted(found["unique: true"]) == ["charm", "lodestone", "rope"]
    assert len(found["outcome end: death"]) >= 4 and len(found["stay: true action"]) >= 3
    assert len(found["use_here"]) >= 3 and len(found["take"]) >= 2


def test_the_barrow_and_the_armoury_offer_up_to_n_things():
    g = start()
    at(g, "Among the rusted blades")
    assert g.prompt().kind == "take" and g.state.stats["or"] == 14
    assert [o.key for o in g.prompt().options] == ["take:mail", "take:lantern", "take-done"]
    g.answer("take:mail")                                                 # worn: the armour
    assert g.state.has("mail") and g.prompt().kind != "take"              # one of the two
    assert not g.state.has("lantern") and labels(g) == ["Leave the barrow"]
    g = start()
    at(g, "Racks of weapons line the armoury")
    assert [o.key for o in g.prompt().options] == ["take:hammer", "take:barrel", "take-done"]
    g.answer("take:barrel")                                               # used where it stands
    assert g.state.items.get("oil") == 1 and not g.state.has("barrel")
    g.answer("take:hammer")
    assert g.state.has("hammer") and not g.state.has("sword")


def test_the_ring_is_sold_and_the_springs_are_drunk_where_they_are():
    g = start()
    at(g, "You weave between the blades")
    assert g.prompt().kind == "sell"
    g.answer("sell:ring")
    assert g.state.stats["or"] == 12 and not g.state.has("ring")
    g = start()
    g.state.stats["endurance"] = 10
    at(g, "The water is so cold")
    assert g.state.stats["endurance"] == 14 and not g.state.has("spring")


def test_old_moth_takes_two_provisions_or_sends_the_hero_back():
    g = start()
    at(g, '"Nobody," says the old man')
    choose(g, "Give him two meals")
    assert g.prompt().kind == "give-up"
    assert [o.key for o in g.prompt().options] == ["give-stat:provisions", "give-none"]
    g.answer("give-stat:provisions")
    g.answer("give-stat:provisions")
    assert g.state.stats["provisions"] == 0 and g.state.has("lodestone")


def test_dace_takes_two_gold_pieces_or_the_hero_hauls_the_rope():
    """The ferry's give_up: Gold Pieces only (`stats: [gold]`, every item excepted);
    declining (`none: 93`) is hauling the rope."""
    g = start()
    at(g, "The ferryman is a lean old man")
    choose(g, "Pay him 2 Gold Pieces")
    assert [o.key for o in g.prompt().options] == ["give-stat:or", "give-none"]
    g.answer("give-stat:or")
    g.answer("give-stat:or")
    assert g.state.stats["or"] == 6 and g.state.items == {"sword": 1, "backpack": 1}
    g = start()
    at(g, "The ferryman is a lean old man")
    choose(g, "Pay him 2 Gold Pieces")
    g.answer("give-none")
    assert reads(g, "The rope is thick and wet") and g.state.stats["or"] == 8


def test_dace_takes_a_gold_piece_from_a_clerk_if_he_has_one():
    """§ 95's give_up without `none:`: one Gold Piece is taken; with none, nothing."""
    for gold, left in ((8, 7), (0, 0)):
        g = start()
        g.state.stats["or"] = gold
        at(g, "The rope burns through your palms")
        if gold:
            assert [o.key for o in g.prompt().options] == ["give-stat:or"]
            g.answer("give-stat:or")
        assert g.state.stats["or"] == left and labels(g) == ["Step ashore on the north bank"]
