"""What the compiler does not know goes to the engine path, is reported, and the value
is still exact; the batched engine path (templates) builds the same states as the
engine one state at a time."""
from fractions import Fraction

from engine.analysis.compiled import solve
from engine.analysis.compiled.explorer import CompiledExplorer, explore_compiled
from engine.analysis.explore.exact import exact_values
from engine.analysis.explore.explorer import Explorer
from engine.analysis.explore.space import canonical
from engine.lint.loader import load_book
from tests.analysis_fixtures.support import load

BOOK = """gamebook: 1.1
id: compiled-unknown
title: La remise
language: fr
rules: defis-fantastiques
start: 1
hero: {habilete: 9, endurance: 12, chance: 8, equipment: []}
items:
  corde: {name: Corde}
  dague: {name: Dague rouillée, weapon: {damage: 2}}
paragraphs:
  1:
    text: Une remise et un puits.
    choices:
      - {text: Entrer dans la remise, to: 2, if: "not has('corde')"}
      - {text: Descendre dans le puits, to: 3, if: "has('corde')"}
      - {text: Repartir, to: 4}
  2:
    text: Vous trouvez une corde et une dague ; si l'écluse est ouverte, l'eau vous emporte.
    effects: [{gain: corde}, {gain: dague}]
    auto: [{if: "flag('ecluse')", to: 6}]
    choices:
      - {text: Revenir, to: 1}
  3: {text: "Au fond du puits, le trésor.", end: victory}
  4:
    text: La route est longue.
    choices:
      - {text: Revenir, to: 1}
      - {text: Ouvrir l'écluse et revenir, to: 1, effects: [{flag: ecluse}], once: true}
      - {text: Renoncer, to: 5}
  5: {text: Vous rentrez bredouille., end: death}
  6:
    text: Le bief ; tant que l'écluse est fermée, le courant vous ramène à la remise.
    auto: [{if: "not flag('ecluse')", to: 2}]
    choices:
      - {text: Revenir, to: 1}
"""


def test_a_way_the_compiler_does_not_know_goes_to_the_engine_and_is_reported(tmp_path):
    path = tmp_path / "unknown.yaml"
    path.write_text(BOOK, encoding="utf-8")
    loaded = load_book(path, use_cache=False)
    assert loaded.ok, loaded.diagnostics
    ex = explore_compiled(loaded.book, loaded.module)
    # (the shed is entered once: a gain repeated without end would make the space
    # infinite for an explorer that forgets nothing.)
    # 1 leads to 2, whose `auto:` leads to 6, whose `auto:` leads back to 2 (a chain
    # of jumps in a loop, which the compiler does not follow): the programs leave that
    # way to the engine; 2 and 6 have programs.
    assert ex.engine_paragraphs == {1: "target 2: `auto:` jumps in a loop"}
    assert ex.compiled_states > 0 and ex.engine_states > 0
    space = Explorer(loaded.book, loaded.module).run()
    value, _ = exact_values(space)
    assert solve(ex.graph)["exact"] == sum((p * value[t] for p, t in space.root), Fraction(0)) == 1


def test_a_module_without_vector_rules_goes_to_the_engine_whole():
    book, module, _ = load("quest")
    ex = explore_compiled(book, module)
    assert ex.compiled_states == 0
    assert {why for why in ex.engine_paragraphs.values() if not why.startswith("activity")} \
        <= {"module fixture without vector rules"}


def test_templates_build_the_states_of_the_engine_played_state_by_state():
    for name in ("quest", "df-crypt", "cc-duels", "softlock"):
        book, module, _ = load(name)
        found = []
        for batched in (False, True):
            x = CompiledExplorer(book, module, batched=batched)
            ex = x.run()
            found.append(({canonical(x.slots.unpack(r, book, module)) for r in x.table.rows},
                          solve(ex.graph)["exact"]))
        assert found[0] == found[1], name


def test_the_lens_forgets_and_a_path_its_graph_misses_starts_again():
    # The test book's tests send the hero on: with their exits hidden from the lens's
    # graph, a visit or an item it forgot could matter; the compiled explorer sees the
    # move, starts again with the graph corrected, and keeps today's value.
    from pathlib import Path
    book, module, _ = load(Path(__file__).parent / "books/tests.yaml")

    class Hidden(type(module)):
        def exits(self, paragraph):
            return () if "test" in paragraph.fields else super().exits(paragraph)
    full = CompiledExplorer(book, module, sheet=1, lens=False)
    value = solve(full.run().graph)["exact"]
    known = CompiledExplorer(book, module, sheet=1)
    assert solve(known.run().graph)["exact"] == value and known.restarts == 0
    assert known.table.n < full.table.n   # (something was forgotten)
    hidden = CompiledExplorer(book, Hidden(), sheet=1)
    assert solve(hidden.run().graph)["exact"] == value and hidden.restarts >= 1
