"""A generated stand-in for a real 100-section Défis Fantastiques (Fighting Fantasy) book,
with the structure that made the real one's space explode (issue 35): levers setting
codewords, a maze of revisitable paragraphs, a note written in a test's
`success_effects` and a "return to the paragraph you noted" jump, once-only finds and
fights, a puzzle whose answer is the sum of the numbers engraved on the levers, gold
that nothing reads, Provisions, a few deaths, a Luck-heavy final fight and one victory.

All text is placeholder text made here ("Section 17. You stand in a corridor..."),
chosen with a fixed seed: the same arguments always write the same book.

    write_book(folder, levers=4, maze=15, sections=100) -> Path

`sections=None` writes the structure alone (no padding corridors), for small variants;
`lite=True` also drops Provisions and the repeatable Stamina changes.  `layout` gives
each part's paragraph number (the tests walk a route with it).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path

from ruamel.yaml import YAML

PLACES = ("corridor", "vaulted hall", "narrow passage", "damp cellar", "stair landing",
          "crossroads of tunnels", "guardroom", "collapsed gallery", "chapel", "well room")
DETAILS = ("Water drips from the ceiling.", "A cold draught blows from the left.",
           "Old bones crunch under your boots.", "Torches gutter in iron brackets.",
           "Someone has scratched arrows on the walls.", "The floor slopes gently down.",
           "You hear rats scurrying away.", "A faded banner hangs in tatters.")


@dataclass
class Plan:
    """The numbers of the book's parts, decided before any text is written."""
    levers: int
    maze: int
    numbers: dict = field(default_factory=dict)   # part name -> paragraph number
    order: list = field(default_factory=list)

    def take(self, name: str) -> int:
        self.order.append(name)
        self.numbers[name] = len(self.order)
        return self.numbers[name]


def _text(rng: random.Random, n: int, what: str) -> str:
    place = rng.choice(PLACES)
    return f"Section {n}. You stand in a {place}. {rng.choice(DETAILS)} {what}".strip() + "\n"


def layout(levers: int, maze: int, sections: int | None) -> tuple[Plan, int, int]:
    """Number every part: the entrance, the maze and its side rooms, the gate, the
    approach to the final fight and the endings; padding corridors fill up to
    `sections` (half before the maze, half on the approach)."""
    fixed = _count(levers, maze)
    pad = max(0, (sections or 0) - fixed)
    before, after = pad // 2, pad - pad // 2
    plan = Plan(levers, maze)
    plan.take("start")
    for i in range(before):
        plan.take(f"hall{i}")
    for i in range(maze):
        plan.take(f"maze{i}")
    for j in range(levers):
        plan.take(f"lever{j}")
    for name in ("gold", "larder", "fight1", "fight2", "stone", "shrine", "chasm", "fountain",
                 "dial", "wrong", "fall", "poison"):
        plan.take(name)
    for i in range(after):
        plan.take(f"way{i}")
    for name in ("trap", "bruised", "champion", "victory"):
        plan.take(name)
    plan.take("gate")   # last: its number is the sum the puzzle asks for
    return plan, before, after


def _count(levers: int, maze: int) -> int:
    return 1 + maze + levers + 12 + 4 + 1


