"""Défis Fantastiques rules over whole batches of states (the compiled explorer's
programs, engine/analysis/compiled/), beside the scalar rules they mirror:

* death: "Endurance 0" ends the adventure (module.after_change), cause "endurance";
* a stat's bounds (sheet.clamp): never below 0, Habileté, Endurance and Chance never
  above their starting value (or the ceiling an effect moved, `extra["max"]`);
* eating (commands.eat): one Provision, Endurance + MEAL up to its maximum; refused
  at the maximum (no move), not offered without Provisions or in a fight;
* dropping the armour (commands.drop_armour, equipment.take with none): the worn
  armour lost for ever (every copy), none worn and no hit count after;
* `weapon: id` and `armour: id` (equipment.take): the old one lost for ever, the new
  one gained and kept, a new armour without hits;
* `ceiling:` (sheet.raise_ceiling): a maximum moved;
* a test (rolls.py): two dice plus the book's modifier (and the worn armour's penalty
  for Habileté) at most the stat's current value, the successes counted among the 36
  throws; Chance −1 whatever the result.

Items are not passive here: a gain or a loss makes the module normalise the weapon
and the armour (after_change), so the compiler plays `gain`/`lose` only of a plain
item (`plain_item`: neither weapon nor armour, normalise keeps what it kept) and
leaves the others to the engine.
The differential test (tests/compiled) plays each against the engine.
"""
from __future__ import annotations

import numpy as np

from functools import partial
from types import SimpleNamespace

from engine.analysis.chain_arrays import spans
from engine.analysis.compiled.distinct import numbered_codes
from engine.analysis.compiled.packed import EXTRA, PENDING
from engine.analysis.explore.compact import freeze, thaw
from engine.analysis.explore.nodes import MACRO
from engine.rules.defis_fantastiques import combat, explore, model
from engine.rules.defis_fantastiques.commands import MEAL
from engine.rules.defis_fantastiques.equipment import ARMOUR_TEST_PENALTY, armour_props, weapon_props
from engine.rules.defis_fantastiques import begun, equipped, maxima, rolls
from engine.rules.defis_fantastiques.rolls import KINDS
from engine.rules.defis_fantastiques.explore import POLICIES
from engine.rules.defis_fantastiques.fight_ends import Entries, Priced, stop_pendings
from engine.rules.defis_fantastiques.sheet import CAPPED

MISSING = -(1 << 40)   # (engine/analysis/compiled/packed.py: a stat the state does not hold)
_NONE = np.int64(1) << 50   # the maximum of a stat without one
# AT_MOST[t]: how many of the 36 throws of two dice total at most t (t from 0 to 12)
AT_MOST = np.cumsum([0, 0] + [6 - abs(total - 7) for total in range(2, 13)])


def _caps(batch, stat: str) -> np.ndarray:
    """Each state's maximum of `stat` (sheet.maximum), or a huge number for none."""
    start = batch.col("initial", stat) if stat in CAPPED else np.full(len(batch), MISSING)
    caps = batch.extra_ints(("max", stat), lambda e: _moved_max(e, stat))
    return np.where(caps >= 0, caps, np.where(start == MISSING, _NONE, start))


def _worn_codes(codes: np.ndarray) -> list:
    """The codes above 0 among `codes` (a string-valued extra's numbers, `extra_codes`:
    a few, none negative), in increasing order: counted, not sorted (`np.unique` here
    was 2 % of la-cloche-de-brumesel's exploring outside fights)."""
    return (np.flatnonzero(np.bincount(codes)[1:]) + 1).tolist() if len(codes) else []


def _moved_max(extra, stat: str) -> int:
    """The maximum of `stat` an effect moved (`extra["max"]`), -1 for none."""
    moved = extra.get("max") if extra else None
    return moved[stat] if moved and stat in moved else -1


def _worn(batch) -> tuple[np.ndarray, list]:
    """(each state's worn armour as a number, the armours numbered: 0 none)."""
    return batch.extra_codes("armour")


