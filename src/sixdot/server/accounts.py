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
- Failed passwords are limited per name and address together, per address,
  and per name; a valid token is never refused for them (`Accounts`). On a
  store several processes share, the limits are kept in it (`limit`): tries
  spread over the processes are limited as on one.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import threading
import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from sixdot.server.lookalikes import looks
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
#: Failed passwords one address may give for one name in a minute.
PAIR_FAILURES = 5
#: Registrations and failed passwords from one address in a minute, all
#: names together: room for a club behind one NAT.
ADDRESS_FAILURES = 50
#: Failed passwords for one name, from addresses it has not logged in from,
#: in `NAME_WINDOW` seconds; past that its logins from them are slowed.
NAME_FAILURES = 20
NAME_WINDOW = 600.0
#: Seconds between two checked logins of a slowed name.
SLOWED = 5.0
#: Refused tokens from one address in a minute.
TOKEN_FAILURES = 20
#: Addresses remembered per name as its owner's.
KNOWN = 8


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
    `refusal` with the seconds to wait. An attempt may be counted when it is
    made (`attempt`), or looked at first and counted only if it failed
    (`check`, then `count`)."""

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
        self.check(key)
        self.count(key)

    def check(self, key: str) -> None:
        """Problem with the seconds to wait if `key` has had its attempts; nothing counted."""
        seen = self._fresh(key)
        if len(seen) >= self.most:
            wait = max(1, math.ceil(seen[0] + self.window - self.clock()))
            raise Problem.of(self.refusal, seconds=wait)

    def full(self, key: str) -> bool:
        """Whether `key` has had all its attempts of the window."""
        return len(self._fresh(key)) >= self.most

    def count(self, key: str) -> None:
        """Count an attempt of `key` now."""
        now = self.clock()
        self._seen.setdefault(key, deque()).append(now)
        if len(self._seen) > 10_000:  # forget keys whose window has passed
            for stale in [k for k, v in self._seen.items() if not v or v[-1] <= now - self.window]:
                del self._seen[stale]

    def _fresh(self, key: str) -> deque[float]:
        """`key`'s attempts within the window; a key with none is forgotten
        (a look alone, as at every login, keeps nothing)."""
        now = self.clock()
        seen = self._seen.get(key)
        if seen is None:
            return deque()
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if not seen:
            del self._seen[key]
        return seen


class Known:
    """The addresses each name last logged in from (`KNOWN` at most): its
    owner's, whose logins are never slowed (`Accounts.wait`)."""

    def __init__(self) -> None:
        self._known: dict[str, deque[str]] = {}

    def has(self, key: str, address: str) -> bool:
        return address in self._known.get(key, ())

    def add(self, key: str, address: str) -> None:
        known = self._known.setdefault(key, deque(maxlen=KNOWN))
        if address not in known:
            known.append(address)


class Turns:
    """When each slowed name's next login is checked."""

    def __init__(self) -> None:
        #: The next turn of each slowed name (time.monotonic).
        self._turns: dict[str, float] = {}

    def take(self, key: str, slowed: float) -> float:
        """Seconds until the next turn of `key`, `slowed` after the last one's."""
        now = time.monotonic()
        turn = max(now, self._turns.get(key, now)) + slowed
        self._turns[key] = turn
        if len(self._turns) > 10_000:
            for gone in [k for k, t in self._turns.items() if t < now]:
                del self._turns[gone]
        return turn - now


def limit(
    store: Store, name: str, most: int, window: float, refusal: str = "online-too-many-attempts"
) -> RateLimit:
    """The rate limit `name`: kept in the store where several processes
    share it (each counts every process's tries), else in this one's memory."""
    shared = store.rate_limit(name, most, window, refusal)
    return shared if shared is not None else RateLimit(most, window, refusal=refusal)


@dataclass(frozen=True)
class Login:
    """Who a connection is, and the token it may come back with."""

    name: str
    token: str


