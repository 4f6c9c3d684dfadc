"""One opponent: attack rounds, wounds, parries, Luck in a fight, death, escape, saves."""
from engine.game import Game

from df_helpers import events, keys, play


def fight(spec: str, before: str = "[]") -> str:
    return f"""
paragraphs:
  1:
    text: Un ennemi surgit.
    effects: {before}
    combat: {spec}
  2: {{text: Victoire., end: victory}}
  3: {{text: Vous fuyez., end: victory}}
"""


GOBLIN = fight("{enemies: [{name: Gobelin, habilete: 5, endurance: 10}], win: 2}")
TWIN = fight("{enemies: [{name: Double, habilete: 10, endurance: 10}], win: 2}")


def test_opponent_rolls_first_then_the_hero_and_higher_strength_wounds_for_two(tmp_path):
    """"Lancez deux dés pour votre adversaire. Ajoutez ses points d'HABILETÉ ... Lancez
    deux dés pour vous-même ... Si votre Force d'Attaque est supérieure ... enlevez 2
    points à son total d'endurance"."""
    g = play(tmp_path, GOBLIN, [1, 2, 6, 5])
    g.drain()
    g.answer("attack")
    out = g.drain()
    assert [(e["purpose"], e["faces"]) for e in out if e["type"] == "dice"] == \
        [("enemy-attack", [1, 2]), ("hero-attack", [6, 5])]
    rnd = next(e for e in out if e["type"] == "combat-round")
    assert (rnd["hero"], rnd["opponent"], rnd["result"]) == (21, 8, "hit")
    assert g.state.pending["enemies"][0]["endurance"] == 8
    assert any(e["type"] == "wound" and e["say"]["fr"] for e in out)


def test_higher_opponent_strength_wounds_the_hero_for_two(tmp_path):
    """"Si la Force d'Attaque de votre adversaire est supérieure à la vôtre, c'est vous
    qui êtes blessé ... soustrayez 2 points à votre total d'endurance"."""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1])
    g.answer("attack")
    assert g.state.stats["endurance"] == 18
    wound = events(g, "wound")[0]
    assert wound["target"] == "hero" and wound["say"]["en"] == "Gobelin wounds you: −2 Stamina." and wound["endurance"] == 18


def test_equal_strengths_parry_and_no_luck_is_offered(tmp_path):
    """"Si les Forces d'Attaque sont égales, les coups ont été parés ... retournez à
    l'étape n° 1"; Luck is offered only right after a wound."""
    g = play(tmp_path, TWIN, [3, 4, 4, 3])
    g.answer("attack")
    assert g.state.stats["endurance"] == 20 and g.state.pending["enemies"][0]["endurance"] == 10
    assert g.prompt().kind == "combat" and keys(g) == ["attack"]
    assert events(g, "combat-round")[0]["result"] == "parry"


def test_luck_after_wounding_lucky_removes_two_more(tmp_path):
    """"Vous êtes chanceux : la blessure de votre adversaire est profonde ; soustrayez 2
    points supplémentaires à son total d'endurance." Chance −1."""
    g = play(tmp_path, GOBLIN, [1, 1, 6, 6, 4, 5])
    g.answer("attack")
    assert g.prompt().kind == "combat-luck" and keys(g) == ["pass", "luck"]
    g.answer("luck")
    assert g.state.pending["enemies"][0]["endurance"] == 6
    assert g.state.stats["chance"] == 8 and g.prompt().kind == "combat"


def test_luck_after_wounding_unlucky_removes_only_one(tmp_path):
    """"Vous êtes malchanceux ... vous ne pouvez soustraire que 1 seul point à son total
    d'endurance (c'est-à-dire 1 point au lieu des 2 points normaux)"."""
    g = play(tmp_path, GOBLIN, [1, 1, 6, 6, 5, 5])
    g.answer("attack")
    g.answer("luck")
    assert g.state.pending["enemies"][0]["endurance"] == 9 and g.state.stats["chance"] == 8


