"""The packed table stores each column in the narrowest type its values fit, widens a
column when a value outside its range appears, and reads every row back as it was."""
import numpy as np

from engine.analysis.compiled.packed import BITS, EXTRA, HEAD, KINDS, MISSING, Slots, Table


def _table():
    slots = Slots()
    gold, skill, seen = slots.index("stats", "gold"), slots.index("stats", "skill"), slots.index("visits", 7)
    return Table(slots), gold, skill, seen


def _rows(table, values: list[dict]) -> np.ndarray:
    return table.batch(values)


def test_small_values_are_kept_one_byte_a_column_and_a_visit_one_bit():
    table, gold, skill, seen = _table()
    rows = _rows(table, [{gold: 3, seen: 1}, {gold: 12, skill: 9}])
    idx, new = table.add(rows)
    assert sorted(new) == [0, 1] and table.kind[seen] == BITS
    assert all(KINDS[k] is np.int8 for i, k in enumerate(table.kind) if i != seen)
    assert (table.rows[idx] == rows).all() and table.take(idx)[0, skill] == MISSING


def test_a_value_outside_its_column_widens_that_column_only_and_keeps_the_rows():
    table, gold, skill, seen = _table()
    before = _rows(table, [{gold: 3, seen: 1}, {gold: -5, skill: 9}, {seen: 1}])
    first, _new = table.add(before)
    big = _rows(table, [{gold: 1000, skill: 9}])
    table.add(big)
    assert KINDS[table.kind[gold]] is np.int16 and KINDS[table.kind[skill]] is np.int8
    huge = _rows(table, [{gold: -(1 << 35), skill: -128}])
    table.add(huge)
    assert KINDS[table.kind[gold]] is np.int64 and KINDS[table.kind[skill]] is np.int16
    everything = np.vstack([before, big, huge])
    assert (table.rows[np.concatenate([first, [3, 4]])] == everything).all()
    third = table.row(int(first[2]))
    assert third[gold] == MISSING and third[skill] == MISSING   # (not held: still MISSING)
    again, new = table.add(everything[::-1].copy())
    assert list(again) == [4, 3] + list(first[::-1]) and len(new) == 0   # each found again, none added


def test_rows_read_back_whether_they_follow_each_other_or_not_and_a_kinds_columns_in_any_order():
    """`take` reads a run of rows as a slice and gathers others, a kind's columns as a
    slice when they follow each other: after skill then gold are widened, int16
    holds skill before gold (columns 6, 5), and every row still reads back as added
    (MISSING too, stored as the type's smallest value)."""
    table, gold, skill, seen = _table()
    rng = np.random.default_rng(3)
    values = [{gold: int(g), seen: int(v)} | ({skill: int(k)} if k % 3 else {})
              for g, k, v in zip(rng.integers(-50, 100, 300), rng.integers(0, 100, 300), rng.integers(0, 2, 300))]
    rows = _rows(table, values)
    idx, _new = table.add(rows)
    table.add(_rows(table, [{skill: 1000}]))
    table.add(_rows(table, [{gold: 1000, skill: 1000}]))
    assert table.members[2] == [skill, gold] and skill > gold   # (int16: out of column order)
    kept = np.empty((int(idx.max()) + 1, rows.shape[1]), dtype=np.int64)
    kept[idx] = rows
    assert (table.take(np.arange(len(kept))) == kept).all()      # (a run: sliced)
    assert (table.take(np.arange(5, 9)) == kept[5:9]).all()
    assert (table.take(idx) == rows).all()
    picked = rng.permutation(len(idx))[:100]
    assert (table.take(idx[picked]) == rows[picked]).all()       # (gathered)
    assert (table.take(idx[::-1]) == rows[::-1]).all()
    assert (table.rows[-2:, skill] == 1000).all() and table.rows[-1, gold] == 1000


def test_a_column_made_later_reads_its_default_in_the_rows_kept():
    table, gold, _skill, _seen = _table()
    table.add(_rows(table, [{gold: 2}]))
    later = table.slots.index("stats", "luck")
    flag = table.slots.index("flags", "door")
    table.widen()
    assert table.rows[0, later] == MISSING and table.rows[0, flag] == 0
    assert table.take([0]).shape == (1, len(table.slots)) and HEAD < later


def test_the_rows_take_a_byte_a_column_where_int64_took_eight():
    table, gold, _skill, seen = _table()
    rng = np.random.default_rng(0)
    values = [{gold: int(g), seen: int(v)} for g, v in zip(rng.integers(0, 100, 5000), rng.integers(0, 2, 5000))]
    table.add(_rows(table, values))
    per_row = sum(m.dtype.itemsize * m.shape[1] for m in table.store)
    assert per_row < 8 * len(table.slots) and per_row <= 2 * HEAD + len(table.slots)


