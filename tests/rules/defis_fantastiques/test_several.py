"""Several opponents: as one, one after another, or all together."""
from df_helpers import events, keys, play


def fight(mode: str, extra: str = "") -> str:
    return f"""
paragraphs:
  1:
    text: Deux brigands.
    combat:
      mode: {mode}
      win: 2
      enemies:
        - {{name: Borgne, habilete: 6, endurance: 2}}
        - {{name: Manchot, habilete: 8, endurance: 3{extra}}}
  2: {{text: Victoire., end: victory}}
"""


def test_as_one_is_a_normal_fight_against_one_opponent(tmp_path):
    """"Si ces ennemis se comportent comme un seul, la marche à suivre est la normale":
    one opponent, with the best Habileté and their Endurance together (docs)."""
    g = play(tmp_path, fight("as-one"), [1, 1, 6, 6])
    enemy, = g.state.pending["enemies"]
    assert enemy == {"name": "Borgne and Manchot", "fr": "le Borgne et le Manchot", "of": "du Borgne et du Manchot",
                     "plural": True, "habilete": 8, "endurance": 5, "damage": 2}
    g.answer("attack")
    assert [e["purpose"] for e in events(g, "dice")] == ["enemy-attack", "hero-attack"]
    assert g.state.pending["enemies"][0]["endurance"] == 3


def test_one_by_one_fights_the_next_once_the_first_is_beaten(tmp_path):
    """"dès que vous avez triomphé d'un ennemi, vous devez vous occuper du suivant !\""""
    g = play(tmp_path, fight("one-by-one"), [1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    assert keys(g) == ["attack"]
    g.answer("attack")            # the first falls (2 - 2)
    rounds = events(g, "combat-round")
    assert [r["enemy"] for r in rounds] == ["Borgne"]
    g.answer("attack")
    assert events(g, "combat-round")[0]["enemy"] == "Manchot"
    g.answer("pass")
    g.answer("attack")
    assert g.state.ended == "victory"


def test_together_the_player_chooses_the_target_each_round(tmp_path):
    """"vous pourrez choisir celui que vous affrontez"."""
    g = play(tmp_path, fight("together"), [1, 1, 1, 1, 6, 6])
    assert keys(g) == ["attack:0", "attack:1"]
    assert g.prompt().options[1].label.fr == "Attaquer le Manchot"
    g.answer("attack:1")
    dice = [e["purpose"] for e in events(g, "dice")]
    assert dice == ["enemy-attack", "enemy-attack", "hero-attack"]
    assert [e["endurance"] for e in g.state.pending["enemies"]] == [2, 1]


def test_together_a_higher_strength_against_another_only_avoids_the_blow(tmp_path):
    """"Si cette dernière est supérieure à celle de votre adversaire, vous ne lui infligez
    pas de blessure. Vous évitez simplement un coup.\""""
    g = play(tmp_path, fight("together"), [1, 1, 1, 1, 6, 6])
    g.answer("attack:1")
    results = {r["enemy"]: r["result"] for r in events(g, "combat-round")}
    assert results == {"Manchot": "hit", "Borgne": "dodge"}
    assert g.state.pending["enemies"][0]["endurance"] == 2


def test_together_a_lower_strength_against_another_is_a_wound(tmp_path):
    """"si votre Force d'Attaque est inférieure à celle de votre ennemi, vous êtes bel et
    bien blessé", and each wound gets its own Luck decision."""
    # Target Manchot 8+2=10, Borgne 6+12=18, hero 10+3=13: hit Manchot, wounded by Borgne.
    g = play(tmp_path, fight("together"), [1, 1, 6, 6, 1, 2])
    g.answer("attack:1")
    assert g.prompt().kind == "combat-luck" and g.state.pending["luck"]["kind"] == "dealt"
    g.answer("pass")
    assert g.prompt().kind == "combat-luck" and g.state.pending["luck"]["kind"] == "taken"
    assert g.state.stats["endurance"] == 18
    g.answer("pass")
    assert g.prompt().kind == "combat"


def test_together_no_target_choice_once_one_is_left(tmp_path):
    """"Vous devrez naturellement dominer tous vos adversaires": the last one is fought alone."""
    g = play(tmp_path, fight("together"), [1, 1, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    g.answer("attack:0")          # Borgne falls: his line stays, disabled (numbers kept)
    assert [(o.key, o.enabled) for o in g.prompt().options] == [("attack:0", False), ("attack:1", True)]
    g.answer("attack:1")
    g.answer("pass")
    g.answer("attack:1")
    assert g.state.ended == "victory"


def test_together_a_beaten_opponent_cannot_be_targeted(tmp_path):
    g = play(tmp_path, fight("together", ", damage: 1"), [1, 1, 1, 1, 6, 6])
    g.answer("attack:0")
    assert "attack:0" not in keys(g)
