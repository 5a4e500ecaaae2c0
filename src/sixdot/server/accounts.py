"""Accounts: names, passwords kept as argon2id hashes, session tokens, rate limits.

- A name is 2 to 20 letters, digits, `.`, `-` or `_`, beginning with a letter,
  compared without case: what a screen reader says clearly and a command like
  `kick Ana` can hold. Anything else is refused, quoted back visibly.
- A password is kept only as its argon2id hash (argon2-cffi) and never logged.
- A wrong password and an unknown name get the same answer, after the same
  work (an unknown name is checked against a hash made at start), so a reply
  never tells whether a name exists.
- Logging in gives a token: the client keeps it to come back after a dropped
  connection. The store keeps only its SHA-256 digest; it expires.
- Attempts to log in are limited per name and per address.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from sixdot.server.problems import Problem, quoted
from sixdot.server.storage import Account, Session, Store
from sixdot.wire.messages import (
    NAME_LONGEST,
    NAME_SHORTEST,
    PASSWORD_LONGEST,
    PASSWORD_SHORTEST,
    kept_name,
)

#: How long a token lets a client back in without its password.
TOKEN_LIFE = 7 * 24 * 3600.0


def check_name(text: str) -> str:
    """The name `text` as kept (NFC, trimmed), or Problem saying what a name may be."""
    name = kept_name(text)
    if name is None:
        raise Problem.of(
            "online-bad-name", name=quoted(text, 24), shortest=NAME_SHORTEST, longest=NAME_LONGEST
        )
    return name


def name_key(name: str) -> str:
    """The form two names are compared in: Ana and ANA are one account."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_password(text: str) -> str:
    if not PASSWORD_SHORTEST <= len(text) <= PASSWORD_LONGEST:
        raise Problem.of(
            "online-bad-password", shortest=PASSWORD_SHORTEST, longest=PASSWORD_LONGEST
        )
    return text


def digest(token: str) -> str:
    """What the store keeps of a token: it cannot be turned back into the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class RateLimit:
    """At most `most` attempts per key in any `window` seconds; past that, Problem
    `refusal` with the seconds to wait."""

    def __init__(
        self,
        most: int,
        window: float,
        clock: Callable[[], float] = time.monotonic,
        refusal: str = "online-too-many-attempts",
    ) -> None:
        self.refusal = refusal
        self.most = most
        self.window = window
        self.clock = clock
        self._seen: dict[str, deque[float]] = {}

    def attempt(self, key: str) -> None:
        """Count an attempt, or Problem with the seconds to wait."""
        now = self.clock()
        seen = self._seen.setdefault(key, deque())
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if len(seen) >= self.most:
            wait = max(1, math.ceil(seen[0] + self.window - now))
            raise Problem.of(self.refusal, seconds=wait)
        seen.append(now)
        if len(self._seen) > 10_000:  # forget keys whose window has passed
            for stale in [k for k, v in self._seen.items() if not v or v[-1] <= now - self.window]:
                del self._seen[stale]


@dataclass(frozen=True)
class Login:
    """Who a connection is, and the token it may come back with."""

    name: str
    token: str


class Accounts:
    """Register, log in and come back with a token, over a Store.

    The hashing is slow on purpose (argon2id); the server runs these methods in
    a worker thread so other tables go on meanwhile.
    """

    def __init__(
        self,
        store: Store,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], float] = time.time,
        per_name: RateLimit | None = None,
        per_address: RateLimit | None = None,
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        self.per_name = per_name or RateLimit(5, 60.0)
        self.per_address = per_address or RateLimit(20, 60.0)
        #: Checked against when a name is unknown, so both answers take as long.
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    def register(self, name: str, password: str, address: str) -> Login:
        self.per_address.attempt(address)
        name = check_name(name)
        secret = self.hasher.hash(check_password(password))
        if not self.store.add_account(Account(name_key(name), name, secret)):
            raise Problem.of("online-name-taken", name=name)
        return self._session(name_key(name), name)

    def login(self, name: str, password: str, address: str) -> Login:
        key = name_key(name.strip())
        self.per_address.attempt(address)
        self.per_name.attempt(key)
        account = self.store.account(key)
        try:
            self.hasher.verify(account.secret if account else self._decoy, password)
        except (VerificationError, InvalidHashError):
            account = None
        if account is None:
            raise Problem.of("online-login-refused")
        return self._session(account.key, account.name)

    def resume(self, token: str) -> Login:
        """The login a token stands for, with its life renewed; Problem if it is
        unknown or expired (the player logs in again)."""
        now = self.clock()
        session = self.store.session(digest(token))
        account = self.store.account(session.key) if session else None
        if session is None or account is None or session.expires <= now:
            if session is not None:
                self.store.drop_session(session.digest)
            raise Problem.of("online-token-refused")
        self.store.add_session(Session(session.digest, session.key, now + TOKEN_LIFE))
        return Login(account.name, token)

    def logout(self, token: str) -> None:
        self.store.drop_session(digest(token))

    def _session(self, key: str, name: str) -> Login:
        token = secrets.token_urlsafe(32)
        self.store.drop_expired(self.clock())
        self.store.add_session(Session(digest(token), key, self.clock() + TOKEN_LIFE))
        return Login(name, token)