class VectorRules:
    no_rescue = True   # on_death: restart only ("il vous faut recommencer au début")

    def clamp(self, batch, stat: str, values: np.ndarray) -> np.ndarray:
        return np.minimum(np.maximum(values, 0), _caps(batch, stat))

    def after_change(self, batch) -> None:
        """Endurance 0 is death (no wound waits for its Luck decision at a choice)."""
        end = batch.col("stats", "endurance")
        batch.end((end != MISSING) & (end <= 0), 1, "endurance")

    def rejects(self, batch, book) -> np.ndarray:
        """States these rules do not play: those whose weapon and armour were never
        normalised while they hold one (an item change would make normalise choose)."""
        bare = batch.extra_ints("never normalised", lambda e: not (e and "weapon" in e and "armour" in e)) > 0
        if not bare.any():
            return bare
        kept = [i for i, spec in book.items.items() if not self.plain_item(book, i)]
        held = np.zeros(len(batch), dtype=bool)
        for item in kept:
            held |= batch.col("items", item) > 0
        return bare & held

    def items_changed(self, batch, mask) -> None:
        """module.after_change's normalise after a plain item changed (`mask`): the
        weapon kept (none for a state never normalised: `rejects` leaves only those
        holding none), the armour kept, or none worn and no hit count
        (equipment.wear(state, None))."""
        batch.change_extra(mask, _normalised, key=_normalised)

    def plain_item(self, book, item: str) -> bool:
        """Whether gaining or losing `item` leaves these rules alone: a known item that
        is neither a weapon nor an armour (normalise then keeps what it kept)."""
        spec = book.items.get(item)
        return spec is not None and spec.props.get("weapon") is None and spec.props.get("armour") is None

    def commands(self, batch) -> list:
        """[(command name, offered mask, apply(batch) -> refused mask)] in the module's order."""
        food = batch.col("stats", "provisions")
        worn = _worn(batch)[0] > 0
        return [("manger", (food != MISSING) & (food > 0), self.eat),
                ("abandonner-armure", worn, self.drop_armour)]

    def eat(self, batch) -> np.ndarray:
        now = batch.col("stats", "endurance")
        now = np.where(now == MISSING, 0, now)
        cap = _caps(batch, "endurance")
        refused = now >= cap
        food = batch.col("stats", "provisions")
        batch.put("stats", "provisions", self.clamp(batch, "provisions", food - 1))
        batch.put("stats", "endurance", self.clamp(batch, "endurance", now + MEAL))
        return refused

    def begun(self, field: str, spec) -> dict | None:
        """The pending activity a paragraph's `field` begins (module.begin), when these
        rules play it over arrays and it is the same for every state: a test; None for
        a fight (`begun_rows`)."""
        return rolls.begin(None, spec) if field == "test" else None

    def begun_rows(self, book, number: int, field: str, spec, condition=None):
        """A fight begun (combat.begin) over a batch: fn(batch) -> (each state's number
        among the distinct pendings, [pending], the states handed to the engine), made
        by combat.begin itself once per distinct hero as it reads him (begun.py: the
        weapon and armour, the `modifiers` conditions compiled by `condition`, the
        items `hurt_only_by` names); None for anything else."""
        if field != "combat" or not isinstance(spec, dict):
            return None
        return begun.begun_rows(book, number, spec, condition)

    def fight(self, book, number: int, pending: dict, steps, cache):
        """The moves of the states at the start of a round of this fight (explore.py
        `fight_ends`, the module's one fight model, read for each distinct hero): the
        escape where it is open, then each strategy, its ends written over arrays as
        explore.py `_finisher` and the explorer's `Outcome.apply` play them; None (the
        engine path) for a Luck decision or wounds still to resolve, or an escape
        whose cost Luck may lessen or is a formula."""
        if pending.get("activity") != "combat" or pending.get("luck") or pending.get("queue"):
            return None
        spec = book.paragraphs[number].fields["combat"]
        escape = spec.get("escape")
        fled = None
        if escape:
            costs = escape.get("cost") or {}
            if model.escape_luck(book, spec) or not all(type(v) is int for v in costs.values()):
                return None
            if model.escape_open(int(escape.get("after", 0)), pending["round"]):
                fled = _escape_steps(steps, costs, escape.get("to"))
        follow = {"win": steps.outcome(("combat", "win_effects"), spec.get("win"), stay=True)}
        for special in ("hurt", "timeout"):
            if special in spec:
                follow[special] = steps.outcome(("combat", special + "_effects"), spec.get(special))

        def moves(batch):
            return ([("escape", np.ones(len(batch), dtype=bool), [(None, 1, _fled(batch, fled, steps))])]
                    if fled is not None else []) + _fought(batch, book, number, pending, cache, follow, steps)
        return moves

    def variable(self, name: str):   # `chance_max`, ... (maxima.py)
        return maxima.variable(name, _caps, _NONE)

    def normalised(self, book):   # the weapon and armour kept after items changed (equipped.py)
        return equipped.normalised(book)

    def effect(self, book, kind: str, value):
        """A step over batches for the module's effect `kind: value`, or None (the
        engine path): `weapon:`/`armour:` naming a weapon/an armour of the book, or none."""
        if kind == "ceiling":
            return _ceiling(value) if isinstance(value, dict) and all(
                type(d) is int for d in value.values()) else None
        props = {"weapon": weapon_props, "armour": armour_props}.get(kind)
        used = book.meta.get("used_here") if isinstance(book.meta, dict) else None
        if props is None or value is not None and (type(value) is not str or props(book, value) is None
                                                   or used and value in used):
            return None

        def take(batch):
            """equipment.take then normalise: every other one lost, this one gained."""
            live = batch.ended == 0
            olds, named = batch.extra_codes(kind)
            for code in _worn_codes(olds):
                if named[code] != value:
                    batch.put("items", named[code], 0, where=live & (olds == code))
            if value is not None:
                have = batch.col("items", value)
                batch.put("items", value, 1, where=live & (have == 0))
            batch.change_extra(live, lambda extra: _taken(extra, kind, value), key=(_taken, kind, value))
        return take

    def drop_armour(self, batch) -> np.ndarray:
        """"abandonner votre armure ... à n'importe quel moment": the worn armour lost
        for ever (core `lose`: every copy), then none worn and no hit count (`wear`)."""
        worn, named = _worn(batch)
        for code in _worn_codes(worn):
            batch.put("items", named[code], 0, where=worn == code)
        batch.change_extra(worn > 0, _bare, key=_bare)
        return np.zeros(len(batch), dtype=bool)

    def test(self, batch, book, kind: str, modifier: int) -> np.ndarray:
        """rolls.py `answer`'s roll: each state's successes among the 36 throws (two dice
        plus `modifier`, plus the armour's penalty for Habileté, at most the stat's current
        value); "soustraire 1 point à votre total de chance" whatever the result (the
        batch is changed in place)."""
        stat = KINDS[kind]
        now = batch.col("stats", stat)
        now = np.where(now == MISSING, 0, now)
        added = modifier + (self.skill_penalty(batch, book) if stat == "habilete" else 0)
        wins = AT_MOST[np.clip(now - added, 0, 12)]
        if stat == "chance":
            lower = self.clamp(batch, "chance", now - 1)
            batch.put("stats", "chance", lower, where=lower != now)
        return wins

    def skill_penalty(self, batch, book) -> np.ndarray:
        """equipment.skill_penalty of each state: the worn armour's, 0 without one."""
        worn, named = _worn(batch)
        penalty = np.array([_penalty(book, item) for item in named], dtype=np.int64)
        return penalty[worn]


