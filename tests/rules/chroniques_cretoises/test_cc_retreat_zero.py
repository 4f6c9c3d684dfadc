"""Issue 13.6: the retreat's label is true at 0 Honour (docs/rules-chroniques-cretoises.md, rule 18)."""
from cc_helpers import game

BODY = """\
hero: {honneur: %d, honte: 0, patron: Arès}
paragraphs:
  1:
    text: Un garde.
    combat:
      enemies: [{name: Garde, force: 6, protection: 14}]
      win: 2
      retreat: 3
  2: {text: Gagné., end: victory}
  3: {text: Enfui., choices: [{text: a, to: 2}]}
"""


def label(g, lang="fr"):
    return next(o.label.get(lang) for o in g.prompt().options if o.key == "retreat")


def test_retreat_costs_one_honour_and_says_so(tmp_path):
    g = game(tmp_path, BODY % 3, [2])
    assert "−1 point d'Honneur" in label(g)
    g.answer("retreat")
    assert g.state.stats["honneur"] == 2 and g.state.paragraph == 3


def test_retreat_at_zero_honour_costs_nothing_and_warns(tmp_path):
    g = game(tmp_path, BODY % 0, [2])
    assert "−1" not in label(g) and "rien à payer" in label(g) and "Honte" in label(g)
    assert "nothing to pay" in label(g, "en")
    g.answer("retreat")
    assert g.state.stats["honneur"] == 0 and g.state.ended == "death" and g.state.death_cause == "shame"
