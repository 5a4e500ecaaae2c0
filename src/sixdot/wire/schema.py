"""The protocol's JSON Schemas, kept in `docs/` for clients in other languages.

`docs/protocol.schema.json` holds every message both ways. A message carries
game values (events, a view, a refusal's facts) as `sixdot.wire.values`
writes them; `docs/values/<game>.schema.json` holds each game's: its events,
its view and its card, worked out from the same type hints the codec follows.
`python -m sixdot.wire.schema` writes the files again after a message or a
game's values change; a test fails while the files and the code disagree.
"""

from __future__ import annotations

import enum
import json
import types
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import msgspec

from sixdot.core import Event
from sixdot.files import write_whole
from sixdot.games import GAMES, NAMES
from sixdot.wire.codec import Codec
from sixdot.wire.messages import VERSION, FromClient, FromServer
from sixdot.wire.values import data_fields, is_record

#: Where the schemas are kept, beside the other docs.
DOCS = Path(__file__).resolve().parents[3] / "docs"
SCHEMA_PATH = DOCS / "protocol.schema.json"
VALUES = DOCS / "values"
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def schema() -> dict[str, Any]:
    """Both directions' messages: `fromClient` and `fromServer` each accept one."""
    (client, server), components = msgspec.json.schema_components(
        (FromClient, FromServer), ref_template="#/$defs/{name}"
    )
    return {
        "$schema": DRAFT,
        "title": f"sixdot online protocol, version {VERSION}",
        "description": (
            "Messages are JSON objects named by `type`. Game values inside "
            "(events, views, refusal facts) are written by sixdot.wire: records "
            'as {"type": name, ...fields}, enums as {"enum": name, "value": v}; '
            "each game's are in docs/values/<game>.schema.json."
        ),
        "$defs": {"fromClient": client, "fromServer": server, **components},
    }


def values_schema(name: str) -> dict[str, Any]:
    """One game's values: `event` (a step's events), `view` (a turn's or a view's)
    and `card`, each defined in `$defs` with every record and enum they hold."""
    codec = Codec(GAMES[name])
    build = _Builder(codec.classes)
    events = [cls for cls in codec.classes.values() if _event(cls)]
    roots = {
        "event": {"anyOf": [build.tagged(cls) for cls in sorted(events, key=_name)]},
        "view": build.of(codec.view_type),
        "card": build.of(codec.card_type),
    }
    return {
        "$schema": DRAFT,
        "title": f"sixdot {name} values on the wire, protocol version {VERSION}",
        "description": (
            "A step's events are each an `event`; a turn's or a view message's "
            "`view` is a `view`. Records a field's type names are written as their "
            'fields; where a field may hold several kinds, as {"type": name, ...}.'
        ),
        "$defs": {**roots, **dict(sorted(build.defs.items()))},
    }


def _event(cls: type) -> bool:
    return issubclass(cls, Event) and is_record(cls) and cls is not Event


def _name(cls: type) -> str:
    return cls.__name__


class _Builder:
    """Schemas for type hints, as `sixdot.wire.values` writes values of them.

    Every record and enum gets a definition once, in `defs`, untagged (a field
    of its type) and tagged (where a field may hold anything, or several records).
    """

    def __init__(self, classes: Mapping[str, type]) -> None:
        self.classes = classes
        self.defs: dict[str, Any] = {}

    def of(self, hint: Any) -> dict[str, Any]:
        """How a value of type `hint` is written where the hint is known."""
        if hint is Any or hint is object:
            return self.anything()
        origin, args = typing.get_origin(hint), typing.get_args(hint)
        if origin is typing.Union or origin is types.UnionType:
            return self.union(args)
        if is_record(hint):
            return self.record(hint)
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return {"enum": [member.value for member in hint]}
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return {"type": "array", "items": self.of(args[0])}
            if not args:
                return {"type": "array", "items": self.anything()}
            items = [self.of(kind) for kind in args]
            return {"type": "array", "prefixItems": items, "items": False, "minItems": len(items)}
        if origin in (frozenset, set, list, Sequence):
            return {"type": "array", "items": self.of(args[0] if args else Any)}
        if origin in (dict, Mapping):
            key, kind = args if args else (Any, Any)
            if key is str:
                return {"type": "object", "additionalProperties": self.of(kind)}
            pair = [self.of(key), self.of(kind)]
            return {
                "type": "array",
                "items": {"type": "array", "prefixItems": pair, "items": False, "minItems": 2},
            }
        return {"type": _PRIMITIVE[hint]}

    def union(self, args: tuple[Any, ...]) -> dict[str, Any]:
        members = [arg for arg in args if arg is not type(None)]
        several = sum(map(is_record, members)) > 1
        found = [self.tagged(m) if several and is_record(m) else self.of(m) for m in members]
        if len(members) < len(args):
            found.append({"type": "null"})
        return found[0] if len(found) == 1 else {"anyOf": found}

    def record(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # a record may hold its own kind
            self.defs[name] = _exactly(self.fields(cls))
        return {"$ref": f"#/$defs/{name}"}

    def tagged(self, cls: type) -> dict[str, Any]:
        """A record or enum written with its type's name."""
        name = f"{cls.__name__}.tagged"
        if name not in self.defs:
            self.defs[name] = {}
            if is_record(cls):
                fields = {"type": {"const": cls.__name__}, **self.fields(cls)}
            else:
                fields = {"enum": {"const": cls.__name__}, "value": self.of(cls)}
            self.defs[name] = _exactly(fields)
        return {"$ref": f"#/$defs/{name}"}

    def fields(self, cls: type) -> dict[str, Any]:
        """A record's fields as the codec writes them, each with its schema."""
        return {field: self.of(kind) for field, kind in data_fields(cls)}

    def anything(self) -> dict[str, Any]:
        """A value of no stated type: a plain value, a list of them, or any of
        the game's records and enums, tagged."""
        if "any" not in self.defs:
            self.defs["any"] = {}
            kinds = sorted(self.classes.items())
            self.defs["any"] = {
                "anyOf": [
                    {"type": ["null", "boolean", "number", "string"]},
                    {"type": "array", "items": {"$ref": "#/$defs/any"}},
                    *(self.tagged(cls) for _, cls in kinds),
                ]
            }
        return {"$ref": "#/$defs/any"}


def _exactly(fields: dict[str, Any]) -> dict[str, Any]:
    """An object with these fields, every one of them, and no other."""
    return {
        "type": "object",
        "properties": fields,
        "required": list(fields),
        "additionalProperties": False,
    }


_PRIMITIVE = {bool: "boolean", int: "integer", float: "number", str: "string", type(None): "null"}


def schema_text(value: dict[str, Any] | None = None) -> str:
    return json.dumps(schema() if value is None else value, indent=2, sort_keys=True) + "\n"


def export() -> None:
    """Write the protocol's schema and each game's values schema."""
    write_whole(SCHEMA_PATH, schema_text().encode("utf-8"))
    VALUES.mkdir(exist_ok=True)
    for name in NAMES:
        write_whole(VALUES / f"{name}.schema.json", schema_text(values_schema(name)).encode())


if __name__ == "__main__":
    export()
