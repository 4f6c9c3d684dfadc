"""Proof of agreement (issue 12): the exact odds of a fight equal, fraction for
fraction, the outcome distribution of the REAL play code driven through every dice
sequence.

For a random small fight (1-3 opponents, every mode, armour, Luck, weapons and
opponents with non-standard wounds, mixed wounds, every module option), a Game is
played with forced dice: each answer is replayed from a copy of the state with every
total of each 2d6 roll it asks for (weighted by its ways out of 36), every prompt is
answered (each target, each Luck decision the policy allows), and the resulting
Markov chain (a parry leads back to the same state) is solved exactly.  The odds come
from the module's `fight_odds` hook, the one `odds`, `chances` and `gamebook odds
BOOK` read.
"""
from __future__ import annotations

import copy
import json
import random
import textwrap
from fractions import Fraction

import pytest

from engine.game import Game
from engine.lint.loader import load_book
from engine.rules.defis_fantastiques.advice import PREFIX
from engine.rules.defis_fantastiques.odds import fight_odds

WAYS = {s: 6 - abs(s - 7) for s in range(2, 13)}


class NeedRoll(Exception):
    """The answer asks for a roll beyond the script: branch on its totals."""


class SumDice:
    """Whole 2d6 rolls from a script of totals (the module reads only totals)."""
    exhausted = False

    def __init__(self, totals):
        self.totals = list(totals)

    def roll(self, count, sides):
        if not self.totals:
            raise NeedRoll
        s = self.totals.pop(0)
        return [max(1, s - 6), min(6, s - 1)]

    def to_json(self):
        return {"kind": "scripted", "faces": [], "used": 0}


def clone(state):
    """A copy of what a fight changes (GameState.copy's JSON round trip is the cost
    of this test otherwise)."""
    new = copy.copy(state)
    new.stats, new.items, new.flags = dict(state.stats), dict(state.items), set(state.flags)
    new.extra, new.history, new.visits = copy.deepcopy(state.extra), list(state.history), dict(state.visits)
    new.pending = json.loads(json.dumps(state.pending)) if state.pending is not None else None
    return new


def book_text(case) -> str:
    special = case.get("specials") or {}
    immune = special.get("immune", ())
    enemies = "\n".join(f"        - {{name: E{i}, habilete: {s}, endurance: {e}, damage: {d}"
                        + (", hurt_only_by: [lame]" if i in immune else "") + "}"
                        for i, (s, e, d) in enumerate(case["enemies"]))
    options = "".join(f"  {k}: {json.dumps(v)}\n" for k, v in case["options"].items())
    armour = case["armour"]
    equipment = ["arme"] + (["armure"] if armour else [])
    items = f"  arme: {{name: Arme, weapon: {{damage: {case['damage']}, attack: {case['attack']}}}}}\n"
    if armour:
        items += f"  armure: {{name: Armure, armour: {{absorbs: {armour[0]}, hits: {armour[1]}}}}}\n"
    skill, end, luck = case["hero"]
    fight_luck = "      luck: false\n" if case["fight_luck"] is False else ""
    fight_luck += "".join(f"      {k}: {json.dumps(v)}\n" for k, v in special.items() if k != "immune")
    if case.get("escape"):
        after, cost = case["escape"]
        fight_luck += f"      escape: {{to: 5, after: {after}, cost: {{endurance: {cost}}}}}\n"
    if immune:
        items += "  lame: {name: Lame}\n"
    return (f"gamebook: {'1.1' if special else '1'}\ntitle: Essai\nrules: defis-fantastiques\nstart: 1\n"
            f"hero: {{habilete: {skill}, endurance: {end}, chance: {luck}, or: 0, provisions: 0, "
            f"equipment: [{', '.join(equipment)}]}}\n"
            + (f"options:\n{options}" if options else "")
            + f"items:\n{items}paragraphs:\n  1:\n    text: Un combat.\n    combat:\n"
            f"      mode: {case['mode']}\n      win: 2\n{fight_luck}      enemies:\n{enemies}\n"
            "  2: {text: Victoire., end: victory}\n  3: {text: Blessé., end: victory}\n"
            "  4: {text: Le temps., end: victory}\n  5: {text: La fuite., end: victory}\n")


