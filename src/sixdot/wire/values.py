"""Frozen dataclasses to JSON values and back, led by their type hints.

The core's values are frozen dataclasses of numbers, strings, enums, tuples
and other dataclasses. A value is written untagged wherever its field's type
says what it is, and tagged where it does not (a field typed `Any`, such as a
refusal's facts, or a union of several dataclasses):

- a dataclass: `{"type": "CardTaken", ...fields}`; an enum: `{"enum": "End", "value": "left"}`;
- a tuple: a JSON list (a list read where any value may stand is a tuple);
- a mapping whose keys are not strings: a list of `[key, value]` pairs;
- a frozenset: a list in a fixed order.

Fields declared `compare=False, repr=False` are a game's tools (a word
solver, the board layout), rebuilt from the setup rather than sent: the
reader supplies them (`Reader.tools`). Reading checks every value against its
type and names the path of the first one that is wrong.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec

from sixdot.visible import excerpt

Json = Any
_NoneType = type(None)


class WireError(ValueError):
    """A JSON value that is not what was expected: where, what was found, what is accepted."""

    def __init__(self, path: str, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{path}: {problem}")


def is_tool(item: dataclasses.Field[Any]) -> bool:
    """A field that holds a game's machinery, not a fact: never on the wire."""
    return not item.compare and not item.repr


def is_record(cls: Any) -> bool:
    """A dataclass or a NamedTuple: a value written as an object of its fields."""
    return isinstance(cls, type) and (
        dataclasses.is_dataclass(cls) or (issubclass(cls, tuple) and hasattr(cls, "_fields"))
    )


@functools.cache
def data_fields(cls: type) -> tuple[tuple[str, Any], ...]:
    """The fields a record sends, each with its resolved type."""
    hints = typing.get_type_hints(cls)
    if not dataclasses.is_dataclass(cls):
        return tuple((name, hints[name]) for name in cls._fields)  # type: ignore[attr-defined]
    return tuple(
        (item.name, hints[item.name])
        for item in dataclasses.fields(cls)
        if item.init and not is_tool(item)
    )


@functools.cache
def tool_fields(cls: type) -> tuple[str, ...]:
    if not dataclasses.is_dataclass(cls):
        return ()
    return tuple(item.name for item in dataclasses.fields(cls) if item.init and is_tool(item))


def _sort_key(value: Json) -> bytes:
    return msgspec.json.encode(value)


Encoder = Callable[[Any], Json]
Decoder = Callable[[Json, str], Any]

#: One encoder per type hint, built the first time the hint is met: the hint is
#: inspected once, never again for each value (a view has hundreds of values).
_ENCODERS: dict[Any, Encoder] = {}
#: One function per concrete type for a value written with its type's name.
_TAGGERS: dict[type, Encoder] = {}


def encode(value: Any, hint: Any = Any) -> Json:
    """`value` as JSON values, untagged where `hint` says what it is."""
    return encoder(hint)(value)


def encoder(hint: Any) -> Encoder:
    """The function that writes values of type `hint`, made once for each hint."""
    try:
        return _ENCODERS[hint]
    except KeyError:
        made = _ENCODERS[hint] = _make_encoder(hint)
        return made
    except TypeError:  # an unhashable hint: made again each time
        return _make_encoder(hint)


def _make_encoder(hint: Any) -> Encoder:
    if hint is Any or hint is object:
        return tagged
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        return _union_encoder(args)
    if is_record(hint):
        return _record_encoder()
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return _enum_value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            each = encoder(args[0])
            return lambda value: [each(item) for item in value]
        if not args:
            return lambda value: [tagged(item) for item in value]
        kinds = tuple(encoder(kind) for kind in args)
        return lambda value: [write(item) for item, write in zip(value, kinds, strict=True)]
    if origin in (frozenset, set, list, Sequence):
        each = encoder(args[0] if args else Any)
        if origin in (frozenset, set):
            return lambda value: sorted([each(item) for item in value], key=_sort_key)
        return lambda value: [each(item) for item in value]
    if origin in (dict, Mapping, Mapping):
        key, kind = args if args else (Any, Any)
        write_value = encoder(kind)
        if key is str:
            return lambda value: {name: write_value(item) for name, item in value.items()}
        write_key = encoder(key)
        return lambda value: [[write_key(k), write_value(v)] for k, v in value.items()]
    return _primitive_encoder(hint)


def _enum_value(value: Any) -> Json:
    return value.value


