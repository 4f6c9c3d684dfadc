"""Combat rules, one sentence of the rule text a test."""
from engine.game import Game
from cc_helpers import conditions, game, keys, of, strikes

FIGHT = """\
hero: {honneur: 5, honte: 0, patron: Arès, equipment: [epee, casque, bouclier]}
paragraphs:
  1:
    text: Un garde.
    combat:
      enemies: [{name: Garde, force: 6, protection: 14, items: [lance, jambieres]%s}]
      reward: 2
      win: 2
      retreat: 3
      surrender: {to: 4%s}
%s
  2: {text: Gagné., end: victory}
  3: {text: Enfui., choices: [{text: a, to: 2}]}
  4: {text: Rendu., choices: [{text: a, to: 2}]}
"""


def fight(tmp_path, dice, enemy="", surrender="", extra="", hero=None, protection=14):
    """The guard's fight; `hero` replaces the hero's fields (equipment kept unless given)."""
    body = (FIGHT % (enemy, surrender, extra)).replace("protection: 14", f"protection: {protection}")
    if "beast" in enemy:  # a beast carries nothing
        body = body.replace(", items: [lance, jambieres]", "")
    if hero:
        if "equipment" not in hero:
            hero += ", equipment: [epee, casque, bouclier]"
        body = body.replace("hero: {honneur: 5, honte: 0, patron: Arès, equipment: [epee, casque, bouclier]}",
                            "hero: {" + hero + "}")
    return game(tmp_path, body, dice)


def test_hero_strikes_first(tmp_path):
    """'Althéos a toujours le bénéfice de la première attaque'."""
    g = fight(tmp_path, [])
    assert g.prompt().options[0].key == "strike"


def test_opponent_strikes_first_after_another_action(tmp_path):
    """'sauf s'il accomplit ou tente d'accomplir une autre action comme d'invoquer les
    dieux ...; dans ce cas, l'adversaire a l'initiative du premier coup': a failed
    invocation (Honour too low) costs 1 Honneur and the opponent strikes."""
    g = fight(tmp_path, [], extra="      invoke: {god: Arès, cost: 9, to: 4}")
    g.answer("invoke")
    assert g.state.stats["honneur"] == 4 and keys(g)[0] == "defend"
    assert "invoke" not in keys(g)


def test_invocation_in_combat_that_is_paid_leaves_the_fight(tmp_path):
    """Invoking the patron in a fight for a price he can pay: the god's paragraph."""
    g = fight(tmp_path, [], extra="      invoke: {god: Arès, cost: 2, to: 4}")
    g.answer("invoke")
    assert g.state.paragraph == 4 and g.state.stats["honneur"] == 3


def test_magic_object_loses_the_initiative(tmp_path):
    """'...ou de se servir d'un objet magique': offered only when carried, before striking."""
    g = fight(tmp_path, [], extra="      use: {item: amulette, to: 4}")
    assert "use" not in keys(g)
    g2 = fight(tmp_path, [], extra="      use: {item: amulette, to: 4}",
               hero="honneur: 5, honte: 0, equipment: [epee, amulette]")
    assert "use" in keys(g2)
    g2.answer("use")
    assert g2.state.paragraph == 4


def test_initiative_field(tmp_path):
    """A book may give the first strike to the opponent (`initiative: enemy`)."""
    g = fight(tmp_path, [], extra="      initiative: enemy")
    assert keys(g) == ["defend"]


def test_strike_total_against_protection(tmp_path):
    """'Si le total est égal ou supérieur au total des points de Protection de
    l'adversaire ..., Althéos le blesse': Force 8 + 6 = 14 wounds Protection 14."""
    g = fight(tmp_path, [3, 3])
    g.answer("strike", 0)
    assert strikes(g.drain()) == [("hero", 6, 6, True)]


def test_eleven_and_twelve_always_wound(tmp_path):
    """'Si le résultat obtenu par le lancer des dés est 11 ou 12, Althéos blesse
    automatiquement son adversaire, quelle que soit ... la Protection'."""
    g = fight(tmp_path, [5, 6], protection=30)
    g.drain()
    g.answer("strike", 0)
    ev = g.drain()
    assert of(ev, "strike")[0]["hit"] and of(ev, "strike")[0]["automatic"] == "hit"


