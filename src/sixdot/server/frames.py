"""What the server sends about a game: steps, turns and refusals, as JSON values.

Game values (events, views, a refusal's facts) cross the wire through the
wire codec (`sixdot.wire`), which both ends share, so a client words them with
its own presenter. Each frame carries the table and the step's sequence
number; a seat's frames are made only from its own stream and its own view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixdot.core import Action, GameState, Refusal
from sixdot.table import Step
from sixdot.wire.codec import Codec


def step_frame(codec: Codec, table: int, seq: int, step: Step) -> dict[str, Any]:
    """One step as a seat (or a spectator) may know it."""
    return {
        "type": "step",
        "table": table,
        "seq": seq,
        "seat": step.seat,
        "notation": step.notation,
        "events": [codec.event(event) for event in step.events],
        "over": step.over,
    }


def view_frame(
    codec: Codec, table: int, seq: int, seat: int | None, state: GameState
) -> dict[str, Any]:
    """What `seat` holds and sees now, for a player back at a game under way;
    for a watcher (None), what everyone at the table sees."""
    return {
        "type": "view",
        "table": table,
        "seq": seq,
        "seat": seat,
        "view": codec.view(state.view(seat)),
    }


def turn_frame(
    codec: Codec, table: int, seq: int, seat: int, state: GameState, turn: int
) -> dict[str, Any]:
    """What `seat` is asked now: its own view and its legal moves as notation,
    and its turn number (the moves it has made), which its move names."""
    legal: Sequence[Action] = state.legal_actions(seat)
    return {
        **view_frame(codec, table, seq, seat, state),
        "type": "turn",
        "turn": turn,
        "legal": [action.notation for action in legal],
        "ask": state.must_ask(seat),
    }


def refusal_frame(codec: Codec, table: int, move: str, refusal: Refusal) -> dict[str, Any]:
    """Why a move was refused: the core's key and facts, worded by the client."""
    return {"type": "refused", "table": table, "move": move, "refusal": codec.refusal(refusal)}
