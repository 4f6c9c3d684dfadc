"""Zeus, once per adventure, and the Oracle.

Zeus's four answers, exactly as the text gives them: 1. resurrection at the
paragraph the text names (with all the equipment, Honte 0, Honneur 1), never after
a death by Shame; 2. 1d6 Honneur; 3. Honneur from 0 back to 1; 4. every god back
to Neutre.  The first is offered at death (`on_death`), the others by the `zeus`
command where the book offers Zeus (paragraph field `zeus`).
"""
from __future__ import annotations

from engine.diagnostics import Message
from engine.rules.base import Option, Prompt, Refused
from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises import names as N

M = Message
HONOUR_DIE = 6   # "Zeus vous accorde 1d6 points d'Honneur"
CHOICES = {
    "honneur": ("2", "honneur", "honour", "honor"),
    "retablir": ("3", "rétablir", "retablir", "restore"),
    "dieux": ("4", "dieux", "gods"),
}
LABELS = {
    "honneur": M("Zeus vous accorde 1 à 6 points d'Honneur (un dé)", "Zeus grants you 1 to 6 Honour points (one die)"),
    "retablir": M("Zeus rétablit votre Honneur de 0 à 1", "Zeus restores your Honour from 0 to 1"),
    "dieux": M("Zeus ordonne à tous les dieux de redevenir neutres", "Zeus orders every god back to neutral"),
}


def offered(play) -> bool:
    """Where the book offers Zeus, and only if he was not called yet."""
    st = play.state
    if st.ended or st.extra.get("zeus_used") or st.paragraph not in play.book.paragraphs:
        return False
    return bool(play.book.paragraphs[st.paragraph].fields.get("zeus"))


def command(play, arg: str) -> None:
    if play.state.extra.get("zeus_used"):
        raise Refused("Zeus ne vient en aide qu'une seule fois par aventure",
                      "Zeus helps only once in an adventure")
    if not offered(play):
        raise Refused("Zeus ne peut pas être invoqué ici", "Zeus cannot be called upon here")
    word = N.fold(arg)
    if word in ("1", "ressusciter", "resurrect"):
        raise Refused("Zeus ne ressuscite qu'un héros mort", "Zeus only raises a dead hero")
    key = next((k for k, words in CHOICES.items() if word in {N.fold(w) for w in words}), None)
    if key is None and word:
        raise Refused("les faveurs de Zeus sont 2 (honneur), 3 (rétablir) et 4 (dieux)",
                      "Zeus's favours are 2 (honour), 3 (restore) and 4 (gods)")
    if key is None:
        if play.state.pending and play.state.pending.get("activity") == "zeus":
            return   # his menu is open already: shown again
        if play.state.pending:
            raise Refused("terminez d'abord l'action en cours, ou nommez la faveur : zeus 2, 3 ou 4",
                          "finish the current action first, or name the favour: zeus 2, 3 or 4")
        play.state.pending = {"activity": "zeus"}
        return
    grant(play, key)


def prompt(play) -> Prompt:
    # numbered as the rules and `zeus 2|3|4` number them: 1 is the resurrection, at death only
    opts = [Option("ressusciter", M("Zeus vous ressuscite", "Zeus raises you"), enabled=False,
                   reason=M("seulement à votre mort", "only at your death"))]
    opts += [Option(k, LABELS[k], enabled=(k != "retablir" or play.state.stats.get("honneur", 0) == 0),
                   reason=M("votre Honneur n'est pas à 0", "your Honour is not 0")) for k in LABELS]
    opts.append(Option("cancel", M("Renoncer (Zeus reste disponible)", "Give up (Zeus stays available)")))
    return Prompt("zeus", tuple(opts), M("Invoquer Zeus", "Call upon Zeus"),
                  (M("Zeus n'intervient qu'une fois par aventure.", "Zeus intervenes only once in an adventure."),))


def answer(play, key: str) -> None:
    play.state.pending = None
    if key == "cancel":
        play.emit("zeus-cancel", "Vous renoncez à invoquer Zeus : il reste disponible.",
                  "You give up calling upon Zeus: he stays available.")
    else:
        grant(play, key)


