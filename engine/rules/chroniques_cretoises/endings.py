"""How a fight ends or changes course: victory, all opponents Grièvement Blessé,
retreat, the hero's surrender, an opponent's surrender, a god invoked, a magic
object used, the last strike of a timed fight.  Every way out of a fight the hero
survives puts him back to Indemne."""
from __future__ import annotations

from engine.rules import french as F
from engine.rules.chroniques_cretoises import combat as C
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N
from engine.rules.chroniques_cretoises import sheet, specials
from engine.rules.chroniques_cretoises.sheet import set_hero_condition


def leave_fight(play, target: int, where: tuple = ()) -> None:
    """The hero survives the fight: Indemne again, the outcome's effects (format 1.1,
    `where` in the fight's fields), then the paragraph."""
    set_hero_condition(play, N.INDEMNE)
    if _goes_on(play, target):   # (the amulet at the bull: the same opponents, weakened)
        play.emit("combat-end", "Le combat se poursuit.",
                  "The fight goes on.", to=target)
    else:
        play.emit("combat-end", "Fin du combat.", "End of the fight.", to=target)
    if where and not play.outcome(where):
        return
    play.goto(int(target))


def _goes_on(play, target) -> bool:
    """Whether the paragraph this fight leaves for fights the same opponents again."""
    here = C.spec_of(play).get("enemies") or ()
    there = play.book.paragraphs.get(int(target)) if isinstance(target, int) else None
    again = ((there.fields.get("combat") or {}).get("enemies") or ()) if there is not None else ()
    return bool(here) and [e.get("name") for e in here] == [e.get("name") for e in again]


def after_enemy_out(play, p: dict) -> None:
    """An opponent died, left or surrendered: next opponent, or victory."""
    left = C.fighting(p)
    if not left:
        return victory(play, p)
    p["current"] = left[0]
    p["turn"] = "enemy"


def victory(play, p: dict) -> None:
    spec = C.spec_of(play)
    _reward(play, spec)
    leave_fight(play, spec["win"], ("combat", "win_effects"))


def _reward(play, spec: dict) -> None:
    """'Si Althéos est victorieux, il bénéficie alors de points d'Honneur dont le nombre
    exact est indiqué dans le texte' (none once Honour fell to 0)."""
    reward = spec.get("reward", 0)
    amount = play.number(reward) if isinstance(reward, int) else _formula(play, reward)
    play.emit("combat-won", "Vous êtes victorieux !", "You are victorious!", reward=amount)
    if amount:
        honour, extra = play.state.stats.get("honneur", 0), play.state.extra
        if amount > 0 and R.honour_after(honour, honour + amount, extra.get("honour_exhausted", False),
                          extra.get("lock_zero", True))[0] == honour:
            play.emit("honour-locked", "Votre Honneur est tombé à 0 : seul Zeus ou un moyen du texte "
                      "peut le rétablir ; la victoire ne vous en rapporte pas.",
                      "Your Honour fell to 0: only Zeus or a means given by the text can restore it; "
                      "this victory brings you none.")
        play.change("honneur", delta=amount, reason="victory")


def _formula(play, text) -> int:
    from engine import expr as X
    return int(play.evaluate(X.parse(str(text), "number")))


def all_down(play, p: dict) -> None:
    """Every opponent of a group is Grièvement Blessé: 'si tous sont Grièvement Blessés,
    vous trouverez les instructions nécessaires dans le texte'.  A book that sends the
    hero where victory leads (`all_down` equal to `win`) counts it as the victory, and
    its `reward` is paid (R.all_down_wins)."""
    spec = C.spec_of(play)
    what = spec.get("all_down", "continue")
    play.emit("all-down", "Tous vos adversaires sont grièvement blessés.",
              "All your opponents are badly wounded.")
    if isinstance(what, int):
        if R.all_down_wins(spec):
            _reward(play, spec)
        return leave_fight(play, what, ("combat", "all_down_effects"))
    p["all_down"] = True
    p["turn"] = "enemy"


