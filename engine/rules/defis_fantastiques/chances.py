"""The most a paragraph's fight or test can give, for the explorer's ceiling of the
states a cut exploration leaves unexplored (engine/analysis/explore/routes.py).

`Chances.passing(book, paragraph, hero, lost)`: an upper bound on the chance that the
paragraph's activity ends other than in a loss, for every hero whose Habileté,
Endurance and Chance are at most `hero`'s (`Chances.hero`; None: no bound known),
carrying any one weapon and armour of the book; `lost(outcome)` says whether an outcome
(a paragraph number, or a format 1.2 outcome entry) leads nowhere a victory is.
1.0 wherever the rules below do not bound it (sound):

* "Testez votre Habileté": lancez deux dés, "si le résultat obtenu est inférieur ou
  égal à votre total d'Habileté, vous êtes habile" (the worn armour only adds to the
  roll); "Tentez votre Chance": the same against Chance.  When the failure is lost and
  the success is not, the chance is P(2d6 + the paragraph's modifier <= the stat).
* A fight: the hero loses when his Endurance reaches 0, and death is final ("il vous
  faut recommencer au début"), so a fight whose victory is not lost passes with at
  most its win chance: the module's own fight model (odds_solver.family_chances, Luck
  tested at best) at the best Habileté, Endurance and Chance, with the weapon and
  the armour of the book (or none) that give the most (a weapon's attack bonus
  counted when it adds, never the -1 of a worse one: more than it can be).
  Its `modifiers` count in every round where they add (never where they take away: a
  modifier's condition is read once, as the fight begins, and holds all fight long);
  its `first_round` bonus, where it adds, in the first round only ("add 3 to your
  Attack Strength in the first round"), as the fight model plays it (`Specials.first`):
  counted in every round, the-clock-of-vennick's last fight (§ 222, Skill 8 + 3 against
  11) was priced at 99.25 % for a hero of Skill 8, and is 42.89 %.  A fight with an
  escape, rounds, a wound or a timeout outcome is not bounded (1.0).

`Chances.outcomes` orders the ends of a test whose failure leads on (success first,
at P(2d6 + modifier <= the stat)) and of a fight with rounds, a wound or `win_rounds`
and no escape (victory first, at the fight model's most win chance for the best hero,
Luck tested to win; then its timeout or wound), so that the routes weigh each end by
its chance instead of letting the hero pick one (routes.py `_refine`).  Sound for the
same reason: a better hero succeeds on every roll, and wins every round, a worse one
does.  `Chances.coupled` plays such a fight (rounds and a timeout, one opponent) once
with each end valued by what follows it for the Endurance and Luck left (coupled.py).

A fight under way (`under_way`: a state found inside it, its `pending`): the fight
reads the state's own Habileté, Endurance and Chance, its weapon and armour (the hits
it has left), the opponents' Endurance left, the round (a first round's bonus spent or
not), a Luck decision waiting; nothing adds to them until it ends (no meal "lorsque
vous êtes en train de combattre", no armour taken off: commands.py; a lucky answer's
give-back is a move of the fight, played by the odds), and each of its ends but the
victory is the hero's death.  So a state's value is at most the fight's win chance
from it under the best play of it (the module's live odds, odds.py `live_odds`: Luck
at best, the policy maximising that chance; tested against play from every state of
enumerated fights) times the most of what follows the victory: exactly that chance,
no more.  The same fights as above are priced (1.0 otherwise); the odds read of the
state only its stats, its module extras and its pending (`under_way_reads`).

Every chance grows with each stat and with the hits an armour has left (a better hero
can play as a worse one would, and win at least as often), so the best hero's, with the
weapon and the armour that give the most, is the most.

The hero of one unexplored state (explore/worth.py) is each stat at most its maximum
(`hero`: "il vous est impossible de dépasser la limite de vos totaux de départ") and at
most what the state holds plus all that can still be added to it
(engine/analysis/compiled/ahead.py): the book's gains ahead, and what these rules add,
as the module declares them: a Provision eaten, at most 4 Endurance ("chaque fois que
vous prenez un repas, vous pouvez gagner jusqu'à 4 points d'endurance": `ceiling_gains`),
and in a fight only a lucky answer still due on a wound, which gives back at most that
wound (`activity_reads`, under_way.py); a fight, a test of Luck or Skill add to no
stat.  So a hero at Endurance 3 with his Provisions eaten meets the fights ahead at 3
plus the book's gains on the way, not at his starting 18.
"""
from __future__ import annotations

from engine.rules.defis_fantastiques import equipment, model
from engine.rules.defis_fantastiques.unrolled import TESTED, passes, waiting

