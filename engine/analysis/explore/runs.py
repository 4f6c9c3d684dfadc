"""Random playthroughs through the real engine, and their statistics by chunk.

Each run `i` of a batch with seed `S` uses its own seed `run_seed(S, i)` for its dice
and, through a distinct stream, for its choices; so a batch gives the same results
whatever the number of workers and chunks, and any run replays from its seed and its
move list alone.  The game is built with `undo=False` (no state snapshot per answer);
when a module refuses an enabled answer the run is rebuilt by replaying its moves,
which is what `--replay` does too.
"""
from __future__ import annotations

import hashlib
import random
import traceback
from collections import Counter
from dataclasses import dataclass, field

from engine.game.dice import ScriptedDice, SeededDice
from engine.game import Game
from engine.rules.base import Refused
from engine.game.state import GameState
from engine.analysis.explore.moves import Move, below, format_moves, options

CHOICE_STREAM = 0x9E3779B97F4A7C15   # makes the choice stream differ from the dice stream


def run_seed(base: int, index: int) -> int:
    digest = hashlib.blake2b(f"{base}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def dice_for(seed: int, faces=()):
    return ScriptedDice(list(faces), then=SeededDice(seed)) if faces else SeededDice(seed)


def new_game(book, module, seed: int, faces=(), undo: bool = False, narrate: bool | None = None) -> Game:
    """A silent game for the runs (no events, no prompt text); the `--replay`
    transcript, which asks for `undo`, is told in full (`narrate` forces either)."""
    return Game(book, module, dice_for(seed, faces), undo=undo, narrate=undo if narrate is None else narrate)


@dataclass
class Run:
    """The end of one playthrough."""

    index: int
    seed: int
    outcome: str          # victory | death | loop | stuck | soft-lock | error
    steps: int
    paragraph: int
    moves: list
    visits: dict
    error: dict | None = None
    loop: list | None = None   # "loop": the paragraphs it went round in its second half


def play(book, module, index: int, seed: int, max_steps: int, with_commands: bool = True,
         game: Game | None = None) -> Run:
    """One random playthrough; `game`, when given, is reused (reset) for speed."""
    rng = random.Random(seed ^ CHOICE_STREAM)
    moves: list = []
    try:
        if game is None:
            game = new_game(book, module, seed)
        else:
            game.reset(SeededDice(seed))
        mover = _Mover(book, module, seed, rng, with_commands, game)
        outcome, game = mover.run(game, moves, max_steps)
        run = _run(index, seed, outcome, game, moves)
        run.loop = mover.loop if outcome == "loop" else None
        return run
    except Exception as exc:  # any engine or module failure is a finding, not a crash
        run = _run(index, seed, "error", game, moves)
        run.paragraph = run.paragraph or book.start   # (no game: its start failed)
        run.error = {"type": type(exc).__name__, "message": str(exc),
                     "traceback": traceback.format_exc(), "paragraph": run.paragraph}
        return run


class _Mover:
    """Makes one random move at a time in the games of one run."""

    __slots__ = ("book", "module", "seed", "rng", "shared", "clean", "commands", "available", "enabled",
                 "mark", "loop")

    def __init__(self, book, module, seed: int, rng: random.Random, with_commands: bool, game: Game):
        self.book, self.module, self.seed, self.rng = book, module, seed, rng
        self.shared = getattr(module, "display_extra", ())
        # Commands whose refusals come before any change need no copy to undo them.
        self.clean = frozenset(getattr(module, "refuses_cleanly", ()))
        self.commands = [(c.names[0], c.available) for c in game.module_commands()] if with_commands else []
        # A module may list its available commands in one call (`available_commands`:
        # the first names of those whose `available` is true, in order; none once ended).
        self.available = getattr(module, "available_commands", None) if with_commands else None
        # Kept with the game (the same book): each prompt's enabled answers.
        self.enabled = game.memo.get(ENABLED)
        if self.enabled is None or len(self.enabled) > 4096:
            self.enabled = game.memo[ENABLED] = {}

    def run(self, game: Game, moves: list, max_steps: int) -> tuple[str, Game]:
        """Move until an ending, a soft-lock (no candidate enabled or accepted) or
        `max_steps` moves: (outcome, the game).  Each move is appended to `moves` (a
        failing one stays there, so that the replay shows the failure)."""
        known, steps, bits = self.enabled, len(moves), self.rng.getrandbits
        half, self.mark = max_steps // 2, None
        while steps < max_steps:
            if steps == half:   # (where the second half starts: what it goes round, if it never ends)
                self.mark = len(game.state.history)
            st = game.state
            if st.ended and not options(game):
                return st.ended, game
            prompt = game.prompt()   # its candidates, made once per prompt object
            seen = known.get(id(prompt))
            if seen is None or seen[0] is not prompt:   # (kept with it: its id stays unique)
                seen = known[id(prompt)] = _candidates(prompt)
            cmds = []
            if self.available is not None:
                cmds = self.available(game)
            elif not st.ended:
                for name, available in self.commands:   # (a loop: cheaper than a comprehension)
                    if available(game):
                        cmds.append(name)
            single = seen[2] if not cmds else None
            opts = [] if single is not None else list(seen[1])
            while True:   # random candidates until one is accepted
                if single is not None:   # the only candidate: pick's draws (a bit until 0)
                    while bits(1):
                        pass
                    move, single = single, None
                elif not opts and not cmds:
                    return "soft-lock", game
                else:
                    move = self.pick(opts, cmds)
                moves.append(move)
                if move.command:
                    accepted, game = self.command(game, moves, move)
                    if accepted:
                        break
                    st = game.state
                    continue
                try:
                    game.answer_enabled(move.key, move.amount)   # (a candidate: enabled, in range)
                    break
                except Refused:   # refused answers are rare: the game is rebuilt
                    moves.pop()
                    game = replay_game(self.book, self.module, self.seed, moves, narrate=game.narrate)
                    st = game.state
            steps += 1
        return ("loop" if self.went_round(game) else "stuck"), game

    def went_round(self, game: Game) -> bool:
        """A game at the step limit that still moves from paragraph to paragraph goes
        round the book's loops (`self.loop`: their paragraphs); one that entered none in
        its second half is stuck in one paragraph's activity."""
        entered = [h["paragraph"] for h in game.state.history[self.mark or 0:] if "paragraph" in h]
        self.loop = sorted(set(entered)) if self.mark is not None and entered else None
        return self.loop is not None

    def command(self, game: Game, moves: list, move: Move) -> tuple[bool, Game]:
        """Try a command move (appended to `moves`): (accepted, the game)."""
        st = game.state
        saved = None if move.key in self.clean else light_copy(st, self.shared)
        draws, told = game.dice.draws, len(st.history)
        try:
            game.command(move.key, "")
            return True, game
        except Refused:
            moves.pop()
            return False, self._undo(game, moves, saved, draws, told)

    def pick(self, opts: list, cmds: list) -> Move:
        """`moves.random_move` over these candidates, the same draws (tested)."""
        answers = len(opts)
        n = answers + len(cmds)
        bits, k = self.rng.getrandbits, n.bit_length()
        pick = bits(k)
        while pick >= n:
            pick = bits(k)
        if pick >= answers:
            return Move(cmds.pop(pick - answers), command=True)
        o = opts.pop(pick)
        if type(o) is Move:
            return o
        if getattr(o, "candidates", None):   # a typed number (engine/book/typed.py)
            return Move(o.key, o.candidates[below(self.rng, len(o.candidates))])
        return Move(o.key, o.amount[0] + below(self.rng, o.amount[1] - o.amount[0] + 1))

    def _undo(self, game: Game, moves: list, saved, draws: int, told: int) -> Game:
        """A refused command: the game took no snapshot, so restore our copy, or nothing
        when the command refuses cleanly (`saved` None), or rebuild by replaying the
        moves when dice were drawn."""
        if game.dice.draws != draws:
            return replay_game(self.book, self.module, self.seed, moves, narrate=game.narrate)
        if saved is not None:
            del saved.history[told:]
            game.state = saved
        return game


# The explorer's keys in the game's memo.
ENABLED = ("explore", "enabled")


def _candidates(prompt) -> tuple:
    """(prompt, its enabled answers, the Move when it is the only one and carries no
    amount, else None).  The answers leave "restart" out (as `moves.options`): the Move
    of each, or the Option itself when it carries an amount (drawn each time)."""
    answers = tuple(o if o.amount else Move(o.key) for o in prompt.options if o.enabled and o.key != "restart")
    return prompt, answers, answers[0] if len(answers) == 1 and type(answers[0]) is Move else None


_ATOMS = frozenset((str, int, bool, float, type(None)))


def _clone(value):
    """A copy of JSON-like data (faster than copy.deepcopy: no memo, and no call for
    the scalars, which are most of the values)."""
    if type(value) is dict:
        return {k: v if type(v) in _ATOMS else _clone(v) for k, v in value.items()}
    if type(value) is list:
        return [v if type(v) in _ATOMS else _clone(v) for v in value]
    return value


def light_copy(state: GameState, shared: tuple = ()) -> GameState:
    """A copy that shares the (append-only) history: to restore it, cut the history
    back to its length at the time of the copy.  It also shares the `shared` entries
    of `extra`: the module's display data (`display_extra`), which it replaces whole
    when it recomputes them, never changes in place."""
    extra = {k: v if k in shared or type(v) in _ATOMS else _clone(v) for k, v in state.extra.items()}
    return GameState(state.book_id, state.book_hash, state.rules, state.paragraph,
                     dict(state.stats), dict(state.initial), dict(state.items), set(state.flags),
                     dict(state.visits), extra, _clone(state.pending), state.ended,
                     state.death_cause, state.dice, state.history, state.lives,
                     state.rules_version)


def replay_game(book, module, seed, moves, faces=(), undo: bool = False,
                narrate: bool | None = None) -> Game:
    game = new_game(book, module, seed, faces, undo, narrate)
    for m in moves:
        m.apply(game)
    return game


def _run(index, seed, outcome, game, moves) -> Run:
    state = game.state if game is not None else None
    return Run(index, seed, outcome, len(moves), state.paragraph if state else 0, moves,
               dict(state.visits) if state else {})


@dataclass
class Stats:
    """What a batch of runs found; `merge` is order-independent (examples keep the
    lowest run index), so results do not depend on how runs were split."""

    runs: int = 0
    outcomes: Counter = field(default_factory=Counter)
    endings: Counter = field(default_factory=Counter)      # "death@5" -> runs
    hits: Counter = field(default_factory=Counter)         # paragraph -> runs reaching it
    visits: Counter = field(default_factory=Counter)       # paragraph -> entries
    steps: int = 0
    longest: dict | None = None
    shortest: dict | None = None
    problems: dict = field(default_factory=dict)           # key -> {count, example}

    def add(self, run: Run) -> None:
        self.runs += 1
        self.outcomes[run.outcome] += 1
        self.steps += run.steps
        hits, visits = self.hits, self.visits
        hit, seen = hits.get, visits.get   # dict's own get: a Counter's [n] += 1 is slower
        for n, count in run.visits.items():
            hits[n] = hit(n, 0) + 1
            visits[n] = seen(n, 0) + count
        # An example (its moves written out) is made only for a run it will stand for.
        example = None
        if run.outcome in ("victory", "death"):
            self.endings[f"{run.outcome}@{run.paragraph}"] += 1
            mine = {"steps": run.steps, "index": run.index}
            if self.longest is None or _longer(mine, self.longest):
                self.longest = example = _example(run)
            if self.shortest is None or _longer(self.shortest, mine):
                self.shortest = example or _example(run)
        elif run.outcome in ("error", "soft-lock", "stuck", "loop"):
            key = _problem_key(run)
            seen = self.problems.get(key)
            if seen is None or run.index < seen["example"]["index"]:
                example = _example(run)
                example.update(run.error or {})
                if run.loop:
                    example["loop"] = run.loop
            self._problem(key, run.outcome, 1, example)

    def _problem(self, key, outcome, count, example) -> None:
        """Count a problem; `example` may be None only when the one kept has a lower index."""
        seen = self.problems.get(key)
        if seen is None:
            self.problems[key] = {"outcome": outcome, "count": count, "example": example}
        else:
            seen["count"] += count
            if example is not None and example["index"] < seen["example"]["index"]:
                seen["example"] = example

    def merge(self, other: "Stats") -> None:
        self.runs += other.runs
        self.steps += other.steps
        for mine, theirs in ((self.outcomes, other.outcomes), (self.endings, other.endings),
                             (self.hits, other.hits), (self.visits, other.visits)):
            mine.update(theirs)
        for ex in (other.longest, other.shortest):
            if ex and (self.longest is None or _longer(ex, self.longest)):
                self.longest = ex
            if ex and (self.shortest is None or _longer(self.shortest, ex)):
                self.shortest = ex
        for key, p in other.problems.items():
            self._problem(key, p["outcome"], p["count"], p["example"])


def _example(run: Run) -> dict:
    return {"index": run.index, "seed": run.seed, "steps": run.steps,
            "paragraph": run.paragraph, "moves": format_moves(run.moves)}


def _longer(a: dict, b: dict) -> bool:
    """a is longer than b; equal lengths go to the lower run index."""
    return (a["steps"], -a["index"]) > (b["steps"], -b["index"])


def _problem_key(run: Run) -> str:
    if run.error:
        return f"error:{run.error['type']}:{run.error['message']}:{run.paragraph}"
    if run.outcome == "loop":   # one problem per loop (its paragraphs), not per run
        return f"loop:{','.join(map(str, run.loop or ()))}"
    return f"{run.outcome}:{run.paragraph}" if run.outcome == "soft-lock" else run.outcome


def run_chunk(task) -> Stats:
    """Worker entry point (top level, picklable arguments: safe under spawn)."""
    book, module, base, start, stop, max_steps, with_commands = task
    stats, game = Stats(), None
    for i in range(start, stop):
        seed = run_seed(base, i)
        if game is None:
            try:
                game = new_game(book, module, seed)
            except Exception:  # noqa: BLE001 - play() makes it again and reports why it fails
                game = None
        run = play(book, module, i, seed, max_steps, with_commands, game)
        stats.add(run)
        if run.outcome == "error":
            game = None  # a failed game may be left in any state: start afresh
    return stats