def retreat(play, p: dict) -> None:
    spec = C.spec_of(play)["retreat"]
    target, low, high = (spec, 1, 4) if isinstance(spec, int) else \
        (spec["to"], *spec.get("range", [1, 4]))
    play.change("honneur", delta=-1, reason="retreat")
    face = play.roll(1, 6, "combat:retreat")[0]
    p["acted"] = True
    if R.retreat_succeeds(face, low, high):
        play.emit("retreat", f"Vous tirez {face} : vous battez en retraite.",
                  f"You roll {face}: you retreat.", success=True, face=face)
        play.change("honte", delta=1, reason="retreat")
        return leave_fight(play, target, ("combat", "retreat", "effects"))
    play.emit("retreat", f"Vous tirez {face} : la retraite échoue, vous devrez combattre jusqu'au bout.",
              f"You roll {face}: the retreat fails, you must fight to the end.", success=False, face=face)
    p["retreat_failed"] = True
    p["turn"] = "enemy"


def surrender(play, p: dict) -> None:
    spec = C.spec_of(play)["surrender"]
    accepted = spec.get("accepted", True)
    p["acted"] = True
    if not accepted:
        play.emit("surrender-refused", "Votre adversaire refuse votre reddition : le combat continue.",
                  "Your opponent refuses your surrender: the fight goes on.")
        p["surrender_refused"] = True
        p["turn"] = "enemy"
        return
    play.emit("surrender", "Vous vous rendez et livrez votre tribut.", "You surrender and pay your tribute.")
    play.change("honte", delta=1, reason="surrender")
    armour = sheet.best_armour(play.book, play.state.items)
    weapon = sheet.wielded(play.book, play.state.items)
    for item in (armour, weapon[0] if weapon else None):
        if item:
            play.lose(item, 1)
    leave_fight(play, spec["to"], ("combat", "surrender", "effects"))


def answer_offer(play, p: dict, key: str) -> None:
    i = p["offer"]
    e = p["enemies"][i]
    p["offer"] = None
    if key == "refuse":
        play.change("honte", delta=2, reason="refused-surrender")
        e["state"] = "dead"
        play.emit("enemy-killed", f"Vous achevez {F.the(e)} malgré sa reddition.",
                  f"You kill {e['name']} although he surrendered.", name=e["name"])
    else:
        e["state"] = "spared"
        if key.startswith("accept:"):
            play.gain(key.split(":", 1)[1])
            sheet.refresh(play)
    after_enemy_out(play, p)
    after_strike(play, p)   # his strike that made the opponent surrender may have been his last


def invoke(play, p: dict) -> None:
    from engine.rules.chroniques_cretoises.gods import pay_invocation
    spec = C.spec_of(play)["invoke"]
    p["acted"] = True
    if pay_invocation(play, spec):
        return leave_fight(play, spec["to"])
    p["turn"] = "enemy"


def use(play, p: dict) -> None:
    spec = C.spec_of(play)["use"]
    p["acted"] = True
    name = play.book.item_name(spec["item"])
    play.emit("use", f"Vous vous servez de : {name}.", f"You use: {name}.", item=spec["item"])
    leave_fight(play, spec["to"])


def after_strike(play, p: dict) -> None:
    """The hero's strike is over (an opponent's surrender answered): his last one
    (`rounds`) ends a fight still going on at `timeout`."""
    spec = C.spec_of(play)
    if play.state.ended or play.state.pending is not p or p.get("offer") is not None:
        return
    if R.timed_out(p.get("strikes", 0), specials.counted(spec)[0]):
        play.emit("combat-timeout", f"Le combat s'arrête après {spec['rounds']} assauts.",
                  f"The fight stops after {spec['rounds']} strikes.")
        leave_fight(play, spec["timeout"], ("combat", "timeout_effects"))
