"""A game at a table: the step machine every driver shares.

It holds the setup, the state, the journal of moves and who controls each
seat. It knows nothing of terminals or sockets: it asks the controller of the
seat to act, applies the action, and hands every listener the part of the
step its seats may see.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from sixdot.core import Action, IllegalAction, Refusal
from sixdot.table.seats import Controller
from sixdot.table.setup import GameSetup
from sixdot.table.step import Step


class Match:
    """One game between controllers; rebuilt exactly from its setup and journal."""

    def __init__(self, setup: GameSetup) -> None:
        self.setup = setup
        self.rules = setup.game.rules
        #: Raises PlayerCountError or OptionError now, before anyone sits down.
        self.state, self._opening = self.rules.begin(setup.players, setup.options, setup.seed)
        self._moves: list[tuple[int, str]] = []
        self._seats: dict[int, Controller] = {}
        self._listeners: dict[int, tuple[Controller, frozenset[int]]] = {}
        self.started = False

    # -- seating --

    def sit(self, controller: Controller, seats: Iterable[int]) -> None:
        """`controller` decides for `seats` and hears what they may see.

        One controller may hold several seats (people taking turns at one
        keyboard): it hears each event once if any of its seats may see it.
        """
        seats = frozenset(seats)
        for seat in seats:
            if not 0 <= seat < self.players:
                last = self.players - 1
                raise ValueError(f"seat {seat} is not at this table: seats are 0 to {last}")
            self._seats[seat] = controller
        _, held = self._listeners.get(id(controller), (controller, frozenset()))
        self._listeners[id(controller)] = (controller, held | seats)

    def watch(self, controller: Controller) -> None:
        """`controller` holds no seat and hears public events only."""
        self._listeners.setdefault(id(controller), (controller, frozenset()))

    def leave(self, controller: Controller) -> None:
        """`controller` hears no more (a spectator gone, or a seat to be taken over)."""
        self._listeners.pop(id(controller), None)
        for seat in [s for s, c in self._seats.items() if c is controller]:
            del self._seats[seat]

    def controller(self, seat: int) -> Controller | None:
        return self._seats.get(seat)

    # -- facts --

    @property
    def players(self) -> int:
        return self.setup.players

    @property
    def moves(self) -> tuple[tuple[int, str], ...]:
        """The journal: every move so far as (seat, notation), the saved form."""
        return tuple(self._moves)

    @property
    def over(self) -> bool:
        return self.state.is_over

    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act()

    def legal(self, seat: int) -> tuple[Action, ...]:
        return self.state.legal_actions(seat)

    # -- play --

    def start(self, moves: Sequence[tuple[int, str]] = ()) -> list[Step]:
        """Deal, then play the saved `moves` again; every listener hears each step.

        A saved move that does not parse or is refused raises NotationError or
        IllegalAction, as `core.state.replay` does. The steps are returned whole.
        """
        if self.started:
            raise RuntimeError("this table has started already")
        self.started = True
        steps = [Step(None, None, self._opening, self.state.is_over, replay=bool(moves))]
        self._deliver(steps[0])
        for seat, notation in moves:  # a move refused raises in `apply`, checked once
            steps.append(self._play(seat, self.rules.parse_action(notation), replay=True))
        return steps

    def submit(self, seat: int, action: Action) -> Step | Refusal:
        """Play `action` for `seat` if it may be played now; otherwise the reason,
        and nothing changes (a move out of turn is refused, never queued)."""
        if not self.started:
            raise RuntimeError("start the table before submitting moves")
        try:
            return self._play(seat, action)
        except IllegalAction as refused:  # checked once, in `apply`
            return refused.refusal

    def refuse(self, seat: int, refusal: Refusal) -> None:
        """Tell the controller of `seat` its move was refused."""
        controller = self._seats.get(seat)
        if controller is not None:
            controller.refused(seat, refusal)

    def advance(self, most: int | None = None) -> int | None:
        """Ask the seats to act and play their answers until all that may act
        now will answer later, or `most` moves are played.

        Returns the first seat to act, or None when the game is over. Bots and
        a person at this keyboard answer at once, so a local game runs to its
        end in one call; a remote person's controller returns None and the
        server submits their move when it arrives, then advances again. Where
        several seats act at once (passing cards), a seat that answers later
        does not hold up the others, and is asked once a call. A server
        playing bots alone for watchers plays them one move a call (`most`).
        """
        if not self.started:
            self.start()
        later: set[int] = set()
        played = 0
        while not self.state.is_over:
            if most is not None and played >= most:
                return self.state.to_act()[0]
            for seat in self.state.to_act():
                if seat in later:
                    continue
                controller = self._seats.get(seat)
                action = None if controller is None else controller.act(self.state, seat)
                if action is None:
                    later.add(seat)
                    continue
                self._play(seat, action)  # IllegalAction from `apply` if refused
                played += 1
                break
            else:
                return self.state.to_act()[0]
        return None

    def _play(self, seat: int, action: Action, replay: bool = False) -> Step:
        self.state, events = self.state.apply(seat, action)
        self._moves.append((seat, action.notation))
        step = Step(seat, action.notation, events, self.state.is_over, replay)
        self._deliver(step)
        return step

    def _deliver(self, step: Step) -> None:
        for controller, seats in list(self._listeners.values()):
            controller.see(step.for_seats(seats, self.players))
