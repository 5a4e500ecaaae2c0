"""One live table on the server: who sits where, the game, and each seat's stream.

The game itself is the table layer's `Match`. Each seat has one `SeatStream`
controller for the whole game, whoever is connected: it keeps every step as
that seat may see it (`Step.for_seats`), so what a seat is sent, and what a
returning player is sent again, is that list from a sequence number on. The
number of a step is its place in the game: 0 the deal, n the n-th move; every
stream has every step, empty of events where the seat saw nothing.
Spectators share one `Spectator`, which keeps public events only.

A person's seat answers later (its move arrives as a message). A seat whose
person dropped off is played by a stand-in bot after a grace period, and
given back when they return. Every move, a bot's or a person's, is added to
the store's journal before anyone is sent it, so a restarted server replays
the table to the same place.
"""

from __future__ import annotations

import asyncio
import functools
import json
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING

from sixdot.bots import Bot
from sixdot.core import Action, GameState, Refusal
from sixdot.core.errors import SixdotError
from sixdot.games import GAMES, Game
from sixdot.server.problems import Problem, quoted
from sixdot.server.storage import Entry, EntryKind, Seat, SeatKind, Status, Store, TableRecord
from sixdot.table import BotSeat, Controller, GameSetup, Match, Spectator, Step
from sixdot.wire.codec import Codec
from sixdot.wire.messages import LONGEST_TIMER, SHORTEST_TIMER

if TYPE_CHECKING:
    from sixdot.server.app import Client


@functools.lru_cache(maxsize=64)
def _codec(game: str, options: str) -> Codec:
    """One Codec for the tables of one game and options (as JSON), shared: a
    Codec is read-only once made, and making one begins a game (a takeover
    made hundreds on the loop, a millisecond and more each)."""
    return Codec(GAMES[game], json.loads(options))


