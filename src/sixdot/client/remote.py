"""`sixdot join`: play at a sixdot server's tables from this terminal.

The server sends facts (events, views, refusals and problems as keys); this
client makes the words with its own phrasebook and the game's presenter, as
local play does, so every line is in the player's language and verbosity.

- `Listener` is the client's whole mind: it turns each server message into
  lines to say, and each typed line into a message to send or lines to say.
  It does no I/O, so it is driven alike by the terminal and by tests.
- `join_command` connects, reads typed lines on the main thread and hears the
  server on another; a lost connection is tried again with the session's
  token, asking for the steps missed since the last one heard. At a real
  terminal it reads with the same line editor as local play: at one's turn
  the keys walk the cards, Enter plays the focused one, the review keys
  answer, and lines from the server are printed above the input line.
- The session's token is kept in `sessions.json` beside the settings file
  (mode 0600), one a server, so `sixdot join` after a restart resumes the
  seat without the password; `logout` removes it.
"""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sixdot.client.choice import MANY, meant_by_start, whole
from sixdot.client.desk import HEARD, Desk
from sixdot.core import Action, Event, NotationError
from sixdot.core.errors import SixdotError
from sixdot.games import GAMES, present
from sixdot.present.focus import FocusItem, marked
from sixdot.present.phrasebook import Phrasebook
from sixdot.visible import excerpt, visible

if TYPE_CHECKING:
    import argparse
    from pathlib import Path

    from sixdot.client.terminal import Terminal
    from sixdot.output import Output
    from sixdot.present.presenter import Presenter
    from sixdot.wire.codec import Codec
    from sixdot.wire.messages import TableFacts

#: Commands understood anywhere, in the order `help` lists them.
COMMANDS = (
    "lobby",
    "who",
    "create",
    "sit",
    "watch",
    "leave",
    "bot",
    "unbot",
    "start",
    "say",
    "shout",
    "moves",
    "hint",
    "turn",
    "hand",
    "table",
    "score",
    "trick",
    "previous",
    "players",
    "status",
    "last",
    "repeat",
    "history",
    "older",
    "newer",
    "keys",
    "rules",
    "logout",
    "help",
    "quit",
)
#: Typed before COMMANDS: they ask for a password next, so the terminal reads them.
ACCOUNT = ("register", "login")
#: The review commands every game answers from the view (F9 to F12).
REVIEWS = ("trick", "previous", "players", "status")
#: Seconds between tries to reconnect, the last repeated until `TRIES` tries.
RETRY = (0.5, 1.0, 2.0, 4.0)
TRIES = 10
#: Seconds a client that is leaving (quit, or its input ended) waits for the
#: answers to what it sent, so a piped player hears what became of it.
ANSWERS = 10.0


@dataclass
class Reply:
    """What a typed line comes to: messages for the server and lines to say."""

    send: list[dict[str, Any]] = field(default_factory=list)
    say: list[str] = field(default_factory=list)
    quit: bool = False


@dataclass(frozen=True)
class SentMove:
    """A move sent and not yet answered, with the turn it was made at."""

    move: str
    legal: tuple[Action, ...]
    focus: list[FocusItem]
    selection: tuple[str, int] | None
    #: The last step that turn's view had heard.
    seen: int
    #: That turn's number: the moves the seat had made before it.
    turn: int


