"""The one State API every game implements.

Modelled on three good examples: python-chess (plain values, legal-move
generators, notation both ways), OpenSpiel (one State API for every game) and
pokerkit (verify / can / do, so a refusal carries its reason).

- `to_act()` names the seats whose choice is awaited; several seats at once is
  how simultaneous choices (passing cards) are expressed.
- `legal_actions(seat)` enumerates what that seat may do now.
- `refusal(seat, action)` verifies; `can` asks; `apply` does, returning the
  next state and the events that happened.
- `view(seat)` holds only what that seat may know; `Event.visible_to(seat)`
  keeps private events (cards dealt to one player) from everyone else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from sixdot.core.errors import IllegalAction, PlayerCountError
from sixdot.core.options import OptionSpec, resolve_options


@dataclass(frozen=True)
class Refusal:
    """Why an action was refused: a phrasebook key and the facts it needs."""

    key: str
    args: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def of(cls, key: str, **args: Any) -> Refusal:
        return cls(key, MappingProxyType(dict(args)))


NOT_YOUR_TURN = "refuse-not-your-turn"
GAME_OVER = "refuse-game-over"


class Action(ABC):
    """A move. Subclasses are frozen dataclasses with a text notation."""

    @property
    @abstractmethod
    def notation(self) -> str:
        """The stable text form; the game's `parse_action` reads it back."""

    def __str__(self) -> str:
        return self.notation


@dataclass(frozen=True)
class Event:
    """Something that happened. Public unless a subclass narrows `visible_to`."""

    #: A round or hand is over and scored: a client at a terminal may wait for
    #: the player here, so the scores are heard before the next deal.
    ends_round: ClassVar[bool] = False

    def visible_to(self, seat: int) -> bool:
        return True


@dataclass(frozen=True)
class SeatEvent(Event):
    """Something only `seat` may know, such as the cards dealt to it."""

    seat: int

    def visible_to(self, seat: int) -> bool:
        return seat == self.seat


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over: who won (several on a tie) and the final totals."""

    winner_seats: tuple[int, ...]
    totals: tuple[int, ...]


class GameState(ABC):
    """A game in progress, as an immutable value."""

    rules: ClassVar[Rules]

    @property
    @abstractmethod
    def players(self) -> int: ...

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats whose decision is awaited now (empty when the game is over)."""

    @abstractmethod
    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Everything `seat` may do now, in a stable order."""

    @abstractmethod
    def explain(self, seat: int, action: Action) -> Refusal:
        """Why `action`, which is not legal for `seat` now, is refused."""

    @abstractmethod
    def _do(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """Apply an action already verified as legal."""

    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What `seat` may know: public facts and its own hidden cards; None:
        the public facts alone, as a watcher knows them."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def totals(self) -> tuple[int, ...]:
        """Each seat's game score so far."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Seats that won (several on a tie); empty while the game goes on."""

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """None if `seat` may do `action` now, else the reason it may not."""
        if self.is_over:
            return Refusal.of(GAME_OVER)
        if seat not in self.to_act():
            return Refusal.of(NOT_YOUR_TURN, seat=seat)
        if action in self.legal_actions(seat):
            return None
        return self.explain(seat, action)

    def can(self, seat: int, action: Action) -> bool:
        return self.refusal(seat, action) is None

    def interpretations(self, seat: int, action: Action) -> tuple[Action, ...]:
        """The concrete actions a typed `action` may mean: one unless it is ambiguous.

        A word the cards can spell in two ways is two actions; the client asks
        which one the player meant rather than guessing.
        """
        del seat
        return (action,)

    def must_ask(self, seat: int) -> bool:
        """Whether a person at `seat` is asked even when one move is listed.

        A client plays a lone legal move for a person and says so. That is wrong
        where more may be typed than is listed, or where being told the move was
        the only one gives away a secret (that the dictionary has no word to
        answer with).
        """
        del seat
        return False

    def caution(self, seat: int, action: Action) -> Refusal | None:
        """A warning about a legal but risky action, for a person to confirm.

        Bots never see it: a word missing from the dictionary may be laid, but
        others may challenge it, so a player is told before it is played.
        """
        del seat, action
        return None

    def apply(self, seat: int, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        """The next state and the events, or IllegalAction with the reason."""
        refusal = self.refusal(seat, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        return self._do(seat, action)


class Rules(ABC):
    """A game's fixed facts: name, seats, options, setup and notation."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    options: ClassVar[tuple[OptionSpec, ...]]
    #: The first words of this game's move notation, so a mistyped move is told apart
    #: from an unknown command.
    verbs: ClassVar[tuple[str, ...]]
    #: The verbs whose moves carry words the player types (`challenge FORKS`):
    #: such a move is never completed from the start of it, since FORK is a
    #: word of its own and the rest of a lay (more words, a discard) was never
    #: typed; only cards and verbs are.
    word_verbs: ClassVar[tuple[str, ...]] = ()
    #: The rules' revision. A recorded game (a saved game, a server's journal)
    #: is its seed, options and moves, replayed by the rules: a change that
    #: would replay one differently (the deal, a default, what a move means)
    #: bumps this, and a game recorded under another revision is not replayed.
    revision: ClassVar[int] = 1

    def begin(
        self, players: int, options: Mapping[str, object] | None = None, seed: int = 0
    ) -> tuple[GameState, tuple[Event, ...]]:
        """A fresh game and its opening events (deal, first flip).

        Options are checked and unknown ones refused.
        """
        if not self.min_players <= players <= self.max_players:
            raise PlayerCountError(self.title, players, self.min_players, self.max_players)
        return self._start(players, resolve_options(self.options, options), seed)

    def new_game(
        self, players: int, options: Mapping[str, object] | None = None, seed: int = 0
    ) -> GameState:
        """A fresh game, when its opening events are not wanted."""
        return self.begin(players, options, seed)[0]

    @abstractmethod
    def _start(
        self, players: int, options: dict[str, Any], seed: int
    ) -> tuple[GameState, tuple[Event, ...]]: ...

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action written as `text`, or NotationError."""


def replay(
    rules: Rules,
    players: int,
    options: Mapping[str, object] | None,
    seed: int,
    moves: Iterable[tuple[int, str]],
) -> tuple[GameState, list[Event]]:
    """Rebuild a game exactly from (game, options, seed, [(seat, notation), ...])."""
    state, opening = rules.begin(players, options, seed)
    events = list(opening)
    for seat, text in moves:
        state, new = state.apply(seat, rules.parse_action(text))
        events.extend(new)
    return state, events


def leaders(scores: Sequence[int], highest: bool = True) -> tuple[int, ...]:
    """The seats with the best score (several on a tie, who share the win).

    >>> leaders((12, 30, 30))
    (1, 2)
    >>> leaders((12, 30, 30), highest=False)
    (0,)
    """
    best = max(scores) if highest else min(scores)
    return tuple(seat for seat, score in enumerate(scores) if score == best)


def seats_from(first: int, players: int) -> Sequence[int]:
    """Seats in clockwise order starting at `first` (the deal and turn order)."""
    return [(first + i) % players for i in range(players)]
