"""engine.support.records behaves like the dataclasses it replaces on the start-up path."""

import copy
import pickle
from dataclasses import FrozenInstanceError, dataclass

import pytest

from engine.support.records import FrozenError, field, fields, record, replace


@record(frozen=True, slots=True, order=True)
class Point:
    """A frozen, slotted, ordered record."""

    file: str
    line: int = -1
    col: int = -1

    def moved(self, n: int) -> "Point":
        return Point(self.file, self.line, self.col + n)


@record(frozen=True)
class Tagged:
    text: str
    cache: dict = field(default_factory=dict, compare=False, repr=False)


@record
class Box:
    items: list = field(default_factory=list)
    name: str = ""


@dataclass(frozen=True, order=True)
class DPoint:
    file: str
    line: int = -1
    col: int = -1


def test_init_defaults_keywords_and_methods():
    p = Point("a", col=3)
    assert (p.file, p.line, p.col) == ("a", -1, 3)
    assert p.moved(2) == Point("a", -1, 5)
    assert Point(file="b", line=1, col=2) == Point("b", 1, 2)
    assert (Point("a").line, Point("a").col, Point("a", 2).col) == (-1, -1, -1)
    assert Tagged("t").cache == {} and Box([1]).name == ""


def test_init_rejects_what_a_dataclass_rejects():
    for args, kwargs in (((), {}), (("a", 1, 2, 3), {}), (("a",), {"file": "b"}),
                         (("a",), {"nope": 1})):
        with pytest.raises(TypeError):
            Point(*args, **kwargs)


def test_repr_equality_hash_and_order_match_dataclasses():
    ours, theirs = Point("a", 1, 2), DPoint("a", 1, 2)
    assert repr(ours) == repr(theirs).replace("DPoint", "Point")
    assert hash(ours) == hash(theirs) and hash(ours) == hash(Point("a", 1, 2))
    assert ours != ("a", 1, 2) and ours != DPoint("a", 1, 2)
    assert sorted([Point("b"), Point("a", 2), Point("a", 1)]) == [Point("a", 1), Point("a", 2), Point("b")]
    with pytest.raises(TypeError):
        _ = Point("a") < DPoint("a")


def test_frozen_and_slots():
    p = Point("a")
    with pytest.raises(AttributeError):
        p.line = 3
    with pytest.raises(FrozenError):
        del p.file
    assert not hasattr(p, "__dict__") and Point.__slots__ == ("file", "line", "col")
    assert issubclass(FrozenError, AttributeError) and not issubclass(FrozenError, FrozenInstanceError)


def test_fields_not_compared_nor_shown():
    a, b = Tagged("x"), Tagged("x")
    a.cache["k"] = 1
    assert a == b and hash(a) == hash(b) and a.cache is not b.cache
    assert repr(a) == "Tagged(text='x')"
    assert [f.name for f in fields(Tagged)] == ["text", "cache"]


def test_mutable_records_are_unhashable_and_assignable():
    box = Box()
    box.name = "n"
    box.items.append(1)
    assert box == Box([1], "n") and Box().items is not Box().items
    with pytest.raises(TypeError):
        hash(box)


def test_replace_copy_and_pickle():
    p = Point("a", 1, 2)
    assert replace(p, col=9) == Point("a", 1, 9)
    assert copy.copy(p) == p and copy.deepcopy(p) == p
    assert pickle.loads(pickle.dumps(p)) == p
    assert copy.deepcopy(Tagged("t")) == Tagged("t")
    with pytest.raises(TypeError):
        replace(p, nope=1)


def test_match_args():
    match Point("a", 4):
        case Point(file, line):
            assert (file, line) == ("a", 4)
        case _:
            pytest.fail("no match")


def test_field_accepts_the_dataclasses_keywords():
    assert field(default=1, hash=False).default == 1


def test_a_record_extends_a_record():
    @record(frozen=True, slots=True)
    class Base:
        a: int

    @record(frozen=True, slots=True)
    class Sub(Base):
        b: int = 0

    assert [f.name for f in fields(Sub)] == ["a", "b"] and Sub.__slots__ == ("b",)
    assert Sub(1) == Sub(1, 0) and Sub(1, 2).a == 1 and Sub(1) != Base(1)
