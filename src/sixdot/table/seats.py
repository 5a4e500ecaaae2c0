"""The one seat interface: bots, people at this keyboard and people over the network.

A `Controller` is asked to act for a seat and handed what its seats may see.
It answers at once (a bot, or a person at this keyboard read synchronously)
or later (a person over the network: the server submits their move when it
arrives), so one table serves a plain loop and an asyncio server alike.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from sixdot.bots import Bot
from sixdot.core import Action, GameState, Refusal
from sixdot.table.step import Step


class Controller(ABC):
    """Whoever decides for one or more seats, or only watches (no seats)."""

    @abstractmethod
    def act(self, state: GameState, seat: int) -> Action | None:
        """The action for `seat`, which is to act; None: the answer comes later
        through `Match.submit`.

        The state stays on the table's side: a controller for a remote person
        sends only `state.view(seat)` and the legal actions.
        """

    def see(self, step: Step) -> None:  # noqa: B027 - listening is optional
        """A move was made: `step` holds only the events this controller's seats may see."""

    def refused(self, seat: int, refusal: Refusal) -> None:  # noqa: B027 - optional
        """A move submitted for `seat` was refused, and why; nothing changed."""


class BotSeat(Controller):
    """A bot: chooses from its own seat's view and the legal actions only."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot

    def act(self, state: GameState, seat: int) -> Action:
        return self.bot.choose(state.view(seat), state.legal_actions(seat))


class Spectator(Controller):
    """A listener with no seat: keeps the public steps it is handed, in order."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def act(self, state: GameState, seat: int) -> None:
        raise AssertionError(f"a spectator was asked to act for seat {seat}")

    def see(self, step: Step) -> None:
        self.steps.append(step)