def _penalty(book, worn) -> int:
    """equipment.skill_penalty of an armour worn (None: 0)."""
    props = armour_props(book, worn)
    return 0 if props is None else int(props.get("skill_test_penalty", ARMOUR_TEST_PENALTY))


# the strategies in the order explore.py `fight_ends` offers them
STRATEGIES = tuple(POLICIES)
_KINDS = explore.END_KINDS


def _escape_steps(steps, costs: dict, to) -> list:
    """combat._escape then wounds.escaped: each cost paid, death ("escape") at
    Endurance 0, else the escape's effects and its paragraph; the answer's after-change."""
    paid = [steps.add(stat, -cost) for stat, cost in costs.items()]

    def died(batch):
        end = batch.col("stats", "endurance")
        batch.end((end != MISSING) & (end <= 0), 1, "escape")
    return paid + [died] + steps.outcome(("combat", "escape", "effects"), to)


def _fled(batch, fled, steps):
    from engine.analysis.compiled.batch import Batch
    nxt = Batch(batch.rows.copy(), batch.slots)
    for step in steps.guarded(fled):
        step(nxt)
    return nxt


def _fighter_keys(batch) -> np.ndarray:
    """Each state's fighter: all `fight_plan` reads of it (its Habileté, starting
    Endurance and Chance, and extras: maxima, weapon, armour and its hits), a row."""
    return np.stack([batch.col("stats", "habilete"), batch.col("initial", "endurance"),
                     batch.col("initial", "chance"), batch.rows[:, EXTRA]], axis=1)


