"""One weapon, one armour with its wear and penalty, bare hands, meals."""
import pytest

from engine.rules.base import Refused

from df_helpers import HEADER, events, keys, play

SHOP = """
paragraphs:
  1:
    text: Une échoppe.
    choices:
      - {text: Prendre la hache, to: 1, effects: [{weapon: hache}]}
      - {text: Prendre la lance par gain, to: 1, effects: [{gain: lance}]}
      - {text: Enfiler le cuir, to: 1, effects: [{armour: cuir}]}
      - {text: Enfiler la cotte, to: 1, effects: [{armour: mailles}]}
      - {text: Jeter son arme, to: 1, effects: [{weapon: null}]}
      - {text: Se battre, to: 2}
  2:
    text: Un garde.
    combat: {enemies: [{name: Garde, habilete: 5, endurance: 20}], win: 3}
  3: {text: Victoire., end: victory}
"""


def test_taking_another_weapon_discards_the_old_one_for_ever(tmp_path):
    """"Vous ne pouvez emporter avec vous qu'une seule arme à la fois ... Lorsque vous
    abandonnez une arme, sachez qu'elle est perdue à jamais.\""""
    g = play(tmp_path, SHOP)
    g.answer("1")
    assert "epee" not in g.state.items and g.state.extra["weapon"] == "hache"
    assert events(g, "weapon-discarded")[0]["item"] == "epee"


def test_a_discarded_weapon_is_said_once(tmp_path):
    """Issue 13: "Vous abandonnez pour toujours : Épée." and not "Vous perdez : Épée." too."""
    for key in ("1", "2"):   # a `weapon:` effect, a core `gain`
        g = play(tmp_path, SHOP)
        g.events.clear()
        g.answer(key)
        said = [e["say"]["fr"] for e in g.events if "say" in e]
        assert [x for x in said if "Épée" in x] == ["Vous abandonnez pour toujours : Épée."]


def test_gaining_a_weapon_counts_as_taking_it(tmp_path):
    """A core `gain` of a second weapon also leaves the first one behind."""
    g = play(tmp_path, SHOP)
    g.answer("2")
    assert g.state.extra["weapon"] == "lance" and "epee" not in g.state.items


def test_a_new_armour_replaces_the_old_one(tmp_path):
    """"vous ne pouvez porter qu'une seule armure à la fois ... Une armure écartée est
    abandonnée pour toujours\""""
    g = play(tmp_path, SHOP)
    g.answer("3")
    g.answer("4")
    assert g.state.extra["armour"] == "mailles" and "cuir" not in g.state.items


def test_armour_absorbs_counts_hits_and_falls_apart_at_its_limit(tmp_path):
    """"votre armure vous protège chaque fois que vous perdez un combat ... vous devez
    ajouter 1 au nombre de coups déjà encaissés : dès que ce nombre atteint la limite
    prévue, l'armure tombe en ruine".  Cuir: absorbs 1, 2 hits."""
    g = play(tmp_path, SHOP, [6, 6, 1, 1] * 3)
    g.answer("3")
    g.answer("6")
    g.answer("attack")
    assert g.state.stats["endurance"] == 19 and g.state.extra["armour_hits"] == 1
    g.answer("pass")
    g.answer("attack")
    assert g.state.stats["endurance"] == 18 and "cuir" not in g.state.items
    assert events(g, "armour-broken")[0]["item"] == "cuir"
    g.answer("pass")
    g.answer("attack")
    assert g.state.stats["endurance"] == 16


def test_armour_may_absorb_the_whole_wound_and_then_luck_is_not_offered(tmp_path):
    """"Il se peut même que vous n'en perdiez aucun !" (absorbs 2)."""
    g = play(tmp_path, SHOP, [6, 6, 1, 1])
    g.answer("4")
    g.answer("6")
    g.answer("attack")
    assert g.state.stats["endurance"] == 20 and g.prompt().kind == "combat"
    assert g.state.extra["armour_hits"] == 1


