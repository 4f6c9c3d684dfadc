"""The page's own words (buttons, headings, landmarks) in French and English.

The story, the prompts and every message of the game come from the REPL's tables
through `Session`; these are only the names of the page's controls.
"""
from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    "story": ("Récit", "Story"),
    "choices": ("Choix", "Choices"),
    "sheet": ("Feuille d'aventure", "Adventure Sheet"),
    "fight": ("Combat", "Fight"),
    "you": ("Vous", "You"),
    "tools": ("Outils", "Tools"),
    "save": ("Sauver", "Save"),
    "load": ("Charger", "Load"),
    "slot": ("Nom de la sauvegarde", "Save name"),
    "slots": ("Parties sauvées", "Saved games"),
    "undo": ("Annuler", "Undo"),
    "restart": ("Recommencer", "Restart"),
    "history": ("Historique", "History"),
    "odds": ("Chances", "Odds"),
    "note": ("Nouvelle note", "New note"),
    "add-note": ("Noter", "Add note"),
    "look": ("Relire", "Read again"),
    "yes": ("Oui", "Yes"),
    "no": ("Non", "No"),
    "amount": ("Nombre", "Number"),
    "ok": ("Valider", "OK"),
    "theme": ("Thème clair/sombre", "Light/dark theme"),
    "lang": ("English", "Français"),
    "open-sheet": ("Feuille", "Sheet"),
    "close": ("Fermer", "Close"),
    "skip": ("Aller aux choix", "Skip to the choices"),
    "error": ("Le serveur ne répond pas.", "The server does not answer."),
}


def labels(lang: str) -> dict[str, str]:
    pick = 0 if lang == "fr" else 1
    return {key: pair[pick] for key, pair in LABELS.items()}
