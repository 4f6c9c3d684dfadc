"""Record classes: a small, cheap stand-in for `@dataclass` on the start-up path.

`@dataclass` generates its methods with `exec`, about 1 ms a class, and importing
`dataclasses` pulls in `inspect`; `gamebook lint` and `gamebook play` create some
thirty such classes before doing any work.  `@record` builds the same methods from
closures instead (a few microseconds a class), with the behaviour the engine relies on:

- `__init__` with positional or keyword arguments, defaults and `field(default_factory=)`;
- `__eq__` (same class, equal compared fields), `__hash__` when frozen (unhashable
  when mutable, as with dataclasses), ordering with `order=True`;
- `__repr__` like a dataclass's: `Span(file='b.yaml', line=3, ...)`;
- `frozen=True`: assigning or deleting an attribute raises `FrozenError`
  (an AttributeError); `slots=True`: `__slots__`, no instance `__dict__`;
- `fields(record)` and `replace(record, **changes)`, as in `dataclasses`.

Annotations only name the fields: their types are never evaluated (so no
`ClassVar`/`InitVar`, and no `__post_init__`: none of the converted classes used them).
"""
from __future__ import annotations

_MISSING = object()


class FrozenError(AttributeError):
    """Assignment to a field of a frozen record."""


class Field:
    """One field of a record: its name, default and whether it takes part in ==."""

    __slots__ = ("name", "default", "default_factory", "compare", "repr")

    def __init__(self, default=_MISSING, default_factory=_MISSING, compare=True, repr=True):
        self.name = ""
        self.default, self.default_factory = default, default_factory
        self.compare, self.repr = compare, repr

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


def field(*, default=_MISSING, default_factory=_MISSING, compare: bool = True,
          repr: bool = True, hash: bool | None = None) -> Field:  # noqa: A002 - dataclasses' names
    """A field with a factory default or left out of ==/repr (`hash` is accepted and ignored:
    a field left out of == is left out of the hash)."""
    return Field(default, default_factory, compare, repr)


def fields(obj) -> tuple[Field, ...]:
    """The fields of a record class or instance, in declaration order."""
    return obj.__record_fields__


def replace(obj, **changes):
    """A copy of `obj` with some fields changed."""
    values = {f.name: getattr(obj, f.name) for f in obj.__record_fields__}
    values.update(changes)
    return type(obj)(**values)


def record(cls=None, /, *, frozen: bool = False, slots: bool = False, order: bool = False):
    """Class decorator: `@record` or `@record(frozen=True, slots=True, order=True)`."""
    def wrap(cls):
        return _build(cls, frozen, slots, order)
    return wrap if cls is None else wrap(cls)


