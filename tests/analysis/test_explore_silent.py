"""`gamebook explore` plays its silent games exactly as narrated ones, on the bundled books
(the kai plugin's book: tests/plugins/test_plugin_explore_silent.py)."""
import random

import pytest

from engine.game.dice import SeededDice
from engine.game import Game
from engine.rules.base import Refused
from tests.analysis_fixtures.silent import assert_silent_runs_match
from tests.analysis_fixtures.support import BOOKS, load


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_silent_runs_visit_what_narrated_runs_visit(path):
    book, module, _ = load(path)
    # (base 1: la Cloche de Brumesel is rarely won at random, 2 runs in 300; base 7's
    # 300 runs won it before its format 1.1 version and no longer do. The Clock of
    # Vennick, format 1.2, is won by about 1 random game in 4,000: base 14's run 7 is one)
    name = path.rsplit("/", 1)[-1]   # (the book's file name, not the checkout's folders)
    base = 1 if "cloche" in name else 14 if "vennick" in name else 7
    outcomes = assert_silent_runs_match(book, module, range(300), base=base)
    assert sum(outcomes.values()) == 300 and {"victory", "death"} <= set(outcomes)


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_commands_said_to_refuse_cleanly_change_nothing_when_refused(path):
    """The random explorer takes no copy before a module's `refuses_cleanly` commands."""
    book, module, _ = load(path)
    clean = module.refuses_cleanly
    assert clean and all(any(name == c.names[0] for c in module.commands()) for name in clean)
    refused = {name: 0 for name in clean}
    for seed in range(60):
        game = Game(book, module, SeededDice(seed), undo=False)
        rng = random.Random(seed)
        for _ in range(150):
            for name in clean:
                before = _saved(game)
                try:
                    game.command(name, "")
                except Refused:
                    refused[name] += 1
                    assert _saved(game) == before, (seed, name, game.state.paragraph)
                game._restore(before)
            options = [o for o in game.prompt().options if o.enabled and o.key != "restart"]
            if not options:
                break
            option = rng.choice(options)
            try:
                game.answer(option.key, option.amount[1] if option.amount else None)
            except Refused:
                break
    assert all(refused.values()), refused


def test_a_module_listing_its_available_commands_lists_those_available():
    """`available_commands(play)` (Défis Fantastiques has it) is the explorer's one-call
    list of the commands whose `available` is true (first names, in order)."""
    book, module, _ = load(next(b for b in BOOKS if "cloche" in b))
    listing, seen = module.available_commands, set()
    for seed in range(40):
        game, rng = Game(book, module, SeededDice(seed), undo=False), random.Random(seed)
        for _ in range(200):
            names = [c.names[0] for c in module.commands() if c.available(game)] if not game.state.ended else []
            assert listing(game) == names, (seed, game.state.paragraph)
            seen.add(tuple(names))
            options = [o for o in game.prompt().options if o.enabled and o.key != "restart"]
            moves = [("answer", o) for o in options] + [("command", n) for n in names]
            if not moves:
                break
            kind, what = rng.choice(moves)
            try:
                game.answer(what.key, what.amount[1] if what.amount else None) if kind == "answer" \
                    else game.command(what, "")
            except Refused:
                break
    assert len(seen) > 2, seen   # none, one and both commands were met


def _saved(game) -> dict:
    game.state.dice = game.dice.to_json()
    return game.state.to_json()


def test_the_runs_pick_their_moves_as_random_move_does():
    """The runs' own pick (over Moves made once per prompt) draws what
    `moves.random_move` draws."""
    from engine.analysis.explore.moves import random_move
    from engine.analysis.explore.runs import _candidates, _Mover
    from engine.rules.base import Option, Prompt
    from engine.diagnostics import Message
    book, module, _ = load(BOOKS[0])
    game = Game(book, module, SeededDice(1), undo=False, narrate=False)
    shapes = random.Random(5)
    for seed in range(200):
        opts = [Option(f"k{i}", Message("x", "x"), amount=(0, shapes.randrange(9)) if shapes.random() < .3 else None)
                for i in range(shapes.randrange(4))]
        cmds = [f"c{i}" for i in range(shapes.randrange(3))] or ([] if opts else ["c"])
        mover = _Mover(book, module, seed, random.Random(seed), True, game)
        theirs, mine = random.Random(seed), (list(_candidates(Prompt("choice", tuple(opts)))[1]), list(cmds))
        for _ in range(len(opts) + len(cmds)):
            assert mover.pick(*mine) == random_move(opts, cmds, theirs)
        assert mover.rng.getrandbits(32) == theirs.getrandbits(32)


def _reference_run(book, module, seed: int, max_steps: int = 2000):
    """A random run written the plain way: a narrated game with undo, and at each step
    `moves.random_move` over `moves.options` and `moves.commands`."""
    from engine.analysis.explore.moves import commands, options, random_move
    from engine.analysis.explore.runs import CHOICE_STREAM
    rng, moves = random.Random(seed ^ CHOICE_STREAM), []
    game = Game(book, module, SeededDice(seed), undo=True, narrate=True)
    while len(moves) < max_steps:
        if game.state.ended and not options(game):
            return game.state.ended, moves
        opts, cmds = options(game), commands(game)
        while opts or cmds:
            move = random_move(opts, cmds, rng)
            try:
                move.apply(game)   # a refused move leaves the game as it was (undo)
            except Refused:
                continue
            moves.append(move)
            break
        else:
            return "soft-lock", moves
    return "stuck", moves


@pytest.mark.parametrize("path", BOOKS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_the_runs_make_the_moves_a_plain_random_run_makes(path):
    """The runs' shortcuts (prompts' answers read once, one-call command lists, commands
    tried without a copy, refused answers replayed) choose exactly what the plain way does."""
    from engine.analysis.explore.runs import new_game, play, run_seed
    book, module, _ = load(path)
    game = new_game(book, module, 0)
    for i in range(120):
        seed = run_seed(3, i)
        run = play(book, module, i, seed, 2000, True, game)
        assert (run.outcome, run.moves) == _reference_run(book, module, seed), (i, seed)
