"""The Adventure Sheet: starting values, Force, Protection, Honneur, Honte, equipment."""
from cc_helpers import game, of

END = "  2: {text: Fin., end: victory}\n"


def test_initial_values_from_the_rule_text(tmp_path):
    """'notez vos valeurs initiales (Force 4, Protection 10, Honneur 7, Honte 0), et votre
    équipement (une massue de Force 1 et de Protection 0)': Force 4 + 1 with the massue."""
    g = game(tmp_path, "paragraphs:\n  1: {text: Début., end: victory}\n", items="")
    st = g.state
    assert st.items == {"massue": 1}
    assert (st.stats["force"], st.stats["protection"], st.stats["honneur"], st.stats["honte"]) == (5, 10, 7, 0)
    assert st.extra["condition"] == 0 and st.extra["zeus_used"] is False


def test_book_may_start_the_hero_with_other_values(tmp_path):
    """'Althéos commence l'aventure avec le nombre de points d'Honneur obtenus dans
    l'aventure précédente': a book's `hero:` gives other starting values."""
    g = game(tmp_path, "hero: {honneur: 12, honte: 2, force: 5, equipment: [epee, casque]}\n"
                       "paragraphs:\n  1: {text: Début., end: victory}\n")
    assert g.state.stats == {"honneur": 12, "honte": 2, "force": 9, "protection": 14}


def test_force_is_natural_plus_most_powerful_weapon(tmp_path):
    """'votre Force correspond à la somme de votre habileté naturelle au combat et de
    l'arme la plus puissante que vous transportez'."""
    g = game(tmp_path, "hero: {equipment: [massue, epee, lance]}\nparagraphs:\n  1: {text: x, end: victory}\n")
    assert g.state.stats["force"] == 4 + 4


def test_protection_counts_one_piece_of_each_kind(tmp_path):
    """'Supposons qu'il porte un casque et des jambières : les jambières donnent 1 point
    de Protection et le casque 2 points. Sa Protection est donc de 13 points'; a second
    helmet is a spare and does not add ('dont les points de Protection ne pourront de
    toute manière pas s'additionner')."""
    items = "items:\n  casque: {name: Casque, armour: {slot: tête, protection: 2}}\n" \
            "  vieux: {name: Vieux casque, armour: {slot: tête, protection: 1}}\n" \
            "  jambieres: {name: Jambières, armour: {slot: jambes, protection: 1}}\n"
    g = game(tmp_path, "hero: {equipment: [casque, jambieres, vieux]}\nparagraphs:\n  1: {text: x, end: victory}\n",
             items=items)
    assert g.state.stats["protection"] == 13


def test_no_more_than_two_spare_pieces_of_a_kind(tmp_path):
    """'Vous ne pouvez posséder plus de deux mêmes éléments de cuirasse (en plus de ceux
    que vous avez sur vous)': a fourth helmet is left behind (the weakest)."""
    g = game(tmp_path, "hero: {equipment: [casque, casque2, casque2]}\nparagraphs:\n"
                       "  1: {text: x, effects: [{gain: casque2}], choices: [{text: a, to: 2}]}\n" + END)
    assert {k: v for k, v in g.state.items.items() if k.startswith("casque")} == {"casque": 1, "casque2": 2}
    assert of(g.drain(), "armour-limit")


def test_derived_stats_cannot_be_set_by_effects(tmp_path):
    """Force and Protection are computed from the equipment: an effect that sets them
    is an error (`derived-stat`)."""
    from cc_helpers import load, codes
    loaded = load(tmp_path, "paragraphs:\n  1: {text: x, effects: [{add: {force: 1}}], end: victory}\n")
    assert "derived-stat" in codes(loaded)


def test_stat_aliases(tmp_path):
    """Stats have English aliases: honour/honor, shame."""
    g = game(tmp_path, "paragraphs:\n  1:\n    text: x\n    effects: [{add: {honour: 2, shame: 1}}]\n"
                       "    choices: [{text: a, to: 2, if: 'honor == 9 and shame == 1'}]\n" + END)
    assert g.prompt().options[0].enabled


def test_honour_never_below_zero(tmp_path):
    """'ils peuvent augmenter ou diminuer ... mais jamais être inférieurs à zéro'."""
    g = game(tmp_path, "paragraphs:\n  1: {text: x, effects: [{add: {honneur: -20}}], choices: [{text: a, to: 2}]}\n" + END)
    assert g.state.stats["honneur"] == 0


def test_honour_at_zero_only_comes_back_through_zeus_or_the_text(tmp_path):
    """'Si vous n'avez plus d'Honneur, vous ne pourrez récupérer de points qu'en
    invoquant Zeus ... ou en utilisant un des moyens particuliers décrits dans le
    texte': an ordinary gain is lost, `restore_honour` (a means of the text) works."""
    g = game(tmp_path, "paragraphs:\n  1:\n    text: x\n    effects: [{add: {honneur: -7}}, {add: {honneur: 3}}]\n"
                       "    choices: [{text: a, to: 2}]\n"
                       "  2: {text: y, effects: [{restore_honour: 2}], choices: [{text: b, to: 3}]}\n"
                       "  3: {text: Fin., end: victory}\n")
    assert g.state.stats["honneur"] == 0
    g.answer("1")
    assert g.state.stats["honneur"] == 2


