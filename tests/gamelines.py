"""Every line a game's presenter says in a whole game, seen from every seat."""

from __future__ import annotations

import random

from sixdot.games import Game
from sixdot.present.phrasebook import Phrasebook, Verbosity

#: Options that keep a game of random moves finite: random Nonesuch bids may
#: never reach 31, and the rules have no hand limit by default.
FINITE: dict[str, dict[str, object]] = {"nonesuch": {"hands": 40}}


def rendered_lines(
    game: Game, verbosity: Verbosity, seed: int, bot_level: str | None = None
) -> list[str]:
    """Events, turn prompts, table, hand, score, move and review-command lines of one game.

    Moves are chosen at random, or by bots of `bot_level` when it is given.
    """
    words = Phrasebook(verbosity=verbosity)
    players = game.rules.max_players
    names = words("player-names-bots").split(", ")[:players]
    presenters = [game.presenter(words, names, seat) for seat in range(players)]
    rng = random.Random(seed)
    bots = [game.bots[bot_level](seat, seed) for seat in range(players)] if bot_level else []
    state, events = game.rules.begin(players, FINITE.get(game.name), seed)
    lines: list[str] = []
    while True:
        for event in events:
            for seat, presenter in enumerate(presenters):
                if event.visible_to(seat):
                    lines += presenter.event(event)
        if state.is_over:
            return lines
        seat = state.to_act()[0]
        view, legal, me = state.view(seat), state.legal_actions(seat), presenters[seat]
        lines += me.turn(view, legal) + me.table(view) + me.hand(view) + me.score(view)
        lines += [me.move(action, view) for action in legal]
        for command in me.commands().values():
            lines += command(view, "")
        action = bots[seat].choose(view, legal) if bots else rng.choice(legal)
        state, events = state.apply(seat, action)
