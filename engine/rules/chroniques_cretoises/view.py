"""What the REPL shows of the hero: the Adventure Sheet and the bottom toolbar."""
from __future__ import annotations

from engine.rules.chroniques_cretoises import names as N


def sheet_lines(module, state, lang: str) -> list[tuple[str, str]]:
    fr = lang == "fr"
    ex = state.extra
    lines = [(s.label.get(lang), str(state.stats.get(s.name, ""))) for s in module.stats]
    dead = state.ended == "death"   # by Shame too, which never touches the condition track
    condition = N.MORT if dead else ex.get("condition", 0)
    lines.append(("Condition physique" if fr else "Condition", N.CONDITION_LABELS[condition].get(lang)))
    patron = ex.get("patron")
    lines.append(("Dieu protecteur" if fr else "Patron god", patron or ("aucun" if fr else "none")))
    others = [f"{g} : {N.ATTITUDE_LABELS[a].get(lang)}" if fr else f"{g}: {N.ATTITUDE_LABELS[a].get(lang)}"
              for g, a in sorted(ex.get("gods", {}).items()) if g != patron]
    lines.append(("Dieux" if fr else "Gods", ", ".join(others)))
    lines.append(("Zeus", _zeus(state, lang)))
    equipment = (ex.get("equipment") or {}).get(lang) or []
    lines.append(("Équipement" if fr else "Equipment", ", ".join(equipment) or ("rien" if fr else "nothing")))
    return lines


def _zeus(state, lang: str) -> str:
    """What Zeus can still do: nothing once used, nor after a death by Shame (the rule
    gives him no rescue from it: `on_death`, `final`)."""
    if state.extra.get("zeus_used"):
        return "déjà invoqué" if lang == "fr" else "already called upon"
    if state.ended == "death" and getattr(state, "death_cause", "") == "shame":
        return ("ne peut plus vous aider (la Honte a dépassé l'Honneur)" if lang == "fr"
                else "can no longer help you (Shame went above Honour)")
    return "disponible une fois" if lang == "fr" else "available once"


def toolbar(state, lang: str) -> str:
    fr = lang == "fr"
    st, ex = state.stats, state.extra
    parts = [f"Force {st.get('force', 0)}" if fr else f"Strength {st.get('force', 0)}",
             f"Protection {st.get('protection', 0)}",
             f"Honneur {st.get('honneur', 0)}" if fr else f"Honour {st.get('honneur', 0)}",
             f"Honte {st.get('honte', 0)}" if fr else f"Shame {st.get('honte', 0)}",
             N.CONDITION_LABELS[ex.get("condition", 0)].get(lang)]
    if ex.get("patron"):
        parts.append(ex["patron"])
    return "  ".join(parts)
