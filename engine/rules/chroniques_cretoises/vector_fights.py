"""Chroniques Crétoises fights over arrays (the compiled explorer's `fight` hook, vector.py).

At a fight's decision point where explore.py `fight_ends` answers (the module's one
fight model, read once for each distinct fighter: his stats, items and extras), each
state's strategies are moves whose ends are written over arrays as explore.py
`_finisher` and the explorer's `Outcome.apply` play them: the Honour left (clamped
as play's `change(value=...)`), the hero's condition, then

* a victory (or "all badly wounded" where the book sends him on): the reward
  (endings._reward), Indemne again (endings.leave_fight), the outcome's paragraph
  through the compiler's steps, then the after-change rule (death by Shame);
* `hurt`, `timeout`: Indemne, their paragraph (endings.leave_fight);
* a stop (an answer opens, an opponent surrenders): the fight waits in its new
  pending (only the sheet refreshed: Shame is weighed at the end of a fight);
* a defeat: Mort, dead in the fight.

The retreat is a move of its own (endings.retreat): 1 Honour, one die, 1 Shame and
its paragraph when it succeeds, the fight on without it when it fails; so are the
hero's surrender, the invocation and the magic object (endings.surrender, invoke,
use), and an opponent's surrender offered (endings.answer_offer: refused or
accepted, then the next opponent or the victory).  A state where the model does not
answer (a stalemate), an end this file does not write, or a kept answer whose
paragraph the compiler does not enter takes the engine path.
"""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from engine.analysis.chain_arrays import spans
from engine.analysis.compiled.batch import Batch
from engine.analysis.compiled.distinct import unique_rows
from engine.analysis.compiled.fights import Probabilities, Spread
from engine.analysis.compiled.packed import ENDED, EXTRA, PENDING
from engine.analysis.compiled.programs import Unsupported
from engine.analysis.compiled.steps import HANDED
from engine.analysis.explore.compact import freeze
from engine.analysis.explore.nodes import MACRO
from engine.analysis.explore.transitions import ALL, tracked_copy
from engine.rules.chroniques_cretoises import explore
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import sheet
from engine.rules.chroniques_cretoises.fighters import Answers
from engine.rules.chroniques_cretoises.fight_rows import (KINDS, LOSE, STOP, condition_to, end_row, honoured_ends,
                                                       left_in, now, put_condition, put_honour, twins, written)

# the kept answers, each a bit of a fighter's code (`Fought._code`) in this order
ANSWERS = ("retreat", "surrender", "invoke", "use")
NUMBER = 1 << len(ANSWERS)   # (a fighter's code: its answer's number times NUMBER plus those bits)
# the leaving ends: (the outcome's effects in the fight's fields, its paragraph's field)
WHERE = {"win": ("win_effects", "win"), "all-badly-wounded": ("all_down_effects", "all_down"),
         "hurt": ("hurt_effects", "hurt"), "timeout": ("timeout_effects", "timeout")}


def fight(rules, book, number: int, pending: dict, steps, cache):
    """The moves of the states at this fight's decision point, or None (the engine
    path) for a surrender offered, a reward that is a formula, or an outcome with
    effects (play weighs no Shame while they apply, the compiler would)."""
    if pending.get("activity") != "combat":
        return None
    spec = book.paragraphs[number].fields.get("combat")
    if not isinstance(spec, dict) or type(spec.get("reward", 0)) is not int:
        return None
    if pending.get("offer") is not None:
        return _offer(rules, book, number, pending, steps, spec)
    effects = book.paragraphs[number].outcome_effects
    follow = {}
    for kind, (where, field) in WHERE.items():
        target = spec.get(field)
        if type(target) is int:
            if effects.get(("combat", where)):
                return None
            follow[kind] = steps.outcome(("combat", where), target)
    answers = {}
    retreat = spec.get("retreat")
    if retreat is not None:
        to, low, high = (retreat, 1, 4) if isinstance(retreat, int) else \
            (retreat.get("to"), *retreat.get("range", [1, 4]))
        answers["retreat"] = (_leaving(steps, effects, ("combat", "retreat", "effects"), to),
                              sum(1 for face in range(1, 7) if R.retreat_succeeds(face, low, high)))
    surrender = spec.get("surrender")
    if isinstance(surrender, dict):
        accepted = bool(surrender.get("accepted", True))
        answers["surrender"] = (_leaving(steps, effects, ("combat", "surrender", "effects"), surrender.get("to"))
                                if accepted else [], accepted)
    invoke = spec.get("invoke")
    if isinstance(invoke, dict) and type(invoke.get("cost", 0)) is int:
        answers["invoke"] = (_leaving(steps, effects, None, invoke.get("to")), invoke.get("cost", 0))
    use = spec.get("use")
    if isinstance(use, dict):
        answers["use"] = (_leaving(steps, effects, None, use.get("to")), None)
    return Fought(rules, book, number, pending, steps, cache, follow, answers, spec)