STATS = ("habilete", "endurance", "chance")
UNBOUNDED_FIGHT = ("escape", "rounds", "timeout", "hurt", "win_rounds")


class Chances:
    """The module's declaration (`RuleModule.chance_ceiling`): `hero` reads the most each
    stat can be from a state's starting values, `passing` bounds a paragraph's chance."""
    stats = STATS
    # a fight and a test both ask first ("attack", "roll"): a move stops there
    asks = ("combat", "test")

    # the stat a test spends whatever its roll, and the effects of these rules that add to
    # no stat (the routes' columns: explore/spent.py)
    spent = "chance"
    stat_free = ("weapon", "armour")

    @staticmethod
    def spends(book, paragraph) -> int:
        """The Chance the paragraph's activity spends for sure: a test of Luck, 1 ("Chaque
        fois que vous Tentez votre Chance, vous devez soustraire 1 point à votre total de
        chance du moment", rolls.py `test_luck`, before its outcome); a fight none (Luck
        is tested there only if the player chooses to); Chance is added to by nothing of
        these rules but the book's effects ("Toutes les indications nécessaires sont
        données dans les paragraphes concernés")."""
        spec = paragraph.fields.get("test")
        return 1 if isinstance(spec, dict) and TESTED.get(spec.get("type")) == "chance" else 0

    @staticmethod
    def hero(book, initial: dict) -> tuple:
        """((stat, its most), ...) from the starting values `initial` ("il vous est
        impossible de dépasser la limite de vos totaux de départ"), or the book's own
        maximum (`hero.ceilings`, sheet.roll_stats); None for a stat with no maximum
        (`ceilings: {stat: false}`), whose maximum an effect of the book moves
        (`ceiling:`), or with no starting value."""
        from engine.book.effect_lists import all_effects
        moved = {stat for p in book.paragraphs.values() for e in all_effects(p)
                 if e.kind == "ceiling" and isinstance(e.value, dict) for stat in e.value}
        caps = (book.hero.get("ceilings") if isinstance(book.hero, dict) else None) or {}
        most = {s: caps[s] if s in caps else initial.get(s) for s in STATS}
        return tuple((s, None if s in moved or type(most[s]) is not int else most[s]) for s in STATS)

    # what `under_way` reads of a state beside its paragraph, pending and module extras;
    # the activities it prices by a sum, not a fight solved (compiled/fought.py's budget)
    under_way_reads = ("stats",)
    under_way_free = ("test",)

    @staticmethod
    def under_way(book, paragraph, state, lost) -> float:
        """The most chance that the fight under way in `state` (at `paragraph`, its
        `pending`) ends other than in a loss, from where it stands (above); a test
        waiting for its roll: at the stat the state holds (unrolled.py)."""
        pending = state.pending
        if isinstance(pending, dict) and pending.get("activity") == "test" and paragraph is not None:
            return waiting(book, paragraph.fields.get("test"), state, lost)
        spec = paragraph.fields.get("combat") if paragraph is not None else None
        if not isinstance(pending, dict) or pending.get("activity") != "combat" or not _bounded(spec, lost):
            return 1.0
        from importlib import import_module   # (on first use, as the module's odds hooks:
        odds = import_module(f"{__package__}.odds").live_odds(   # engine/rules/odds_hooks.py)
            book, state, spec, pending, "optimal")
        return 1.0 if odds is None else min(1.0, float(1 - odds.lose))

    @staticmethod
    def passing(book, paragraph, hero: tuple, lost) -> float:
        """The most chance that `paragraph`'s fight or test does not end in a loss (above)."""
        return Chances.passing_many(book, paragraph, [hero], lost)[0]

    @staticmethod
    def passing_many(book, paragraph, heroes: list, lost, items=None) -> list:
        """`passing` for each of `heroes`: a fight's chances from one chain for all the
        heroes of one Habileté (the module's fight family); `items`: the weapons and
        armours the hero may carry, where known (None: any of the book's)."""
        fields = paragraph.fields
        if "combat" in fields:
            return _fights(book, fields["combat"], [dict(h) for h in heroes], lost, items)
        if "test" in fields:
            return [_test(fields["test"], dict(h), lost) for h in heroes]
        return [1.0] * len(heroes)

    @staticmethod
    def outcomes(book, paragraph, hero: tuple, lost) -> list | None:
        """The ends of `paragraph`'s test or fight that may lead on, best first, as
        [(T, [outcome, ...]), ...]: for every hero at most `hero` and every play, the
        chance that the activity ends in one of the first k tiers is at most the k-th T
        (the rest of the chance is a loss); None where these rules do not order them
        (the routes then read `passing`).  A test: its success, then its failure ("si le
        résultat obtenu est inférieur ou égal", a higher stat succeeds on every roll a
        lower one does).  A fight with `rounds`, `hurt` or `win_rounds` (no escape,
        opponents that Endurance defeats, none only some weapon hurts): its victory at
        the most win chance of the module's fight model for the best hero (Luck tested
        to win, the book's weapon and armour that give the most), then its timeout or
        wound at 1 (a better hero wins every round a worse one wins, so he wins at
        least as often; every other end is his death)."""
        fields, found = paragraph.fields, dict(hero)
        if "test" in fields:
            spec = fields["test"]
            passed = _success(spec, found) if isinstance(spec, dict) else None
            return None if passed is None else [(passed, [spec.get("success")]), (1.0, [spec.get("failure")])]
        if "combat" in fields:
            return _fight_outcomes(book, fields["combat"], found)
        return None

    @staticmethod
    def coupled(book, paragraph, hero: tuple, worth, cache: dict) -> float | None:
        """The most a fight with rounds and a timeout is worth for every hero at most
        `hero`, each end valued by `worth(outcome, {stat: most left})`, the Luck decisions
        taken for that sum (coupled.py, where it is proved); None where not priced so."""
        from engine.rules.defis_fantastiques.coupled import coupled
        spec = paragraph.fields.get("combat")
        try:
            opponents = _opponents(spec)
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        weapons, armours = _gear(book)   # (each weapon's attack as combat.hero_skill adds it, -1 included)
        # (a weapon of the same wound and a better attack gives at least as much: coupled.py's Skill)
        weapons = [(a, d) for a, d in weapons if not any(b > a and e == d for b, e in weapons)]
        return coupled(book, spec, dict(hero), worth, opponents, (weapons, list(set(armours)) + [None]), cache)


