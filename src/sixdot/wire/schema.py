"""The protocol's JSON Schema, kept in `docs/protocol.schema.json` for other clients.

`python -m sixdot.wire.schema` writes the file again after a message changes;
a test fails while the file and the messages disagree.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from sixdot.files import write_whole
from sixdot.wire.messages import VERSION, FromClient, FromServer

#: Where the schema is kept, beside the other docs.
SCHEMA_PATH = Path(__file__).resolve().parents[3] / "docs" / "protocol.schema.json"


def schema() -> dict[str, Any]:
    """Both directions' messages: `fromClient` and `fromServer` each accept one."""
    (client, server), components = msgspec.json.schema_components(
        (FromClient, FromServer), ref_template="#/$defs/{name}"
    )
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"sixdot online protocol, version {VERSION}",
        "description": (
            "Messages are JSON objects named by `type`. Game values inside "
            "(events, views, refusal facts) are written by sixdot.wire: records "
            'as {"type": name, ...fields}, enums as {"enum": name, "value": v}.'
        ),
        "$defs": {"fromClient": client, "fromServer": server, **components},
    }


def schema_text() -> str:
    return json.dumps(schema(), indent=2, sort_keys=True) + "\n"


def export(path: Path = SCHEMA_PATH) -> None:
    write_whole(path, schema_text().encode("utf-8"))


if __name__ == "__main__":
    export()
