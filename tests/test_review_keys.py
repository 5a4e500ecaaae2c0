"""The review keys mean the same in every game: each names a command every game has."""

from __future__ import annotations

import pytest

from sixdot.client.keys import DEFAULT_KEYS
from sixdot.client.session import COMMANDS
from sixdot.games import playable
from sixdot.present.phrasebook import Phrasebook

WORDS = Phrasebook()


@pytest.mark.parametrize("name", sorted(playable()))
def test_every_review_key_runs_a_command_of_every_game(name: str) -> None:
    game = playable()[name]
    presenter = game.presenter(WORDS, ["You", "Ana"], 0)
    have = {*COMMANDS, *presenter.commands()}
    assert set(DEFAULT_KEYS) <= have, set(DEFAULT_KEYS) - have
    for command in presenter.commands():
        # `help` lists each game command by its own phrase
        assert WORDS.has(f"help-{presenter.prefix}-{command}"), command
    for key in DEFAULT_KEYS:
        assert WORDS.has(f"key-{key}")


@pytest.mark.parametrize("name", sorted(playable()))
def test_the_four_review_commands_answer_at_the_first_turn(name: str) -> None:
    game = playable()[name]
    state, _ = game.rules.begin(game.rules.min_players, {}, 3)
    seat = state.to_act()[0]
    presenter = game.presenter(WORDS, ["You", "Ana", "Ben", "Cy"], seat)
    for command in ("trick", "previous", "players", "status"):
        lines = presenter.commands()[command](state.view(seat), "")
        assert lines and all(line.strip() for line in lines), command
