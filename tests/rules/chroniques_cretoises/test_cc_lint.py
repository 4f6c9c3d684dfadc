"""Module lint checks and schema: each problem has its code and its place."""
from cc_helpers import HEADER, ITEMS, codes, load

TOP = (HEADER + ITEMS).count("\n")   # lines before the test's body


def find(loaded, code):
    return [d for d in loaded.diagnostics if d.code == code]


def test_combat_without_outcome(tmp_path):
    """A fight must say where victory leads."""
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Loup, force: 2, protection: 12, beast: true}]\n")
    assert find(loaded, "combat-no-outcome")[0].span.human() == (TOP + 5, 5)


def test_oracle_target_missing(tmp_path):
    """An Oracle paragraph whose number + 20 does not exist, located on `oracle`."""
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1: {text: x, oracle: true, end: victory}\n")
    d = find(loaded, "oracle-target-missing")
    assert len(d) == 1 and d[0].span.human() == (TOP + 3, 24) and "unknown-target" not in codes(loaded)


def test_unknown_gods(tmp_path):
    """Unknown gods in effects, invocations and expressions; minor gods via options.gods."""
    loaded = load(tmp_path, "hero: {patron: Athena}\nparagraphs:\n  1:\n    text: x\n"
                            "    effects: [{god: {Poseidonn: défavorable}}]\n"
                            "    choices: [{text: a, to: 2, invoke: {god: Zéus}, if: 'god(\"Hadès\") == \"neutre\"'}]\n"
                            "  2: {text: y, end: victory}\n")
    assert len(find(loaded, "unknown-god")) == 2 and find(loaded, "unknown-reference")
    header = "gamebook: 1\ntitle: E\nrules: chroniques-cretoises\nstart: 1\noptions: {gods: [Hadès]}\n"
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1:\n    text: x\n"
                            "    choices: [{text: a, to: 2, if: 'god(\"Hadès\") == \"neutre\"'}]\n"
                            "  2: {text: y, end: victory}\n", header=header)
    assert not loaded.diagnostics


def test_group_fight_must_say_what_happens_when_all_are_badly_wounded(tmp_path):
    """'si tous sont Grièvement Blessés, vous trouverez les instructions nécessaires dans le texte'."""
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: A, force: 2, protection: 12}, {name: B, force: 2, protection: 12}]\n"
                            "      win: 2\n  2: {text: y, end: victory}\n")
    assert codes(loaded) == ["combat-no-all-down"]


def test_beast_with_items_and_unknown_spoils(tmp_path):
    """'les adversaires non humains n'ont pas d'armes et armures distinctes'."""
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Lion, force: 5, protection: 15, beast: true, items: [griffe]}]\n"
                            "      win: 2\n  2: {text: y, end: victory}\n")
    assert "beast-with-items" in codes(loaded) and "unknown-item" in codes(loaded)


def test_no_patron_warning_and_bad_cost(tmp_path):
    """Nothing gives a patron: a warning; an invocation price that is not a formula: an error."""
    loaded = load(tmp_path, "paragraphs:\n  1:\n    text: x\n"
                            "    choices: [{text: a, to: 2, invoke: {god: Arès, cost: '1d'}}]\n"
                            "  2: {text: y, end: victory}\n")
    assert set(codes(loaded)) == {"no-patron", "bad-cost"}


def test_schema_rejects_unknown_combat_fields(tmp_path):
    """Every module object is closed (additionalProperties: false)."""
    loaded = load(tmp_path, "hero: {patron: Arès, strength: 3}\nparagraphs:\n  1:\n    text: x\n    combat:\n"
                            "      enemies: [{name: Lion, force: 5, protection: 15}]\n      win: 2\n      flee: 3\n"
                            "  2: {text: y, end: victory}\n")
    assert codes(loaded).count("unknown-field") == 2


def test_schema_has_descriptions():
    """Every module field is described for editors."""
    from engine.rules.chroniques_cretoises import MODULE
    defs = MODULE.schema_defs()
    for name in ("hero", "item", "options", "combat"):
        for field, sub in defs[name]["properties"].items():
            assert sub.get("description") or name in ("combat",) and field == "enemies" or sub.get("type"), (name, field)
    assert all(v.get("description") for v in defs["paragraph"].values())


def test_exits_of_module_fields(tmp_path):
    """Combat outcomes, the Oracle (dashed) and Zeus's resurrection are exits."""
    from engine.rules.chroniques_cretoises import MODULE
    loaded = load(tmp_path, "hero: {patron: Arès}\nparagraphs:\n  1:\n    text: x\n    oracle: true\n    combat:\n"
                            "      enemies: [{name: G, force: 5, protection: 15}]\n      win: 2\n      retreat: 21\n"
                            "      surrender: {to: 21}\n  2: {text: y, end: victory}\n  21: {text: z, end: death, zeus: {resurrect: 2}}\n")
    assert not loaded.diagnostics
    exits = {(e.kind, e.target, e.dashed) for e in MODULE.exits(loaded.book.paragraphs[1])}
    assert exits == {("win", 2, False), ("retreat", 21, False), ("surrender", 21, False), ("oracle", 21, True)}
    assert [(e.kind, e.target) for e in MODULE.exits(loaded.book.paragraphs[21])] == [("zeus", 2)]


def test_documented_example_book_is_clean(tmp_path):
    """The complete example of docs/rules-chroniques-cretoises.md loads without a diagnostic."""
    from pathlib import Path
    from engine.lint.loader import load_book
    doc = (Path(__file__).resolve().parents[3] / "docs" / "rules-chroniques-cretoises.md").read_text("utf-8")
    snippet = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "exemple.yaml"
    path.write_text(snippet, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok and not loaded.diagnostics, [(d.code, d.message.en) for d in loaded.diagnostics]
