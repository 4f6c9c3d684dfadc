"""Scripted playthroughs of the demo book books/le-taureau-d-airain.yaml."""
from pathlib import Path

from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.lint.loader import load_book
from cc_helpers import of

BOOK = Path(__file__).resolve().parents[3] / "books" / "le-taureau-d-airain.yaml"
HIT, MISS = [6, 6], [1, 1]


def start(dice):
    loaded = load_book(BOOK, use_cache=False)
    assert loaded.ok and not loaded.diagnostics, loaded.diagnostics
    return Game(loaded.book, loaded.module, ScriptedDice(dice))


def run(g, steps):
    """Steps: "key", ("key", amount) or ("!command", arg)."""
    for step in steps:
        if isinstance(step, tuple) and step[0].startswith("!"):
            g.command(step[0][1:], step[1])
        elif isinstance(step, tuple):
            g.answer(*step)
        else:
            g.answer(step)


def test_book_has_at_least_forty_paragraphs_and_lints_clean():
    """The demo book: at least 40 paragraphs, no diagnostic at all."""
    g = start([])
    assert len(g.book.paragraphs) >= 40


def test_book_playthrough_to_victory():
    """Patron Athéna, a paid invocation (1d6 = 2), the soldier's surrender accepted
    (his sword taken), two Oracle jumps with their prices, Zeus's 1d6 Honour, and the
    guardian Astérion killed: the adventure is won."""
    dice = [2] + HIT + MISS + HIT + [3] + HIT + MISS + HIT + MISS + HIT
    g = start(dice)
    run(g, ["2", "1", "1", "1", "1", "2", "1",
            ("strike", 0), ("defend", 0), ("strike", 0), "accept:epee",
            "1", ("!oracle", ""), "1", "1", ("!zeus", "2"), "1", ("!consulter", ""), "1",
            ("strike", 0), ("defend", 0), ("strike", 0), ("defend", 0), ("strike", 0), "1", "1"])
    st = g.state
    assert st.ended == "victory" and st.paragraph == 41
    assert st.extra["patron"] == "Athéna" and st.extra["gods"]["Poséidon"] == "favorable"
    assert st.items.get("epee") == 1 and st.stats["force"] == 8
    assert (st.stats["honneur"], st.stats["honte"]) == (13, 1) and st.extra["zeus_used"]


def test_book_shame_death():
    """Stolen offerings, a retreat, an insult to Apollon and the golden cup: Honte 7 >
    Honneur 6, death by his own (stolen) dagger, and no resurrection."""
    g = start([1])
    run(g, ["1", "1", "2", "3", "1", "2", "retreat", "1", "2", "1", "2", "2", "1"])
    assert g.state.ended == "death" and g.state.death_cause == "shame"
    assert "dague" in of(g.drain(), "shame")[0]["say"]["fr"]
    assert [o.key for o in g.prompt().options] == ["restart"]


def test_book_zeus_resurrection_after_the_chasm():
    """Falling into the chasm is death; Zeus raises the hero at 30, Honte 0, Honneur 1."""
    g = start([])
    run(g, ["1", "1", "2", "2", "3"])
    assert g.state.ended == "death"
    g.answer("zeus")
    st = g.state
    assert (st.paragraph, st.stats["honneur"], st.stats["honte"], st.ended) == (30, 1, 0, None)


def test_book_wolves_group_fight_all_down():
    """The two wolves leave the fight one after the other; when both are Grièvement
    Blessé the book sends Althéos where victory leads (all_down: 6, win: 6): it is the
    victory, Indemne, and its reward is paid (issue 33, item 8: it was never paid)."""
    g = start(HIT + MISS + HIT + MISS + HIT + MISS + HIT)
    run(g, ["1", "2", ("strike", 0), ("defend", 0), ("strike", 0), ("defend", 0),
            ("strike", 0), ("defend", 0), ("strike", 0)])
    st = g.state
    assert st.paragraph == 6 and st.stats["honneur"] == 7 + 2 and st.stats["protection"] == 13
    assert st.extra["condition"] == 0


def test_book_hephaistos_answers_by_himself():
    """Format 1.1: paragraph 33 jumps on its own (`auto:`): to the respite (31) unless
    Héphaïstos is unfavourable, back into the fight (37) if he is; the player is no
    longer offered to resume a fight the god has just stopped."""
    for attitude, paragraph in (("neutre", 31), ("favorable", 31), ("défavorable", 37)):
        g = start([])
        g.answer("1")
        g.goto(29)
        g.state.extra["gods"]["Héphaïstos"] = attitude
        g.answer("invoke")
        assert g.state.paragraph == paragraph, attitude
        assert (g.state.pending or {}).get("activity") == ("combat" if paragraph == 37 else None)


def test_book_prayers_other_than_the_patrons_are_hidden():
    g = start([])
    g.answer("2")   # Athéna
    g.goto(9)
    assert [(o.key, o.label.fr.split(" (")[0]) for o in g.prompt().options] == \
        [("2", "Prier Athéna"), ("7", "Remercier la vieille femme et repartir")]
