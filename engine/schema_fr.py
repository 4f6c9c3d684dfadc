"""French descriptions of the schema's fields, keyed by their English text.

The schema file carries each field's description in English (`description`, what
yaml-language-server shows) and in French (`x-description-fr`, for a language
server that speaks the book's language).  `engine/schema.py` adds the French one
when it writes the editors' schema; a test checks that every description has one.
"""
from __future__ import annotations

FR = {
    "A gamebook for gamebook-engine. The `rules` key selects the rule module.":
        "Un livre-jeu pour gamebook-engine. La clé `rules` choisit le module de règles.",
    "The rule module that plays this book.": "Le module de règles qui joue ce livre.",
    "Book format version (1).": "Version du format de livre (1).",
    "Stable identifier, used by saves (default: the file name).":
        "Identifiant stable, utilisé par les sauvegardes (par défaut : le nom du fichier).",
    "The book's title, shown when the game starts.": "Le titre du livre, affiché au début de la partie.",
    "Who wrote the book (shown on the title screen).": "L'auteur du livre (affiché sur l'écran de titre).",
    "A few lines about the book (title screen).": "Quelques lignes sur le livre (écran de titre).",
    "Language of the text and of the player's interface.": "Langue du texte et de l'interface du joueur.",
    "A paragraph number.": "Un numéro de paragraphe.",
    "Module options (see docs/rules-chroniques-cretoises.md).":
        "Options du module (voir docs/rules-chroniques-cretoises.md).",
    "Where Zeus raises the hero (unless the death paragraph's `zeus.resurrect` says).":
        "Où Zeus ressuscite le héros (sauf si `zeus.resurrect` du paragraphe de la mort le dit).",
    "Minor gods the book names, besides the six.": "Les dieux mineurs que le livre nomme, en plus des six.",
    "A god's name, e.g. `Athéna`.": "Le nom d'un dieu, par exemple `Athéna`.",
    "true (default): when every fighter is Grièvement Blessé all roll two dice again; "
    "false: they keep one die (the lion example's reading).":
        "true (par défaut) : quand tous les combattants sont Grièvement Blessés, tous relancent deux "
        "dés ; false : ils gardent un dé (la lecture de l'exemple du lion).",
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
    "The item catalogue: id -> item.": "Le catalogue des objets : identifiant -> objet.",
    "Paragraphs keyed by number.": "Les paragraphes, par numéro.",
    "Rule options of Défis Fantastiques.": "Options de règles des Défis Fantastiques.",
    "When the −1 for fighting bare-handed applies (default no-weapon).":
        "Quand s'applique le −1 du combat à mains nues (par défaut no-weapon).",
    "The hero's starting values: numbers or dice formulas.":
        "Les valeurs de départ du héros : des nombres ou des formules de dés.",
    "Habileté (default 1d6+6).": "Habileté (par défaut 1d6+6).",
    "Endurance (default 2d6+12).": "Endurance (par défaut 2d6+12).",
    "Chance (default 1d6+6).": "Chance (par défaut 1d6+6).",
    "Pièces d'Or (default 2d6+12).": "Pièces d'Or (par défaut 2d6+12).",
    "Provisions (default 0).": "Provisions (par défaut 0).",
    "Starting items (default: [epee, balluchon]).": "Objets de départ (par défaut : [epee, balluchon]).",
    "Override the rule that starting totals are maxima.":
        "Déroger à la règle qui fait des totaux de départ des maxima.",
    "Maximum of habilete: a number, or false for none.": "Maximum d'habilete : un nombre, ou false pour aucun.",
    "Maximum of endurance: a number, or false for none.": "Maximum d'endurance : un nombre, ou false pour aucun.",
    "Maximum of chance: a number, or false for none.": "Maximum de chance : un nombre, ou false pour aucun.",
    "Where to go: a paragraph number, or an expression such as `here + 20`.":
        "Où aller : un numéro de paragraphe, ou une expression comme `here + 20`.",
    "A number, or an expression/dice formula such as `1d6` or `-2`.":
        "Un nombre, ou une expression ou formule de dés comme `1d6` ou `-2`.",
    'A condition over stats, items and flags, e.g. `has("key") and not flag("alarm")`.':
        'Une condition sur les caractéristiques, objets et drapeaux, par exemple '
        '`has("cle") and not flag("alarme")`.',
    "Effects applied in order.": "Effets appliqués dans l'ordre.",
    "Give the hero one or several items (ids from `items`).":
        "Donne au héros un ou plusieurs objets (identifiants de `items`).",
    "Take one or several items away from the hero.": "Retire au héros un ou plusieurs objets.",
    "Add to stats: `{add: {STAT: 2, OTHER: -1}}` (the rule module's stat names); values may be dice (`1d6`).":
        "Ajoute aux caractéristiques : `{add: {CARAC: 2, AUTRE: -1}}` (les noms du module de règles) ; "
        "les valeurs peuvent être des dés (`1d6`).",
    "Set stats to a value: `{set: {STAT: 1}}`.": "Fixe des caractéristiques à une valeur : `{set: {CARAC: 1}}`.",
    "Set one or several flags (remembered facts).": "Lève un ou plusieurs drapeaux (faits retenus).",
    "Clear one or several flags.": "Baisse un ou plusieurs drapeaux.",
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
    "What the player reads for this choice.": "Ce que le joueur lit pour ce choix.",
    "Shown only when this condition holds.": "Proposé seulement quand cette condition est vraie.",
    "Applied when the choice is taken, before moving.": "Appliqués quand le choix est pris, avant d'aller plus loin.",
    "Invoke a god, paying `cost` Honour; without enough Honour: stay here, −1 Honneur.":
        "Invoquer un dieu en payant `cost` points d'Honneur ; sans assez d'Honneur : on reste ici, −1 Honneur.",
    "A number or a dice formula such as `1d6`.": "Un nombre ou une formule de dés comme `1d6`.",
    "In a fight: where the god's help leads.": "Dans un combat : où mène l'aide du dieu.",
    "The paragraph's text.": "Le texte du paragraphe.",
    "The choices offered to the player.": "Les choix proposés au joueur.",
    "This paragraph ends the adventure.": "Ce paragraphe termine l'aventure.",
    "A random branch: roll the dice, go where the result falls.":
        "Un embranchement au hasard : lancer les dés, aller où tombe le résultat.",
    "Dice formula, e.g. `1d6`.": "Formule de dés, par exemple `1d6`.",
    "Where each range of results leads.": "Où mène chaque plage de résultats.",
    "[lowest, highest] result, inclusive.": "[plus petit, plus grand] résultat, inclus.",
    "Number printed in italics: the Oracle leads to number + 20.":
        "Numéro imprimé en italique : l'Oracle mène au numéro + 20.",
    "Zeus may be called upon here; `{resurrect: N}` names where he raises the hero.":
        "Zeus peut être appelé ici ; `{resurrect: N}` dit où il ressuscite le héros.",
    "An item: a weapon, a piece of armour, or a plain object.":
        "Un objet : une arme, une pièce d'armure ou un objet simple.",
    "The name shown to the player.": "Le nom affiché au joueur.",
    "A weapon: its Force (and Protection, like the lance's 1).":
        "Une arme : sa Force (et sa Protection, comme le 1 de la lance).",
    "Force the weapon adds.": "La Force que l'arme ajoute.",
    "Protection the weapon adds.": "La Protection que l'arme ajoute.",
    "A piece of armour: one of each kind is worn, up to two spares carried.":
        "Une pièce d'armure : une de chaque type portée, jusqu'à deux de rechange.",
    "The kind of piece: casque, plastron, jambières, bouclier...":
        "Le type de pièce : casque, plastron, jambières, bouclier...",
    "Protection the piece adds.": "La Protection que la pièce ajoute.",
    "A dagger: a death by Shame is by his own dagger.": "Une dague : la mort par la Honte se fait par sa propre dague.",
    "A fight (Chroniques Crétoises rules).": "Un combat (règles des Chroniques Crétoises).",
    "Opponents, fought one after the other.": "Les adversaires, combattus l'un après l'autre.",
    "The opponent's name, shown in the fight.": "Le nom de l'adversaire, affiché pendant le combat.",
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
    "Use a magic object instead of striking first.": "Utiliser un objet magique au lieu de frapper le premier.",
    "The magic object used (an item id).": "L'objet magique utilisé (un identifiant d'objet).",
    "Take a weapon.": "Prendre une arme.",
    "Take this weapon (the old one is lost for ever); null: lose it.":
        "Prendre cette arme (l'ancienne est perdue pour toujours) ; null : la perdre.",
    "Take an armour.": "Prendre une armure.",
    "Wear this armour (the old one is lost for ever); null: drop it.":
        "Porter cette armure (l'ancienne est perdue pour toujours) ; null : l'abandonner.",
    "Raise or lower a stat's maximum.": "Monter ou baisser le maximum d'une caractéristique.",
    "Move a maximum: {habilete: 1}.": "Déplacer un maximum : {habilete: 1}.",
    "How much the maximum of habilete moves.": "De combien le maximum d'habilete se déplace.",
    "How much the maximum of endurance moves.": "De combien le maximum d'endurance se déplace.",
    "How much the maximum of chance moves.": "De combien le maximum de chance se déplace.",
    "An item of the catalogue.": "Un objet du catalogue.",
    "Shown to the player.": "Affiché au joueur.",
    "A longer text about the item.": "Un texte plus long sur l'objet.",
    "This item is a weapon; the hero carries one at a time.":
        "Cet objet est une arme ; le héros en porte une à la fois.",
    "Endurance the hero's wound removes (default 2).": "L'Endurance qu'ôte une blessure du héros (par défaut 2).",
    "Added to the hero's Attack Strength (default 0).": "Ajouté à la Force d'Attaque du héros (par défaut 0).",
    "This item is an armour; the hero wears one at a time.":
        "Cet objet est une armure ; le héros en porte une à la fois.",
    "Endurance points absorbed per wound.": "Points d'Endurance absorbés par blessure.",
    "Wounds it takes before falling apart.": "Blessures qu'elle encaisse avant de tomber en pièces.",
    "Added to every Skill test roll while worn.": "Ajouté à chaque jet de test d'Habileté tant qu'elle est portée.",
    "A fight.": "Un combat.",
    "The opponents (one after the other unless the fight says otherwise).":
        "Les adversaires (l'un après l'autre sauf si le combat dit autrement).",
    "One opponent.": "Un adversaire.",
    "The enemy's Skill.": "L'Habileté de l'adversaire.",
    "The enemy's Stamina.": "L'Endurance de l'adversaire.",
    "Endurance its wound removes (default 2).": "L'Endurance qu'ôte sa blessure (par défaut 2).",
    "Several opponents: as-one, one-by-one (default) or together.":
        "Plusieurs adversaires : as-one, one-by-one (par défaut) ou together.",
    "Where to go after winning (else the paragraph's choices).":
        "Où aller après la victoire (sinon les choix du paragraphe).",
    "Escape offered by this paragraph.": "La fuite que propose ce paragraphe.",
    "Rounds to fight before escaping (default 0).": "Assauts à livrer avant de fuir (par défaut 0).",
    "Stats lost when escaping, e.g. {endurance: 2}.": "Ce que coûte la fuite, par exemple {endurance: 2}.",
    "The hero must fight bare-handed (−1 Habileté).": "Le héros doit combattre à mains nues (−1 Habileté).",
    "A Luck or Skill test.": "Un test de Chance ou d'Habileté.",
    "Tentez votre Chance or Testez votre Habileté.": "Tentez votre Chance ou Testez votre Habileté.",
    "Where a success leads.": "Où mène une réussite.",
    "Where a failure leads.": "Où mène un échec.",
    "Added to the roll (default 0).": "Ajouté au jet (par défaut 0).",
}
