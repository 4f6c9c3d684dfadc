"""Module checks, exits and grants."""
from engine.lint import checks as core_lint
from engine.rules import registry

from df_helpers import HEADER, codes, load

MODULE = registry.get("defis-fantastiques")


def diag(loaded, code):
    return next(d for d in loaded.diagnostics if d.code == code)


def test_combat_without_outcome(tmp_path):
    """A fight must lead somewhere: `win` or the paragraph's choices."""
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un ours.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10}]}
""")
    d = diag(loaded, "combat-no-outcome")
    assert d.span.human() == (18, 5) and "win" in d.message.en


def test_test_without_both_targets(tmp_path):
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un saut.
    test: {type: chance, success: 2}
    choices: [{text: Fin, to: 2}]
  2: {text: Fin., end: victory}
""")
    d = diag(loaded, "test-missing-target")
    assert "failure" in d.message.en and d.span.human() == (18, 5)


def test_weapon_effect_on_an_item_that_is_no_weapon(tmp_path):
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un coffre.
    effects: [{weapon: corde}, {armour: hache}, {weapon: rien}]
    choices: [{text: Fin, to: 2}]
  2: {text: Fin., end: victory}
""")
    assert {"not-a-weapon", "not-an-armour", "unknown-item"} <= set(codes(loaded))


def test_hero_formula_errors_are_located(tmp_path):
    header = HEADER.replace("habilete: 10,", "habilete: 1d6+chance,")
    loaded = load(tmp_path, "paragraphs:\n  1: {text: Fin., end: victory}\n", header)
    d = diag(loaded, "hero-formula")
    assert d.span.human() == (5, 22)   # the caret is on `chance`


def test_unknown_starting_equipment_and_default_equipment(tmp_path):
    """The default equipment (épée, balluchon) must exist in the catalogue."""
    header = HEADER.replace("  epee: {name: Épée, weapon: {damage: 2}}\n", "")
    loaded = load(tmp_path, "paragraphs:\n  1: {text: Fin., end: victory}\n", header)
    assert "unknown-item" in codes(loaded)


def test_escape_cost_must_name_a_stat(tmp_path):
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un ours.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10}], win: 2, escape: {to: 2, cost: {sante: 2, stamina: 1}}}
  2: {text: Fin., end: victory}
""")
    assert codes(loaded).count("unknown-stat") == 1


def test_combat_and_test_in_one_paragraph(tmp_path):
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Trop.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10}], win: 2}
    test: {type: chance, success: 2, failure: 2}
  2: {text: Fin., end: victory}
""")
    assert "several-activities" in codes(loaded)


def test_schema_rejects_unknown_fields(tmp_path):
    """additionalProperties: false everywhere in the module's schema."""
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un ours.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10, force: 3}], win: 2, mode: ensemble}
  2: {text: Fin., end: victory}
""")
    assert {"unknown-field", "schema"} <= set(codes(loaded))


def test_exits_and_grants_feed_the_core_checks(tmp_path):
    """Win, escape and test targets are exits; `weapon`/`armour` effects grant items."""
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un ours.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10}], win: 2, escape: {to: 3}}
  2:
    text: Un gué.
    test: {type: skill, success: 4, failure: 9}
  3:
    text: Une lance.
    effects: [{weapon: lance}]
    choices: [{text: Fin, to: 4, if: 'has("lance")'}]
  4: {text: Fin., end: victory}
""")
    kinds = {(e.kind, e.target) for n in (1, 2) for e in core_lint.exits(loaded.book, MODULE, n)}
    assert kinds == {("win", 2), ("escape", 3), ("success", 4), ("failure", 9)}
    assert "unknown-target" in codes(loaded)
    assert "never-granted" not in codes(loaded) and "unreachable" not in codes(loaded)
    assert MODULE.grants(loaded.book) == {"item": {"lance"}}


def test_every_module_code_is_bilingual(tmp_path):
    loaded = load(tmp_path, """
paragraphs:
  1:
    text: Un ours.
    combat: {enemies: [{name: Ours, habilete: 8, endurance: 10}]}
    test: {type: chance}
""")
    for d in loaded.diagnostics:
        assert d.message.fr and d.message.en and d.message.fr != d.message.en