def test_honour_lock_is_an_option(tmp_path):
    """Option honour_zero_lock: false lets every gain raise Honour from 0."""
    header = "gamebook: 1\ntitle: E\nrules: chroniques-cretoises\nstart: 1\noptions: {honour_zero_lock: false}\n"
    g = game(tmp_path, "paragraphs:\n  1:\n    text: x\n    effects: [{add: {honneur: -7}}, {add: {honneur: 3}}]\n"
                       "    choices: [{text: a, to: 2}]\n" + END, header=header)
    assert g.state.stats["honneur"] == 3


def test_starting_at_zero_honour_can_receive_points(tmp_path):
    """'des points vous seront attribués dans les premiers paragraphes de ce livre': a
    hero who starts at 0 (never fell to 0) may be given Honour."""
    g = game(tmp_path, "hero: {honneur: 0}\nparagraphs:\n  1: {text: x, effects: [{add: {honneur: 5}}], choices: [{text: a, to: 2}]}\n" + END)
    assert g.state.stats["honneur"] == 5


def test_shame_greater_than_honour_kills_without_resurrection(tmp_path):
    """'Si son total de points de Honte est supérieur à celui des points d'Honneur ...
    s'éventrer lui-même avec une dague — s'il en possède une —, à moins que Zeus ...
    ne le foudroie ... Dans ce cas précis, il lui sera absolument impossible de
    ressusciter' — not even through Zeus."""
    header = "gamebook: 1\ntitle: E\nrules: chroniques-cretoises\nstart: 1\noptions: {zeus_resurrection: 2}\n"
    g = game(tmp_path, "hero: {honneur: 2, equipment: [dague]}\nparagraphs:\n"
                       "  1: {text: x, effects: [{add: {honte: 3}}], choices: [{text: a, to: 2}]}\n" + END,
             header=header)
    ev = g.drain()
    assert g.state.ended == "death" and g.state.death_cause == "shame"
    assert "dague" in of(ev, "shame")[0]["say"]["fr"]
    assert [o.key for o in g.prompt().options] == ["restart"]


def test_shame_death_by_zeus_without_a_dagger(tmp_path):
    """'à moins que Zeus, le père des dieux, ne le foudroie' when he carries no dagger."""
    g = game(tmp_path, "paragraphs:\n  1: {text: x, effects: [{add: {honte: 8}}], choices: [{text: a, to: 2}]}\n" + END)
    assert "foudroie" in of(g.drain(), "shame")[0]["say"]["fr"]


def test_shame_death_restart_option(tmp_path):
    """Option shame_death_restart: false: after a death by Shame nothing is offered."""
    header = "gamebook: 1\ntitle: E\nrules: chroniques-cretoises\nstart: 1\noptions: {shame_death_restart: false}\n"
    g = game(tmp_path, "paragraphs:\n  1: {text: x, effects: [{add: {honte: 8}}], choices: [{text: a, to: 2}]}\n" + END,
             header=header)
    assert g.prompt().options == () and g.over


def test_sheet_and_toolbar_in_both_languages(tmp_path):
    """The Adventure Sheet 'permet de noter tout ce qu'il est important de savoir':
    stats, condition, patron, gods, Zeus and equipment, in French and English."""
    g = game(tmp_path, "hero: {patron: Athéna, gods: {Poséidon: défavorable}, equipment: [lance, casque, casque2]}\n"
                       "paragraphs:\n  1: {text: x, end: victory}\n")
    fr = dict(g.module.sheet(g.state, "fr"))
    en = dict(g.module.sheet(g.state, "en"))
    assert fr["Force"] == "7" and fr["Condition physique"] == "Indemne" and fr["Dieu protecteur"] == "Athéna"
    assert "Poséidon : Défavorable" in fr["Dieux"] and "Poséidon: Unfavourable" in en["Gods"]
    assert "Vieux casque (P 1) — de rechange" in fr["Équipement"] and "Lance (S 3, P 1) — in hand" in en["Equipment"]
    assert g.module.toolbar(g.state, "en").startswith("Strength 7  Protection 15  Honour 7  Shame 0  Unhurt")


def test_wound_and_heal_effects(tmp_path):
    """'A chaque fois que ... vous-même, Althéos, êtes touché, la Condition Physique ...
    descend d'une case'; two wounds from Grièvement Blessé's neighbour is death."""
    g = game(tmp_path, "paragraphs:\n  1: {text: x, effects: [{wound: 2}], choices: [{text: a, to: 2, if: 'condition == \"grièvement blessé\"'}]}\n"
                       "  2: {text: y, effects: [{blessure: 1}], choices: [{text: b, to: 1}]}\n")
    assert g.prompt().options[0].enabled
    g.answer("1")
    assert g.state.ended == "death"
