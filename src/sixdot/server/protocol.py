"""The messages a client may send, each a JSON object whose `type` names it.

Every message is decoded by msgspec into one of the frozen structs below, so
a field of the wrong kind, a missing field, a string too long or an unknown
`type` is refused with msgspec's own account of what was wrong (`$.name`: the
field), quoted as a visible excerpt. A message larger than `LARGEST` bytes is
refused unread. The connection goes on after any of these.

These are the client messages of `sixdot.wire.messages` (the protocol's one
schema, docs/protocol.schema.json), read here so that each problem is a
phrasebook key. What the server sends follows that schema (`reply`).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from sixdot.server.problems import Problem, quoted

#: The largest message a client may send, in bytes: a chat line or a move is
#: a few hundred; anything near this is not a person typing.
LARGEST = 8 * 1024
#: The longest chat line, in characters.
CHAT_LONGEST = 300
#: The protocol's version; `hello` says it both ways.
VERSION = 1

Short = Annotated[str, msgspec.Meta(max_length=200)]
Chat = Annotated[str, msgspec.Meta(max_length=CHAT_LONGEST)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000_000)]
OptionValue = Annotated[str, msgspec.Meta(max_length=40)] | int | bool


class Message(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", kw_only=True
):
    """A client's message; `seq`, if the client numbers its requests, is named
    in a problem's `about`."""

    seq: Annotated[int, msgspec.Meta(ge=-1, le=1_000_000_000)] = 0


class Hello(Message, tag="hello"):
    version: int = VERSION


class Register(Message, tag="register"):
    name: Short
    password: Short


class Login(Message, tag="login"):
    name: Short
    password: Short


class Resume(Message, tag="resume"):
    """Log in again with a session's token; `after`: the last step this client has."""

    token: Short
    after: int | None = None


class Logout(Message, tag="logout"):
    pass


class Lobby(Message, tag="lobby"):
    """List the tables and who is online."""


class Create(Message, tag="create"):
    game: Short
    players: Count | None = None
    options: Annotated[dict[Short, OptionValue], msgspec.Meta(max_length=20)] = {}
    level: Short | None = None
    private: bool = False
    password: Short | None = None


class Sit(Message, tag="sit"):
    table: Count
    seat: Count | None = None
    password: Short | None = None


class Watch(Message, tag="watch"):
    table: Count
    password: Short | None = None


class Leave(Message, tag="leave"):
    pass


class AddBot(Message, tag="bot"):
    seat: Count | None = None
    level: Short | None = None


class RemoveBot(Message, tag="unbot"):
    seat: Count


class Start(Message, tag="start"):
    pass


class Say(Message, tag="chat"):
    text: Chat
    #: "lobby" or "table"; by default the table one sits or watches at, else the lobby.
    to: Short | None = None


class Move(Message, tag="move"):
    move: Short


class Sync(Message, tag="sync"):
    """Send again what this connection's seat missed after step `after`."""

    after: int = -1


class Who(Message, tag="who"):
    pass


ANY = (
    Hello
    | Register
    | Login
    | Resume
    | Logout
    | Lobby
    | Create
    | Sit
    | Watch
    | Leave
    | AddBot
    | RemoveBot
    | Start
    | Say
    | Move
    | Sync
    | Who
)
_DECODER = msgspec.json.Decoder(ANY)
_ENCODER = msgspec.json.Encoder()
#: The message types a client may send, for an error that lists them.
TYPES = tuple(sorted(str(kind.__struct_config__.tag) for kind in ANY.__args__))


def decode(data: str | bytes) -> Message:
    """The message in `data`, or Problem naming what was wrong with it."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > LARGEST:
        raise Problem.of("online-too-large", size=len(raw), largest=LARGEST)
    try:
        return _DECODER.decode(raw)
    except msgspec.ValidationError as err:
        what, _, where = str(err).partition(" - at ")
        if where == "`$.type`" or what == "Object missing required field `type`":
            raise Problem.of("online-unknown-type", types=", ".join(TYPES)) from None
        field = where.strip("`").removeprefix("$.") or "message"
        raise Problem.of("online-bad-message", field=quoted(field), what=quoted(what, 60)) from None
    except msgspec.DecodeError as err:
        raise Problem.of("online-not-json", what=quoted(str(err))) from None


def reply(kind: str, **fields: Any) -> bytes:
    """A server message of type `kind` as JSON bytes."""
    return _ENCODER.encode({"type": kind, **fields})