def test_flags_visits_and_items_held_once_take_a_bit_each_and_a_count_of_two_a_byte():
    # (vennick: 156 of its first 172 columns are flags, visits and items at 0 or 1)
    slots = Slots()
    table = Table(slots)
    rng = np.random.default_rng(3)
    marks = [slots.index(part, k) for part in ("flags", "visits", "items") for k in range(40)]
    gold = slots.index("stats", "gold")
    values = [{**{c: int(v) for c, v in zip(marks, rng.integers(0, 2, len(marks)))}, gold: int(g)}
              for g in rng.integers(0, 50, 3000)]
    idx, _new = table.add(table.batch(values))
    assert {table.kind[c] for c in marks} == {BITS}
    assert table.store[BITS].shape[1] == (len(marks) + 7) // 8   # 120 columns in 15 bytes
    rope = slots.index("items", 7)
    more = table.batch([{rope: 2, marks[0]: 1}, {rope: 3, marks[-1]: 1}])
    idx2, _new = table.add(more)   # (a count of 2: that column alone out of the bits, the last bit moved into its place)
    assert KINDS[table.kind[rope]] is np.int8 and sum(table.kind[c] == BITS for c in marks) == len(marks) - 1
    expected, kept = np.vstack([table.batch(values), more]), np.concatenate([idx, idx2])
    assert (table.take(kept) == expected).all()
    assert all((table.column(c)[kept] == expected[:, c]).all() for c in marks + [gold])
    again, new = table.add(expected[::-1].copy())
    assert len(new) == 0 and list(again) == list(kept[::-1])


def _state(**extra):
    from engine.game.state import GameState
    return GameState("b", "h", "m", 3, stats={"gold": 0, "skill": 7}, items={"rope": 1, "lamp": 0},
                     flags={"door"}, visits={3: 2, 5: 0}, extra=extra)


class _Named:
    id, version = "m", "1"

    class book:
        id, content_hash = "b", "h"


def test_a_state_packed_and_unpacked_is_the_same_and_its_extras_are_told_apart_by_type():
    slots = Slots()
    table = Table(slots)
    packed = [slots.pack(_state(weapon="sword", hits=1)), slots.pack(_state(weapon="sword", hits=True)),
              slots.pack(_state(hits=1, weapon="sword")), slots.pack(_state(max={"skill": 9}))]
    rows = table.batch(packed)
    ids = rows[:, EXTRA].tolist()
    assert ids[0] != ids[1] and ids[0] == ids[2] and len(set(ids)) == 3   # (True is not 1; order does not matter)
    back = slots.unpack(rows[1], _Named.book, _Named)
    assert (back.stats, back.items, back.flags, back.visits, back.extra) == \
        ({"gold": 0, "skill": 7}, {"rope": 1}, {"door"}, {3: 1}, {"weapon": "sword", "hits": True})
    assert slots.unpack(rows[3], _Named.book, _Named).extra == {"max": {"skill": 9}}


def test_two_different_rows_under_one_hash_stop_the_run_rather_than_merge(monkeypatch):
    import pytest
    from engine.analysis.compiled.packed import Collision
    table, gold, _skill, _seen = _table()
    monkeypatch.setattr(Table, "_hash", lambda self, rows: np.zeros(len(rows), dtype=np.uint64))
    same = _rows(table, [{gold: 1}, {gold: 1}])
    idx, new = table.add(same)
    assert list(idx) == [0, 0] and list(new) == [0]   # (equal rows under one hash: one state)
    with pytest.raises(Collision):
        table.add(_rows(table, [{gold: 2}]))            # against a row kept
    with pytest.raises(Collision):
        Table(table.slots).add(_rows(table, [{gold: 3}, {gold: 4}]))   # within one batch


def test_a_module_extra_is_read_as_a_column_each_distinct_value_once():
    from engine.analysis.compiled.batch import Batch
    from engine.analysis.explore.compact import freeze
    slots = Slots()
    plate, bare = slots.extras(freeze({"armour": "plate", "armour_hits": 2})), slots.extras(freeze({"armour": None}))
    rows = np.zeros((5, HEAD), dtype=np.int64)
    rows[:, EXTRA] = [plate, bare, 0, plate, plate]
    read = []

    def hits(extra):
        read.append(extra)
        return extra.get("armour_hits", -1) if extra else -1
    batch = Batch(rows, slots)
    assert batch.extra_ints("hits", hits).tolist() == [2, -1, -1, 2, 2] and len(read) == 3   # (none, plate, bare)
    codes, named = batch.extra_codes("armour")
    assert [named[c] for c in codes.tolist()] == ["plate", None, None, "plate", "plate"]
    chain = slots.extras(freeze({"armour": "chain", "armour_hits": 0}))   # (a value interned later)
    batch.rows[2, EXTRA] = chain
    assert batch.extra_ints("hits", hits).tolist() == [2, -1, 0, 2, 2] and len(read) == 4
    assert [named[c] for c in batch.extra_codes("armour")[0].tolist()] == ["plate", None, "chain", "plate", "plate"]
    assert batch.extra("armour") == ["plate", None, "chain", "plate", "plate"]   # (the row-by-row reading agrees)
    assert batch.extra("armour_hits", 0) == [2, 0, 0, 2, 2] and batch.extra("armour_hits", False)[1] is False
    moved = slots.extras(freeze({"max": {"endurance": 20}}))
    batch.rows[1, EXTRA] = moved
    maxima = batch.extra("max")
    maxima[1]["endurance"] = 0   # (a dict handed out is the caller's: the next reading is not changed)
    assert batch.extra("max")[1] == {"endurance": 20} and batch.extra("max")[0] is None


