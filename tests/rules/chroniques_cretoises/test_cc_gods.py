"""Gods, Zeus and the Oracle."""
import pytest

from engine.rules.base import Refused
from cc_helpers import game, keys, of

ZHEAD = "gamebook: 1\ntitle: E\nrules: chroniques-cretoises\nstart: 1\noptions: {zeus_resurrection: 5}\n"


def test_patron_chosen_at_the_start_by_an_effect(tmp_path):
    """'Au début de son aventure, il doit choisir de se placer sous la protection
    d'Arès, d'Athéna, de Poséidon, d'Apollon, d'Aphrodite ou d'Héra'."""
    g = game(tmp_path, "paragraphs:\n  1:\n    text: Choisissez.\n    choices:\n"
                       "      - {text: Athéna, to: 2, effects: [{patron: Athéna}]}\n"
                       "      - {text: Arès, to: 2, effects: [{patron: Ares}]}\n"
                       "  2: {text: x, choices: [{text: a, to: 3, if: 'patron == \"Athéna\" and god(\"Athéna\") == \"favorable\"'}]}\n"
                       "  3: {text: Fin., end: victory}\n")
    g.answer("1")
    assert g.state.extra["patron"] == "Athéna" and g.prompt().options[0].enabled


def test_other_gods_start_neutral_and_change_by_effects(tmp_path):
    """'Au départ, tous les dieux ont une attitude Neutre — sauf son dieu tutélaire —
    mais cette attitude peut évoluer au cours de l'aventure'."""
    g = game(tmp_path, "hero: {patron: Héra}\nparagraphs:\n  1:\n    text: x\n"
                       "    choices: [{text: a, to: 2, if: 'god(\"Poséidon\") == \"neutre\"', effects: [{god: {Poséidon: défavorable}}]}]\n"
                       "  2: {text: y, choices: [{text: b, to: 3, if: 'dieu(\"Poseidon\") == \"défavorable\"'}]}\n"
                       "  3: {text: Fin., end: victory}\n")
    assert g.prompt().options[0].enabled
    g.answer("1")
    assert g.prompt().options[0].enabled and of(g.drain(), "god")


INVOKE = """\
hero: {patron: Athéna, honneur: %d}
paragraphs:
  1:
    text: Un gouffre.
    choices:
      - {text: Prier Athéna, to: 2, invoke: {god: Athéna, cost: "%s"}}
  2: {text: Athéna vous aide., end: victory}
"""


def test_invoking_the_patron_costs_honour(tmp_path):
    """'si le dieu indiqué est son dieu protecteur, celui-ci pourra demander à Althéos
    quelques points d'Honneur (parfois un nombre aléatoire)'."""
    g = game(tmp_path, INVOKE % (7, "1d6"), [4])
    g.answer("1")
    assert g.state.paragraph == 2 and g.state.stats["honneur"] == 3


def test_invoking_without_enough_honour(tmp_path):
    """'si Althéos n'a pas assez de points d'Honneur, il devra revenir au numéro de
    paragraphe où le choix lui avait été offert mais perdra 1 point d'Honneur'."""
    g = game(tmp_path, INVOKE % (2, "3"))
    g.answer("1")
    assert g.state.paragraph == 1 and g.state.stats["honneur"] == 1
    assert of(g.drain(), "invoke")[0]["paid"] is False


def test_zeus_only_where_offered_and_once(tmp_path):
    """'Zeus ne pourra aider Althéos qu'une seule fois au cours de toute l'aventure ...
    même si le texte vous en offre plusieurs fois la possibilité'."""
    g = game(tmp_path, "paragraphs:\n  1: {text: x, choices: [{text: a, to: 2}]}\n"
                       "  2: {text: y, zeus: true, choices: [{text: b, to: 3}]}\n"
                       "  3: {text: z, zeus: true, choices: [{text: c, to: 4}]}\n  4: {text: Fin., end: victory}\n",
             [5])
    zeus = next(c for c in g.module.commands() if "zeus" in c.names)
    assert not zeus.available(g)
    with pytest.raises(Refused):
        g.command("zeus", "2")
    g.answer("1")
    assert zeus.available(g)
    g.command("zeus", "2")                # '2. Zeus accorde simplement de 1 à 6 points d'Honneur'
    assert g.state.stats["honneur"] == 12
    g.answer("1")
    assert not zeus.available(g)
    with pytest.raises(Refused):
        g.command("zeus", "4")


