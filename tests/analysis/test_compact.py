"""Compact explorer states: nothing JSON would tell apart is merged, nothing is lost."""
from engine.analysis.explore.compact import HEAD, MISSING, Layout, Overflow, Packer, States, freeze, rebuild, thaw, unpack
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
    packer = x.packer
    for key in space.states:
        state = rebuild(book, module, key)
        assert packer.pack(state) == key
        assert canonical(state) == canonical(rebuild(book, module, packer.pack(state)))
    other = Packer()   # another layout, its slots in another order: the same content
    assert [unpack(other.pack(rebuild(book, module, k))) for k in space.states] == \
        [unpack(k) for k in space.states]
    parts = unpack(space.states[0])
    assert parts[0] == space.paragraph[0] and isinstance(parts[1], dict)


def test_one_state_is_one_integer_whatever_the_layout_has_grown_to():
    book, module, _ = load("duel")
    from engine.analysis.explore.explorer import Explorer
    x = Explorer(book, module, max_states=50)
    space = x.run()
    lay = x.layout
    key, code = space.states[0], space.states.code(0)
    assert lay.encode(key) == code and lay.decode(code) == key
    later = lay.index("flags", "a-flag-given-a-slot-later")
    grown = code | lay.code(later, True)
    assert grown != code and "a-flag-given-a-slot-later" in unpack(lay.decode(grown))[4]
    assert len(lay.decode(grown)) == later + 1
    back = grown & ~lay.mask(later)
    assert back == code and lay.decode(back) == key   # trailing MISSING slots cut: one tuple
    assert lay.encode(key) == code   # the layout grew: the state's integer did not change


def test_moves_keep_every_move_and_share_the_shapes():
    from fractions import Fraction
    from engine.analysis.explore.space import Moves
    half = Fraction(1, 2)
    moves = Moves()
    moves.append(())
    moves.append(())
    moves[0] = [("1", [(1, 5)]), ("roll", [(half, 6), (half, -2)])]
    moves[1] = [("1", [(1, 7)]), ("roll", [(half, 8), (half, 9)])]
    assert moves[0] == [("1", [(1, 5)]), ("roll", [(half, 6), (half, -2)])]
    assert moves[1] == [("1", [(1, 7)]), ("roll", [(half, 8), (half, 9)])]
    assert moves.successors(0) == (5, 6, -2) and moves.has_moves(1)
    assert moves.shape[0] is moves.shape[1]   # one shape for the states whose moves read alike
    moves.append([])
    assert not moves.has_moves(2) and moves[2] == [] and len(moves) == 3


def test_shapes_are_shared_by_value_and_keep_exact_and_float_probabilities_apart():
    from fractions import Fraction
    from engine.analysis.explore.space import Moves
    moves = Moves()
    for _ in range(3):
        moves.append(())
    moves[0] = [("roll", [(Fraction(1, 3), 1), (Fraction(2, 3), 2)])]
    moves[1] = [("roll", [(Fraction(2, 6), 3), (Fraction(4, 6), 4)])]   # other objects, equal values
    moves[2] = [("roll", [(1 / 3, 3), (2 / 3, 4)])]                      # floats: not the same figures
    assert moves.shape[0] is moves.shape[1]
    assert moves.shape[2] is not moves.shape[0] and moves[2][0][1][0][0] == 1 / 3
    assert isinstance(moves[1][0][1][0][0], Fraction)


def test_a_flag_and_a_count_keep_their_own_values():
    """Each slot numbers its own values: a flag (True) at one slot and an item count
    (1) at another are the same number there, yet a state holding the count gives a
    count back (a dagger held once, not `true`)."""
    lay = Layout()
    flag, dagger = lay.index("flags", "a"), lay.index("items", "dague")
    states = States(lay)
    states.append(lay.encode((lay, 3, None, None, None) + (MISSING,) * (flag - HEAD) + (True,)))
    states.append(lay.encode((lay, 3, None, None, None) + (MISSING,) * (dagger - HEAD) + (1,)))
    assert states[0][flag] is True and len(states[0]) == flag + 1
    assert type(states[1][dagger]) is int and states[1][flag] is MISSING
    assert list(states) == [states[0], states[1]] and len(states) == 2


def test_a_slot_with_more_values_than_its_bits_is_widened():
    lay = Layout()
    gold = lay.index("stats", "or")
    width = lay.width[gold]
    for v in range(2 ** width - 1):   # (number 0 is MISSING)
        lay.code(gold, v)
    try:
        lay.code(gold, "one more")
        raise AssertionError("no Overflow")
    except Overflow as full:
        assert full.slot == gold
    before = lay.code(gold, 5)
    lay.widen(gold)
    assert lay.width[gold] == 2 * width and lay.code(gold, 5) == before   # (its lowest bit is the same)
    later = lay.index("flags", "f")
    assert lay.offset[later] == lay.offset[gold] + 2 * width
    assert lay.at(lay.code(gold, "one more") | lay.code(later, True), gold) == "one more"


def test_an_exploration_whose_slots_overflow_starts_again_with_the_same_graph(monkeypatch):
    from engine.analysis.explore import compact
    from engine.analysis.explore.compact import content
    from engine.analysis.explore.explorer import Explorer
    book, module, _ = load("duel")
    wide = Explorer(book, module).run()
    monkeypatch.setitem(compact.WIDTH, "stats", 1)   # one value a stat, then widened
    x = Explorer(book, module)
    narrow = x.run()
    assert narrow.restarts > wide.restarts and max(x.layout.width[i] for i in x.layout.of_part["stats"]) > 1
    assert [content(k) for k in narrow.states] == [content(k) for k in wide.states]
    assert list(narrow.actions) == list(wide.actions) and narrow.root == wide.root
