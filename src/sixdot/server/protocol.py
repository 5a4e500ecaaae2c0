"""Reading a client's message, and writing the server's, on the wire's schema.

The messages themselves are `sixdot.wire.messages` (one schema for both ends,
docs/protocol.schema.json). The server reads a client's with msgspec against
that schema here, so that each way a message can be wrong is a phrasebook key
the client words: too large (refused unread), not JSON, an unknown `type`, or
a field missing, of the wrong kind or too long (`$.name`: the field), quoted
as a visible excerpt. The connection goes on after any of these.
"""

from __future__ import annotations

from typing import Any

import msgspec

from sixdot.server.problems import Problem, quoted
from sixdot.wire.messages import (
    CHAT_LONGEST,
    CLIENT_LARGEST,
    VERSION,
    AddBot,
    Create,
    FromClient,
    Hello,
    Leave,
    Lobby,
    Login,
    Logout,
    Look,
    Message,
    Move,
    Ping,
    Register,
    RemoveBot,
    Resume,
    Say,
    Sit,
    Start,
    Sync,
    Watch,
    Who,
)

__all__ = [
    "CHAT_LONGEST",
    "LARGEST",
    "TYPES",
    "VERSION",
    "AddBot",
    "Create",
    "Hello",
    "Leave",
    "Lobby",
    "Login",
    "Logout",
    "Look",
    "Message",
    "Move",
    "Ping",
    "Register",
    "RemoveBot",
    "Resume",
    "Say",
    "Sit",
    "Start",
    "Sync",
    "Watch",
    "Who",
    "decode",
    "reply",
]

#: The largest message a client may send, in bytes.
LARGEST = CLIENT_LARGEST
_DECODER = msgspec.json.Decoder(FromClient)
_ENCODER = msgspec.json.Encoder()
#: The message types a client may send, for an error that lists them.
TYPES = tuple(sorted(str(kind.__struct_config__.tag) for kind in FromClient.__args__))


def decode(data: str | bytes) -> Message:
    """The message in `data`, or Problem naming what was wrong with it."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > LARGEST:
        raise Problem.of("online-too-large", size=len(raw), largest=LARGEST)
    try:
        message: Message = _DECODER.decode(raw)
    except msgspec.ValidationError as err:
        what, _, where = str(err).partition(" - at ")
        if where == "`$.type`" or what == "Object missing required field `type`":
            raise Problem.of("online-unknown-type", types=", ".join(TYPES)) from None
        field = where.strip("`").removeprefix("$.") or "message"
        raise Problem.of("online-bad-message", field=quoted(field), what=quoted(what, 60)) from None
    except msgspec.DecodeError as err:
        raise Problem.of("online-not-json", what=quoted(str(err))) from None
    except RecursionError:
        raise Problem.of("online-not-json", what="nested too deeply") from None
    except UnicodeDecodeError:  # a binary frame: text frames are UTF-8 already
        raise Problem.of("online-not-json", what="not UTF-8 text") from None
    return message


def reply(kind: str, **fields: Any) -> bytes:
    """A server message of type `kind` as JSON bytes (the wire's server messages)."""
    return _ENCODER.encode({"type": kind, **fields})
