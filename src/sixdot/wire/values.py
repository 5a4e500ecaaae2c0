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


def encode(value: Any, hint: Any = Any) -> Json:
    """`value` as JSON values, untagged where `hint` says what it is."""
    if hint is Any or hint is object:
        return tagged(value)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        if value is None:
            return None
        members = [arg for arg in args if arg is not _NoneType]
        classes = [m for m in members if is_record(m)]
        if is_record(type(value)) and len(classes) > 1:
            return tagged(value)
        chosen = next((m for m in members if _matches(value, m)), members[0])
        return encode(value, chosen)
    if is_record(hint):
        return {name: encode(getattr(value, name), kind) for name, kind in data_fields(type(value))}
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return value.value
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return [encode(item, args[0]) for item in value]
        if not args:
            return [tagged(item) for item in value]
        return [encode(item, kind) for item, kind in zip(value, args, strict=True)]
    if origin in (frozenset, set, list, Sequence):
        kind = args[0] if args else Any
        items = [encode(item, kind) for item in value]
        return sorted(items, key=_sort_key) if origin in (frozenset, set) else items
    if origin in (dict, Mapping, Mapping):
        key, kind = args if args else (Any, Any)
        if key is str:
            return {name: encode(item, kind) for name, item in value.items()}
        return [[encode(k, key), encode(v, kind)] for k, v in value.items()]
    if hint in (bool, int, float, str, _NoneType) and isinstance(value, hint):
        return value
    raise TypeError(f"a {type(value).__name__} cannot go on the wire as {hint!r}")


def _matches(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint) or hint
    return isinstance(origin, type) and isinstance(value, origin)


def tagged(value: Any) -> Json:
    """A value whose type the reader is not told: dataclasses and enums carry their names."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return {"enum": type(value).__name__, "value": value.value}
    if is_record(type(value)):
        return {"type": type(value).__name__, **encode(value, type(value))}
    if isinstance(value, tuple | list):
        return [tagged(item) for item in value]
    raise TypeError(f"a {type(value).__name__} cannot go on the wire")


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

    def decode(self, data: Json, hint: Any, path: str = "$") -> Any:
        """The value of type `hint` written as `data`, or WireError naming what is wrong."""
        _not_too_deep(path)
        if hint is Any or hint is object:
            return self.untag(data, path)
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin is typing.Union or origin is types.UnionType:
            return self._union(data, args, path)
        if is_record(hint):
            return self.record(data, typing.cast(type, hint), path)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            try:
                return hint(data)
            except (ValueError, TypeError):
                accepted = ", ".join(repr(member.value) for member in hint)
                raise WireError(path, f"{_shown(data)} is not one of {accepted}") from None
        if origin is tuple:
            items = _list(data, path)
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(
                    self.decode(item, args[0], f"{path}[{i}]") for i, item in enumerate(items)
                )
            if not args:
                return tuple(self.untag(item, f"{path}[{i}]") for i, item in enumerate(items))
            if len(items) != len(args):
                raise WireError(path, f"expected {len(args)} items, got {len(items)}")
            return tuple(
                self.decode(item, kind, f"{path}[{i}]")
                for i, (item, kind) in enumerate(zip(items, args, strict=True))
            )
        if origin in (frozenset, set, list, Sequence):
            kind = args[0] if args else Any
            items = [self.decode(x, kind, f"{path}[{i}]") for i, x in enumerate(_list(data, path))]
            return {frozenset: frozenset, set: frozenset}.get(origin, tuple)(items)
        if origin in (dict, Mapping, Mapping):
            key, kind = args if args else (Any, Any)
            if key is str:
                if not isinstance(data, dict):
                    raise WireError(path, f"expected an object, got {_shown(data)}")
                return {k: self.decode(v, kind, f"{path}.{excerpt(k)}") for k, v in data.items()}
            pairs = _list(data, path)
            out = {}
            for i, pair in enumerate(pairs):
                if not isinstance(pair, list) or len(pair) != 2:
                    raise WireError(f"{path}[{i}]", "expected a [key, value] pair")
                out[self.decode(pair[0], key, f"{path}[{i}][0]")] = self.decode(
                    pair[1], kind, f"{path}[{i}][1]"
                )
            return out
        return _primitive(data, hint, path)

    def _union(self, data: Json, args: tuple[Any, ...], path: str) -> Any:
        if data is None and _NoneType in args:
            return None
        members = [arg for arg in args if arg is not _NoneType]
        if isinstance(data, dict) and "type" in data and sum(map(is_record, members)) > 1:
            value = self.untag(data, path)
            if not any(isinstance(value, m) for m in members if isinstance(m, type)):
                raise WireError(path, f"a {type(value).__name__} cannot stand here")
            return value
        problems = []
        for member in members:
            try:
                return self.decode(data, member, path)
            except WireError as err:
                problems.append(err.problem)
        if len(members) == 1:
            raise WireError(path, problems[0])
        raise WireError(path, f"{_shown(data)} fits none of its forms ({'; '.join(problems)})")

    def record(self, data: Json, cls: type, path: str) -> Any:
        """A dataclass from its fields; tools come from the setup, cards from the deck."""
        if not isinstance(data, dict):
            raise WireError(path, f"expected an object of {cls.__name__}, got {_shown(data)}")
        known = dict(data_fields(cls))
        every = dataclasses.fields(cls) if dataclasses.is_dataclass(cls) else ()
        extra = [name for name in data if name not in known and name != "type"]
        if extra:
            accepted = ", ".join(known) or "none"
            raise WireError(path, f"unknown field {excerpt(str(extra[0]))}; fields: {accepted}")
        values = {}
        optional = {
            item.name
            for item in every
            if item.default is not dataclasses.MISSING
            or item.default_factory is not dataclasses.MISSING
        } | set(getattr(cls, "_field_defaults", ()))
        for name, kind in known.items():
            if name in data:
                values[name] = self.decode(data[name], kind, f"{path}.{name}")
            elif name not in optional:
                raise WireError(path, f"missing field {name} of {cls.__name__}")
        tools = tool_fields(cls)
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
