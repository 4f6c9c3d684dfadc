"""Exact combat odds for the module (the `fight_odds` / `hero_variants` hooks).

A combat field is mapped to `odds_solver.ff_fight` as the combat
code plays it: Attack Strength with the weapon bonus and the bare-handed -1,
the weapon's damage, the worn armour and its hits left, Luck (optimal use),
`as-one` merged into one opponent as `combat.begin` does.

Readings and limits:
* opponents with different `damage` values: each wound read per opponent (the
  chain solver one after the other, `ff_together` together; exact);
* an escape (`escape_of`): an outcome of its own under `model.ESCAPE_POLICY`;
* the book's reading of Luck (`luck_reading`) and Luck switched off (book option
  `luck_in_combat: false` or the fight's `luck: false`) as `model` defines them;
* live odds (`pending`): from the enemies' current Endurance; when a Luck
  decision waits, the sheet before that wound is rebuilt from `luck.before`
  (and the armour from `luck.absorbs`: the wound counted its hit already), the
  wound is the one of the opponent it names, the wounds still queued in the
  same "together" round follow it (`pending["queue"]`, each with its own Luck
  decision), and the advice is about it; tested against play from every state
  of enumerated fights (tests/rules/defis_fantastiques/test_model_agreement.py);
* variants: "typical" (book values, or 10/19/10 when rolled), "weakest"
  7/14/7, "strongest" 12/24/12, and the 396 rolled Skill x Stamina x Luck
  sheets (1d6+6, 2d6+12, 1d6+6) weighted by their dice probability: their
  weighted mean is the exact average over all rolled characters.  Every
  variant fights with the caller's policy (`gamebook odds`: Luck at best;
  the export's appendix and the editor: never tested).
"""
from __future__ import annotations

from engine.rules.defis_fantastiques.odds_solver import family_chances, luck_table, no_luck_table

from engine.rules.defis_fantastiques import combat, equipment, model, wounds
from engine.rules.defis_fantastiques.model import TWO_D6
from engine.rules.defis_fantastiques.pricing import (View, armour_of, damage_of, fighters, solve,
                                                    specials_of, worn_before)



def fight_odds(book, state, spec, pending=None, policy="optimal"):
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    policy = state.extra.get("odds_policy", policy)
    odds = live_odds(book, state, spec, pending, policy)
    if odds is not None and pending is not None:   # live: every move the player has, compared
        from engine.rules.defis_fantastiques.advice import compare
        odds = compare(book, state, spec, pending, odds, policy)
    return odds


def live_odds(book, state, spec, pending, policy: str):
    """The odds of the fight `spec` from `state` under `policy` (as it would begin, or
    under way: `pending`), without the player's moves compared (`fight_odds` adds
    them); None where the hero is leaving it (an escape waiting on Luck)."""
    luck_wait = (pending or {}).get("luck")
    if luck_wait and luck_wait["kind"] == "escape":
        return None   # the hero is leaving: no fight left to price
    enemies, mode = (pending["enemies"], pending["mode"]) if pending else fighters(spec)
    hero_end = state.stats.get("endurance", 0)
    sheets = [(e["habilete"], e["endurance"]) for e in enemies]
    event = None
    if luck_wait:
        i = luck_wait["enemy"]
        if luck_wait["kind"] == "dealt":
            sheets[i] = (sheets[i][0], luck_wait["before"])
            event = "after-wound-dealt"
        else:
            hero_end, event = luck_wait["before"], "after-wound-taken"
    return solve(book, state, spec, (enemies, mode), hero_end, sheets, policy, event, pending=pending,
                 armour=worn_before(book, state, luck_wait))


