"""French descriptions of this module's schema fields, keyed by their English text
(`RuleModule.schema_descriptions_fr`, written as `x-description-fr` in the editors'
schema)."""
from __future__ import annotations

FR = {
    "Format 1.1: only these items (weapons) wound him; a round the hero wins without carrying one of them does him no harm.":
        "Format 1.1 : seuls ces objets (des armes) le blessent ; un assaut que le héros gagne sans "
        "en porter un ne lui fait aucun mal.",
    "Format 1.1: 'if you lose any Endurance, turn to': the fight stops at the first wound that costs the hero Endurance (after his Luck test) and goes here.":
        "Format 1.1 : « si vous perdez des points d'Endurance, rendez-vous au » : le combat s'arrête à "
        "la première blessure qui coûte de l'Endurance au héros (après son test de Chance) et mène ici.",
    "Format 1.1: the fight stops after this many attack rounds if it is not over (with `timeout`).":
        "Format 1.1 : le combat s'arrête après ce nombre d'assauts s'il n'est pas fini (avec `timeout`).",
    "Format 1.1: where the fight goes when its `rounds` are over.":
        "Format 1.1 : où mène le combat quand ses `rounds` sont écoulés.",
    "Format 1.1: the hero wins as soon as he has won this many rounds (wounded the opponent this many times).":
        "Format 1.1 : le héros gagne dès qu'il a remporté ce nombre d'assauts (blessé l'adversaire autant de fois).",
    "Added to the hero's Attack Strength.": "Ajouté à la Force d'Attaque du héros.",
    "Format 1.1: a bonus for the first round only.": "Format 1.1 : un bonus pour le premier assaut seulement.",
    "Format 1.1: each whose condition holds when the fight begins adds its `attack` to the hero for this fight.":
        "Format 1.1 : chacun dont la condition est vraie au début du combat ajoute son `attack` au héros "
        "pour ce combat.",
    "A condition (the expression language).": "Une condition (le langage d'expressions).",
    "One modifier.": "Un modificateur.",
    "A paragraph number.": "Un numéro de paragraphe.",
    "Starting items (default: `[massue]`).": "Objets de départ (par défaut : `[massue]`).",
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
    "Maximum of habilete: a number, or false for none.":
        "Maximum d'habilete : un nombre, ou false pour aucun.",
    "Maximum of endurance: a number, or false for none.":
        "Maximum d'endurance : un nombre, ou false pour aucun.",
    "Maximum of chance: a number, or false for none.": "Maximum de chance : un nombre, ou false pour aucun.",
    "The opponent's name, shown in the fight.": "Le nom de l'adversaire, affiché pendant le combat.",
    "The name's article in French sentences (default `le`, `l'` before a vowel; `\"\"` for a proper name).":
        "L'article du nom dans les phrases françaises (par défaut `le`, `l'` devant une voyelle ; `\"\"` pour un nom propre).",
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
    "What the item is or does, in the book's language, shown before the player buys or takes it and in `inventaire` (a weapon's and an armour's numbers are shown anyway).":
        "Ce que l'objet est ou fait, dans la langue du livre, montré avant que le joueur l'achète ou le prenne et dans `inventaire` (les nombres d'une arme ou d'une armure sont montrés de toute façon).",
    "This item is a weapon; the hero carries one at a time.":
        "Cet objet est une arme ; le héros en porte une à la fois.",
    "Endurance the hero's wound removes (default 2).":
        "L'Endurance qu'ôte une blessure du héros (par défaut 2).",
    "Added to the hero's Attack Strength (default 0).":
        "Ajouté à la Force d'Attaque du héros (par défaut 0).",
    "This item is an armour; the hero wears one at a time.":
        "Cet objet est une armure ; le héros en porte une à la fois.",
    "Endurance points absorbed per wound.": "Points d'Endurance absorbés par blessure.",
    "Wounds it takes before falling apart.": "Blessures qu'elle encaisse avant de tomber en pièces.",
    "Added to every Skill test roll while worn (default 1: the rules say at least 1).":
        "Ajouté à chaque jet de test d'Habileté tant qu'elle est portée (par défaut 1 : "
        "les règles disent au moins 1).",
    ("true: an escape's Endurance cost is a wound the hero may test his Luck on, as in "
     "the English rules (default false: the cost is paid as written)."):
        "true : le coût en Endurance d'une fuite est une blessure sur laquelle le héros peut "
        "Tenter sa Chance, comme dans les règles anglaises (par défaut false : le coût est "
        "payé tel qu'écrit).",
    "false: the hero may not test his Luck in this fight; format 1.2: `taken` (on the wounds he takes only) or `dealt` (on the wounds he deals only).":
        "false : le héros ne peut pas tenter sa Chance dans ce combat ; format 1.2 : `taken` (sur les "
        "blessures qu'il reçoit seulement) ou `dealt` (sur celles qu'il inflige seulement).",
    "false: no Luck test in any fight of the book (default true).":
        "false : aucun test de Chance dans les combats du livre (par défaut true).",
    ("Luck against a wound other than 2: exact (default, the French rules: a lucky wound "
     "taken costs exactly 1 point, an unlucky one dealt removes exactly 1) or relative (the "
     "English rules: 1 point less / more than the wound)."):
        "La Chance contre une blessure autre que 2 : exact (par défaut, les règles françaises : "
        "une blessure reçue avec chance coûte exactement 1 point, une blessure infligée sans "
        "chance ôte exactement 1 point) ou relative (les règles anglaises : 1 point de moins / "
        "de plus que la blessure).",
    "A fight.": "Un combat.",
    "The opponents (one after the other unless the fight says otherwise).":
        "Les adversaires (l'un après l'autre sauf si le combat dit autrement).",
    "One opponent.": "Un adversaire.",
    "The enemy's Skill.": "L'Habileté de l'adversaire.",
    "The enemy's Stamina (format 1.2: none when only `win_rounds` defeats it).":
        "L'Endurance de l'adversaire (format 1.2 : aucune quand seul `win_rounds` en vient à bout).",
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
