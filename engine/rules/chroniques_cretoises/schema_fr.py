"""French descriptions of this module's schema fields, keyed by their English text
(`RuleModule.schema_descriptions_fr`, written as `x-description-fr` in the editors'
schema)."""
from __future__ import annotations

FR = {
    "Format 1.1: the fight stops after this many strikes by Althéos if it is not over (then `timeout`).":
        "Format 1.1 : le combat s'arrête après ce nombre d'assauts d'Althéos s'il n'est pas fini "
        "(puis `timeout`).",
    "Format 1.1: where a fight stopped by `rounds` leads.":
        "Format 1.1 : où mène un combat arrêté par `rounds`.",
    "Format 1.1: Althéos wins as soon as he has wounded this many times (then `win`).":
        "Format 1.1 : Althéos gagne dès qu'il a blessé ce nombre de fois (puis `win`).",
    "Added to his Force.": "Ajouté à sa Force.",
    "Format 1.1: added to Althéos for his first strike only.":
        "Format 1.1 : ajouté à Althéos pour son premier assaut seulement.",
    "Format 1.1: each whose condition holds when the fight begins adds its Force for this fight.":
        "Format 1.1 : chacun dont la condition est vraie quand le combat commence ajoute sa Force "
        "pour ce combat.",
    "Format 1.1: only these weapons (item ids) wound him; a strike that hits without one of them carried does him no harm.":
        "Format 1.1 : seules ces armes (identifiants d'objets) le blessent ; un coup qui touche sans "
        "que l'une d'elles soit portée ne lui fait aucun mal.",
    "Format 1.1: 'if you are wounded, turn to': the fight stops at the first wound Althéos takes (unless it kills him) and goes here.":
        "Format 1.1 : « si vous êtes blessé, rendez-vous au » : le combat s'arrête à la première "
        "blessure d'Althéos (sauf si elle le tue) et mène ici.",
    "A paragraph number.": "Un numéro de paragraphe.",
    "Module options (see docs/rules-chroniques-cretoises.md).":
        "Options du module (voir docs/rules-chroniques-cretoises.md).",
    "Where Zeus raises the hero (unless the death paragraph's `zeus.resurrect` says).":
        "Où Zeus ressuscite le héros (sauf si `zeus.resurrect` du paragraphe de la mort le dit).",
    "Minor gods the book names, besides the six.": "Les dieux mineurs que le livre nomme, en plus des six.",
    "A god's name, e.g. `Athéna`.": "Le nom d'un dieu, par exemple `Athéna`.",
    "true (default): when every fighter is Grièvement Blessé all roll two dice again; false: they keep one die (the lion example's reading).":
        "true (par défaut) : quand tous les combattants sont Grièvement Blessés, tous relancent deux dés ; false : ils gardent un dé (la lecture de l'exemple du lion).",
    "true (default): once Honneur has fallen to 0 only Zeus or `restore_honour` raise it.":
        "true (par défaut) : une fois l'Honneur tombé à 0, seuls Zeus ou `restore_honour` le relèvent.",
    "true (default): after a death by Shame the adventure may begin anew at 1.":
        "true (par défaut) : après une mort par la Honte, l'aventure peut recommencer au 1.",
    "Spare pieces of one kind carried besides the one worn (2).":
        "Pièces de rechange d'un même type portées en plus de celle qu'on a sur soi (2).",
    "The hero at the start (for readers coming from book 1, other values).":
        "Le héros au départ (pour les lecteurs venant du livre 1, d'autres valeurs).",
    "Natural Force (the rule text: 4).": "Force naturelle (le texte des règles : 4).",
    "Natural Protection (the rule text: 10).": "Protection naturelle (le texte des règles : 10).",
    "Starting Honneur (the rule text: 7).": "Honneur de départ (le texte des règles : 7).",
    "Starting Honte (the rule text: 0).": "Honte de départ (le texte des règles : 0).",
    "Starting items (default: `[massue]`).": "Objets de départ (par défaut : `[massue]`).",
    "The patron god, when the book sets it (else an effect `patron`).":
        "Le dieu protecteur, quand le livre le fixe (sinon un effet `patron`).",
    "Starting attitudes of gods other than the patron (default: neutre).":
        "Attitudes de départ des dieux autres que le protecteur (par défaut : neutre).",
    "A god's attitude towards Althéos.": "L'attitude d'un dieu envers Althéos.",
    "A place on the condition track.": "Une case de l'échelle d'état.",
    "Zeus already helped in this adventure.": "Zeus a déjà aidé dans cette aventure.",
    "Starting items (default: [epee, balluchon]).": "Objets de départ (par défaut : [epee, balluchon]).",
    "Change gods' attitudes: `{god: {Poséidon: défavorable}}`.":
        "Change l'attitude des dieux : `{god: {Poséidon: défavorable}}`.",
    "French spelling of `god`.": "Orthographe française de `god`.",
    "Place the hero under a god's protection.": "Place le héros sous la protection d'un dieu.",
    "Move the condition down this many steps.": "Fait descendre l'état d'autant de cases.",
    "French spelling of `wound`.": "Orthographe française de `wound`.",
    "Back to Indemne.": "Retour à Indemne.",
    "French spelling of `heal`.": "Orthographe française de `heal`.",
    "A means of the text that raises Honneur even from 0.":
        "Un moyen du texte qui relève l'Honneur même depuis 0.",
    "Invoke a god, paying `cost` Honour; without enough Honour: stay here, −1 Honneur.":
        "Invoquer un dieu en payant `cost` points d'Honneur ; sans assez d'Honneur : on reste ici, −1 Honneur.",
    "A number or a dice formula such as `1d6`.": "Un nombre ou une formule de dés comme `1d6`.",
    "In a fight: where the god's help leads.": "Dans un combat : où mène l'aide du dieu.",
    "Number printed in italics: the Oracle leads to number + 20.":
        "Numéro imprimé en italique : l'Oracle mène au numéro + 20.",
    "Zeus may be called upon here; `{resurrect: N}` names where he raises the hero.":
        "Zeus peut être appelé ici ; `{resurrect: N}` dit où il ressuscite le héros.",
    "An item: a weapon, a piece of armour, or a plain object.":
        "Un objet : une arme, une pièce d'armure ou un objet simple.",
    "The name shown to the player.": "Le nom affiché au joueur.",
    "What the item is or does, in the book's language, shown before the player buys or takes it and in `inventaire` (a weapon's and an armour's numbers are shown anyway).":
        "Ce que l'objet est ou fait, dans la langue du livre, montré avant que le joueur l'achète ou le prenne et dans `inventaire` (les nombres d'une arme ou d'une armure sont montrés de toute façon).",
    "A weapon: its Force (and Protection, like the lance's 1).":
        "Une arme : sa Force (et sa Protection, comme le 1 de la lance).",
    "Force the weapon adds.": "La Force que l'arme ajoute.",
    "Protection the weapon adds.": "La Protection que l'arme ajoute.",
    "A piece of armour: one of each kind is worn, up to two spares carried.":
        "Une pièce d'armure : une de chaque type portée, jusqu'à deux de rechange.",
    "The kind of piece: casque, plastron, jambières, bouclier...":
        "Le type de pièce : casque, plastron, jambières, bouclier...",
    "Protection the piece adds.": "La Protection que la pièce ajoute.",
    "A dagger: a death by Shame is by his own dagger.":
        "Une dague : la mort par la Honte se fait par sa propre dague.",
    "A fight (Chroniques Crétoises rules).": "Un combat (règles des Chroniques Crétoises).",
    "Opponents, fought one after the other.": "Les adversaires, combattus l'un après l'autre.",
    "The opponent's name, shown in the fight.": "Le nom de l'adversaire, affiché pendant le combat.",
    "The name's article in French sentences (default `le`, `l'` before a vowel; `\"\"` for a proper name).":
        "L'article du nom dans les phrases françaises (par défaut `le`, `l'` devant une voyelle ; `\"\"` pour un nom propre).",
    "Force, weapons included.": "Force, armes comprises.",
    "Protection, armour included.": "Protection, armure comprise.",
    "Non-human (the book's `(*)`): no weapons, no armour, no surrender.":
        "Non humain (le `(*)` du livre) : ni armes, ni armure, ni reddition.",
    "Weapons and armour he carries (spoils if he surrenders).":
        "Les armes et armures qu'il porte (butin s'il se rend).",
    "He surrenders once Grièvement Blessé.": "Il se rend une fois Grièvement Blessé.",
    "Honneur won by the victory.": "L'Honneur gagné par la victoire.",
    "Where a victory leads.": "Où mène une victoire.",
    "Where a successful retreat leads; `{to, range}` to change the 1–4.":
        "Où mène une retraite réussie ; `{to, range}` pour changer le 1–4.",
    "The die results that succeed, e.g. [1, 4].": "Les résultats du dé qui réussissent, par exemple [1, 4].",
    "Althéos may surrender; `accepted: false` when the opponent refuses.":
        "Althéos peut se rendre ; `accepted: false` quand l'adversaire refuse.",
    "Where an accepted surrender leads.": "Où mène une reddition acceptée.",
    "false: the opponent refuses and the fight goes on (then no `to`).":
        "false : l'adversaire refuse et le combat continue (alors pas de `to`).",
    "The opponent refuses.": "L'adversaire refuse.",
    "Group fight, all opponents Grièvement Blessé: `continue` or a paragraph.":
        "Combat à plusieurs, tous les adversaires Grièvement Blessés : `continue` ou un paragraphe.",
    "Who strikes first (default hero).": "Qui frappe le premier (par défaut le héros).",
    "Use a magic object instead of striking first.":
        "Utiliser un objet magique au lieu de frapper le premier.",
    "The magic object used (an item id).": "L'objet magique utilisé (un identifiant d'objet).",
}
