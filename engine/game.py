"""The interpreter: a loop with no I/O, shaped like ink's.

    game = Game(book, module, SeededDice(7))
    while not game.over:
        prompt = game.prompt()          # what the game waits for
        game.answer(prompt.options[0].key)
        for event in game.drain(): ...  # what happened, as data

Rule modules receive this object: they roll dice, change stats, move and kill the
hero only through its methods, so that every change becomes an event.
"""
from __future__ import annotations

from typing import Any, Callable

from . import dice as dice_mod
from . import expr as X
from .book import Book, Choice, Effect
from .diagnostics import Message
from .rules.base import Option, Prompt, Refused, RuleModule
from .state import GameState

M = Message
UNDO_DEPTH = 200   # answers that can be undone; older snapshots are dropped to bound memory


class _Ctx:
    """Expression evaluation context over the current state."""

    __slots__ = ("game",)

    def __init__(self, game: "Game"):
        self.game = game

    def variable(self, name: str):
        if name == "here":
            return self.game.state.paragraph
        return self.game.module.variable(self.game.state, name)

    def call(self, name: str, args: tuple):
        st = self.game.state
        if name == "has":
            return st.items.get(args[0], 0) > 0
        if name == "count":
            return st.items.get(args[0], 0)
        if name == "visited":
            return st.visits.get(args[0], 0) > 0
        if name == "flag":
            return args[0] in st.flags
        return self.game.module.call(st, name, args)

    def roll(self, count: int, sides: int) -> int:
        return sum(self.game.roll(count, sides, "expression"))