def test_luck_after_being_wounded_lucky_loses_only_one(tmp_path):
    """"Si vous êtes chanceux, votre adversaire vous a à peine effleuré : ne soustrayez
    que 1 point de votre total d'endurance.\""""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1, 4, 5])
    g.answer("attack")
    assert g.prompt().kind == "combat-luck"
    g.answer("luck")
    assert g.state.stats["endurance"] == 19 and g.state.stats["chance"] == 8


def test_luck_after_being_wounded_unlucky_loses_three(tmp_path):
    """"Vous êtes malchanceux ... il faut soustraire 1 point supplémentaire à votre total
    d'endurance (c'est-à-dire 3 points en tout, au lieu des 2 points normaux)"."""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1, 6, 6])
    g.answer("attack")
    g.answer("luck")
    assert g.state.stats["endurance"] == 17 and g.state.stats["chance"] == 8


def test_declining_luck_keeps_the_normal_wound_and_luck(tmp_path):
    """Using Luck in a fight is a possibility ("vous pouvez"), never forced."""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1])
    g.answer("attack")
    g.answer("pass")
    assert g.state.stats["endurance"] == 18 and g.state.stats["chance"] == 9


def test_luck_is_not_offered_when_the_wound_killed_the_opponent(tmp_path):
    """Luck after a wound can only matter while the opponent still stands (see docs)."""
    g = play(tmp_path, fight("{enemies: [{name: Rat, habilete: 1, endurance: 2}], win: 2}"), [1, 1, 6, 6])
    g.answer("attack")
    assert g.state.ended == "victory"


def test_fight_goes_on_until_one_is_killed_then_to_win(tmp_path):
    """"Cette séquence doit être poursuivie jusqu'à ce que l'un des combattants soit tué"."""
    g = play(tmp_path, fight("{enemies: [{name: Rat, habilete: 1, endurance: 4}], win: 2}"),
             [1, 1, 6, 6, 1, 1, 6, 6])
    g.answer("attack")
    g.answer("pass")
    assert not g.state.ended
    g.answer("attack")
    assert g.state.ended == "victory" and g.state.paragraph == 2


def test_hero_killed_in_a_fight_dies(tmp_path):
    """"Si vous êtes éliminé, votre parcours s'arrête là.\""""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1])
    g.state.stats["endurance"] = 2
    g.answer("attack")
    assert g.prompt().kind == "combat-luck" and g.state.stats["endurance"] == 0
    g.answer("pass")
    assert g.state.ended == "death"
    assert [o.key for o in g.prompt().options] == ["restart"]
    said = events(g, "stamina-out")
    assert len(said) == 1 and said[0]["say"]["fr"].startswith("Votre Endurance est tombée à 0")


def test_lucky_hero_at_zero_survives_the_wound(tmp_path):
    """The Luck decision comes right after the wound, before death is settled."""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1, 2, 2])
    g.state.stats["endurance"] = 2
    g.answer("attack")
    g.answer("luck")
    assert g.state.stats["endurance"] == 1 and not g.state.ended


def test_enemy_damage_and_special_weapon(tmp_path):
    """"Les règles de combat qui y sont décrites ont alors la priorité": a weapon's damage
    and attack, an enemy's damage."""
    book = fight("{enemies: [{name: Ogre, habilete: 8, endurance: 12, damage: 4}], win: 2}",
                 "[{weapon: hache}]")
    g = play(tmp_path, book, [1, 1, 5, 5, 6, 6, 1, 1])
    g.answer("attack")            # 10 + 10 - 1 = 19 against 10: the axe deals 3
    assert g.state.pending["enemies"][0]["endurance"] == 9
    g.answer("pass")
    g.answer("attack")            # 20 against 11: the ogre deals 4
    assert g.state.stats["endurance"] == 16


