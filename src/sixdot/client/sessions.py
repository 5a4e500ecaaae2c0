"""The sessions `sixdot join` keeps between runs, one a server, in a file only
its owner reads (`KeptSessions`), so a restarted client resumes its seat
without the password."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from sixdot.core.errors import SixdotError
from sixdot.present.phrasebook import Phrasebook
from sixdot.visible import visible

if TYPE_CHECKING:
    from pathlib import Path


#: The kept sessions' file is never larger than this: a larger one is not sixdot's.
SESSIONS_LARGEST = 64 * 1024
#: What a kept sessions' file says it is, so another file of that name is never taken for one.
SESSIONS_KIND = "sixdot-sessions"


def sessions_path() -> Path:
    """`sessions.json` beside the settings file (~/.config/sixdot on Linux;
    the folder of SIXDOT_CONFIG when that names the settings file)."""
    from sixdot.config import default_path

    return default_path().parent / "sessions.json"


class KeptSessions:
    """The session tokens kept between runs, one a server URL, in a file only its owner reads.

    A file that is broken, too large, not a plain file, another user's or open
    to others is ignored with one notice; writing a session replaces it.
    """

    def __init__(
        self, path: Path, url: str, words: Phrasebook, notice: Callable[[str], None]
    ) -> None:
        self.path = path
        self.url = url
        self.words = words
        self.notice = notice
        self.noticed = False

    def _read(self) -> dict[str, Any]:
        """Every kept session by URL; {} for no file; SixdotError saying why one is not used."""
        import stat

        from sixdot.files import read_limited

        try:
            found = os.lstat(self.path)
        except FileNotFoundError:
            return {}
        except OSError as err:
            raise SixdotError(str(err.strerror or err)) from None
        if not stat.S_ISREG(found.st_mode):
            raise SixdotError(self.words("online-session-why-odd"))
        if hasattr(os, "getuid") and found.st_uid != os.getuid():
            raise SixdotError(self.words("online-session-why-foreign"))
        # Windows reports 0o666 whatever chmod does: there the profile
        # folder's own permissions keep the file private.
        if os.name == "posix" and found.st_mode & 0o077:
            raise SixdotError(self.words("online-session-why-open"))
        try:
            data = json.loads(read_limited(self.path, SESSIONS_LARGEST).decode("utf-8"))
        except (OSError, SixdotError, ValueError):
            raise SixdotError(self.words("online-session-why-broken")) from None
        servers = data.get("servers") if isinstance(data, dict) else None
        if not isinstance(servers, dict) or data.get("kind") != SESSIONS_KIND:
            raise SixdotError(self.words("online-session-why-broken"))
        return servers

    def _servers(self) -> dict[str, Any]:
        """The kept sessions, after saying once why a file is ignored."""
        try:
            return self._read()
        except SixdotError as err:
            if not self.noticed:
                self.noticed = True
                self.notice(
                    self.words("online-session-ignored", file=visible(str(self.path)), why=str(err))
                )
            return {}

    def load(self) -> tuple[str, str] | None:
        """The name and token kept for this server, if any."""
        kept = self._servers().get(self.url)
        if not isinstance(kept, dict):
            return None
        name, token = kept.get("name"), kept.get("token")
        if not isinstance(name, str) or not isinstance(token, str) or not token:
            return None
        return name, token

    def busy(self) -> bool:
        """Whether another sixdot join, still running, uses the session kept
        for this server: it is not resumed then, which would log that window out."""
        from sixdot.files import alive

        kept = self._servers().get(self.url)
        pid = kept.get("pid") if isinstance(kept, dict) else None
        return isinstance(pid, int) and 0 < pid != os.getpid() and alive(pid)

    def update(self, name: str | None, token: str | None) -> None:
        """Keep the session the server gave (name and token, and this process
        as the one using it); or, with no name, drop the session kept (only
        if it is `token`, when one is given)."""
        from sixdot.files import changing

        try:
            # Read and written back by one window at a time: another window's
            # session written in between would be lost.
            with changing(self.path):
                self._change(name, token)
        except OSError as err:
            self.notice(self.words("online-session-not-kept", why=visible(str(err))))

    def _change(self, name: str | None, token: str | None) -> None:
        from sixdot.files import write_whole

        servers = self._servers()
        kept = servers.get(self.url)
        if name is None:
            if token is not None and isinstance(kept, dict) and kept.get("token") != token:
                return  # another window's session since
            entry = None
        else:
            entry = {"name": name, "token": token, "pid": os.getpid()}
        if kept == entry:
            return
        if entry is None:
            servers.pop(self.url, None)
        else:
            servers[self.url] = entry
        text = json.dumps({"kind": SESSIONS_KIND, "servers": servers}, indent=1)
        # A temporary file is made owner-only (0600), then moved into place.
        write_whole(self.path, text.encode("utf-8"))
        os.chmod(self.path, 0o600)