def _roots(memo: np.ndarray, end: np.ndarray, luck: np.ndarray) -> tuple:
    """(the first state of each root, each state's root, the roots sorted by memo, then
    Endurance and Luck): a root is what `FightPlan.columns` prices, a fight plan (its
    memo, numbered in the batch: fight_ends.py `Priced` keeps its roots) and an
    Endurance and Luck; states that differ only in facts the plan does not read share one (la-cloche-de-brumesel, sheet 1: 161,844 states of
    fights, 26,954 roots priced), so that each root's ends are gathered once."""
    return _numbered(np.stack([memo, end, luck], axis=1))


def _numbered(cols: np.ndarray) -> tuple:
    """(the first row of each distinct row, each row's number among the distinct rows,
    in the order of the rows sorted): over the columns that vary only, by one integer
    a row when their ranges allow (a 1-D sort, not a sort of rows)."""
    if len(cols):
        low = cols.min(axis=0)
        span = cols.max(axis=0) - low + 1
        varying = np.flatnonzero(span > 1)
        cols, low, span = cols[:, varying], low[varying], span[varying]
        if len(varying) <= 32 and float(np.prod(span.astype(float))) < 2.0 ** 62:
            code = np.ravel_multi_index((cols - low).T, tuple(span.tolist())) if len(varying) else \
                np.zeros(len(cols), dtype=np.int64)
            return _first_numbered(code, int(np.prod(span.astype(object))))
    _u, first, inverse = np.unique(cols, axis=0, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)


def _first_numbered(code: np.ndarray, total: int) -> tuple:
    """`np.unique(code, return_index=True, return_inverse=True)`'s first rows and
    numbers, for codes from 0 to `total` - 1 (compiled/distinct.py `numbered_codes`: no
    sort of the rows where that span is small)."""
    _codes, first, inverse = numbered_codes(code, total, first=True)
    return first, inverse


def _fighter(batch, r: int, number: int, book):
    """A state as `fight_plan` reads it (its Habileté, maxima and extras)."""
    stats = {}
    v = int(batch.col("stats", "habilete")[r])
    if v != MISSING:
        stats["habilete"] = v
    initial = {}
    for s in ("endurance", "chance"):
        v = int(batch.col("initial", s)[r])
        if v != MISSING:
            initial[s] = v
    extra = thaw(batch.slots.extras.values[int(batch.rows[r, EXTRA])]) or {}
    state = SimpleNamespace(paragraph=number, stats=stats, initial=initial, extra=extra)
    return SimpleNamespace(state=state, book=book)