def _union_encoder(args: tuple[Any, ...]) -> Encoder:
    """A record where several are allowed is tagged; otherwise the first member the
    value is an instance of writes it (or the first member, if none)."""
    members = [arg for arg in args if arg is not _NoneType]
    several = sum(map(is_record, members)) > 1
    tests = [(kind, encoder(m)) for m in members if isinstance(kind := _origin(m), type)]
    fallback = encoder(members[0]) if members else None

    def write(value: Any) -> Json:
        if value is None:
            return None
        if several and _is_record_type(type(value)):
            return tagged(value)
        for kind, chosen in tests:
            if isinstance(value, kind):
                return chosen(value)
        if fallback is None:
            raise IndexError("a union of no members")
        return fallback(value)

    return write


def _record_encoder() -> Encoder:
    """A record's fields by name, as its own type (not the hint) declares them; each
    type's fields are looked up the first time one is written, so records may nest."""
    plans: dict[type, tuple[tuple[str, Encoder], ...]] = {}

    def write(value: Any) -> Json:
        cls = type(value)
        plan = plans.get(cls)
        if plan is None:
            plan = plans[cls] = _fields_plan(cls)
        return {name: each(getattr(value, name)) for name, each in plan}

    return write


@functools.cache
def _fields_plan(cls: type) -> tuple[tuple[str, Encoder], ...]:
    return tuple((name, encoder(kind)) for name, kind in data_fields(cls))


def _primitive_encoder(hint: Any) -> Encoder:
    plain = hint in (bool, int, float, str, _NoneType)

    def write(value: Any) -> Json:
        if plain and isinstance(value, hint):
            return value
        raise TypeError(f"a {type(value).__name__} cannot go on the wire as {hint!r}")

    return write


def _origin(hint: Any) -> Any:
    return typing.get_origin(hint) or hint


@functools.cache
def _is_record_type(cls: type) -> bool:
    return is_record(cls)


def tagged(value: Any) -> Json:
    """A value whose type the reader is not told: dataclasses and enums carry their names."""
    cls = type(value)
    write = _TAGGERS.get(cls)
    if write is None:
        write = _TAGGERS[cls] = _make_tagger(cls)
    return write(value)


def _make_tagger(cls: type) -> Encoder:
    """How `tagged` writes a value of type `cls` (every test it makes is of the type)."""
    if cls is _NoneType or issubclass(cls, bool | int | float | str):
        return _same
    if issubclass(cls, enum.Enum):
        name = cls.__name__
        return lambda value: {"enum": name, "value": value.value}
    if is_record(cls):
        name = cls.__name__
        fields = _record_encoder()

        def write(value: Any) -> Json:
            written: dict[str, Json] = {"type": name}
            written.update(fields(value))
            return written

        return write
    if issubclass(cls, tuple | list):
        return lambda value: [tagged(item) for item in value]

    def refuse(value: Any) -> Json:
        raise TypeError(f"a {type(value).__name__} cannot go on the wire")

    return refuse


def _same(value: Any) -> Json:
    return value