def grant(play, key: str) -> None:
    """Zeus's favour; refused once he has helped ("une seule fois pour toutes"), whatever
    way the player asked (the command, his menu, both)."""
    st = play.state
    if st.extra.get("zeus_used"):
        raise Refused("Zeus ne vient en aide qu'une seule fois par aventure",
                      "Zeus helps only once in an adventure")
    if st.pending and st.pending.get("activity") == "zeus":
        st.pending = None   # `zeus 2` typed while his menu is open closes it
    if key == "retablir" and st.stats.get("honneur", 0) != 0:
        raise Refused("Zeus ne rétablit que l'Honneur tombé à 0", "Zeus only restores an Honour of 0")
    st.extra["zeus_used"] = True
    play.emit("zeus", "Zeus, le père des dieux, vous entend.", "Zeus, father of the gods, hears you.", favour=key)
    if key in ("honneur", "retablir"):
        st.extra["honour_exhausted"] = False  # Zeus is the way back from 0 Honour
        amount = play.roll(1, HONOUR_DIE, "zeus")[0] if key == "honneur" else 1
        play.change("honneur", delta=amount, reason="zeus")
    else:
        from engine.rules.chroniques_cretoises.gods import set_attitudes
        set_attitudes(play, gods_neutral(st.extra))


def gods_neutral(extra: dict) -> dict:
    """Zeus's fourth favour: "tous les dieux redeviennent neutres" (the patron stays
    favourable), as an effect `{god: {...}}` on the module's `extra`."""
    patron = extra.get("patron")
    return {g: (N.FAVORABLE if g == patron else N.NEUTRE) for g in extra.get("gods", {})}


def resurrection_target(play) -> int | None:
    return target_at(play.book, play.state.paragraph)


def target_at(book, number: int) -> int | None:
    """Where Zeus raises a hero fallen at paragraph `number`: its own `zeus.resurrect`,
    else the book's `zeus_resurrection`."""
    field = book.paragraphs.get(number)
    zeus = field.fields.get("zeus") if field else None
    if isinstance(zeus, dict) and zeus.get("resurrect"):
        return int(zeus["resurrect"])
    return book_resurrection(book)


def book_resurrection(book) -> int | None:
    """The book's `zeus_resurrection`: where Zeus raises a hero fallen in a paragraph
    that names no place of its own."""
    target = book.options.get("zeus_resurrection")
    return int(target) if target else None


def can_resurrect(play) -> bool:
    """Once only, never after a death by Shame, and for a hero whose Shame is not above
    his Honour (model.shame_kills)."""
    st = play.state
    return (not st.extra.get("zeus_used") and st.death_cause != "shame"
            and not R.shame_kills(st.stats.get("honte", 0), st.stats.get("honneur", 0))
            and resurrection_target(play) is not None)


def resurrect(play) -> None:
    if not can_resurrect(play):
        raise Refused("Zeus ne peut pas vous ressusciter", "Zeus cannot raise you")
    from engine.rules.chroniques_cretoises.sheet import set_hero_condition
    st, target = play.state, resurrection_target(play)
    st.extra["zeus_used"] = True
    st.ended = st.death_cause = None
    play.emit("zeus", "Zeus vous ramène à la vie, loin de l'endroit où vous êtes tombé.",
              "Zeus brings you back to life, far from where you fell.", favour="resurrect", to=target)
    st.extra["honour_exhausted"] = False
    play.change("honte", value=0, reason="zeus")
    play.change("honneur", value=1, reason="zeus")
    set_hero_condition(play, N.INDEMNE)
    play.goto(target)


def oracle(play, arg: str) -> None:
    """Consulter l'Oracle: from an italic paragraph, go to its number + 20."""
    st = play.state
    p = play.book.paragraphs.get(st.paragraph)
    busy = st.pending and (st.pending.get("activity") != "combat" or st.pending.get("acted"))
    if st.ended or p is None or not p.fields.get("oracle") or busy:
        raise Refused("vous consultez l'Oracle, mais il reste muet", "you consult the Oracle, but it stays silent")
    play.emit("oracle", "Vous consultez l'Oracle…", "You consult the Oracle…", source=st.paragraph)
    play.goto(st.paragraph + 20)
