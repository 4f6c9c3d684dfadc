"""A tiny rule module for the analysis tests: one stat, a dice test and a looping fight.

It exists only to exercise `gamebook graph` and `gamebook explore` through the generic
module interface, as the real modules will: a `test:` activity (1d6 under Force, with
success/failure exits), a `combat:` activity whose rounds can tie (a loop in the state
graph), an option carrying an amount, a command (`prier`) and an optional module bug
(`broken: true`) that raises, to test how the explorer reports engine errors.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.diagnostics import Message as M
from engine.rules.base import Exit, Command, Option, Prompt, Refused, RuleModule, StatDef

INT = {"type": "integer"}
TARGET = {"type": "integer", "minimum": 1}


def _pray(play, arg: str) -> None:
    if "prayed" in play.state.flags:
        raise Refused("vous avez déjà prié", "you have already prayed")
    play.state.flags.add("prayed")
    play.change("vie", delta=1, reason="prayer")


@dataclass
class FixtureRules(RuleModule):
    id: str = "fixture"
    version: str = "1"
    stats: tuple = (StatDef("force", M("Force", "Strength"), aliases=("strength",), initial=3),
                    StatDef("vie", M("Vie", "Life"), aliases=("life",), initial=4))
    activity_fields: tuple = ("combat", "test")

    def schema_defs(self) -> dict:
        return {
            "hero": {"type": "object", "additionalProperties": False,
                     "properties": {"force": INT, "vie": INT, "bonus_die": INT}},
            "test": {"type": "object", "required": ["success", "failure"], "additionalProperties": False,
                     "properties": {"success": TARGET, "failure": TARGET, "broken": {"type": "boolean"}}},
            "combat": {"type": "object", "required": ["enemy", "win"], "additionalProperties": False,
                       "properties": {"enemy": {"type": "object", "required": ["force", "vie"],
                                                "properties": {"force": INT, "vie": INT}},
                                      "win": TARGET, "flee": TARGET}},
        }

    def exits(self, paragraph):
        f, path = paragraph.fields, paragraph.path
        if "test" in f:
            yield Exit("success", f["test"]["success"], path + ("test", "success"), "succès")
            yield Exit("failure", f["test"]["failure"], path + ("test", "failure"), "échec")
        if "combat" in f:
            yield Exit("win", f["combat"]["win"], path + ("combat", "win"), "victoire")
            if "flee" in f["combat"]:
                yield Exit("retreat", f["combat"]["flee"], path + ("combat", "flee"), "fuite")

    def new_hero(self, play) -> None:
        hero = play.book.hero
        play.state.stats = {"force": hero.get("force", 3), "vie": hero.get("vie", 4)}
        if hero.get("bonus_die"):
            play.state.stats["force"] += play.roll(1, hero["bonus_die"], "hero")[0]
        play.state.initial = dict(play.state.stats)

    def begin(self, play, field_name, spec):
        if field_name == "combat":
            return {"enemy": spec["enemy"]["vie"]}
        return {}

    def commands(self):
        return (Command(("prier", "pray"), M("Prier", "Pray"), _pray,
                        lambda play: not play.state.ended and not play.state.pending),)

    def prompt(self, play, pending) -> Prompt:
        if pending["activity"] == "test":
            return Prompt("roll", (Option("roll", M("Lancer le dé", "Roll the die")),))
        vie = play.state.stats["vie"]
        spec = self._spec(play, "combat")
        options = [Option("attack", M("Attaquer", "Attack")),
                   Option("rage", M("Rage", "Rage"), vie > 2, M("trop faible", "too weak"), amount=(1, 2))]
        if "flee" in spec:
            options.append(Option("flee", M("Fuir", "Flee")))
        return Prompt("combat", tuple(options))

    def answer(self, play, pending, key, amount) -> None:
        if pending["activity"] == "test":
            return self._test(play)
        spec = self._spec(play, "combat")
        if key == "flee":
            play.change("vie", delta=-1, reason="flee")
            return play.die("flee") if play.state.stats["vie"] <= 0 else play.goto(spec["flee"])
        if key == "rage":
            play.change("vie", delta=-amount, reason="rage")
            pending["enemy"] -= amount
        else:
            mine = play.roll(1, 6, "attack")[0] + play.state.stats["force"]
            theirs = play.roll(1, 6, "enemy")[0] + spec["enemy"]["force"]
            if mine > theirs:
                pending["enemy"] -= 2
            elif theirs > mine:
                play.change("vie", delta=-2, reason="wound")
        if play.state.stats["vie"] <= 0:
            return play.die("combat")
        if pending["enemy"] <= 0:
            play.goto(spec["win"])

    def _test(self, play) -> None:
        spec = self._spec(play, "test")
        if spec.get("broken"):
            raise RuntimeError("fixture module bug")
        face = play.roll(1, 6, "test")[0]
        play.goto(spec["success"] if face <= play.state.stats["force"] else spec["failure"])

    @staticmethod
    def _spec(play, name):
        return play.book.paragraphs[play.state.paragraph].fields[name]


MODULE = FixtureRules()