class Listener:
    """What this client knows of the server, the table and its own turn."""

    def __init__(self, words: Phrasebook) -> None:
        self.words = words
        self.name: str | None = None
        self.token: str | None = None
        self.facts: TableFacts | None = None
        self.you: int | None = None
        #: `quit` was typed once at a game under way: a second one leaves.
        self.quitting = False
        #: The last step heard of the table's stream (-1: none yet).
        self.last = -1
        #: That step ended the game.
        self.ended = False
        #: Steps up to this one are the table's past, heard quietly on arrival.
        self.quiet_until = -1
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
        #: The totals the table last announced (None: none yet), for a watcher's `score`.
        self.totals: tuple[int, ...] | None = None
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
        for event in events:  # the scores as last announced, the past's too
            totals = getattr(event, "totals", None)
            if isinstance(totals, tuple):
                self.totals = totals
        if message.seq <= self.quiet_until:
            if message.seq == self.quiet_until:
                return [self.words("online-caught-up", moves=message.seq)]
            return []
        lines: list[str] = []
        for event in events:  # kept an event at a time, as local play keeps them
            said = self.me.event(event)
            self.desk.heard(said)
            lines += said
        if message.over:
            lines.append(self.words("online-game-over"))
            self.desk.heard(lines[-1:])
            self.legal, self.focus, self.selection = (), [], None
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
        self.legal = tuple(self.codec.read_action(n) for n in message.legal)
        if again:
            return []  # the focus walked and any cards selected are kept
        self.focus = marked(self.words, self.me.focus(self.view, self.legal))
        self.selection = self.me.selection(self.view, self.legal)
        return self.me.turn(self.view, self.legal)

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
        return pending(self.view) if pending else self.me.hand(self.view)

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
        if message.key == "online-table-private" and isinstance(message.args.get("table"), int):
            self.private.add(message.args["table"])
        args = {name: value for name, value in message.args.items() if isinstance(value, str | int)}
        if not message.key.startswith("online-") or not self.words.has(message.key):
            return [self.words("online-problem-unknown", key=visible(message.key)), *again]
        return [self.words(message.key, **args), *again]

    # -- typed by the player --

    def typed(self, text: str) -> Reply:
        """What a typed line asks for. A number or a move is played at one's turn."""
        text = text.strip()
        if not text:  # Enter on an empty line, at a game: whose turn, as `turn`
            return self._cmd_turn("") if self.me is not None and not self.ended else Reply()
        verb, _, rest = text.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb != "quit":
            self.quitting = False  # anything else plays on
        if self.legal and (whole(text) or self._is_move(text)):
            return self._move(text)
        if verb == "choose" and whole(rest):  # Enter on a focused card
            return self._choose(int(rest))
        if verb in HEARD:
            return Reply(say=self.desk.recall(verb))
        if self.me is not None and verb in self.me.commands():
            return self._seen(verb, rest)
        handler = getattr(self, f"_cmd_{verb}", None)
        if verb not in COMMANDS or handler is None:
            if self.legal and self._meant(text):
                return self._move(text)  # a move by its card's name alone: `chance`
            if self.facts is not None and (whole(text) or self._is_move(text)):
                # A move typed while others play (`start` in Alphagon is the
                # command, above): said so, not "unknown command".
                return Reply(say=[self.words("online-not-your-turn")])
            return Reply(say=[self.words("online-unknown-command", text=visible(text))])
        reply: Reply = handler(rest)
        return reply

    def _is_move(self, text: str) -> bool:
        return self.facts is not None and text.split()[0].lower() in self._verbs()

    def _verbs(self) -> tuple[str, ...]:
        assert self.facts is not None
        return GAMES[self.facts.game].rules.verbs

    def _meant(self, text: str) -> list[Action]:
        """The listed moves `text` means, as local play reads it: the moves it
        begins (`play ace`, `lead jour`), or else those its words begin after a
        verb (`chance`); a text that stops inside a word and reads as a move of
        its own means only that (`challenge fork` is not FORKS)."""
        assert self.facts is not None
        rules = GAMES[self.facts.game].rules
        notations = [a.notation for a in self.legal]
        found: set[int] = set()
        # As typed, then (a card's name alone) after each verb of the game but
        # those of typed words: a bare word never challenges or lays.
        verbs = [verb for verb in rules.verbs if verb not in rules.word_verbs]
        for typed in (text, *(f"{verb} {text}" for verb in verbs)):
            found.update(meant_by_start(typed, notations, rules.word_verbs, self._parses(typed)))
            if found and typed == text:
                break
        return [self.legal[i] for i in sorted(found)]

    def _parses(self, text: str) -> bool:
        """Whether `text` reads as a move of this game as it stands."""
        assert self.facts is not None
        try:
            GAMES[self.facts.game].rules.parse_action(text)
        except NotationError:
            return False
        return True

    def _move(self, text: str) -> Reply:
        if whole(text):
            place = int(text)
            if not 1 <= place <= len(self.legal):
                return Reply(
                    say=[self.words("choice-number", text=text, low=1, high=len(self.legal))]
                )
            text = self.legal[place - 1].notation
        elif len(meant := self._meant(text)) > 1:
            return Reply(say=self._which(text, meant))
        elif meant:
            text = meant[0].notation
        else:
            assert self.facts is not None
            try:
                text = GAMES[self.facts.game].rules.parse_action(text).notation
            except NotationError:
                assert self.me is not None
                return Reply(say=[self.me.not_a_move(visible(text), self.legal)])
        # Not asked twice while the move is on its way; asked again if it is refused.
        self.sent_turn = SentMove(
            text, self.legal, self.focus, self.selection, self.view_seq, self.turn_no
        )
        self.legal, self.focus, self.selection = (), [], None
        self.view_seq = -1  # the move changes what the view shows, heard or not yet
        return Reply(send=[{"type": "move", "move": text, "turn": self.turn_no}])

    def unsent(self) -> list[str]:
        """The move on its way never left (the connection is down): the turn
        it was made at stands as it was, so the next try is a move, not
        "not your turn"."""
        sent, self.sent_turn = self.sent_turn, None
        if sent is not None and not self.legal:
            self.legal, self.focus, self.selection = sent.legal, sent.focus, sent.selection
            self.view_seq, self.turn_no = sent.seen, sent.turn
        return [self.words("online-not-sent")]

    def _which(self, text: str, meant: Sequence[Action]) -> list[str]:
        """Several moves fit what was typed: each is listed by its move number,
        which plays it; a long list is counted, and `moves` lists them."""
        assert self.me is not None
        if len(meant) > MANY:
            return [self.words("cmd-ambiguous-many", text=excerpt(text), count=len(meant))]
        lines = [self.words("which-title", text=excerpt(text), count=len(meant))]
        for action in meant:
            place = self.legal.index(action) + 1
            lines.append(
                self.words("move-item", number=place, move=self.me.move(action, self.view))
            )
        return lines

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

    def _choose(self, place: int) -> Reply:
        """Enter on focused item `place` (from 1): play it, or walk its moves."""
        if not 1 <= place <= len(self.focus):
            return Reply(say=[self.words("focus-none")])
        item = self.focus[place - 1]
        if not item.actions:
            return Reply(say=[self.words("focus-not-playable")])
        if len(item.actions) == 1:
            return self._move(item.actions[0].notation)
        assert self.me is not None
        lines = [self.words("focus-choices", item=item.label)]
        for action in item.actions:
            number = self.legal.index(action) + 1 if action in self.legal else 0
            lines.append(
                self.words("move-item", number=number, move=self.me.move(action, self.view))
            )
        # The keys now walk those moves, and Enter plays the focused one.
        self.focus = marked(
            self.words,
            [
                FocusItem(self.me.move(a, self.view), a.notation[:1].upper(), (a,))
                for a in item.actions
            ],
        )
        self.selection = None
        return Reply(say=lines)

    def completions(self) -> list[str]:
        """What Tab completes: the legal moves first, then every command."""
        own = list(self.me.commands()) if self.me is not None else []
        names = [*ACCOUNT, *COMMANDS, *(name for name in own if name not in COMMANDS)]
        return [*(action.notation for action in self.legal), *names]

    def pick_label(self, item: FocusItem, chosen: bool, count: int) -> str:
        """A card in a pick of several, with whether it is selected and how many are."""
        wanted = self.selection[1] if self.selection else 0
        key = "focus-picked" if chosen else "focus-unpicked"
        return self.words(key, item=item.label, count=count, wanted=wanted)

    def candidates(self, typed: str, found: Sequence[str]) -> str:
        """Tab's candidates on one line, moves first; a long list is counted."""
        if len(found) > MANY:
            return self.words("tab-many", text=excerpt(typed), count=len(found))
        return self.words("tab-list", count=len(found), items=", ".join(found))

    def _cmd_help(self, rest: str) -> Reply:
        """A line a command, as local play's help: the online ones, then those of
        play (the game's own reviews once at a table)."""
        if rest.strip().lower() == "create":
            return Reply(say=self._create_how())
        lines = [self.words("help-title"), self.words("online-help")]
        for name in COMMANDS:
            if self.words.has(f"help-online-{name}"):
                lines.append(self.words(f"help-online-{name}"))
            elif self.me is not None and name in self.me.commands():
                lines.append(self.words(f"help-{self.me.prefix}-{name}"))
            elif self.words.has(f"help-{name}"):
                lines.append(self.words(f"help-{name}"))
        return Reply(say=lines)

    def _cmd_quit(self, rest: str) -> Reply:
        """Leave; from a seat in a game under way, only when asked twice (Ctrl+C
        types quit too), since a bot then plays the seat: the table is told
        so at once (`leave`), not left waiting for a player who dropped off."""
        if self._in_play() and not self.quitting:
            self.quitting = True
            return Reply(say=[self.words("online-quit-confirm")])
        leave = [{"type": "leave"}] if self._in_play() else []
        return Reply(say=[self.words("online-goodbye")], send=leave, quit=True)

    def input_ended(self) -> Reply:
        """The end of input (Ctrl+D, the end of a pipe): the last line says what
        becomes of a game under way, as local play says it is saved. The seat
        is not left: it waits for its player as for one whose line dropped, so
        `sixdot join` again takes it back (a table of bots would otherwise play
        the game out at once)."""
        key = "online-input-ended-seated" if self._in_play() else "online-input-ended"
        return Reply(say=[self.words(key)], quit=True)

    def _in_play(self) -> bool:
        """Seated at a game under way (over with its last step, before the
        table's news says so)."""
        playing = self.facts is not None and self.facts.status == "playing" and not self.ended
        return playing and self.you is not None

    def _cmd_logout(self, rest: str) -> Reply:
        # The kept token goes at once, even if the server never answers.
        self._forget()
        return Reply(send=[{"type": "logout"}])

    def _cmd_lobby(self, rest: str) -> Reply:
        return Reply(send=[{"type": "lobby"}])

    def _cmd_who(self, rest: str) -> Reply:
        return Reply(send=[{"type": "who"}])

    def _cmd_create(self, rest: str) -> Reply:
        """create GAME [PLAYERS] [bots=LEVEL] [password=SECRET] [timer=SECONDS|on|off]
        [OPTION=VALUE ...]"""
        from sixdot.wire.messages import DEFAULT_TIMER

        words = rest.split()
        if not words:
            return Reply(say=self._create_how())
        message: dict[str, Any] = {"type": "create", "game": words[0], "options": {}}
        for word in words[1:]:
            name, equals, value = word.partition("=")
            if not equals and whole(word):
                message["players"] = int(word)
            elif name == "bots" and equals:
                message["level"] = value
            elif name == "password" and equals:
                message["private"], message["password"] = True, value
            elif name == "timer" and equals:
                seconds = {"on": DEFAULT_TIMER, "off": 0}.get(value.lower(), value)
                if not whole(str(seconds)):
                    return Reply(say=[self.words("online-timer-how", default=DEFAULT_TIMER)])
                message["timer"] = int(seconds)
            elif equals:
                message["options"][name] = int(value) if whole(value) else value
            else:
                return Reply(say=self._create_how())
        return Reply(send=[message])

    def _table_number(self, rest: str, kind: str) -> Reply | tuple[int, list[str]]:
        words = rest.split()
        if not words or not whole(words[0]):
            return Reply(say=[self.words("online-needs-number", command=kind)])
        return int(words[0]), words[1:]

    def _cmd_sit(self, rest: str) -> Reply:
        return self._to_table("sit", rest)

    def _cmd_watch(self, rest: str) -> Reply:
        return self._to_table("watch", rest)

    def needs_password(self, text: str) -> int | None:
        """The private table `text` (`sit N`, `watch N`) goes to, when it gives
        no password: the terminal asks for it unechoed, never kept in the line."""
        verb, _, rest = text.strip().partition(" ")
        words = rest.split()
        if verb.lower() not in ("sit", "watch") or not words or not whole(words[0]):
            return None
        if any(word.startswith("password=") for word in words):
            return None
        return int(words[0]) if int(words[0]) in self.private else None

    def _to_table(self, kind: str, rest: str) -> Reply:
        """`sit N [SEAT] [password=...]` or `watch N [password=...]` as a message."""
        found = self._table_number(rest, kind)
        if isinstance(found, Reply):
            return found
        table, more = found
        message: dict[str, Any] = {"type": kind, "table": table}
        for word in more:
            if whole(word) and kind == "sit":
                message["seat"] = int(word)
            elif word.startswith("password="):
                message["password"] = word.removeprefix("password=")
        return Reply(send=[message])

    def _cmd_leave(self, rest: str) -> Reply:
        return Reply(send=[{"type": "leave"}])

    def _cmd_bot(self, rest: str) -> Reply:
        message: dict[str, Any] = {"type": "bot"}
        for word in rest.split():
            if whole(word):
                message["seat"] = int(word)
            else:
                message["level"] = word
        return Reply(send=[message])

    def _cmd_unbot(self, rest: str) -> Reply:
        if not whole(rest):
            return Reply(say=[self.words("online-needs-number", command="unbot")])
        return Reply(send=[{"type": "unbot", "seat": int(rest)}])

    def _cmd_start(self, rest: str) -> Reply:
        return Reply(send=[{"type": "start"}])

    def _cmd_say(self, rest: str) -> Reply:
        return self._chat(rest, {})

    def _cmd_shout(self, rest: str) -> Reply:
        return self._chat(rest, {"to": "lobby"})

    def _chat(self, text: str, to: dict[str, str]) -> Reply:
        """A chat line to send; one too long is refused here, saying the limit."""
        from sixdot.wire.messages import CHAT_LONGEST

        if len(text) > CHAT_LONGEST:
            return Reply(
                say=[self.words("online-chat-too-long", count=len(text), limit=CHAT_LONGEST)]
            )
        return Reply(send=[{"type": "chat", "text": text, **to}])

    def _cmd_moves(self, rest: str) -> Reply:
        return self._asked("moves")

    def _cmd_hint(self, rest: str) -> Reply:
        """The sensible bot's move for this seat, worked out here from what it may see."""
        return self._asked("hint")

    def _asked(self, name: str) -> Reply:
        """`moves`, `turn` or `hint` at this seat's turn, from the desk."""
        if not self.legal or self.me is None or self.you is None:
            return Reply(say=[self.words("online-not-your-turn")])
        return Reply(say=self.desk.asked(self.me, name, self.view, self.legal, self.you))

    def _seen(self, name: str, rest: str) -> Reply:
        """A review from the seat's view as it stands, from the desk."""
        return self._review(
            lambda view: self.desk.seen(self.me, name, rest, view) if self.me else []
        )

    def _review(self, lines: Callable[[Any], list[str]]) -> Reply:
        """A review is answered from a view that has heard every step: the one
        at hand, or, when moves came since, the server's answer to `look`."""
        if self.you is not None and self.view_seq < self.last:
            self.pending = lines
            return Reply(send=[{"type": "look"}])
        if self.view is None:
            return Reply(say=[self._no_view()])
        return Reply(say=lines(self.view))

    def _no_view(self) -> str:
        """Why there is nothing to review: no table, watching, or no deal yet."""
        if self.facts is None:
            return self.words("online-no-view")
        if self.you is None:
            return self.words("online-no-view-watching")
        return self.words("online-no-view-waiting")

    def _cmd_turn(self, rest: str) -> Reply:
        """Your turn again, or, waiting, whose turn it is and what they are
        asked, from the table as it stands."""
        if self.facts is not None and self.you is None:
            return Reply(say=[self.words("online-watching-turn")])
        if self.me is None:
            return Reply(say=[self._no_view()])
        if not self.legal:
            reply = self._review(lambda view: [self.me.whose_turn(view)] if self.me else [])
            if self.you is not None and not self.ended:
                # Turns are never lost (each refusal brings the turn again), but
                # should one be, asking for the seat's frames again brings it.
                reply.send.append({"type": "sync", "after": self.last})
            return reply
        return self._asked("turn")

    def _cmd_hand(self, rest: str) -> Reply:
        return self._seen("hand", rest)

    def _cmd_table(self, rest: str) -> Reply:
        return self._seen("table", rest)

    def _cmd_score(self, rest: str) -> Reply:
        if self.facts is not None and self.you is None and self.me is not None:
            # Watching there is no seat's view: the scores as last announced,
            # which every player heard too.
            if self.totals is None:
                return Reply(say=[self.words("online-watching-no-scores")])
            heading = self.words("online-watching-scores")
            return Reply(say=[heading, *self.me.score_lines(self.totals)])
        return self._seen("score", rest)

    def _cmd_trick(self, rest: str) -> Reply:
        # Reached only at no table: at one, the game's own command answers.
        return Reply(say=[self._no_view()])

    _cmd_previous = _cmd_players = _cmd_status = _cmd_trick

    def _create_how(self) -> list[str]:
        return [
            self.words("online-create-how"),
            self.words("online-create-games", games=self._list(present())),
        ]

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
            if self.you is None:
                message["watching"] = self.facts.id
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
        self.last, self.quiet_until, self.ended, self.totals = -1, -1, False, None
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

    def open(self) -> None:
        from websockets.sync.client import connect

        self.ws = connect(self.url, max_size=4 * 1024 * 1024, legacy=True)

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
                if self.closing or self.listener.replaced or not self._reconnect():
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
            message = self.listener.resume_message()
            if message is not None:
                self.send(message)
            self.say(self.listener.words("online-reconnected"))
            return True
        self.say(self.listener.words("online-gave-up", tries=TRIES))
        return False

    def reopen(self) -> bool:
        """After this window was logged in elsewhere: a new connection, heard
        on a thread of its own, for a login typed here."""
        try:
            self.open()
        except OSError as err:
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
        if found.st_mode & 0o077:
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
        try:
            # A temporary file is made owner-only (0600), then moved into place.
            write_whole(self.path, text.encode("utf-8"))
            os.chmod(self.path, 0o600)
        except OSError as err:
            self.notice(self.words("online-session-not-kept", why=visible(str(err))))