class Enumeration:
    """The exact outcome of a fight as play plays it, for one Luck policy."""

    def __init__(self, game: Game, policy: str, moves: dict, cap: int = 0, escape: bool = False):
        """`cap`: how far the round count is read (`rounds: N`: N; `first_round`: 1;
        an escape's `after`); `escape`: the fight has one, answered for the best
        chance of leaving the fight alive (victory or escape), then of victory; a
        full tie escapes (fighting on gains nothing)."""
        self.g, self.policy, self.cap, self.escape = game, policy, cap, escape
        self.moves = moves     # (state key, answer) -> {next key: (probability, state)}: shared
        self.values: dict = {}

    def key(self, state) -> str:
        pending = dict(state.pending or {})
        if "round" in pending:   # no escape: the round count is read only as far as `cap`
            pending["round"] = min(pending["round"], self.cap)
        extra = {k: v for k, v in state.extra.items() if k != "names"}
        return json.dumps([state.paragraph, state.stats, state.items, extra, pending, state.ended],
                          sort_keys=True)

    def answers(self, state) -> list[str]:
        self.g.state = clone(state)
        keys = [o.key for o in self.g.prompt().options if o.enabled]
        if state.pending.get("luck"):
            allowed = {"never": ["pass"], "always": ["luck"], "optimal": ["pass", "luck"]}[self.policy]
            return [k for k in keys if k in allowed]
        return [k for k in keys if k.startswith("attack") or k == "escape"]

    def branches(self, state, answer, totals=(), p=Fraction(1)):
        self.g.state, self.g.dice = clone(state), SumDice(totals)
        try:
            self.g.answer(answer)
        except NeedRoll:
            for s, w in WAYS.items():
                yield from self.branches(state, answer, totals + (s,), p * Fraction(w, 36))
            return
        yield clone(self.g.state), p

    def move(self, key, state, answer) -> dict:
        found = self.moves.get((key, answer))
        if found is None:
            found = {}
            for nxt, p in self.branches(state, answer):
                k = self.key(nxt)
                found[k] = (found.get(k, (0, nxt))[0] + p, nxt)
            self.moves[key, answer] = found
        return found

    def value(self, state) -> dict:
        """{("win", Endurance) | ("lose",): probability} under the policy, choices
        made for the best chance of winning (ties: the first answer)."""
        key = self.key(state)
        if key in self.values:
            return self.values[key]
        if state.ended or not state.pending or state.pending.get("activity") != "combat":
            out = {(ENDS[state.paragraph], state.stats["endurance"]): Fraction(1)} if state.ended == "victory" \
                else {("lose",): Fraction(1)}
        else:
            best = None
            answers = self.answers(state)
            answers.sort(key=lambda k: k != "escape")   # a full tie: escape
            for answer in answers:
                dist = self.after(key, state, answer)
                if best is None or self.aim(dist) > self.aim(best):
                    best = dist
            out = best
        self.values[key] = out
        return out

    def aim(self, dist: dict):
        """What the answers maximise: victory, or with an escape (leaving the fight
        alive, victory), compared in that order."""
        alive = sum((p for end, p in dist.items() if end[0] in ("win", "escape")), Fraction(0))
        return (alive, win(dist)) if self.escape else win(dist)

    def after(self, key, state, answer) -> dict:
        moves = self.move(key, state, answer)
        stay = moves.get(key, (Fraction(0), None))[0]
        out: dict = {}
        for k, (p, nxt) in moves.items():
            if k != key:
                for end, q in self.value(nxt).items():
                    out[end] = out.get(end, 0) + p * q / (1 - stay)
        return out


