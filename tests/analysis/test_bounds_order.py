"""Cut explorations of a fixed sheet, the likeliest states first (explore/likely.py): the
bounds are sound at every cut (low <= exact <= high), they close as the bound grows, a
complete exploration is the same whatever the order, and the report says where the
gap lies (explore/frontier.py) in both languages."""
import json
from pathlib import Path

import pytest

from tests.analysis_fixtures.support import load
from engine.analysis.explore.compact import content
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.likely import Likely, level
from engine.analysis.explore.report import exhaustive
from engine.analysis.explore.solve import victory_odds
from engine.analysis.explore.text import exhaustive_text
from engine.cli import main

ROAD = Path(__file__).parent / "books" / "bounds-road.yaml"
BOOKS = [ROAD, "cc-duels", "df-crypt", "quest", "df-market"]


def bounds(book, module, focused=False, **options) -> tuple[float, float, object]:
    space = Explorer(book, module, sheet=1, focused=focused, likely=True, **options).run()
    v = victory_odds(space)
    return v["low"], v["high"], space


@pytest.mark.parametrize("name", BOOKS, ids=lambda b: Path(str(b)).stem)
def test_every_cut_bounds_the_exact_value_and_the_gap_shrinks(name, monkeypatch):
    """Every cut is sound; with the 0/1 ceiling the gap shrinks as the cut grows (the
    module's chances, routes.py, may bound a state before a fight tighter than its
    outcomes once it is expanded, each counted at its own ceiling: sound, not monotone)."""
    book, module, _ = load(name)
    exact, same, whole = bounds(book, module)
    assert whole.bound is None and exact == same
    n = len(whole.states)
    caps = sorted({max(2, n * k // 10) for k in range(1, 10)})
    gaps = []
    for cap in caps:
        low, high, space = bounds(book, module, max_states=cap)
        assert space.bound == "max-states" and len(space.states) <= cap
        assert low - 1e-12 <= exact <= high + 1e-12, (cap, low, exact, high)
        with monkeypatch.context() as m:
            m.setattr(type(module), "chance_ceiling", None)
            low, high, space = bounds(book, module, max_states=cap)
        assert low - 1e-12 <= exact <= high + 1e-12, (cap, low, exact, high)
        gaps.append(high - low)
    assert all(b <= a + 1e-12 for a, b in zip(gaps, gaps[1:])), gaps


@pytest.mark.parametrize("name", BOOKS, ids=lambda b: Path(str(b)).stem)
def test_focused_walks_then_the_likeliest_bound_the_exact_value_at_every_cut(name):
    """The focused walks first (what `--sheet` does): the walks follow the bounds and
    the clock, so a larger cut need not hold a smaller one; every cut is sound."""
    book, module, _ = load(name)
    exact, _, whole = bounds(book, module, focused=True)
    assert whole.bound is None and exact == bounds(book, module)[0]
    for k in range(1, 10):
        low, high, space = bounds(book, module, focused=True, max_states=max(2, len(whole.states) * k // 10))
        assert space.bound == "max-states"
        assert low - 1e-12 <= exact <= high + 1e-12, (k, low, exact, high)


def test_the_road_s_bounds_close_within_one_point_before_its_end():
    """Cut at 85 % of its 265 states, the road's gap is below 1 point, and wide at 25 %."""
    book, module, _ = load(ROAD)
    exact = bounds(book, module)[0]
    low, high, _ = bounds(book, module, max_states=225)
    assert low <= exact <= high and high - low < 0.01
    low, high, _ = bounds(book, module, max_states=66)
    assert high - low > 0.5


def test_a_complete_exploration_is_the_same_in_either_order():
    book, module, _ = load(ROAD)
    likely = Explorer(book, module, sheet=1, focused=False, likely=True).run()
    breadth = Explorer(book, module, sheet=1, focused=False).run()
    assert len(likely.states) == len(breadth.states) == 265
    assert victory_odds(likely)["low"] == victory_odds(breadth)["low"]
    assert kept(likely) == kept(breadth)


def kept(space) -> set:
    """The states of a space, whatever their layout (a final ending: one state a paragraph
    and ending, whichever sheet met it first)."""
    return {content(k) if not space.final[s] else (space.paragraph[s], space.final[s])
            for s, k in enumerate(space.states)}


def test_the_likeliest_state_waiting_comes_first():
    todo = Likely()
    todo.seed([(1, 0)])
    for s in (1, 2, 3):
        todo.append(s)
    todo._offer(1, 0.01)
    todo._offer(2, 0.5)
    todo._offer(3, 0.02)
    todo._offer(1, 0.9)   # a likelier way to 1: its first level is stale
    order = [todo.popleft() for _ in range(5)]
    assert order == [0, 1, 2, 3, 1]
    assert not todo and level(0.0) > level(1e-300) > level(0.5) > level(1.0) == 0


def test_a_cut_report_says_the_gap_where_it_lies_and_why():
    book, module, _ = load(ROAD)
    r = exhaustive(book, module, max_states=150, sheet=1)
    f, v = r["frontier"], r["victory"]
    assert r["bound"] == "max-states" and v["gap"] == pytest.approx(v["high"] - v["low"]) and v["gap"] > 0
    assert {x["paragraph"] for x in f["unexplored"]} <= set(book.paragraphs) and f["unexplored"]
    assert f["leaves"][0] == book.start
    assert "endurance" in [x["name"] for x in f["splits"]] and all(x["factor"] > 1 for x in f["splits"])
    en, fr = exhaustive_text(r, "en", "road.yaml"), exhaustive_text(r, "fr", "road.yaml")
    gap = f"{100 * v['gap']:.2f}"
    # (each stat by the module's label in the reader's language, not its French id)
    assert f"Gap between the bounds: {gap} points" in en and "What multiplies the states there: Stamina" in en
    assert f"Écart entre les bornes : {gap.replace('.', ',')} points" in fr
    assert "Ce qui y multiplie les états : Endurance" in fr and "endurance" not in en
    assert exhaustive(book, module, sheet=1)["frontier"] is None


def test_cli_focused_sheet_gives_sound_bounds_and_the_exact_value_whole(capsys):
    book, module, _ = load(ROAD)
    exact = bounds(book, module)[0]
    base = ["explore", str(ROAD), "--exhaustive", "--sheet", "1", "--no-store", "--format", "json"]
    assert main(base + ["--focused", "--max-states", "150"]) == 0
    cut = json.loads(capsys.readouterr().out)
    v = cut["victory"]
    assert cut["bound"] == "max-states" and v["low"] <= exact <= v["high"] and cut["frontier"]["unexplored"]
    assert main(base + ["--focused"]) == 0
    whole = json.loads(capsys.readouterr().out)
    assert whole["complete"] and whole["victory"]["low"] == pytest.approx(exact, abs=1e-12)


def test_the_gap_line_writes_the_states_by_paragraph_with_their_thousands_apart():
    from engine.analysis.explore.text import frontier_lines
    r = {"victory": {"low": 0.25, "high": 1.0},
         "frontier": {"unexplored": [{"paragraph": 22, "states": 21_455}, {"paragraph": 26, "states": 787}],
                      "leaves": [], "splits": [], "ceiling": None}}
    (en,), (fr,) = frontier_lines(r, "en"), frontier_lines(r, "fr")
    assert en.endswith("states left unexplored, by paragraph: § 22 (21,455), § 26 (787)")
    assert fr.endswith("par paragraphe : § 22 (21\u202f455), § 26 (787)")


def test_what_multiplies_the_states_is_said_in_the_readers_words():
    """The splits name a once-only choice, a wrong number's mark, a visit, an item and a
    starting value by what they are, not by the explorer's keys ('once:2:6'); a factor
    that rounds to ×1.0 is not named."""
    from engine.analysis.explore.text import frontier_lines
    splits = [{"part": "flags", "name": "once:2:6", "factor": 3.0},
              {"part": "flags", "name": "once:40:try2", "factor": 2.5},
              {"part": "visits", "name": "17", "factor": 2.0},
              {"part": "items", "name": "lantern", "factor": 1.5},
              {"part": "initial", "name": "endurance", "factor": 1.4,
               "label": {"fr": "Endurance", "en": "Stamina"}},
              {"part": "flags", "name": "<b>seen</b>", "factor": 1.2},
              {"part": "stats", "name": "or", "factor": 1.02}]
    r = {"victory": {"low": 0.25, "high": 1.0},
         "frontier": {"unexplored": [{"paragraph": 22, "states": 10}], "leaves": [], "splits": splits, "ceiling": None}}
    en, fr = frontier_lines(r, "en")[-1], frontier_lines(r, "fr")[-1]
    assert en.startswith("  What multiplies the states there: choice 6 of § 2 (once only) ×3.0, try 2 at § 40 ×2.5, "
                         "visits to § 17 ×2.0, item 'lantern' ×1.5, starting Stamina ×1.4, '<b>seen</b>' ×1.2;")
    assert fr.startswith("  Ce qui y multiplie les états : choix 6 du § 2 (une seule fois) ×3,0, essai 2 au § 40 ×2,5, "
                         "visites du § 17 ×2,0, objet « lantern » ×1,5, Endurance de départ ×1,4, « <b>seen</b> » ×1,2 ;")
    assert "'or'" not in en and "once:" not in en + fr
    r["frontier"]["splits"] = splits[-1:]
    assert not any("multipl" in line for line in frontier_lines(r, "en"))
