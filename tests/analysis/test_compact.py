"""Compact explorer states: nothing JSON would tell apart is merged, nothing is lost."""
from engine.analysis.explore.compact import HEAD, MISSING, Packer, close, freeze, rebuild, thaw, unpack, with_changes
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


def test_one_state_is_one_tuple_whatever_the_layout_has_grown_to():
    book, module, _ = load("duel")
    from engine.analysis.explore.explorer import Explorer
    x = Explorer(book, module, max_states=50)
    space = x.run()
    key = space.states[0]
    later = x.layout.index("flags", "a-flag-given-a-slot-later")
    grown = with_changes(key, key[1:HEAD], ((later, True),))
    assert len(grown) == later + 1 and close(grown) != key
    back = with_changes(close(grown), key[1:HEAD], ((later, MISSING),))
    assert close(back) == key   # trailing MISSING slots cut: equal, and equal hashes
    assert "a-flag-given-a-slot-later" in unpack(close(grown))[4]


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


def test_a_run_of_flags_never_stands_for_an_equal_run_of_counts_elsewhere():
    """Pieces are shared, but only at their own place: (True, True...) flags at one
    place and (1, 1...) item counts at another are equal tuples, yet a state holding
    the counts must give back counts (a dagger held once, not `true`)."""
    from engine.analysis.explore.compact import PIECE, States
    head = ("layout", 3, None, None, None)
    filler = (MISSING,) * (PIECE - len(head))
    flags = head + filler + (True,) * PIECE
    counts = head + filler + (MISSING,) * PIECE + (1,) * PIECE
    states = States()
    for flat in (flags, counts):
        states.append(states.key(flat))
    back = states[1]
    assert back == counts and [type(v) for v in back[2 * PIECE:]] == [int] * PIECE
    assert [type(v) for v in states[0][PIECE:]] == [bool] * PIECE
