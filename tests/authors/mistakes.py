"""The planted-mistakes campaign of issue 32: one author's mistake per copy of
the-heron-gate.yaml (an original 40-paragraph English book for Défis Fantastiques),
each with the diagnostic a good tool gives for it.

A `Mistake` replaces `old` (found exactly once in the book) by `new`; the expected
diagnostic has `code`, sits at the first `at` found from where `new` starts (the
start of `new` itself when `at` is empty) and its English message contains `fix`,
the words that say what to do.  Nothing else is reported but the codes of `also`:
the consequences the mutation truly has (a paragraph it leaves unreachable), never
follow-on noise (a misspelt effect also giving `never-granted`).
"""
from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

BOOK = (Path(__file__).with_name("the-heron-gate.yaml")).read_text(encoding="utf-8")


class Mistake(NamedTuple):
    name: str
    old: str
    new: str
    code: str
    at: str
    fix: str
    skip: int = 0
    also: tuple = ()   # the codes of true consequences the mistake also has (never follow-on noise)

    def text(self) -> str:
        assert BOOK.count(self.old) == 1, f"{self.name}: {self.old!r} is not once in the book"
        return BOOK.replace(self.old, self.new)

    def position(self) -> tuple[int, int]:
        """The expected 0-based (line, column); `at` = "§N/needle" looks from paragraph N's key."""
        text = self.text()
        i = text.index(self.new) + self.skip if self.new else text.index(BOOK.split(self.old)[1])
        at = self.at
        if at.startswith("§"):
            number, _, at = at[1:].partition("/")
            i = text.index(f"\n  {number}:") + 3
        i = text.index(at, i) if at else i
        return text.count("\n", 0, i), i - (text.rfind("\n", 0, i) + 1)


