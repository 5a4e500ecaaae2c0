"""One player's desk: what a client keeps and answers for one seat.

Every review command a player types, or presses as a key, is answered here,
once, for local play and `sixdot join` alike: from the seat's view and legal
moves (`SEEN`), or from the lines the seat has heard (`HEARD`). A desk knows
nothing of where those came from: local play records the lines its `Match`'s
events come to and asks at each turn; `sixdot join` records the lines the
server's messages come to and asks with the view the server last sent.
Adding a review command means writing it here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sixdot.client.choice import normal
from sixdot.client.history import At, walk
from sixdot.core import Action
from sixdot.games import Game
from sixdot.present.phrasebook import Phrasebook
from sixdot.present.presenter import Presenter
from sixdot.visible import excerpt

#: Answered from the seat's view; `moves`, `turn` and `hint` need its legal moves too.
SEEN = ("moves", "turn", "hand", "table", "score", "hint")
#: Answered from the lines heard, or from nothing at the table.
HEARD = ("last", "repeat", "history", "older", "newer", "keys", "rules")
#: Every review, in the order `help` lists them: both clients take their
#: commands from here, so a review added to the desk is in both at once.
REVIEWS = (
    "moves",
    "turn",
    "hand",
    "table",
    "score",
    "last",
    "repeat",
    "history",
    "older",
    "newer",
    "hint",
    "keys",
    "rules",
)


@dataclass(eq=False)
class Desk:
    """One seat's (or a watcher's) lines heard and every review answer."""

    #: The game at the table; None: none yet (online, before a table).
    game: Game | None
    words: Phrasebook
    #: The review keys by command, for `keys` (none in plain mode).
    keys: Mapping[str, str] = field(default_factory=dict)
    #: The seed hints are worked out with (local play's game seed).
    seed: int = 0
    #: The last line said to the player, by anyone, for `repeat`.
    said_last: Callable[[], str] = lambda: ""
    #: Every line heard, in order.
    history: list[str] = field(default_factory=list)
    #: The first and last index of the history lines said last by `last`,
    #: `older` or `newer`; None: walk from the newest.
    history_at: At = None
    #: Where the newest lines heard start in the history; None: none yet.
    latest: int | None = None

    def heard(self, lines: Sequence[str]) -> None:
        """Lines the player heard: kept for `last`, `history` and the walk,
        which starts again from the newest."""
        if lines:
            self.latest = len(self.history)
            self.history.extend(lines)
        self.history_at = None

    def commands(self, me: Presenter) -> tuple[str, ...]:
        """Every review command the desk answers, the game's own last."""
        return (*SEEN, *HEARD, *me.commands())

    def seen(self, me: Presenter, name: str, argument: str, view: Any) -> list[str]:
        """A review from the seat's view, legal moves aside: `hand`, `table`,
        `score` or the game's own (`trick`, `suit moons`)."""
        own = me.commands()
        if name in own:
            return own[name](view, argument)
        if name == "hand" and view.seat is None:
            return [self.words("online-watching-hand")]  # a watcher holds none
        if name == "hand":
            option = normal(argument).lstrip("-")
            if not option:
                return me.hand(view)
            if "braille".startswith(option) and self.game is not None:
                return me.hand_braille(view, self.game.deck())
            return [self.words("hand-unknown", text=excerpt(argument))]
        if name == "table":
            return me.table(view)
        return me.score(view)

    def asked(
        self, me: Presenter, name: str, view: Any, legal: Sequence[Action], seat: int
    ) -> list[str]:
        """A review of the turn itself: `moves`, `turn` or `hint`."""
        if name == "moves":
            return me.moves(view, legal)
        if name == "turn":
            return me.turn(view, legal)
        from sixdot.client.hint import hint_line

        assert self.game is not None  # a turn is at a table
        return [hint_line(self.game, self.words, me, view, legal, seat, self.seed)]

    def recall(self, name: str) -> list[str]:
        """A review of what was heard, or of the table's keys and rules."""
        if name == "last":
            if self.latest is None:
                return [self.words("last-none")]
            # `older` goes on from the line before these and `newer` from the
            # line after them, never into what was just said.
            self.history_at = (self.latest, len(self.history) - 1)
            return self.history[self.latest :]
        if name == "repeat":
            return [self.said_last() or self.words("last-none")]
        if name == "history":
            return [self.words("history-title", count=len(self.history)), *self.history]
        if name in ("older", "newer"):
            step = -1 if name == "older" else +1
            self.history_at, said = walk(self.words, self.history, self.history_at, step)
            return said
        if name == "keys":
            from sixdot.client.keys import keys_lines

            return keys_lines(self.words, self.keys)
        from sixdot.client.docs import rules_lines

        if self.game is None:
            return [self.words("rules-no-game")]
        return rules_lines(self.game.name)
