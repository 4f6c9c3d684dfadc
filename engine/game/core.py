"""The `Game` object and what rule modules call on it (answers.py: what front ends call).

Every change made through it (a roll, a stat, an item, a move) becomes an event; a
game that does not narrate (the explorer) makes no events at all, and its hot paths
stay short: the random explorer makes tens of thousands of answers a second through
these methods.
"""
from __future__ import annotations

from typing import Callable

from engine.game import dice as dice_mod
from engine.game import carry
from engine.book import counters as book_counters
from engine.game import counters
from engine import expr as X
from engine.book.frontmatter import equipment
from engine.book.model import OUTCOME_ENDS, Book, Effect
from engine.book.compiler import book_aliases
from engine.support.limits import MAX_INT
from engine.rules.base import Refused, RuleModule
from engine.game.state import GameState
from engine.game.answers import Answers
from engine.game.context import GameContext
from engine.game.faults import count_fault, expression_fault, stat_fault
from engine.game.history import History
from engine.game.inventory import GiveUp
from engine.game.taking import Taking
from engine.game.outcomes import Outcomes
from engine.game.prompts import Prompts

SeededDice = dice_mod.SeededDice
COUNTER_EFFECTS = book_counters.EFFECTS


class Game(Answers, Prompts, History, Outcomes, GiveUp, Taking):
    def __init__(self, book: Book, module: RuleModule, dice, state: GameState | None = None,
                 lang: str | None = None, undo: bool = True, narrate: bool = True,
                 preset=None):
        """`undo=False` (the explorer) keeps no undo history and takes no snapshot per
        answer or command: one refused by a module may then leave partial changes, and
        the caller is expected to restore its own copy.  `narrate=False` (the explorer
        again) makes no events at all (none recorded, no listener called: modules may
        skip their `emit` calls) and lets modules skip building prompt text nobody
        reads (`title`, `info`, labels); rules, state and option keys are unchanged."""
        self.book, self.module, self.dice = book, module, dice
        self.keeps_undo, self.narrate = undo, narrate
        self.lang = lang or book.language
        self.events: list[dict] = []
        self.listeners: list[Callable[[dict], None]] = []
        self._undo: list[dict] = []
        # The last prompt built and the state it was built for: the next answer reuses
        # it instead of building it again.  Only prompt() sets it and every answer,
        # command and undo clears it, so no change can come between (the changes made
        # through this object clear it too, for safety).
        self._prompted: tuple | None = None
        self._ctx = GameContext(self)
        self._choice_prompts: dict = {}   # paragraph -> its choice Prompt, or {flags: Prompt}
        self._aliases = book_aliases(module)
        self._rules_version = str(module.version)
        self._commands: tuple | None = None   # the module's commands, asked once
        # What is derived from the book alone (prompts made once...) by a rule module
        # or the explorer, each under keys of its own: kept for the life of this
        # object, whose book never changes.
        self.memo: dict = {}
        # Set by `gain` and `lose` (the only ways the items change): a rule module's
        # after_change can tell that the inventory changed without reading all of it.
        self.items_changed = False
        self.preset = preset   # engine/game/presets.py: applied by every new game and restart
        self._jumping: list | None = None   # outcomes.py: the paragraph next to settle, while settling
        if not undo:   # no snapshot to take: the answer itself, without a wrapper call
            self.answer = self._answer
        if state is None:
            self.state = self._fresh_state(1)
            self._new_game()
        else:
            self.state = state

    # --- events --------------------------------------------------------------
    def emit(self, type_: str, fr: str | None = None, en: str | None = None, **data) -> dict | None:
        self._prompted = None
        if not self.narrate:
            return None   # nobody reads it: not even made
        event = {"type": type_, **data}
        if fr is not None:
            event["say"] = {"fr": fr, "en": en if en is not None else fr}
        self.events.append(event)
        for listener in self.listeners:
            listener(event)
        return event

    def drain(self) -> list[dict]:
        out, self.events = self.events, []
        return out

    # --- what modules call ---------------------------------------------------
    def roll(self, count: int, sides: int = 6, purpose: str = "") -> list[int]:
        dice = self.dice
        if type(dice) is SeededDice:   # the usual source: nothing forced, die by die
            faces = dice.faces(count, sides)
        else:
            faces = self._roll_from(dice, count, sides)
        if self.narrate:
            self.emit("dice", faces=faces, sides=sides, total=sum(faces), purpose=purpose)
        else:
            self._prompted = None
        return faces

    def _roll_from(self, dice, count: int, sides: int) -> list[int]:
        """A roll from forced dice or from a source answering whole rolls."""
        forced_before = getattr(dice, "exhausted", True)
        # A source may answer a whole roll at once (the exhaustive explorer does, to
        # branch over the outcomes of a roll rather than over each die).
        whole = getattr(dice, "roll", None)
        try:
            faces = whole(count, sides) if whole else [dice.face(sides) for _ in range(count)]
        except dice_mod.OutOfDice as exc:   # a forced face that cannot be used: refuse the move
            raise Refused(f"dés imposés inutilisables : {exc.fr}", f"forced dice unusable: {exc.en}") from None
        if not forced_before and dice.exhausted:
            self._forced_dice_ran_out()
        return faces

    def _forced_dice_ran_out(self) -> None:
        then = self.dice.to_json().get("then") or {}
        seed = then.get("seed", "?")
        self.emit("dice-exhausted", seed=seed,
                  fr=f"Les dés imposés sont épuisés : la suite est tirée au hasard (graine {seed}).",
                  en=f"The forced dice have run out: further rolls are random (seed {seed}).")

    def change(self, stat: str, delta: int | None = None, value: int | None = None,
               reason: str = "") -> int:
        st = self.state
        self._prompted = None
        if value is not None and not self.narrate and -MAX_INT <= value <= MAX_INT:
            # a value set, told to nobody: the old one is not read (the explorer's
            # transition cache then applies it to states holding any other)
            new = self.module.clamp(st, stat, value)
            if new != 0:   # (a 0 is not written where the stat is absent: below)
                st.stats[stat] = new
                return new
        old = st.stats.get(stat, 0)
        wanted = value if value is not None else old + (delta or 0)
        if not -MAX_INT <= wanted <= MAX_INT:   # `add: {or: 999999999}` again and again
            raise stat_fault(self.book, st.paragraph, stat, wanted, MAX_INT)
        new = self.module.clamp(st, stat, wanted)
        if new != old:
            st.stats[stat] = new
            if self.narrate:
                self.emit("stat", stat=stat, old=old, new=new, reason=reason)
        return new

    def starting_equipment(self) -> list[tuple[str, int]]:
        """The book's `hero: equipment:` as (item, copies), in the book's order."""
        return [(item, copies) for item, copies, _path in equipment(self.book.hero)]

    def gain(self, item: str, count: int = 1) -> None:
        used = self.book.meta.get("used_here")
        if used and item in used:   # format 1.2: used where it lies, never carried
            return self.use_here(item, count, used[item])
        items = self.state.items
        if item in items or count > 1:
            spec = self.book.items.get(item)
            if spec is not None and spec.props.get("unique") is True:   # format 1.2
                if item in items:
                    return self._held_already(item)
                count = 1
        have = items.get(item, 0) + count
        if have > MAX_INT:   # as for a stat: `gain: {or: 999999999}` again and again
            raise count_fault(self.book, self.state.paragraph, (f"le nombre de « {item} »",
                                                                f"the count of “{item}”"), have, MAX_INT)
        items[item] = have
        self.items_changed = True
        if self.narrate:
            name = self.book.item_name(item) + (f" ×{count}" if count != 1 else "")
            self.emit("item", item=item, change=count, fr=f"Vous obtenez : {name}.", en=f"You get: {name}.")
        else:
            self._prompted = None

    def _held_already(self, item: str) -> None:
        """Format 1.2: a unique item the hero holds is not gained again, and he is told so."""
        if self.narrate:
            name = self.book.item_name(item)
            self.emit("item-unique", item=item, fr=f"Vous avez déjà : {name}.", en=f"You already have: {name}.")

    def lose(self, item: str, count: int | None = None) -> None:
        items = self.state.items
        have = items.get(item, 0)
        if not have:
            return
        gone = have if count is None else min(have, count)
        self.items_changed = True
        if have - gone:
            items[item] = have - gone
        else:
            del items[item]
        if self.narrate:
            name = self.book.item_name(item) + (f" ×{gone}" if count is not None and gone != 1 else "")
            self.emit("item", item=item, change=-gone, fr=f"Vous perdez : {name}.", en=f"You lose: {name}.")
        else:
            self._prompted = None

    def evaluate(self, expr):
        """The value of a book expression now; BookFault (located) when it cannot be
        computed (division by zero, a result beyond MAX_INT)."""
        try:
            return X.evaluate(expr, self._ctx, self._aliases)
        except X.EvalError as exc:
            raise expression_fault(self.book, self.state.paragraph, expr.text, exc) from None

    def number(self, value) -> int:
        return value if isinstance(value, int) else int(self.evaluate(value))

    def goto(self, number: int) -> None:
        """Leave the current activity and enter paragraph `number`: its effects, then
        `after_change`, then its ending or the first of its activities."""
        p = self.book.paragraphs.get(number)
        if p is None and number in OUTCOME_ENDS:   # format 1.2: an outcome that ends or carries on
            return self.outcome_end(OUTCOME_ENDS[number])
        if p is None:   # refused before anything changed (the explorer relies on it)
            raise Refused(f"le paragraphe {number} n'existe pas dans ce livre",
                          f"paragraph {number} does not exist in this book")
        st = self.state
        visits = st.visits.get(number, 0) + 1
        if visits > MAX_INT:   # what a save may hold (saves/checks.py): refused, the move undone
            raise count_fault(self.book, number, (f"le nombre de visites du paragraphe {number}",
                                                  f"the visits of paragraph {number}"), visits, MAX_INT)
        st.pending = None
        st.paragraph = number
        st.visits[number] = visits
        st.history.append({"paragraph": number})
        if self.narrate:
            self.emit("paragraph", number=number)
        self.module.entered(self)
        again = bool(p.once) and st.visits[number] > 1   # format 1.1: `once:` parts do not repeat
        if self._jumping is not None:   # entered while a paragraph settles: its loop goes on here
            self._jumping.append((p, again))
            return
        self.settle_chain(p, again, 0)

    def _settle(self, p, again: bool, first: int) -> None:
        """The paragraph's effects from `first` on, then its ending or activities
        (a give-up, format 1.1, stops it here and comes back when done)."""
        st, number, effects = self.state, p.number, p.effects
        if first == 0 and carry.start_full(self):   # an item given just before the move
            return self._wait(-1, again)
        if not (again and "effects" in p.once):
            for i in range(first, len(effects)):
                self.apply(effects[i])
                if st.ended or st.paragraph != number:
                    return
                if st.pending is not None or carry.start_full(self):   # a give-up waits for the player
                    return self._wait(i, again)
        self.module.after_change(self)
        if st.ended or st.paragraph != number:
            return
        if p.auto and self._auto(p):
            return
        if p.end == "death":
            return self.die("paragraph")
        if p.end == "victory":
            return self.win()
        if p.fields and self._begin(p, p.once if again else ()):
            return
        if p.random is not None:
            st.pending = {"activity": "random"}

    def _wait(self, effect: int, again: bool) -> None:
        """A give-up stops the paragraph's effects at `effect`: what they changed so far
        is settled (`after_change`: the sheet's item names, a death) while it waits."""
        self.state.pending.update(effect=effect, again=again)
        self.module.after_change(self)

    def die(self, cause: str = "") -> None:
        st = self.state
        if st.ended:
            return
        st.pending, st.ended, st.death_cause = None, "death", cause
        self.emit("death", cause=cause)

    def win(self) -> None:
        self.state.pending, self.state.ended = None, "victory"
        self.emit("victory")

    @property
    def over(self) -> bool:
        """True when the game has ended and nothing but restarting is left."""
        return self.state.ended is not None and not self._death().rescues

    # --- paragraphs ------------------------------------------------------------
    def _begin(self, p, skip=()) -> bool:
        """Start the first activity of the paragraph that asks something; True when
        that, or the module moving on or ending the game, leaves nothing else to do."""
        st, module, number, fields = self.state, self.module, p.number, p.fields
        for name in module.activity_fields:
            if name in fields and name not in skip:
                pending = module.begin(self, name, fields[name])
                if st.paragraph != number or st.ended:
                    return True
                if pending is not None:
                    st.pending = {"activity": name, **pending}
                    return True
        return False

    def apply(self, eff: Effect) -> None:
        kind, value = eff.kind, eff.value
        if kind == "gain":
            for item in value:
                self.gain(item, value[item] if type(value) is dict else 1)
        elif kind == "lose":
            for item in value:
                self.lose(item, value[item] if type(value) is dict else None)
        elif kind in ("add", "set"):
            for stat, amount in value.items():
                n = self.number(amount)
                self.change(stat, delta=n if kind == "add" else None,
                            value=n if kind == "set" else None, reason="effect")
        elif kind == "flag":
            self.state.flags.update(value)
            self.emit("flag", flags=list(value), set=True)
        elif kind == "unflag":
            self.state.flags.difference_update(value)
            self.emit("flag", flags=list(value), set=False)
        elif kind in COUNTER_EFFECTS:   # format 1.1 counters and notes
            counters.apply(self, kind, value)
        elif kind == "give_up":
            self.start_give_up(value, eff.path)
        elif kind == "take":   # format 1.2 (engine/game/taking.py)
            self.start_take(value)
        elif kind == "sell":
            self.start_sell(value)
        elif kind == "store":
            self.store(value)
        elif kind == "restore":
            self.restore(value)
        else:
            self.module.apply_effect(self, kind, value)
