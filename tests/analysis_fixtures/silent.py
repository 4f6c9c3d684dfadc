"""The property behind the explorer's speed: a silent game (`narrate=False`, no undo,
no events) plays exactly as a narrated one, seed for seed.

For each seed, one random playthrough is made by `play` on a silent game and again on
a narrated game (both reused from run to run, as `run_chunk` does): the same moves,
the same paragraphs, the same ending.  The moves of every third run are then replayed
one by one on a narrated game with undo (the REPL's kind of game) and on a silent
one: the same paragraphs in the same order, the same state at the end.
"""
from __future__ import annotations

from engine.analysis.explore.runs import new_game, play, replay_game, run_seed
from engine.game.dice import SeededDice
from engine.game import Game

MAX_STEPS = 2000


def assert_silent_runs_match(book, module, seeds: range, base: int = 7) -> dict:
    """Assert the property for `seeds`; returns the count of each outcome (so that a
    caller can check the runs went somewhere)."""
    silent = new_game(book, module, 0)
    told = new_game(book, module, 0, narrate=True)
    assert not silent.narrate and told.narrate
    outcomes: dict = {}
    for i in seeds:
        seed = run_seed(base, i)
        quiet = play(book, module, i, seed, MAX_STEPS, True, silent)
        loud = play(book, module, i, seed, MAX_STEPS, True, told)
        where = f"run {i} (seed {seed})"
        assert quiet.error is None and loud.error is None, (where, quiet.error, loud.error)
        assert (quiet.outcome, quiet.paragraph, quiet.moves, quiet.visits) == \
            (loud.outcome, loud.paragraph, loud.moves, loud.visits), where
        if i % 3 == 0:   # a game with undo snapshots every answer: a third of the runs
            _assert_replays(book, module, seed, quiet, where)
        outcomes[quiet.outcome] = outcomes.get(quiet.outcome, 0) + 1
    return outcomes


def _assert_replays(book, module, seed, run, where) -> None:
    """The run's moves on a narrated game with undo, and on a silent one, step by step."""
    game = Game(book, module, SeededDice(seed), undo=True, narrate=True)
    for move in run.moves:
        move.apply(game)
    assert any("say" in e for e in game.drain()), where   # it was told
    quiet = replay_game(book, module, seed, run.moves)
    assert not quiet.events and not quiet.narrate
    assert game.state.history == quiet.state.history, where
    assert _with_dice(game) == _with_dice(quiet), where
    assert game.state.visits == run.visits and game.state.paragraph == run.paragraph, where
    if run.outcome in ("victory", "death"):
        assert game.state.ended == run.outcome and game.over, where


def _with_dice(game) -> dict:
    """The whole state, dice included, but the module's display-only extras
    (`display_extra`: what its sheet shows, e.g. the items' names), which a game told
    to nobody need not keep."""
    game.state.dice = game.dice.to_json()
    out = game.state.to_json()
    for key in getattr(game.module, "display_extra", ()):
        out["extra"].pop(key, None)
    return out
