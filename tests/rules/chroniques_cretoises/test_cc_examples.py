"""The two worked combat examples of the rule text, replayed move by move."""
from cc_helpers import conditions, game, keys, of, strikes

LION = """\
hero: {honneur: 10, honte: 0, patron: Athéna, equipment: [lance, casque]}
paragraphs:
  1:
    text: Un lion surgit des broussailles.
    combat:
      enemies: [{name: Lion, force: 5, protection: 15, beast: true}]
      reward: 6
      win: 2
  2: {text: Le lion est mort., end: victory}
"""


def lion_opening(tmp_path, dice, **kw):
    """Common start: 'Althéos ... a donc 7 points de Force (4 + 3) et 15 points de
    Protection (10 + 4 + 1)' and the first four strikes of the example."""
    g = game(tmp_path, LION, dice, **kw)
    assert (g.state.stats["force"], g.state.stats["protection"]) == (7, 15)
    g.drain()
    assert "strike" in keys(g)                       # he strikes first
    assert "8 " in g.prompt().info[1].fr              # 'Il doit faire un 8'
    g.answer("strike", 0)                            # 'Il tire 6 et manque le lion'
    assert "10 " in g.prompt().info[1].fr             # 'Le lion a besoin de faire 10'
    g.answer("defend", 0)                            # 'Il tire 11 et Althéos est alors Blessé'
    g.answer("strike", 0)                            # '... fait 9 et le lion est Blessé'
    g.answer("defend", 0)                            # 'Il tire 10 : Grièvement Blessé'
    ev = g.drain()
    assert strikes(ev) == [("hero", 6, 8, False), ("enemy", 11, 10, True),
                           ("hero", 9, 8, True), ("enemy", 10, 10, True)]
    assert conditions(ev) == [("Althéos", "blessé"), ("Lion", "blessé"), ("Althéos", "grièvement blessé")]
    info = g.prompt().info[1].fr
    assert "1 dé +" in info and "impossible" in info   # 'cela est impossible avec un seul dé'
    g.answer("strike", 3)                            # 'Il en prend 3 ... n'a plus besoin que de faire 5. Il tire 6'
    ev = g.drain()
    assert strikes(ev) == [("hero", 6, 5, True)]
    assert conditions(ev) == [("Lion", "grièvement blessé")]
    assert g.state.stats["honneur"] == 7
    return g


def test_lion_example_following_the_two_dice_rule(tmp_path):
    """The lion, move by move.  The text contradicts itself at the end: it says the
    Grièvement Blessé lion 'ne peut donc plus blesser Althéos' (one die, needs 10),
    but the rule says 'Si, et seulement si, tous les combattants sont Grièvement
    Blessés alors il leur est permis de jeter 2 dés'.  Following the rule (the
    default option), the lion rolls two dice and misses with 4; Althéos, also on two
    dice, spends 2 Honour (needs 6) and kills it with 7; 'bénéficie finalement de 6
    points d'Honneur' and is 'à nouveau Indemne'."""
    g = lion_opening(tmp_path, [3, 3, 5, 6, 4, 5, 4, 6, 6, 2, 2, 3, 4])
    assert "2 dés +" in g.prompt().info[1].fr
    g.answer("defend", 0)
    g.answer("strike", 2)
    ev = g.drain()
    assert strikes(ev) == [("enemy", 4, 10, False), ("hero", 7, 6, True)]
    assert conditions(ev)[:1] == [("Lion", "mort")]
    assert g.state.stats["honneur"] == 7 - 2 + 6
    assert g.state.extra["condition"] == 0 and g.state.ended == "victory"


def test_lion_example_as_printed_with_one_die(tmp_path):
    """With option all_wounded_two_dice: false the example replays as printed: the
    lion on one die cannot reach 10; Althéos 'le tue le tour suivant en utilisant à
    nouveau quelques points d'Honneur' (3 again: needs 5 on one die, rolls 5)."""
    header = "gamebook: 1\ntitle: Essai\nrules: chroniques-cretoises\nstart: 1\n" \
             "options: {all_wounded_two_dice: false}\n"
    g = lion_opening(tmp_path, [3, 3, 5, 6, 4, 5, 4, 6, 6, 6, 5], header=header)
    assert "impossible" in g.prompt().info[1].fr
    g.answer("defend", 0)
    g.answer("strike", 3)
    ev = g.drain()
    assert strikes(ev) == [("enemy", 6, 10, False), ("hero", 5, 5, True)]
    assert g.state.stats["honneur"] == 7 - 3 + 6 and g.state.ended == "victory"


CRETANS = """\
hero: {honneur: 12, honte: 1, patron: Athéna, equipment: [lance, casque]}
paragraphs:
  1:
    text: Deux Crétois gardent l'entrée du labyrinthe.
    combat:
      enemies:
        - {name: Premier Crétois, force: 7, protection: 14, items: [massue, bouclier]}
        - {name: Second Crétois, force: 7, protection: 14, items: [massue, bouclier]}
      reward: 3
      win: 2
      retreat: 3
      all_down: continue
  2: {text: Les Crétois sont vaincus., end: victory}
  3: {text: Vous fuyez., end: death}
"""


