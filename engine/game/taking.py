"""Format 1.2: "take up to two of these" (`take: {choose: 2, from: [...]}`), selling
(`sell: {item: price}`) and the restore points of the equipment (`store: name`,
`restore: name`), in play.  A sale waits like a take, until "sell nothing more" or
nothing left to sell; it pays into the module's money (`RuleModule.money`).

A `take` waits for the player as a give-up does (engine/game/inventory.py): a core
activity "take" in `state.pending`, each answer gains one item of the list, "take
nothing more" ends it, and the paragraph or the choice goes on where it stopped.
`store` moves every item the hero carries into `state.extra["stored"][name]` (saves
and the explorer keep it with the state); `restore` gives them back.  A mixin of `Game`.
"""
from __future__ import annotations

from engine.diagnostics import Message as M
from engine.game import carry
from engine.rules.base import Option, Prompt, Refused

TITLE = M("Prenez ce que vous voulez", "Take what you want")   # (with how many, at most)
DONE = M("Ne rien prendre de plus", "Take nothing more")
SELL = M("Vendez ce que vous voulez", "Sell what you want")
SOLD = M("Ne rien vendre de plus", "Sell nothing more")
STORED = "stored"


class Taking:
    """The take activity and the restore points (reads `state`, `book`)."""

    def start_take(self, value) -> None:
        self.state.pending = {"activity": "take", "left": value["choose"], "from": list(value["from"])}

    def take_prompt(self, pending) -> Prompt:
        left = pending["left"]
        title = M(f"{TITLE.fr} ({left} au plus)", f"{TITLE.en} ({left} at most)")
        used = self.book.meta.get("used_here") or {}
        options = tuple(Option(f"take:{item}", M(f"Utiliser sur place : {self.book.item_name(item)}",
                                                 f"Use here: {self.book.item_name(item)}") if item in used
                               else M(self.book.item_name(item), self.book.item_name(item)))
                        for item in pending["from"]) + (Option("take-done", DONE),)
        return Prompt("take", options, title)

    def answer_take(self, pending, key: str) -> None:
        """Gain the item picked (it leaves the list); "take-done" ends the taking."""
        if key != "take-done":
            item = key.partition(":")[2]
            if not key.startswith("take:") or item not in pending["from"]:
                raise Refused("ce n'est pas à prendre ici", "that is not to be taken here")
            self.gain(item, 1)
            rest = [i for i in pending["from"] if i != item]
            if pending["left"] > 1 and rest:
                return self.picks_go_on(dict(pending, left=pending["left"] - 1, **{"from": rest}))
        self.state.pending = None
        if carry.start_full(self):   # what was taken overfills a bag: dropping first, then on
            self.state.pending.update({k: pending[k] for k in ("effect", "again", "then") if k in pending})
            return
        self._go_on(pending)

    def use_here(self, item: str, count: int, effects) -> None:
        """Format 1.2, a `use_here` item: its effects, once a copy; it is not carried."""
        name = self.book.item_name(item)
        for _ in range(count):
            self.emit("use-here", fr=f"Vous utilisez sur place : {name}.", en=f"You use it here: {name}.", item=item)
            for eff in effects:
                self.apply(eff)

    # --- selling --------------------------------------------------------------
    def start_sell(self, prices: dict) -> None:
        if any(self.state.items.get(item, 0) > 0 for item in prices):
            self.state.pending = {"activity": "sell", "prices": dict(prices)}

    def sell_prompt(self, pending) -> Prompt:
        money = self.module.stat(self.module.money)
        unit = money.label if money is not None else M(self.module.money, self.module.money)
        options = tuple(Option(f"sell:{item}", M(f"Vendre : {self._copies(item)} ({unit.fr} +{price})",
                                                 f"Sell: {self._copies(item)} ({unit.en} +{price})"))
                        for item, price in pending["prices"].items() if self.state.items.get(item, 0) > 0)
        return Prompt("sell", options + (Option("sell-done", SOLD),), SELL)

    def answer_sell(self, pending, key: str) -> None:
        """Sell one copy of the item picked, for its price; "sell-done" ends the selling."""
        if key != "sell-done":
            item = key.partition(":")[2]
            if not key.startswith("sell:") or self.state.items.get(item, 0) <= 0 or item not in pending["prices"]:
                raise Refused("vous ne pouvez pas vendre cela", "you cannot sell that")
            self.lose(item, 1)
            self.change(self.module.money, delta=pending["prices"][item], reason="sale")
            if any(self.state.items.get(i, 0) > 0 for i in pending["prices"]):
                return self.picks_go_on(pending)
        self.state.pending = None
        self._go_on(pending)

    # --- restore points ---------------------------------------------------------
    def store(self, name: str) -> None:
        """Everything the hero carries is taken away and kept under `name`."""
        kept = self.state.extra.setdefault(STORED, {}).setdefault(name, {})
        self.emit("store", fr="On vous retire votre équipement.", en="Your equipment is taken from you.", name=name)
        for item, n in list(self.state.items.items()):
            kept[item] = kept.get(item, 0) + n
            self.lose(item)

    def restore(self, name: str) -> None:
        """The equipment kept under `name` is given back (nothing when none is kept)."""
        stored = self.state.extra.get(STORED) or {}
        kept = stored.pop(name, None)
        if not stored:
            self.state.extra.pop(STORED, None)
        if not kept:
            return
        self.emit("restore", fr="On vous rend votre équipement.", en="Your equipment is given back to you.", name=name)
        for item, n in kept.items():
            self.gain(item, n)
