"""Chroniques Crétoises rules over whole batches of states (the compiled explorer's
programs, engine/analysis/compiled/), beside the scalar rules they mirror, each
asking the scalar helper for the rule itself:

* the sheet (module.after_change, sheet.refresh): Force and Protection from the
  equipment carried (sheet.derive: the most powerful weapon, the best piece of each
  kind of armour), at most two spare pieces of a kind (sheet.spares_over);
* death by Shame (module.after_change, model.shame_kills): "si son total de points de
  Honte est supérieur à celui des points d'Honneur", cause "shame" (weighed outside
  fights only: in a fight, vector_fights.py refreshes the sheet alone);
* the bounds (module.clamp): no stat below 0; Honour "arrivé à 0" stays at 0 until
  Zeus or the text restores it (model.honour_after), the mark `honour_exhausted`
  set as play sets it;
* the gods (gods.attitudes_set, gods.patron_set): `god:`/`dieu:` and `patron:`;
* the condition track: `heal:`/`soin:` (Indemne), `wound:`/`blessure:` (fight.wound_hero:
  steps down the track, Mort is death, cause "wound"); `restore_honour:` (a number);
* the conditions' own names (module.variable, gods.attitude_of): `patron`,
  `condition`, `zeus_utilise`, `god("...")`;
* an invocation on a choice (gods.choice_extra, gods.price_paid): the god's price, a
  number or dice, paid and the choice followed, or "si vous en avez moins" −1 and the
  hero stays;
* the commands (module.COMMANDS, in their order): `oracle` (zeus.oracle: from a
  paragraph whose number is in italics to its number + 20, entered as a choice's
  target is) and `zeus` (zeus.command without a favour named: his menu opens);
  Zeus's menu answered (zeus.answer, zeus.grant: his die of Honour, Honour back from
  0 to 1, every god neutral but the patron, or given up).

Death is not final here (`no_rescue` False): Zeus may raise a fallen hero
(`rescues`: zeus.can_resurrect and zeus.resurrect over the dead states).  A fight is begun here
(combat.start, `begun`) and fought over arrays in vector_fights.py (`fight`).
The differential test (tests/compiled) plays each rule against the engine.
"""
from __future__ import annotations

import numpy as np

from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine import expr as X
from engine.expr.ast import Dice
from engine.analysis.compiled.distinct import numbered, numbered_block
from engine.analysis.compiled.packed import CAUSE, ENDED
from engine.rules.chroniques_cretoises.combat import start
from engine.rules.chroniques_cretoises.gods import attitude_of, attitudes_set, patron_set, price_paid
from engine.rules.chroniques_cretoises.sheet import condition_set, derive, props, spares_over
from engine.rules.chroniques_cretoises.fight_rows import condition_to, set_value
from engine.rules.chroniques_cretoises.vector_fights import fight
from engine.rules.chroniques_cretoises.zeus import HONOUR_DIE, gods_neutral, target_at

MISSING = -(1 << 40)   # (engine/analysis/compiled/packed.py: a stat the state does not hold)
ORACLE_STEP = 20       # "aller au paragraphe actuel + 20" (zeus.oracle)
_TEXTS: dict = {}      # a reading of the extras (module.variable, god(...)) -> its answers numbered


def _now(values: np.ndarray) -> np.ndarray:
    """A stat as play reads it (`stats.get(stat, 0)`)."""
    return np.where(values == MISSING, 0, values)