def _fight_outcomes(book, spec, hero: dict) -> list | None:
    """`Chances.outcomes` of a fight with specials (None: not ordered here)."""
    if not isinstance(spec, dict) or not any(k in spec for k in ("rounds", "hurt", "win_rounds")) \
            or "escape" in spec or not isinstance(spec.get("enemies"), list) \
            or not all(isinstance(e, dict) and e.get("endurance") is not None and not e.get("hurt_only_by")
                       for e in spec["enemies"]):
        return None
    won = _win_chance(book, spec, hero)
    if won is None:
        return None
    rest = [spec[k] for k in ("timeout", "hurt") if spec.get(k) is not None]
    return [(won, [spec.get("win")]), (1.0, rest)] if rest else [(won, [spec.get("win")])]


def _win_chance(book, spec, hero: dict) -> float | None:
    """The most chance of winning the fight (its specials as play reads them) for a hero
    at most `hero`, carrying any weapon and armour of the book (or none)."""
    from engine.rules.defis_fantastiques.odds_solver import ff_fight
    skill, stamina, luck = (hero.get(s) for s in STATS)
    lucky = model.luck_allowed(book, spec)
    if skill is None or stamina is None or (lucky and luck is None):
        return None
    try:
        enemies, mode = _opponents(spec)
        bonus = sum(max(0, int(m.get("attack", 0))) for m in spec.get("modifiers") or ())
        specials = model.specials(spec)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    wounds = [e[2] for e in enemies]
    weapons, armours = _gear(book)
    armours = set(armours) | {None}   # (or none worn)
    best = 0.0
    for attack, damage in weapons:
        for armour in armours:
            odds = ff_fight((skill + bonus + max(attack, 0), max(stamina, 1)), [(e[0], e[1]) for e in enemies],
                            mode=mode if len(enemies) > 1 else "single", luck=luck if lucky else None,
                            luck_policy="optimal" if lucky else "never", hero_damage=damage,
                            enemy_damage=wounds[0] if len(set(wounds)) == 1 else wounds, armour=armour,
                            luck_reading=model.reading(book), specials=specials)
            best = max(best, float(odds.win))
    return min(1.0, best)


def _test(spec, hero: dict, lost) -> float:
    if not isinstance(spec, dict) or not lost(spec.get("failure")) or lost(spec.get("success")):
        return 1.0
    found = _success(spec, hero)
    return 1.0 if found is None else found


def _success(spec: dict, hero: dict) -> float | None:
    """P(2d6 + the modifier <= the stat) at the hero's most (None: no bound known)."""
    stat = TESTED.get(spec.get("type"))
    best = hero.get(stat) if stat else None
    modifier = spec.get("modifier", 0)
    if best is None or type(modifier) is not int:
        return None
    return passes(modifier, best)