@pytest.mark.parametrize("faces, endurance", [([4, 5], 20), ([6, 6], 18)])
def test_luck_after_a_wound_through_armour(tmp_path, faces, endurance):
    """Armour absorbs from the Luck-changed wound too: lucky 1 − 1 = 0, unlucky 3 − 1 = 2."""
    g = play(tmp_path, SHOP, [6, 6, 1, 1] + faces)
    g.answer("3")
    g.answer("6")
    g.answer("attack")
    g.answer("luck")
    assert g.state.stats["endurance"] == endurance and g.state.extra["armour_hits"] == 1


def test_armour_can_be_dropped_at_any_time_except_in_a_fight(tmp_path):
    """"Vous pouvez également abandonner votre armure ... à n'importe quel moment de votre
    aventure, sauf au cours d'un combat.\""""
    g = play(tmp_path, SHOP)
    with pytest.raises(Refused):
        g.command("abandonner-armure")
    g.answer("3")
    g.answer("6")
    assert not g.module.commands()[1].available(g)
    with pytest.raises(Refused) as err:
        g.command("drop-armour")
    assert "combat" in err.value.message.fr and "fight" in err.value.message.en
    g.undo()
    assert g.module.commands()[1].available(g)
    g.command("drop-armour")
    assert "cuir" not in g.state.items and g.state.extra["armour"] is None


def test_bare_handed_fight_costs_one_skill_for_that_fight(tmp_path):
    """"Si vous êtes en situation de combattre à mains nues ... vous devez soustraire 1 point
    à votre total d'HABILETÉ pendant la durée du combat.\""""
    g = play(tmp_path, SHOP, [1, 1, 4, 4])
    g.answer("5")
    g.answer("6")
    assert g.state.pending["unarmed"]
    g.answer("attack")
    assert events(g, "combat-round")[0]["hero"] == 17
    assert g.state.stats["habilete"] == 10


def test_forced_bare_hands_ignore_the_weapon(tmp_path):
    """A paragraph may make the hero fight bare-handed (`unarmed: true`)."""
    book = SHOP.replace("win: 3}", "win: 3, unarmed: true}")
    g = play(tmp_path, book, [1, 1, 4, 4])
    g.answer("1")                 # the axe: −1 attack, 3 damage, both ignored
    g.answer("6")
    g.answer("attack")
    assert events(g, "combat-round")[0]["hero"] == 17
    assert g.state.pending["enemies"][0]["endurance"] == 18


def test_option_bare_hands_means_no_weapon_and_no_armour(tmp_path):
    """The other reading of "sans arme ni armure", as a book option."""
    header = HEADER.replace("start: 1\n", "start: 1\noptions: {unarmed: no-weapon-no-armour}\n")
    g = play(tmp_path, SHOP, [], header=header)
    g.answer("3")
    g.answer("5")
    g.answer("6")
    assert not g.state.pending["unarmed"]


def test_a_meal_gives_up_to_four_endurance_never_above_the_maximum(tmp_path):
    """"Chaque fois que vous prenez un repas, vous pouvez gagner jusqu'à 4 points
    d'endurance" and "vos points d'endurance ne peuvent dépasser votre total de départ"."""
    g = play(tmp_path, SHOP)
    g.state.stats["endurance"] = 14
    g.command("manger")
    assert g.state.stats["endurance"] == 18 and g.state.stats["provisions"] == 1
    g.command("eat")
    assert g.state.stats["endurance"] == 20 and g.state.stats["provisions"] == 0


def test_no_meal_during_a_fight(tmp_path):
    """"Vous pouvez faire une pause pour consommer vos Provisions à n'importe quel moment,
    sauf lorsque vous êtes en train de combattre.\""""
    g = play(tmp_path, SHOP)
    g.state.stats["endurance"] = 14
    assert g.module.commands()[0].available(g)
    g.answer("6")
    assert not g.module.commands()[0].available(g)
    with pytest.raises(Refused) as err:
        g.command("manger")
    assert err.value.message.fr == "impossible de manger pendant un combat"
    assert g.state.stats["provisions"] == 2