def _fought(batch, book, number, pending, cache, follow, steps) -> list:
    """Each strategy a move: its ends from each distinct root (explore.py `fight_plan`
    once per fighter, its `columns` for the roots not met yet, all at once), each
    state's successors one row an end, written by kind (`_finish`)."""
    from engine.analysis.compiled.batch import Batch
    from engine.analysis.compiled.fights import Probabilities, Spread, stacked
    n = len(batch)
    # Each root's ends (all strategies) as columns, made once for a fight plan, this
    # pending and an Endurance and Luck, and met again for other states (the module's
    # cache keeps them: the same fight recurs with other facts, in other waves).
    here = int(batch.rows[0, PENDING]) if n else 0
    memos = cache.setdefault("df-columns", {})   # (plan, pending) -> its number in `priced`
    priced = cache.get("df-priced")
    if priced is None:
        priced = cache["df-priced"] = Priced()
    entries = cache.get("df-entries")
    if entries is None:
        entries = cache["df-entries"] = Entries()
    table = cache.get("df-probabilities")
    if table is None:
        table = cache["df-probabilities"] = Probabilities()
    end_col = np.where(batch.col("stats", "endurance") == MISSING, 0, batch.col("stats", "endurance"))
    luck_col = np.where(batch.col("stats", "chance") == MISSING, 0, batch.col("stats", "chance"))
    plans = cache.setdefault("df-plans", {})   # (paragraph, pending, fighter) -> its fight plan
    fighters = _fighter_keys(batch)
    f_first, f_of = _numbered(fighters)
    numbered: dict = {}   # each memo (a plan's number in `priced`) of this batch -> (its number here, its plan)
    memo_f = np.zeros(len(f_first), dtype=np.int64)   # each fighter's memo
    fresh = []   # the plans met for the first time (their number here)
    for f, r in enumerate(f_first.tolist()):
        key = (number, here, *fighters[r].tolist())
        plan = plans.get(key)
        if plan is None:
            plan = plans[key] = explore.fight_plan(_fighter(batch, r, number, book), pending)
        memo = memos.get((plan, here))
        if memo is None:
            memo = memos[(plan, here)] = priced.add()
            fresh.append(len(numbered))
        memo_f[f] = numbered.setdefault(memo, (len(numbered), plan))[0]
    lead, root = _roots(memo_f[f_of], end_col, luck_col)
    r_here, r_he, r_luck = memo_f[f_of[lead]], end_col[lead], luck_col[lead]
    memo_of = np.fromiter(numbered, dtype=np.int64, count=len(numbered))   # (each plan's memo, by its number here)
    r_memo = memo_of[r_here]
    new = np.flatnonzero(~priced.met(r_memo, r_he, r_luck))
    here_plans = [plan for _k, plan in numbered.values()]
    # the roots not met yet, then every root of the box of the plans met for the first time
    p_here, p_he, p_luck = _boxed(here_plans, fresh, r_here[new], r_he[new], r_luck[new])
    if len(p_here):   # by the fight's rules (in order of the roots)
        p_memo = memo_of[p_here]
        rules: dict = {}
        group = np.array([rules.setdefault(p.rules, len(rules)) for p in here_plans], dtype=np.int64)[p_here]
        _u, first = np.unique(group, return_index=True)
        for g in group[np.sort(first)].tolist():
            at = np.flatnonzero(group == g)
            _price(here_plans, p_here[at], p_memo[at], p_he[at], p_luck[at], cache, table, pending, here,
                   batch.slots, entries, priced)
    # every root's entries, gathered at once in the order of the roots
    r_lo, r_hi = priced.spans(r_memo, r_he, r_luck)
    at_entry = spans(r_lo, r_hi)
    entries.read(at_entry, table)   # (their probabilities numbered, once: each root's, not each state's)
    counts = r_hi - r_lo
    start = np.cumsum(counts) - counts
    per = counts[root]   # each state's number of ends
    src = np.repeat(np.arange(n), per)
    t = start[root[src]] + np.arange(len(src)) - np.repeat(np.cumsum(per) - per, per)
    # one successor row for each distinct end of the states alike (strategies share many
    # ends, and heroes who differ only in Endurance and Luck many more)
    ends, end_of = entries.distinct(at_entry)
    end_of = end_of[t]
    lost = (ends[:, 0] == _KINDS.index("lose"))[end_of]   # (a death keeps the Luck it had: `_finish`)
    alike, alike_luck = _alike(batch)
    alike = alike[src]
    if lost.any():
        alike = np.where(lost, alike_luck()[src] + n, alike)
    width = max(len(ends), 1)
    first_edge, row_of = _first_numbered(alike * width + end_of, (int(alike.max(initial=0)) + 1) * width)
    origin, made_end = src[first_edge], ends[end_of[first_edge]]
    blocks, origins = [], []
    at = np.zeros(len(origin), dtype=np.int64)   # each distinct row's place among the blocks
    placed = 0
    for code, name in enumerate(_KINDS):
        sel = np.flatnonzero(made_end[:, 0] == code)
        if not len(sel):
            continue
        rows = Batch(batch.rows[origin[sel]], batch.slots)
        _finish(rows, name, *made_end[sel, 1:].T, book, follow, steps)
        blocks.append(rows.rows)
        origins.append(origin[sel])
        at[sel] = placed + np.arange(len(sel))
        placed += len(sel)
    nxt = Batch(stacked(blocks, batch.slots) if blocks else np.zeros((0, batch.rows.shape[1]), dtype=np.int64),
                batch.slots)
    origin = np.concatenate(origins) if origins else np.zeros(0, dtype=np.int64)
    at_entry = at_entry[t]
    row, strategies, probs = at[row_of], entries.strategy[at_entry], entries.prob[at_entry]
    out = []
    for j, name in enumerate(STRATEGIES):
        mine = strategies == j
        if not mine.any():
            continue
        offered = np.zeros(n, dtype=bool)
        offered[src[mine]] = True
        out.append((MACRO + name, offered, [Spread(src[mine], probs[mine], table, nxt, row[mine], origin)]))
    return out


