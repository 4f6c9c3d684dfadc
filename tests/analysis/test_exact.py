"""The exact solver (engine/analysis/explore/exact.py) on small books with cycles, each
expected value derived by hand in the comments (not copied from the solver)."""
from fractions import Fraction
from pathlib import Path

import pytest

from engine.analysis.explore.exact import eliminate, exact_values
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.parallel import run_batch
from engine.analysis.explore.solve import victory_odds
from tests.analysis_fixtures.support import load

BOOKS = Path(__file__).parent / "books"


def solve(name, **options):
    book, module, _ = load(BOOKS / f"{name}.yaml")
    space = Explorer(book, module, **options).run()
    value, policy = exact_values(space)
    return space, sum(p * value[t] for p, t in space.root), value


def test_a_hub_of_four_paragraphs_finishes_and_is_certain():
    # 1 -> 2, 3, 4; 2 -> 1, 3; 3 -> 1; 4 -> 1 or the victory 5: a cycle of choices
    # only, whose best way out is the victory: 1.
    space, v, _ = solve("hub")
    assert space.bound is None and v == 1 and isinstance(v, (int, Fraction))


def test_a_loop_with_a_chance_node():
    # 1: the wheel (2) or the jump (5).  Jump: 1d6, 1 wins: 1/6.
    # Wheel: 1-2 wins, 3-4 dies, 5-6 back to 1.  Taking the wheel every time:
    # v = 2/6 + 2/6 v, so v = 1/2 > 1/6: best play is 1/2.
    space, v, _ = solve("loop-chance")
    assert space.bound is None and v == Fraction(1, 2)


def test_a_doomed_region_is_worth_zero_and_the_book_two_thirds():
    # 1: the marsh (2 <-> 3, every way out dies) or the bridge (1d6, 1-4 wins): 4/6.
    space, v, value = solve("doomed")
    assert v == Fraction(2, 3)
    marsh = [s for s, n in enumerate(space.paragraph) if n in (2, 3)]
    assert marsh and all(value[s] == 0 for s in marsh)


def test_a_soft_lock_four_moves_deep_is_worth_zero():
    # Leaving at once wins (1); going on four times ends at a locked door (5).
    space, v, value = solve("softlock-deep")
    assert v == 1
    assert {space.paragraph[s] for s in space.soft_locks} == {5}
    assert all(value[s] == 0 for s in space.soft_locks)


def test_the_forced_loop_matches_its_hand_value_and_random_play():
    # 2d6: 2-5 wins (10/36), 6-8 goes round again (16/36), 9-12 dies (10/36):
    # v = 10/36 + 16/36 v, so v = 10/20 = 1/2.  One move everywhere: random play is
    # best play, so the share of won random games must agree.
    _space, v, _ = solve("forced-loop")
    assert v == Fraction(1, 2)
    book, module, _ = load(BOOKS / "forced-loop.yaml")
    runs = 4000
    won = run_batch(book, module, runs, seed=3, jobs=1, with_commands=False).outcomes.get("victory", 0)
    margin = 4 * (0.25 / runs) ** 0.5   # four standard deviations of a share
    assert abs(won / runs - float(v)) < margin


def test_focused_trials_find_the_way_out_of_a_hub_that_breadth_cannot_reach():
    # The hub's first way (north) only leads back; the market beside it loops for
    # ever, each round a new state (Strength grows), so 300 states in breadth end
    # before the thirty milestones of the south road: nothing won is known.  A
    # trial that turned back at the first state it had walked, or took the first
    # of equal moves, went north every time; a trial that takes another way out
    # and draws among equal moves walks the road to the port and proves a victory.
    book, module, _ = load(BOOKS / "hub-wide.yaml")
    breadth = Explorer(book, module, max_states=300, sheet=1, focused=False).run()
    assert breadth.bound == "max-states" and victory_odds(breadth)["low"] == 0
    for seed in range(5):
        focused = Explorer(book, module, max_states=300, sheet=1, seed=seed).run()
        assert focused.bound == "max-states" and victory_odds(focused)["low"] > 0.99