def test_luck_with_a_special_weapon(tmp_path):
    """Lucky adds 2 points to the weapon's wound; unlucky leaves only 1 point (docs)."""
    book = fight("{enemies: [{name: Ogre, habilete: 8, endurance: 12}], win: 2}", "[{weapon: hache}]")
    g = play(tmp_path, book, [1, 1, 6, 6, 1, 1, 1, 1, 6, 6, 6, 6])
    g.answer("attack")
    g.answer("luck")
    assert g.state.pending["enemies"][0]["endurance"] == 7
    g.answer("attack")
    g.answer("luck")
    assert g.state.pending["enemies"][0]["endurance"] == 6


def test_fight_without_win_leaves_the_paragraph_choices(tmp_path):
    """A fight whose paragraph goes on with its own choices once won."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Un rat.
    combat: {enemies: [{name: Rat, habilete: 1, endurance: 2}]}
    choices: [{text: Continuer, to: 2}]
  2: {text: Victoire., end: victory}
""", [1, 1, 6, 6])
    assert g.prompt().kind == "combat"
    g.answer("attack")
    assert g.prompt().kind == "choice" and keys(g) == ["1"]


def test_save_in_the_middle_of_a_fight_and_load(tmp_path):
    """Combat state lives in state.pending as plain JSON: a save mid-fight works."""
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1, 4, 5])
    g.answer("attack")
    saved = g.save()
    again = Game.load(g.book, g.module, saved)
    assert again.prompt() == g.prompt() and again.prompt().kind == "combat-luck"
    again.answer("luck")
    assert again.state.stats["endurance"] == 19


def test_undo_restores_the_round(tmp_path):
    g = play(tmp_path, GOBLIN, [6, 6, 1, 1])
    g.answer("attack")
    g.undo()
    assert g.state.stats["endurance"] == 20 and g.state.pending["round"] == 0


def test_escape_only_where_the_paragraph_offers_it(tmp_path):
    """"Escape is possible only where a book paragraph offers it."""
    g = play(tmp_path, GOBLIN)
    assert "escape" not in [o.key for o in g.prompt().options]


def test_escape_with_its_cost_and_delay(tmp_path):
    """The book gives the cost of escaping and when it becomes possible."""
    book = fight("{enemies: [{name: Loup, habilete: 7, endurance: 8}], win: 2,"
                 " escape: {to: 3, after: 1, cost: {endurance: 2}}}")
    g = play(tmp_path, book, [5, 5, 3, 4])
    option = next(o for o in g.prompt().options if o.key == "escape")
    assert not option.enabled and option.reason.en == "not before the end of round 1"
    g.answer("attack")        # 13 against 17: a parry
    g.answer("escape")
    assert g.state.paragraph == 3 and g.state.stats["endurance"] == 18


def test_escape_that_costs_the_last_endurance_kills(tmp_path):
    book = fight("{enemies: [{name: Loup, habilete: 7, endurance: 8}], win: 2,"
                 " escape: {to: 3, cost: {stamina: 2}}}")
    g = play(tmp_path, book)
    g.state.stats["endurance"] = 2
    g.answer("escape")
    assert g.state.ended == "death"


def test_luck_prompt_appears_right_after_a_wound_and_only_then(tmp_path):
    """The front end offers Luck in a fight only after a wound; eating never in a fight."""
    faces = [6, 6, 1, 1, 3, 4, 4, 3, 1, 1, 6, 6, 2, 2, 2, 2]
    g = play(tmp_path, GOBLIN.replace("habilete: 5", "habilete: 10"), faces)
    g.state.stats["endurance"] = 15
    seen = []
    for _ in range(4):
        eat = g.module.commands()[0]
        assert not eat.available(g)
        g.answer("attack")
        wounded = bool(events(g, "wound"))
        seen.append((wounded, g.prompt().kind))
        if g.prompt().kind == "combat-luck":
            g.answer("pass")
    assert seen == [(True, "combat-luck"), (False, "combat"), (True, "combat-luck"), (False, "combat")]
