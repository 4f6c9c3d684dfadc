"""Compact explorer states: nothing JSON would tell apart is merged, nothing is lost."""
from engine.analysis.explore.compact import Packer, freeze, rebuild, thaw, unpack
from engine.analysis.explore.space import canonical
from tests.analysis_fixtures.support import load


def test_freeze_keeps_apart_what_json_keeps_apart():
    values = [1, True, 1.0, "1", [1], {"a": 1}, [["a", 1]], {"a": [1, {"b": None}]}, {}, []]
    frozen = [freeze(v) for v in values]
    assert len(set(frozen)) == len(values)
    for v, f in zip(values, frozen):
        assert thaw(f) == v and type(thaw(f)) is type(v)


def test_a_state_packs_and_rebuilds_to_the_same_content():
    book, module, _ = load("duel")
    from engine.analysis.explore.explorer import Explorer
    x = Explorer(book, module, max_states=50)
    space = x.run()
    packer = Packer()
    for key in space.states:
        state = rebuild(book, module, key)
        assert packer.pack(state) == key
        assert canonical(state) == canonical(rebuild(book, module, packer.pack(state)))
    parts = unpack(space.states[0])
    assert parts[0] == space.paragraph[0] and isinstance(parts[1], dict)


def test_shared_parts_are_one_object():
    book, module, _ = load("duel")
    from engine.analysis.explore.explorer import Explorer
    space = Explorer(book, module).run()
    ceilings = {id(key[2]) for key in space.states}
    assert len(ceilings) == len({key[2] for key in space.states})
