"""The Adventure Sheet: creation, ceilings, names, death and restart, display."""
from engine.game.dice import ScriptedDice
from engine.game import Game
from engine.rules import registry

from df_helpers import HEADER, events, load, play

ROLLED = HEADER.replace("hero: {habilete: 10, endurance: 20, chance: 9, or: 15, provisions: 2}\n",
                        "")
SIMPLE = """
paragraphs:
  1:
    text: Début.
    choices: [{text: Boire, to: 2}, {text: Tomber, to: 3}]
  2:
    text: Une potion.
    effects: [{add: {habilete: 3, endurance: 5, chance: 2, or: 50}}]
    choices: [{text: Continuer, to: 4}]
  3:
    text: Une chute.
    effects: [{add: {endurance: -30}}]
    choices: [{text: Continuer, to: 4}]
  4: {text: Fin., end: victory}
"""


def test_creation_rolls_each_stat_in_front_of_the_player(tmp_path):
    """"Lancez un dé. Ajoutez 6 ... Lancez deux dés. Ajoutez 12 ... Lancez un dé,
    ajoutez 6" and for the gold "lancez deux dés et ajoutez 12": each roll is an event."""
    g = play(tmp_path, SIMPLE, [3, 4, 5, 2, 1, 6], header=ROLLED)
    assert g.state.stats == {"habilete": 9, "endurance": 21, "chance": 8, "or": 19, "provisions": 0}
    dice = [(e["purpose"], e["faces"]) for e in events(g, "dice")]
    assert dice == [("habilete", [3]), ("endurance", [4, 5]), ("chance", [2]), ("or", [1, 6])]


def test_provisions_start_at_zero_and_the_hero_has_a_sword_and_a_bundle(tmp_path):
    """"vous n'avez pas de Provisions" and "vous ne possédez qu'une épée, un balluchon"."""
    g = play(tmp_path, SIMPLE, [1] * 6, header=ROLLED)
    assert g.state.stats["provisions"] == 0
    assert g.state.items == {"epee": 1, "balluchon": 1}
    assert g.state.extra["weapon"] == "epee"


def test_starting_totals_are_ceilings(tmp_path):
    """"il vous est impossible de dépasser la limite de vos totaux de départ"; gold has none."""
    g = play(tmp_path, SIMPLE)
    g.answer("1")
    assert g.state.stats == {"habilete": 10, "endurance": 20, "chance": 9, "or": 65, "provisions": 2}
    assert g.state.initial["habilete"] == 10


def test_book_can_override_a_ceiling(tmp_path):
    """"(sauf en de rares occasions, qui sont précisées lorsque le cas se présente)"."""
    header = HEADER.replace("provisions: 2}", "provisions: 2, ceilings: {habilete: 12, chance: false}}")
    g = play(tmp_path, SIMPLE, header=header)
    g.answer("1")
    assert g.state.stats["habilete"] == 12 and g.state.stats["chance"] == 11
    assert g.state.stats["endurance"] == 20


def test_ceiling_effect_raises_a_maximum_and_max_variables_follow(tmp_path):
    """"à moins que vous ne trouviez une indication contraire": effect `ceiling`."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Bénédiction.
    effects: [{ceiling: {chance: 2}}, {add: {luck: 5}}]
    choices: [{text: Suite, to: 2, if: "chance == chance_max and luck_max == 11"}]
  2: {text: Fin., end: victory}
""")
    assert g.state.stats["chance"] == 11 and g.state.initial["chance"] == 9
    assert g.prompt().options[0].enabled


def test_aliases_of_stat_names(tmp_path):
    """Canonical ASCII names with aliases (accents, English)."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Alias.
    effects: [{add: {habileté: -1, stamina: -2, gold: -3, meals: 1}}, {add: {pieces_d_or: -1}}]
    choices: [{text: Suite, to: 2, if: "skill == 9 and habileté == 9 and gold == 11"}]
  2: {text: Fin., end: victory}
""")
    assert g.state.stats == {"habilete": 9, "endurance": 18, "chance": 9, "or": 11, "provisions": 3}
    assert g.prompt().options[0].enabled