class VectorRules:
    no_rescue = False   # on_death: Zeus may raise a fallen hero (zeus.can_resurrect)

    def __init__(self, module, book=None):
        self.module, self.book = module, book
        self._sheets: dict = {}
        # the items the sheet reads: weapons and pieces of armour (sheet.props)
        ids = set(book.items) | {"massue"} if book is not None else set()
        self.armed = sorted(i for i in ids if {"weapon", "armour"} & set(props(book, i)))

    def for_book(self, book) -> "VectorRules":
        """These rules for one book (its items make Force and Protection)."""
        return VectorRules(self.module, book)

    # --- the sheet ----------------------------------------------------------------
    def clamp(self, batch, stat: str, values: np.ndarray) -> np.ndarray:
        """module.clamp: the stat's minimum, then Honour's lock at 0 (model.honour_after),
        asked once for each distinct (old, new, exhausted, lock) of the batch; the
        states whose Honour falls to 0 marked `honour_exhausted` as play marks them."""
        values = self.least(stat, values)
        if stat != "honneur" or not len(values):
            return values
        every = np.arange(len(batch))
        kept, now_exhausted, exhausted = self.honour_set(batch, every, values)
        self.mark_exhausted(batch, now_exhausted, exhausted)
        return kept

    def mark_exhausted(self, batch, now_exhausted: np.ndarray, exhausted: np.ndarray) -> None:
        """The states whose Honour falls to 0 now marked `honour_exhausted` (`clamp`)."""
        batch.change_extra(now_exhausted & ~exhausted & (batch.ended == 0), _exhausted, key=_exhausted)

    def least(self, stat: str, values: np.ndarray) -> np.ndarray:
        """module.clamp's first step: the stat's minimum."""
        spec = self.module.stat(stat)
        return values if spec is None or spec.minimum is None else np.maximum(values, spec.minimum)

    def honour_set(self, batch, origin: np.ndarray, values: np.ndarray) -> tuple:
        """(the Honour kept, whether it is exhausted after, whether before) where state
        `origin[i]`'s Honour is set to `values[i]` (past its minimum): model.honour_after,
        asked once for each distinct (old, new, exhausted, lock); `clamp` writes the
        mark, fight_rows.py `twins` reads what a fight's ends would write."""
        old = _now(batch.col("stats", "honneur"))
        exhausted, lock = _read(batch, ("honour_exhausted", False), ("lock_zero", True))
        if len(origin) > len(batch):   # (a fight's successors: each state's (old, exhausted, lock) numbered once)
            cases, case = numbered([old, exhausted, lock])
            found = _by_case(cases, case[origin], values)
            if found is not None:
                return found + (exhausted[origin],)
            pairs, inverse = numbered([case[origin], values])
            uniq = [cases[c][:1] + (n,) + cases[c][1:] for c, n in pairs]
        else:
            uniq, inverse = numbered([old[origin], values, exhausted[origin], lock[origin]])
        kept, marked = zip(*(R.honour_after(o, n, bool(e), bool(k)) for o, n, e, k in uniq))
        return (np.asarray(kept, dtype=np.int64)[inverse], np.asarray(marked, dtype=bool)[inverse], exhausted[origin])

    def after_change(self, batch) -> None:
        """module.after_change: the sheet refreshed, then death by Shame."""
        live = batch.ended == 0
        if not live.any():
            return
        self._refresh(batch, live)
        shame, honour = _now(batch.col("stats", "honte")), _now(batch.col("stats", "honneur"))
        batch.end(live & R.shame_kills(shame, honour), 1, "shame")

    def _refresh(self, batch, live: np.ndarray) -> None:
        """sheet.refresh: spare pieces past the limit lost, Force and Protection from
        the natural values and the equipment, once for each distinct equipment."""
        base = _read(batch, ("base_force", 4), ("base_protection", 10))
        cols = _block(batch, "items", self.armed, base)
        self._sheets_put(batch, live, cols, *numbered_block(cols))

    def _sheets_put(self, batch, live, cols, uniq: list, inverse: np.ndarray) -> None:
        """Each distinct equipment's sheet (`uniq`: the items' counts, then the natural
        Force and Protection, each row's number among them `inverse`; `cols` their
        columns) written where the states are `live`."""
        armed = self.armed
        found = [self._sheet(u[:-2], u[-2], u[-1]) for u in uniq]
        # (an equipment past the spares' limit is rare: its states alone rewritten)
        over = np.array([f[0] != u[:-2] for f, u in zip(found, uniq)], dtype=bool)
        if over.any():
            lost = live & over[inverse]
            for j, item in enumerate(armed):
                counts = np.array([f[0][j] for f in found], dtype=np.int64)[inverse]
                gone = lost & (counts != cols[j])
                if gone.any():   # (`put` would make the column of an item no state holds)
                    batch.put("items", item, counts, where=gone)
        for k, stat in ((1, "force"), (2, "protection")):
            batch.put("stats", stat, np.array([f[k] for f in found], dtype=np.int64)[inverse], where=live)

    def _sheet(self, counts: tuple, base_force: int, base_protection: int) -> tuple:
        """(counts after the spares' limit, Force, Protection) of one equipment."""
        key = (counts, base_force, base_protection)
        if key not in self._sheets:
            armed = self.armed
            held = {i: c for i, c in zip(armed, counts) if c > 0}
            for _slot, item in spares_over(self.book, held):
                held[item] -= 1
            d = derive(self.book, {i: c for i, c in held.items() if c > 0})
            self._sheets[key] = (tuple(held.get(i, 0) for i in armed),
                                 base_force + d.force, base_protection + d.protection)
        return self._sheets[key]

    # --- items ----------------------------------------------------------------------
    def rejects(self, batch, book) -> np.ndarray:
        return np.zeros(len(batch), dtype=bool)

    def plain_item(self, book, item: str) -> bool:
        """Every item: the rules read the equipment only in `after_change`, which the
        program runs after the effects, as play does."""
        return True

    def items_changed(self, batch, mask) -> None:
        """Nothing before `after_change` (sheet.refresh is part of it)."""

    # --- the module's effects -------------------------------------------------------
    def effect(self, book, kind: str, value):
        """A step over batches for the module's effect `kind: value`, or None (the
        engine path: a value play would refuse or compute)."""
        if kind in ("god", "dieu") and isinstance(value, dict) and all(
                isinstance(a, str) and N.attitude(a) is not None for a in value.values()):
            known = N.gods_of(book.options)
            return _extras(lambda extra: attitudes_set(extra, value, known), ("god", tuple(value.items()), known))
        if kind == "patron" and isinstance(value, str) and N.god_name(value, N.PATRONS) is not None:
            name = N.god_name(value, N.PATRONS)
            return _extras(lambda extra: patron_set(extra, name), ("patron", name))
        if kind in ("heal", "soin"):
            return _extras(lambda extra: condition_set(extra, N.INDEMNE), (condition_to, N.INDEMNE))
        if kind in ("wound", "blessure") and type(value) is int:
            return _wound(value)
        if kind == "restore_honour" and type(value) is int:
            return self._restore(value)
        return None

    def _restore(self, amount: int):
        """module.apply_effect `restore_honour`: the lock lifted, then Honour + amount."""
        def restore(batch):
            live = batch.ended == 0
            batch.change_extra(live, _lifted, key=_lifted)
            old = _now(batch.col("stats", "honneur"))
            new = self.clamp(batch, "honneur", old + amount)
            batch.put("stats", "honneur", new, where=live & (new != old))
        return restore

    # --- commands -------------------------------------------------------------------
    def commands(self, batch) -> list:
        """[(command name, offered mask, apply)] in module.COMMANDS' order; an apply
        gives (refused mask, then): then a paragraph entered (the Oracle) or the
        activity the states now wait for (Zeus's menu)."""
        here = self.book.paragraphs.get(int(batch.paragraph[0])) if len(batch) else None
        fields = here.fields if here is not None else {}
        n = len(batch)
        target = here.number + ORACLE_STEP if here is not None else None
        oracle = bool(fields.get("oracle")) and target in self.book.paragraphs   # (zeus.oracle)
        used = np.array(batch.extra("zeus_used", False), dtype=bool)
        zeus = bool(fields.get("zeus")) & ~used   # (zeus.offered)
        return [("oracle", np.full(n, oracle), lambda b: (np.zeros(len(b), dtype=bool), target)),
                ("zeus", zeus, lambda b: (np.zeros(len(b), dtype=bool), {"activity": "zeus"}))]

    # --- expressions and choices -----------------------------------------------------
    def variable(self, name: str):
        """module.variable over a batch (`condition`, `patron`, `zeus_utilise`: read from
        the module's extras), asked once for each distinct extras."""
        kind = self.module.expr_variables().get(name)
        return None if kind is None else (kind, lambda b: _per_extras(
            b, ("variable", name), lambda extra: self.module.variable(_Extras(extra), name)))

    def call(self, name: str, args: tuple):
        """module.call over a batch: `god(name)`, his attitude (gods.attitude_of)."""
        if name != "god" or len(args) != 1 or type(args[0]) is not str:
            return None
        return "str", lambda b: _per_extras(b, ("god", args[0]), lambda extra: attitude_of(_Extras(extra), args[0]))

    def choice_extra(self, book, extra: dict):
        """gods.choice_extra, a choice with `invoke:` (gods.pay_invocation): (den,
        [(count, pay)]) over the throws of its price (a number or NdM dice), `pay(batch)`
        the states whose price was paid (they go on; the others stay, −1 Honour)."""
        spec = extra.get("invoke")
        prices = _prices(spec.get("cost", 0)) if isinstance(spec, dict) and set(extra) == {"invoke"} else None
        if prices is None:
            return None
        den, ways = prices
        return den, [(count, self._pay(cost)) for count, cost in ways]

    def _pay(self, cost: int):
        def pay(batch) -> np.ndarray:
            live = batch.ended == 0
            have = _now(batch.col("stats", "honneur"))
            paid, change = (np.array(x, dtype=np.int64) for x in zip(*(price_paid(int(h), cost) for h in have.tolist())))
            new = self.clamp(batch, "honneur", have + change)
            batch.put("stats", "honneur", new, where=live & (new != have))
            return live & (paid == 1)
        return pay

    def answers(self, book, number: int, pending: dict):
        """zeus.prompt and zeus.answer, his menu open (`zeus` typed alone): [(answer,
        offered(batch), (den, [(count, step)]), closes)] for `honneur` (his die),
        `retablir` (offered at Honour 0), `dieux`, `cancel`; None for anything else,
        and at a paragraph whose number is in italics (the Oracle, refused while the
        menu is open: the engine path says so)."""
        if pending != {"activity": "zeus"} or book.paragraphs[number].fields.get("oracle"):
            return None
        every = (lambda b: np.ones(len(b), dtype=bool))
        at_zero = (lambda b: _now(b.col("stats", "honneur")) == 0)
        return [("honneur", every, (HONOUR_DIE, [(1, self._favour(face)) for face in range(1, HONOUR_DIE + 1)]), True),
                ("retablir", at_zero, (1, [(1, self._favour(1))]), True),
                ("dieux", every, (1, [(1, _granted(lambda extra: attitudes_set(
                    extra, gods_neutral(extra), N.gods_of(book.options)), ("gods-neutral", N.gods_of(book.options))))]),
                 True),
                ("cancel", every, (1, [(1, lambda b: None)]), True)]

    def _favour(self, amount: int):
        """zeus.grant of Honour: Zeus used, the lock lifted, Honour + amount."""
        restore = self._restore(amount)

        def favour(batch):
            batch.change_extra(batch.ended == 0, _used, key=_used)
            restore(batch)
        return favour

    def rescues(self, book, number: int) -> list:
        """module.on_death and module.rescue over the states dead at `number`: [(answer,
        offered(batch), raise(batch), paragraph entered)].  Zeus (zeus.can_resurrect):
        not called yet, not a death by Shame, Shame not above Honour, and a place to
        raise the hero (zeus.target_at); then zeus.resurrect: Zeus used, alive again,
        Honour's lock lifted, Honte 0, Honneur 1, Indemne, the place entered."""
        target = target_at(book, number)
        if target is None:
            return []

        def offered(b) -> np.ndarray:
            used = np.array(b.extra("zeus_used", False), dtype=bool)
            by_shame = b.rows[:, CAUSE] == b.slots.causes("shame")
            shame, honour = _now(b.col("stats", "honte")), _now(b.col("stats", "honneur"))
            return (b.ended == 1) & _raisable(used, by_shame, shame, honour)

        def resurrect(b) -> None:
            every = np.ones(len(b), dtype=bool)
            b.change_extra(every, _used, key=_used)
            b.rows[:, ENDED] = 0
            b.rows[:, CAUSE] = b.slots.causes(None)
            b.change_extra(every, _lifted, key=_lifted)
            set_value(self, b, "honte", np.zeros(len(b), dtype=np.int64))
            set_value(self, b, "honneur", np.ones(len(b), dtype=np.int64))
            b.change_extra(every, condition_to(N.INDEMNE), key=(condition_to, N.INDEMNE))
        return [("zeus", offered, resurrect, target)]

    def fight(self, book, number: int, pending: dict, steps, cache):
        """The moves of a fight's decision point over arrays (vector_fights.py), or None."""
        return fight(self, book, number, pending, steps, cache)

    def begun(self, field: str, spec) -> dict | None:
        """module.begin (combat.start): the fight a paragraph begins, when nothing of
        the state weighs on its start (no `modifiers`); the fight itself is played by
        `fight`.  (The after-change rule that follows a fight's start in play
        does not weigh the Shame; here it weighs it again, as it was just before the
        fight began: nothing changed it since.)"""
        if field != "combat" or not isinstance(spec, dict) or spec.get("modifiers"):
            return None
        return start(spec, 0)


