"""Tentez votre Chance and Testez votre Habileté as paragraph activities."""
import pytest

from df_helpers import events, keys, play

BOOK = """
paragraphs:
  1:
    text: Un pont branlant.
    test: {{type: {kind}, success: 2, failure: 3{extra}}}
  2: {{text: Réussi., choices: [{{text: Retour, to: 1}}]}}
  3: {{text: Raté., choices: [{{text: Retour, to: 1}}]}}
  4:
    text: Armurerie.
    effects: [{{armour: mailles}}]
    choices: [{{text: Sortir, to: 1}}]
"""


def book(kind="chance", extra=""):
    return BOOK.format(kind=kind, extra=extra)


@pytest.mark.parametrize("faces, where, luck", [((4, 5), 2, 8), ((5, 5), 3, 8)])
def test_luck_is_two_dice_at_most_current_luck_and_costs_one_point_either_way(tmp_path, faces, where, luck):
    """"Si le résultat obtenu est inférieur ou égal à votre total de chance du moment,
    vous êtes chanceux ... Chaque fois que vous Tentez votre Chance, vous devez soustraire
    1 point à votre total de chance du moment." (Chance 9: 9 is lucky, 10 is not.)"""
    g = play(tmp_path, book("chance"), faces)
    assert g.prompt().kind == "test" and keys(g) == ["roll"]
    g.answer("roll")
    assert g.state.paragraph == where and g.state.stats["chance"] == luck
    assert [e["purpose"] for e in events(g, "dice")] == ["chance"]


@pytest.mark.parametrize("faces, where", [((5, 5), 2), ((5, 6), 3)])
def test_skill_is_two_dice_at_most_current_skill_without_loss(tmp_path, faces, where):
    """"si le résultat obtenu est inférieur ou égal à votre total d'HABILETÉ du moment,
    vous êtes déclaré habile ... vous ne devez pas soustraire 1 point à votre total
    d'HABILETÉ"."""
    g = play(tmp_path, book("habilete"), faces)
    g.answer("roll")
    assert g.state.paragraph == where and g.state.stats["habilete"] == 10


def test_armour_penalty_is_added_to_every_skill_roll(tmp_path):
    """"ajouter au moins 1 à votre lancer de dés chaque fois qu'il vous faut Tester votre
    Habileté ... dure aussi longtemps qu'elle figure sur votre Feuille d'Aventure"."""
    g = play(tmp_path, book("skill"), [4, 4, 4, 4])
    g.goto(4)
    g.answer("1")
    g.answer("roll")           # 8 + 2 (cotte de mailles) = 10 <= 10
    assert g.state.paragraph == 2
    g.command("drop-armour")
    g.answer("1")
    g.answer("roll")           # without armour: 8 <= 10
    skill = [e for e in events(g, "skill")]
    assert [(e["total"], e["penalty"]) for e in skill] == [(10, 2), (8, 0)]


def test_armour_penalty_can_make_a_skill_test_fail(tmp_path):
    """The penalty reduces the chances of success ("réduisant ainsi vos chances de succès")."""
    g = play(tmp_path, book("skill"), [5, 4])
    g.goto(4)
    g.answer("1")
    g.answer("roll")           # 9 + 2 = 11 > 10
    assert g.state.paragraph == 3


def test_armour_has_no_other_influence_on_skill(tmp_path):
    """"Les armures n'ont pas d'autre influence sur votre total d'HABILETÉ."""
    g = play(tmp_path, book("skill"), [])
    g.goto(4)
    assert g.state.stats["habilete"] == 10


def test_a_book_modifier_is_added_to_the_luck_roll(tmp_path):
    """Paragraph rules take priority: `modifier` adds to the roll (9 + 1 > 9)."""
    g = play(tmp_path, book("luck", ", modifier: 1"), [4, 5])
    g.answer("roll")
    assert g.state.paragraph == 3 and g.state.stats["chance"] == 8
