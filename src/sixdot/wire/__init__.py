"""The wire: the core's values as JSON, the same for every game, never as words.

Events, views, legal moves, refusals and cards cross the network as data; a
client words them with its own phrasebook, language, verbosity, speech and
braille settings.

API (names are stable):

- `encode(value)`: any core value (an event, a view, a refusal's fact) as
  JSON values; a record names its type (`{"type": "CardTaken", ...}`), an
  enum too (`{"enum": "End", "value": "left"}`); tuples are lists. Needs no game.
- `Codec(game, options)`: reads them back for one game's table, exactly:
  `event`/`read_event`, `view`/`read_view`, `action`/`read_action` (moves
  travel as notation), `refusal`/`read_refusal` (`{"key", "args"}`),
  `card`/`read_card`. Tools a view carries (word solver, board layout) are
  rebuilt from the options, never sent; cards read back are the deck's own.
- `WireError(path, problem)`: what was wrong and where (`$.hand[2].face`).
- `dumps(value) -> bytes`, `loads(data, largest=LARGEST)`: JSON text, refusing
  more than `LARGEST` bytes before parsing.
- `sixdot.wire.messages`: the message envelopes (msgspec Structs, each with a
  sequence number); `sixdot.wire.schema`: their JSON Schema, kept in
  `docs/protocol.schema.json`.
"""

from __future__ import annotations

from typing import Any

from sixdot.wire.codec import Codec
from sixdot.wire.text import LARGEST, dumps, loads
from sixdot.wire.values import Json, WireError, tagged


def encode(value: Any) -> Json:
    """Any core value as JSON values, each record and enum named by its type."""
    return tagged(value)


__all__ = ["LARGEST", "Codec", "Json", "WireError", "dumps", "encode", "loads"]
