"""Tentez votre Chance and Testez votre Habileté, and the `test:` paragraph activity.

Luck: "lancez deux dés. Si le résultat obtenu est inférieur ou égal à votre total de
chance du moment, vous êtes chanceux ... Chaque fois que vous Tentez votre Chance,
vous devez soustraire 1 point à votre total de chance du moment."
Skill: the same comparison with Habileté, without any loss, and with the worn
armour's penalty added to the roll.
"""
from __future__ import annotations

from engine.rules.base import Option, Prompt
from engine.rules.defis_fantastiques import equipment
from engine.rules.defis_fantastiques.messages import M

KINDS = {"chance": "chance", "luck": "chance", "habilete": "habilete", "habileté": "habilete",
         "skill": "habilete"}


# stat -> (event type, French name, English name, French results, English results)
WORDS = {"chance": ("luck", "Tentez votre Chance", "Test your Luck",
                    ("chanceux !", "malchanceux."), ("lucky!", "unlucky.")),
         "habilete": ("skill", "Testez votre Habileté", "Test your Skill",
                      ("habile !", "malhabile."), ("skilful!", "unskilful."))}


def _roll_against(play, stat: str, added: int, told: str, value) -> bool:
    """2d6 + `added` against the current value of `stat`, reported as one event (with
    `told`: `value` in its data)."""
    current = play.state.stats.get(stat, 0)
    a, b = play.roll(2, 6, stat)
    roll = a + b
    total = roll + added
    ok = total <= current
    if play.narrate:   # the explorer reads no event: none is made for it
        kind, fr, en, res_fr, res_en = WORDS[stat]
        extra = f" ({roll} + {added})" if added else ""
        play.emit(kind, f"{fr} : {total}{extra} contre {current}, {res_fr[not ok]}",
                  f"{en}: {total}{extra} against {current}, {res_en[not ok]}",
                  roll=roll, total=total, against=current, success=ok, **{told: value})
    return ok


def test_luck(play, why: str = "", modifier: int = 0) -> bool:
    """Roll 2d6 (+ a book's modifier) against the current Chance; Chance −1 whatever the result."""
    lucky = _roll_against(play, "chance", modifier, "why", why)
    play.change("chance", delta=-1, reason="luck-test")
    return lucky


def test_skill(play, modifier: int = 0) -> bool:
    """Roll 2d6 (+ armour penalty) against the current Habileté; nothing is lost."""
    penalty = equipment.skill_penalty(play)
    return _roll_against(play, "habilete", penalty + modifier, "penalty", penalty)


def begin(play, spec: dict) -> dict:
    return {"type": KINDS[spec["type"]]}


# The answer of a test, and the explorer's prompt (no title nor lines): made once.
ROLL = Option("roll", M("Lancer les dés", "Roll the dice"))
ROLL_ONLY = Prompt("test", (ROLL,))


def prompt(play, pending: dict) -> Prompt:
    if not play.narrate:
        return ROLL_ONLY
    modifier = int(play.book.paragraphs[play.state.paragraph].fields["test"].get("modifier", 0))
    if pending["type"] == "chance":
        title = M("Tentez votre Chance", "Test your Luck")
        now, added = play.state.stats.get("chance", 0), modifier
        info = [M(f"Chance actuelle : {now}.", f"Current Luck: {now}."),
                M("Quel que soit le résultat, vous perdrez 1 point de Chance.",
                  "Whatever the result, you will lose 1 Luck point.")]
    else:
        pen = equipment.skill_penalty(play)
        title = M("Testez votre Habileté", "Test your Skill")
        now, added = play.state.stats.get("habilete", 0), pen + modifier
        more = (f" (armure : +{pen} au lancer)", f" (armour: +{pen} to the roll)") if pen else ("", "")
        info = [M(f"Habileté actuelle : {now}{more[0]}.", f"Current Skill: {now}{more[1]}.")]
    info.insert(1, _target(now - added))
    return Prompt("test", (ROLL,), title, tuple(info), default=ROLL.key)


def _target(need: int) -> M:
    """The number two dice must not exceed, read for the player."""
    if need < 2:
        return M("Il vous faudrait moins de 2 aux deux dés : c'est l'échec assuré.",
                 "You would need less than 2 on two dice: failure is certain.")
    if need >= 12:
        return M("Deux dés ne peuvent pas dépasser 12 : la réussite est assurée.",
                 "Two dice cannot exceed 12: success is certain.")
    return M(f"Réussite sur {need} ou moins aux deux dés.", f"Success on {need} or less on two dice.")


def answer(play, pending: dict, key: str, amount) -> None:
    spec = play.book.paragraphs[play.state.paragraph].fields["test"]
    modifier = int(spec.get("modifier", 0))
    if pending["type"] == "chance":
        ok = test_luck(play, "paragraph", modifier)
    else:
        ok = test_skill(play, modifier)
    target = spec.get("success" if ok else "failure")
    if not play.outcome(("test", "success_effects" if ok else "failure_effects")):
        return
    if target is None:  # reported by the linter; the paragraph's choices remain
        play.state.pending = None
        return
    play.goto(play.number(target))