def _fights(book, spec, heroes: list, lost, items=None) -> list:
    """The fight's bound for each hero ({stat: most}): 1.0 where it is not bounded."""
    if not _bounded(spec, lost):
        return [1.0] * len(heroes)
    try:
        enemies, mode = _opponents(spec)
    except (KeyError, TypeError, ValueError):
        return [1.0] * len(heroes)
    try:   # (`modifiers`: each counted in every round where it adds; the first round's bonus in that round)
        bonus = sum(max(0, int(m.get("attack", 0))) for m in spec.get("modifiers") or ())
        first = max(0, int((spec.get("first_round") or {}).get("attack", 0)))
    except (AttributeError, TypeError, ValueError):
        return [1.0] * len(heroes)
    lucky = model.luck_allowed(book, spec)
    out, by_skill = [1.0] * len(heroes), {}
    for i, hero in enumerate(heroes):
        skill, stamina, luck = (hero.get(s) for s in STATS)
        if skill is not None and stamina is not None and (luck is not None or not lucky):
            by_skill.setdefault(skill, []).append((i, (max(stamina, 1), luck if lucky else 0)))
    for skill, found in by_skill.items():
        sheets = sorted({sheet for _i, sheet in found})
        chance = dict(zip(sheets, _family(book, spec, skill + bonus, enemies, mode, sheets, lucky, first, items)))
        for i, sheet in found:
            out[i] = chance[sheet]
    return out


def _bounded(spec, lost) -> bool:
    """Whether the fight is one these rules bound: opponents that Endurance defeats, no
    escape, rounds, wound or timeout outcome, and a victory not lost (else the
    paragraph's other ways decide)."""
    if not isinstance(spec, dict) or not isinstance(spec.get("enemies"), list) \
            or any(k in spec for k in UNBOUNDED_FIGHT) or (spec.get("win") is not None and lost(spec["win"])):
        return False
    return all(isinstance(e, dict) and e.get("endurance") is not None for e in spec["enemies"])


def _family(book, spec, skill: int, enemies: list, mode: str, sheets: list, lucky: bool, first: int = 0,
            items=None) -> list:
    """The most win chance from each sheet (Endurance, Chance) at this Attack Strength
    (before a weapon), with the weapon and the armour of the book (or none) that give the
    most (a weapon's attack bonus counted when it adds, never the -1 of a worse one)."""
    from engine.rules.defis_fantastiques.odds_solver import family_chances
    weapons, armours = _gear(book, items)
    wounds = [e[2] for e in enemies]
    best = [0.0] * len(sheets)
    for attack, damage in weapons:
        for armour in set(armours or [None]):
            found = family_chances(
                skill + max(attack, 0), [(e[0], e[1]) for e in enemies], sheets,
                mode=mode if len(enemies) > 1 else "single", luck_policy="optimal" if lucky else "never",
                use_luck=lucky, hero_damage=damage, armour=armour, luck_reading=model.reading(book),
                enemy_damage=wounds[0] if len(set(wounds)) == 1 else wounds,
                specials=model.Specials(first=first) if first else None)
            best = [max(b, float(f)) for b, f in zip(best, found)]
    return [min(1.0, b) for b in best]


def _opponents(spec) -> tuple[list, str]:
    """([(Skill, Endurance, wound)], mode) of a fight's opponents, as combat.begin starts
    them ("comme un seul": one opponent)."""
    enemies = [(int(e["habilete"]), model.enemy_endurance(e), int(e.get("damage", equipment.STANDARD_DAMAGE)))
               for e in spec["enemies"]]
    mode = spec.get("mode", "one-by-one")
    if mode == "as-one" and len(enemies) > 1:
        enemies = [(max(e[0] for e in enemies), sum(e[1] for e in enemies), max(e[2] for e in enemies))]
    return enemies, mode


def _gear(book, items=None) -> tuple[set, list]:
    """(every (attack, wound) the hero may fight with: a weapon of the book, or none;
    every (absorbs, hits) of an armour of the book), of `items` only where given."""
    weapons = {(int(w.get("attack", 0)), int(w.get("damage", equipment.STANDARD_DAMAGE)))
               for w in _props(book, "weapon", items)} | {(0, equipment.STANDARD_DAMAGE)}
    armours = [(int(a.get("absorbs", 0)), int(a.get("hits", 1))) for a in _props(book, "armour", items)]
    return weapons, armours


def _props(book, kind: str, items=None) -> list:
    """The `weapon` (`armour`) properties of the book's items (of `items` only, where given)."""
    return [i.props[kind] for k, i in book.items.items()
            if isinstance(i.props.get(kind), dict) and (items is None or k in items)]