def test_endurance_zero_is_death_and_restart_rolls_a_new_hero(tmp_path):
    """"Si jamais votre total d'endurance tombe à zéro, vous êtes déclaré mort ... lancent
    les dés pour se refaire une nouvelle vie et reprennent l'aventure à son début"."""
    g = play(tmp_path, SIMPLE, [1, 1, 1, 1, 1, 1, 6, 6, 6, 6, 6, 6], header=ROLLED)
    g.answer("2")
    assert g.state.ended == "death"
    assert [o.key for o in g.prompt().options] == ["restart"]
    g.answer("restart")
    assert g.state.stats == {"habilete": 12, "endurance": 24, "chance": 12, "or": 24, "provisions": 0}
    assert g.state.paragraph == 1 and g.state.lives == 2


def test_sheet_shows_maxima_weapon_armour_hits_and_equipment(tmp_path):
    """The Adventure Sheet: Habileté x/max, Endurance, Chance, Or, Provisions, Arme,
    Armure (coups encaissés), Équipement."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Un coffre.
    effects: [{armour: cuir}, {gain: corde}, {add: {endurance: -3}}]
    choices: [{text: Fin, to: 2}]
  2: {text: Fin., end: victory}
""")
    g.state.extra["armour_hits"] = 1
    sheet = dict(g.module.sheet(g.state, "fr"))
    assert sheet["Habileté"] == "10/10" and sheet["Endurance"] == "17/20"
    assert sheet["Pièces d'Or"] == "15" and sheet["Provisions"] == "2"
    assert sheet["Arme"] == "Épée"
    assert sheet["Armure"] == "Cuirasse de cuir (1 coup encaissé)"
    assert sheet["Équipement"] == "Balluchon, Corde"
    english = dict(g.module.sheet(g.state, "en"))
    assert english["Armour"] == "Cuirasse de cuir (1 hit taken)"
    assert g.module.toolbar(g.state, "fr").startswith("HAB 10/10  END 17/20  CHA 9/9")


def test_hero_values_may_be_dice_formulas(tmp_path):
    """Hero values: fixed numbers or dice formulas."""
    header = HEADER.replace("hero: {habilete: 10,", "hero: {habilete: 2d6,")
    loaded = load(tmp_path, SIMPLE, header)
    g = Game(loaded.book, registry.get("defis-fantastiques"), ScriptedDice([2, 3]))
    assert g.state.stats["habilete"] == 5


def test_hero_formulas_roll_as_the_expression_evaluator_rolls_them(tmp_path):
    """Plain NdS±K formulas are rolled directly: the same dice, purposes and totals as
    the evaluator gives, and any other formula still goes through it."""
    from engine import expr as X
    from engine.game.dice import SeededDice
    from engine.rules.defis_fantastiques.sheet import STATS
    hero = {"habilete": "2d6-1", "endurance": "3d6", "chance": "1d6*2+1", "or": "2d6 + 12", "provisions": "1d4+1d6"}
    header = ROLLED.replace("items:", "hero: {%s}\nitems:" % ", ".join(f"{k}: '{v}'" for k, v in hero.items()))
    loaded = load(tmp_path, SIMPLE, header)
    for seed in range(30):
        source, told = SeededDice(seed), []

        class Ctx:   # the evaluator's dice, drawn from the same seed
            def roll(self, count, sides):
                told.append((self.purpose, source.faces(count, sides)))
                return sum(told[-1][1])
        ctx, expected = Ctx(), {}
        for spec in STATS:
            ctx.purpose = spec.name
            expected[spec.name] = int(X.evaluate(X.parse(hero[spec.name], "dice"), ctx))
        silent = Game(loaded.book, loaded.module, SeededDice(seed), undo=False, narrate=False)
        told_game = Game(loaded.book, loaded.module, SeededDice(seed))
        assert silent.state.stats == told_game.state.stats == expected
        assert [(e["purpose"], e["faces"]) for e in events(told_game, "dice")] == told
