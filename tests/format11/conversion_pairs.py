"""The conversion pairs of tests/format11/test_conversion.py: for each format 1.1
construct (issue 11, items 1-10), the workaround a format-1 book needed and the 1.1
form, with the plays (forced dice or seed, the answers of each side) to compare.

A body without a `gamebook:` line is a `paragraphs:` block put under the shared
header (tests/format11/f11_helpers.py, or the Chroniques Crétoises one when
`rules="cc"`).  Paragraphs of the workaround numbered from 1000 are its own: their
visits are left out of the comparison.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .test_inventory import CAMP_11


@dataclass(frozen=True)
class Play:
    old: tuple = ()             # answers of the format-1 side: "key" or ("key", amount)
    new: tuple | None = None    # the 1.1 side's, when they differ
    faces: tuple | None = None  # forced dice (then the seed); None: the seed alone
    seed: int = 7


@dataclass(frozen=True)
class Pair:
    name: str
    old: str
    new: str
    plays: tuple
    rules: str = "df"
    parts: dict = field(default_factory=dict)   # the 1.1 side's included files
    preset: dict | None = None                  # the 1.1 side starts with presets (item 10)
    # what each side keeps in its own way (a flag for a counter...): a reading of the state
    read_old: object = None
    read_new: object = None


def seeds(n: int, old=(), new=None) -> tuple:
    return tuple(Play(old, new, None, s) for s in range(n))


# -- 1. outcomes carry effects ----------------------------------------------------
RANDOM = Pair("random-outcome-effects", """\
paragraphs:
  1:
    text: Le coffre.
    random:
      dice: 1d6
      outcomes: [{range: [1, 3], to: 1000}, {range: [4, 6], to: 1001}]
  1000: {text: Un arc., effects: [{gain: arc}, {add: {or: 3}}], choices: [{text: Continuer, to: 2}]}
  1001: {text: Une aiguille., effects: [{add: {endurance: -2}}], choices: [{text: Continuer, to: 2}]}
  2: {text: Fin., end: victory}
""", """\
paragraphs:
  1:
    text: Le coffre.
    random:
      dice: 1d6
      outcomes:
        - {range: [1, 3], to: 2, effects: [{gain: arc}, {add: {or: 3}}]}
        - {range: [4, 6], to: 2, effects: [{add: {endurance: -2}}]}
  2: {text: Fin., end: victory}
