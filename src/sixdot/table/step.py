"""What one move (or the deal) did, and the part of it each listener may see."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field

from sixdot.core import Event


def is_public(event: Event) -> bool:
    """Whether `event` is seen by every seat, as most are: its kind keeps the
    default `visible_to`."""
    return type(event).visible_to is Event.visible_to


def seen_by(event: Event, seats: Collection[int], players: int) -> bool:
    """Whether a listener holding `seats` may see `event`.

    A listener for seats sees what any of them may see; one with no seat (a
    spectator) sees only what every seat may see: public events.
    """
    if is_public(event):
        return True
    if seats:
        return any(event.visible_to(seat) for seat in seats)
    return all(event.visible_to(seat) for seat in range(players))


@dataclass(frozen=True)
class Step:
    """One move and the events it caused, or the opening deal (no seat, no move).

    A `Step` fresh from `Match.submit` holds every event, secrets included,
    and the move's notation, which can be a secret too (the cards a player
    passes): it is for the table itself. Listeners are handed `for_seats(...)`.
    """

    #: The seat that moved; None for the opening deal.
    seat: int | None
    #: The move as notation (what the journal keeps); None for the opening deal
    #: and for listeners who are not the mover.
    notation: str | None
    events: tuple[Event, ...]
    #: The game is over after this step.
    over: bool
    #: This step is a saved move played again to rebuild the game, not a new one.
    replay: bool = False
    #: Every event is seen by all (the notation aside): found once, as most are.
    public: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "public", all(map(is_public, self.events)))

    def for_seats(self, seats: Collection[int], players: int) -> Step:
        """This step as a listener holding `seats` may know it: only the events
        they may see, and the notation only if one of them made the move.

        Most steps hold public events only: then every listener but the
        mover is handed one shared copy, found once (a takeover replays
        every step of hundreds of tables to each of their listeners).
        """
        mover = self.seat in seats
        if self.public:
            return self if mover or self.notation is None else self._unnamed()
        kept = tuple(event for event in self.events if seen_by(event, seats, players))
        notation = self.notation if mover else None
        if notation == self.notation and len(kept) == len(self.events):
            return self  # all of it: shared, as it is frozen
        return Step(self.seat, notation, kept, self.over, self.replay)

    def _unnamed(self) -> Step:
        """This step without its notation, what those who did not move hear:
        one copy, made at the first who asks."""
        twin = self.__dict__.get("_twin")
        if twin is None:
            twin = Step(self.seat, None, self.events, self.over, self.replay)
            object.__setattr__(self, "_twin", twin)
        return twin