def _offer(rules, book, number, pending, steps, spec):
    """endings.answer_offer, an opponent's surrender offered: "refuse" (2 Shame, he is
    killed) or "accept" (spared; "accept:item", his item taken), then the next opponent
    or the victory (endings.after_enemy_out); None (the engine path) for a fight of
    `rounds` (after_strike), an item taken that is unique or used where it lies, or
    a victory with outcome effects."""
    i = pending["offer"]
    enemy = pending["enemies"][i]
    used = book.meta.get("used_here") if isinstance(book.meta, dict) else None
    if "rounds" in spec or any(book.items.get(it) is None or book.items[it].props.get("unique") is True
                               or used and it in used for it in enemy["items"]):
        return None
    left = [j for j, e in enumerate(pending["enemies"]) if e["state"] == "fighting" and j != i]
    won = None
    if not left:
        if type(spec.get("win")) is not int or book.paragraphs[number].outcome_effects.get(("combat", "win_effects")):
            return None
        won = steps.outcome(("combat", "win_effects"), spec["win"])
    keys = [f"accept:{it}" for it in enemy["items"]] or ["accept"]

    def answered(batch, key):
        out = _copy(batch)
        live = out.ended == 0
        if key == "refuse":
            steps.add("honte", 2)(out)
        elif key != "accept":
            item = key.split(":", 1)[1]
            out.put("items", item, out.col("items", item) + 1, where=live)
        after = {**pending, "offer": None, "enemies": [
            {**e, "state": ("dead" if key == "refuse" else "spared")} if j == i else e
            for j, e in enumerate(pending["enemies"])]}
        if left:
            after.update(current=left[0], turn="enemy")
            out.rows[:, PENDING] = out.slots.pendings(freeze(after))
            rules._refresh(out, out.ended == 0)   # (sheet.refresh; no Shame weighed in a fight)
            return out
        rules._refresh(out, out.ended == 0)
        reward = spec.get("reward", 0)
        if reward:
            steps.add("honneur", reward)(out)   # endings._reward
        out.change_extra(out.ended == 0, condition_to(N.INDEMNE), key=(condition_to, N.INDEMNE))
        for step in steps.guarded(won):
            step(out)
        if (out.ended == 0).any():
            rules.after_change(out)
        return out

    def moves(batch):
        every = np.ones(len(batch), dtype=bool)
        return [(key, every, [(None, 1, answered(batch, key))]) for key in keys + ["refuse"]]
    return moves


def _leaving(steps, effects, where, to):
    """endings.leave_fight's steps (the outcome's effects, then its paragraph), or
    None (that answer takes the engine path): effects, or no paragraph."""
    if type(to) is not int or where is not None and effects.get(where):
        return None
    try:
        return steps.outcome(where or ("combat", "none"), to)
    except Unsupported:   # (a paragraph the compiler does not enter)
        return None


