"""A group fight that ends 'all badly wounded' where victory leads pays its reward
(issue 33, item 8): play, the odds model and lint read it the same way.

The rule: 'si tous sont Grièvement Blessés, vous trouverez les instructions nécessaires
dans le texte' and 'Si Althéos est victorieux, il bénéficie alors de points d'Honneur
dont le nombre exact est indiqué dans le texte'.  A book whose `all_down` is `win`'s
paragraph counts it as the victory."""
from __future__ import annotations

from cc_helpers import codes, game, load

from engine.game import Game
from engine.game.dice import ScriptedDice

from engine.rules.chroniques_cretoises import model as R
from engine.rules.chroniques_cretoises.odds import node_of, rules_of
from engine.rules.chroniques_cretoises.transitions import Fight

HIT, MISS = [6, 6], [1, 1]   # 12 always wounds, 2 always misses


def wolves(all_down: int, reward: int = 2, honte: int = 0) -> str:
    return f"""\
    hero: {{patron: Arès, honneur: 3, honte: {honte}, equipment: [massue]}}
    paragraphs:
      1:
        text: Deux loups.
        combat:
          enemies:
            - {{name: Loup, force: 2, protection: 12, beast: true}}
            - {{name: Louve, article: la, force: 2, protection: 12, beast: true}}
          reward: {reward}
          win: 2
          all_down: {all_down}
      2: {{text: Victoire, end: victory}}
      3: {{text: Les loups s'enfuient., end: victory}}
    """


def _fight_down(g):
    """Both wolves badly wounded: hero strikes wound, their strikes miss."""
    for _ in range(4):
        g.answer("strike", 0)
        if g.state.pending and g.state.pending.get("turn") == "enemy":
            g.answer("defend", 0)


def test_all_down_where_victory_leads_pays_the_reward(tmp_path):
    g = game(tmp_path, wolves(all_down=2), dice=HIT + MISS + HIT + MISS + HIT + MISS + HIT)
    _fight_down(g)
    st = g.state
    assert (st.paragraph, st.stats["honneur"], st.extra["condition"]) == (2, 3 + 2, 0)
    assert any(e["type"] == "combat-won" and e.get("reward") == 2 for e in g.events)


def test_all_down_elsewhere_pays_nothing(tmp_path):
    g = game(tmp_path, wolves(all_down=3), dice=HIT + MISS + HIT + MISS + HIT + MISS + HIT)
    _fight_down(g)
    assert (g.state.paragraph, g.state.stats["honneur"]) == (3, 3)


def test_the_odds_model_pays_it_too(tmp_path):
    """Shame 4 against Honour 3: without the reward the fight's end is a death by Shame;
    with it (all_down == win) the hero survives 'all badly wounded'."""
    for all_down, ending in ((2, "all-badly-wounded"), (3, "shame")):
        loaded = load(tmp_path, wolves(all_down=all_down), name=f"w{all_down}.yaml")
        spec = loaded.book.paragraphs[1].fields["combat"]
        state = Game(loaded.book, loaded.module, ScriptedDice([])).state
        state.stats["honte"] = 4
        rules = rules_of(loaded.book, state, spec, spec["enemies"])
        assert rules.all_down_wins == (all_down == 2)
        node = node_of(state, spec)
        assert Fight(rules, state.stats["honneur"]).finish("all-badly-wounded", node).outcome == ending


def test_lint_reports_a_reward_no_ending_pays(tmp_path):
    assert "reward-never-paid" in codes(load(tmp_path, wolves(all_down=3), name="a.yaml"))
    assert "reward-never-paid" not in codes(load(tmp_path, wolves(all_down=2), name="b.yaml"))
    surrendering = wolves(all_down=3).replace("beast: true}", "surrenders: true}", 1)
    assert "reward-never-paid" not in codes(load(tmp_path, surrendering, name="c.yaml"))
    assert R.reward_payable({"enemies": [{}], "all_down": 3, "win": 2})   # one opponent: he dies