def test_module_extras_changed_once_per_distinct_value_and_key():
    """Batch.change_extra rewrites the extras of the states masked only, calling the
    change once for each distinct (extras, key) pair, each state getting its own key's."""
    from engine.analysis.compiled.batch import Batch
    from engine.analysis.explore.compact import freeze, thaw
    slots = Slots()
    plate, chain = slots.extras(freeze({"armour": "plate"})), slots.extras(freeze({"armour": "chain"}))
    rows = np.zeros((6, HEAD), dtype=np.int64)
    rows[:, EXTRA] = [plate, plate, chain, plate, chain, plate]
    batch = Batch(rows, slots)
    calls = []

    def hit(extra, h):
        calls.append((extra["armour"], h))
        return {**extra, "armour_hits": h}
    for hits in (np.array([1, 2, 1, 1, 1, 9]), np.array([1, 2, 1, 1, 1, -(1 << 40)])):   # (a key too wide for one integer)
        calls.clear()
        batch.rows[:, EXTRA] = [plate, plate, chain, plate, chain, plate]
        batch.change_extra(np.array([True, True, True, True, True, False]), hit, by=hits)
        got = [thaw(slots.extras.values[i]) for i in batch.rows[:, EXTRA].tolist()]
        assert got[:5] == [{"armour": "plate", "armour_hits": 1}, {"armour": "plate", "armour_hits": 2},
                           {"armour": "chain", "armour_hits": 1}, {"armour": "plate", "armour_hits": 1},
                           {"armour": "chain", "armour_hits": 1}]
        assert got[5] == {"armour": "plate"}   # (not masked: unchanged)
        assert sorted(calls) == [("chain", 1), ("plate", 1), ("plate", 2)]
    batch.change_extra(batch.rows[:, EXTRA] == plate, lambda extra: {**extra, "worn": True})
    assert thaw(slots.extras.values[int(batch.rows[5, EXTRA])]) == {"armour": "plate", "worn": True}


def test_hundreds_of_columns_made_one_by_one_between_growing_batches_keep_every_row():
    # (a book of hundreds of visits and flags: its columns come one at a time as the
    # exploration meets them; each kind's matrix keeps room for more, and a column
    # widened mid-way leaves the others of its old kind where they were)
    slots = Slots()
    table = Table(slots)
    kept, rng = [], np.random.default_rng(7)
    for step in range(300):
        column = slots.index("visits", step)
        values = [{column: int(rng.integers(0, 3))}, {column: 1, slots.index("visits", step // 2): 2}]
        if step % 37 == 5:   # a value outside int8: that column alone widened
            values.append({column: 40_000})
        rows = table.batch(values)
        index, _new = table.add(rows)
        kept.append((index, rows))
    assert table.width == len(slots) and KINDS[table.kind[slots.index("visits", 5)]] is np.int32
    every = table.rows
    assert all((table.kind[c] == BITS) == (every[:, c].max() <= 1) for c in range(HEAD, table.width))
    for index, rows in kept:
        wide = table.take(index)
        assert (wide[:, :rows.shape[1]] == rows).all()
        assert (wide[:, rows.shape[1]:] == [slots.default(i) for i in range(rows.shape[1], table.width)]).all()


def test_two_sorted_hash_tables_merge_as_one_sort_of_both_with_narrow_row_numbers():
    from engine.analysis.compiled.packed import _merged
    rng = np.random.default_rng(7)
    h = np.unique(rng.integers(1, 1 << 62, size=3100, dtype=np.uint64))[:3000]
    rng.shuffle(h)
    for split in (0, 1, 1000, 2999, 3000):
        a, b = np.sort(h[:split]), np.sort(h[split:])
        ia = rng.permutation(3000)[:split]
        ib = np.setdiff1d(np.arange(3000), ia)
        rng.shuffle(ib)
        merged, index = _merged(a, ia, b, ib)
        both = np.concatenate([a, b])
        order = np.argsort(both, kind="stable")
        assert np.array_equal(merged, both[order])
        assert np.array_equal(index, np.concatenate([ia, ib])[order])
        assert index.dtype == np.int32
