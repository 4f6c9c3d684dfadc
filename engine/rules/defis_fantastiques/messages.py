"""Bilingual texts shared by the Défis Fantastiques module (French first, then English)."""
from __future__ import annotations

from engine.diagnostics import Message as M

__all__ = ["M", "count", "dead"]


def count(n: int, fr: tuple[str, str], en: tuple[str, str]) -> M:
    """"1 point" / "2 points", each language with its own rule (French 0 is singular)."""
    return M(f"{n} {fr[0] if n <= 1 else fr[1]}", f"{n} {en[0] if n == 1 else en[1]}")




def dead(play, cause: str) -> None:
    """Endurance 0: say it, then die (the front end only shows "Vous êtes mort.")."""
    if play.state.ended:
        return
    play.emit("stamina-out", "Votre Endurance est tombée à 0 : votre aventure s'achève ici.",
              "Your Stamina has fallen to 0: your adventure ends here.", cause=cause)
    play.die(cause)