def _boxed(plans: list, fresh: list, here: np.ndarray, he: np.ndarray, luck: np.ndarray) -> tuple:
    """The roots to price (each its plan's number here, its Endurance and Luck): the
    roots `here`, `he`, `luck` of the batch not priced yet, then, for each plan met for
    the first time (`fresh`), every other root of its box: Endurance 1 up to its
    maximum (`FightPlan.ceiling`), Luck 0 up to the highest its batch holds (above it,
    strategies and chains the batch does not ask could be made).  Priced in this call,
    so that the later batches meeting the plan find their roots priced and make no
    call of their own (la-cloche-de-brumesel, sheet 1: 715 pricing calls for 248
    plans, each asked again 7 times on average; now one a plan); a root's ends are the
    same whenever priced.  A plan without a maximum Endurance adds nothing."""
    boxes = [k for k in fresh if plans[k].ceiling[0] > 0]
    if not boxes:
        return here, he, luck
    top_he = np.zeros(len(plans), dtype=np.int64)   # (0: no box)
    top_he[boxes] = [plans[k].ceiling[0] for k in boxes]
    top_luck = np.zeros(len(plans), dtype=np.int64)
    np.maximum.at(top_luck, here, luck)
    # the batch's roots outside the boxes (a plan met before, or past its box), then the boxes
    out = (he < 1) | (he > top_he[here])
    parts = [np.stack([here[out], he[out], luck[out]], axis=1)]
    for k in boxes:
        h, lk = np.meshgrid(np.arange(1, top_he[k] + 1), np.arange(top_luck[k] + 1), indexing="ij")
        parts.append(np.stack([np.full(h.size, k), h.ravel(), lk.ravel()], axis=1))
    rows = np.concatenate(parts)
    return rows[:, 0], rows[:, 1], rows[:, 2]