def test_zeus_restores_honour_from_zero(tmp_path):
    """'3. Si son Honneur était à 0, Zeus peut le rétablir à 1 et permettre ainsi à
    Althéos de regagner des points d'Honneur'."""
    g = game(tmp_path, "paragraphs:\n  1: {text: x, zeus: true, effects: [{add: {honneur: -9}}], choices: [{text: a, to: 2}]}\n"
                       "  2: {text: y, effects: [{add: {honneur: 2}}], choices: [{text: b, to: 3}]}\n  3: {text: Fin., end: victory}\n")
    g.command("zeus")                      # without a word: Zeus's answers as a prompt
    assert g.prompt().kind == "zeus" and [o.enabled for o in g.prompt().options] == [False, True, True, True, True]
    g.answer("retablir")
    assert g.state.stats["honneur"] == 1
    g.answer("1")
    assert g.state.stats["honneur"] == 3


def test_zeus_sets_every_god_back_to_neutral(tmp_path):
    """'4. Zeus peut ordonner à tous les dieux de revenir à une attitude Neutre'."""
    g = game(tmp_path, "hero: {patron: Arès, gods: {Héra: défavorable, Apollon: favorable}}\n"
                       "paragraphs:\n  1: {text: x, zeus: true, choices: [{text: a, to: 2}]}\n  2: {text: Fin., end: victory}\n")
    g.command("zeus", "dieux")
    gods = g.state.extra["gods"]
    assert gods["Héra"] == gods["Apollon"] == "neutre" and gods["Arès"] == "favorable"


DEATH = """\
hero: {honneur: 3, honte: %d, equipment: [epee]}
paragraphs:
  1: {text: x, choices: [{text: a, to: 2}]}
  2: {text: Un piège mortel., end: death}
  5: {text: Zeus vous a sauvé., end: victory}
"""


def test_zeus_resurrection(tmp_path):
    """'1. ... Zeus ressuscite Althéos au numéro de paragraphe indiqué dans le texte avec
    tout son équipement, ses points de Honte à 0, et ses points d'Honneur à 1'."""
    g = game(tmp_path, DEATH % 2, header=ZHEAD)
    g.answer("1")
    assert keys(g) == ["zeus", "restart"]
    g.answer("zeus")
    st = g.state
    assert (st.paragraph, st.stats["honte"], st.stats["honneur"], st.items) == (5, 0, 1, {"epee": 1})


def test_no_resurrection_when_shame_exceeds_honour(tmp_path):
    """'Dans la mesure où le total des points de Honte d'Althéos n'est pas supérieur à
    ses points d'Honneur': a dead hero whose Honte > Honneur is not raised."""
    g = game(tmp_path, DEATH.replace("honneur: 3", "honneur: 9") % 2, header=ZHEAD)
    g.state.stats["honneur"] = 1
    g.answer("1")
    assert keys(g) == ["restart"]


def test_death_without_zeus_restarts_at_the_start(tmp_path):
    """'Althéos renaissant, tous vos points rétablis à leur valeur initiale, votre
    équipement à nouveau complet, et tous les dieux neutres ... recommencer ... au
    début de celui-ci'."""
    g = game(tmp_path, DEATH % 0 + "  3: {text: y, effects: [{god: {Héra: défavorable}}], choices: [{text: b, to: 2}]}\n")
    g.state.extra["gods"]["Héra"] = "défavorable"
    g.answer("1")
    assert keys(g) == ["restart"]
    g.answer("restart")
    assert g.state.paragraph == 1 and g.state.stats["honneur"] == 3 and g.state.extra["gods"]["Héra"] == "neutre"


ORACLE = """\
paragraphs:
  1: {text: Une statue., oracle: true, choices: [{text: a, to: 2}]}
  2: {text: Fin., end: victory}
  21: {text: L'Oracle vous a guidé mais vous a coûté., effects: [{add: {honneur: -1, honte: 1}}], choices: [{text: b, to: 2}]}
"""


def test_oracle_from_an_italic_paragraph(tmp_path):
    """'si vous vous trouvez à un paragraphe dont le numéro est indiqué en italique ...
    vous pouvez courir le risque en ajoutant 20 ... vous devez payer le prix de cette
    erreur de jugement soit en points d'Honneur soit en points de Honte (ou les deux)'."""
    g = game(tmp_path, ORACLE)
    assert g.module.header_style(g.book.paragraphs[1]) == "italic"
    assert g.module.header_style(g.book.paragraphs[2]) == "plain"
    g.command("consulter")
    assert g.state.paragraph == 21 and (g.state.stats["honneur"], g.state.stats["honte"]) == (6, 1)


def test_oracle_elsewhere_is_refused_without_cost(tmp_path):
    """'cette possibilité ne sera jamais indiquée explicitement dans le texte': elsewhere
    the command is refused, costs nothing, and the command stays listed everywhere."""
    g = game(tmp_path, ORACLE)
    g.state.paragraph = 2
    before = g.save()
    with pytest.raises(Refused):
        g.command("oracle")
    assert g.save() == before
    oracle = next(c for c in g.module.commands() if "oracle" in c.names)
    assert oracle.available(g)