def join_command(args: argparse.Namespace, words: Phrasebook, outputs: Sequence[Output]) -> int:
    """`sixdot join URL`: log in, then read commands until quit or end of input.

    At a real terminal the line editor of local play reads them; lines from the
    server are printed above its input line. Piped or --plain, lines are read
    and printed as they come.
    """
    from sixdot.client.terminal import open_terminal

    term = open_terminal(getattr(args, "plain", False))
    say_lock = threading.Lock()
    listener = Listener(words)
    listener.desk.keys = dict(term.keys)

    def say(line: str) -> None:
        line = visible(line)
        with say_lock:
            listener.last_said = line
            term.tell([line])
            for output in outputs:
                output.deliver(line, False)

    connection = Connection(args.url, listener, say)
    try:
        connection.open()
    except (OSError, ValueError) as err:
        say(words("online-cannot-connect", url=visible(args.url), why=visible(str(err))))
        _close(outputs)
        return 2
    kept = KeptSessions(sessions_path(), args.url, words, say)
    saved = kept.load()
    listener.on_token = kept.update
    _keys(term, listener, connection, outputs)
    say(words("online-connected", url=visible(args.url)))
    hearing = threading.Thread(target=connection.hear, name="sixdot-join", daemon=True)
    hearing.start()
    connection.send({"type": "hello"})
    if saved is not None and (args.name is None or args.name.lower() == saved[0].lower()):
        # The session of the last run: the seat comes back without the password.
        # Not for another name given: that player logs in as themselves, and
        # the kept session's own window is left alone; nor while another
        # window still plays with it.
        if kept.busy():
            say(words("online-session-busy", name=visible(saved[0])))
        else:
            connection.send({"type": "resume", "token": saved[1]})
    try:
        _read_commands(term, listener, connection, outputs, args.name)
    finally:
        connection.close()
        hearing.join(2)
        _close(outputs)
    return 0