ENDS = {2: "win", 3: "hurt", 4: "timeout", 5: "escape"}   # the paragraphs the fight leads to


def win(dist: dict) -> Fraction:
    return sum((p for end, p in dist.items() if end[0] == "win"), Fraction(0))


def random_case(rng: random.Random) -> dict:
    mode = rng.choice(["one-by-one", "together", "as-one"])
    count = rng.choice([1, 2] if mode == "together" else [1, 2, 3])
    top = 3 if count == 1 else 1 if mode == "together" else 2
    # (together, each round is three rolls: 1,331 replays a state; kept small)
    luck = rng.randint(0, 1 if mode == "together" and count > 1 else 3)
    return {"mode": mode, "hero": (rng.randint(6, 10), rng.randint(1, top), luck),
            "enemies": [(rng.randint(5, 10), rng.randint(1, top), rng.choice([1, 2, 2, 3, 8]))
                        for _ in range(count)],
            "damage": rng.choice([1, 2, 2, 3, 8]), "attack": rng.choice([0, 0, 1, -1]),
            "armour": rng.choice([None, None, (1, 1), (1, 2), (2, 1)]),
            "fight_luck": rng.choice([True, True, True, False]),
            "options": {k: v for k, v in (("luck_reading", rng.choice([None, "exact", "relative"])),
                                          ("luck_in_combat", rng.choice([None, None, False])),
                                          ("unarmed", rng.choice([None, "no-weapon-no-armour"])))
                        if v is not None}}