def test_two_and_three_always_miss(tmp_path):
    """'si Althéos tire 2 ou 3, cela signifie automatiquement que son adversaire a pu
    esquiver le coup': even with Honour making 3 enough."""
    g = fight(tmp_path, [1, 2], hero="honneur: 12, honte: 0")
    g.answer("strike", 10)
    ev = g.drain()
    assert strikes(ev) == [("hero", 3, -4, False)] and g.state.stats["honneur"] == 2


def test_opponent_fights_the_same_way(tmp_path):
    """'Son adversaire se bat exactement de la même manière': his 2d6 + Force against
    Althéos's Protection (10 + casque 4 + bouclier 2 = 16), 11 automatic."""
    g = fight(tmp_path, [1, 1, 5, 6])
    g.answer("strike", 0)
    g.answer("defend", 0)
    ev = g.drain()
    assert strikes(ev)[1] == ("enemy", 11, 10, True)
    assert conditions(ev) == [("Althéos", "blessé")]


def test_honour_spent_on_protection_for_one_strike(tmp_path):
    """'lorsque c'est à son adversaire de jeter les dés, Althéos peut, et pour un tour
    seulement, augmenter sa Protection en réduisant ses points d'Honneur'."""
    g = fight(tmp_path, [1, 1, 5, 5, 1, 1])
    g.answer("strike", 0)
    g.answer("defend", 1)        # needs 16 + 1 - 6 = 11: 10 misses
    ev = g.drain()
    assert strikes(ev)[1] == ("enemy", 10, 11, False)
    assert g.state.stats["honneur"] == 4 and g.state.stats["protection"] == 16


def test_honour_spent_is_lost_whatever_the_result(tmp_path):
    """'Après le lancer des dés de l'attaque, la Force reprend sa valeur initiale mais
    les points d'Honneur utilisés sont irrémédiablement perdus'."""
    g = fight(tmp_path, [1, 1])
    g.answer("strike", 3)
    assert g.state.stats["honneur"] == 2 and g.state.stats["force"] == 8


def test_spend_is_bounded_by_honour(tmp_path):
    """'Vous pouvez utiliser cet artifice aussi longtemps qu'Althéos possède des points
    d'Honneur': the amount offered is 0..Honneur; more is refused."""
    import pytest
    from engine.rules.base import Refused
    g = fight(tmp_path, [1, 1])
    assert g.prompt().options[0].amount == (0, 5)
    with pytest.raises(Refused):
        g.answer("strike", 6)


def test_badly_wounded_rolls_one_die(tmp_path):
    """'Celui qui souffre d'une telle blessure ne lance alors plus qu'un seul dé ...
    tirer 1 signifie automatiquement que vous avez manqué ..., mais tirer 6 ne signifie
    pas pour autant que vous avez blessé'."""
    g = fight(tmp_path, [6, 1], hero="condition: grièvement blessé, honneur: 12, honte: 0",
              protection=20)
    g.answer("strike", 0)        # 6 + 8 < 20: a 6 is no automatic hit
    ev = g.drain()
    assert strikes(ev)[0] == ("hero", 6, 12, False)
    g2 = fight(tmp_path, [1], hero="condition: grièvement blessé, honneur: 12, honte: 0")
    g2.answer("strike", 12)
    assert strikes(g2.drain()) == [("hero", 1, -6, False)]