def test_no_meal_without_provisions_or_at_full_endurance(tmp_path):
    g = play(tmp_path, SHOP)
    with pytest.raises(Refused):
        g.command("eat")            # already at 20/20
    g.state.stats["endurance"], g.state.stats["provisions"] = 10, 0
    assert not g.module.commands()[0].available(g)
    with pytest.raises(Refused) as err:
        g.command("eat")
    assert err.value.message.en == "you have no Provisions left"


def test_eating_is_allowed_during_a_test(tmp_path):
    """Only a fight forbids a meal."""
    g = play(tmp_path, """
paragraphs:
  1:
    text: Un gué.
    test: {type: skill, success: 2, failure: 2}
  2: {text: Fin., end: victory}
""")
    g.state.stats["endurance"] = 10
    g.command("eat")
    assert g.state.stats["endurance"] == 14 and keys(g) == ["roll"]


def _held(g, kind):
    return [i for i in g.state.items if (g.book.items.get(i) and g.book.items[i].props.get(kind)) is not None]


@pytest.mark.parametrize("seed", range(40))
def test_the_weapon_and_armour_the_rules_read_are_those_carried(tmp_path, seed):
    """Combat, wounds and tests read the weapon and armour that `normalise` keeps in the
    state: after every answer they are the one weapon and one armour among the items."""
    import random
    from engine.game.dice import SeededDice
    from engine.game import Game
    from df_helpers import load
    loaded = load(tmp_path, SHOP)
    g, rng = Game(loaded.book, loaded.module, SeededDice(seed)), random.Random(seed)
    for _ in range(60):
        for kind in ("weapon", "armour"):
            held = _held(g, kind)
            assert len(held) <= 1 and g.state.extra.get(kind) == (held[0] if held else None)
        options = [o for o in g.prompt().options if o.enabled and o.key != "restart"]
        if not options:
            break
        g.answer(rng.choice(options).key)


def test_a_wound_all_absorbed_after_luck_never_reads_minus_zero():
    """Issue 13: lucky, 1 point of wound, an armour absorbing 1: no "−0 Endurance"."""
    from engine.rules.defis_fantastiques import wounds

    class Play:   # the things _luck_taken reads and writes
        narrate = True
        book = type("Book", (), {"options": {}})()

        def __init__(self):
            self.said, self.state = [], type("S", (), {"stats": {"endurance": 10}})()
            self.module = type("Mod", (), {"clamp": staticmethod(lambda st, stat, v: v)})()

        def emit(self, kind, fr, en, **data):
            self.said.append((fr, en))

        def change(self, stat, value, reason):
            self.state.stats[stat] = value

    play = Play()
    wounds._luck_taken(play, {}, {"damage": 2, "absorbs": 1, "before": 10}, lucky=True)
    assert play.said == [("Votre blessure : aucun point d'Endurance en tout, au lieu de −1 Endurance.",
                          "Your wound: no Stamina point in all, instead of −1 Stamina.")]
    assert play.state.stats["endurance"] == 10


NO_ARMOUR_TWICE = """
paragraphs:
  1:
    text: Une échoppe.
    choices:
      - {text: Enfiler le cuir puis l'ôter, to: 2, effects: [{armour: cuir}, {lose: cuir}]}
      - {text: Passer, to: 2}
  2: {text: La rue., choices: [{text: Rester, to: 2}]}
"""


def test_no_armour_is_one_state_whether_one_was_worn_before_or_not(tmp_path):
    """The hit count exists only while an armour is worn: a hero who took one off and
    a hero who never wore one hold the same state (the explorer keeps one, issue 35)."""
    states = []
    for key in ("1", "2"):
        g = play(tmp_path, NO_ARMOUR_TWICE)
        g.answer(key)
        assert g.state.paragraph == 2 and g.state.extra.get("armour") is None
        states.append({k: v for k, v in g.state.extra.items() if k != "names"})
    assert states[0] == states[1] and "armour_hits" not in states[0]