def fight_of(tmp_path, case) -> tuple:
    """(book, game, start state, spec, cap, escape) of a case's one-fight book."""
    path = tmp_path / "livre.yaml"
    path.write_text(textwrap.dedent(book_text(case)), encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert not [d for d in loaded.diagnostics if d.severity.value == "error"], book_text(case)
    game = Game(loaded.book, loaded.module, SumDice(()), undo=False, narrate=False)
    special = case.get("specials") or {}
    cap = special.get("rounds") or (1 if special.get("first_round") else 0)
    escape = case.get("escape")
    cap = max(cap, escape[0]) if escape else cap
    return loaded, game, clone(game.state), loaded.book.paragraphs[1].fields["combat"], cap, escape


def check(tmp_path, case, policies=("never", "optimal", "always")):
    loaded, game, start, spec, cap, escape = fight_of(tmp_path, case)
    moves: dict = {}
    special = case.get("specials") or {}
    for policy in policies:
        played = Enumeration(game, policy, moves, cap, bool(escape)).value(start)
        state = clone(start)
        state.extra["odds_policy"] = policy
        odds = fight_odds(loaded.book, state, spec, policy=policy)
        assert odds.win == win(played), (policy, case)
        if escape:   # every ending, escape included, under the one policy: win + escape + death = 1
            for end in ("escape", "lose"):
                assert odds.outcomes.get(end, 0) == sum(p for e, p in played.items() if e[0] == end), \
                    (policy, end, case)
            assert sum(odds.outcomes.values()) == 1
        if policy != "optimal" and case["mode"] != "together":   # no choice: every ending's chance
            for end in ("hurt", "timeout"):
                assert odds.outcomes.get(end, 0) == sum(p for e, p in played.items() if e[0] == end), \
                    (policy, end, case)
        if policy == "never" and case["mode"] != "together" and not special:   # the whole law
            law: dict = {}
            for end, p in played.items():   # the Endurance left, by victory or by escape; 0: dead
                law[end[1] if len(end) > 1 else 0] = law.get(end[1] if len(end) > 1 else 0, 0) + p
            assert odds.hero_final == law, (policy, case)


@pytest.mark.parametrize("seed", range(12))
def test_odds_equal_the_enumerated_play_of_random_fights(tmp_path, seed):
    check(tmp_path, random_case(random.Random(seed)))


@pytest.mark.parametrize("reading", ["exact", "relative"])
def test_non_standard_wounds_with_luck_agree(tmp_path, reading):
    """Issue 12: a weapon and an opponent dealing 3 and 8, Luck used: play, odds agree
    under both readings."""
    for damage, enemy in ((3, 3), (8, 8), (3, 8)):
        check(tmp_path, {"mode": "one-by-one", "hero": (8, 3, 3), "enemies": [(8, 4, enemy)],
                         "damage": damage, "attack": 0, "armour": (1, 1), "fight_luck": True,
                         "options": {"luck_reading": reading}}, ("optimal", "always"))


def test_mixed_wounds_together_agree(tmp_path):
    """Opponents with different wounds fought together: analysed, and as played."""
    check(tmp_path, {"mode": "together", "hero": (9, 2, 1), "enemies": [(7, 2, 1), (8, 1, 3)],
                     "damage": 2, "attack": 0, "armour": None, "fight_luck": True, "options": {}})


def random_specials(rng: random.Random, count: int) -> dict:
    """One or two format 1.1 specials of prompts/specials.md, small enough to enumerate."""
    pool = [("hurt", lambda: {"hurt": 3}), ("rounds", lambda: {"rounds": rng.randint(1, 3), "timeout": 4}),
            ("win_rounds", lambda: {"win_rounds": rng.randint(1, 2)}),
            ("first_round", lambda: {"first_round": {"attack": rng.choice([-3, 2, 4])}}),
            ("modifiers", lambda: {"modifiers": [{"if": 'has("arme")', "attack": 1},
                                                 {"if": 'has("bouclier")', "attack": 5}]}),
            ("immune", lambda: {"immune": sorted(rng.sample(range(count), 1))})]
    pool += pool[:3]   # the new endings twice as often
    out: dict = {}
    for _name, make in rng.sample(pool, rng.choice([1, 2])):
        out.update(make())
    return out


@pytest.mark.parametrize("seed", range(16))
def test_specials_odds_equal_the_enumerated_play(tmp_path, seed):
    """Issue 11 item 7: every fight special, played and predicted alike (win, hurt,
    timeout), under each Luck policy."""
    rng = random.Random(1000 + seed)
    case = random_case(rng)
    case["specials"] = random_specials(rng, len(case["enemies"]))
    if "hurt" in case["specials"]:   # Endurance to survive a wound: the fight can stop on it
        case["hero"] = (case["hero"][0], rng.randint(3, 5 if case["mode"] != "together" else 3), case["hero"][2])
    if case["damage"] == 1:   # (relative reading: an unlucky 0 would undo the wound, a cycle no chain takes)
        case["damage"] = 2
    check(tmp_path, case)


@pytest.mark.parametrize("seed", range(14))
def test_escape_odds_equal_the_enumerated_play(tmp_path, seed):
    """Issue 12: a fight the hero may escape (after K rounds, at an Endurance cost, with
    Luck on it under `escape_luck`): P(win), P(escape), P(death) as the real play code
    plays it, escape answered for the best chance of leaving alive, fraction for fraction."""
    rng = random.Random(2000 + seed)
    case = random_case(rng)
    case["escape"] = (rng.randint(0, 2), rng.choice([0, 1, 2, 3]))
    case["hero"] = (case["hero"][0], rng.randint(2, 4 if case["mode"] != "together" else 3), case["hero"][2])
    if rng.random() < 0.4:
        case["options"]["escape_luck"] = True
    if rng.random() < 0.3:
        case["specials"] = random_specials(rng, len(case["enemies"]))
        if case["damage"] == 1:
            case["damage"] = 2
    check(tmp_path, case)


def test_escape_is_taken_when_fighting_on_risks_death(tmp_path):
    """A hero at 3 Endurance before an opponent he cannot beat: he escapes at once
    (cost 1), the odds say so (escape 1, death 0), as play."""
    check(tmp_path, {"mode": "one-by-one", "hero": (5, 3, 2), "enemies": [(12, 9, 2)], "damage": 2,
                     "attack": 0, "armour": None, "fight_luck": True, "options": {"escape_luck": True},
                     "escape": (0, 1)})


def check_live(tmp_path, case, policies=("never", "optimal", "always")) -> tuple[int, int]:
    """The live odds (`chances`, the in-fight advice): from EVERY state play reaches
    in the fight, at a round's start or at a Luck prompt in the middle of one (a
    wound to decide, others of a "together" round still queued, armour worn by it),
    `fight_odds` equals the enumerated play from that state, and at a Luck prompt
    the advice's chance for each answer equals that answer played.  Returns how many
    states and how many answers were compared."""
    loaded, game, start, spec, cap, escape = fight_of(tmp_path, case)
    moves: dict = {}
    compared = advised = 0
    for policy in policies:
        played = Enumeration(game, policy, moves, cap, bool(escape))
        played.value(start)
        for found in list(moves.values()):
            for _key, (_p, state) in found.items():
                if state.ended or not state.pending or state.pending.get("activity") != "combat":
                    continue
                live = clone(state)
                live.extra["odds_policy"] = policy
                odds = fight_odds(loaded.book, live, spec, pending=live.pending, policy=policy)
                assert odds.win == win(played.value(state)), (policy, state.pending, state.stats, case)
                compared += 1
                if policy == "optimal" and state.pending.get("luck"):   # the advice: each answer's chance
                    told = json.loads(odds.advice[len(PREFIX):])["moves"] if odds.advice.startswith(PREFIX) else []
                    key = played.key(state)
                    for name, chance, *_rest in told:
                        answer = {"no-luck": "pass", "use-luck": "luck"}[name]
                        assert Fraction(chance) == win(played.after(key, state, answer)), (name, state.pending)
                        advised += 1
    return compared, advised


@pytest.mark.parametrize("case", [
    {"mode": "together", "hero": (8, 4, 2), "enemies": [(8, 2, 2), (7, 2, 2)], "armour": None},
    {"mode": "together", "hero": (9, 3, 2), "enemies": [(7, 2, 1), (8, 1, 3)], "armour": None},
    {"mode": "together", "hero": (8, 3, 2), "enemies": [(8, 2, 2), (7, 1, 3)], "armour": (1, 2)},
    {"mode": "one-by-one", "hero": (8, 4, 2), "enemies": [(8, 2, 2), (7, 2, 3)], "armour": (1, 1)},
    {"mode": "as-one", "hero": (9, 4, 3), "enemies": [(8, 2, 2), (6, 2, 2)], "armour": (2, 1)},
])
def test_live_odds_equal_the_enumerated_play_from_every_state(tmp_path, case):
    """Issue 12: the odds in the middle of a round (a Luck decision with the rest of a
    "together" round still queued; a wound taken through armour that it wore out)
    were priced as if the round ended there, against the wrong opponent, or with the
    armour already worn: now equal to play, fraction for fraction."""
    full = {"damage": 2, "attack": 0, "fight_luck": True, "options": {}, **case}
    compared, advised = check_live(tmp_path, full)
    assert compared > 20 and advised > 4


@pytest.mark.parametrize("seed", range(10))
def test_live_odds_of_random_fights_equal_the_enumerated_play(tmp_path, seed):
    """As above, random small fights: every mode, wounds, armour, options; specials
    and escapes in some."""
    rng = random.Random(3000 + seed)
    case = random_case(rng)
    if seed % 3 == 1:
        case["specials"] = random_specials(rng, len(case["enemies"]))
        case["damage"] = max(case["damage"], 2)
    elif seed % 3 == 2:
        case["escape"] = (rng.randint(0, 2), rng.choice([0, 1, 2]))
    check_live(tmp_path, case)