def play_cretans(tmp_path):
    """The two Cretans, through to both being Grièvement Blessé.  The text says
    'il prend 5 de ses points d'Honneur' then 'perd ses deux points d'Honneur':
    we follow the rule (the 5 spent are lost) and the text's own total (6).
    Honneur 12 → 11 after the failed retreat ('perd 1 point d'Honneur') → 6 → 1."""
    dice = [5,            # retreat: 'fait 5, par conséquent échoue'
            1, 2,         # 1st Cretan 'tire 3' (needs 7: 15 - 8)
            4, 5,         # Althéos 'tire 9 et blesse le Crétois'
            2, 3,         # Cretan 'tire 5 et manque à nouveau'
            4, 4,         # Althéos 'touche encore le Crétois' (8)
            5, 6,         # 2nd Cretan 'tire 11 et Blesse Althéos' (needs 8)
            2, 3,         # Althéos 'tire 5 et rate' (needs 7)
            1, 2,         # Cretan 'tire 3 et manque automatiquement'
            1, 1,         # Althéos, 5 Honour spent, 'tire 2 mais c'est un coup manqué'
            1, 3,         # Cretan 'tire 4 et rate encore'
            6, 6,         # Althéos 'tire 12 et le Blesse automatiquement'
            4, 6,         # Cretan 'fait un 10 ... 17 points': Althéos Grièvement Blessé
            4]            # Althéos, one die, 5 Honour spent, 'tire 4 et réussit'
    g = game(tmp_path, CRETANS, dice)
    g.drain()
    g.answer("retreat")
    assert g.state.stats["honneur"] == 11
    info = g.prompt().info[1].fr
    assert "Force 8" in info                      # 'La Force effective du premier Crétois est de 8'
    assert "7 ou plus" in info                    # 'il a besoin de faire 7'
    g.answer("defend", 0)
    g.answer("strike", 0)
    g.answer("defend", 0)
    g.answer("strike", 0)
    ev = g.drain()
    assert strikes(ev) == [("enemy", 3, 7, False), ("hero", 9, 7, True),
                           ("enemy", 5, 7, False), ("hero", 8, 7, True)]
    assert of(ev, "enemy-leaves")[0]["name"] == "Premier Crétois"
    assert "8 ou plus" in g.prompt().info[1].fr   # 'n'a plus que 7 points de Force': needs 8
    g.answer("defend", 0)
    g.answer("strike", 0)
    g.answer("defend", 0)
    assert "retreat" not in keys(g)               # 'ne peut le faire car il a déjà échoué'
    g.answer("strike", 5)                         # 'prend 5 ... n'a besoin que de faire 2'
    assert g.state.stats["honneur"] == 6          # 'Ses points d'Honneur sont maintenant de 6'
    g.answer("defend", 0)
    g.answer("strike", 0)
    g.answer("defend", 0)
    ev = g.drain()
    assert strikes(ev) == [("enemy", 11, 8, True), ("hero", 5, 7, False), ("enemy", 3, 8, False),
                           ("hero", 2, 2, False), ("enemy", 4, 8, False), ("hero", 12, 7, True),
                           ("enemy", 10, 8, True)]
    assert conditions(ev) == [("Althéos", "blessé"), ("Second Crétois", "blessé"),
                              ("Althéos", "grièvement blessé")]
    assert "1 dé +" in g.prompt().info[1].fr
    g.answer("strike", 5)                         # 'utilise encore 5 points ... tire 4'
    ev = g.drain()
    assert strikes(ev) == [("hero", 4, 2, True)]
    assert g.state.stats["honneur"] == 1 and g.state.stats["honte"] == 1
    assert [e["condition"] for e in g.state.pending["enemies"]] == [2, 2]
    assert of(ev, "all-down")
    # 'les deux parties ont le droit de tirer deux dés au lieu d'un'
    assert "2 dés +" in g.prompt().info[1].fr
    return g


def test_two_cretans_example(tmp_path):
    """Both Cretans end Grièvement Blessé, every roll as in the text (see play_cretans)."""
    g = play_cretans(tmp_path)
    assert g.state.pending["all_down"] is True and not g.state.ended


def test_two_cretans_fight_goes_on_with_two_dice_to_victory(tmp_path):
    """After both Cretans are Grièvement Blessé, the fight goes on ('ils ne se
    rendront donc jamais') with two dice on both sides; a victory brings the reward,
    then Shame is weighed (Honte 1, Honneur 1 + 3: he lives)."""
    g = play_cretans(tmp_path)
    g.dice.faces += [1, 2, 6, 5]
    g.answer("defend", 0)
    g.answer("strike", 0)
    ev = g.drain()
    assert strikes(ev) == [("enemy", 3, 8, False), ("hero", 11, 7, True)]
    assert g.state.ended == "victory" and g.state.stats["honneur"] == 4