""", (Play(faces=(2,)), Play(faces=(5,))))

TEST = Pair("test-outcome-effects", """\
paragraphs:
  1:
    text: L'arc au-dessus du gouffre.
    test: {type: chance, success: 1000, failure: 1001}
  1000: {text: Vous l'avez., effects: [{gain: arc}], choices: [{text: Continuer, to: 2}]}
  1001: {text: Vous tombez., effects: [{add: {endurance: -3}}], choices: [{text: Continuer, to: 2}]}
  2: {text: Fin., end: victory}
""", """\
paragraphs:
  1:
    text: L'arc au-dessus du gouffre.
    test: {type: chance, success: 2, success_effects: [{gain: arc}],
           failure: 2, failure_effects: [{add: {endurance: -3}}]}
  2: {text: Fin., end: victory}
""", (Play(faces=(1, 2)), Play(faces=(6, 6))))

DF_FIGHT = Pair("df-fight-outcome-effects", """\
paragraphs:
  1:
    text: Un loup.
    combat:
      enemies: [{name: Loup, habilete: 8, endurance: 4}]
      win: 1000
      escape: {to: 1001, after: 1}
  1000: {text: Le loup gardait un orbe., effects: [{gain: orbe}], choices: [{text: Continuer, to: 2}]}
  1001: {text: Vous fuyez., effects: [{add: {chance: -1}}], choices: [{text: Continuer, to: 3}]}
  2: {text: Gagné., end: victory}
  3: {text: Enfui., end: victory}
""", """\
paragraphs:
  1:
    text: Un loup.
    combat:
      enemies: [{name: Loup, habilete: 8, endurance: 4}]
      win: 2
      win_effects: [{gain: orbe}]
      escape: {to: 3, after: 1, effects: [{add: {chance: -1}}]}
  2: {text: Gagné., end: victory}
  3: {text: Enfui., end: victory}
""", seeds(4) + (Play(("attack", "pass", "escape"), faces=(6, 6, 1, 1)),))

CC_FIGHT = Pair("cc-fight-outcome-effects", """\
paragraphs:
  1:
    text: Un garde.
    combat:
      enemies: [{name: Garde, force: 1, protection: 2}]
      win: 1000
      retreat: 1001
      surrender: {to: 1002}
  1000: {text: Une amulette., effects: [{gain: amulette}], choices: [{text: Continuer, to: 2}]}
  1001: {text: Vous reculez., effects: [{add: {honte: 1}}], choices: [{text: Continuer, to: 3}]}
  1002: {text: Vous vous rendez., effects: [{add: {honneur: -1}}], choices: [{text: Continuer, to: 3}]}
  2: {text: Gagné., end: victory}
  3: {text: Parti., end: victory}
""", """\
paragraphs:
  1:
    text: Un garde.
    combat:
      enemies: [{name: Garde, force: 1, protection: 2}]
      win: 2
      win_effects: [{gain: amulette}]
      retreat: {to: 3, effects: [{add: {honte: 1}}]}
      surrender: {to: 3, effects: [{add: {honneur: -1}}]}
  2: {text: Gagné., end: victory}
  3: {text: Parti., end: victory}
""", seeds(6) + seeds(2, ("retreat",)), rules="cc")

CC_ALL_DOWN = Pair("cc-all-down-effects", """\
paragraphs:
  1:
    text: Deux loups.
    combat:
      enemies: [{name: Loup, force: 2, protection: 12, beast: true},
                {name: Louve, force: 2, protection: 12, beast: true}]
      win: 2
      all_down: 1000
  1000: {text: Ils fuient., effects: [{add: {honneur: 1}}], choices: [{text: Continuer, to: 3}]}
  2: {text: Fin., end: victory}
  3: {text: Ils ont fui., end: victory}
""", """\
paragraphs:
  1:
    text: Deux loups.
    combat:
      enemies: [{name: Loup, force: 2, protection: 12, beast: true},
                {name: Louve, force: 2, protection: 12, beast: true}]
      win: 2
      all_down: 3
      all_down_effects: [{add: {honneur: 1}}]
  2: {text: Fin., end: victory}
  3: {text: Ils ont fui., end: victory}
""", seeds(5), rules="cc")

# -- 2. automatic jumps and conditional endings --------------------------------------
_ALTAR = """\
paragraphs:
  1:
    text: Un orbe sur l'autel.
    choices: [{text: Prendre l'orbe, to: 2, effects: [{gain: orbe}]}, {text: Passer, to: 2}]
"""
AUTO = Pair("auto-jump-and-ending", _ALTAR + """\
  2:
    text: Le gardien.
    choices:
      - {text: Montrer l'orbe, to: 3, if: 'has("orbe")', effects: [{lose: orbe}]}
      - {text: Continuer, to: 1000, if: 'not has("orbe")'}
  1000: {text: Votre aventure s'arrête ici., end: death}
  3: {text: Le gardien s'incline., end: victory}
""", _ALTAR + """\
  2:
    text: Le gardien.
    auto: [{if: 'has("orbe")', to: 3, effects: [{lose: orbe}]}]
    end: death
  3: {text: Le gardien s'incline., end: victory}
""", (Play(("1", "1"), ("1",)), Play(("2", "2"), ("2",))))

AUTO_END = Pair("auto-victory-or-death", _ALTAR + """\
  2:
    text: Le gardien.
    choices:
      - {text: Continuer, to: 1000, if: 'has("orbe")'}
      - {text: Continuer, to: 1001, if: 'not has("orbe")'}
  1000: {text: Il s'incline., end: victory}
  1001: {text: Il frappe., end: death}
""", _ALTAR + """\
  2:
    text: Le gardien.
    auto: [{if: 'has("orbe")', end: victory}, {end: death}]
""", (Play(("1", "1"), ("1",)), Play(("2", "2"), ("2",))))

# -- 3. hidden or explained choices ----------------------------------------------
_DOOR = """\
paragraphs:
  1:
    text: Une porte de bronze, un marchand.
    choices:
      - {{text: Ouvrir la porte, to: 2, if: 'has("cle")'{show}}}
      - {{text: Acheter la clé, to: 1, if: 'or >= 7'{reason}, effects: [{{add: {{or: -7}}}}, {{gain: cle}}]}}
      - {{text: Partir, to: 3}}
  2: {{text: Le trésor., end: victory}}
  3: {{text: Dehors., end: victory}}
"""
SHOWN = Pair("hidden-and-reasoned-choices", _DOOR.format(show="", reason=""),
             _DOOR.format(show=", show: hidden", reason=", show: reason"),
             (Play(("2", "1")), Play(("3",)), Play(("2", "2", "3"))))

# -- 4. numbers the player computes ----------------------------------------------
PUZZLE = Pair("typed-number", """\
paragraphs:
  1:
    text: Ajoutez 26 au nombre gravé sur la clé (12).
    choices: [{text: Renoncer, to: 2}, {text: Aller au 38, to: 38}, {text: Aller au 30, to: 2}]
  2: {text: La porte reste close., end: death}
  38: {text: La porte s'ouvre., end: victory}
""", """\
paragraphs:
  1:
    text: Ajoutez 26 au nombre gravé sur la clé (12).
    puzzle: {answers: [38], wrong: 2}
    choices: [{text: Renoncer, to: 2}]
  2: {text: La porte reste close., end: death}
  38: {text: La porte s'ouvre., end: victory}
""", (Play(("2",), (("2", 38),)), Play(("3",), (("2", 30),)), Play(("1",))))

# -- 5. notes, codewords and counters --------------------------------------------
COUNTER = Pair("counter-and-codeword", """\
paragraphs:
  1:
    text: Un jour passe au campement.
    effects: [{flag: corbeau}]
    choices:
      - {text: Attendre, to: 1, if: 'not flag("j1")', effects: [{flag: j1}]}
      - {text: Attendre, to: 1, if: 'flag("j1") and not flag("j2")', effects: [{flag: j2}]}
      - {text: Partir, to: 2, if: 'flag("j2") and flag("corbeau")'}
  2: {text: Le gué., end: victory}
""", """\
counters:
  jours: {name: Jours, min: 0, max: 2}
codewords:
  corbeau: {name: Corbeau}
paragraphs:
  1:
    text: Un jour passe au campement.
    effects: [{flag: corbeau}]
    choices:
      - {text: Attendre, to: 1, if: 'jours == 0', effects: [{add: {jours: 1}}]}
      - {text: Attendre, to: 1, if: 'jours == 1', effects: [{add: {jours: 1}}]}
      - {text: Partir, to: 2, if: 'jours >= 2 and flag("corbeau")'}
  2: {text: Le gué., end: victory}
""", (Play(("1", "2", "3")),),
    read_old=lambda g: (("j1" in g.state.flags) + ("j2" in g.state.flags), "corbeau" in g.state.flags),
    read_new=lambda g: (g.state.extra["counters"]["jours"], "corbeau" in g.state.flags))

NOTE = Pair("paragraph-note", """\
paragraphs:
  1:
    text: La clairière.
    effects: [{flag: retour-1}]
    choices: [{text: Vers la cabane, to: 3}]
  2:
    text: Le pont.
    effects: [{flag: retour-2}]
    choices: [{text: Vers la cabane, to: 3}]
  3:
    text: La cabane.
    choices:
      - {text: Revenir, to: 1, if: 'flag("retour-1") and not flag("vu")', effects: [{flag: vu}]}
      - {text: Revenir, to: 2, if: 'flag("retour-2") and not flag("vu")', effects: [{flag: vu}]}
      - {text: Traverser, to: 4}
  4: {text: Fin., end: victory}
""", """\
notes:
  retour: {name: Paragraphe à retrouver}
paragraphs:
  1:
    text: La clairière.
    effects: [{note: retour}]
    choices: [{text: Vers la cabane, to: 3}]
  2:
    text: Le pont.
    effects: [{note: retour}]
    choices: [{text: Vers la cabane, to: 3}]
  3:
    text: La cabane.
    choices:
      - {text: Revenir, to: 'note("retour")', once: true}
      - {text: Traverser, to: 4}
  4: {text: Fin., end: victory}
""", (Play(("1", "1", "1", "3"), ("1", "1", "1", "2")),),
    read_old=lambda g: 1 if "retour-1" in g.state.flags else 0,
    read_new=lambda g: g.state.extra["notes"]["retour"])

# -- 6. inventory: copies, give_up, once-only finds, encounters and choices ---------
COPIES = Pair("copies-and-one-lost", """\
paragraphs:
  1:
    text: Un carquois ; vous tirez une flèche.
    effects: [{gain: fleche}, {gain: fleche}, {gain: fleche}, {lose: fleche}, {gain: fleche}, {gain: fleche}]
    choices: [{text: Partir, to: 2, if: 'count("fleche") >= 2'}]
  2: {text: Fin., end: victory}
""", """\
paragraphs:
  1:
    text: Un carquois ; vous tirez une flèche.
    effects: [{gain: {fleche: 3}}, {lose: {fleche: 1}}]
    choices: [{text: Partir, to: 2, if: 'count("fleche") >= 2'}]
  2: {text: Fin., end: victory}
""", (Play(),))

GIVE_UP = Pair("give-up", """\
paragraphs:
  1:
    text: Le péage.
    effects: [{gain: arc}]
    choices:
      - {text: Donner le balluchon, to: 1000, effects: [{lose: balluchon}]}
      - {text: Donner l'arc, to: 1000, effects: [{lose: arc}]}
  1000: {text: La fouille., effects: [{add: {or: -1}}], choices: [{text: Passer, to: 2}]}
  2: {text: Fin., end: victory}
""", """\
paragraphs:
  1:
    text: Le péage.
    effects: [{gain: arc}, {give_up: {count: 1, except: [epee]}}, {add: {or: -1}}]
    choices: [{text: Passer, to: 2}]
  2: {text: Fin., end: victory}
""", (Play(("2",), ("give:arc",)), Play(("1",), ("give:balluchon",))))

ONCE_FIND = Pair("once-only-find-and-choice", """\
paragraphs:
  1:
    text: Le campement.
    effects: [{add: {or: 5}}]
    choices:
      - {text: Fouiller la tente, to: 1000, effects: [{gain: arc}]}
      - {text: Repartir, to: 2}
  1000:
    text: Le campement, déjà fouillé.
    choices: [{text: Repartir, to: 2}]
  2: {text: Fin., end: victory}
""", CAMP_11, (Play(("1", "1"), ("1", "2")), Play(("2",))))

ONCE_FIGHT = Pair("once-only-encounter", """\
paragraphs:
  1:
    text: Un rat.
    combat: {enemies: [{name: Rat, habilete: 1, endurance: 2}]}
    choices: [{text: Tourner en rond, to: 1000}, {text: Sortir, to: 2}]
  1000:
    text: Le rat mort.
    choices: [{text: Tourner en rond, to: 1000}, {text: Sortir, to: 2}]
  2: {text: Fin., end: victory}
""", """\
paragraphs:
  1:
    text: Un rat.
    once: true
    combat: {enemies: [{name: Rat, habilete: 1, endurance: 2}]}
    choices: [{text: Tourner en rond, to: 1}, {text: Sortir, to: 2}]
  2: {text: Fin., end: victory}
""", (Play(("attack", "1", "1", "2"), faces=(1, 1, 6, 6)),))

# -- 8. front matter -------------------------------------------------------------
_FRONT = """\
rules: defis-fantastiques
title: Le Puits
description: Une courte aventure.
hero: {{{hero}, equipment: []}}
"""
FRONT = Pair("prologue-and-english-stats", "gamebook: 1\nstart: 1000\n" + _FRONT.format(
    hero="habilete: 10, endurance: 18, chance: 9, or: 3") + """\
paragraphs:
  1000: {text: On vous descend au bout d'une corde., choices: [{text: Continuer, to: 1}]}
  1: {text: Vous touchez le fond., test: {type: chance, success: 2, failure: 3}}
  2: {text: La source., end: victory}
  3: {text: La corde casse., end: death}
""", "gamebook: 1.1\nstart: 1\nprologue: On vous descend au bout d'une corde.\n" + _FRONT.format(
    hero="skill: 10, stamina: 18, luck: 9, gold: 3") + """\
paragraphs:
  1: {text: Vous touchez le fond., test: {type: chance, success: 2, failure: 3}}
  2: {text: La source., end: victory}
  3: {text: La corde casse., end: death}
""", (Play(faces=(1, 1)), Play(faces=(6, 6))))

# -- 9. include -------------------------------------------------------------------
_WHOLE = """\
  10:
    text: Le couloir.
    test: {type: habilete, success: 20, failure: 2}
  20: {text: Fin., end: victory}
"""
INCLUDE = Pair("include", """\
paragraphs:
  1: {text: Début., choices: [{text: Entrer, to: 10}]}
  2: {text: Une trappe., end: death}
""" + _WHOLE, """\
include: [partie1.yaml]
paragraphs:
  1: {text: Début., choices: [{text: Entrer, to: 10}]}
  2: {text: Une trappe., end: death}
""", (Play(("1",), faces=(1, 1)), Play(("1",), faces=(6, 6))),
    parts={"partie1.yaml": "paragraphs:\n" + _WHOLE})

# -- 10. --start / --set / --give against playing there ------------------------------
PRESET = Pair("start-set-give", """\
paragraphs:
  1:
    text: L'entrée.
    choices: [{text: Prendre la clé et s'entraîner, to: 3, effects: [{gain: cle}, {add: {habilete: -4}}]}]
  3:
    text: La porte.
    test: {type: habilete, success: 4, failure: 5}
  4: {text: Elle s'ouvre., choices: [{text: Entrer, to: 6, if: 'has("cle")'}, {text: Partir, to: 5}]}
  5: {text: Perdu., end: death}
  6: {text: Trésor., end: victory}
""", "", (Play(("1",), (), (3, 3)), Play(("1",), (), (4, 3))),
    preset={"start": "3", "sets": ["skill=6"], "gives": ["cle"]})

PAIRS = (RANDOM, TEST, DF_FIGHT, CC_FIGHT, CC_ALL_DOWN, AUTO, AUTO_END, SHOWN, PUZZLE, COUNTER, NOTE,
         COPIES, GIVE_UP, ONCE_FIND, ONCE_FIGHT, FRONT, INCLUDE, PRESET)
# Workaround paragraphs that stand for a 1.1 paragraph (the same place under another
# number): their visits are compared as that paragraph's.
FOLD = {"once-only-find-and-choice": {1000: 1}, "once-only-encounter": {1000: 1}}
