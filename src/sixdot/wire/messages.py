"""Every message of the online protocol, both ways, as msgspec Structs.

A message is a JSON object whose `type` names it. `seq` numbers it: the
server numbers a table's steps (0 the deal, n the n-th move), so a client
that comes back asks for what followed the last it saw (`sync`); a client
may number its requests, and the server's answer to one names it (`about`).
Game values inside (events, a view, a refusal's facts) are `sixdot.wire`
JSON values, read with the table's `Codec`. Reading checks every field and
names the first that is wrong; `docs/protocol.schema.json` is the JSON
Schema of all of them, for clients in other languages.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from sixdot.visible import excerpt
from sixdot.wire.text import LARGEST
from sixdot.wire.values import WireError

#: The protocol's version; `hello` and `welcome` say it. 2: a table says its
#: move timer, and `time-warning` and `time-up` are sent. 3: a turn has its
#: number and a move names it; a refused move is followed by the turn again;
#: `ping` is answered by `pong` once every message before it is answered.
#: 4: `table` says, to a seat coming back, the last step it heard before.
VERSION = 4
#: The largest message a client may send, in bytes: a move or a chat line is a few hundred.
CLIENT_LARGEST = 8 * 1024
#: The longest chat line, in characters.
CHAT_LONGEST = 300
#: What an account's name and password may be (server and client check alike).
NAME_SHORTEST, NAME_LONGEST = 2, 20
PASSWORD_SHORTEST, PASSWORD_LONGEST = 8, 200


def kept_name(text: str) -> str | None:
    """The name `text` as an account keeps it (NFC, trimmed), or None if it may
    not be one: 2 to 20 letters, digits, dots, dashes or underscores, a letter first.

    >>> kept_name(" Ana "), kept_name("a"), kept_name("1abc"), kept_name("Al\x1b[31mice")
    ('Ana', None, None, None)
    """
    import unicodedata

    name = unicodedata.normalize("NFC", text.strip())
    allowed = all(char.isalnum() or char in ".-_" for char in name)
    if NAME_SHORTEST <= len(name) <= NAME_LONGEST and allowed and name[:1].isalpha():
        return name
    return None


#: A table's move timer, in seconds: its bounds, and its length when asked for
#: without one. It is off unless asked for, and generous then: a screen reader
#: user hears their hand before choosing.
SHORTEST_TIMER, LONGEST_TIMER, DEFAULT_TIMER = 5, 3600, 180

Short = Annotated[str, msgspec.Meta(max_length=200)]
Chat = Annotated[str, msgspec.Meta(max_length=CHAT_LONGEST)]
Count = Annotated[int, msgspec.Meta(ge=0, le=1_000_000_000)]
Seq = Annotated[int, msgspec.Meta(ge=-1, le=1_000_000_000)]
OptionValue = Annotated[str, msgspec.Meta(max_length=40)] | int | bool
Options = Annotated[dict[Short, OptionValue], msgspec.Meta(max_length=20)]
#: A game value written by `sixdot.wire` (an event, a view, a fact).
Value = Any


class Message(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, tag_field="type", kw_only=True
):
    """Every message: its `type` and sequence number."""

    seq: Seq = 0


# -- from a client --


class Hello(Message, tag="hello"):
    version: int = VERSION


class Register(Message, tag="register"):
    name: Short
    password: Short


class Login(Message, tag="login"):
    name: Short
    password: Short


class Resume(Message, tag="resume"):
    """Log in again with a session token; `after`: also send the steps after that
    one; `table`: the table this client was at, and `watching` whether it
    watched there, to watch again (a server restarted keeps no watchers). A
    table that ended meanwhile is said to have ended (`online-table-gone`)."""

    token: Short
    after: Seq | None = None
    table: Count | None = None
    watching: bool = False


class Logout(Message, tag="logout"):
    pass


class Lobby(Message, tag="lobby"):
    """List the tables and who is online."""


class Create(Message, tag="create"):
    game: Short
    players: Count | None = None
    options: Options = {}
    level: Short | None = None
    private: bool = False
    password: Short | None = None
    #: Seconds each move may take (0 or none: no timer); see TableFacts.timer.
    timer: Count | None = None


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
    #: "lobby" or "table"; by default the table one sits or watches at.
    to: Short | None = None


class Move(Message, tag="move"):
    """A move, as the game's notation, for the seat's turn numbered `turn`
    (a turn's `turn`); a move for a turn already over is refused, never
    played at the next one. None: at whatever turn stands."""

    move: Short
    turn: Count | None = None


class Ping(Message, tag="ping"):
    """Answered by `pong` after every message sent before it: a client that
    is done (its input ended) waits for that before it goes."""


class Sync(Message, tag="sync"):
    """Send again the steps after `after`: what a returning seat missed."""

    after: Seq = -1


class Look(Message, tag="look"):
    """Send this seat's view as it stands: a review (trick, players, status)
    asked between turns must not be answered from the view of the last turn."""


class Who(Message, tag="who"):
    pass


# -- from the server --


class Welcome(Message, tag="welcome"):
    version: int
    games: list[str]


class Session(Message, tag="session"):
    name: str
    token: str


class LoggedOut(Message, tag="logged-out"):
    pass


class Online(Message, tag="online"):
    names: list[str]


class SeatFacts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who has a seat: `kind` is empty, person or bot."""

    kind: str
    who: str | None = None
    here: bool = False
    bot_playing: bool = False
    #: The person left the game under way (`leave`, quit): not dropped off.
    left: bool = False


class TableFacts(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A table as the lobby lists it. Never its seed: that would give away every deal."""

    id: int
    game: str
    players: int
    host: str
    status: str
    private: bool
    level: str | None
    options: dict[str, OptionValue]
    seats: list[SeatFacts]
    watchers: int
    #: The number of the latest step.
    last: int
    #: Seconds a person has for each move (0: no timer); `time-warning` comes
    #: `warning` seconds before the end, then a bot moves for them (`time-up`).
    timer: int = 0
    warning: int = 0


class LobbyList(Message, tag="lobby"):
    tables: list[TableFacts]


class TableJoined(Message, tag="table"):
    """The table one sits or watches at, and one's own seat (None: watching).
    `heard`: to a seat coming back, the last step it heard before it went (the
    steps after it, up to `table.last`, are what it missed); None: no such step."""

    table: TableFacts
    you: int | None = None
    heard: Seq | None = None


class Left(Message, tag="left"):
    table: int


class Heard(Message, tag="chat"):
    name: str
    text: str
    to: str
    table: int | None = None


class StepMessage(Message, tag="step"):
    """A move (or the deal) as this seat may know it: `seq` is the step's number."""

    table: int
    seat: int | None
    #: The move's notation, only for the seat that made it.
    notation: str | None
    events: list[Value]
    over: bool


class Refused(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Why not: a phrasebook key and its facts (`sixdot.wire` values)."""

    key: str
    args: dict[str, Value] = {}


class TurnMessage(Message, tag="turn"):
    """A seat is asked to act: its own view and its legal moves as notation.
    `turn` numbers the seat's decisions (the moves it has made before): a turn
    sent again with the same number and `seq` is the same question. After a
    refused move the seat's turn is always sent again, if it is still asked."""

    table: int
    seat: int
    view: dict[str, Value]
    legal: list[str]
    turn: int = 0
    #: Ask even when one move is listed (`GameState.must_ask`).
    ask: bool = False


class ViewMessage(Message, tag="view"):
    """What a seat holds and sees now: sent when it comes back to a game under
    way, so its player hears their hand before their next turn, and as the
    answer to `look`; to a watcher (`seat` None), what everyone at the table
    sees. `seq` is the last step it has been sent."""

    table: int
    seat: int | None
    view: dict[str, Value]


class RefusedMessage(Message, tag="refused"):
    table: int
    move: str
    refusal: Refused


class TimeWarning(Message, tag="time-warning"):
    """The seat's time to move runs out in `left` seconds."""

    table: int
    seat: int
    left: int


class TimeUp(Message, tag="time-up"):
    """The seat's time ran out: the table's bot made this move for it."""

    table: int
    seat: int
    move: str


class Pong(Message, tag="pong"):
    """Every message sent before the `ping` has been answered."""


class Problem(Message, tag="problem"):
    """A request that could not be done: a phrasebook key, its facts, and which
    request it answers (its `seq`, or its type)."""

    key: str
    args: dict[str, Value] = {}
    about: str | int | None = None


FromClient = (
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
    | Look
    | Who
    | Ping
)
FromServer = (
    Welcome
    | Session
    | LoggedOut
    | Online
    | LobbyList
    | TableJoined
    | Left
    | Heard
    | StepMessage
    | TurnMessage
    | ViewMessage
    | RefusedMessage
    | TimeWarning
    | TimeUp
    | Pong
    | Problem
)

_FROM_CLIENT = msgspec.json.Decoder(FromClient)
_FROM_SERVER = msgspec.json.Decoder(FromServer)
_ENCODER = msgspec.json.Encoder()


def write(message: Message) -> bytes:
    """A message as JSON text."""
    return _ENCODER.encode(message)


def read_from_client(data: bytes | str) -> Any:
    """A client's message, checked field by field, or WireError naming what was wrong."""
    return _read(_FROM_CLIENT, data, CLIENT_LARGEST)


def read_from_server(data: bytes | str) -> Any:
    """A server's message, checked field by field, or WireError naming what was wrong."""
    return _read(_FROM_SERVER, data, LARGEST)


def _read(decoder: msgspec.json.Decoder[Any], data: bytes | str, largest: int) -> Any:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if len(raw) > largest:
        raise WireError("$", f"{len(raw)} bytes is too large: at most {largest} are read")
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as err:
        what, _, where = str(err).partition(" - at ")
        raise WireError(where.strip("`") or "$", excerpt(what, 80)) from None
    except msgspec.DecodeError as err:
        raise WireError("$", f"not JSON: {excerpt(str(err))}") from None
    except RecursionError:
        raise WireError("$", "nested too deeply to read") from None