@pytest.mark.parametrize("name", ["hub", "loop-chance", "doomed", "softlock-deep", "forced-loop"])
def test_the_exact_value_agrees_with_float_value_iteration(name):
    space, v, _ = solve(name)
    assert float(v) == pytest.approx(victory_odds(space)["low"], abs=1e-9)


def test_a_deciding_roll_that_loses_nothing_outright_says_how_low_it_can_fall():
    # The ford: 1-3 the dry bank (victory), 4-6 the rotten branch, itself 1-3 the
    # bank, 4-6 death.  The ford's roll: 1/2 + 1/2 * 1/2 = 3/4 before, 1/2 at worst,
    # nothing lost outright; the branch: 1/2 before, 1/2 of losing all.
    from engine.analysis.explore.report import exhaustive
    from engine.analysis.explore.text import exhaustive_text
    book, module, _ = load(BOOKS / "setback.yaml")
    r = exhaustive(book, module)
    ford, branch = r["deciding"]
    assert (ford["paragraph"], ford["odds_before"]["exact"], ford["lost_here"]["exact"],
            ford["worst_after"]["exact"]) == (1, "3/4", "0", "1/2")
    assert (branch["paragraph"], branch["lost_here"]["exact"], branch["worst_after"]["exact"]) == (3, "1/2", "0")
    en, fr = exhaustive_text(r, "en", "b.yaml"), exhaustive_text(r, "fr", "b.yaml")
    assert "§ 1 roll: 75.00 % (3/4) before, 50.00 % (1/2) after its worst outcome (none loses all)" in en
    assert "§ 3 roll: 50.00 % (1/2) before, 50.00 % (1/2) of losing all there" in en
    # French figures have a decimal comma, as in the other reports
    assert "§ 1 roll : 75,00 % (3/4) avant, 50,00 % (1/2) après sa pire issue (aucune ne fait tout perdre)" in fr
    assert "Chances de victoire en jouant au mieux : 75,00 %" in fr and "75.00" not in fr


def test_elimination_solves_a_cyclic_system_exactly():
    # x = 1/2 y + 1/4, y = 1/3 x + 1/3 z, z = 0 (doomed): x = 1/6 x + 1/4, x = 3/10.
    out = eliminate({0: [{1: Fraction(1, 2)}, Fraction(1, 4)], 1: [{0: Fraction(1, 3), 2: Fraction(1, 3)}, 0]},
                    {2})
    assert out[0] == Fraction(3, 10) and out[1] == Fraction(1, 10)


def test_the_report_gives_the_exact_value_the_route_the_doomed_and_the_deciding_roll():
    from engine.analysis.explore.report import exhaustive
    from engine.analysis.explore.text import exhaustive_text
    book, module, _ = load(BOOKS / "doomed.yaml")
    r = exhaustive(book, module)
    assert r["complete"] and r["exact"] == "2/3" and r["victory"]["low"] == pytest.approx(2 / 3)
    assert [x["move"] for x in r["best_route"]] == ["2", "roll"]   # the bridge, then its roll
    assert [x["paragraph"] for x in r["doomed"]] == [2, 3]
    # the bridge's roll: 5-6 (1/3) loses everything
    assert r["deciding"][0]["paragraph"] == 4 and r["deciding"][0]["lost_here"]["exact"] == "1/3"
    en, fr = exhaustive_text(r, "en", "b.yaml"), exhaustive_text(r, "fr", "b.yaml")
    assert "Exact value: 2/3" in en and "Doomed paragraphs" in en and "2, 3" in en
    assert "Valeur exacte : 2/3" in fr and "Paragraphes condamnés" in fr


def test_the_difficulty_table_is_exact_over_every_rolled_sheet():
    # softlock.yaml rolls a bonus die (2 sheets): each sheet's exact value, weighted.
    from engine.analysis.explore.report import exhaustive
    book, module, _ = load("softlock")
    r = exhaustive(book, module)
    d = r["difficulty"]
    assert d["sheets"] == 2 and not d["sampled"]
    weak, strong = Fraction(d["weakest"]["exact"]), Fraction(d["strongest"]["exact"])
    assert weak < strong and Fraction(d["mean"]["exact"]) == Fraction(r["exact"])