def test_wound_three_times_kills_the_opponent(tmp_path):
    """'s'il était Grièvement Blessé, il meurt et le combat se termine aussitôt';
    victory: 'il bénéficie alors de points d'Honneur' and is Indemne again."""
    g = fight(tmp_path, [6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    for k in ("strike", "defend", "strike", "defend", "strike"):
        g.answer(k, 0)
    assert g.state.paragraph == 2 and g.state.stats["honneur"] == 7 and g.state.extra["condition"] == 0


def test_victory_restores_condition(tmp_path):
    """'sa Condition Physique se rétablit totalement et il se trouve Indemne à la fin de
    chaque combat auquel il survit'."""
    g = fight(tmp_path, [6, 6, 5, 6, 6, 6, 1, 1, 6, 6])
    for k in ("strike", "defend", "strike", "defend", "strike"):
        g.answer(k, 0)
    assert g.state.extra["condition"] == 0 and g.state.ended == "victory"


def test_death_in_combat(tmp_path):
    """'de Grièvement Blessé à Mort ... la Mort vous sera fatale'."""
    g = fight(tmp_path, [1, 6, 6], hero="condition: grièvement blessé, honneur: 0, honte: 0")
    g.answer("strike", 0)
    g.answer("defend", 0)
    assert g.state.ended == "death"


def test_retreat_only_while_unhurt_or_wounded(tmp_path):
    """'Si Althéos est Indemne ou Blessé (mais pas Grièvement), il peut tenter de battre
    en retraite'."""
    g = fight(tmp_path, [], hero="condition: grièvement blessé, honneur: 5, honte: 0")
    assert "retreat" not in keys(g)
    assert "retreat" in keys(fight(tmp_path, [], hero="condition: blessé, honneur: 5, honte: 0"))


def test_retreat_success(tmp_path):
    """'Chaque tentative lui coûte 1 point d'Honneur ... Une retraite réussit si vous
    tirez entre 1 et 4 ... Une tentative réussie pénalise de 1 point de Honte et vous
    devez vous rendre au numéro de paragraphe qui vous est indiqué'."""
    g = fight(tmp_path, [4])
    g.answer("retreat")
    assert (g.state.paragraph, g.state.stats["honneur"], g.state.stats["honte"]) == (3, 4, 1)


def test_retreat_failure(tmp_path):
    """'échoue avec 5 ou 6 ... vous n'aurez plus la possibilité de fuir'; the opponent strikes."""
    g = fight(tmp_path, [6])
    g.answer("retreat")
    assert keys(g)[0] == "defend" and g.state.stats["honneur"] == 4
    g.dice.faces += [1, 1]
    g.answer("defend", 0)
    assert "retreat" not in keys(g)


def test_retreat_range_from_the_book(tmp_path):
    """'à moins qu'il n'y ait une autre indication dans le texte': `range: [1, 2]`."""
    body = FIGHT.replace("retreat: 3", "retreat: {to: 3, range: [1, 2]}") % ("", "", "")
    g = game(tmp_path, body, [3])
    g.answer("retreat")
    assert g.state.pending["retreat_failed"]


def test_group_force_bonus(tmp_path):
    """'si Althéos affronte trois loups (de Force 2 et de Protection 12), le premier des
    loups possède alors une Force de 4, le second de 3 et le troisième de 2'."""
    from engine.rules.chroniques_cretoises import combat
    p = {"enemies": [{"force": 2, "state": "fighting"} for _ in range(3)]}
    assert [combat.enemy_force(p, i) for i in range(3)] == [4, 3, 2]
    p["enemies"][1]["state"] = "left"
    assert combat.enemy_force(p, 0) == 3


WOLVES = """\
paragraphs:
  1:
    text: Trois loups.
    combat:
      enemies:
        - {name: Loup 1, force: 2, protection: 12, beast: true}
        - {name: Loup 2, force: 2, protection: 12, beast: true}
      reward: 1
      win: 2
      all_down: 3
  2: {text: Gagné., end: victory}
  3: {text: Les loups s'enfuient., end: victory}
"""


def test_badly_wounded_opponent_leaves_a_group_fight(tmp_path):
    """'Lors de tels combats, un adversaire Grièvement Blessé est écarté ; s'il en
    reste, ses compagnons Indemnes poursuivent le combat ; si tous sont Grièvement
    Blessés, vous trouverez les instructions nécessaires dans le texte'."""
    g = game(tmp_path, WOLVES, [6, 6, 1, 1, 6, 6, 1, 1, 6, 6, 1, 1, 6, 6])
    for k in ("strike", "defend", "strike"):
        g.answer(k, 0)
    ev = g.drain()
    assert of(ev, "enemy-leaves")[0]["name"] == "Loup 1" and g.state.pending["current"] == 1
    for k in ("defend", "strike", "defend", "strike"):
        g.answer(k, 0)
    assert g.state.paragraph == 3 and g.state.extra["condition"] == 0


def test_surrender_only_against_humans_once_someone_is_badly_wounded(tmp_path):
    """'Dans ce cas et contre un adversaire humain, Althéos a la possibilité de se rendre'."""
    g = fight(tmp_path, [])
    assert "surrender" not in keys(g)
    g = fight(tmp_path, [], hero="condition: grièvement blessé, honneur: 5, honte: 0")
    assert "surrender" in keys(g)
    g = fight(tmp_path, [], hero="condition: grièvement blessé, honneur: 5, honte: 0", enemy=", beast: true")
    assert "surrender" not in keys(g)


def test_hero_surrender_costs_shame_armour_and_weapon(tmp_path):
    """'Althéos se trouve pénalisé de 1 point de Honte ... il doit donner ... l'élément
    de sa cuirasse le plus important et son arme la plus puissante'."""
    g = fight(tmp_path, [], hero="condition: grièvement blessé, honneur: 5, honte: 0, equipment: [massue, epee, casque, bouclier]")
    g.answer("surrender")
    st = g.state
    assert st.paragraph == 4 and st.stats["honte"] == 1
    assert "epee" not in st.items and "casque" not in st.items and st.items.get("bouclier") == 1
    assert st.stats["force"] == 5 and st.extra["condition"] == 0


def test_hero_surrender_refused_by_the_book(tmp_path):
    """'le texte vous dit exactement dans quels cas il accepte ou non'."""
    g = fight(tmp_path, [], surrender=", accepted: false",
              hero="condition: grièvement blessé, honneur: 5, honte: 0")
    g.answer("surrender")
    assert g.state.paragraph == 1 and keys(g)[0] == "defend" and "surrender" not in keys(g)


def test_opponent_surrender_accepted_gives_one_spoil(tmp_path):
    """'Si un adversaire se rend ... Il peut alors dépouiller son adversaire de l'arme ou
    de la pièce de cuirasse qu'il désire'."""
    g = fight(tmp_path, [6, 6, 1, 1, 6, 6], enemy=", surrenders: true")
    for k in ("strike", "defend", "strike"):
        g.answer(k, 0)
    assert keys(g) == ["accept:lance", "accept:jambieres", "refuse"]
    g.answer("accept:jambieres")
    assert g.state.items.get("jambieres") == 1 and g.state.paragraph == 2


def test_opponent_surrender_refused_costs_two_shame(tmp_path):
    """'Si un adversaire se rend, Althéos doit accepter sinon il est pénalisé de 2 points de Honte'."""
    g = fight(tmp_path, [6, 6, 1, 1, 6, 6], enemy=", surrenders: true", hero="honneur: 5, honte: 1")
    for k in ("strike", "defend", "strike"):
        g.answer(k, 0)
    g.answer("refuse")
    assert g.state.stats["honte"] == 3 and g.state.paragraph == 2


def test_shame_is_weighed_only_at_the_end_of_a_fight(tmp_path):
    """'Si, au milieu d'un combat, le total de ses points de Honte est supérieur ... il
    ne se passera rien avant la fin du combat ; de cette façon, les points d'Honneur
    obtenus par la victoire pourront éventuellement sauver Althéos'."""
    g = fight(tmp_path, [6, 6, 1, 1, 6, 6, 1, 1, 6, 6], hero="honneur: 3, honte: 2")
    g.answer("strike", 2)        # Honneur 1 < Honte 2 in the middle of the fight
    assert not g.state.ended
    for k in ("defend", "strike", "defend", "strike"):
        g.answer(k, 0)
    assert g.state.ended == "victory" and g.state.stats["honneur"] == 3


def test_shame_kills_after_the_fight_when_the_reward_is_not_enough(tmp_path):
    """The same, with a reward too small: death by Shame after the victory."""
    g = fight(tmp_path, [6, 6, 1, 1, 6, 6, 1, 1, 6, 6], hero="honneur: 5, honte: 4")
    g.answer("strike", 5)
    for k in ("defend", "strike", "defend", "strike"):
        g.answer(k, 0)
    assert g.state.ended == "death" and g.state.death_cause == "shame"


def test_save_in_the_middle_of_a_fight(tmp_path):
    """The fight lives in the state: a save reloaded mid-fight goes on identically."""
    g = fight(tmp_path, [6, 6, 1, 1, 3, 3])
    g.answer("strike", 0)
    saved = g.save()
    other = Game.load(g.book, g.module, saved)
    g.answer("defend", 0)
    other.answer("defend", 0)
    assert g.state.to_json() == other.state.to_json()


def test_every_roll_and_condition_change_is_an_event(tmp_path):
    """Every roll has a purpose; every condition change has French and English text."""
    g = fight(tmp_path, [6, 6])
    g.answer("strike", 0)
    ev = g.drain()
    assert of(ev, "dice")[0]["purpose"] == "combat:hero-strike"
    c = of(ev, "condition")[0]
    assert c["say"]["fr"] == "Garde : Indemne → Blessé." and c["say"]["en"] == "Garde: Unhurt → Wounded."