def fight_wins(book, states, spec, policy="never"):
    """P(not losing) of the combat for each state, exactly as ``fight_odds`` gives
    it, the states that share everything but Stamina and Luck (a family) read off
    ONE solve, by the solver ``ff_fight`` would use: without Luck an ``ff_wintable``
    table; with Luck at best (or opponents "together" wounding differently) the
    layers of ``luck_table``; with specials or an escape, or where ``ff_fight``
    takes the chain solver, one chain for every sheet (``chain.chances``)."""
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    enemies, mode = fighters(spec)
    mixed = isinstance(damage_of(enemies), list)   # (only ff_together reads wounds per opponent)
    families: dict = {}
    for n, state in enumerate(states):
        own = state.extra.get("odds_policy", policy)
        lucky = own != "never" and model.luck_allowed(book, spec)
        view = View(book, state)
        specials, bonus, progress = specials_of(book, state, spec, None)
        flags = {"unarmed": equipment.unarmed(view, spec), "forced_unarmed": bool(spec.get("unarmed")),
                 "bonus": bonus}
        if specials.active():
            kind = ("special", own, specials, progress)
        elif (mixed and mode != "together") or (lucky and own == "always"):
            kind = ("chain", own)
        else:
            kind = ("layers",) if lucky or mixed else ("plain",)
        key = kind + (lucky, combat.hero_skill(view, flags), wounds.hero_damage(view, flags), armour_of(view))
        families.setdefault(key, []).append((n, max(state.stats.get("endurance", 0), 1),
                                             state.stats.get("chance", 0) if lucky else 0))
    wins: list = [None] * len(states)
    for key, members in families.items():
        for n, win in zip((m[0] for m in members), _family(book, enemies, mode, key, members)):
            wins[n] = win
    return wins


def _family(book, enemies, mode, key, members) -> list:
    """P(not losing) of each member (n, Endurance, Luck) of one family, in order."""
    lucky, skill, damage, armour = key[-4:]
    sheets = [(e["habilete"], e["endurance"]) for e in enemies]
    fought = {"mode": mode if len(sheets) > 1 else "single", "enemy_damage": damage_of(enemies),
              "hero_damage": damage, "armour": armour}
    if key[0] in ("plain", "layers"):   # kept by the fight's constants, as family_chances is
        from engine.rules.defis_fantastiques import fight_cache
        reading, ask = model.reading(book), tuple((he, luck) for _n, he, luck in members)
        return fight_cache.kept(key[0], (key, tuple(sheets), tuple(sorted(fought.items())), reading, ask),
                                lambda: _tables(key[0], skill, sheets, fought, reading, ask),
                                fight_cache.encode_chances, fight_cache.decode_chances)
    extra = {"specials": key[2], "progress": key[3]} if key[0] == "special" else {}
    return family_chances(skill, sheets, [(he, luck) for _n, he, luck in members], luck_policy=key[1],
                          use_luck=lucky, luck_reading=model.reading(book), **fought, **extra)


def _tables(kind, skill, sheets, fought, reading, asked) -> list:
    """P(not losing) from each (Endurance, Luck) asked: an ``ff_wintable`` table without
    Luck ("plain"), else the layers of ``luck_table``, the largest sheet first (its
    solve serves the smaller ones)."""
    if kind == "plain":
        table = no_luck_table((skill, max(he for he, _l in asked)), sheets, **fought)
        return [table(he) for he, _l in asked]
    table = luck_table(sheets, skill, luck_reading=reading, **fought)
    found = {m: table(*m) for m in sorted(set(asked), key=lambda m: (-m[0], -m[1]))}
    return [found[m] for m in asked]


def hero_variants(module, book):
    from engine.game.dice import SeededDice
    from engine.game import Game
    base = Game(book, module, SeededDice(0)).state
    hero = book.hero if isinstance(book.hero, dict) else {}
    fixed = all(isinstance(hero.get(s), int) for s in ("habilete", "endurance", "chance"))

    def sheet(skill, stamina, luck, **extra):
        st = base.copy()
        st.stats.update(habilete=skill, endurance=stamina, chance=luck)
        st.initial.update(habilete=skill, endurance=stamina, chance=luck)
        st.extra.update(extra)
        return st
    if fixed:
        return [("typical", sheet(hero["habilete"], hero["endurance"], hero["chance"]))]
    variants = [("typical", sheet(10, 19, 10)), ("weakest", sheet(7, 14, 7)),
                ("strongest", sheet(12, 24, 12))]
    variants += [(f"{k}/{12 + s}/{luck}", sheet(k, 12 + s, luck, weight=TWO_D6[s]))
                 for k in range(7, 13) for s in TWO_D6 for luck in range(7, 13)]
    return variants


def zero_reason(book, state, spec):
    """Why this sheet cannot win this fight (a Message for `gamebook odds BOOK`), or None."""
    if not isinstance(spec, dict) or "enemies" not in spec:
        return None
    from engine.rules.defis_fantastiques.advice import why_no_victory
    from engine.rules.defis_fantastiques.odds_cli import _why
    why = why_no_victory(book, state, spec)
    return None if why is None else _why(why)
