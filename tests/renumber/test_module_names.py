"""Format 1.1: a paragraph name in the fields a rule module owns (a combat's `win`,
a test's `failure`, an invocation's `to`, Zeus' paragraph...) is resolved to its
number before the module sees it, reported when no paragraph has it, and accepted
by the schema; `renumber` writes the numbers."""
from __future__ import annotations

import pytest

from engine.renumber.numbering import renumber

from .test_names import _load

DF = """gamebook: 1.1
title: Names
language: en
rules: defis-fantastiques
start: gate
hero: {equipment: []}
paragraphs:
  gate:
    text: A gate.
    combat:
      enemies: [{name: Orc, habilete: 5, endurance: 4}]
      win: hall
      escape: {to: tower, cost: {endurance: 2}}
  hall:
    number: 40
    text: A hall.
    test: {type: chance, success: end, failure: tower}
  tower: {text: A tower., end: death}
  end: {text: Won., end: victory}
"""

CC = """gamebook: 1.1
title: Noms
rules: chroniques-cretoises
start: debut
options: {zeus_resurrection: temple, gods: [Héphaïstos]}
paragraphs:
  debut:
    text: Un combat.
    combat:
      enemies: [{name: Garde, force: 5, protection: 12, surrenders: true}, {name: Chien, force: 3, protection: 10, beast: true}]
      win: victoire
      all_down: victoire
      retreat: {to: fuite, range: [1, 3]}
      surrender: {to: reddition}
      invoke: {god: Héphaïstos, to: temple}
      use: {item: massue, to: fuite}
  fuite: {text: Fuite., zeus: {resurrect: temple}, end: death}
  reddition: {text: Reddition., choices: [{text: Suite, to: victoire}]}
  temple: {text: Temple., choices: [{text: Suite, to: victoire}]}
  victoire: {text: Gagné., end: victory}
"""

KAI = """gamebook: 1.1
title: Noms
rules: kai
start: pont
hero: {equipment: []}
paragraphs:
  pont:
    text: Un pont.
    combat:
      enemies: [{name: Brigand, maitrise: 10, vigueur: 8}]
      win: tour
      evade: {after: 1, to: marais}
  marais: {text: Marais., end: death}
  tour: {text: Tour., end: victory}
"""


def _errors(loaded):
    return [(d.code, d.message.en) for d in loaded.diagnostics if d.severity == "error"]


def test_defis_fantastiques_fight_escape_and_test_take_names(tmp_path):
    loaded = _load(tmp_path, DF)
    assert not _errors(loaded)
    p = loaded.book.paragraphs
    assert p[1].fields["combat"]["win"] == 40 and p[1].fields["combat"]["escape"]["to"] == 2
    assert p[1].fields["combat"]["enemies"][0]["name"] == "Orc"     # other strings untouched
    assert p[40].fields["test"] == {"type": "chance", "success": 3, "failure": 2}


def test_chroniques_cretoises_every_target_field_takes_names(tmp_path):
    loaded = _load(tmp_path, CC)
    assert not _errors(loaded)
    book, n = loaded.book, {"fuite": 2, "reddition": 3, "temple": 4, "victoire": 5}
    combat = book.paragraphs[book.start].fields["combat"]
    assert (combat["win"], combat["all_down"]) == (n["victoire"], n["victoire"])
    assert combat["retreat"] == {"to": n["fuite"], "range": [1, 3]}
    assert combat["surrender"]["to"] == n["reddition"] and combat["invoke"] == {"god": "Héphaïstos", "to": n["temple"]}
    assert combat["use"] == {"item": "massue", "to": n["fuite"]}
    assert book.paragraphs[n["fuite"]].fields["zeus"] == {"resurrect": n["temple"]}
    assert book.options["zeus_resurrection"] == n["temple"]


def test_the_kai_plugin_fight_takes_names(tmp_path):
    loaded = _load(tmp_path, KAI)
    assert not _errors(loaded)
    combat = loaded.book.paragraphs[loaded.book.start].fields["combat"]
    assert combat["win"] == 3 and combat["evade"] == {"after": 1, "to": 2}


@pytest.mark.parametrize("text,wrong", [
    (DF, "win: hall"), (DF, "failure: tower"), (CC, "surrender: {to: reddition}"),
    (CC, "zeus: {resurrect: temple}"), (KAI, "to: marais}")])
def test_an_unknown_name_in_a_module_field_is_located(tmp_path, text, wrong):
    bad = wrong.replace(wrong.split()[-1].strip("}"), "nowhere")
    text = text.replace(wrong, bad)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if bad in row)
    loaded = _load(tmp_path, text)
    found = [d for d in loaded.diagnostics if d.code == "unknown-paragraph-name"]
    assert len(found) == 1 and found[0].span.line + 1 == line and "nowhere" in found[0].message.en
    assert not [c for c, _ in _errors(loaded) if c != "unknown-paragraph-name"]


def test_a_misnamed_zeus_paragraph_option_is_reported(tmp_path):
    loaded = _load(tmp_path, CC.replace("zeus_resurrection: temple", "zeus_resurrection: tempel"))
    assert [d.code for d in loaded.diagnostics if d.code == "unknown-paragraph-name"] == ["unknown-paragraph-name"]


@pytest.mark.parametrize("text", [DF, CC, KAI])
def test_renumber_writes_numbers_in_module_fields(tmp_path, text):
    before = _load(tmp_path, text)
    out = renumber(tmp_path / "b.yaml", False)[0]
    assert "nowhere" not in out and "hall" not in out.split("paragraphs:")[1].replace("A hall", "")
    after = _load(tmp_path, out)
    assert not _errors(after)
    assert before.book.paragraphs.keys() == after.book.paragraphs.keys()
    for n, p in before.book.paragraphs.items():
        assert after.book.paragraphs[n].fields == p.fields


def test_a_word_the_schema_allows_instead_of_a_number_is_not_a_name(tmp_path):
    loaded = _load(tmp_path, CC.replace("all_down: victoire", "all_down: continue"))
    assert not _errors(loaded)
    assert loaded.book.paragraphs[1].fields["combat"]["all_down"] == "continue"
