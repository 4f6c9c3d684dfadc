"""`gamebook odds BOOK` on the Kai plugin: its table, and, for a module that gives no
starting sheets to analyse (kai without `hero_variants`), a line saying so that lists
the book's fights, instead of "no combat to analyse"."""
import json

from engine.cli import main
from engine.rules import registry
from engine.rules.base import RuleModule


def test_kai_gives_a_table_for_its_sheets(kai_installed, capsys):
    book = kai_installed / "book" / "la-tour-de-brume.yaml"
    assert main(["odds", str(book), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert len(rows) == 3 and all(set(r["win"]) == {"typical", "weakest", "strongest"} for r in rows)
    guardian = rows[-1]["win"]   # § 15, the hardest fight: the sheet decides it
    assert guardian["weakest"] < guardian["typical"] < guardian["strongest"]


def test_a_module_without_odds_says_so_and_lists_the_fights(kai_installed, capsys, monkeypatch):
    book = kai_installed / "book" / "la-tour-de-brume.yaml"
    monkeypatch.setattr(type(registry.get("kai")), "hero_variants", RuleModule.hero_variants)
    assert main(["odds", str(book), "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "La Tour de Brume: the rule module 'kai' computes no fight odds."
    assert out[1:3] == ["Fights in the book:", "  § 7  Maraudeur"]
    assert main(["odds", str(book), "--lang", "fr"]) == 0
    assert "le module de règles « kai » ne calcule pas de chances de combat" in capsys.readouterr().out
    assert main(["odds", str(book), "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows and all(r["win"] == {} and "computes no odds" in r["left_out"]["en"] for r in rows)


def test_kai_columns_name_what_the_policy_spends(kai_installed, capsys):
    book = kai_installed / "book" / "la-tour-de-brume.yaml"
    assert main(["odds", str(book), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "  weakest: Combat Skill 10, Endurance 20 — the weakest hero character creation can roll; " \
           "what the rules let the hero spend in a fight (the war cry), spent at best" in out
    assert main(["odds", str(book), "--lang", "fr"]) == 0
    assert "ce que les règles laissent dépenser en combat (le cri de guerre), dépensé au mieux" in \
        capsys.readouterr().out


def test_a_module_naming_nothing_says_the_policy_without_it(kai_installed, capsys, monkeypatch):
    book = kai_installed / "book" / "la-tour-de-brume.yaml"
    monkeypatch.setattr(type(registry.get("kai")), "fight_spending", None)
    assert main(["odds", str(book), "--lang", "en"]) == 0
    assert "; what the rules let the hero spend in a fight, spent at best" in capsys.readouterr().out