P12 = """  12:
    text: At the top you find an old tin lantern, still full of oil.
    effects: [{gain: lantern}]
    choices:
      - {text: Climb down, to: 13}
"""
LEVER = "if: 'flag(\"maze_lever\")'"
HERON = "if: 'flag(\"heron\")'"
TIMED = "      rounds: 4\n      timeout: 32\n"
M = Mistake
MISTAKES = [
    # --- YAML layout -------------------------------------------------------------------
    M("pasted-twice", P12, P12 + P12.replace("text: At", "text: |\n      At"),
      "duplicate-key", "12:\n    text: |", "merge or rename"),
    M("pasted-twice-plain", P12, P12 + P12, "duplicate-key", "12:", "merge or rename", len(P12)),
    M("colon-in-flow-text", "{text: Go on, to: 16}", "{text: Go on: the quarry, to: 16}",
      "yaml-unquoted-colon", ": the quarry", 'quote this text (text: "Go on: the quarry")'),
    M("hash-in-flow-text", "{text: Take the left tunnel, to: 17}", "{text: Take tunnel #1, to: 17}",
      "yaml-hash-in-text", "#1", "quote this text"),
    M("hash-in-block-text", "    text: The tunnel ends in a blank wall.",
      "    text: The tunnel ends in wall #3, blank.", "yaml-hash-in-text", "#3", "quote this text"),
    M("text-pipe-without-colon", "  3:\n    text: |", "  3:\n    text |",
      "yaml-missing-colon", "text |", "write 'text: |'"),
    M("choices-without-colon", "    choices:\n      - {text: Walk on", "    choices\n      - {text: Walk on",
      "yaml-missing-colon", "choices", "write 'choices:'"),
    M("dedented-choices", "    effects: [{note: back}]\n    choices:", "    effects: [{note: back}]\n  choices:",
      "yaml-dedented-field", "choices:", "indent it under paragraph 16"),
    M("over-indented-choices", "    choices:\n      - {text: Keep to the bank",
      "      choices:\n      - {text: Keep to the bank", "yaml-indented-field", "choices:",
      "align it with 'effects:'"),
    M("tab-indent", "    text: The stair is pitch dark.", "\ttext: The stair is pitch dark.",
      "yaml-tab", "\t", "indent with spaces"),
    M("colon-in-block-text", "    text: The inner court is quiet. Another day has gone.",
      "    text: The inner court is quiet. Note: another day has gone.", "yaml-unquoted-colon",
      ": another", "quote this text"),
    M("dup-item", "  rope: {name: Coil of Rope}\n", "  rope: {name: Coil of Rope}\n  rope: {name: Rope}\n",
      "duplicate-key", "rope: {name: Rope}", "merge or rename"),
    M("dup-field", "    effects: [{add: {days: 1}}]\n    choices:\n      - {text: Keep",
      "    effects: [{add: {days: 1}}]\n    effects: [{add: {days: 2}}]\n    choices:\n      - {text: Keep",
      "duplicate-key", "effects: [{add: {days: 2}}]", "merge or rename"),
    # --- names: did you mean, never given ----------------------------------------------
    M("set-max-luck", "effects: [{add: {luck: 2}}]", "effects: [{set: {luck: max_luck}}]",
      "unknown-name", "max_luck", "did you mean “luck_max”"),
    M("codeword-misspelt-in-the-only-victory", HERON, HERON.replace("heron", "heorn"),
      "victory-unreachable", '"heorn"', "did you mean 'heron'"),
    M("codeword-set-under-a-near-name", "effects: [{flag: heron}]", "effects: [{flag: herons}]",
      "victory-unreachable", "§39/\"heron\"", "did you mean 'herons'"),
    M("flag-near-name", LEVER, LEVER.replace("maze_lever", "maze_levers"),
      "never-granted", '"maze_levers"', "did you mean 'maze_lever'"),
    M("flag-never-set", "if: 'flag(\"heard_of_gate\")'", "if: 'flag(\"bridge_down\")'",
      "never-granted", '"bridge_down"', "never given"),
    M("item-never-given", "    effects: [{gain: lantern}]\n", "", "never-granted", '"lantern")', "never given"),
    M("unknown-item-gain", "{gain: lantern}", "{gain: lamp}", "unknown-item", "lamp",
      "add it to the 'items' catalogue"),
    M("unknown-item-has", "if: 'has(\"lantern\")'", "if: 'has(\"lamp\")'", "unknown-reference", "\"lamp\"",
      "add it to the 'items' catalogue"),
    M("unknown-stat-add", "effects: [{add: {stamina: -2}}]\n    choices:\n      - {text: Walk on",
      "effects: [{add: {stamna: -2}}]\n    choices:\n      - {text: Walk on", "unknown-stat", "stamna",
      "did you mean 'stamina'"),
    M("unknown-name-in-condition", "if: 'gold >= 5'", "if: 'glod >= 5'", "unknown-name", "glod",
      "did you mean “gold”"),
    M("unknown-note-write", "{note: back}", "{note: bak}", "unknown-note", "bak", "did you mean 'back'"),
    M("unknown-note-read", "to: 'note(\"back\")'", "to: 'note(\"bak\")'", "unknown-note", "\"bak\"",
      "did you mean “back”"),
    M("equipment-unknown", "equipment: [sword, satchel]", "equipment: [sword, satchel, torch]",
      "unknown-item", "torch", "add it to the 'items' catalogue"),
    M("weapon-effect-on-a-lantern", "{gain: lantern}", "{weapon: lantern}", "not-a-weapon", "lantern",
      "not a weapon"),
    M("armour-effect-on-a-sword", "{gain: lantern}", "{armour: sword}", "not-an-armour", "sword",
      "not an armour", also=("never-granted",)),   # the lantern's only gain is gone: true, not noise
    M("hurt-only-by-unknown", "{name: Heron Knight, skill: 9, stamina: 10}",
      "{name: Heron Knight, skill: 9, stamina: 10, hurt_only_by: [silver]}", "unknown-item", "silver",
      "add it to the catalogue"),
    M("visited-unknown-paragraph", "if: 'days >= 1'", "if: 'visited(99)'", "unknown-reference", "99",
      "unknown paragraph"),
    # --- hero and stats ----------------------------------------------------------------
    M("hero-formula-luck", "luck: 1d6+6", "luck: 1d6+six", "hero-formula", "six", "dice and numbers"),
    M("hero-formula-stamina", "stamina: 2d6+12", "stamina: 2d6 + twelve", "hero-formula", "twelve",
      "dice and numbers"),
    M("dup-hero-stat", "  luck: 1d6+6\n", "  luck: 1d6+6\n  chance: 1d6+6\n", "duplicate-hero-stat",
      "chance", "keep one"),
    M("two-starting-weapons", "equipment: [sword, satchel]", "equipment: [sword, spear, satchel]",
      "several-weapons", "[sword", "only the last one is kept"),
    M("counter-start-out-of-range", "start: 0, min: 0, max: 5", "start: 9, min: 0, max: 5",
      "counter-out-of-range", "9", "outside the bounds"),
    M("counter-set-out-of-range", "effects: [{add: {days: 1}}]\n    choices:\n      - {text: Rest",
      "effects: [{set: {days: 9}}]\n    choices:\n      - {text: Rest", "counter-out-of-range", "9",
      "outside the bounds"),
    # --- targets and ways out ----------------------------------------------------------
    M("unknown-target", "{text: Go back to the three tunnels, to: 16}",
      "{text: Go back to the three tunnels, to: 61}", "unknown-target", "61", "does not exist"),
    M("here-plus-too-far", "{text: Walk on, to: 11}", "{text: Walk on, to: 'here + 50'}",
      "unknown-target", "'here", "does not exist"),
    M("start-missing", "start: 1\n", "start: 100\n", "unknown-target", "100", "does not exist"),
    M("escape-to-unknown", "      win: 28\n      hurt: 29", "      win: 28\n      escape: {to: 99, after: 1}\n      hurt: 29",
      "unknown-target", "99", "does not exist"),
    M("puzzle-answer-missing", "      - {text: Go back, to: 'note(\"back\")'}",
      "      - {text: Go back, to: 'note(\"back\")'}\n    puzzle: {answers: [77], wrong: 24}",
      "puzzle-no-answer", "77", "no paragraph 77"),
    M("dead-end", "drained.\n    choices:\n      - {text: Climb out, to: 23}\n", "drained.\n", "dead-end", "§21",
      "add choices or 'end: death|victory'"),
    M("empty-choices", "    choices:\n      - {text: Go on to the gatehouse, to: 28}", "    choices: []",
      "dead-end", "§29", "add choices"),
    M("ending-with-exits", "    end: victory\n", "    end: victory\n    choices: [{text: Play again, to: 1}]\n",
      "ending-with-exits", "victory", "ending"),
    M("unreachable", "{text: Climb the tower, to: 12}", "{text: Climb the tower, to: 13}",
      "unreachable", "12:", "cannot be reached"),
    M("random-gap", "{range: [4, 6], to: 5}", "{range: [5, 6], to: 5}", "random-gap", "§2/dice", "no outcome for 4"),
    M("random-overlap", "{range: [3, 6], to: 38}", "{range: [2, 6], to: 38}", "random-overlap", "{range",
      "two outcomes"),
    M("random-out-of-range", "{range: [4, 6], to: 5}", "{range: [4, 7], to: 5}", "random-out-of-range",
      "[4, 7]", "1 to 6"),
    # --- fights and tests ----------------------------------------------------------------
    M("rounds-without-timeout", TIMED, "      rounds: 4\n", "combat-timeout", "rounds", "timeout",
      also=("unreachable",)),   # 32 was reached by the timeout alone
    M("timeout-without-rounds", TIMED, "      timeout: 32\n", "combat-timeout", "timeout", "rounds"),
    M("test-without-failure", "test: {type: skill, success: 23, failure: 24}", "test: {type: skill, success: 23}",
      "test-missing-target", "test", "needs both 'success' and 'failure'"),
    M("test-key-misspelt", "test: {type: luck, success: 33, failure: 30}",
      "test: {type: luck, sucess: 33, failure: 30}", "unknown-field", "sucess", "did you mean 'success'"),
    M("fight-without-win", "    combat:\n      enemies: [{name: Marsh Bandit, skill: 7, stamina: 6}]\n      win: 5\n",
      "    combat:\n      enemies: [{name: Marsh Bandit, skill: 7, stamina: 6}]\n",
      "combat-no-outcome", "combat", "add 'win: N' or choices"),
    M("fight-and-test", "    test: {type: luck, success: 33, failure: 30}",
      "    test: {type: luck, success: 33, failure: 30}\n    combat:\n"
      "      enemies: [{name: Carter, skill: 6, stamina: 6}]\n      win: 33",
      "several-activities", "§31/test", "one at a time"),
    M("modifier-condition-unclosed", "      win: 39\n",
      "      win: 39\n      modifiers: [{if: 'has(\"spear\"', attack: 1}]\n", "expr-syntax", "\"', attack", "expected “)”"),
    M("test-type-misspelt", "test: {type: luck, success: 9, failure: 10}",
      "test: {type: lucky, success: 9, failure: 10}", "schema", "lucky", "is not one of"),
    M("fight-mode-misspelt", "mode: together", "mode: togeter", "schema", "togeter", "is not one of"),
    M("enemy-without-stamina", "{name: Giant Eel, skill: 9, stamina: 7}", "{name: Giant Eel, skill: 9}",
      "schema", "{name: Giant Eel", "'endurance' or 'stamina' is a required property"),
    # --- fields --------------------------------------------------------------------------
    M("effects-misspelt", "    effects: [{gain: rope}, {add: {provisions: 1}}]",
      "    efects: [{gain: rope}, {add: {provisions: 1}}]", "unknown-field", "efects", "did you mean 'effects'"),
    M("goto-for-to", "{text: Go up, to: 38}", "{text: Go up, goto: 38}", "unknown-field", "goto",
      "did you mean 'to'"),
    M("effect-misspelt", "{gain: rope}", "{gian: rope}", "unknown-field", "gian", "did you mean 'gain'"),
    M("rules-misspelt", "rules: defis-fantastiques", "rules: defis-fantastique", "unknown-rules",
      "defis-fantastique", "installed: chroniques-cretoises, defis-fantastiques"),
    M("auto-both-to-and-end", "{if: 'has(\"rope\")', to: 9}", "{if: 'has(\"rope\")', to: 9, end: death}",
      "auto-shape", "", "either goes 'to:'"),
    M("auto-after-default", "      - {if: 'has(\"rope\")', to: 9}\n",
      "      - {to: 24}\n      - {if: 'has(\"rope\")', to: 9}\n", "auto-after-default", "{if", "never taken"),
    M("once-misspelt-part", "    once: [effects]\n    effects: [{add: {luck: 2}}]",
      "    once: [effect]\n    effects: [{add: {luck: 2}}]", "once-unknown", "effect", "did you mean 'effects'"),
    M("show-without-if", "{text: Climb out, to: 23}", "{text: Climb out, to: 23, show: hidden}",
      "show-without-condition", "show", "always offered"),
    M("missing-text", "    text: You cross the plank bridge into the old quarry.\n", "", "schema", "choices",
      "'text' is a required property"),
    M("end-win", "    end: victory\n", "    end: win\n", "schema", "win", "is not one of ['death', 'victory']"),
    M("language-word", "language: en", "language: english", "schema", "english", "is not one of ['fr', 'en']"),
    M("count-zero", "{gain: rope}", "{gain: {rope: 0}}", "schema", "0", "less than the minimum of 1"),
    M("damage-in-words", "sword: {name: Sword, weapon: {damage: 2}}", "sword: {name: Sword, weapon: {damage: two}}",
      "schema", "two", "not of type 'integer'"),
    M("item-title-for-name", "  lantern: {name: Tin Lantern}", "  lantern: {title: Tin Lantern}",
      "unknown-field", "title", "did you mean 'name'?"),
    M("choice-without-to", "{text: Run into the inner court, to: 33}", "{text: Run into the inner court}",
      "choice-no-target", "", "give it a 'to:'"),   # (format 1.2: `to:` or `stay: true`, issue 31)
    M("include-missing", "codewords:\n", "include: [quarry.yaml]\ncodewords:\n", "include-not-found",
      "quarry.yaml", "check the path"),
    M("expr-unfinished", "if: 'gold >= 3'", "if: 'gold >= '", "expr-syntax", "= ', effects", "expected a number"),
    M("counter-named-like-a-stat", "  days: {name: Days", "  luck: {name: Days", "counter-name-taken", "luck",
      "rename it"),
]