def test_lint_deep_finds_the_soft_lock_four_moves_deep_complete_or_cut():
    # Complete: the exact exploration finds it.  Cut after 3 states (a count, not a
    # clock): the random games find it (1 game in 16 or so goes 4 times forward),
    # it is kept, and the cut is said, with the bound.
    from engine.analysis.explore.deep import deep_diagnostics
    book, module, doc = load(BOOKS / "softlock-deep.yaml")
    summary: dict = {}
    full = deep_diagnostics(book, module, doc, summary=summary)
    assert [d.code for d in full] == ["soft-lock"] and summary["complete"]
    cut = deep_diagnostics(book, module, doc, max_states=3, runs=400, summary=summary)
    codes = [d.code for d in cut]
    assert "soft-lock" in codes and "deep-incomplete" in codes and not summary["complete"]
    assert summary["bound"] == "max-states" and summary["games"] == 400
    lock = next(d for d in cut if d.code == "soft-lock")
    assert "paragraph 5" in lock.message.en and "--replay" in lock.message.en
    said = next(d for d in cut if d.code == "deep-incomplete").message
    assert "state bound" in said.en and "limite d'états" in said.fr


def test_lint_deep_plays_no_game_past_its_deadline():
    from engine.analysis.explore.deep import random_games
    book, module, _ = load(BOOKS / "softlock-deep.yaml")
    _stats, played = random_games(book, module, 1000, deadline=0.0)   # long past
    assert played == 0


def test_lint_deep_plays_random_games_for_all_the_time_left():
    # A clock that moves one tick a look: 2,500 ticks leave time for 2,500 games,
    # more than the 2,000 games it used to stop at with most of its time unused.
    from itertools import count
    from engine.analysis.explore.deep import random_games
    book, module, _ = load(BOOKS / "softlock-deep.yaml")
    clock = count().__next__
    stats, played = random_games(book, module, None, deadline=2_500, clock=clock)
    assert played == 2_500 and stats.problems   # (the soft-lock, found)
    assert random_games(book, module, 30, deadline=clock() + 2_500, clock=clock)[1] == 30


def test_a_fixed_sheet_is_one_of_the_rolled_sheets_exactly():
    from engine.analysis.explore.report import exhaustive
    book, module, _ = load("softlock")
    every = exhaustive(book, module)["difficulty"]
    one = exhaustive(book, module, sheet=5)
    assert one["complete"] and one["fixed_sheet"] == 5 and one["difficulty"] is None
    assert one["exact"] in (every["weakest"]["exact"], every["strongest"]["exact"])


def test_a_cut_exploration_gives_no_exact_figure_and_says_low_bounds():
    from engine.analysis.explore.report import exhaustive
    from engine.analysis.explore.text import exhaustive_text
    book, module, _ = load(BOOKS / "loop-chance.yaml")
    r = exhaustive(book, module, max_states=3)   # a count, not a clock
    assert not r["complete"] and r["bound"] == "max-states" and r["exact"] is None and r["low_bounds"]
    assert r["best_route"] and all(x["odds"]["exact"] is None for x in r["best_route"])
    assert r["doomed"] == []
    assert "low bounds" in exhaustive_text(r, "en", "b.yaml")


def test_a_command_that_changes_nothing_does_not_stall_the_solver():
    # `!attendre` is always available and changes nothing: a self-loop on every
    # state, inside the choice cycle of the hub and the chance cycle of the wheel.
    from engine.rules.base import Command
    from engine.diagnostics import Message
    from tests.analysis_fixtures.fixture_rules import FixtureRules

    class Waiting(FixtureRules):
        def commands(self):
            wait = Command(("attendre", "wait"), Message("Attendre", "Wait"), lambda play, arg: None,
                           lambda play: not play.state.ended and not play.state.pending)
            return super().commands() + (wait,)

    for name, expected in (("hub", 1), ("loop-chance", Fraction(1, 2))):
        book, _module, _ = load(BOOKS / f"{name}.yaml")
        space = Explorer(book, Waiting()).run()
        value, _ = exact_values(space)
        assert space.bound is None and any(t == s for s, acts in enumerate(space.actions)
                                           for _m, b in acts for _p, t in b)
        assert sum(p * value[t] for p, t in space.root) == expected


