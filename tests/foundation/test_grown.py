"""engine/support/grown.py: an array appended to in pieces reads as their concatenation,
through every doubling of its room, and `grow` fills the new room."""
import numpy as np

from engine.support.grown import Grown


def test_pieces_appended_read_as_their_concatenation():
    rng = np.random.default_rng(3)
    pieces = [rng.integers(-5, 1 << 40, int(k)) for k in rng.integers(0, 300, 40)]
    g = Grown(np.int64)
    for piece in pieces:
        g.append(piece)
    whole = np.concatenate(pieces)
    assert len(g) == len(whole) and np.array_equal(g[:], whole)
    assert np.array_equal(g[np.arange(0, len(whole), 7)], whole[::7])


def test_grow_fills_the_new_room():
    g = Grown(np.float64, fill=-1.0)
    g.append(np.array([0.5, 0.25]))
    g.grow(200)
    assert len(g) == 200 and g[0] == 0.5 and g[1] == 0.25 and (g[2:] == -1.0).all()