def _close(outputs: Sequence[Output]) -> None:
    for output in outputs:
        output.close()


def _keys(
    term: Terminal, listener: Listener, connection: Connection, outputs: Sequence[Output]
) -> None:
    """Wire the terminal's keys to the listener: what they walk, what they say.

    After each message heard and each line typed, the terminal is offered the
    moves and commands to complete and the cards to walk; braille displays are
    shown the cards, and their routing keys act as Enter on one.
    """
    shown: list[list[str]] = [[]]

    def offer() -> None:
        with connection.lock:
            completions = listener.completions()
            focus, selection = list(listener.focus), listener.selection
        term.offer(completions, focus, selection)
        labels = [item.label for item in focus]
        if labels != shown[0]:
            shown[0] = labels
            for output in outputs:
                output.show_focus(labels, 0)

    def follow(at: int) -> None:
        for output in outputs:
            output.show_focus(shown[0], at)

    def review(name: str) -> None:
        with connection.lock:
            reply = listener.typed(name)
        _carry_out(connection, reply)  # said now, or asked of the server (`look`)

    def cut_in() -> None:
        for output in outputs:
            output.interrupt()

    def listed(typed: str, found: Sequence[str]) -> None:
        connection.say(listener.candidates(typed, found))

    for output in outputs:
        output.on_select = term.select
    term.on_focus = follow
    term.on_key = cut_in
    term.on_end = lambda key: connection.say(listener.words(key))
    term.on_list = listed
    term.pick_label = listener.pick_label
    if term.keys:
        term.review = review
    connection.heard = offer
    offer()