class Accounts:
    """Register, log in and come back with a token, over a Store.

    The hashing is slow on purpose (argon2id); the server runs these methods in
    a worker thread so other tables go on meanwhile.

    Failed passwords are limited so that nobody can shut a player out:
    - per name and address together (`per_pair`): a guesser is stopped, and
      the name's owner elsewhere is not;
    - per address, all names (`per_address`, registrations too): generous,
      since a club behind one NAT shares an address;
    - per name, from addresses it has not logged in from (`per_name`): past
      it, such logins are checked one at a time, `slowed` seconds apart (a
      correct password still gets through, after its wait; `wait`).
    A valid token is never refused for failed passwords; refused tokens have
    a limit of their own per address (`tokens`).
    """

    def __init__(
        self,
        store: Store,
        hasher: PasswordHasher | None = None,
        clock: Callable[[], float] = time.time,
        per_name: RateLimit | None = None,
        per_address: RateLimit | None = None,
        per_pair: RateLimit | None = None,
        slowed: float | None = None,
    ) -> None:
        self.store = store
        self.hasher = hasher or PasswordHasher()
        self.clock = clock
        self.per_pair = per_pair or limit(store, "pair", PAIR_FAILURES, 60.0)
        self.per_address = per_address or limit(store, "address", ADDRESS_FAILURES, 60.0)
        self.per_name = per_name or limit(store, "name", NAME_FAILURES, NAME_WINDOW)
        self.tokens = limit(store, "token", TOKEN_FAILURES, 60.0)
        self.slowed = SLOWED if slowed is None else slowed
        #: The addresses each name last logged in from (a few): its owner's;
        #: and when each slowed name's logins are next checked. Kept in the
        #: store where several processes share it.
        self.known = store.known_addresses() or Known()
        self.turns = store.login_turns() or Turns()
        #: Read from the store at the first registration (`_looks_taken`).
        self._names: dict[str, str] | None = None
        self._naming = threading.Lock()
        #: Checked against when a name is unknown, so both answers take as long.
        self._decoy = self.hasher.hash(secrets.token_urlsafe(16))

    def register(self, name: str, password: str, address: str) -> Login:
        self.per_address.attempt(address)
        name = check_name(name)
        secret = self.hasher.hash(check_password(password))
        with self._naming:
            taken = self._looks_taken()
            for look in looks(name):
                other = taken.get(look)
                if other is not None and name_key(other) != name_key(name):
                    raise Problem.of("online-name-too-like", name=name, other=other)
            if not self.store.add_account(Account(name_key(name), name, secret)):
                raise Problem.of("online-name-taken", name=name)
            taken.update(dict.fromkeys(looks(name), name))
        self._know(name_key(name), address)
        return self._session(name_key(name), name)

    def _looks_taken(self) -> dict[str, str]:
        """Each look of every account's name (`lookalikes`), to the name: a
        new name sharing one passes for that account's, whatever its case."""
        if self._names is None:
            self._names = {look: n for n in self.store.account_names() for look in looks(n)}
        return self._names

    def wait(self, name: str, address: str) -> float:
        """Seconds a login of `name` from `address` waits before its password
        is checked: 0, or its turn if the name is slowed (the try is counted
        now). Problem if the address has had its tries."""
        key = name_key(name.strip())
        self.per_address.check(address)
        self.per_pair.check(f"{key} {address}")
        if self.known.has(key, address) or not self.per_name.full(key):
            return 0.0
        self.per_pair.count(f"{key} {address}")
        return self.turns.take(key, self.slowed)

    def login(self, name: str, password: str, address: str, waited: bool = False) -> Login:
        """The login of `name`, if `password` is theirs; Problem otherwise.
        `waited`: the try waited its turn (`wait`), and was counted then."""
        key = name_key(name.strip())
        pair = f"{key} {address}"
        self.per_address.check(address)
        if not waited:
            self.per_pair.check(pair)
        account = self.store.account(key)
        try:
            self.hasher.verify(account.secret if account else self._decoy, password)
        except (VerificationError, InvalidHashError):
            account = None
        if account is None:
            self.per_address.count(address)
            if not waited:
                self.per_pair.count(pair)
            if not self.known.has(key, address):
                self.per_name.count(key)
            raise Problem.of("online-login-refused")
        self._know(key, address)
        return self._session(account.key, account.name)

    def _know(self, key: str, address: str) -> None:
        self.known.add(key, address)

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

    def resume_from(self, token: str, address: str) -> Login:
        """`resume`, from `address`: a valid token always logs in again, and
        makes the address its owner's; only a refused one counts against the
        address's tries at tokens."""
        try:
            login = self.resume(token)
        except Problem:
            self.tokens.attempt(address)
            raise
        self._know(name_key(login.name), address)
        return login

    def logout(self, token: str) -> None:
        self.store.drop_session(digest(token))

    def _session(self, key: str, name: str) -> Login:
        token = secrets.token_urlsafe(32)
        self.store.drop_expired(self.clock())
        self.store.add_session(Session(digest(token), key, self.clock() + TOKEN_LIFE))
        return Login(name, token)
