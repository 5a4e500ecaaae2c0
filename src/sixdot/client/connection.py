"""The websocket to a sixdot server, heard on a thread of its own and made
again with the session's token when it drops (`Connection`)."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from sixdot.client.listener import Listener
from sixdot.visible import visible

#: Seconds between tries to reconnect, the last repeated until `TRIES` tries.
RETRY = (0.5, 1.0, 2.0, 4.0)
TRIES = 10


class NotWebsocket(Exception):
    """What answered at the server's address is no websocket server: why."""


class Connection:
    """The websocket to the server, made again with the token when it drops."""

    def __init__(self, url: str, listener: Listener, say: Callable[[str], None]) -> None:
        self.url = url
        self.listener = listener
        self.say = say
        self.lock = threading.Lock()
        self.closing = False
        self.ws: Any = None
        #: Called after the lines of each message heard are said.
        self.heard: Callable[[], None] = lambda: None
        #: Why the connection ended for good while hearing, said once it has;
        #: None while it stands or was closed by the player.
        self.lost: str | None = None
        #: Called once `lost` is set (the player's input is ended with it).
        self.on_lost: Callable[[], None] = lambda: None

    def open(self) -> None:
        """Connect: OSError if no server answers, NotWebsocket if what
        answers is no websocket server (a web page, another service),
        ValueError if the address is no websocket address."""
        from websockets.exceptions import InvalidHandshake, InvalidURI
        from websockets.sync.client import connect

        try:
            self.ws = connect(self.url, max_size=4 * 1024 * 1024, legacy=True)
        except InvalidURI as err:
            raise ValueError(str(err)) from None
        except InvalidHandshake as err:
            raise NotWebsocket(str(err)) from None

    def send(self, message: dict[str, Any]) -> bool:
        """Send `message`; one that cannot go is said as not sent (False), and a
        move gives its turn back (the next try plays, once the line is back)."""
        from websockets.exceptions import ConnectionClosed

        try:
            self.ws.send(json.dumps(message))
            return True
        except ConnectionClosed:
            with self.lock:
                if message.get("type") == "move":
                    lines = self.listener.unsent()
                else:
                    lines = [self.listener.words("online-not-sent")]
            for line in lines:
                self.say(line)
            return False

    def hear(self) -> None:
        """Say every message as it comes; reconnect when the line drops."""
        from websockets.exceptions import ConnectionClosed

        while not self.closing:
            try:
                data = self.ws.recv()
            except (ConnectionClosed, OSError, EOFError):
                if self.closing or self.listener.replaced:
                    return
                if not self._reconnect():
                    self.on_lost()
                    return
                continue
            with self.lock:
                try:
                    lines = self.listener.heard(data)
                except Exception as err:  # a fault of ours: said; hearing goes on
                    lines = [self.listener.words("online-client-fault", what=type(err).__name__)]
            for line in lines:
                self.say(line)
            self.heard()

    def _reconnect(self) -> bool:
        self.say(self.listener.words("online-reconnecting"))
        for attempt in range(TRIES):
            time.sleep(RETRY[min(attempt, len(RETRY) - 1)])
            try:
                self.open()
            except OSError:
                continue
            except NotWebsocket as err:
                # No sixdot server answers there now: trying again will not help.
                words = self.listener.words
                self.lost = words(
                    "online-not-websocket", url=visible(self.url), why=visible(str(err))
                )
                return False
            message = self.listener.resume_message()
            if message is not None:
                self.send(message)
            self.say(self.listener.words("online-reconnected"))
            return True
        self.lost = self.listener.words("online-gave-up", tries=TRIES)
        return False

    def reopen(self) -> bool:
        """After this window was logged in elsewhere: a new connection, heard
        on a thread of its own, for a login typed here."""
        try:
            self.open()
        except (OSError, NotWebsocket) as err:
            words = self.listener.words
            self.say(words("online-cannot-connect", url=visible(self.url), why=visible(str(err))))
            return False
        self.listener.replaced = False
        threading.Thread(target=self.hear, name="sixdot-join", daemon=True).start()
        return True

    def close(self) -> None:
        self.closing = True
        if self.ws is not None:
            self.ws.close()