def _alike(batch) -> tuple:
    """(each state's number among the states that differ at most in the Endurance and
    the Luck, each read only as absent, 0 or more; a function giving its number among
    those that differ at most in the Endurance so read): all `_finish` reads of the
    Endurance, and of the Luck but where the hero dies (it writes the end's own), so
    that an end of theirs is one successor row, made from the first of them.  (The
    module's `rejects` reads neither: such states are all expanded here or all left
    to the engine, as the explorer keeps a row only when the state it was made from is
    expanded here.)  Both numberings are `_numbered`'s of those rows (in the order of
    the rows sorted), by one code a row made once: the Luck's digit its class or its
    value, over a range that holds either."""
    rows = batch.rows
    at = [batch.slots.find("stats", stat) for stat in ("endurance", "chance")]
    at = [i if i is not None and i < rows.shape[1] else None for i in at]
    key = rows.copy()
    if at[0] is not None:
        v = key[:, at[0]]
        key[:, at[0]] = np.where(v == MISSING, -1, np.minimum(v, 1))
    if at[1] is None:
        alike = _numbered(key)[1]
        return alike, lambda: alike
    c = at[1]
    luck = np.where(key[:, c] == MISSING, -1, key[:, c])
    kind = np.minimum(luck, 1)
    key[:, c] = luck
    if len(key):
        low = key.min(axis=0)
        span = key.max(axis=0) - low + 1
        kind = kind - int(kind.min())
        span[c] = max(int(span[c]), int(kind.max()) + 1)
        varying = np.flatnonzero(span > 1)
        if len(varying) <= 32 and float(np.prod(span[varying].astype(float))) < 2.0 ** 62:
            weight = np.append(np.cumprod(span[varying][::-1])[::-1][1:], 1)   # (the first column highest)
            rest = varying != c
            code = (key[:, varying[rest]] - low[varying[rest]]) @ weight[rest]
            total = int(np.prod(span[varying].astype(object)))
            to_c = int(weight[~rest][0]) if (~rest).any() else 0
            alike = numbered_codes(code + kind * to_c, total)[2]
            return alike, lambda: numbered_codes(code + (luck - low[c]) * to_c, total)[2]
    lucky = key.copy()
    key[:, c] = np.where(rows[:, c] == MISSING, -1, np.minimum(rows[:, c], 1))
    return _numbered(key)[1], lambda: _numbered(lucky)[1]


def _price(plans: list, local: np.ndarray, memo: np.ndarray, he: np.ndarray, luck: np.ndarray, cache, table,
           pending: dict, here: int, slots, entries, priced) -> None:
    """The new heroes (Endurance `he`, Luck `luck`) of fight plans of one fight (each
    hero's plan `plans[local[i]]`, its number in `priced` `memo[i]`), priced in one
    `FightPlan.columns` call: in one pending, plans of the same rules differ only in
    the armour's hits and the maxima (`fight_plan`), so one chain over rows serves
    them all (each hero with his own armour's hits, the grid up to the highest maxima:
    a larger grid holds the same nodes and ends); their rows kept in `entries` at once,
    `priced` told where each hero's lie."""
    arm = np.array([p.arm for p in plans], dtype=np.int64)[local]
    used = [plans[k] for k in np.unique(local).tolist()]
    plan = plans[int(local[0])]._replace(ceiling=tuple(max(c) for c in zip(*(p.ceiling for p in used))))
    rows, probs, details = plan.columns(he, luck, cache, table, arm, deferred=True)
    order = np.argsort(rows[:, 0], kind="stable")   # (hero by hero, strategies in order)
    rows, probs = rows[order], probs[order]
    pend = stop_pendings(rows[:, 6], details, pending, here, slots, cache)
    start = entries.append(rows[:, 1], np.column_stack([rows[:, 2:6], pend]), probs)
    counts = np.bincount(rows[:, 0], minlength=len(he))
    lo = start + np.cumsum(counts) - counts
    priced.place(memo, he, luck, lo, lo + counts)


def _written(batch, stat: str, values: np.ndarray) -> None:
    """game/core.py `change(stat, value=...)` told to nobody: the value clamped, written
    unless it is 0 where the stat is absent."""
    new = VECTOR.clamp(batch, stat, values)
    old = batch.col("stats", stat)
    batch.put("stats", stat, new, where=(new != 0) | ((old != MISSING) & (old != 0)))