class Game:
    def __init__(self, book: Book, module: RuleModule, dice, state: GameState | None = None,
                 lang: str | None = None, undo: bool = True, narrate: bool = True):
        """`undo=False` (the explorer) keeps no undo history and takes no snapshot per
        answer or command: one refused by a module may then leave partial changes, and
        the caller is expected to restore its own copy.  `narrate=False` (the explorer
        again) drops the text of events and lets modules skip building prompt text
        nobody reads (`title`, `info`); rules, state and option keys are unchanged."""
        self.book, self.module, self.dice = book, module, dice
        self.keeps_undo, self.narrate = undo, narrate
        self.lang = lang or book.language
        self.events: list[dict] = []
        self.listeners: list[Callable[[dict], None]] = []
        self._undo: list[dict] = []
        # The last prompt built and the state it was built for: answer() reuses it
        # instead of building it again (every change through this object forgets it).
        self._prompted: tuple | None = None
        self._ctx = _Ctx(self)
        # (id of a choice of the book, enabled) -> its Option: both are immutable
        self._choice_options: dict = {}
        self._choice_prompts: dict = {}   # paragraph without conditions -> its choice Prompt
        self._aliases = {**module.stat_aliases(), **module.expr_aliases()}
        if state is None:
            self.state = self._fresh_state(1)
            self._new_game()
        else:
            self.state = state

    # --- events --------------------------------------------------------------
    def emit(self, type_: str, fr: str | None = None, en: str | None = None, **data) -> dict:
        self._prompted = None
        event = {"type": type_, **data}
        if fr is not None and self.narrate:
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
        if type(dice) is dice_mod.SeededDice:   # the usual source: nothing forced, die by die
            faces = dice.faces(count, sides)
        else:
            faces = self._roll_from(dice, count, sides)
        self.emit("dice", faces=faces, sides=sides, total=sum(faces), purpose=purpose)
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
            raise Refused(f"dés imposés inutilisables : {exc}", f"forced dice unusable: {exc}") from None
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
        old = st.stats.get(stat, 0)
        new = self.module.clamp(st, stat, value if value is not None else old + (delta or 0))
        if new != old:
            st.stats[stat] = new
            self.emit("stat", stat=stat, old=old, new=new, reason=reason)
        return new

    def gain(self, item: str, count: int = 1) -> None:
        self.state.items[item] = self.state.items.get(item, 0) + count
        name = self.book.item_name(item)
        self.emit("item", item=item, change=count, fr=f"Vous obtenez : {name}.", en=f"You get: {name}.")

    def lose(self, item: str, count: int | None = None) -> None:
        have = self.state.items.get(item, 0)
        if not have:
            return
        gone = have if count is None else min(have, count)
        if have - gone:
            self.state.items[item] = have - gone
        else:
            del self.state.items[item]
        name = self.book.item_name(item)
        self.emit("item", item=item, change=-gone, fr=f"Vous perdez : {name}.", en=f"You lose: {name}.")

    def evaluate(self, expr):
        return X.evaluate(expr, self._ctx, self._aliases)

    def number(self, value) -> int:
        return value if isinstance(value, int) else int(self.evaluate(value))

    def goto(self, number: int) -> None:
        """Leave the current activity and enter paragraph `number`."""
        st = self.state
        st.pending = None
        if number not in self.book.paragraphs:
            raise Refused(f"le paragraphe {number} n'existe pas dans ce livre",
                          f"paragraph {number} does not exist in this book")
        st.paragraph = number
        st.visits[number] = st.visits.get(number, 0) + 1
        st.history.append({"paragraph": number})
        self.emit("paragraph", number=number)
        self._enter(self.book.paragraphs[number])

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
    def _enter(self, p) -> None:
        st = self.state
        for eff in p.effects:
            self.apply(eff)
            if st.ended or st.paragraph != p.number:
                return
        self.module.after_change(self)
        if st.ended or st.paragraph != p.number:
            return
        if p.end == "death":
            return self.die("paragraph")
        if p.end == "victory":
            return self.win()
        for name in self.module.activity_fields:
            if name in p.fields:
                pending = self.module.begin(self, name, p.fields[name])
                if st.paragraph != p.number or st.ended:
                    return
                if pending is not None:
                    st.pending = {"activity": name, **pending}
                    return
        if p.random is not None:
            st.pending = {"activity": "random"}

    def apply(self, eff: Effect) -> None:
        kind, value = eff.kind, eff.value
        if kind == "gain":
            for item in value:
                self.gain(item)
        elif kind == "lose":
            for item in value:
                self.lose(item)
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
        else:
            self.module.apply_effect(self, kind, value)

    # --- what front ends call ----------------------------------------------------
    def prompt(self) -> Prompt:
        prompt = self._prompt()
        self._prompted = (self.state, prompt)
        return prompt

    def _prompt(self) -> Prompt:
        st = self.state
        if st.ended:
            return self._ending_prompt()
        if st.pending:
            if st.pending.get("activity") == "random":
                return Prompt("roll", (Option("roll", M("Lancer les dés", "Roll the dice")),))
            return self.module.prompt(self, st.pending)
        return self._choice_prompt(self.book.paragraphs[st.paragraph])

    def _choice_prompt(self, p) -> Prompt:
        prompt = self._choice_prompts.get(p.number)
        if prompt is None:
            prompt = Prompt("choice", tuple(self._choice_option(i, c) for i, c in enumerate(p.choices)))
            if all(c.condition is None for c in p.choices):   # the same prompt every time
                self._choice_prompts[p.number] = prompt
        return prompt

    def _choice_option(self, i: int, c: Choice) -> Option:
        ok = c.condition is None or bool(self.evaluate(c.condition))
        option = self._choice_options.get((id(c), ok))
        if option is None:
            reason = None if ok else M("condition non remplie", "condition not met")
            option = self._choice_options[id(c), ok] = Option(str(i + 1), M(c.text, c.text), ok, reason)
        return option

    def choice_target(self, c: Choice) -> int:
        return c.target if c.target is not None else int(self.evaluate(c.target_expr))

    def answer(self, key: str, amount: int | None = None) -> None:
        """Answer the pending prompt; raises Refused (state unchanged) when not allowed."""
        if not self.keeps_undo:
            return self._answer(key, amount)
        snapshot, seen = self._snapshot(), len(self.events)
        try:
            self._answer(key, amount)
        except Refused:
            self._restore(snapshot)
            del self.events[seen:]
            raise
        self._push_undo(snapshot)

    def _answer(self, key: str, amount: int | None) -> None:
        st, seen = self.state, self._prompted
        self._prompted = None
        prompt = seen[1] if seen is not None and seen[0] is st else self._prompt()
        option = next((o for o in prompt.options if o.key == key), None)
        if option is None:
            raise Refused(f"réponse « {key} » impossible ici", f"'{key}' is not a possible answer here")
        if not option.enabled:
            why = option.reason or M("non disponible", "not available")
            raise Refused(f"impossible : {why.fr}", f"not allowed: {why.en}")
        if option.amount and (amount is None or not option.amount[0] <= amount <= option.amount[1]):
            lo, hi = option.amount
            raise Refused(f"donnez un nombre entre {lo} et {hi}", f"give a number from {lo} to {hi}")
        if st.ended:
            return self._answer_ending(key)
        if st.pending:
            if st.pending.get("activity") == "random":
                return self._roll_random()
            self.module.answer(self, st.pending, key, amount)
            self._after()
            return
        self._choose(self.book.paragraphs[st.paragraph].choices[int(key) - 1])

    def _choose(self, c: Choice) -> None:
        target = self.choice_target(c)
        if target not in self.book.paragraphs:
            raise Refused(f"ce choix mène au paragraphe {target}, qui n'existe pas",
                          f"this choice leads to paragraph {target}, which does not exist")
        self.state.history.append({"choice": c.text})
        self.emit("choice", text=c.text, to=target)
        for eff in c.effects:
            self.apply(eff)
        if c.effects and not self.state.ended:
            # the choice's consequences (derived stats, a weapon discarded, death) are
            # told before the next paragraph, where they happened
            self.module.after_change(self)
            if self.state.ended:
                return
        if c.extra and not self.module.choice_extra(self, c, "choose"):
            return self._after()
        if not self.state.ended:
            self.goto(target)
        self._after()

    def _after(self) -> None:
        if not self.state.ended:
            self.module.after_change(self)

    def _roll_random(self) -> None:
        rnd = self.book.paragraphs[self.state.paragraph].random
        total = self.number(rnd.dice)
        for out in rnd.outcomes:
            if out.low <= total <= out.high:
                return self.goto(out.target)
        raise Refused(f"aucune issue prévue pour {total}", f"no outcome for a roll of {total}")

    def command(self, name: str, arg: str = "") -> None:
        """Run a rule-module command (eat, oracle, ...); Refused when not allowed now."""
        self._prompted = None
        for cmd in self.module.commands():
            if name in cmd.names and not self.keeps_undo:
                cmd.run(self, arg)
                return self._after()
            if name in cmd.names:
                snapshot, seen = self._snapshot(), len(self.events)
                try:
                    cmd.run(self, arg)
                    self._after()
                except Refused:
                    self._restore(snapshot)
                    del self.events[seen:]
                    raise
                self._push_undo(snapshot)
                return
        raise KeyError(name)

    # --- endings, restart, undo ------------------------------------------------
    def _death(self):
        from .rules.base import Death
        if self.state.ended != "death":
            return Death(restart=True)
        return self.module.on_death(self, self.state.death_cause or "")

    def _ending_prompt(self) -> Prompt:
        if self.state.ended == "victory":
            return Prompt("ending", (Option("restart", M("Recommencer", "Start again")),),
                          title=M("Victoire !", "Victory!"))
        death = self._death()
        options = tuple(death.rescues)
        if death.restart:
            options += (Option("restart", M("Recommencer l'aventure", "Start the adventure again")),)
        return Prompt("ending", options, title=M("Vous êtes mort.", "You are dead."))

    def _answer_ending(self, key: str) -> None:
        if key == "restart":
            return self._restart()
        self.module.rescue(self, key)

    def restart(self) -> None:
        """Start again from the beginning with a fresh sheet (undoable)."""
        self._push_undo(self._snapshot())
        self._restart()

    def _restart(self) -> None:
        lives = self.state.lives + 1
        self.state = self._fresh_state(lives)
        self.emit("restart", lives=lives)
        self._new_game()

    def reset(self, dice) -> None:
        """A new game on this object with a fresh dice source (lives back to 1, no
        restart event): cheaper than a new Game, whose expression caches start empty."""
        self.dice, self.events, self._undo, self._prompted = dice, [], [], None
        self.state = self._fresh_state(1)
        self._new_game()

    def _fresh_state(self, lives: int) -> GameState:
        return GameState(self.book.id, self.book.content_hash, self.module.id, lives=lives,
                         rules_version=str(self.module.version))

    def _new_game(self) -> None:
        self.module.new_hero(self)
        self.goto(self.book.start)

    def _snapshot(self) -> dict:
        self.state.dice = self.dice.to_json()
        return self.state.to_json()

    def _restore(self, snap: dict) -> None:
        self._prompted = None
        self.state = GameState.from_json(snap)
        self.dice = dice_mod.from_json(snap["dice"])

    def _push_undo(self, snapshot: dict) -> None:
        self._undo.append(snapshot)
        if len(self._undo) > UNDO_DEPTH:
            del self._undo[0]

    def undo(self) -> bool:
        """Go back one answer or command; False when there is nothing to undo."""
        if not self._undo:
            return False
        self._restore(self._undo.pop())
        self.emit("undo", paragraph=self.state.paragraph)
        return True

    def save(self) -> dict:
        return self._snapshot()

    @staticmethod
    def load(book: Book, module: RuleModule, obj: dict, lang: str | None = None) -> "Game":
        state = GameState.from_json(obj)
        return Game(book, module, dice_mod.from_json(state.dice), state, lang)