def _space(moves_of: dict, endings: dict):
    """A hand-made space: state -> [(move, [(p, successor)])], ending states apart."""
    from engine.analysis.explore.space import Space
    sp = Space()
    n = 1 + max(list(moves_of) + list(endings))
    for s in range(n):
        sp.states.append(((s,),))
        sp.paragraph.append(s)
        sp.ended.append(endings.get(s))
        sp.final.append(endings.get(s))
        sp.done.append(True)
        sp.actions.append(moves_of.get(s, []))
    return sp


def test_moves_whose_floats_tie_are_still_told_apart_exactly():
    # Two moves from 0, to the victory 1 or the death 2: their odds differ by 10^-30,
    # far below what a float can tell; the better one must be chosen, and its exact
    # value given; equal ones keep the first.
    tiny = Fraction(1, 10 ** 30)
    third = Fraction(1, 3)
    sp = _space({0: [("a", [(third, 1), (1 - third, 2)]), ("b", [(third + tiny, 1), (1 - third - tiny, 2)]),
                     ("c", [(third + tiny, 1), (1 - third - tiny, 2)])],
                 3: [("x", [(Fraction(1, 2), 1), (Fraction(1, 2), 2)]), ("y", [(Fraction(1, 2), 1), (Fraction(1, 2), 2)])]},
                {1: "victory", 2: "death"})
    assert float(third) == float(third + tiny)
    sp.root = [(Fraction(1, 2), 0), (Fraction(1, 2), 3)]
    for everywhere in (True, False):   # (from the root, both moves are candidates)
        value, policy = exact_values(sp, everywhere)
        assert value[0] == third + tiny and policy[0] == 1
        assert value[3] == Fraction(1, 2) and policy[3] == 0
        assert all(type(v) is Fraction for v in value)


@pytest.mark.parametrize("name", ["hub", "loop-chance", "doomed", "softlock-deep", "forced-loop"])
def test_the_c_rationals_give_the_fractions_of_the_python_ones(name):
    """The solve in gmpy2's rationals (the default when every probability is exact)
    gives the same values and best moves as Fractions, as Fractions."""
    from engine.analysis.explore.exact import Solver
    book, module, _ = load(BOOKS / f"{name}.yaml")
    space = Explorer(book, module).run()
    fast, plain = Solver(space), Solver(space, Fraction)
    assert fast.Q is not Fraction
    assert fast.run() == plain.run() and fast.policy == plain.policy
    assert all(type(v) is Fraction for v in fast.value)


def test_a_float_probability_keeps_the_solve_in_fractions_and_its_figure_a_float():
    from engine.analysis.explore.exact import Solver
    sp = _space({0: [("a", [(0.25, 1), (0.75, 2)]), ("b", [(Fraction(1, 5), 1), (Fraction(4, 5), 2)])]},
                {1: "victory", 2: "death"})
    solver = Solver(sp)
    value = solver.run()
    assert solver.Q is Fraction and value[0] == 0.25 and type(value[0]) is float


def test_best_play_from_the_start_needs_the_exact_values_of_few_states():
    """A move surely worse than another (its float plus its error bound below the
    other's float minus its own) is ruled out: what only it leads to keeps a
    float, or an exact 0 where no victory can follow; the start's value is the
    same as solving every state exactly."""
    half, sixth = Fraction(1, 2), Fraction(1, 6)
    # 0: to 1 (1/2 of winning at once) or to 4 (1/6 of reaching 5, a fair roll);
    # 6: a cycle of choices with no way out but death (doomed).
    sp = _space({0: [("a", [(1, 1)]), ("b", [(1, 4)]), ("c", [(1, 6)])],
                 1: [("roll", [(half, 2), (half, 3)])],
                 4: [("roll", [(sixth, 5), (1 - sixth, 3)])],
                 5: [("roll", [(half, 2), (half, 3)])],
                 6: [("on", [(1, 7)]), ("die", [(1, 3)])], 7: [("back", [(1, 6)])]},
                {2: "victory", 3: "death"})
    sp.root = [(1, 0)]
    every, _ = exact_values(sp, everywhere=True)
    value, policy = exact_values(sp)
    assert value[0] == every[0] == half and policy[0] == 0
    assert type(value[1]) is Fraction and value[1] == half
    assert type(value[4]) is float and value[4] == pytest.approx(float(every[4]))
    assert type(value[6]) is Fraction and value[6] == value[7] == 0 == every[6]