def _read_commands(
    term: Terminal,
    listener: Listener,
    connection: Connection,
    outputs: Sequence[Output],
    name: str | None,
) -> None:
    words = listener.words
    while True:
        line = term.ask("> ")
        if line is None:
            _answered(connection, listener)  # then what becomes of a game under way
            with connection.lock:
                reply = listener.input_ended()
            _go(connection, listener, reply)
            return
        verb, _, rest = line.strip().partition(" ")
        if verb.lower() in ("login", "register"):
            if listener.replaced and not connection.reopen():
                continue
            account = rest.strip() or name or _ask(term, connection, words("online-ask-name"))
            if account is None:
                return
            if verb.lower() == "register":
                password = _new_password(term, connection, outputs, words, account)
            else:
                password = _secret(term, connection, outputs, words("online-ask-password"))
            if password is not None:
                connection.send({"type": verb.lower(), "name": account, "password": password})
            continue
        if verb.lower() == "quit":
            # Whether a game is under way is known once what was sent is answered.
            _answered(connection, listener)
        with connection.lock:
            private = listener.needs_password(line)
            reply = listener.typed(line)
        if private is not None:
            prompt = words("online-ask-table-password", table=private)
            password = _secret(term, connection, outputs, prompt)
            if password is None:
                continue  # the end of input: said by the next ask
            for message in reply.send:
                message["password"] = password
        if reply.quit:
            _go(connection, listener, reply)
            return
        _carry_out(connection, reply)
        connection.heard()  # a move played or a card's moves listed change what is walked


