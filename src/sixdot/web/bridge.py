"""One browser's seat: the client mind of `sixdot join` (`Listener`), run by
the server for a page that only shows and announces.

The browser sends what its player did (a line typed, Enter on a card, the
account form); the seat reads it as `sixdot join` reads a typed line and
hands the server the protocol messages it comes to. The server's frames for
this connection come back here, not to the browser: the seat words them with
the player's phrasebook and the game's presenter and sends the browser lines
(urgent ones marked) and the focus list as data. Nothing from the browser
reaches a line unchecked: typed text goes through the same reader as the
terminal's, names and passwords only into protocol messages the server checks.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any
from urllib.parse import parse_qs, urlsplit

import msgspec

from sixdot.client.keys import DEFAULT_KEYS
from sixdot.client.listener import Listener
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.visible import visible

#: Server frames whose lines are where the player's attention goes: said at once.
URGENT = frozenset({"turn", "refused", "time-warning", "time-up"})
#: The longest text a browser message may carry into a line or a message.
LONGEST = 2000
#: What the page says itself when a walking key meets an end, by phrase key
#: (as the terminal's `on_end` says them).
ENDS = (
    "focus-last",
    "focus-first",
    "focus-last-group",
    "focus-first-group",
    "focus-no-playable",
    "focus-board-edge",
)
#: The review keys by the browser's name for the key (KeyboardEvent.key): the
#: terminal's defaults, "f5" as "F5", "pageup" as "PageUp". The server's own
#: settings file is not the player's, so no [keys] table is read for a page.
BROWSER_KEYS = {
    {"pageup": "PageUp", "pagedown": "PageDown"}.get(key, key.upper()): name
    for name, key in DEFAULT_KEYS.items()
}


class WebSeat:
    """What one browser hears and may do, as words and focus lists."""

    def __init__(self, browser: Any, path: str) -> None:
        self.browser = browser
        query = parse_qs(urlsplit(path).query)
        brief = query.get("verbosity", [""])[0] == "brief"
        #: The page comes back with a kept session (reconnected, or reloaded):
        #: "Connected to ... Type register or login." is not what it needs.
        self.again = "again" in query
        self.me = Listener(Phrasebook(verbosity=Verbosity.BRIEF if brief else Verbosity.FULL))
        # The page has the review keys, so `keys` (F1) lists them, as a terminal's does.
        self.me.desk.keys = dict(DEFAULT_KEYS)
        self._sessions: list[tuple[str | None, str | None]] = []
        self.me.on_token = lambda name, token: self._sessions.append((name, token))
        self._focus: list[dict[str, str]] | None = None
        # One frame or one line at a time: the listener is one player's mind.
        self._turn = asyncio.Lock()

    async def start(self, host: str) -> None:
        """The page's first words: that it is connected, and, from the same
        phrasebook, what it says itself when the connection is down or a
        walking key meets an end; and which keys are review keys."""
        words = self.me.words
        await self._send(
            "words",
            lost=words("online-reconnecting"),
            back=words("online-reconnected"),
            not_sent=words("online-not-sent"),
            ends={key: words(key) for key in ENDS},
            keys=BROWSER_KEYS,
        )
        if not self.again:
            connected = words("online-connected", url=visible(host)[:LONGEST])
            await self._tell([connected], urgent=False)

    async def hear(self, frame: bytes) -> None:
        """A server frame for this seat, in words."""
        try:
            kind = json.loads(frame).get("type")
        except (ValueError, AttributeError):
            kind = None
        async with self._turn:
            lines = await asyncio.to_thread(self.me.heard, frame)
            await self._tell(lines, urgent=kind in URGENT)

    async def read(self, raw: str | bytes) -> list[bytes]:
        """What the browser sent: the protocol messages it comes to."""
        try:
            message = json.loads(raw)
        except ValueError:
            message = None
        if not isinstance(message, dict):
            return []
        kind = message.get("type")
        if kind in ("register", "login"):
            fields = {k: _text(message.get(k)) for k in ("name", "password")}
            return [msgspec.json.encode({"type": kind, **fields})]
        if kind == "resume":
            return [msgspec.json.encode({"type": "resume", "token": _text(message.get("token"))})]
        if kind == "review":  # a review key: its command, as the terminal's key runs it
            name = message.get("name")
            if name not in DEFAULT_KEYS:
                return []
            text = str(name)
        elif kind == "line":
            text = _text(message.get("text"))
        else:
            return []
        async with self._turn:
            reply = await asyncio.to_thread(self.me.typed, text)
            await self._tell(reply.say, urgent=False)
        return [msgspec.json.encode(sent) for sent in reply.send]

    async def _tell(self, lines: list[str], urgent: bool) -> None:
        """The session when it changed (first: the page moves the focus to the
        command field before "Logged in" is said, so what is typed next goes
        there), then the lines, then the focus list when it changed."""
        for name, token in self._sessions:
            await self._send("session", name=name, token=token)
        self._sessions.clear()
        if lines:
            self.me.last_said = lines[-1]  # for `repeat` (F6)
            await self._send("lines", lines=lines, urgent=urgent)
        focus = [
            {
                "label": item.label,
                "group": item.group,
                "pick": item.pick,
                "jump": item.jump,
                # Ctrl+Left and Ctrl+Right skip what cannot be played now.
                "playable": bool(item.actions or item.pick),
                "at": list(item.at) if item.at is not None else None,
            }
            for item in self.me.focus
        ]
        if focus != self._focus:
            self._focus = focus
            # (verb, how many) while a turn picks several cards: Space selects them.
            picking = self.me.selection
            await self._send("focus", items=focus, picking=list(picking) if picking else None)

    async def _send(self, kind: str, **fields: Any) -> None:
        await self.browser.send(json.dumps({"type": kind, **fields}))


def _text(value: object) -> str:
    """A browser's text, bounded; anything not text is empty."""
    return value[:LONGEST] if isinstance(value, str) else ""