def lever_numbers(plan: Plan) -> list[int]:
    """The numbers engraved on the levers: all different, summing to the gate's paragraph."""
    gate, k = plan.numbers["gate"], plan.levers
    base = [gate // k + 2 * j - (k - 1) for j in range(k - 1)]
    return base + [gate - sum(base)]


def _side(plan: Plan) -> dict:
    """Which maze node leads to which side room (spread over the maze)."""
    m = plan.maze
    rooms = [f"lever{j}" for j in range(plan.levers)] + ["gold", "larder", "stone", "chasm", "fountain"]
    return {room: (1 + (i * (m - 1)) // len(rooms)) % m for i, room in enumerate(rooms)}


def build(levers: int = 4, maze: int = 15, sections: int | None = 100, seed: int = 35,
          lite: bool = False) -> dict:
    """The book as a YAML-ready mapping.  `lite`: no Provisions (the larder holds a
    Gold Piece), the fountain's drink and the dial's wrong answer cost and give no
    Stamina (far fewer states)."""
    if levers < 1 or maze < 3:
        raise ValueError("at least one lever and three maze paragraphs")
    rng = random.Random(seed)
    plan, before, after = layout(levers, maze, sections)
    N = plan.numbers
    side = _side(plan)
    engraved = lever_numbers(plan)
    p: dict = {}

    def maze_to(i: int) -> int:
        return N[f"maze{i % maze}"]

    p[N["start"]] = {"text": _text(rng, N["start"], "Your quest begins at the mouth of the old mine."),
                     "choices": [{"text": "Go down the shaft", "to": N["hall0"] if before else N["maze0"]}]}
    for i in range(before):
        nxt = N[f"hall{i + 1}"] if i + 1 < before else N["maze0"]
        p[N[f"hall{i}"]] = {"text": _text(rng, N[f"hall{i}"], "The way goes on."),
                            "choices": [{"text": "Walk on", "to": nxt}]}
    fights = {"fight1": (1 % maze, 2 % maze), "fight2": (maze // 2, maze // 2 + 1)}
    for i in range(maze):
        choices = []
        for name, (a, b) in fights.items():
            if a == i:
                choices.append({"text": "Walk on towards the growling", "to": N[name]})
        if not any(a == i for a, _ in fights.values()):
            choices.append({"text": "Take the passage ahead", "to": maze_to(i + 1)})
        choices.append({"text": "Take the passage behind you", "to": maze_to(i - 1)})
        chord = (i * 7 + 3) % maze
        if chord not in (i, (i + 1) % maze, (i - 1) % maze):
            choices.append({"text": "Take the side tunnel", "to": maze_to(chord)})
        for room, at in side.items():
            if at == i:
                choices.append({"text": f"Look into the side room ({room.rstrip('0123456789')})", "to": N[room]})
        if i == 0:
            choices.append({"text": "Examine the great door with the dial", "to": N["dial"]})
        p[maze_to(i)] = {"text": _text(rng, maze_to(i), "Tunnels lead off in several directions."),
                         "choices": choices}
    for j in range(levers):
        n, back = N[f"lever{j}"], maze_to(side[f"lever{j}"])
        p[n] = {"text": _text(rng, n, f"An iron lever juts from the wall; the number {engraved[j]} is "
                                      "engraved on it. Note it down."),
                "choices": [{"text": "Pull the lever", "to": back, "effects": [{"flag": f"lever{j + 1}"}]},
                            {"text": "Leave it alone", "to": back}]}
    for room, what, effects in (("gold", "A purse lies in the dust: 5 Gold Pieces.", [{"add": {"gold": 5}}]),
                                ("larder", "A sack of dried meat: enough for 2 meals.",
                                 [{"add": {"gold": 1} if lite else {"provisions": 2}}])):
        p[N[room]] = {"text": _text(rng, N[room], what), "once": ["effects"], "effects": effects,
                      "choices": [{"text": "Go back", "to": maze_to(side[room])}]}
    for name, (a, b), enemy in (("fight1", fights["fight1"], {"name": "Cave Goblin", "skill": 6, "stamina": 5}),
                                ("fight2", fights["fight2"], {"name": "Mine Troll", "skill": 8, "stamina": 8})):
        p[N[name]] = {"text": _text(rng, N[name], f"A {enemy['name']} bars the way. Fight it."),
                      "once": ["combat"],
                      "combat": {"enemies": [enemy], "win": maze_to(b), "win_effects": [{"add": {"gold": 2}}]},
                      "choices": [{"text": "Walk past its body", "to": maze_to(b)}]}
    stone_at = maze_to(side["stone"])
    p[N["stone"]] = {"text": _text(rng, N["stone"], "A loose flagstone. Test your Luck as you lift it."),
                     "once": ["test"],
                     "test": {"type": "luck", "success": N["shrine"], "success_effects": [{"note": "noted"}],
                              "failure": stone_at, "failure_effects": [{"add": {"stamina": -2}}]},
                     "choices": [{"text": "Go back into the maze", "to": stone_at}]}
    p[N["shrine"]] = {"text": _text(rng, N["shrine"], "A tiny shrine under the stone. You pray and feel "
                                                      "luckier. Then return to the section you noted."),
                      "once": ["effects"], "effects": [{"add": {"luck": 2}}],
                      "choices": [{"text": "Return to the section you noted", "to": 'note("noted")'}]}
    chasm_at = maze_to(side["chasm"])
    p[N["chasm"]] = {"text": _text(rng, N["chasm"], "A chasm splits the room. Test your Skill to jump it."),
                     "test": {"type": "skill", "success": maze_to(chasm_at + maze // 2), "failure": N["fall"]},
                     "choices": [{"text": "Turn back", "to": chasm_at}]}
    p[N["fall"]] = {"text": _text(rng, N["fall"], "You fall into the dark. Your adventure ends here."),
                    "end": "death"}
    fountain_at = maze_to(side["fountain"])
    p[N["fountain"]] = {"text": _text(rng, N["fountain"], "A fountain of green water. Roll one die as you drink."),
                        "random": {"dice": "1d6", "outcomes": [
                            {"range": [1, 1], "to": N["poison"]},
                            {"range": [2, 6], "to": fountain_at}
                            | ({} if lite else {"effects": [{"add": {"stamina": 2}}]})]}}
    p[N["poison"]] = {"text": _text(rng, N["poison"], "The water was poisoned. Your adventure ends here."),
                      "end": "death"}
    p[N["dial"]] = {"text": _text(rng, N["dial"], "A great door with a dial. Add the numbers engraved on the "
                                                  "levers and turn to that section."),
                    "puzzle": {"answers": [N["gate"]], "wrong": N["wrong"]},
                    "choices": [{"text": "Go back into the maze", "to": N["maze0"]}]}
    p[N["wrong"]] = {"text": _text(rng, N["wrong"], "The dial sparks and burns your hand: lose 2 Stamina."),
                     "choices": [{"text": "Step back", "to": N["maze0"]}]}
    p[N["wrong"]] |= {} if lite else {"effects": [{"add": {"stamina": -2}}]}
    every = " and ".join(f'flag("lever{j + 1}")' for j in range(levers))
    first = N["way0"] if after else N["trap"]
    p[N["gate"]] = {"text": _text(rng, N["gate"], "The dial clicks into place. If every lever is down, the "
                                                  "door swings open."),
                    "auto": [{"if": every, "to": first}],
                    "choices": [{"text": "The door stays shut: go back", "to": N["maze0"]}]}
    for i in range(after):
        nxt = N[f"way{i + 1}"] if i + 1 < after else N["trap"]
        p[N[f"way{i}"]] = {"text": _text(rng, N[f"way{i}"], "The passage climbs towards the champion's hall."),
                           "choices": [{"text": "Climb on", "to": nxt}]}
    p[N["trap"]] = {"text": _text(rng, N["trap"], "Darts fly from the walls. Test your Luck."),
                    "test": {"type": "luck", "success": N["champion"], "failure": N["bruised"]}}
    p[N["bruised"]] = {"text": _text(rng, N["bruised"], "Two darts strike you: lose 3 Stamina."),
                       "effects": [{"add": {"stamina": -3}}],
                       "choices": [{"text": "Stagger on", "to": N["champion"]}]}
    p[N["champion"]] = {"text": _text(rng, N["champion"], "The Iron Champion awaits. Only luck will carry you "
                                                          "through: you may Test your Luck on every wound."),
                        "combat": {"enemies": [{"name": "Iron Champion", "skill": 9, "stamina": 10}],
                                   "luck": True, "win": N["victory"]}}
    p[N["victory"]] = {"text": _text(rng, N["victory"], "The champion falls. You have won."), "end": "victory"}
    return {
        "gamebook": 1.1, "id": f"real{len(p)}", "title": f"The Mine of Levers ({len(p)} sections)",
        "author": "gamebook-engine tests (generated placeholder text)", "language": "en",
        "rules": "defis-fantastiques", "start": N["start"],
        "hero": {"skill": "1d6+6", "stamina": "2d6+12", "luck": "1d6+6", "gold": "2d6", "provisions": 0 if lite else 2,
                 "equipment": ["sword"]},
        "items": {"sword": {"name": "Sword", "weapon": {"damage": 2}}},
        "codewords": {f"lever{j + 1}": {"name": f"Lever {j + 1}"} for j in range(levers)},
        "notes": {"noted": {"name": "Section to return to"}},
        "paragraphs": dict(sorted(p.items())),
    }


def write_book(folder: Path, levers: int = 4, maze: int = 15, sections: int | None = 100,
               seed: int = 35, lite: bool = False) -> Path:
    """Write the book in `folder` and return its path."""
    data = build(levers, maze, sections, seed, lite)
    path = Path(folder) / f"{data['id']}.yaml"
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.width = 100
    with path.open("w", encoding="utf-8") as out:
        out.write("# Generated by tests/analysis/real100.py: placeholder text.\n")
        yaml.dump(data, out)
    return path