@pytest.mark.parametrize("name", ["hub", "loop-chance", "doomed", "softlock-deep", "forced-loop"])
def test_the_states_best_play_needs_have_the_values_of_solving_every_state(name):
    book, module, _ = load(BOOKS / f"{name}.yaml")
    space = Explorer(book, module).run()
    every, _ = exact_values(space, everywhere=True)
    value, _ = exact_values(space)
    assert all(v == w if type(v) is Fraction else v == pytest.approx(float(w)) for v, w in zip(value, every))
    assert [v == 0 for v in value] == [w == 0 for w in every]


@pytest.mark.parametrize("seed", range(40))
def test_ruling_moves_out_in_floats_never_changes_the_start_value(seed):
    """Random spaces (choices, rolls, cycles with and without dice, near-ties of
    odds): solving only what best play from the start needs gives the fraction of
    solving every state, and the same zeros."""
    import random
    rng = random.Random(seed)
    n = rng.randint(4, 30)
    endings = {n: "victory", n + 1: "death"}
    moves_of = {}
    for s in range(n):
        moves = []
        for k in range(rng.randint(1, 3)):
            targets = [rng.choice([t for t in range(n + 2) if t > s or rng.random() < 0.15])
                       for _ in range(rng.randint(1, 3))]
            weights = [rng.randint(1, 6) for _ in targets]
            if rng.random() < 0.2:   # a near-tie: 10^-20 more
                weights = [w * 10 ** 20 for w in weights]
                weights[0] += 1
            total = sum(weights)
            moves.append((f"m{k}", [(Fraction(w, total), t) for w, t in zip(weights, targets)]))
        moves_of[s] = moves
    sp = _space(moves_of, endings)
    sp.root = [(Fraction(1, 2), 0), (Fraction(1, 2), rng.randrange(n))]
    every, _ = exact_values(sp, everywhere=True)
    value, policy = exact_values(sp)
    start = lambda v: sum(p * v[t] for p, t in sp.root)  # noqa: E731
    assert start(value) == start(every) and type(start(value)) is Fraction
    assert [v == 0 for v in value] == [w == 0 for w in every]
    assert all(v == w for v, w in zip(value, every) if type(v) is Fraction)


def test_a_ring_of_tied_rooms_around_a_well_is_solved_in_one_round(monkeypatch):
    # Six rooms in a ring, every room worth the same; from room 4, the well: 1d6,
    # 1-2 wins, 3 drowns, 4-6 back to room 1, so v = 2/6 + 3/6 v: v = 2/3 everywhere.
    # Every move of the ring ties with its neighbours': the first policy must still
    # walk to the well (a loop of ties taken for ever is worth 0 and costs a round
    # of policy iteration to undo), so each solve of a component (Demand's from the
    # floats, then the exact one) evaluates a single policy.
    from engine.analysis.explore import exact
    solves, rounds = [], []
    chance, evaluate = exact.Solver._chance, exact.Solver._evaluate
    monkeypatch.setattr(exact.Solver, "_chance", lambda self, *a: (solves.append(1), chance(self, *a))[1])
    monkeypatch.setattr(exact.Solver, "_evaluate", lambda self, *a: (rounds.append(1), evaluate(self, *a))[1])
    space, v, value = solve("ring-chance")
    assert v == Fraction(2, 3)
    assert all(value[s] == Fraction(2, 3) for s, n in enumerate(space.paragraph) if 1 <= n <= 7)
    assert solves and len(rounds) == len(solves)
