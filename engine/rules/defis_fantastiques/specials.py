"""Format 1.1 fight specials as play applies them (the rules: model.Specials).

`combat.begin` stores in `state.pending` what the fight's specials need, as plain
JSON: `bonus` (the `modifiers` whose condition held when the fight began), `first`
(the `first_round` bonus), `immune` (the opponents the hero's weapons cannot hurt,
`hurt_only_by`), `wins` (rounds won, for `win_rounds`).  `wounds.drain` asks
`stop()` after each wound and at the end of each round whether a special ends the
fight (`hurt`, `win_rounds`, `rounds` + `timeout`).
"""
from __future__ import annotations

from engine import expr as X
from engine.rules.defis_fantastiques import model


def begin(play, spec: dict, mode: str) -> dict:
    """The pending keys of the fight's specials (none for a plain fight)."""
    out: dict = {}
    bonus = sum(int(m.get("attack", 0)) for m in spec.get("modifiers") or ()
                if play.evaluate(X.parse(str(m["if"]), "condition")))
    if bonus:
        out["bonus"] = bonus
    first = int((spec.get("first_round") or {}).get("attack", 0))
    if first:
        out["first"] = first
    flags = model.immune(spec["enemies"], mode, play.state.items, play.state.extra.get("weapon"))
    if any(flags):
        out["immune"] = [i for i, f in enumerate(flags) if f]
    if spec.get("win_rounds"):
        out["wins"] = 0
    if model.luck_side(spec):   # format 1.2: `luck: taken | dealt`
        out["luck_on"] = model.luck_side(spec)
    if play.narrate and bonus:
        play.emit("combat-bonus", f"Avantage pour ce combat : {bonus:+d} à votre Force d'Attaque.",
                  f"Advantage in this fight: {bonus:+d} to your Attack Strength.", bonus=bonus)
    return out


def of(play, pending: dict) -> model.Specials:
    """The fight's specials as the model reads them."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    immune = tuple(i in pending.get("immune", ()) for i in range(len(pending["enemies"])))
    return model.specials(spec, immune if any(immune) else ())


def round_label(play, pending: dict, done: bool = False) -> str:
    """The number of the next round (`done`: of the round just fought), "2/4" in a
    fight of `rounds: 4`."""
    rounds = play.book.paragraphs[play.state.paragraph].fields["combat"].get("rounds")
    n = pending["round"] + (0 if done else 1)
    return f"{n}/{rounds}" if rounds else str(n)


def round_cap(play) -> int:
    """How far the rules read the round count: `rounds`, the escape's `after`, and 1
    (`first_round` asks only whether a round was fought)."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    escape = spec.get("escape") or {}
    return max(int(spec.get("rounds") or 0), int(escape.get("after", 0)), 1)


def say_harmless(play, enemy: dict, i: int) -> None:
    """`hurt_only_by`: the round won did the opponent no harm; say which weapons would."""
    from engine.rules import french as F
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    listed = (spec["enemies"][i].get("hurt_only_by") if i < len(spec["enemies"]) else None) or \
        [x for e in spec["enemies"] for x in e.get("hurt_only_by") or ()]
    names = ", ".join(play.book.item_name(x) for x in listed)
    play.emit("no-harm", f"Votre coup ne fait aucun mal à {F.the(enemy)} : seule une de ces armes "
              f"peut {F.verb(enemy, 'le', 'les', 'la')} blesser : {names}.",
              f"Your blow does {enemy['name']} no harm: only one of these weapons can wound "
              f"{'them' if enemy.get('plural') else 'it'}: {names}.", enemy=enemy["name"])


def stop_on_hurt(play, pending: dict, before: int) -> bool:
    """After a wound taken and its Luck decision: `hurt` ends the fight when it cost
    Endurance (and did not kill)."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    now = play.state.stats.get("endurance", 0)
    if "hurt" not in spec or not model.hurt_stops(model.Specials(hurt=True), before - now, now):
        return False
    hurt(play, pending)
    return True


def hurt(play, pending: dict) -> None:
    """`hurt`: the fight stops, the hero wounded (its effects, then its paragraph)."""
    pending["queue"], pending["luck"] = [], None
    leave(play, "hurt", ("Vous êtes blessé : le combat s'arrête là.", "You are wounded: the fight stops here."))


def end_of_round(play, pending: dict) -> str | None:
    """Both sides standing at the end of a round: "win" when `win_rounds` is reached
    (the caller wins the fight), "timeout" when `rounds` are fought out (the fight
    stops here), else None."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    if not (spec.get("rounds") or spec.get("win_rounds")):
        return False
    ended = model.round_over(of(play, pending), pending["round"], pending.get("wins", 0))
    if ended == "timeout":
        timeout(play, pending)
    return ended


def timeout(play, pending: dict) -> None:
    """`rounds` fought out: the fight stops (the `timeout` effects, then its paragraph)."""
    n = pending["round"]
    leave(play, "timeout", (f"Le combat s'arrête après {n} assauts.", f"The fight stops after {n} rounds."))


def leave(play, key: str, said: tuple[str, str]) -> None:
    """The fight ends by a special: its effects, then its paragraph."""
    spec = play.book.paragraphs[play.state.paragraph].fields["combat"]
    play.emit(f"combat-{key}", said[0], said[1])
    if play.outcome(("combat", f"{key}_effects")):
        play.goto(play.number(spec[key]))


def round_won(play, pending: dict, enemy: dict) -> bool:
    """Format 1.2, an opponent only `win_rounds` defeats: a round won against it is
    counted (combat._outcome did) and said; no Endurance, no Luck (False: nothing waits)."""
    if play.narrate:
        from engine.rules import french as F
        n = play.book.paragraphs[play.state.paragraph].fields["combat"].get("win_rounds", "?")
        won = f"{pending.get('wins', 0)}/{n}"
        play.emit("round-won", f"Vous prenez le dessus sur {F.the(enemy)} : assauts gagnés {won}.",
                  f"You get the better of {enemy['name']}: rounds won {won}.", target=enemy["name"],
                  wins=pending.get("wins", 0))
    return False
