"""Thin drivers over `Match`: a plain loop for local play, a coroutine for a server.

Neither uses a thread. Local controllers answer at once, so `run` is one
`advance`. A server's people answer later: `play` waits on a queue of the
moves they send and advances after each one it accepts.
"""

from __future__ import annotations

import asyncio

from sixdot.core import Action, GameState, Refusal
from sixdot.table.match import Match


class Stalled(RuntimeError):
    """A local game reached a seat whose controller answers later."""


def run(match: Match, moves: tuple[tuple[int, str], ...] = ()) -> GameState:
    """Play a local game to its end (after the saved `moves`, if any)."""
    if not match.started:
        match.start(moves)
    waiting = match.advance()
    if waiting is not None:
        raise Stalled(f"seat {waiting} answers later: a server plays it with `play`")
    return match.state


async def play(match: Match, moves: asyncio.Queue[tuple[int, Action]]) -> GameState:
    """Play a game whose people answer later, until it ends.

    The server puts each (seat, action) it receives on `moves`; a refused one
    is told to that seat's controller and changes nothing.
    """
    match.advance()
    while not match.over:
        seat, action = await moves.get()
        result = match.submit(seat, action)
        if isinstance(result, Refusal):
            match.refuse(seat, result)
            continue
        match.advance()
    return match.state
