"""The transition cache changes nothing: the same graph, state for state, as playing
every move of every state; and its tracked parts log what is read and written."""
import pytest

from engine.analysis.explore.compact import unpack
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.transitions import ALL, WHOLE, TrackedSet, tracked
from tests.analysis_fixtures.support import load

BOOKS = ["cc-duels", "codewords", "crash", "df-crypt", "df-duel", "df-market", "df-shortcut", "duel", "hopeless", "quest",
         "softlock"]


@pytest.mark.parametrize("name", BOOKS)
def test_the_cache_gives_the_graph_that_playing_every_state_gives(name):
    book, module, _ = load(name)
    # breadth only: the focused trials stop on the wall clock, so under load two runs
    # could number their states in another order (the cache would not be at fault)
    on = Explorer(book, module, memo=True, focused=False).run()
    off = Explorer(book, module, memo=False, focused=False).run()
    assert [unpack(k) for k in on.states] == [unpack(k) for k in off.states]
    assert on.actions == off.actions
    assert on.soft_locks == off.soft_locks and on.root == off.root
    assert [e["message"] for e in on.errors] == [e["message"] for e in off.errors]


def test_the_cache_is_used_on_a_book_with_a_hub_of_states():
    book, module, _ = load("df-market")
    x = Explorer(book, module)
    x.run()
    assert x.memo.hits > 0


def test_tracked_parts_log_keys_read_whole_reads_and_writes():
    log, wrote = set(), set()
    d = tracked("stats", {"a": 1, "b": 2}, log, wrote)
    assert d["a"] == 1 and d.get("z") is None and "b" in d
    assert log == {("stats", "a"), ("stats", "z"), ("stats", "b")}
    d["c"] = 3
    del d["a"]
    assert wrote == {("stats", "c"), ("stats", "a")}
    log.clear()
    assert dict(d) == {"b": 2, "c": 3} and ("stats", ALL) in log
    log.clear()
    assert d == {"b": 2, "c": 3} and ("stats", ALL) in log
    wrote.clear()
    d.update(x=1)
    assert wrote == {("stats", "x")}   # only what is given: "b" keeps its value, unread
    d.clear()
    assert ("stats", WHOLE) in wrote   # rewritten whole: no template kept


def test_tracked_flags_log_each_flag_asked_and_only_the_flags_written():
    log, wrote = set(), set()
    flags = TrackedSet({"a", "b"})
    flags._log, flags._wrote = log, wrote
    assert "a" in flags and "z" not in flags
    assert log == {("flags", "a"), ("flags", "z")}
    flags.update({"c"})   # a codeword effect: the flags held are neither read nor written
    flags.add("d")
    flags.discard("a")
    assert wrote == {("flags", "c"), ("flags", "d"), ("flags", "a")}
    log.clear()
    assert sorted(flags) == ["b", "c", "d"] and ("flags", ALL) in log
    flags.clear()
    assert ("flags", WHOLE) in wrote


def test_a_move_that_reads_less_than_its_state_is_worked_out_once():
    """At the market, states differ by their gold and whether the amulet was bought;
    leaving reads neither (the module reads the items only when one was gained or
    lost), so its outcomes are played once for all of them (the graph is the same as
    playing every state: the test above)."""
    from engine.analysis.explore.compact import HEAD
    from engine.analysis.explore.moves import Move
    book, module, _ = load("df-market")
    x = Explorer(book, module)
    space = x.run()
    market = [k for k, p in zip(space.states, space.paragraph) if p == 1]
    golds = {unpack(k)[1]["or"] for k in market}
    assert len(golds) >= 3
    leave = [rows for (bucket, name), rows in x.memo.table.items()
             if x.layout.at(bucket, 1) == 1 and name == Move("3")]   # (a bucket: a state's head bits)
    inventories = {tuple(unpack(k)[3].items()) for k in market}
    assert len(inventories) == 2
    assert len(leave) == 1 and len(leave[0]) == 1 and len(leave[0][0][2]) == 1
    assert all(k[1:HEAD] == market[0][1:HEAD] for k in market)   # one bucket
    at_market = [s for s, p in enumerate(space.paragraph) if p == 1]
    shapes = {id(space.actions.shape[s]) for s in at_market}   # (their moves' texts and probabilities)
    assert len(shapes) < len(at_market) and space.actions.shape[at_market[0]] in space.actions.shapes()


def test_an_end_of_a_fight_is_applied_once_for_every_start_that_reaches_it():
    """The wolf is met with 8 or 6 Endurance (the brambles): two starts, two whole
    expansions, but the ends they share (won with 5 Endurance left, say) are played
    once: setting Endurance to what the fight left does not read what it was."""
    from engine.analysis.explore.nodes import Outcome
    applied, played = [], []

    class Counting(Explorer):
        def _outcome(self, s, outcome):
            applied.append(outcome.finish)
            return super()._outcome(s, outcome)

        def _results(self, s, move, rolls=()):
            if isinstance(move, Outcome):
                played.append(move.finish)
            return super()._results(s, move, rolls)

    book, module, _ = load("df-shortcut")
    space = Counting(book, module).run()
    starts = [s for s, n in enumerate(space.paragraph) if n == 3 and not space.ended[s]]
    assert len({unpack(space.states[s])[1]["endurance"] for s in starts}) == 2
    assert set(played) == set(applied) and len(played) < len(applied)
    again = [f for f in set(played) if played.count(f) > 1]
    assert len(again) <= 1   # only the lost fight, played per start: Endurance set to 0
    #                          reads it (a stat absent stays absent at 0)


def test_a_key_read_after_the_play_wrote_it_is_not_logged():
    log, wrote = set(), set()
    d = tracked("stats", {"endurance": 8}, log, wrote)
    d["endurance"] = 5
    assert d["endurance"] == 5 and d.get("endurance") == 5 and "endurance" in d
    assert log == set()
    assert d.get("chance") is None and log == {("stats", "chance")}
    flags = TrackedSet(set())
    flags._log, flags._wrote = log, wrote
    flags.add("porte")
    assert "porte" in flags and ("flags", "porte") not in log


def test_a_state_after_a_fight_records_the_strategy_that_leads_there():
    """The ends of a fight are templates shared between starts, but the path to a
    state names the strategy that reaches it from its own parent: met with Luck 7
    (the road), winning with Luck 6 left needs `luck-optimal`; met with Luck 6 (the
    ditch, with a feather), `no-luck` wins so, and the new state must say so."""
    book, module, _ = load("df-shortcut")
    space = Explorer(book, module).run()
    fought = [(s, parent, text) for s, (parent, text, _f) in enumerate(space.parent)
              if parent is not None and text and text.startswith("~")]
    assert {text for _s, _p, text in fought} == {"~no-luck", "~luck-optimal"}
    for s, parent, text in fought:
        moves = {t: [x for _p, x in branches] for t, branches in space.actions[parent]}
        assert s in moves[text], (s, text)
