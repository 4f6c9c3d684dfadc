"""The transition cache changes nothing: the same graph, state for state, as playing
every move of every state; and its tracked parts log what is read and written."""
import pytest

from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.transitions import ALL, tracked
from tests.analysis_fixtures.support import load

BOOKS = ["cc-duels", "crash", "df-duel", "df-market", "duel", "hopeless", "quest", "softlock"]


@pytest.mark.parametrize("name", BOOKS)
def test_the_cache_gives_the_graph_that_playing_every_state_gives(name):
    book, module, _ = load(name)
    cached = Explorer(book, module, memo=True)
    on = cached.run()
    off = Explorer(book, module, memo=False).run()
    assert on.states == off.states and on.actions == off.actions
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
    d.update(x=1)
    assert {("stats", "b"), ("stats", "x")} <= wrote


def test_a_cache_that_misses_too_often_is_dropped_and_the_graph_stays_the_same(monkeypatch):
    from engine.analysis.explore import expansion as E
    book, module, _ = load("df-market")
    off = Explorer(book, module, memo=False).run()
    monkeypatch.setattr(E, "MEMO_TRIAL", 3)
    monkeypatch.setattr(E, "MEMO_WORTH", 1.0)   # 3 hits out of 3 or it goes
    x = Explorer(book, module)
    on = x.run()
    assert x.memo is None
    assert on.states == off.states and on.actions == off.actions