class SeatStream(Controller):
    """A person's seat: keeps what it may see; plays by a stand-in bot when one is set."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.stand_in: Bot | None = None

    def act(self, state: GameState, seat: int) -> Action | None:
        if self.stand_in is None:
            return None
        return self.stand_in.choose(state.view(seat), state.legal_actions(seat))

    def see(self, step: Step) -> None:
        self.steps.append(step)


class NotRestored(SixdotError):
    """A kept table that cannot be brought back: the message says why."""


class LiveTable:
    """A table in the lobby, then its game; every change is kept in the store."""

    def __init__(self, record: TableRecord, store: Store) -> None:
        self.record = record
        self.store = store
        if record.game not in GAMES:
            raise NotRestored(f"no game {quoted(record.game)} is installed")
        self.game: Game = GAMES[record.game]
        self.match: Match | None = None
        self.streams: dict[int, SeatStream] = {}
        self.public = Spectator()
        self._journaled = 0
        #: How many moves each seat has made: a seat's turn number, which a
        #: move names so that one sent for a turn already over is never played.
        self.made: Counter[int] = Counter()
        #: The people's seats whose person left the game under way (`leave`):
        #: a bot plays them, and the others are told they left, not dropped off.
        self.left: set[int] = set()
        #: The last step each seat's person was sent: where what they missed
        #: starts when they come back from another window (`TableJoined.heard`).
        self.heard: dict[int, int] = {}
        self._codec: Codec | None = None
        #: The server changes the table under this, one change at a time; it
        #: lives and goes with the table (a lock kept apart outlived it).
        self.lock = asyncio.Lock()
        #: The connections at the table, seated or watching, in the order they
        #: came: who is sent each step, found without a look at everyone
        #: connected (each step of 600 tables looked at 1,200 people).
        self.present: dict[Client, None] = {}

    @property
    def codec(self) -> Codec:
        """How this table's events and views are written for its clients."""
        if self._codec is None:
            self._codec = _codec(
                self.record.game, json.dumps(dict(self.record.options), sort_keys=True)
            )
        return self._codec

    # -- facts --

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self.record.seats

    def seat_of(self, name: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.kind is SeatKind.PERSON and seat.who == name:
                return index
        return None

    def names(self) -> list[str]:
        """Each seat's name as players hear it: the person, or the bot's level."""
        return [seat.who or "empty" for seat in self.seats]

    def stream(self, seat: int | None) -> list[Step]:
        """Every step as `seat` may see it (spectators: None), from the deal on."""
        if seat is None:
            return self.public.steps
        return self.streams[seat].steps

    @property
    def sendable(self) -> int:
        """How many steps of each stream may be sent: the deal and the moves
        journaled. A bot's move is played on a bot thread and journaled back
        on the loop; a step sent between the two would be one a process
        killed then never kept, and its players would have heard a move the
        table taken over does not have."""
        return self._journaled + 1

    @property
    def last(self) -> int:
        """The number of the last step anyone may be sent (-1: none yet)."""
        return min(len(self.public.steps), self.sendable) - 1

    def waiting_for(self) -> tuple[int, ...]:
        """The people's seats asked to move now, stand-ins aside."""
        if self.match is None or self.match.over:
            return ()
        return tuple(
            s for s in self.match.to_act() if s in self.streams and self.streams[s].stand_in is None
        )

    # -- seating, before the game --

    def sit(self, name: str, seat: int | None) -> int:
        """Seat `name` (in `seat`, or the first empty one); the seat taken."""
        mine = self.seat_of(name)
        if mine is not None:
            return mine
        seat = self._empty_seat(seat)
        self._set(seat, Seat.person(name))
        return seat

    def _empty_seat(self, seat: int | None) -> int:
        """`seat` if it is free before the game starts, or the first free one;
        a Problem naming what is wrong otherwise."""
        if self.match is not None:
            raise Problem.of("online-table-playing", table=self.id)
        empty = [i for i, s in enumerate(self.seats) if s.kind is SeatKind.EMPTY]
        if seat is None:
            if not empty:
                raise Problem.of("online-table-full", table=self.id)
            seat = empty[0]
        self._check_seat(seat)
        if seat not in empty:
            raise Problem.of("online-seat-taken", seat=seat + 1)
        return seat

    def stand(self, name: str) -> None:
        """`name` leaves their seat before the game starts. A host who leaves
        hands the table to the next person seated; with nobody left it closes."""
        seat = self.seat_of(name)
        if seat is None or self.match is not None:
            return
        self._set(seat, Seat())
        if name != self.record.host:
            return
        people = [s.who for s in self.seats if s.kind is SeatKind.PERSON]
        if people:
            self.record = replace(self.record, host=people[0])
            self.store.set_host(self.id, people[0])
        else:
            self.record = replace(self.record, status=Status.OVER)
            self.store.set_status(self.id, Status.OVER)

    def free_nameless(self) -> None:
        """Empty again each person's seat that has no name, before the game:
        a sit that raced a login elsewhere left such seats in stores before
        issue 34, which no `unbot` or `leave` cleared. (In a game under way
        the seat's person never comes back, so a stand-in plays it.)"""
        if self.match is not None:
            return
        for index, seat in enumerate(self.seats):
            if seat.kind is SeatKind.PERSON and not seat.who:
                self._set(index, Seat())

    def add_bot(self, seat: int | None, level: str | None) -> int:
        seat = self._empty_seat(seat)
        self._set(seat, Seat.bot(self._level(level)))
        return seat

    def remove_bot(self, seat: int) -> None:
        if self.match is not None:
            raise Problem.of("online-table-playing", table=self.id)
        self._check_seat(seat)
        if self.seats[seat].kind is not SeatKind.BOT:
            raise Problem.of("online-not-a-bot", seat=seat + 1)
        self._set(seat, Seat())

    def _check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise Problem.of("online-no-such-seat", seat=seat + 1, seats=len(self.seats))

    def _level(self, level: str | None) -> str:
        chosen = level or self.record.level
        if chosen not in self.game.bots:
            raise Problem.of(
                "online-bad-level", level=quoted(chosen), levels=", ".join(self.game.bots)
            )
        return chosen

    def _set(self, seat: int, who: Seat) -> None:
        seats = list(self.seats)
        seats[seat] = who
        self.record = replace(self.record, seats=tuple(seats))
        self.store.set_seats(self.id, seats)

    # -- the game --

    def start(self) -> None:
        """Deal: empty seats get bots of the table's level. Kept as playing."""
        if self.match is not None:
            raise Problem.of("online-table-playing", table=self.id)
        for seat, who in enumerate(self.seats):
            if who.kind is SeatKind.EMPTY:
                self._set(seat, Seat.bot(self.record.level))
        # Played under the rules of now, whatever they were when the table was made.
        revision = self.game.rules.revision
        if self.record.rules != revision:
            self.record = replace(self.record, rules=revision)
            self.store.set_rules(self.id, revision)
        self.record = replace(self.record, status=Status.PLAYING)
        self.store.set_status(self.id, Status.PLAYING)
        self._begin(())

    def resume(self) -> None:
        """A table kept as playing, rebuilt from its journal after a restart.

        NotRestored if its journal was played under other rules (it would
        replay as another game) or no longer replays.
        """
        revision = self.game.rules.revision
        if self.record.rules != revision:
            raise NotRestored(
                f"played under {self.game.rules.title} rules revision {self.record.rules},"
                f" this server plays revision {revision}"
            )
        moves = [
            (e.seat, e.text)
            for e in self.store.journal(self.id)
            if e.kind is EntryKind.MOVE and e.seat is not None
        ]
        try:
            self._begin(moves)
        except SixdotError as err:
            raise NotRestored(f"its journal does not replay: {err}") from err
        except KeyError as err:  # a seat's bot level this sixdot no longer has
            raise NotRestored(f"no bot level {err} here") from err

    def _begin(self, moves: Sequence[tuple[int, str]]) -> None:
        record = self.record
        setup = GameSetup(self.game, record.players, dict(record.options), record.seed)
        match = Match(setup)
        for seat, who in enumerate(record.seats):
            if who.kind is SeatKind.BOT:
                match.sit(BotSeat(self.game.bots[who.who](seat, record.seed)), [seat])
            else:
                self.streams[seat] = SeatStream()
                match.sit(self.streams[seat], [seat])
        match.watch(self.public)
        match.start(moves)
        self.game.warm(match.state)
        self.match = match
        self._journaled = len(moves)
        self.made = Counter(seat for seat, _ in moves)

    def advance(self, most: int | None = None) -> None:
        """Let bots and stand-ins play until a person is to act (or `most`
        moves are played); the server journals the moves (`unkept`, `kept`).

        Blocking (bots think): the server calls it on a bot thread, one move
        a call and one call at a time per table (`server.rota`), and journals
        on its loop: the store's calls let go of the interpreter's lock, and a
        bot thread waits for it back each time while the loop is busy.
        """
        assert self.match is not None
        self.match.advance(most)

    @property
    def bot_due(self) -> bool:
        """A bot, or a stand-in for a person, is to move now."""
        if self.match is None or self.match.over:
            return False
        people = self.waiting_for()
        return any(seat not in people for seat in self.match.to_act())

    @property
    def unattended(self) -> bool:
        """No person plays here now: bots, and stand-ins for the people gone."""
        return all(stream.stand_in is not None for stream in self.streams.values())

    def submit(self, name: str, notation: str, turn: int | None = None) -> Refusal | None:
        """`name`'s move as notation: played, for the server to journal, or why
        it was refused.

        Problem if `name` holds no seat here, the notation does not parse, or
        `turn` (the seat's turn number the move was made at) is over: a move
        sent as the timer ran out is never played at the next decision.
        """
        if self.match is None:
            raise Problem.of("online-not-started", table=self.id)
        seat = self.seat_of(name)
        if seat is None:
            raise Problem.of("online-not-seated", table=self.id)
        # Its moves played and not yet journaled count too: a move sent twice
        # is late the second time, however soon.
        if turn is not None and turn != self.made[seat] + self._unkept_of(seat):
            raise Problem.of("online-move-late")
        action = self.game.rules.parse_action(notation)  # NotationError: the caller says so
        result = self.match.submit(seat, action)
        if isinstance(result, Refusal):
            return result
        return None

    def _unkept_of(self, seat: int) -> int:
        assert self.match is not None
        return sum(1 for s, _ in self.match.moves[self._journaled :] if s == seat)

    def others_moved(self, seat: int) -> int:
        """How many moves the seats other than `seat` have made in this game."""
        return sum(self.made.values()) - self.made[seat]

    def question(self, seat: int) -> int:
        """What `seat` is asked now, as a number: equal for the same legal moves."""
        assert self.match is not None
        return hash(tuple(action.notation for action in self.match.legal(seat)))

    def play_for(self, seat: int) -> str | None:
        """A person's time to move ran out: the table's bot makes this one move
        for them, for the server to journal. The move's notation; None if the
        seat is no longer asked (it moved just before). Blocking: the server
        calls it on a bot thread."""
        match = self.match
        if match is None or seat not in self.waiting_for():
            return None
        bot = self.game.bots[self.record.level](seat, self.record.seed)
        state = match.state
        action = bot.choose(state.view(seat), state.legal_actions(seat))
        played = match.submit(seat, action)
        assert not isinstance(played, Refusal), played  # a bot chooses among the legal moves
        return action.notation

    def unkept(self) -> tuple[int, list[Entry]]:
        """The moves played and not yet journaled, as journal lines, and how
        many moves there are with them: for the server to journal (many
        tables' in one write), then to say `kept`. A bot thread may play one
        more meanwhile: it is kept the next time."""
        assert self.match is not None
        moves = self.match.moves
        lines = [
            Entry(EntryKind.MOVE, seat, "", notation) for seat, notation in moves[self._journaled :]
        ]
        return len(moves), lines

    def kept(self, moves: int) -> None:
        """The first `moves` moves are in the journal: their steps may be sent
        (`sendable`), and they count in the seats' turn numbers. A game over
        with them is kept as over."""
        assert self.match is not None
        for seat, _ in self.match.moves[self._journaled : moves]:
            self.made[seat] += 1
        self._journaled = moves
        over = moves == len(self.match.moves) and self.match.over
        if over and self.record.status is not Status.OVER:
            self.record = replace(self.record, status=Status.OVER)
            self.store.set_status(self.id, Status.OVER)

    def stand_in(self, seat: int, present: bool, left: bool = False) -> None:
        """A person's seat played by a bot while they are gone (`present` False;
        `left`: by their choice), given back when they return."""
        stream = self.streams.get(seat)
        if stream is None:
            return
        if left:
            self.left.add(seat)
        elif present:
            self.left.discard(seat)
        if present:
            stream.stand_in = None
        elif stream.stand_in is None:
            stream.stand_in = self.game.bots[self.record.level](seat, self.record.seed)


#: The most a table on a server may ask of its bots, option by option, however
#: much more a game on one's own computer may: at these a strong bot of six
#: seats takes about a second a move (issue 34; `docs/online.md`).
BOT_OPTIONS_MOST: Mapping[str, int] = MappingProxyType({"think": 1000, "samples": 100})


def warning_at(timer: int) -> int:
    """Seconds before a move's time runs out that its player is warned: 30,
    or a quarter of a shorter timer (at least 1).

    >>> warning_at(180), warning_at(60), warning_at(5)
    (30, 15, 1)
    """
    return max(1, min(30, timer // 4))


def new_record(
    game: Game,
    players: int,
    options: dict[str, object],
    level: str,
    host: str,
    lock: str | None,
    timer: int = 0,
) -> TableRecord:
    """A new table's record, options checked now, with a secret seed of its own."""
    from sixdot.core.options import resolve_options

    if timer and not SHORTEST_TIMER <= timer <= LONGEST_TIMER:
        raise Problem.of("online-bad-timer", timer=timer, low=SHORTEST_TIMER, high=LONGEST_TIMER)

    if not game.rules.min_players <= players <= game.rules.max_players:
        raise Problem.of(
            "online-bad-players",
            game=game.rules.title,
            low=game.rules.min_players,
            high=game.rules.max_players,
        )
    if level not in game.bots:
        raise Problem.of("online-bad-level", level=quoted(level), levels=", ".join(game.bots))
    resolved = resolve_options(game.rules.options, options)  # OptionError: the caller says so
    given = {name: resolved[name] for name in options}
    for name, most in BOT_OPTIONS_MOST.items():
        asked = given.get(name)
        if isinstance(asked, int) and asked > most:
            raise Problem.of("online-option-most", option=name, asked=asked, most=most)
    return TableRecord(
        id=0,
        game=game.name,
        players=players,
        options=tuple(given.items()),
        seed=secrets.randbits(48),
        level=level,
        host=host,
        lock=lock,
        status=Status.WAITING,
        seats=tuple(Seat() for _ in range(players)),
        rules=game.rules.revision,
        timer=timer,
    )