class Reader:
    """Reads JSON values back into one game's values.

    `classes` are the dataclasses and enums a tag may name; `tools` gives each
    dataclass's tool fields (by class) from the setup; `canonical` turns a
    value that must be one of a fixed set (a card of the deck) into that very
    object, or raises WireError.
    """

    def __init__(
        self,
        classes: Mapping[str, type],
        tools: Mapping[type, Mapping[str, Any]],
        canonical: Callable[[Any, str], Any] | None = None,
    ) -> None:
        self.classes = classes
        self.tools = tools
        self.canonical = canonical
        self._decoders: dict[Any, Decoder] = {}
        self._records: dict[type, tuple[dict[str, Decoder], frozenset[str], tuple[str, ...]]] = {}

    def decode(self, data: Json, hint: Any, path: str = "$") -> Any:
        """The value of type `hint` written as `data`, or WireError naming what is wrong."""
        return self.decoder(hint)(data, path)

    def decoder(self, hint: Any) -> Decoder:
        """The function that reads values of type `hint`, made once for each hint."""
        try:
            return self._decoders[hint]
        except KeyError:
            made = self._decoders[hint] = self._make_decoder(hint)
            return made
        except TypeError:  # an unhashable hint: made again each time
            return self._make_decoder(hint)

    def _make_decoder(self, hint: Any) -> Decoder:
        if hint is Any or hint is object:
            return self.untag
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Union or origin is types.UnionType:
            return self._union_decoder(args)
        if is_record(hint):
            cls = typing.cast(type, hint)

            def read_record(data: Json, path: str) -> Any:
                _not_too_deep(path)
                return self.record(data, cls, path)

            return read_record
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return _enum_decoder(hint)
        if origin is tuple:
            return self._tuple_decoder(args)
        if origin in (frozenset, set, list, Sequence):
            each = self.decoder(args[0] if args else Any)
            made = {frozenset: frozenset, set: frozenset}.get(origin, tuple)

            def read_items(data: Json, path: str) -> Any:
                _not_too_deep(path)
                items = _list(data, path)
                return made([each(x, f"{path}[{i}]") for i, x in enumerate(items)])

            return read_items
        if origin in (dict, Mapping, Mapping):
            return self._mapping_decoder(args)
        return _primitive_decoder(hint)

    def _tuple_decoder(self, args: tuple[Any, ...]) -> Decoder:
        if len(args) == 2 and args[1] is Ellipsis:
            each = self.decoder(args[0])

            def read_many(data: Json, path: str) -> Any:
                _not_too_deep(path)
                items = _list(data, path)
                return tuple([each(item, f"{path}[{i}]") for i, item in enumerate(items)])

            return read_many
        if not args:

            def read_any(data: Json, path: str) -> Any:
                _not_too_deep(path)
                items = _list(data, path)
                return tuple(self.untag(item, f"{path}[{i}]") for i, item in enumerate(items))

            return read_any
        kinds = tuple(self.decoder(kind) for kind in args)

        def read_fixed(data: Json, path: str) -> Any:
            _not_too_deep(path)
            items = _list(data, path)
            if len(items) != len(kinds):
                raise WireError(path, f"expected {len(kinds)} items, got {len(items)}")
            return tuple(
                [
                    read(item, f"{path}[{i}]")
                    for i, (item, read) in enumerate(zip(items, kinds, strict=True))
                ]
            )

        return read_fixed

    def _mapping_decoder(self, args: tuple[Any, ...]) -> Decoder:
        key, kind = args if args else (Any, Any)
        read_value = self.decoder(kind)
        if key is str:

            def read_object(data: Json, path: str) -> Any:
                _not_too_deep(path)
                if not isinstance(data, dict):
                    raise WireError(path, f"expected an object, got {_shown(data)}")
                return {k: read_value(v, f"{path}.{excerpt(k)}") for k, v in data.items()}

            return read_object
        read_key = self.decoder(key)

        def read_pairs(data: Json, path: str) -> Any:
            _not_too_deep(path)
            pairs = _list(data, path)
            out = {}
            for i, pair in enumerate(pairs):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise WireError(f"{path}[{i}]", "expected a [key, value] pair")
                out[read_key(pair[0], f"{path}[{i}][0]")] = read_value(pair[1], f"{path}[{i}][1]")
            return out

        return read_pairs

    def _union_decoder(self, args: tuple[Any, ...]) -> Decoder:
        """A tagged record where several may stand; otherwise the first member that reads it."""
        nullable = _NoneType in args
        members = [arg for arg in args if arg is not _NoneType]
        several = sum(map(is_record, members)) > 1
        kinds = tuple(m for m in members if isinstance(m, type))
        readers = [self.decoder(member) for member in members]

        def read(data: Json, path: str) -> Any:
            _not_too_deep(path)
            if data is None and nullable:
                return None
            if several and isinstance(data, dict) and "type" in data:
                value = self.untag(data, path)
                if not isinstance(value, kinds):
                    raise WireError(path, f"a {type(value).__name__} cannot stand here")
                return value
            problems = []
            for member in readers:
                try:
                    return member(data, path)
                except WireError as err:
                    problems.append(err.problem)
            if len(readers) == 1:
                raise WireError(path, problems[0])
            raise WireError(path, f"{_shown(data)} fits none of its forms ({'; '.join(problems)})")

        return read

    def record(self, data: Json, cls: type, path: str) -> Any:
        """A dataclass from its fields; tools come from the setup, cards from the deck."""
        if not isinstance(data, dict):
            raise WireError(path, f"expected an object of {cls.__name__}, got {_shown(data)}")
        plan = self._records.get(cls)
        if plan is None:
            plan = self._records[cls] = self._record_plan(cls)
        fields, optional, tools = plan
        extra = [name for name in data if name not in fields and name != "type"]
        if extra:
            accepted = ", ".join(fields) or "none"
            raise WireError(path, f"unknown field {excerpt(str(extra[0]))}; fields: {accepted}")
        values = {}
        for name, read in fields.items():
            if name in data:
                values[name] = read(data[name], f"{path}.{name}")
            elif name not in optional:
                raise WireError(path, f"missing field {name} of {cls.__name__}")
        if tools:
            given = self.tools.get(cls)
            if given is None:
                raise WireError(path, f"{cls.__name__} needs tools this table has not got")
            values.update({name: given[name] for name in tools})
        try:
            value = cls(**values)
        except (TypeError, ValueError) as err:
            raise WireError(path, f"not a valid {cls.__name__}: {excerpt(str(err))}") from None
        return self.canonical(value, path) if self.canonical is not None else value

    def _record_plan(self, cls: type) -> tuple[dict[str, Decoder], frozenset[str], tuple[str, ...]]:
        """A record's fields with their readers, those it may leave out, and its tools."""
        every = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        optional = frozenset(
            {
                item.name
                for item in every
                if item.default is not dataclasses.MISSING
                or item.default_factory is not dataclasses.MISSING
            }
            | set(getattr(cls, "_field_defaults", ()))
        )
        fields = {name: self.decoder(kind) for name, kind in data_fields(cls)}
        return fields, optional, tool_fields(cls)

    def untag(self, data: Json, path: str) -> Any:
        """A value written with its type's name (where a field may hold anything)."""
        _not_too_deep(path)
        if data is None or isinstance(data, bool | int | float | str):
            return data
        if isinstance(data, list):
            return tuple(self.untag(item, f"{path}[{i}]") for i, item in enumerate(data))
        if not isinstance(data, dict):
            raise WireError(path, f"unreadable value {_shown(data)}")
        name = data.get("enum", data.get("type"))
        cls = self.classes.get(name) if isinstance(name, str) else None
        if cls is None:
            raise WireError(
                path, f"unknown type {_shown(name)}: a value needs a known type or enum"
            )
        if "enum" in data:
            if set(data) != {"enum", "value"} or not issubclass(cls, enum.Enum):
                raise WireError(path, 'an enum is written {"enum": name, "value": value}')
            return self.decode(data["value"], cls, f"{path}.value")
        if not is_record(cls):
            raise WireError(path, f"{name} is not a record type")
        return self.record(data, cls, path)