def _new_password(
    term: Terminal, connection: Connection, outputs: Sequence[Output], words: Phrasebook, name: str
) -> str | None:
    """A new account's password, asked twice, once its name is known to be
    one the server takes: None (and why, said) if the name or the password
    will not do, or the two differ, so nothing is sent that must fail."""
    from sixdot.wire import messages as m

    if m.kept_name(name) is None:
        connection.say(
            words(
                "online-bad-name",
                name=excerpt(visible(name), 24),
                shortest=m.NAME_SHORTEST,
                longest=m.NAME_LONGEST,
            )
        )
        return None
    password = _secret(term, connection, outputs, words("online-ask-password"))
    if password is None:
        return None
    if not m.PASSWORD_SHORTEST <= len(password) <= m.PASSWORD_LONGEST:
        connection.say(
            words("online-bad-password", shortest=m.PASSWORD_SHORTEST, longest=m.PASSWORD_LONGEST)
        )
        return None
    again = _secret(term, connection, outputs, words("online-ask-password-again"))
    if again != password:
        connection.say(words("online-passwords-differ"))
        return None
    return password


def _carry_out(connection: Connection, reply: Reply) -> None:
    """What a typed line or a review key came to: its lines said, its messages sent."""
    for line in reply.say:
        connection.say(line)
    for message in reply.send:
        connection.send(message)


