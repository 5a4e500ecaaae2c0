"""The table layer: one game between seated controllers, with no terminal or socket.

Local play (`sixdot play`) and the server use the same table.

API (names are stable):

- `GameSetup(game, players, options, seed)`: what a game is dealt from. With
  the journal of moves it rebuilds the game exactly (`core.state.replay`).
  The seed decides every deal: keep it from players while the game goes on.
- `Match(setup)`: the step machine. Checks players and options at once.
  - `sit(controller, seats)`: a controller decides for those seats and hears
    what any of them may see; `watch(controller)`: no seat, public events
    only; `leave(controller)`.
  - `start(moves=())`: deal, and play saved moves again (steps marked
    `replay`); every listener hears each step. Returns the whole steps.
  - `advance() -> seat | None`: ask the seats to act (every seat in
    `to_act()`, in order) and play their answers, until every seat that may
    act will answer later (returns the first) or the game is over (None).
  - `submit(seat, action) -> Step | Refusal`: play a move that arrived later;
    a refusal (out of turn, illegal) changes nothing. `refuse(seat, refusal)`
    tells that seat's controller.
  - `state`, `moves` (the journal, `(seat, notation)`), `over`, `to_act()`,
    `legal(seat)`, `players`, `controller(seat)`.
- `Controller`: the one seat interface. `act(state, seat) -> Action | None`
  (None: the answer comes later through `submit`), `see(step)`,
  `refused(seat, refusal)`. `BotSeat(bot)` plays a bot; `Spectator` keeps the
  public steps it hears.
- `Step(seat, notation, events, over, replay)`: what a move did. Listeners
  get `step.for_seats(seats, players)`: only events one of their seats may
  see (`Event.visible_to`), public events only for no seat, and the notation
  only for the mover.
- Drivers: `run(match, moves=())` plays a local game to its end;
  `await play(match, queue)` plays a server's game from a queue of
  `(seat, action)` as they arrive.
"""

from sixdot.table.drive import Stalled, play, run
from sixdot.table.match import Match
from sixdot.table.seats import BotSeat, Controller, Spectator
from sixdot.table.setup import GameSetup
from sixdot.table.step import Step, seen_by

__all__ = [
    "BotSeat",
    "Controller",
    "GameSetup",
    "Match",
    "Spectator",
    "Stalled",
    "Step",
    "play",
    "run",
    "seen_by",
]
