"""The hover's background thread (engine/lsp/hover.py), in process: one fight at a
time, a fight queued once, the fights of an edited book still waiting dropped."""
from __future__ import annotations

import threading

from engine.lsp import hover


def test_one_fight_at_a_time_queued_once_and_dropped_when_its_book_changes(monkeypatch):
    said = []
    monkeypatch.setattr(hover, "announce", lambda fr, en: said.append(en))
    begun, release, ran = threading.Event(), threading.Event(), []

    def blocked():
        ran.append("first")
        begun.set()
        release.wait(30)
    hover._start(("test", "first"), "file:///a.yaml", "§1 (combat)", blocked)
    hover._start(("test", "first"), "file:///a.yaml", "§1 (combat)", lambda: ran.append("again"))
    hover._start(("test", "second"), "file:///a.yaml", "§2 (combat)", lambda: ran.append("second"))
    hover._start(("test", "other"), "file:///b.yaml", "§3 (combat)", lambda: ran.append("other"))
    assert begun.wait(30)
    hover.forget("file:///a.yaml")   # a.yaml edited: §1 is being solved, §2 waits behind it: dropped
    release.set()
    hover.settle()
    assert ran == ["first", "other"]
    assert said == [f"gamebook: computing the odds of §{n} (combat) ({f}) in the background"
                    for n, f in ((1, "a.yaml"), (2, "a.yaml"), (3, "b.yaml"))]
    hover._start(("test", "second"), "file:///a.yaml", "§2 (combat)", lambda: ran.append("second"))
    hover.settle()   # hovered again after the edit: solved
    assert ran == ["first", "other", "second"]


def test_a_fight_solved_while_a_hover_looked_for_its_stored_odds_is_not_solved_again(monkeypatch):
    # A second hover looks in the cache, misses, looks for stored odds (slow); meanwhile
    # the thread finishes the first hover's solve.  Its `_start` must not solve it (and
    # announce it) again: the clean-clone CI saw "computing the odds of §2" twice.
    said, ran = [], []
    monkeypatch.setattr(hover, "announce", lambda fr, en: said.append(en))
    key = ("test", "solved-meanwhile")
    hover._start(key, "file:///c.yaml", "§4 (combat)", lambda: ran.append(hover._keep(key, ["rows"])))
    hover.settle()
    hover._start(key, "file:///c.yaml", "§4 (combat)", lambda: ran.append("again"))
    hover.settle()
    assert ran == [["rows"]] and len(said) == 1