class _Extras:
    """What module.variable and gods.attitude_of read of a state: its extras."""

    def __init__(self, extra):
        self.extra, self.stats = extra or {}, {}


def _block(batch, part: str, keys: list, more: list) -> np.ndarray:
    """`batch.col(part, key)` for each key as the rows of one matrix (C-contiguous: a
    column of the batch a row, taken in one gather; a column of the rows is a strided
    view), then the columns `more`: what `numbered_block` reads with one reduction a
    bound (`numbered` over a list of columns read each a dozen times)."""
    width, find = batch.rows.shape[1], batch.slots.find
    at = [find(part, key) for key in keys]
    held = [j for j, i in enumerate(at) if i is not None and i < width]
    out = np.empty((len(keys) + len(more), len(batch.rows)), dtype=np.int64)
    if held:
        out[held] = batch.rows.T[[at[j] for j in held]]
    for j, key in enumerate(keys):
        if j not in held:   # (no state holds it yet: its default, as `Batch.col`)
            out[j] = batch.col(part, key)
    for j, column in enumerate(more):
        out[len(keys) + j] = column
    return out


def _by_case(cases: list, case: np.ndarray, values: np.ndarray):
    """`honour_set`'s (Honour kept, exhausted after) of a fight's successors, each of
    case `case[i]` (its state's (old, exhausted, lock), one of `cases`) set to
    `values[i]`: model.honour_after asked once for each (case, value) met, its answers
    laid in two tables indexed by case times the values' span plus the value, read
    with one gather each (`numbered` over the two columns read each four times, coded
    them and numbered the codes: about half the passes over millions of successors);
    None where the tables would be larger than the successors."""
    low = int(values.min())
    span = int(values.max()) - low + 1
    if len(cases) * span > max(1 << 16, len(values)):
        return None
    code = case * span
    code += values
    code -= low
    met = np.flatnonzero(np.bincount(code)).tolist()
    kept = np.zeros(len(cases) * span, dtype=np.int64)
    marked = np.zeros(len(cases) * span, dtype=bool)
    for c in met:
        o, e, k = cases[c // span]
        kept[c], marked[c] = R.honour_after(o, c % span + low, bool(e), bool(k))
    return kept[code], marked[code]


def _read(batch, *keys) -> list[np.ndarray]:
    """An array of each state's module extra for each (key, default), read once for
    each distinct extras value (Batch.extra_ints)."""
    return [batch.extra_ints(("cc", key, default), lambda e, k=key, d=default: int((e.get(k, d) if e else d) or 0)
                             ).astype(type(default)) for key, default in keys]


def _per_extras(batch, name: tuple, read) -> list:
    """`read(extra)` of each state, once for each distinct extras value (Batch.extra_ints:
    each answer numbered; `name` names the reading, which depends on the extras only)."""
    texts = _TEXTS.setdefault(name, {})
    codes = batch.extra_ints(("cc-text", name), lambda e: texts.setdefault(read(e), len(texts)))
    values = np.empty(len(texts), dtype=object)
    for text, number in texts.items():
        values[number] = text
    return values[codes].tolist()


def _prices(cost):
    """(den, [(count, price)]) of an invocation's price: a number, or NdM dice (their
    totals, each with its number of throws); None otherwise (the engine path)."""
    if type(cost) is int:
        return 1, [(1, cost)]
    try:
        root = X.parse(str(cost), "number").root
    except X.ExprError:
        return None
    if not isinstance(root, Dice) or not 1 <= root.count <= 4:
        return None
    totals = {0: 1}
    for _die in range(root.count):
        nxt: dict = {}
        for t, n in totals.items():
            for face in range(1, root.sides + 1):
                nxt[t + face] = nxt.get(t + face, 0) + n
        totals = nxt
    return root.sides ** root.count, [(n, t) for t, n in sorted(totals.items())]


def _extras(change, key: tuple | None = None):
    """A step rewriting the module extras of the live states with `change(extra)`, which
    reads nothing but the extras: `key` names it (the change then kept for the whole
    exploration: batch.py `changed`; two changes of one key must be the same function)."""
    named = None if key is None else ("cc",) + key

    def step(batch):
        batch.change_extra(batch.ended == 0, lambda extra: (change(extra), extra)[1], key=named)
    return step


def _wound(steps: int):
    """fight.wound_hero outside a fight: `steps` down the track, Mort is death ("wound")."""
    def wound(batch):
        live = batch.ended == 0
        now = np.array(batch.extra("condition", 0), dtype=np.int64)
        new = np.minimum(N.MORT, now + steps)
        for value in np.unique(new[live]).tolist():
            batch.change_extra(live & (new == value), condition_to(value), key=(condition_to, value))
        batch.end(live & (new >= N.MORT), 1, "wound")
    return wound


def _raisable(used, by_shame, shame, honour) -> np.ndarray:
    """zeus.can_resurrect: Zeus not called yet, not a death by Shame, Shame not above
    Honour (model.shame_kills)."""
    return ~used & ~by_shame & ~R.shame_kills(shame, honour)


def _granted(change, key: tuple | None = None):
    """zeus.grant of a favour that is no Honour: Zeus used, then `change(extra)` (`key`
    its name, as `_extras`)."""
    return _extras(lambda extra: (_used(extra), change(extra)), None if key is None else ("zeus",) + key)


def _used(extra: dict) -> dict:
    extra["zeus_used"] = True
    return extra


def _exhausted(extra: dict) -> dict:
    extra["honour_exhausted"] = True
    return extra


def _lifted(extra: dict) -> dict:
    extra["honour_exhausted"] = False
    return extra
