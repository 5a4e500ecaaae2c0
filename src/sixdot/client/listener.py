"""`sixdot join`'s mind: what the client knows of the server, the table and its
own turn, and what each server message comes to in words (`Listener`).

The server sends facts (events, views, refusals and problems as keys); the
listener makes the words with its own phrasebook and the game's presenter,
as local play does, so every line is in the player's language and
verbosity, and keeps them on the player's desk. Typed lines are read by its
other half, `sixdot.client.commands`. It does no I/O, so the terminal and
tests drive it alike.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sixdot.client.commands import Asking, Commands, SentMove
from sixdot.client.desk import Desk
from sixdot.core import Action, Event
from sixdot.games import GAMES, present
from sixdot.present.focus import FocusItem, marked
from sixdot.present.phrasebook import Phrasebook
from sixdot.visible import visible

if TYPE_CHECKING:
    from sixdot.present.presenter import Presenter
    from sixdot.wire.codec import Codec
    from sixdot.wire.messages import TableFacts


class Listener(Commands):
    """What this client knows of the server, the table and its own turn."""

    def __init__(self, words: Phrasebook) -> None:
        self.words = words
        self.name: str | None = None
        self.token: str | None = None
        self.facts: TableFacts | None = None
        self.you: int | None = None
        #: `quit` was typed once at a game under way: a second one leaves.
        self.quitting = False
        #: Which of several moves and commands a line meant, asked and unanswered.
        self.asking: Asking | None = None
        #: The last step heard of the table's stream (-1: none yet).
        self.last = -1
        #: That step ended the game.
        self.ended = False
        #: Steps up to this one are the table's past, heard quietly on arrival.
        self.quiet_until = -1
        #: What this seat missed while away, said together when it is all here.
        self.away: Away | None = None
        self.codec: Codec | None = None
        self.me: Presenter | None = None
        self.view: Any = None
        #: The last step the view has heard (-1: none): older than `last`, a
        #: review asks the server for the view as it stands (`look`).
        self.view_seq = -1
        #: A review waiting for that view, answered when it comes.
        self.pending: Callable[[Any], list[str]] | None = None
        self.legal: tuple[Action, ...] = ()
        #: The number of the turn `legal` answers (the moves this seat had made).
        self.turn_no = -1
        #: The move on its way and the turn it was sent from: its refusal gives it back.
        self.sent_turn: SentMove | None = None
        #: A turn that came while that move was on its way, said if it is refused.
        self.held: Any = None
        #: Logged in elsewhere since: the server closed this line, not to be made again.
        self.replaced = False
        #: What the keys walk at this turn, each item marked with its place.
        self.focus: list[FocusItem] = []
        #: (verb, how many) while a turn picks several cards: Space selects them.
        self.selection: tuple[str, int] | None = None
        #: The last line said, by anyone (`repeat`); kept by whoever says lines.
        self.last_said = ""
        #: The player's desk: every line the server's messages came to, and
        #: every review command, answered as local play answers it.
        self.desk = Desk(None, words, said_last=lambda: self.last_said)
        #: Told (name, token) when the server gives a session, (None, None) when
        #: the session ends: logged out, or the token refused.
        self.on_token: Callable[[str | None, str | None], None] | None = None
        #: The tables known to be private (the lobby said so, or the server
        #: asked for a password): `sit` and `watch` ask for it, never echoed.
        self.private: set[int] = set()
        #: Back after a lost connection (the server restarted, or this line
        #: dropped), until the table is heard again: "Connected again." says
        #: it once; the login, the table's state and the hand are not news.
        self.rejoining = False
        #: The people found away on coming back: their return is not news either.
        self.quiet_back: set[int] = set()
        #: Set by `pong`: every message sent before the `ping` has been answered.
        self.answered = threading.Event()
        #: The events said since this seat was last asked to move, and whether
        #: its hand was said whole since: the prompt leaves them out (`Presenter.first_turn`).
        self.heard_events: list[Event] = []
        self.hand_said = False

    # -- from the server --

    def heard(self, data: str | bytes) -> list[str]:
        """The lines a server message comes to; a message this client cannot
        read is said as such, never shown raw."""
        from sixdot.wire.messages import read_from_server
        from sixdot.wire.values import WireError

        try:
            message = read_from_server(data)
            kind = type(message).__name__
            # A review's answer, and a turn's question, are said as local play
            # says them: not kept as news (`last` says the newest event). A
            # step keeps its lines itself, an event at a time.
            review = kind in ("TurnMessage", "StepMessage") or (
                kind == "ViewMessage" and self.pending is not None
            )
            lines: list[str] = getattr(self, f"_on_{kind}", self._on_other)(message)
        except WireError as err:  # the message, or a game value inside it
            return [self.words("online-unreadable", what=visible(str(err)))]
        if lines and not review:
            self.desk.heard(lines)
        return lines

    def _on_other(self, message: Any) -> list[str]:
        return []

    def _on_Welcome(self, message: Any) -> list[str]:
        games = self._list(message.games)
        return [self.words("online-welcome", games=games, count=len(message.games))]

    def _on_Session(self, message: Any) -> list[str]:
        self.name, self.token = message.name, message.token
        if self.on_token is not None:
            self.on_token(message.name, message.token)
        if self.rejoining:
            return []
        return [self.words("online-logged-in", name=message.name)]

    def _on_LoggedOut(self, message: Any) -> list[str]:
        self._forget()
        self._leave_table()
        return [self.words("online-logged-out")]

    def _forget(self, token: str | None = None) -> None:
        """No session any more; the one kept on disk goes too (only if it is
        `token`, when given: another window may have kept its own since)."""
        self.name = self.token = None
        if self.on_token is not None:
            self.on_token(None, token)

    def _on_Online(self, message: Any) -> list[str]:
        return [self.words("online-who", count=len(message.names), names=self._list(message.names))]

    def _on_LobbyList(self, message: Any) -> list[str]:
        self.private = {table.id for table in message.tables if table.private}
        lines = [self.words("online-tables", count=len(message.tables))]
        for table in message.tables:
            seats = [self._seat_label(i, seat) for i, seat in enumerate(table.seats)]
            lines.append(
                self.words(
                    "online-table-line",
                    id=table.id,
                    game=self._title(table.game),
                    status=table.status,
                    private="yes" if table.private else "no",
                    timer=table.timer,
                    seats=", ".join(seats),
                )
            )
        return lines

    def _on_TableJoined(self, message: Any) -> list[str]:
        facts: TableFacts = message.table
        before = self.facts if self.facts is not None and self.facts.id == facts.id else None
        lines: list[str] = []
        if before is None:
            self._set_table(facts, message.you)
            self.rejoining = False  # nothing of this table was heard in this window
            if message.heard is not None and message.you is not None:
                # Back from another window: what came after its last step is news missed.
                self.quiet_until = message.heard
                self._away_until(facts.last)
            where = "watch" if message.you is None else "sit"
            lines.append(
                self.words(
                    f"online-at-table-{where}",
                    id=facts.id,
                    game=self._title(facts.game),
                    seat=(message.you or 0) + 1,
                )
            )
            if facts.timer:
                lines.append(
                    self.words("online-timer-on", seconds=facts.timer, warning=facts.warning)
                )
        elif self.rejoining:
            # The table as found on coming back: the others' lines come back one
            # by one after a restart, which is not each dropping off and back.
            away = {i for i, seat in enumerate(facts.seats) if seat.kind == "person"}
            self.quiet_back |= {i for i in away if not facts.seats[i].here and i != self.you}
            self.rejoining = facts.status == "playing" and self.you is not None
            self.facts = facts
            if self.you is not None:
                self._away_until(facts.last)
        else:
            lines += self._changes(before, facts)
            self.facts = facts
        self._name_seats()
        if facts.status == "playing" and before is not None and before.status == "waiting":
            lines.append(self.words("online-game-started", id=facts.id))
        return lines

    def _on_Pong(self, message: Any) -> list[str]:
        self.answered.set()
        return []

    def _on_Left(self, message: Any) -> list[str]:
        self._leave_table()
        return [self.words("online-left", id=message.table)]

    def _on_Heard(self, message: Any) -> list[str]:
        return [self.words(f"online-chat-{message.to}", name=message.name, text=message.text)]

    def _on_StepMessage(self, message: Any) -> list[str]:
        if self.codec is None or self.me is None:
            return []
        self.last = max(self.last, message.seq)
        self.rejoining = False  # moves were made meanwhile: news, and the hand after them
        events: list[Event] = [self.codec.read_event(e) for e in message.events]
        if message.seq <= self.quiet_until:
            if message.seq == self.quiet_until:
                return [self.words("online-caught-up", moves=message.seq)]
            return []
        away = self.away
        lines: list[str] = []
        for event in events:  # kept an event at a time, as local play keeps them
            said = self.me.event(event)
            if away is None:
                self.desk.heard(said)
                self.heard_events.append(event)
            lines += said
        if message.over:
            lines.append(self.words("online-game-over"))
            if away is None:
                self.desk.heard(lines[-1:])
            self.legal, self.focus, self.selection = (), [], None
            self.heard_events, self.hand_said = [], False
        if away is not None:
            away.missed(lines, message.seat is not None, message.seat == self.you)
            lines = []
            if message.seq >= away.until:
                self.away, lines = None, away.said(self.words)
                self.desk.heard([lines[0], *away.lines])  # all of it, for `history`
        self.ended = message.over
        if message.seat == self.you and message.seat is not None:
            # The move on its way is played: a turn sent before it came is old.
            self.sent_turn, self.held = None, None
        return lines

    def _on_TurnMessage(self, message: Any) -> list[str]:
        """This seat is asked to move. While a move of its own is on its way (others
        acting at once may bring the same turn again), a turn of that number is
        held until that move is played (the turn is then old) or refused (it
        stands); a later number means the move was played. The turn already
        held, sent again (after a refusal, or asked for), is taken quietly."""
        if self.codec is None or self.me is None:
            return []
        sent = self.sent_turn
        if sent is not None and message.turn <= sent.turn:
            self.held = message
            return []
        again = bool(self.legal) and (self.turn_no, self.view_seq) == (message.turn, message.seq)
        self.sent_turn, self.held = None, None
        self.view, self.view_seq = self.codec.read_view(message.view), message.seq
        self.turn_no = message.turn
        # Numbered as the prompt says them (`Presenter.in_order`).
        self.legal = self.me.in_order(self.view, [self.codec.read_action(n) for n in message.legal])
        if again:
            return []  # the focus walked and any cards selected are kept
        self.focus = marked(self.words, self.me.focus(self.view, self.legal))
        self.selection = self.me.selection(self.view, self.legal)
        heard, self.heard_events = self.heard_events, []
        hand_said, self.hand_said = self.hand_said, False
        return self.me.first_turn(self.view, self.legal, heard, hand_said)

    def _on_TimeWarning(self, message: Any) -> list[str]:
        return [self.words("online-time-warning", left=message.left)]

    def _on_TimeUp(self, message: Any) -> list[str]:
        """The bot moved for this seat: the turn asked, or a move on its way, is
        old. What it played is said next, by the move's own step, as any move
        of yours is ("You keep NU."): said once, as a move."""
        self.legal, self.focus, self.selection = (), [], None
        self.sent_turn, self.held = None, None
        return [self.words("online-time-up")]

    def _on_ViewMessage(self, message: Any) -> list[str]:
        """The answer to a review's `look`; or, back at a game under way, what
        you hold, as a resumed local game says it."""
        if self.codec is None or self.me is None:
            return []
        self.view, self.view_seq = self.codec.read_view(message.view), message.seq
        pending, self.pending = self.pending, None
        if pending is None and self.rejoining:
            self.rejoining = False  # nothing happened meanwhile: the hand is as it was
            return []
        if pending:
            return pending(self.view)
        self.hand_said = True
        return self.me.hand(self.view)

    def _on_RefusedMessage(self, message: Any) -> list[str]:
        if self.codec is None or self.me is None:
            return []
        refusal = self.codec.read_refusal(
            {"key": message.refusal.key, "args": message.refusal.args}
        )
        return [self.me.refusal(refusal), *self._ask_again(message.move)]

    def _on_Problem(self, message: Any) -> list[str]:
        if message.key == "online-replaced":
            # Logged in elsewhere: this window has no session, and keeps none on
            # disk, so restarting it never throws the other window off.
            self.replaced = True
            self._forget(self.token)
            self._leave_table()
        again: list[str] = []
        if message.about == "move" and self.sent_turn is not None:
            again = self._ask_again(self.sent_turn.move)  # one the server could not take
        elif message.about == "look":
            self.pending = None  # said why instead; a later view is news again
        if message.key == "online-token-refused":
            self._forget()
        if message.key == "online-table-gone":
            self._leave_table()
        if message.key == "online-table-private" and isinstance(message.args.get("table"), int):
            self.private.add(message.args["table"])
        args = {name: value for name, value in message.args.items() if isinstance(value, str | int)}
        if not message.key.startswith("online-") or not self.words.has(message.key):
            return [self.words("online-problem-unknown", key=visible(message.key)), *again]
        return [self.words(message.key, **args), *again]

    def _ask_again(self, move: str) -> list[str]:
        """The move on its way was refused, which changes nothing: the turn held
        meanwhile is said now, or else the turn it was made at stands as it was,
        unsaid (the refusal says what is accepted), unless moves came since.
        The server sends the seat's turn again after every refusal: the one
        restored here is then taken quietly, any other is said, so a turn is
        never lost. A refusal of an older move changes nothing here."""
        sent = self.sent_turn
        if sent is None or sent.move != move:
            return []
        held, self.sent_turn, self.held = self.held, None, None
        if held is not None:
            return self._on_TurnMessage(held)
        if sent.seen >= self.last:
            self.legal, self.focus, self.selection = sent.legal, sent.focus, sent.selection
            self.view_seq, self.turn_no = sent.seen, sent.turn
        return []

    # -- helpers --

    def resume_message(self) -> dict[str, Any] | None:
        """What logs this client in again after a lost connection, asking for what it missed."""
        if self.token is None:
            return None
        # A move on its way may be lost with the line: the server asks again.
        self.sent_turn, self.held = None, None
        self.rejoining = True
        message: dict[str, Any] = {"type": "resume", "token": self.token}
        if self.facts is not None:
            message["after"] = self.last
            message["table"] = self.facts.id
            message["watching"] = self.you is None
        return message

    def _set_table(self, facts: TableFacts, you: int | None) -> None:
        from sixdot.wire.codec import Codec

        if self.facts is not None and self.facts.id == facts.id and you == self.you:
            return
        if self.facts is not None and self.facts.id != facts.id:
            self._leave_table()  # another table: nothing heard at the last one counts here
        game = GAMES[facts.game]
        self.facts, self.you = facts, you
        self.desk.game = game
        self.codec = Codec(game, dict(facts.options))
        # Steps already played when one sits down anew are the table's past.
        self.quiet_until = facts.last if self.last < 0 else -1
        self.view, self.view_seq, self.pending, self.legal = None, -1, None, ()
        self.focus, self.selection, self.sent_turn, self.held = [], None, None, None

    def _away_until(self, last: int) -> None:
        """The steps after the last heard, up to `last`, were missed: said
        together, as "While you were away", once they are all here."""
        if last > max(self.last, self.quiet_until):
            self.away = Away(last)

    def _name_seats(self) -> None:
        assert self.facts is not None
        names = [self._seat_name(i, seat) for i, seat in enumerate(self.facts.seats)]
        if self.you is not None:
            names[self.you] = self.words("you")  # as local play names its lone player
        self.me = GAMES[self.facts.game].presenter(self.words, names, self.you)

    def _leave_table(self) -> None:
        self.facts, self.you, self.codec, self.me = None, None, None, None
        self.desk.game = None
        self.view, self.view_seq, self.pending, self.legal = None, -1, None, ()
        self.last, self.quiet_until, self.ended = -1, -1, False
        self.away = None
        self.quiet_back = set()
        self.focus, self.selection, self.sent_turn, self.held = [], None, None, None

    def _changes(self, before: TableFacts, after: TableFacts) -> list[str]:
        """Who sat down, left, dropped off or came back, one line each."""
        lines = []
        for seat, (old, new) in enumerate(zip(before.seats, after.seats, strict=False)):
            name = self._seat_name(seat, new) if new.kind != "empty" else ""
            if (old.kind, old.who) != (new.kind, new.who):
                key = {"empty": "online-seat-emptied", "bot": "online-seat-bot"}.get(
                    new.kind, "online-seat-taken-by"
                )
                lines.append(self.words(key, seat=seat + 1, name=name or old.who or ""))
            elif new.bot_playing and not old.bot_playing:
                self.quiet_back.discard(seat)
                key = "online-seat-left-play" if new.left else "online-seat-stand-in"
                lines.append(self.words(key, name=name))
            elif old.bot_playing and not new.bot_playing:
                lines.append(self.words("online-seat-back", name=name))
            elif after.status == "playing" and new.kind == "person" and old.here != new.here:
                # Said at once, so a wait for a lost player is never silent; but
                # one found away on coming back, now back too, is no news.
                if new.here and seat in self.quiet_back:
                    self.quiet_back.discard(seat)
                    continue
                key = "online-seat-back" if new.here else "online-seat-away"
                lines.append(self.words(key, name=name))
        if after.status == "over" and before.status != "over":
            lines.append(self.words("online-table-over", id=after.id))
        return lines

    def _seat_name(self, seat: int, facts: Any) -> str:
        if facts.kind == "person" and facts.who:
            return str(facts.who)
        if facts.kind == "bot":
            return self.words("online-bot-name", seat=seat + 1)
        return self.words("online-empty-seat", seat=seat + 1)

    def _seat_label(self, seat: int, facts: Any) -> str:
        if facts.kind == "bot":
            return self.words("online-bot-label", level=str(facts.who))
        return self._seat_name(seat, facts)

    def _title(self, game: str) -> str:
        return GAMES[game].rules.title if game in present() else visible(game)

    def _list(self, items: Sequence[str]) -> str:
        return ", ".join(visible(str(item)) for item in items)


#: At most this many lines of what a player missed are said on their return;
#: the rest are counted, and `history` and `older` have them all.
AWAY_LINES = 12


@dataclass
class Away:
    """The steps a seat missed while away, up to step `until`, as they come in."""

    until: int
    lines: list[str] = field(default_factory=list)
    moves: int = 0
    #: Of those moves, the seat's own: a bot made them for the player.
    yours: int = 0

    def missed(self, lines: Sequence[str], move: bool, yours: bool) -> None:
        self.lines += lines
        self.moves += move
        self.yours += move and yours

    def said(self, words: Phrasebook) -> list[str]:
        """What was missed in words, the newest lines whole, the older counted."""
        shown = self.lines[-AWAY_LINES:]
        said = [words("online-away", moves=self.moves, yours=self.yours)]
        if len(self.lines) > len(shown):
            said.append(words("online-away-more", count=len(self.lines) - len(shown)))
        return [*said, *shown]
