"""What a player types to `sixdot join`: each line read as a move, a review
for the desk, or a request for the server (`Commands`, part of `Listener`).

Moves are read as local play reads them (numbers, names, prefixes, asking
when a text means several); reviews are the desk's, asked from the view as
it stands; the rest become protocol messages. Nothing here does I/O: a line
comes to a `Reply`, what to send and what to say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sixdot.client.choice import MANY, ChoiceError, number, pick, whole
from sixdot.client.desk import HEARD, REVIEWS, SEEN, Desk
from sixdot.client.reading import LISTED, Reading, read, tab_line
from sixdot.core import Action
from sixdot.games import GAMES, present
from sixdot.present.focus import FocusItem, marked
from sixdot.present.phrasebook import Phrasebook
from sixdot.visible import excerpt, visible

if TYPE_CHECKING:
    from sixdot.present.presenter import Presenter
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
    *REVIEWS,
    # Every game's own reviews (F9 to F12), listed by `help` before a table too.
    "trick",
    "previous",
    "players",
    "status",
    "logout",
    "help",
    "quit",
)
#: Typed before COMMANDS: they ask for a password next, so the terminal reads them.
ACCOUNT = ("register", "login")


@dataclass
class Reply:
    """What a typed line comes to: messages for the server and lines to say."""

    send: list[dict[str, Any]] = field(default_factory=list)
    say: list[str] = field(default_factory=list)
    quit: bool = False


@dataclass(frozen=True)
class Asking:
    """A question open: which of several moves and commands a line meant."""

    #: The choices as said, numbered from 1.
    labels: list[str]
    #: The move or the command's name each label stands for.
    choices: list[Action | str]
    #: The moves of the turn it was asked at: at another turn it lapses.
    legal: tuple[Action, ...]


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


class Commands:
    """The typed half of `Listener`: it reads the state the heard half keeps."""

    # The state the heard half (`sixdot.client.listener`) keeps.
    words: Phrasebook
    desk: Desk
    facts: TableFacts | None
    you: int | None
    me: Presenter | None
    view: Any
    view_seq: int
    legal: tuple[Action, ...]
    turn_no: int
    sent_turn: SentMove | None
    focus: list[FocusItem]
    selection: tuple[str, int] | None
    quitting: bool
    asking: Asking | None
    ended: bool
    last: int
    pending: Callable[[Any], list[str]] | None
    private: set[int]
    # And its helpers.
    _forget: Callable[..., None]
    _title: Callable[[str], str]
    _list: Callable[[Sequence[str]], str]

    def typed(self, text: str) -> Reply:
        """What a typed line asks for. At one's turn a line is read as local
        play reads it (`sixdot.client.reading`): a move, or a command."""
        text = text.strip()
        if self.asking is not None:
            # Enter on a focused card (`choose 2`) is an act of its own: the question lapses.
            focused = text.lower().startswith("choose ")
            answered = None if focused else self._answered(text)
            if answered is not None:
                return answered
            self.asking = None
        if not text:  # Enter on an empty line, at a game: whose turn, as `turn`
            return self._cmd_turn("") if self.me is not None and not self.ended else Reply()
        verb, _, rest = text.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb != "quit":
            self.quitting = False  # anything else plays on
        if verb == "choose" and whole(rest):  # Enter on a focused card
            return self._choose(int(rest))
        if self.legal and self.me is not None and self.facts is not None:
            reading = read(
                text, self.legal, GAMES[self.facts.game].rules, self.me, LISTED, self._names()
            )
            if reading.command is None:
                return self._played(text, reading)
            if reading.command != verb:  # a command by its first letters alone
                verb, rest = reading.command, ""
        if verb in HEARD:
            return Reply(say=self.desk.recall(verb))
        if verb in ("moves", "hint"):
            return self._asked(verb)
        own = self.me.commands() if self.me is not None else {}
        if verb != "turn" and (verb in SEEN or verb in own):
            return self._seen(verb, rest)
        handler = getattr(self, f"_cmd_{verb}", None)
        if verb not in COMMANDS or handler is None:
            if self.facts is not None and (whole(text) or self._is_move(text)):
                # A move typed while others play (`start` in Alphagon is the
                # command, above): said so, not "unknown command".
                return Reply(say=[self.words("online-not-your-turn")])
            return Reply(say=[self.words("online-unknown-command", text=visible(text))])
        reply: Reply = handler(rest)
        return reply

    def _names(self) -> list[str]:
        """The commands a line at one's turn may name, but the game's verbs:
        `start` in Alphagon is a move at one's turn."""
        assert self.facts is not None and self.me is not None
        verbs = GAMES[self.facts.game].rules.verbs
        names = [*ACCOUNT, *COMMANDS, *(n for n in self.me.commands() if n not in COMMANDS)]
        return [name for name in names if name not in verbs]

    def _is_move(self, text: str) -> bool:
        assert self.facts is not None
        return text.split()[0].lower() in GAMES[self.facts.game].rules.verbs

    def _played(self, text: str, reading: Reading) -> Reply:
        """A move read at one's turn sent; several listed to choose by number."""
        if reading.error is not None:
            return Reply(say=[reading.error])
        if reading.also:
            return Reply(say=self._ask(text, reading))
        if reading.move is None:
            return Reply(say=self._which(text, reading.meanings))
        return self._send(reading.move)

    def _ask(self, text: str, reading: Reading) -> list[str]:
        """Moves and commands fit what was typed (`s`: bid Some, score): each
        is listed by number, and the next line answers, as at home
        (`Table.which`): a number, a name or its unique start."""
        assert self.me is not None
        labels = [self.me.move(a, self.view) for a in reading.meanings] + list(reading.also)
        self.asking = Asking(labels, [*reading.meanings, *reading.also], self.legal)
        lines = [self.words("which-any-title", text=excerpt(text), count=len(labels))]
        for place, label in enumerate(labels, 1):
            lines.append(self.words("move-item", number=place, move=label))
        return lines

    def _answered(self, text: str) -> Reply | None:
        """The answer to the question `_ask` put, or the question again; None:
        the question lapsed (the turn changed), or another command came
        instead, which is read as typed, so nothing typed is lost."""
        asking = self.asking
        assert asking is not None
        if asking.legal is not self.legal:
            return None  # asked at a turn that is gone
        try:
            index = pick(text, asking.labels)
        except ChoiceError as err:
            if not err.matches and number(text) is None and text:
                return None
            # A number out of range, or a start of several: asked again.
            return Reply(say=[self.words("which-any-dropped", count=len(asking.labels))])
        self.asking = None
        chosen = asking.choices[index]
        if isinstance(chosen, str):
            return self.typed(chosen)  # a command, by its name
        return self._send(chosen)

    def _send(self, move: Action) -> Reply:
        # Not asked twice while the move is on its way; asked again if it is refused.
        self.sent_turn = SentMove(
            move.notation, self.legal, self.focus, self.selection, self.view_seq, self.turn_no
        )
        self.legal, self.focus, self.selection = (), [], None
        self.view_seq = -1  # the move changes what the view shows, heard or not yet
        return Reply(send=[{"type": "move", "move": move.notation, "turn": self.turn_no}])

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

    def _choose(self, place: int) -> Reply:
        """Enter on focused item `place` (from 1): play it, or walk its moves."""
        if not 1 <= place <= len(self.focus):
            return Reply(say=[self.words("focus-none")])
        item = self.focus[place - 1]
        if not item.actions:
            return Reply(say=[self.words("focus-not-playable")])
        if len(item.actions) == 1:
            return self._send(item.actions[0])
        assert self.me is not None
        lines = [self.words("focus-choices", item=item.label)]
        for action in item.actions:
            number = self.legal.index(action) + 1 if action in self.legal else 0
            lines.append(
                self.words("move-item", number=number, move=self.me.move(action, self.view))
            )
        # The keys now walk those moves, and Enter plays the focused one.
        self.focus = marked(self.words, self.me.move_items(self.view, item.actions))
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
        moves = {action.notation for action in self.legal}
        commands = [name for name in self.completions() if name not in moves]
        return tab_line(self.words, typed, found, commands)

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
        at hand, or, when moves came since, the server's answer to `look` (a
        watcher's: the public facts alone)."""
        under_way = self.facts is not None and self.facts.status == "playing"
        if self.view_seq < self.last or (self.view is None and under_way):
            self.pending = lines
            return Reply(send=[{"type": "look"}])
        if self.view is None:
            return Reply(say=[self._no_view()])
        return Reply(say=lines(self.view))

    def _no_view(self) -> str:
        """Why there is nothing to review: no table, or no deal yet."""
        if self.facts is None:
            return self.words("online-no-view")
        return self.words("online-no-view-waiting")

    def _cmd_turn(self, rest: str) -> Reply:
        """Your turn again, or, waiting, whose turn it is and what they are
        asked, from the table as it stands (watching too)."""
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

    def _cmd_trick(self, rest: str) -> Reply:
        # Reached only at no table: at one, the game's own command answers.
        return Reply(say=[self._no_view()])

    _cmd_previous = _cmd_players = _cmd_status = _cmd_trick

    def _create_how(self) -> list[str]:
        return [
            self.words("online-create-how"),
            self.words("online-create-games", games=self._list(present())),
        ]