class Fought:
    """The moves of one fight's decision point over a batch (`rejects` first: the
    states left to the engine path; the model read there is kept for the moves)."""

    def __init__(self, rules, book, number, pending, steps, cache, follow, answers, spec):
        self.rules, self.book, self.number, self.pending = rules, book, number, pending
        self.steps, self.cache, self.follow, self.answers, self.spec = steps, cache, follow, answers, spec
        self.read = None   # (the batch's rows, each state's fighter, the fighters' answers, their codes)
        self.columns: set = set()   # (part, key) of the state the model was seen to read
        self.extras: set = set()    # the module extras it was seen to read
        self.width = None           # (`_width`: made again when they grow)
        self.given = None           # (`_given`: an item -> its ranks, made once)
        self.known: dict = {}       # a fighter's key -> its answer (from earlier batches)
        self.made: dict = {}        # an end's code -> its row (`end_row`), None: not written here
        self.store = None           # the store of the fights' graphs the codes are of
        self.arrays: dict = {}      # the strategies' ends dicts (by id) -> (them, `_arrays`' number)
        self.labels: dict = {}      # a strategy's label -> its number (in `_arrays`' pairs)
        self.answered = Answers()   # the fighters' ends and pairs by their number (fighters.py)
        self.planned: list = []     # (an answer, its fight's plan) of the batch being read
        self.table = Probabilities()   # the ends' chances, numbered (only grows: a Spread's table)

    def _fighters(self, batch):
        """(each state's fighter number, [(strategies or None, answers open, items a
        surrender gives up)] a fighter): a fighter is what the model reads of a state.
        The states are grouped by the columns and module extras the model was seen to
        read (logged on a tracked copy of each group's first state, as templates.py
        does); a group whose first state read more is split on the wider set, so two
        states of one group always read alike.  A fighter met in an earlier batch is
        not read again (`self.known`)."""
        if self.read is not None and self.read[0] is batch.rows:
            return self.read[1:3]
        store = explore.store_of(self.cache)
        if store is not self.store:   # (the cache emptied: the ends' codes are a new store's)
            self.store, self.made, self.arrays = store, {}, {}
        n = len(batch)
        of = np.zeros(n, dtype=np.int64)
        found: list = []
        todo = [np.arange(n)]
        self.planned = []   # (an answer, its fight's plan): solved once every root is added
        while todo:
            members = todo.pop()
            keys = self._keys(batch, members)
            uniq, first, inverse = unique_rows(keys)
            width, known = self._width(), self.known
            number = np.full(len(first), -1, dtype=np.int64)   # each group's fighter (-1: keyed again)
            for g, (r, key) in enumerate(zip(first.tolist(), map(tuple, uniq.tolist()))):
                answer = known.get((width, key))
                if answer is None:
                    answer, wider = self._fighter(batch, members[r], width, key)
                    if wider:   # (it read what the keys do not hold: the groups left keyed again)
                        break
                number[g] = len(found)
                found.append(answer)
            mine = number[inverse]
            of[members] = mine
            if (mine < 0).any():
                todo.append(members[mine < 0])
        for answer, plan in self.planned:
            self._solved(answer, plan(), batch.slots)
        self.read = (batch.rows, of, found, np.array([f[4] for f in found], dtype=np.int64))
        return self.read[1:3]

    def _keys(self, batch, members) -> np.ndarray:
        """The key of each member: the columns the model was seen to read, each module
        extra read as its value's number (the whole extras where one is not hashable)."""
        cols = sorted(i for i in (batch.slots.find(part, key) for part, key in self.columns)
                      if i is not None and i < batch.rows.shape[1])
        parts = [batch.rows[np.ix_(members, cols)]] if cols else []
        for key in sorted(self.extras, key=repr):
            try:
                codes = batch.rows[:, EXTRA] if key is ALL else batch.extra_codes(key)[0]
            except TypeError:   # (a list or a dict: the extras as a whole)
                codes = batch.rows[:, EXTRA]
            parts.append(codes[members].reshape(-1, 1))
        if self._gives_up():
            parts.append(self._given(batch, members))
        return np.hstack(parts) if parts else np.zeros((len(members), 1), dtype=np.int64)

    def _given(self, batch, members) -> np.ndarray:
        """Per member, the rank of the best armour and of the weapon wielded that a
        surrender gives up (`_surrendered`; 0: none): what a fighter's answer reads of
        his items, not every item (a spare dagger beside a sword changes nothing)."""
        if self.given is None:
            self.given = _ranks(self.book)
        out = np.zeros((len(members), 2), dtype=np.int64)
        for item, ranks in self.given.items():
            have = (now(batch.col("items", item)[members]) > 0)[:, None]
            out = np.maximum(out, np.where(have, ranks, 0))
        return out

    def _fighter(self, batch, r: int, width, key: tuple) -> tuple:
        """(the answer for the state of row `r`, whether it read more than its key
        `key` under `width` holds)."""
        slots, module = batch.slots, self.steps.compiler.module
        log: set = set()
        row = batch.rows[r].copy()
        row[PENDING] = 0   # (no pending: the state's is the fight's own, set below, not thawed nor copied)
        unpacked = slots.unpack(row, self.book, module)
        state = tracked_copy(unpacked, log)
        state.pending = self.pending
        play = SimpleNamespace(book=self.book, state=state)
        plan = explore.fight_plan(play, self.pending, self.cache, coded=True)
        opened = plan.opened if plan is not None else frozenset()
        # (its strategies and their ends as arrays: `_solved`; the items a surrender
        # gives up read only where one is accepted, and keyed by `_given`, not logged)
        given = _surrendered(self.book, unpacked.items) if self._gives_up() else ()
        answer = [None, opened, given, None, 0]   # (and its code: `_solved`)
        columns, extras = set(self.columns), set(self.extras)
        for part, k in log:
            if part == "extra":
                extras.add(k)
            elif k is ALL:
                columns.update(name for name in slots.names if name[0] == part)
            elif part in ("stats", "items", "flags", "visits", "initial"):
                columns.add((part, k))
        wider = columns != self.columns or extras != self.extras
        if wider:
            self.columns, self.extras, self.width = columns, extras, None
        else:
            self.known[(width, key)] = answer
            if plan is not None:
                self.planned.append((answer, plan))
        return answer, wider

    def _solved(self, answer: list, found, slots) -> None:
        """A fighter's strategies once its fight is solved, with their ends as arrays
        (`_arrays`), unless the model does not answer or an answer opens that is not
        played here or an end is one this file does not write (then None: the engine
        path)."""
        opened = answer[1]
        played = {a for a in opened if a in self.answers and self.answers[a][0] is not None}
        if found is None or opened - played:
            return
        key = shared(found[0])
        kept = self.arrays.get(key)
        if kept is None:
            arrays = self._arrays(found[0], slots)
            kept = self.arrays[key] = (found[0], None if arrays is None else self.answered.add(*arrays))
        if kept[1] is not None:
            answer[0], answer[3] = found[0], kept[1]
            answer[4] = kept[1] * NUMBER + sum(1 << i for i, a in enumerate(ANSWERS) if a in opened)

    def _gives_up(self) -> bool:
        """Whether the hero's surrender, accepted, is played here (`_surrender`: the
        only reader of the items it gives up)."""
        kept = self.answers.get("surrender")
        return kept is not None and kept[0] is not None and bool(kept[1])

    def _width(self) -> tuple:
        """What a fighter's key is made of (a key is known under the same makings only)."""
        if self.width is None:
            self.width = (frozenset(self.columns), frozenset(self.extras))
        return self.width

    def _code(self, batch) -> tuple:
        """(each state's fighter, the fighters' answers, each fighter's code: its answer's
        number (`Answers`) times NUMBER plus a bit for each of ANSWERS opened to it, 0
        where the model does not answer; made once a fighter, `_solved`, so that a batch
        reads its fighters' flags with one gather, not a pass over them a flag)."""
        of, found = self._fighters(batch)
        return of, found, self.read[3]

    def rejects(self, batch) -> np.ndarray:
        of, _found, code = self._code(batch)
        return (code < NUMBER)[of]

    def __call__(self, batch) -> list:
        of, found, code = self._code(batch)
        moves = []
        for bit, answer in enumerate(ANSWERS):
            offered = ((code & (1 << bit)) != 0)[of]   # (no bit where the model does not answer)
            if offered.any():
                moves.append((answer, offered, getattr(self, "_" + answer)(batch, of, found)))
        # each fighter's distinct ends (rows of `end_row`), and each strategy's
        # (end number, probability number) of them: made once a fighter (`_arrays`),
        # read by its answer's number (fighters.py; 0: none)
        answered = self.answered
        number = code // NUMBER
        labels = answered.labelled(number)
        table = self.table
        n = len(batch)
        origin, values, base, place = successors(answered.ends, number, of)
        handed = any((o[2].rows[:, ENDED] == HANDED).any() for _a, _m, outs in moves for o in outs)
        nxt, origin, merged = self._finished(batch, origin, values, not handed)
        place = merged[place]
        every, _at, sizes = answered.pairs.take(number)
        pairs, sized = _by_label(every, sizes, labels, len(self.labels))
        names = list(self.labels)   # (a label's number: its place)
        for code, label in enumerate(names[c] for c in labels):
            # each fighter's (end, probability) pairs of this strategy, one after another
            sizes = sized[:, code]
            mine = having(sizes, of)
            if not len(mine):
                continue
            pair = pairs[code]
            k = sizes[of[mine]]
            src = np.repeat(mine, k)
            pick = np.repeat((np.cumsum(sizes) - sizes)[of[mine]] - (np.cumsum(k) - k), k) + np.arange(len(src))
            offered = np.zeros(n, dtype=bool)
            offered[src] = True
            moves.append((MACRO + label, offered, [Spread(src, pair[pick, 1], table, nxt,
                                                         place[base[src] + pair[pick, 0]], origin)]))
        return moves

    def _arrays(self, strategies, slots):
        """(a fighter's distinct ends as rows of `end_row`, the numbers (in `self.labels`)
        of its strategies with some end, their (end number, probability number in `self.table`) pairs as
        rows (the strategy's number in `self.labels`, end, probability) strategy by
        strategy), its zero chances left out; None where an end is one this file does
        not write."""
        mine, index, labels, rows, made, number = [], {}, [], [], self.made, self.table.ratio
        codes = self.labels
        same: dict = {}   # (strategies that push alike share their ends' dict: its pairs once)
        for label, ends in strategies:
            pairs = same.get(id(ends))
            if pairs is None:
                pairs = same[id(ends)] = []
                for code, (n, d) in ends.items():
                    if not n:
                        continue
                    if code not in made:   # (each end's row made once, kept across batches)
                        end = self.store.end(code)
                        made[code] = end_row(end, self.pending, slots) if written(end, self.follow) else None
                    row = made[code]
                    if row is None:
                        return None
                    j = index.setdefault(row, len(mine))
                    if j == len(mine):
                        mine.append(row)
                    pairs.append((j, number(n, d)))
            if pairs:
                c = codes.setdefault(label, len(codes))
                labels.append(c)
                rows.extend([(c, j, p) for j, p in pairs])
        return (np.array(mine, dtype=np.int64).reshape(-1, 4), labels,
                np.array(rows, dtype=np.int64).reshape(-1, 3))

    def _finished(self, batch, origin, values, shared: bool = True):
        """(the successor rows, the state each was made from, the row of each successor
        i: state `origin[i]` after end `values[i]` (kind, Honour, condition, pending
        number after a stop; sorted by kind)), made once for the successors alike
        (`twins`).  The hero's condition is written for all at once
        (sheet.set_hero_condition: Mort in a defeat, Indemne again once he leaves the
        fight, endings.leave_fight, else as the fight left him), the rest kind by kind,
        each kind's rows a slice written in place.

        `shared`: those rows handed over as they are, each made from the first state
        that made it (`fights.Spread`: a row the explorer adds where its state is not
        left to the engine path; the caller shares only where no state is: no step
        handed a state over, and the fighters the model does not answer have no ends);
        otherwise each successor its own row, as the explorer's `handed` reads a row
        handed over (its state given to the engine path)."""
        slots = batch.slots
        honoured = honoured_ends(self.rules, batch, origin, values)   # (read by `twins`, written by `_finish`)
        first, merged = twins(self.rules, batch, origin, values, honoured)
        honoured = [h[first] for h in honoured]
        values = values[first]
        out = Batch(batch.rows[origin[first]], slots)   # (a copy: the rows taken)
        kind = values[:, 0]
        put_condition(out, left_in(values))
        bounds = np.searchsorted(kind, np.arange(len(KINDS) + 1)).tolist()
        for code, kind in enumerate(KINDS):
            a, b = bounds[code], bounds[code + 1]
            if a == b:
                continue
            view = out.rows[a:b]
            part = Batch(view, slots)
            self._finish(part, kind, [h[a:b] for h in honoured], values[a:b, 3])
            if part.rows is not view:   # (widened: the slice written back)
                if part.rows.shape[1] > out.rows.shape[1]:
                    out = Batch(_widened(out.rows, part.rows.shape[1], slots), slots)
                out.rows[a:b] = _widened(part.rows, out.rows.shape[1], slots)
        if not shared or (out.rows[:, ENDED] == HANDED).any():
            return Batch(out.rows[merged], slots), origin, np.arange(len(origin))
        return out, origin[first], merged

    def _finish(self, batch, kind, honoured, pend) -> None:
        """explore.py `_finisher` then the after-change of `Outcome.apply` (the hero's
        condition written: `_finished`; `honoured`: fight_rows.py `honoured_ends` of the
        rows, the Honour each end sets as play's `change` clamps it)."""
        every = np.ones(len(batch), dtype=bool)
        if kind == LOSE:   # play.die("combat")
            batch.end(every, 1, "combat")
            return
        put_honour(self.rules, batch, *honoured)   # play.change("honneur", value=h)
        if kind == STOP:
            batch.rows[:, PENDING] = pend
            self.rules._refresh(batch, batch.ended == 0)   # (no Shame weighed in a fight)
            return
        reward = self.spec.get("reward", 0)
        if reward and (kind == "win" or kind == "all-badly-wounded" and R.all_down_wins(self.spec)):
            self.steps.add("honneur", reward)(batch)   # endings._reward
        for step in self.steps.guarded(self.follow[kind]):
            step(batch)
        if (batch.ended == 0).any():
            self.rules.after_change(batch)

    def _retreat(self, batch, of, found) -> list:
        """endings.retreat: −1 Honour, one die; in range: 1 Shame, Indemne, its
        paragraph; otherwise the retreat failed, the opponent strikes."""
        leave, wins = self.answers["retreat"]
        n = len(batch)
        won = _copy(batch)
        self.steps.add("honneur", -1)(won)
        lost = _copy(won)
        self.steps.add("honte", 1)(won)
        self._leave(won, leave)
        self._stay(lost, retreat_failed=True)
        return [(np.full(n, wins, dtype=np.int64), 6, won), (np.full(n, 6 - wins, dtype=np.int64), 6, lost)]

    def _surrender(self, batch, of, found) -> list:
        """endings.surrender: refused, the fight goes on; accepted, 1 Shame, the best
        armour and the weapon wielded given up (one of each), Indemne, its paragraph."""
        leave, accepted = self.answers["surrender"]
        out = _copy(batch)
        if not accepted:
            self._stay(out, surrender_refused=True)
            return [(None, 1, out)]
        self.steps.add("honte", 1)(out)
        given = [f[2] for f in found]   # (a fighter's, read by its states: `of`)
        for item in {i for g in given for i in g}:
            mine = np.array([item in g for g in given], dtype=bool)[of]
            have = out.col("items", item)
            out.put("items", item, np.maximum(have - 1, 0), where=mine & (have > 0))
        self._leave(out, leave)
        return [(None, 1, out)]

    def _invoke(self, batch, of, found) -> list:
        """endings.invoke, gods.pay_invocation: the price paid, Indemne, its paragraph;
        "si vous en avez moins", −1 Honour and the opponent strikes."""
        leave, cost = self.answers["invoke"]
        have = now(batch.col("stats", "honneur"))
        paid = have >= cost
        won, lost = _copy(batch), _copy(batch)
        if cost:
            self.steps.add("honneur", -cost)(won)
        self.steps.add("honneur", -1)(lost)
        self._leave(won, leave)
        self._stay(lost)
        return [(paid.astype(np.int64), 1, won), ((~paid).astype(np.int64), 1, lost)]

    def _use(self, batch, of, found) -> list:
        """endings.use: the magic object shown, Indemne, its paragraph."""
        out = _copy(batch)
        self._leave(out, self.answers["use"][0])
        return [(None, 1, out)]

    def _leave(self, batch, steps) -> None:
        """endings.leave_fight, then the answer's after-change."""
        batch.change_extra(batch.ended == 0, condition_to(N.INDEMNE), key=(condition_to, N.INDEMNE))
        for step in self.steps.guarded(steps):
            step(batch)
        if (batch.ended == 0).any():
            self.rules.after_change(batch)

    def _stay(self, batch, **changed) -> None:
        """The answer done, the opponent strikes: the fight's new pending, the sheet
        refreshed (no Shame weighed in a fight)."""
        after = {**self.pending, "acted": True, "turn": "enemy", **changed}
        batch.rows[:, PENDING] = batch.slots.pendings(freeze(after))
        self.rules._refresh(batch, batch.ended == 0)