#: How deeply values may nest: the core's are a few levels deep.
DEEPEST = 24


def _not_too_deep(path: str) -> None:
    if path.count(".") + path.count("[") > DEEPEST:
        raise WireError(path[:60] + "…", f"nested too deeply: at most {DEEPEST} levels are read")


def _enum_decoder(kind: type[enum.Enum]) -> Decoder:
    def read(data: Json, path: str) -> Any:
        _not_too_deep(path)
        try:
            return kind(data)
        except (ValueError, TypeError):
            accepted = ", ".join(repr(member.value) for member in kind)
            raise WireError(path, f"{_shown(data)} is not one of {accepted}") from None

    return read


def _primitive_decoder(hint: Any) -> Decoder:
    """Reads a number, string, boolean or null: the plain case at once, any other
    (an int read as a float, a wrong value) as `_primitive` says."""
    exact = hint if hint in (bool, int, str, _NoneType) else None

    def read(data: Json, path: str) -> Any:
        _not_too_deep(path)
        if type(data) is exact:
            return data
        return _primitive(data, hint, path)

    return read


def _list(data: Json, path: str) -> list[Json]:
    if not isinstance(data, list):
        raise WireError(path, f"expected a list, got {_shown(data)}")
    return data


def _primitive(data: Json, hint: Any, path: str) -> Any:
    if hint is _NoneType:
        if data is None:
            return None
        raise WireError(path, f"expected null, got {_shown(data)}")
    if hint is bool:
        ok = isinstance(data, bool)
    elif hint is int:
        ok = isinstance(data, int) and not isinstance(data, bool)
    elif hint is float:
        ok = isinstance(data, int | float) and not isinstance(data, bool)
        data = float(data) if ok else data
    elif hint is str:
        ok = isinstance(data, str)
    else:
        raise WireError(path, f"values of type {hint!r} cannot be read")
    if not ok:
        raise WireError(path, f"expected {_KINDS.get(hint, hint)}, got {_shown(data)}")
    return data


_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}


def _shown(data: Json) -> str:
    """A received value as an error quotes it: short, and never raw control characters."""
    if isinstance(data, dict):
        return "an object"
    if isinstance(data, list):
        return "a list"
    return excerpt(repr(data))
