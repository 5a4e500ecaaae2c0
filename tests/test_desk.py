"""One desk for every seat (issue 29): each review command says the same lines
at home and online, against the same position, in every game and both
verbosities.

At home the command is typed to local play's `Table` at its turn; online to
`sixdot join`'s `Listener`, fed the same position as the server sends it (a
table and a turn frame, through the wire codec).
"""

from __future__ import annotations

import io
import json
import random

import pytest

from sixdot.client.commands import COMMANDS
from sixdot.client.desk import HEARD, SEEN
from sixdot.client.listener import Listener
from sixdot.client.session import Setup, Table, Turn
from sixdot.client.terminal import Terminal
from sixdot.core import Event, GameState
from sixdot.games import NAMES, get_game
from sixdot.present.phrasebook import Phrasebook, Verbosity
from sixdot.table import Step
from sixdot.wire import Codec
from test_join import _table

PLAYERS = {"alphabeticell": 3, "consonants": 3, "letters": 3, "nonesuch": 3, "alphagon": 2}


def position(game: str, moves: int) -> tuple[GameState, tuple[Event, ...]]:
    """Seat 0 asked, with a choice, after about `moves` random moves; and the
    events of the move before."""
    rules = get_game(game).rules
    state, events = rules.begin(PLAYERS[game], {}, 7)
    rng = random.Random(moves)
    played = 0
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == 0 and played >= moves and len(legal) > 1:
            return state, events
        state, events = state.apply(seat, rng.choice(legal))
        played += 1


def online(
    game: str, words: Phrasebook, names: list[str], state: GameState, events: tuple[Event, ...]
) -> Listener:
    """sixdot join at that position, as the server sends it: seat 0 is Ana,
    who heard the move before."""
    me = Listener(words)
    seats = [{"kind": "person", "who": name, "here": True} for name in ["Ana", *names[1:]]]
    joined = json.loads(_table(here=True))  # Alphabeticell's table, made this game's
    joined["table"] |= {"game": game, "players": len(seats), "seats": seats, "last": -1}
    me.heard(json.dumps(joined))
    codec = Codec(get_game(game))
    seen = Step(None, None, events, False).for_seats([0], len(seats)).events
    step = {"type": "step", "table": 1, "seq": 0, "seat": None, "notation": None}
    me.heard(json.dumps({**step, "events": [codec.event(e) for e in seen], "over": False}))
    legal = [action.notation for action in state.legal_actions(0)]
    view = codec.view(state.view(0))
    turn = {"type": "turn", "table": 1, "seq": 0, "seat": 0, "view": view, "legal": legal}
    me.heard(json.dumps({**turn, "turn": 0}))
    return me


@pytest.mark.parametrize("verbosity", list(Verbosity))
@pytest.mark.parametrize("game", NAMES)
def test_every_review_says_the_same_at_home_and_online(game: str, verbosity: Verbosity) -> None:
    words = Phrasebook(verbosity=verbosity)
    for moves in (0, 12):
        state, events = position(game, moves)
        term = Terminal(stdin=io.StringIO(), stdout=io.StringIO())
        home = Table(Setup(get_game(game), players=PLAYERS[game]), words, term)
        home.announce(events)
        turn = Turn.at(state, 0, home.private[0])
        away = online(game, words, list(home.names), state, events)
        own = list(turn.me.commands())
        # `older` and `newer` walk the same code; online the history starts
        # with the table's own news, so they meet it sooner: compared below.
        heard = ["last", "keys", "rules"]
        asked = [*SEEN, *own, "hand braille", *(f"{name} 2" for name in own), *heard]
        for typed in asked:
            name, _, argument = typed.partition(" ")
            said_home = home.command(name, turn, argument)
            said_away = away.typed(typed).say
            assert said_away == said_home, f"{game}, {typed!r} after {moves} moves"
        # Online, the table's own news comes first ("Table 1: ..., you sit in seat 1.").
        history = home.command("history", turn, "")[1:]
        assert away.typed("history").say[-len(history) :] == history
        assert set(SEEN + HEARD) <= {*home.command_names(0), *COMMANDS}