def shared(strategies: list) -> tuple:
    """The key of a fighter's strategies [(label, ends)] among those whose arrays are
    made (`Fought.arrays`): fighters of one root (that differ only in what the fight
    does not read) get the very dicts of their ends (fight_graph.py keeps each root's
    pushes), so their arrays are made once, keyed by the dicts' ids (held in
    `Fought.arrays` with the arrays: an id stays theirs)."""
    return tuple((label, id(ends)) for label, ends in strategies)


def successors(ends, number: np.ndarray, of: np.ndarray) -> tuple:
    """(each successor's state and its end's row (fighters.py `Rows` `ends`: a
    fighter's distinct ends, by its answer's `number`), the successors in order of
    their ends' kinds; each state's first successor; each successor's place in that
    order): state i's successors are its fighter's ends in their order, and
    `Fought._finished` makes their rows kind by kind (row `place[k]` of its rows is
    successor k).  The ends' rows are gathered once, in the kinds' order (their
    indexes as spans, the kinds read alone): gathered in the states' order and then
    in the kinds', millions of rows of four were copied twice."""
    at = ends.ptr[number][of]
    per_state = ends.ptr[number + 1][of] - at
    origin = np.repeat(np.arange(len(of)), per_state)
    base = np.cumsum(per_state) - per_state   # each state's first successor
    index = spans(at, at + per_state)
    order = np.argsort(ends.data[index, 0].astype(np.int8), kind="stable")   # (a few kinds: a radix sort)
    place = np.empty_like(order)
    place[order] = np.arange(len(order))
    return origin[order], ends.data[index[order]], base, place