def _finish(batch, kind: str, he, luck, arm, pend, book, follow, steps) -> None:
    """explore.py `_finisher` of ends of one kind, then `Outcome.apply`'s after-change,
    over the rows of those ends (each with its own Endurance, Luck, armour left):
    "lose": Endurance 0, dead in the fight; otherwise the sheet left written (the
    armour's hits, or the armour lost when none is left), then "stop": the fight
    waits where escaping opens; "win": wounds.drain and wounds.won (death at 0, the
    `win` effects and paragraph, or the paragraph's choices); "hurt", "timeout":
    specials.leave (their effects and paragraph)."""
    if kind == "lose":
        _written(batch, "endurance", np.zeros(len(batch), dtype=np.int64))
        batch.end(np.ones(len(batch), dtype=bool), 1, "combat")
        return
    _written(batch, "endurance", he)
    _written(batch, "chance", luck)
    _armour_left(batch, book, arm)
    if kind == "stop":
        batch.rows[:, PENDING] = pend
        VECTOR.after_change(batch)
        return
    if kind == "win":
        end = batch.col("stats", "endurance")
        batch.end((end != MISSING) & (end <= 0), 1, "combat")
    for step in steps.guarded(follow[kind]):
        step(batch)
    if (batch.ended == 0).any():
        VECTOR.after_change(batch)


def _armour_left(batch, book, left: np.ndarray) -> None:
    """explore.py `_armour`: `left` hits before the worn armour falls apart, or fallen
    apart (lost, none worn: module.after_change normalises after the loss).  Each
    change reads the extras alone (and the hit count, a few values): kept for the
    whole exploration (`Batch.change_extra`'s `key`), not made again a batch."""
    worn, named = _worn(batch)
    for code in _worn_codes(worn):
        item = named[code]
        props = armour_props(book, item)
        if props is None:
            continue
        mine = worn == code
        gone = mine & (left <= 0)
        if gone.any():
            batch.put("items", item, 0, where=gone)
            batch.change_extra(gone, _fallen, key=_fallen)
        kept = mine & ~gone
        hits = int(props.get("hits", 1)) - left
        for h in np.unique(hits[kept]).tolist():
            batch.change_extra(kept & (hits == h), partial(_with_hits, hits=h), key=(_with_hits, h))


def _fallen(extra: dict) -> dict:
    """The extras once the worn armour fell apart (none worn, then normalised)."""
    return _normalised(_bare(extra))


def _with_hits(extra: dict, hits: int) -> dict:
    """The extras with the worn armour's hit count."""
    return {**extra, "armour_hits": hits}


def _ceiling(changes: dict):
    """sheet.raise_ceiling: each maximum moved from where it is (the stat itself for a
    stat without one), never below 0; the stat itself is left as it is."""
    def ceiling(batch):
        live = batch.ended == 0
        for stat, delta in changes.items():
            cap = _caps(batch, stat)
            now = batch.col("stats", stat)
            base = np.where(cap == _NONE, np.where(now == MISSING, 0, now), cap)
            moved = np.maximum(0, base + delta)
            batch.change_extra(live, lambda extra, v: _capped(extra, stat, v), by=moved)
    return ceiling


def _capped(extra: dict, stat: str, value: int) -> dict:
    extra["max"] = {**(extra.get("max") or {}), stat: value}
    return extra


def _taken(extra: dict, kind: str, item) -> dict:
    """The extras after equipment.take(kind, item) and normalise."""
    old = extra.get(kind)
    extra[kind] = item
    if kind == "armour" and item is not None and old != item:
        extra["armour_hits"] = 0   # (equipment.wear: a new armour has taken no hit)
    return _normalised(extra)


def _normalised(extra: dict) -> dict:
    """equipment.normalise when the weapon and armour held are those it kept."""
    extra.setdefault("weapon", None)
    return _bare(extra) if extra.get("armour") is None else extra


def _bare(extra: dict) -> dict:
    """equipment.wear(state, None) on the module's extras."""
    extra["armour"] = None
    extra.pop("armour_hits", None)
    return extra


VECTOR = VectorRules()
