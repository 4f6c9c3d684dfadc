"""The sentences of the table-top commands (journal, notes, slots, end screen) and of
the full-screen layout, in French and English; merged into `messages.CATALOGUE`."""
from __future__ import annotations

TABLE: dict[str, tuple[str, str]] = {
    # journal (historique)
    "journal-title": ("Votre parcours (historique N : revenir au point N) :",
                      "Your path (history N: go back to point N):"),
    "j-paragraph": ("§{n}", "§{n}"),
    "j-fight": ("combat : {names}", "fight: {names}"),
    "j-fight-won": ("combat gagné", "fight won"),
    "j-death": ("mort{cause}", "death{cause}"),
    "j-victory": ("victoire", "victory"),
    "j-zeus": ("Zeus invoqué ({favour})", "Zeus invoked ({favour})"),
    "j-undo": ("annulation : retour au §{value}", "undo: back to §{value}"),
    "j-load": ("partie chargée : {value}", "game loaded: {value}"),
    "j-jump": ("retour au point {value}", "back to point {value}"),
    "j-other": ("{value}", "{value}"),
    "jump-usage": ("historique N : N est le numéro d'un point de la liste (1 à {count}).",
                   "history N: N is the number of a listed point (1 to {count})."),
    "jump-cannot": ("Impossible de revenir au point {n} : c'est le point où vous êtes, ou il est "
                    "plus ancien que ce qu'« annuler » garde (ou d'avant le dernier chargement).",
                    "Cannot go back to point {n}: it is where you are, or older than what 'undo' "
                    "keeps (or from before the last load)."),
    "jump-ask": ("Revenir au point {n} ({what}) ? « annuler » vous ramènera ici. (o/n)",
                 "Go back to point {n} ({what})? 'undo' brings you back here. (y/n)"),
    "jumped": ("Retour au point {n} : paragraphe {paragraph}.", "Back to point {n}: paragraph {paragraph}."),
    "confirm-no": ("Rien n'est fait.", "Nothing done."),
    # notes
    "notes-title": ("Vos notes :", "Your notes:"),
    "notes-none": ("Aucune note. « note TEXTE » en ajoute une.", "No notes. 'note TEXT' adds one."),
    "note-added": ("Note n° {n} ajoutée.", "Note {n} added."),
    "note-deleted": ("Note n° {n} supprimée : {text}", "Note {n} deleted: {text}"),
    "note-bad": ("Il n'y a pas de note n° {n} (« note » les liste).", "There is no note {n} ('note' lists them)."),
    "note-full": ("Trop de notes ({max}) : supprimez-en une (« note effacer N »).",
                  "Too many notes ({max}): delete one ('note delete N')."),
    "notes-hint": ("note TEXTE : ajouter ; note effacer N : supprimer.", "note TEXT: add; note delete N: delete."),
    # save slots
    "slots-title": ("Sauvegardes de ce livre :", "Saves of this book:"),
    "slot-row": ("{slot} : {title}, paragraphe {paragraph}, {date}", "{slot}: {title}, paragraph {paragraph}, {date}"),
    "slot-damaged": ("{slot} : illisible (gardé tel quel)", "{slot}: unreadable (kept as it is)"),
    "slots-hint": ("charger NOM : reprendre ; effacer NOM : supprimer.", "load NAME: resume; delete NAME: delete."),
    "delete-usage": ("effacer NOM : le nom d'une sauvegarde (« parties » les liste).",
                     "delete NAME: the name of a save ('slots' lists them)."),
    "delete-ask": ("Supprimer la sauvegarde « {slot} » ({what}) ? Elle sera perdue. (o/n)",
                   "Delete the save '{slot}' ({what})? It will be lost. (y/n)"),
    "deleted": ("Sauvegarde « {slot} » supprimée.", "Save '{slot}' deleted."),
    # end screen
    "end-victory": ("— Fin : victoire au paragraphe {n} —", "— The end: victory at paragraph {n} —"),
    "end-death": ("— Fin : mort au paragraphe {n}{cause} —", "— The end: death at paragraph {n}{cause} —"),
    "cause-stat": ("{label} à 0", "{label} at 0"),
    "end-counts": ("Paragraphes visités : {visited} · combats gagnés : {won}",
                   "Paragraphs visited: {visited} · fights won: {won}"),
    "end-found": ("Fins découvertes dans ce livre : {found} (sur {written} fins écrites) :",
                  "Endings discovered in this book: {found} (of {written} written endings):"),
    "end-row": ("§{n} : {kind}, {times} fois", "§{n}: {kind}, {times} times"),
    "end-row-once": ("§{n} : {kind}, une fois", "§{n}: {kind}, once"),
    "end-new": ("(nouvelle !)", "(new!)"),
    "kind-death": ("mort", "death"),
    "kind-victory": ("victoire", "victory"),
    # command help lines
    "cmd-journal": ("le parcours : paragraphes, combats, morts, Zeus, chargements, annulations ; "
                    "historique N y revient", "the path: paragraphs, fights, deaths, Zeus, loads, "
                    "undos; history N goes back there"),
    "cmd-note": ("note TEXTE : ajouter une note ; note : les lister ; note effacer N",
                 "note TEXT: add a note; note: list them; note delete N"),
    "cmd-slots": ("les sauvegardes : livre, paragraphe, date", "the saves: book, paragraph, date"),
    "cmd-delete": ("supprimer une sauvegarde NOM (avec confirmation)", "delete the save NAME (asks first)"),
    # full-screen layout
    "fs-sheet": ("Feuille d'aventure", "Adventure Sheet"),
    "fs-items": ("Objets", "Items"),
    "fs-notes": ("Notes", "Notes"),
    "fs-fight": ("Combat", "Fight"),
    "fs-you": ("Vous", "You"),
    "fs-keys": ("Entrée : valider · PgPréc/PgSuiv : défiler · Ctrl-D : sauver et quitter",
                "Enter: confirm · PgUp/PgDn: scroll · Ctrl-D: save and quit"),
    "fs-keys-short": ("PgPréc/PgSuiv : défiler · Ctrl-D : quitter", "PgUp/PgDn: scroll · Ctrl-D: quit"),
    "fs-small": ("Terminal trop petit ({cols}×{rows}) : agrandissez-le au moins à {min_cols}×{min_rows}.",
                 "Terminal too small ({cols}×{rows}): make it at least {min_cols}×{min_rows}."),
    "fs-fallback": ("Terminal trop petit pour l'affichage plein écran : mode ligne.",
                    "Terminal too small for the full-screen layout: line mode."),
}