def _go(connection: Connection, listener: Listener, reply: Reply) -> None:
    """Leaving (quit, or the end of input): its messages (`leave`) are sent and
    answered, then the last lines said."""
    if all(connection.send(message) for message in reply.send):
        _answered(connection, listener)
    for line in reply.say:
        connection.say(line)


def _answered(connection: Connection, listener: Listener) -> None:
    """Wait, at most `ANSWERS` seconds, until everything sent has been answered
    (`ping`, `pong`): a piped player hears what became of it (logged in, the
    table, the deal) before the client goes."""
    listener.answered.clear()
    if connection.send({"type": "ping"}) and not listener.answered.wait(ANSWERS):
        connection.say(listener.words("online-no-answer", seconds=int(ANSWERS)))


def _ask(term: Terminal, connection: Connection, prompt: str) -> str | None:
    """A question said as every line is (printed, spoken, on the display); the answer
    is the next line typed."""
    connection.say(prompt)
    return term.ask("")


def _secret(
    term: Terminal, connection: Connection, outputs: Sequence[Output], prompt: str
) -> str | None:
    """A password: the next line of a pipe; at a terminal unechoed, the question
    shown by getpass where the answer goes, and given to the voice and display."""
    if not term.interactive:
        return _ask(term, connection, prompt)
    import getpass

    for output in outputs:
        output.deliver(prompt, False)
    try:
        return getpass.getpass(prompt + " ")
    except EOFError:
        return None