def _collect(cls) -> list[Field]:
    found: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in getattr(base, "__record_fields__", ()):
            found[f.name] = f
    for name in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(name, _MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        found[name] = f
    return list(found.values())


def _build(cls, frozen: bool, slots: bool, order: bool):
    flds = _collect(cls)
    names = tuple(f.name for f in flds)
    if slots:
        ns = {k: v for k, v in cls.__dict__.items()
              if k not in names and k not in ("__dict__", "__weakref__")}
        inherited = {n for base in cls.__mro__[1:] for n in getattr(base, "__slots__", ())}
        ns["__slots__"] = tuple(n for n in names if n not in inherited)
        cls = type(cls)(cls.__name__, cls.__bases__, ns)
    else:
        for f in flds:
            if isinstance(cls.__dict__.get(f.name), Field):
                if f.default is _MISSING:
                    delattr(cls, f.name)
                else:
                    setattr(cls, f.name, f.default)
    cls.__record_fields__ = tuple(flds)
    cls.__match_args__ = names
    in_slots = slots or any(getattr(base, "__slots__", ()) for base in cls.__mro__[1:])
    cls.__init__ = _init(cls, flds, frozen, in_slots)
    cls.__repr__ = _repr(flds)
    _compare(cls, tuple(f.name for f in flds if f.compare), frozen, order)
    if frozen:
        cls.__setattr__ = _frozen_setattr
        cls.__delattr__ = _frozen_delattr
        if slots:  # copy and pickle restore slots with setattr: bypass the freeze
            cls.__getstate__ = lambda self: [getattr(self, n) for n in names]
            cls.__setstate__ = _set_state(names)
    return cls


def _set_state(names: tuple[str, ...]):
    def __setstate__(self, state):
        for name, value in zip(names, state):
            object.__setattr__(self, name, value)
    return __setstate__


def _init(cls, flds: list[Field], frozen: bool, slots: bool = False):
    names = tuple(f.name for f in flds)
    count = len(names)
    trailing = 0   # the last fields with a plain default: filled in without a look-up
    while trailing < count and flds[count - 1 - trailing].default is not _MISSING:
        trailing += 1
    fill = tuple(f.default for f in flds[count - trailing:])
    least = count - trailing
    assign = object.__setattr__
    general = _general_init(cls, flds)
    if not slots:  # one dict update: several times faster than a setattr a field
        def __init__(self, *args, **kwargs):
            if not kwargs:
                given = len(args)
                if given == count:
                    self.__dict__.update(zip(names, args))
                    return
                if least <= given < count:
                    self.__dict__.update(zip(names, args + fill[given - least:]))
                    return
            general(self, args, kwargs)
        return __init__

    def __init__(self, *args, **kwargs):
        if not kwargs:
            given = len(args)
            if given == count:  # the common calls: every field, or the leading ones
                for name, value in zip(names, args):
                    assign(self, name, value)
                return
            if least <= given < count:
                for name, value in zip(names, args + fill[given - least:]):
                    assign(self, name, value)
                return
        general(self, args, kwargs)
    return __init__


def _general_init(cls, flds: list[Field]):
    """Keywords, factories and every error message."""
    names = tuple(f.name for f in flds)
    count = len(names)
    defaults = {f.name: f.default for f in flds if f.default is not _MISSING}
    factories = {f.name: f.default_factory for f in flds if f.default_factory is not _MISSING}
    assign = object.__setattr__

    def init(self, args: tuple, kwargs: dict) -> None:
        if len(args) > count:
            raise TypeError(f"{cls.__name__}() takes {count} arguments but {len(args)} were given")
        for name, value in zip(names, args):
            if name in kwargs:
                raise TypeError(f"{cls.__name__}() got multiple values for argument '{name}'")
            assign(self, name, value)
        for name in names[len(args):]:
            if name in kwargs:
                value = kwargs.pop(name)
            elif name in defaults:
                value = defaults[name]
            elif name in factories:
                value = factories[name]()
            else:
                raise TypeError(f"{cls.__name__}() missing required argument: '{name}'")
            assign(self, name, value)
        if kwargs:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return init


def _repr(flds: list[Field]):
    shown = tuple(f.name for f in flds if f.repr)

    def __repr__(self):
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
        return f"{type(self).__qualname__}({inner})"
    return __repr__


def _compare(cls, compared: tuple[str, ...], frozen: bool, order: bool) -> None:
    def key(self):
        return tuple([getattr(self, n) for n in compared])

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    cls.__eq__ = __eq__
    cls.__hash__ = (lambda self: hash(key(self))) if frozen else None
    if order:
        for name, test in (("__lt__", tuple.__lt__), ("__le__", tuple.__le__),
                           ("__gt__", tuple.__gt__), ("__ge__", tuple.__ge__)):
            setattr(cls, name, _ordering(key, test))


def _ordering(key, test):
    def compare(self, other):
        if other.__class__ is self.__class__:
            return test(key(self), key(other))
        return NotImplemented
    return compare


def _frozen_setattr(self, name, value):
    raise FrozenError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenError(f"cannot delete field {name!r}")
