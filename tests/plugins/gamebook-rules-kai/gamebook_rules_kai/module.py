"""KaiRules: the `RuleModule` subclass tying the sheet, activities, commands and lint."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.diagnostics import Message, warning
from engine.expr import Signature
from engine.rules.base import Command, Death, Exit, Refused, RuleModule

from . import activities, combat
from .schema import schema_defs
from .sheet import DISCIPLINES, LIMITS, MEAL_HEAL, STATS, disciplines

M = Message


@dataclass
class KaiRules(RuleModule):
    id: str = "kai"
    version: str = "0.1.0"
    title: Message = field(default_factory=lambda: M("Kai (table de hasard, disciplines)",
                                                     "Kai (random number table, disciplines)"))
    stats: tuple = STATS
    activity_fields: tuple = ("disciplines", "faim", "combat")
    # For the exhaustive explorer: the rules never read the crowns (only books do).
    passive_stats = ("couronnes",)
    # For `gamebook odds BOOK`: what its policies spend (evading is weighed too).
    fight_spending = M("le cri de guerre", "the war cry")

    # --- book format -------------------------------------------------------
    def schema_defs(self) -> dict:
        return schema_defs()

    def exits(self, paragraph):
        spec = paragraph.fields.get("combat")
        if not isinstance(spec, dict):
            return
        if isinstance(spec.get("win"), int):
            yield Exit("win", spec["win"], paragraph.path + ("combat", "win"), "win")
        evade = spec.get("evade")
        if isinstance(evade, dict) and isinstance(evade.get("to"), int):
            yield Exit("retreat", evade["to"], paragraph.path + ("combat", "evade", "to"), "evade")

    def carry_limits(self, book):
        return LIMITS

    def lint(self, book, doc):
        for n, p in book.paragraphs.items():
            mine = [f for f in self.activity_fields if f in p.fields]
            if len(mine) > 1:
                yield warning("kai-several-activities", doc.span(p.path + (mine[1],), key=True),
                              f"le paragraphe {n} a plusieurs activités ({', '.join(mine)}) : "
                              f"seule « {mine[0]} » aura lieu",
                              f"paragraph {n} has several activities ({', '.join(mine)}): "
                              f"only '{mine[0]}' will happen")
            if "disciplines" in p.fields and n != book.start:
                yield warning("kai-late-creation", doc.span(p.path + ("disciplines",), key=True),
                              f"le choix des disciplines est au paragraphe {n}, pas au départ ({book.start})",
                              f"disciplines are chosen at paragraph {n}, not at the start ({book.start})")

    # --- expression language ----------------------------------------------
    def expr_functions(self):
        return {"discipline": Signature(("discipline",), "bool")}

    def expr_aliases(self):
        return {"kai": "discipline"}

    def references(self, book):
        return {"discipline": frozenset(DISCIPLINES)}

    def call(self, state, name, args):
        if name == "discipline":
            return args[0] in disciplines(state)
        raise KeyError(name)

    # --- play ---------------------------------------------------------------
    def new_hero(self, play) -> None:
        self.roll_sheet(play)
        given = play.book.hero.get("disciplines", [])
        play.state.extra["disciplines"] = list(dict.fromkeys(str(d) for d in given))

    def after_change(self, play) -> None:
        st = play.state
        if st.stats.get("vigueur", 1) <= 0:
            return play.die("vigueur")
        self._heal(play)

    def entered(self, play) -> None:
        play.state.extra.pop("healed", None)   # a new paragraph: Healing may work again

    def _heal(self, play) -> None:
        """Healing: +1 Endurance once per paragraph entered, unless it holds a fight
        (the mark lives in the state: a state rebuilt by the explorer heals as in play)."""
        st = play.state
        if "soins" not in disciplines(st) or st.extra.get("healed"):
            return
        st.extra["healed"] = True
        if "combat" not in play.book.paragraphs[st.paragraph].fields:
            play.change("vigueur", delta=1, reason="soins")

    def begin(self, play, field_name, spec):
        if field_name == "disciplines":
            return activities.begin_creation(play, spec)
        if field_name == "faim":
            return activities.begin_hunger(play)
        return combat.begin(play, spec)

    def prompt(self, play, pending):
        activity = pending["activity"]
        if activity == "disciplines":
            return activities.creation_prompt(play, pending)
        if activity == "faim":
            return activities.hunger_prompt(play, pending)
        return combat.prompt(play, pending)

    def answer(self, play, pending, key, amount):
        activity = pending["activity"]
        if activity == "disciplines":
            return activities.creation_answer(play, pending, key)
        if activity == "faim":
            return activities.hunger_answer(play, pending, key)
        return combat.answer(play, pending, key)

    def fight_outcomes(self, play, pending, cache):
        from .explore import fight_outcomes
        return fight_outcomes(play, pending, cache)

    def fight_odds(self, book, state, spec, pending=None, policy="optimal"):
        from .odds import fight_odds
        return fight_odds(book, state, spec, pending, policy)

    def hero_variants(self, book):
        """The sheets `gamebook odds BOOK` shows: Combat Skill 1d10+9 and Endurance
        1d10+19 at their mean, lowest and highest."""
        from engine.game.dice import SeededDice
        from engine.game import Game
        base = Game(book, self, SeededDice(0)).state

        def sheet(skill: int, endurance: int):
            st = base.copy()
            st.stats.update(maitrise=skill, vigueur=endurance)
            st.initial.update(maitrise=skill, vigueur=endurance)
            return st
        return [("typical", sheet(15, 25)), ("weakest", sheet(10, 20)), ("strongest", sheet(19, 29))]

    def odds_labels(self):
        from .odds import LABELS
        return LABELS

    def odds_advice(self, advice):
        from .odds import advice as words
        return words(advice)

    def on_death(self, play, cause):
        return Death(restart=True)

    def commands(self):
        return (Command(("repas", "meal", "manger", "eat"),
                        M(f"manger un repas (+{MEAL_HEAL} Vigueur, ou contre la faim)",
                          f"eat a meal (+{MEAL_HEAL} Endurance, or against hunger)"), _eat),
                Command(("disciplines", "skills"),
                        M("rappeler vos disciplines", "list your disciplines"), _list))

    def sheet(self, state, lang):
        lines = super().sheet(state, lang)
        names = [DISCIPLINES[d][0].get(lang) for d in disciplines(state)]
        lines.append(("Disciplines", ", ".join(names) or "-"))
        return lines


def _eat(play, arg: str) -> None:
    st = play.state
    if st.ended or (st.pending and st.pending["activity"] != "faim"):
        raise Refused("ce n'est pas le moment de manger", "this is no time to eat")
    if st.stats.get("repas", 0) <= 0:
        raise Refused("vous n'avez plus de repas", "you have no meal left")
    if st.pending:
        return activities.hunger_answer(play, st.pending, "eat")
    if st.stats["vigueur"] >= st.initial.get("vigueur", 0):
        raise Refused("vous n'avez pas faim : votre Vigueur est au maximum",
                      "you are not hungry: your Endurance is at its maximum")
    play.change("repas", delta=-1, reason="meal")
    play.change("vigueur", delta=MEAL_HEAL, reason="meal")


def _list(play, arg: str) -> None:
    chosen = disciplines(play.state)
    fr = ", ".join(DISCIPLINES[d][0].fr for d in chosen) or "aucune"
    en = ", ".join(DISCIPLINES[d][0].en for d in chosen) or "none"
    play.emit("info", f"Vos disciplines : {fr}.", f"Your disciplines: {en}.", disciplines=chosen)