def having(sizes: np.ndarray, of: np.ndarray) -> np.ndarray:
    """The states whose fighter (`of`) has some pairs of a strategy (`sizes`, a fighter's
    count), in the states' order: a strategy's edges then come state after state (the
    pairs of each found from its fighter's first, in any order of the states), so that
    the explorer's sort of a slice's edges by state (edges.py, stable) finds each
    move's edges in one run, and the gathers by state read forward.  (Listed fighter
    by fighter, as before, a fight's edges were runs as short as a fighter's states:
    on le-taureau-d-airain at 3 M states `Edges.add` 1.87 s, 1.12 s so.)"""
    return np.flatnonzero(sizes[of] > 0)


def _by_label(every: np.ndarray, sizes: np.ndarray, numbers: list, known: int) -> tuple[list, np.ndarray]:
    """The fighters' pairs strategy by strategy: ([for each strategy of `numbers` (their
    numbers in `Fought.labels`, of `known`), every fighter's (end, probability) pairs
    of it, fighter after fighter, each in its order], [fighter, strategy] the count of
    each fighter's pairs of each): one stable sort of all the fighters' rows (`every`,
    `_arrays`' pairs fighter after fighter, `sizes` of each) by strategy, where each
    strategy asked each fighter for its pairs."""
    rank = np.full(known, -1, dtype=np.int64)
    rank[numbers] = np.arange(len(numbers))
    label = rank[every[:, 0]]
    fighter = np.repeat(np.arange(len(sizes)), sizes)
    order = np.argsort(label, kind="stable")
    bounds = np.searchsorted(label[order], np.arange(len(numbers) + 1)).tolist()
    every = every[order, 1:]
    sized = np.bincount(fighter * len(numbers) + label, minlength=len(sizes) * len(numbers))
    return ([every[a:b] for a, b in zip(bounds, bounds[1:])],
            sized.reshape(len(sizes), len(numbers)))


def _copy(batch):
    return Batch(batch.rows.copy(), batch.slots)


def _surrendered(book, items: dict) -> tuple:
    """The items endings.surrender gives up: the best armour, the weapon wielded."""
    armour = sheet.best_armour(book, items)
    weapon = sheet.wielded(book, items)
    return tuple(i for i in (armour, weapon[0] if weapon else None) if i)


def _ranks(book) -> dict:
    """item -> (its rank among the armour `sheet.best_armour` picks, among the weapons
    `sheet.wielded` picks): the highest the best, 0 for neither, each order asked of
    the rule's own function (the best of those left, again and again)."""
    ids = sorted(set(book.items) | {"massue"})
    ranks = {i: [0, 0] for i in ids}
    for k, pick in enumerate((lambda left: sheet.best_armour(book, left),
                              lambda left: (sheet.wielded(book, left) or (None,))[0])):
        left = dict.fromkeys(ids, 1)
        while (best := pick(left)) is not None:
            ranks[best][k] = len(left)
            del left[best]
    return {i: r for i, r in ranks.items() if any(r)}


def _widened(rows: np.ndarray, width: int, slots) -> np.ndarray:
    return slots.widened(rows, width)
