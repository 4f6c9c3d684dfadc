"""What the REPL shows of the hero: the Adventure Sheet and the bottom toolbar."""
from __future__ import annotations

from engine.rules.chroniques_cretoises import names as N


def sheet_lines(module, state, lang: str) -> list[tuple[str, str]]:
    fr = lang == "fr"
    ex = state.extra
    lines = [(s.label.get(lang), str(state.stats.get(s.name, ""))) for s in module.stats]
    lines.append(("Condition physique" if fr else "Condition", N.CONDITION_LABELS[ex.get("condition", 0)].get(lang)))
    patron = ex.get("patron")
    lines.append(("Dieu protecteur" if fr else "Patron god", patron or ("aucun" if fr else "none")))
    others = [f"{g} : {N.ATTITUDE_LABELS[a].get(lang)}" if fr else f"{g}: {N.ATTITUDE_LABELS[a].get(lang)}"
              for g, a in sorted(ex.get("gods", {}).items()) if g != patron]
    lines.append(("Dieux" if fr else "Gods", ", ".join(others)))
    used = ex.get("zeus_used")
    lines.append(("Zeus", ("déjà invoqué" if used else "disponible une fois") if fr else
                  ("already called upon" if used else "available once")))
    equipment = (ex.get("equipment") or {}).get(lang) or []
    lines.append(("Équipement" if fr else "Equipment", ", ".join(equipment) or ("rien" if fr else "nothing")))
    return lines


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
