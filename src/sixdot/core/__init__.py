"""The rules core: pure, deterministic game values shared by every game.

Nothing here prints, sleeps or does I/O. A game is a `GameState` value; the
seat to act asks it for `legal_actions`, and `apply` returns the next state
with the events that happened.
"""

from sixdot.core.errors import IllegalAction, NotationError, OptionError, SixdotError
from sixdot.core.options import OptionSpec
from sixdot.core.rng import Rng
from sixdot.core.state import (
    Action,
    Event,
    GameEnded,
    GameState,
    Refusal,
    Rules,
    SeatEvent,
    leaders,
    replay,
)

__all__ = [
    "Action",
    "Event",
    "GameEnded",
    "GameState",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "OptionSpec",
    "Refusal",
    "Rng",
    "Rules",
    "SeatEvent",
    "SixdotError",
    "leaders",
    "replay",
]
