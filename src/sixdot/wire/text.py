"""JSON text for the wire, with a size cap read before anything is parsed."""

from __future__ import annotations

import msgspec

from sixdot.visible import excerpt
from sixdot.wire.values import Json, WireError

#: The largest message read, in bytes. The largest value sent is a view: a
#: six-player Consonants view late in a hand is about 22 KB.
LARGEST = 256 * 1024


def dumps(value: Json) -> bytes:
    """JSON values as compact UTF-8 JSON text."""
    return msgspec.json.encode(value)


def loads(data: bytes | str, largest: int = LARGEST) -> Json:
    """The JSON values in `data`, or WireError saying why not."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > largest:
        raise WireError("$", f"{len(raw)} bytes is too large: at most {largest} are read")
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as err:
        raise WireError("$", f"not JSON: {excerpt(str(err))}") from None
    except RecursionError:
        raise WireError("$", "nested too deeply to read") from None
