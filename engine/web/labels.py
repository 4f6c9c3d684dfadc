"""The page's own words (buttons, headings, landmarks, the author's preview) in
French and English: the one table of the web front end.

The story, the prompts and every message of the game come from the REPL's tables
through `Session`; these are only the names of the page's controls and the few lines
of the author's preview (`gamebook serve --watch`, engine/web/watch.py).
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
    "rule-command": ("Commande des règles", "Rules command"),
    "rule-arg": ("Précision (facultative)", "Argument (optional)"),
    "rule-run": ("Faire", "Do it"),
    # the author's preview (--watch): its panel, then the lines it adds to the story
    "author": ("Aperçu d'auteur", "Author's preview"),
    "jump-start": ("Paragraphe (numéro ou nom)", "Paragraph (number or name)"),
    "jump-set": ("Caractéristiques (stat=N …)", "Stats (stat=N …)"),
    "jump-give": ("Objets (id …)", "Items (id …)"),
    "jump": ("Aller au paragraphe", "Go to the paragraph"),
    "graph": ("Graphe du livre (paragraphe actuel marqué)", "The book's graph (current paragraph marked)"),
    "reloaded": ("Livre rechargé ({file}).", "Book reloaded ({file})."),
    "kept": ("La partie continue au paragraphe {n}.", "The game goes on at paragraph {n}."),
    "restarted": ("La partie ne peut continuer dans le livre modifié ({why}) : nouvelle partie.",
                  "The game cannot go on in the edited book ({why}): new game."),
    "broken": ("Le livre modifié a des erreurs : la partie continue dans la version d'avant.",
               "The edited book has errors: the game goes on in the version before."),
    "jumped": ("Départ au paragraphe {n}.", "Start at paragraph {n}."),
    "graph-current": ("Paragraphe actuel : {n} (la classe « current » le marque dans le texte Mermaid).",
                      "Current paragraph: {n} (the class `current` marks it in the Mermaid text)."),
}
AUTHOR = ("author", "jump-start", "jump-set", "jump-give", "jump", "graph")   # the author panel's controls
LINES = ("reloaded", "kept", "restarted", "broken", "jumped", "graph-current")   # (with values: `say`)
PAGE = tuple(key for key in LABELS if key not in AUTHOR + LINES)             # every page's controls


def say(lang: str, key: str, **values) -> str:
    """The words of `key` in `lang` ("fr", else English), `values` put in."""
    fr, en = LABELS[key]
    return (fr if lang == "fr" else en).format(**values)


def labels(lang: str, keys: tuple[str, ...] = PAGE) -> dict[str, str]:
    return {key: say(lang, key) for key in keys}
